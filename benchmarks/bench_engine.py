"""Engine benchmarks, run on demand (not collected by pytest)::

    .venv/bin/python benchmarks/bench_engine.py            # full run (about a minute)
    .venv/bin/python benchmarks/bench_engine.py --quick    # smaller batches
    .venv/bin/python benchmarks/bench_engine.py --profile  # also cProfile one batch, top functions
    .venv/bin/python benchmarks/bench_engine.py --repeat 3 # time each batch 3 times, keep the fastest
    .venv/bin/python benchmarks/bench_engine.py --cpu      # CPU time of this process instead of wall time
    .venv/bin/python benchmarks/bench_engine.py --no-effects  # every card's effects removed (the hooks' cost)

Measures, on one core: full random-play games per second (1 seat and 2 seats, classic, bundled starter
decks; the agent is given ``game.view(seat)`` every decision, as in real AI play, and the same batch is
also timed without views), decisions per second, ``Game.clone()`` time, the replay time of a long game record
(``records.record.to_json`` / ``from_json``), and peak memory per live game (tracemalloc).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import math
import platform
import pstats
import random
import statistics
import sys
import time
import tracemalloc
from typing import Any

from animayhem.agents import make_agent
from animayhem.cards.database import CardDB
from animayhem.cards.frozen import evolve
from animayhem.decks.starters import starter_decks
from animayhem.engine import compiled
from animayhem.engine.core.config import DeckList, GameConfig, SeatConfig
from animayhem.engine.game import Game
from animayhem.records import record
from animayhem.rules.ruleset import get_ruleset

DECKS = {1: ["kame-house-solitaire", "masaki-household"], 2: ["z-fighters", "knight-sabers", "nerima-wrecking-crew"]}


def config(seats: int, seed: int) -> GameConfig:
    pool = DECKS[seats]
    decks = starter_decks()
    return GameConfig(
        seats=tuple(
            SeatConfig(deck=DeckList.from_deck(decks[pool[(seed + k) % len(pool)]]), name=f"P{k}") for k in range(seats)
        ),
        ruleset=get_ruleset("classic"),
        seed=seed,
    )


def play(cfg: GameConfig, seed: int, *, views: bool = True, agent: str = "random") -> Game:
    game = Game(cfg)
    agents = [make_agent(agent, seed * 10 + k) for k in range(len(cfg.seats))]
    if views:
        while not game.over:
            seat = game.to_move
            assert seat is not None
            game.apply(agents[seat].choose(game.view(seat), game.legal_actions()))
    else:
        rng = random.Random(seed)
        while not game.over:
            actions = game.legal_actions()
            game.apply(actions[rng.randrange(len(actions))])
    return game


CLOCK = time.perf_counter  # --cpu: time.process_time (less disturbed by other processes on the machine)


def without_effects() -> None:
    """Every card of the bundled database without its effects (``--no-effects``): the same engine and decks,
    with nothing for the effect dispatchers to run, to measure what the hooks cost against what they do."""
    bundled = CardDB.bundled()
    stripped = CardDB([evolve(c, effects=()) for c in bundled], "bundled, effects removed")
    CardDB.bundled = staticmethod(lambda: stripped)  # type: ignore[method-assign,assignment]


def batch(seats: int, games: int, *, views: bool = True, repeat: int = 1) -> dict[str, float]:
    """Play the batch ``repeat`` times and keep the fastest run (the least disturbed by other processes)."""
    cfgs = [config(seats, s) for s in range(games)]
    dt = math.inf
    for _ in range(repeat):
        decisions = 0
        t0 = CLOCK()
        for s, cfg in enumerate(cfgs):
            decisions += len(play(cfg, s, views=views).history)
        dt = min(dt, CLOCK() - t0)
    return {
        "games": games,
        "seconds": dt,
        "games_per_s": games / dt,
        "decisions_per_game": decisions / games,
        "decisions_per_s": decisions / dt,
    }


def bench_clone(repeat: int) -> dict[str, float]:
    """clone() of positions taken along a 2-seat game (set-up, early, middle, late)."""
    game = play(config(2, 1), 1, views=False)
    actions = game.history
    times = []
    for frac in (0.05, 0.25, 0.5, 0.75):
        g = Game.restore(config(2, 1), actions[: int(len(actions) * frac)])
        t0 = time.perf_counter()
        for _ in range(repeat):
            g.clone()
        times.append((time.perf_counter() - t0) / repeat * 1e6)
    return {"clone_us_mean": statistics.mean(times), "clone_us_max": max(times), "positions": len(times)}


def bench_replay(candidates: int) -> dict[str, float]:
    """Replay (from_json) the longest of ``candidates`` heuristic 2-seat games, through JSON text."""
    longest: Game | None = None
    for s in range(candidates):
        g = play(config(2, s), s, agent="heuristic")
        if longest is None or len(g.history) > len(longest.history):
            longest = g
    assert longest is not None
    text = json.dumps(record.to_json(longest))
    runs = []
    for _ in range(3):
        t0 = time.perf_counter()
        # check_hash=False: state_hash() pickles the state, and pickle's memo makes the hash depend on whether
        # equal card-id strings are one object (deck lists) or several (parsed JSON); compare the states instead
        replayed = record.from_json(json.loads(text), check_hash=False)
        runs.append(time.perf_counter() - t0)
    assert replayed.state == longest.state
    t0 = time.perf_counter()
    record.to_json(longest)
    save_s = time.perf_counter() - t0
    best = min(runs)
    return {
        "decisions": len(longest.history),
        "turns": float(longest.state.turn),
        "record_kb": len(text) / 1024,
        "replay_s": best,
        "replay_decisions_per_s": len(longest.history) / best,
        "to_json_s": save_s,
    }


def bench_memory(live: int) -> dict[str, float]:
    """Peak traced memory per game: ``live`` 2-seat games kept alive mid-play (the card database is loaded
    before tracing starts, as it is shared by every game), and one game played to the end alone."""
    CardDB.bundled()
    cfgs = [config(2, s) for s in range(live)]
    full = [play(c, s, views=False).history for s, c in enumerate(cfgs)]
    tracemalloc.start()
    games = [Game.restore(c, h[: len(h) // 2]) for c, h in zip(cfgs, full, strict=True)]
    current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del games
    tracemalloc.start()
    g = play(cfgs[0], 0, views=True)
    _, one_peak = tracemalloc.get_traced_memory()
    log_len = len(g.log)
    tracemalloc.stop()
    return {
        "live_games": live,
        "kb_per_live_game": current / live / 1024,
        "peak_kb_per_live_game": peak / live / 1024,
        "one_game_peak_kb": one_peak / 1024,
        "events_in_that_game": float(log_len),
    }


def profile(seats: int, games: int, top: int) -> str:
    prof = cProfile.Profile()
    prof.enable()
    batch(seats, games)
    prof.disable()
    out = io.StringIO()
    stats = pstats.Stats(prof, stream=out)
    stats.sort_stats("tottime").print_stats(top)
    out.write("\n--- by cumulative time ---\n")
    stats.sort_stats("cumulative").print_stats(top)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="smaller batches")
    ap.add_argument("--profile", action="store_true", help="cProfile a 2-seat batch and print the top functions")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    ap.add_argument("--repeat", type=int, default=1, help="time each batch this many times, keep the fastest")
    ap.add_argument("--cpu", action="store_true", help="time batches by this process's CPU time")
    ap.add_argument("--no-effects", action="store_true", help="remove every card's effects first")
    ap.add_argument("--batches-only", action="store_true", help="only the random-play batches")
    args = ap.parse_args(argv)
    n1, n2 = (60, 30) if args.quick else (300, 150)
    global CLOCK
    if args.cpu:
        CLOCK = time.process_time
    if args.no_effects:
        without_effects()
    CardDB.bundled()
    starter_decks()
    play(config(1, 0), 0)  # warm caches
    out: dict[str, Any] = {
        "python": sys.version.split()[0],
        "engine": "compiled" if compiled() else "pure Python",
        "machine": platform.machine(),
        "solitaire_random": batch(1, n1, repeat=args.repeat),
        "solitaire_random_no_views": batch(1, n1, views=False, repeat=args.repeat),
        "two_seat_random": batch(2, n2, repeat=args.repeat),
        "two_seat_random_no_views": batch(2, n2, views=False, repeat=args.repeat),
    }
    if not args.batches_only:
        out["clone"] = bench_clone(200 if args.quick else 1000)
        out["replay"] = bench_replay(4 if args.quick else 12)
        out["memory"] = bench_memory(10 if args.quick else 40)
    if args.json:
        print(json.dumps(out, indent=1))
    else:
        print(f"Python {out['python']} on {out['machine']}, one core; engine {out['engine']}")
        for key in ("solitaire_random", "solitaire_random_no_views", "two_seat_random", "two_seat_random_no_views"):
            b = out[key]
            print(
                f"{key:28s} {b['games']:4d} games in {b['seconds']:6.2f} s: {b['games_per_s']:7.1f} games/s, "
                f"{b['decisions_per_s']:8.0f} decisions/s ({b['decisions_per_game']:.0f} a game)"
            )
        if args.batches_only:
            return 0
        c = out["clone"]
        print(f"clone()                      {c['clone_us_mean']:.0f} µs mean, {c['clone_us_max']:.0f} µs max")
        r = out["replay"]
        print(
            f"replay                       {r['decisions']} decisions ({r['turns']:.0f} turns, {r['record_kb']:.0f} KB "
            f"record) in {r['replay_s'] * 1000:.0f} ms = {r['replay_decisions_per_s']:.0f} decisions/s"
        )
        m = out["memory"]
        print(
            f"memory                       {m['kb_per_live_game']:.0f} KB per live mid-game game "
            f"({m['live_games']} alive); one full game with its log peaks at {m['one_game_peak_kb']:.0f} KB "
            f"({m['events_in_that_game']:.0f} events)"
        )
    if args.profile:
        print(profile(2, 20 if args.quick else 60, 25))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
