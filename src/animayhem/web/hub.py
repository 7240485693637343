"""The server's games: each a :class:`Table` (a :class:`Game`, its seats and the browsers watching it), kept
in memory while in use and in the :class:`Store` always.

Everything here runs on the server's one event loop: an action is checked, applied, stored and announced
with no ``await`` in between, so two requests can never interleave inside a game. AI seats play in a task
per game that yields to the loop after every few decisions, so one game's AI never holds up another game.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from animayhem.agents import AGENTS, Agent, make_agent
from animayhem.cards.database import CardDB
from animayhem.decks.legality import check_deck
from animayhem.decks.model import Deck
from animayhem.decks.starters import find_starter, starter_decks
from animayhem.decks.textformat import DeckFileError, parse_deck
from animayhem.engine.core.config import ConfigError, DeckList, GameConfig, SeatConfig
from animayhem.engine.faces import narration
from animayhem.engine.faces.views import public_view
from animayhem.engine.game import Game, IllegalAction
from animayhem.records import record
from animayhem.rules.ruleset import RulesetError, get_ruleset
from animayhem.web.store import Store, StoredSeat

log = logging.getLogger("animayhem.web")

SETUP_KINDS = ("place", "line", "haven", "item", "disasters")  # what quick set-up decides for a seat
AI_BATCH = 16  # AI decisions taken between two yields to the event loop (when there is no AI delay)


class WebError(Exception):
    """A refused request: an HTTP status and a reason for people. Nothing was changed."""

    def __init__(self, status: int, reason: str, **extra: Any) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason
        self.extra = extra


@dataclass
class Seat:
    kind: str  # "human" or an AI name
    name: str
    token: str  # secret; "" for an AI seat (nobody may act for it)

    @property
    def human(self) -> bool:
        return self.kind == "human"


def seat_view(game: Game, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may know; None: a spectator (the public view)."""
    return public_view(game) if seat is None else game.view(seat)


def seat_events(game: Game, seat: int | None) -> list[dict[str, Any]]:
    """The events ``seat`` may see; a spectator sees the public ones and the public halves of hidden ones."""
    if seat is not None:  # an event told with its card's name is not told again with a face-down card
        return [e for e in game.events_for(seat) if not narration.told_already(e, seat)]
    return [
        {k: v for k, v in e.items() if k != "to"}
        for e in game.log
        if e.get("to") is None or str(e.get("e", "")).endswith("_hidden")
    ]


@dataclass
class Table:
    id: str
    game: Game
    seats: list[Seat]
    agents: dict[int, Agent] = field(default_factory=dict)
    version: int = 0
    waiters: set[asyncio.Event] = field(default_factory=set)
    driver: asyncio.Task[None] | None = None
    stored: int = 0  # decisions already in the store

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose secret ``token`` is (None: a spectator, or a token of no seat)."""
        if not token:
            return None
        for i, s in enumerate(self.seats):
            if s.token and secrets.compare_digest(s.token.encode(), token.encode()):
                return i
        return None

    def check_token(self, token: str | None) -> int | None:
        """The seat of ``token``; None for no token (a spectator); refuses a token of no seat."""
        if not token:
            return None
        seat = self.seat_of(token)
        if seat is None:
            raise WebError(403, f"that token is not a seat of game {self.id}")
        return seat

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.human]

    def view(self, seat: int | None) -> dict[str, Any]:
        return seat_view(self.game, seat)

    def events(self, seat: int | None) -> list[dict[str, Any]]:
        return seat_events(self.game, seat)

    def notify(self) -> None:
        self.version += 1
        for w in self.waiters:
            w.set()


@dataclass
class GameSpec:
    """A request for a new game, checked: seats, decks, ruleset, layout, seed."""

    seats: list[str]
    decks: list[Deck]
    ruleset: str = "classic"
    layout: str = "grid"
    seed: int = 0
    names: list[str] = field(default_factory=list)
    max_rounds: int = 150


def _deck_from(entry: Any, index: int, db: CardDB) -> Deck:
    if isinstance(entry, str):
        deck = find_starter(entry)
        if deck is None:
            raise WebError(400, f"decks[{index}]: no starter deck {entry!r} (starters: {', '.join(starter_decks())})")
        return deck
    if isinstance(entry, dict) and isinstance(entry.get("text"), str):
        try:
            return parse_deck(entry["text"], db, path=str(entry.get("name") or f"deck {index + 1}"))
        except DeckFileError as exc:
            raise WebError(400, f"decks[{index}]: the deck file cannot be read", problems=[str(exc)]) from exc
    raise WebError(400, f'decks[{index}]: give a starter deck\'s name or {{"text": <deck file contents>}}')


def parse_spec(data: Any, db: CardDB) -> tuple[GameSpec, list[dict[str, Any]]]:
    """Check a ``POST /api/games`` body; returns the spec and each deck's legality problems."""
    if not isinstance(data, dict):
        raise WebError(400, "the body must be a JSON object with at least 'seats'")
    unknown = set(data) - {"seats", "ruleset", "layout", "decks", "seed", "names", "max_rounds", "allow_illegal"}
    if unknown:
        raise WebError(400, f"unknown field(s): {', '.join(sorted(unknown))}")
    seats = data.get("seats")
    if not isinstance(seats, list) or not 1 <= len(seats) <= 5 or not all(isinstance(s, str) for s in seats):
        raise WebError(400, "'seats' must list 1 to 5 seats, each 'human' or an AI (" + ", ".join(sorted(AGENTS)) + ")")
    for i, s in enumerate(seats):
        if s != "human" and s not in AGENTS:
            raise WebError(400, f"seats[{i}]: {s!r} is neither 'human' nor an AI ({', '.join(sorted(AGENTS))})")
    ruleset = data.get("ruleset", "classic")
    try:
        rules = get_ruleset(str(ruleset))
    except RulesetError as exc:
        raise WebError(400, f"ruleset: {exc}") from exc
    layout = data.get("layout", "grid")
    if layout not in ("grid", "lines"):
        raise WebError(400, "layout must be 'grid' or 'lines'")
    seed = data.get("seed", None)
    if seed is None:
        seed = secrets.randbelow(1_000_000)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
        raise WebError(400, "seed must be a whole number from 0")
    max_rounds = data.get("max_rounds", 150)
    if not isinstance(max_rounds, int) or not 1 <= max_rounds <= 1000:
        raise WebError(400, "max_rounds must be a whole number from 1 to 1000")
    names = data.get("names") or []
    if not isinstance(names, list) or not all(isinstance(n, str) and len(n) <= 40 for n in names):
        raise WebError(400, "names must be a list of names (at most 40 characters each)")
    n = len(seats)
    given = data.get("decks") or []
    if not isinstance(given, list) or len(given) > n:
        raise WebError(400, f'decks: a list of at most {n} decks (starter names or {{"text": …}})')
    decks: list[Deck] = []
    fitting = [d for d in starter_decks().values() if not check_deck(d, rules, n)] or [
        d for d in starter_decks().values() if n in d.players
    ]
    if not fitting:
        fitting = list(starter_decks().values())
    for i in range(n):
        if i < len(given) and given[i]:
            decks.append(_deck_from(given[i], i, db))
        else:
            decks.append(fitting[i % len(fitting)])
    problems = []
    for i, d in enumerate(decks):
        found = check_deck(d, rules, n)
        if found:
            problems.append({"seat": i, "deck": d.name, "problems": [p.to_json() for p in found]})
    if problems and not data.get("allow_illegal"):
        raise WebError(
            400,
            "a deck is not legal for this ruleset and player count (send allow_illegal: true to play it anyway)",
            problems=problems,
        )
    spec = GameSpec(
        seats=list(seats), decks=decks, ruleset=rules.name, layout=layout, seed=seed, names=names, max_rounds=max_rounds
    )
    return spec, problems


class Hub:
    """Every game the server knows: created here, loaded from the store on first use."""

    def __init__(self, store: Store, db: CardDB | None = None, ai_delay: float = 0.0) -> None:
        self.store = store
        self.db = db or CardDB.bundled()
        self.ai_delay = ai_delay
        self.tables: dict[str, Table] = {}

    # ------------------------------------------------------------------ creating and loading

    def _seats(self, kinds: Iterable[str], names: list[str]) -> list[Seat]:
        out = []
        for i, kind in enumerate(kinds):
            name = names[i] if i < len(names) and names[i].strip() else f"Player {i + 1}"
            out.append(Seat(kind=kind, name=name, token=secrets.token_urlsafe(18) if kind == "human" else ""))
        return out

    def _agents(self, seats: list[Seat], seed: int) -> dict[int, Agent]:
        return {i: make_agent(s.kind, seed * 31 + i) for i, s in enumerate(seats) if not s.human}

    def create(self, spec: GameSpec) -> Table:
        seats = self._seats(spec.seats, spec.names)
        configs = tuple(SeatConfig(DeckList.from_deck(d), name=s.name) for d, s in zip(spec.decks, seats, strict=True))
        try:
            config = GameConfig(
                seats=configs,
                ruleset=get_ruleset(spec.ruleset),
                layout=spec.layout,  # type: ignore[arg-type]
                seed=spec.seed,
                max_rounds=spec.max_rounds,
            )
            game = Game(config, self.db)
        except ConfigError as exc:
            raise WebError(400, f"cannot start this game: {exc}") from exc
        return self._register(game, seats)

    def create_from_record(self, data: Any, kinds: list[str] | None = None) -> Table:
        """Resume a saved game (a record, e.g. a terminal save): a new server game from its decisions."""
        try:
            game = record.from_json(data, "the uploaded record", self.db)
        except record.RecordError as exc:
            raise WebError(400, str(exc)) from exc
        n = len(game.config.seats)
        kinds = kinds or ["human"] * n
        if len(kinds) != n or any(k != "human" and k not in AGENTS for k in kinds):
            raise WebError(400, f"the record has {n} seats: give {n} seat kinds ('human' or an AI)")
        seats = self._seats(kinds, [s.name for s in game.config.seats])
        return self._register(game, seats)

    def _register(self, game: Game, seats: list[Seat]) -> Table:
        gid = secrets.token_urlsafe(8)
        self.store.create(gid, game.config.to_json(), [StoredSeat(s.kind, s.name, s.token) for s in seats])
        table = Table(gid, game, seats, self._agents(seats, game.config.seed))
        self.tables[gid] = table
        self._persist(table)
        self.kick(table)
        return table

    def get(self, gid: str) -> Table:
        table = self.tables.get(gid)
        if table is not None:
            return table
        stored = self.store.load(gid)
        if stored is None:
            raise WebError(404, f"no game {gid!r}")
        try:
            config = GameConfig.from_json(stored.config)
            game = Game.restore(config, stored.actions, self.db)
        except (ConfigError, IllegalAction, ValueError) as exc:
            raise WebError(409, f"game {gid} can no longer be replayed by this version: {exc}") from exc
        seats = [Seat(s.kind, s.name, s.token) for s in stored.seats]
        table = Table(gid, game, seats, self._agents(seats, config.seed), stored=len(stored.actions))
        self.tables[gid] = table
        self.kick(table)
        return table

    def resume_all(self) -> int:
        """At start-up: load every unfinished game whose AI must move, so all-AI games go on by themselves."""
        n = 0
        for gid in self.store.unfinished():
            try:
                table = self.get(gid)
            except WebError as exc:
                log.warning("not resumed: %s", exc.reason)
                continue
            n += table.driver is not None
        return n

    # ------------------------------------------------------------------ acting

    def _persist(self, table: Table) -> None:
        h = table.game.history
        if table.stored < len(h) or table.game.over:
            self.store.append(table.id, table.stored, h[table.stored :], table.game.result)
            table.stored = len(h)

    def _drop(self, table: Table, exc: BaseException) -> None:
        """The engine raised in the middle of a decision: the game in memory may be half-changed, so it is
        rebuilt from the store, where that decision was never written."""
        log.error("game %s: the engine failed (%s: %s); replaying it from the store", table.id, type(exc).__name__, exc)
        stored = self.store.load(table.id)
        try:
            assert stored is not None
            table.game = Game.restore(GameConfig.from_json(stored.config), stored.actions, self.db)
            table.stored = len(stored.actions)
        except Exception:
            log.exception("game %s cannot be replayed: it is closed until the server restarts", table.id)
            self.tables.pop(table.id, None)
        table.notify()

    def act(self, table: Table, token: str | None, action: Any) -> int:
        """One decision by the seat whose token it is; refuses (changing nothing) anything else."""
        if not token:
            raise WebError(401, "no token: spectators may watch but not act (join a seat with its invitation link)")
        seat = table.check_token(token)
        assert seat is not None
        if not isinstance(action, str) or not action.strip():
            raise WebError(400, "'action' must be one of the legal actions' texts")
        g = table.game
        if g.over:
            raise WebError(409, "the game is over: no action is legal")
        if g.to_move != seat:
            raise WebError(409, f"not your decision: {table.seats[g.to_move or 0].name} (seat {g.to_move}) must decide")
        try:
            g.apply_as(seat, action.strip())
        except IllegalAction as exc:
            raise WebError(400, str(exc)) from exc
        except Exception as exc:  # an engine failure: forget the half-applied state, keep what is stored
            self._drop(table, exc)
            raise WebError(500, "the rules engine failed on that action; the game is back as it was before it") from exc
        self._persist(table)
        table.notify()
        self.kick(table)
        return seat

    def quick_setup(self, table: Table, token: str | None) -> int:
        """Take this seat's Location, Haven, Item and Disaster placements with the heuristic player's choices."""
        if not token:
            raise WebError(401, "no token: spectators may not act")
        seat = table.check_token(token)
        assert seat is not None
        g = table.game
        helper = make_agent("heuristic", g.config.seed * 31 + seat)
        done = 0
        while not g.over and g.to_move == seat and g.decision is not None and g.decision.kind in SETUP_KINDS:
            acts = g.legal_actions()
            choice = helper.choose(g.view(seat), acts)
            g.apply_as(seat, choice if choice in acts else acts[0])
            done += 1
        if not done:
            raise WebError(409, "quick set-up places your Locations, Haven, Items and Disasters: none is due now")
        self._persist(table)
        table.notify()
        self.kick(table)
        return done

    def undo(self, table: Table, token: str | None) -> int:
        """Take back this seat's last decision (and the AI decisions after it): only when no other person plays."""
        if not token:
            raise WebError(401, "no token: spectators may not act")
        seat = table.check_token(token)
        assert seat is not None
        if len(table.humans) > 1:
            raise WebError(409, "undo is only for games where no other person would be affected")
        g = table.game
        replay = Game(g.config, self.db)
        last = None
        for i, a in enumerate(g.history):
            if replay.to_move == seat:
                last = i
            replay.apply(a)
        if last is None:
            raise WebError(409, "nothing to undo")
        if table.driver is not None:
            table.driver.cancel()
            table.driver = None
        table.game = Game.restore(g.config, g.history[:last], self.db)
        self.store.truncate(table.id, last)
        table.stored = last
        table.notify()
        self.kick(table)
        return last

    # ------------------------------------------------------------------ AI seats

    def kick(self, table: Table) -> None:
        """Start the game's AI task if an AI must decide and none is running."""
        seat = table.game.to_move
        if seat is None or seat not in table.agents or table.driver is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no loop yet (start-up outside the server): the next request starts it
        table.driver = loop.create_task(self._drive(table))

    async def _drive(self, table: Table) -> None:
        try:
            while True:
                g = table.game
                batch = 1 if self.ai_delay > 0 else AI_BATCH
                moved = 0
                while moved < batch and g.to_move is not None and g.to_move in table.agents:
                    seat = g.to_move
                    acts = g.legal_actions()
                    try:
                        choice = table.agents[seat].choose(g.view(seat), acts)
                    except Exception:  # an agent bug must not stop the game
                        log.exception(
                            "AI %s failed in game %s; taking the first action", table.seats[seat].kind, table.id
                        )
                        choice = acts[0]
                    try:
                        g.apply(choice if choice in acts else acts[0])
                    except Exception as exc:
                        self._drop(table, exc)
                        return
                    moved += 1
                if not moved:
                    break
                self._persist(table)
                table.notify()
                await asyncio.sleep(self.ai_delay)
        finally:
            if table.driver is asyncio.current_task():
                table.driver = None

    async def close(self) -> None:
        tasks = [t.driver for t in self.tables.values() if t.driver is not None]
        for t in tasks:
            t.cancel()
        for t in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t
