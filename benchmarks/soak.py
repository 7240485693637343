"""Soak test (on demand): many seeded games, invariants and the leak check after every decision.

    .venv/bin/python benchmarks/soak.py                    # 10,240 games (about 2-4 hours on one core)
    .venv/bin/python benchmarks/soak.py --games 400        # a shorter run
    .venv/bin/python benchmarks/soak.py --out soak.json    # write the figures (also every 50 games)
    .venv/bin/python benchmarks/soak.py --games 240 --first-seed 1000   # games no earlier run played

The games cycle through presets (classic, dbz, guia, fifth) × 1-5 seats × both layouts × deck sources
(the bundled starter decks, rotated; decks generated for the preset and seat count; generated decks whose
Draw piles start with every card that looks at hidden cards, LOOK_CARDS) × agents (random, heuristic): 240
kinds of game, the seed growing with each round of them. After every decision:
``invariants.problems`` (every card in one zone, Items add up, …) and the leak check of
``engine/checks/leaks.py`` for every seat (its view, its new events and, for the deciding seat, the prompt and
every legal action's text). Every 20th game is also replayed from its actions and must reach the same
state. An exception, a broken invariant, a leak or a replay mismatch is counted and the first few are
kept with what reproduces them. CI runs a small sample of the same checks (tests/test_engine_property.py).
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import json
import time
import traceback
from pathlib import Path
from typing import Any

from animayhem.agents import make_agent
from animayhem.decks.generate import new_deck
from animayhem.decks.starters import starter_decks
from animayhem.engine.checks import invariants
from animayhem.engine.checks.leaks import LeakCheck
from animayhem.engine.core.config import DeckList, GameConfig, SeatConfig
from animayhem.engine.game import Game
from animayhem.rules.ruleset import get_ruleset

PRESETS = ("classic", "dbz", "guia", "fifth")
SEATS = (1, 2, 3, 4, 5)
LAYOUTS = ("grid", "lines")
SOURCES = ("starter", "generated", "looks")
# the cards that look at hidden cards (engine/effects/looks.py): every kind of look in play, for the leak check
LOOK_CARDS = ("light", "scouter", "survey", "jacking-in", "peep-hole", "dream-mirror", "dragon-radar")
AGENTS = ("random", "heuristic")
KINDS = list(itertools.product(PRESETS, SEATS, LAYOUTS, SOURCES, AGENTS))
MAX_DECISIONS = 20_000  # a game still going is reported (unfinished, and among first_problems)


def decks(preset: str, seats: int, source: str, seed: int) -> tuple[DeckList, ...]:
    if source == "starter":
        starters = list(starter_decks().values())
        return tuple(DeckList.from_deck(starters[(seed + i) % len(starters)]) for i in range(seats))
    out = tuple(DeckList.from_deck(new_deck(seats, preset, seed=seed * 10 + i)) for i in range(seats))
    if source == "looks":
        out = tuple(dataclasses.replace(d, draw=(*LOOK_CARDS, *d.draw[len(LOOK_CARDS) :])) for d in out)
    return out


def play(kind: tuple[str, int, str, str, str], seed: int) -> dict[str, Any]:
    preset, seats, layout, source, agent = kind
    cfg = GameConfig(
        seats=tuple(SeatConfig(d, name=f"P{i}") for i, d in enumerate(decks(preset, seats, source, seed))),
        ruleset=get_ruleset(preset),
        layout=layout,  # type: ignore[arg-type]
        seed=seed,
    )
    out: dict[str, Any] = {"decisions": 0, "invariant_breaks": 0, "leaks": 0, "exception": None, "replay": None}
    problems: list[str] = []
    try:
        g = Game(cfg)
        agents = [make_agent(agent, seed * 31 + i) for i in range(seats)]
        check = LeakCheck(seats)
        seen = 0
        while True:
            probs = invariants.problems(g)
            leaked: list[str] = []
            for seat in range(seats):
                mine = [e for e in g.log[seen:] if e.get("to") is None or seat in e["to"]]
                leaked += check.check(g, seat, g.view(seat), mine)
            seen = len(g.log)
            if probs:
                out["invariant_breaks"] += 1
                problems += probs[:2]
            if leaked:
                out["leaks"] += len(leaked)
                problems += leaked[:2]
            if g.over or out["decisions"] >= MAX_DECISIONS:
                break
            mover = g.to_move
            assert mover is not None
            g.apply(agents[mover].choose(g.view(mover), g.legal_actions()))
            out["decisions"] += 1
        if seed % 20 == 0:
            again = Game.restore(cfg, g.history)
            out["replay"] = again.state_hash() == g.state_hash()
        out["over"] = g.over
        if not g.over:  # named with the game, as a problem: which games never end is what to look into
            problems.append(f"not over after {out['decisions']} decisions")
    except Exception as exc:  # counted and reported, never hidden
        out["exception"] = f"{type(exc).__name__}: {exc}"
        problems.append(traceback.format_exc(limit=3))
    out["problems"] = problems[:4]
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=len(KINDS) * 64)
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--first-seed", type=int, default=0, help="the seed of the first round of kinds (new games: not 0)")
    args = ap.parse_args()
    totals: dict[str, Any] = {
        "games": 0,
        "decisions": 0,
        "exceptions": 0,
        "invariant_breaks": 0,
        "leaks": 0,
        "replays": 0,
        "replay_mismatches": 0,
        "unfinished": 0,
        "seconds": 0.0,
        "first_problems": [],
    }
    start = time.process_time()
    for n in range(args.games):
        kind = KINDS[n % len(KINDS)]
        seed = args.first_seed + n // len(KINDS)
        r = play(kind, seed)
        totals["games"] += 1
        totals["decisions"] += r["decisions"]
        totals["exceptions"] += r["exception"] is not None
        totals["invariant_breaks"] += r["invariant_breaks"]
        totals["leaks"] += r["leaks"]
        totals["unfinished"] += r["exception"] is None and not r.get("over", False)
        if r["replay"] is not None:
            totals["replays"] += 1
            totals["replay_mismatches"] += not r["replay"]
        if r["problems"] and len(totals["first_problems"]) < 10:
            totals["first_problems"].append({"kind": list(kind), "seed": seed, "problems": r["problems"]})
        totals["seconds"] = round(time.process_time() - start, 1)
        if args.out is not None and (n % 50 == 49 or n == args.games - 1):
            args.out.write_text(json.dumps(totals, indent=1) + "\n")
    print(json.dumps(totals, indent=1))


if __name__ == "__main__":
    main()
