"""What card effects leave in force: static effects of Disasters in play and lasting effects (RULES.md CARD-1,
CARD-22, DIS-19, DIS-23).

The engine asks this module at fixed points, one query each, so a rule procedure never knows which card is
speaking:

* :func:`modifiers` — ability modifiers for the one pipeline (engine/effects/abilities.py): ``modify`` effects of
  Disasters in play (``static``; Off the Field included, DIS-23) and lasting ``modify`` records;
* :func:`forbids` — may this Character move, attack, Scavenge or Run Away? (``hold`` effects, CARD-22);
* :func:`scavenge_block` — may this group Scavenge this Location? (``block`` effects);
* :func:`forbidden` — is a kind of play forbidden while a card is in play? (``forbid`` effects); for moves,
  :func:`entries_left` and :func:`joins_group` (No Help!).

The state keeps ``statics`` (Disasters in play with static effects: maintained by :func:`entered` and
:func:`left`) and ``lasting`` (frozen :class:`~animayhem.engine.core.state.Lasting` records), so a game without
such cards pays one empty-list test per query. This is a bottom layer: it imports the state and card facts,
never a procedure.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, TypeVar

from animayhem.cards.effects import (
    Ally,
    Alone,
    AltForm,
    Aura,
    BecomesHaven,
    Block,
    Bout,
    Capture,
    Charge,
    CharmBonus,
    CombatRule,
    Control,
    CountsAs,
    DamageTaken,
    DefeatedIfBonked,
    DefeatNeeds,
    Disasters,
    Effect,
    EntryNeeds,
    ExtraCombatCards,
    Forbid,
    Grow,
    Halts,
    HideFrom,
    Hoard,
    Hold,
    HoldsFire,
    Hook,
    Immune,
    Join,
    KeepFlash,
    KeepOut,
    Modify,
    NeverKilled,
    NoDamage,
    OpenHand,
    Passage,
    Reach,
    Recover,
    Recycle,
    Regenerate,
    ReversePath,
    Revive,
    Rivals,
    Shielded,
    ShiftItem,
    Snipe,
    SpareEquipment,
    Stronger,
    TakeEnhancements,
    TargetRule,
    Undead,
    Untouchable,
    Waive,
    WereDisaster,
    Who,
)
from animayhem.cards.evaluate import meets
from animayhem.cards.frozen import evolve
from animayhem.cards.model import COPY_MARK, Card, CardType, printed_id
from animayhem.cards.requirements import Requirement
from animayhem.cards.skills import SkillEntry
from animayhem.cards.stats import StatKind, StatTarget, StatValue, drop, modifier
from animayhem.engine.core.field import distances
from animayhem.engine.core.state import (
    CLAIMED_COUNTER,
    EFFECT_SLOTS,
    ENTRY_COUNTER,
    NEXT_COMBAT,
    NEXT_FIGHT,
    NEXT_ROUND,
    OFF,
    OWN_TURN,
    SLOTS,
    USES_COUNTER,
    WHILE_IN_PLAY,
    WHILE_TARGET,
    CharacterState,
    DisasterState,
    Lasting,
)
from animayhem.engine.core.statics import (
    characters_with,
    in_play,
    of_kind,
    own,
    own_place_only,
    per_card_list,
    static_effects,
)
from animayhem.engine.effects import bearer, control
from animayhem.engine.effects.transform import held_cards, skill_card

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


def entered(g: Context, uid: int) -> None:
    """A Disaster came into play (on or Off the Field), or a Location or Haven was laid on the Field: its static
    effects apply from now on."""
    s = g.state
    card = g.card(uid)
    if static_effects(card) and uid not in s.statics and not own_place_only(card):
        if of_kind(card, BecomesHaven) and uid * SLOTS + CLAIMED_COUNTER not in s.counters:
            return  # a Location that may become a Haven: its other effects wait until it is one (SCAV-22)
        s.statics = [*s.statics, uid]  # a new list: engine/core/statics.py keeps its sorting per list


def left(g: Context, uid: int) -> None:
    """A card left play: its static effects stop; lasting effects it made run on until they end. A Global's
    static effects kept ``for_good`` stay with the Characters they reached (:func:`_kept`)."""
    s = g.state
    card = g.card(uid)
    if card.type is CardType.GLOBAL_EFFECT and any(e.until == "for_good" for e in card.effects):
        _kept(g, uid, card)
    if s.set_aside and s.lasting:  # the Flash Effects kept on it are Discarded with it (Refuge)
        for r in [r for r in s.lasting if r.source == uid and isinstance(effect_of(g, r).do, KeepFlash)]:
            for f in r.targets:
                if f in s.set_aside:
                    s.set_aside.remove(f)
                    g.discard(f)
    if uid in s.statics:
        s.statics = [u for u in s.statics if u != uid]
    if s.lasting:
        s.lasting = [
            r for r in s.lasting if not (r.source == uid and r.until == WHILE_IN_PLAY) and uid not in r.targets
        ]


def kept_flash(g: Context, seat: int) -> list[int]:
    """The Flash Effects ``seat`` keeps on its Globals (``keep_flash``: Refuge), played as from the hand; none in
    most games (two empty-list tests)."""
    s = g.state
    if not s.set_aside or not s.lasting or not _keepers_in_game(g):
        return []
    return [
        f
        for r in s.lasting
        if r.seat == seat and isinstance(effect_of(g, r).do, KeepFlash)
        for f in r.targets
        if f in s.set_aside
    ]


_KEEPERS: dict[int, tuple[list[str], bool]] = {}


def _keepers_in_game(g: Context) -> bool:
    """Whether a card of the game keeps Flash Effects (worked out once per card list, core/statics.py)."""
    cards = g._cards

    def make(listed: list[str]) -> bool:
        return any(c in cards and of_kind(cards[c], KeepFlash) for c in set(listed))

    return per_card_list(_KEEPERS, g.state.cards, make)


def keeper(g: Context, seat: int) -> tuple[int, int]:
    """The seat's Global (and the index of its ``keep_flash`` effect) with room for one more Flash Effect, or
    (OFF, -1)."""
    s = g.state
    for u in sorted(s.players[seat].globals):
        for i, e in enumerate(g.card(u).effects):
            v = e.do
            if e.when == "static" and isinstance(v, KeepFlash):
                held = sum(len(r.targets) for r in s.lasting if r.source == u and r.effect == i)
                if held < v.count:
                    return u, i
    return OFF, -1


def keep_flash(g: Context, seat: int, f: int) -> None:
    """Put the Flash Effect ``f`` from ``seat``'s hand on its Global with room (``keep_flash``)."""
    s = g.state
    u, i = keeper(g, seat)
    if u == OFF:
        return
    s.players[seat].hand.remove(f)
    s.set_aside.append(f)
    s.lasting.append(Lasting(u, i, (f,), seat, WHILE_IN_PLAY))
    g.emit("flash_kept", seat=seat, by=g.card(u).id)


def unkeep_flash(g: Context, f: int) -> None:
    """The kept Flash Effect ``f`` leaves the card it was kept on (it is played)."""
    s = g.state
    s.lasting = [r for r in s.lasting if not (f in r.targets and isinstance(effect_of(g, r).do, KeepFlash))]
    if f in s.set_aside:
        s.set_aside.remove(f)


def _kept(g: Context, uid: int, card: Card) -> None:
    """The Global ``uid`` is leaving play: each of its static effects with ``until: for_good`` goes on for the
    Characters of its owner it reaches now (in play, not Bonked, within a Global's reach, AMB-63; meeting its
    ``has`` / ``lacks``), as a record that lasts while they stay in play (Training with Kami's Chi, King Kai's)."""
    s = g.state
    seat = s.owner[uid]
    for i, e in enumerate(card.effects):
        who = getattr(e.do, "who", None)
        if e.when != "static" or e.until != "for_good" or not isinstance(who, Who):
            continue
        targets = [
            c.uid
            for c in sorted(s.characters.values(), key=lambda c: c.uid)
            if c.owner == seat
            and c.pos != OFF
            and c.bonked_at < 0
            and (g.rules.global_scope == "all" or not s.places[c.pos].haven)
            and matches(g, c, who)
        ]
        if targets:
            add(g, uid, i, targets, seat, None, WHILE_TARGET)
            g.emit("effect_started", card=card.id, uid=uid, characters=[g.card(t).id for t in targets], turns=None)


def global_spent(g: Context, uid: int, remove: bool = False) -> None:
    """A Global's last use is spent: it leaves play (CARD-14, CARD-17), removed from the game where uses alone
    limit a Global (5E) or its text says so (``remove``), Discarded otherwise."""
    s = g.state
    for p in s.players:
        if uid in p.globals:
            del p.globals[uid]
            left(g, uid)
            s.counters.pop(uid * SLOTS + USES_COUNTER, None)
            (g.discard if g.rules.global_turns is not None and not remove else g.destroy)(uid)
            g.emit("global_ended", seat=p.seat, card=g.card(uid).id)
            return


def forget(g: Context, uid: int) -> None:
    """A Character left play (Bonked, Killed, Destroyed): lasting effects no longer hold it (one another player
    controlled is its owner's again)."""
    s = g.state
    if not s.lasting:
        return
    if control.controlled(g, uid):
        control.release(g, uid)
    kept = []
    for rec in s.lasting:
        if uid in rec.targets:
            rest = tuple(t for t in rec.targets if t != uid)
            if not rest:
                continue
            rec = Lasting(rec.source, rec.effect, rest, rec.seat, rec.until, rec.count)
        kept.append(rec)
    s.lasting = kept


def add(
    g: Context,
    source: int,
    index: int,
    targets: list[int],
    seat: int,
    turns: int | None,
    until: int = 0,
    count: int = 1,
    next_turn: bool = False,
) -> None:
    """A lasting effect on ``targets`` through ``turns`` of ``seat``'s turns, the current one counting as the
    first when it is ``seat``'s (DIS-19; ``next_turn``: counted from its next one, the rest of the current one
    included); with no ``turns``, ``until`` says when it ends (WHILE_IN_PLAY, NEXT_COMBAT). ``count``: how many
    times a ``per_energy`` bonus counts (worked out as the card resolved)."""
    s = g.state
    if turns is not None:
        now = s.players[seat].turns
        first_is_now = s.active == seat and s.phase != "setup" and not next_turn
        until = now + turns - 1 if first_is_now else now + turns
    s.lasting.append(Lasting(source, index, tuple(targets), seat, until, count))


def grow(g: Context, source: int, index: int) -> None:
    """A ``grow`` effect of the Disaster ``source`` fires once more (its bonus counts one more time)."""
    s = g.state
    for i, r in enumerate(s.lasting):
        if r.source == source and r.effect == index:
            s.lasting[i] = Lasting(r.source, r.effect, r.targets, r.seat, r.until, r.count + 1)
            return
    s.lasting.append(Lasting(source, index, (source,), s.owner[source], WHILE_IN_PLAY, 1))


def combat_over(g: Context, fighters: list[int]) -> None:
    """A fight with a Combat Disaster is over: effects lasting until the fighters' next one end."""
    s = g.state
    if not s.lasting:
        return
    gone = [r for r in s.lasting if r.until in _FOUGHT and any(u in r.targets for u in fighters)]
    if gone:
        s.lasting = [r for r in s.lasting if r not in gone]
        for r in gone:
            g.emit("effect_ended", card=g.card(r.source).id)
        _controls_ended(g, gone)


_FOUGHT: Final = (NEXT_COMBAT, NEXT_ROUND, NEXT_FIGHT)
# the kinds of the modifiers worked out at every value read (abilities.py: why not through StatKind each time)
_SET: Final = StatKind.SET
_ADD: Final = StatKind.ADD
_MUL: Final = StatKind.MUL
_DIV: Final = StatKind.DIV


def fight_over(g: Context, fighters: list[int]) -> None:
    """A fight between players' Characters is over: effects lasting until their next fight of any kind end
    (``next_fight``)."""
    s = g.state
    gone = [r for r in s.lasting if r.until == NEXT_FIGHT and any(u in r.targets for u in fighters)]
    if gone:
        s.lasting = [r for r in s.lasting if r not in gone]
        for r in gone:
            g.emit("effect_ended", card=g.card(r.source).id)
        _controls_ended(g, gone)


def weapon_proof(g: Context, uid: int) -> int:
    """The card whose ``damage_taken`` with ``weapons`` lasting on the Character ``uid`` keeps strikes by Characters
    holding a Weapon from harming it (Missile Walk), or OFF."""
    for rec in g.state.lasting:
        if uid in rec.targets:
            v = effect_of(g, rec).do
            if isinstance(v, DamageTaken) and v.weapons:
                return rec.source
    return OFF


def armed(g: Context, uid: int) -> bool:
    """Whether the Character ``uid`` carries or wears a card of the Weapon category."""
    c = g.state.characters.get(uid)
    return c is not None and any(is_kind(g.card(u), "Weapon") for u in (*c.carried, *c.enhancements))


def round_over(g: Context, fighters: list[int]) -> None:
    """A physical combat round is over: effects lasting for their targets' next round end (``next_round``)."""
    s = g.state
    gone = [r for r in s.lasting if r.until == NEXT_ROUND and any(u in r.targets for u in fighters)]
    if gone:
        s.lasting = [r for r in s.lasting if r not in gone]
        for r in gone:
            g.emit("effect_ended", card=g.card(r.source).id)
        for r in gone:  # a card's clauses for the round after that one begin now (``until: round_after``)
            effects = g.card(r.source).effects
            first = next((i for i, e in enumerate(effects) if e.when == "play" and e.until == "next_round"), -1)
            if r.effect != first:
                continue
            after = [
                i for i, e in enumerate(effects) if e.when == "play" and e.until == "round_after" and not _on_fellers(e)
            ]
            for i in after:
                s.lasting.append(Lasting(r.source, i, r.targets, r.seat, NEXT_ROUND))
            if after:
                chars = [g.card(u).id for u in r.targets]
                g.emit("effect_started", card=g.card(r.source).id, uid=r.source, characters=chars, turns=None)


def _on_fellers(e: Effect) -> bool:
    """A ``round_after`` clause for the Characters whose blows Bonked the one the card named (``per_energy: felled``:
    Yoiko-no-taiso Step 1), started by procedures/fights.py rather than on the card's targets (:func:`absorb`)."""
    return isinstance(e.do, Modify) and e.do.per_energy == "felled"


def absorbs(g: Context, source: int) -> int:
    """The index of the card's ``per_energy: felled`` clause (:func:`_on_fellers`), or -1."""
    return next((i for i, e in enumerate(g.card(source).effects) if e.when == "play" and _on_fellers(e)), -1)


def absorb(g: Context, source: int, attackers: list[int], attack: int) -> None:
    """The Characters ``attackers`` Bonked one that the card ``source`` named: its clause for them (:func:`absorbs`)
    adds ``attack`` times its numbers to theirs for their next physical combat round (Yoiko-no-taiso Step 1)."""
    s = g.state
    index = absorbs(g, source)
    alive = [u for u in attackers if u in s.characters and s.characters[u].bonked_at < 0]
    if index < 0 or not alive or attack <= 0:
        return
    s.lasting.append(Lasting(source, index, tuple(alive), s.characters[alive[0]].owner, NEXT_ROUND, attack))
    g.emit("effect_started", card=g.card(source).id, uid=source, characters=[g.card(u).id for u in alive], turns=None)


def scavenge_over(g: Context, group: list[int]) -> None:
    """A group's Scavenge attempt of a Location is over: effects lasting for their next one end
    (``until: next_scavenge``: Assisted Shot's Marksman)."""
    s = g.state
    gone = [
        r
        for r in s.lasting
        if any(u in r.targets for u in group) and g.card(r.source).effects[r.effect].until == "next_scavenge"
    ]
    if gone:
        s.lasting = [r for r in s.lasting if r not in gone]
        for r in gone:
            g.emit("effect_ended", card=g.card(r.source).id)


def charge_of(g: Context, uid: int) -> tuple[Lasting, Charge] | None:
    """The ``charge`` record on the Character ``uid`` (Makkankoupousou) and its verb, or None."""
    for rec in g.state.lasting:
        if uid in rec.targets and isinstance(v := effect_of(g, rec).do, Charge):
            return rec, v
    return None


def recharge(g: Context, rec: Lasting, count: int) -> None:
    """The ``charge`` record ``rec`` now banks ``count`` Energy (a new record: records are frozen)."""
    s = g.state
    s.lasting = [Lasting(r.source, r.effect, r.targets, r.seat, r.until, count) if r is rec else r for r in s.lasting]


def turn_begins(g: Context, seat: int) -> None:
    """``seat``'s turn begins: its lasting effects that last until then end (``OWN_TURN``: Telekinese)."""
    s = g.state
    if not s.lasting:
        return
    ended = [r for r in s.lasting if r.seat == seat and r.until == OWN_TURN]
    if ended:
        s.lasting = [r for r in s.lasting if r not in ended]
        for r in ended:
            g.emit("effect_ended", card=g.card(r.source).id)


def expire(g: Context, seat: int) -> None:
    """At the end of ``seat``'s turn, its lasting effects whose last turn it was end."""
    s = g.state
    if not s.lasting:
        return
    turns = s.players[seat].turns
    ended = [r for r in s.lasting if r.seat == seat and 0 <= r.until <= turns]
    if ended:
        s.lasting = [r for r in s.lasting if r not in ended]
        for r in ended:
            g.emit("effect_ended", card=g.card(r.source).id)
        _controls_ended(g, ended)


def _controls_ended(g: Context, gone: list[Lasting]) -> None:
    """Records just ended: the Characters a ``control`` among them held go back (engine/effects/control.py)."""
    if any(isinstance(effect_of(g, r).do, Control) for r in gone):
        control.settle(g)


def spares(g: Context, uid: int) -> int:
    """The card whose ``no_damage`` record spares the Character ``uid`` the attack now landing (the record is
    spent), or OFF."""
    for rec in g.state.lasting:
        if uid in rec.targets and isinstance(effect_of(g, rec).do, NoDamage):
            g.state.lasting = [r for r in g.state.lasting if r is not rec]
            g.emit("effect_ended", card=g.card(rec.source).id)
            return rec.source
    return OFF


def release_holds(g: Context) -> None:
    """End every ``hold`` with a ``release`` on a Character whose Location's Characters now meet it, and every
    ``alone`` whose Character now stands with enough Charm (called where such a record starts and after each
    move)."""
    s = g.state
    if not s.lasting:
        return
    changed = False
    kept: list[Lasting] = []
    for rec in s.lasting:
        h = effect_of(g, rec).do
        freed: list[int] = []
        if isinstance(h, Hold) and h.release is not None:
            freed = [t for t in rec.targets if t in s.characters and _rescued(g, s.characters[t], h.release)]
            why = h.release.text
        elif isinstance(h, Alone):
            freed = [t for t in rec.targets if t in s.characters and _company_charm(g, t) > h.release_charm]
            why = f"a combined Charm over {h.release_charm}"
        if freed:
            changed = True
            g.emit(
                "hold_released", card=g.card(rec.source).id, characters=[g.card(u).id for u in freed], requirement=why
            )
            rest = tuple(t for t in rec.targets if t not in freed)
            if not rest:
                continue
            rec = Lasting(rec.source, rec.effect, rest, rec.seat, rec.until, rec.count)
        kept.append(rec)
    if changed:
        s.lasting = kept


def _company_charm(g: Context, uid: int) -> int:
    """The combined Charm of the other Characters (any player's, Bonked ones aside) at the Character's Location;
    0 off the Field and for a Bonked one."""
    ch = g.state.characters[uid]
    if ch.pos == OFF or ch.bonked_at >= 0:
        return 0
    return sum(g.ability(c.uid, "charm") for c in g.characters_at(ch.pos) if c.uid != uid)


def alone(g: Context, uid: int) -> bool:
    """Whether the Character acts alone now (an ``alone`` record on it: Loner): no group move, Scavenge test
    or joint strike takes it in with another Character."""
    return any(uid in r.targets and isinstance(effect_of(g, r).do, Alone) for r in g.state.lasting)


def alone_fighters(
    g: Context, target: CharacterState, others: list[int], armed: list[int]
) -> tuple[list[int], list[int]]:
    """Who may strike beside the attacked Character, and which vehicles may fight for it (COMBAT-24), when
    Characters act alone: a lone target strikes with nobody (only its own vehicle may fight for it); for any
    other target no lone Character strikes and no lone Character's vehicle fights."""
    if alone(g, target.uid):
        return [], [v for v in armed if v in target.carried]
    here = g.characters_at(target.pos, target.owner)
    lone = {c.uid for c in here if alone(g, c.uid)}
    carriers = {v: c.uid for c in here for v in c.carried}
    return [u for u in others if u not in lone], [v for v in armed if carriers.get(v) not in lone]


def apart(g: Context, group: list[CharacterState]) -> list[list[CharacterState]]:
    """``group`` (one player's Characters at one Location) as the parts that may act together: each lone
    Character on its own, the rest as one (the group itself when none acts alone); of Characters that may not team
    up with one another (``rivals``: Female Jealousy), the first (lowest uid) stays with the rest and each other
    one acts on its own."""
    if not g.state.lasting or len(group) < 2:
        return [group]
    lone = [c for c in group if alone(g, c.uid)]
    rest = [c for c in group if c not in lone]
    if len(rest) > 1:  # rivals: at most one of them in a part
        jealous = {u for rec in g.state.lasting if isinstance(effect_of(g, rec).do, Rivals) for u in rec.targets}
        odd = [c for c in rest if c.uid in jealous]
        if len(odd) > 1:
            keep = min(c.uid for c in odd)
            lone += [c for c in odd if c.uid != keep]
            rest = [c for c in rest if c.uid not in jealous or c.uid == keep]
    if not lone:
        return [group]
    return [*([rest] if rest else []), *([c] for c in lone)]


def may_team(g: Context, uids: Sequence[int]) -> bool:
    """Whether the Characters ``uids`` may act together (strike one Disaster, attack one Character): not when two of
    them are reached by one ``rivals`` record (Female Jealousy). A game without lasting effects pays one test."""
    if not g.state.lasting or len(uids) < 2:
        return True
    for rec in g.state.lasting:
        if sum(u in rec.targets for u in uids) > 1 and isinstance(effect_of(g, rec).do, Rivals):
            return False
    return True


def equipment_spared(g: Context, uid: int) -> int:
    """The card whose ``spare_equipment`` lasting on the Character ``uid`` keeps the damage Weapons deal it from its
    Equipment (Avoid Fire), or OFF."""
    for rec in g.state.lasting:
        if uid in rec.targets and isinstance(effect_of(g, rec).do, SpareEquipment):
            return rec.source
    return OFF


def _rescued(g: Context, ch: CharacterState, req: Requirement) -> bool:
    if ch.pos == OFF or ch.bonked_at >= 0:
        return False
    here = g.characters_at(ch.pos)
    held = [h for c in here for h in held_cards(g, c)]
    return meets(req, [skill_card(g, c.uid) for c in here], held, anti_skill=g.rules.anti_skill)


def effect_of(g: Context, rec: Lasting) -> Effect:
    return g._cards[g.state.cards[rec.source]].effects[rec.effect]


# ---------------------------------------------------------------------- matching


def one_meets(g: Context, ch: CharacterState, req: Requirement) -> bool:
    """Whether one Character, with what it holds, meets ``req`` on its own."""
    held = held_cards(g, ch)
    return meets(req, [skill_card(g, ch.uid)], held, anti_skill=g.rules.anti_skill)


def borrowing_meets(g: Context, group: list[CharacterState], req: Requirement) -> bool:
    """Whether ``group`` meets ``req`` with one more copy of one Skill a card of one of them lets it use
    (``borrow_skill``: Data Stream; bearer.borrowed): for a card's requirement and a Disaster's, as a Location's
    (procedures/scavenge.py). False at once when no card of the group lends a Skill."""
    lent = bearer.borrowed(g, group) if any(c.enhancements for c in group) else []
    if not lent:
        return False
    cards = [skill_card(g, c.uid) for c in group]
    held = [h for c in group for h in held_cards(g, c)]
    for ch, skill in lent:
        i = group.index(ch)
        more = evolve(cards[i], skills=(*cards[i].skills, SkillEntry(name=skill, count=1)))
        if meets(req, [*cards[:i], more, *cards[i + 1 :]], held, anti_skill=g.rules.anti_skill):
            return True
    return False


def matches(g: Context, ch: CharacterState, who: Who) -> bool:
    if who.transforming is not None and can_change_form(g, ch.uid) != who.transforming:
        return False
    if who.unequipped and any(g.card(u).type is CardType.EQUIPMENT for u in ch.carried):
        return False
    if who.equipped and not any(g.card(u).type is CardType.EQUIPMENT for u in ch.carried):
        return False
    if who.stopped and g.ability(ch.uid, "movement") > 0:
        return False
    if who.has is not None and not one_meets(g, ch, who.has):
        return False
    return who.lacks is None or not one_meets(g, ch, who.lacks)


_FORMS: dict[str, tuple[Card, bool]] = {}  # card id -> can_change_form, with the card it is of


def can_change_form(g: Context, uid: int) -> bool:
    """A Character printed with two sets of values, or on two cards (CARD-5)."""
    card = g._cards[g.state.cards[uid]]
    found = _FORMS.get(card.id)
    if found is None or found[0] is not card:
        found = _FORMS[card.id] = (card, card.two_forms or card.transforms_into is not None)
    return found[1]


def _static_reaches(g: Context, source: int, who: Who, ch: CharacterState) -> bool:
    """A static effect's ``who`` (all, or here: at the Disaster's Location) reaches ``ch``."""
    if ch.pos == OFF or ch.bonked_at >= 0:
        return False
    if who.among == "here" and source_place(g, source) != ch.pos:
        return False
    if who.side != "any" and (ch.owner == _side_of(g, source)) != (who.side == "own"):
        return False  # only its own player's Characters, or only the others' (The Silky Doll)
    return matches(g, ch, who)


def _side_of(g: Context, source: int) -> int:
    """The player whose Characters are a static effect's ``side: own``: its card's owner, or for a Location taken as
    a Haven (SCAV-22) the player who holds it."""
    s = g.state
    key = source * SLOTS + CLAIMED_COUNTER
    return s.counters[key] - 1 if key in s.counters else s.owner[source]


def may_enter(g: Context, ch: CharacterState, place: int) -> bool:
    """Whether ``ch`` meets what the Location ``place`` itself asks of a Character going onto it (``entry_needs``:
    Floristica Marketplace); True for a Location that asks nothing."""
    # the Location's own card (engine/core/statics.py own_place_only)
    mine = own(g._cards[g.state.cards[place]], EntryNeeds)
    if mine and not all(v.needs is None or one_meets(g, ch, v.needs) for v in mine):
        return False
    if not g.state.statics:
        return True
    return all(v.needs is None or one_meets(g, ch, v.needs) for src, v in in_play(g).of(EntryNeeds) if src == place)


def vehicles_barred(g: Context, place: int) -> bool:
    """Whether no vehicle may stop on the Location ``place`` (``entry_needs`` with ``vehicles: false``)."""
    if any(not v.vehicles for v in own(g.card(place), EntryNeeds)):
        return True
    return bool(g.state.statics) and any(src == place and not v.vehicles for src, v in in_play(g).of(EntryNeeds))


def source_place(g: Context, source: int) -> int:
    """Where a static effect's card is: a Disaster's Location, or a Location (or Haven) itself while it stands on
    the Field (King Kai's Planetoid); OFF for anything else."""
    s = g.state
    d = s.disasters.get(source)
    if d is not None:
        return d.pos
    pl = s.places.get(source)
    return source if pl is not None and not pl.destroyed else OFF


_KIND: dict[tuple[str, str], tuple[Card, bool]] = {}  # (card id, word) -> is_kind, with the card it is of


def is_kind(card: Card, word: str) -> bool:
    """Whether the card is of a kind named in card text: a Category it has, or a word of its name."""
    key = (card.id, word)
    found = _KIND.get(key)
    if found is None or found[0] is not card:
        if len(_KIND) > 50_000:
            _KIND.clear()
        found = _KIND[key] = (card, word in card.category_set or word.lower() in card.name.lower())
    return found[1]


def disaster_matches(g: Context, source: int, target: int, sel: Disasters) -> bool:
    if sel.self_:
        return source == target
    if target == source:
        return False
    card = g._cards[g.state.cards[target]]
    if sel.category is not None and not is_kind(card, sel.category):
        return False
    if sel.combat and (card.disaster is None or not card.disaster.combat):
        return False
    if sel.here and (target not in g.state.disasters or g.state.disasters[target].pos != source_place(g, source)):
        return False
    for w in sel.excluding:  # noqa: SIM110 - a plain loop: asked for every Disaster at every view
        if is_kind(card, w):
            return False
    return True


# ---------------------------------------------------------------------- the queries


def _stat_mods(g: Context, src: int, m: Modify, ability: str) -> list[StatValue]:
    out = []
    if ability in m.mirror and m.like is not None:  # the current value of a Character in play (Akane's Rage)
        word = m.like.lower()
        model = next(
            (
                c
                for c in sorted(g.state.characters.values(), key=lambda c: c.uid)
                if c.pos != OFF and c.bonked_at < 0 and c.uid != src and word in g.card(c.uid).name.lower()
            ),
            None,
        )
        if model is not None:
            out.append(modifier(_SET, g.ability(model.uid, ability)))
    if ability in m.set:
        out.append(modifier(_SET, m.set[ability]))
    if ability in m.halve:
        out.append(modifier(_DIV, 2))
    if ability in m.double:
        out.append(modifier(_MUL, 2))
    if ability in m.by:
        n = m.by[ability]
        if m.per_character_here:
            d = g.state.disasters.get(src)
            n *= len(g.characters_at(d.pos)) if d is not None and d.pos != OFF else 0
        if n and m.floor is not None:  # a drop that stops at its floor (I'm Buyin' on Mr. Fujisawa)
            out.append(drop(n, m.floor))
        elif n:
            out.append(modifier(_ADD, n))
    return out


def _while_here(g: Context, src: int, m: Modify) -> bool:
    if m.while_here is None:
        return True
    place = source_place(g, src)
    if place == OFF:
        return False
    return any(one_meets(g, c, m.while_here) for c in g.characters_at(place))


def own_defense(g: Context, uid: int) -> int | None:
    """The Defense a Disaster's own text gives it when its printed Defense is "*" (Bugrom Horde, 55-C
    Bodyguard Boomer): its own ``modify`` of itself, which also sets its Health (COMBAT-12); None when its
    text gives none."""
    if uid not in g.state.statics:
        return None
    total: int | None = None
    for e in static_effects(g.card(uid)):
        m = e.do
        if isinstance(m, Modify) and m.disasters is not None and m.disasters.self_ and _while_here(g, uid, m):
            for v in _stat_mods(g, uid, m, "defense"):
                total = (total or 0) + (v.value or 0)
    return total


def changes_values(g: Context) -> bool:
    """Whether any card effect in force now may change a Character's ability value (the pipeline's fast path
    for Characters skips the queries otherwise): a lasting record on a Character (records reach only their
    targets: one on Disasters, Places or seats changes no Character), or a Disaster in play with a static
    ``modify`` of Characters or an ``alt_form``."""
    s = g.state
    if s.lasting:
        chars = s.characters
        if any(t in chars for r in s.lasting for t in r.targets):
            return True
    if s.statics:
        p = in_play(g)
        return bool(p.character_modifies or p.of(AltForm) or (p.disaster_modifies and _kin(g)))
    return False


_CHAR_DIS: dict[int, tuple[list[str], dict[int, tuple[Modify, ...]]]] = {}


def _disaster_mods_of(card: Card) -> tuple[Modify, ...]:
    """The card's static ``modify`` effects on Disasters."""
    return tuple(
        e.do for e in card.effects if e.when == "static" and isinstance(e.do, Modify) and e.do.disasters is not None
    )


def _character_disaster_mods(g: Context) -> list[tuple[int, Modify]]:
    """The static ``modify`` effects on Disasters of the Characters standing in play (on a Location or in a Haven,
    not Bonked) whose own card has them (Katsuhiko Jinnai: every Combat Disaster +1/+1), with the Character; the
    cards are found once per card list, so a game with none pays a dictionary look-up."""
    s = g.state
    found = characters_with(_CHAR_DIS, g._cards, s.cards, _disaster_mods_of)
    if not found:
        return []
    return [
        (u, m)
        for u, ms in found.items()
        if (c := s.characters.get(u)) is not None and c.pos != OFF and c.bonked_at < 0
        for m in ms
    ]


def characters_on_disasters(g: Context) -> bool:
    """Whether a Character standing in play has a static ``modify`` on Disasters on its own card (Katsuhiko
    Jinnai): the value pipeline then reads the effects in force for Disasters even with no other source."""
    return bool(_character_disaster_mods(g))


_KIN: dict[int, tuple[list[str], dict[int, tuple[str, ...]]]] = {}


def _kin(g: Context) -> dict[int, tuple[str, ...]]:
    """The Characters whose own card ``counts_as`` Disasters of some kinds, with those kinds (Atlia: Bugrom), found
    once per card list; empty in most games."""
    return characters_with(_KIN, g._cards, g.state.cards, _kinds_of)


def _kinds_of(card: Card) -> tuple[str, ...]:
    """The kinds of Disaster the card ``counts_as``."""
    return tuple(w for e in card.effects if isinstance(e.do, CountsAs) for w in e.do.kinds)


def _kin_bonus(g: Context, m: Modify, ch: CharacterState, kinds: tuple[str, ...]) -> bool:
    """Whether the static ``modify`` on Disasters ``m`` is a bonus to Disasters of one of ``kinds`` that reaches the
    Character ``ch`` counting as one (``counts_as``): a category named, every number a raise, and the Character in
    play on the Field or in a Haven, not Bonked."""
    sel = m.disasters
    if sel is None or sel.category is None or sel.category not in kinds or sel.combat or sel.here:
        return False
    if sel.self_ or sel.target or sel.fighting or ch.pos == OFF or ch.bonked_at >= 0:
        return False
    if m.set or m.halve or m.double or m.mirror or not m.by or any(n <= 0 for n in m.by.values()):
        return False
    card = g.card(ch.uid)
    return not any(is_kind(card, w) for w in sel.excluding)


@dataclass(slots=True, init=False)  # not frozen: built at every view, and a frozen one is slower to build
class InForce:
    """The card effects in force at one moment, sorted once for a reader that asks about many cards (a view
    reads every value on the Field from one): lasting records by target and by source (each with its effect),
    the static ``modify`` effects in force now (``while_here`` tested) by the cards they reach, the static
    ``alt_form`` and ``hold`` effects. Valid only while the state does not change; every query below gives
    the same answer with it as without."""

    on: dict[int, list[tuple[Lasting, object]]]  # target uid -> its lasting records, in order, with their effect
    by_source: dict[int, list[tuple[Lasting, object]]]  # source uid -> the lasting records it made
    static_on: dict[int, list[tuple[int, Modify]]]  # uid -> the static ``modify`` effects reaching it, in order
    alt_forms: Sequence[tuple[int, AltForm]]  # static ``alt_form`` effects of the Disasters in play
    holds: Sequence[tuple[int, Hold]]  # static ``hold`` effects of the Disasters in play
    auras: list[tuple[CharacterState, Aura]]  # the ``aura`` effects of the Characters standing
    forms_on: frozenset[int]  # the Characters some static ``alt_form`` reaches (``who``)
    bodies: dict[int, int]  # Disaster -> the Character whose body it took over (:func:`possessed`)
    copies: dict[int, int]  # Disaster -> the Disaster card it copies (:func:`copied`)
    undead: dict[int, int]  # Disaster -> the factor its ``undead`` record puts on it (:func:`undead`)
    # the Characters a static ``modify`` reaching them changes one of the values a view shows (not only Charm:
    # The Silky Doll's bonus leaves Attack, Defense, Movement, Energy and Health as printed)
    shown_on: frozenset[int] = frozenset()

    # written out, not generated: the compiled engine compiles a method it is given, never one @dataclass
    # makes (tests/test_constructors.py checks it takes the fields in order)
    def __init__(
        self,
        on: dict[int, list[tuple[Lasting, object]]],
        by_source: dict[int, list[tuple[Lasting, object]]],
        static_on: dict[int, list[tuple[int, Modify]]],
        alt_forms: Sequence[tuple[int, AltForm]],
        holds: Sequence[tuple[int, Hold]],
        auras: list[tuple[CharacterState, Aura]],
        forms_on: frozenset[int],
        bodies: dict[int, int],
        copies: dict[int, int],
        undead: dict[int, int],
        shown_on: frozenset[int] = frozenset(),
    ) -> None:
        self.on = on
        self.by_source = by_source
        self.static_on = static_on
        self.alt_forms = alt_forms
        self.holds = holds
        self.auras = auras
        self.forms_on = forms_on
        self.bodies = bodies
        self.copies = copies
        self.undead = undead
        self.shown_on = shown_on

    def may_change_character(self, uid: int) -> bool:
        """Whether any effect in force may change the Character ``uid``'s values (else its cards alone do)."""
        return uid in self.on or uid in self.static_on or uid in self.forms_on

    def may_change_shown(self, uid: int) -> bool:
        """:meth:`may_change_character` for the values a view shows (Attack, Defense, Movement, Energy, Health)."""
        return uid in self.on or uid in self.shown_on or uid in self.forms_on

    def may_change_disaster(self, uid: int) -> bool:
        """Whether any effect in force may change the Disaster ``uid``'s values, the Enhancements it took aside:
        a record on it (a copy, a comeback), a body it took over, a static ``modify`` reaching it."""
        return uid in self.on or uid in self.static_on or uid in self.bodies


def in_force(g: Context) -> InForce:
    """The effects in force now, for many queries against one unchanged state (:class:`InForce`)."""
    s = g.state
    cards, ids = g._cards, s.cards
    on: dict[int, list[tuple[Lasting, object]]] = {}
    by_source: dict[int, list[tuple[Lasting, object]]] = {}
    bodies: dict[int, int] = {}
    copies: dict[int, int] = {}
    raised: dict[int, int] = {}
    for rec in s.lasting:
        v = cards[ids[rec.source]].effects[rec.effect].do
        pair = (rec, v)
        held = dict.fromkeys(rec.targets)  # a record holding a card twice counts once for it
        for t in held:
            on.setdefault(t, []).append(pair)
        by_source.setdefault(rec.source, []).append(pair)
        # the first such record counts, as the queries below read them in order
        if isinstance(v, Capture):
            if v.possess and rec.targets:
                bodies.setdefault(rec.source, rec.targets[0])
        elif isinstance(v, Hook):
            if v.name == COPY_HOOK and rec.source in held:
                copies.setdefault(rec.source, s.counters.get(rec.source * SLOTS + rec.effect, OFF))
        elif isinstance(v, Undead):
            for t in held:
                raised.setdefault(t, v.factor)
    own_dis = _character_disaster_mods(g) if s.disasters else []  # a Character's card on Disasters (Katsuhiko)
    static_on: dict[int, list[tuple[int, Modify]]] = {}
    for src, m in own_dis:
        for u in s.disasters:
            if m.disasters is not None and disaster_matches(g, src, u, m.disasters):
                static_on.setdefault(u, []).append((src, m))
    if not s.statics:
        return InForce(on, by_source, static_on, (), (), _auras(g), _NOBODY, bodies, copies, raised)
    p = in_play(g)
    for src, m in p.of(Modify):
        if m.while_here is not None and not _while_here(g, src, m):
            continue
        if m.disasters is not None:  # ``who`` or ``disasters``, never both
            for u in s.disasters:
                if disaster_matches(g, src, u, m.disasters):
                    static_on.setdefault(u, []).append((src, m))
            for u, kinds in _kin(g).items():  # a Character counting as such a Disaster (Atlia)
                if (c := s.characters.get(u)) is not None and _kin_bonus(g, m, c, kinds):
                    static_on.setdefault(u, []).append((src, m))
        elif m.who is not None:
            for c in s.characters.values():
                if _static_reaches(g, src, m.who, c):
                    static_on.setdefault(c.uid, []).append((src, m))
    forms_on = (
        frozenset(
            c.uid
            for src, a in p.character_forms
            for c in s.characters.values()
            if a.who is not None and _static_reaches(g, src, a.who, c)
        )
        if p.character_forms
        else _NOBODY
    )
    shown_on = frozenset(u for u, found in static_on.items() if any(_SHOWN & touches(m) for _src, m in found))
    return InForce(
        on, by_source, static_on, p.of(AltForm), p.of(Hold), _auras(g), forms_on, bodies, copies, raised, shown_on
    )


_SHOWN: Final = frozenset({"attack", "defense", "movement", "energy", "health"})
_TOUCHES: dict[int, tuple[Modify, frozenset[str]]] = {}


def touches(m: Modify) -> frozenset[str]:
    """The abilities a ``modify`` effect may change (what :func:`_stat_mods` reads of it), worked out once."""
    found = _TOUCHES.get(id(m))
    if found is None or found[0] is not m:
        if len(_TOUCHES) > 50_000:
            _TOUCHES.clear()
        mirror = set(m.mirror) if m.like is not None else set()
        found = _TOUCHES[id(m)] = (m, frozenset({*mirror, *m.set, *m.halve, *m.double, *m.by}))
    return found[1]


_NOBODY: frozenset[int] = frozenset()


def modifiers(g: Context, uid: int, ability: str) -> list[StatValue]:
    """Modifiers card effects put on ``uid``'s ``ability`` now (static ones first, then lasting ones)."""
    if not reached(g, uid):
        return []
    return modifiers_all(g, uid, (ability,)).get(ability, [])


def reached(g: Context, uid: int) -> bool:
    """Whether any card effect in force may change ``uid``'s values now (else :func:`modifiers_all` finds
    none): a lasting record holding it or made by it, an Enhancement a Disaster took, or a static ``modify``
    of its kind (Characters or Disasters) in play."""
    s = g.state
    d = s.disasters.get(uid)
    if d is not None and d.held:
        return True
    if d is not None and _character_disaster_mods(g):  # a Character's card on Disasters (Katsuhiko Jinnai)
        return True
    if s.statics:
        p = g._statics  # in_play(g), its usual answer first (asked at every value read)
        if p is None or p.statics is not s.statics:
            p = in_play(g)
        if p.character_modifies and uid in s.characters:
            return True
        if p.disaster_modifies and uid in s.characters and uid in _kin(g):
            return True
        if d is not None:
            for src, m in p.disaster_modifies:
                if m.disasters is not None and disaster_matches(g, src, uid, m.disasters):
                    return True
    for r in s.lasting:  # noqa: SIM110 - a plain loop: asked at every value read, a generator costs more
        if r.source == uid or uid in r.targets:
            return True
    return False


def modifiers_all(g: Context, uid: int, names: tuple[str, ...], f: InForce | None = None) -> dict[str, list[StatValue]]:
    """:func:`modifiers` of several abilities at once, from one pass over the effects in force: by ability,
    static effects first, then lasting ones (an ability with none is absent). The one place that reads
    which card effects change a value. ``f``: the effects in force, when the caller has worked them out."""
    s = g.state
    out: dict[str, list[StatValue]] = {}
    ch = s.characters.get(uid)
    d = s.disasters.get(uid)
    # its own changes of form come from the records it made or that hold it, and the Enhancements it took
    if d is not None and (d.held or (uid in f.on or uid in f.by_source if f is not None else s.lasting)):
        out = _disaster_own(g, uid, d.held, names, f)
    reaching = f.static_on.get(uid, ()) if f is not None else _static_modifies_on(g, uid, ch, d)
    for src, m in reaching:
        for a in names:
            found = _stat_mods(g, src, m, a)
            if found:
                out.setdefault(a, []).extend(found)
    for rec, v in _records_on(g, uid, f):
        if isinstance(v, Modify):
            if v.vehicle:
                continue  # its numbers go to a vehicle the Character carries (vehicle_bonus)
            if v.per_energy is not None or v.charge is not None:  # counted as the card resolved (Kamehameha), or
                # round by round as it sits a fight out (Power Up)
                for a in names:
                    if a in v.by and rec.count:
                        out.setdefault(a, []).append(modifier(StatKind.ADD, v.by[a] * rec.count))
                continue
            more = stronger(g, uid, rec.source) if ch is not None else 0
            for a in names:
                found = _stat_mods(g, rec.source, v, a)
                if found:
                    if more and v.by.get(a, 0) > 0:
                        found.append(modifier(StatKind.ADD, more))
                    out.setdefault(a, []).extend(found)
        elif isinstance(v, (Grow, Revive)):  # a revive's bonus counts once for each comeback
            for a in names:
                if a in v.by:
                    out.setdefault(a, []).append(modifier(StatKind.ADD, v.by[a] * rec.count))
        elif isinstance(v, Join | Bout):  # a Bout's reward: for the rest of the game (Pendulum Training Room)
            for a in names:
                if a in v.by:
                    out.setdefault(a, []).append(modifier(StatKind.ADD, v.by[a]))
        elif isinstance(v, ShiftItem | Charge) and "energy" in names and rec.count:  # Energy lost or banked
            out.setdefault("energy", []).append(modifier(StatKind.ADD, -rec.count))
    return out


def stronger(g: Context, uid: int, src: int) -> int:
    """How much more each positive number of the Flash Effect ``src`` is for the Character ``uid``, whose own card
    makes effects of its kind stronger (``stronger``: Miz Mishtal's Water, Shayla-Shayla's Fire); 0 for most."""
    found = of_kind(g.card(uid), Stronger)
    if not found:
        return 0
    card = g.card(src)
    if card.type is not CardType.FLASH_EFFECT:
        return 0
    return sum(x.by for x in found if any(is_kind(card, k) for k in x.kinds))


def _static_modifies_on(
    g: Context, uid: int, ch: CharacterState | None, d: DisasterState | None
) -> list[tuple[int, Modify]]:
    """The static ``modify`` effects in force that reach the card ``uid`` now, in order (what a reading keeps
    in ``InForce.static_on``): only those of the kind that may reach it, ``while_here`` tested last."""
    s = g.state
    own_dis = _character_disaster_mods(g) if d is not None else []  # a Character's card on Disasters (Katsuhiko)
    early = [(src, m) for src, m in own_dis if m.disasters is not None and disaster_matches(g, src, uid, m.disasters)]
    if not s.statics:
        return early
    p = in_play(g)
    candidates = (
        p.of(Modify) if ch is not None and d is not None else p.character_modifies if ch else p.disaster_modifies
    )
    kinds = _kin(g).get(uid) if ch is not None and p.disaster_modifies else None
    if kinds is not None:
        candidates = p.of(Modify)  # a Character counting as a Disaster of a kind (Atlia) reads both
    out = []
    for src, m in candidates:
        if m.disasters is not None:
            if kinds is not None and ch is not None and _kin_bonus(g, m, ch, kinds):
                pass
            elif not (d is not None and disaster_matches(g, src, uid, m.disasters)):
                continue
        elif m.who is None or ch is None or not _static_reaches(g, src, m.who, ch):
            continue
        if m.while_here is None or _while_here(g, src, m):
            out.append((src, m))
    return early + out


def _disaster_own(
    g: Context, uid: int, held: list[int], names: tuple[str, ...], f: InForce | None = None
) -> dict[str, list[StatValue]]:
    """What a Disaster's own changes of form put on each of ``names`` (absent: nothing): the printed values of
    a Disaster it copies (The Mass), the body it took over (Ginyu), the factor of a Character come back as a
    Disaster (Dracula), the Enhancements it took (Vegeta)."""
    model = body = OFF
    k = 0
    if g.state.lasting:
        model, body, k = copied(g, uid, f), possessed(g, uid, f), undead(g, uid, f)
    out: dict[str, list[StatValue]] = {}
    for ability in names:
        found: list[StatValue] = []
        if model != OFF and ability in ("attack", "defense", "movement"):
            sv = g.card(model).stat(ability)  # it has taken on another Disaster's printed values (The Mass)
            found.append(modifier(StatKind.SET, sv.value if sv is not None and sv.value is not None else 0))
        if body != OFF and ability in _BODY:  # it fights in the body it took over (Ginyu): that Character's values
            found.append(modifier(StatKind.SET, g.ability(body, ability)))
        if k and ability in ("attack", "defense"):
            found.append(modifier(StatKind.MUL, k))  # a Character come back as a Disaster (Dracula)
        for e in held:  # Enhancements it took (Vegeta): their own values count for it
            sv = g.card(e).stat(ability)
            if sv is not None and sv.is_modifier and sv.value is not None and sv.target is StatTarget.SELF:
                found.append(sv)
        if found:
            out[ability] = found
    return out


def record_count(g: Context, source: int, index: int) -> int:
    """How many times effect ``index`` of ``source`` has grown (``grow``, ``revive``); 0 when it has no record."""
    return next((r.count for r in g.state.lasting if r.source == source and r.effect == index), 0)


def has_record(g: Context, source: int, index: int, target: int) -> bool:
    """Whether effect ``index`` of ``source`` already lasts on ``target``."""
    return any(r.source == source and r.effect == index and target in r.targets for r in g.state.lasting)


def alt_form(g: Context, uid: int, f: InForce | None = None) -> bool:
    """Whether a card effect in play makes ``uid`` use its right-hand values (``alt_form``; CARD-5)."""
    return _alt_form(g, uid, f) is not None


def _alt_form(g: Context, uid: int, f: InForce | None = None) -> AltForm | None:
    s = g.state
    ch = s.characters.get(uid)
    statics = f.alt_forms if f is not None else in_play(g).of(AltForm)
    for src, a in statics:
        if a.while_in_play is not None:
            if src == uid and _card_in_play(g, a.while_in_play):
                return a
        elif a.below_health is not None:
            d = s.disasters.get(uid)
            if src == uid and d is not None and g.max_health(uid) - d.damage < a.below_health:
                return a
        elif a.who is not None and ch is not None and _static_reaches(g, src, a.who, ch):
            return a
    for _, v in _records_on(g, uid, f):
        if isinstance(v, AltForm) and (v.self_ or v.who is not None or v.disasters is not None):  # (False Moon)
            return v
        if isinstance(v, WereDisaster):  # a Character that is a Disaster while transformed (Baby Gohan)
            return _WERE_MAJOR if v.major else _WERE_MINOR
    return None


_WERE_MAJOR: Final = AltForm(self_=True, major=True)  # the form of a Character turned Disaster (``were_disaster``)
_WERE_MINOR: Final = AltForm(self_=True)


def were(g: Context, uid: int, f: InForce | None = None) -> int:
    """The index of the ``were_disaster`` effect by which the Disaster ``uid`` is a Character turned Disaster while
    transformed (its own record on itself: Baby Gohan under Full Moon), or -1."""
    for r, v in _records_on(g, uid, f):
        if r.source == uid and isinstance(v, WereDisaster):
            return r.effect
    return -1


def transformed(g: Context, ch: CharacterState) -> bool:
    """Whether a card in play makes the Character ``ch`` (standing where it stands) use its right-hand values:
    :func:`alt_form` asked of a Character that need not be in ``state.characters`` (one turned Disaster, to know
    whether it stays one)."""
    for src, a in in_play(g).of(AltForm):
        if a.who is not None and _static_reaches(g, src, a.who, ch):
            return True
    return any(isinstance(v, AltForm) and (v.self_ or v.who is not None) for _, v in _records_on(g, ch.uid, None))


def low_location(g: Context, place: int, below: int) -> bool:
    """Whether ``place`` is a Location with a requirement and a printed Attack and Defense (its Health) both under
    ``below`` (Get Around)."""
    if place == OFF or g.state.places[place].haven:
        return False
    card = g.card(place)
    a, d = card.attack, card.defense
    if card.requirements is None or a is None or d is None or a.kind.value != "base" or d.kind.value != "base":
        return False
    return a.value is not None and d.value is not None and a.value < below and d.value < below


def waived(g: Context, group: list[CharacterState], place: int) -> bool:
    """Whether a lasting ``waive`` on a Character of ``group`` lets it Scavenge ``place`` without its requirement
    (Get Around, played on one of them for the turn)."""
    uids = {c.uid for c in group}
    for r in g.state.lasting:
        if uids.intersection(r.targets):
            v = effect_of(g, r).do
            if isinstance(v, Waive) and v.below is not None and low_location(g, place, v.below):
                return True
    return False


def recovery(g: Context, seat: int) -> int:
    """The Haven of ``seat``'s, standing on the Field, into which its Bonked Characters come at once (``recover``:
    West Side City Hospital); -1 when none."""
    s = g.state
    for src, _v in in_play(g).of(Recover):
        if s.owner[src] == seat and src in s.places and not s.places[src].destroyed:
            return src
    return -1


def counts_as_major(g: Context, uid: int) -> bool:
    """Whether a Minor Disaster counts as a Major one now (its ``alt_form`` with ``major``: Dr. Weelo)."""
    a = _alt_form(g, uid)
    return a is not None and a.major


def seat_target(seat: int) -> int:
    """A lasting record's target standing for a player (negative: never a card instance)."""
    return -1 - seat


def hand_open(g: Context, seat: int) -> bool:
    """Whether ``seat`` plays with its hand face up now (an ``open_hand`` effect: Observation Droid)."""
    t = seat_target(seat)
    return any(t in r.targets and isinstance(effect_of(g, r).do, OpenHand) for r in g.state.lasting)


def joined_to(g: Context, uid: int) -> list[int]:
    """The cards that joined the Disaster ``uid`` (``join`` or ``ally`` records on it): they leave play with it."""
    return [r.source for r in g.state.lasting if uid in r.targets and isinstance(effect_of(g, r).do, Join | Ally)]


def allies_of(g: Context, dis: int) -> list[int]:
    """The cards allied with the Disaster ``dis`` (``ally`` records on it): it attacks twice a round."""
    return [r.source for r in g.state.lasting if dis in r.targets and isinstance(effect_of(g, r).do, Ally)]


def allied(g: Context, source: int) -> bool:
    """Whether the card ``source`` has allied with a Disaster (an ``ally`` record it made): it stays in play."""
    return any(r.source == source and isinstance(effect_of(g, r).do, Ally) for r in g.state.lasting)


def halts(g: Context, dis: int) -> bool:
    """Whether the Disaster stands still while Characters are at its Location (``halts``: Mez)."""
    return any(x.stop_at == "characters" for x in _own(g, dis, Halts))


def halts_on_items(g: Context, dis: int) -> bool:
    """Whether the Disaster's walk ends at the first Location with an Item under it (``halts: stop_at items``)."""
    return any(x.stop_at == "items" for x in _own(g, dis, Halts))


def hoards(g: Context, dis: int) -> bool:
    """Whether the Disaster takes an Item wherever it lands even while it carries one (``hoard``: 7 Lucky Gods
    Martial Artists)."""
    return bool(_own(g, dis, Hoard))


def snipes(g: Context, dis: int) -> bool:
    """Whether the Disaster attacks from 1 Location away (``snipe``: Acid Head)."""
    return bool(_own(g, dis, Snipe))


def defeat_needs(g: Context, dis: int) -> DefeatNeeds | None:
    """The Disaster's ``defeat_needs`` text, when it has one."""
    found = _own(g, dis, DefeatNeeds)
    return found[0] if found else None


def recycles_every(g: Context) -> int:
    """The card in play whose static ``recycle: {every: true}`` sends every Defeated Disaster into its owner's
    Draw pile (Frothy Mugs of Water), or OFF."""
    return next((src for src, v in in_play(g).of(Recycle) if v.every), OFF)


def recycled(g: Context, uid: int) -> bool:
    """Whether the Disaster ``uid`` goes back into its owner's Draw pile when Defeated (a ``recycle`` mark)."""
    return any(uid in r.targets and isinstance(effect_of(g, r).do, Recycle) for r in g.state.lasting)


def captives_of(g: Context, dis: int) -> list[int]:
    """The Characters the Disaster ``dis`` holds captive (``capture`` records), in the order it took them."""
    return [
        u
        for r in g.state.lasting
        if r.source == dis and isinstance(effect_of(g, r).do, Capture)
        for u in r.targets
        if u in g.state.characters
    ]


_BODY: Final = ("attack", "defense", "movement", "charm")
COPY_HOOK: Final = "copy_latest"  # The Mass (engine/hooks/disa_copy.py): its copy is read here


def copy_effect(g: Context, uid: int) -> int:
    """The index of the card's ``copy_latest`` hook effect (-1: none)."""
    return next((i for i, e in enumerate(g.card(uid).effects) if isinstance(e.do, Hook) and e.do.name == COPY_HOOK), -1)


def _records_on(g: Context, uid: int, f: InForce | None) -> list[tuple[Lasting, object]]:
    """The lasting records that hold the card ``uid``, in order, with their effects."""
    if f is not None:
        return f.on.get(uid, [])
    return [(r, effect_of(g, r).do) for r in g.state.lasting if uid in r.targets]


def _made_by(g: Context, uid: int, f: InForce | None) -> list[tuple[Lasting, object]]:
    """The lasting records the card ``uid`` made, in order, with their effects."""
    if f is not None:
        return f.by_source.get(uid, [])
    return [(r, effect_of(g, r).do) for r in g.state.lasting if r.source == uid]


def copied(g: Context, uid: int, f: InForce | None = None) -> int:
    """The Disaster card (an instance in a Discard pile) whose printed facts the Disaster ``uid`` has taken on
    (The Mass); OFF when it copies none."""
    if f is not None:
        return f.copies.get(uid, OFF)
    for r, v in _made_by(g, uid, f):
        if uid in r.targets and isinstance(v, Hook) and v.name == COPY_HOOK:
            return g.state.counters.get(uid * SLOTS + r.effect, OFF)
    return OFF


def copyable(g: Context, uid: int) -> bool:
    """Whether The Mass may take on the card ``uid`` of a Discard pile: a Disaster that copies nothing itself."""
    return g.is_disaster(uid) and copy_effect(g, uid) < 0


def own_effects(g: Context, uid: int) -> int:
    """How many of the instance's effects are its printed card's; those after them are text it took on (The
    Mass, ``CardDB.copying``)."""
    card_id = g.state.cards[uid]
    return len(g.card(uid).effects) if COPY_MARK not in card_id else len(g.db.by_id(printed_id(card_id)).effects)


def end_taken_text(g: Context, uid: int) -> None:
    """The text the instance took on stops: the lasting records it made from that text end, and their counters
    are cleared (its own effects' records and counters stay). The caller frees a captive first."""
    s = g.state
    own = own_effects(g, uid)
    if s.lasting:
        s.lasting = [r for r in s.lasting if r.source != uid or r.effect < own]
    if s.counters:
        for k in range(uid * SLOTS + own, uid * SLOTS + EFFECT_SLOTS):
            s.counters.pop(k, None)
    if uid in s.statics:
        s.statics = [u for u in s.statics if u != uid]


def take_on(g: Context, uid: int, model: int) -> None:
    """The instance ``uid`` takes on the text of the card instance ``model`` (its printed card's, not what that
    one took on): the text it had taken on before stops (:func:`end_taken_text`), its card becomes
    ``CardDB.copying`` of the two (a new card list: copies of the state keep theirs) and its static effects apply
    from now on."""
    s = g.state
    end_taken_text(g, uid)
    card = g.db.copying(printed_id(s.cards[uid]), printed_id(s.cards[model]))
    cards = list(s.cards)
    cards[uid] = card.id
    s.cards = cards
    entered(g, uid)


def as_printed(g: Context, uid: int) -> None:
    """The instance is its printed card again (it comes into play anew): the text it took on while last in play
    (The Mass, kept while it lay in the Discard pile, where its last form's ``defeated`` text could still act)
    ends."""
    s = g.state
    if COPY_MARK in s.cards[uid]:
        end_taken_text(g, uid)
        cards = list(s.cards)
        cards[uid] = printed_id(cards[uid])
        s.cards = cards


def possessed(g: Context, dis: int, f: InForce | None = None) -> int:
    """The Character whose body the Disaster ``dis`` has taken over (``capture`` with ``possess``); OFF: none."""
    if f is not None:
        return f.bodies.get(dis, OFF)
    for r, c in _made_by(g, dis, f):
        if r.targets and isinstance(c, Capture) and c.possess:
            return r.targets[0]
    return OFF


def drop_captives(g: Context, dis: int, freed: list[int]) -> None:
    """The Disaster ``dis`` no longer holds these captives (they were freed while it stays in play)."""
    s = g.state
    s.lasting = [
        r
        for r in s.lasting
        if not (r.source == dis and isinstance(effect_of(g, r).do, Capture) and any(u in r.targets for u in freed))
    ]


def charm_pool(g: Context, dis: int, uids: list[int]) -> list[int]:
    """The Characters of ``uids`` the Disaster may charm-attack (its ``target_rule`` ``charm_only``)."""
    s = g.state
    for r in _own(g, dis, TargetRule):
        if r.charm_only is not None:
            uids = [u for u in uids if matches(g, s.characters[u], r.charm_only)]
    return uids


def captor_of(g: Context, uid: int) -> int:
    """The Disaster holding the Character ``uid`` captive (OFF: none)."""
    for r in g.state.lasting:
        if uid in r.targets and isinstance(effect_of(g, r).do, Capture):
            return r.source
    return OFF


def kept_out(g: Context, uid: int) -> str | None:
    """Why the Bonked Character ``uid`` may not come back yet (a ``keep_out`` effect); None when it may."""
    for rec in g.state.lasting:
        if uid in rec.targets and isinstance(effect_of(g, rec).do, KeepOut):
            return f"{g.card(rec.source).name} keeps it out of play"
    return None


def _card_in_play(g: Context, card_id: str) -> bool:
    s = g.state
    return any(s.cards[u] == card_id for u in s.disasters) or any(s.cards[u] == card_id for u in s.characters)


_SELF_HOLDS: dict[int, tuple[list[str], dict[int, tuple[Hold, ...]]]] = {}


def self_holders(g: Context) -> dict[int, tuple[Hold, ...]]:
    """The Characters whose own card may hold them (a ``hold`` on ``self``), with those records: worked out once
    per card list (empty in most games)."""
    return characters_with(_SELF_HOLDS, g._cards, g.state.cards, _self_holds_of)


def _self_holds_of(card: Card) -> tuple[Hold, ...]:
    """The card's static ``hold`` effects on itself."""
    return tuple(
        e.do for e in card.effects if e.when == "static" and isinstance(e.do, Hold) and e.do.who.among == "self"
    )


def self_hold(g: Context, uid: int, action: str) -> int:
    """The Character ``uid`` itself when its own card holds it from ``action`` now (a ``hold`` on ``self`` with
    ``while_card``: Dr. Tofu while Kasumi is in play); OFF otherwise (the Characters with such a card are found
    once per card list: most games have none)."""
    found = self_holders(g)
    if not found or uid not in found:
        return OFF
    for h in found[uid]:
        if action in h.actions and (h.while_card is None or _named_in_play(g, h.while_card)):
            return uid
    return OFF


def _named_in_play(g: Context, card_id: str) -> bool:
    """Whether a card of this id is in play: a Global Effect of any player, a Disaster or a Character."""
    s = g.state
    return _card_in_play(g, card_id) or any(s.cards[u] == card_id for p in s.players for u in p.globals)


def disaster_held(g: Context, uid: int, action: str) -> int:
    """The Flash Effect whose ``hold`` keeps the Disaster ``uid`` from ``action`` (``move``: no step; ``attack``: no
    fight starts with it), OFF when none does (Pay Attention, Temporal Disturbance, Time Out!)."""
    for rec in g.state.lasting:
        if uid in rec.targets:
            h = effect_of(g, rec).do
            if isinstance(h, Hold) and h.disasters is not None and action in h.actions:
                return rec.source
    return OFF


def on_attackers(g: Context, target: int, ability: str) -> int:
    """The modifier to ``ability`` of whoever attacks the Character ``target`` now: the ``attackers`` of the
    ``modify`` effects lasting on it (High Ground: -1 Defense). Call it only when ``state.lasting`` is not empty."""
    out = 0
    for rec in g.state.lasting:
        if target in rec.targets:
            v = effect_of(g, rec).do
            if isinstance(v, Modify) and v.attackers:
                out += v.attackers.get(ability, 0)
    return out


def forbids(g: Context, uid: int, action: str) -> str | None:
    """Why the Character ``uid`` may not ``action`` (move, attack, scavenge, run) now; None when it may."""
    s = g.state
    if self_hold(g, uid, action) != OFF:
        return f"{g.card(uid).name}'s own card holds it (CARD-22)"
    if not s.lasting and not s.statics:
        return None
    for rec in s.lasting:
        if uid in rec.targets:
            h = effect_of(g, rec).do
            if isinstance(h, Hold) and action in h.actions:
                return f"{g.card(rec.source).name} holds it (CARD-22)"
    ch = s.characters.get(uid)
    if ch is None:
        return None
    for src, h in in_play(g).of(Hold):
        if action in h.actions and _static_reaches(g, src, h.who, ch):
            return f"{g.card(src).name} is in play (CARD-22)"
    return None


def kept_by(g: Context, uid: int, how: str = "move", ride: int = -1) -> int:
    """The card whose ``hold`` keeps the Character ``uid`` where it stands (CARD-22), OFF when it may leave. The
    one permission query of every way of leaving a Location, ``how``: ``move`` (its own move: walking,
    driving or riding, stepping off the Field or coming back, TURN-20), ``run`` (Running Away: a hold on
    running, or one that keeps it there, ``stay``; otherwise it always may, COMBAT-19) or ``card`` (moved by
    a card's effect: only a ``stay`` or ``grip`` hold). ``ride``: the own Movement of the Vehicle it would leave aboard;
    a hold with ``ride_out`` lets it go in one faster than that (Mez)."""
    s = g.state
    if how in ("move", "run") and self_hold(g, uid, how) != OFF:
        return uid  # its own card holds it (Dr. Tofu while Kasumi is in play)
    if not s.lasting and not s.statics:
        return OFF
    for rec in s.lasting:
        if uid in rec.targets:
            h = effect_of(g, rec).do
            if isinstance(h, Hold) and _keeps(h, how, ride):
                return rec.source
    ch = s.characters.get(uid)
    if ch is None:
        return OFF
    for src, h in in_play(g).of(Hold):
        if _keeps(h, how, ride) and _static_reaches(g, src, h.who, ch):
            return src
    return OFF


def _keeps(h: Hold, how: str, ride: int) -> bool:
    """Whether the hold ``h`` forbids leaving ``how`` (:func:`kept_by`)."""
    if h.ride_out is not None and ride > h.ride_out:
        return False
    if how == "move":
        return "move" in h.actions
    if how == "run":
        return "run" in h.actions or h.stay
    return h.stay or h.grip


def held(g: Context, uid: int, actions: tuple[str, ...], f: InForce | None = None) -> list[str]:
    """Which of ``actions`` card effects forbid the Character ``uid`` now, in the order given: the same
    answer as :func:`forbids` for each, from one pass over the effects in force."""
    s = g.state
    # its own card holds it (Dr. Tofu and Kasumi)
    own = [a for a in actions if self_hold(g, uid, a) != OFF] if uid in self_holders(g) else []
    if not s.lasting and not s.statics:
        return own
    found: set[str] = set(own)
    for _, h in _records_on(g, uid, f):
        if isinstance(h, Hold):
            found.update(h.actions)
    ch = s.characters.get(uid)
    if ch is not None:
        holds = f.holds if f is not None else in_play(g).of(Hold)
        for src, h in holds:
            if not found.issuperset(h.actions) and _static_reaches(g, src, h.who, ch):
                found.update(h.actions)
    return [a for a in actions if a in found] if found else []


def scavenge_block(g: Context, place: int, group: list[CharacterState]) -> str | None:
    """Why ``group`` may not Scavenge ``place`` now (a ``block`` effect); None when it may."""
    s = g.state
    blocks: list[tuple[int, Block]] = [(place, b) for b in own(g.card(place), Block)]  # the Location's own
    if not s.lasting and not s.statics and not blocks:
        return None
    for rec in s.lasting:
        b = effect_of(g, rec).do
        if isinstance(b, Block) and place in rec.targets:
            blocks.append((rec.source, b))
    for src, b in in_play(g).of(Block):
        if b.where == "here":
            if source_place(g, src) == place:  # a Disaster on it, or the Location itself
                blocks.append((src, b))
        elif b.requiring is not None and _requires(g, place, b.requiring):
            blocks.append((src, b))
    for src, b in blocks:
        if b.only_if is not None and not any(one_meets(g, c, b.only_if) for c in group):
            continue
        if b.majority is not None:
            having = sum(1 for c in group if one_meets(g, c, b.majority))
            if 2 * having > len(group):
                continue
            return f"{g.card(src).name}: more than half of the group needs {b.majority.text} (SCAV-1)"
        if b.unless is not None:
            held = [h for c in group for h in held_cards(g, c)]
            cards = [skill_card(g, c.uid) for c in group]
            if meets(b.unless, cards, held, anti_skill=g.rules.anti_skill):
                continue
            return f"{g.card(src).name} blocks it unless the group has {b.unless.text} (SCAV-1)"
        return f"{g.card(src).name} blocks it"
    return None


def nearest_requiring(g: Context, place: int, skill: str) -> int:
    """The Location nearest to ``place`` (``place`` itself first) whose requirement names ``skill``; ties go to
    the lowest cell (row, then column); OFF when there is none."""
    s = g.state
    far = distances(s, s.places[place].cell, g.rules.adjacency, 99)
    found = [
        (far[pl.cell], pl.cell[1], pl.cell[0], uid)
        for uid, pl in s.places.items()
        if not pl.haven and not pl.destroyed and pl.cell in far and _requires(g, uid, skill)
    ]
    return min(found)[3] if found else OFF


def _requires(g: Context, place: int, skill: str) -> bool:
    req = g.card(place).requirements
    return req is not None and any(a.word.lower() == skill.lower() for a in req.atoms())


def forbidden(g: Context, what: str, ch: CharacterState | None = None) -> str | None:
    """Why a kind of play (``fight_players``, ``scavenge_others``, ``dimensional``) is forbidden now (for
    ``ch``, when it matters); None when it is not."""
    for src, f in in_play(g).of(Forbid):
        if what in f.actions:
            if ch is not None and f.spare is not None and matches(g, ch, f.spare):
                continue
            return f"{g.card(src).name} is in play"
    return None


def stealable(g: Context, item: int) -> bool:
    """Whether a Disaster may steal the Item ``item`` (CARD-18): not while a ``forbid: steal_items`` effect in
    force names it or one of its categories (Classy Crooks)."""
    if not g.state.statics:
        return True
    for _, f in in_play(g).of(Forbid):
        if "steal_items" in f.actions and (not f.items or any(is_kind(g.card(item), k) for k in f.items)):
            return False
    return True


def indestructible(g: Context, uid: int) -> int:
    """The card in play whose ``forbid: destroy_items`` keeps the Item or Equipment card ``uid`` from being
    Destroyed (Kasumi), or OFF (a game without one pays one test)."""
    if not g.state.statics or g.card(uid).type not in (CardType.ITEM, CardType.EQUIPMENT):
        return OFF
    return next((src for src, f in in_play(g).of(Forbid) if "destroy_items" in f.actions), OFF)


def _forbidding(g: Context, what: str) -> list[int]:
    """The Disasters in play whose ``forbid`` names ``what``."""
    return in_play(g).forbidding(what)


def entries_left(g: Context, seat: int) -> int:
    """How many more Characters ``seat`` may bring onto the Field this turn under ``forbid: enter_many`` (No
    Help!: one a turn); 6 (the cap of TURN-16, never reached through this) when no card limits it."""
    s = g.state
    if not s.statics:
        return 6
    srcs = _forbidding(g, "enter_many")
    if not srcs:
        return 6
    now = s.players[seat].turns
    return 0 if any(s.counters.get(src * SLOTS + ENTRY_COUNTER + seat) == now for src in srcs) else 1


def brought_onto_field(g: Context, seat: int) -> None:
    """``seat`` brought a Character onto the Field (from its Haven, or back from off the Field): the cards that
    allow one a turn count it."""
    s = g.state
    if s.statics:
        for src in _forbidding(g, "enter_many"):
            s.counters[src * SLOTS + ENTRY_COUNTER + seat] = s.players[seat].turns


def groups_closed(g: Context) -> bool:
    """Whether a card in play closes the groups (``forbid: join_groups``, No Help!): asked once per listing."""
    return bool(g.state.statics) and bool(_forbidding(g, "join_groups"))


def joins_group(g: Context, seat: int, place: int, movers: tuple[int, ...]) -> bool:
    """Whether ``movers`` (one player's Characters travelling together) stopping at ``place`` would join a group
    they are not in, while a card forbids it (``forbid: join_groups``, No Help!): other Characters of ``seat``
    stand on that Field Location. A Haven is off the Field: no group forms there."""
    s = g.state
    if not s.statics or s.places[place].haven or not _forbidding(g, "join_groups"):
        return False
    return any(c.uid not in movers for c in g.characters_at(place, seat))


def hidden_at(g: Context, place: int) -> bool:
    """Whether a lasting ``hide_from`` record holds a Character standing at ``place``: Disasters pass over it
    (Hiding Out)."""
    s = g.state
    for r in s.lasting:
        if isinstance(effect_of(g, r).do, HideFrom) and any(
            (c := s.characters.get(u)) is not None and c.pos == place for u in r.targets
        ):
            return True
    return False


def vehicle_bonus(g: Context, vehicle: int, kind: str, carrier: int, ability: str) -> int:
    """What lasting ``modify`` records with ``vehicle`` add to the ``ability`` of the vehicle ``vehicle`` (of that
    ``kind``) that the Character ``carrier`` carries (Ready to Go)."""
    total = 0
    for r in g.state.lasting:
        if carrier in r.targets:
            v = effect_of(g, r).do
            if isinstance(v, Modify) and kind in v.vehicle:
                total += v.by.get(ability, 0)
    return total


def health_bonus(g: Context, uid: int, f: InForce | None = None) -> int:
    """What lasting ``modify`` records on the Character ``uid`` add to its Health (Final Stand)."""
    return sum(v.by.get("health", 0) for _, v in _records_on(g, uid, f) if isinstance(v, Modify))


def health_doubled(g: Context, uid: int, f: InForce | None = None) -> int:
    """How many lasting ``modify`` records on the Character ``uid`` double its Health (King Yemma's Fruit)."""
    return sum(1 for _, v in _records_on(g, uid, f) if isinstance(v, Modify) and "health" in v.double)


def aura_bonus(g: Context, uid: int, ability: str, f: InForce | None = None) -> int:
    """What the auras of the other Characters in ``uid``'s party add to its ``ability`` (``aura`` effects:
    Little Washu, Washu, EX-5)."""
    s = g.state
    ch = s.characters.get(uid)
    if ch is None or ch.pos == OFF or ch.bonked_at >= 0:
        return 0
    total = 0
    for other, a in f.auras if f is not None else _auras(g):
        if other.uid != uid and other.pos == ch.pos and other.owner == ch.owner and a.ability == ability:
            total += a.amount
    return total


def aura_mods(g: Context, ch: CharacterState) -> list[tuple[int, dict[str, StatValue]]]:
    """The modifiers the auras of the Characters in ``ch``'s party put on its abilities other than Health, one
    mapping per Character giving one (with its uid), in the order of the state's Characters (Bubbles, Kami,
    Farmer with shotgun); empty when none reaches it."""
    if ch.pos == OFF or ch.bonked_at >= 0:
        return []
    out: list[tuple[int, dict[str, StatValue]]] = []
    for other, a in _auras(g):
        if a.ability == "health" or other.pos != ch.pos or other.owner != ch.owner:
            continue
        if other.uid == ch.uid and not a.itself:
            continue
        if a.has is not None and not _aura_reaches(g, other, ch, a):
            continue
        mods = out[-1][1] if out and out[-1][0] == other.uid else None
        if mods is None:
            mods = {}
            out.append((other.uid, mods))
        if a.set:
            mods[a.ability] = modifier(StatKind.SET, a.amount)
        else:
            old = mods.get(a.ability)
            mods[a.ability] = modifier(StatKind.ADD, a.amount + ((old.value or 0) if old is not None else 0))
    return out


T = TypeVar("T")


def _auras(g: Context) -> list[tuple[CharacterState, Aura]]:
    """The ``aura`` effects of the Characters standing (not Bonked), in the order of the state's Characters; a
    carried card's are its carrier's (Mecha Plans)."""
    s = g.state
    out: list[tuple[CharacterState, Aura]] = []
    holders = g.aura_uids()
    if not holders:
        return out
    cards, ids = g._cards, s.cards
    for c in s.characters.values():
        if c.bonked_at >= 0:
            continue
        if c.uid in holders:
            out += [(c, a) for a in of_kind(cards[ids[c.uid]], Aura)]
        if c.carried and not holders.isdisjoint(c.carried):
            out += [(c, a) for u in c.carried if u in holders for a in of_kind(cards[ids[u]], Aura)]
    return out


def _aura_reaches(g: Context, source: CharacterState, ch: CharacterState, a: Aura) -> bool:
    """Whether an aura with ``has`` (and ``one``) from ``source`` reaches ``ch`` of its party: ``ch`` meets it, and
    with ``one`` no Character before it does (``source`` itself first, then the party in card order)."""
    assert a.has is not None

    def fits(c: CharacterState) -> bool:
        return one_meets(g, c, a.has)  # type: ignore[arg-type]

    if not fits(ch):
        return False
    if not a.one:
        return True
    party = [c for c in g.characters_at(source.pos, source.owner) if c.bonked_at < 0]
    party.sort(key=lambda c: (c.uid != source.uid, c.uid))
    return next((c for c in party if (c.uid != source.uid or a.itself) and fits(c)), None) is ch


# ---------------------------------------------------------------------- combat against a Disaster


def _own(g: Context, dis: int, kind: type[T]) -> tuple[T, ...]:
    """The Disaster's own static effects of one kind, while they apply (it is in play)."""
    s = g.state
    return of_kind(g._cards[s.cards[dis]], kind) if dis in s.statics else ()


def target_pool(g: Context, dis: int, pool: list[CharacterState]) -> list[CharacterState]:
    """The Characters the Disaster ``dis`` may attack now, of ``pool`` (its ``target_rule``; DIS-29 then picks),
    without those a card in play for everyone keeps Disasters of its kind from attacking (``untouchable`` with
    ``by: [disasters]`` on ``who: {among: all}``: Happy Students)."""
    for src, x in in_play(g).of(Untouchable):
        if "disasters" in x.by and x.who.among == "all" and _spares_kind(g, dis, x.named):
            pool = [c for c in pool if not _static_reaches(g, src, x.who, c)]
    if g.state.lasting:  # one named by a Haven's use is passed over by such Disasters (Ross' Apartment)
        pool = unaffected(g, dis, pool)
    for r in _own(g, dis, TargetRule):
        if r.never is not None:
            pool = [c for c in pool if not matches(g, c, r.never)]
        if r.only is not None:
            pool = [c for c in pool if matches(g, c, r.only)]
        if r.first is not None:
            pool = [c for c in pool if matches(g, c, r.first)] or pool
    return pool


def unaffected(g: Context, source: int, pool: list[CharacterState]) -> list[CharacterState]:
    """Of ``pool``, those the card ``source`` may reach: a Character named by a lasting ``untouchable`` record with
    ``by: [disasters]`` (chosen by a Haven's use: Ross' Apartment, Phantom Quest Corporation) is passed over by the
    cards of the kinds it names, in their choice of target and in their effects."""
    s = g.state
    if not s.lasting or not pool:
        return pool
    cards, ids = g._cards, s.cards
    out = pool
    for rec in s.lasting:
        v = cards[ids[rec.source]].effects[rec.effect].do
        if isinstance(v, Untouchable) and "disasters" in v.by and _spares_kind(g, source, v.named):
            out = [c for c in out if c.uid not in rec.targets]
    return out


def _spares_kind(g: Context, dis: int, named: tuple[str, ...]) -> bool:
    """Whether the Disaster is of one of the kinds named (all of them when none is named)."""
    card = g.card(dis)
    return not named or any(is_kind(card, w) for w in named)


def may_strike(g: Context, char: int, dis: int) -> bool:
    """Whether the Character may strike the Disaster (held from attacking, CARD-22; a ``shielded`` Disaster)."""
    if forbids(g, char, "attack") is not None:
        return False
    ch = g.state.characters.get(char)
    if ch is None:
        return False
    return not any(matches(g, ch, x.who) for x in _own(g, dis, Shielded))


def never_killed(g: Context, ch: CharacterState) -> int:
    """The card in play whose ``never_killed`` for everyone keeps ``ch`` from being Killed (it is Bonked
    instead: Frothy Mugs of Water); -1 when none."""
    if not g.state.statics:
        return -1
    for src, x in in_play(g).of(NeverKilled):
        if _static_reaches(g, src, x.who, ch):
            return src
    return -1


def regenerator(g: Context, ch: CharacterState) -> int:
    """The card of ``ch``'s owner in play that takes ``ch`` in instead of its being Killed (``regenerate``:
    Medical Regenerator), when none holds a Character yet (one at a time); -1 when none."""
    s = g.state
    if not s.statics:
        return -1
    for src, _x in in_play(g).of(Regenerate):
        if src in s.players[ch.owner].globals and not any(r.source == src and r.targets for r in s.lasting):
            return src
    return -1


def regenerating(g: Context, uid: int) -> Regenerate | None:
    """The ``regenerate`` effect that holds the Character ``uid`` (it waits in the card), or None."""
    for rec in g.state.lasting:
        if uid in rec.targets and isinstance(v := effect_of(g, rec).do, Regenerate):
            return v
    return None


def raises_undead(g: Context, dis: int) -> int:
    """The index of the Disaster's ``undead`` effect (a Character it Kills comes back as a Disaster), or -1."""
    if dis not in g.state.statics:
        return -1
    return next((i for i, e in enumerate(g.card(dis).effects) if isinstance(e.do, Undead)), -1)


def undead(g: Context, uid: int, f: InForce | None = None) -> int:
    """The factor an ``undead`` record puts on the Disaster ``uid`` (a Character turned Disaster: Dracula's
    victim); 0 when it is none."""
    if f is not None:
        return f.undead.get(uid, 0)
    return next((v.factor for _, v in _records_on(g, uid, f) if isinstance(v, Undead)), 0)


def takes_enhancements(g: Context, dis: int) -> bool:
    """Whether the Disaster takes the Enhancements of the Characters it beats (``take_enhancements``)."""
    return bool(_own(g, dis, TakeEnhancements))


# How a fight against a Disaster goes, by its ``combat_rule`` records (cards/effects.py): the combat procedure
# asks these questions and reads numbers, so a card that changes a fight is data, never a branch of its own.


def strikers_limit(g: Context, dis: int) -> int | None:
    """At most how many Characters may strike the Disaster at once (None: as the rulebook says)."""
    limits = [x.strikers for x in _own(g, dis, CombatRule) if x.strikers is not None]
    return min(limits) if limits else None


def combat_cards_void(g: Context, dis: int) -> bool:
    """Whether Combat cards have no effect in physical combat with the Disaster (for it or against it)."""
    return any(not x.combat_cards for x in _own(g, dis, CombatRule))


def separate_defense(g: Context, dis: int) -> bool:
    """Whether each strike meets the Disaster's Defense on its own."""
    return any(x.defense == "each" for x in _own(g, dis, CombatRule))


def ignored_strikes(g: Context, dis: int) -> int:
    """How many of the strongest strikes against the Disaster miss each round."""
    return max((x.ignores for x in _own(g, dis, CombatRule)), default=0)


def damage_factor(g: Context, dis: int, round_no: int) -> int:
    """What the Disaster's damage is multiplied by in this round of a fight (1: as printed)."""
    factor = 1
    for x in _own(g, dis, CombatRule):
        if x.damage is not None and round_no % x.damage.every == 0:
            factor *= x.damage.factor
    return factor


def diverts(g: Context, dis: int, place: int) -> bool:
    """Whether the strike on the Disaster is turned on another player's Character now (``combat_rule`` ``diverts``:
    Najato), none of the Characters at ``place`` meeting its ``diverts_unless``."""
    for x in _own(g, dis, CombatRule):
        if x.diverts and not (
            x.diverts_unless is not None and any(one_meets(g, c, x.diverts_unless) for c in g.characters_at(place))
        ):
            return True
    return False


def hits_all(g: Context, dis: int) -> bool:
    """Whether each attack of the Disaster hits every Character fighting it at its Location."""
    return any(x.hits == "all" for x in _own(g, dis, CombatRule))


def attack_is_strike(g: Context, dis: int, round_no: int) -> bool:
    """Whether the Disaster's Attack this round is the total Attack striking it."""
    return any(x.attack_is_strike is not None and round_no >= x.attack_is_strike for x in _own(g, dis, CombatRule))


def targets_per_round(g: Context, dis: int) -> int:
    """How many Characters fighting it the Disaster attacks each round."""
    return max((x.targets for x in _own(g, dis, CombatRule)), default=1)


def breaks_off_after(g: Context, dis: int, round_no: int) -> bool:
    """Whether a fight with the Disaster ends after this round (its ``rounds``)."""
    return any(x.rounds is not None and round_no >= x.rounds for x in _own(g, dis, CombatRule))


def steals_and_runs(g: Context, dis: int) -> bool:
    """Whether the Disaster runs off with an Item it takes in a fight (and leaves it where it stops)."""
    return any(x.steal_and_run for x in _own(g, dis, CombatRule))


def discards_bonked_items(g: Context, dis: int) -> bool:
    """Whether the Items of a Character the Disaster Bonks are Discarded (not dropped)."""
    return any(x.bonked_items == "discard" for x in _own(g, dis, CombatRule))


def holds_fire(g: Context, dis: int, round_no: int, defeated: bool) -> bool:
    """Whether the Disaster deals no damage this round (``holds_fire``)."""
    return any(round_no in h.rounds or (defeated and h.when_defeated) for h in _own(g, dis, HoldsFire))


def immune(g: Context, dis: int, char: int) -> bool:
    """Whether strikes by ``char`` do the Disaster no damage (``immune``)."""
    ch = g.state.characters.get(char)
    if ch is None:
        return False
    return any(matches(g, ch, x.who) for x in _own(g, dis, Immune))


def extra_combat_cards(g: Context) -> int:
    """How many Combat cards a Combat Disaster draws each round (``extra_combat_cards`` in play; else 1)."""
    n = 1
    for _, x in in_play(g).of(ExtraCombatCards):
        if x.who is not None:
            continue  # a Character's, lasting (engine/effects/flash_aims.py)
        if not (x.unless_in_play and _card_in_play(g, x.unless_in_play)):
            n = max(n, x.count)
    return n


def defeated_by_bonk(g: Context, ch: CharacterState) -> list[int]:
    """The Disasters in play that are Defeated because ``ch`` was just Bonked (``defeated_if_bonked``)."""
    out = []
    for src, x in in_play(g).of(DefeatedIfBonked):
        if matches(g, ch, x.who) and src not in out:
            out.append(src)
    return out


def passage_walls(g: Context, movers: list[CharacterState], vehicle: int = OFF) -> frozenset[tuple[int, int]]:
    """The cells a move of ``movers`` (one Character, a group moving as one, or a vehicle's load) may end on
    but not go on past: where a Disaster with a ``passage`` rule stands and the movers do not meet it (each one
    on its own, with what it holds; aboard a vehicle, the vehicle card may meet it for all: Bugrom Bridge
    Bashers' Flying Vehicle). Empty when no such Disaster is in play."""
    s = g.state
    rules: list[tuple[int, Passage]] = []
    for place in _walled(g):  # Locations with a passage rule of their own (Crystal Tunnels)
        if not s.places[place].destroyed:
            rules += [(place, p) for p in own(g.card(place), Passage)]
    if s.statics:
        for src, p in in_play(g).of(Passage):
            d = s.disasters.get(src)
            if d is not None and d.pos != OFF:
                rules.append((d.pos, p))
    if not rules:
        return frozenset()
    out = set()
    for place, p in rules:
        if p.only is not None and not any(one_meets(g, c, p.only) for c in movers):
            continue
        if p.unless is not None:
            if vehicle != OFF and meets(p.unless, [], [g.card(vehicle)], anti_skill=g.rules.anti_skill):
                continue
            if all(one_meets(g, c, p.unless) for c in movers):
                continue
        out.add(s.places[place].cell)
    return frozenset(out)


# The Locations on the Field with a passage rule of their own, per Field (the places' mapping, checked, and its
# version): worked out once each time the Field changes, an empty answer in most games
_WALLED: dict[int, tuple[object, int, tuple[int, ...]]] = {}


def _walled(g: Context) -> tuple[int, ...]:
    s = g.state
    found = _WALLED.get(id(s.places))
    if found is None or found[0] is not s.places or found[1] != s.field_version:
        if len(_WALLED) > 4096:
            _WALLED.clear()
        uids = tuple(u for u in sorted(s.places) if own(g.card(u), Passage))
        found = _WALLED[id(s.places)] = (s.places, s.field_version, uids)
    return found[2]


def no_entry(g: Context, place: int) -> str | None:
    """The card that keeps every Character from moving into ``place`` (``forbid: enter_havens``, ``enter_requiring``:
    Natsumi and Karume); None when none does. Asked only while a Disaster with static effects is in play."""
    s = g.state
    if not s.statics:
        return None
    p = in_play(g)
    havens, requiring = p.forbidding("enter_havens"), p.forbidding("enter_requiring")
    if not havens and not requiring:
        return None  # most games: asked for every cell a Character might move to, answered from the kept lists
    if s.places[place].haven:
        return g.card(havens[0]).name if havens else None
    for src, f in p.of(Forbid):
        if "enter_requiring" in f.actions and f.requiring and _requires(g, place, f.requiring):
            return g.card(src).name
    return None


def armour(g: Context, dis: int, strikers: Sequence[int]) -> int:
    """The Defense the Disaster ``dis`` has beyond its own in a round struck by ``strikers`` (``combat_rule``
    ``armour``: a striker holds a card of one of its ``armour_vs`` categories, Assassin-Bot's Missile Weapons)."""
    s = g.state
    out = 0
    for x in _own(g, dis, CombatRule):
        if not x.armour:
            continue
        held = [
            u for c in strikers if c in s.characters for u in (*s.characters[c].carried, *s.characters[c].enhancements)
        ]
        if any(is_kind(g.card(u), k) for u in held for k in x.armour_vs):
            out += x.armour
    return out


def boosts_cancelled(g: Context, dis: int) -> int:
    """How many Boosts the Disaster ``dis`` cancels in each fight against it (``combat_rule`` ``cancels``: Toma)."""
    return sum(x.cancels for x in _own(g, dis, CombatRule))


def reach(g: Context, dis: int) -> int:
    """How many Locations away the Disaster attacks Characters that stop near it (``reach``: Surgical Laser); 0."""
    return max((x.within for x in _own(g, dis, Reach)), default=0)


def self_bonks(g: Context, seat: int) -> list[int]:
    """``seat``'s Characters on the Field that may Bonk themselves on purpose now (``defeated_if_bonked`` with
    ``self_bonk``: Ryo-Ohki against The Mass Humanoid Form)."""
    s = g.state
    if not s.statics:
        return []
    rules = [x for _, x in in_play(g).of(DefeatedIfBonked) if x.self_bonk]
    if not rules:
        return []
    return [
        c.uid
        for c in sorted(s.characters.values(), key=lambda c: c.uid)
        if c.owner == seat
        and c.pos != OFF
        and c.bonked_at < 0
        and not s.places[c.pos].haven
        and any(matches(g, c, x.who) for x in rules)
    ]


def charm_bonuses(g: Context, uid: int) -> list[CharmBonus]:
    """The ``charm_bonus`` records a Flash Effect put on the Character ``uid`` (Loving You), in force now."""
    if not g.state.lasting:
        return []
    return [v for r in g.state.lasting if uid in r.targets and isinstance(v := effect_of(g, r).do, CharmBonus)]


def reversed_path(g: Context, uid: int) -> bool:
    """Whether a card makes the Disaster ``uid`` walk its path the other way (``reverse_path``: Change Direction)."""
    return any(uid in r.targets and isinstance(effect_of(g, r).do, ReversePath) for r in g.state.lasting)
