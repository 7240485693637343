"""The effect interpreter: carries out card effects written in the effect language (cards/effects.py;
RULES.md CARD-1, DIS-20 … DIS-23, TURN-9, MISC-12).

Rule procedures announce what happens and this module does what the cards say, so no procedure knows which
card is speaking:

* :func:`enters` — a Disaster came into play: drawn (once it reaches its Location, DIS-21; at once when Off
  the Field, DIS-23) or turned up while Scavenging (DIS-20). A non-Combat Disaster's requirement test comes
  first: an effect whose ``unless`` the group meets is overcome and does nothing. Then each effect resolves;
  a non-Combat Disaster with nothing lasting is Discarded once its action is complete (DIS-20).
* :func:`can_affect_field` — TURN-9, decided from the card's effects: does any of them have something to act
  on now?
* :func:`lands`, :func:`defeated` — the ``lands`` and ``defeated`` triggers.
* Flash Effects (engine/procedures/flash.py): :func:`targets` and :func:`resolve` for ``destroy_target``.

Static effects and lasting ones are read through engine/effects/lasting.py. State changes go through the rule
primitives (engine/effects/primitives.py). This module imports neither a procedure nor a face.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final, Protocol

from animayhem.cards.effects import (
    Admit,
    Advance,
    Ally,
    Alone,
    AltForm,
    Block,
    Bonk,
    Bribe,
    CallOff,
    Cancel,
    Capture,
    Charge,
    CharmBonus,
    Control,
    Damage,
    DamageTaken,
    DefeatByDiscard,
    Defeats,
    Destroy,
    DestroyDisaster,
    DestroyFromDraw,
    DestroyTarget,
    Disasters,
    Discard,
    DiscardHand,
    DiscardSelf,
    DrawCard,
    Effect,
    EquipFrom,
    ExtraAttack,
    ExtraCombatCards,
    ExtraMove,
    Free,
    FreeCast,
    FromDiscard,
    Gains,
    Gather,
    Grab,
    Grow,
    Halt,
    Heal,
    Hold,
    Hook,
    Join,
    Keep,
    KeepOut,
    Kill,
    LeaveBehind,
    Look,
    LoseTurn,
    Modify,
    MoveSelf,
    NoDamage,
    NoSkill,
    OpenHand,
    PlaceDisaster,
    PlayFromDraw,
    PullCards,
    Recycle,
    Release,
    Relocate,
    ReshuffleHands,
    RestoreUses,
    Retrieve,
    ReturnItem,
    ReverseCharm,
    ReversePath,
    Revive,
    Rivals,
    SendHome,
    Shift,
    ShiftItem,
    ShuffleIntoDeck,
    Spare,
    SpareEquipment,
    Steal,
    Steer,
    Swap,
    Transform,
    Waive,
    What,
    Who,
    Wipe,
    Wound,
    kept_as,
)
from animayhem.cards.evaluate import meets
from animayhem.cards.frozen import evolve
from animayhem.cards.model import Card, CardType
from animayhem.cards.requirements import Requirement
from animayhem.engine.core import statics
from animayhem.engine.core.actions import act
from animayhem.engine.core.events import cell_list
from animayhem.engine.core.field import distances
from animayhem.engine.core.state import (
    KEPT_DAMAGE_COUNTER,
    MOVED_FROM_COUNTER,
    NEXT_COMBAT,
    NEXT_FIGHT,
    NEXT_ROUND,
    OFF,
    SLOTS,
    WHILE_IN_PLAY,
    WHILE_TARGET,
    CharacterState,
    DisasterState,
    game_over,
)
from animayhem.engine.core.win import check
from animayhem.engine.effects import (
    answers,
    bearer,
    card_hooks,
    control,
    energy,
    flash_aims,
    flash_play,
    flash_targets,
    lasting,
    primitives,
    put_in_play,
)
from animayhem.engine.effects.transform import force, gained_icon, held_cards, skill_card

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


class FlashStack(Protocol):
    """What an effect reads and changes of the Flash Effects not yet resolved (procedures/flash.py)."""

    cards: list[int]
    kind: str  # the decision the first of them interrupted

    def remove(self, uid: int) -> None: ...


# (card id, trigger) -> the card and its effects with that trigger; checked to be that very Card object, as
# another database in the process (a test, the mutation check) may hold another card under the same id
_BY_WHEN: dict[tuple[str, str], tuple[Card, tuple[tuple[int, Effect], ...]]] = {}


def effects_of(card: Card, when: str) -> tuple[tuple[int, Effect], ...]:
    """The card's effects with this trigger, with their index (card data never changes: cached)."""
    key = (card.id, when)
    found = _BY_WHEN.get(key)
    if found is None or found[0] is not card:
        found = _BY_WHEN[key] = (card, tuple((i, e) for i, e in enumerate(card.effects) if e.when == when))
    return found[1]


# ---------------------------------------------------------------------- selectors


def _in_play(g: Context) -> list[CharacterState]:
    return sorted((c for c in g.state.characters.values() if c.pos != OFF and c.bonked_at < 0), key=lambda c: c.uid)


def characters(g: Context, who: Who, place: int, seat: int | None) -> list[CharacterState]:
    """The Characters ``who`` names, in a stable order, before ``pick`` (``place``: where the card met them)."""
    if who.among == "all":
        pool = _in_play(g)
    elif who.among == "field":
        pool = [c for c in _in_play(g) if not _in_haven(g, c)]
    elif who.among == "own":  # the seat's Characters on the Field ("your most powerful Character")
        pool = [c for c in _in_play(g) if c.owner == seat and not _in_haven(g, c)]
    elif place == OFF:
        pool = []
    elif who.among == "here":
        pool = sorted(g.characters_at(place), key=lambda c: c.uid)
    elif who.among == "near":
        cells = distances(g.state, g.state.places[place].cell, g.rules.adjacency, who.within)
        near = {g.state.grid[c] for c in cells}
        pool = [c for c in _in_play(g) if c.pos in near and not _in_haven(g, c)]
    else:  # the group it met (the nearest Characters, for one drawn)
        pool = sorted(g.characters_at(place, seat), key=lambda c: c.uid) if seat is not None else []
        if not pool:
            pool = sorted(g.characters_at(place), key=lambda c: c.uid)
    if who.side != "any" and seat is not None:  # only the seat's own Characters, or only other players'
        pool = [c for c in pool if (c.owner == seat) == (who.side == "own")]
    return [c for c in pool if lasting.matches(g, c, who)]


def _pick(g: Context, who: Who, pool: list[CharacterState]) -> list[CharacterState]:
    if not pool or who.pick == "all":
        return pool
    if who.prefer is not None:  # those it goes for first, when there are any (Miss Hinako: Ranma)
        pool = [c for c in pool if lasting.one_meets(g, c, who.prefer)] or pool
    if who.pick == "random":
        return [pool[g.rand_below(len(pool))]]
    if who.pick == "coin":  # MISC-6: each plays the card once; a replayed tie makes it an even chance
        return [c for c in pool if g.rand_below(2) == 0]
    best = max(g.ability(c.uid, "attack") + g.ability(c.uid, "defense") for c in pool)
    return [next(c for c in pool if g.ability(c.uid, "attack") + g.ability(c.uid, "defense") == best)]


Picks = dict[Who, list[int]]


def _once(g: Context, who: Who, pool: list[CharacterState], picks: Picks | None, source: int) -> list[CharacterState]:
    """The Characters of ``pool`` that ``who`` picks, chosen once per resolution of a card (CARD-1): when an
    earlier clause of the same card with the same selector picked (the strongest, one at random, the coin
    flip's losers), this clause names those same Characters, the ones still in play, and draws nothing from
    the RNG. Squeeeeeeeeeze!: the one it hits for 5 has the -3 Defense if it survives, even when the damage or
    the -3 made another Character the strongest. Each coin flip is shown (:func:`_show_flips`)."""
    s = g.state
    if picks is not None and who.pick != "all" and who in picks:
        return [
            s.characters[u]
            for u in picks[who]
            if u in s.characters and s.characters[u].pos != OFF and s.characters[u].bonked_at < 0
        ]
    chosen = _pick(g, who, pool)
    if who.pick == "coin":
        _show_flips(g, source, pool, chosen)
    if picks is not None and who.pick != "all":
        picks[who] = [c.uid for c in chosen]
    return chosen


def _show_flips(g: Context, source: int, pool: list[CharacterState], losers: list[CharacterState]) -> None:
    """``rock_paper_scissors`` for each Character that played the card (``pick: coin``, MISC-6): who won."""
    lost = {c.uid for c in losers}
    for c in pool:
        g.emit(
            "rock_paper_scissors",
            card=g.card(source).id,
            uid=source,
            seat=c.owner,
            character=g.card(c.uid).id,
            character_uid=c.uid,
            won=c.uid not in lost,
        )


def _card_matches(card: Card, what: What) -> bool:
    if what.limited and card.uses is None:
        return False
    kinds = set(what.types)
    if card.disaster is not None:  # a Defeated Disaster a Character keeps (its ``keep``: Hungry Dinosaur)
        return _kept_matches(card, what)
    if card.vehicle is not None:
        if "vehicle" not in kinds:
            return False
        if what.vehicle and card.vehicle.kind.value not in what.vehicle:
            return False
    elif card.type.value not in kinds:
        return False
    if not what.has and not what.named:
        return True
    names = {c.lower() for c in card.category_set} | {s.lower() for s in card.grants_skills}
    if any(h.lower() in names for h in what.has):
        return True
    return any(w.lower() in card.name.lower() for w in what.named)


def _kept_matches(card: Card, what: What) -> bool:
    keep = kept_as(card.effects)
    if keep is None:
        return False
    if keep.as_ == "vehicle":
        return "vehicle" in what.types and (not what.vehicle or keep.vehicle in what.vehicle)
    if "equipment" not in what.types:
        return False
    if not what.has and not what.named:
        return True
    return any(h.lower() in {k.lower() for k in keep.has} for h in what.has)


def cards(g: Context, what: What, place: int) -> list[int]:
    """The cards in play ``what`` names (carried, worn, Global Effects in play, face down under its Location),
    before ``pick``; ``nearest``: every card in play, the nearest to ``place`` first."""
    s = g.state
    under: list[int] = []
    if what.among in ("under", "there") and place != OFF:
        under = [u for u in s.places[place].under[::-1] if _card_matches(g.card(u), what)]
    if what.among == "under":
        return under
    if what.among in ("in_play", "nearest", "field"):
        holders = [c for c in _in_play(g) if what.among == "in_play" or not _in_haven(g, c)]
        if what.among == "nearest" and place != OFF:
            far = distances(s, s.places[place].cell, g.rules.adjacency, 99) if place in s.places else {}
            holders.sort(key=lambda c: (far.get(s.places[c.pos].cell, 99), c.uid))
    else:
        holders = sorted(g.characters_at(place), key=lambda c: c.uid) if place != OFF else []
    out = []
    for c in holders:
        if what.spare_if is not None and _spared(g, c, what):
            continue
        out += [u for u in (*c.carried, *c.enhancements) if _card_matches(g.card(u), what)]
    if what.among == "in_play" and "global-effect" in what.types:
        out += [u for p in s.players for u in sorted(p.globals) if _card_matches(g.card(u), what)]
    return out + under


def _equally_nearest(g: Context, found: list[int], place: int) -> list[int]:
    """Of ``found`` (nearest first, from :func:`cards`), those as near to ``place`` as the first (Overload: a
    random pick among the equally near)."""
    s = g.state
    if place == OFF:
        return found
    far = distances(s, s.places[place].cell, g.rules.adjacency, 99)

    def dist(u: int) -> int:
        holder = primitives.holder_of(g, u)
        return 99 if holder is None else far.get(s.places[holder.pos].cell, 99)

    best = dist(found[0])
    return [u for u in found if dist(u) == best]


def _spared(g: Context, holder: CharacterState, what: What) -> bool:
    assert what.spare_if is not None
    group = g.characters_at(holder.pos, holder.owner)
    held = [g.card(u) for c in group for u in (*c.carried, *c.enhancements)]
    return meets(what.spare_if, [skill_card(g, c.uid) for c in group], held, anti_skill=g.rules.anti_skill)


# ---------------------------------------------------------------------- TURN-9


def can_affect_field(g: Context, uid: int, seat: int) -> bool:
    """Whether a drawn Disaster has something to act on (TURN-9), decided from its effects.

    Combat Disasters always can; so can one that stays in play with effects of its own (DIS-23: Off the Field
    counts). A card with no effects falls back on its curated ``needs_in_play`` requirement."""
    card = g.card(uid)
    if g.is_combat_disaster(uid):
        return True
    if not card.effects:
        return _needs_met(g, card)
    if statics.static_effects(card) or (card.disaster is not None and card.disaster.off_field):
        return True
    # a moving one acts where it lands (Property Damage, Shot Down): those effects count as well
    return any(_has_target(g, e, seat) for _, e in (*effects_of(card, "enters"), *effects_of(card, "lands")))


def _needs_met(g: Context, card: Card) -> bool:
    if card.needs_in_play is None:
        return True
    chars = _in_play(g)
    held = [g.card(u) for c in chars for u in (*c.carried, *c.enhancements)]
    return meets(card.needs_in_play, [skill_card(g, c.uid) for c in chars], held, anti_skill="cancel_n")


def _has_target(g: Context, e: Effect, seat: int) -> bool:
    v = e.do
    who = getattr(v, "who", None)
    if isinstance(v, Modify) and v.disasters is not None:
        return any(d.entered or d.off_field for d in g.state.disasters.values())
    if isinstance(who, Who):
        return any(
            lasting.matches(g, c, who)
            for c in _in_play(g)
            if (who.among == "all" or not _in_haven(g, c)) and (who.among != "own" or c.owner == seat)
        )
    if isinstance(v, Discard | Destroy | ShuffleIntoDeck | LeaveBehind):
        return bool(cards(g, evolve(v.what, among="in_play"), OFF))
    if isinstance(v, DiscardHand):
        return bool(g.state.players[seat].hand)
    if isinstance(v, ReshuffleHands):
        return any(p.hand for p in g.state.players)
    if isinstance(v, Steal):
        return any(bearer.detectable(g, c) for c in _in_play(g) if not _in_haven(g, c))
    if isinstance(v, Ally):
        return bool(_ally_candidates(g, OFF))
    if isinstance(v, Hook) and v.name == lasting.COPY_HOOK:  # The Mass: a Disaster in the pile to copy
        return any(lasting.copyable(g, u) for u in g.state.players[seat].discard)
    return True


def _in_haven(g: Context, c: CharacterState) -> bool:
    return g.state.places[c.pos].haven


# ---------------------------------------------------------------------- triggers


def enters(g: Context, d: DisasterState, seat: int, place: int, first: int = 0) -> None:
    """The Disaster ``d`` came into play and met ``seat``'s group at ``place`` (OFF: Off the Field, no group).

    The requirement test first (DIS-20): a group that has what a static effect's ``unless`` names overcomes the
    card, which leaves play at once. A static effect that changes the Characters' values while the card is in play
    is said once then (the event ``disaster_in_force``: Shinseiju Tree's -2 Energy for everyone, which no lasting
    record tells). Then each ``enters`` effect resolves: skipped when the group has its
    ``unless``, or lacks its ``if``. A non-Combat Disaster with nothing lasting then leaves play (DIS-20).

    A Disaster whose entering text makes it take on another card's (The Mass) enters again as that card, the
    effects from ``first`` on (the taken text; its own entering text is done)."""
    card = g.card(d.uid)
    d.acted = True
    by, neg = bearer.negator(g, card)
    if neg is not None:  # a Character in play negates it (Dailey Wong: Red Tape; Lt. Randolph: Legal ones)
        if neg.defeat:
            g.emit("disaster_outmatched", card=card.id, uid=d.uid, seat=seat, by=g.card(by).id)
            defeat(g, d.uid, d.pos, g.state.characters[by].owner)
        else:
            g.emit("disaster_negated", card=card.id, uid=d.uid, seat=seat, by=g.card(by).id)
            primitives.leave_play(g, d, "overcome")
        return
    group = g.characters_at(place, seat) if place != OFF else []
    for _, e in effects_of(card, "static"):
        if e.unless is not None and group and _group_meets(g, group, e.unless):
            _overcome(g, d, seat, e)
            primitives.leave_play(g, d, "overcome")
            return
    if group and _defeated_by_item(g, d, seat, place, group):
        return
    lasting.entered(g, d.uid)
    for index, e in effects_of(card, "static"):  # the values it changes while it is in play, said once
        if isinstance(e.do, Modify) and e.do.who is not None and e.do.by:
            g.emit("disaster_in_force", card=card.id, uid=d.uid, index=index)
    todo = effects_of(card, "enters")
    if first:
        todo = tuple((i, e) for i, e in todo if i >= first)
    skipped = 0
    picks: Picks = {}
    for index, e in todo:
        if e.in_play is not None and _joined_place(g, e.in_play) == OFF:
            skipped += 1  # only while a Disaster of that name is at a Location (C-ko's Cooking with Akane's Cooking)
            continue
        if e.unless is not None and group and _group_meets(g, group, e.unless):
            _overcome(g, d, seat, e)
            skipped += 1
            continue
        if e.if_ is not None and not (group and _group_meets(g, group, e.if_)):
            skipped += 1
            continue
        run(g, d.uid, index, e, seat, place, picks=picks)
        if game_over(g.state) or d.uid not in g.state.disasters:
            return
        if g.state.cards[d.uid] != card.id:  # it took on another card's text (The Mass): it enters as that card
            enters(g, d, seat, place, len(card.effects))
            return
        if isinstance(e.do, MoveSelf) and d.pos != OFF:
            place = d.pos  # it went elsewhere first: its later effects reach from there (The Dead Zone)
            if e.do.joins is not None:  # it joined a card there: the group there is the one it meets
                seat, group = _met_at(g, place, seat)
    if card.unexecuted:
        g.emit("ability_partial", card=card.id, unexecuted=list(card.unexecuted))
    if g.is_combat_disaster(d.uid):
        return
    stays = (
        bool(statics.static_effects(card))
        or d.off_field
        or card.turns is not None
        or (d.item != OFF and g.ability(d.uid, "movement") > 0)  # a moving thief keeps what it took
        or bool(effects_of(card, "lands"))
        or bool(effects_of(card, "passes"))  # it acts again where it moves (Catch Bubbles steals on its way)
        or bool(effects_of(card, "defeated"))
        or (bool(g.state.lasting) and lasting.allied(g, d.uid))  # an ally stays with its Disaster (Mystery Foe)
        or bool(effects_of(card, "turn"))  # it acts again on its controller's turns (Bio Ball)
    )
    if not stays:
        primitives.leave_play(g, d, "overcome" if todo and skipped == len(todo) else "done")  # DIS-20


def _overcome(g: Context, d: DisasterState, seat: int, e: Effect) -> None:
    assert e.unless is not None
    g.emit("disaster_overcome", card=g.card(d.uid).id, uid=d.uid, seat=seat, requirement=e.unless.text, rule="DIS-20")


def _group_meets(g: Context, group: list[CharacterState], req: Requirement) -> bool:
    held = [h for c in group for h in held_cards(g, c)]
    if meets(req, [skill_card(g, c.uid) for c in group], held, anti_skill=g.rules.anti_skill):
        return True
    return lasting.borrowing_meets(g, group, req)  # a Skill a card of theirs lets them use (Data Stream)


def _due(g: Context, source: int, index: int, e: Effect) -> bool:
    """Count one firing of the trigger; True on every ``every``-th one."""
    if e.every == 1:
        return True
    key = source * SLOTS + index
    n = g.state.counters.get(key, 0) + 1
    g.state.counters[key] = n
    return n % e.every == 0


def lands(g: Context, d: DisasterState) -> None:
    """The Disaster stopped on a Location: its ``lands`` effects act there."""
    picks: Picks = {}
    for index, e in effects_of(g.card(d.uid), "lands"):
        if _due(g, d.uid, index, e):
            run(g, d.uid, index, e, d.controller, d.pos, picks=picks)
        if game_over(g.state) or d.uid not in g.state.disasters:
            return


def turn_started(g: Context, seat: int) -> None:
    """The start of ``seat``'s turn: ``turn`` effects of the Disasters it controls act."""
    for d in sorted(g.state.disasters.values(), key=lambda d: d.arrived):
        if d.controller != seat:
            continue
        picks: Picks = {}
        for index, e in effects_of(g.card(d.uid), "turn"):
            if d.uid in g.state.disasters and _due(g, d.uid, index, e):
                run(g, d.uid, index, e, seat, d.pos, picks=picks)


def beats(g: Context, dis: int, victim_owner: int, victim: int = OFF) -> None:
    """The Disaster ``dis`` Bonked or Killed a Character of ``victim_owner`` (``victim``): its ``beats`` effects
    act."""
    picks: Picks = {}
    for index, e in effects_of(g.card(dis), "beats"):
        run(g, dis, index, e, victim_owner, OFF, about=(victim,) if victim != OFF else (), picks=picks)


def hurts(g: Context, dis: int, victim: int, amount: int) -> None:
    """The Disaster ``dis``'s physical attack dealt ``amount`` Health damage to the Character ``victim``: its
    ``hurts`` effects act on that one (``who: {among: about}``)."""
    s = g.state
    ch = s.characters.get(victim)
    if ch is None:
        return
    picks: Picks = {}
    for index, e in effects_of(g.card(dis), "hurts"):
        if dis not in s.disasters or game_over(s) or victim not in s.characters:
            return
        run(g, dis, index, e, ch.owner, ch.pos, about=(victim,), amount=amount, picks=picks)


def caught(g: Context, ch: CharacterState) -> None:
    """The Character ``ch`` ended its own move on a Location: the ``caught`` effects of the Disasters there act on
    it (``who: {among: about}``; Catch Bubbles)."""
    s = g.state
    for d in sorted((d for d in s.disasters.values() if d.pos == ch.pos), key=lambda d: d.uid):
        picks: Picks = {}
        for index, e in effects_of(g.card(d.uid), "caught"):
            if d.uid not in s.disasters or game_over(s) or ch.uid not in s.characters or ch.pos != d.pos:
                return
            run(g, d.uid, index, e, ch.owner, ch.pos, about=(ch.uid,), picks=picks)


def stopped_on(g: Context, uids: list[int]) -> None:
    """Characters of one player ended their own move (alone, or as a group) on a Location: the Location's own
    ``caught`` effects act on them (``who: {among: about}``), unless that player's Characters standing there meet
    the effect's ``unless`` (Crystal Tunnels). Nothing to do on most Locations: one look-up of the card."""
    s = g.state
    arrived = [s.characters[u] for u in uids if u in s.characters and s.characters[u].bonked_at < 0]
    if not arrived or arrived[0].pos == OFF:
        return
    place, seat = arrived[0].pos, arrived[0].owner
    found = effects_of(g.card(place), "caught")
    if not found or s.places[place].haven:
        return
    group = g.characters_at(place, seat)
    for index, e in found:
        if game_over(s):
            return
        if e.unless is not None and _group_meets(g, group, e.unless):
            continue
        run(g, place, index, e, seat, place, about=tuple(c.uid for c in arrived if c.pos == place))


def met_here(g: Context, d: DisasterState, seat: int, place: int, first: bool) -> None:
    """The Combat Disaster ``d``, turned up while ``seat``'s group Scavenges ``place``, is about to be fought: the
    Location's own ``met`` effects act, and its ``first_met`` ones for the first such Disaster of that Scavenge
    (``about``: the Disaster; ``unless``: the group that has it is spared: Illusionary Castle, Beware: Bathroom!)."""
    card = g.card(place)
    found = effects_of(card, "met")
    if first:
        found = tuple(sorted((*found, *effects_of(card, "first_met"))))
    if not found:
        return
    s = g.state
    group = g.characters_at(place, seat)
    for index, e in found:
        if game_over(s) or d.uid not in s.disasters:
            return
        if e.unless is not None and _group_meets(g, group, e.unless):
            continue
        run(g, place, index, e, seat, place, about=(d.uid,))


def driven_onto(g: Context, seat: int, vehicle: int, place: int) -> None:
    """A vehicle of ``seat``'s was driven onto ``place`` and stops there: the Location's own ``driven`` effects act
    (``about``: the vehicle; Seito Bridge). One look-up of the card on most Locations."""
    found = effects_of(g.card(place), "driven")
    if not found or g.state.places[place].haven:
        return
    for index, e in found:
        if game_over(g.state):
            return
        run(g, place, index, e, seat, place, about=(vehicle,))


def scavenged_with(g: Context, seat: int, place: int, vehicles: list[int]) -> None:
    """A group of ``seat``'s starts Scavenging ``place`` and its requirement test needs the ``vehicles`` it carries
    (without them it fails): the Location's own ``scavenged`` effects act (``about``: those vehicles; Seito Bridge)."""
    found = effects_of(g.card(place), "scavenged")
    if not found or not vehicles or g.state.places[place].haven:
        return
    for index, e in found:
        if game_over(g.state):
            return
        run(g, place, index, e, seat, place, about=tuple(vehicles))


def revealed(g: Context, d: DisasterState) -> None:
    """The Disaster ``d`` was just turned up while Scavenging: the ``revealed`` effects of the other Disasters in
    play act (Willpower), then their ``other_enters`` ones."""
    _others(g, d, "revealed")
    _others(g, d, "other_enters")


def other_enters(g: Context, d: DisasterState) -> None:
    """The Disaster ``d`` came into play (entered the Field, or went Off the Field): the ``other_enters`` effects
    of the other Disasters in play act (Demon Hordes)."""
    _others(g, d, "other_enters")


def _others(g: Context, d: DisasterState, when: str) -> None:
    s = g.state
    for other in sorted(s.disasters.values(), key=lambda o: o.arrived):
        if other.uid == d.uid or other.uid not in s.disasters:
            continue
        picks: Picks = {}
        for index, e in effects_of(g.card(other.uid), when):
            if other.uid in s.disasters and d.uid in s.disasters and not game_over(s):
                run(g, other.uid, index, e, other.controller, d.pos, about=(d.uid,), picks=picks)


def other_defeated(g: Context, uid: int) -> None:
    """The Disaster ``uid`` was just Defeated: the ``other_defeated`` effects of the Disasters in play act."""
    s = g.state
    for other in sorted(s.disasters.values(), key=lambda o: o.arrived):
        picks: Picks = {}
        for index, e in effects_of(g.card(other.uid), "other_defeated"):
            if other.uid in s.disasters and not game_over(s):
                run(g, other.uid, index, e, other.controller, other.pos, about=(uid,), picks=picks)


def round_over(g: Context, dis: int, place: int, seat: int, round_no: int, strikers: list[int], damage: int) -> None:
    """A physical combat round against the Disaster ``dis`` is over (``strikers`` struck it, it took ``damage``):
    its ``round`` effects act (every Nth round with ``every``, counted over every fight while it is in play)."""
    picks: Picks = {}
    for index, e in effects_of(g.card(dis), "round"):
        if dis not in g.state.disasters or game_over(g.state):
            return
        if _due(g, dis, index, e):
            run(g, dis, index, e, seat, place, about=tuple(strikers), amount=damage, round_no=round_no, picks=picks)


def combat_round(g: Context, dis: int, place: int) -> None:
    """A combat round against the Disaster ``dis`` at ``place`` starts: its ``round_start`` effects act."""
    d = g.state.disasters.get(dis)
    if d is None:
        return
    picks: Picks = {}
    for index, e in effects_of(g.card(dis), "round_start"):
        run(g, dis, index, e, d.controller, place, picks=picks)
        if game_over(g.state) or dis not in g.state.disasters:
            return


def defeat_discards(g: Context, dis: int, fighters: list[CharacterState]) -> list[tuple[int, ...]]:
    """The carried cards whose Discard Defeats the Disaster ``dis`` (its ``defeat_by_discard``), of ``fighters``:
    each offer is the cards Discarded together (one card; with ``every``, all such cards carried or worn). A
    Character another player controls offers its face-up cards only (:func:`control.usable_carried`)."""
    out: list[tuple[int, ...]] = []
    for e in statics.static_effects(g.card(dis)):
        v = e.do
        if isinstance(v, DefeatByDiscard):
            ordered = sorted(fighters, key=lambda c: c.uid)
            if v.every:
                every = tuple(
                    u
                    for c in ordered
                    for u in (*control.usable_carried(g, c), *c.enhancements)
                    if _card_matches(g.card(u), v.what)
                )
                if every and every not in out:
                    out.append(every)
                continue
            for c in ordered:
                mine = control.usable_carried(g, c)  # Possession: not the Items, face down to the controller
                out += [(u,) for u in mine if (u,) not in out and _card_matches(g.card(u), v.what)]
    # a card of theirs whose own text Defeats it (Horned Mongoose Whistle)
    for c in sorted(fighters, key=lambda c: c.uid):
        mine = control.usable_carried(g, c)
        out += [(u,) for u in mine if (u,) not in out and (x := _defeats(g, u, dis)) is not None and not x.keep]
    return out


def _defeats(g: Context, uid: int, dis: int) -> Defeats | None:
    """The ``defeats`` of the card ``uid`` (carried) by which it Defeats the Disaster ``dis``; None."""
    for e in statics.static_effects(g.card(uid)):
        v = e.do
        if isinstance(v, Defeats):
            card = g.card(dis)
            if v.named and not any(lasting.is_kind(card, w) for w in v.named):
                continue
            combat = g.is_combat_disaster(dis)
            minor = card.type is CardType.MINOR_DISASTER
            wanted = {"combat": combat, "non_combat": not combat, "minor": minor, "major": not minor}
            if all(wanted[k] for k in v.kinds):
                return v
    return None


def _defeated_by_item(g: Context, d: DisasterState, seat: int, place: int, group: list[CharacterState]) -> bool:
    """A non-Combat Disaster meets a group one of whose Characters carries a card that Defeats it by being
    Discarded (``defeats``): that card is Discarded and the Disaster Defeated before it acts. True when so."""
    if g.is_combat_disaster(d.uid):
        return False
    for c in sorted(group, key=lambda c: c.uid):
        for u in c.carried:
            if (x := _defeats(g, u, d.uid)) is not None:
                if x.keep:  # it stops the Disaster and stays (Cynthia)
                    g.emit("disaster_defeated_by_card", card=g.card(d.uid).id, uid=d.uid, seat=seat, by=g.card(u).id)
                else:
                    g.emit("disaster_defeated_by_discard", card=g.card(d.uid).id, uid=d.uid, seat=seat, by=g.card(u).id)
                    primitives.remove_from_play(g, u, "discard", d.uid)
                defeat(g, d.uid, place, seat)
                return True
    return False


def bribes(g: Context, dis: int, fighters: list[CharacterState]) -> list[int]:
    """The carried cards ``fighters`` may bribe the Disaster ``dis`` with (its ``bribe``)."""
    out: list[int] = []
    for e in statics.static_effects(g.card(dis)):
        v = e.do
        if isinstance(v, Bribe):
            for c in sorted(fighters, key=lambda c: c.uid):  # Possession: not the Items, face down to the controller
                out += [u for u in control.usable_carried(g, c) if u not in out and _card_matches(g.card(u), v.what)]
    return out


def defeat_replaced(g: Context, uid: int, place: int, seat: int | None) -> bool:
    """The Disaster ``uid`` is being Defeated at ``place``: True when one of its ``defeat`` effects replaces the
    Defeat (``revive``: it stays in play)."""
    picks: Picks = {}
    return any(run(g, uid, index, e, seat, place, picks=picks) for index, e in effects_of(g.card(uid), "defeat"))


def passes(g: Context, d: DisasterState) -> None:
    """The Disaster ``d`` moved onto a Location (entering, a step, stopping): its ``passes`` effects act there."""
    picks: Picks = {}
    for index, e in effects_of(g.card(d.uid), "passes"):
        if d.uid in g.state.disasters and d.pos != OFF and not game_over(g.state):
            run(g, d.uid, index, e, d.controller, d.pos, picks=picks)


def charms(g: Context, dis: int, victim: int) -> None:
    """The Disaster ``dis`` won a charm contest against the Character ``victim``: its ``charms`` effects act."""
    d = g.state.disasters.get(dis)
    picks: Picks = {}
    for index, e in effects_of(g.card(dis), "charms"):
        if d is not None and dis in g.state.disasters and not game_over(g.state):
            run(g, dis, index, e, d.controller, d.pos, about=(victim,), picks=picks)


def charmed_by(g: Context, dis: int, winner: int, charm: int) -> None:
    """The Character ``winner`` won a charm contest against the Disaster ``dis`` with a Charm total ``charm``:
    its ``charmed_by`` effects act."""
    d = g.state.disasters.get(dis)
    picks: Picks = {}
    for index, e in effects_of(g.card(dis), "charmed_by"):
        if d is not None and dis in g.state.disasters and not game_over(g.state):
            run(g, dis, index, e, d.controller, d.pos, about=(winner,), amount=charm, picks=picks)


def reentered(g: Context, d: DisasterState) -> None:
    """The Major Disaster ``d`` walked off the end of its path and starts it again (DIS-8): its ``reentered``
    effects act."""
    picks: Picks = {}
    for index, e in effects_of(g.card(d.uid), "reentered"):
        if d.uid in g.state.disasters and not game_over(g.state):
            run(g, d.uid, index, e, d.controller, d.pos, picks=picks)


def bribed(g: Context, dis: int, uid: int, seat: int) -> None:
    """The Disaster ``dis`` takes the card ``uid`` as a bribe from ``seat``'s Character: it keeps an Item when it
    has none (DIS-12), else the card is Discarded (an Item face down: never named)."""
    s = g.state
    d = s.disasters[dis]
    holder = primitives.holder_of(g, uid)
    item = g.is_item(uid)
    if item and d.item == OFF and holder is not None:
        holder.carried.remove(uid)
        d.item = uid
        g.emit("disaster_bribed", card=g.card(dis).id, uid=dis, seat=seat, kept=True)
    else:
        g.emit("disaster_bribed", card=g.card(dis).id, uid=dis, seat=seat, kept=False)
        primitives.remove_from_play(g, uid, "discard", dis)
    check(g)


def survived(g: Context, dis: int, place: int, fighters: tuple[int, ...]) -> None:
    """A fight against the Disaster ``dis`` at ``place`` is over and it was not Defeated: its ``survived``
    effects act (``about``: the Characters that fought it)."""
    d = g.state.disasters.get(dis)
    if d is None:
        return
    picks: Picks = {}
    for index, e in effects_of(g.card(dis), "survived"):
        run(g, dis, index, e, d.controller, place, about=fighters, picks=picks)
        if game_over(g.state) or dis not in g.state.disasters:
            return


def exits(g: Context, d: DisasterState) -> None:
    """The Disaster ``d`` walks off the Field (DIS-6): its ``exits`` effects act before it leaves play."""
    picks: Picks = {}
    for index, e in effects_of(g.card(d.uid), "exits"):
        run(g, d.uid, index, e, d.controller, d.pos, picks=picks)
        if game_over(g.state) or d.uid not in g.state.disasters:
            return


def defeat(g: Context, uid: int, place: int, seat: int | None = None) -> None:
    """The Disaster ``uid`` is Defeated at ``place`` by ``seat``'s side (a fight, or a card that Defeats it): its
    Item drops under the Location (DIS-16), it is Discarded; then its ``defeated`` effects act. Its ``defeat``
    text may replace this (it comes back: 7 Lucky Gods Martial Artists)."""
    d = g.state.disasters[uid]
    g.emit("disaster_defeated", card=g.card(uid).id, uid=uid)
    if effects_of(g.card(uid), "defeat") and defeat_replaced(g, uid, place, seat):
        return
    back = bool(g.state.lasting) and lasting.recycled(g, uid)  # Willpower: into the Draw pile instead
    every = OFF if back or not g.state.statics else lasting.recycles_every(g)  # Frothy Mugs of Water
    left = g.max_health(uid) - d.damage
    primitives.leave_play(g, d, "defeated")
    if (back or every != OFF) and uid in g.state.players[g.state.owner[uid]].discard:
        primitives.discard_to_draw_pile(g, uid, every if every != OFF else uid)
    defeated(g, uid, place, seat, left)
    if g.state.disasters and not game_over(g.state):
        other_defeated(g, uid)  # other Disasters' text about this Defeat (Shinseiju Tree and Tares)


def defeated(g: Context, uid: int, place: int, seat: int | None, left: int = 0) -> None:
    """The Disaster ``uid`` was just Defeated at ``place`` by ``seat``'s side, with ``left`` Health (0 or less):
    its ``defeated`` effects act there."""
    picks: Picks = {}
    for index, e in effects_of(g.card(uid), "defeated"):
        run(g, uid, index, e, seat, place, amount=left, picks=picks)
        if game_over(g.state):
            return


def run(
    g: Context,
    source: int,
    index: int,
    e: Effect,
    seat: int | None,
    place: int,
    payer: int = OFF,
    *,
    about: tuple[int, ...] = (),
    amount: int = 0,
    round_no: int = 0,
    picks: Picks | None = None,
) -> bool:
    """Carry out one effect of the card ``source``; True when it did something (``payer``: the Character that
    paid for a Power card, for ``who: {among: payer}``; ``about``, ``amount``, ``round_no``: what the trigger
    concerns, for hooks and ``keep_out``; ``picks``: the Characters the card's earlier clauses of this resolution
    picked, :func:`_once`)."""
    v = e.do
    s = g.state
    by = source
    if isinstance(v, Hold) and v.named is not None and about and (v.named == "character") != (about[0] in s.characters):
        return False  # one way of playing the card: the kind of card named picks it (Time Out!)
    if isinstance(v, Hold) and v.disasters is not None:
        return _hold_disasters(g, source, index, e, v, about)
    if isinstance(v, Steer) and v.how == "divert":  # a Character or a Disaster takes damage off an attack
        return flash_aims.divert(g, source, index, e, about)
    who = getattr(v, "who", None)
    targets: list[CharacterState] = []
    if isinstance(who, Who):
        if who.among in ("payer", "bearer"):  # an activated ability's bearer pays (procedures/activated.py)
            targets = [s.characters[payer]] if payer in s.characters else []
        elif who.among in ("about", "target"):  # the Character the trigger (or a Flash Effect's player) names
            named = [s.characters[u] for u in about if u in s.characters and s.characters[u].pos != OFF]
            targets = _once(g, who, [c for c in named if lasting.matches(g, c, who)], picks, source)
        elif who.among == "target_here":  # the Characters at the Location a Flash Effect's player names
            targets = [c for c in flash_targets.standing_with(g, about) if lasting.matches(g, c, who)]
        elif who.among == "target_place":  # the Characters at the Place named by itself (Haste's group)
            targets = flash_targets.at_place(g, about, who, s.owner[source])
        elif who.among == "target_player":  # every Character in play of the player a Flash Effect names
            owners = {s.characters[u].owner for u in about if u in s.characters}
            targets = [c for c in _in_play(g) if c.owner in owners and lasting.matches(g, c, who)]
        elif who.among == "party_others" and payer in s.characters:  # the payer's party but the payer (Genki-Dama)
            mine = s.characters[payer]
            party = sorted(g.characters_at(mine.pos, mine.owner), key=lambda c: c.uid) if mine.pos != OFF else []
            targets = [c for c in party if c.uid != payer and lasting.matches(g, c, who)]
        else:
            pool = characters(g, who, place, seat)
            if s.lasting and source in s.disasters:  # passed over by Disasters of a kind (Ross' Apartment)
                pool = lasting.unaffected(g, source, pool)
            targets = _once(g, who, pool, picks, source)
    if isinstance(v, Bonk | Kill):
        for ch in targets:
            if ch.uid in s.characters and s.characters[ch.uid].bonked_at < 0:
                (primitives.bonk if isinstance(v, Bonk) else primitives.kill)(g, ch, None)
        return bool(targets)
    if isinstance(v, SendHome):
        targets = free_to_leave(g, targets)
        if v.drop:
            for ch in targets:
                primitives.drop_carried(g, ch, ch.pos, None)
        return any([primitives.send_home(g, ch) for ch in targets])
    if isinstance(v, Modify | DamageTaken | ReversePath | Steer) and v.disasters is not None:
        sel = v.disasters
        chosen = sorted(u for u in s.disasters if lasting.disaster_matches(g, source, u, sel))
        if sel.target:  # the one a Flash Effect names
            chosen = [u for u in chosen if u in about]
        if e.until is not None:  # once at a time (Kids These Days: one halving for the next round)
            chosen = [u for u in chosen if not lasting.has_record(g, source, index, u)]
        if not chosen:
            return False
        lasting.add(g, source, index, chosen, s.owner[source], e.turns, _UNTIL.get(e.until or "", WHILE_IN_PLAY))
        g.emit(
            "effect_started",
            card=g.card(source).id,
            uid=source,
            disasters=[g.card(u).id for u in chosen],
            turns=e.turns,
        )
        return True
    if isinstance(v, Control):
        return take_control(g, source, index, e, targets)
    lasts = (
        Hold,
        Alone,
        Rivals,
        SpareEquipment,
        Modify,
        ExtraAttack,
        DamageTaken,
        NoSkill,
        NoDamage,
        ExtraCombatCards,
        Gains,
        AltForm,
        Waive,
        CharmBonus,
    )
    if isinstance(v, lasts) and isinstance(who, Who):
        if not targets:
            return False
        by_owner: dict[int, list[int]] = defaultdict(list)
        for ch in targets:
            by_owner[ch.owner].append(ch.uid)
        until = _UNTIL.get(e.until or "", WHILE_IN_PLAY)
        if isinstance(v, Modify) and v.per_energy is not None:  # a bonus counted now, kept on the record
            for ch in targets:
                lasting.add(g, source, index, [ch.uid], ch.owner, e.turns, until, count=_energy_count(g, v, ch))
        else:
            nxt = e.until == "next_turn"
            for owner, uids in sorted(by_owner.items()):
                lasting.add(g, source, index, uids, owner, e.turns, until, next_turn=nxt)
        g.emit(
            "effect_started",
            card=g.card(source).id,
            uid=source,
            characters=[g.card(c.uid).id for c in targets],
            turns=e.turns,
        )
        if isinstance(v, Alone) or (isinstance(v, Hold) and v.release is not None):
            lasting.release_holds(g)  # rescuers already there free them at once
        return True
    if isinstance(v, Modify) and v.disasters is not None:  # a triggered bonus on Disasters, lasting
        hit_d = [
            d.uid
            for d in sorted(s.disasters.values(), key=lambda d: d.uid)
            if lasting.disaster_matches(g, source, d.uid, v.disasters)
            and not lasting.has_record(g, source, index, d.uid)
        ]
        if not hit_d:
            return False
        lasting.add(g, source, index, hit_d, s.owner[source], e.turns, WHILE_IN_PLAY)
        g.emit(
            "effect_started", card=g.card(source).id, uid=source, disasters=[g.card(u).id for u in hit_d], turns=e.turns
        )
        return True
    if isinstance(v, AltForm) and v.disasters is not None:  # a Flash Effect's lasting form on Disasters (False Moon)
        turned = _two_form_disasters(g, source, v.disasters)
        if not turned:
            return False
        by_controller: dict[int, list[int]] = defaultdict(list)
        for u in turned:
            by_controller[s.disasters[u].controller].append(u)
        for ctrl, uids in sorted(by_controller.items()):
            lasting.add(g, source, index, uids, ctrl, e.turns, _UNTIL.get(e.until or "", WHILE_IN_PLAY))
        names = [g.card(u).id for u in turned]
        g.emit("effect_started", card=g.card(source).id, uid=source, disasters=names, turns=e.turns)
        return True
    if isinstance(v, AltForm) and v.self_:
        if source not in s.disasters or lasting.has_record(g, source, index, source):
            return False
        lasting.add(g, source, index, [source], s.owner[source], None, WHILE_IN_PLAY)
        g.emit("disaster_transformed", card=g.card(source).id, uid=source, major=v.major)
        return True
    if isinstance(v, Transform):  # a forced change of form (CARD-5): partner card from hand, else the other values
        changed = [ch for ch in targets if ch.uid in s.characters and lasting.can_change_form(g, ch.uid)]
        for ch in changed:
            force(g, ch.uid, lock=v.lock)
        return bool(changed)
    if isinstance(v, Recycle) and v.self_:
        if source not in s.disasters or lasting.has_record(g, source, index, source):
            return False
        lasting.add(g, source, index, [source], s.owner[source], None, WHILE_IN_PLAY)
        g.emit("disaster_marked", card=g.card(source).id, disasters=[g.card(source).id])
        return True
    if isinstance(v, Revive):
        d = s.disasters.get(source)
        if d is None or lasting.record_count(g, source, index) >= v.times:
            return False
        if v.unless_damage and d.damage >= v.unless_damage * g.max_health(source):
            return False  # beaten hard enough: the Defeat is final (Vampiric Ambush)
        if v.later:
            primitives.lie_low(g, d, v.later)
            return True
        lasting.grow(g, source, index)
        d.damage = 0
        n = lasting.record_count(g, source, index)
        g.emit("disaster_revived", card=g.card(source).id, uid=source, times=n, left=v.times - n)
        return True
    if isinstance(v, Recycle):
        marked = [u for u in about if u in s.disasters and not lasting.has_record(g, source, index, u)]
        if not marked or source not in s.disasters:
            return False
        lasting.add(g, source, index, marked, s.owner[source], None, WHILE_TARGET)
        key = source * SLOTS + index
        s.counters[key] = s.counters.get(key, 0) + len(marked)
        g.emit("disaster_marked", card=g.card(source).id, disasters=[g.card(u).id for u in marked])
        if s.counters[key] >= v.count:
            primitives.leave_play(g, s.disasters[source], "done")
        return True
    if isinstance(v, DiscardSelf):
        if source not in s.disasters or not any(s.cards[u] == v.card for u in about):
            return False
        primitives.leave_play(g, s.disasters[source], "done")
        return True
    if isinstance(v, MoveSelf):
        d = s.disasters.get(source)
        if d is None or d.pos == OFF:
            return False
        dest = _joined_place(g, v.joins) if v.joins is not None else _nearest_without(g, d.pos, v.avoid, v.to)
        if dest == OFF or dest == d.pos:
            return False
        primitives.move_disaster(g, d, dest)
        return True
    if isinstance(v, OpenHand):
        seats = sorted({ch.owner for ch in targets})
        for owner in seats:
            lasting.add(g, source, index, [lasting.seat_target(owner)], owner, e.turns, WHILE_IN_PLAY)
            g.emit("hand_opened", card=g.card(source).id, seat=owner, turns=e.turns)
        return bool(seats)
    if isinstance(v, Join):
        key = source * SLOTS + index
        if source not in s.disasters or s.counters.get(key, 0):
            return False  # it joins only the first one
        host = next((u for u in about if u in s.disasters and any(lasting.is_kind(g.card(u), k) for k in v.kinds)), OFF)
        if host == OFF:
            return False
        s.counters[key] = 1
        lasting.add(g, source, index, [host], s.owner[source], None, WHILE_IN_PLAY)
        g.emit("disaster_joined", card=g.card(source).id, uid=source, host=g.card(host).id, host_uid=host)
        return True
    if isinstance(v, Capture):
        d = s.disasters.get(source)
        if d is None or place == OFF:
            return False
        held = sum(len(r.targets) for r in s.lasting if r.source == source and r.effect == index)
        taken = [ch for ch in targets if ch.pos == place][: max(0, v.limit - held)]
        for ch in taken:
            primitives.capture(g, ch, d, v.drop)
            lasting.add(g, source, index, [ch.uid], ch.owner, None, WHILE_IN_PLAY)
        return bool(taken)
    if isinstance(v, Keep):
        if v.exact_zero and amount != 0:
            return False
        pile = s.players[s.owner[source]].discard
        keepers = sorted(g.characters_at(place, seat) if place != OFF else [], key=lambda c: c.uid)
        if source in s.disasters or source not in pile or not keepers:
            return False
        pile.remove(source)
        keepers[0].carried.append(source)
        g.emit("disaster_kept", card=g.card(source).id, uid=source, seat=keepers[0].owner, by=g.card(keepers[0].uid).id)
        return True
    if isinstance(v, Free):
        d = s.disasters.get(source)
        freed = lasting.captives_of(g, source) if d is not None and amount > v.above else []
        for u in freed:
            primitives.release(g, s.characters[u], d)  # type: ignore[arg-type]
        if freed:
            lasting.drop_captives(g, source, freed)
            if v.leave and d is not None:
                primitives.leave_play(g, d, "done")
        return bool(freed)
    if isinstance(v, KeepOut):
        out = [u for u in about if u in s.characters and s.characters[u].bonked_at >= 0]
        if not out:
            return False
        owner = s.disasters[source].controller if source in s.disasters else s.owner[source]
        lasting.add(g, source, index, out, owner, e.turns, WHILE_IN_PLAY)
        g.emit("kept_out", card=g.card(source).id, characters=[g.card(u).id for u in out], turns=e.turns)
        return True
    if isinstance(v, DestroyDisaster):  # the Disaster fought (Ultimate Sacrifice)
        fought = flash_targets.fought(g, source, v)
        for u in fought:
            if u in s.disasters and not game_over(s):
                destroy(g, u, source, None)
        return bool(fought)
    if isinstance(v, RestoreUses):
        return any([flash_targets.restore(g, u, source) for u in about if u in flash_targets.reloadable(g, v)])
    if isinstance(v, Heal):
        down = s.characters.get(about[0]) if v.bonked and about else None
        if down is not None and down.bonked_at >= 0:
            if not flash_targets.revivable(g, down):
                return False
            p = s.players[down.owner]
            haven = next(h for h in p.havens if h in s.places and not s.places[h].destroyed)
            primitives.recover(g, down.uid, haven)  # healed to full Health: back on its feet, in its Haven
            g.emit("character_healed", seat=down.owner, card=g.card(down.uid).id, uid=down.uid, by=g.card(source).id)
            return True
        hurt = [ch for ch in targets if ch.damage > 0]
        for ch in hurt:
            ch.damage = 0
            g.emit("character_healed", seat=ch.owner, card=g.card(ch.uid).id, uid=ch.uid, by=g.card(source).id)
        return bool(hurt)
    if isinstance(v, Damage):
        hit = False
        for ch in targets:
            hit = True
            g.emit("health_damage", card=g.card(ch.uid).id, uid=ch.uid, amount=v.amount, by=g.card(source).id)
            if v.amount + (ch.damage if v.kept else 0) >= g.max_health(ch.uid):
                primitives.bonk_outside_fight(g, ch, KEPT_DAMAGE_COUNTER)  # COMBAT-14: no Health left
            elif v.kept:  # it stays until the end of the turn, through any fight (Watch that 1st step...)
                primitives.mark_damage(g, ch, KEPT_DAMAGE_COUNTER, v.amount)
        return hit
    if isinstance(v, Discard | Destroy | ShuffleIntoDeck | LeaveBehind):
        found = cards(g, v.what, place)
        if isinstance(v, Destroy):  # a card that cannot be Destroyed is passed over (Dimensional Hammer)
            found = [u for u in found if not primitives.safe_from(g, u, "destroy")]
        if v.what.pick == "one" and found:
            found = found[:1]
        elif v.what.pick == "random" and found:
            if v.what.among == "nearest":
                found = _equally_nearest(g, found, place)
            found = [found[g.rand_below(len(found))]]
        dropped: list[CharacterState] = []
        for u in found:
            holder = primitives.holder_of(g, u)
            if isinstance(v, ShuffleIntoDeck):
                primitives.to_draw_pile(g, u, by)
            elif isinstance(v, LeaveBehind):
                if holder is not None:
                    primitives.leave_under(g, holder, u)
                    if v.shift and holder not in dropped:
                        dropped.append(holder)
            else:
                primitives.remove_from_play(g, u, "discard" if isinstance(v, Discard) else "destroy", by)
                if v.bonk_holder and holder is not None and holder.uid in s.characters and holder.bonked_at < 0:
                    primitives.bonk(g, holder, None)
            if game_over(s):
                break
        if isinstance(v, LeaveBehind) and v.shift and not game_over(s):
            for ch in free_to_leave(g, [c for c in dropped if not _in_haven(g, c)]):  # flung from the seat
                _shift(g, ch, v.shift, by)
        return bool(found)
    if isinstance(v, Gather):
        if place == OFF:
            return False
        moved = [ch for ch in free_to_leave(g, targets) if ch.pos != place]
        for ch in moved:
            primitives.place_character(g, ch, place, by)
        return bool(moved)
    if isinstance(v, Shift):
        return any([_shift(g, ch, v.steps, by) for ch in free_to_leave(g, targets)])
    if isinstance(v, Wipe):
        return wipe(g, source, place, v)
    if isinstance(v, Grow):
        lasting.grow(g, source, index)
        return True
    if isinstance(v, Hook):
        return card_hooks.call(
            g, v.name, card_hooks.HookCall(source, index, e, seat, place, about=about, amount=amount, round=round_no)
        )
    if isinstance(v, ExtraMove):
        return flash_aims.extra_move(g, source, targets, v)
    if isinstance(v, DrawCard):
        return seat is not None and flash_aims.draw(g, seat, source, v)
    if isinstance(v, DiscardHand):
        if v.opponent:  # the opponent named by its Haven (flash_play.targets)
            seat = s.places[about[0]].owner if about and about[0] in s.places else None
        if seat is None:
            return False
        hand = s.players[seat].hand
        n = 0
        for _ in range(v.count):
            if not hand:
                break
            u = hand.pop(g.rand_below(len(hand)))
            g.discard(u)
            g.emit("discarded_at_random", seat=seat, card=g.card(u).id, by=g.card(source).id)
            n += 1
        return n > 0
    if isinstance(v, ReshuffleHands):
        return _reshuffle_hands(g, source)
    if isinstance(v, Block):
        if place == OFF or v.where == "requiring":
            return False
        owner = seat if seat is not None else s.active
        if v.where == "nearest_requiring":  # Short Out: the nearest Location whose requirement names the skill
            place = lasting.nearest_requiring(g, place, v.requiring or "")
            if place == OFF:
                return False
        lasting.add(g, source, index, [place], owner, e.turns, WHILE_IN_PLAY)
        g.emit("location_blocked", card=g.card(source).id, cell=cell_list(s.places[place].cell), turns=e.turns)
        return True
    if isinstance(v, Ally):
        return _ally(g, source, index, place)
    if isinstance(v, Steal):
        d = s.disasters.get(source)
        if d is None or d.item != OFF:
            return False
        near = _carried_here(g, place)  # CARD-18: a thief shares the Location of what it steals
        if not near:
            return False
        if v.prefer:  # the Item it goes for first (Miss Hinako: the 5 Yen Coin)
            words = [w.lower() for w in v.prefer]
            near = [(c, i) for c, i in near if any(w in g.card(i).name.lower() for w in words)] or near
        victim, item = near[g.rand_below(len(near))]
        victim.carried.remove(item)
        d.item = item
        g.emit(
            "item_stolen",
            card=g.card(source).id,
            uid=source,
            cell=cell_list(s.places[victim.pos].cell),
            seat=victim.owner,
            character=g.card(victim.uid).id,
        )
        check(g)
        return True
    return False  # static verbs (forbid, aura, block by requirement) act through engine/effects/lasting.py


def take_control(
    g: Context, source: int, index: int, e: Effect, targets: list[CharacterState], join: int = OFF
) -> bool:
    """The player of ``source`` controls ``targets`` (its ``control`` clause ``index``) for the clause's time: a
    lasting record counted in that player's turns (DIS-19), or until the fight is over (``join``: the Place of that
    fight, where they are brought; engine/effects/control.py)."""
    s = g.state
    player = s.owner[source]
    hit = []
    for c in targets:  # one at a time: each one taken counts toward the six of TURN-16
        if c.owner != player and control.may_control(g, c, player, join):
            control.take(g, c, player, source, join)
            hit.append(c)
    if not hit:
        return False
    lasting.add(g, source, index, [c.uid for c in hit], player, e.turns, _UNTIL.get(e.until or "", WHILE_IN_PLAY))
    return True


_UNTIL: Final = {
    "next_combat": NEXT_COMBAT,
    "next_round": NEXT_ROUND,
    "for_good": WHILE_TARGET,
    "next_fight": NEXT_FIGHT,
}


def _forms_elsewhere(g: Context, card_uid: int) -> bool:
    """Whether another ``alt_form`` clause of the card reaches a Disaster now (False Moon's Saiyan Disasters)."""
    return any(
        isinstance(x.do, AltForm) and x.do.disasters is not None and _two_form_disasters(g, card_uid, x.do.disasters)
        for _, x in effects_of(g.card(card_uid), "play")
    )


def _two_form_disasters(g: Context, source: int, sel: Disasters) -> list[int]:
    """The Disasters in play (on the Field or Off it) that ``sel`` names and that are printed with two sets of
    values (CARD-5), in uid order."""
    s = g.state
    return [
        u
        for u, d in sorted(s.disasters.items())
        if (d.pos != OFF or d.off_field) and g.card(u).two_forms and lasting.disaster_matches(g, source, u, sel)
    ]


def _hold_disasters(g: Context, source: int, index: int, e: Effect, v: Hold, about: tuple[int, ...]) -> bool:
    """A Flash Effect's ``hold`` on Disasters: the one named, or every one at the Location named, through ``turns``
    of each one's controller (DIS-19)."""
    s = g.state
    sel = v.disasters
    assert sel is not None
    if sel.around:
        where = flash_targets.named_place(g, about)
        held = [u for u, d in sorted(s.disasters.items()) if where != OFF and d.pos == where]
    else:
        held = [u for u in about if u in s.disasters and s.disasters[u].pos != OFF]
    held = [u for u in held if sel.category is None or lasting.is_kind(g.card(u), sel.category)]
    if not held:
        return False
    by_controller: dict[int, list[int]] = defaultdict(list)
    for u in held:
        by_controller[s.disasters[u].controller].append(u)
    for seat, uids in sorted(by_controller.items()):
        lasting.add(g, source, index, uids, seat, e.turns, _UNTIL.get(e.until or "", WHILE_IN_PLAY))
    g.emit("effect_started", card=g.card(source).id, uid=source, disasters=[g.card(u).id for u in held], turns=e.turns)
    return True


def _carried_here(g: Context, place: int) -> list[tuple[CharacterState, int]]:
    """The Items carried by the Characters at ``place`` (anyone's; not in a Haven), with their carriers: what a
    thief there may steal (CARD-18). The nearest carriers a card names are those: none farther away."""
    if place == OFF or g.state.places[place].haven:
        return []
    return [
        (c, u)
        for c in sorted(g.characters_at(place), key=lambda c: c.uid)
        for u in bearer.detectable(g, c)  # one a card hides is not seen (Assassin Disquise)
        if lasting.stealable(g, u)
    ]


def free_to_leave(g: Context, chars: list[CharacterState]) -> list[CharacterState]:
    """Those of ``chars`` a card may move away from where they stand: not the ones another card keeps there
    (lasting.kept_by: a hold that keeps them at their Location, Mez, CARD-22)."""
    gripped = _gripped(g, chars)
    if gripped:  # a card one of them carries keeps its party where it stands (Mountain Sign Post)
        chars = [c for c in chars if (c.owner, c.pos) not in gripped]
    if not (g.state.lasting or g.state.statics):
        return chars
    return [c for c in chars if lasting.kept_by(g, c.uid, "card") == OFF]


def _gripped(g: Context, chars: list[CharacterState]) -> set[tuple[int, int]]:
    """(seat, place) of the parties among ``chars``'s that a carried card's static ``hold`` with ``grip`` keeps
    from being moved by a card: its carrier's player's Characters at its Location (``who: {among: party}``)."""
    s = g.state
    spots = {(c.owner, c.pos) for c in chars}
    out: set[tuple[int, int]] = set()
    for c in s.characters.values():
        if not c.carried or (c.owner, c.pos) not in spots or c.bonked_at >= 0:
            continue
        for u in c.carried:
            if any(isinstance(e.do, Hold) and e.do.grip for e in statics.static_effects(g.card(u))):
                out.add((c.owner, c.pos))
    return out


def _ally_candidates(g: Context, source: int) -> list[DisasterState]:
    """Combat Disasters on the Field that ``source`` may ally with (not allies themselves)."""
    return [
        d
        for d in g.state.disasters.values()
        if d.uid != source
        and d.pos != OFF
        and not d.off_field
        and d.ally_of == OFF
        and g.is_combat_disaster(d.uid)
        and g.card(d.uid).disaster is not None
        and g.card(d.uid).disaster.ally is None  # type: ignore[union-attr]
    ]


def _ally(g: Context, source: int, index: int, place: int) -> bool:
    """``ally``: this card attaches to the nearest Combat Disaster (DIS-26's attachment: it stands and moves
    with it), which attacks twice a round in its next fight (engine/procedures/combat.py reads the record)."""
    s = g.state
    me = s.disasters.get(source)
    options = _ally_candidates(g, source)
    if me is None or not options:
        return False
    start = place if place != OFF else me.pos
    far = distances(s, s.places[start].cell, g.rules.adjacency, 99) if start in s.places else {}
    host = min(options, key=lambda d: (far.get(s.places[d.pos].cell, 99), d.arrived, d.uid))
    me.ally_of, me.pos, me.entered = host.uid, host.pos, True
    lasting.add(g, source, index, [host.uid], s.owner[source], None, WHILE_IN_PLAY)
    g.emit(
        "disaster_allied",
        card=g.card(source).id,
        uid=source,
        primary=g.card(host.uid).id,
        primary_uid=host.uid,
        cell=cell_list(s.places[host.pos].cell),
    )
    return True


def _nearest_without(g: Context, place: int, avoid: tuple[str, ...], to: str | None = None) -> int:
    """The nearest Location to ``place`` (itself first) with none of these icons (and of the category ``to``);
    ties: the lowest cell."""
    s = g.state
    far = distances(s, s.places[place].cell, g.rules.adjacency, 99)
    found = [
        (far[pl.cell], pl.cell[1], pl.cell[0], uid)
        for uid, pl in s.places.items()
        if not pl.haven
        and not pl.destroyed
        and pl.cell in far
        and s.grid.get(pl.cell) == uid
        and not any(i.value in avoid for i in g.card(uid).icons)
        and (to is None or lasting.is_kind(g.card(uid), to))
    ]
    return min(found)[3] if found else OFF


def _shift(g: Context, ch: CharacterState, steps: int, by: int) -> bool:
    """Move a Character ``steps`` columns along its row of the Field (ruling beside Forceful Impact)."""
    s = g.state
    x, y = s.places[ch.pos].cell
    dest = s.grid.get((x + steps, y))
    if dest is None:
        return False
    pl = s.places[dest]
    if pl.haven or pl.destroyed or not may_stop_at(g, ch, dest):
        return False
    primitives.place_character(g, ch, dest, by)
    return True


def may_stop_at(g: Context, ch: CharacterState, place: int) -> bool:
    """Planetary and Dimensional Locations (SCAV-18, SCAV-19), card bans (``forbid: dimensional``) and what a
    Location asks of a Character going onto it (``entry_needs``)."""
    if not lasting.may_enter(g, ch, place):
        return False
    icons = {i.value for i in g.card(place).icons}
    if not icons:
        return True
    if "dimensional" in icons and (
        not _has_icon(g, ch, "dimensional") or lasting.forbidden(g, "dimensional", ch) is not None
    ):
        return False
    return "planetary" not in icons or _has_icon(g, ch, "planetary")


def _has_icon(g: Context, ch: CharacterState, icon: str) -> bool:
    if any(i.value == icon for uid in (ch.uid, *ch.carried, *ch.enhancements) for i in g.card(uid).icons):
        return True
    return gained_icon(g, ch.uid, icon)


def wipe(g: Context, source: int, place: int, v: Wipe) -> bool:
    """Destroy every card at ``place`` (Characters per ``v.characters``), this Disaster too with ``self``; with
    ``discard``, Discard them (the Characters Killed) but this card."""
    s = g.state
    if place == OFF:
        return False
    if v.discard:
        did = primitives.discard_all_at(g, place, source)
        if did:
            g.emit("location_wiped", card=g.card(source).id, cell=cell_list(s.places[place].cell))
        check(g)
        return did
    did = False
    for ch in sorted(g.characters_at(place), key=lambda c: c.uid):
        did = True
        for u in list(ch.carried):
            primitives.remove_from_play(g, u, "destroy", source)
        if v.characters == "destroy":
            primitives.destroy_character(g, ch.uid, source)
            g.emit("card_destroyed", card=g.card(ch.uid).id, uid=ch.uid, by=g.card(source).id, where="play")
        elif v.characters == "bonk":
            primitives.bonk(g, ch, None)
        if game_over(s):
            return True
    for u in list(s.places[place].under):
        if not g.is_disaster(u):
            did = True
            primitives.remove_from_play(g, u, "destroy", source)
            if game_over(s):
                return True
    for d in sorted(s.disasters.values(), key=lambda d: d.uid):
        if d.uid not in s.disasters:
            continue  # it left with one already wiped (an ally goes with its primary, DIS-26)
        if d.pos == place and (d.uid != source or v.self_):
            did = True
            primitives.destroy_items(g, d, source)  # the Items it carries are cards at the Location too
            primitives.destroy_disaster(g, d)
            if game_over(s):
                return True
    if did:
        g.emit("location_wiped", card=g.card(source).id, cell=cell_list(s.places[place].cell))
    check(g)
    return did


def _reshuffle_hands(g: Context, source: int) -> bool:
    """Every player shuffles the hand into the Draw pile and draws as many again (TURN-27). A Disaster drawn
    this way is Discarded and drawing goes on (ruling beside the card: it is no Reload)."""
    s = g.state
    did = False
    for p in s.players:
        n = len(p.hand)
        if not n:
            continue
        did = True
        p.draw.extend(p.hand)
        p.hand = []
        g.shuffle(p.draw)
        while len(p.hand) < n and p.draw:
            u = p.draw.pop()
            if g.is_disaster(u):
                g.discard(u)
                continue
            p.hand.append(u)
        g.emit("hand_reshuffled", seat=p.seat, count=len(p.hand), by=g.card(source).id)
    return did


# ---------------------------------------------------------------------- Flash Effects that name a card


def _destroy_effect(g: Context, card_uid: int) -> DestroyTarget | None:
    for _, e in effects_of(g.card(card_uid), "play"):
        if isinstance(e.do, DestroyTarget):
            return e.do
    return None


def targets(g: Context, card_uid: int, stack: FlashStack | None) -> list[int] | None:
    """The cards ``card_uid``'s effect may name, in a stable order; None when it names none."""
    e = _destroy_effect(g, card_uid)
    if e is None:
        cancels = answers.cancel_targets(g, card_uid, stack)  # an answer names a card on the stack (or in play)
        if cancels is not None:
            also = flash_targets.named(g, card_uid)  # a clause beside it that names a Disaster (Daylight)
            return cancels if not also else also + [u for u in cancels if u not in also]
        for _, x in effects_of(g.card(card_uid), "play"):  # nothing to Discard or Destroy: nothing to do now
            if isinstance(x.do, Discard | Destroy) and not cards(g, x.do.what, OFF):
                return []
            who = x.do.who if isinstance(x.do, AltForm) else None
            owner = g.state.owner[card_uid]
            if who is not None and not characters(g, who, OFF, owner) and not _forms_elsewhere(g, card_uid):
                return []  # no one to change form (False Moon: its Characters, nor its Disasters)
            if isinstance(x.do, Admit) and not flash_play.closed_havens(g, g.state.owner[card_uid]):
                return []  # every other Haven is open to the player already
            if isinstance(x.do, FreeCast) and not _free_worth(g, card_uid):
                return []  # no card with an Energy cost in hand, or one is free already
            if isinstance(x.do, Rivals) and not _rivals_together(g, x.do.who, owner):
                return []  # no two of those it reaches stand together: nobody to keep apart (Female Jealousy)
            if isinstance(x.do, SpareEquipment) and not _wearing_out(g):
                return []  # no Equipment in play counts the damage its bearer takes (Avoid Fire)
        aimed = flash_play.targets(g, card_uid)  # what a special verb names (halt, release, look, an opponent...)
        if aimed is None:
            named = flash_targets.named(g, card_uid)  # ``target``: a Character or a Disaster
            if named is None:
                return None
            named = flash_play.movable(g, card_uid, flash_play.armed(g, card_uid, named))  # one it can act on
            named = flash_play.returnable(g, card_uid, named)  # one carrying an Item that may go back (Fake Item)
            named = flash_play.telekinetic(g, card_uid, named)  # one with an Item in reach to move (Telekinese)
            aimed = flash_play.charming(g, card_uid, named)
        return aimed if not _chooses(g.card(card_uid)) else _worth_naming(g, card_uid, aimed)
    found = _destroy_targets(g, card_uid, e, stack)
    cancels = answers.cancel_targets(g, card_uid, stack)  # a cancel beside it (Moon Destruction)
    also = flash_targets.named(g, card_uid)  # a clause beside it naming a Character (Sunshine Daydream)
    for more in (cancels, also):
        if more:
            found = found + [u for u in more if u not in found]
    return found


def _rivals_together(g: Context, who: Who, seat: int) -> bool:
    """Whether two of the Characters a ``rivals`` reaches stand together (one player's, at one Location)."""
    seen: set[tuple[int, int]] = set()
    for c in characters(g, who, OFF, seat):
        if c.bonked_at >= 0:
            continue
        if (c.owner, c.pos) in seen:
            return True
        seen.add((c.owner, c.pos))
    return False


def _wearing_out(g: Context) -> bool:
    """Whether a Character in play carries or wears a card that wears out with the damage its bearer takes."""
    return any(bearer.wears(g.card(u)) for c in _in_play(g) for u in (*c.carried, *c.enhancements))


def _destroys(g: Context, card_uid: int, e: DestroyTarget, target: int, stack: FlashStack | None) -> bool:
    """Whether the ``destroy_target`` clause ``e`` acts on ``target`` (a card with a ``cancel`` beside it names
    either clause's cards; every other card's targets are its ``destroy_target``'s)."""
    if not answers.is_cancel(g.card(card_uid)) and flash_targets.named(g, card_uid) is None:
        return True
    return target in _destroy_targets(g, card_uid, e, stack)


def _destroy_targets(g: Context, card_uid: int, e: DestroyTarget, stack: FlashStack | None) -> list[int]:
    if e.blocking:
        return flash_aims.blockers(g, g.state.owner[card_uid])
    skip = {CardType(t) for t in e.except_}
    s = g.state
    out: list[int] = []
    for c in sorted(s.characters.values(), key=lambda c: c.uid):
        if c.pos == OFF or c.bonked_at >= 0:
            continue
        if CardType.CHARACTER not in skip:  # (a Disaster won over as a Character is one too: Bump on the Head)
            out.append(c.uid)
        out += [u for u in c.enhancements]
        out += [u for u in c.carried if not g.is_item(u)]
    out += sorted(d.uid for d in s.disasters.values() if d.pos != OFF or d.off_field)
    for p in s.players:
        out += sorted(p.globals)
    if stack is not None:
        out += [u for u in stack.cards if u != card_uid]
    out = [u for u in out if g.card(u).type not in skip]
    if e.only:
        out = [u for u in out if g.card(u).type.value in e.only]
    if e.has or e.named or e.icons:  # of one of these categories, or named so, or with one of these symbols
        out = [u for u in out if _fits(g.card(u), e)]
    if not e.discard:  # a card that cannot be Destroyed is never named (Dimensional Hammer)
        out = [u for u in out if not primitives.safe_from(g, u, "destroy")]
    return out


def _fits(card: Card, e: DestroyTarget) -> bool:
    """Whether ``card`` is of one of ``e.has``'s categories or icons (CARD-2), named with a word of ``e.named``, or
    printed with one of ``e.icons``' symbols."""
    cats = {c.lower() for c in card.category_set} if e.has else set()
    return any(h.lower() in cats for h in e.has) or _kind_of(card, (), e.named) or any(i in card.icons for i in e.icons)


def _kind_of(card: Card, has: tuple[str, ...], named: tuple[str, ...]) -> bool:
    """A card of one of the categories ``has``, or with a word of ``named`` in its name."""
    words = card.name.lower().replace("'", " ").split()
    return any(k in card.category_set for k in has) or any(w.lower() in words for w in named)


def resolve(
    g: Context,
    card_uid: int,
    target: int,
    stack: FlashStack | None,
    seat: int,
    payer: int = OFF,
    chosen: Chosen | None = None,
    skip: tuple[int, ...] = (),
) -> None:
    """Carry out ``card_uid``'s ``play`` effects: on ``target`` (a card :func:`targets` offered), or on the
    Characters they name (``payer``: the Character that paid its cost; ``chosen``: what its player chose as it
    resolved, :func:`flash_choices`; ``skip``: the clauses its player did not choose, flash_play.alternatives)."""
    picks: Picks = {}
    chosen = chosen or Chosen()
    card = g.card(card_uid)
    sorted_ = "fight" in flash_targets.windows_of(card) or flash_targets.at_and_window(card)
    for index, e in effects_of(card, "play"):
        if index in skip or (e.window and not flash_targets.in_context(g, card, e)):
            continue  # a clause its player did not choose, or one of another way of playing it (Assisted Shot)
        if sorted_ and not flash_targets.clause_here(g, e, card):
            continue  # a clause for another point: a fight between players, a combat against a Disaster, a window
        if e.if_ is not None and not _play_if(g, e.if_, target, payer):
            continue  # only with someone standing there (Assisted Shot's +1 more with Julian)
        if e.until == "round_after" or isinstance(e.do, Advance):
            continue  # it begins when the round its card's first clauses last for is over (lasting.round_over);
            # a Disaster's move is a procedure's (procedures/flash.py)
        if isinstance(e.do, DestroyTarget) and not _destroys(g, card_uid, e.do, target, stack):
            continue  # the card's other clause names it (a cancel beside it: Moon Destruction)
        if e.option and chosen.word != option_word(e):
            continue  # one of the card's options, not the one chosen
        if e.contest is not None and not _contest(g, card_uid, seat, target):
            continue  # its player lost the game it plays against that player
        if (
            isinstance(e.do, Relocate | Swap | PlaceDisaster)
            or (isinstance(e.do, Retrieve) and _many(e.do))
            or (isinstance(e.do, Steer) and e.do.how == "move")
        ):
            _resolve_chosen(g, card_uid, e.do, target, seat, chosen)
        elif isinstance(e.do, ShiftItem):
            flash_play.shift_item(g, card_uid, index, e.do, target, list(chosen.cells))
        elif isinstance(e.do, LoseTurn):
            flash_play.lose_turn(g, target, card_uid)
        elif isinstance(e.do, ReturnItem):
            flash_play.return_item(g, target, card_uid)
        elif isinstance(e.do, Charge):  # the payer banks Energy round by round (procedures/fights.py)
            ch = g.state.characters.get(payer)
            if ch is not None and lasting.charge_of(g, payer) is None:
                lasting.add(g, card_uid, index, [payer], ch.owner, None, NEXT_FIGHT, count=0)
                g.emit("effect_started", card=card.id, uid=card_uid, characters=[g.card(payer).id], turns=None)
        elif isinstance(e.do, PullCards):
            flash_play.pull_cards(g, e.do, seat, card_uid)
        elif isinstance(e.do, PlayFromDraw):
            _play_from_draw(g, card_uid, seat, chosen, stack)
        elif isinstance(e.do, Grab):  # an Item of the group named taken, then the group sent home
            group = flash_play.grab(g, target, seat, card_uid)
            for ch in free_to_leave(g, group) if not game_over(g.state) else []:
                primitives.send_home(g, ch)
        elif isinstance(e.do, FreeCast):
            g.state.counters[energy.free_key(seat)] = g.state.turn + 1
        elif isinstance(e.do, DestroyTarget) and e.do.discard:
            discard_target(g, target, card_uid, stack)
        elif isinstance(e.do, Halt):
            flash_play.halt(g, target)
        elif isinstance(e.do, Release):
            flash_play.release(g, target)
        elif isinstance(e.do, Retrieve):
            flash_play.retrieve(g, target, seat, card_uid)
        elif isinstance(e.do, Admit):
            flash_play.admit(g, seat, card_uid)
        elif isinstance(e.do, Look):
            flash_play.look(g, e.do, target, payer, card_uid)
        elif isinstance(e.do, DestroyFromDraw):
            flash_play.destroy_from_draw(g, e.do, target, card_uid)
        elif isinstance(e.do, FromDiscard):
            flash_play.from_discard(g, e.do, target, tuple(chosen.cards), seat, card_uid)
        elif isinstance(e.do, EquipFrom):
            if chosen.cards:
                flash_play.equip_from(g, target, chosen.cards[0], seat, card_uid)
        elif isinstance(e.do, DestroyTarget):
            destroy(g, target, card_uid, stack)
        elif isinstance(e.do, Cancel):
            if target in (answers.cancel_targets(g, card_uid, stack) or []) and not answers.cancel(
                g, target, card_uid, stack
            ):
                discard_target(g, target, card_uid, None)  # a card in play it names is Discarded
        elif isinstance(e.do, Spare):
            answers.spare(g, card_uid, index, seat)
        elif isinstance(e.do, Wound):
            # beside a cancel, only the Disaster it names; the clause for what was named (a Character or a Disaster)
            aimed = not answers.is_cancel(card) or target in (flash_targets.named(g, card_uid) or [])
            if aimed and (e.do.who is not None) == (target in g.state.characters):
                factor = flash_aims.damage_taken(g, target)[0] if g.state.lasting else 1  # Shield, Frozen on it
                answers.wound(g, target, e.do.amount * factor, card_uid)
        elif isinstance(e.do, CallOff):
            answers.call_off(g, card_uid, charm=e.do.charm)
        elif isinstance(e.do, ReverseCharm):
            answers.reverse_charm(g, card_uid)
        else:
            chars = g.state.characters
            place = chars[payer].pos if payer in chars else chars[target].pos if target in chars else OFF
            about = (target,) if target != OFF else ()
            run(g, card_uid, index, e, seat, place, payer, about=about, picks=picks)
        if game_over(g.state):
            return


def _play_if(g: Context, req: Requirement, target: int, payer: int) -> bool:
    """A Flash Effect clause's ``if``: the Characters at the Location of the Character it names (else of its payer)
    meet ``req`` together."""
    chars = g.state.characters
    who = chars.get(target) or chars.get(payer)
    if who is None or who.pos == OFF:
        return False
    return _group_meets(g, g.characters_at(who.pos), req)


def _energy_count(g: Context, v: Modify, ch: CharacterState) -> int:
    """How many times a ``per_energy`` bonus counts for ``ch``, worked out as the card resolves: its base Energy
    (``own``), or the Energy of every Character in play added up (``in_play``)."""
    if v.per_energy == "own":
        return energy.base_energy(g, ch)
    return sum(g.ability(c.uid, "energy") for c in _in_play(g))


def discard_target(g: Context, uid: int, by: int, stack: FlashStack | None) -> None:
    """Send a card in play (or a Flash Effect waiting on the stack) to its owner's Discard pile (CARD-11)."""
    s = g.state
    if stack is not None and uid in stack.cards:
        stack.remove(uid)
        g.discard(uid)
        g.emit("card_removed", how="discard", card=g.card(uid).id, uid=uid, by=g.card(by).id)
    elif uid in s.disasters:
        primitives.leave_play(g, s.disasters[uid], "removed")
    elif g.card(uid).disaster is not None:
        return  # the Disaster named left play before the card resolved (an answer Defeated it): nothing to discard
    else:
        primitives.remove_from_play(g, uid, "discard", by)
    check(g)


def destroy(g: Context, uid: int, by: int, stack: FlashStack | None) -> None:
    """Remove a face-up card in play from the game (MISC-3). A Character's carried cards stay where it stood
    (under the Location, or stored in the Haven) and its Enhancements are Discarded (CARD-11); a Disaster's
    Item drops where it stands (DIS-16)."""
    s = g.state
    where = "play"
    if uid in s.characters:
        primitives.destroy_character(g, uid, by)
    elif uid in s.disasters:
        primitives.destroy_disaster(g, s.disasters[uid])
    elif stack is not None and uid in stack.cards:
        stack.remove(uid)
        where = "stack"
        g.destroy(uid)
    else:
        if primitives.salvaged(g, uid):  # a vehicle saved from it stays where it is (Al)
            check(g)
            return
        if primitives.spared_destroy(g, uid, by):  # no Item or Equipment is Destroyed now (Kasumi)
            return
        for p in s.players:
            if uid in p.globals:
                del p.globals[uid]
                lasting.left(g, uid)
                break
        else:
            c = primitives.holder_of(g, uid)
            if c is None:  # pragma: no cover - targets() offers only the cards above
                raise ValueError(f"c{uid} is not a card in play")
            if uid in c.carried:
                c.carried.remove(uid)
            else:
                c.enhancements.remove(uid)
        saver = primitives.recycler(g, uid)
        if saver == OFF:
            g.destroy(uid)
        else:
            g.emit("card_destroyed", card=g.card(uid).id, uid=uid, by=g.card(by).id, where=where)
            primitives.recycled(g, uid, saver)  # Dr. Raven: back into its owner's Draw pile
            check(g)
            return
    g.emit("card_destroyed", card=g.card(uid).id, uid=uid, by=g.card(by).id, where=where)
    check(g)


# ---------------------------------------------------------------------- choices made as a Flash Effect resolves


@dataclass(slots=True)
class Chosen:
    """What the player of a Flash Effect chose as it resolved (procedures/flash.py ``Choosing``): the cards, the
    Locations' cells, and the word of one of its options."""

    cards: list[int] = field(default_factory=list)
    cells: list[tuple[int, int]] = field(default_factory=list)
    word: str = ""
    wished: int = OFF  # a Disaster or a Flash Effect a ``play_from_draw`` took, for the caller to bring into play
    wished_target: int = OFF  # that Flash Effect's target and payer (OFF: none), as its player chose them
    wished_payer: int = OFF


def option_word(e: Effect) -> str:
    """The word an ``option`` effect is chosen by: the word it gives, or the one ability its ``modify`` raises."""
    if isinstance(e.option, str):
        return e.option
    return next(iter(e.do.by)) if isinstance(e.do, Modify) and e.do.by else ""


def _option_worth(g: Context, e: Effect, seat: int, stack: FlashStack | None, apart: Sequence[int] = ()) -> bool:
    """Whether an ``option`` can do something now (one that cannot is not offered); ``apart``: the cards a wish
    plays their own way (procedures/power_cards.py ``wish_plays``)."""
    if isinstance(e.do, PlaceDisaster):
        return any(flash_play.landing_cells(g, u) for u in flash_play.wandering(g))
    if isinstance(e.do, PullCards):
        return bool(g.state.players[seat].draw)
    if isinstance(e.do, PlayFromDraw):
        return bool(apart) or bool(flash_play.wishes(g, seat)) or bool(wished_flashes(g, seat, stack))
    return True


def wished_flashes(g: Context, seat: int, stack: FlashStack | None) -> dict[int, list[tuple[int, int]]]:
    """The Flash Effects of ``seat``'s Draw pile a ``play_from_draw`` resolving from ``stack`` may play now (Shen
    Lon's wish), each with the (target, payer) pairs it may be played with (OFF: it names none, or needs no payer).
    One of each card id, the lowest instance, never the pile's order. A card is offered as it would be from the hand
    at the decision the stack interrupted (procedures/flash.py ``options``): executed text, not barred this turn or
    this game, something to name now, and a Character able to pay where one must (CARD-15, CARD-16); a card played
    only at windows of its own (an answer to a card, a Disaster's attack) is not, as none of them is open while a
    Flash Effect resolves."""
    if stack is None:
        return {}
    out: dict[int, list[tuple[int, int]]] = {}
    for f in flash_play.draw_firsts(g, seat):
        card = g.card(f)
        if card.type is not CardType.FLASH_EFFECT or not card.effects:
            continue
        if (answers.points(card) and not answers.also_own(card)) or not flash_targets.offered(g, f, stack.kind):
            continue  # played only at windows of its own, or only at other decisions (a combat round's)
        if flash_play.once_a_turn(card) and flash_play.played_this_turn(g, f):
            continue
        if flash_play.once_a_game(card) and flash_play.played_this_game(g, f):
            continue
        tg = targets(g, f, stack)
        if tg == []:
            continue
        pairs: list[tuple[int, int]] = []
        for t in [None] if tg is None else tg:
            aim = OFF if t is None else t
            if not flash_play.needs_payer(g, f):
                pairs.append((aim, OFF))
            else:
                pairs += [(aim, c.uid) for c in flash_play.payers(g, seat, f, t)]
        if pairs:
            out[f] = pairs
    return out


def _chooses(card: Card) -> bool:
    """Whether the card's ``play`` effects ask a choice as it resolves, or hold only while a card is in play."""
    return any(
        e.option
        or e.in_play is not None
        or isinstance(e.do, Relocate | Swap)
        or (isinstance(e.do, Retrieve) and _many(e.do))
        or (isinstance(e.do, Steer) and e.do.how == "move")
        for _, e in effects_of(card, "play")
    )


def asks(card: Card) -> bool:
    """Whether the card's player makes a choice as it resolves (procedures/flash.py pushes ``FlashChoosing``)."""
    return any(
        e.option
        or isinstance(e.do, Relocate | Swap | EquipFrom | ShiftItem)
        or (isinstance(e.do, Steer) and e.do.how == "move")
        or (isinstance(e.do, Retrieve) and _many(e.do))
        or (isinstance(e.do, FromDiscard) and e.do.shuffle > 1)
        for _, e in effects_of(card, "play")
    )


def _many(v: Retrieve) -> bool:
    """A ``retrieve`` whose choices are made as the Flash Effect resolves: several cards, or a search of the pile."""
    return v.count > 1 or v.pile == "draw"


def _named_in_play(g: Context, name: str) -> bool:
    """Whether a face-up card of that name is in play: on a Character, a Global, a Disaster."""
    s = g.state
    for c in s.characters.values():
        if c.pos == OFF or c.bonked_at >= 0:
            continue
        if any(g.card(u).name == name for u in (*c.enhancements, *c.carried) if not g.is_item(u)):
            return True
    return any(g.card(u).name == name for p in s.players for u in p.globals) or any(
        g.card(u).name == name for u in s.disasters
    )


def _joined_place(g: Context, name: str) -> int:
    """Where the Disaster named ``name`` is in play at a Location (an ``enters`` effect's ``in_play``, and where a
    ``move_self`` with ``joins`` goes): the Location it stands on (the first such in uid order), else where the
    first Character its lasting effect still holds stands on the Field (the lowest uid, not Bonked: a non-Combat
    Disaster is Discarded once it has acted, DIS-20, and its hold is what stays of it); OFF when it is in neither
    way (Off the Field it has no Location to join)."""
    s = g.state
    for u in sorted(s.disasters):
        if g.card(u).name == name and s.disasters[u].pos != OFF:
            return s.disasters[u].pos
    for r in s.lasting:
        if g.is_disaster(r.source) and g.card(r.source).name == name:
            for t in sorted(r.targets):
                c = s.characters.get(t)
                if c is not None and c.pos != OFF and c.bonked_at < 0:
                    return c.pos
    return OFF


def _met_at(g: Context, place: int, seat: int) -> tuple[int, list[CharacterState]]:
    """The seat and group a Disaster that joined another card at ``place`` meets: ``seat``'s Characters there,
    else those of the player whose Character there has the lowest uid (the group the other card holds)."""
    group = g.characters_at(place, seat)
    if not group:
        here = sorted(g.characters_at(place), key=lambda c: c.uid)
        if here:
            seat = here[0].owner
            group = g.characters_at(place, seat)
    return seat, group


def _worth_naming(g: Context, card_uid: int, found: list[int] | None) -> list[int] | None:
    """Of what the card may name, those its choices can do something with ([]: it can do nothing now)."""
    for _, e in effects_of(g.card(card_uid), "play"):
        if e.in_play is not None and not _named_in_play(g, e.in_play):
            return []
        v = e.do
        if found is None:
            continue
        if isinstance(v, Relocate):  # a Character it may move: free to leave, with somewhere to go
            s = g.state
            movable = {c.uid for c in free_to_leave(g, [s.characters[u] for u in found if u in s.characters])}
            found = [u for u in found if u in movable and relocation_cells(g, s.characters[u], v.steps)]
        elif isinstance(v, Swap):  # a Disaster with another to trade places with
            found = [u for u in found if _swap_partners(g, card_uid, u, v)]
        elif isinstance(v, Steer) and v.how == "move":  # one moving, with somewhere to be steered to (Misdirection)
            found = [u for u in found if steerable(g, u)]
    return found


def steerable(g: Context, uid: int) -> bool:
    """Whether a ``steer`` with ``how: move`` may name ``uid`` now: a Character of the player whose turn it is that
    has moved this turn (where its last move set out is marked: procedures/turn.py), or a Disaster on the Field
    that moves (Movement above 0); each with somewhere to be steered to."""
    s = g.state
    if uid in s.characters:
        c = s.characters[uid]
        if c.pos == OFF or c.bonked_at >= 0 or not c.moved or c.owner != s.active:
            return False
        if s.counters.get(uid * SLOTS + MOVED_FROM_COUNTER, 0) // 10_000 != s.turn:
            return False  # it set out this turn (procedures/turn.py ``_setting_out``)
    elif uid in s.disasters:
        d = s.disasters[uid]
        if d.pos == OFF or d.off_field or g.ability(uid, "movement") <= 0:
            return False
    return bool(steer_cells(g, uid))


def steer_cells(g: Context, uid: int) -> list[tuple[int, int]]:
    """Where a ``steer`` with ``how: move`` may put ``uid``: a Location (not a Haven, nor Destroyed) other than where
    it stands, within its Movement of where its last move set out (a Character, where it may stop) or of where it
    stands (a Disaster)."""
    s = g.state
    if uid in s.characters:
        c = s.characters[uid]
        mark = s.counters.get(uid * SLOTS + MOVED_FROM_COUNTER, 0)
        start = mark % 10_000 - 1
        if c.pos == OFF or mark // 10_000 != s.turn or start not in s.places:
            return []
    elif uid in s.disasters and s.disasters[uid].pos != OFF:
        start = s.disasters[uid].pos
    else:
        return []
    here = c.pos if uid in s.characters else start
    near = distances(s, s.places[start].cell, g.rules.adjacency, g.ability(uid, "movement"))
    out = []
    for cell in sorted(near):
        p = s.grid[cell]
        if p == here or s.places[p].haven or s.places[p].destroyed:
            continue
        if uid in s.characters and not may_stop_at(g, s.characters[uid], p):
            continue
        out.append(cell)
    return out


def relocation_cells(g: Context, c: CharacterState, steps: int) -> list[tuple[int, int]]:
    """The Locations ``c`` may be moved to: exactly ``steps`` away, or (0: ``relocate`` ``to: anywhere``) any
    other Location of the Field; never a Haven, only where it may stop. None out of a Haven while its player
    already has six Characters on the Field (TURN-16)."""
    s = g.state
    if s.places[c.pos].haven and g.on_field(c.owner) >= 6:
        return []
    start = s.places[c.pos].cell
    if steps:
        far = distances(s, start, g.rules.adjacency, steps)
        cells = [cell for cell, n in far.items() if n == steps]
    else:
        cells = [cell for cell, p in s.grid.items() if p != c.pos]
    return sorted(cell for cell in cells if not s.places[s.grid[cell]].haven and may_stop_at(g, c, s.grid[cell]))


def _swap_partners(g: Context, source: int, uid: int, v: Swap) -> list[int]:
    """The Disasters on the Field ``uid`` may trade places with: of ``v``'s kind, on another Location."""
    s = g.state
    d = s.disasters.get(uid)
    if d is None or d.pos == OFF:
        return []
    out = []
    for u, o in sorted(s.disasters.items()):
        if u == uid or o.pos == OFF or o.pos == d.pos:
            continue
        if v.disasters.combat and not g.is_combat_disaster(u):
            continue
        if lasting.disaster_matches(g, source, u, v.disasters):
            out.append(u)
    return out


def _more_retrieved(g: Context, v: Retrieve, seat: int, taken: list[int]) -> list[int]:
    """The cards of ``seat``'s Discard pile a ``retrieve`` of several cards may still take (one of each card id)."""
    out: dict[str, int] = {}
    for u in sorted(g.state.players[seat].discard):
        card = g.card(u)
        if u not in taken and v.takes(card.type.value):
            out.setdefault(card.id, u)
    return sorted(out.values())


def flash_choices(
    g: Context,
    card_uid: int,
    seat: int,
    target: int,
    chosen: Chosen,
    stack: FlashStack | None = None,
    apart: Sequence[int] = (),
) -> tuple[int, str, list[str]]:
    """The next choice the player of a Flash Effect makes as it resolves: the index of the effect asking, a prompt and
    its actions (``choose cN``, ``choose x,y``, an option's word); no actions when nothing is left to choose.
    ``stack``: the one it resolves from; ``apart``: cards of the Draw pile a wish also offers, to be played their own
    way (procedures/power_cards.py asks where they go)."""
    s = g.state
    plays = effects_of(g.card(card_uid), "play")
    options = [option_word(e) for _, e in plays if e.option and _option_worth(g, e, seat, stack, apart)]
    if options and not chosen.word:
        what = "which ability it raises" if any(e.option is True for _, e in plays) else "which of its effects"
        return next(i for i, e in plays if e.option), what, options
    for index, e in plays:
        v = e.do
        if e.option and option_word(e) != chosen.word:
            continue  # an option not chosen
        if isinstance(v, PlaceDisaster) and not chosen.cards:
            found = flash_play.wandering(g)
            return index, "which Disaster is moved", [act("choose", u) for u in found]
        if isinstance(v, PlaceDisaster) and not chosen.cells:
            cells = flash_play.landing_cells(g, chosen.cards[0])
            return index, f"where {g.name(chosen.cards[0])} goes", [act("choose", c) for c in cells]
        if isinstance(v, Retrieve) and v.pile == "draw" and len(chosen.cards) < 1 + v.on_top:
            left = [u for u in s.players[seat].draw if u not in chosen.cards and v.takes(g.card(u).type.value)]
            firsts: dict[str, int] = {}
            for u in sorted(left):  # one of each card id, in uid order (never the pile's order)
                firsts.setdefault(g.card(u).id, u)
            what = (
                "which card of your Draw pile goes into your hand"
                if not chosen.cards
                else ("which card of your Draw pile goes on top of it")
            )
            if firsts:
                return index, what, [act("choose", u) for u in sorted(firsts.values())]
        if isinstance(v, Relocate) and not chosen.cells:
            mover = s.characters.get(target)
            if mover is not None and mover.pos != OFF:
                cells = relocation_cells(g, mover, v.steps)
                return index, f"where {g.name(target)} goes", [act("choose", c) for c in cells]
        if isinstance(v, Steer) and v.how == "move" and not chosen.cells:
            cells = steer_cells(g, target)
            return index, f"where {g.name(target)} goes", [act("choose", c) for c in cells]
        if isinstance(v, ShiftItem) and len(chosen.cells) < 2 and target in s.characters:
            if not chosen.cells:
                costs = flash_play.item_sources(g, s.characters[target], v)
                what = f"under which Location {g.name(target)} moves an Item (the Energy: the distance)"
                return index, what, [act("choose", c) for c in sorted(costs)]
            cells = flash_play.item_targets(g, chosen.cells[0])
            return index, "where the Item goes", [act("choose", c) for c in cells]
        if isinstance(v, Swap) and not chosen.cards:
            return (
                index,
                f"which Disaster trades places with {g.name(target)}",
                [act("choose", u) for u in _swap_partners(g, card_uid, target, v)],
            )
        if isinstance(v, Retrieve) and v.count > 1 and len(chosen.cards) < v.count - 1:
            more = _more_retrieved(g, v, seat, [target, *chosen.cards])
            if more:
                return index, "which other card of your Discard pile", [act("choose", u) for u in more]
        if isinstance(v, PlayFromDraw):
            offers = flash_play.wishes(g, seat)
            flashes = wished_flashes(g, seat, stack)
            if not chosen.cards and (offers or flashes or apart):
                what = "which card of your Draw pile you play at once"
                return index, what, [act("choose", u) for u in sorted({*offers, *flashes, *apart})]
            if chosen.cards and chosen.cards[0] in flashes:
                return _flash_wish_choice(g, index, chosen.cards, flashes[chosen.cards[0]])
            if len(chosen.cards) == 1 and offers.get(chosen.cards[0]):
                what = f"which of your Characters takes {g.name(chosen.cards[0])}"
                return index, what, [act("choose", u) for u in offers[chosen.cards[0]]]
            if len(chosen.cards) == 1 and not chosen.cells and g.card(chosen.cards[0]).type is CardType.HAVEN:
                what = f"where {g.name(chosen.cards[0])} goes"
                return index, what, [act("choose", c) for c in put_in_play.haven_cells(g, seat)]
        if isinstance(v, EquipFrom) and not chosen.cards and target in s.characters:
            gear = flash_play.weapons(g, v, seat, s.characters[target])
            return index, f"which Equipment goes on {g.name(target)}", [act("choose", u) for u in gear]
        if isinstance(v, FromDiscard) and v.shuffle > 1 and len(chosen.cards) + 1 < v.shuffle:
            more = flash_play.reshuffled(g, card_uid, seat, [target, *chosen.cards])
            if more:
                return index, "which other card of your Discard pile", [act("choose", u) for u in more]
    return -1, "", []


def _flash_wish_choice(
    g: Context, index: int, picked: list[int], pairs: list[tuple[int, int]]
) -> tuple[int, str, list[str]]:
    """The next choice for a Flash Effect a wish plays (``picked[0]``, with ``pairs`` its (target, payer) pairs,
    :func:`wished_flashes`): what it names, if it names something, then which Character pays, if one must."""
    f = picked[0]
    aims = list(dict.fromkeys(t for t, _ in pairs if t != OFF))
    if aims and len(picked) == 1:
        return index, f"what {g.name(f)} names", [act("choose", u) for u in aims]
    aim = picked[1] if aims else OFF
    paying = [p for t, p in pairs if t == aim and p != OFF]
    if paying and len(picked) == (2 if aims else 1):
        return index, f"which of your Characters plays {g.name(f)}", [act("choose", u) for u in paying]
    return -1, "", []


def _wished_flash(g: Context, card_uid: int, seat: int, chosen: Chosen, stack: FlashStack | None) -> None:
    """A wish that plays a Flash Effect (``chosen.cards``: the card, then its target if it names one, then its payer
    if one must pay), checked again: it leaves the Draw pile, and ``chosen`` keeps it with its target and payer for
    procedures/flash.py to put on the stack (paid there, as a card played from the hand)."""
    f, *rest = chosen.cards
    pairs = wished_flashes(g, seat, stack).get(f, [])
    aim = rest.pop(0) if rest and any(t != OFF for t, _ in pairs) else OFF
    payer = rest.pop(0) if rest else OFF
    if (aim, payer) not in pairs:
        return
    flash_play.take_wished(g, seat, f, card_uid)
    chosen.wished, chosen.wished_target, chosen.wished_payer = f, aim, payer


def _play_from_draw(g: Context, card_uid: int, seat: int, chosen: Chosen, stack: FlashStack | None) -> None:
    """A ``play_from_draw`` with the cards its player chose (flash_play.play_from_draw): a Power card played on a
    Character runs its own ``play`` effects that reach others, as in the Equip phase; a Disaster is left in
    ``chosen.wished`` for procedures/flash.py to bring into play."""
    s = g.state
    if chosen.cards and g.card(chosen.cards[0]).type is CardType.FLASH_EFFECT:
        _wished_flash(g, card_uid, seat, chosen, stack)
        return
    played = flash_play.play_from_draw(g, seat, chosen.cards, card_uid, chosen.cells)
    if played == OFF:
        return
    if g.is_disaster(played):
        chosen.wished = played
        return
    ch = s.characters.get(chosen.cards[1]) if len(chosen.cards) > 1 else None
    if ch is None or (played not in ch.carried and played not in ch.enhancements):
        return
    for index, e in effects_of(g.card(played), "play"):  # its text reaches someone else too
        who = getattr(e.do, "who", None)
        if not (isinstance(who, Who) and lasting.matches(g, ch, who)):  # not its bearer a second time
            run(g, played, index, e, seat, ch.pos)
        if game_over(s):
            return


def _resolve_chosen(g: Context, card_uid: int, v: object, target: int, seat: int, chosen: Chosen) -> None:
    """Carry out a verb whose choices were made as the card resolved (:func:`flash_choices`)."""
    s = g.state
    if isinstance(v, PlaceDisaster):
        if chosen.cards and chosen.cells:
            flash_play.place_disaster(g, chosen.cards[0], chosen.cells[0])
    elif isinstance(v, Relocate):
        mover = s.characters.get(target)
        if mover is None or mover.pos == OFF or not chosen.cells or chosen.cells[0] not in s.grid:
            return
        dest = s.grid[chosen.cells[0]]
        if not free_to_leave(g, [mover]) or not may_stop_at(g, mover, dest):
            return
        group = [mover]
        if v.group:  # its player's other Characters standing with it go along, those that can (Power Push)
            mates = [c for c in g.characters_at(mover.pos, mover.owner) if c.uid != mover.uid and c.bonked_at < 0]
            group += [c for c in free_to_leave(g, sorted(mates, key=lambda c: c.uid)) if may_stop_at(g, c, dest)]
        for c in group:
            primitives.place_character(g, c, dest, card_uid)
        if s.lasting:
            lasting.release_holds(g)
    elif isinstance(v, Steer):  # a move steered (Misdirection): checked again, the state may have changed
        if not chosen.cells or chosen.cells[0] not in steer_cells(g, target):
            return
        dest = s.grid[chosen.cells[0]]
        if target in s.disasters:
            primitives.move_disaster(g, s.disasters[target], dest)
            return
        steered = s.characters[target]
        if not free_to_leave(g, [steered]):
            return
        primitives.place_character(g, steered, dest, card_uid)
        steered.spent = max(steered.spent, g.ability(target, "movement"))  # its move is over
        if s.lasting:
            lasting.release_holds(g)
    elif isinstance(v, Swap):
        a = s.disasters.get(target)
        b = s.disasters.get(chosen.cards[0]) if chosen.cards else None
        if a is None or b is None or a.pos == OFF or b.pos == OFF:
            return
        there, here = b.pos, a.pos
        primitives.move_disaster(g, a, there)
        primitives.move_disaster(g, b, here)
    elif isinstance(v, Retrieve) and v.pile == "draw":
        _search(g, card_uid, v, seat, chosen.cards)
    elif isinstance(v, Retrieve):
        pile = s.players[seat].discard
        for u in [target, *chosen.cards]:
            if u not in pile:
                continue
            pile.remove(u)
            s.players[seat].draw.append(u)
            g.emit("card_recovered", seat=seat, card=g.card(u).id, uid=u, where="draw", by=g.card(card_uid).id)
        g.shuffle(s.players[seat].draw)


def _contest(g: Context, card_uid: int, seat: int, target: int) -> bool:
    """A game of rock-paper-scissors between the card's player and the player of ``target`` (a tie is played again,
    so each wins half the time: one draw of the game's seeded RNG, MISC-6): whether the card's player wins."""
    s = g.state
    if target not in s.characters:
        return False
    return flash_play.rock_paper_scissors(g, card_uid, seat, s.characters[target].owner)


def _search(g: Context, card_uid: int, v: Retrieve, seat: int, picked: list[int]) -> None:
    """The player takes the first card picked from its Draw pile into its hand and puts the others back on top, the
    first of them on top; only it learns which (MISC-7). The rest of the pile, which it has looked through, is
    shuffled before they go back on it (TURN-27)."""
    s = g.state
    pile = s.players[seat].draw
    found = [u for u in picked if u in pile]
    if not found:
        return
    got, top = found[0], found[1:]
    for u in found:
        pile.remove(u)
    s.players[seat].hand.append(got)
    g.shuffle(pile)  # TURN-27: the rest of a searched pile is shuffled; the cards chosen then go on top
    pile.extend(reversed(top))  # the pile's last card is its top one
    by = g.card(card_uid).id
    cards = [g.card(u).id for u in top]
    g.emit("card_searched", to=[seat], seat=seat, card=g.card(got).id, uid=got, where="hand_top", cards=cards, by=by)
    others = [x for x in range(len(s.players)) if x != seat]
    g.emit("card_searched_hidden", to=others, seat=seat, where="hand_top", count=len(top), by=by)


def _free_worth(g: Context, card_uid: int) -> bool:
    """Whether a ``free_cast`` would do something now: its player holds another card with an Energy cost, and no
    cost of its is waived already this turn."""
    seat = g.state.owner[card_uid]
    if energy.free(g, seat):
        return False
    return any(u != card_uid and energy.cost(g, u) > 0 for u in g.state.players[seat].hand)
