"""Where a decision's work goes, function by function, counted in bytecodes (deterministic), run on demand::

    .venv/bin/python benchmarks/count_opcodes.py --seeds 3                       # this tree: the top functions
    .venv/bin/python benchmarks/count_opcodes.py --seeds 3 --before ../old       # two trees: what grew, and where
    .venv/bin/python benchmarks/count_opcodes.py --seeds 1 --matched --before ../old

valgrind counts a batch's machine instructions (``compare_instructions.py``) but cannot say which Python
function spent them: every one runs inside the same interpreter loop. This script plays the same games as
``count_instructions.py`` (bench_engine's 2-seat random games with views, seeds 0 to N-1) under a tracer that
counts the bytecodes each function executes. The count is exact and does not move with the machine's load; a
bytecode costs some tens of instructions on average (more for a call), so the per-decision totals of two trees
compare like their instruction counts, and the per-function lines say where the difference lies. ``--matched``
strips the players' cards' effects in both trees (``count_instructions.py --matched``): the plumbing's cost when
no card of a player acts. About half a minute a game (the tracer is slow; the counts are not).

For another tree the script runs itself on that tree's code (``PYTHONPATH``), as ``compare_instructions.py`` does.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path
from types import FrameType
from typing import Any

HERE = Path(__file__).resolve().parent


def _measure(seeds: list[int], matched: bool) -> dict[str, Any]:
    """Play the games under the tracer; bytecodes per (file, function) and the decisions played."""
    from bench_engine import config, play  # the tree on the path: this one or --before's (run as a child)
    from count_instructions import _players_cards_stripped

    from animayhem.cards.database import CardDB
    from animayhem.decks.starters import starter_decks

    CardDB.bundled()
    if matched:
        _players_cards_stripped()
    starter_decks()
    config(2, 0)
    counts: Counter[tuple[str, str]] = Counter()
    calls: Counter[tuple[str, str]] = Counter()

    def local(frame: FrameType, event: str, arg: object) -> Any:
        if event == "opcode":
            code = frame.f_code
            counts[(code.co_filename.rsplit("/", 1)[-1], code.co_name)] += 1
        return local

    def tracer(frame: FrameType, event: str, arg: object) -> Any:
        if event == "call":
            code = frame.f_code
            calls[(code.co_filename.rsplit("/", 1)[-1], code.co_name)] += 1
            frame.f_trace_opcodes = True
            return local
        return None

    decisions = 0
    for seed in seeds:
        sys.settrace(tracer)
        try:
            game = play(config(2, seed), seed, views=True)
        finally:
            sys.settrace(None)
        decisions += len(game.history)
    return {
        "decisions": decisions,
        "counts": [[f, n, v] for (f, n), v in counts.items()],
        "calls": [[f, n, v] for (f, n), v in calls.items()],
    }


def _child(tree: Path, seeds: list[int], matched: bool) -> dict[str, Any]:
    path = os.pathsep.join([str(tree / "src"), str(tree / "benchmarks"), str(HERE)])  # its bench_engine, else ours
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONPATH=path)
    args = [sys.executable, str(Path(__file__).resolve()), "--child", "--seeds-list", ",".join(map(str, seeds))]
    done = subprocess.run([*args, *(["--matched"] if matched else [])], env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"count_opcodes: the games failed in {tree}:\n{done.stderr[-2000:]}")
    found: dict[str, Any] = json.loads(done.stdout)
    return found


def _per_decision(found: dict[str, Any], key: str = "counts") -> tuple[Counter[tuple[str, str]], int]:
    out: Counter[tuple[str, str]] = Counter()
    for f, n, v in found[key]:
        out[(f, n)] += v
    return out, int(found["decisions"])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", type=int, default=3, help="games: seeds 0 to N-1")
    ap.add_argument("--seeds-list", default=None, help=argparse.SUPPRESS)
    ap.add_argument("--matched", action="store_true", help="the players' cards without effects, in both trees")
    ap.add_argument("--before", type=Path, default=None, help="another checkout to compare with")
    ap.add_argument("--top", type=int, default=40, help="lines per table")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.seeds < 1 or args.top < 1:
        ap.error("--seeds and --top must be at least 1")
    seeds = [int(x) for x in args.seeds_list.split(",")] if args.seeds_list else list(range(args.seeds))
    if args.child:
        if sys.path and Path(sys.path[0]).resolve() == HERE:  # a script's own folder comes first: the tree's go first
            sys.path.append(sys.path.pop(0))
        print(json.dumps(_measure(seeds, args.matched)))
        return 0
    found_now = _child(HERE.parent, seeds, args.matched)
    now, d_now = _per_decision(found_now)
    calls_now, _ = _per_decision(found_now, "calls")
    if args.before is None:
        total = sum(now.values())
        print(
            f"{d_now} decisions, {total / d_now:,.0f} bytecodes and "
            f"{sum(calls_now.values()) / d_now:,.0f} calls a decision"
        )
        print("bytecodes  share  calls  (a decision)")
        for k, v in now.most_common(args.top):
            print(f"{v / d_now:9,.0f}  {100 * v / total:5.1f} %  {calls_now[k] / d_now:6,.1f}  {k[0]}:{k[1]}")
        return 0
    found_old = _child(args.before.resolve(), seeds, args.matched)
    old, d_old = _per_decision(found_old)
    calls_old, _ = _per_decision(found_old, "calls")
    t_now, t_old = sum(now.values()) / d_now, sum(old.values()) / d_old
    c_now, c_old = sum(calls_now.values()) / d_now, sum(calls_old.values()) / d_old
    print(
        f"bytecodes a decision: before {t_old:,.0f} ({d_old} decisions), "
        f"now {t_now:,.0f} ({d_now}): x{t_now / t_old:.3f}"
    )
    print(f"calls a decision: before {c_old:,.0f}, now {c_now:,.0f}: x{c_now / c_old:.3f}")
    files_now: Counter[str] = Counter()
    files_old: Counter[str] = Counter()
    for (f, _n), v in now.items():
        files_now[f] += v
    for (f, _n), v in old.items():
        files_old[f] += v
    print("\nby file, a decision (before -> now), most grown first:")
    for f in sorted(set(files_now) | set(files_old), key=lambda f: files_old[f] / d_old - files_now[f] / d_now)[
        : args.top
    ]:
        print(f"{files_old[f] / d_old:9,.0f} -> {files_now[f] / d_now:9,.0f}  {f}")
    print("\nby function, a decision (bytecodes before -> now, calls before -> now), most grown first:")
    for k in sorted(set(now) | set(old), key=lambda k: old[k] / d_old - now[k] / d_now)[: args.top]:
        print(
            f"{old[k] / d_old:9,.0f} -> {now[k] / d_now:9,.0f}"
            f"  {calls_old[k] / d_old:6,.1f} -> {calls_now[k] / d_now:6,.1f}  {k[0]}:{k[1]}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
