"""The effect language: card abilities as typed records the engine interprets (RULES.md CARD-1, MISC-12).

A card's abilities live in ``cards/data/abilities/*.yaml``, keyed by card id, apart from the imported card
facts. Each entry holds ``effects`` (what the engine executes), ``unexecuted`` (clauses of the card's text the
language cannot say yet, in our own words) and ``rulings`` (decisions where the wording is ambiguous or fights
the rulebook). Every record is validated here when the database loads: an unknown trigger, verb, selector or
field is a load error naming the card and the field.

An effect is one mapping::

    when:    enters | static | lands | defeated | play          (the trigger)
    unless:  REQUIREMENT      the group that meets it overcomes the card (DIS-20): nothing happens
    turns:   N                a lasting effect ends after N of its controller's turns (DIS-19)
    do:      {VERB: {ARGS}}   one verb and its arguments, with their selector (who / what)

Selectors name Characters (``who``: among the group it met, the Characters here, all in play, the nearest,
the rest of a Character's party; filtered by ``has`` / ``lacks`` requirements; ``pick`` all, one at random or
the strongest), cards in play (``what``: types, a category or skill, vehicle kinds) or Disasters
(``disasters``: a category, the others). The text a player reads is rendered from these records
(:func:`effect_text`), so it can never disagree with what the engine does.

This module is card data only: it never imports the engine.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Annotated, Any, Literal, get_args

from pydantic import ConfigDict, Field, field_serializer, field_validator, model_validator

from animayhem.cards.frozen import Frozen, R, dump_record, evolve, record_fields
from animayhem.cards.requirements import Requirement, parse_requirement
from animayhem.cards.wording import HOOK, action_word, prose, ptr, req_text, stat_word, tr, type_word, vehicle_kind
from animayhem.i18n import N_

# round: after each physical combat round it fights; round_start: at the start of each combat round against it;
# chained: never fired by a procedure, only run by a hook of
# the same card (the effect the hook's condition starts, so its text and numbers stay data)
# revealed: another Disaster is turned up from under a Location while Scavenging (``about``: that one)
# survived: a fight against it is over and it was not Defeated (``about``: who fought it)
# exits: it walks off the Field along its path (DIS-6), before it leaves play
# other_defeated: another Disaster was Defeated; other_enters: another Disaster came into play (``about``: that one)
# hurts: its physical attack dealt Health damage to a Character (``about``: each one hurt, ``amount``: the damage)
# defeat: it is being Defeated; a ``revive`` effect here replaces the Defeat (it stays in play)
# charms: it won a charm contest against a Character (``about``: that one)
# charmed_by: it lost a charm contest (``about``: the winner; ``amount``: the winner's Charm total)
# passes: it moves onto a Location (entering the Field, each step, stopping)
# caught: a Character ends its own move on its Location (``about``: that Character)
# met / first_met (a Location's own card): a Combat Disaster turned up while a group Scavenges it is about to be
# fought (every one / the first of that Scavenge; ``about``: that Disaster, the group: the Scavengers)
# driven (a Location's own card): a vehicle is driven onto it and stops there (``about``: the vehicle)
# reentered: a Major Disaster starts its path again after walking off the Field (DIS-8): one full trip done
Trigger = Literal[
    "enters",
    "static",
    "lands",
    "defeated",
    "play",
    "turn",
    "beats",
    "round",
    "round_start",
    "chained",
    "revealed",
    "other_defeated",
    "other_enters",
    "hurts",
    "defeat",
    "reentered",
    "passes",
    "charms",
    "charmed_by",
    "survived",
    "exits",
    "use",
    "drawn",
    "caught",
    "met",
    "first_met",
    "driven",
    "scavenged",
    "cleared",
]
ABILITY_NAMES = ("attack", "defense", "movement", "charm", "energy", "health")
ACTIONS = ("move", "attack", "scavenge", "run")


_Record = Frozen  # the records of the effect language (cards/frozen.py)


def map_requirements(rec: R, fn: Callable[[Requirement], Requirement]) -> R:
    """``rec`` with every requirement inside it replaced by ``fn(requirement)`` (the database resolves them)."""
    update: dict[str, Any] = {}
    for name in record_fields(rec):
        v = getattr(rec, name)
        if isinstance(v, Requirement):
            update[name] = fn(v)
        elif isinstance(v, _Record):
            nv = map_requirements(v, fn)
            if nv is not v:
                update[name] = nv
        elif isinstance(v, tuple) and v and isinstance(v[0], _Record):
            nt = tuple(map_requirements(x, fn) for x in v)
            if any(a is not b for a, b in zip(nt, v, strict=True)):
                update[name] = nt
    return evolve(rec, **update) if update else rec


def _req(v: Any) -> Any:
    return parse_requirement(v) if isinstance(v, str) else v


# target: the Character a Flash Effect's player names; target_here: the Characters at the Location it names
# target_place: the Characters at the Location (or Haven) it names by the Location card itself (Haste's group)
# target_player: every Character in play of the player whose Character the player names (Rock/Paper/Scissors)
Targeted = Literal["target", "target_here", "target_place", "target_player"]


class Who(_Record):
    """Which Characters an effect reaches."""

    # bearer: the Character that carries or wears the card (an Equipment's or Enhancement's ``static`` effects,
    # or the user of an activated one); party: the bearer's player's Characters at its Location
    among: (
        Literal[
            "group",
            "here",
            "all",
            "field",
            "own",
            "near",
            "party_others",
            "payer",
            "about",
            "bearer",
            "party",
            "owners",
            "self",
        ]
        | Targeted
    ) = "group"
    within: int = Field(default=0, ge=0, le=9)  # near: Characters at most this many Locations away
    has: Requirement | None = None  # each one must meet this on its own (skill, category, gender, card)
    lacks: Requirement | None = None  # each one must not meet this
    transforming: bool | None = None  # only Characters that can (True) or cannot (False) change form
    # coin: each one on a coin flip (MISC-6); choose: the player of an activated ability names one (``use``)
    pick: Literal["all", "random", "strongest", "coin", "choose"] = "all"
    count: int = Field(default=1, ge=1, le=9)  # choose: how many different Characters the player names
    unequipped: bool = False  # only Characters that carry no Equipment (Power Pole)
    # target: only a Character in the combat being fought now (attacked: only the one its Disaster attacks)
    fighting: bool | Literal["attacked"] = False
    side: Literal["any", "own", "opponent"] = "any"  # whose Characters: the player's own or other players'
    stopped: bool = False  # only those whose Movement is now down to 0 (Ebi-Furiya's frozen ones)
    # a pick of one (random, strongest) takes it among those that meet this when there are any (Miss Hinako: Ranma)
    prefer: Requirement | None = None
    equipped: bool = False  # only Characters that carry at least one Equipment card (Ranma Saotome)

    _parse = field_validator("has", "lacks", "prefer", mode="before")(classmethod(lambda cls, v: _req(v)))

    @model_validator(mode="after")
    def _named_only(self) -> Who:
        if self.fighting and self.among != "target":
            raise ValueError("'fighting' is for the Character a Flash Effect names (among: target)")
        if self.side != "any" and self.among not in (
            "target",
            "target_player",
            "all",
            "field",
            "here",
            "near",
            "target_place",
        ):
            raise ValueError("'side' is for a Flash Effect's target or the Characters in play, on the Field or here")
        return self

    @field_serializer("has", "lacks", "prefer")
    def _dump(self, v: Requirement | None) -> str | None:
        return None if v is None else v.text

    def text(self) -> str:
        if self.prefer is not None and self.pick != "all":
            return evolve(self, prefer=None).text() + tr(" ({prefer} first, when there)", prefer=req_text(self.prefer))
        # owners: a Global's bearer effects, on each of its owner's Characters; self: a Character card's on itself
        if self.among in ("bearer", "owners", "self"):
            return _bearer_text(self)
        where = {
            "group": tr("the Characters it meets"),
            "here": tr("the Characters at its Location"),
            "all": tr("every Character in play"),
            "field": tr("every Character on a Location (not in a Haven)"),
            "own": tr("its controller's Characters on the Field"),
            "near": tr("the Characters up to {within} Locations from it", within=self.within),
            "party_others": tr("each other Character in its party"),
            "payer": tr("the Character that pays for it"),
            "about": tr("that Character"),
            "bearer": tr("the Character bearing it"),
            "party": tr("the bearer's party (its player's Characters at its Location)"),
            "target": tr("one Character in play the player names"),
            "target_here": tr("the Characters at one Location the player names"),
            "target_place": tr("the Characters at one Location or Haven the player names (by the Location itself)"),
            "target_player": tr("every Character in play of one player the player names")
            + (tr(" (another player)") if self.side == "opponent" else ""),
        }[self.among]
        if self.among == "target":
            where = _named_text(self)
        cond = ""
        if self.transforming is True:
            cond += tr(" that can change form")
        elif self.transforming is False:
            cond += tr(" that cannot change form")
        if self.has is not None:
            cond += tr(" with {has}", has=req_text(self.has))
        if self.lacks is not None:
            cond += tr(" without {lacks}", lacks=req_text(self.lacks))
        if self.unequipped:
            cond += tr(" that carry no Equipment")
        if self.equipped:
            cond += tr(" that carry Equipment")
        if self.stopped:
            cond += tr(" whose Movement is down to 0")
        if self.side != "any" and self.among == "target_place":
            cond += (
                tr(" that the player owns (its group there)") if self.side == "own" else tr(" that another player owns")
            )
        elif self.side != "any" and self.among not in ("target", "target_player"):
            cond += tr(" that its controller owns") if self.side == "own" else tr(" that another player owns")
        if self.pick == "random":
            return tr("one of {where}{cond}, at random", where=where, cond=cond)
        if self.pick == "coin":
            return tr(
                "each of {where}{cond} that loses a coin flip (rock-paper-scissors against the card)",
                where=where,
                cond=cond,
            )
        if self.pick == "strongest":
            return tr("the strongest (Attack + Defense) of {where}{cond}", where=where, cond=cond)
        if self.pick == "choose" and self.count > 1:
            return tr("{count} of {where}{cond}, of the player's choice", count=self.count, where=where, cond=cond)
        if self.pick == "choose":
            return tr("one of {where}{cond}, of the player's choice", where=where, cond=cond)
        return f"{where}{cond}"


def _named_text(who: Who) -> str:
    """The Character a Flash Effect names (``among: target``), with its ``side`` and ``fighting``."""
    whose = {"any": "", "own": tr("the player's "), "opponent": tr("an opponent's ")}[who.side]
    if who.fighting == "attacked":
        return tr("{whose}Character under attack this combat round", whose=whose or ptr("whose", "the "))
    one = {
        "any": tr("one Character"),
        "own": tr("one of the player's own Characters"),
        "opponent": tr("one opponent's Character"),
    }
    if who.fighting:
        return tr("{one} fighting in this combat, named by the player", one=one[who.side])
    return tr("{one} in play the player names", one=one[who.side])


CardKind = Literal["equipment", "enhancement", "item", "global-effect", "vehicle"]
VehicleKind = Literal["ground", "flying", "planetary"]
# the words an ``option`` other than a ``modify`` is chosen by (each an action verb, engine/core/actions.py)
OptionWord = Literal["play", "move", "haven", "halt"]


class What(_Record):
    """Which cards in play an effect reaches (carried, worn or stored; Items are reached face down)."""

    # under: face down under its Location; there: carried at its Location or face down under it; field: held by
    # Characters on Locations (not in Havens)
    among: Literal["in_play", "here", "nearest", "under", "there", "field"] = "in_play"
    types: tuple[CardKind, ...] = Field(min_length=1)
    # The card must have one of these categories or granted skills (Computer, Music, Food …), or one of these
    # words in its name (Disguise, and the misprint Disquise): any of them will do.
    has: tuple[str, ...] = ()
    named: tuple[str, ...] = ()

    @field_validator("has", mode="before")
    @classmethod
    def _one_or_more(cls, v: Any) -> Any:
        return (v,) if isinstance(v, str) else v

    vehicle: tuple[VehicleKind, ...] = ()  # only vehicles of these kinds
    limited: bool = False  # only cards that print a number of uses (CARD-17: Fire Fight's weapons)
    pick: Literal["all", "one", "random"] = "all"
    spare_if: Requirement | None = None  # a card is spared when the Characters where it is meet this

    _parse = field_validator("spare_if", mode="before")(classmethod(lambda cls, v: _req(v)))

    @field_serializer("spare_if")
    def _dump(self, v: Requirement | None) -> str | None:
        return None if v is None else v.text

    def text(self) -> str:
        kinds = {
            "equipment": tr("Equipment"),
            "enhancement": tr("Enhancement"),
            "item": tr("Item"),
            "global-effect": tr("Global Effect"),
            "vehicle": tr("vehicle"),
        }
        names = tr(" and ").join(kinds[t] for t in self.types)
        if self.vehicle:
            names = tr("{kinds} {names}", kinds=tr(" or ").join(vehicle_kind(k) for k in self.vehicle), names=names)
        kinds_of = [*self.has, *self.named[:1]] if not self.limited else [*self.has, *self.named]
        if kinds_of:
            names = f"{tr(' or ').join(kinds_of)} {names}"
        if self.limited:
            names += tr(" with printed uses")
        where = {
            "in_play": tr("in play"),
            "here": tr("at its Location"),
            "nearest": tr("nearest to it"),
            "under": tr("face down under its Location"),
            "there": tr("at its Location (carried or face down under it)"),
            "field": tr("on the Field (not in a Haven)"),
        }[self.among]
        spare = (
            tr(" (unless the Characters with it have {spare_if})", spare_if=req_text(self.spare_if))
            if self.spare_if is not None
            else ""
        )
        if self.pick == "all":
            return tr("every {names} {where}{spare}", names=names, where=where, spare=spare)
        if self.pick == "random" and self.among == "nearest":
            return tr("one {names} {where}, at random among the equally near", names=names, where=where) + spare
        return (
            tr("one {names} {where}", names=names, where=where)
            + (tr(", at random") if self.pick == "random" else "")
            + spare
        )


class Disasters(_Record):
    """Which Disasters in play an effect reaches."""

    category: str | None = None  # a category or a word of the name (Bugrom, Boomer, Assassin-Bot)
    excluding: tuple[str, ...] = ()  # leave out these categories or name words (the more specific card, SCAV-9)
    self_: bool = Field(default=False, validation_alias="self", serialization_alias="self")
    target: bool = False  # the Disaster a Flash Effect names (``fighting``: the one in this combat)
    fighting: bool = False
    # a Location's own static effect: only the Disasters standing on it (Goku & Chi-Chi's House); ``combat``: only
    # Combat Disasters
    here: bool = False
    combat: bool = False
    # a Flash Effect's: every Disaster on the Field at the Location of the card it names (a Character or a Disaster
    # standing there: Temporal Disturbance, Time Out!)
    around: bool = False

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    def text(self) -> str:
        if self.self_:
            return tr("this Disaster")
        if self.fighting:
            return tr("the Disaster fought in this combat")
        if self.around:
            return tr("the Disasters at one Location the player names (by a Character or a Disaster standing there)")
        if self.target:
            return tr("one Disaster the player names")
        kind = " ".join(w for w in (self.category, tr("Combat") if self.combat else None) if w)
        out = tr("every {kind} Disaster", kind=kind) if kind else tr("every other Disaster")
        if self.here:
            out += tr(" on this Location")
        if self.excluding:
            out += tr(" that is not ") + tr(" or ").join(self.excluding)
        return out


# ---------------------------------------------------------------------- verbs


class Bonk(_Record):
    verb: Literal["bonk"] = "bonk"
    who: Who = Who()

    def text(self) -> str:
        return tr("Bonk {who}.", who=self.who.text())


class Kill(_Record):
    verb: Literal["kill"] = "kill"
    who: Who = Who()

    def text(self) -> str:
        return tr("Kill {who}.", who=self.who.text())


class SendHome(_Record):
    verb: Literal["send_home"] = "send_home"
    who: Who = Who()
    drop: bool = False  # they leave their Items under the Location first

    def text(self) -> str:
        first = tr(", leaving their Items under the Location,") if self.drop else ""
        return tr("Put {who}{first} in their owners' Havens.", who=self.who.text(), first=first)


_HOLD_EXTRA = {"assist": N_("help another Character in a fight"), "combat_cards": N_("play no Combat cards")}


class Hold(_Record):
    """The Characters may not take these actions while the effect lasts (CARD-22; "no action": all four).
    Held from ``move``, a Character does not move, drive, ride, step off the Field or come back; held from
    ``run`` it does not Run Away (COMBAT-19: otherwise it always may). ``stay``: the card keeps them at their
    Location in every way (Mez: 'to leave'; CARD-22's Hold): no Running Away either, and no card moves them
    away (engine/effects/lasting.py ``kept_by``, the one permission query of leaving a Location).
    ``release``: the hold on a Character ends for good as soon as the Characters at its Location (any player's,
    the held one included) together meet this requirement (checked where it starts and after each move).
    ``ride_out``: a held Character may still leave aboard a Vehicle whose own Movement is over this (Mez)."""

    verb: Literal["hold"] = "hold"
    who: Who = Who()
    # beyond the four: ``assist`` (help another Character in a fight: protect one, or strike a Disaster that attacks
    # another; it still fights for itself) and ``combat_cards`` (no Combat card is drawn for it when it is attacked)
    actions: tuple[Literal["move", "attack", "scavenge", "run", "assist", "combat_cards"], ...] = ACTIONS  # type: ignore[assignment]
    release: Requirement | None = None
    stay: bool = False
    ride_out: int | None = Field(default=None, ge=0, le=20)
    grip: bool = False  # no card moves them away; their own moves and Running Away stay free (Power Grip)
    # with ``grip`` on a carried card's party: its members walk only all together, as one group (Group Photo;
    # procedures/turn.py reads it for its owner's Move phase from the cards found once per card list)
    together: bool = False
    # a Character's own card (``who: {among: self}``): only while a card of this id is in play, any player's (a
    # Global Effect, a Disaster, a Character): Dr. Tofu and Kasumi
    while_card: str | None = Field(default=None, pattern=r"^[a-z0-9][a-z0-9-]*$")
    # a Flash Effect's hold on Disasters instead of Characters: the one named (``target``) or those at the Location
    # named (``around``), counted in their controller's turns (DIS-19); held from ``move`` it takes no step, from
    # ``attack`` it starts no fight (engine/effects/lasting.py ``disaster_held``)
    disasters: Disasters | None = None
    # a card whose clauses are two ways of playing it: this clause acts only when the player names a card of this
    # kind (Time Out!: a Character for its Characters, a Disaster for its Disasters)
    named: Literal["character", "disaster"] | None = None

    _parse = field_validator("release", mode="before")(classmethod(lambda cls, v: _req(v)))

    @model_validator(mode="after")
    def _own(self) -> Hold:
        if self.while_card is not None and self.who.among != "self":
            raise ValueError("'while_card' is for a Character's own hold (who: {among: self})")
        if self.disasters is not None and not (self.disasters.target or self.disasters.around):
            raise ValueError("a hold on 'disasters' names the one a Flash Effect names (target) or those 'around' it")
        if self.together and not (self.grip and self.who.among == "party"):
            raise ValueError("'together' is for a carried card's grip on its party (who: {among: party})")
        return self

    @field_serializer("release")
    def _dump(self, v: Requirement | None) -> str | None:
        return None if v is None else v.text

    def text(self) -> str:
        held = self.who.text() if self.disasters is None else self.disasters.text()
        if self.named == "disaster" and self.disasters is not None and self.disasters.around:
            held = tr("the Disasters at the Location of one Disaster the player names")
        elif self.named is not None:
            held += tr(" (named by a {named} standing there)", named=type_word(self.named))
        if self.disasters is not None and set(self.actions) == set(ACTIONS):
            return tr("{held} take no action: no move, no attack.", held=_cap(held))
        if self.disasters is not None:
            return tr(
                "{held} cannot {actions}.",
                held=_cap(held),
                actions=tr(" or ").join(action_word(a) for a in self.actions),
            )
        if self.named is not None and set(self.actions) == set(ACTIONS):
            return tr("{held} can take no action.", held=_cap(held))
        acts = [a for a in self.actions if a not in _HOLD_EXTRA]
        more = [tr(_HOLD_EXTRA[a]) for a in self.actions if a in _HOLD_EXTRA]
        if set(acts) == set(ACTIONS):
            out = tr("{who} can take no action", who=_cap(self.who.text()))
            if more:
                out += tr(" and ") + tr(" and ").join(more)
        elif not self.actions:
            out = tr("{who} cannot be moved from their Location by any card", who=_cap(self.who.text()))
        else:
            out = tr(
                "{who} cannot {acts}",
                who=_cap(self.who.text()),
                acts=tr(" or ").join(action_word(a) for a in [*acts, *more]),
            )
        if self.stay:
            out += tr(" (nor leave their Location any other way: no drive, ride, Running Away or move by a card)")
        if self.together:
            out += tr("; they walk or drive only all together, as one group, never split up")
        if self.ride_out is not None:
            out += tr(", unless they leave aboard a Vehicle with Movement over {ride_out}", ride_out=self.ride_out)
        if self.release is not None:
            out += tr(", until Characters with {release} stand with them", release=req_text(self.release))
        if self.while_card is not None:
            out += tr(", while {while_card} is in play", while_card=self.while_card.replace("-", " ").title())
        return out + "."


class Alone(_Record):
    """The Characters leave their group and act alone (Loner): no group move takes them along, their Skills
    and Items count for no other Character's Scavenge test (nor the others' for theirs), they share no vehicle,
    and they strike a Combat Disaster only when attacked themselves, with no other Character. It ends for good
    for a Character once the other Characters at its Location (any player's, Bonked ones aside) have a combined
    Charm over ``release_charm`` (checked where it starts and after each move)."""

    verb: Literal["alone"] = "alone"
    who: Who = Who()
    release_charm: int = Field(ge=0)

    def text(self) -> str:
        return tr(
            "{who} leaves the group and acts alone (moves, rides, Scavenges and fights with no"
            " other Character) until the other Characters at its Location have a combined Charm over"
            " {release_charm}.",
            who=_cap(self.who.text()),
            release_charm=self.release_charm,
        )


class Rivals(_Record):
    """The Characters it reaches may not team up with one another while it lasts (Female Jealousy): no two of them
    Scavenge as one group (each Scavenge part holds at most one of them: engine/effects/lasting.py ``apart``), strike
    a Combat Disaster together (``lasting.may_team``, read where procedures/combat.py lists the strikes), nor, in a
    fight between players, attack one Character together or protect one another (procedures/fights.py)."""

    verb: Literal["rivals"] = "rivals"
    who: Who = Who()

    def text(self) -> str:
        return tr(
            "{who} may not team up with each other: no two of them Scavenge together, strike a"
            " Disaster together, attack one Character together or protect one another.",
            who=_cap(self.who.text()),
        )


class SpareEquipment(_Record):
    """No Equipment on the Characters it reaches counts the damage Weapons deal them (Avoid Fire): in a fight
    between players, the part of a round's damage on such a Character that the strikes of Characters carrying or
    wearing a Weapon add (what the round deals less what it would deal without them) is kept apart
    (``state.counters[uid * 100 + 56]``) and never counts against a card that wears out with damage (``wears_out``:
    Ross' Battle Suit; engine/effects/bearer.py ``worn_out``). A Disaster's attack is no Weapon's."""

    verb: Literal["spare_equipment"] = "spare_equipment"
    who: Who = Who()

    def text(self) -> str:
        return tr(
            "The damage that Weapons (the strikes of Characters carrying or wearing a Weapon) deal {who}"
            " counts against none of their Equipment.",
            who=self.who.text(),
        )


class ReturnItem(_Record):
    """An Item a Character carries goes back, face down, under the Location it was first taken from (Fake Item): the
    Character is the one a Flash Effect names (``who: {among: target}``), carrying an Item whose first Location is
    known and still in play (``state.counters[uid * 100 + 57]``, kept only in games holding such a card:
    engine/effects/primitives.py ``note_origin``); of several such Items, the one it took last goes. ``not_with``: the
    card is not played on a Character standing with one that meets this (Nanami Jinnai)."""

    verb: Literal["return_item"] = "return_item"
    who: Who = Who(among="target")
    not_with: Requirement | None = None

    _parse = field_validator("not_with", mode="before")(classmethod(lambda cls, v: _req(v)))

    @field_serializer("not_with")
    def _dump(self, v: Requirement | None) -> str | None:
        return None if v is None else v.text

    def text(self) -> str:
        out = tr(
            "An Item carried by {who} (the one it took last) goes back face down under the Location it"
            " was first taken from",
            who=self.who.text(),
        )
        if self.not_with is not None:
            out += tr("; not played on a Character standing with {req}", req=req_text(self.not_with))
        return out + "."


class ShiftItem(_Record):
    """The Character a Flash Effect names moves one Item lying face down under a Location to a Location next to that
    one (Telekinese). As the card resolves its player chooses the Location the Item lies under (one with cards under
    it, every seat counts them; not a Haven), at most as many Locations away as the Character has Energy left, then
    the Location next to it where the Item goes (not a Haven); the first Item of the pile goes, still face down, to
    the bottom of the pile there (nothing moves when no Item lay there). The Character pays ``per_step`` Energy for
    each Location between it and the Item; that Energy stays lost until its player's next turn begins (a lasting
    record, engine/effects/lasting.py ``modifiers_all``, ended by ``turn_begins``)."""

    verb: Literal["shift_item"] = "shift_item"
    who: Who = Who(among="target")
    per_step: int = Field(default=1, ge=1, le=9)

    def text(self) -> str:
        return tr(
            "{who} moves one Item lying face down under a Location to a Location next to it,"
            " paying {per_step} Energy for each Location between it and that Item; the Energy stays lost until"
            " its player's next turn.",
            who=_cap(self.who.text()),
            per_step=self.per_step,
        )


class Charge(_Record):
    """The Character that pays for a Flash Effect charges an attack in a fight between players (Makkankoupousou): at
    the end of each round in which it declares no blow and protects nobody, ``store`` more of the Energy it has left
    (what it has, when less) is banked on the lasting record, lost to it while banked; in a round in which it declares
    a blow, its Attack is ``factor`` times the Energy banked and the Defense of the Character it attacks counts no
    bonus from the Equipment that Character carries; the banked Energy is then spent and the charge is over
    (procedures/fights.py; engine/effects/lasting.py ``charge_of``)."""

    verb: Literal["charge"] = "charge"
    who: Who = Who(among="payer")
    store: int = Field(default=2, ge=1, le=9)
    factor: int = Field(default=2, ge=1, le=9)

    def text(self) -> str:
        return tr(
            "{who} charges an attack: at the end of each round of the fight in which it neither"
            " strikes nor protects, {store} more of the Energy it has left is banked; when it strikes, its"
            " Attack is {factor} times the Energy banked and ignores the Defense bonuses of the Equipment its"
            " target carries.",
            who=_cap(self.who.text()),
            store=self.store,
            factor=self.factor,
        )


class BuildUp(_Record):
    """A bonus a Character builds up by sitting out the rounds of a fight (``modify`` with ``charge``: Power Up):
    the record starts at nothing; each round of the fight under way in which the Character is neither attacked,
    nor strikes, nor protects, it pays ``energy`` and ``by`` counts ``per_skill`` more times (once for each copy of
    that Skill it has then). The first round it fights, or cannot pay, ends the growth; what it built lasts to the
    end of the fight (procedures/combat.py ``Combat.charging``, activated.charge)."""

    per_skill: str
    energy: int = Field(default=1, ge=0, le=9)


class Modify(_Record):
    """Ability modifiers: on Characters (``who``) or on Disasters (``disasters``)."""

    verb: Literal["modify"] = "modify"
    who: Who | None = None
    disasters: Disasters | None = None
    by: dict[str, int] = Field(default_factory=dict)  # + or - N
    set: dict[str, int] = Field(default_factory=dict)  # becomes N
    halve: tuple[str, ...] = ()  # these abilities are halved, rounded down (AMB-11)
    double: tuple[str, ...] = ()  # these abilities are doubled (Power Pole's Movement)
    # these abilities are those of the Character in play named ``like`` (a word of its name), as they are now with
    # all its bonuses, while one is in play (Akane's Rage: Akane's)
    mirror: tuple[str, ...] = ()
    like: str | None = None
    per_character_here: bool = False  # ``by`` counts once for each Character at its Location
    while_here: Requirement | None = None  # only while the Characters at its Location meet this
    # ``who: {among: bearer}`` only (a card a Character holds): ``instead`` — these numbers replace the card's
    # printed modifiers of the same abilities; ``against`` — only in a fight with a Disaster of one of these
    # kinds (a Category or a word of its name); ``opponent`` — they go to whoever fights its bearer instead
    instead: bool = False
    against: tuple[str, ...] = ()
    opponent: bool = False
    # with ``against``: also in a fight between players' Characters with another player's Character of those kinds
    # (procedures/fights.py: the one it strikes, for Attack; the first striking it, for Defense): Lemlia, the Medal
    characters: bool = False
    # ``who: {among: bearer}`` only: in force during the first N of its owner's turns since the card was played,
    # the turn it was played in counting as the first (Weighted Clothing; engine/effects/worn.py)
    worn_turns: int | None = Field(default=None, ge=1, le=9)
    # ``who: {among: bearer}`` only: ``by`` gives one of its abilities only, the one its player chooses when the
    # card is played (Algebra; the choice is kept in the state, engine/effects/bearer.py ``chosen``)
    chosen: bool = False
    # ``who: {among: bearer}`` only: ``by`` counts once for each of its owner's turns the bearer ends in a Haven,
    # on the one ability its player chooses each time, ``trained`` turns at most (Heavy Gravity Training;
    # engine/procedures/training.py, the counts kept in the state, engine/effects/bearer.py ``trained``)
    trained: int | None = Field(default=None, ge=1, le=9)
    # a Global's effect for everyone: at most this many copies of the card in play count (Tender Moment: 1)
    copies: int | None = Field(default=None, ge=1, le=9)
    # ``who: {among: bearer}`` only: ``by`` (a drop) takes no ability below this, and one already lower stays as
    # it is (I'm Buyin': -2, not below 1)
    floor: int | None = Field(default=None, ge=0, le=9)
    # the numbers go to the vehicle of one of these kinds the Character named carries, not to the Character
    # (Ready to Go; engine/procedures/vehicles.py reads them as the vehicle's Movement)
    vehicle: tuple[Literal["ground", "flying", "planetary"], ...] = ()
    # ``who: {among: bearer | self}`` only: in force only while the bearer carries or wears a card of one of these
    # kinds (a Skill it grants, a Category, or a word of its name): Afura Mann's Air Element cards
    holding: tuple[str, ...] = ()
    # ``by`` counts once for each point of Energy, counted as the card resolves and kept: ``own`` the base Energy
    # of each Character it reaches (its printed Energy in its current form: Kamehameha), ``in_play`` the Energy of
    # every Character in play, added up (Genki-Dama); engine/effects/triggers.py keeps the count on the record
    # felled (``until: round_after``): once per point of the Attack of the Character the card's ``fells`` Bonked, on
    # the Characters whose blows Bonked it, for the next round (procedures/fights.py: Yoiko-no-taiso Step 1)
    per_energy: Literal["own", "in_play", "felled"] | None = None
    # ``who: {among: bearer | self}`` only: ``by`` (a drop) lowers each bonus to that ability that a card of one of
    # these types gives the bearer, one piece at a time, never below 0 (not a flat change of its own value):
    # Goku's Equipment bonuses, 1 lower each
    each_bonus: tuple[Literal["equipment", "enhancement"], ...] = ()
    # ``who: {among: bearer | self}`` only: in force only while the bearer's damage is at least N (Armitage)
    hurt: int | None = Field(default=None, ge=1, le=99)
    # besides ``by`` on the Characters it names: each Character or Disaster attacking one of them has these
    # modifiers in the fights it lasts for (High Ground; procedures/combat.py and fights.py read them through
    # engine/effects/lasting.py ``on_attackers``)
    attackers: dict[str, int] = Field(default_factory=dict)
    # a use's bonus for the Character named, built up round by round while it sits out the fight (Power Up)
    charge: BuildUp | None = None

    _parse = field_validator("while_here", mode="before")(classmethod(lambda cls, v: _req(v)))

    @field_serializer("while_here")
    def _dump(self, v: Requirement | None) -> str | None:
        return None if v is None else v.text

    @model_validator(mode="after")
    def _check(self) -> Modify:
        if (self.who is None) == (self.disasters is None):
            raise ValueError("modify names either 'who' (Characters) or 'disasters'")
        if not self.by and not self.set and not self.halve and not self.double and not self.mirror:
            raise ValueError("modify needs 'by', 'set', 'halve', 'double' or 'mirror'")
        if bool(self.mirror) != (self.like is not None):
            raise ValueError("modify: 'mirror' and 'like' go together")
        bad = (set(self.by) | set(self.set) | set(self.halve) | set(self.double)) - set(ABILITY_NAMES)
        if bad:
            raise ValueError(f"unknown ability {sorted(bad)[0]!r}")
        if self.attackers and (
            self.who is None or self.who.among != "target" or set(self.attackers) - {"defense", "attack"}
        ):
            raise ValueError("'attackers' gives Attack or Defense modifiers to whoever attacks a named Character")
        if self.characters and not self.against:
            raise ValueError("'characters' widens 'against': give the kinds")
        if self.floor is not None and any(v >= 0 for v in self.by.values()):
            raise ValueError("'floor' is for a drop: every number of 'by' below 0")
        if self.per_energy is not None and (not self.by or self.set or self.halve or self.double or self.who is None):
            raise ValueError("'per_energy' scales 'by' alone, on Characters ('who')")
        if self.charge is not None and (
            not self.by or self.set or self.halve or self.double or self.per_energy or self.who is None
        ):
            raise ValueError("'charge' scales 'by' alone, on Characters ('who')")
        if self.each_bonus and (
            not self.by
            or any(v >= 0 for v in self.by.values())
            or self.set
            or self.halve
            or self.double
            or self.against
            or self.instead
            or self.opponent
        ):
            raise ValueError("'each_bonus' lowers bonuses: every number of 'by' below 0, nothing else")
        if (
            self.instead
            or self.against
            or self.opponent
            or self.worn_turns
            or self.chosen
            or self.trained
            or self.holding
            or self.each_bonus
            or self.hurt
        ) and (self.who is None or self.who.among not in ("bearer", "self")):
            raise ValueError(
                "'instead', 'against', 'opponent', 'worn_turns', 'chosen', 'trained', 'holding', 'each_bonus' and"
                " 'hurt' are for a"
                " card's"
                " bearer"
                " (who: {among: bearer})"
            )
        return self

    def text(self) -> str:
        if self.who is not None and self.who.among in ("bearer", "owners", "self"):
            return self._bearer_text()
        target = self.who.text() if self.who is not None else self.disasters.text()  # type: ignore[union-attr]
        if self.mirror:
            names = _both([stat_word(k) for k in self.mirror])
            return tr(
                "While {like} is in play, {target} has {like}'s {names} as they are now, with all bonuses.",
                like=self.like,
                target=target,
                names=names,
            )
        if self.vehicle:
            target = tr(
                "the {vehicle} vehicle carried by {target}",
                vehicle=_either([vehicle_kind(k) for k in self.vehicle]),
                target=target,
            )
        nums = [f"{v:+d} {stat_word(k)}" for k, v in self.by.items()]
        if self.per_character_here:
            nums = [n + tr(" for each Character at its Location") for n in nums]
        if self.per_energy == "own":
            nums = [n + tr(" for each point of its base Energy (its printed Energy)") for n in nums]
        elif self.per_energy == "in_play":
            each = tr(" for each point of Energy of every Character in play, added up as the card resolves")
            nums = [n + each for n in nums]
        elif self.per_energy == "felled":
            target = tr("each Character whose blow Bonked it")
            nums = [n + tr(" for each point of the Attack the Character Bonked had in that round") for n in nums]
        if self.charge is not None:
            c = self.charge
            pay = tr(", paying {energy} Energy for each", energy=c.energy) if c.energy else ""
            nums = [
                _both(nums)
                + tr(
                    " for each {skill} Skill it has, for each round of the fight under way it then"
                    " sits out (neither attacked, striking nor protecting){pay}; the first round it fights ends the"
                    " growth, and what it built lasts to the end of the fight",
                    skill=c.per_skill,
                    pay=pay,
                )
            ]
        nums += [f"{stat_word(k)} {v}" for k, v in self.set.items()]
        nums += [tr("half {k} (rounded down)", k=stat_word(k)) for k in self.halve]
        nums += [tr("double {k}", k=stat_word(k)) for k in self.double]
        cond = (
            tr(" while a Character with {while_here} is at its Location", while_here=req_text(self.while_here))
            if self.while_here
            else ""
        )
        if self.floor is not None:
            cond += tr(", none of them below {floor} (one already lower stays as it is)", floor=self.floor)
        if self.attackers:
            foes = ", ".join(f"{v:+d} {stat_word(k)}" for k, v in self.attackers.items())
            cond += tr("; each Character or Disaster attacking it: {foes}", foes=foes)
        if self.copies == 1:
            cond += tr(" (once, however many copies of the card are in play)")
        elif self.copies:
            cond += tr(" for each copy of the card in play, at most {copies}", copies=self.copies)
        return f"{_cap(target)}: {', '.join(nums)}{cond}."

    def _bearer_text(self) -> str:
        """The sentence of a bearer's modifier: "Its bearer, if it is Tenchi Masaki: +4 Defense instead of its
        printed bonus."; "Whoever fights its bearer: -2 Defense."."""
        assert self.who is not None
        if self.each_bonus:
            kinds = _either([tr("{k} card", k=_a(type_word(k))) for k in self.each_bonus])
            each = _both([tr("each {k} bonus", k=stat_word(k)) for k in self.by])
            less = -next(iter(self.by.values()))
            if len(set(self.by.values())) > 1:
                less_txt = ", ".join(f"{stat_word(k)} {-v}" for k, v in self.by.items())
                return tr(
                    "{who}: {each} that {kinds} gives it is lower ({less_txt}), never below 0.",
                    who=_cap(self.who.text()),
                    each=each,
                    kinds=kinds,
                    less_txt=less_txt,
                )
            return tr(
                "{who}: {each} that {kinds} gives it is {less} lower, never below 0.",
                who=_cap(self.who.text()),
                each=each,
                kinds=kinds,
                less=less,
            )
        nums = [f"{v:+d} {stat_word(k)}" for k, v in self.by.items()]
        if self.chosen:
            nums = [_either(nums) + tr(", the one its player chooses when the card is played (for good)")]
        if self.trained:
            nums = [
                _either(nums)
                + tr(
                    ", the one its player chooses, at the end of each of its owner's turns it ends in a"
                    " Haven with the card on, {trained} times at most (for good)",
                    trained=self.trained,
                )
            ]
        nums += [f"{stat_word(k)} {v}" for k, v in self.set.items()]
        nums += [tr("half {k} (rounded down)", k=stat_word(k)) for k in self.halve]
        target = tr("whoever fights its bearer") if self.opponent else self.who.text()
        out = f"{_cap(target)}: {', '.join(nums)}"
        if self.instead:
            out += tr(" instead of the printed bonuses") if len(nums) > 1 else tr(" instead of the printed bonus")
        if self.against:
            out += tr(" in a fight with ") + _either([_a(k) for k in self.against])
            if self.characters:
                out += tr(" (a Disaster, or another player's Character)")
        if self.while_here is not None:
            who = (
                req_text(self.while_here)
                if _names_cards(self.while_here)
                else tr("a Character with {while_here}", while_here=req_text(self.while_here))
            )
            out += tr(" while {who} stands at its Location too", who=who)
        if self.holding:
            kinds = _either([_a(k) for k in self.holding])
            out += tr(" while it carries or wears {kinds} card (one granting that Skill, or of that kind)", kinds=kinds)
        if self.floor is not None:
            out += tr(", none of them below {floor} (one already lower stays as it is)", floor=self.floor)
        if self.hurt is not None:
            out += tr(" while its damage is {hurt} or more", hurt=self.hurt)
        if self.worn_turns:
            out += tr(
                " during the first {worn_turns} of its owner's turns it is on (the turn it is played counting)",
                worn_turns=self.worn_turns,
            )
        if self.while_here is not None:
            named = _names_cards(self.while_here)
            out += tr(
                " while {named}{while_here} is at its Location",
                named="" if named else "another Character with ",
                while_here=req_text(self.while_here),
            )
        return out + "."


class Damage(_Record):
    """Health damage outside combat; a Character left with no Health is Bonked (COMBAT-14)."""

    verb: Literal["damage"] = "damage"
    who: Who = Who()
    amount: int = Field(ge=1)
    # the damage stays on the Character until the end of the turn, a fight ending first not healing it (COMBAT-13
    # heals the rest): Watch that 1st step...
    kept: bool = False

    def text(self) -> str:
        out = tr("{who} take {amount} Health damage", who=_cap(self.who.text()), amount=self.amount)
        if self.kept:
            out += tr(", which does not heal before the end of the turn (not even when a fight ends)")
        return out + "."


class Discard(_Record):
    verb: Literal["discard"] = "discard"
    what: What
    bonk_holder: bool = False  # the Character that carried it is Bonked too

    def text(self) -> str:
        return tr("Discard {what}", what=self.what.text()) + (
            tr("; its carrier is Bonked.") if self.bonk_holder else "."
        )


class Destroy(_Record):
    verb: Literal["destroy"] = "destroy"
    what: What
    bonk_holder: bool = False

    def text(self) -> str:
        return tr("Destroy {what}", what=self.what.text()) + (
            tr("; its carrier is Bonked.") if self.bonk_holder else "."
        )


class ShuffleIntoDeck(_Record):
    """The cards go back into their owners' Draw piles, which are shuffled (TURN-27)."""

    verb: Literal["shuffle_into_deck"] = "shuffle_into_deck"
    what: What

    def text(self) -> str:
        return tr("Shuffle {what} into its owner's Draw pile.", what=self.what.text())


class LeaveBehind(_Record):
    """The cards are left face down under the Location where their carrier stands; ``shift``: then each carrier
    that left one moves that many Locations along its row of the Field, as ``shift`` moves Characters."""

    verb: Literal["leave_behind"] = "leave_behind"
    what: What
    # then each carrier that left one is moved this many Locations along its row (negative: left), as ``shift``
    shift: int = Field(default=0, ge=-9, le=9)

    def text(self) -> str:
        out = tr("Leave {what} under its carrier's Location", what=self.what.text())
        if self.shift:
            n = abs(self.shift)
            side = tr("right") if self.shift > 0 else tr("left")
            out += tr(
                "; then each such carrier moves {n} Location{n2} to the {side}", n=n, n2="s" if n > 1 else "", side=side
            )
        return out + "."


class Gather(_Record):
    """The Characters are moved to its Location at once (no Movement spent)."""

    verb: Literal["gather"] = "gather"
    who: Who

    def text(self) -> str:
        return tr("{who} go to its Location at once.", who=_cap(self.who.text()))


class Shift(_Record):
    """The Characters are moved ``steps`` Locations to the right (negative: left) along their row of the Field;
    one that would leave the Field, or land where it may not stop, stays (ruling beside each card)."""

    verb: Literal["shift"] = "shift"
    who: Who
    steps: int = Field(ge=-9, le=9)

    def text(self) -> str:
        side = tr("right") if self.steps > 0 else tr("left")
        n = abs(self.steps)
        return tr(
            "{who} move {n} Location{n2} to the {side}.",
            who=_cap(self.who.text()),
            n=n,
            n2="s" if n > 1 else "",
            side=side,
        )


class Wipe(_Record):
    """Every card at its Location is Destroyed: Items under it and carried, Equipment, other Disasters there;
    Characters are Destroyed, Bonked or spared (``characters``); ``self`` also Destroys this Disaster. With
    ``discard`` every such card is Discarded instead and the Characters are Killed (COMBAT-16: to their owners'
    Discard piles, with the cards on them); the other Disasters there leave play (C-ko's Cooking)."""

    verb: Literal["wipe"] = "wipe"
    characters: Literal["destroy", "bonk", "spare"] = "destroy"
    self_: bool = Field(default=False, validation_alias="self", serialization_alias="self")
    discard: bool = False

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    @model_validator(mode="after")
    def _check(self) -> Wipe:
        if self.discard and (self.characters != "destroy" or self.self_):
            raise ValueError("wipe with 'discard' Kills the Characters and spares this card: no 'characters' or 'self'")
        return self

    def text(self) -> str:
        if self.discard:
            return tr("Discard every card at its Location (the Characters there are Killed), not this card.")
        who = {
            "destroy": "",
            "bonk": tr(" other than Characters, which are Bonked"),
            "spare": tr(" but the Characters"),
        }
        return (
            tr("Destroy every card at its Location{characters}", characters=who[self.characters])
            + (tr(" (this card too)") if self.self_ else tr(" (not this card)"))
            + "."
        )


class DestroyTarget(_Record):
    """The player names one face-up card in play and it is Destroyed (Wrath of the Eye of God, EX-26)."""

    verb: Literal["destroy_target"] = "destroy_target"
    except_: tuple[str, ...] = Field(default=(), alias="except")
    only: tuple[str, ...] = ()  # only cards of these types (Equipment Breakdown: equipment)
    has: tuple[str, ...] = ()  # only cards with one of these categories or icons ('Scuse Us: Move or Holding)
    named: tuple[str, ...] = ()  # or with one of these words in its name (a weapon its categories do not say)
    icons: tuple[Literal["dimensional", "planetary"], ...] = ()  # or printed with one of these symbols
    discard: bool = False  # the card is Discarded rather than Destroyed
    blocking: bool = False  # only a Disaster blocking a Location where its player's Characters stand
    remove_self: bool = False  # this card is then removed from the game instead of Discarded

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    def text(self) -> str:
        if self.blocking:
            how = tr("Discard") if self.discard else tr("Destroy")
            return tr(
                "{how} one Disaster that blocks the Location where the player's Characters stand (it is freed).",
                how=how,
            )
        but = ", ".join(type_word(t) for t in self.except_)
        how = tr("Discard") if self.discard else tr("Destroy")
        kinds = tr(" or ").join(type_word(t) for t in self.only)
        if set(self.only) == {"minor-disaster", "major-disaster"}:
            kinds = tr("Disaster")
        alts = (
            [tr("with {has}", has=_either(list(self.has)))] if self.has else []
        )  # any one of them will do (triggers._fits)
        alts += [tr("whose name says {named}", named=_either(list(self.named)))] if self.named else []
        alts += (
            [tr("with the {icons} symbol", icons=_either([i.capitalize() for i in self.icons]))] if self.icons else []
        )
        if self.has and not self.only and len(alts) == 1:
            one, where = tr("one {has} card", has=_either(list(self.has))), tr(" in play")
        else:
            one, where = (
                tr("one {kinds} in play", kinds=kinds or tr("card")),
                (" " + tr(", or ").join(alts) if alts else ""),
            )
        out = f"{how} {one}{where}" + (tr(" (not a {but})", but=but) if but else "") + "."
        return out + (tr(" Then this card is removed from the game.") if self.remove_self else "")


class Aura(_Record):
    """A lasting bonus from a Character to the others of its party (Little Washu, Washu: EX-5; Bubbles, Kami).
    ``set``: the ability becomes ``amount`` instead (Farmer with shotgun); ``itself``: the Character has it
    too."""

    verb: Literal["aura"] = "aura"
    ability: Literal["health", "attack", "defense", "movement", "energy", "charm"]
    amount: int
    set: bool = False
    itself: bool = False
    # only a Character of the party meeting this (by its own card and what it holds); ``one``: only the first such
    # one, the source itself first, then by card order (Mecha Plans: one Mecha or Battlesuit of its carrier's party;
    # an Item's aura is its carrier's, engine/effects/lasting.py ``_auras``)
    has: Requirement | None = None
    one: bool = False

    _parse = field_validator("has", mode="before")(classmethod(lambda cls, v: _req(v)))

    @field_serializer("has")
    def _dump(self, v: Requirement | None) -> str | None:
        return None if v is None else v.text

    @model_validator(mode="after")
    def _check(self) -> Aura:
        if (self.set or self.itself or self.has is not None or self.one) and self.ability == "health":
            raise ValueError("an aura of Health adds to the others of the party only")
        if self.one and self.has is None:
            raise ValueError("aura: 'one' picks among those meeting 'has'")
        return self

    def text(self) -> str:
        who = (
            tr("Each Character in its party, itself included,")
            if self.itself
            else tr("Each other Character in its party")
        )
        if self.has is not None:
            kind = req_text(self.has)
            who = (
                tr(
                    "One Character with {kind} in its party (itself first if it qualifies, else the first such one)",
                    kind=kind,
                )
                if self.one
                else tr("{who} with {kind}", who=who[:-1] if who.endswith(",") else who, kind=kind)
            )
        if self.set:
            return tr("{who} has {ability} {amount}.", who=who, ability=stat_word(self.ability), amount=self.amount)
        return tr("{who} has {amount:+d} {ability}.", who=who, amount=self.amount, ability=stat_word(self.ability))


class DiscardHand(_Record):
    """The controller discards cards from the hand, at random."""

    verb: Literal["discard_hand"] = "discard_hand"
    count: int = Field(default=1, ge=1)
    opponent: bool = False  # a Flash Effect: the opponent its player names discards them (Back to Reality)

    def text(self) -> str:
        who = tr("An opponent its player names") if self.opponent else tr("Its controller")
        return tr(
            "{who} discards {count} card{count2} from the hand at random.",
            who=who,
            count=self.count,
            count2="s" if self.count > 1 else "",
        )


class DamageTaken(_Record):
    """What the attacks on the Characters it names do to them, or the strikes on the Disaster it names
    (``disasters`` instead of ``who``); with ``until: next_round``, for the next physical combat round they fight
    (read by procedures/combat.py). ``how`` says what happens to that damage:

    * ``times`` (the default): it is ``factor`` times as much (Flying Block: 0; Frozen, Shield on a Disaster);
    * ``reflect``: the Character takes none and the Disaster that made the attack takes it (Reverse Attack);
    * ``halve``: the Character takes half, rounded down; ``halve_running``: only the last attack on its side as
      it Runs Away is halved (COMBAT-19; Know When to Run);
    * ``fells``: a strike that deals the Disaster at least 1 damage deals it all the Health it has left, so it is
      Defeated (Meltdown)."""

    verb: Literal["damage_taken"] = "damage_taken"
    who: Who | None = None
    disasters: Disasters | None = None
    how: Literal["times", "reflect", "halve", "halve_running", "fells"] = "times"
    factor: int = Field(default=1, ge=0, le=4)
    # only the strikes of Characters carrying or wearing a card of the Weapon category, in fights between players
    # (procedures/fights.py; a Disaster's attack is no weapon's: Missile Walk)
    weapons: bool = False

    @model_validator(mode="after")
    def _check(self) -> DamageTaken:
        if self.how != "times" and self.factor != 1:
            raise ValueError(f"'factor' goes with 'how: times' only (not '{self.how}')")
        if self.how in ("reflect", "halve", "halve_running") and self.who is None:
            raise ValueError(f"'how: {self.how}' names the Characters attacked ('who')")
        if self.weapons and (self.how != "times" or self.factor != 0 or self.who is None):
            raise ValueError("'weapons' goes with 'factor: 0' on Characters ('who')")
        return self

    @model_validator(mode="before")
    @classmethod
    def _named(cls, data: Any) -> Any:
        if isinstance(data, dict) and data.get("who") is None and data.get("disasters") is None:
            data = {**data, "who": {"among": "target"}}  # the Character a Flash Effect names
        return data

    @model_validator(mode="after")
    def _one(self) -> DamageTaken:
        if self.who is not None and self.disasters is not None:
            raise ValueError("damage_taken names either 'who' (Characters) or 'disasters'")
        return self

    @property
    def times(self) -> int:
        """The factor on the damage the one it names takes itself (a reflected attack: none)."""
        return 0 if self.how == "reflect" else self.factor if self.how == "times" else 1

    def text(self) -> str:
        whom = self.disasters.text() if self.disasters is not None else self.who.text()  # type: ignore[union-attr]
        if self.how == "reflect":
            return tr(
                "The attack on {whom} is turned back: the damage it would deal goes to the Disaster that made it.",
                whom=whom,
            )
        if self.how == "fells" and self.who is not None:
            return tr("If the attacks on {whom} deal it at least 1 damage, it is Bonked.", whom=whom)
        if self.how == "fells":
            return tr(
                "A strike that deals {whom} at least 1 damage Defeats it (it loses all the Health it has left).",
                whom=whom,
            )
        if self.how == "halve_running":
            return tr("The last attack on {whom} as their side Runs Away deals half damage (rounded down).", whom=whom)
        if self.how == "halve":
            return tr("The attacks on {whom} deal half damage (rounded down).", whom=whom)
        if self.factor == 0 and self.weapons:
            return tr("Strikes by Characters holding a Weapon deal {whom} no damage.", whom=whom)
        if self.factor == 0:
            return tr("The attacks on {whom} deal no damage.", whom=whom)
        return tr(
            "{whom}{whom2} take {factor} times the damage of attacks.",
            whom=whom[0].upper(),
            whom2=whom[1:],
            factor=self.factor,
        )


class Steer(_Record):
    """A player steers the attacks of the Disaster it names (read by procedures/combat.py through
    engine/effects/flash_aims.py ``steered``); with ``until: next_round``, for the next combat round it fights.
    ``how`` says what becomes of its attacks:

    * ``hold``: none of its attacks that round deals damage (the one on the Character it attacks, a text's attack on
      every Character there, a second attack on another one: Introduction);
    * ``halve_running``: every attack of its parting blow on a side that Runs Away that round deals half its
      damage, rounded down (COMBAT-19; Know When to Run);
    * ``aim``: its player names a Character within the Disaster's Movement of it (any player's, on a Location of
      the Field, not in a Haven); the Disaster goes there and fights that Character's group at once, its first
      attack going at the Character named (an Item Discarded for it: Galaxy Destroyer Remote);
    * ``aim_action`` (a carried card's ``static``): when a non-Combat Disaster of its ``disasters`` kind is about to
      act (where it is turned up, or where its move stops), the player of the Character carrying this card may
      Discard it to have the Disaster act instead on a Location of its choice within its Movement (Cynthia;
      procedures/special_disasters.py ``AimAction``);
    * ``divert``: the Energy its payer spent on it (``cost: {all_energy: N}``) is so many points of the damage the
      attack of the Disaster fought deals the Character it attacks that round, taken off that Character and dealt
      to the card the player names: a Character its ``who`` names, or a Disaster its ``disasters`` names
      (Divert Attack; the damage is moved as it is, past every Defense);
    * ``move``: played at the ``moved`` window, it names a Character that has moved this turn (its ``who``) or a
      Disaster on the Field that moves (its ``disasters``); as it resolves its player chooses where it goes: the
      Character within its Movement of where its last move set out, the Disaster within its Movement of where it
      stands, on a Location that is not a Haven (Misdirection; engine/effects/flash_play.py ``steer_cells``)."""

    verb: Literal["steer"] = "steer"
    disasters: Disasters = Disasters(target=True, fighting=True)
    how: Literal["hold", "halve_running", "aim", "aim_action", "divert", "move"]
    # ``divert``, ``move``: the Characters the player may name instead of a Disaster (it names one card of either kind)
    who: Who | None = None

    @model_validator(mode="after")
    def _check(self) -> Steer:
        if self.who is not None and self.how not in ("divert", "move"):
            raise ValueError("steer: 'who' goes with 'how: divert' or 'how: move' (a Character may be named)")
        return self

    def text(self) -> str:
        whom = self.disasters.text()
        if self.how == "hold":
            return tr("None of the attacks of {whom} deals damage.", whom=whom)
        if self.how == "halve_running":
            return tr(
                "Every attack of the parting blow of {whom} on a side that Runs Away deals half damage (rounded down).",
                whom=whom,
            )
        if self.how == "aim":
            kind = (
                tr("one {category} Disaster", category=self.disasters.category)
                if self.disasters.category
                else tr("one Combat Disaster")
            )
            return tr(
                "Its player names {kind} on the Field and a Character (any player's) within its Movement: that"
                " Disaster goes there and fights that Character's group at once, its first attack going at the"
                " Character named.",
                kind=kind,
            )
        if self.how == "aim_action":
            kind = (
                tr("a {category} Disaster", category=self.disasters.category)
                if self.disasters.category
                else tr("a non-Combat Disaster")
            )
            return tr(
                "When {kind} is about to act where it comes into play or stops, the player of the Character"
                " carrying this card may Discard it to have that Disaster act instead on a Location of its choice"
                " (not a Haven) within the Disaster's Movement, as if it had come there.",
                kind=kind,
            )
        if self.how == "move":
            return tr(
                "Its player steers a move: a Character of the player whose move it is that has moved this turn is put,"
                " instead of where its last move took it, on a Location of the player's choice within its Movement of"
                " where that move set out (one where it may stop); or a Disaster on the Field that moves is put at once"
                " on a Location within its Movement of it, meeting nobody on the way."
            )
        other = self.who.text() + tr(" or ") + whom if self.who is not None else whom
        return tr(
            "As many points of the damage the attack of the Disaster fought deals the Character it attacks this round"
            " as the Energy spent on this card go instead to {other}.",
            other=other,
        )


class ExtraMove(_Record):
    """The Character named (``group``: with its player's Characters at its Location) may make another full move
    this turn: the Movement it used is given back (Ambulance; TURN-17)."""

    verb: Literal["extra_move"] = "extra_move"
    who: Who = Who(among="target")
    group: bool = False

    def text(self) -> str:
        whom = f"{self.who.text()}" + (tr(" and its player's Characters at its Location") if self.group else "")
        return tr("{whom}{whom2} may make another full move this turn.", whom=whom[0].upper(), whom2=whom[1:])


class DrawCard(_Record):
    """Its player draws cards from the Draw pile into the hand; a Disaster drawn is Discarded (Go Fish)."""

    verb: Literal["draw_card"] = "draw_card"
    count: int = Field(default=1, ge=1, le=5)

    def text(self) -> str:
        n = tr("a card") if self.count == 1 else tr("{count} cards", count=self.count)
        return tr("Its player draws {n} from the Draw pile into the hand; a Disaster drawn is Discarded instead.", n=n)


class ReshuffleHands(_Record):
    """Every player shuffles the hand into the Draw pile and draws as many again (TURN-27)."""

    verb: Literal["reshuffle_hands"] = "reshuffle_hands"

    def text(self) -> str:
        return tr("Every player shuffles the hand into the Draw pile and draws as many cards again.")


class Block(_Record):
    """A Location under the card may not be Scavenged (or only by a group that meets ``unless``)."""

    verb: Literal["block"] = "block"
    where: Literal["here", "requiring", "nearest_requiring"] = "here"
    # where: requiring — every Location whose requirement names this skill; nearest_requiring: the nearest one
    requiring: str | None = None
    unless: Requirement | None = None
    # only a group that meets this is kept out (Shinjuku Police Building: one with Kozo Karino in it)
    only_if: Requirement | None = None
    # a group is kept out unless more than half of its Characters each meet this (Tank Police HQ: Police)
    majority: Requirement | None = None

    _parse = field_validator("unless", "only_if", "majority", mode="before")(classmethod(lambda cls, v: _req(v)))

    @field_serializer("unless", "only_if", "majority")
    def _dump(self, v: Requirement | None) -> str | None:
        return None if v is None else v.text

    def text(self) -> str:
        where = {
            "here": tr("its Location") if not (self.only_if or self.majority) else tr("this Location"),
            "requiring": tr("every Location whose requirement needs {requiring}", requiring=self.requiring),
            "nearest_requiring": tr(
                "the Location nearest to it whose requirement needs {requiring}", requiring=self.requiring
            ),
        }[self.where]
        who = tr("No group with {only_if} in it", only_if=req_text(self.only_if)) if self.only_if else tr("Nobody")
        out = tr("{who} may Scavenge {where}", who=who, where=where) + (
            tr(" without {unless}", unless=req_text(self.unless)) if self.unless else ""
        )
        if self.majority is not None:
            out += tr(
                " unless more than half of the group's Characters each have {majority}",
                majority=req_text(self.majority),
            )
        return out + "."


class Forbid(_Record):
    """While the card is in play, these actions are not allowed (One World: no attacks between players; No Help!:
    closed groups, ``join_groups``, and one Character onto the Field a turn for each player, ``enter_many``)."""

    verb: Literal["forbid"] = "forbid"
    actions: tuple[
        Literal[
            "fight_players",
            "scavenge_others",
            "dimensional",
            "join_groups",
            "enter_many",
            "steal_items",
            "enter_havens",
            "enter_requiring",
            "destroy_items",
            "steal_equipment",
        ],
        ...,
    ] = Field(min_length=1)
    spare: Who | None = None  # Characters the ban does not reach (Washu)
    items: tuple[str, ...] = ()  # steal_items: only Items of these categories are safe (Classy Crooks)
    # enter_havens: no Character moves into a Haven; enter_requiring: nor onto a Location whose requirement names
    # this Skill (Natsumi and Karume: Cooking)
    requiring: str | None = None

    def text(self) -> str:
        words = {
            "fight_players": tr("no player may attack another player's Characters"),
            "scavenge_others": tr("each player may Scavenge only its own Locations"),
            "dimensional": tr("no Character may go to a Dimensional Location"),
            "join_groups": tr("no Character may join a group it is not already in"),
            "enter_many": tr("each player may bring at most one Character onto the Field a turn"),
            "steal_items": tr(
                "no Disaster may steal {items} Item",
                items=_a(_either(list(self.items))) if self.items else ptr("any item", "an"),
            ),
            "enter_havens": tr("no Character may move into a Haven"),
            "enter_requiring": tr(
                "no Character may move onto a Location whose requirement needs {requiring}", requiring=self.requiring
            ),
            "destroy_items": tr("no Item or Equipment card may be Destroyed (it stays where it is)"),
            "steal_equipment": tr("no Disaster may steal an Equipment card"),
        }
        out = _cap("; ".join(words[a] for a in self.actions))
        if self.spare is not None:
            out += tr(", except {spare}", spare=_plain(self.spare))
        return out + "."


class Scatter(Hold):
    """An activated ability (``when: use``, ``who: {among: field, pick: choose}``): the player names one Character
    standing on a Location of the Field; every Character there of its sex (it too) leaves every Equipment card and
    Item it carries under that Location and is moved ``steps`` Locations away, to one drawn with the game's RNG
    among the Locations that far it may stop on (none: it stays); then, as a ``hold`` of ``actions`` (moving), it
    stays there for the effect's ``turns`` (Relaxing Hot Springs; engine/procedures/activated.py)."""

    verb: Literal["scatter"] = "scatter"  # type: ignore[assignment]
    actions: tuple[Literal["move", "attack", "scavenge", "run"], ...] = ("move",)
    steps: int = Field(default=1, ge=1, le=3)

    @model_validator(mode="after")
    def _one_named(self) -> Scatter:
        if self.who.pick != "choose" or self.who.among != "field":
            raise ValueError("'scatter' names one Character on the Field: who: {among: field, pick: choose}")
        return self

    def text(self) -> str:
        away = tr("1 Location") if self.steps == 1 else tr("{steps} Locations", steps=self.steps)
        return tr(
            "The player names one Character standing on a Location of the Field: every Character there of its sex"
            " (it too) leaves every Equipment card and Item it carries under that Location and moves"
            " {away} away, to one drawn at random among those it may stop on; then it cannot"
            " {actions}.",
            away=away,
            actions=tr(" or ").join(action_word(a) for a in self.actions),
        )


class KeepFlash(_Record):
    """A Global's static effect: in its owner's Discard phase Flash Effects from the hand may be put on it
    (``store cN``), ``count`` at most at a time; they are out of the hand (the hand limit does not count them),
    face down to the other players, and played from there as from the hand; left on it when it leaves play, they
    are Discarded (Refuge; engine/effects/lasting.py ``kept_flash``)."""

    verb: Literal["keep_flash"] = "keep_flash"
    count: int = Field(ge=1, le=9)

    def text(self) -> str:
        many = tr("one Flash Effect") if self.count == 1 else tr("{count} Flash Effects", count=self.count)
        return tr(
            "Up to {many} of its owner's may be kept on this card, put here from the hand in the Discard phase;"
            " they are played from here as from the hand, and Discarded with this card when it leaves play.",
            many=many,
        )


class NoRunAway(_Record):
    """The Characters it meets may not Run Away from the next Disaster that attacks them (COMBAT-19)."""

    verb: Literal["no_run_away"] = "no_run_away"
    who: Who = Who()

    def text(self) -> str:
        return tr("{who} may not Run Away from the next Disaster they meet.", who=_cap(self.who.text()))


class Steal(_Record):
    """The Disaster takes one Item, at random, from the Characters carrying one at its own Location and keeps it
    (DIS-12): a thief shares the Location of what it steals (CARD-18), so the nearest carriers a card names are
    those; with an Item already held it takes none."""

    verb: Literal["steal"] = "steal"
    # as a use (a Global, Interrogation): the player names one of these Characters carrying an Item where one of its
    # own Characters stands; one of its Items, at random, goes to that Character of the player's, face down
    who: Who | None = None
    prefer: tuple[str, ...] = ()  # an Item with one of these words in its name is taken first (Miss Hinako)

    def text(self) -> str:
        if self.prefer:
            plain = evolve(self, prefer=()).text().rstrip(".")
            return plain + tr("; an Item named {prefer} first, when one is there.", prefer=tr(" or ").join(self.prefer))
        if self.who is not None:
            return tr(
                "Name one Character (of {who}) carrying an Item where one of the player's Characters"
                " stands: one of its Items, at random, goes to that Character of the player's (face down).",
                who=self.who.text(),
            )
        return tr("It takes one Item, at random, from the Characters carrying one at its Location (none from farther).")


class Transform(_Record):
    """Transforming Characters switch form (CARD-5)."""

    verb: Literal["transform"] = "transform"
    who: Who = Who(among="all")
    # the new form stays: its owner may not change it back by its own transformation (TURN-22), only another card
    # that forces a change of form may (Auntie Saotome's Genma and Ranma)
    lock: bool = False

    def text(self) -> str:
        if self.who.among == "target":  # its selector says "that can change form"
            return tr("{who} switches form at once.", who=_cap(self.who.text()))
        out = tr("{who} that can transform switch form", who=_cap(self.who.text()))
        if self.lock:
            out += tr(", and stay so until another card changes their form (their owner may not change them back)")
        return out + "."


class TargetRule(_Record):
    """Whom a Disaster attacks (DIS-29 picks among these): ``first`` before anyone else, ``only`` (it starts no
    fight without one), ``never``; ``charm_only``: the only Characters its charm attacks (DIS-32) may pick."""

    verb: Literal["target_rule"] = "target_rule"
    first: Who | None = None
    only: Who | None = None
    never: Who | None = None
    charm_only: Who | None = None
    # a Character card's own: the only Characters it may protect (COMBAT-22, CONF-28; Piccolo and Gohan)
    guards_only: Who | None = None

    @model_validator(mode="after")
    def _check(self) -> TargetRule:
        given = (self.first, self.only, self.never, self.charm_only, self.guards_only)
        if all(x is None for x in given):
            raise ValueError("target_rule needs 'first', 'only', 'never', 'charm_only' or 'guards_only'")
        return self

    def text(self) -> str:
        parts = []
        if self.charm_only is not None:
            parts.append(
                tr(
                    "it charm-attacks only {charm_only} (with none there it fights physically)",
                    charm_only=_plain(self.charm_only),
                )
            )
        if self.only is not None:
            parts.append(tr("it attacks only {only}", only=_plain(self.only)))
        if self.first is not None:
            parts.append(tr("it attacks {first} first", first=_plain(self.first)))
        if self.never is not None:
            named = self.never.has is not None and self.never.lacks is None and _names_cards(self.never.has)
            parts.append(
                tr("it never attacks {never}", never=req_text(self.never.has) if named else _plain(self.never))
            )
        if self.guards_only is not None:
            g = self.guards_only
            named = g.has is not None and g.lacks is None and _names_cards(g.has)
            parts.append(tr("it protects only {named}", named=req_text(g.has) if named else _plain(g)))
        return _cap("; ".join(parts)) + "."


class Shielded(_Record):
    """Characters that ``who`` names may not strike this Disaster."""

    verb: Literal["shielded"] = "shielded"
    who: Who

    def text(self) -> str:
        return tr("{who} may not strike it.", who=_cap(_plain(self.who)))


class Immune(_Record):
    """Strikes by the Characters ``who`` names do it no damage (their Attack counts 0 against it)."""

    verb: Literal["immune"] = "immune"
    who: Who

    def text(self) -> str:
        return tr("Strikes by {who} do it no damage.", who=_plain(self.who))


class Grow(_Record):
    """Its abilities rise by ``by`` each time the trigger fires, for as long as it stays in play."""

    verb: Literal["grow"] = "grow"
    by: dict[str, int]

    @model_validator(mode="after")
    def _check(self) -> Grow:
        bad = set(self.by) - set(ABILITY_NAMES)
        if bad:
            raise ValueError(f"unknown ability {sorted(bad)[0]!r}")
        return self

    def text(self) -> str:
        return tr("Its ") + ", ".join(f"{stat_word(k)} {v:+d}" for k, v in self.by.items()) + tr(", for good.")


class AltForm(_Record):
    """It uses its right-hand values (CARD-5) while the named card is in play; or while its remaining Health is
    below ``below_health``; or (``self``, a triggered effect) from now on while it stays in play. ``major``: it
    counts as a Major Disaster while it uses them."""

    verb: Literal["alt_form"] = "alt_form"
    while_in_play: str | None = None  # a card id: this Disaster's own right-hand values while that card is in play
    who: Who | None = None  # or: these Characters use their right-hand values while this card is in play
    below_health: int | None = Field(default=None, ge=1, le=99)  # or: itself, while its Health left is below N
    # or: itself, for good once the effect resolves
    self_: bool = Field(default=False, validation_alias="self", serialization_alias="self")
    major: bool = False
    # or (a Flash Effect's, lasting): the Disasters in play of this kind printed with two sets of values (False Moon)
    disasters: Disasters | None = None

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    @model_validator(mode="after")
    def _check(self) -> AltForm:
        given = [self.while_in_play is not None, self.who is not None, self.below_health is not None, self.self_]
        given.append(self.disasters is not None)
        if sum(given) != 1:
            raise ValueError("alt_form names one of 'while_in_play', 'who', 'below_health', 'self' or 'disasters'")
        if self.major and (self.who is not None or self.disasters is not None):
            raise ValueError("'major' is for a Disaster's own form")
        return self

    def text(self) -> str:
        if self.who is not None:
            return tr("{who} use their right-hand values.", who=_cap(self.who.text()))
        if self.disasters is not None:
            return tr(
                "{disasters} in play printed with two sets of values use their right-hand ones.",
                disasters=_cap(self.disasters.text()),
            )
        major = tr(" and counts as a Major Disaster") if self.major else ""
        if self.below_health is not None:
            return tr(
                "It uses its right-hand values{major} while it has less than {below_health} Health left.",
                major=major,
                below_health=self.below_health,
            )
        if self.self_:
            return tr("It takes its right-hand values{major} for as long as it stays in play.", major=major)
        name = (self.while_in_play or "").replace("-", " ").title()
        return tr("It uses its right-hand values{major} while {name} is in play.", major=major, name=name)


class Recycle(_Record):
    """The Disaster the trigger names (``revealed``: the one turned up) is marked: when it is Defeated it is
    shuffled into its owner's Draw pile instead of the Discard pile. After ``count`` marks this card leaves
    play; the marks stay until their Disasters leave. ``self``: this Disaster marks itself (and stays)."""

    verb: Literal["recycle"] = "recycle"
    count: int = Field(default=1, ge=1, le=9)
    self_: bool = Field(default=False, validation_alias="self", serialization_alias="self")
    # static: while the card is in play, a piece of Equipment in play that is Destroyed is shuffled into its
    # owner's Draw pile instead of leaving the game (Dr. Raven; engine/effects/primitives.py ``recycled``)
    equipment: bool = False
    # with ``equipment``: only the Equipment its own player owns (a Haven's Characters: Raven's Garage)
    own: bool = False
    # static: while the card is in play, every Disaster Defeated, anybody's, is shuffled into its owner's Draw pile
    # instead of the Discard pile (Frothy Mugs of Water; engine/effects/triggers.py ``defeat``)
    every: bool = False

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    def text(self) -> str:
        if self.every:
            return tr("Every Disaster Defeated is shuffled into its owner's Draw pile instead of Discarded.")
        if self.equipment:
            whose = tr("of its owner's") if self.own else tr("in play")
            return tr(
                "Any piece of Equipment {whose} that is Destroyed is shuffled into its owner's Draw pile instead of"
                " leaving the game.",
                whose=whose,
            )
        if self.self_:
            return tr(
                "from then on, when it is Defeated it is shuffled into its owner's Draw pile instead of Discarded."
            )
        return tr(
            "the next {count} such Disasters, when Defeated, are shuffled into their owners' Draw piles "
            "instead of Discarded; then this card is Discarded.",
            count=self.count,
        )


class Revive(_Record):
    """It comes back from a Defeat (the ``defeat`` trigger) up to ``times`` times: it stays in play where it is,
    its damage healed, with ``by`` added to its values once more after each comeback (while it is in play).
    ``later: N``: it leaves play instead (its Item dropped, the card set aside) and comes back as a new Disaster
    at the Reload of its controller's N-th turn after (procedures/disasters.py ``back_from_lying_low``);
    ``unless_damage: F``: a Defeat in which its damage reached F times its Health is final (Vampiric Ambush)."""

    verb: Literal["revive"] = "revive"
    times: int = Field(default=1, ge=1, le=9)
    by: dict[str, int] = Field(default_factory=dict)
    later: int = Field(default=0, ge=0, le=9)
    unless_damage: int = Field(default=0, ge=0, le=9)

    @model_validator(mode="after")
    def _check(self) -> Revive:
        bad = set(self.by) - set(ABILITY_NAMES)
        if bad:
            raise ValueError(f"unknown ability {sorted(bad)[0]!r}")
        if self.later and (self.times != 1 or self.by):
            raise ValueError("'revive' with 'later' comes back as a new Disaster: no 'times' nor 'by'")
        return self

    def text(self) -> str:
        if self.later:
            unless = (
                tr(
                    ", unless its damage has reached {unless_damage} times its Health (then the Defeat is final)",
                    unless_damage=self.unless_damage,
                )
                if self.unless_damage
                else ""
            )
            return tr(
                "it leaves play, its Item dropped where it stands, and comes back as a new Disaster at the Reload of"
                " its controller's {later} turn after{unless}.",
                later=_ordinal(self.later),
                unless=unless,
            )
        times = {1: tr("once"), 2: tr("twice")}.get(self.times, f"{self.times} times")
        nums = ", ".join(f"{v:+d} {stat_word(k)}" for k, v in self.by.items())
        more = tr(" and {nums} more each time", nums=nums) if nums else ""
        return tr(
            "it stays in play with its damage healed{more}; it does so {times} at most, then a Defeat is final.",
            more=more,
            times=times,
        )


class Keep(_Record):
    """Defeated (the ``defeated`` trigger), the Disaster is kept by a Character of the side that beat it, who
    carries it from then on as a card of another kind: ``as: equipment`` counting as a card of the categories
    in ``has`` (Food), or ``as: vehicle`` of the kind ``vehicle`` carrying ``capacity`` Characters (with its
    own printed values, CARD-13). ``exact_zero``: only when the Defeat leaves its Health at exactly 0.
    A kept card that would be dropped (its carrier Bonked, Killed or Destroyed) is Discarded instead."""

    verb: Literal["keep"] = "keep"
    as_: Literal["equipment", "vehicle"] = Field(alias="as")
    has: tuple[str, ...] = ()
    vehicle: VehicleKind | None = None
    capacity: int | None = Field(default=None, ge=1, le=9)
    exact_zero: bool = False

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    @model_validator(mode="after")
    def _check(self) -> Keep:
        if (self.as_ == "vehicle") != (self.vehicle is not None):
            raise ValueError("keep as a vehicle names its kind ('vehicle'), and only then")
        return self

    def text(self) -> str:
        cond = tr(" with its Health left at exactly 0") if self.exact_zero else ""
        if self.as_ == "vehicle":
            cap = tr(" that carries up to {capacity} Characters", capacity=self.capacity) if self.capacity else ""
            kind = tr("a {vehicle} vehicle{cap}", vehicle=vehicle_kind(self.vehicle), cap=cap)
        else:
            kind = tr("a {has} Equipment card", has=tr(" or ").join(self.has)) if self.has else tr("an Equipment card")
        return tr(
            "if it was beaten{cond}, a Character of the side that beat it at its Location keeps it and carries it "
            "as {kind} (Discarded if that Character would drop it).",
            cond=cond,
            kind=kind,
        )


def kept_as(card_effects: tuple[Effect, ...]) -> Keep | None:
    """A Disaster card's ``keep`` effect (what it is once kept), or None."""
    return next((e.do for e in card_effects if isinstance(e.do, Keep)), None)


class DiscardSelf(_Record):
    """This card leaves play (Discarded), when the Disaster the trigger names is ``card`` (a card id)."""

    verb: Literal["discard_self"] = "discard_self"
    card: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")

    def text(self) -> str:
        return tr("if it is {card}, this card is Discarded.", card=self.card.replace("-", " ").title())


class MoveSelf(_Record):
    """This Disaster goes at once to the nearest Location (its own first) that has none of the icons in
    ``avoid``, or (``to``) that has this category (School); ties go to the lowest cell (row, then column). Or
    (``joins``, a card name) it joins the card of that name in play at its Location: where that card stands, or
    where the Characters its effect still holds stand (C-ko's Cooking joining Akane's Cooking); the group there is
    then the one it meets."""

    verb: Literal["move_self"] = "move_self"
    avoid: tuple[Literal["planetary", "dimensional"], ...] = ()
    to: str | None = None
    joins: str | None = None

    @model_validator(mode="after")
    def _check(self) -> MoveSelf:
        if bool(self.avoid) + (self.to is not None) + (self.joins is not None) != 1:
            raise ValueError("move_self names one of 'avoid' (icons), 'to' (a Location category) or 'joins' (a card)")
        return self

    def text(self) -> str:
        if self.joins is not None:
            return tr("it joins {joins} at once at that card's Location, and meets the group there.", joins=self.joins)
        if self.to is not None:
            return tr("it goes at once to the nearest {to} Location.", to=self.to)
        icons = tr(" nor ").join(i.capitalize() for i in self.avoid)
        return tr("it goes at once to the nearest Location that is neither {icons}.", icons=icons)


class Join(_Record):
    """This card joins the first Disaster of one of ``kinds`` (a category or a word of the name) that the trigger
    names, once: that one has ``by`` while both are in play; when it leaves play, this card is Discarded too."""

    verb: Literal["join"] = "join"
    kinds: tuple[str, ...] = Field(min_length=1)
    by: dict[str, int] = Field(min_length=1)

    @model_validator(mode="after")
    def _check(self) -> Join:
        bad = set(self.by) - set(ABILITY_NAMES)
        if bad:
            raise ValueError(f"unknown ability {sorted(bad)[0]!r}")
        return self

    def text(self) -> str:
        kinds = (
            ", ".join(self.kinds[:-1]) + tr(" or {kinds}", kinds=self.kinds[-1])
            if len(self.kinds) > 1
            else self.kinds[0]
        )
        nums = ", ".join(f"{v:+d} {stat_word(k)}" for k, v in self.by.items())
        return tr(
            "if it is the first {kinds} Disaster to do so, this card joins it: it has {nums} while both are in "
            "play, and this card is Discarded when it leaves play.",
            kinds=kinds,
            nums=nums,
        )


class OpenHand(_Record):
    """The players whose Characters ``who`` names play with their hands face up while the effect lasts: every
    seat's view shows those hands (MISC-7 gives way)."""

    verb: Literal["open_hand"] = "open_hand"
    who: Who = Who()

    def text(self) -> str:
        return tr("The owners of {who} play with their hands face up.", who=self.who.text())


class Capture(_Record):
    """The Characters ``who`` names are taken captive by this Disaster, up to ``limit`` in all while it is in
    play: each leaves the Field (keeping what it carries, ``drop``: leaving it under the Location), takes no
    part in anything and goes where the Disaster goes; when the Disaster leaves play the captives are freed at
    its Location (in their Havens when it leaves from Off the Field) (engine/effects/primitives.py ``capture``).
    ``possess``: it takes over the captive's body: it has the captive's Attack, Defense, Movement, Charm and
    Health (its damage healed) while it holds it."""

    verb: Literal["capture"] = "capture"
    who: Who = Who(among="here")
    limit: int = Field(default=1, ge=1, le=9)
    drop: bool = False
    possess: bool = False

    def text(self) -> str:
        most = tr("one Character") if self.limit == 1 else tr("{limit} Characters", limit=self.limit)
        lose = tr(", leaving what it carries under the Location") if self.drop else ""
        if self.possess:
            return tr(
                "it takes over that Character: off the Field, the Character is its body, and it fights with "
                "that Character's Attack, Defense, Movement, Charm and Health, healed; the Character is freed where "
                "it leaves play."
            )
        return tr(
            "it takes captive {who}{lose} ({most} at most while it is in play): a captive travels "
            "with it off the Field, out of combat and every action, and is freed where it leaves play.",
            who=self.who.text(),
            lose=lose,
            most=most,
        )


class Free(_Record):
    """Its captives (``capture``) are freed where they were taken from its Location (at its Location), when the
    Charm total that beat it (the ``charmed_by`` trigger) is above ``above``."""

    verb: Literal["free"] = "free"
    above: int = Field(ge=0, le=99)
    leave: bool = False  # then this Disaster leaves play (Discarded)

    def text(self) -> str:
        then = tr(", and it is Discarded") if self.leave else ""
        return tr(
            "if that Character's Charm total is above {above}, its captives are freed at its Location{then}.",
            above=self.above,
            then=then,
        )


class TakeEnhancements(_Record):
    """A Character it Bonks or Kills gives it its Enhancements instead of Discarding them: it wears them and
    their values count for it while it stays in play; then they are Discarded."""

    verb: Literal["take_enhancements"] = "take_enhancements"

    def text(self) -> str:
        return tr("a Character it Bonks or Kills gives it its Enhancements, whose values count for it from then on.")


class Undead(_Record):
    """A Character it Kills comes back at once as a Minor Combat Disaster of its controller where it fell: its
    own card, keeping its Equipment (whose values count), its Attack and Defense multiplied by ``factor``
    (engine/effects/primitives.py ``kill``). It stays a Disaster after this card has gone."""

    verb: Literal["undead"] = "undead"
    factor: int = Field(default=2, ge=2, le=4)

    def text(self) -> str:
        times = {2: tr("doubled"), 3: tr("tripled")}.get(self.factor, f"times {self.factor}")
        return tr(
            "a Character it Kills comes back at once where it fell as an Undead Minor Combat Disaster on its side, "
            "keeping its Equipment, with its Attack and Defense {times}.",
            times=times,
        )


class WereDisaster(_Record):
    """A Character's own: while a card in play makes it use its right-hand values (Full Moon, False Moon) and it
    stands on a Location of the Field, it is a Combat Disaster of its owner's (Major unless ``major`` is false):
    off its player's side, wearing its Equipment and Enhancements and carrying its Items as a Disaster does, until
    no card transforms it any more and it turns back where it stands (engine/procedures/were.py)."""

    verb: Literal["were_disaster"] = "were_disaster"
    major: bool = True

    def text(self) -> str:
        kind = tr("a Major Combat Disaster") if self.major else tr("a Minor Combat Disaster")
        return tr(
            "While a card in play transforms it and it stands on the Field, it is {kind} of its owner's, with its "
            "right-hand values and its cards; it turns back when nothing transforms it any more.",
            kind=kind,
        )


class KeepOut(_Record):
    """A Character it Bonks stays in its owner's Bonked pile while the effect lasts (its ``turns``, counted on
    the Disaster's controller's turns), and only then comes back as a Bonked Character does (COMBAT-15)."""

    verb: Literal["keep_out"] = "keep_out"

    def text(self) -> str:
        return tr("one it Bonks stays in its owner's Bonked pile, out of play.")


class DamageFactor(_Record):
    """Its damage multiplied by ``factor`` in every ``every``-th combat round of a fight (2, 4 … for every 2)."""

    factor: int = Field(ge=0, le=4)
    every: int = Field(default=1, ge=1, le=9)

    def text(self) -> str:
        times = {0: tr("no"), 2: tr("double"), 3: tr("triple"), 4: tr("quadruple")}.get(self.factor, f"{self.factor}x")
        if self.every == 1:
            return tr("It deals {times} damage.", times=times)
        nth = {2: tr("second"), 3: tr("third"), 4: tr("fourth")}.get(self.every, f"{self.every}th")
        return tr("It deals {times} damage in every {nth} combat round.", times=times, nth=nth)


class CombatRule(_Record):
    """How a fight against this Disaster goes, as numbers the combat procedure asks for (engine/effects/
    lasting.py: ``strikers_limit``, ``damage_factor`` …), so a card with another number is data, not code. Each
    field left at its default keeps the rulebook's rule:

    ``strikers``: at most N Characters strike it at once; ``combat_cards: false``: Combat cards have no effect in
    physical combat with it; ``defense: each``: each strike meets its Defense on its own; ``ignores``: the N
    strongest strikes of each round miss; ``damage``: its damage is multiplied by ``factor`` in every ``every``-th
    round; ``hits: all``: each of its attacks hits every Character fighting it at its Location, each against its
    own Defense; ``attack_is_strike``: from that round on its Attack is the total Attack striking it that round;
    ``targets: 2``: each round it also attacks a second Character fighting it, with a Combat card of its own;
    ``rounds``: a fight with it lasts at most N combat rounds, then it breaks off; ``steal_and_run``: once it has
    taken a beaten Character's Item it moves its full Movement at once and leaves that Item face down under the
    Location where it stops; ``bonked_items: discard``: the Items of a Character it Bonks are Discarded."""

    verb: Literal["combat_rule"] = "combat_rule"
    strikers: int | None = Field(default=None, ge=1, le=5)
    combat_cards: bool = True
    defense: Literal["once", "each"] = "once"
    ignores: int = Field(default=0, ge=0, le=3)
    damage: DamageFactor | None = None
    hits: Literal["target", "all"] = "target"
    attack_is_strike: int | None = Field(default=None, ge=1, le=9)
    targets: int = Field(default=1, ge=1, le=2)  # (a third target: no card asks for one)
    rounds: int | None = Field(default=None, ge=1, le=9)
    steal_and_run: bool = False
    bonked_items: Literal["dropped", "discard"] = "dropped"
    # ``armour``: N more Defense in a round where a Character striking it holds a card of one of the ``armour_vs``
    # categories (the weapon its strike comes from: Assassin-Bot's Missile Weapons)
    armour: int = Field(default=0, ge=0, le=9)
    armour_vs: tuple[str, ...] = ()
    # ``cancels``: the first N Boosts played in each fight against it (a Flash Effect raising a Character's ability)
    # are shuffled unresolved into their owners' Draw piles (Toma; procedures/flash.py)
    cancels: int = Field(default=0, ge=0, le=3)
    # ``diverts``: the strike on it each round is turned on the nearest Character of another player than the one it
    # attacks (that Character's Defense against the strikers' Attack), and it takes none of it; not while a Character
    # at its Location meets ``diverts_unless`` (Najato: Nanami, Genius or Blind Luck)
    diverts: bool = False
    diverts_unless: Requirement | None = None

    _parse = field_validator("diverts_unless", mode="before")(classmethod(lambda cls, v: _req(v)))

    @field_serializer("diverts_unless")
    def _dump(self, v: Requirement | None) -> str | None:
        return None if v is None else v.text

    @model_validator(mode="after")
    def _says_something(self) -> CombatRule:
        if bool(self.armour) != bool(self.armour_vs):
            raise ValueError("combat_rule: 'armour' and 'armour_vs' go together")
        if self.diverts_unless is not None and not self.diverts:
            raise ValueError("combat_rule: 'diverts_unless' goes with 'diverts: true'")
        if all(getattr(self, n) == f.default for n, f in record_fields(self).items()):
            raise ValueError("combat_rule: give at least one rule that differs from the rulebook's")
        return self

    def text(self) -> str:
        out = []
        if self.strikers is not None:
            n = self.strikers
            out.append(
                tr("Only one Character at a time may strike it.")
                if n == 1
                else tr("At most {n} Characters may strike it at once.", n=n)
            )
        if not self.combat_cards:
            out.append(tr("Combat cards have no effect in physical combat with it."))
        if self.defense == "each":
            out.append(tr("It defends against each strike separately."))
        if self.ignores:
            n = self.ignores
            out.append(
                tr("Each combat round the strongest strike against it misses.")
                if n == 1
                else tr("Each combat round the {n} strongest strikes against it miss.", n=n)
            )
        if self.damage is not None:
            out.append(self.damage.text())
        if self.hits == "all":
            out.append(tr("Each of its attacks hits every Character fighting it at its Location."))
        if self.attack_is_strike is not None:
            r = self.attack_is_strike
            when = tr("In every combat round") if r == 1 else tr("From combat round {r} on", r=r)
            out.append(
                tr("{when}, its Attack is the total Attack of the Characters striking it that round.", when=when)
            )
        if self.targets == 2:
            out.append(
                tr(
                    "Each combat round it also attacks a second Character fighting it, when one is there, at full"
                    " Attack and with a Combat card of its own."
                )
            )
        if self.rounds is not None:
            n = self.rounds
            span = tr("one combat round") if n == 1 else tr("{n} combat rounds at most", n=n)
            out.append(tr("A fight with it lasts {span}; then it breaks off and the fight is over.", span=span))
        if self.steal_and_run:
            out.append(
                tr(
                    "Once it has taken a beaten Character's Item it moves its full Movement again at once and leaves "
                    "that Item face down under the Location where it stops."
                )
            )
        if self.bonked_items == "discard":
            out.append(tr("The Items a Character it Bonks carries are Discarded."))
        if self.cancels:
            boosts = tr("one Boost") if self.cancels == 1 else tr("{cancels} Boosts", cancels=self.cancels)
            out.append(
                tr(
                    "It cancels {boosts} in each fight against it (the first Flash Effect played then that raises a"
                    " Character's ability): the card does nothing and is shuffled into its owner's Draw pile.",
                    boosts=boosts,
                )
            )
        if self.armour:
            out.append(
                tr(
                    "It has {armour} more Defense in a combat round where a Character striking it holds a"
                    " {armour_vs} card.",
                    armour=self.armour,
                    armour_vs=_either(list(self.armour_vs)),
                )
            )
        if self.diverts:
            unless = (
                tr(", unless a Character with {req} stands at its Location", req=req_text(self.diverts_unless))
                if self.diverts_unless is not None
                else ""
            )
            out.append(
                tr(
                    "Each combat round the strike on it is turned on the nearest Character of another player than the"
                    " one it attacks (the strikers' Attack against that Character's Defense) and it takes none of it"
                    "{unless}; with no such Character on the Field the strike lands on it as usual.",
                    unless=unless,
                )
            )
        return " ".join(out)


class Ally(_Record):
    """This card allies with the nearest Combat Disaster in play (ties: the lowest cell, then the first to come
    into play): that one attacks twice each combat round of its next fight (a second Character fighting it, or
    the same one again when it is alone); when that fight is over, or that Disaster leaves play, this card is
    Discarded."""

    verb: Literal["ally"] = "ally"

    def text(self) -> str:
        return tr(
            "It allies with the nearest Combat Disaster in play: in that Disaster's next fight it attacks twice "
            "each combat round (a second Character fighting it, or the same one again when it fights one alone); "
            "then this card is Discarded."
        )


class Halts(_Record):
    """It stops moving on reaching a Location with Characters (its entry Location too) and moves on, at its
    next move, only once no Character is left there. ``stop_at: items``: instead its walk ends at the first Location it
    steps onto with an Item face down under it (Red Commandos)."""

    verb: Literal["halts"] = "halts"
    stop_at: Literal["characters", "items"] = "characters"

    def text(self) -> str:
        if self.stop_at == "items":
            return tr("Its move ends at the first Location it reaches with an Item face down under it.")
        return tr("It halts on reaching a Location with Characters and moves on only once none of them is left there.")


class Hoard(_Record):
    """It takes an Item at every Location where it takes one (DIS-12: where it lands), even while it carries
    one already: it carries every Item it takes until it leaves play (7 Lucky Gods Martial Artists), and never
    drops one to take another."""

    verb: Literal["hoard"] = "hoard"

    def text(self) -> str:
        return tr("It takes an Item from every Location it lands on and carries them all, as many as it takes.")


class Snipe(_Record):
    """It goes for the nearest Character carrying an Item, stops 1 Location away from it and attacks the
    Characters there from where it stands (they cannot strike back; they may Run Away)."""

    verb: Literal["snipe"] = "snipe"

    def text(self) -> str:
        return tr(
            "It moves toward the nearest Character carrying an Item, stops 1 Location away and attacks the "
            "Characters there from where it stands; they cannot strike back, only Run Away."
        )


class DefeatNeeds(_Record):
    """It can be Defeated only in a combat round where the Characters striking it have a total Defense over
    ``over``, each of the skills in ``per_skill`` among them adding its number to that total; in any other
    round it keeps at least 1 Health."""

    verb: Literal["defeat_needs"] = "defeat_needs"
    over: int = Field(ge=0, le=99)
    per_skill: dict[str, int] = Field(default_factory=dict)

    def text(self) -> str:
        bonus = "".join(tr(", each {k} skill among them adding {v:+d}", k=k, v=v) for k, v in self.per_skill.items())
        return tr(
            "It can be Defeated only in a combat round where the Characters striking it have a total Defense over "
            "{over}{bonus}; otherwise it keeps 1 Health.",
            over=self.over,
            bonus=bonus,
        )


class HoldsFire(_Record):
    """It deals no damage in these combat rounds (``rounds``) or in the round it is Defeated."""

    verb: Literal["holds_fire"] = "holds_fire"
    rounds: tuple[int, ...] = ()
    when_defeated: bool = False

    def text(self) -> str:
        parts = []
        if self.rounds:
            parts.append(tr("it makes no attack in combat round {rounds}", rounds=", ".join(map(str, self.rounds))))
        if self.when_defeated:
            parts.append(tr("it makes no attack in the round it is Defeated"))
        return _cap("; ".join(parts)) + "."


class DefeatByDiscard(_Record):
    """A Character fighting it may Discard one card it carries that ``what`` names (at its Location) to Defeat
    it: offered as ``discard cN`` whenever it attacks (RULES.md CARD-1)."""

    verb: Literal["defeat_by_discard"] = "defeat_by_discard"
    what: What
    # every: the attacked side Discards every such card its Characters at the Location carry or wear (one action)
    every: bool = False

    def text(self) -> str:
        kinds = {
            "equipment": tr("Equipment"),
            "item": tr("Item"),
            "vehicle": tr("vehicle"),
            "enhancement": tr("Enhancement"),
        }
        names = tr(" or ").join(kinds.get(t, t) for t in self.what.types)
        if self.what.has:
            names = f"{tr(' or ').join(self.what.has)} {names}"
        if self.every:
            return tr(
                "The side it attacks may Discard every {names} its Characters at its Location carry or wear to "
                "Defeat it without a fight.",
                names=names,
            )
        return tr("A Character fighting it may Discard one {names} it carries to Defeat it.", names=names)


class Bribe(_Record):
    """When it attacks, the attacked side may hand it one card ``what`` names that one of its Characters at its
    Location carries: offered as ``give cN cD`` (the card, the Disaster). It keeps an Item (one at most, DIS-12;
    else the Item is Discarded), an Equipment is Discarded; the fight is over and it moves its full Movement
    at once without attacking anyone (as a thief flees, CARD-18)."""

    verb: Literal["bribe"] = "bribe"
    what: What

    def text(self) -> str:
        kinds = {
            "equipment": tr("Equipment"),
            "item": tr("Item"),
            "vehicle": tr("vehicle"),
            "enhancement": tr("Enhancement"),
        }
        names = tr(" or ").join(kinds.get(t, t) for t in self.what.types)
        return tr(
            "When it attacks, the side it attacks may bribe it with one {names} carried by a Character at its "
            "Location: it takes the card and at once makes a full move without attacking.",
            names=names,
        )


class NoSkill(_Record):
    """While it is in play no Character has this Skill, printed or given by a card it holds."""

    verb: Literal["no_skill"] = "no_skill"
    skill: str = Field(min_length=1)
    who: Who | None = None  # or only these Characters lose it, for the effect's duration (Karaoke Taxi)
    also: tuple[str, ...] = ()  # further Skills lost with it (Acrophobia: Climbing and Flying)

    def text(self) -> str:
        if self.who is not None and self.also:
            return tr(
                "{who} loses the {skill} Skills.", who=_cap(self.who.text()), skill=_both([self.skill, *self.also])
            )
        if self.who is not None:
            return tr("{who} loses the {skill} Skill.", who=_cap(self.who.text()), skill=self.skill)
        return tr("No Character may use the {skill} Skill.", skill=self.skill)


class ExtraCombatCards(_Record):
    """Every Combat Disaster draws ``count`` Combat cards each combat round instead of one (their physical
    sides add up), unless a Disaster named in ``unless_in_play`` is in play. With ``who`` (a Flash Effect's
    Character, lasting): that Character draws ``count`` instead of one when it is attacked (Crazy Eyes)."""

    verb: Literal["extra_combat_cards"] = "extra_combat_cards"
    count: int = Field(ge=2, le=5)
    unless_in_play: str | None = None  # a card id
    who: Who | None = None

    def text(self) -> str:
        if self.who is not None:
            return tr(
                "{who} draws {count} Combat cards instead of one (their sides add up).",
                who=_cap(self.who.text()),
                count=self.count,
            )
        out = tr("Every Combat Disaster draws {count} Combat cards each combat round", count=self.count)
        if self.unless_in_play:
            out += tr(
                " (not while {unless_in_play} is in play)", unless_in_play=self.unless_in_play.replace("-", " ").title()
            )
        return out + "."


class Pursue(_Record):
    """It chases the nearest Character ``who`` names instead of walking its path: each point of Movement is a
    step toward that Character, in any direction, through Locations only; it stops once it stands with one.
    ``keep``: it keeps chasing the Character it first chose while that one stays on the Field
    (engine/procedures/pursuit.py)."""

    verb: Literal["pursue"] = "pursue"
    who: Who = Who(among="field")
    keep: bool = False

    def text(self) -> str:
        out = tr(
            "It moves straight toward the nearest of the {who} on the Field, in any direction", who=_plain(self.who)
        )
        if self.keep:
            out += tr(", and keeps chasing the one it picked")
        return out + tr("; with none to reach it follows its path.")


class DefeatedIfBonked(_Record):
    """It is Defeated as soon as a Character ``who`` names is Bonked, anywhere and by anyone (its ``defeated``
    effects do not run: this Defeat happens inside the Bonk primitive)."""

    verb: Literal["defeated_if_bonked"] = "defeated_if_bonked"
    who: Who
    # its owner may Bonk such a Character on purpose, in its Move phase (``bonk cN``: Ryo-Ohki Bonking herself)
    self_bonk: bool = False

    def text(self) -> str:
        out = tr("It is Defeated as soon as one of the {who} is Bonked", who=_plain(self.who))
        if self.self_bonk:
            out += tr("; in its owner's Move phase such a Character on the Field may Bonk itself on purpose")
        return out + "."


# ---------------------------------------------------------------------- activated abilities (``when: use``)


class ExtraAttack(_Record):
    """The Characters ``who`` names strike ``count`` more times in the physical combat round the effect lasts
    for: their Attack counts once more in their side's strike for each (Power Chi)."""

    verb: Literal["extra_attack"] = "extra_attack"
    who: Who = Who(among="bearer")
    count: int = Field(default=1, ge=1, le=3)

    def text(self) -> str:
        times = tr("once more") if self.count == 1 else tr("{count} more times", count=self.count)
        return tr(
            "{who} strikes {times}: its Attack counts {times} in its side's strike.",
            who=_cap(self.who.text()),
            times=times,
        )


class StrikeFirst(_Record):
    """For the rest of the fight under way, the side of the Character ``who`` names strikes first in each round:
    when its strikes Defeat the Disaster, the Disaster's attack that round deals no damage; in a fight between
    players' Characters, the other side's Characters its blows Bonk or Kill deal none (Sleepy Grass;
    procedures/combat.py and fights.py ask ``activated.strikes_first``, from a lasting record until the fight is
    over)."""

    verb: Literal["strike_first"] = "strike_first"
    who: Who = Who(among="bearer")

    def text(self) -> str:
        return tr(
            "{who} and its side strike first in every round of the fight under way: against a"
            " Disaster, a round in which their strikes Defeat it, its attack deals no damage; between players'"
            " Characters, those their blows Bonk or Kill that round deal no damage.",
            who=_cap(self.who.text()),
        )


class StrikeFromAfar(_Record):
    """A use (its bearer on a Location of the Field): one blow at a Disaster on the Field, or at another player's
    Character on a Location, 1 to ``within`` Locations away, the player's choice: the bearer's Attack, ``penalty``
    lower for each Location of distance, against the target's Defense; what is left is Health damage (a Disaster
    with none left is Defeated, a Character Bonked). Nothing strikes back, no Combat card is drawn, and damage that
    fells nobody heals at once, as after a fight (Power Pole; procedures/activated.py ``_strike_from_afar``)."""

    verb: Literal["strike_from_afar"] = "strike_from_afar"
    within: int = Field(ge=1, le=9)
    penalty: int = Field(default=0, ge=0, le=9)

    def text(self) -> str:
        far = tr("1 to {within} Locations away", within=self.within) if self.within > 1 else tr("1 Location away")
        less = tr(", {penalty} lower for each Location of distance,", penalty=self.penalty) if self.penalty else ""
        return tr(
            "The bearer strikes one Disaster on the Field, or one other player's Character on a Location, {far}, of"
            " the player's choice: one blow, its Attack{less} against the target's Defense, the rest as Health"
            " damage (a Disaster left with no Health is Defeated, a Character Bonked). Nothing strikes back, no"
            " Combat card is drawn, and damage that fells nobody heals at once.",
            far=far,
            less=less,
        )


class Plant(_Record):
    """An Item of its player's Discard pile goes back into play face down, at the bottom of the cards beneath a
    Location of the Field under which a Disaster lies face down (both chosen by the player, a ``use_choice`` each);
    it no longer counts for the Disasters (WIN-2): Presents (procedures/activated.py ``_plant``)."""

    verb: Literal["plant"] = "plant"

    def text(self) -> str:
        return tr(
            "One Item of its player's Discard pile, of the player's choice, goes face down to the bottom of the cards"
            " beneath a Location of the Field under which a Disaster still lies face down, of the player's choice;"
            " it no longer counts for the Disasters."
        )


class Bout(_Record):
    """A Location's ``cleared`` effect: one Combat Disaster of the scavenging player's Discard pile, drawn at random
    (the game's RNG), comes into play at the Location and fights the group there; if it is Defeated in that fight,
    each of that player's Characters in play then has ``by`` for the rest of the game (a lasting record on them,
    kept while each stays in play): Pendulum Training Room (procedures/bout.py)."""

    verb: Literal["bout"] = "bout"
    by: dict[str, int]

    @model_validator(mode="after")
    def _check(self) -> Bout:
        if not self.by or set(self.by) - set(ABILITY_NAMES):
            raise ValueError("bout: 'by' gives abilities their bonus")
        return self

    def text(self) -> str:
        nums = _both([f"{v:+d} {stat_word(k)}" for k, v in self.by.items()])
        return tr(
            "One Combat Disaster of that player's Discard pile, drawn at random, comes into play here and fights the"
            " group; if they Defeat it, each of that player's Characters in play then has {nums} for the rest of"
            " the game.",
            nums=nums,
        )


class RemoveDisaster(_Record):
    """One Disaster the player chooses leaves play, Discarded (MISC-3; not a Defeat): ``where`` it may be —
    ``field`` anywhere on the Field, ``here`` at the bearer's Location, ``holding_here`` a Disaster whose lasting
    effect holds a Character at the bearer's Location (Bio Ball on its victim) — and only one whose name or
    categories have a word of ``named``, when given. ``take_items``: the Item it carries goes to the bearer."""

    verb: Literal["remove_disaster"] = "remove_disaster"
    where: Literal["field", "here", "holding_here"] = "field"
    named: tuple[str, ...] = ()
    take_items: bool = False
    # every: no choice: every Disaster of the ``named`` kinds goes at once, the use offered only while each kind
    # has one there (Reika "Vision" Chang: GD-42 and Quincy); defeat: they are Defeated (DIS-16), not Discarded
    # (their own text on a Defeat is not asked: the use is for Disasters without one)
    every: bool = False
    defeat: bool = False

    @model_validator(mode="after")
    def _check(self) -> RemoveDisaster:
        if self.every and not self.named:
            raise ValueError("remove_disaster with 'every' names the kinds ('named')")
        return self

    def text(self) -> str:
        if self.every:
            how = tr("is Defeated") if self.defeat else tr("is Discarded")
            if len(self.named) == 1:
                return tr("Every {named} Disaster in play {how}.", named=self.named[0], how=how)
            each = tr("both") if len(self.named) == 2 else tr("all")
            return tr(
                "Only while {named} are {each} in play: each of them {how}.",
                named=_both(list(self.named)),
                each=each,
                how=how,
            )
        kind = tr("{named} Disaster", named=tr(" or ").join(self.named)) if self.named else tr("Disaster")
        where = {
            "field": tr("on the Field"),
            "here": tr("at the bearer's Location"),
            "holding_here": tr("on a Character at the bearer's Location"),
        }[self.where]
        out = tr(
            "{defeat} one {kind} {where}, of the player's choice",
            defeat=tr("Defeat") if self.defeat else tr("Discard"),
            kind=kind,
            where=where,
        )
        if self.take_items:
            out += tr("; the Item it carries goes to the bearer")
        return out + "."


class Retrieve(_Record):
    """The player takes one card of ``types`` of its choice from its own Discard pile: into its hand, or stored in
    its Haven (``haven``: the Haven nearest the bearer, its first one on a tie)."""

    verb: Literal["retrieve"] = "retrieve"
    # disaster (with ``to: location`` only): a Disaster card comes back into play there, under the control of the
    # player to the left, and leaves at the end of that player's next turn (Baba)
    # any: a card of any type but an Item (Rescue)
    types: tuple[Literal["equipment", "enhancement", "character", "disaster", "any"], ...] = Field(min_length=1)
    # draw: shuffled into its owner's Draw pile (Elite Medical Staff); location: a Character comes back into play on
    # a Location of the Field of the player's choice, for ``turns`` of its owner's turns, then goes back to the
    # Discard pile (Baba)
    # character: from the Draw pile straight onto one of its owner's Characters in play the player names (a second
    # choice), which meets the card's requirement and pays its Energy cost (Equipment Retrieval, Guru; ``in_haven``:
    # only one standing in a Haven)
    # bearer: carried by the bearer (with ``pile: under``)
    to: Literal["hand", "haven", "draw", "location", "character", "bearer"]
    turns: int | None = Field(default=None, ge=1, le=9)
    in_haven: bool = False
    # draw: a search of the owner's Draw pile (the other players learn only that a card was taken; the pile is
    # shuffled afterwards: Servant); under: the face-down cards under the bearer's Location, whoever put them there,
    # without Scavenging it (Capsule Army Knife: offered by their count, the Equipment among them named by its user)
    pile: Literal["discard", "draw", "under"] = "discard"
    vehicle: bool = False  # only a vehicle (Mihoshi's Driving)
    destroyed: bool = False  # or one of the owner's cards removed from the game (a wrecked vehicle)
    # a Flash Effect: that many different cards, the first named as it is played, the others chosen as it resolves
    count: int = Field(default=1, ge=1, le=5)
    # ``pile: draw`` in a Flash Effect: after the card taken, this many more of the player's choice are put on top of
    # the pile (the first chosen on top) over the rest, shuffled first (TURN-27; Royal Librarian); chosen as it resolves
    on_top: int = Field(default=0, ge=0, le=5)
    remove_self: bool = False  # a Flash Effect removed from the game once it has resolved, rather than Discarded

    def takes(self, type_: str) -> bool:
        """Whether a card of that type (a ``CardType`` value) may be taken."""
        return type_ in self.types or ("any" in self.types and type_ != "item")

    @model_validator(mode="after")
    def _check(self) -> Retrieve:
        if "disaster" in self.types and self.to != "location":
            raise ValueError("retrieve: a 'disaster' comes back only 'to: location'")
        if self.to == "character" and (self.pile != "draw" or "character" in self.types):
            raise ValueError("'to: character' puts an Equipment or Enhancement from the Draw pile ('pile: draw')")
        if self.in_haven and self.to != "character":
            raise ValueError("'in_haven' belongs to 'to: character'")
        if (self.pile == "under") != (self.to == "bearer"):
            raise ValueError("retrieve: 'pile: under' and 'to: bearer' go together")
        return self

    def text(self) -> str:
        if self.on_top:
            out = tr(
                "Look through the player's Draw pile: one card of its choice (no Item) goes into its hand and"
                " {on_top} more of its choice go back on top of the pile, the first chosen on top, once the rest"
                " of the pile is shuffled.",
                on_top=self.on_top,
            )
            return out[:-1] + tr("; then this card is removed from the game.") if self.remove_self else out
        if self.count > 1 and self.to == "draw":
            kind = tr("cards (no Item)") if "any" in self.types else tr("cards")
            return tr(
                "Shuffle {count} {kind} of the player's choice from its"
                " owner's Discard pile into its Draw pile (fewer when the pile holds fewer).",
                count=self.count,
                kind=kind,
            )
        names = tr(" or ").join(
            {
                "equipment": tr("Equipment"),
                "enhancement": tr("Enhancement"),
                "character": tr("Character"),
                "disaster": tr("Disaster"),
                "any": tr("non-Item"),
            }[t]
            for t in self.types
        )
        if self.to == "character":
            where = tr(" standing in a Haven") if self.in_haven else ""
            return tr(
                "Take one {names} card of the player's choice from its owner's Draw pile and put it on one of its"
                " owner's Characters in play{where}, of the player's choice, which meets its requirement and pays"
                " its Energy cost; shuffle the pile.",
                names=names,
                where=where,
            )
        if self.vehicle:
            names = tr("vehicle")
        if self.to == "location":
            n = (
                tr("the rest of the turn")
                if self.turns in (None, 1)
                else tr("{turns} of its owner's turns (this one", turns=self.turns)
            )
            n += "" if self.turns in (None, 1) else tr(" counting)")
            out = tr(
                "One {names} card of the player's choice from its owner's Discard pile comes back into play on a"
                " Location of the Field of the player's choice, healed, for {n}; then it goes back to the Discard"
                " pile, leaving what it carries where it stands.",
                names=names,
                n=n,
            )
            if "disaster" in self.types:
                out += tr(
                    " A Disaster comes back under the control of the player to the left (in a game of one, the"
                    " player's own), and leaves at the end of that player's next turn."
                )
            return out
        if self.pile == "under":
            return tr(
                "Its bearer takes one {names} card of the player's choice from the cards under its Location, without"
                " Scavenging it (with none there, nothing is taken).",
                names=names,
            )
        if self.destroyed:
            where = tr("back into its owner's hand") if self.to == "hand" else tr("into its owner's Haven")
            return tr(
                "Put one {names} card of the player's, Discarded or Destroyed, {where}.", names=names, where=where
            )
        if self.to == "draw":
            return tr(
                "Shuffle one {names} card of the player's choice from its owner's Discard pile into its Draw pile.",
                names=names,
            )
        if self.pile == "draw":
            where = tr("into its owner's hand") if self.to == "hand" else tr("into its owner's Haven")
            return tr(
                "Take one {names} card of the player's choice from its owner's Draw pile {where}; shuffle the pile.",
                names=names,
                where=where,
            )
        where = tr("back into its owner's hand") if self.to == "hand" else tr("into its owner's Haven")
        return tr(
            "Put one {names} card of the player's choice from its owner's Discard pile {where}.",
            names=names,
            where=where,
        )


class Pin(_Record):
    """One Disaster at the bearer's Location, of the player's choice, stays where it is until another Character
    comes onto that Location or the bearer leaves it, for ``turns`` of its controller's turns at most (Patiently
    Waiting; engine/effects/pins.py)."""

    verb: Literal["pin"] = "pin"
    turns: int = Field(ge=1, le=9)

    def text(self) -> str:
        return tr(
            "One Disaster at the bearer's Location, of the player's choice, does not move until another Character "
            "comes onto that Location or the bearer leaves it, for {turns} of its controller's turns at most.",
            turns=self.turns,
        )


class EquipFromHand(_Record):
    """An Equipment card of the owner's hand with one of the categories ``has`` (a Weapon), or a word of ``named`` in
    its name, goes on one of the owner's
    Characters at the bearer's Location (the bearer too) that meets its requirement and can pay its Energy cost,
    at once and outside the Equip phase's one-card limit (Medical Scanner)."""

    verb: Literal["equip_from_hand"] = "equip_from_hand"
    has: tuple[str, ...] = ()
    named: tuple[str, ...] = ()  # or a word of its name (a weapon the printed categories do not say: Hand Gun)
    vehicle: tuple[VehicleKind, ...] = ()  # or a vehicle of one of these kinds (Squad Bay: ground)
    anywhere: bool = False  # on one of its owner's Characters on any Location of the Field (Squad Bay)
    any_kind: bool = False  # any Equipment card of the hand (Mousse)
    itself: bool = False  # on the bearer only (a Character's own card: Mousse)
    enhancements: bool = False  # an Enhancement card of the hand too (one played on a Character: Mousse)
    # each piece is one of the pieces its card's ``equip_through`` allows, offered only while one is left (the
    # Control Cube in any phase; engine/effects/bearer.py ``equipped_through``)
    through: bool = False
    # the card whose ability this is, from its owner's hand (offered only while it is there; Dimensional Hammer,
    # equipped at Flash Effect speed: engine/procedures/activated.py reads such cards in the hand)
    this: bool = False
    # searched for in the Draw pile instead of the hand, which is shuffled afterwards (Capsule Corporation)
    draw: bool = False
    # a Location's use: only in a turn in which one of the player's Characters there came onto it (Capsule Corporation)
    entered: bool = False

    @model_validator(mode="after")
    def _check(self) -> EquipFromHand:
        if not self.has and not self.named and not self.vehicle and not self.any_kind and not self.this:
            raise ValueError(
                "'equip_from_hand' names 'has' (categories), 'named' (words of a name), 'vehicle' (kinds),"
                " 'any_kind: true' or 'this: true'"
            )
        return self

    def text(self) -> str:
        if self.draw and self.any_kind:
            when = tr(", in a turn one of them came onto it") if self.entered else ""
            return tr(
                "Search its owner's Draw pile for one Equipment card of the player's choice and put it on one of its"
                " owner's Characters at this Location{when}, as if equipped there; then shuffle the Draw pile.",
                when=when,
            )
        if self.this:
            where = (
                tr("on one of its owner's Characters on the Field")
                if self.anywhere
                else tr("on a Character of its owner's")
            )
            return tr(
                "Put this card from its owner's hand {where} that meets its requirement and pays its cost, as if"
                " equipped there, outside the Equip phase.",
                where=where,
            )
        if self.any_kind and self.itself and self.through:
            return tr(
                "Put one Equipment card of the player's choice from its owner's hand on its bearer, as if equipped,"
                " as one of the pieces this card lets through."
            )
        if self.any_kind and self.itself:
            kind = tr("Equipment or Enhancement") if self.enhancements else tr("Equipment")
            return tr(
                "Put one {kind} card of the player's choice from its owner's hand on this Character, as if equipped.",
                kind=kind,
            )
        kinds = _either(list(self.has)) if self.has else tr("Equipment") if self.any_kind else ""
        if self.named and not self.has and not self.any_kind:
            kinds = tr("Equipment named ") + _either(list(self.named))
        elif self.named:
            kinds += tr(" Equipment (or one named ") + _either(list(self.named)) + ")"
        if self.vehicle:
            vk = _either([_cap(vehicle_kind(k)) for k in self.vehicle]) + tr(" vehicle")
            kinds = tr("{kinds} or {vk}", kinds=kinds, vk=vk) if kinds else vk
        where = tr("on any Location of the Field") if self.anywhere else tr("at the bearer's Location")
        return tr(
            "Put one {kinds} card of the player's choice from its owner's hand on one of its owner's Characters "
            "{where}, as if equipped there.",
            kinds=kinds,
            where=where,
        )


class Relocate(_Record):
    """The Character ``who`` names (the player's choice with ``pick: choose``) moves at once, spending no
    Movement: to the bearer's Location (``to: bearer``), or exactly ``steps`` Locations away in any direction, to
    a Location of the player's choice where it may stop (``to: cell``), or into the Haven whose use it is (``to:
    here``: a Location taken as a Haven, The Reversed World). A Character a card keeps where it is (CARD-22
    ``stay``) does not move."""

    verb: Literal["relocate"] = "relocate"
    who: Who
    to: Literal["bearer", "cell", "anywhere", "here"]  # anywhere: any Location of the Field it may stop at
    steps: int = Field(default=0, ge=0, le=9)
    # a Flash Effect's target: the other Characters of its player standing with it go along, as one group, each that
    # no card keeps there and that may stop where it goes (Power Push)
    group: bool = False
    # a use in a combat round against a Disaster: only the Character it attacks is moved, out of the fight, after the
    # Disaster's last attack on it, whose damage is halved, rounded down (Goz' Flying Machine)
    parting: bool = False

    @model_validator(mode="after")
    def _check(self) -> Relocate:
        if (self.to == "cell") != (self.steps > 0):
            raise ValueError("relocate to a cell names its 'steps' (and only then)")
        if self.group and (self.who.among != "target" or self.to != "cell"):
            raise ValueError("'group' moves a Flash Effect's target (among: target) to a cell with its group")
        return self

    def text(self) -> str:
        if self.to == "bearer":
            return tr("Bring {who} to the bearer's Location at once.", who=self.who.text())
        if self.to == "here":
            return tr("Bring {who} into this Haven at once.", who=self.who.text())
        if self.to == "anywhere":
            return tr("Send {who} at once to any Location of the player's choice.", who=self.who.text())
        whom = self.who.text()
        if self.parting:
            return tr(
                "In a fight with a Disaster, the Character it attacks this round, if it is {whom}: move it out of"
                " the fight {steps} Location{steps2} at once, in any direction, to a"
                " Location of the player's choice; as it leaves, the Disaster's last attack on it deals half its"
                " damage (rounded down), and the fight goes on without it.",
                whom=whom,
                steps=self.steps,
                steps2="s" if self.steps > 1 else "",
            )
        if self.group:
            whom += tr(" and the other Characters of its player standing with it, as one group,")
        return tr(
            "Move {who} {steps} Location{steps2} at once, in any direction, to a Location of the player's choice.",
            who=whom,
            steps=self.steps,
            steps2="s" if self.steps > 1 else "",
        )


LookWhere = Literal[
    "under_here", "under_adjacent", "under_any", "draw", "hand", "carried", "held", "others_draw", "stored", "combat"
]
LookKind = Literal["item", "disaster", "equipment"]


class LookSpot(_Record):
    """One place a look may be made at (``look``): ``where`` —

    * ``under_here`` / ``under_adjacent`` / ``under_any``: the face-down cards under the bearer's Location, under
      one Location next to it, under any Location (``needs``: only one whose Scavenge requirement names that
      skill); the player names the Location (``choose x,y``) unless it is the bearer's own;
    * ``draw``: its owner's own Draw pile; ``hand``: another player's hand (the player names its Haven,
      ``choose cN``: that Haven's owner); ``others_draw``: another player's Draw pile, named the same way;
    * ``carried``: what one Character carries, at the bearer's Location or up to ``within`` Locations away, not
      in a Haven (``choose cN``); with ``player``: what every Character of one other player carries, wherever
      they stand in play (the player names one of them);
    * ``stored``: the cards stored in one other player's Haven (``choose x,y``: its cell);
    * ``combat``: the top of any player's Combat pile, its own included (``choose x,y``: that player's first
      Haven's cell);
    * ``held`` (static looks only): every card of ``kinds`` / ``named`` carried by a Character or stored in a
      Haven, shown to every seat while the card is in play (``everyone``).

    Of the cards there, only those of ``kinds`` (and with a word of ``named``) are looked at, top first; ``count``
    caps them (0: all); ``pick: random`` takes that many at random instead. ``reorder``: the player may then put
    the second such card first (a Location's stack: the next one turned up); on its own Draw pile, put the cards
    seen back on top in any order (one ``choose cN`` after another, top first). ``discard``: this spot costs the
    card (Discarded after the look)."""

    where: LookWhere
    kinds: tuple[LookKind, ...] = ()
    named: tuple[str, ...] = ()
    count: int = Field(default=0, ge=0, le=20)
    pick: Literal["top", "random"] = "top"
    within: int = Field(default=1, ge=0, le=9)
    needs: str | None = None
    reorder: bool = False
    discard: bool = False
    everyone: bool = False
    # carried: what every other player's Character at the named one's Location carries (Lisa Vanett's Camera)
    party: bool = False
    # carried: what every Character of the named one's player carries, wherever it stands in play (Power Sense)
    player: bool = False
    # under_*: after the look its player may show the cards seen to every other player, or keep them to itself
    # (engine/procedures/looking.py ``Share``: Cest Lavie's special parley)
    share: bool = False

    def _noun(self, plural: bool) -> str:
        if self.named:
            return tr(" or ").join(n + ("s" if plural else "") for n in self.named)
        names = {
            "item": ptr("look", "Item"),
            "disaster": ptr("look", "Disaster"),
            "equipment": ptr("look", "Equipment"),
        }
        if not self.kinds:
            return tr("cards") if plural else tr("card")
        return tr(" and ").join(names[k] + ("s" if plural and k != "equipment" else "") for k in self.kinds)

    def text(self) -> str:
        if self.count == 1:
            what = (tr("one random ") if self.pick == "random" else tr("the top ")) + self._noun(False)
        elif self.count:
            what = tr(
                "{how} {count} {noun}",
                how=tr("random") if self.pick == "random" else tr("the top"),
                count=self.count,
                noun=self._noun(True),
            )
        else:
            what = (
                tr("all {noun}", noun=self._noun(True))
                if self.where == "held"
                else tr("the {noun}", noun=self._noun(True))
            )
        where = {
            "under_here": tr("under the bearer's Location"),
            "under_adjacent": tr("under one Location next to the bearer's"),
            "under_any": tr("under any one Location")
            + (tr(" whose Scavenge requirement names {needs}", needs=self.needs) if self.needs else ""),
            "draw": tr("of its owner's Draw pile"),
            "hand": tr("of another player's hand"),
            "carried": (
                tr("carried by all the Characters one other player has in play (named by one of them)")
                if self.player
                else (
                    (
                        tr("carried by every other player's Character at one Location, the bearer's")
                        if self.party
                        else tr("carried by one Character at the bearer's Location")
                    )
                    + (
                        tr(
                            " or up to {within} Location{within2} away",
                            within=self.within,
                            within2="s" if self.within > 1 else "",
                        )
                        if self.within
                        else ""
                    )
                    + tr(", not in a Haven")
                )
            ),
            "stored": tr("stored in one other player's Haven"),
            "combat": tr("of any player's Combat pile"),
            "held": tr("they carry or keep in a Haven"),
            "others_draw": tr("of another player's Draw pile (left in their order)"),
        }[self.where]
        out = f"{what} {where}"
        if self.reorder and self.where == "draw":
            out += tr(" (then it puts them back on top in the order it likes)")
        elif self.reorder:
            out += tr(" (then it may put the card of that kind below it first)")
        if self.discard:
            out += tr(" (this card is Discarded for it)")
        if self.share:
            out += tr(" (then it may show every other player what it saw, or keep it to itself)")
        return out


class Look(_Record):
    """Looking at hidden cards (MISC-7 gives way for one seat): the bearer's player looks at the cards of one of
    ``at`` (its choice when there are several); ``when: static``: while the card is in play, at those of its
    first spot. Only that seat learns them (its view lists them as long as they stay where they were seen, and a
    private event names them); every other seat is told that a look was made, and where, never what was seen.
    ``everyone`` on a static spot shows the cards to every seat."""

    verb: Literal["look"] = "look"
    at: tuple[LookSpot, ...] = Field(min_length=1)
    alone: bool = False  # no second card of this name may come into play while one is (Dragon Radar)

    def text(self) -> str:
        spots = [s.text() for s in self.at]
        alone = tr(" No second card of this name may come into play while it is in play.") if self.alone else ""
        if self.at[0].everyone:
            return tr("Every player shows {spots}.{alone}", spots=spots[0], alone=alone)
        return tr("Look at ") + tr("; or at ").join(spots) + "." + alone


class UseCost(_Record):
    """What using an activated ability costs: ``energy`` from the bearer (spent as an Equipment's cost is,
    CARD-16), the card itself Discarded (``discard``), the bearer Bonked (``bonk``), or the bearer dropping to
    ``health_to`` Health (damage in the current fight, healed when it ends, COMBAT-13)."""

    energy: int = Field(default=0, ge=0, le=20)
    discard: bool = False
    bonk: bool = False
    health_to: int | None = Field(default=None, ge=1, le=20)
    # a Flash Effect's ``play`` effect only: its payer spends all the Energy it has left, at least this much
    # (Shi Chi Hokodan; engine/effects/energy.py)
    all_energy: int | None = Field(default=None, ge=1, le=20)
    remove: bool = False  # a Global whose last use is spent is removed from the game under every ruleset
    # a Flash Effect's ``play`` effect only: its payer spends Energy equal to its base Energy (its card's printed
    # Energy in its current form), and must have that much left (Kamehameha; engine/effects/energy.py)
    base_energy: bool = False

    def text(self) -> str:
        parts = []
        if self.all_energy is not None:
            parts.append(tr("the payer spends all its Energy, at least {all_energy}", all_energy=self.all_energy))
        if self.base_energy:
            parts.append(tr("the payer spends as much Energy as its base Energy, and must have that much left"))
        if self.energy:
            parts.append(tr("pay {energy} Energy from the bearer", energy=self.energy))
        if self.health_to is not None:
            parts.append(tr("the bearer drops to {health_to} Health", health_to=self.health_to))
        if self.bonk:
            parts.append(tr("the bearer is Bonked"))
        if self.discard and self.remove:
            parts.append(tr("remove this card from the game"))
        elif self.discard:
            parts.append(tr("Discard this card"))
        elif self.remove:
            parts.append(tr("with its last use it is removed from the game"))
        return ", ".join(parts)


# fight: a round of a fight between players' Characters once its blows are declared (a Flash Effect's ``play``
# effect only; procedures/fights.py opens that window)
UseWindow = Literal["equip", "move", "scavenge", "combat", "fight", "draw", "declare"]
# The windows where a Flash Effect is played outside its owner's own decisions (engine/procedures/windows.py):
# attack: a Disaster has declared its attack, before the blows; moved: a Character has just moved; round: between
# two combat rounds; scavenge: a group is about to Scavenge, before the test; played: a Flash Effect was played
# and waits to resolve (an answer to it)
WindowPoint = Literal["attack", "moved", "round", "scavenge", "played", "charm"]
# card17: once a combat round in combat, once a turn outside it (CARD-17); havens: once a combat (a turn outside
# one), one use in all plus one per Haven in play (Palace Guard); the others as named
# once: one use in the whole game, the card staying where it is (Ship's Auto-Toilet, Capsule Army Knife)
UseLimit = Literal["card17", "turn", "combat", "round", "game", "each", "havens", "once"]


# ---------------------------------------------------------------------- static effects on a card's bearer


class Gains(_Record):
    """What a card its bearer holds changes in the bearer itself, for the requirement evaluator and the Location
    rules (``who: {among: bearer}``): Skills gained (``skills``; with ``only_new`` only those it lacks: a
    Skill it has is not raised), a Skill gained unless it has it, another instead (``instead``: {Pure Heart:
    Chi}), copies taken away (``lose``, never below none), every printed Skill doubled (``double``),
    Categories it counts as having (``categories``), the Location icons it counts as having (``icons``:
    Dimensional or Planetary Locations it may go to, SCAV-18, SCAV-19), and seeing through Illusions
    (``pierce_illusions``: it meets "ability to pierce Illusions")."""

    verb: Literal["gains"] = "gains"
    who: Who = Who(among="bearer")
    skills: tuple[str, ...] = ()
    only_new: bool = False
    instead: dict[str, str] = Field(default_factory=dict)
    lose: dict[str, int] = Field(default_factory=dict)
    double: bool = False
    categories: tuple[str, ...] = ()
    icons: tuple[Literal["dimensional", "planetary"], ...] = ()
    pierce_illusions: bool = False
    opposite_gender: bool = False  # a male counts as female and a female as male (Assassin Disquise)
    # for a Location's Scavenge requirement only, it may count as one Character of this gender instead of its
    # own (Leona Ozaki: one Male); engine/procedures/scavenge.py tries both
    location_gender: Literal["male", "female"] | None = None
    # an activated ability's: a copy of one Skill of the bearer's, the one its player names by its word as it is
    # used, for a Character other than the bearer (engine/procedures/activated.py ``Using``: Mind Scanner)
    bearer_skill: bool = False

    @model_validator(mode="after")
    def _check(self) -> Gains:
        held = self.who.among == "all" and self.who.side == "own"  # a Location taken as a Haven: its holder's
        chosen = self.who.pick == "choose"
        if self.who.among not in ("bearer", "owners", "target", "party", "self") and not chosen and not held:
            raise ValueError(
                "'gains' is for a card's bearer (who: {among: bearer}, or a Global's: owners), the party of the"
                " Character whose card it is (among: party: Master Roshi), the Character a Flash Effect names"
                " (among: target, for its turns: Assisted Flight), or the Characters the player of an activated"
                " ability names (pick: choose: A-ko's House)"
            )
        given = [self.skills, self.instead, self.lose, self.double, self.categories, self.icons, self.pierce_illusions]
        if not any(given) and not self.opposite_gender and self.location_gender is None and not self.bearer_skill:
            raise ValueError(
                "'gains' needs 'skills', 'instead', 'lose', 'double', 'categories', 'icons', 'pierce_illusions'"
                " or 'opposite_gender'"
            )
        if any(n < 1 for n in self.lose.values()):
            raise ValueError("'lose' takes away one copy or more")
        return self

    def text(self) -> str:
        parts = []
        if self.skills:
            got = _both(list(self.skills))
            parts.append(
                tr("gains {got}", got=got) + (tr(" (a Skill it already has is not raised)") if self.only_new else "")
            )
        for have, other in self.instead.items():
            parts.append(
                tr("gains {have}, or one copy of {other} instead when it already has {have}", have=have, other=other)
            )
        for sk, n in self.lose.items():
            parts.append(
                tr("loses {n} cop{n2} of {sk} (never fewer than none)", n=n, n2="y" if n == 1 else "ies", sk=sk)
            )
        if self.double:
            parts.append(tr("has every printed Skill of its own twice as many times"))
        if self.categories:
            parts.append(tr("counts as {categories}", categories=_both([_a(c) for c in self.categories])))
        if self.icons:
            parts.append(tr("may go to {icons} Locations", icons=_either([i.capitalize() for i in self.icons])))
        if self.pierce_illusions:
            parts.append(tr("sees through Illusions"))
        if self.opposite_gender:
            parts.append(tr("counts as the opposite gender (a male as female, a female as male)"))
        if self.location_gender is not None:
            parts.append(
                tr(
                    "may count as one {location_gender} Character toward a Location's Scavenge requirement",
                    location_gender=self.location_gender.capitalize(),
                )
            )
        if self.bearer_skill:
            parts.append("gains a copy of one Skill of the bearer's, named by its player (never the bearer itself)")
        if self.who.among == "party":  # on a Character's card: its player's Characters standing with it
            return tr("Each Character in its party, itself included, ") + _both(parts) + "."
        return f"{_cap(_subject(self.who))} " + _both(parts) + "."


class Single(_Record):
    """Copies of this card on one Character do not add up: only the first counts. ``refuse``: a Character that
    has one may not be given another (it is not offered)."""

    verb: Literal["single"] = "single"
    refuse: bool = False

    def text(self) -> str:
        if self.refuse:
            return tr("A Character may have only one copy of it.")
        return tr("Copies on one Character do not add up: only the first counts.")


class CarryLimit(_Record):
    """No Character carries more than ``count`` cards of this card's name: one that has that many is not offered
    another where its player chooses who takes a card (a Scavenge's share-out, a hand-over, a take from a Haven;
    Power Gem). With ``named``: the bearer of this card, while it meets ``who``, may carry up to ``count`` cards of
    that name instead (Tenchi the Master Key; engine/effects/bearer.py ``refuses``)."""

    verb: Literal["carry_limit"] = "carry_limit"
    count: int = Field(ge=1, le=9)
    named: str | None = None
    who: Who = Who(among="bearer")

    def text(self) -> str:
        if self.named is None:
            return tr(
                "No Character may carry more than {count} cards of its name: one that carries {count} is"
                " never offered another.",
                count=self.count,
            )
        who = _bearer_text(self.who)
        who += "," if "," in who else ""
        return tr(
            "{who}{who2} may carry up to {count} {named} cards.",
            who=who[0].upper(),
            who2=who[1:],
            count=self.count,
            named=self.named,
        )


class Safe(_Record):
    """The card (a carried Equipment) cannot be Stolen or Destroyed, as ``against`` says: no thief takes it and no
    card Destroys it; a Discard still reaches it (Dimensional Hammer; engine/effects/primitives.py ``safe_from``,
    asked where a card is Destroyed or an Equipment stolen)."""

    verb: Literal["safe"] = "safe"
    against: tuple[Literal["steal", "destroy"], ...] = Field(default=("steal", "destroy"), min_length=1)

    def text(self) -> str:
        words = {"steal": ptr("cannot be", "Stolen"), "destroy": ptr("cannot be", "Destroyed")}
        return tr(
            "It cannot be {against}: any card that would do so passes it over.",
            against=tr(" or ").join(words[a] for a in self.against),
        )


class Untouchable(_Record):
    """No Character may start a fight with its bearer (fights between players, COMBAT-25); it may still be
    attacked by Disasters and fight back. ``by``: who may not attack it — other players' Characters (the
    default), Combat Disasters (``disasters``: it is never their target, DIS-29), other players' charm attacks
    (``charm``, COMBAT-34); ``company``: only
    while another Character stands at its Location (Alielle)."""

    verb: Literal["untouchable"] = "untouchable"
    who: Who = Who(among="bearer")
    by: tuple[Literal["characters", "disasters", "charm"], ...] = Field(default=("characters",), min_length=1)
    company: bool = False
    # with ``by: [disasters]``: only the Disasters of these kinds (a Category or a word of the name, any of them;
    # Sylvie and the 33-S Sexaroid, Bills and Calculator and the Money Disasters)
    named: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _check(self) -> Untouchable:
        if self.named and "disasters" not in self.by:
            raise ValueError("'untouchable' with 'named' is for Disasters (by: [disasters])")
        return self

    def text(self) -> str:
        whom = _cap(_subject(self.who))
        if self.who.pick == "choose" and self.named and self.by == ("disasters",):  # a Haven's use (Ross' Apartment)
            kinds = tr(" or ").join(self.named)
            return tr(
                "{who}: no {kinds} Disaster picks it as the one it attacks, and the effects of "
                "{kinds} Disasters pass it over.",
                who=_cap(self.who.text()),
                kinds=kinds,
            )
        if self.named and self.by == ("disasters",) and not self.company:
            whom_all = self.who.text()
            if whom_all.startswith("every "):  # "never attacks a Character in play with Student"
                whom_all = tr("a ") + whom_all[len("every ") :]
            return tr(
                "A {named} Disaster never attacks {whom_all}.", named=tr(" or ").join(self.named), whom_all=whom_all
            )
        parts = []
        if "characters" in self.by:
            parts.append(tr("no other Character may start a fight with it"))
        if "disasters" in self.by:
            parts.append(
                tr("no {named} Disaster attacks it", named=tr(" or ").join(self.named))
                if self.named
                else tr("no Disaster attacks it")
            )
        if "charm" in self.by:
            parts.append(tr("no other player's Character may charm-attack it"))
        out = f"{whom}: " + _both(parts)
        if self.company:
            out += tr(" while another Character stands at its Location")
        if self.by == ("characters",) and not self.company:
            return tr("No other Character may start a fight with {who}.", who=self.who.text())
        return out + "."


class Spares(_Record):
    """Its bearer never attacks a Character that meets ``whom`` (that Character's own card and the cards it
    holds): in a fight between players it may not strike it, nor start a charm attack on it (Agent "D":
    Royalty; Chi-Chi: Gohan)."""

    verb: Literal["spares"] = "spares"
    who: Who = Who(among="bearer")
    whom: Requirement

    _parse = field_validator("whom", mode="before")(classmethod(lambda cls, v: _req(v)))

    @field_serializer("whom")
    def _dump(self, v: Requirement) -> str:
        return v.text

    def text(self) -> str:
        whom = (
            req_text(self.whom) if _names_cards(self.whom) else tr("a Character with {whom}", whom=req_text(self.whom))
        )
        return tr("{who} never attacks {whom} (no strike, no charm attack).", who=_cap(_subject(self.who)), whom=whom)


class Avenges(_Record):
    """In a fight between players' Characters, when a Character of the other side attacks (``hit``) a Character of
    its side that meets ``whom``, this Character, in the fight and with no declaration of its own that round,
    attacks that attacker at once in the same round, with ``attack`` more Attack (Chi-Chi for Gohan;
    engine/procedures/fights.py)."""

    verb: Literal["avenges"] = "avenges"
    whom: Requirement
    attack: int = Field(default=0, ge=0, le=9)

    _parse = field_validator("whom", mode="before")(classmethod(lambda cls, v: _req(v)))

    @field_serializer("whom")
    def _dump(self, v: Requirement) -> str:
        return v.text

    def text(self) -> str:
        whom = (
            req_text(self.whom) if _names_cards(self.whom) else tr("a Character with {whom}", whom=req_text(self.whom))
        )
        more = tr(", with {attack:+d} Attack", attack=self.attack) if self.attack else ""
        return tr(
            "In a fight between players' Characters, when a Character of the other side attacks {whom} of its side,"
            " this Character attacks that Character at once in the same round{more} (unless it has declared"
            " something else that round).",
            whom=whom,
            more=more,
        )


class Spoils(_Record):
    """Every Item of one of these ``kinds`` (a Category, or a word of its name) that this Character comes to carry
    (found in a Scavenge and given to it, handed to it, taken from a Haven) is removed from the game at once
    (Destroyed, MISC-3): Kozo Karino and Food (primitives.spoil_sweep)."""

    verb: Literal["spoils"] = "spoils"
    kinds: tuple[str, ...] = Field(min_length=1)

    def text(self) -> str:
        kinds = _either(list(self.kinds))
        return tr(
            "Every {kinds} Item this Character comes to carry is removed from the game at once (Destroyed).",
            kinds=kinds,
        )


class KillAt(_Record):
    """The Character is Killed once the damage it has taken in the fight reaches ``damage``, whatever the ruleset's
    kill test says (COMBAT-16; procedures/defeat.py ``killed``): Armitage's own thresholds."""

    verb: Literal["kill_at"] = "kill_at"
    damage: int = Field(ge=1, le=99)

    def text(self) -> str:
        return tr(
            "It is Killed once its damage reaches {damage}, and only then (the ruleset's kill test does not"
            " apply to it).",
            damage=self.damage,
        )


class Hides(_Record):
    """The bearer's Items are hidden from the Disasters, ``items`` of them (the ones it has carried longest): no
    Disaster takes, steals or seeks them, and a Disaster choosing among Item carriers does not count it as one for
    them (Assassin Disquise; engine/effects/bearer.py ``detectable``)."""

    verb: Literal["hides"] = "hides"
    who: Who = Who(among="bearer")
    items: int = Field(default=1, ge=1, le=9)

    def text(self) -> str:
        n = tr("one Item") if self.items == 1 else tr("{items} Items", items=self.items)
        return tr(
            "{who} hides {n} it carries from the Disasters (the one it has carried longest):"
            " no Disaster takes, steals or seeks it.",
            who=_cap(_subject(self.who)),
            n=n,
        )


class Unmasked(_Record):
    """Once a Character that meets ``by`` (anyone's) stands at this Character's Location with it, its powers are
    gone for good: it has its right-hand values for the rest of the game, even after a Bonk (Galus and the
    ability to pierce Illusions; primitives.unmask_sweep, after each move, each play of the Equip phase and as
    each turn starts)."""

    verb: Literal["unmasked"] = "unmasked"
    by: Requirement

    _parse = field_validator("by", mode="before")(classmethod(lambda cls, v: _req(v)))

    @field_serializer("by")
    def _dump(self, v: Requirement) -> str:
        return v.text

    def text(self) -> str:
        return tr(
            "Once a Character with the {by} stands at its Location with it, it has its right-hand values"
            " for the rest of the game.",
            by=req_text(self.by),
        )


class CharmTakes(_Record):
    """When this Character wins a Charm contest against a Disaster that carries an Item with a word of ``named`` in
    its name, it takes that Item at once (Makoto Mizuhara and Ifurita's Power Key Staff; procedures/charm.py).
    Against a player's Character the winner's order (COMBAT-35) may already have such an Item handed over."""

    verb: Literal["charm_takes"] = "charm_takes"
    named: tuple[str, ...] = Field(min_length=1)

    def text(self) -> str:
        return tr(
            "When it wins a Charm contest against a Disaster carrying {named}, it takes that"
            " Item from the Disaster at once.",
            named=_either(list(self.named)),
        )


class Splash(_Record):
    """In a physical combat round in which this Character strikes with an Energy Attack in force on it (a Flash
    Effect paid with Energy that raised its Attack for the round), every other Character at its Location but the
    one struck plays rock-paper-scissors against it (a coin flip, MISC-6): each that loses takes ``1/share`` of the
    damage the round's strike dealt (rounded down); this Character is never hurt by it (Nanami Rokugo;
    procedures/combat.py ``energy_splash``)."""

    verb: Literal["splash"] = "splash"
    share: int = Field(default=2, ge=1, le=9)

    def text(self) -> str:
        part = tr("half") if self.share == 2 else f"1/{self.share}"
        return tr(
            "In a combat round it strikes with an Energy Attack, every other Character at its Location but the one"
            " struck plays rock-paper-scissors (a coin flip): each that loses takes {part} the damage the strike"
            " dealt (rounded down); it is never hurt by it.",
            part=part,
        )


class ExtraPlay(_Record):
    """While the Character whose card it is stands in play (on a Location or in a Haven, not Bonked), its player
    may play ``count`` more cards of these types in each Equip phase (TURN-14: one of each; Bulma)."""

    verb: Literal["extra_play"] = "extra_play"
    who: Who = Who(among="bearer")
    types: tuple[Literal["equipment", "enhancement"], ...] = Field(min_length=1)
    count: int = Field(default=1, ge=1, le=5)

    def text(self) -> str:
        kinds = _either([type_word(t) for t in self.types])
        return tr(
            "Its player may play {count} more {kinds} card{count2} in each Equip phase.",
            count=self.count,
            kinds=kinds,
            count2="s" if self.count > 1 else "",
        )


class Fits(_Record):
    """Its bearer meets the requirement of every card of these types (CARD-23 waived: Makoto Mizuhara may use any
    Equipment)."""

    verb: Literal["fits"] = "fits"
    who: Who = Who(among="bearer")
    types: tuple[Literal["equipment", "enhancement"], ...] = Field(min_length=1)

    def text(self) -> str:
        kinds = _either([type_word(t) for t in self.types])
        return tr(
            "{who} may take any {kinds} card, whatever its requirement.", who=_cap(_subject(self.who)), kinds=kinds
        )


class Negates(_Record):
    """While the Character whose card it is stands in play (any player's, not Bonked), the Disasters named (card
    ids, or ``kinds``: a Category or a word of the name) do nothing: one that comes into play leaves it at once,
    overcome, before its effects (Dailey Wong: Red Tape); ``defeat``: it is Defeated by the Character's side
    instead (Lt. Randolph: the Legal Disasters)."""

    verb: Literal["negates"] = "negates"
    cards: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    defeat: bool = False

    @model_validator(mode="after")
    def _some(self) -> Negates:
        if not self.cards and not self.kinds:
            raise ValueError("'negates' names 'cards' or 'kinds'")
        return self

    def text(self) -> str:
        names = _either(
            [c.replace("-", " ").title() for c in self.cards] + [tr("{k} Disaster", k=k) for k in self.kinds]
        )
        if self.defeat:
            return tr(
                "Every {names} that comes into play is Defeated at once by this Character's player, before it acts.",
                names=names,
            )
        return tr(
            "The Disaster {names} does nothing: one that comes into play leaves it at once, overcome, before it acts.",
            names=names,
        )


class Cancels(_Record):
    """While the Character whose card it is stands in play (any player's, not Bonked), the cards of ``types`` with
    a word of ``named`` in their name do not stay in play: each one in play is Discarded as she comes into play
    and one played meanwhile at once (checked after each play of the Equip phase and as each turn starts:
    primitives.cancel_sweep; Nanami Jinnai: the Disguises)."""

    verb: Literal["cancels"] = "cancels"
    named: tuple[str, ...] = Field(min_length=1)
    types: tuple[Literal["enhancement", "equipment", "item"], ...] = ("enhancement",)

    def text(self) -> str:
        kinds = _either([f"{w} {type_word(t)}" for t in self.types for w in self.named])
        return tr(
            "Every {kinds} card in play (anyone's) is Discarded while this Character stands in play: those there as"
            " it comes into play, and one played meanwhile at once.",
            kinds=kinds,
        )


class Absorbs(_Record):
    """When another Character that meets ``has`` is Killed at the Location where this Character stands (any
    player's), this Character gains for the rest of the game ``1/share`` (rounded down) of that Character's
    printed ``abilities`` (its card's values in the form it had): Piccolo and a fellow Namek (kept in
    ``state.counters``, read by the value pipeline through engine/effects/bearer.py ``absorbed``)."""

    verb: Literal["absorbs"] = "absorbs"
    has: Requirement
    abilities: tuple[Literal["attack", "defense", "movement", "charm", "energy"], ...] = Field(min_length=1)
    share: int = Field(default=2, ge=1, le=9)

    _parse = field_validator("has", mode="before")(classmethod(lambda cls, v: _req(v)))

    @field_serializer("has")
    def _dump(self, v: Requirement) -> str:
        return v.text

    def text(self) -> str:
        part = tr("half") if self.share == 2 else f"1/{self.share}"
        names = _both([stat_word(a) for a in self.abilities])
        return tr(
            "When another Character with {has} is Killed at its Location (anyone's), this Character gains"
            " {part} (rounded down) of that Character's printed {names} for the rest of the game.",
            has=req_text(self.has),
            part=part,
            names=names,
        )


class MoreUses(_Record):
    """While the Character whose card it is stands in play (not Bonked), each card of its player's named ``card``
    has ``count`` more uses than its number of uses allows (Chief Servant Londs: Palace Guard). On a card with
    uses, ``with_character`` instead: the card itself has ``count`` more while a Character of that id of its
    owner's stands in play (Broken Bonds with Makoto Mizuhara)."""

    verb: Literal["more_uses"] = "more_uses"
    card: str | None = Field(default=None, pattern=r"^[a-z0-9][a-z0-9-]*$")
    with_character: str | None = Field(default=None, pattern=r"^[a-z0-9][a-z0-9-]*$")
    count: int = Field(ge=1, le=9)

    @model_validator(mode="after")
    def _check(self) -> MoreUses:
        if (self.card is None) == (self.with_character is None):
            raise ValueError("'more_uses' names either the 'card' it gives uses to or the 'with_character' it needs")
        return self

    def text(self) -> str:
        if self.with_character is not None:
            who = self.with_character.replace("-", " ").title()
            more = tr("1 more time") if self.count == 1 else tr("{count} more times", count=self.count)
            return tr(
                "While its owner has {who} in play (not Bonked), it may be used {more} than its printed uses.",
                who=who,
                more=more,
            )
        name = (self.card or "").replace("-", " ").title()
        return tr(
            "Each {name} of its player may be used {count} more times than its own limit allows.",
            name=name,
            count=self.count,
        )


class Alternates(_Record):
    """The Character uses its left-hand values for ``rounds`` game rounds, then its right-hand values for as many,
    and so on: its form is set at the start of each of its owner's turns from the round's number (Lunch)."""

    verb: Literal["alternates"] = "alternates"
    rounds: int = Field(default=1, ge=1, le=9)

    def text(self) -> str:
        each = tr("each round") if self.rounds == 1 else tr("every {rounds} rounds", rounds=self.rounds)
        return tr(
            "It switches between its two sets of values {each}: the left-hand ones in the first round of the game,"
            " the right-hand ones in the next (set as each of its owner's turns starts).",
            each=each,
        )


class Ascend(_Record):
    """A Character card never played into a Haven: it comes into play only by taking the place of its base
    Character (``base``: a Character name, either of its cards) in its owner's Move phase, instead of a move, from
    its owner's hand or a Haven of theirs, once the base has been Bonked ``bonked`` times this game or while its
    Energy is ``energy`` or more; at most once every ``every`` of its owner's turns, and only for the rest of that
    turn: at its end the base comes back in its place (engine/effects/transform.py ``ascend_options``; the Super
    Saiyans)."""

    verb: Literal["ascend"] = "ascend"
    base: str
    bonked: int | None = Field(default=None, ge=1, le=9)
    energy: int | None = Field(default=None, ge=1, le=20)
    every: int = Field(default=3, ge=1, le=9)

    @model_validator(mode="after")
    def _check(self) -> Ascend:
        if (self.bonked is None) == (self.energy is None):
            raise ValueError("ascend needs one condition: 'bonked' or 'energy'")
        return self

    def text(self) -> str:
        if self.bonked is not None:
            cond = tr(
                "once {base} has been Bonked {bonked} times this game (a Kill is not a Bonk)",
                base=self.base,
                bonked=self.bonked,
            )
        else:
            cond = tr("while {base}'s Energy is {energy} or more", base=self.base, energy=self.energy)
        return tr(
            "It is never played into a Haven: in its owner's Move phase, instead of a move, it may take the place of"
            " {base} in play (from its owner's hand or a Haven of theirs; {base}'s card goes where it was),"
            " {cond}, at most once every {every} of its owner's turns; it keeps his damage and what he holds,"
            " and at the end of that turn {base} comes back in its place.",
            base=self.base,
            cond=cond,
            every=self.every,
        )


class WearsOut(_Record):
    """The card is Discarded once its bearer has taken ``damage`` Health damage in all while holding it, over
    every fight (Ross' Battle Suit; engine/effects/bearer.py ``worn_out``)."""

    verb: Literal["wears_out"] = "wears_out"
    damage: int = Field(ge=1, le=99)

    def text(self) -> str:
        return tr(
            "It is Discarded once its bearer has taken {damage} damage in all while holding it.", damage=self.damage
        )


class EquipThrough(_Record):
    """Equipment may be played on its bearer wherever it stands, not only in a Haven: ``pieces`` in all, over
    the card's time in play (Control Cube; engine/effects/bearer.py ``equip_through``)."""

    verb: Literal["equip_through"] = "equip_through"
    pieces: int = Field(ge=1, le=9)

    def text(self) -> str:
        return tr(
            "In the Equip phase, Equipment may be played on its bearer wherever it stands, {pieces} pieces in all.",
            pieces=self.pieces,
        )


class SkipSkill(_Record):
    """Its bearer's group may Scavenge a Location whose requirement asks for more than one Skill with one of
    those Skills missing; each such Scavenge spends one of the card's uses (Electronic Day Planner;
    engine/procedures/scavenge.py)."""

    verb: Literal["skip_skill"] = "skip_skill"
    # static of a Global (Breaking and Entering): its owner's groups meet an alternative that asks for several Skills
    # with any one of them (the other terms still met); no uses
    all_but_one: bool = False

    def text(self) -> str:
        if self.all_but_one:
            return tr(
                "Where a Location's requirement asks for several Skills together, its owner's groups may Scavenge it"
                " with any one of those Skills (the rest of that requirement still met)."
            )
        return tr(
            "Where a Location's requirement asks for more than one Skill, its bearer's group may Scavenge it with"
            " one of those Skills missing (one use each time)."
        )


class BorrowSkill(_Record):
    """Its bearer may use any one Skill of one of its player's Characters that have the ``lender`` Skill, in a
    Haven or on the Field: its group meets a Location's requirement when one more copy of one such Skill would
    do (Data Stream; engine/procedures/scavenge.py)."""

    verb: Literal["borrow_skill"] = "borrow_skill"
    lender: str = "Computer"

    def text(self) -> str:
        return tr(
            "Its bearer may use any one Skill of one of its player's Characters with {lender} (in a Haven or"
            " on the Field) to meet a Location's requirement.",
            lender=self.lender,
        )


class CoverRetreat(_Record):
    """Its bearer's player may Discard it as their Characters Run Away from a Disaster (COMBAT-19): the
    Disaster gets no last attack on them (``run cN`` at the start of a combat round; engine/effects/bearer.py)."""

    verb: Literal["cover_retreat"] = "cover_retreat"
    who: Who = Who(among="bearer")

    def text(self) -> str:
        return tr(
            "When {who} and the Characters of its player with it Run Away from a Disaster, the card"
            " may be Discarded: the Disaster then gets no last attack on them.",
            who=self.who.text(),
        )


class NeverKilled(_Record):
    """Its bearer is never Killed: it is Bonked instead (COMBAT-16). ``stays``: this card stays on it when it is
    Bonked (other Enhancements are Discarded, COMBAT-15) and comes back into play with it. ``bonk``: nor is it
    Bonked: it stays in play with 1 Health left. On a Character's own card ``who: {among: party}`` reaches its
    player's Characters standing at its Location, itself included, while it stands there (Dr. Tofu)."""

    verb: Literal["never_killed"] = "never_killed"
    who: Who = Who(among="bearer")
    stays: bool = False
    bonk: bool = False
    once: bool = False  # only the first time in a game (Naomi Armitage); the use is kept in state.counters

    def text(self) -> str:
        if self.who.among == "party":
            subject = tr("Each of its player's Characters standing at its Location, itself included,")
        else:
            subject = _cap(_subject(self.who))
        if self.bonk:
            out = tr("{subject} is never Bonked nor Killed: it stays in play with 1 Health left", subject=subject)
        else:
            out = tr("{subject} is never Killed: it is Bonked instead", subject=subject)
        if self.stays:
            out += tr("; this card stays on it when it is Bonked")
        if self.once:
            out += tr("; once a game, the first time it would be Killed (a second Kill is a Kill)")
        return out + "."


class StaysOn(_Record):
    """This Enhancement stays on its bearer when the bearer is Bonked (it is not Discarded, COMBAT-15) and comes
    back into play with it; it leaves play when the bearer is Killed (Better Off Dead)."""

    verb: Literal["stays_on"] = "stays_on"
    who: Who = Who(among="bearer")

    def text(self) -> str:
        return tr(
            "This card stays on {who} when it is Bonked, and leaves play only when it is Killed.", who=self.who.text()
        )


class Saves(_Record):
    """The first time its bearer would be Bonked or Killed, this card is Discarded instead and the bearer stays
    in play with 1 Health left (Robot Slave)."""

    verb: Literal["saves"] = "saves"
    who: Who = Who(among="bearer")

    def text(self) -> str:
        who = self.who.text()
        if self.who.among == "party":
            who = tr("one of its bearer's party (its player's Characters standing with it, the bearer first)")
        return tr(
            "When {who} would be Bonked or Killed, this card is Discarded instead and it stays in play "
            "with at least 1 Health left.",
            who=who,
        )


class EquipAnywhere(_Record):
    """In its owner's Equip phase its bearer may be given Enhancements and Equipment wherever it stands, not only
    in a Haven (TURN-14), as many times as its Charm; the last such use Discards this card (Servant)."""

    verb: Literal["equip_anywhere"] = "equip_anywhere"
    who: Who = Who(among="bearer")
    unlimited: bool = False  # no count of uses: as often as the Equip phase allows (a Character's own: Mousse)

    def text(self) -> str:
        if self.unlimited:
            who = self.who.text()
            return tr(
                "In its owner's Equip phase {who} may be given Enhancements and Equipment at any Location.", who=who
            )
        return tr(
            "In its owner's Equip phase {who} may be given Enhancements and Equipment at any Location, "
            "as many times as its Charm; the last time Discards this card.",
            who=self.who.text(),
        )


class OnAnyone(_Record):
    """The card itself may be played, in its player's Equip phase, on any Character in play that is not Bonked,
    another player's too, wherever it stands (its text overrides TURN-14: I'm Buyin'; engine/effects/on_anyone.py)."""

    verb: Literal["on_anyone"] = "on_anyone"
    who: Who = Who(among="bearer")  # what it does, it does to that Character, its bearer

    def text(self) -> str:
        return tr(
            "It may be played in its player's Equip phase on any Character in play that is not Bonked, another"
            " player's too, wherever it stands."
        )


class UseOthers(_Record):
    """When the card is played its player names one card of these ``types`` that a Character of another player
    carries (a face-down Item by its place among what that Character carries, ``choose item1@cN``: it is turned up
    as it is lent); for the first ``turns`` of its owner's turns (the one it is played in counting) its bearer uses
    that card as if it carried it too: its printed modifiers (an Equipment's), granted Skills and static effects on
    its bearer, while the card stays carried by a Character of another player (Pass Around; engine/effects/lent.py,
    bearer.py)."""

    verb: Literal["use_others"] = "use_others"
    who: Who = Who(among="bearer")
    types: tuple[Literal["equipment", "item"], ...] = ("equipment", "item")
    turns: int = Field(ge=1, le=9)

    def text(self) -> str:
        kinds = _either([type_word(t) for t in self.types])
        return tr(
            "When it is played, its player names one {kinds} a Character of another player carries (a face-down"
            " Item by its place, turned up as it is lent): during the first"
            " {turns} of its owner's turns (the one it is played in counting) its bearer uses that card as if"
            " it carried it too (its bonuses, Skills and effects on its bearer), while another player's Character"
            " still carries it.",
            kinds=kinds,
            turns=self.turns,
        )


class CopySkill(_Record):
    """Once a turn, when a group of the card's player Scavenges a Location whose requirement it does not meet, one
    Character of the group other than the bearer takes a copy of one of the bearer's Skills for that test, wherever
    the bearer stands (Mind Scanner; engine/procedures/scan.py)."""

    verb: Literal["copy_skill"] = "copy_skill"
    who: Who = Who(among="bearer")

    def text(self) -> str:
        return tr(
            "Once a turn, when a group of its player Scavenges a Location whose requirement it does not meet, one"
            " Character of the group other than its bearer may take a copy of one of its bearer's Skills for that"
            " test, wherever its bearer stands."
        )


class Trap(_Record):
    """The card is laid, in its player's Equip phase, face up on a Location of the Field instead of going on a
    Character; each Character that ends its own move there (not aboard a vehicle, and unless it meets the effect's
    ``unless``) takes damage equal to the card's printed Attack (the effect's ``printed: [attack]``: never a bonus
    of a holder), which lasts until the end of the turn (Razor Balls; engine/procedures/traps.py)."""

    verb: Literal["trap"] = "trap"

    def text(self) -> str:
        return tr(
            "Its player lays it in the Equip phase on a Location of the Field, where it stays: each Character that"
            " ends its own move there (not aboard a vehicle) takes damage equal to its printed Attack, which lasts"
            " until the end of the turn."
        )


class Waive(_Record):
    """The group of its bearer may Scavenge a Location of one of these ``categories`` without meeting the
    Location's requirement (SCAV-1)."""

    verb: Literal["waive"] = "waive"
    who: Who = Who(among="bearer")
    categories: tuple[str, ...] = ()
    # or: a Location printed with an Attack and a Defense (its Health) both under this; on the Character a Flash
    # Effect names, for its turns (Get Around: engine/effects/lasting.py ``waived``)
    below: int | None = Field(default=None, ge=1, le=99)
    # or: a Location with one of these names (a kept Yamato No Orochi opens the Spring of Life)
    named: tuple[str, ...] = ()
    # cards: the requirement waived is that of the Enhancements and Equipment of these categories played on the
    # bearer (CARD-23), not a Location's (Specs and Science cards; engine/effects/bearer.py ``waives_card``)
    cards: bool = False
    # once: once a game: the first Scavenge of such a Location its group could not make without the card spends it
    # for good (Alarm Clock; engine/effects/bearer.py ``waives``, ``spend_waive``)
    once: bool = False

    @model_validator(mode="after")
    def _check(self) -> Waive:
        if bool(self.categories) + (self.below is not None) + bool(self.named) != 1:
            raise ValueError("'waive' names 'categories', 'below' or 'named', one of them")
        if self.cards and not self.categories:
            raise ValueError("'waive' with 'cards' names the cards' 'categories'")
        if self.once and (self.cards or not self.categories):
            raise ValueError("'waive' with 'once' names the Locations' 'categories'")
        return self

    def text(self) -> str:
        if self.once:
            kinds = _either(list(self.categories))
            return tr(
                "Once a game, the group of {who} may Scavenge {kinds} Location without meeting its requirement.",
                who=self.who.text(),
                kinds=kinds,
            )
        if self.cards:
            kinds = _either(list(self.categories))
            return tr(
                "{who} may be given {kinds} Enhancements and Equipment without meeting their requirement.",
                who=_cap(self.who.text()),
                kinds=kinds,
            )
        if self.named:
            return tr(
                "The group of {who} may Scavenge {named} without meeting its requirement.",
                who=self.who.text(),
                named=_either(list(self.named)),
            )
        if self.below is not None:
            return tr(
                "The group of {who} may Scavenge a Location whose Attack and Health are both under"
                " {below} without meeting its requirement.",
                who=self.who.text(),
                below=self.below,
            )
        kinds = _either(list(self.categories))
        return tr(
            "The group of {who} may Scavenge {kinds} Locations without meeting their requirement.",
            who=self.who.text(),
            kinds=kinds,
        )


class Discount(_Record):
    """Its bearer pays less Energy for this card (CARD-16): ``halve`` its printed cost, rounded down."""

    verb: Literal["discount"] = "discount"
    who: Who = Who(among="bearer")
    halve: bool = True

    def text(self) -> str:
        return tr("{who} pays half its Energy cost (rounded down).", who=_cap(_subject(self.who)))


class Heal(_Record):
    """The Characters ``who`` names lose all the damage they have taken: back to full Health (Sudden Recall)."""

    verb: Literal["heal"] = "heal"
    who: Who = Who(among="target")
    # a Flash Effect's target may also be a Bonked Character (not one a card keeps out): it comes back at once into
    # its owner's Haven at full Health (engine/effects/flash_targets.py, primitives.recover)
    bonked: bool = False

    def text(self) -> str:
        if self.who.pick == "choose":  # hurt ones only, up to its count (activated.py)
            n = self.who.count
            named = tr("one hurt Character") if n == 1 else tr("up to {n} hurt Characters", n=n)
            among = evolve(self.who, pick=tr("all")).text()
            return tr("The player names {named} among {among}: healed to full Health.", named=named, among=among)
        out = tr("{who} is healed to full Health", who=_cap(self.who.text()))
        if self.bonked:
            out += tr("; or one Bonked Character (not Killed) is: it comes back at once into its owner's Haven")
        return out + "."


class DestroyDisaster(_Record):
    """The Disasters ``disasters`` names are Destroyed (removed from the game, MISC-3): the one fought in this
    combat (Ultimate Sacrifice)."""

    verb: Literal["destroy_disaster"] = "destroy_disaster"
    disasters: Disasters
    combat: bool = True  # only a Combat Disaster

    def text(self) -> str:
        out = _cap(self.disasters.text())
        if self.combat:
            out = out.replace("Disaster", "Combat Disaster", 1)
        return tr("{out} is Destroyed.", out=out)


class RestoreUses(_Record):
    """One card in play that the player names, among ``cards`` (ids: the weapons that may be Reloaded) with a
    use spent, gets all its printed uses back (Reload, CARD-17)."""

    verb: Literal["restore_uses"] = "restore_uses"
    cards: tuple[str, ...] = Field(min_length=1)
    # also a weapon emptied (its last use spent, so Discarded) this game turn: it goes back, with all its uses, onto
    # the Character that emptied it, if that Character still stands in play ("Discard or Reload")
    empty: bool = False

    def text(self) -> str:
        out = tr("One weapon in play that has spent a use, named by the player, gets all its uses back")
        if self.empty:
            out += tr(
                "; or one emptied and Discarded this turn goes back, with all its uses, onto the Character that"
                " emptied it, if it still stands in play"
            )
        return out + "."


class Hook(_Record):
    """A card whose text no verb says yet: a named Python hook in the engine (engine/effects/card_hooks.py), called
    with the trigger's context. ``text`` is what the card does, in our own words (rendered as its text). The
    numbers the hook uses are card data too (``with``: name -> number), written into the text where it says
    ``{name}``: every number given must appear in the text and every ``{name}`` must be given, so the text a
    player reads always shows the numbers the engine uses."""

    verb: Literal["hook"] = "hook"
    name: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    text_: str = Field(alias="text", min_length=1)
    with_: dict[str, int] = Field(default_factory=dict, alias="with")

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    @model_validator(mode="after")
    def _numbers_in_text(self) -> Hook:
        named = set(_PLACEHOLDER.findall(self.text_))
        if named != set(self.with_):
            missing = sorted(named - set(self.with_))
            unused = sorted(set(self.with_) - named)
            raise ValueError(
                f"hook {self.name}: "
                + "; ".join(
                    ([f"text names {{{', '.join(missing)}}} but 'with' does not give it"] if missing else [])
                    + ([f"'with' gives {', '.join(unused)} but the text never shows it"] if unused else [])
                )
            )
        return self

    def text(self) -> str:
        return (
            _PLACEHOLDER.sub(lambda m: str(self.with_[m.group(1)]), prose(HOOK, self.text_))
            if self.with_
            else prose(HOOK, self.text_)
        )

    def number(self, name: str) -> int:
        """The number ``name`` of this card's hook (``with``); a missing one is a data error caught at load by
        the hook's declared parameters (engine/effects/card_hooks.py)."""
        return self.with_[name]


_PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")


class Halt(_Record):
    """The player names one card of these categories whose effect still holds Characters (a Disaster in play, or
    one already gone whose hold lasts): that effect ends, and the card, if it is still in play, is Discarded. Or
    (``named``, card names, nothing to choose) every such card of those names: their effects end at once (Kasumi
    removed from the game, by C-ko's Cooking's text)."""

    verb: Literal["halt"] = "halt"
    has: tuple[str, ...] = ()
    named: tuple[str, ...] = ()
    free: bool = False  # or name one Character a Disaster holds captive or jails, freed as ``release`` does

    @model_validator(mode="after")
    def _check(self) -> Halt:
        if bool(self.has) == bool(self.named):
            raise ValueError("halt names either 'has' (categories, one card chosen) or 'named' (card names, all)")
        if self.free and self.named:
            raise ValueError("halt with 'named' frees no captive ('free' goes with 'has')")
        return self

    def text(self) -> str:
        if self.named:
            return tr(
                "The effects of every {named} that still hold Characters end, and such a card still in play is"
                " Discarded.",
                named=_either(list(self.named)),
            )
        out = tr(
            "Name one {has} card whose effect still holds Characters: that effect ends, and"
            " the card is Discarded if it is still in play.",
            has=_either(list(self.has)),
        )
        if self.free:
            out += tr(
                " Or name one Character a Disaster holds captive (freed where its captor stands) or jails (it may"
                " come back into play as any Bonked Character may)."
            )
        return out


class Release(_Record):
    """The player names one Character held captive by a Disaster (``capture``) or kept out of play by one
    (``keep_out``, a jail): a captive is freed where its captor stands, a jailed Character may come back as a Bonked
    one does (Jail Break)."""

    verb: Literal["release"] = "release"

    def text(self) -> str:
        return tr(
            "Free one Character held captive by a Disaster (it comes back where its captor stands) or jailed by one"
            " (it may come back into play as any Bonked Character may)."
        )


class DestroyFromDraw(_Record):
    """The player names another player (by a Haven of theirs): ``count`` cards at random from that player's Draw
    pile are Destroyed (Keen Observation)."""

    verb: Literal["destroy_from_draw"] = "destroy_from_draw"
    count: int = Field(default=1, ge=1, le=9)

    def text(self) -> str:
        n = tr("one card") if self.count == 1 else tr("{count} cards", count=self.count)
        return tr("Name a player (by one of their Havens): {n} at random from their Draw pile is Destroyed.", n=n)


class NoDamage(_Record):
    """The next attack that would deal the Characters named damage deals them none (Just a Scratch)."""

    verb: Literal["no_damage"] = "no_damage"
    who: Who = Who()

    def text(self) -> str:
        return tr("The next attack on {who} deals no damage.", who=self.who.text())


class InFight(_Record):
    """What a card a Character holds does in the combat rounds its bearer fights (engine/effects/in_fight.py):
    ``by`` is added to the bearer's abilities in every ``every``-th round of a fight (Sylia's blade); the
    bearer's strikes deal at least ``min_damage`` (Priss' pin darts); ``double_cards``: the Attack bonuses of
    the bearer's own Combat cards count twice (Linna's glove); ``stops``: the first N attacks that would deal
    the bearer damage in each fight deal none (Wings of the Light Hawk). Read by the fights with Disasters
    (procedures/combat.py) and between players' Characters (procedures/fights.py)."""

    verb: Literal["in_fight"] = "in_fight"
    who: Who = Who(among="bearer")
    every: int = Field(default=1, ge=1, le=9)
    by: dict[str, int] = Field(default_factory=dict)
    min_damage: int = Field(default=0, ge=0, le=9)
    double_cards: bool = False
    stops: int = Field(default=0, ge=0, le=9)
    heal: int = Field(default=0, ge=0, le=9)  # after each physical combat round it fights, it heals N if standing
    # after each physical combat round fought at its Location, every other Character there takes N damage
    scorch: int = Field(default=0, ge=0, le=9)
    # after a physical combat round that dealt it damage, it switches to its right-hand values (Oolong)
    reverts: bool = False
    # after a physical combat round that leaves another Character of its player there (hurt in it) with less than
    # ``rally_below`` Health, or Bonked, it deals ``rally`` more damage in the next round of that fight, unless it
    # has its right-hand values (Baby Gohan, not in his Were-form)
    rally: int = Field(default=0, ge=0, le=9)
    rally_below: int = Field(default=2, ge=1, le=9)

    @model_validator(mode="after")
    def _check(self) -> InFight:
        if self.who.among not in ("bearer", "self"):
            raise ValueError("in_fight is for a card's bearer (who: {among: bearer}) or a Character itself (self)")
        if set(self.by) - {"attack", "defense"}:
            raise ValueError("in_fight 'by' raises attack or defense")
        if not (self.by or self.min_damage or self.double_cards or self.stops or self.heal or self.scorch) and not (
            self.reverts or self.rally
        ):
            raise ValueError("in_fight needs 'by', 'min_damage', 'double_cards', 'stops', 'heal' or 'scorch'")
        return self

    def text(self) -> str:
        parts = []
        if self.by:
            nums = ", ".join(f"{v:+d} {stat_word(k)}" for k, v in self.by.items())
            when = (
                tr("each combat round")
                if self.every == 1
                else tr("every {every} combat round of a fight", every=_nth(self.every))
            )
            parts.append(tr("in {when}: {nums} more", when=when, nums=nums))
        if self.min_damage:
            parts.append(
                tr("in a round it strikes, the strike deals at least {min_damage} damage", min_damage=self.min_damage)
            )
        if self.double_cards:
            parts.append(tr("the Attack bonuses of its own Combat cards count twice"))
        if self.stops:
            n = tr("attack") if self.stops == 1 else tr("{stops} attacks", stops=self.stops)
            parts.append(tr("the first {n} that would deal it damage in each fight deal none", n=n))
        if self.heal:
            parts.append(
                tr("after each combat round it fights and is not Bonked in, it heals {heal} damage", heal=self.heal)
            )
        if self.reverts:
            parts.append(
                tr(
                    "after a combat round that dealt it damage, it switches to its right-hand values (its damage stays;"
                    " with no Health left in that form it is Bonked)"
                )
            )
        if self.scorch:
            parts.append(
                tr(
                    "after each combat round fought at its Location, every other Character there takes {scorch} damage",
                    scorch=self.scorch,
                )
            )
        if self.rally:
            parts.append(
                tr(
                    "after a combat round that leaves another Character of its player there with less than"
                    " {rally_below} Health (or Bonked), its side's strike deals {rally} more damage in the next"
                    " round of that fight, unless it has its right-hand values",
                    rally_below=self.rally_below,
                    rally=self.rally,
                )
            )
        return tr("In a fight, {who}: ", who=self.who.text()) + "; ".join(parts) + "."


def _nth(n: int) -> str:
    return {2: tr("second"), 3: tr("third"), 4: tr("fourth"), 5: tr("fifth")}.get(n, f"{n}th")


class Cancel(_Record):
    """An answer: one Flash Effect waiting to resolve is cancelled (Discarded unresolved). ``has``: it must have
    one of these Categories (or words in its name); ``energy_attack``: it must cost Energy and raise an Attack
    or deal damage (an Energy Attack). ``in_play``: a card of these kinds already in play that matches ``has``
    may be named too (an Enhancement, Equipment or Global Effect; a Disaster, not the one fought now): it is
    Discarded. ``lasting``: so may a Flash Effect already resolved whose effect still lasts (its ``has``, or with
    ``energy_attack`` any one paid with Energy): that effect ends (engine/effects/answers.py)."""

    verb: Literal["cancel"] = "cancel"
    has: tuple[str, ...] = ()
    energy_attack: bool = False
    in_play: tuple[Literal["enhancement", "equipment", "global-effect", "disaster"], ...] = ()
    lasting: bool = False

    @field_validator("has", "in_play", mode="before")
    @classmethod
    def _one_or_more(cls, v: Any) -> Any:
        return (v,) if isinstance(v, str) else v

    def text(self) -> str:
        kind = f"{_either(list(self.has))} " if self.has else ""
        what = tr("{kind}Flash Effect", kind=kind)
        if self.energy_attack:
            what = tr(
                "{what} that is an Energy Attack (it costs Energy and raises an Attack or deals damage)", what=what
            )
        out = tr("Cancel one {what} waiting to resolve: it is Discarded and does nothing", what=what)
        if self.in_play:
            names = {"global-effect": tr("Global Effect"), "disaster": tr("Disaster (not one being fought)")}
            kinds = _either([names.get(k, type_word(k)) for k in self.in_play])
            out += tr("; or one {kind}{kinds} in play: it is Discarded", kind=kind, kinds=kinds)
        if self.lasting:
            paid = tr("Flash Effect paid with Energy") if self.energy_attack else tr("{kind}Flash Effect", kind=kind)
            out += tr("; or the lasting effect of one {paid} already resolved: it ends at once", paid=paid)
        return out + "."


class Spare(_Record):
    """For the rest of the combat round, the first Character of the fight that would be Killed (``from_:
    kill``: it is Bonked instead) or Bonked (``from_: bonk``: it is back to full Health and fights on) is
    spared; the card is then spent."""

    verb: Literal["spare"] = "spare"
    from_: Literal["kill", "bonk"] = Field(alias="from")

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    def text(self) -> str:
        if self.from_ == "kill":
            return tr("This combat round, the first Character of the fight that would be Killed is Bonked instead.")
        return tr(
            "This combat round, the first Character of the fight brought to 0 Health is not Bonked: it is back to"
            " full Health and may still act."
        )


class FoilLook(_Record):
    """A Global in play that cancels looks (``when: static``; engine/effects/looks.py): a look another player's
    card makes (a Flash Effect, a card's ``use``) shows nothing, and one of this card's printed uses is spent (its
    last takes it out of play). ``aimed``: only a look at its owner's cards (hand, Draw pile, carried Items);
    ``named``: only a look made by a card of one of these Categories."""

    verb: Literal["foil_look"] = "foil_look"
    aimed: bool = False
    named: tuple[str, ...] = ()

    @field_validator("named", mode="before")
    @classmethod
    def _one_or_more(cls, v: Any) -> Any:
        return (v,) if isinstance(v, str) else v

    def text(self) -> str:
        what = tr("{named} card", named=_either(list(self.named))) if self.named else tr("card")
        aim = tr(" at its owner's cards (hand, Draw pile, carried Items)") if self.aimed else tr(" at hidden cards")
        return (
            tr(
                "Each {what} another player uses to look{aim} is cancelled: nothing is seen, and this card spends one"
                " of its uses. Such a card held by another player whose look lasts shows ",
                what=what,
                aim=aim,
            )
            + (tr("none of its owner's cards") if self.aimed else tr("nothing"))
            + tr(" while this card is in play (no use spent).")
        )


class Wound(_Record):
    """Health damage to the Disaster a Flash Effect names (``disasters: {target: true}``; ``fighting``: the one of
    the fight under way, at its combat decision): it counts with the round's blows, so a Disaster brought to 0
    Health is Defeated as the round is resolved (COMBAT-3, COMBAT-17), and a survivor heals when the combat ends
    (COMBAT-13)."""

    verb: Literal["wound"] = "wound"
    disasters: Disasters | None = None
    # or the Character a Flash Effect names (``who: {among: target}``): in a fight between players it is Bonked at
    # the round's blows if it has no Health left (procedures/fights.py)
    who: Who | None = None
    amount: int = Field(ge=1, le=20)

    @model_validator(mode="after")
    def _one(self) -> Wound:
        if (self.who is None) == (self.disasters is None):
            raise ValueError("wound names either 'who' (the Character named) or 'disasters'")
        if self.who is not None and self.who.among != "target":
            raise ValueError("wound on a Character names the one a Flash Effect names (who: {among: target})")
        return self

    def text(self) -> str:
        if self.who is not None:
            return tr(
                "{who}: it takes {amount} Health damage, counted with this round's blows.",
                who=_cap(self.who.text()),
                amount=self.amount,
            )
        assert self.disasters is not None
        what = self.disasters.text()
        if self.disasters.category and (self.disasters.target or self.disasters.fighting):
            what = tr("{what}, if it is {disasters}", what=what, disasters=_a(self.disasters.category))
        return tr(
            "{what}: it takes {amount} Health damage, counted with this round's blows.",
            what=_cap(what),
            amount=self.amount,
        )


class CallOff(_Record):
    """The fight against a Disaster under way ends at once, with no result (played at its run-or-strike decision):
    no more blows are dealt, nobody wins it, and the damage taken in it heals as when any combat ends
    (COMBAT-13)."""

    verb: Literal["call_off"] = "call_off"
    # played at the ``charm`` window: the Charm contest just decided has no result instead (nobody is charmed or
    # spared by it; procedures/charm.py)
    charm: bool = False

    def text(self) -> str:
        if self.charm:
            return tr("The Charm contest just decided has no result: nobody is charmed by it, nobody wins it.")
        return tr(
            "The fight under way (against a Disaster, or between players) ends at once with no result: no more"
            " blows, and the damage taken in it heals."
        )


class ReverseCharm(_Record):
    """The Charm contest whose result is pending (the ``charm`` window) is turned around: its winner loses and its
    loser wins, by the same margin."""

    verb: Literal["reverse_charm"] = "reverse_charm"

    def text(self) -> str:
        return tr("The Charm contest just decided is turned around: its winner loses and its loser wins, by as much.")


class WinsTies(_Record):
    """While the card is in play its owner wins every tie for the most Items (with other players, or with the
    Disasters), and wins in the Disasters' place when they would win with at most ``disasters_by`` Items more than
    it holds (Happy Ending; engine/core/win.py)."""

    verb: Literal["wins_ties"] = "wins_ties"
    disasters_by: int = Field(default=0, ge=0, le=9)

    def text(self) -> str:
        out = tr("When the game is scored, its owner wins every tie for the most Items, with players or Disasters")
        if self.disasters_by:
            more = (
                tr("1 Item")
                if self.disasters_by == 1
                else tr("up to {disasters_by} Items", disasters_by=self.disasters_by)
            )
            out += tr(
                "; and when the Disasters would win with {more} more than its owner holds, its owner wins instead",
                more=more,
            )
        return out + "."


class ItemWorth(_Record):
    """The Item card counts as ``count`` Items: face up (Discarded or Destroyed, the Disasters') in every tally and
    in the total the majorities are read against; face down (carried, stored, under a Location) once in the tallies
    every seat sees (MISC-7) and fully in the final count, when it is turned up: for the player whose Character
    carries it or whose Haven stores it, and in the total (C-ko Kotobuki; engine/core/win.py ``revealed``, from the
    Items found once per card list)."""

    verb: Literal["item_worth"] = "item_worth"
    count: int = Field(ge=2, le=9)

    def text(self) -> str:
        return tr(
            "It counts as {count} Items: once face up (Discarded or Destroyed) in every tally of Items; while"
            " face down, in the final count, for the player who carries or stores it and in the total.",
            count=self.count,
        )


class HideFrom(_Record):
    """While the effect lasts, Disasters pass over the Location where the Characters named stand: one whose move
    would end there goes one Location further, it attacks nobody there and stops nowhere for them (Hiding Out;
    engine/procedures/disasters.py asks ``lasting.hidden_at``)."""

    verb: Literal["hide_from"] = "hide_from"
    who: Who

    def text(self) -> str:
        return tr(
            "Disasters pass over the Location where {who} stands: none stops or attacks there (one whose"
            " move would end there goes one Location further).",
            who=self.who.text(),
        )


class Regenerate(_Record):
    """While the card is in play, one of its owner's Characters that would be Killed goes into it instead, one at
    a time: it drops what it carries as a Killed one does, keeps its Enhancements, waits in its owner's Bonked
    pile, and after ``turns`` of its owner's turns comes back into its owner's Haven at full Health (Medical
    Regenerator; engine/effects/primitives.py ``kill``, engine/procedures/turn.py ``Reload``)."""

    verb: Literal["regenerate"] = "regenerate"
    turns: int = Field(default=3, ge=1, le=9)

    def text(self) -> str:
        return tr(
            "When one of its owner's Characters would be Killed, it goes into this card instead (one at a time),"
            " keeping its Enhancements; {turns} of its owner's turns later it comes back into its owner's"
            " Haven at full Health.",
            turns=self.turns,
        )


# ---------------------------------------------------------------------- Combat cards (``when: drawn``)


class Half(_Record):
    """What one half of a Combat card does for the Character or Disaster it is drawn for, this round (RULES.md
    COMBAT-6, COMBAT-7, CARD-19): the ``physical`` half in a physical round, the ``charm`` half in a charm
    contest. A card's ``drawn`` effects of one half are alternatives, read in order: the first whose conditions
    hold applies (the effect's ``if``: its holder has it; ``foe``, ``foe_kind``, ``foe_gender``: its opponent is
    so) and replaces the half's printed modifiers; when none holds, the half does nothing. Numbers: ``by`` its
    holder's abilities, ``set`` an ability of its holder becomes N whatever else it has this round (other Combat
    cards still change it), ``opponent`` its opponent's, ``per`` once more for each Character at its holder's
    Location (``each: character_here``) or each point of Energy it has left (``each: energy_left``); ``lose``: an
    ability of its holder drops by its total of another (``{defense: attack}``); ``draw`` more Combat cards for
    it, whose same half applies too; ``attacks``: more attacks of its holder (its Attack counts again),
    ``opponent_attacks``: of its opponent (in a charm contest an attack more is that side's Charm counted again:
    doubled for one); ``heal``: both sides healed to full Health; ``idle``: its opponent
    takes no action this round (no strike, no counted Attack); ``pay``: the alternative is taken only when its
    holder (a Character) can pay that much Energy, and it pays it."""

    verb: Literal["half"] = "half"
    side: Literal["physical", "charm"]
    by: dict[str, int] = Field(default_factory=dict)
    set: dict[str, int] = Field(default_factory=dict)
    opponent: dict[str, int] = Field(default_factory=dict)
    per: dict[str, int] = Field(default_factory=dict)
    each: Literal["character_here", "energy_left"] | None = None
    lose: dict[str, Literal["attack", "defense"]] = Field(default_factory=dict)
    foe: Requirement | None = None
    foe_kind: Literal["character", "disaster"] | None = None
    foe_gender: Literal["same", "opposite"] | None = None
    foe_carries: str | None = None  # a card of this Category is carried or worn by the opponent ("a Weapon")
    draw: int = Field(default=0, ge=0, le=3)
    attacks: int = Field(default=0, ge=0, le=3)
    opponent_attacks: int = Field(default=0, ge=0, le=3)
    heal: bool = False
    idle: bool = False
    pay: int = Field(default=0, ge=0, le=3)  # its holder pays this much Energy for it (only when it can)
    void: bool = False  # the opponent's Combat card of this round is removed: it does nothing
    party: bool = False  # ``by``'s Attack goes to every Character of its holder's side that strikes this round

    _parse = field_validator("foe", mode="before")(classmethod(lambda cls, v: _req(v)))

    @field_serializer("foe")
    def _dump(self, v: Requirement | None) -> str | None:
        return None if v is None else v.text

    @model_validator(mode="after")
    def _check(self) -> Half:
        names = set(self.by) | set(self.set) | set(self.opponent) | set(self.per) | set(self.lose)
        bad = names - {"attack", "defense", "charm"}
        if bad:
            raise ValueError(f"a Combat card's half changes Attack, Defense or Charm, not {sorted(bad)[0]!r}")
        if bool(self.per) != (self.each is not None):
            raise ValueError("'per' and 'each' go together")
        return self

    def clause(self) -> str:
        """What it does, without its conditions ("+3 Attack; the opponent: -2 Defense")."""
        parts = [f"{v:+d} {stat_word(k)}" for k, v in self.by.items()]
        each = {
            "character_here": tr("each Character at its Location"),
            "energy_left": tr("each point of Energy it has left"),
        }
        parts += [
            tr("{v:+d} {k} for {each}", v=v, k=stat_word(k), each=each[self.each])
            for k, v in self.per.items()
            if self.each
        ]
        parts += [tr("{k} {v} this round", k=stat_word(k), v=v) for k, v in self.set.items()]
        parts += [tr("{k} lowered by its {v}", k=stat_word(k), v=stat_word(v)) for k, v in self.lose.items()]
        if self.attacks:
            again = tr("its Charm counts again") if self.side == "charm" else tr("its Attack counts again")
            parts.append(
                tr(
                    "{attacks} more attack{attacks2} ({again})",
                    attacks=self.attacks,
                    attacks2="s" if self.attacks > 1 else "",
                    again=again,
                )
            )
        if self.draw:
            parts.append(
                tr("{draw} more Combat card{draw2} drawn for it", draw=self.draw, draw2="s" if self.draw > 1 else "")
            )
        if self.opponent:
            parts.append(tr("the opponent ") + ", ".join(f"{v:+d} {stat_word(k)}" for k, v in self.opponent.items()))
        if self.opponent_attacks:
            n = self.opponent_attacks
            again = tr(" (its Charm counts again)") if self.side == "charm" else ""
            parts.append(tr("the opponent makes {n} more attack{n2}{again}", n=n, n2="s" if n > 1 else "", again=again))
        if self.heal:
            parts.append(tr("both sides healed to full Health"))
        if self.idle:
            parts.append(tr("the opponent takes no action this round"))
        if self.party:
            parts.append(tr("the Attack for every Character of its side that strikes"))
        if self.void:
            parts.insert(0, tr("the opponent's Combat card is removed (it does nothing)"))
        return "; ".join(parts) if parts else tr("no change")

    def condition(self) -> str:
        """Its conditions on the opponent, in words ("" when it has none)."""
        out = [tr("its holder pays {pay} Energy", pay=self.pay)] if self.pay else []
        if self.foe is not None:
            out.append(tr("the opponent has {foe}", foe=req_text(self.foe)))
        if self.foe_kind is not None:
            out.append(
                tr(
                    "the opponent is a {foe_kind}",
                    foe_kind=tr("Character") if self.foe_kind == "character" else tr("Disaster"),
                )
            )
        if self.foe_gender is not None:
            out.append(tr("the opponent is of the {foe_gender} sex", foe_gender=self.foe_gender))
        if self.foe_carries is not None:
            out.append(tr("the opponent carries or wears a {foe_carries} card", foe_carries=self.foe_carries))
        return tr(" and ").join(out)

    def text(self) -> str:
        side = tr("Physical half") if self.side == "physical" else tr("Charm half")
        cond = self.condition()
        return tr(
            "{side}: {clause}{cond}.",
            side=side,
            clause=self.clause(),
            cond=tr(", if {cond}", cond=cond) if cond else "",
        )


class Recruit(_Record):
    """The card is played in its player's Equip phase on a Combat Disaster on the Field that came into play this
    game turn, whose Attack plus Defense is under ``below``; the Disaster leaves the Disaster side and is its
    player's Character from then on, the card on it as an Enhancement; a player has at most ``at_most`` such
    Disasters at once (Bump on the Head; engine/procedures/recruit.py)."""

    verb: Literal["recruit"] = "recruit"
    below: int = Field(ge=1, le=99)
    at_most: int = Field(ge=1, le=9)

    def text(self) -> str:
        return tr(
            "It is played in its player's Equip phase on a Combat Disaster on the Field that came into play this"
            " turn and whose Attack plus Defense is under {below}: the Disaster stops being a Disaster and is"
            " one of its player's Characters for the rest of the game, with its own Attack, Defense and Movement"
            " (Health its Defense), and this card on it. A player may have no more than"
            " {at_most} Disasters so won at once.",
            below=self.below,
            at_most=self.at_most,
        )


class Admit(_Record):
    """Its player's Characters may stop in every other player's Haven without asking its owner (CARD-7), as
    admitted visitors; ``remove_self``: the card is removed from the game once it has resolved (Assault with
    Intent to Kill)."""

    verb: Literal["admit"] = "admit"
    remove_self: bool = False

    def text(self) -> str:
        out = tr("The player's Characters may stop in any other player's Haven without its owner's permission")
        return out + (tr("; then this card is removed from the game.") if self.remove_self else ".")


class Defeats(_Record):
    """A card its bearer carries Defeats Disasters of a kind by being Discarded (RULES.md CARD-10: an Item is
    used when its text acts): ``named`` — a Category or a word of the Disaster's name, any of them (none: any
    Disaster); ``kinds`` — the Disaster must be all of these (``combat`` or ``non_combat``, ``minor`` or
    ``major``). A non-Combat one is Defeated as it meets the bearer's group, the card Discarded at once
    (engine/effects/triggers.py ``enters``); a Combat one may be Defeated by a Character fighting it that
    carries the card, ``discard cN`` beside run and strike (triggers.defeat_discards, as a Disaster's own
    ``defeat_by_discard``)."""

    verb: Literal["defeats"] = "defeats"
    named: tuple[str, ...] = ()
    kinds: tuple[Literal["combat", "non_combat", "minor", "major"], ...] = ()
    keep: bool = False  # the card is not Discarded: it stops such a Disaster every time (non-Combat only: Cynthia)

    @model_validator(mode="after")
    def _check(self) -> Defeats:
        if not (self.named or self.kinds):
            raise ValueError("'defeats' names the Disasters it Defeats: 'named' and/or 'kinds'")
        if self.keep and "non_combat" not in self.kinds:
            raise ValueError("'defeats' with 'keep' is for non-Combat Disasters (kinds: [non_combat])")
        return self

    def text(self) -> str:
        kinds = {
            "combat": ptr("disaster kind", "Combat"),
            "non_combat": tr("non-Combat"),
            "minor": tr("Minor"),
            "major": tr("Major"),
        }
        what = " ".join(kinds[k] for k in sorted(self.kinds, key=lambda k: k in ("combat", "non_combat")))
        names = tr(" or ").join(self.named)
        kind = " ".join(x for x in (what, names) if x)
        thing = tr("{kind} Disaster", kind=kind) if kind else tr("Disaster")  # Spanish: "Desastre {kind}"
        quiet = tr("as soon as it meets the group of the Character carrying this card")
        fight = tr("when a Character fighting it that carries this card chooses to (discard)")
        if "combat" in self.kinds:
            return tr("Discarding it Defeats a {thing}, {fight}.", thing=thing, fight=fight)
        if self.keep:
            return tr("A {thing} is Defeated {quiet}, before it acts; this card stays.", thing=thing, quiet=quiet)
        if "non_combat" in self.kinds:
            return tr("Discarding it Defeats a {thing}, {quiet}.", thing=thing, quiet=quiet)
        return tr(
            "Discarding it Defeats a {thing}: a non-Combat one {quiet}, a Combat one {fight}.",
            thing=thing,
            quiet=quiet,
            fight=fight,
        )


class EntryNeeds(_Record):
    """A Location's own static effect: a Character may go onto it (stop there) only if it meets ``needs`` on its
    own, each Character of a moving group alike (Floristica Marketplace; engine/procedures/movement.py)."""

    verb: Literal["entry_needs"] = "entry_needs"
    needs: Requirement | None = None
    # False: no vehicle may stop on it, its riders may still walk on (Forest Glade; engine/procedures/vehicles.py), and
    # no vehicle a group carries counts for its Scavenge test there (engine/procedures/scavenge.py)
    vehicles: bool = True

    _parse = field_validator("needs", mode="before")(classmethod(lambda cls, v: _req(v)))

    @field_serializer("needs")
    def _dump(self, v: Requirement | None) -> str | None:
        return None if v is None else v.text

    @model_validator(mode="after")
    def _check(self) -> EntryNeeds:
        if self.needs is None and self.vehicles:
            raise ValueError("'entry_needs' names 'needs' or 'vehicles: false'")
        return self

    def text(self) -> str:
        out = []
        if self.needs is not None:
            out.append(
                tr("A Character may go onto this Location only if it has {needs} itself.", needs=req_text(self.needs))
            )
        if not self.vehicles:
            out.append(tr("No vehicle may stop on this Location, and none counts toward Scavenging it."))
        return " ".join(out)


class Passage(_Record):
    """While it stands on a Location, a Character may end a move there but may not go on past it (nor leave it
    in the move that brought it there) unless it meets ``unless`` on its own, with what it holds (Bugrom Bridge
    Bashers, Locked Gate; engine/procedures/movement.py). A Character that starts its move there leaves freely."""

    verb: Literal["passage"] = "passage"
    unless: Requirement | None = None
    # only a Character meeting this (on its own, with what it holds) is stopped (Crystal Tunnels: Water Element);
    # on a Location's own card the Location itself is where it stands
    only: Requirement | None = None

    _parse = field_validator("unless", "only", mode="before")(classmethod(lambda cls, v: _req(v)))

    @field_serializer("unless", "only")
    def _dump(self, v: Requirement | None) -> str | None:
        return None if v is None else v.text

    @model_validator(mode="after")
    def _check(self) -> Passage:
        if self.unless is None and self.only is None:
            raise ValueError("'passage' names 'unless' or 'only'")
        return self

    def text(self) -> str:
        who = tr("No Character with {only}", only=req_text(self.only)) if self.only is not None else tr("No Character")
        out = tr("{who} may move on past its Location", who=who)
        if self.unless is not None:
            out += tr(" without {unless}", unless=req_text(self.unless))
        return out + tr(" (it may stop there).")


class Reach(_Record):
    """At the end of each Move phase it attacks, from where it stands, the group at every other Location up to
    ``within`` Locations away where a Character of the moving player ended a move that phase; they cannot strike
    back, only Run Away (Surgical Laser; engine/procedures/combat.py ``meetings``)."""

    verb: Literal["reach"] = "reach"
    within: int = Field(ge=1, le=3)

    def text(self) -> str:
        n = tr("1 Location") if self.within == 1 else tr("{within} Locations", within=self.within)
        return tr(
            "At the end of a Move phase it attacks from where it stands every group within {n} of it where a"
            " Character stopped after moving; they cannot strike back, only Run Away.",
            n=n,
        )


class CharmBonus(_Record):
    """A Character card's own static effect: in a Charm contest (COMBAT-29) against an opponent (a Character or a
    Disaster) that meets ``foe`` on its card, this Character's Charm changes by ``by``; ``attacking``: only in the
    contests it starts (its charm attack), not when it is charm-attacked (engine/procedures/charm.py; P-chan,
    Yamcha). ``disasters``: instead, while this Character is in play (not Bonked), every Disaster's Charm changes
    by ``by`` in its contests, whoever it contests (Nanami Jinnai)."""

    verb: Literal["charm_bonus"] = "charm_bonus"
    foe: Requirement | None = None
    by: int = Field(ge=-9, le=9)
    attacking: bool = False
    disasters: bool = False
    # a Flash Effect's: the Character it names has the bonus, a lasting record for the effect's ``turns`` (Loving
    # You; engine/effects/lasting.py ``charm_bonuses``)
    who: Who | None = None

    _parse = field_validator("foe", mode="before")(classmethod(lambda cls, v: _req(v)))

    @field_serializer("foe")
    def _dump(self, v: Requirement | None) -> str | None:
        return None if v is None else v.text

    @model_validator(mode="after")
    def _check(self) -> CharmBonus:
        if (self.foe is None) != self.disasters:
            raise ValueError("charm_bonus names a 'foe' (its own Charm), or 'disasters: true' (every Disaster's)")
        if self.disasters and self.attacking:
            raise ValueError("'attacking' is for its own Charm")
        if self.who is not None and self.foe is None:
            raise ValueError("charm_bonus with 'who' names its 'foe'")
        return self

    def text(self) -> str:
        if self.foe is None:
            return tr("Every Disaster has {by:+d} Charm in its Charm contests.", by=self.by)
        when = tr("a Charm attack it makes on") if self.attacking else tr("a Charm contest with")
        foe = req_text(self.foe)
        who = (
            tr("a {foe} opponent", foe=foe.lower())
            if foe in ("Female", "Male")
            else tr("an opponent with {foe}", foe=foe)
        )
        subject = tr("this Character") if self.who is None else self.who.text()
        return tr("In {when} {who}, {subject} has {by:+d} Charm.", when=when, who=who, subject=subject, by=self.by)


class AwayLimit(_Record):
    """A Character card's own static effect: at the end of its owner's ``turns``-th turn in a row that ends with
    it on a Location (not in a Haven), it is Bonked; a turn ending in a Haven or Bonked starts the count again
    (engine/procedures/stays.py; Young Belldandy)."""

    verb: Literal["away_limit"] = "away_limit"
    turns: int = Field(ge=1, le=9)

    def text(self) -> str:
        return tr(
            "At the end of the {turns} of its owner's turns in a row that ends with this Character on a"
            " Location (not in a Haven), it is Bonked.",
            turns=_nth(self.turns),
        )


class Cycle(_Record):
    """A Character card's own static effect: in every ``every``-th of its owner's turns it has its right-hand
    values and none of the Skills ``lose`` names, from the start of that turn to the start of its owner's next;
    in its owner's other turns its left-hand values (engine/procedures/turn.py, effects/transform.py
    ``skill_card``; Mr. Masamichi Fujisawa)."""

    verb: Literal["cycle"] = "cycle"
    every: int = Field(ge=2, le=9)
    lose: tuple[str, ...] = ()

    def text(self) -> str:
        out = tr(
            "From the start of every {every} of its owner's turns to the start of the next,", every=_nth(self.every)
        )
        out += tr(" this Character has its right-hand values")
        if self.lose:
            out += tr(" and none of its ") + _both(list(self.lose))
        return out + tr("; from the start of its owner's other turns, its left-hand values.")


class RunAlone(_Record):
    """A Character card's own static effect: when a Disaster attacks this Character in a group, its player may have
    it Run Away by itself (``run cN`` with its own instance): the Disaster's last attack is on it, it runs, and the
    rest of its group stays in the fight (engine/procedures/combat.py; Yajirobe)."""

    verb: Literal["run_alone"] = "run_alone"

    def text(self) -> str:
        return tr(
            "When a Disaster attacks this Character in a group, its player may have it Run Away alone; the rest of"
            " the group stays in the fight."
        )


class NameSkill(_Record):
    """A Character card's own static effect, for its printed ``*Any Skill``: at the start of each of its player's
    Equip phases (and as it is played in one) the player may name one Skill, by its word (``martial-arts``,
    engine/core/actions.py ``SKILL_WORDS``), or ``decline``; the Character then has one copy of that Skill in
    place of the wildcard until the player's next Equip phase, and no Skill there when none is named
    (engine/procedures/naming.py; the choice is ``state.counters[uid * 100 + CHOSEN_COUNTER]``: Kiriya)."""

    verb: Literal["name_skill"] = "name_skill"

    def text(self) -> str:
        return tr(
            "In each of its player's Equip phases its player may name one Skill of any kind: this Character has"
            " that Skill until the next one (its *Any Skill stands for it, and for nothing when none is named)."
        )


class AttackAsDisaster(_Record):
    """The card itself leaves its bearer and attacks the group of one opponent's Characters at the bearer's
    Location (never in a Haven) as a Combat Disaster its user controls (engine/procedures/activated.py): the
    printed numbers the effect names (``printed``) are its own Attack and Defense, its Health its Defense; the
    fight is the ordinary Disaster combat (procedures/combat.py); it takes no Item (``steals: false``); after the
    fight it is Discarded, Defeated or not (Robot Guard)."""

    verb: Literal["attack_as_disaster"] = "attack_as_disaster"
    steals: bool = False

    def text(self) -> str:
        item = "" if self.steals else tr(", never taking an Item from one it beats")
        return tr(
            "This card leaves its bearer and attacks the group of one opponent's Characters at the bearer's Location"
            " (not a Haven) as a Combat Disaster of yours, with its own printed Attack and Defense (its Health is its"
            " Defense){item}; after the fight it is Discarded.",
            item=item,
        )


class Swap(_Record):
    """The Disaster a Flash Effect names (``disasters: {target: true}``; ``combat``: a Combat Disaster) and another
    one in play on the Field of the player's choice, chosen as it resolves, trade Locations at once (no Movement
    spent, nobody met on the way: Out of the Frying Pan; procedures/flash.py asks the choice)."""

    verb: Literal["swap"] = "swap"
    disasters: Disasters

    def text(self) -> str:
        kind = tr("Combat Disaster") if self.disasters.combat else tr("Disaster")
        return tr(
            "One {kind} on the Field the player names and another {kind} on the Field of its choice trade"
            " Locations at once (nobody is met on the way).",
            kind=kind,
        )


class FreeCast(_Record):
    """The next card with an Energy cost its player pays for this turn costs no Energy (engine/effects/energy.py;
    offered only while the player holds such a card: Supreme Battle Aura)."""

    verb: Literal["free_cast"] = "free_cast"

    def text(self) -> str:
        return tr("The next card with an Energy cost its player plays this turn costs no Energy.")


class CountsAs(_Record):
    """A Character's own card: it counts as a Disaster of these kinds for every bonus a card in play gives such
    Disasters (a static ``modify`` on ``disasters`` of that category whose numbers are all raises: Atlia and Deva's
    Bugrom); a drop for them does not reach it."""

    verb: Literal["counts_as"] = "counts_as"
    kinds: tuple[str, ...] = Field(min_length=1)

    def text(self) -> str:
        names = _either(list(self.kinds))
        return tr("It counts as a {names} for every bonus a card in play gives {names} Disasters.", names=names)


class Salvage(_Record):
    """A Character's own card: ``times`` a game, while it stands in play (not Bonked), a vehicle of these kinds that
    one of its player's Characters carries or stores and that would be Destroyed (by a card, or wrecked in a
    vehicle fight) is not: it stays where it is, a wrecked one with 1 Health left (Al)."""

    verb: Literal["salvage"] = "salvage"
    vehicle: tuple[VehicleKind, ...] = Field(min_length=1)
    times: int = Field(default=1, ge=1, le=9)

    def text(self) -> str:
        kinds = _either(list(self.vehicle))
        often = tr("Once a game") if self.times == 1 else tr("{times} times a game", times=self.times)
        return tr(
            "{often}, a {kinds} vehicle of its player's that would be Destroyed (by a card, or wrecked in a fight)"
            " is not: it stays where it is, a wrecked one with 1 Health left.",
            often=often,
            kinds=kinds,
        )


class Stronger(_Record):
    """A Character card's own static effect: a Flash Effect of one of the ``kinds`` (a Category, or a word of its
    name: Water, Fire) whose numbers go to this Character gives each of its positive numbers ``by`` more
    (engine/effects/lasting.py ``modifiers_all``: Miz Mishtal, Shayla-Shayla)."""

    verb: Literal["stronger"] = "stronger"
    kinds: tuple[str, ...] = Field(min_length=1)
    by: int = Field(default=1, ge=1, le=9)

    def text(self) -> str:
        kinds = tr(" or ").join(self.kinds)
        return tr("Each bonus a {kinds} Flash Effect gives this Character is {by} higher.", kinds=kinds, by=self.by)


class Stray(_Record):
    """A Character card's own static effect: in every ``every``-th of its owner's Move phases in which it walks (its
    own move, alone: not driving or riding), the Location it goes to is drawn at random among those its move could
    reach, and that move uses up its Movement; it moves with no group then (engine/procedures/movement.py
    ``stray``, ``state.counters[uid * 100 + 75]``: Ryoga Hibiki, P-chan)."""

    verb: Literal["stray"] = "stray"
    every: int = Field(ge=2, le=9)

    def text(self) -> str:
        return tr(
            "In every {every} of its owner's Move phases in which this Character walks, it goes alone to a"
            " Location drawn at random among those its move could reach, whatever its player chose.",
            every=_nth(self.every),
        )


class OnlyEffects(_Record):
    """A Character card's own static effect: of the Flash Effects that cost Energy, it pays for (and so uses) only
    those of the ``kinds`` (a Category, or a word of its name: Fire); engine/effects/flash_play.py ``users``
    (Nanami Rokugo)."""

    verb: Literal["only_effects"] = "only_effects"
    kinds: tuple[str, ...] = Field(min_length=1)

    def text(self) -> str:
        kinds = tr(" or ").join(self.kinds)
        return tr("This Character pays for no Flash Effect that costs Energy unless it is a {kinds} one.", kinds=kinds)


class Transport(_Record):
    """A Character card's own static effect: in the form ``form`` names (``left`` or ``right``: the hand of values
    it has then, CARD-5), when it moves as one group with at most ``count`` other Characters of its player, it
    carries them with their Equipment: the group goes as far as its own Movement left, whatever theirs, and its
    Planetary icon lands all of them (engine/procedures/turn.py ``group_options``, ``group_may_stop``: Ryo-Ohki)."""

    verb: Literal["transport"] = "transport"
    count: int = Field(ge=1, le=9)
    form: Literal["left", "right"] = "left"

    def text(self) -> str:
        hand = tr("left-hand") if self.form == "left" else tr("right-hand")
        return tr(
            "With its {hand} values, this Character carries up to {count} other Characters of its player"
            " moving with it as one group, with their Equipment: they go as far as its Movement allows, and its"
            " Planetary icon lands them all.",
            hand=hand,
            count=self.count,
        )


class Recover(_Record):
    """A Haven's static effect: a Character of its owner that is Bonked comes into this Haven at once, at full
    Health, instead of sitting out a turn (COMBAT-15; engine/effects/primitives.py ``bonk``, the event
    ``bonked_returned`` with ``where: haven``: West Side City Hospital)."""

    verb: Literal["recover"] = "recover"

    def text(self) -> str:
        return tr(
            "A Character of its owner that is Bonked comes into this Haven at once, at full Health, instead of"
            " sitting out a turn."
        )


class ToHaven(_Record):
    """A Location's own static effect: as a group Scavenges it successfully, ``count`` of the cards found there with a
    word of ``named`` in their name may go straight into its player's Haven instead of to a Character of the group
    (``store cN`` beside ``give cN cM``; engine/procedures/scavenge.py ``Assign``: Planet Namek's Dragon Ball)."""

    verb: Literal["to_haven"] = "to_haven"
    named: tuple[str, ...] = Field(min_length=1)
    count: int = Field(default=1, ge=1, le=9)

    def text(self) -> str:
        what = tr(" or ").join(self.named)
        n = tr("one") if self.count == 1 else str(self.count)
        return tr(
            "When a group Scavenges this Location successfully, its player may put {n} {what} card"
            "{count} found here straight into their Haven instead of giving it to a Character.",
            n=n,
            what=what,
            count="s" if self.count > 1 else "",
        )


class BecomesHaven(_Record):
    """A Location's own static effect (RULES.md SCAV-22, CARD-6): once nothing is left under it and no Disaster
    stands on it, a player whose Characters there, with what they carry, have ``needs`` may take it as their Haven,
    in their Move or Scavenge phase (``haven x,y``; engine/procedures/havens.py ``claim``). From then on it is that
    player's Haven for good: things are stored there, visitors need leave to stop, the owner's Characters defend
    it, Disasters pass it by and what is stored there counts for the owner. The card's other static effects are in
    force only from then on, for the player who holds it (``side: own`` names that player's Characters)."""

    verb: Literal["becomes_haven"] = "becomes_haven"
    needs: Requirement
    # its printed Attack and Defense then add to its holder's groups' against the Locations next to it: their attack
    # on such a Location (SCAV-16) and their Defense when it strikes them (SCAV-17); engine/procedures/scavenge.py
    supports: bool = False

    _parse = field_validator("needs", mode="before")(classmethod(lambda cls, v: _req(v)))

    @field_serializer("needs")
    def _dump(self, v: Requirement) -> str:
        return v.text

    def text(self) -> str:
        out = tr(
            "A player whose Characters here have {needs} between them (with what they carry), once"
            " nothing is left under this Location and no Disaster stands on it, may take it as their Haven in their"
            " Move or Scavenge phase; it stays their Haven for the rest of the game.",
            needs=req_text(self.needs),
        )
        if self.supports:
            out += tr(
                " Its Attack and Defense then add to those of its holder's groups on the Locations next to it, against"
                " those Locations: to their attack when they break in or wear a Location down, to each one's Defense"
                " when the Location strikes them."
            )
        return out


class ReplayFlash(_Record):
    """A Location's static effect, in force once it is a player's Haven (``becomes_haven``): each Flash Effect of
    that player's named ``card`` goes back to that player's hand as it resolves instead of being Discarded, until
    the player has played it ``times`` times in all while holding the Haven; the last of those plays is Discarded
    as usual (``state.counters[uid * 100 + i]``, i the effect's index, counts the plays; engine/procedures/flash.py
    ``_spent``: The Citadel and Wrath of the Eye of God)."""

    verb: Literal["replay_flash"] = "replay_flash"
    card: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    times: int = Field(ge=2, le=9)

    def text(self) -> str:
        name = self.card.replace("-", " ").title().replace(" Of ", " of ").replace(" The ", " the ")
        return tr(
            "The player holding this Haven may play {name} as many as {times} times:"
            " it goes back to the hand as it resolves, until the {nth} play, after which it is"
            " Discarded.",
            name=name,
            times=self.times,
            nth=_nth(self.times),
        )


class EquipFrom(_Record):
    """One Equipment card with one of ``has``'s categories (a Weapon), of the player's choice while the Flash Effect
    resolves (a decision of its own), from the player's hand or (``draw``) its Draw pile, goes on the Character the
    card names as if equipped there: that Character meets the card's requirement and pays its Energy cost (CARD-16,
    CARD-23). Taken from the Draw pile, it is a search: the other players learn only that a card was taken, and the
    pile is shuffled (Hidden Weapon)."""

    verb: Literal["equip_from"] = "equip_from"
    who: Who
    has: tuple[str, ...] = Field(min_length=1)
    named: tuple[str, ...] = ()  # or a word of its name (a weapon the printed categories do not say: Hand Gun)
    draw: bool = False

    def text(self) -> str:
        where = (
            tr("its player's hand or Draw pile (the pile shuffled if it came from there)")
            if self.draw
            else tr("its hand")
        )
        kinds = _either(list(self.has)) + tr(" Equipment")
        if self.named:
            kinds += tr(" (or one named ") + _either(list(self.named)) + ")"
        return tr(
            "{who} is equipped with one {kinds} card of the player's choice"
            " from {where}, meeting its requirement and paying its Energy cost.",
            who=_cap(self.who.text()),
            kinds=kinds,
            where=where,
        )


class FromDiscard(_Record):
    """Cards of the player's own Discard pile, of its choice: ``shuffle: N`` cards other than Characters go into its
    Draw pile, which is shuffled (the first named as the Flash Effect is played, each other one a decision while it
    resolves, as many as the pile holds up to N); or (``revive``) one Character card comes back into play in its
    Haven, healed, with its move unused (the Killed go to the Discard pile, COMBAT-16). A card with one clause of
    each does one or the other, by the card the player names (Angel of Mercy)."""

    verb: Literal["from_discard"] = "from_discard"
    shuffle: int = Field(default=0, ge=0, le=9)
    revive: bool = False

    @model_validator(mode="after")
    def _check(self) -> FromDiscard:
        if bool(self.shuffle) == self.revive:
            raise ValueError("'from_discard' names either 'shuffle' (a count) or 'revive'")
        return self

    def text(self) -> str:
        if self.revive:
            return tr(
                "One Character card of the player's choice from its Discard pile comes back into play in its Haven,"
                " healed."
            )
        return tr(
            "Up to {shuffle} cards other than Characters, of the player's choice, from its Discard pile are"
            " shuffled into its Draw pile (as many as the pile holds).",
            shuffle=self.shuffle,
        )


class Advance(_Record):
    """The Disaster a Flash Effect names (``disasters: {target: true}``; one on the Field that moves along its path
    each turn) moves ``steps`` Locations along its path at once, as in its own move: where it stops it acts and
    fights as when it moves (DIS-5 … DIS-9). With ``rps``, only if the player wins rock-paper-scissors against the
    player to its left: ties are played again, so an even chance, and a coin flip in a game of one (MISC-6)
    (Jan-Ken-Pon; procedures/flash.py starts the move)."""

    verb: Literal["advance"] = "advance"
    disasters: Disasters
    steps: int = Field(default=1, ge=1, le=9)
    rps: bool = False

    def text(self) -> str:
        out = tr(
            "{disasters} (on the Field, one that moves each turn) moves {steps} Location",
            disasters=_cap(self.disasters.text()),
            steps=self.steps,
        )
        out += "s" if self.steps > 1 else ""
        out += tr(" along its path at once, as in its own move")
        if self.rps:
            out = (
                tr(
                    "The player plays rock-paper-scissors against the player to its left (an even chance; a coin flip"
                    " alone); if it wins, "
                )
                + out[0].lower()
                + out[1:]
            )
        return out + "."


class ReversePath(_Record):
    """The Disaster a Flash Effect names (``disasters: {target: true}``; one on the Field that moves along its path
    each turn) walks its path the other way from its next move on, for as long as it stays in play: it leaves the
    Field, or a Major comes back, at the path's first Location (Change Direction; procedures/disasters.py)."""

    verb: Literal["reverse_path"] = "reverse_path"
    disasters: Disasters

    def text(self) -> str:
        return tr(
            "{disasters} (on the Field, one that moves each turn) walks its path the other way"
            " from its next move on, for as long as it stays in play.",
            disasters=_cap(self.disasters.text()),
        )


class PlaceDisaster(_Record):
    """One Disaster on the Field of the player's choice, chosen as the Flash Effect resolves, is put at once on another
    Location of the Field that is not a Haven, of its choice: no Movement spent, nobody met on the way (Shen Lon;
    procedures/flash.py ``FlashChoosing`` asks both)."""

    verb: Literal["place_disaster"] = "place_disaster"

    def text(self) -> str:
        return tr(
            "One Disaster on the Field of the player's choice is put at once on any other Location that is not a"
            " Haven, of its choice (nobody is met on the way)."
        )


class PullCards(_Record):
    """The top ``count`` cards of the player's own Draw pile (a shuffled pile: as good as drawn at random) are
    taken: the Disasters among them are Discarded, the Items and Equipment stored in the player's Haven, the other
    cards go into its hand (a Haven holds only Items and Equipment, SCAV-24). Only the player learns which cards
    went where but the Disasters, which the Discard pile shows (Shen Lon)."""

    verb: Literal["pull_cards"] = "pull_cards"
    count: int = Field(ge=1, le=9)

    def text(self) -> str:
        return tr(
            "The player takes {count} cards at random from its Draw pile: the Disasters among them are"
            " Discarded, the Items and Equipment stored in its Haven, the others put into its hand.",
            count=self.count,
        )


class PlayFromDraw(_Record):
    """The player looks through its own Draw pile, takes one card of its choice and plays it at once, outside the
    Equip phase and its one-card-of-a-kind limits: a Character into its Haven; an Enhancement or Equipment on one
    of its Characters in play that meets its requirement and pays its Energy cost, or where its own text puts it
    (a trap, a vehicle's boost: engine/procedures/power_cards.py ``wish_plays``); a Global Effect into play
    (one of its Characters meeting its requirement); a Haven on a cell free for an extra one; a Flash Effect as if
    from the hand, on top of the stack (engine/effects/triggers.py ``wished_flashes``); a Disaster into play under
    its control, as if drawn in Reload. The rest of the pile is shuffled (Shen Lon; engine/effects/flash_play.py
    ``play_from_draw``)."""

    verb: Literal["play_from_draw"] = "play_from_draw"

    def text(self) -> str:
        return tr(
            "The player takes one card of its choice from its Draw pile and plays it at once: a Character into"
            " its Haven, an Enhancement or Equipment on one of its Characters or where its own text puts it, a"
            " Global Effect into play, a Haven on a free cell, a Flash Effect as if from its hand, a Disaster into"
            " play as if drawn; the pile is shuffled."
        )


class Grab(_Record):
    """A Flash Effect names a group of an opponent's: that player's Characters at one Location (not a Haven), one of
    them carrying a vehicle of the ``vehicle`` kind they ride, and one of them an Item; one of the group's Items, at
    random, is stored in the player's own Haven, and the group goes to its owner's Haven with the rest of what it
    carries, but those a card keeps where they stand (Grab 'n Run; engine/effects/flash_play.py ``grab``)."""

    verb: Literal["grab"] = "grab"
    vehicle: VehicleKind = "flying"

    def text(self) -> str:
        return tr(
            "Name a group of an opponent's Characters riding a {vehicle} vehicle and carrying an Item: one of"
            " their Items, at random, is stored in the player's Haven, and the group goes back to its own Haven.",
            vehicle=self.vehicle,
        )


class Control(_Record):
    """For a while one Character of another player's is the player's own: it moves, Scavenges and fights for that
    player (RULES.md CARD-15). The cards it carries stay where they are and face down to the player (MISC-7): it
    hands none over, drops none and stores none while controlled. Control ends with the clause's duration (``turns``
    of the player's, or ``until: next_combat``), or as soon as the Character leaves play; then it is its owner's
    again. ``join``: it is brought straight to the Location of the fight its player's Characters are in, fights
    beside them, and once the fight is over goes back to the Place it came from if it is still in play
    (engine/effects/control.py; a record in ``state.lasting`` whose ``seat`` is the controller)."""

    verb: Literal["control"] = "control"
    who: Who = Who(among="target", side="opponent")
    join: bool = False

    @model_validator(mode="after")
    def _check(self) -> Control:
        if self.who.side != "opponent":
            raise ValueError("'control' takes a Character of another player's (who: {side: opponent})")
        if self.join and self.who.pick != "choose":
            raise ValueError("'control' with 'join' names the Character as it is used (who: {pick: choose})")
        return self

    def text(self) -> str:
        if self.join:
            return tr(
                "{who} is brought to the Location of the fight the player's Characters are in"
                " and fights beside them as the player's own; once that fight is over it goes back where it came"
                " from, if it is still in play. What it carries stays face down and with it.",
                who=_cap(self.who.text()),
            )
        return tr(
            "The player controls {who} as one of its own Characters: it moves, Scavenges and fights"
            " for the player, then goes back to its owner (at once if it leaves play). What it carries stays"
            " face down and with it.",
            who=self.who.text(),
        )


class LoseTurn(_Record):
    """The player a Flash Effect names by one of its Characters (``who: {among: target}``) loses its next turn (the
    next one to start): the turn begins and ends (its count and the effects counting it go on, its Disasters move in
    Maintenance) but it takes no phase of its own: no Discard, Reload, Equip, Move or Scavenge
    (engine/procedures/turn.py; ``state.counters[lost_key(seat)]``; the event ``turn_lost``: Rock/Paper/Scissors)."""

    verb: Literal["lose_turn"] = "lose_turn"
    who: Who = Who(among="target")

    def text(self) -> str:
        return tr("The player of {who} loses its next turn: it takes no phase of its own in it.", who=self.who.text())


Verb = Annotated[
    Bonk
    | Kill
    | SendHome
    | Hold
    | Scatter
    | KeepFlash
    | Alone
    | Rivals
    | SpareEquipment
    | ReturnItem
    | ShiftItem
    | Charge
    | Modify
    | Damage
    | Discard
    | Destroy
    | DestroyTarget
    | Aura
    | DiscardHand
    | ReshuffleHands
    | Block
    | Forbid
    | NoRunAway
    | Steal
    | Transform
    | TargetRule
    | Shielded
    | Immune
    | Grow
    | AltForm
    | KeepOut
    | Capture
    | TakeEnhancements
    | Undead
    | WereDisaster
    | Free
    | Recycle
    | Revive
    | Keep
    | DiscardSelf
    | MoveSelf
    | Join
    | OpenHand
    | HoldsFire
    | CombatRule
    | ShuffleIntoDeck
    | LeaveBehind
    | Gather
    | Shift
    | Wipe
    | DefeatByDiscard
    | ExtraCombatCards
    | Pursue
    | DefeatedIfBonked
    | Ally
    | DefeatNeeds
    | Halts
    | Snipe
    | Hoard
    | Bribe
    | NoSkill
    | ExtraAttack
    | StrikeFirst
    | StrikeFromAfar
    | Plant
    | Bout
    | RemoveDisaster
    | Retrieve
    | Relocate
    | EquipFromHand
    | Pin
    | Gains
    | Single
    | Safe
    | CarryLimit
    | Untouchable
    | CoverRetreat
    | BorrowSkill
    | SkipSkill
    | EquipThrough
    | WearsOut
    | NeverKilled
    | StaysOn
    | Saves
    | EquipAnywhere
    | OnAnyone
    | UseOthers
    | CopySkill
    | Trap
    | Waive
    | Discount
    | Look
    | Hook
    | Heal
    | RestoreUses
    | DestroyDisaster
    | DrawCard
    | DamageTaken
    | Steer
    | ExtraMove
    | Halt
    | Release
    | DestroyFromDraw
    | NoDamage
    | InFight
    | Cancel
    | Spare
    | Half
    | Recruit
    | AttackAsDisaster
    | FoilLook
    | Wound
    | CallOff
    | ReverseCharm
    | WinsTies
    | ItemWorth
    | HideFrom
    | Regenerate
    | Admit
    | Defeats
    | Spares
    | ExtraPlay
    | Fits
    | Negates
    | MoreUses
    | Alternates
    | Ascend
    | Splash
    | CharmTakes
    | Unmasked
    | Hides
    | KillAt
    | Spoils
    | Avenges
    | Cancels
    | Absorbs
    | EntryNeeds
    | Passage
    | Reach
    | CharmBonus
    | AwayLimit
    | Cycle
    | RunAlone
    | NameSkill
    | Swap
    | FreeCast
    | CountsAs
    | Salvage
    | Stronger
    | Stray
    | OnlyEffects
    | Transport
    | Recover
    | BecomesHaven
    | ToHaven
    | EquipFrom
    | ReplayFlash
    | FromDiscard
    | Advance
    | ReversePath
    | PlaceDisaster
    | PullCards
    | PlayFromDraw
    | Grab
    | LoseTurn
    | Control,
    Field(discriminator="verb"),
]
# every verb's name, from the union above (one list to keep)
VERBS = frozenset(record_fields(m)["verb"].default for m in get_args(get_args(Verb)[0]))


class Effect(_Record):
    when: Trigger
    if_: Requirement | None = Field(default=None, alias="if")  # only when the group it meets has this
    unless: Requirement | None = None  # the group that has this overcomes it (DIS-20)
    turns: int | None = Field(default=None, ge=1, le=99)
    # next_combat: ends after the Characters' next fight with a Combat Disaster; next_round: after the next
    # physical combat round its targets fight; for_good: while its targets stay in play (after the card has left)
    # round_after (``when: play`` only): for the physical combat round after the one its card's ``next_round``
    # clauses last for, on the same Characters (engine/effects/lasting.py ``round_over``: Kamehameha)
    # next_scavenge (with ``turns``): also ends once its targets' next Scavenge attempt is over (Assisted Shot)
    # next_turn (with ``turns``): through the controller's next N turns, counted from the one after the current
    # one, the rest of the current one included (Shen Lon's no Scavenging next turn)
    # next_fight: after its targets' next fight of any kind, with a Combat Disaster or between players (Missile Walk)
    until: (
        Literal["next_combat", "next_round", "for_good", "round_after", "next_scavenge", "next_turn", "next_fight"]
        | None
    ) = None
    every: int = Field(default=1, ge=1, le=9)  # acts on every Nth time its trigger fires (``lands``, ``turn``)
    # ``when: use`` only (an activated ability, engine/procedures/activated.py): what it costs, how often it may be
    # used (besides the card's printed uses, CARD-17), the decisions it may be used at, and the printed
    # modifiers that are what a use gives (not a standing bonus of the bearer)
    cost: UseCost | None = None
    limit: UseLimit | None = None
    window: tuple[UseWindow, ...] = ()
    printed: tuple[Literal["attack", "defense", "movement", "charm", "energy"], ...] = ()
    # ``when: play`` only: the windows it is played at (engine/procedures/windows.py); a card with ``at`` is
    # offered only there, never on its owner's ordinary phase decisions
    at: tuple[WindowPoint, ...] = ()
    # a Global's ``static`` effect only: what spends one of the card's printed uses (CARD-17), the last taking it
    # out of play (engine/effects/uses.py ``spend_global``): ``fight``: each fight against a Combat Disaster it
    # reaches (a ``modify`` of ``disasters``: Dr. Stingray); ``arrival``: the first move in a turn of one of its
    # owner's Characters onto a Location of an icon it gives, the Character having that icon from nothing else
    # (a ``gains`` of ``icons``: Great King Yemma)
    spends: Literal["fight", "arrival"] | None = None
    # ``when: play``: one of the card's effects marked ``option`` is run, the player's choice as the card
    # resolves (its word: the ability a ``modify`` raises with ``true``, else the word given: Shen Lon's wishes);
    # ``when: use``: the word naming this ability when the card has several usable at once, asked as it is used
    # (engine/procedures/activated.py ``alternatives``: Kasumi's Cooking or its halting of the Cookings);
    # ``in_play``: offered only while a face-up card of that name is in play (Training Partner); with ``when:
    # enters``: the effect happens only while a Disaster of that name is in play at a Location of the Field, or its
    # effect still holds Characters there after it left play (C-ko's Cooking joining Akane's Cooking)
    option: bool | OptionWord = False
    in_play: str | None = None
    # ``when: play`` only: the effect happens only if the card's player wins a game of rock-paper-scissors against
    # the player its target names (decided by the game's seeded RNG, MISC-6)
    contest: Literal["rock_paper_scissors"] | None = None
    do: Verb

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    @field_validator("unless", "if_", mode="before")
    @classmethod
    def _parse_unless(cls, v: Any) -> Any:
        return _req(v)

    @field_validator("do", mode="before")
    @classmethod
    def _one_verb(cls, v: Any) -> Any:
        """``{VERB: {ARGS}}`` in the file; ``{"verb": VERB, **ARGS}`` inside."""
        if isinstance(v, str):
            v = {v: {}}
        if isinstance(v, dict) and "verb" not in v:
            if len(v) != 1:
                raise ValueError("'do' names exactly one verb: {VERB: {ARGS}}")
            ((name, args),) = v.items()
            if name not in VERBS:
                raise ValueError(f"unknown verb {name!r} (known: {', '.join(sorted(VERBS))})")
            if args is None:
                args = {}
            if not isinstance(args, dict):
                raise ValueError(f"the arguments of {name!r} are a mapping")
            return {"verb": name, **args}
        return v

    @field_serializer("unless", "if_")
    def _dump_unless(self, v: Requirement | None) -> str | None:
        return None if v is None else v.text

    @field_serializer("do")
    def _dump_do(self, v: Any) -> dict[str, Any]:
        args = dump_record(v, mode="json", by_alias=True, exclude_defaults=True)
        args.pop("verb", None)
        return {v.verb: args}

    @model_validator(mode="after")
    def _use_fields(self) -> Effect:
        if self.until == "next_scavenge" and self.turns != 1:
            raise ValueError("'until: next_scavenge' goes with 'turns: 1' (it ends with the turn at the latest)")
        if self.when == "use":
            if not self.window:
                raise ValueError("an activated ability ('when: use') names its 'window'")
            if "fight" in self.window:
                raise ValueError("'window: [fight]' belongs to a Flash Effect's 'play' effect")
        elif (
            self.when == "play"
            and self.cost is not None
            and self.cost == UseCost(all_energy=self.cost.all_energy, base_energy=self.cost.base_energy)
        ):
            if (self.cost.all_energy is None) == (not self.cost.base_energy) or self.limit not in (None, "turn"):
                raise ValueError(
                    "a Flash Effect's 'play' effect may name 'cost' with 'all_energy' or 'base_energy' only"
                )
        elif self.when == "play" and self.cost is None and self.limit is not None:
            # a Flash Effect its player may play once a turn; ``game``: no player may play it again this game
            if self.limit not in ("turn", "game"):  # (procedures/flash.py)
                raise ValueError("a Flash Effect's 'play' effect may name 'limit: turn' or 'limit: game' only")
        elif self.cost is not None or self.limit is not None or (self.window and self.when != "play"):
            raise ValueError(
                "'cost', 'limit' and 'window' belong to activated abilities ('when: use'); a Flash Effect's 'play'"
                " effect may name its 'window' (the decisions it is offered at)"
            )
        elif self.printed and self.when != "static":
            raise ValueError("'printed' belongs to activated abilities ('when: use') and a Global's static effects")
        if self.at and self.when != "play":
            raise ValueError("'at' (the windows a card is played at) belongs to 'when: play'")
        if self.contest is not None and self.when != "play":
            raise ValueError("'contest' belongs to 'when: play' (a Flash Effect)")
        if self.option and self.when not in ("play", "use"):
            raise ValueError("'option' belongs to 'when: play' (a Flash Effect) and 'when: use' (an activated ability)")
        if self.when == "use" and self.option is True:
            raise ValueError("an activated ability's 'option' is the word naming it among the card's abilities")
        if self.in_play is not None and self.when not in ("play", "enters"):
            raise ValueError("'in_play' belongs to 'when: play' (a Flash Effect) and 'when: enters' (a Disaster)")
        if self.option is True and not (isinstance(self.do, Modify) and len(self.do.by) == 1 and not self.do.set):
            raise ValueError("'option: true' is a 'modify' of one ability 'by' a number (its word is that ability)")
        if self.until == "next_turn" and self.turns is None:
            raise ValueError("'until: next_turn' counts 'turns'")
        if self.until == "round_after" and self.when != "play":
            raise ValueError("'until: round_after' belongs to 'when: play'")
        fights = isinstance(self.do, Modify) and self.do.disasters is not None
        if self.spends == "fight" and (self.when != "static" or not fights):
            raise ValueError("'spends: fight' belongs to a static 'modify' of 'disasters'")
        if self.spends == "arrival" and (self.when != "static" or not isinstance(self.do, Gains) or not self.do.icons):
            raise ValueError("'spends: arrival' belongs to a static 'gains' of 'icons'")
        return self

    @property
    def verb(self) -> str:
        return str(self.do.verb)


class Ruling(_Record):
    """A decision where a card's wording is ambiguous or fights the rulebook: what, why, which source."""

    decided: str
    why: str
    source: str


class Abilities(_Record):
    """A card's entry in an abilities file."""

    effects: tuple[Effect, ...] = ()
    facts: tuple[str, ...] = ()  # clauses the card's curated facts already carry out (Health 14, Moves Once)
    unexecuted: tuple[str, ...] = ()  # clauses the engine does not carry out yet (our own words), with the reason
    rulings: tuple[Ruling, ...] = ()


_WHEN = {
    "enters": N_("When it comes into play"),
    "static": N_("While it is in play"),
    "lands": N_("Each time it stops on a Location"),
    "defeated": N_("When it is Defeated"),
    "play": N_("When played"),
    "turn": N_("At the start of each of its controller's turns"),
    "beats": N_("For each Character it Bonks or Kills"),
    "round": N_("After each physical combat round it fights"),
    "chained": N_("Then"),
    "revealed": N_("When another Disaster is turned up while Scavenging"),
    "other_defeated": N_("When another Disaster is Defeated"),
    "other_enters": N_("When another Disaster comes into play"),
    "round_start": N_("At the start of each combat round against it"),
    "hurts": N_("Each time its attack deals Health damage to a Character"),
    "defeat": N_("Instead of being Defeated"),
    "reentered": N_("Each time it has walked its whole path and starts it again"),
    "passes": N_("Each time it moves onto a Location (passing or stopping)"),
    "charms": N_("When it wins a charm contest against a Character"),
    "charmed_by": N_("When a Character wins a charm contest against it"),
    "survived": N_("When a fight against it ends and it was not Defeated"),
    "exits": N_("When it leaves the Field along its path"),
    "use": N_("Use"),
    "drawn": N_("When drawn"),
    "caught": N_("When a Character ends its own move on its Location"),
    "met": N_("When a Combat Disaster turned up while Scavenging here is about to be fought"),
    "first_met": N_("When the first Combat Disaster turned up in a Scavenge here is about to be fought"),
    "driven": N_("When a vehicle is driven onto it"),
    "scavenged": N_("When a group starts Scavenging it with a vehicle its requirement needs"),
    "cleared": N_("After a group Scavenges it (once the cards found are shared out)"),
}
_AT = {
    "attack": N_("when a Disaster is about to attack"),
    "moved": N_("when a Character has just moved"),
    "round": N_("between two combat rounds"),
    "scavenge": N_("when a group is about to Scavenge"),
    "played": N_("when a Flash Effect is played, before it resolves"),
    "charm": N_("when a Charm contest is decided, before its result"),
}
_WINDOWS = {
    "equip": N_("the Equip phase"),
    "move": N_("the Move phase"),
    "scavenge": N_("the Scavenge phase"),
    "combat": N_("a combat round"),
    "draw": N_("its owner's Draw phase"),
    "declare": N_("a round of a fight between players' Characters, while its blows are declared"),
    "fight": N_("a round of a fight between players' Characters, once its blows are declared"),
}
_LIMITS = {
    "card17": N_("once a combat round, or once a turn outside combat"),
    "turn": N_("once a turn"),
    "combat": N_("once a combat"),
    "round": N_("once a combat round"),
    "game": N_("only as many times as its printed uses"),
    "each": N_("as many times as its cost is paid"),
    "havens": N_("once a combat; once in all, plus once for each Haven in play"),
    "once": N_("once a game"),
}


def _use_head(e: Effect) -> str:
    """How an activated ability is used: when, at what cost, how often."""
    windows = [tr(_WINDOWS[w]) for w in e.window]
    when = windows[0] if len(windows) == 1 else ", ".join(windows[:-1]) + tr(" or ") + windows[-1]
    parts = [tr("in {when}", when=when)]
    if e.cost is not None and e.cost.text():
        parts.append(e.cost.text())
    limit = e.limit or "card17"
    if limit == "card17" and "combat" not in e.window:
        limit = "turn"  # never used in combat: once a turn (CARD-17)
    elif limit == "card17" and e.window == ("combat",):
        limit = "round"
    parts.append(tr(_LIMITS[limit]))
    if e.every > 1:  # not again before the N-th of its owner's turns after a use (Chiao-Tzu)
        parts.append(tr("then not again before its owner's {every} turn after", every=_ordinal(e.every)))
    return tr("Use ({parts})", parts="; ".join(parts))


def reads_paid_energy(card_effects: tuple[Effect, ...]) -> bool:
    """Whether the card's text counts the Energy paid for it as it resolves (a ``steer`` with ``how: divert``)."""
    return any(isinstance(e.do, Steer) and e.do.how == "divert" for e in card_effects)


def all_energy(card_effects: tuple[Effect, ...]) -> int:
    """The least Energy a Flash Effect that costs all its payer's Energy needs (0: it has no such cost)."""
    for e in card_effects:
        if e.when == "play" and e.cost is not None and e.cost.all_energy:
            return e.cost.all_energy
    return 0


def base_energy_cost(card_effects: tuple[Effect, ...]) -> bool:
    """Whether a Flash Effect costs its payer as much Energy as its base Energy (Kamehameha)."""
    return any(e.when == "play" and e.cost is not None and e.cost.base_energy for e in card_effects)


def paid_on_use(card_effects: tuple[Effect, ...]) -> bool:
    """Whether a card's printed Energy cost is what each use of its activated ability costs (then playing the
    card costs nothing: its uses pay)."""
    return any(e.when == "use" and e.cost is not None and e.cost.energy > 0 for e in card_effects)


def use_printed(card_effects: tuple[Effect, ...]) -> frozenset[str]:
    """The printed modifiers a card's activated abilities give when used, or its static effects give to others
    (a Global's for every Character: Late for School): never a standing bonus of its holder."""
    return frozenset(a for e in card_effects for a in e.printed)


def attacks_as_disaster(card_effects: tuple[Effect, ...]) -> tuple[int, Effect] | None:
    """The card's ``attack_as_disaster`` activated ability and its index (Robot Guard), or None."""
    return next(((i, e) for i, e in enumerate(card_effects) if isinstance(e.do, AttackAsDisaster)), None)


def effect_text(e: Effect, earlier: Sequence[Effect] = (), character: bool = False) -> str:
    """One effect in words: what the engine executes for the card (``earlier``: the card's effects before it, so
    a clause that picks the same Character as an earlier one with the same trigger says so; ``character``: the
    card is a Character, whose effects on its bearer are on itself)."""
    body = e.do.text()
    alternative = (
        e.when == "use"
        and isinstance(e.do, Gains)
        and any(o.when == "use" and isinstance(o.do, Gains) for o in earlier)
    )  # one of a card's alternative gains, the player's choice at each use (procedures/activated.py)
    if _repeats_pick(e, earlier) and e.when != "use":
        body = body[:-1] + tr(" (the one the clause before picked, if it is still in play).")
    when = tr("Or instead, the same use") if alternative else _use_head(e) if e.when == "use" else tr(_WHEN[e.when])
    if e.when == "play" and e.window:
        when = tr("When played in ") + tr(" or ").join(tr(_WINDOWS[w]) for w in e.window)
    if e.at:
        when = tr("Played ") + _either([tr(_AT[a]) for a in e.at])
        if isinstance(e.do, Cancel) and (e.do.in_play or e.do.lasting):
            when += tr(", or at its player's own decisions")
    if e.when == "static" and _for_bearer(e.do):
        when = tr("While a Character carries or wears it")
        if character:  # a Character's own card: it is its own bearer (engine/effects/bearer.py)
            when = tr("While it is in play")
            body = body.replace("Its bearer", "This Character").replace("its bearer", "this Character")
            body = body.replace(_cap(tr("its bearer")), _cap(tr("this Character"))).replace(
                tr("its bearer"), tr("this Character")
            )
    elif e.when == "static" and _on_itself(e.do):
        when = tr("While it is in play")
    if e.when == "static" and isinstance(e.do, CarryLimit) and e.do.named is None:
        when = tr("At all times")
    elif e.when == "static" and isinstance(e.do, ItemWorth):
        when = tr("Wherever it lies, carried, stored, under a Location or Discarded")
    elif e.when == "static" and any(isinstance(o.do, BecomesHaven) for o in earlier):
        when = tr("Once it is a player's Haven")  # in force only from then on (engine/effects/lasting.py ``entered``)
    if e.when == "use" and any(isinstance(o.do, BecomesHaven) for o in earlier):
        haven = when.replace("Use (", "Once it is a player's Haven, its holder may use it (", 1)
        # (the words replaced are English: in another language the clause is said before the use's own words)
        when = haven if haven != when else tr("Once it is a player's Haven, {when}", when=when)
    if e.every > 1 and e.when != "use":  # (a use says it in its own clause: "then not again before …")
        nth = _ordinal(e.every)
        every = (
            when.replace("Each time", f"Every {nth} time")
            .replace("each of", f"every {nth} of")
            .replace("After each", f"After every {nth}")
        )
        when = every if every != when else tr("{when} (only once in every {n} times)", when=when, n=e.every)
    if e.when == "drawn" and _same_half(e, earlier):
        when = tr("Otherwise, when drawn")  # a Combat card's half: the first alternative whose conditions hold
    out = f"{when}: {body[0].lower()}{body[1:]}"
    if e.if_ is not None:
        whose = tr("the bearer") if e.when == "use" else tr("its holder") if e.when == "drawn" else tr("the group")
        if e.when == "play":  # a Flash Effect's: the Characters at the named one's Location (Assisted Shot)
            whose = tr("the Location of the Character named")
        out = out[:-1] + tr(", if {whose} has {condition}.", whose=whose, condition=req_text(e.if_))
    if e.until == "next_combat":
        out = out[:-1] + tr(" (until their next fight with a Combat Disaster is over).")
    elif e.until == "next_round":
        out = out[:-1] + tr(" (for the next physical combat round).")
    elif e.until == "next_scavenge":
        out = out[:-1] + tr(" (for their next Scavenge attempt of a Location, this turn).")
    elif e.until == "for_good":
        out = out[:-1] + tr(" (for as long as they stay in play, even after this card has left).")
    elif e.until == "round_after":
        out = out[:-1] + tr(" (in the physical combat round after the one the card's first clause lasts for).")
    elif e.until == "next_fight":
        out = out[:-1] + tr(" (until their next fight, with a Disaster or another player's Characters, is over).")
    if e.until == "next_turn" and e.turns is not None:
        n = e.turns
        out = out[:-1] + tr(
            " (until the end of its player's next {n}).", n=ptr("next", "turn") if n == 1 else tr("{n} turns", n=n)
        )
    if e.when == "play" and e.cost is not None and (e.cost.all_energy or e.cost.base_energy):
        out = out[:-1] + tr(" (its cost: {cost}).", cost=e.cost.text())
    if e.when == "play" and e.limit == "turn":
        out = out[:-1] + tr(" (each player may play at most one copy of it a turn).")
    if e.when == "play" and e.limit == "game":
        out = out[:-1] + tr(" (once a copy of it has been played, no player may play it again this game).")
    if e.unless is not None:
        out = out[:-1] + tr(", unless the group has {unless}.", unless=req_text(e.unless))
    if e.turns is not None and e.until not in ("next_scavenge", "next_turn"):
        out = out[:-1] + tr(" (for {turns} turn{turns2}).", turns=e.turns, turns2="s" if e.turns > 1 else "")
    if e.spends == "fight":
        out += tr(" Each fight against such a Disaster spends one of its uses.")
    elif e.spends == "arrival":
        out += tr(
            " The first time in a turn one of those Characters, with no such icon of its own, stops on such a"
            " Location, one of its uses is spent."
        )
    if e.in_play is not None:
        out = out[:-1] + tr(", only while {in_play} is in play.", in_play=e.in_play)
    if e.contest is not None:
        out = out[:-1] + tr(", if its player wins a game of rock-paper-scissors against that player (even odds).")
    if e.option and e.when == "use":  # one of the card's abilities, named by its word when several may be used
        out = out[:-1] + tr(
            " (when it may be used for another ability too, its player says which: '{word}').", word=e.option
        )
    elif e.option:
        first = not any(o.option and o.when == e.when for o in earlier)
        word = f" ('{e.option}')" if isinstance(e.option, str) else ""
        out = (
            (tr("One of these, the player's choice as it resolves. ") if first else tr("Or: ")) + out[:-1] + word + "."
        )
    return out


def _same_half(e: Effect, earlier: Sequence[Effect]) -> bool:
    """Whether an earlier ``drawn`` effect is about the same half of the Combat card (so this one is "otherwise")."""
    side = getattr(e.do, "side", None)
    return any(o.when == "drawn" and getattr(o.do, "side", None) == side for o in earlier)


def _repeats_pick(e: Effect, earlier: Sequence[Effect]) -> bool:
    """Whether an earlier effect with the same trigger picks with the same selector: the engine keeps that pick
    for the whole resolution (engine/effects/triggers.py)."""
    who = getattr(e.do, "who", None)
    if not isinstance(who, Who) or who.pick == "all":
        return False
    return any(o.when == e.when and getattr(o.do, "who", None) == who for o in earlier)


def _ordinal(n: int) -> str:
    return {2: tr("2nd"), 3: tr("3rd")}.get(n, f"{n}th")


def _plain(who: Who) -> str:
    """Characters named by filters alone ("Characters with Female")."""
    out = tr("Characters")
    if who.has is not None:
        out += tr(" with {has}", has=req_text(who.has))
    if who.lacks is not None:
        out += tr(" without {lacks}", lacks=req_text(who.lacks))
    return out


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def _bearer_text(who: Who) -> str:
    """ "its bearer", with its condition: "its bearer, if it is Tenchi Masaki", "its bearer, if it has Pure Heart"
    (a card name is who it is; a Skill, Category or gender what it has)."""
    out = tr("this Character") if who.among == "self" else tr("its bearer")
    conds = []
    if who.among == "owners":  # a Global Effect's: each of its owner's Characters it reaches (CARD-14)
        out = tr("each of its owner's Characters")
        if who.has is not None:
            out += (tr(" that is ") if _names_cards(who.has) else tr(" with ")) + req_text(who.has)
        if who.lacks is not None:
            out += (tr(" that is not ") if _names_cards(who.lacks) else tr(" without ")) + req_text(who.lacks)
        return out
    if who.has is not None:
        conds.append((tr("if it is ") if _names_cards(who.has) else tr("if it has ")) + req_text(who.has))
    if who.lacks is not None:
        conds.append((tr("unless it is ") if _names_cards(who.lacks) else tr("unless it has ")) + req_text(who.lacks))
    if who.equipped:
        conds.append(tr("if it carries a piece of Equipment"))
    return out + (", " + tr(" and ").join(conds) if conds else "")


def _subject(who: Who) -> str:
    """The selector as the subject of a verb: a condition is set off by commas ("its bearer, if it is Tenchi
    Masaki, pays ...")."""
    text = who.text()
    cond = who.has is not None or who.lacks is not None or who.equipped
    return text + "," if who.among in ("bearer", "self") and cond else text


def _for_bearer(v: Any) -> bool:
    """Whether a verb is one of a card's effects on its bearer (said "while a Character holds it")."""
    who = getattr(v, "who", None)
    return (isinstance(who, Who) and who.among == "bearer") or v.verb == "single"


def _on_itself(v: Any) -> bool:
    """Whether a verb is one of a Character card's effects on that Character itself (``among: self``)."""
    who = getattr(v, "who", None)
    return isinstance(who, Who) and who.among == "self"


def _names_cards(req: Requirement) -> bool:
    """Whether every atom of the requirement names a card (a named Character)."""
    atoms = list(req.atoms())
    return bool(atoms) and all(a.kind.value == "card" for a in atoms)


def _a(word: str) -> str:
    return tr("an {word}", word=word) if word[:1].lower() in "aeiou" else tr("a {word}", word=word)


def _either(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + tr(" or ") + words[-1]


def _both(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + tr(" and ") + words[-1]
