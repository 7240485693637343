"""Batches of AI-only games: win rates, game lengths, Items, and every crash with what reproduces it.

Game ``i`` of a batch with seed ``s`` is played with the game seed ``s + i`` and the agent of seat ``k``
seeded ``(s + i) * 10 + k``, so a batch is a pure function of its arguments: the same report whatever
the number of worker processes (games are dealt to the workers, and their outcomes gathered in order).

A game that raises is recorded (seed, decks, agents, the exception and the actions played so far) and the
batch goes on; ``Game.restore(config, actions)`` then rebuilds the position where it failed.
"""

from __future__ import annotations

import csv
import io
import traceback
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from animayhem.agents.base import AGENTS, BUDGETED, make_agent
from animayhem.agents.infoset import decide
from animayhem.decks.starters import find_starter, starter_decks
from animayhem.engine.checks.invariants import problems
from animayhem.engine.core.config import DeckList, GameConfig, Layout, SeatConfig
from animayhem.engine.game import Game
from animayhem.heap import settle
from animayhem.rules.ruleset import RulesetError, get_ruleset

MAX_DECISIONS = 200_000  # a game still undecided after this many decisions is reported as an error


class SimulationError(ValueError):
    """Arguments that cannot make a batch (unknown agent, deck, ruleset…); the message says which."""


@dataclass(frozen=True)
class GameSpec:
    """Everything one game of a batch needs (picklable, for worker processes)."""

    index: int
    seed: int
    agents: tuple[str, ...]
    decks: tuple[str, ...]
    ruleset: str
    layout: str
    check_invariants: bool = False
    budget: str | None = None  # search AIs' budget (``ismcts``: iterations, or seconds as ``0.5s``)

    def config(self) -> GameConfig:
        seats = []
        for k, name in enumerate(self.decks):
            deck = find_starter(name)
            if deck is None:  # pragma: no cover - checked before the batch starts
                raise SimulationError(f"unknown starter deck {name!r}")
            seats.append(SeatConfig(deck=DeckList.from_deck(deck), name=f"{self.agents[k]} {k + 1}"))
        layout: Layout = "lines" if self.layout == "lines" else "grid"
        return GameConfig(seats=tuple(seats), ruleset=get_ruleset(self.ruleset), layout=layout, seed=self.seed)


@dataclass
class GameOutcome:
    index: int
    seed: int
    decks: list[str]
    agents: list[str]
    finished: bool = False
    winners: list[int] = field(default_factory=list)
    disasters_win: bool = False
    reason: str = ""
    turns: int = 0
    rounds: int = 0
    decisions: int = 0
    items_total: int = 0
    items_players: list[int] = field(default_factory=list)
    items_disasters: int = 0
    items_retrieved: int = 0  # item_retrieved_hidden events (one per Item taken by a Character)
    items_destroyed: int = 0  # item_destroyed events
    error: dict[str, Any] | None = None


@dataclass
class SimulationReport:
    games: int
    players: int
    seats: list[str]
    decks: list[list[str]]  # per game
    ruleset: str
    layout: str
    seed: int
    outcomes: list[GameOutcome]

    @property
    def finished(self) -> list[GameOutcome]:
        return [o for o in self.outcomes if o.finished]

    @property
    def errors(self) -> list[dict[str, Any]]:
        return [o.error for o in self.outcomes if o.error is not None]

    def _rate(self, count: int) -> float:
        n = len(self.finished)
        return count / n if n else 0.0

    @property
    def seat_wins(self) -> list[int]:
        """Games each seat won (a shared win counts for every winner)."""
        wins = [0] * self.players
        for o in self.finished:
            for w in o.winners:
                wins[w] += 1
        return wins

    @property
    def seat_win_rates(self) -> list[float]:
        return [self._rate(w) for w in self.seat_wins]

    @property
    def disaster_wins(self) -> int:
        return sum(1 for o in self.finished if o.disasters_win)

    @property
    def disaster_win_rate(self) -> float:
        return self._rate(self.disaster_wins)

    def _mean(self, attr: str) -> float:
        done = self.finished
        return sum(float(getattr(o, attr)) for o in done) / len(done) if done else 0.0

    @property
    def avg_turns(self) -> float:
        return self._mean("turns")

    @property
    def avg_rounds(self) -> float:
        return self._mean("rounds")

    @property
    def avg_decisions(self) -> float:
        return self._mean("decisions")

    @property
    def items_retrieved(self) -> int:
        return sum(o.items_retrieved for o in self.finished)

    @property
    def items_destroyed(self) -> int:
        return sum(o.items_destroyed for o in self.finished)

    @property
    def items_total(self) -> int:
        return sum(o.items_total for o in self.finished)

    def summary(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "finished": len(self.finished),
            "errors": len(self.errors),
            "players": self.players,
            "seats": self.seats,
            "ruleset": self.ruleset,
            "layout": self.layout,
            "seed": self.seed,
            "seat_wins": self.seat_wins,
            "seat_win_rates": self.seat_win_rates,
            "disaster_wins": self.disaster_wins,
            "disaster_win_rate": self.disaster_win_rate,
            "avg_turns": self.avg_turns,
            "avg_rounds": self.avg_rounds,
            "avg_decisions": self.avg_decisions,
            "items_total": self.items_total,
            "items_retrieved": self.items_retrieved,
            "items_destroyed": self.items_destroyed,
            "items_retrieved_per_game": self._mean("items_retrieved"),
            "items_destroyed_per_game": self._mean("items_destroyed"),
        }

    def seat_rows(self) -> list[dict[str, Any]]:
        """One row a seat: its AI, games finished, wins, win rate, Items at the end (mean)."""
        done = self.finished
        rows = []
        for k, name in enumerate(self.seats):
            items = [o.items_players[k] for o in done if k < len(o.items_players)]
            rows.append(
                {
                    "seat": k,
                    "agent": name,
                    "games": len(done),
                    "wins": self.seat_wins[k],
                    "win_rate": self.seat_win_rates[k],
                    "items_mean": sum(items) / len(items) if items else 0.0,
                }
            )
        return rows

    def deck_rows(self) -> list[dict[str, Any]]:
        """One row a starter deck: seats that played it (over all games), their wins, win rate, Items."""
        stats: dict[str, list[int]] = {}
        for o in self.finished:
            for k, deck in enumerate(o.decks):
                st = stats.setdefault(deck, [0, 0, 0])
                st[0] += 1
                st[1] += k in o.winners
                st[2] += o.items_players[k] if k < len(o.items_players) else 0
        return [
            {
                "deck": d,
                "seats_played": n,
                "wins": w,
                "win_rate": w / n if n else 0.0,
                "items_mean": i / n if n else 0.0,
            }
            for d, (n, w, i) in sorted(stats.items())
        ]

    def to_json(self) -> dict[str, Any]:
        return {
            **self.summary(),
            "per_seat": self.seat_rows(),
            "per_deck": self.deck_rows(),
            "outcomes": [asdict(o) for o in self.outcomes],
            "error_list": self.errors,
        }

    def to_csv(self) -> str:
        """The per-seat and per-deck rows as one CSV table (``row`` says which kind; Disasters' wins last)."""
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(["row", "name", "agent", "games", "wins", "win_rate", "items_mean"])
        for r in self.seat_rows():
            w.writerow(
                ["seat", r["seat"], r["agent"], r["games"], r["wins"], f"{r['win_rate']:.6f}", f"{r['items_mean']:.6f}"]
            )
        for r in self.deck_rows():
            w.writerow(
                ["deck", r["deck"], "", r["seats_played"], r["wins"], f"{r['win_rate']:.6f}", f"{r['items_mean']:.6f}"]
            )
        w.writerow(
            ["disasters", "Disasters", "", len(self.finished), self.disaster_wins, f"{self.disaster_win_rate:.6f}", ""]
        )
        return buf.getvalue()


def legal_starters(players: int) -> list[str]:
    """The bundled starter decks (file stems) legal for ``players`` players, in name order."""
    return [stem for stem, deck in starter_decks().items() if players in deck.players]


def play_game(spec: GameSpec) -> GameOutcome:
    """Play one game to the end; never raises (an exception is recorded in ``error``)."""
    out = GameOutcome(index=spec.index, seed=spec.seed, decks=list(spec.decks), agents=list(spec.agents))
    game: Game | None = None
    try:
        config = spec.config()
        agents = [
            make_agent(name, spec.seed * 10 + k, spec.budget if name in BUDGETED else None)
            for k, name in enumerate(spec.agents)
        ]
        game = Game(config)
        while not game.over:
            if len(game.history) >= MAX_DECISIONS:
                raise RuntimeError(f"no result after {MAX_DECISIONS} decisions")
            seat = game.to_move
            assert seat is not None
            game.apply(decide(agents[seat], game, seat))
            if spec.check_invariants:
                broken = problems(game)
                if broken:
                    raise RuntimeError("broken invariant: " + "; ".join(broken[:3]))
        result = game.result
        assert result is not None
        out.finished = True
        out.winners = list(result["winners"])
        out.disasters_win = bool(result["disasters_win"])
        out.reason = str(result["reason"])
        out.turns = int(result["turn"])
        out.rounds = int(result["round"])
        out.decisions = len(game.history)
        tally = result["tally"]
        out.items_total = int(tally["total"])
        out.items_players = [int(x) for x in tally["players"]]
        out.items_disasters = int(tally["disasters"])
        for ev in game.log:
            if ev["e"] == "item_retrieved_hidden":
                out.items_retrieved += 1
            elif ev["e"] == "item_destroyed":
                out.items_destroyed += 1
    except Exception as exc:
        out.error = {
            "game": spec.index,
            "seed": spec.seed,
            "decks": list(spec.decks),
            "agents": list(spec.agents),
            "ruleset": spec.ruleset,
            "layout": spec.layout,
            "error": f"{type(exc).__name__}: {exc}",
            "traceback": traceback.format_exc(),
            "actions": [] if game is None else list(game.history),
        }
    return out


def plan(
    games: int,
    players: int,
    seats: Sequence[str] | None,
    decks: Sequence[str] | None,
    ruleset: str,
    layout: str,
    seed: int,
) -> list[GameSpec]:
    """The games of a batch, checking every argument first."""
    if games < 0:
        raise SimulationError(f"--games must be at least 0, not {games}")
    if not 1 <= players <= 5:
        raise SimulationError(f"--players must be 1 to 5, not {players}")
    agent_names = list(seats or ["heuristic"])
    if len(agent_names) == 1:
        agent_names *= players
    if len(agent_names) != players:
        raise SimulationError(f"give one --seat agent, or one per seat ({players}), not {len(agent_names)}")
    for name in agent_names:
        if name not in AGENTS:
            raise SimulationError(f"unknown AI {name!r} (known: {', '.join(sorted(AGENTS))})")
    try:
        ruleset = get_ruleset(ruleset).name
    except RulesetError as exc:
        raise SimulationError(str(exc)) from exc
    if layout not in ("grid", "lines"):
        raise SimulationError(f"--layout must be 'grid' or 'lines', not {layout!r}")
    if decks:
        names = []
        for d in decks:
            deck = find_starter(d)
            if deck is None:
                raise SimulationError(f"unknown starter deck {d!r} (known: {', '.join(legal_starters_all())})")
            names.append(d)
        if len(names) == 1:
            names *= players
        if len(names) != players:
            raise SimulationError(f"give one --deck, or one per seat ({players}), not {len(names)}")
        per_game = [tuple(names)] * games
    else:
        pool = legal_starters(players)
        if not pool:
            raise SimulationError(f"no starter deck is legal for {players} players: name decks with --deck")
        per_game = [tuple(pool[(i + k) % len(pool)] for k in range(players)) for i in range(games)]
    return [
        GameSpec(index=i, seed=seed + i, agents=tuple(agent_names), decks=per_game[i], ruleset=ruleset, layout=layout)
        for i in range(games)
    ]


def legal_starters_all() -> list[str]:
    return list(starter_decks())


def simulate(
    games: int = 100,
    players: int = 1,
    seats: Sequence[str] | None = None,
    decks: Sequence[str] | None = None,
    ruleset: str = "classic",
    layout: str = "grid",
    seed: int = 0,
    workers: int = 1,
    progress: Callable[[GameOutcome], None] | None = None,
    check_invariants: bool = False,
    budget: str | None = None,
    runner: Callable[[Sequence[GameSpec], Callable[[GameOutcome], None] | None], list[GameOutcome]] | None = None,
) -> SimulationReport:
    """Play ``games`` AI-only games and report. ``seats``: agent names (one for every seat, or one per
    seat; default ``heuristic``); ``decks``: starter deck names likewise (None: the starters legal for the
    player count, rotated over the seats game by game). ``progress`` is called after each game, in order.
    ``runner`` plays the games elsewhere (``agents.distributed.dask_runner``); the report is the same."""
    specs = plan(games, players, seats, decks, ruleset, layout, seed)
    if check_invariants:
        specs = [replace(sp, check_invariants=True) for sp in specs]
    if budget is not None:
        specs = [replace(sp, budget=budget) for sp in specs]
    outcomes: list[GameOutcome] = []
    if runner is not None:
        outcomes = runner(specs, progress)
    elif workers > 1 and len(specs) > 1:
        chunk = max(1, len(specs) // (workers * 8))
        # each worker's heap settled (animayhem/heap.py): one forked from a settled process already is
        with ProcessPoolExecutor(max_workers=workers, initializer=settle) as pool:
            for o in pool.map(play_game, specs, chunksize=chunk):
                outcomes.append(o)
                if progress is not None:
                    progress(o)
    else:
        for spec in specs:
            o = play_game(spec)
            outcomes.append(o)
            if progress is not None:
                progress(o)
    agent_names = list(specs[0].agents) if specs else list(seats or ["heuristic"])
    return SimulationReport(
        games=games,
        players=players,
        seats=agent_names,
        decks=[list(s.decks) for s in specs],
        ruleset=specs[0].ruleset if specs else ruleset,
        layout=layout,
        seed=seed,
        outcomes=outcomes,
    )
