"""What a game is made from: a ruleset, 1-5 seats each with a deck, a layout and a seed.

A :class:`GameConfig` is plain data and fully describes the start of a game, so a game record is a
config plus the list of decisions taken. Decks are stored as card ids per section, so a record never
depends on a deck file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError

from animayhem.decks.model import Deck
from animayhem.decks.model import Section as DeckSection
from animayhem.engine.core.rng import RngKind
from animayhem.rules.ruleset import Ruleset, RulesetError, get_ruleset

Layout = Literal["grid", "lines"]
SECTIONS = ("characters", "havens", "locations", "items", "disasters", "draw", "combat", "aside")


class ConfigError(ValueError):
    """A game configuration that cannot start a game; the message says which part and why."""


# ---------------------------------------------------------------------- the stored form, as models
# Every field has a type and a bound, so a stored config is checked before anything is built from it.

MAX_SECTION = 500  # cards in one deck section (real decks have well under 100)
CardIdText = Annotated[StrictStr, Field(min_length=1, max_length=120)]
Section = Annotated[list[CardIdText], Field(max_length=MAX_SECTION)]
Switch = StrictStr | bool | StrictInt | None | list[StrictInt]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class DeckModel(_Model):
    name: Annotated[StrictStr, Field(max_length=200)] = ""
    characters: Section = []
    havens: Section = []
    locations: Section = []
    items: Section = []
    disasters: Section = []
    draw: Section = []
    combat: Section = []
    aside: Section = []


class SeatModel(_Model):
    name: Annotated[StrictStr, Field(max_length=100)] = ""
    deck: DeckModel


class ConfigModel(_Model):
    ruleset: Annotated[StrictStr, Field(max_length=40)] = "classic"
    overrides: Annotated[dict[Annotated[StrictStr, Field(max_length=60)], Switch], Field(max_length=200)] = {}
    layout: Literal["grid", "lines"] = "grid"
    seed: Annotated[StrictInt, Field(ge=-(2**63), lt=2**256)] = 0
    max_rounds: Annotated[StrictInt, Field(ge=1, le=100_000)] = 150
    numbering: Literal["seeded", "deck"] = "seeded"
    rng: Literal["splitmix64", "keyed"] = "splitmix64"
    seats: Annotated[list[SeatModel], Field(min_length=1, max_length=5)]


def describe_errors(exc: ValidationError, limit: int = 3) -> str:
    """A pydantic error as one phrase per problem: ``field 'seats.deck.items' (entries 1, 3): reason``."""
    out = []
    for e in exc.errors()[:limit]:
        loc = e["loc"]
        name = ".".join(str(x) for x in loc if isinstance(x, str)) or "(top level)"
        entries = [str(x + 1) for x in loc if isinstance(x, int)]
        where = f"field {name!r}" + (f" (entry {', '.join(entries)})" if entries else "")
        msg = e["msg"]
        if e["type"] == "extra_forbidden":
            msg = "unknown section" if len(loc) >= 2 and loc[-2] == "deck" else "unknown field"
        out.append(f"{where}: {msg}")
    more = exc.error_count() - limit
    return "; ".join(out) + (f" (and {more} more)" if more > 0 else "")


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
        def ids(section: DeckSection) -> tuple[str, ...]:
            return tuple(c.id for c in deck.cards(section))

        return DeckList(
            characters=ids(DeckSection.CHARACTERS),
            havens=ids(DeckSection.HAVEN),
            locations=ids(DeckSection.LOCATIONS),
            items=ids(DeckSection.ITEMS),
            disasters=ids(DeckSection.DISASTERS),
            draw=ids(DeckSection.DRAW),
            combat=ids(DeckSection.COMBAT),
            aside=ids(DeckSection.ASIDE),
            name=deck.name,
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name}
        for s in SECTIONS:
            out[s] = list(getattr(self, s))
        return out

    @staticmethod
    def from_json(data: Any) -> DeckList:
        try:
            m = DeckModel.model_validate(data)
        except ValidationError as exc:
            raise ConfigError(f"deck: {describe_errors(exc)}") from exc
        return DeckList._from_model(m)

    @staticmethod
    def _from_model(m: DeckModel) -> DeckList:
        return DeckList(name=m.name, **{s: tuple(getattr(m, s)) for s in SECTIONS})


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
    # how card instances are numbered: "seeded" (drawn from the seed, MISC-7, engine/core/handles.py); "deck" (in
    # deck-list order, as before issue 12: only to replay version 1 records exactly)
    numbering: Literal["seeded", "deck"] = "seeded"
    # the generator (engine/core/rng.py): "splitmix64" (offline games, fast) or "keyed" (BLAKE2b keyed with the
    # seed, in counter mode: outputs reveal nothing of the seed; the web server's games). Written only when keyed.
    rng: RngKind = "splitmix64"

    def to_json(self) -> dict[str, Any]:
        base = get_ruleset(self.ruleset.name)
        overrides = {k: v for k, v in self.ruleset.switches().items() if getattr(base, k) != v and k != "name"}
        return {
            "ruleset": self.ruleset.name,
            "overrides": {k: list(v) if isinstance(v, tuple) else v for k, v in overrides.items()},
            "layout": self.layout,
            "seed": self.seed,
            "max_rounds": self.max_rounds,
            **({"numbering": self.numbering} if self.numbering != "seeded" else {}),
            **({"rng": self.rng} if self.rng != "splitmix64" else {}),
            "seats": [{"name": s.name, "deck": s.deck.to_json()} for s in self.seats],
        }

    @staticmethod
    def from_json(data: Any) -> GameConfig:
        """Check ``data`` against :class:`ConfigModel` and build the config; :class:`ConfigError` names the
        field and the reason."""
        try:
            m = ConfigModel.model_validate(data)
        except ValidationError as exc:
            raise ConfigError(f"game config: {describe_errors(exc)}") from exc
        try:
            ruleset = get_ruleset(m.ruleset)
            overrides = {k: tuple(v) if isinstance(v, list) else v for k, v in m.overrides.items()}
            if overrides:
                ruleset = ruleset.with_overrides(**overrides)
        except RulesetError as exc:
            raise ConfigError(f"game config: field 'overrides': {exc}") from exc
        seats = tuple(SeatConfig(deck=DeckList._from_model(s.deck), name=s.name) for s in m.seats)
        return GameConfig(
            seats=seats,
            ruleset=ruleset,
            layout=m.layout,
            seed=m.seed,
            max_rounds=m.max_rounds,
            numbering=m.numbering,
            rng=m.rng,
        )
