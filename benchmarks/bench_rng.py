"""The two game generators side by side (engine/core/rng.py), run on demand::

    .venv/bin/python benchmarks/bench_rng.py            # 200 000 draws each, then 20 whole games each

Times ``below(n)`` draws (the engine's only use of randomness) for SplitMix64 and for the keyed BLAKE2b
generator, then whole seeded heuristic games under each (``GameConfig.rng``). Figures in docs/web.md.
"""

from __future__ import annotations

import argparse
import time

from animayhem.agents import make_agent
from animayhem.decks.starters import starter_decks
from animayhem.engine.core.config import DeckList, GameConfig, SeatConfig
from animayhem.engine.core.rng import KeyedRng, Rng, seed_key
from animayhem.engine.game import Game


def draws(n: int) -> dict[str, float]:
    out = {}
    for name, rng in (("splitmix64", Rng(12345)), ("keyed", KeyedRng(seed_key(12345)))):
        t = time.perf_counter()
        for i in range(n):
            rng.below(2 + i % 40)
        out[name] = (time.perf_counter() - t) / n * 1e9
    return out


def games(n: int) -> dict[str, tuple[float, int]]:
    decks = list(starter_decks().values())
    out = {}
    for kind in ("splitmix64", "keyed"):
        t = time.perf_counter()
        drawn = 0
        for seed in range(n):
            seats = tuple(SeatConfig(DeckList.from_deck(decks[(seed + i) % len(decks)])) for i in range(2))
            g = Game(GameConfig(seats=seats, seed=seed, rng=kind))
            agents = [make_agent("heuristic", seed * 31 + i) for i in range(2)]
            while not g.over:
                seat = g.to_move
                assert seat is not None
                g.apply(agents[seat].choose(g.view(seat), g.legal_actions()))
            drawn += g.state.rng if kind == "keyed" else 0
        out[kind] = ((time.perf_counter() - t) / n, drawn // n)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--draws", type=int, default=200_000)
    ap.add_argument("--games", type=int, default=20)
    args = ap.parse_args()
    for name, ns in draws(args.draws).items():
        print(f"{name:>10}: {ns:6.0f} ns per below()")
    for name, (secs, per_game) in games(args.games).items():
        extra = f", {per_game} outputs per game" if per_game else ""
        print(f"{name:>10}: {secs * 1000:7.1f} ms per 2-seat heuristic game{extra}")


if __name__ == "__main__":
    main()
