"""The speed bars of issue 26, this tree against another, timed in one run (not collected by pytest)::

    .venv/bin/python benchmarks/bars.py --before ../checkout-of-15bd1fe            # 5 rounds, ~2-3 minutes
    .venv/bin/python benchmarks/bars.py --before ../checkout-of-15bd1fe --rounds 9 --json bars.json

Each round starts one fresh process per tree, in turn (the order swapped every round), and each process
imports its own checkout's engine (``<tree>/src``) and its own ``benchmarks/bench_engine.py``. A process times,
by its CPU time: random games with a view at every decision for 1 to 5 seats (the same seeds in both trees),
two-seat games without views, ``clone()`` along a two-seat game, and the replay of a recorded heuristic game
from its JSON; the first round also takes, in a process of its own, the memory of 40 live mid-game games
(tracemalloc). The two trees' engines play different games where their cards differ, so the figures are a
decision's cost, not a game's.

The table gives each figure's median over the rounds and its range, the ratio of the medians (this tree over
the other, as a time: below 1 is faster) and the bar: the issue asks for half the time a decision (views or
not, 1-5 seats), a clone in 10 µs, 10,000 replayed decisions in 0.25 s and 100 KB a live game.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent

# the starter decks each seat count plays (rotated by seed); the 1- and 2-seat pools are bench_engine's
POOLS = {
    1: ["kame-house-solitaire", "masaki-household"],
    2: ["z-fighters", "knight-sabers", "nerima-wrecking-crew"],
    3: ["eye-of-god", "thin-blue-line"],
    4: ["schoolyard-mayhem"],
    5: ["anime-all-stars"],
}
GAMES = {1: 40, 2: 20, 3: 10, 4: 6, 5: 5}  # a batch a round: a few seconds each
REPLAY_GAMES = 4  # heuristic games recorded; the longest is replayed
CLONES = 300  # clones a position, at four positions along a game


def _load(tree: Path) -> Any:
    spec = importlib.util.spec_from_file_location("bench_engine_of_tree", tree / "benchmarks" / "bench_engine.py")
    assert spec is not None and spec.loader is not None
    be: Any = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(be)
    return be


def _config(be: Any, seats: int, seed: int) -> Any:
    pool = POOLS[seats]
    decks = be.starter_decks()
    return be.GameConfig(
        seats=tuple(
            be.SeatConfig(deck=be.DeckList.from_deck(decks[pool[(seed + k) % len(pool)]]), name=f"P{k}")
            for k in range(seats)
        ),
        ruleset=be.get_ruleset("classic"),
        seed=seed,
    )


def _batch(be: Any, seats: int, views: bool) -> dict[str, float]:
    cfgs = [_config(be, seats, s) for s in range(GAMES[seats])]
    t0 = time.process_time()
    decisions = sum(len(be.play(cfg, s, views=views).history) for s, cfg in enumerate(cfgs))
    dt = time.process_time() - t0
    return {"us_per_decision": dt / decisions * 1e6, "decisions_per_s": decisions / dt}


def _clone(be: Any) -> float:
    cfg = be.config(2, 1)
    history = be.play(cfg, 1, views=False).history
    times = []
    for frac in (0.05, 0.25, 0.5, 0.75):
        g = be.Game.restore(cfg, history[: int(len(history) * frac)])
        t0 = time.process_time()
        for _ in range(CLONES):
            g.clone()
        times.append((time.process_time() - t0) / CLONES * 1e6)
    return statistics.mean(times)


def _replay(be: Any) -> float:
    games = [be.play(be.config(2, s), s, agent="heuristic") for s in range(REPLAY_GAMES)]
    longest = max(games, key=lambda g: len(g.history))
    text = json.dumps(be.record.to_json(longest))
    t0 = time.process_time()
    replayed = be.record.from_json(json.loads(text), check_hash=False)
    dt = time.process_time() - t0
    assert replayed.state == longest.state, "the replay did not reach the recorded game's end"
    return dt / len(longest.history) * 10_000  # seconds for 10,000 decisions


def worker(tree: Path, memory: bool) -> None:
    be = _load(tree)
    be.CardDB.bundled()
    be.starter_decks()
    if memory:  # a process of its own: what earlier batches left in the module caches would count otherwise
        print(json.dumps({"memory_kb": be.bench_memory(40)["kb_per_live_game"]}), flush=True)
        return
    be.play(be.config(2, 0), 0)  # warm the caches
    out: dict[str, float] = {}
    for seats in GAMES:
        out[f"views_{seats}"] = _batch(be, seats, True)["us_per_decision"]
    out["no_views_2"] = _batch(be, 2, False)["us_per_decision"]
    out["clone_us"] = _clone(be)
    out["replay_10k_s"] = _replay(be)
    print(json.dumps(out), flush=True)


def run(tree: Path, memory: bool) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(tree / "src"))
    args = [sys.executable, __file__, "--worker", str(tree)] + (["--memory"] if memory else [])
    done = subprocess.run(args, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{tree}: the measuring process failed:\n{done.stderr[-2000:]}")
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


# figure, its label, how it is shown, the bar (as "ratio" of this tree's time over the other's, or "at most")
FIGURES: list[tuple[str, str, str, tuple[str, float]]] = [
    *((f"views_{n}", f"µs a decision, {n} seat{'s' if n > 1 else ''}, views", "{:.0f}", ("ratio", 0.5)) for n in GAMES),
    ("no_views_2", "µs a decision, 2 seats, no views", "{:.0f}", ("ratio", 0.5)),
    ("clone_us", "clone(), µs", "{:.1f}", ("at most", 10.0)),
    ("replay_10k_s", "replay of 10,000 recorded decisions, s", "{:.2f}", ("at most", 0.25)),
    ("memory_kb", "KB a live mid-game game (40 kept)", "{:.1f}", ("at most", 100.0)),
]


def _cell(fmt: str, xs: list[float], m: float) -> str:
    """A median with its range (the range only when there are several rounds)."""
    return f"{fmt.format(m)} ({fmt.format(min(xs))}-{fmt.format(max(xs))})" if len(xs) > 1 else fmt.format(m)


def table(after: list[dict[str, float]], before: list[dict[str, float]], before_name: str) -> str:
    lines = [
        f"| figure | this tree: median (range) | {before_name}: median (range) | ratio | bar | met |",
        "|---|---|---|---|---|---|",
    ]
    for key, label, fmt, (kind, bar) in FIGURES:
        a = [r[key] for r in after if key in r]
        b = [r[key] for r in before if key in r]
        if not a or not b:
            continue
        ma, mb = statistics.median(a), statistics.median(b)
        ratio = ma / mb
        met = ratio <= bar if kind == "ratio" else ma <= bar
        shown = f"x{bar:g} of the other" if kind == "ratio" else f"≤ {fmt.format(bar)}"
        verdict = "yes" if met else "no"
        lines.append(f"| {label} | {_cell(fmt, a, ma)} | {_cell(fmt, b, mb)} | x{ratio:.3f} | {shown} | {verdict} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--before", type=Path, help="the other checkout (its src/ and benchmarks/bench_engine.py)")
    ap.add_argument("--after", type=Path, default=HERE, help="this checkout (default: the one holding this script)")
    ap.add_argument("--rounds", type=int, default=5, help="fresh processes a tree, taking turns")
    ap.add_argument("--json", type=Path, help="also write every round's figures here")
    ap.add_argument("--worker", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--memory", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker is not None:
        worker(args.worker, args.memory)
        return 0
    if args.before is None:
        ap.error("--before is required")
    after: list[dict[str, float]] = []
    before: list[dict[str, float]] = []
    for r in range(args.rounds):
        order = [(args.after, after), (args.before, before)]
        for tree, into in order if r % 2 == 0 else order[::-1]:
            into.append(run(tree.resolve(), memory=False))
            if r == 0:
                into[-1].update(run(tree.resolve(), memory=True))
        print(f"round {r + 1} of {args.rounds} done", file=sys.stderr, flush=True)
    print(table(after, before, args.before.name))
    if args.json:
        args.json.write_text(json.dumps({"after": after, "before": before}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
