"""The in-memory deck: cards by section, plus a small header (RULES.md §1a SETUP-3).

A deck is split the way a player lays it out at set-up: starting Characters, the starting Haven,
Locations, Items, Disasters (2 go under each Location, the rest into the Draw pile), the Draw cards
(Power cards, extra Characters, extra Havens), Combat cards, and cards set aside (Super-Saiyans,
SETUP-20; second cards of two-card transformers under rules that keep them out of play, SETUP-21).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum

from animayhem.cards.model import Card, CardType


class Section(StrEnum):
    CHARACTERS = "characters"
    HAVEN = "haven"
    LOCATIONS = "locations"
    ITEMS = "items"
    DISASTERS = "disasters"
    DRAW = "draw"
    COMBAT = "combat"
    ASIDE = "aside"

    @property
    def heading(self) -> str:
        return SECTION_TITLES[self]


SECTION_TITLES: dict[Section, str] = {
    Section.CHARACTERS: "Characters",
    Section.HAVEN: "Haven",
    Section.LOCATIONS: "Locations",
    Section.ITEMS: "Items",
    Section.DISASTERS: "Disasters",
    Section.DRAW: "Draw",
    Section.COMBAT: "Combat",
    Section.ASIDE: "Aside",
}

POWER_TYPES = frozenset(t for t in CardType if t.is_power)

# Which card types each section accepts. A Location in [Haven] is 000's stand-in Haven (SETUP-27); the
# ruleset decides whether it is legal.
SECTION_TYPES: dict[Section, frozenset[CardType]] = {
    Section.CHARACTERS: frozenset({CardType.CHARACTER}),
    Section.HAVEN: frozenset({CardType.HAVEN, CardType.LOCATION}),
    Section.LOCATIONS: frozenset({CardType.LOCATION}),
    Section.ITEMS: frozenset({CardType.ITEM}),
    Section.DISASTERS: frozenset({CardType.MAJOR_DISASTER, CardType.MINOR_DISASTER}),
    Section.DRAW: POWER_TYPES | {CardType.CHARACTER, CardType.HAVEN},
    Section.COMBAT: frozenset({CardType.COMBAT}),
    Section.ASIDE: frozenset({CardType.CHARACTER}),
}


def home_section(card: Card) -> Section:
    """The section a card goes to by default (a Character: starting; a Haven: the starting Haven)."""
    match card.type:
        case CardType.CHARACTER:
            return Section.ASIDE if is_super_saiyan(card) else Section.CHARACTERS
        case CardType.HAVEN:
            return Section.HAVEN
        case CardType.LOCATION:
            return Section.LOCATIONS
        case CardType.ITEM:
            return Section.ITEMS
        case CardType.COMBAT:
            return Section.COMBAT
        case t if t.is_disaster:
            return Section.DISASTERS
        case _:
            return Section.DRAW


def is_super_saiyan(card: Card) -> bool:
    """Super-Saiyan Character cards (RULES.md SETUP-20)."""
    return card.type is CardType.CHARACTER and card.name.lower().startswith("super saiyan")


def identity(card: Card) -> str:
    """The Character a card shows (both Goku cards are one Character, SETUP-6); otherwise the card id."""
    return card.character or card.id


@dataclass(frozen=True, slots=True)
class Entry:
    """``count`` copies of ``card`` in ``section``; ``line`` is where a deck file listed it (0: none)."""

    section: Section
    card: Card
    count: int = 1
    line: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Deck:
    """A deck and its header. ``players`` is the player counts it is built for (empty: not stated)."""

    name: str = ""
    description: str = ""
    players: tuple[int, ...] = ()
    ruleset: str | None = None
    series: str | None = None
    entries: tuple[Entry, ...] = ()
    source: str = field(default="", compare=False)

    def section(self, section: Section) -> list[Entry]:
        return [e for e in self.entries if e.section is section]

    def count(self, section: Section | None = None, *types: CardType) -> int:
        """Cards in ``section`` (all when None), optionally only of ``types``."""
        return sum(
            e.count
            for e in self.entries
            if (section is None or e.section is section) and (not types or e.card.type in types)
        )

    def cards(self, section: Section | None = None) -> list[Card]:
        """Every card, one per copy, in file order."""
        return [e.card for e in self.entries if section is None or e.section is section for _ in range(e.count)]

    def copies(self) -> Counter[str]:
        """Copies of each card id across all sections."""
        out: Counter[str] = Counter()
        for e in self.entries:
            out[e.card.id] += e.count
        return out

    def characters(self) -> list[Card]:
        """The Characters that can play: starting and extra (not the ones set aside)."""
        return [
            e.card
            for e in self.entries
            if e.card.type is CardType.CHARACTER and e.section in (Section.CHARACTERS, Section.DRAW)
        ]

    def __iter__(self) -> Iterator[Entry]:
        return iter(self.entries)

    def __len__(self) -> int:
        return self.count()
