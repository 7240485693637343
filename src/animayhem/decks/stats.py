"""Deck statistics: type breakdown, the Disaster mix, skill coverage and average abilities.

Skill coverage asks, for each Location of the deck, whether some group of the deck's own Characters
(starting and extra, at most ``group_size`` of them) meets its requirement (RULES.md SCAV-1 … SCAV-8,
evaluated by :mod:`animayhem.cards.evaluate`). Items and Power cards that grant Skills are not counted:
coverage tells what the Characters bring by themselves.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from animayhem.cards.evaluate import ability, best_group
from animayhem.cards.model import Card, CardType
from animayhem.cards.stats import ABILITIES
from animayhem.decks.legality import draw_disaster_inputs, is_combat_disaster
from animayhem.decks.model import Deck, Section
from animayhem.rules.ruleset import Ruleset, get_ruleset


@dataclass(frozen=True, slots=True)
class Coverage:
    """Whether the deck's Characters can meet one Location's requirement, and with whom."""

    location: str
    requirement: str | None
    met: bool
    group: tuple[str, ...] = ()


@dataclass(frozen=True)
class DeckStats:
    total: int
    by_section: dict[str, int]
    by_type: dict[str, int]
    disasters: dict[str, int]
    draw_inputs: dict[str, int]
    coverage: tuple[Coverage, ...]
    average_abilities: dict[str, float]
    series: dict[str, int] = field(default_factory=dict)

    @property
    def coverage_share(self) -> float:
        """Share of the Locations whose requirement the deck's Characters can meet (1.0 when none)."""
        if not self.coverage:
            return 1.0
        return sum(1 for c in self.coverage if c.met) / len(self.coverage)

    def to_json(self) -> dict[str, Any]:
        return {
            "total": self.total,
            "by_section": self.by_section,
            "by_type": self.by_type,
            "disasters": self.disasters,
            "draw_disaster_inputs": self.draw_inputs,
            "coverage": [
                {"location": c.location, "requirement": c.requirement, "met": c.met, "group": list(c.group)}
                for c in self.coverage
            ],
            "coverage_share": round(self.coverage_share, 3),
            "average_abilities": self.average_abilities,
            "series": self.series,
        }


def location_coverage(locations: list[Card], characters: list[Card], group_size: int = 6) -> tuple[Coverage, ...]:
    out = []
    for loc in locations:
        if loc.requirements is None:
            out.append(Coverage(loc.name, None, True))
            continue
        group = best_group(loc.requirements, characters, max_size=group_size)
        names = tuple(c.name for c in group) if group else ()
        out.append(Coverage(loc.name, loc.requirements.text, group is not None, names))
    return tuple(out)


def average_abilities(characters: list[Card]) -> dict[str, float]:
    out: dict[str, float] = {}
    for ab in ABILITIES:
        values = [v for c in characters if (v := ability(c, ab)) is not None]
        out[ab] = round(sum(values) / len(values), 2) if values else 0.0
    return out


def deck_stats(deck: Deck, ruleset: Ruleset | None = None, *, group_size: int = 6) -> DeckStats:
    r = ruleset or get_ruleset(deck.ruleset)
    by_type: Counter[str] = Counter()
    series: Counter[str] = Counter()
    for e in deck.entries:
        by_type[e.card.type.label] += e.count
        series[e.card.series or "-"] += e.count
    disasters = deck.cards(Section.DISASTERS)
    dis = {
        "total": len(disasters),
        "major": sum(1 for c in disasters if c.type is CardType.MAJOR_DISASTER),
        "minor": sum(1 for c in disasters if c.type is CardType.MINOR_DISASTER),
        "combat": sum(1 for c in disasters if is_combat_disaster(c, r)),
    }
    dis["non_combat"] = dis["total"] - dis["combat"]
    characters = deck.characters()
    return DeckStats(
        total=deck.count(),
        by_section={s.heading: deck.count(s) for s in Section if deck.count(s)},
        by_type=dict(sorted(by_type.items())),
        disasters=dis,
        draw_inputs=draw_disaster_inputs(deck, r),
        coverage=location_coverage(deck.cards(Section.LOCATIONS), characters, group_size),
        average_abilities=average_abilities(characters),
        series=dict(series.most_common()),
    )
