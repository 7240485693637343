"""The batch whose instructions are counted (deterministic, unlike the clock), run on demand::

    PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \\
        .venv/bin/python benchmarks/count_instructions.py --seeds 10           # set-up and the games
    PYTHONHASHSEED=0 valgrind ... .venv/bin/python benchmarks/count_instructions.py --seeds 0  # set-up only

The difference of the two totals (``I refs``) is what the games cost; divided by the decisions this script
prints, what a decision costs. The games are ``bench_engine.py``'s 2-seat random games with views, seeds 0 to
N-1, so the figure compares with earlier ones in benchmarks/README.md. Run it in two checkouts to compare
trees; the decisions (and the printed fingerprint of the games) must be equal for the comparison to hold.

When the trees play different games (cards that act in one and not the other), ``--matched`` compares the same
games: every card but the Disasters loses its effects in both trees, and ``--only 0,5,7`` keeps the seeds whose
games the two trees play alike (the printed decisions and histories fingerprint agree). To run this script on
another tree's code, copy it out of this folder first (Python puts a script's own folder first on its path) and
run the copy with ``PYTHONPATH=OTHER/src:OTHER/benchmarks``.

``--ismcts N`` counts the search AI instead: ``bench_research.py``'s ISMCTS game (seed 100, ISMCTS in seat 0 at
its default budget of iterations, the heuristic in seat 1) played until ISMCTS has searched N decisions; the
figure is the instructions a searched decision costs (the other decisions of both seats included). The budget
being iterations, two trees whose engine plays alike make the same decisions.
"""

from __future__ import annotations

import argparse
import hashlib

from bench_engine import config, play

from animayhem.agents.heuristic import HeuristicAgent
from animayhem.agents.infoset import InfoSet
from animayhem.agents.ismcts import IsmctsAgent
from animayhem.cards.database import CardDB
from animayhem.cards.frozen import evolve
from animayhem.decks.starters import starter_decks
from animayhem.engine.game import Game
from animayhem.research.core import make_config


def _players_cards_stripped() -> None:
    """Every card but the Disasters without its effects, for every later ``CardDB.bundled()``."""
    bundled = CardDB.bundled()
    disasters = ("major-disaster", "minor-disaster")
    stripped = CardDB(
        [c if c.type.value in disasters else evolve(c, effects=()) for c in bundled],
        "bundled, the players' cards' effects removed",
    )
    CardDB.bundled = staticmethod(lambda: stripped)  # type: ignore[method-assign,assignment]


def ismcts(searched: int) -> tuple[int, int, str]:
    """bench_research's ISMCTS game until ``searched`` searched decisions (or its end): those, every decision
    played, and a digest of the actions."""
    g = Game(make_config(2, seed=100))
    me, other = IsmctsAgent(0), HeuristicAgent(0)
    done = 0
    while not g.over and done < searched:
        seat = g.to_move
        assert seat is not None
        if seat == 0:
            a = me.choose_infoset(InfoSet(g, 0))
            done += me.last_iterations > 0
        else:
            a = other.choose(g.view(seat), g.legal_actions())
        g.apply(a)
    return done, len(g.history), hashlib.sha256(" ".join(g.history).encode()).hexdigest()[:16]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", type=int, default=10, help="games: seeds 0 to N-1 (0: only the set-up)")
    ap.add_argument("--only", default=None, help="games: these seeds (comma-separated; empty: only the set-up)")
    ap.add_argument("--matched", action="store_true", help="the players' cards without effects (Disasters keep theirs)")
    ap.add_argument("--per-seed", action="store_true", help="also a line per game: seed, decisions, history digest")
    ap.add_argument("--ismcts", type=int, default=None, help="count the ISMCTS game instead: N searched decisions")
    args = ap.parse_args(argv)
    CardDB.bundled()
    if args.matched:
        _players_cards_stripped()
    starter_decks()
    config(2, 0)
    if args.ismcts is not None:
        Game(make_config(2, seed=0))
        searched, decisions, digest_ = ismcts(args.ismcts) if args.ismcts else (0, 0, "-")
        print(f"searched {searched}, decisions {decisions}, histories {digest_}")
        return 0
    seeds = range(args.seeds) if args.only is None else [int(x) for x in args.only.split(",") if x.strip()]
    decisions = 0
    digest = hashlib.sha256()
    histories = hashlib.sha256()
    for seed in seeds:
        game = play(config(2, seed), seed, views=True)
        decisions += len(game.history)
        digest.update(game.state_hash().encode())
        histories.update(" ".join(game.history).encode())
        if args.per_seed:
            one = hashlib.sha256(" ".join(game.history).encode()).hexdigest()[:16]
            print(f"seed {seed} decisions {len(game.history)} history {one}")
    print(
        f"games {len(seeds)}, decisions {decisions}, fingerprint {digest.hexdigest()[:16]}, "
        f"histories {histories.hexdigest()[:16]}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
