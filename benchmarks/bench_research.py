"""Research adapters against the raw engine: decisions (steps) a second, and ISMCTS decisions a second.

    .venv/bin/python benchmarks/bench_research.py            # ~1-2 min on one core
    .venv/bin/python benchmarks/bench_research.py --json

Every figure plays the same seeded games with uniformly random legal actions (CPU time, one core):

* raw engine: ``view(seat)`` + ``legal_actions()`` + ``apply`` (what an AI face does each decision);
* PettingZoo: ``env.last()`` (observation vector, mask) + ``env.step`` with a random masked action;
* OpenSpiel: ``legal_actions()`` + ``observation_tensor()`` + ``apply_action``;
* ISMCTS: the default budget, seat 0 against the heuristic in 2-seat games: every decision of seat 0, and
  only the ones it searches (the others follow the heuristic at once).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

import numpy as np
import pyspiel

import animayhem.research.openspiel  # noqa: F401  (registers python_animayhem)
from animayhem.agents.heuristic import HeuristicAgent
from animayhem.agents.infoset import InfoSet
from animayhem.agents.ismcts import IsmctsAgent
from animayhem.engine.game import Game
from animayhem.research.core import make_config
from animayhem.research.pettingzoo import env


def raw(players: int, games: int) -> tuple[int, float]:
    steps, t = 0, time.process_time()
    for seed in range(games):
        g = Game(make_config(players, seed=seed))
        rng = random.Random(seed)
        while not g.over:
            seat = g.to_move
            assert seat is not None
            g.view(seat)
            acts = g.legal_actions()
            g.apply(acts[rng.randrange(len(acts))])
            steps += 1
    return steps, time.process_time() - t


def pettingzoo(players: int, games: int) -> tuple[int, float]:
    steps, t = 0, time.process_time()
    e = env(players=players)
    for seed in range(games):
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for _agent in e.agent_iter():
            obs, _r, term, trunc, _info = e.last()
            if term or trunc:
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    return steps, time.process_time() - t


def openspiel(players: int, games: int) -> tuple[int, float]:
    game = pyspiel.load_game("python_animayhem", {"players": players})
    steps, t = 0, time.process_time()
    for seed in range(games):
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            acts = state.legal_actions()
            state.observation_tensor(state.current_player())
            state.apply_action(acts[rng.randrange(len(acts))])
            steps += 1
    return steps, time.process_time() - t


def ismcts(games: int) -> dict[str, Any]:
    all_n = searched_n = 0
    all_t = searched_t = 0.0
    for seed in range(games):
        g = Game(make_config(2, seed=100 + seed))
        me, other = IsmctsAgent(seed), HeuristicAgent(seed)
        while not g.over:
            seat = g.to_move
            assert seat is not None
            if seat == 0:
                t = time.process_time()
                a = me.choose_infoset(InfoSet(g, 0))
                dt = time.process_time() - t
                all_n, all_t = all_n + 1, all_t + dt
                if me.last_iterations:
                    searched_n, searched_t = searched_n + 1, searched_t + dt
            else:
                a = other.choose(g.view(seat), g.legal_actions())
            g.apply(a)
    return {
        "budget": str(me.budget),
        "decisions": all_n,
        "decisions_per_s": all_n / all_t if all_t else 0.0,
        "searched": searched_n,
        "searched_per_s": searched_n / searched_t if searched_t else 0.0,
        "searched_mean_s": searched_t / searched_n if searched_n else 0.0,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--ismcts-games", type=int, default=2)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    Game(make_config(2, seed=0))  # load the card database before any timing
    out: dict[str, Any] = {}
    for players in (1, 2):
        for name, fn in (("raw engine", raw), ("PettingZoo", pettingzoo), ("OpenSpiel", openspiel)):
            steps, secs = fn(players, args.games)
            out[f"{name}, {players} seat(s)"] = {"steps": steps, "seconds": secs, "steps_per_s": steps / secs}
    out["ISMCTS"] = ismcts(args.ismcts_games)
    if args.json:
        print(json.dumps(out, indent=1))
        return
    for k, v in out.items():
        if k == "ISMCTS":
            print(
                f"ISMCTS ({v['budget']}): {v['decisions_per_s']:.1f} decisions/s over all {v['decisions']} of its"
                f" decisions; {v['searched_per_s']:.2f}/s ({v['searched_mean_s'] * 1000:.0f} ms each) over the"
                f" {v['searched']} it searched"
            )
        else:
            print(f"{k}: {v['steps_per_s']:.0f} steps/s ({v['steps']} steps)")


if __name__ == "__main__":
    main()
