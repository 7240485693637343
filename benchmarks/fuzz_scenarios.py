"""Random scenario positions, loaded and played at random: how often does something other than a clean
ScenarioError come out, and does anything hang? (on demand; see benchmarks/README.md)

Each seed builds a plausible position (1-3 seats, Havens, a few Locations with stacks under them, Characters
with Items, Disasters on, off or entering the Field, random piles, a random preset, layout and phase),
writes it as YAML, loads it with the scenario loader and plays up to 60 random legal actions. The outcome
of each seed is one of: refused (a ScenarioError), played, an exception (its type and the first seed), or a
hang (no answer within the per-seed time limit, Unix only).

    .venv/bin/python benchmarks/fuzz_scenarios.py                 # 1000 seeds
    .venv/bin/python benchmarks/fuzz_scenarios.py --seeds 200 --start 5000 --json
    .venv/bin/python benchmarks/fuzz_scenarios.py --dump 205      # print that seed's scenario file
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import sys
import time
import traceback
from collections import Counter
from typing import Any

import yaml

from animayhem.engine.checks.invariants import problems
from animayhem.records.scenario import ScenarioError, loads

LOCATIONS = ["genom-tower", "hot-springs-house", "island-restaurant", "tank-police-hq"]
CHARACTERS = ["tenchi-masaki", "nene-romanova", "little-washu", "kiriya", "p-chan", "super-saiyan-goku", "lunch"]
DISASTERS = [
    "goons",
    "bugrom-type-1",
    "pterodactyl",
    "everyones-after-me",
    "3-way-rumble",
    "kodachi-kuno-the-black-rose",
    "brian-j-mason",
    "miss-hinako",
]
OTHERS = ["speed", "wrath-of-the-eye-of-god", "clean-livin", "control-cube"]
COMBAT = ["parry-handsome-lad", "smash-stupefaction", "club-stunning-smile", "dodge-puppy-dog-eyes"]
ANY = CHARACTERS + DISASTERS + OTHERS  # what a hand or a Draw pile may hold (never an Item, SETUP-31)
ITEMS = ["keys", "cross", "3-dragon-balls"]
HELD = [*ITEMS, "control-cube"]
UNDER = DISASTERS + ITEMS
PHASES = ["discard", "reload", "maintenance", "equip", "move", "scavenge"]


def position(seed: int) -> dict[str, Any]:
    r = random.Random(seed)
    n = r.randint(1, 3)
    cells = [[x, y] for x in range(-1, 3) for y in range(-1, 3)]
    r.shuffle(cells)
    field: list[dict[str, Any]] = [
        {
            "cell": cells.pop(),
            "card": "masaki-house",
            "owner": s,
            "haven": True,
            "stored": r.sample(ANY, r.randint(0, 1)),
        }
        for s in range(n)
    ]
    field += [
        {
            "cell": cells.pop(),
            "card": r.choice(LOCATIONS),
            "owner": r.randrange(n),
            "under": r.sample(ANY, r.randint(0, 3)),
        }
        for _ in range(r.randint(0, 4))
    ]
    used = [f["cell"] for f in field]
    characters: list[dict[str, Any]] = []
    for _ in range(r.randint(0, 4)):
        ch: dict[str, Any] = {"card": r.choice(CHARACTERS), "owner": r.randrange(n)}
        if r.random() < 0.15:
            ch["bonked"] = True
        else:
            ch |= {"at": list(r.choice(used)), "carried": r.sample(HELD, r.randint(0, 2)), "moved": r.random() < 0.3}
        characters.append(ch)
    disasters: list[dict[str, Any]] = []
    for _ in range(r.randint(0, 3)):
        d: dict[str, Any] = {"card": r.choice(DISASTERS), "owner": r.randrange(n)}
        if r.random() < 0.2:
            d["off_field"] = True
        elif r.random() < 0.8:
            d["at"] = list(r.choice(used))
        if r.random() < 0.3:
            d["item"] = r.choice(ITEMS)
        if r.random() < 0.3:
            d["controller"] = r.randrange(n)
        disasters.append(d)
    seats = [
        {
            "name": f"S{i}",
            "hand": r.sample(ANY, r.randint(0, 7)),
            "draw": r.sample(ANY, r.randint(0, 5)),
            "combat": r.sample(COMBAT, r.randint(0, 4)),
            "discard": r.sample(ANY + ITEMS, r.randint(0, 3)),
            "destroyed": r.sample(ANY + ITEMS, r.randint(0, 2)),
        }
        for i in range(n)
    ]
    return {
        "name": f"fuzz {seed}",
        "rules": ["MISC-1"],
        "ruleset": r.choice(["classic", "dbz", "guia", "fifth"]),
        "seed": r.randrange(1000),
        "layout": r.choice(["grid", "lines"]),
        "seats": seats,
        "field": field,
        "characters": characters,
        "disasters": disasters,
        "start": {"active": r.randrange(n), "phase": r.choice(PHASES)},
    }


class Hang(Exception):
    pass


def _alarm(signum: int, frame: Any) -> None:
    raise Hang


def run_seed(seed: int, limit: float) -> tuple[str, str]:
    """(outcome, detail): refused, played, broken (an invariant), hang, or an exception's type."""
    r = random.Random(seed ^ 0x5EED)
    text = yaml.safe_dump(position(seed))
    signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        game, *_ = loads(text, f"fuzz-{seed}.yaml")
        for _ in range(60):
            if game.over:
                break
            game.apply(r.choice(game.legal_actions()))
        broken = problems(game)
        return ("broken", broken[0]) if broken else ("played", "")
    except ScenarioError as exc:
        return "refused", str(exc).split(":", 2)[-1].strip()
    except Hang:
        return "hang", ""
    except Exception as exc:
        where = traceback.extract_tb(exc.__traceback__)[-1]
        return type(exc).__name__, f"{exc} ({where.filename.rsplit('/', 1)[-1]}:{where.lineno})"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", type=int, default=1000)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--limit", type=float, default=5.0, help="seconds per seed before it counts as a hang")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--dump", type=int, help="print one seed's scenario file and stop")
    args = ap.parse_args()
    if args.dump is not None:
        print(yaml.safe_dump(position(args.dump), sort_keys=False))
        return
    signal.signal(signal.SIGALRM, _alarm)
    outcomes: Counter[str] = Counter()
    first: dict[str, tuple[int, str]] = {}
    start = time.perf_counter()
    for seed in range(args.start, args.start + args.seeds):
        outcome, detail = run_seed(seed, args.limit)
        outcomes[outcome] += 1
        if outcome not in ("refused", "played"):
            first.setdefault(f"{outcome}: {detail.split('{')[0]}"[:160], (seed, detail))
    took = time.perf_counter() - start
    if args.json:
        out = {"seeds": args.seeds, "seconds": round(took, 1), "outcomes": dict(outcomes), "first": first}
        print(json.dumps(out, indent=1))
        return
    print(
        f"{args.seeds} seeds from {args.start} in {took:.1f}s: "
        + ", ".join(f"{k} {v}" for k, v in outcomes.most_common())
    )
    for key, (seed, _) in sorted(first.items(), key=lambda kv: kv[1][0]):
        print(f"  first at seed {seed}: {key}")
    sys.exit(1 if first else 0)


if __name__ == "__main__":
    main()
