"""Batches on a Dask cluster (the ``dist`` extra): ``animayhem simulate --engine dask [--address tcp://…]``.

Every game of a batch is a pure function of its :class:`~animayhem.agents.simulate.GameSpec`, so the games
are sent to the cluster's workers as they are and their outcomes put back in game order: the report is the
same whatever the engine and the number of workers. Without an address a ``LocalCluster`` of ``workers``
processes (one thread each) is started for the batch and closed after it. A remote cluster's workers need
animayhem installed (the same version: the report depends on the engine).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from dask.distributed import Client, LocalCluster, as_completed

from animayhem.agents.simulate import GameOutcome, GameSpec, play_game
from animayhem.heap import settle

Runner = Callable[[Sequence[GameSpec], Callable[[GameOutcome], None] | None], list[GameOutcome]]


def dask_runner(address: str | None = None, workers: int = 1) -> Runner:
    """A runner for :func:`animayhem.agents.simulate.simulate` that plays the games on Dask."""

    def run(specs: Sequence[GameSpec], progress: Callable[[GameOutcome], None] | None) -> list[GameOutcome]:
        cluster: LocalCluster | None = None
        if address:
            client = Client(address)
        else:
            cluster = LocalCluster(
                n_workers=max(1, workers), threads_per_worker=1, processes=True, dashboard_address=None
            )
            client = Client(cluster)
        try:
            client.run(settle)  # each worker's heap settled before it plays (animayhem/heap.py)
            futures = client.map(play_game, list(specs), pure=False)
            done: dict[int, GameOutcome] = {}
            order = [sp.index for sp in specs]
            nxt = 0
            for fut in as_completed(futures):
                o: GameOutcome = fut.result()
                done[o.index] = o
                while nxt < len(order) and order[nxt] in done:  # report progress in game order
                    if progress is not None:
                        progress(done[order[nxt]])
                    nxt += 1
            return [done[i] for i in order]
        finally:
            client.close()
            if cluster is not None:
                cluster.close()

    return run
