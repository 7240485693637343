"""The server's games: each a :class:`Table` (a :class:`Game`, its seats and the browsers watching it), kept
in memory while in use and in the :class:`Store` always.

Everything here runs on the server's one event loop: an action is checked, applied, stored and announced
with no ``await`` in between, so two requests can never interleave inside a game. AI seats play in a task
per game that yields to the loop after every few decisions, so one game's AI never holds up another game.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import hashlib
import logging
import re
import secrets
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from animayhem.agents import AGENTS, Agent, make_agent
from animayhem.agents.infoset import SearchAgent, decide
from animayhem.cards.database import CardDB
from animayhem.decks.legality import Problem, check_deck
from animayhem.decks.model import Deck
from animayhem.decks.starters import find_starter, starter_decks
from animayhem.decks.textformat import DeckFileError, parse_deck
from animayhem.engine.core.config import ConfigError, DeckList, GameConfig, SeatConfig
from animayhem.engine.core.rng import keyed_output, seed_key
from animayhem.engine.faces import narration
from animayhem.engine.faces.views import public_view
from animayhem.engine.game import Game, IllegalAction
from animayhem.i18n import Msg
from animayhem.records import record
from animayhem.rules.ruleset import RulesetError, get_ruleset
from animayhem.web.render import PASS_PHASES
from animayhem.web.store import Store, StoredSeat

log = logging.getLogger("animayhem.web")

SETUP_KINDS = ("place", "line", "haven", "item", "disasters")  # what quick set-up decides for a seat
AI_BATCH = 16  # AI decisions taken between two yields to the event loop (when there is no AI delay)


class WebError(Exception):
    """A refused request: an HTTP status and a reason for people. Nothing was changed."""

    def __init__(self, status: int, reason: str, **extra: Any) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason  # English (the API's words); a ``Msg`` is shown on the pages in their language
        self.extra = extra
        # each illegal deck's problems (seat, deck name, problems), for the lobby page to say in its language
        self.deck_problems: list[tuple[int, str, list[Problem]]] = []


_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")  # control characters but tab and newlines
MAX_SPECTATORS = 64  # sockets without a token, per game
SERVER_SEED_BITS = 128  # a server game's secret seed, from the OS (secrets)


def digest(secret: str) -> str:
    """A token or invitation as the server keeps it: its SHA-256, in hex (the secret itself is never stored)."""
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def server_seed() -> int:
    """A new game's secret seed: 128 bits from the operating system's generator."""
    return int.from_bytes(secrets.token_bytes(SERVER_SEED_BITS // 8), "big")


def agent_seed(config: GameConfig, seat: int) -> int:
    """The seed of the AI (or quick set-up helper) of ``seat``. An AI's choices are seen by every seat, so in a
    keyed game it is drawn through the keyed hash, and says nothing of the game's seed; else seed * 31 + seat."""
    if config.rng == "keyed":
        return keyed_output(seed_key(config.seed), (1 << 127) + seat)
    return config.seed * 31 + seat


def check_text(value: Any, what: str, limit: int = 200) -> str:
    """``value`` if it is a string fit to store and show (valid Unicode, no control characters, at most
    ``limit`` characters); else a 400 saying why."""
    if not isinstance(value, str):
        raise WebError(400, f"{what} must be a string")
    if len(value) > limit:
        raise WebError(400, f"{what} is longer than {limit} characters")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise WebError(400, f"{what} is not valid Unicode text (it holds a lone surrogate)") from None
    if _CONTROL.search(value):
        raise WebError(400, f"{what} holds a control character")
    return value


def check_token_text(token: Any) -> str | None:
    """A token as sent (None or ""): no token; anything but a short string is refused with a reason."""
    if token is None or token == "":
        return None
    if not isinstance(token, str):
        raise WebError(400, "the token must be a string")
    if len(token) > 100:
        raise WebError(403, "that is not a token of this game")
    return check_text(token, "the token", 100)


@dataclass
class Seat:
    kind: str  # "human" or an AI name
    name: str
    token_hash: str = ""  # SHA-256 of the seat's secret token; "" for an AI seat or a seat not yet claimed
    invite_hash: str = ""  # SHA-256 of the seat's invitation while it is not claimed; "" once claimed

    @property
    def human(self) -> bool:
        return self.kind == "human"

    def stored(self) -> StoredSeat:
        return StoredSeat(self.kind, self.name, self.token_hash, self.invite_hash)


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


def recent_events(game: Game, seat: int | None, since_turn: int) -> list[dict[str, Any]]:
    """The events ``seat`` may see (as :func:`seat_events` gives them) from turn ``since_turn`` on: what a table
    page shows (this turn and the one before, and the combat of this turn). The log is read from its end, so
    drawing a page does not grow with the length of the game."""
    log = game.log
    i = len(log)
    while i > 0 and int(log[i - 1].get("turn", 0)) >= since_turn:
        i -= 1
    part = log[i:]
    if seat is not None:
        return [
            copy.deepcopy(e)
            for e in part
            if (e.get("to") is None or seat in e["to"]) and not narration.told_already(e, seat)
        ]
    return [
        {k: v for k, v in e.items() if k != "to"}
        for e in part
        if e.get("to") is None or str(e.get("e", "")).endswith("_hidden")
    ]


def empty_phases(game: Game, seat: int) -> list[str]:
    """The passes that end ``seat``'s turn from here, when every phase left offers nothing but ``done``;
    [] when the decision now offers anything else. Worked out on a copy, so nothing changes."""
    g = game.clone()
    turn = g.state.turn
    out: list[str] = []
    while (
        not g.over
        and g.to_move == seat
        and g.state.turn == turn
        and g.decision is not None
        and g.decision.kind in PASS_PHASES
        and g.legal_actions() == ["done"]
    ):
        g.apply("done")
        out.append("done")
    return out


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
    spectators: int = 0  # open sockets without a token
    # one rendered state message per audience (seat or None, format, language), for the version it was drawn at
    rendered: dict[tuple[int | None, str, str], tuple[int, str]] = field(default_factory=dict)
    # the spectators' audiences: when each was last drawn (the loop's clock), and the drawing under way
    spectated: dict[tuple[int | None, str, str], float] = field(default_factory=dict)
    drawing: dict[tuple[int | None, str, str], asyncio.Event] = field(default_factory=dict)
    # seats that asked for quick set-up: their set-up placements are made for them whenever set-up comes back
    # to them (in memory only; undo withdraws it)
    auto_setup: set[int] = field(default_factory=set)

    def seat_of(self, token: Any) -> int | None:
        """The seat whose secret ``token`` is (None: a spectator, or a token of no seat)."""
        token = check_token_text(token)
        if token is None:
            return None
        h = digest(token)
        for i, s in enumerate(self.seats):
            if s.token_hash and secrets.compare_digest(s.token_hash, h):
                return i
        return None

    def seat_of_invite(self, invite: Any) -> int | None:
        """The unclaimed seat of an invitation (None: no such invitation, or claimed already)."""
        text = check_token_text(invite)
        if text is None:
            return None
        h = digest(text)
        for i, s in enumerate(self.seats):
            if s.invite_hash and secrets.compare_digest(s.invite_hash, h):
                return i
        return None

    def check_token(self, token: Any) -> int | None:
        """The seat of ``token``; None for no token (a spectator); refuses a token of no seat."""
        if check_token_text(token) is None:
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
        deck = find_starter(check_text(entry, f"decks[{index}]", 200))
        if deck is None:
            raise WebError(400, f"decks[{index}]: no starter deck {entry!r} (starters: {', '.join(starter_decks())})")
        return deck
    if isinstance(entry, dict) and isinstance(entry.get("text"), str):
        check_text(entry["text"], f"decks[{index}].text", 200_000)
        check_text(str(entry.get("name") or ""), f"decks[{index}].name", 200)
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
    ruleset = check_text(data.get("ruleset", "classic"), "ruleset", 40)
    try:
        rules = get_ruleset(str(ruleset))
    except RulesetError as exc:
        raise WebError(400, f"ruleset: {exc}") from exc
    layout = data.get("layout", "grid")
    if layout not in ("grid", "lines"):
        raise WebError(400, "layout must be 'grid' or 'lines'")
    seed = data.get("seed", None)
    if seed is None:  # the usual case: a secret seed nobody at the table knows
        seed = server_seed()
    elif not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**128:
        raise WebError(400, "seed must be a whole number from 0 to 2**128 - 1")
    max_rounds = data.get("max_rounds", 150)
    if not isinstance(max_rounds, int) or isinstance(max_rounds, bool) or not 1 <= max_rounds <= 1000:
        raise WebError(400, "max_rounds must be a whole number from 1 to 1000")
    names = data.get("names") or []
    if not isinstance(names, list) or len(names) > 5 or not all(isinstance(n, str) and len(n) <= 40 for n in names):
        raise WebError(400, "names must be a list of names (at most 40 characters each)")
    for i, name in enumerate(names):
        check_text(name, f"names[{i}]", 40)
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
    found_by_seat: list[tuple[int, str, list[Problem]]] = []
    for i, d in enumerate(decks):
        found = check_deck(d, rules, n)
        if found:
            problems.append({"seat": i, "deck": d.name, "problems": [p.to_json() for p in found]})
            found_by_seat.append((i, d.name, found))
    if problems and not data.get("allow_illegal"):
        refused = WebError(
            400,
            Msg("a deck is not legal for this ruleset and player count (send allow_illegal: true to play it anyway)"),
            problems=problems,
        )
        refused.deck_problems = found_by_seat  # the lobby page says them in its reader's language
        raise refused
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

    def _seats(self, kinds: Iterable[str], names: list[str]) -> tuple[list[Seat], dict[int, dict[str, str]]]:
        """New seats and their secrets, given out once: the first person's token; for every other person an
        invitation (claimed once, for a token only that person holds). Only digests are kept."""
        out: list[Seat] = []
        given: dict[int, dict[str, str]] = {}
        for i, kind in enumerate(kinds):
            name = names[i] if i < len(names) and names[i].strip() else f"Player {i + 1}"
            seat = Seat(kind=kind, name=name)
            if kind == "human":
                secret = secrets.token_urlsafe(24)
                if not given:
                    seat.token_hash = digest(secret)
                    given[i] = {"token": secret}
                else:
                    seat.invite_hash = digest(secret)
                    given[i] = {"invite": secret}
            out.append(seat)
        return out, given

    def _agents(self, seats: list[Seat], config: GameConfig) -> dict[int, Agent]:
        return {i: make_agent(s.kind, agent_seed(config, i)) for i, s in enumerate(seats) if not s.human}

    def create(self, spec: GameSpec) -> tuple[Table, dict[int, dict[str, str]]]:
        """A new server game (keyed generator, see engine/core/rng.py) and the secrets to hand out once."""
        seats, given = self._seats(spec.seats, spec.names)
        configs = tuple(SeatConfig(DeckList.from_deck(d), name=s.name) for d, s in zip(spec.decks, seats, strict=True))
        try:
            config = GameConfig(
                seats=configs,
                ruleset=get_ruleset(spec.ruleset),
                layout=spec.layout,  # type: ignore[arg-type]
                seed=spec.seed,
                max_rounds=spec.max_rounds,
                rng="keyed",
            )
            game = Game(config, self.db)
        except ConfigError as exc:
            raise WebError(400, f"cannot start this game: {exc}") from exc
        return self._register(game, seats), given

    def create_from_record(self, data: Any, kinds: Any = None) -> tuple[Table, dict[int, dict[str, str]]]:
        """Resume a saved game (a record, e.g. a terminal save): a new server game from its decisions. It keeps
        the record's seed and generator (whoever holds the record knows every card of it already)."""
        try:
            game = record.from_json(data, "the uploaded record", self.db)
        except record.RecordError as exc:
            raise WebError(400, str(exc)) from exc
        except (RecursionError, ValueError, TypeError) as exc:
            raise WebError(400, f"the uploaded record cannot be read: {type(exc).__name__}") from exc
        n = len(game.config.seats)
        kinds = kinds or ["human"] * n
        if (
            not isinstance(kinds, list)
            or len(kinds) != n
            or any(not isinstance(k, str) or (k != "human" and k not in AGENTS) for k in kinds)
        ):
            raise WebError(400, f"the record has {n} seats: give {n} seat kinds ('human' or an AI)")
        for i, s in enumerate(game.config.seats):
            check_text(s.name, f"the record's seat {i + 1} name", 100)
        seats, given = self._seats(kinds, [s.name for s in game.config.seats])
        return self._register(game, seats), given

    def _register(self, game: Game, seats: list[Seat]) -> Table:
        gid = secrets.token_urlsafe(8)
        try:
            self.store.create(gid, game.config.to_json(), [s.stored() for s in seats], game.history, game.result)
        except Exception as exc:
            log.error("game %s: not stored (%s: %s)", gid, type(exc).__name__, exc)
            raise WebError(503, "the game could not be stored (a database failure): no game was created") from exc
        table = Table(gid, game, seats, self._agents(seats, game.config), stored=len(game.history))
        self.tables[gid] = table
        self.kick(table)
        return table

    def claim(self, table: Table, invite: Any) -> tuple[int, str]:
        """Take the seat of an invitation, once: returns (seat, a new token only the claimer holds)."""
        text = check_token_text(invite)
        if text is None:
            raise WebError(400, "send the invitation you were given")
        i = table.seat_of_invite(text)
        if i is None:
            raise WebError(409, "that invitation is not (or no longer) one of this game's: each is claimed once")
        s = table.seats[i]
        token = secrets.token_urlsafe(24)
        seats = [*table.seats]
        seats[i] = Seat(s.kind, s.name, token_hash=digest(token))
        try:
            self.store.set_seats(table.id, [x.stored() for x in seats])
        except Exception as exc:
            log.error("game %s: seat not stored (%s: %s)", table.id, type(exc).__name__, exc)
            raise WebError(503, "the seat could not be stored (a database failure): try again") from exc
        table.seats = seats
        return i, token

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
        seats = [Seat(s.kind, s.name, s.token_hash, s.invite_hash) for s in stored.seats]
        table = Table(gid, game, seats, self._agents(seats, config), stored=len(stored.actions))
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
        """Store the decisions taken since the last store. If the database refuses, the game in memory goes
        back to what is stored (replayed from its own history, no database needed) and the client is told."""
        h = table.game.history
        if table.stored < len(h) or table.game.over:
            try:
                self.store.append(table.id, table.stored, h[table.stored :], table.game.result)
            except Exception as exc:
                log.error("game %s: decisions not stored (%s: %s); rolled back", table.id, type(exc).__name__, exc)
                table.game = Game.restore(table.game.config, h[: table.stored], self.db)
                table.notify()
                raise WebError(503, "the move could not be stored (a database failure): the game is unchanged") from exc
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
        check_text(action, "the action", 500)
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
        try:  # another seat's quick set-up, if set-up has come back to it
            self._auto_setup(table)
        except Exception as exc:
            self._drop(table, exc)
            raise WebError(500, "the rules engine failed during set-up; the game is back as it was before it") from exc
        self._persist(table)
        table.notify()
        self.kick(table)
        return seat

    @staticmethod
    def setup_due(table: Table) -> bool:
        """Whether the seat to move asked for quick set-up and its decision now is a set-up placement."""
        g = table.game
        return (
            bool(table.auto_setup)
            and not g.over
            and g.to_move in table.auto_setup
            and g.decision is not None
            and g.decision.kind in SETUP_KINDS
        )

    def _auto_setup(self, table: Table) -> int:
        """Make the set-up placements of the seats that asked for quick set-up while set-up is theirs (in a game
        of several players set-up goes round the table: one click does a seat's whole set-up)."""
        g = table.game
        done = 0
        while self.setup_due(table):
            seat = g.to_move
            assert seat is not None
            acts = g.legal_actions()
            choice = make_agent("heuristic", agent_seed(g.config, seat)).choose(g.view(seat), acts)
            g.apply_as(seat, choice if choice in acts else acts[0])
            done += 1
        return done

    def quick_setup(self, table: Table, token: str | None) -> int:
        """Take this seat's Location, Haven, Item and Disaster placements with the heuristic player's choices,
        now and whenever set-up comes back to this seat (its starting Characters stay its own to choose)."""
        if not token:
            raise WebError(401, "no token: spectators may not act")
        seat = table.check_token(token)
        assert seat is not None
        g = table.game
        if g.over or g.to_move != seat or g.decision is None or g.decision.kind not in SETUP_KINDS:
            raise WebError(409, "quick set-up places your Locations, Haven, Items and Disasters: none is due now")
        table.auto_setup.add(seat)
        try:
            done = self._auto_setup(table)
        except Exception as exc:
            self._drop(table, exc)
            raise WebError(500, "the rules engine failed during set-up; the game is back as it was before it") from exc
        self._persist(table)
        table.notify()
        self.kick(table)
        return done

    def end_turn(self, table: Table, token: str | None) -> int:
        """Pass through the seat's remaining phases of this turn while each offers nothing but passing
        (``done``): one click for a turn with nothing to do. Each pass is the engine's own decision, stored as
        it is, so a replay is the same game. Refused when the decision now offers more than passing."""
        if not token:
            raise WebError(401, "no token: spectators may not act")
        seat = table.check_token(token)
        assert seat is not None
        g = table.game
        steps = empty_phases(g, seat)
        if not steps:
            raise WebError(409, "end turn passes only phases where passing is the one thing to do: choose an action")
        for action in steps:
            g.apply_as(seat, action)
        self._persist(table)
        table.notify()
        self.kick(table)
        return len(steps)

    def why(self, table: Table, token: str | None, action: Any) -> str:
        """Why ``action`` is (or is not) legal now for the seat whose token it is, with the rule ids: the
        engine's explanation, the one the terminal's ``why`` prints (engine/faces/explain.py). Changes nothing."""
        if not isinstance(action, str) or not action.strip():
            raise WebError(400, "'about' must be an action's text")
        check_text(action, "the action", 500)
        seat = table.check_token(token) if token else None
        if seat is None:
            raise WebError(401, "no token: a spectator has no decision to ask about")
        return str(table.game.explain(action.strip(), seat))

    def undo(self, table: Table, token: str | None) -> int:
        """Take back this seat's last decision (and the AI decisions after it): only when no other person plays."""
        if not token:
            raise WebError(401, "no token: spectators may not act")
        seat = table.check_token(token)
        assert seat is not None
        if len(table.humans) > 1:
            raise WebError(409, "undo is only for games where no other person would be affected")
        g = table.game
        last = g.last_decision_of(seat)
        if last is None:
            raise WebError(409, "nothing to undo")
        try:  # the store first: if it fails, nothing in memory has changed
            self.store.truncate(table.id, last)
        except Exception as exc:
            log.error("game %s: undo not stored (%s: %s)", table.id, type(exc).__name__, exc)
            raise WebError(503, "the undo could not be stored (a database failure): the game is unchanged") from exc
        if table.driver is not None:
            table.driver.cancel()
            table.driver = None
        table.auto_setup.discard(seat)  # an undone set-up is made again by hand (or quick set-up again)
        table.game = Game.restore(g.config, g.history[:last], self.db)
        table.stored = last
        table.notify()
        self.kick(table)
        return last

    # ------------------------------------------------------------------ AI seats

    def kick(self, table: Table) -> None:
        """Start the game's AI task if an AI must decide and none is running."""
        seat = table.game.to_move
        if seat is None or (seat not in table.agents and not self.setup_due(table)) or table.driver is not None:
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
                moved_on = False
                while moved < batch and g.to_move is not None and (g.to_move in table.agents or self.setup_due(table)):
                    seat = g.to_move
                    acts = g.legal_actions()
                    # an AI seat, or a person's seat whose set-up placements quick set-up makes
                    agent = table.agents.get(seat) or make_agent("heuristic", agent_seed(g.config, seat))
                    step = len(g.history)
                    try:
                        if isinstance(agent, SearchAgent):  # a search (ISMCTS) runs beside the server's loop
                            choice = await asyncio.to_thread(decide, agent, g, seat)
                        else:  # the heuristic looks one step ahead on games sampled from what the seat knows
                            choice = decide(agent, g, seat)
                    except Exception:  # an agent bug must not stop the game
                        log.exception(
                            "AI %s failed in game %s; taking the first action", table.seats[seat].kind, table.id
                        )
                        choice = acts[0]
                    if table.game is not g or len(g.history) != step or g.to_move != seat:
                        moved_on = True  # while a search ran (a resignation, an undo, a reset): look again
                        break
                    try:
                        g.apply(choice if choice in acts else acts[0])
                    except Exception as exc:
                        self._drop(table, exc)
                        return
                    moved += 1
                if not moved:
                    if moved_on:
                        continue
                    break
                try:
                    self._persist(table)
                except WebError:  # rolled back to what is stored; the next request starts the AI again
                    return
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
