"""What a game is made from: a ruleset, 1-5 seats each with a deck, a layout and a seed.

A :class:`GameConfig` is plain data and fully describes the start of a game, so a game record is a
config plus the list of decisions taken. Decks are stored as card ids per section, so a record never
depends on a deck file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from animayhem.rules.ruleset import Ruleset, get_ruleset

if TYPE_CHECKING:
    from animayhem.decks.model import Deck

Layout = Literal["grid", "lines"]
SECTIONS = ("characters", "havens", "locations", "items", "disasters", "draw", "combat", "aside")


class ConfigError(ValueError):
    """A game configuration that cannot start a game; the message says which part and why."""


@dataclass(frozen=True)
class DeckList:
    """One player's cards by set-up role, as card ids (one entry per copy)."""

    characters: tuple[str, ...] = ()  # starting Characters to choose from
    havens: tuple[str, ...] = ()  # the first is the starting Haven; the others go to the Draw pile
    locations: tuple[str, ...] = ()
    items: tuple[str, ...] = ()
    disasters: tuple[str, ...] = ()
    draw: tuple[str, ...] = ()  # Power cards and extra Characters
    combat: tuple[str, ...] = ()
    aside: tuple[str, ...] = ()  # kept out of play: second forms (5E, CONF-55), Super-Saiyans (SETUP-20)
    name: str = ""

    @staticmethod
    def from_deck(deck: Deck) -> DeckList:
        from animayhem.decks.model import Section

        def ids(section: Section) -> tuple[str, ...]:
            return tuple(c.id for c in deck.cards(section))

        return DeckList(
            characters=ids(Section.CHARACTERS),
            havens=ids(Section.HAVEN),
            locations=ids(Section.LOCATIONS),
            items=ids(Section.ITEMS),
            disasters=ids(Section.DISASTERS),
            draw=ids(Section.DRAW),
            combat=ids(Section.COMBAT),
            aside=ids(Section.ASIDE),
            name=deck.name,
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name}
        for s in SECTIONS:
            out[s] = list(getattr(self, s))
        return out

    @staticmethod
    def from_json(data: dict[str, Any]) -> DeckList:
        unknown = set(data) - {*SECTIONS, "name"}
        if unknown:
            raise ConfigError(f"deck: unknown section(s) {sorted(unknown)}")
        return DeckList(name=str(data.get("name", "")), **{s: tuple(data.get(s, ())) for s in SECTIONS})


@dataclass(frozen=True)
class SeatConfig:
    deck: DeckList
    name: str = ""


@dataclass(frozen=True)
class GameConfig:
    seats: tuple[SeatConfig, ...]
    ruleset: Ruleset = field(default_factory=lambda: get_ruleset("classic"))
    layout: Layout = "grid"
    seed: int = 0
    max_rounds: int = 150  # a game still running after this many rounds ends on the current tallies

    def to_json(self) -> dict[str, Any]:
        base = get_ruleset(self.ruleset.name)
        overrides = {k: v for k, v in self.ruleset.switches().items() if getattr(base, k) != v and k != "name"}
        return {
            "ruleset": self.ruleset.name,
            "overrides": {k: list(v) if isinstance(v, tuple) else v for k, v in overrides.items()},
            "layout": self.layout,
            "seed": self.seed,
            "max_rounds": self.max_rounds,
            "seats": [{"name": s.name, "deck": s.deck.to_json()} for s in self.seats],
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> GameConfig:
        try:
            ruleset = get_ruleset(str(data.get("ruleset", "classic")))
            overrides = {k: tuple(v) if isinstance(v, list) else v for k, v in data.get("overrides", {}).items()}
            if overrides:
                ruleset = ruleset.with_overrides(**overrides)
            seats = tuple(
                SeatConfig(deck=DeckList.from_json(s["deck"]), name=str(s.get("name", ""))) for s in data["seats"]
            )
            layout = data.get("layout", "grid")
            if layout not in ("grid", "lines"):
                raise ConfigError(f"layout must be 'grid' or 'lines', not {layout!r}")
            return GameConfig(
                seats=seats,
                ruleset=ruleset,
                layout=layout,
                seed=int(data.get("seed", 0)),
                max_rounds=int(data.get("max_rounds", 150)),
            )
        except (KeyError, TypeError) as exc:
            raise ConfigError(f"game config: missing or malformed field {exc}") from exc
