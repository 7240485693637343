"""Instructions a decision costs in two checkouts, counted by valgrind (deterministic: the machine's load does
not move it), run on demand (not collected by pytest)::

    .venv/bin/python benchmarks/compare_instructions.py --before ../old-checkout              # 10 games
    .venv/bin/python benchmarks/compare_instructions.py --before ../old-checkout --seeds 30 --matched
    .venv/bin/python benchmarks/compare_instructions.py --before ../old-checkout --seeds 3 --ismcts 4

For each checkout, ``count_instructions.py`` (this tree's copy, run on that checkout's code) is counted twice
under ``valgrind --tool=cachegrind --cache-sim=no``: the set-up alone (``--seeds 0``) and the set-up with the
games; the difference over the decisions played is what a decision costs. The games are bench_engine's 2-seat
random games with views (seeds 0 to N-1).

Two trees whose cards act differently play different games, so the standard figure compares two batches of
the same seeds, not the same decisions. ``--matched`` also compares the same games: every card but the
Disasters without its effects in both trees, and only the seeds whose games the two trees play alike (the
decisions of each game compared first, without valgrind): what the engine's plumbing costs, apart from what
the cards do. Needs valgrind (Debian: ``apt install valgrind``); about a minute per count.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _run(script: Path, tree: Path, args: list[str], *, valgrind: bool) -> tuple[int | None, str]:
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONPATH=f"{tree / 'src'}{os.pathsep}{tree / 'benchmarks'}")
    cmd = [sys.executable, str(script), *args]
    if valgrind:
        cmd = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null", *cmd]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    return (int(found.group(1).replace(",", "")) if found else None), done.stdout


def _decisions(out: str) -> int:
    found = re.search(r"decisions (\d+)", out)
    assert found is not None, out
    return int(found.group(1))


def _per_seed(out: str) -> dict[int, str]:
    return {int(m.group(1)): m.group(2) for m in re.finditer(r"seed (\d+) decisions \d+ history (\w+)", out)}


def count(script: Path, tree: Path, games: list[str]) -> tuple[float, int]:
    """Instructions a decision costs in ``tree`` for the games ``count_instructions.py`` is given, and the decisions."""
    base, _ = _run(script, tree, [*games[:-1], ""] if games[-2] == "--only" else ["--seeds", "0"], valgrind=True)
    total, out = _run(script, tree, games, valgrind=True)
    assert base is not None and total is not None, "valgrind printed no instruction count"
    d = _decisions(out)
    return (total - base) / d, d


def count_search(script: Path, tree: Path, searched: int) -> tuple[float, int, str]:
    """Instructions a searched decision of the ISMCTS game costs in ``tree`` (``count_instructions.py --ismcts``),
    the searched decisions and the digest of the game's actions (equal in two trees that played alike)."""
    base, _ = _run(script, tree, ["--ismcts", "0"], valgrind=True)
    total, out = _run(script, tree, ["--ismcts", str(searched)], valgrind=True)
    assert base is not None and total is not None, "valgrind printed no instruction count"
    found = re.search(r"searched (\d+), decisions \d+, histories (\w+)", out)
    assert found is not None, out
    n = int(found.group(1))
    return (total - base) / max(n, 1), n, found.group(2)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--before", type=Path, required=True, help="the checkout to compare against")
    ap.add_argument("--after", type=Path, default=HERE.parent, help="the checkout measured (default: this one)")
    ap.add_argument("--seeds", type=int, default=10, help="games: seeds 0 to N-1")
    ap.add_argument("--matched", action="store_true", help="also the same games, the players' cards without effects")
    ap.add_argument("--ismcts", type=int, default=0, help="also the ISMCTS game: N searched decisions (0: not)")
    args = ap.parse_args(argv)
    if shutil.which("valgrind") is None:
        ap.error("valgrind is needed (Debian: apt install valgrind)")
    trees = {"before": args.before.resolve(), "after": args.after.resolve()}
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "count_instructions.py"  # out of benchmarks/: the tree's own modules come first
        shutil.copy(HERE / "count_instructions.py", script)
        rows: list[tuple[str, dict[str, tuple[float, int]]]] = []
        if args.seeds > 0:  # --seeds 0: the ISMCTS game alone
            standard = {name: count(script, tree, ["--seeds", str(args.seeds)]) for name, tree in trees.items()}
            rows.append((f"standard, seeds 0-{args.seeds - 1}", standard))
        if args.matched:
            each = ["--seeds", str(args.seeds), "--matched", "--per-seed"]
            digests = {name: _per_seed(_run(script, tree, each, valgrind=False)[1]) for name, tree in trees.items()}
            alike = [s for s, h in digests["before"].items() if digests["after"].get(s) == h]
            if alike:
                only = ",".join(map(str, alike))
                matched = {name: count(script, tree, ["--matched", "--only", only]) for name, tree in trees.items()}
                rows.append((f"matched, {len(alike)} games alike of {args.seeds}", matched))
            else:
                print("matched: no seed plays alike in the two trees")
        if args.ismcts:
            search = {name: count_search(script, tree, args.ismcts) for name, tree in trees.items()}
            (b, _, bh), (a, an, ah) = search["before"], search["after"]
            played = "the same game" if bh == ah else "different games"
            print(
                f"ismcts, {an} searched decisions ({played}): before {b / 1e6:,.1f}M instructions a searched decision, "
                f"after {a / 1e6:,.1f}M, after/before {a / b:.3f}"
            )
    for label, figures in rows:
        (b, bd), (a, ad) = figures["before"], figures["after"]
        print(
            f"{label}: before {b / 1000:,.1f}k instructions a decision ({bd} decisions), "
            f"after {a / 1000:,.1f}k ({ad}), after/before {a / b:.3f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
