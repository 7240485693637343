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
from animayhem.cards.model import Card, CardType, Icon, VehicleClass
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
    # a Planetary or Dimensional Location the deck has no card to stop on (SCAV-18, SCAV-19): the icon missing
    icon_missing: str | None = None


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
                {
                    "location": c.location,
                    "requirement": c.requirement,
                    "met": c.met,
                    "group": list(c.group),
                    "icon_missing": c.icon_missing,
                }
                for c in self.coverage
            ],
            "coverage_share": round(self.coverage_share, 3),
            "average_abilities": self.average_abilities,
            "series": self.series,
        }


STOP_ICONS = (Icon.PLANETARY, Icon.DIMENSIONAL)  # no group stops on such a Location without its icon
# the cards a Character is, holds or is reached by (engine/procedures/movement.py has_icon)
_HELD = (CardType.CHARACTER, CardType.EQUIPMENT, CardType.ENHANCEMENT, CardType.ITEM, CardType.GLOBAL_EFFECT)


def _gives(card: Card, icon: Icon) -> bool:
    if icon in card.icons:
        return True
    if icon is Icon.PLANETARY and card.vehicle is not None and card.vehicle.kind is VehicleClass.PLANETARY:
        return True  # its riders land (CARD-13)
    return any(icon.value in getattr(e.do, "icons", ()) for e in card.effects)  # a ``gains`` of it (Computer Link)


def icon_bearers(cards: list[Card]) -> dict[Icon, tuple[str, ...]]:
    """The deck's cards that let a group stop on a Planetary or Dimensional Location (SCAV-18, SCAV-19), by icon:
    a Character or a card it holds bearing the icon or giving it, and for Planetary a Planetary vehicle."""
    return {icon: tuple(sorted({c.name for c in cards if c.type in _HELD and _gives(c, icon)})) for icon in STOP_ICONS}


def location_coverage(
    locations: list[Card],
    characters: list[Card],
    group_size: int = 6,
    bearers: dict[Icon, tuple[str, ...]] | None = None,
) -> tuple[Coverage, ...]:
    """Whether the deck's Characters can meet each Location's requirement (and with whom); ``bearers``
    (:func:`icon_bearers` of the whole deck): a Planetary or Dimensional Location is met only when some card of the
    deck bears its icon, since no group may stop there without one (SCAV-18, SCAV-19)."""
    out = []
    for loc in locations:
        missing = None
        if bearers is not None:
            missing = next((i.value.capitalize() for i in STOP_ICONS if i in loc.icons and not bearers.get(i)), None)
        if loc.requirements is None:
            out.append(Coverage(loc.name, None, missing is None, (), missing))
            continue
        group = best_group(loc.requirements, characters, max_size=group_size)
        names = tuple(c.name for c in group) if group else ()
        out.append(Coverage(loc.name, loc.requirements.text, group is not None and missing is None, names, missing))
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
        coverage=location_coverage(deck.cards(Section.LOCATIONS), characters, group_size, icon_bearers(deck.cards())),
        average_abilities=average_abilities(characters),
        series=dict(series.most_common()),
    )
