"""Random-play games/s of two checkouts of the engine in one run, on the same machine (not collected by pytest)::

    .venv/bin/python benchmarks/bench_compare.py --before ../old-checkout            # 150 2-seat games each
    .venv/bin/python benchmarks/bench_compare.py --before ../old-checkout --together  # both at once, 2 cores
    .venv/bin/python benchmarks/bench_compare.py --before . --before-no-effects       # the effects' own cost

Each side runs in its own process, importing the engine of its checkout (``<checkout>/src``) and that checkout's
``benchmarks/bench_engine.py`` (its ``config`` and ``play``: bundled starter decks, classic rules, the random
agent given ``game.view(seat)`` at every decision). The batch is cut into rounds of ``--games`` seeds; the two
sides play the same seeds round by round, taking turns (or, with ``--together``, at the same time on two cores,
so that both meet the same disturbances of a shared machine). Each side's time is its process's CPU time.

The ratio printed is after's games/s over before's: what the ``--before`` checkout's issue budget is measured
on. On a shared machine one run can move by ±10 %: repeat it, or count instructions (benchmarks/README.md).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent


def worker(tree: Path, no_effects: bool) -> None:
    """Serve rounds: read ``first last views`` lines, play those seeds, answer ``seconds decisions``."""
    spec = importlib.util.spec_from_file_location("bench_engine_of_tree", tree / "benchmarks" / "bench_engine.py")
    assert spec is not None and spec.loader is not None
    be: Any = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(be)
    if no_effects:
        be.without_effects()
    be.CardDB.bundled()
    be.starter_decks()
    be.play(be.config(2, 0), 0)  # warm caches
    print("ready", flush=True)
    for line in sys.stdin:
        first, last, views = (int(x) for x in line.split())
        cfgs = {s: be.config(2, s) for s in range(first, last)}
        t0 = time.process_time()
        decisions = sum(len(be.play(cfg, s, views=bool(views)).history) for s, cfg in cfgs.items())
        print(f"{time.process_time() - t0} {decisions}", flush=True)


def start(tree: Path, no_effects: bool) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(tree / "src"))
    args = [sys.executable, __file__, "--worker", str(tree)] + (["--worker-no-effects"] if no_effects else [])
    p = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
    assert p.stdout is not None and p.stdout.readline().strip() == "ready", f"{tree}: the worker did not start"
    return p


def ask(p: subprocess.Popen[str], first: int, last: int, views: bool) -> None:
    assert p.stdin is not None
    p.stdin.write(f"{first} {last} {int(views)}\n")
    p.stdin.flush()


def answer(p: subprocess.Popen[str]) -> tuple[float, int]:
    assert p.stdout is not None
    seconds, decisions = p.stdout.readline().split()
    return float(seconds), int(decisions)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--before", type=Path, help="the checkout to compare against")
    ap.add_argument("--after", type=Path, default=HERE, help="the checkout measured (default: this one)")
    ap.add_argument("--before-no-effects", action="store_true", help="before: every card's effects removed")
    ap.add_argument("--games", type=int, default=10, help="seeds a round")
    ap.add_argument("--rounds", type=int, default=15, help="rounds (seeds 0 … games × rounds - 1)")
    ap.add_argument("--no-views", action="store_true", help="agents get no view (the rules alone)")
    ap.add_argument("--together", action="store_true", help="run both sides at once (two cores)")
    ap.add_argument("--worker", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--worker-no-effects", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker is not None:
        worker(args.worker, args.worker_no_effects)
        return 0
    if args.before is None:
        ap.error("--before is required")
    sides = {
        "before": start(args.before.resolve(), args.before_no_effects),
        "after": start(args.after.resolve(), False),
    }
    seconds_of = dict.fromkeys(sides, 0.0)
    decisions_of = dict.fromkeys(sides, 0)
    views = not args.no_views
    for r in range(args.rounds):
        first, last = r * args.games, (r + 1) * args.games
        order = list(sides) if r % 2 == 0 else list(sides)[::-1]  # who goes first alternates
        if args.together:
            for name in order:
                ask(sides[name], first, last, views)
        for name in order:
            if not args.together:
                ask(sides[name], first, last, views)
            seconds, decisions = answer(sides[name])
            seconds_of[name] += seconds
            decisions_of[name] += decisions
    for p in sides.values():
        assert p.stdin is not None
        p.stdin.close()
        p.wait()
    games = args.games * args.rounds
    label = {"before": f"{args.before}" + (" (no effects)" if args.before_no_effects else ""), "after": f"{args.after}"}
    for name, seconds in seconds_of.items():
        decisions = decisions_of[name]
        print(
            f"{name:6s} {games} games in {seconds:6.2f} s CPU: {games / seconds:6.2f} games/s, "
            f"{decisions / seconds:7.0f} decisions/s ({decisions / games:.0f} a game)  {label[name]}"
        )
    ratio = seconds_of["before"] / seconds_of["after"]
    print(f"after / before games/s: {ratio:.3f} ({'together' if args.together else 'taking turns'}, views: {views})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
