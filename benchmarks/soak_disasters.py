"""Soak (on demand): seeded all-AI games on decks full of Disasters whose text the engine executes (and, with
``--decks power``, whose Power cards are all Equipment and Enhancements), across every preset, 1-5 seats and
both layouts, invariants and hidden information checked after every decision.

    .venv/bin/python benchmarks/soak_disasters.py --games 400          # about 400 games
    .venv/bin/python benchmarks/soak_disasters.py --games 40 --agents random
    .venv/bin/python benchmarks/soak_disasters.py --decks power --games 160   # Cards II: Equipment, Enhancements

Prints games, decisions, exceptions, invariant breaks, hidden-information leaks and the effect events seen
(with ``--decks power`` also the Power cards played and how many different ones), and exits 1 on any failure
(the failing seed and configuration are printed). The CI-sized samples are
tests/test_engine_property.py::test_random_play_with_disasters_that_act and
::test_random_play_with_equipment_and_enhancements.
"""

from __future__ import annotations

import argparse
import collections
import importlib
import itertools
import sys
import time
import traceback
from pathlib import Path
from typing import Any

from animayhem.agents import make_agent
from animayhem.engine.checks import invariants
from animayhem.engine.checks.leaks import LeakCheck
from animayhem.engine.game import Game

# the property test's deck builder and hidden-information helpers, so the soak checks what CI checks
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
_prop: Any = importlib.import_module("test_engine_property")
MAX_ACTIONS, disaster_config = _prop.MAX_ACTIONS, _prop.disaster_config
CONFIGS = {"disasters": disaster_config, "power": _prop.power_config}

PRESETS = ("classic", "dbz", "guia", "fifth")
EFFECT_EVENTS = (
    "effect_started",
    "effect_ended",
    "disaster_overcome",
    "item_removed",
    "card_removed",
    "location_wiped",
    "location_blocked",
    "character_sent_home",
    "character_moved_by_card",
    "health_damage",
    "hand_reshuffled",
)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--agents", default="random,heuristic", help="comma-separated agent kinds, rotated")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--progress", action="store_true", help="a line after every game")
    ap.add_argument("--decks", choices=sorted(CONFIGS), default="disasters", help="which decks (default: disasters)")
    args = ap.parse_args(argv)
    kinds = args.agents.split(",")
    grid = list(itertools.product(PRESETS, (1, 2, 3, 4, 5), ("grid", "lines"), kinds))
    games = decisions = errors = broken = leaks = 0
    seen: collections.Counter[str] = collections.Counter()
    powers: collections.Counter[str] = collections.Counter()  # Power cards played (Equip phase, Flash Effects)
    t0 = time.perf_counter()
    for n in range(args.games):
        preset, seats, layout, kind = grid[n % len(grid)]
        seed = args.seed + n
        try:
            game = Game(CONFIGS[args.decks](preset, seats, layout, seed))
            agents = [make_agent(kind, seed * 10 + k) for k in range(seats)]
            shown = 0
            where = f"{preset} {seats} {layout} {kind} seed={seed}"
            check = LeakCheck(seats)  # the property test's leak check: views, events, prompts, action texts
            while not game.over and len(game.history) < MAX_ACTIONS:
                seat = game.to_move
                assert seat is not None
                view = game.view(seat)
                game.apply(agents[seat].choose(view, game.legal_actions()))
                problems = invariants.problems(game)
                if problems:
                    broken += 1
                    print(f"invariant: {where}: {problems[:2]}")
                    break
                new, shown = game.log[shown:], len(game.log)
                found = []
                for s in range(seats):
                    mine = [e for e in new if e.get("to") is None or s in e["to"]]
                    found += check.check(game, s, game.view(s), mine)
                if found:
                    leaks += 1
                    print(f"leak: {where} after decision {len(game.history)}: {found[:2]}")
                    break
            decisions += len(game.history)
            games += 1
            if args.progress:
                print(f"game {n}: {where}, {len(game.history)} decisions", flush=True)
            seen.update(e["e"] for e in game.log if e["e"] in EFFECT_EVENTS)
            powers.update(e["card"] for e in game.log if e["e"] in ("power_played", "flash_played") and "card" in e)
        except Exception:
            errors += 1
            print(f"error: {preset} {seats} {layout} {kind} seed={seed}")
            traceback.print_exc(limit=3)
    dt = time.perf_counter() - t0
    print(f"games {games}, decisions {decisions}, exceptions {errors}, invariant breaks {broken}, leaks {leaks}")
    print(f"{dt:.0f} s; effect events: {dict(sorted(seen.items()))}")
    if args.decks == "power":
        print(f"Power cards played: {sum(powers.values())} times, {len(powers)} different cards")
    return 1 if errors or broken or leaks else 0


if __name__ == "__main__":
    sys.exit(main())
