"""The batch whose instructions are counted (deterministic, unlike the clock), run on demand::

    PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \\
        .venv/bin/python benchmarks/count_instructions.py --seeds 10           # set-up and the games
    PYTHONHASHSEED=0 valgrind ... .venv/bin/python benchmarks/count_instructions.py --seeds 0  # set-up only

The difference of the two totals (``I refs``) is what the games cost; divided by the decisions this script
prints, what a decision costs. The games are ``bench_engine.py``'s 2-seat random games with views, seeds 0 to
N-1, so the figure compares with earlier ones in benchmarks/README.md. Run it in two checkouts to compare
trees; the decisions (and the printed fingerprint of the games) must be equal for the comparison to hold.
"""

from __future__ import annotations

import argparse
import hashlib

from bench_engine import config, play

from animayhem.cards.database import CardDB
from animayhem.decks.starters import starter_decks


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", type=int, default=10, help="games: seeds 0 to N-1 (0: only the set-up)")
    args = ap.parse_args(argv)
    CardDB.bundled()
    starter_decks()
    config(2, 0)
    decisions = 0
    digest = hashlib.sha256()
    for seed in range(args.seeds):
        game = play(config(2, seed), seed, views=True)
        decisions += len(game.history)
        digest.update(game.state_hash().encode())
    print(f"games {args.seeds}, decisions {decisions}, fingerprint {digest.hexdigest()[:16]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
