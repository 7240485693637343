"""Behaviour fingerprint of the engine, run on demand (not collected by pytest)::

    .venv/bin/python benchmarks/fingerprint.py            # 200 games, prints one hash
    .venv/bin/python benchmarks/fingerprint.py --games 2  # seeds per (preset, seats, agent): 4 x 5 x 2 x N games
    .venv/bin/python benchmarks/fingerprint.py --verbose  # also one hash per game

Plays a fixed set of seeded games (every ruleset preset, 1-5 seats, ``random`` and ``heuristic`` agents,
the bundled starter decks legal for the seat count, rotated) and folds into one SHA-256: every decision
posed (seat, kind, prompt, legal actions), the view the deciding seat was given, the action taken, the
final ``state_hash``, the result and the whole event log. Every game is also replayed from its action
list (``Game.restore``) and cloned half-way, and both must reach the same state hash.

A change meant only to make the engine faster must leave the printed hash unchanged.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time

from animayhem.agents import make_agent
from animayhem.agents.simulate import legal_starters
from animayhem.decks.starters import starter_decks
from animayhem.engine.core.config import DeckList, GameConfig, SeatConfig
from animayhem.engine.game import Game
from animayhem.rules.ruleset import RULESETS


def config(preset: str, seats: int, seed: int) -> GameConfig:
    pool = legal_starters(seats)
    decks = starter_decks()
    return GameConfig(
        seats=tuple(
            SeatConfig(deck=DeckList.from_deck(decks[pool[(seed + k) % len(pool)]]), name=f"P{k}") for k in range(seats)
        ),
        ruleset=RULESETS[preset],
        seed=seed,
    )


def _dump(obj: object) -> bytes:
    return json.dumps(obj, default=repr, separators=(",", ":")).encode()


def game_hash(preset: str, seats: int, agent: str, seed: int) -> str:
    cfg = config(preset, seats, seed)
    game = Game(cfg)
    agents = [make_agent(agent, seed * 10 + k) for k in range(seats)]
    h = hashlib.sha256()
    mid_state: Game | None = None
    while not game.over:
        p = game.decision
        assert p is not None
        view = game.view(p.seat)
        h.update(_dump([p.seat, p.kind, p.prompt, p.actions]))
        h.update(_dump(view))
        action = agents[p.seat].choose(view, game.legal_actions())
        h.update(action.encode())
        game.apply(action)
        if mid_state is None and len(game.history) >= 40:
            mid_state = game.clone()
    final = game.state_hash()
    h.update(_dump([game.history, final, game.result, game.log]))
    # replay and clone must reach the same state
    assert Game.restore(cfg, game.history).state_hash() == final, "restore differs"
    if mid_state is not None:
        for a in game.history[len(mid_state.history) :]:
            mid_state.apply(a)
        assert mid_state.state_hash() == final, "clone differs"
    return h.hexdigest()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=5, help="seeds per (preset, seats, agent); default 5 = 200 games")
    ap.add_argument("--verbose", action="store_true", help="print one hash per game")
    args = ap.parse_args()
    total = hashlib.sha256()
    n = 0
    t0 = time.perf_counter()
    for preset in RULESETS:
        for seats in range(1, 6):
            for agent in ("random", "heuristic"):
                for seed in range(args.games):
                    gh = game_hash(preset, seats, agent, seed)
                    total.update(gh.encode())
                    n += 1
                    if args.verbose:
                        print(f"{preset:8} {seats} {agent:9} {seed:3} {gh[:16]}", flush=True)
    print(f"{n} games in {time.perf_counter() - t0:.1f} s")
    print(f"fingerprint {total.hexdigest()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
