"""What settling the heap (``animayhem.heap.settle``: the card data frozen out of the collector's way) changes:
the memory each forked worker process copies from its parent, and the pause of a full collection. Run on
demand (Linux: it reads /proc)::

    .venv/bin/python benchmarks/bench_heap.py               # 2 workers x 15 games, each way
    .venv/bin/python benchmarks/bench_heap.py --games 30

Each way runs in a fresh interpreter (freezing cannot be undone for what it froze): the parent loads the cards,
settles or not, forks a pool of two workers (as ``animayhem simulate --workers 2`` does), each plays 2-seat random
games with views, collects, and reports its memory (``/proc/self/smaps_rollup``, MB): ``Private_Dirty`` is what
it copied or made for itself, ``Pss`` its share of all it maps. The parent then times one full collection.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from bench_engine import config, play

from animayhem.cards.database import CardDB
from animayhem.decks.starters import starter_decks

FIELDS = ("Rss", "Pss", "Shared_Dirty", "Private_Dirty")


def _work(first_seed: int, games: int) -> dict[str, int]:
    for s in range(first_seed, first_seed + games):
        play(config(2, s), s, views=True)
    gc.collect()
    out = {}
    with open(f"/proc/{os.getpid()}/smaps_rollup") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in FIELDS:
                out[key] = int(value.split()[0]) // 1024
    return out


def one_way(settle: bool, games: int) -> dict[str, object]:
    CardDB.bundled()
    starter_decks()
    config(2, 0)
    if settle:  # what animayhem.heap.settle does, written out so that a copy runs on an older tree too
        gc.collect()
        gc.freeze()
    with ProcessPoolExecutor(2) as pool:
        workers = list(pool.map(_work, [0, 1000], [games, games]))
    t0 = time.perf_counter()
    gc.collect()
    pause_ms = (time.perf_counter() - t0) * 1e3
    return {"settled": settle, "workers": workers, "full_collection_ms": round(pause_ms, 1)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=15, help="games each worker plays")
    ap.add_argument("--one", choices=("plain", "settled"), help=argparse.SUPPRESS)  # one way, in this process
    args = ap.parse_args(argv)
    if args.one:
        print(json.dumps(one_way(args.one == "settled", args.games)))
        return 0
    here = Path(__file__).resolve()
    for way in ("plain", "settled"):
        done = subprocess.run(
            [sys.executable, str(here), "--one", way, "--games", str(args.games)],
            capture_output=True,
            text=True,
            check=True,
        )
        r = json.loads(done.stdout)
        cells = "; ".join(", ".join(f"{k} {w[k]}" for k in FIELDS) for w in r["workers"])
        print(f"{way:8s} workers (MB): {cells}; a full collection in the parent: {r['full_collection_ms']} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
