"""Behaviour fingerprint of the engine, run on demand::

    .venv/bin/python benchmarks/fingerprint.py            # 200 games, prints one hash
    .venv/bin/python benchmarks/fingerprint.py --games 2  # seeds per (preset, seats, agent): 4 x 5 x 2 x N games
    .venv/bin/python benchmarks/fingerprint.py --verbose  # also one hash per game
    .venv/bin/python benchmarks/fingerprint.py --pin      # rewrite tests/data/fingerprint.json (seed 0's 40 games)

Plays a fixed set of seeded games (every ruleset preset, 1-5 seats, ``random`` and ``heuristic`` agents,
the bundled starter decks legal for the seat count, rotated) and folds into one SHA-256: every decision
posed (seat, kind, prompt, legal actions), the view the deciding seat was given, the action taken, the
final ``state_hash``, the result and the whole event log. Every game is also replayed from its action
list (``Game.restore``) and cloned half-way, and both must reach the same state hash. The games and the
hash are ``animayhem.agents.fingerprint``'s; ``tests/test_fingerprint.py`` checks seed 0's 40 games against
the hashes pinned in ``tests/data/fingerprint.json``.

A change meant only to make the engine faster must leave the printed hash unchanged; a change of the games
(a rules fix, an AI mend) re-pins the test's hashes with ``--pin`` and says so in its commit.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

from animayhem.agents.fingerprint import game_hash, games, label

PINNED = Path(__file__).resolve().parent.parent / "tests" / "data" / "fingerprint.json"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=5, help="seeds per (preset, seats, agent); default 5 = 200 games")
    ap.add_argument("--verbose", action="store_true", help="print one hash per game")
    ap.add_argument("--pin", action="store_true", help="write seed 0's 40 game hashes to tests/data/fingerprint.json")
    args = ap.parse_args()
    if args.pin:
        pinned = {label(*g): game_hash(*g) for g in games(1)}
        PINNED.write_text(json.dumps(pinned, indent=1) + "\n", encoding="utf-8")
        print(f"{len(pinned)} game hashes written to {PINNED}")
        return 0
    total = hashlib.sha256()
    n = 0
    t0 = time.perf_counter()
    for g in games(args.games):
        gh = game_hash(*g)
        total.update(gh.encode())
        n += 1
        if args.verbose:
            print(f"{label(*g):28} {gh[:16]}", flush=True)
    print(f"{n} games in {time.perf_counter() - t0:.1f} s")
    print(f"fingerprint {total.hexdigest()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
