"""Generate docs/coverage.md: every rule id of RULES.md §1-§8 with the tests and scenarios that name it.

Usage: python tools/rule_coverage.py PATH/TO/RULES.md [--out docs/coverage.md]

A rule counts as covered when a test file (tests/) or a scenario (scenarios/) names its id. Rules no test
names yet are listed with the reason, from the table below (kept by hand, one line per family).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULE = re.compile(r"\b((?:SETUP|TURN|DIS|SCAV|COMBAT|CARD|WIN|MISC)-\d+)\b")
HEADING = re.compile(r"^\*\*((?:SETUP|TURN|DIS|SCAV|COMBAT|CARD|WIN|MISC)-\d+) — (.+?)\.?\*\*", re.MULTILINE)

# Why a rule has no test yet: the engine part that implements it is future work (or it is not a rule of play).
PENDING: dict[str, str] = {
    "CARD-": "Power cards and card-level rules: the complete-rulebook issue",
    "CARD-9": (
        "Havens with Attack or Defense (5E): none of the 16 Havens in the card data has Attack or Defense; the "
        "Locations that become a Haven with stats (Bugrom Homeland, Galaxy Police HQ) wait for SCAV-22"
    ),
    "CARD-17": (
        "limited uses (5E): 42 cards in the data print uses (Dimensional Hammer 3, Jump 2, Guru 3 ...), but using "
        "such a card on demand and Reloading it are card text (the effect language); the engine counts no uses yet"
    ),
    "CARD-22": (
        "Hold and No Action (5E): every card that Holds or takes actions away (Pay Attention, Temporal "
        "Disturbance, Time Out, Broken Back, Masaki Comes Visiting, Patiently Waiting; the Disasters Akane's "
        "Cooking, Political Investigation, Miss Hinako ...) does it by card text not executed yet"
    ),
    "DIS-27": (
        "Disasters allied with Characters (5E): no Disaster in the card data allies with Characters (Mystery Foe "
        "and Demon Hordes ally with Disasters, DIS-26), so no game can reach the rule"
    ),
    "DIS-28": "Horde: the complete-rulebook issue",
    "MISC-6": (
        "rock-paper-scissors (5E): the cards that call for it (the Jan-Ken-Pon and Rock/Paper/Scissors Flash "
        "Effects, the Alien Battleship and Raiichi & Zaakro Disasters, Nanami Rokugo's Energy Attack) are card "
        "text not executed yet, and their throws are simultaneous hidden choices the decision model lacks"
    ),
    "MISC-12": (
        "card text over the rules: the hook where a card script overrides any rule is the effect language; so far "
        "only curated traits (thief, Magnet, Ally) and one executed text (Wrath of the Eye of God) override rules"
    ),
    "SCAV-16": "Locations with Defense: the complete-rulebook issue",
    "SCAV-17": "Locations with Attack: the complete-rulebook issue",
    "SCAV-22": (
        "Locations that turn into Havens (5E): five Locations in the data say how (Galaxy Police HQ, The Citadel, "
        "Planet Jurai, The Reversed World, Bugrom Homeland), each naming its own cards and bonuses in its text: "
        "the effect language"
    ),
    "SCAV-9": (
        "the more specific card wins (EX-24): Kozo Karino and Shinjuku Police Building are in the data, but "
        "neither text is executed yet (Kozo ignores Police Locations' requirements; the Building bars him): the "
        "effect language"
    ),
    "TURN-14": "Power cards in the Equip phase: the complete-rulebook issue",
    "TURN-25": "free Item handling: the complete-rulebook issue",
    "TURN-26": (
        "moving during another combat (002): the engine plays one seat's Move phase at a time (AMB-64), a fight"
        " started in it (AMB-20) is fought to its end before the next move, and Disaster combats start when it"
        " ends, so the player's other Characters keep their whole move for before or after; moves during a"
        " Maintenance combat (1 Location a round, for whom, out of which Movement) need a default RULES.md"
        " lacks (docs/rulesets.md)"
    ),
}


def pending_reason(rule: str) -> str:
    for key in sorted(PENDING, key=len, reverse=True):
        if rule == key or (key.endswith("-") and rule.startswith(key)):
            return PENDING[key]
    return "no test names it yet"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("rules", type=Path)
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "coverage.md")
    args = ap.parse_args(argv)
    text = args.rules.read_text(encoding="utf-8")
    rules = [(m[1], m[2]) for m in HEADING.finditer(text)]
    where: dict[str, set[str]] = defaultdict(set)
    for folder in ("tests", "scenarios"):
        for path in sorted((ROOT / folder).glob("*")):
            if path.suffix in (".py", ".yaml"):
                for rid in RULE.findall(path.read_text(encoding="utf-8")):
                    where[rid].add(f"{folder}/{path.name}")
    covered = [r for r, _ in rules if where.get(r)]
    lines = [
        "# Rule coverage",
        "",
        "Generated by `tools/rule_coverage.py` from RULES.md: every rule id of §1-§8 with the tests and",
        "scenarios that name it. A rule is listed as covered when a test drives the engine (or the deck",
        "checker) through it and names its id.",
        "",
        f"**{len(covered)} of {len(rules)} rules are named by tests or scenarios.**",
        "",
        "| rule | title | tests and scenarios |",
        "|---|---|---|",
    ]
    for rid, title in rules:
        files = sorted(where.get(rid, ()))
        cell = ", ".join(f"`{f}`" for f in files[:6]) + (f" (+{len(files) - 6} more)" if len(files) > 6 else "")
        lines.append(f"| {rid} | {title} | {cell or '— ' + pending_reason(rid)} |")
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(covered)} of {len(rules)} rules covered; wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
