"""The typed card model: one immutable :class:`Card` per printed card (RULES.md §6 CARD).

A card file entry is validated into a :class:`Card`; every field is a fact of the printed card, a curated
fact read from the card (gender, icons, series, transform partner), or a decision recorded with its reason
(``errata``). The card's ability is summarised in our own words (``text``) and, once the engine executes it,
written in the effect language (``effects``). ``ability_status`` tells honestly which cards are which.
"""

from __future__ import annotations

from enum import StrEnum
from functools import cached_property
from typing import Any

from pydantic import Field, field_serializer, field_validator, model_validator

from animayhem.cards.effects import Effect, Ruling
from animayhem.cards.frozen import Frozen
from animayhem.cards.requirements import Requirement, parse_requirement
from animayhem.cards.skills import SkillEntry, parse_skill
from animayhem.cards.stats import ABILITIES, StatKind, StatValue


class CardType(StrEnum):
    CHARACTER = "character"
    LOCATION = "location"
    HAVEN = "haven"
    ITEM = "item"
    COMBAT = "combat"
    MAJOR_DISASTER = "major-disaster"
    MINOR_DISASTER = "minor-disaster"
    ENHANCEMENT = "enhancement"
    EQUIPMENT = "equipment"
    GLOBAL_EFFECT = "global-effect"
    FLASH_EFFECT = "flash-effect"

    @property
    def label(self) -> str:
        return TYPE_LABELS[self]

    @property
    def is_disaster(self) -> bool:
        return self in (CardType.MAJOR_DISASTER, CardType.MINOR_DISASTER)

    @property
    def is_power(self) -> bool:
        """Power cards (RULES.md SETUP-3): Enhancements, Equipment, Flash and Global Effects."""
        return self in (
            CardType.ENHANCEMENT,
            CardType.EQUIPMENT,
            CardType.GLOBAL_EFFECT,
            CardType.FLASH_EFFECT,
        )


TYPE_LABELS: dict[CardType, str] = {
    CardType.CHARACTER: "Character",
    CardType.LOCATION: "Location",
    CardType.HAVEN: "Haven",
    CardType.ITEM: "Item",
    CardType.COMBAT: "Combat",
    CardType.MAJOR_DISASTER: "Major Disaster",
    CardType.MINOR_DISASTER: "Minor Disaster",
    CardType.ENHANCEMENT: "Enhancement",
    CardType.EQUIPMENT: "Equipment",
    CardType.GLOBAL_EFFECT: "Global Effect",
    CardType.FLASH_EFFECT: "Flash Effect",
}


class CardSet(StrEnum):
    ZERO = "zero"
    ONE = "one"
    TWO = "two"
    DEMO = "demo"

    @property
    def label(self) -> str:
        return SET_LABELS[self]


SET_LABELS: dict[CardSet, str] = {
    CardSet.ZERO: "Set 0",
    CardSet.ONE: "Set 1",
    CardSet.TWO: "Set 2 (Dragon Ball Z)",
    CardSet.DEMO: "Demo / promo",
}


class Rarity(StrEnum):
    COMMON = "common"
    UNCOMMON = "uncommon"
    RARE = "rare"
    ULTRA_RARE = "ultra-rare"
    PROMOTIONAL = "promotional"


class Gender(StrEnum):
    MALE = "male"
    FEMALE = "female"
    NONE = "none"  # no gender sign printed


class Icon(StrEnum):
    """Category symbols printed as icons (RULES.md CARD-2)."""

    DIMENSIONAL = "dimensional"
    PLANETARY = "planetary"
    SCIENCE = "science"
    HAVEN = "haven"


class Movement(StrEnum):
    """How a Disaster moves (RULES.md DIS-1 … DIS-22)."""

    NORMAL = "normal"
    ONCE = "once"  # "Moves Once"
    NONE = "none"  # no Movement: does not move


# Fields set from cards/data/abilities/ at load time, never written to the card files.
ABILITY_FIELDS = frozenset({"effects", "unexecuted", "rulings", "executed_facts"})


class AbilityStatus(StrEnum):
    """How far the engine executes the card's ability."""

    NONE = "none"  # the card has no ability beyond its printed values and requirements
    IMPLEMENTED = "implemented"  # the ability is written in the effect language
    PARTIAL = "partial"  # part of it is executed; the clauses left are named (``unexecuted``)
    NOT_IMPLEMENTED = "not-implemented"  # the ability is summarised, not yet executed


class VehicleClass(StrEnum):
    """RULES.md CARD-13 (5E): Planetary > Flying > plain ground Vehicle."""

    GROUND = "ground"
    FLYING = "flying"
    PLANETARY = "planetary"


_Frozen = Frozen  # the card's records (cards/frozen.py)


WITHHOLDABLE: tuple[str, ...] = (*ABILITIES, "skills")
"""What a card's ``withheld`` may name: one of its ability modifiers, or the skills it grants."""


class AllyTraits(_Frozen):
    """How a Disaster allies with another (RULES.md DIS-26): the bonus it gives its primary."""

    attack: int = 0
    defense: int = 0
    seeks: bool = False  # at once goes to the nearest Combat Disaster (else: once both stand on one Location)


class DisasterTraits(_Frozen):
    """What kind of Disaster a card is (RULES.md DIS-1, DIS-2; CARD-20) and its special traits
    (DIS-25 Magnet, DIS-26 Ally, CARD-18 stealing), set by curation."""

    combat: bool  # has Attack, Defense and Movement (or curated otherwise)
    movement: Movement = Movement.NORMAL
    off_field: bool = False
    magnet: bool = False  # every Disaster in play jumps to where it lands (DIS-25)
    ally: AllyTraits | None = None  # it allies with a Combat Disaster (DIS-26)
    thief: bool = False  # it steals a carried Item and flees (CARD-18, SCAV-25)
    executed: bool = False  # these traits are everything its text does (the engine executes it)


class Vehicle(_Frozen):
    """A vehicle's typed facts (RULES.md CARD-13; engine/procedures/vehicles.py)."""

    kind: VehicleClass
    capacity: int | None = Field(default=None, ge=1)  # Characters carried, when the card says
    bare_capacity: int | None = Field(default=None, ge=1)  # Characters carried when none brings Equipment
    carries: tuple[VehicleClass, ...] = ()  # the classes of the one other vehicle it may carry (none: empty)
    unaffected_by: tuple[str, ...] = ()  # categories of cards that have no effect on it (Bonaparte: Move)
    equip_aboard: bool = False  # its owner equips the Characters with it away from the Haven (The Masaki Van)
    jump: bool = False  # once a turn, its whole move: over a gap of the Field or off one edge and in at another


class VehicleBoost(_Frozen):
    """An Enhancement played on a vehicle (RULES.md CARD-13): on which kinds, and what it gives the vehicle (its
    printed Movement modifier goes to the vehicle's Movement)."""

    kinds: tuple[VehicleClass, ...]  # the vehicles it may be played on
    characters: bool = False  # it may go on a Character instead (Yukinojo)
    pilot: bool = False  # on a vehicle: the vehicle meets its own Pilot requirement (whoever drives it)


class CombatSide(_Frozen):
    """One half of a Combat card (RULES.md CARD-19): a summary and, where plain, its modifiers."""

    text: str
    mods: dict[str, StatValue] = Field(default_factory=dict)
    exact: bool = False  # the mods say everything this side does
    rest_of_combat: bool = False  # its holder's mods hold for the rest of the Combat, not only its round

    @field_validator("mods")
    @classmethod
    def _known_keys(cls, v: dict[str, StatValue]) -> dict[str, StatValue]:
        for key in v:
            if key not in ABILITIES:
                raise ValueError(f"unknown ability {key!r} (expected one of {', '.join(ABILITIES)})")
        return v


class Erratum(_Frozen):
    """A decision about a printed value or text that is wrong or disputed, with its reason and source."""

    field: str
    printed: str | None = None
    value: str | None = None
    reason: str
    source: str


COPY_MARK = "~"  # in the id of a card that took on another's text: ``the-mass~largo`` (CardDB.copying)


def printed_id(card_id: str) -> str:
    """The printed card's id of an instance's card id: itself, or the card that took on another's text."""
    return card_id.partition(COPY_MARK)[0]


class Card(_Frozen):
    """One Ani-Mayhem card. ``id`` is a stable slug; ``number`` the plugin's card number (1–787)."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    number: int = Field(ge=1)
    name: str = Field(min_length=1)
    set: CardSet
    type: CardType
    rarity: Rarity
    series: str | None = None

    attack: StatValue | None = None
    defense: StatValue | None = None
    movement: StatValue | None = None
    charm: StatValue | None = None
    energy: StatValue | None = None
    health: int | None = Field(default=None, ge=0)  # Health that differs from Defense (text)

    skills: tuple[SkillEntry, ...] = ()
    grants_skills: tuple[str, ...] = ()  # skills given to the bearer / holder
    requirements: Requirement | None = None
    needs_in_play: Requirement | None = None  # a Disaster acts only if Characters in play meet this (TURN-9)
    categories: tuple[str, ...] = ()
    icons: tuple[Icon, ...] = ()
    gender: Gender | None = None

    character: str | None = None  # identity shared by several cards of one Character (Goku x2, Armitage)
    transforms_into: str | None = None  # partner card id of a two-card transforming Character
    disaster: DisasterTraits | None = None
    vehicle: Vehicle | None = None
    on_vehicle: VehicleBoost | None = None  # an Enhancement that may be played on a vehicle
    uses: int | None = Field(default=None, ge=1)
    deck_limit: int | None = Field(default=None, ge=1)  # the card's own per-deck limit
    turns: int | None = Field(default=None, ge=1)  # how long the card stays in play, when it says

    text: str | None = None  # the ability, summarised in our own words
    physical: CombatSide | None = None  # Combat cards
    charm_side: CombatSide | None = None
    # The ability in the effect language (engine-executed), the clauses not executed yet and the rulings: set
    # from cards/data/abilities/ when the database loads (cards/effects.py), never in the card files.
    effects: tuple[Effect, ...] = ()
    unexecuted: tuple[str, ...] = ()
    rulings: tuple[Ruling, ...] = ()
    executed_facts: tuple[str, ...] = ()  # clauses its curated facts already carry out (Health 14, Moves Once)
    # Printed numbers the engine must not apply (yet): their text gives them to someone else or only under a
    # condition the engine does not execute. Curated in curation.yaml (``withheld``), with the reason.
    withheld: tuple[str, ...] = ()
    withheld_reason: str | None = None
    errata: tuple[Erratum, ...] = ()
    notes: tuple[str, ...] = ()

    # -- parsing from the file notation

    @field_validator("skills", mode="before")
    @classmethod
    def _parse_skills(cls, v: Any) -> Any:
        if isinstance(v, str):
            v = [s for s in v.split(",") if s.strip()]
        if isinstance(v, list | tuple):
            return tuple(parse_skill(s) if isinstance(s, str) else s for s in v)
        return v

    @field_serializer("skills")
    def _dump_skills(self, v: tuple[SkillEntry, ...]) -> list[str]:
        return [str(s) for s in v]

    @field_validator("requirements", "needs_in_play", mode="before")
    @classmethod
    def _parse_requirements(cls, v: Any) -> Any:
        if isinstance(v, str):
            return parse_requirement(v)
        return v

    @field_serializer("requirements", "needs_in_play")
    def _dump_requirements(self, v: Requirement | None) -> str | None:
        return None if v is None else v.text

    @model_validator(mode="after")
    def _check_shape(self) -> Card:
        t = self.type
        if t is CardType.COMBAT:
            if self.physical is None or self.charm_side is None:
                raise ValueError("a Combat card needs both a 'physical' and a 'charm_side'")
        elif self.physical is not None or self.charm_side is not None:
            raise ValueError("only Combat cards have 'physical' and 'charm_side'")
        if t.is_disaster != (self.disaster is not None):
            raise ValueError("Disasters (and only Disasters) need 'disaster' traits")
        if self.vehicle is not None and t is not CardType.EQUIPMENT:
            raise ValueError("only Equipment can be a vehicle")
        if self.on_vehicle is not None and t is not CardType.ENHANCEMENT:
            raise ValueError("only Enhancements are played on vehicles")
        if t is CardType.CHARACTER:
            for ab in ("attack", "defense", "movement", "charm", "energy"):
                sv = getattr(self, ab)
                if sv is None or sv.kind is not StatKind.BASE:
                    raise ValueError(f"a Character needs a base {ab} value, found {sv}")
            if self.gender is None:
                raise ValueError("a Character needs a gender (male, female or none)")
        if self.transforms_into is not None and t is not CardType.CHARACTER:
            raise ValueError("only Characters transform into a partner card")
        self._check_withheld()
        return self

    def _check_withheld(self) -> None:
        if bool(self.withheld) != bool(self.withheld_reason):
            raise ValueError("'withheld' and 'withheld_reason' go together")
        for w in self.withheld:
            if w == "skills":
                if not self.grants_skills:
                    raise ValueError("'withheld: skills' on a card that grants no skills")
                continue
            if w not in ABILITIES:
                raise ValueError(f"unknown withheld number {w!r} (expected one of {', '.join(WITHHOLDABLE)})")
            sv = self.stat(w)
            if sv is None or not sv.is_modifier:
                raise ValueError(f"'withheld: {w}': the card prints no {w} modifier to withhold")

    # -- derived facts

    def stat(self, ability: str) -> StatValue | None:
        value: StatValue | None = getattr(self, ability)
        return value

    @property
    def two_forms(self) -> bool:
        """A single card printing two ability sets ("2/5", RULES.md CARD-3, CARD-5)."""
        return any((sv := self.stat(a)) is not None and sv.alt is not None for a in ABILITIES)

    @property
    def base_health(self) -> int | None:
        """Health = Defense unless the card sets it (RULES.md COMBAT rules; text overrides)."""
        if self.health is not None:
            return self.health
        d = self.defense
        if d is not None and d.kind is StatKind.BASE and d.value is not None:
            return d.value
        return None

    @property
    def unique(self) -> bool:
        """«Unique» limits a deck to one copy (RULES.md SETUP-13)."""
        return "Unique" in self.categories

    @cached_property
    def category_set(self) -> frozenset[str]:
        """Categories and icons, as one set of names (RULES.md CARD-2: icons are categories)."""
        return frozenset(self.categories) | {i.value.capitalize() for i in self.icons}

    @cached_property
    def granted_skills(self) -> tuple[tuple[str, int], ...]:
        """The skills the card gives its bearer or holder, as (lower-case name, copies): ``Celebrity x2`` is two
        copies of Celebrity. Empty while the card's skills are withheld (see ``withheld``), and for a card whose
        ``gains`` effect gives its skills (under its conditions: engine/effects/bearer.py)."""
        if "skills" in self.withheld:
            return ()
        if any(e.do.verb == "gains" and (e.do.skills or e.do.instead) for e in self.effects):
            return ()
        out = []
        for g in self.grants_skills:
            entry = parse_skill(g)
            out.append((entry.name.lower(), entry.count))
        return tuple(out)

    @property
    def ability_status(self) -> AbilityStatus:
        if self.withheld:  # some printed numbers wait for the text that gives them
            return AbilityStatus.PARTIAL if self.effects or self.executed_facts else AbilityStatus.NOT_IMPLEMENTED
        if self.effects:
            return AbilityStatus.PARTIAL if self.unexecuted else AbilityStatus.IMPLEMENTED
        if self.type is CardType.COMBAT:
            assert self.physical is not None and self.charm_side is not None
            plain = self.physical.exact and self.charm_side.exact
            return AbilityStatus.NONE if plain else AbilityStatus.NOT_IMPLEMENTED
        if self.executed_facts or (self.disaster is not None and self.disaster.executed):
            return (
                AbilityStatus.PARTIAL if self.unexecuted else AbilityStatus.IMPLEMENTED
            )  # its text is one of the engine's Disaster traits
        return AbilityStatus.NONE if self.text is None else AbilityStatus.NOT_IMPLEMENTED

    @property
    def gives_in_play(self) -> bool:
        """Whether the engine applies anything of this Power card while it is in play: a printed number or a
        granted skill it does not withhold, a vehicle, or an executed effect. False for an Enhancement,
        Equipment or Global Effect whose whole text is still unexecuted (playing it changes nothing yet);
        True for every other type of card."""
        if self.type not in (CardType.ENHANCEMENT, CardType.EQUIPMENT, CardType.GLOBAL_EFFECT):
            return True
        if self.effects or self.vehicle is not None or self.on_vehicle is not None or self.executed_facts:
            return True
        if self.grants_skills and "skills" not in self.withheld:
            return True
        for name in ("attack", "defense", "movement", "charm", "energy"):
            sv = getattr(self, name)
            if sv is not None and sv.value and name not in self.withheld:
                return True
        return self.health is not None

    @property
    def label(self) -> str:
        """Name with a disambiguating suffix where names clash (there are two Goku cards)."""
        return self.name
