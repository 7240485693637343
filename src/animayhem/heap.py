"""The process's heap once the card data is loaded: kept out of the cyclic garbage collector's way.

The bundled cards, the starter decks and the modules of animayhem are some 68,000 objects that live as long as
the process. Python's collector walks every one of them at each full collection, and in doing so writes to the
memory pages that a forked worker process shares with its parent, so the system copies them into the worker.
:func:`settle` loads them, collects what is already garbage, and freezes what is left (``gc.freeze``): the
collector no longer walks them. Measured (``benchmarks/bench_heap.py``): each of two forked workers holds 15-16
MB of its own instead of 26-27 after 15 games, and a full collection in the parent takes 0.2 ms instead of 25.
The games themselves run no faster: full collections are rare in a batch.

The process's owner calls it: the faces whose process plays many games (``animayhem simulate`` and its worker
processes, ``animayhem serve``; one game at the terminal gains nothing worth a collection at start-up). The
library never calls it for a program that only imports animayhem: freezing moves every object alive at that
moment, the program's own ones included, out of the collector's reach for good, which the program should
choose. Nothing of a game depends on it: the same games come out either way.
"""

from __future__ import annotations

import gc

from animayhem.cards.database import CardDB
from animayhem.decks.starters import starter_decks

_settled = False


def settle() -> None:
    """Load the bundled cards and starter decks, then freeze every object alive (see the module's text). Once per
    process: a second call does nothing; a process forked from a settled one is settled."""
    global _settled
    if _settled:
        return
    CardDB.bundled()
    starter_decks()
    gc.collect()  # what is garbage now is freed, not frozen
    gc.freeze()
    _settled = True


def settled() -> bool:
    """Whether :func:`settle` ran in this process (or in the one it was forked from)."""
    return _settled
