"""Transforming Characters (RULES.md CARD-5, TURN-22, SCAV-23, SETUP-21; CONF-55).

Two kinds of card transform:

* a **two-card** transformer (``transforms_into`` names its partner card): in the Move phase, instead of
  moving, its owner may swap in the partner card (``transform cA cB``). Under ``second_form =
  "hand_or_haven"`` (000) the partner comes from the owner's hand or from a Haven of the owner where it is
  stored; under ``"aside"`` (5E) from the cards the owner keeps out of play. The old form goes back where
  the new one came from. The new form stands where the old one stood, keeps its damage, Items, Equipment
  and Enhancements, uses its own left-hand values, and may not move this turn (TURN-22). A player never
  has both forms in play: a Character whose other form that player has in play cannot be played.
* a **one-card** transformer prints two ability sets ("3/1"): it uses the left-hand set until its card (or
  another card) forces it over. :func:`force` models that: ``CharacterState.form`` becomes 1 and every
  ability read through :mod:`animayhem.engine.effects.abilities` takes the right-hand value. A two-card transformer
  forced over without its partner card at hand also switches to its right-hand values and then has no
  Skills at all (CARD-5, SCAV-23); with the partner at hand it is swapped instead.

The card texts that force a transformation (Lunch every other round, Oolong when hit, Full Moon …) wait for
the effect language; :func:`force` is what they will call.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from animayhem.cards.effects import Ascend, Cycle, Gains, NameSkill, NoSkill
from animayhem.cards.frozen import evolve
from animayhem.cards.model import Card
from animayhem.cards.skills import SkillEntry, parse_skill
from animayhem.engine.core.actions import SKILL_NAMES, act
from animayhem.engine.core.events import cell_list
from animayhem.engine.core.state import (
    CHOSEN_COUNTER,
    CLAIMED_COUNTER,
    FORM_LOCK_COUNTER,
    HURT_COUNTER,
    KEPT_DAMAGE_COUNTER,
    OFF,
    SLOTS,
    CharacterState,
)
from animayhem.engine.core.statics import in_play, instances_where, of_kind, per_card, per_card_list
from animayhem.engine.effects import bearer, control

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


def _zones(g: Context, seat: int) -> list[list[int]]:
    """Where a seat's second forms wait (CONF-55)."""
    s = g.state
    if g.rules.second_form == "aside":
        return [s.set_aside]
    return [s.players[seat].hand, *(s.places[h].stored for h in s.players[seat].havens if h in s.places)]


def partner_at_hand(g: Context, ch: CharacterState) -> int:
    """The uid of the partner card its owner may swap in, or OFF: its owner's, also while another player controls
    it (the partner waits in its owner's hand or Havens, never in the controller's)."""
    s = g.state
    partner = g.card(ch.uid).transforms_into
    if partner is None:
        return OFF
    owner = control.seat_of(g, ch)
    for zone in _zones(g, owner):
        for u in zone:
            if s.cards[u] == partner and s.owner[u] == owner:
                return u
    return OFF


def partner_in_play(g: Context, seat: int, uid: int) -> bool:
    """Whether ``seat`` has the other form of the Character card ``uid`` in play (CARD-5: never both)."""
    s = g.state
    partner = g.card(uid).transforms_into
    if partner is None:
        return False
    return any(c.owner == seat and c.pos != OFF and s.cards[c.uid] == partner for c in s.characters.values())


def options(g: Context, seat: int) -> list[str]:
    """``transform cA cB`` for each Character of ``seat`` in play that has not moved this turn and whose
    partner card is at hand (TURN-22: the transformation takes the place of its move)."""
    s = g.state
    out = []
    for c in sorted(s.characters.values(), key=lambda c: c.uid):
        if c.owner != seat or c.pos == OFF or c.bonked_at >= 0 or c.moved:
            continue
        if control.controlled(g, c.uid):
            continue  # another player's Character it controls (Possession): its partner card is not this seat's
        if s.counters and s.counters.get(c.uid * SLOTS + FORM_LOCK_COUNTER):
            continue  # a card keeps it in this form until another card changes it (Auntie Saotome)
        partner = partner_at_hand(g, c)
        if partner != OFF:
            out.append(act("transform", c.uid, partner))
    return out


def transform(g: Context, uid: int, into: int, *, forced: bool = False, zones: list[list[int]] | None = None) -> int:
    """Swap the Character ``uid`` for its partner card ``into``; returns the new Character's uid. ``zones``: where
    ``into`` waits, when not where the ruleset keeps second forms (a Super Saiyan card: its owner's hand or Havens)."""
    s = g.state
    control.release(g, uid)  # a card changes a Character another player controls: it is its owner's again
    old = s.characters.pop(uid)
    for zone in zones if zones is not None else _zones(g, old.owner):
        if into in zone:
            zone[zone.index(into)] = uid  # the old form goes where the new one waited
            break
    else:  # pragma: no cover - callers check partner_at_hand first
        raise ValueError(f"c{into} is not at hand to transform c{uid}")
    s.characters[into] = CharacterState(
        uid=into,
        owner=old.owner,
        pos=old.pos,
        damage=old.damage,
        carried=old.carried,
        enhancements=old.enhancements,
        moved=True,  # TURN-22: no move this turn (a Disaster may still move it)
        scavenged=old.scavenged,
        no_scavenge=old.no_scavenge,
        energy_spent=old.energy_spent,
    )
    for counter in (HURT_COUNTER, KEPT_DAMAGE_COUNTER):  # damage kept outside a fight goes with it, to heal at
        kept = s.counters.pop(uid * SLOTS + counter, None)  # the end of the turn (a trap's, Watch that 1st step...)
        if kept is not None:
            s.counters[into * SLOTS + counter] = kept
    g.emit(
        "transformed",
        seat=old.owner,
        card=g.card(uid).id,
        into=g.card(into).id,
        uid=into,
        cell=cell_list(s.places[old.pos].cell),
        forced=forced,
        form=0,
    )
    return into


def force(g: Context, uid: int, *, lock: bool = False) -> int:
    """A forced transformation (card text): a two-card transformer with its partner at hand is swapped;
    otherwise the Character flips between its left-hand and right-hand values (a second forced
    transformation turns it back). Returns the uid of the Character afterwards. ``lock``: the new two-card form
    stays until another card forces a change (its owner's own transformation is not offered)."""
    s = g.state
    s.counters.pop(uid * SLOTS + FORM_LOCK_COUNTER, None)  # another card changes it: any lock ends
    ch = s.characters[uid]
    if lock:  # only a change of card (its values switch while the card is in play: ``alt_form``)
        partner = partner_at_hand(g, ch) if ch.form == 0 else OFF
        if partner == OFF:
            return uid
        new = transform(g, uid, partner, forced=True)
        s.counters[new * SLOTS + FORM_LOCK_COUNTER] = 1
        return new
    partner = partner_at_hand(g, ch) if ch.form == 0 else OFF
    if partner != OFF:
        return transform(g, uid, partner, forced=True)
    if not g.card(uid).two_forms:
        return uid
    ch.form = 1 - ch.form
    g.emit(
        "transformed",
        seat=ch.owner,
        card=g.card(uid).id,
        into=g.card(uid).id,
        uid=uid,
        cell=None if ch.pos == OFF else list(s.places[ch.pos].cell),
        forced=True,
        form=ch.form,
    )
    return uid


def skills_lost(g: Context, uid: int) -> bool:
    """SCAV-23: a two-card transformer showing its right-hand values (forced over without its partner card)
    has no Skills. A one-card transformer keeps the Skills its card prints (its text says what changes)."""
    ch = g.state.characters.get(uid)
    return ch is not None and ch.form == 1 and g.card(uid).transforms_into is not None


def skill_card(g: Context, uid: int) -> Card:
    """The card whose Skills a Character has now (SCAV-23): its own, or a copy with no Skills; a Disaster in play
    with ``no_skill`` takes that Skill away (In the Hall); the cards it holds may change its Skills and Categories
    (``gains``: engine/effects/bearer.py)."""
    card = g.card(uid)
    if skills_lost(g, uid):
        return evolve(card, skills=())
    ch = g.state.characters.get(uid)
    if ch is not None and ch.form and (cyc := of_kind(card, Cycle)):
        card = _cycled(card, cyc[0])  # its own text: in that form it has none of these Skills (Fujisawa)
    if of_kind(card, NameSkill):  # its wildcard is the Skill its player named in the Equip phase (Kiriya)
        card = _named(card, named_skill(g, uid))
    if ch is not None and (
        ch.enhancements
        or ch.carried
        or g.state.players[ch.owner].globals
        or bearer.any_gains(g)
        or bearer.on_itself(g, ch)
    ):
        card = bearer.skilled(g, ch, card)
    if g.state.lasting and (got := _gained(g, uid)):
        card = bearer.gained(card, got)
    if ch is not None and g.state.statics and (got := _held_haven_gains(g, ch)):
        card = bearer.gained(card, got)
    if g.state.statics or g.state.lasting:
        gone = _no_skills(g) | _lost(g, uid)
        if gone and any(sk.name.lower() in gone for sk in card.skills):
            key = (card.id, gone, id(card))  # (the card with its gains is another object: effects/bearer.py)
            found = _WITHOUT.get(key)
            if found is None or found[0] is not card:
                keep = tuple(sk for sk in card.skills if sk.name.lower() not in gone)
                found = _WITHOUT[key] = (card, evolve(card, skills=keep))
            return found[1]
    return card


def named_skill(g: Context, uid: int) -> str | None:
    """The Skill the player of the Character ``uid`` named for it in its last Equip phase (``name_skill``:
    Kiriya), or None when none was named."""
    n = g.state.counters.get(uid * SLOTS + CHOSEN_COUNTER, 0)
    return SKILL_NAMES[n - 1] if 0 < n <= len(SKILL_NAMES) else None


_NAMED: dict[tuple[int, str | None], tuple[Card, Card]] = {}  # (id of the card, the Skill) -> the card with it


def _named(card: Card, skill: str | None) -> Card:
    """``card`` with its ``*Any Skill`` replaced by one copy of ``skill`` (removed when it is None)."""
    key = (id(card), skill)
    found = _NAMED.get(key)
    if found is not None and found[0] is card:
        return found[1]
    keep = [sk for sk in card.skills if not sk.wildcard]
    if skill is not None:
        at = next((i for i, sk in enumerate(keep) if sk.name.lower() == skill.lower() and sk.count > 0), None)
        if at is None:
            keep.append(SkillEntry(skill, 1))
        else:  # a Skill she has already: one copy more
            keep[at] = SkillEntry(keep[at].name, keep[at].count + 1)
    if len(_NAMED) > 10_000:
        _NAMED.clear()
    made = evolve(card, skills=tuple(keep))
    _NAMED[key] = (card, made)
    return made


_WITHOUT: dict[
    tuple[str, frozenset[str], int], tuple[Card, Card]
] = {}  # (card id, Skills taken away) -> the card without them


def skill_count(g: Context, uid: int, skill: str) -> int:
    """How many times the Character ``uid`` has ``skill``: its own Skills and what its cards grant."""
    low = skill.lower()
    card = skill_card(g, uid)
    n = sum(sk.count for sk in card.skills if sk.name.lower() == low and not sk.wildcard and not sk.is_anti)
    ch = g.state.characters[uid]
    for c in (card, *(g.card(u) for u in (*ch.carried, *ch.enhancements))):
        n += sum(k for name, k in c.granted_skills if name == low)
    return max(0, n)


def _lost(g: Context, uid: int) -> frozenset[str]:
    """The Skills lasting ``no_skill`` records take from the Character ``uid`` for a while (Karaoke Taxi)."""
    out: set[str] = set()
    for r in g.state.lasting:
        if uid in r.targets:
            v = g.card(r.source).effects[r.effect].do
            if isinstance(v, NoSkill):
                out.add(v.skill.lower())
                out.update(x.lower() for x in v.also)
    return frozenset(out)


def gained_icon(g: Context, uid: int, icon: str) -> bool:
    """Whether a lasting ``gains`` record gives the Character ``uid`` a Location icon for a while (Otherworld
    Lounge: the Dimensional ability for the turn)."""
    return bool(g.state.lasting) and any(icon in x.icons for x in _gained(g, uid))


def _gained(g: Context, uid: int) -> tuple[Gains, ...]:
    """The Skills lasting ``gains`` records give the Character ``uid`` for a while (Assisted Flight)."""
    out: list[Gains] = []
    for r in g.state.lasting:
        if uid in r.targets:
            v = g.card(r.source).effects[r.effect].do
            if isinstance(v, Gains):
                out.append(_copied(v, named_skill(g, r.source)) if v.bearer_skill else v)
    return tuple(out)


_COPIED: dict[tuple[int, str | None], tuple[Gains, Gains]] = {}  # (id of the record, Skill) -> the record with it


def _copied(v: Gains, skill: str | None) -> Gains:
    """A ``bearer_skill`` copy with the Skill its player named (Mind Scanner: ``state.counters[card * 100 +
    CHOSEN_COUNTER]``), as a plain ``gains`` of that Skill (of nothing when none was named)."""
    key = (id(v), skill)
    found = _COPIED.get(key)
    if found is not None and found[0] is v:
        return found[1]
    made = evolve(v, bearer_skill=False, skills=(skill,) if skill else ())
    _COPIED[key] = (v, made)
    return made


def _held_haven_gains(g: Context, ch: CharacterState) -> tuple[Gains, ...]:
    """The Skills a Location taken as a Haven gives every Character in play of the player holding it (a static
    ``gains`` on ``who: {among: all, side: own}``, listed once the Location is a Haven: Galaxy Police HQ)."""
    found = in_play(g).of(Gains)
    if not found or ch.pos == OFF or ch.bonked_at >= 0:
        return ()
    s = g.state
    return tuple(
        x
        for src, x in found
        if x.who.among == "all" and s.counters.get(src * SLOTS + CLAIMED_COUNTER, 0) == ch.owner + 1
    )


def _no_skills(g: Context) -> frozenset[str]:
    """The Skills no Character has now (``no_skill`` effects of the Disasters in play), lower case."""
    if not g.state.statics:
        return frozenset()
    return frozenset(k.lower() for _, x in in_play(g).of(NoSkill) for k in (x.skill, *x.also))


_STRIPPED: dict[tuple[str, frozenset[str]], tuple[Card, Card]] = {}  # (card id, Skills gone) -> card, copy


def held_cards(g: Context, ch: CharacterState) -> list[Card]:
    """The cards ``ch`` carries and wears, as requirement tests read them: a Skill no Character may have now
    (``no_skill``: In the Hall) is not given by them either."""
    cards = [g.card(u) for u in (*ch.carried, *ch.enhancements)]
    if not cards or not (g.state.statics or g.state.lasting):
        return cards
    gone = _no_skills(g) | _lost(g, ch.uid)
    if not gone:
        return cards
    out = []
    for card in cards:
        if not any(name in gone for name, _ in card.granted_skills):
            out.append(card)
            continue
        key = (card.id, gone)
        found = _STRIPPED.get(key)
        if found is None or found[0] is not card:
            kept = tuple(x for x in card.grants_skills if parse_skill(x).name.lower() not in gone)
            found = _STRIPPED[key] = (card, evolve(card, grants_skills=kept))  # granted_skills worked out again
        out.append(found[1])
    return out


_CYCLED: dict[str, tuple[Card, Card]] = {}


def _cycled(card: Card, cyc: Cycle) -> Card:
    """The card without the Skills its ``cycle`` takes away in its right-hand form (worked out once per card)."""
    gone = {x.lower() for x in cyc.lose}

    def without(c: Card) -> Card:
        return evolve(c, skills=tuple(k for k in c.skills if k.name.lower() not in gone))

    return per_card(_CYCLED, card, without)


_ASCENDERS: dict[int, tuple[list[str], dict[int, Ascend]]] = {}


def _ascends(card: Card) -> bool:
    return bool(of_kind(card, Ascend))


def ascenders(g: Context) -> dict[int, Ascend]:
    """The instances of the game whose card comes into play only in place of its base Character (``ascend``: the
    Super Saiyans), with that effect; worked out once per card list, so a game without one pays a dict test."""

    def make(listed: list[str]) -> dict[int, Ascend]:
        cards = g._cards
        return {u: of_kind(cards[listed[u]], Ascend)[0] for u in instances_where(cards, listed, "ascend", _ascends)}

    return per_card_list(_ASCENDERS, g.state.cards, make)


def counts_bonks(g: Context) -> bool:
    """Whether the game holds a card whose condition is a number of Bonks (Super Saiyan Goku): only then are the
    Bonks of each Character counted (``BONKS_COUNTER``)."""
    return any(x.bonked is not None for x in ascenders(g).values())


def is_base(card: Card, base: str) -> bool:
    """Whether the card is the Character ``base`` names (its name, or the Character it is one card of: both
    Gokus)."""
    return card.character == base or card.name == base
