"""Activated abilities: ``use cCard`` (RULES.md CARD-16, CARD-17, CARD-23; the effect language's ``when: use``).

An Enhancement or a piece of Equipment whose record has an effect with ``when: use`` may be used by its owner at
the decisions its ``window`` names: the Equip, Move and Scavenge phases (the active player's own decisions) and
the choice to run or strike at the start of a combat round against a Disaster (``combat``: only the Characters
fighting in it). ``use cN`` is added to those decisions when, and only when, the card can be used now:

* its bearer is in play (on a Location or in a Haven, not Bonked) and meets the effect's ``if`` (CARD-23);
* the cost can be paid: the bearer has the ``energy`` left (CARD-16), has more Health left than ``health_to``;
* the limit is not reached: ``card17`` (the default: once a combat round in combat, once a turn outside it),
  ``turn``, ``combat``, ``round`` or ``game`` (only the printed uses); a card that prints uses spends one each
  time and is Discarded with its last (CARD-17, engine/effects/uses.py);
* it has something to do: a Character its selector names, a Disaster or a card to choose, a Location to go to.

A card with several activated abilities is used by the first one usable now (the cards here have at most one at a
time: the Magic and non-Magic cases of the Red Dragon sword exclude each other).

Using it pushes a :class:`Using` frame: the cost is paid at once (the event ``ability_used``), then each choice the
effect needs is a decision of its own (``use_choice``: ``choose cN`` or ``choose x,y``), then the effect resolves
through the interpreter (engine/effects/triggers.py) or its verb's own code. What a verb asks and does is one
record of :data:`_VERBS`, keyed by its model class (how many choices, their prompt, how each is built, what it
does): a new verb is one entry there. Then the interrupted decision is asked again: a phase's procedure asks it again by
itself; a combat decision is asked again here, as the Flash Effects do (procedures/flash.py). The limits are plain
data: ``state.counters[uid * SLOTS + USE_TURN_COUNTER]`` (the game turn of the last use, plus one) and the Combat
frame's ``used`` list (``uid * 1000 + round``), so clone, hash, save and replay keep them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from animayhem.cards.effects import (
    AttackAsDisaster,
    BecomesHaven,
    Control,
    Effect,
    EquipFromHand,
    ExtraAttack,
    Gains,
    Halt,
    Heal,
    HideFrom,
    Hold,
    Hook,
    Look,
    Modify,
    NoSkill,
    Pin,
    Plant,
    Relocate,
    RemoveDisaster,
    Retrieve,
    Scatter,
    Steal,
    Steer,
    StrikeFirst,
    StrikeFromAfar,
    Untouchable,
    Who,
)
from animayhem.cards.model import Card, CardType, Gender
from animayhem.engine.core.actions import SKILL_NAMES, SKILL_WORDS, Action, act, parse_action, skill_word
from animayhem.engine.core.context import Context
from animayhem.engine.core.events import cell_list
from animayhem.engine.core.field import distances
from animayhem.engine.core.fight import ADDED, DuelFrame, ask_again, on_top, under_way
from animayhem.engine.core.state import (
    CHOSEN_COUNTER,
    EVERY_COUNTER,
    NEXT_COMBAT,
    NEXT_FIGHT,
    NEXT_ROUND,
    OFF,
    ONCE_COUNTER,
    SLOTS,
    USE_TURN_COUNTER,
    USES_COUNTER,
    WHILE_IN_PLAY,
    WHILE_TARGET,
    CharacterState,
    Decision,
    Lasting,
    game_over,
)
from animayhem.engine.core.statics import of_kind, per_card_list
from animayhem.engine.core.win import check
from animayhem.engine.effects import (
    bearer,
    card_hooks,
    control,
    energy,
    flash_play,
    lasting,
    lent,
    looks,
    pins,
    primitives,
    transform,
    triggers,
    uses,
)
from animayhem.engine.effects.transform import skill_card
from animayhem.engine.procedures import agenda, equip_from_hand, looking, movement

if TYPE_CHECKING:
    from animayhem.engine.core.fight import FightFrame

USE_KINDS: Final = frozenset({"equip", "move", "scavenge", "combat", "draw", "declare"})


# ---------------------------------------------------------------------- per-card facts (cached)

_USABLE: dict[int, tuple[list[str], frozenset[int]]] = {}


def _usable_uids(g: Context) -> frozenset[int]:
    """The instances whose card has an activated ability: worked out once per card list (core/statics.py), so a
    game without such cards pays one lookup per decision."""
    cards = g._cards

    def usable(listed: list[str]) -> frozenset[int]:
        ids = {c for c in set(listed) if c in cards and triggers.effects_of(cards[c], "use")}
        return frozenset(u for u, c in enumerate(listed) if c in ids)

    return per_card_list(_USABLE, g.state.cards, usable)


def _from_hand(card: Card) -> bool:
    """Whether the card has an ability used from its owner's hand (``equip_from_hand`` with ``this``)."""
    return any(isinstance(e.do, EquipFromHand) and e.do.this for _, e in abilities_of(card))


def abilities_of(card: Card) -> tuple[tuple[int, Effect], ...]:
    return triggers.effects_of(card, "use")


# ---------------------------------------------------------------------- what may be used now


def _bearers(
    g: Context, seat: int, kind: str, checked: dict[tuple[int, int], bool] | None = None
) -> list[tuple[CharacterState, int]]:
    """The seat's Characters that may use a card now, with each card they bear that has an activated ability.
    ``checked``: filled with what finding a Global's user found out, (Character, card) -> usable now."""
    usable = _usable_uids(g)
    if not usable:
        return []
    s = g.state
    found = [u for u in s.players[seat].globals if u in usable]
    found += [u for u in s.players[seat].havens if u in usable and not s.places[u].destroyed]
    found += [u for u in s.players[seat].hand if u in usable and _from_hand(g.card(u))]  # Dimensional Hammer
    if kind == "combat":
        fight = on_top(g.state.agenda)
        if fight is None:
            return []
        place = fight.place
        chars = [c for c in s.characters.values() if c.owner == seat and c.pos == place and c.bonked_at < 0]
    elif kind == "declare":  # a fight between players' Characters (procedures/fights.py): its Characters there
        duel = g.state.agenda[-1] if g.state.agenda else None
        if not isinstance(duel, DuelFrame):
            return []
        place = duel.place
        chars = [c for c in s.characters.values() if c.owner == seat and c.pos == place and c.bonked_at < 0]
    elif kind in USE_KINDS and (s.active == seat or kind == "draw"):  # (001: every player draws at once)
        if (
            not found
            and not _borrowing(g, seat)
            and all(
                c.owner != seat
                or (
                    usable.isdisjoint(c.enhancements)
                    and usable.isdisjoint(c.carried)
                    and c.uid not in usable
                    and c.pos not in usable
                )
                for c in s.characters.values()
            )
        ):
            return []  # none of its Characters bears such a card or stands on such a Location, nor has it such a Global
        chars = [c for c in s.characters.values() if c.owner == seat and c.pos != OFF and c.bonked_at < 0]
    else:
        return []
    out = []
    chars = sorted(chars, key=lambda c: c.uid)
    for c in chars:
        carried = control.usable_carried(g, c)  # Possession: not the Items, face down to the controller (MISC-7)
        for u in (c.uid, *c.enhancements, *carried):  # its own card first (a Character's: Reika "Vision" Chang)
            if u in usable:
                out.append((c, u))
        if c.enhancements and (got := _borrowed(g, c)) in usable:  # another player's card it uses (Pass Around)
            out.append((c, got))
    if found and chars:  # a Global (or a Haven) is used through one of its owner's Characters (CARD-14, 5E)
        out += [(_global_user(g, chars, u, kind, checked), u) for u in found]
    if kind != "combat":  # a Location's own use: through one of the player's Characters standing on it
        spots = sorted({c.pos for c in chars if c.pos in usable and not s.places[c.pos].haven})
        for p in spots:  # (one that may become a Haven is used only as one, by its holder: The Reversed World)
            if not s.places[p].destroyed and not of_kind(g.card(p), BecomesHaven):
                out.append((_global_user(g, [c for c in chars if c.pos == p], p, kind, checked), p))
    return out


def _global_user(
    g: Context, chars: list[CharacterState], uid: int, kind: str, checked: dict[tuple[int, int], bool] | None = None
) -> CharacterState:
    """The Character a Global is used through: the first (lowest id) of its owner's that may use it now, else
    the first of them (a Global has no bearer; 5E: whoever uses it pays and meets its requirements). ``checked``
    gets whether the one returned may use it."""
    for c in chars:
        if _first_usable(g, c, uid, kind) is not None:
            if checked is not None:
                checked[c.uid, uid] = True
            return c
    if checked is not None:
        checked[chars[0].uid, uid] = False
    return chars[0]


def _limit_reached(g: Context, uid: int, e: Effect, kind: str) -> bool:
    s = g.state
    if e.every > 1:  # once in every N of its owner's turns: not again before the N-th after a use (Chiao-Tzu)
        last = s.counters.get(uid * SLOTS + EVERY_COUNTER, 0)
        if last and s.players[s.owner[uid]].turns + 1 - last < e.every:
            return True
    limit = e.limit or "card17"
    if limit == "havens":  # its uses in all: one plus one per Haven in play (Palace Guard), once a combat
        total = uses.allowed(g, uid)
        if total is not None and s.counters.get(uid * SLOTS + USES_COUNTER, 0) >= total:
            return True
        limit = "combat" if kind == "combat" else "turn"
    if limit == "once":
        return uid * SLOTS + ONCE_COUNTER in s.counters
    if limit in ("game", "each"):
        return False  # only the printed uses count (each: as often as its cost is paid)
    fight = on_top(g.state.agenda) if kind == "combat" else None
    if limit == "card17":
        limit = "round" if fight is not None else "turn"
    if limit == "turn":
        return s.counters.get(uid * SLOTS + USE_TURN_COUNTER) == s.turn + 1
    if fight is None:
        return False  # once a combat / a round: outside combat nothing limits it here (its window decides)
    if limit == "round":
        return uid * 1000 + fight.round in fight.used
    return any(x // 1000 == uid for x in fight.used)


def _cost_payable(g: Context, ch: CharacterState, e: Effect) -> bool:
    cost = e.cost
    if cost is None:
        return True
    if cost.energy and energy.available(g, ch) < cost.energy:
        return False
    return cost.health_to is None or g.max_health(ch.uid) - ch.damage > cost.health_to


def needed(e: Effect) -> int:
    """How many choices the player makes while the ability resolves (each a ``use_choice`` decision)."""
    v = e.do
    return _VERBS.get(type(v), _OTHER).needed(v)


_USE_UNTIL: Final = {"next_round": NEXT_ROUND, "next_combat": NEXT_COMBAT, "for_good": WHILE_TARGET}


def _chosen(v: Modify | NoSkill | Hold | HideFrom | Heal | Gains | Untouchable) -> bool:
    """A lasting effect on Characters the player names (``pick: choose``): a bonus, a Skill lost, a hold."""
    return v.who is not None and v.who.pick == "choose"


def choices(
    g: Context, ch: CharacterState, e: Effect, kind: str, picked: tuple[int, ...] = (), source: int = OFF
) -> list[str]:
    """The ``choose …`` actions of the next choice (``picked``: the cards chosen so far; ``source``: the card
    used, read for a Haven's own Characters); with no choice left to make, ``["go"]`` when the ability does
    something now; empty when it can do nothing now."""
    v = e.do
    return _VERBS.get(type(v), _OTHER).choices(g, ch, v, kind, picked, source)


def _reach(g: Context, ch: CharacterState, v: StrikeFromAfar) -> dict[int, int]:
    """The Places 1 to ``v.within`` Locations from the bearer's (on the Field, not a Haven), with their distance."""
    s = g.state
    if ch.pos == OFF or s.places[ch.pos].haven:
        return {}
    far = distances(s, s.places[ch.pos].cell, g.rules.adjacency, v.within)
    return {s.grid[cell]: n for cell, n in far.items() if 1 <= n <= v.within and not s.places[s.grid[cell]].haven}


def _in_reach(g: Context, ch: CharacterState, v: StrikeFromAfar) -> list[int]:
    """What a ``strike_from_afar`` may strike: the Disasters on the Field and the other players' Characters (not
    Bonked, none a card keeps from being attacked; none while a card forbids fights between players) in reach."""
    s = g.state
    reach = _reach(g, ch, v)
    if not reach:
        return []
    out = [u for u, d in sorted(s.disasters.items()) if d.pos in reach and not d.off_field]
    if not (s.statics and lasting.forbidden(g, "fight_players") is not None):
        out += [
            c.uid
            for c in sorted(s.characters.values(), key=lambda c: c.uid)
            if c.owner != ch.owner and c.pos in reach and c.bonked_at < 0 and bearer.untouchable(g, c) is None
        ]
    return out


def _strike_from_afar(g: Context, ch: CharacterState, uid: int, v: StrikeFromAfar, target: int) -> None:
    """One blow from afar (Power Pole): the bearer's Attack less the penalty for the distance, against the target's
    Defense; a Disaster brought to no Health is Defeated, a Character Bonked; other damage heals at once."""
    s = g.state
    reach = _reach(g, ch, v)
    d, c = s.disasters.get(target), s.characters.get(target)
    pos = d.pos if d is not None else c.pos if c is not None else OFF
    if pos not in reach or target not in _in_reach(g, ch, v):
        return
    n = reach[pos]
    attack = max(0, g.ability(ch.uid, "attack") - v.penalty * n)
    defense = g.ability(target, "defense")
    damage = max(0, attack - defense)
    hurt = d if d is not None else c
    assert hurt is not None
    left = g.max_health(target) - hurt.damage - damage
    g.emit(
        "struck_from_afar",
        seat=ch.owner,
        card=g.card(uid).id,
        character=g.card(ch.uid).id,
        target=g.card(target).id,
        target_uid=target,
        distance=n,
        attack=attack,
        defense=defense,
        damage=damage,
        health=max(0, left),
    )
    if left > 0 or not damage:
        return  # it fells nobody: the damage heals at once (COMBAT-13)
    if d is not None:
        triggers.defeat(g, d.uid, d.pos, ch.owner)
    elif c is not None:
        primitives.bonk(g, c, None)
    check(g)


def _plant_cells(g: Context) -> list[tuple[int, int]]:
    """The Locations of the Field (not Havens) under which a Disaster lies face down: where a ``plant`` may put an
    Item. Every seat can tell them: the Disasters were put there in the open (SETUP-29) and are turned up in the
    open (Presents)."""
    s = g.state
    return sorted(
        pl.cell
        for pl in s.places.values()
        if not pl.haven and not pl.destroyed and any(g.is_disaster(u) for u in pl.under)
    )


def _plant(g: Context, seat: int, source: int, item: int, cell: tuple[int, int]) -> None:
    """The Item ``item`` leaves its owner's Discard pile for the bottom of the cards beneath the Location at
    ``cell``, face down, no longer the Disasters' (WIN-2); every seat saw it in the face-up pile (Presents)."""
    s = g.state
    pile = s.players[seat].discard
    place = s.grid.get(cell)
    if item not in pile or place is None or cell not in _plant_cells(g):
        return
    pile.remove(item)
    if item in s.disaster_items:
        s.disaster_items.remove(item)
    s.places[place].under.insert(0, item)  # the last card turned up (the top is the end of the list)
    g.emit("item_planted", seat=seat, card=g.card(item).id, uid=item, cell=cell_list(cell), by=g.card(source).id)
    check(g)


def _bathers(g: Context, ch: CharacterState, v: Scatter) -> list[CharacterState]:
    """The Characters a ``scatter`` may name: on a Location of the Field (not a Haven), not Bonked, male or female."""
    s = g.state
    return [
        c
        for c in triggers.characters(g, v.who, ch.pos, ch.owner)
        if c.pos != OFF and not s.places[c.pos].haven and g.card(c.uid).gender in (Gender.MALE, Gender.FEMALE)
    ]


def _scatter(g: Context, uid: int, index: int, e: Effect, v: Scatter, named: int) -> None:
    """Every Character of ``named``'s sex at its Location leaves its Equipment and Items there and is moved
    ``v.steps`` Locations away (drawn with the game's RNG among those it may stop on), then held there for the
    effect's turns (Relaxing Hot Springs)."""
    s = g.state
    first = s.characters.get(named)
    if first is None or first.pos == OFF or s.places[first.pos].haven:
        return
    place, sex = first.pos, g.card(named).gender
    group = sorted(
        (c for c in g.characters_at(place) if c.bonked_at < 0 and g.card(c.uid).gender is sex), key=lambda c: c.uid
    )
    moved: list[CharacterState] = []
    for c in group:
        for u in list(c.carried):
            if g.card(u).type in (CardType.EQUIPMENT, CardType.ITEM):
                primitives.leave_under(g, c, u)
        if lasting.kept_by(g, c.uid, "card") != OFF:
            continue  # a hold keeps it where it is (Mez)
        far = distances(s, s.places[place].cell, g.rules.adjacency, v.steps)
        pool = [
            s.grid[cell]
            for cell, n in sorted(far.items())
            if n == v.steps
            and not s.places[s.grid[cell]].haven
            and not s.places[s.grid[cell]].destroyed
            and movement.may_stop(g, c, s.grid[cell])
        ]
        if pool:
            primitives.place_character(g, c, pool[g.rand_below(len(pool))] if len(pool) > 1 else pool[0], uid)
            moved.append(c)
    for owner in sorted({c.owner for c in moved}):  # held where they went, counted in their owner's turns
        lasting.add(g, uid, index, [c.uid for c in moved if c.owner == owner], owner, e.turns)
    if moved:
        g.emit(
            "effect_started", card=g.card(uid).id, uid=uid, characters=[g.card(c.uid).id for c in moved], turns=e.turns
        )
    check(g)


def _every(g: Context, v: RemoveDisaster) -> list[int]:
    """The Disasters in play (on the Field or Off it) of the kinds a ``remove_disaster`` with ``every`` names."""
    return [
        d.uid
        for d in sorted(g.state.disasters.values(), key=lambda d: d.uid)
        if (d.entered or d.off_field) and any(lasting.is_kind(g.card(d.uid), k) for k in v.named)
    ]


def _removable(g: Context, ch: CharacterState, v: RemoveDisaster) -> list[int]:
    s = g.state
    out = []
    for d in sorted(s.disasters.values(), key=lambda d: d.uid):
        if v.named and not any(lasting.is_kind(g.card(d.uid), k) for k in v.named):
            continue
        if v.where == "holding_here":
            here = {c.uid for c in g.characters_at(ch.pos)}
            if not any(r.source == d.uid and here.intersection(r.targets) for r in s.lasting):
                continue
        elif d.pos == OFF or (v.where == "here" and d.pos != ch.pos):
            continue
        out.append(d.uid)
    return out


def aimable(g: Context, source: int, v: Steer) -> list[int]:
    """The Combat Disasters on the Field a ``steer`` with ``how: aim`` may name: of its kind, with a Character
    within their Movement to attack."""
    s = g.state
    return [
        d.uid
        for d in sorted(s.disasters.values(), key=lambda d: d.uid)
        if d.pos != OFF
        and not s.places[d.pos].haven
        and g.is_combat_disaster(d.uid)
        and lasting.disaster_matches(g, source, d.uid, v.disasters)
        and aimed_at(g, d.uid)
    ]


def aimed_at(g: Context, dis: int) -> list[int]:
    """The Characters the attack of the Disaster ``dis`` may be aimed at (``steer`` ``aim``): any player's, not
    Bonked, on a Location of the Field (not a Haven) within its Movement of it, and not kept from its attacks by a
    card (``untouchable``: Ifurita's Power Key Staff)."""
    s = g.state
    d = s.disasters.get(dis)
    if d is None or d.pos == OFF:
        return []
    near = distances(s, s.places[d.pos].cell, g.rules.adjacency, g.ability(dis, "movement"))
    pool = [
        c
        for c in sorted(s.characters.values(), key=lambda c: c.uid)
        if c.pos != OFF and c.bonked_at < 0 and not s.places[c.pos].haven and s.places[c.pos].cell in near
    ]
    return [c.uid for c in bearer.disasters_spare(g, pool, dis)]


def _aim(g: Context, seat: int, source: int, dis: int, victim: int) -> None:
    """``steer`` with ``how: aim``: the Disaster goes to the Character named and fights its group at once, its first
    attack going at that Character (procedures/combat.py ``aimed``)."""
    s = g.state
    d = s.disasters.get(dis)
    if d is None or victim not in aimed_at(g, dis):
        return  # it or its target has left since they were named
    c = s.characters[victim]
    g.emit(
        "attack_aimed",
        seat=seat,
        card=g.card(source).id,
        disaster=g.card(dis).id,
        target=g.card(victim).id,
        cell=cell_list(s.places[c.pos].cell),
    )
    if d.pos != c.pos:
        primitives.move_disaster(g, d, c.pos)
    agenda.push(g, agenda.COMBAT, dis=dis, place=c.pos, seats=[c.owner], aimed=victim + 1)


def _vehicle_kinds(g: Context, ch: CharacterState, kinds: tuple[str, ...]) -> bool:
    """Whether ``ch`` carries a vehicle of one of ``kinds``."""
    return any((v := g.card(u).vehicle) is not None and v.kind.value in kinds for u in ch.carried)


def _robbable(g: Context, ch: CharacterState, who: Who) -> list[CharacterState]:
    """The Characters ``who`` names that carry an Item on a Location (not a Haven) where one of ``ch``'s player's
    Characters stands, not Bonked (CARD-18: a thief shares the Location of what it steals)."""
    s = g.state
    ours = {c.pos for c in s.characters.values() if c.owner == ch.owner and c.pos != OFF and c.bonked_at < 0}
    return [
        c
        for c in triggers.characters(g, who, ch.pos, ch.owner)
        if c.pos in ours and not s.places[c.pos].haven and g.carried_items(c)
    ]


def _taker(g: Context, seat: int, place: int) -> CharacterState | None:
    """The first (lowest id) of ``seat``'s Characters standing at ``place``, not Bonked."""
    here = [c for c in g.characters_at(place, seat) if c.bonked_at < 0]
    return min(here, key=lambda c: c.uid) if here else None


def _named_disasters(g: Context, v: Modify) -> list[int]:
    """The Disasters on the Field a use's ``modify`` on ``disasters: {target: true}`` may name."""
    assert v.disasters is not None
    return [
        d.uid
        for d in sorted(g.state.disasters.values(), key=lambda d: d.uid)
        if d.pos != OFF and not d.off_field and lasting.disaster_matches(g, OFF, d.uid, v.disasters)
    ]


def _pinnable(g: Context, ch: CharacterState) -> list[int]:
    """The Disasters at the bearer's Location (on the Field) that move and are not pinned already."""
    s = g.state
    if ch.pos == OFF or s.places[ch.pos].haven:
        return []
    return [
        d.uid for d in sorted(s.disasters.values(), key=lambda d: d.uid) if d.pos == ch.pos and not pins.pinned(g, d)
    ]


def _attackable(g: Context, ch: CharacterState) -> list[int]:
    """The groups a card attacking as a Disaster may attack (``attack_as_disaster``: Robot Guard): one
    Character (the lowest id) for each opponent with Characters standing at the bearer's Location on the Field."""
    s = g.state
    if ch.pos == OFF or s.places[ch.pos].haven:
        return []
    first: dict[int, int] = {}
    for c in sorted(g.characters_at(ch.pos), key=lambda c: c.uid):
        if c.owner != ch.owner:
            first.setdefault(c.owner, c.uid)
    return sorted(first.values())


def _attack_as_disaster(g: Context, ch: CharacterState, uid: int, picked: int) -> None:
    """The card leaves its bearer and attacks, as a Combat Disaster its user controls, the group of the owner of
    the Character ``picked`` at the bearer's Location (procedures/combat.py ``Combat``, pushed by kind); it comes
    back here (:class:`Using`) after the fight, and :func:`_finish` Discards it if it is still in play."""
    s = g.state
    foe = s.characters.get(picked)
    if foe is None or foe.pos != ch.pos or foe.bonked_at >= 0 or uid not in ch.enhancements:
        return
    ch.enhancements.remove(uid)
    primitives.enter_as_disaster(g, uid, ch.owner, ch.pos)
    g.emit(
        "card_attacks_as_disaster",
        seat=ch.owner,
        card=g.card(uid).id,
        uid=uid,
        character=g.card(ch.uid).id,
        character_uid=ch.uid,
        against=foe.owner,
        cell=cell_list(s.places[ch.pos].cell),
    )
    agenda.push(g, agenda.COMBAT, dis=uid, place=ch.pos, seats=[foe.owner])


def _come_home(g: Context, ch: CharacterState, v: Relocate, haven: int) -> list[CharacterState]:
    """The Characters a Haven's own use may bring into it (``relocate`` ``to: here``): those its selector names,
    elsewhere than in that Haven, that a card does not keep where they are."""
    if haven not in g.state.places:
        return []
    pool = [c for c in triggers.characters(g, v.who, ch.pos, ch.owner) if c.pos != haven]
    return triggers.free_to_leave(g, pool)


def _relocatable(g: Context, ch: CharacterState, v: Relocate) -> list[CharacterState]:
    pool = triggers.characters(g, v.who, ch.pos, ch.owner) if v.who.among != "bearer" else [ch]
    if v.parting:  # only the one the Disaster attacks, out of the fight under way (Goz' Flying Machine)
        fight = under_way(g.state.agenda)
        pool = [c for c in pool if fight is not None and c.uid == fight.target and c.pos == fight.place]
    if v.to == "bearer":
        if g.state.places[ch.pos].haven:
            return []  # "to your Location": a Haven is none, and no one may be put in another's (CARD-7)
        pool = [c for c in pool if c.pos != ch.pos and triggers.may_stop_at(g, c, ch.pos)]
    else:
        pool = [c for c in pool if _cells(g, c, v.steps)]
    return triggers.free_to_leave(g, pool)


def _cells(g: Context, c: CharacterState, steps: int) -> list[tuple[int, int]]:
    """The Locations ``c`` may be moved to (engine/effects/triggers.py ``relocation_cells``)."""
    return triggers.relocation_cells(g, c, steps)


def _first_usable(g: Context, ch: CharacterState, uid: int, kind: str) -> tuple[int, Effect] | None:
    for index, e in abilities_of(g.card(uid)):
        if kind not in e.window:
            continue
        if e.if_ is not None and not lasting.one_meets(g, ch, e.if_):
            continue
        if _limit_reached(g, uid, e, kind) or not _cost_payable(g, ch, e):
            continue
        v = e.do
        if _VERBS.get(type(v), _OTHER).choices(g, ch, v, kind, (), uid):  # :func:`choices`, on every decision
            return index, e
    return None


def alternatives(g: Context, ch: CharacterState, uid: int, kind: str) -> list[tuple[str, int]]:
    """The words naming the card's abilities usable now (window, condition, limit, cost and something to act on),
    with their indexes, when more than one of those that have a word is: each that gives one Skill (or one Location
    icon) of its player's choice (Gohan's Cave: Survival, Hunter or Climbing), each with its ``option`` word (Kasumi:
    'halt'); empty otherwise (the first usable one is used). Worked out before the use is paid for."""
    out = []
    for index, e in abilities_of(g.card(uid)):
        word = alternative_word(e)
        if word is None or kind not in e.window or (e.if_ is not None and not lasting.one_meets(g, ch, e.if_)):
            continue
        if _limit_reached(g, uid, e, kind) or not _cost_payable(g, ch, e):
            continue
        if not choices(g, ch, e, kind, source=uid):
            continue
        out.append((word, index))
    return out if len(out) > 1 else []


def _same_price(a: Effect, b: Effect) -> bool:
    """Whether two abilities of a card cost and count alike (their use may be paid before the player says which)."""
    return a.cost == b.cost and a.limit == b.limit and a.every == b.every


def alternative_word(e: Effect) -> str | None:
    """The action naming an ability among its card's others: its ``option`` word, or the one Skill (or icon) a
    ``gains`` gives, in lower case, words joined by '-'; None for an ability with neither."""
    if isinstance(e.option, str):
        return e.option
    v = e.do
    if not isinstance(v, Gains) or len(v.skills) + len(v.icons) != 1:
        return None
    name = v.skills[0] if v.skills else v.icons[0]
    return name.lower().replace(" ", "-")


def options(g: Context, seat: int, kind: str) -> list[str]:
    """The ``use`` actions ``seat`` may add to a decision of ``kind`` (empty when none is legal)."""
    if kind not in USE_KINDS or game_over(g.state):
        return []
    checked: dict[tuple[int, int], bool] = {}  # a Global's user is found by asking the same question
    out = []
    for ch, u in _bearers(g, seat, kind, checked):
        usable = checked.get((ch.uid, u))
        if usable if usable is not None else _first_usable(g, ch, u, kind) is not None:
            out.append(act("use", u))
    return out


def location_uses(g: Context, seat: int, kind: str) -> bool:
    """Whether ``seat`` may use a Location's own ability now, through a Character standing on it (Julian's
    Gravesite): a phase with nothing else to offer still asks then."""
    usable = _usable_uids(g)
    if not usable or game_over(g.state):
        return False
    s = g.state
    if not any(c.owner == seat and c.pos in usable and not s.places[c.pos].haven for c in s.characters.values()):
        return False
    return any(not s.places[u].haven for u in (act_uid(a) for a in options(g, seat, kind)) if u in s.places)


def act_uid(text: str) -> int:
    """The card instance of a ``use cN`` action."""
    return int(text.split()[1].removeprefix("c"))


# ---------------------------------------------------------------------- using one


def play(g: Context, decision: Decision, action: Action) -> None:
    """Use the card ``action`` names (one of ``decision``'s legal actions): pay, then resolve through
    :class:`Using`."""
    uid = action.cards[0]
    holder = primitives.holder_of(g, uid)
    if holder is None or holder.owner != decision.seat:  # a Global, a Haven; a card of another player's lent to it
        holder = next(c for c, u in _bearers(g, decision.seat, decision.kind) if u == uid)
    ch = holder
    found = _first_usable(g, ch, uid, decision.kind)
    assert found is not None
    index, e = found
    alts = alternatives(g, ch, uid, decision.kind)
    effects = g.card(uid).effects
    frame = Using(
        card=uid,
        bearer=ch.uid,
        index=index,
        seat=decision.seat,
        kind=decision.kind,
        prompt=decision.prompt,
        actions=[decision.handles.get(a, a) for a in decision.actions if not a.startswith(ADDED)],
        alts=[w for w, _ in alts],
        # abilities that cost or count otherwise are paid for once the player has said which (Kasumi)
        unpaid=not all(_same_price(effects[i], e) for _, i in alts),
    )
    if not frame.unpaid:
        _pay(g, ch, uid, e, decision.kind)
    g.push(frame)


def _pay(g: Context, ch: CharacterState, uid: int, e: Effect, kind: str) -> None:
    s = g.state
    card = g.card(uid)
    cost = e.cost
    spent_energy = cost.energy if cost is not None else 0
    if spent_energy:
        ch.energy_spent += spent_energy  # CARD-16: spent like an Equipment's cost, back 1 a round (COMBAT-9)
    if cost is not None and cost.health_to is not None:
        ch.damage = max(ch.damage, g.max_health(ch.uid) - cost.health_to)
    limit = e.limit or "card17"
    fight = on_top(g.state.agenda) if kind == "combat" else None
    if e.every > 1:
        s.counters[uid * SLOTS + EVERY_COUNTER] = s.players[s.owner[uid]].turns + 1
    if limit == "havens":
        limit = "combat" if fight is not None else "turn"
    if limit == "once":
        s.counters[uid * SLOTS + ONCE_COUNTER] = 1
    if limit == "turn" or (limit == "card17" and fight is None):
        s.counters[uid * SLOTS + USE_TURN_COUNTER] = s.turn + 1
    elif fight is not None and limit in ("card17", "round", "combat"):
        fight.used.append(uid * 1000 + fight.round)
    left = None
    # a card played from the hand (Dimensional Hammer) starts with all its uses: its use is no use of them
    total = None if isinstance(e.do, EquipFromHand) and e.do.this else uses.allowed(g, uid)
    if total is not None:
        key = uid * SLOTS + USES_COUNTER
        s.counters[key] = s.counters.get(key, 0) + 1
        left = total - s.counters[key]
    g.emit(
        "ability_used",
        seat=ch.owner,
        card=card.id,
        uid=uid,
        character=g.card(ch.uid).id,
        character_uid=ch.uid,
        energy=spent_energy,
        health_to=cost.health_to if cost is not None else None,
        left=left,
    )


def bearer_skills(g: Context, ch: CharacterState) -> list[str]:
    """The words of the Skills the Character has now that a ``gains`` with ``bearer_skill`` may copy (Mind Scanner):
    its own and what its cards give it, no wildcard, in the order it has them."""
    names = [sk.name for sk in skill_card(g, ch.uid).skills if not sk.wildcard and sk.count > 0]
    return [w for w in dict.fromkeys(skill_word(n) for n in names) if w in SKILL_WORDS]


@dataclass(slots=True)
class Using:
    """An activated ability being used: its choices, then its effect, then the interrupted decision again."""

    card: int
    bearer: int
    index: int
    seat: int
    kind: str  # the decision it interrupted (asked again at the end)
    prompt: str
    actions: list[str] = field(default_factory=list)
    picked: list[int] = field(default_factory=list)  # the cards chosen so far
    chosen: bool = False  # which of the card's alternative abilities is used has been answered (Gohan's Cave)
    cells: list[tuple[int, int]] = field(default_factory=list)  # the cells chosen so far
    resolved: bool = False  # its effect has run (one that asks a decision of its own comes back here after it)
    skill: str = ""  # the word of the bearer's Skill named for a ``bearer_skill`` copy (Mind Scanner)
    alts: list[str] = field(default_factory=list)  # the words of its abilities to choose from (:func:`alternatives`)
    unpaid: bool = False  # the use is paid for once the ability is chosen (the alternatives cost otherwise)

    def _effect(self, g: Context) -> Effect:
        return g.card(self.card).effects[self.index]

    def run(self, g: Context) -> None:
        s = g.state
        ch = s.characters.get(self.bearer)
        e = self._effect(g)
        if ch is not None and ch.pos != OFF and not game_over(s) and not self.chosen:
            self.chosen = True
            if self.alts:
                g.ask(self.seat, "use_choice", f"{g.name(self.card)}: which one", list(self.alts))
                return
        if self.unpaid and ch is not None and not game_over(s):
            self.unpaid = False
            _pay(g, ch, self.card, e, self.kind)  # the ability chosen, its own cost
        if ch is not None and ch.pos != OFF and not game_over(s):
            made = len(self.picked) + len(self.cells)
            more = made < needed(e)
            if more:
                opts = choices(g, ch, e, self.kind, tuple(self.picked), self.card)
                if opts:
                    g.ask(self.seat, "use_choice", f"{g.name(self.card)}: {_what(e)}", opts)
                    return
                more = not (self.picked and isinstance(e.do, Heal))  # a heal names hurt ones up to its count
            copy = isinstance(e.do, Gains) and e.do.bearer_skill
            if not more and copy and not self.skill and not self.resolved:  # which of the bearer's Skills
                words = bearer_skills(g, ch)
                if words:
                    g.ask(self.seat, "use_choice", f"{g.name(self.card)}: which Skill of its bearer's is copied", words)
                    return
            if not more and copy and self.skill:
                s.counters[self.card * SLOTS + CHOSEN_COUNTER] = SKILL_WORDS.index(self.skill) + 1
            if not more and not self.resolved:
                self.resolved = True
                _resolve(g, ch, self.card, self.index, e, self.picked, self.cells)
                if isinstance(e.do, Control) and e.do.join and self.kind == "combat":
                    self.actions = _with_allies(g, self.actions, self.picked)  # it may strike this round (Alliance)
                if game_over(s) or s.agenda[-1] is not self:
                    return  # the game is over, or the effect asks a decision of its own (a look's reorder)
        if game_over(s):
            return
        _finish(g, ch, self.card, e)
        g.pop()
        if isinstance(e.do, Steer) and e.do.how == "aim" and len(self.picked) == 2 and not game_over(s):
            _aim(g, self.seat, self.card, self.picked[0], self.picked[1])  # the fight it starts, once the card is spent
            return
        if self.kind == "combat" and not game_over(s):
            ask_again(g, self, act("strike"))  # the combat decision, without who left the fight

    def resume(self, g: Context, action: Action) -> None:
        e = self._effect(g)
        if action.verb in SKILL_WORDS and isinstance(e.do, Gains) and e.do.bearer_skill:
            self.skill = action.verb  # the bearer's Skill copied (Mind Scanner)
        elif action.cards:
            self.picked.append(action.cards[0])
        elif action.verb == "done":  # the one answer when nothing is there to name (Capsule Army Knife)
            self.picked.append(OFF)
        elif action.args:
            self.cells.append(action.cell)
        else:  # one of the card's alternative abilities (:func:`alternatives`): it is the one used
            v = g.card(self.card).effects
            self.index = next(i for i, e in enumerate(v) if e.when == "use" and alternative_word(e) == action.verb)


def _allies(g: Context, ch: CharacterState, v: Control) -> list[CharacterState]:
    """The Characters a ``control`` with ``join`` may bring to ``ch``'s fight: another player's, in play elsewhere
    (on a Location or in a Haven, not Bonked) and not kept where they stand by a card (Alliance)."""
    pool = [
        c
        for c in triggers.characters(g, v.who, ch.pos, ch.owner)
        if c.owner != ch.owner
        and c.pos != ch.pos
        and control.may_control(g, c, ch.owner, ch.pos)
        and lasting.matches(g, c, v.who)
    ]
    return triggers.free_to_leave(g, sorted(pool, key=lambda c: c.uid))


def _with_allies(g: Context, actions: list[str], brought: list[int]) -> list[str]:
    """The strike orders of an interrupted combat decision, and the same with a Character just brought into the
    fight (``control`` with ``join``: Alliance) among the strikers, as many as strike a Disaster at once (COMBAT-4:
    3, 4 against a Major one, or what its text allows)."""
    s = g.state
    fight = under_way(s.agenda)
    if fight is None:
        return actions
    dis = fight.dis
    limit = 4 if g.is_major(dis) else 3
    if s.statics and (most := lasting.strikers_limit(g, dis)) is not None:
        limit = min(limit, most)
    out = list(actions)
    for b in brought:
        c = s.characters.get(b)
        if c is None or c.pos != fight.place or (s.lasting and not lasting.may_strike(g, b, dis)):
            continue
        if s.lasting and lasting.forbids(g, b, "assist") is not None:
            continue  # a card keeps it from helping another Character (Striptease)
        for a in actions:
            x = parse_action(a)
            if (
                x.verb == "strike"
                and b not in x.cards
                and len(x.cards) < limit
                and all(u in s.characters for u in x.cards)
            ):
                more = act("strike", *sorted((*x.cards, b)))
                if more not in out:
                    out.append(more)
    return out


def _borrowed(g: Context, c: CharacterState) -> int:
    """The card of another player's the Character uses now through a ``use_others`` card it wears (Pass Around), or
    OFF."""
    for u in c.enhancements:
        v = lent.lends(g.card(u))
        if v is not None:
            return lent.lent(g, u, c, v)
    return OFF


def _borrowing(g: Context, seat: int) -> bool:
    """Whether a Character of ``seat`` uses a card of another player's now (Pass Around)."""
    return bool(lent.lender_uids(g)) and any(
        c.owner == seat and c.enhancements and _borrowed(g, c) >= 0 for c in g.state.characters.values()
    )


def _what(e: Effect) -> str:
    """The prompt of the ability's choices."""
    v = e.do
    return _VERBS.get(type(v), _OTHER).what(v)


def _resolve(
    g: Context, ch: CharacterState, uid: int, index: int, e: Effect, picked: list[int], cells: list[tuple[int, int]]
) -> None:
    """The ability's effect, once its choices are made."""
    v = e.do
    _VERBS.get(type(v), _OTHER).resolve(_Use(g, ch, uid, index, e, v, picked, cells))


def _pile(g: Context, ch: CharacterState, v: Retrieve) -> list[int]:
    p = g.state.players[ch.owner]
    return p.draw if v.pile == "draw" else p.discard


def _searched(g: Context, seat: int, got: int, to: str, by: int) -> None:
    """A card taken from the seat's Draw pile: only the seat learns which; then the pile is shuffled (MISC-7)."""
    s = g.state
    g.shuffle(s.players[seat].draw)
    g.emit("card_searched", to=[seat], seat=seat, card=g.card(got).id, uid=got, where=to, by=g.card(by).id)
    others = [x for x in range(len(s.players)) if x != seat]
    g.emit("card_searched_hidden", to=others, seat=seat, where=to, by=g.card(by).id)


def _nearest_haven(g: Context, ch: CharacterState) -> int:
    s = g.state
    havens = s.players[ch.owner].havens
    if ch.pos == OFF:
        return havens[0]
    far = distances(s, s.places[ch.pos].cell, g.rules.adjacency, 99)
    return min(havens, key=lambda h: (far.get(s.places[h].cell, 999), havens.index(h)))


def _finish(g: Context, ch: CharacterState | None, uid: int, e: Effect) -> None:
    """After the effect: a card whose cost Discards it, or whose last printed use is spent, leaves its bearer
    (MISC-3, CARD-17); a cost that Bonks the bearer Bonks it."""
    s = g.state
    card = g.card(uid)
    if isinstance(e.do, AttackAsDisaster) and primitives.holder_of(g, uid) is None:
        s.counters.pop(uid * SLOTS + USES_COUNTER, None)  # it attacked as a Disaster: Discarded after the fight
        if uid in s.disasters:  # not Defeated (a Defeat Discarded it already)
            primitives.leave_play(g, s.disasters[uid], "done")
        return
    holder = primitives.holder_of(g, uid)
    total = uses.allowed(g, uid)
    spent_out = total is not None and s.counters.get(uid * SLOTS + USES_COUNTER, 0) >= total
    if holder is not None and ((e.cost is not None and e.cost.discard) or spent_out):
        (holder.carried if uid in holder.carried else holder.enhancements).remove(uid)
        s.counters.pop(uid * SLOTS + USES_COUNTER, None)
        g.discard(uid)
        reason = "uses_run_out" if spent_out else "card_removed"
        if spent_out:
            g.emit(reason, seat=holder.owner, card=card.id, uid=uid, character=g.card(holder.uid).id)
        else:
            g.emit(reason, card=card.id, uid=uid, how="discard", by=card.id)
    elif holder is None and (spent_out or (e.cost is not None and e.cost.discard)):
        # a Global whose use Discards it leaves play as a used-up one does (Shortcut)
        _global_spent(g, uid, e.cost is not None and e.cost.remove)
    if e.cost is not None and e.cost.bonk and ch is not None and ch.uid in s.characters and ch.bonked_at < 0:
        primitives.bonk(g, ch, None)


def _global_spent(g: Context, uid: int, remove: bool = False) -> None:
    """A Global's last use is spent: it leaves play (engine/effects/lasting.py; ``remove``: out of the game)."""
    lasting.global_spent(g, uid, remove)


# ---------------------------------------------------------------------- per verb


@dataclass(frozen=True, slots=True)
class _Use:
    """What a verb's ``resolve`` is given: the game, the Character using the card, the card (``uid``) and its
    effect (``index``, ``e``, ``v`` its record), the choices made (``picked``) and the cells named."""

    g: Context
    ch: CharacterState
    uid: int
    index: int
    e: Effect
    v: Any
    picked: list[int]
    cells: list[tuple[int, int]]


def _no_choice(v: object) -> int:
    return 0


def _one(v: object) -> int:
    return 1


def _two(v: object) -> int:
    return 2


def _count_if_chosen(v: Modify | NoSkill | Hold | HideFrom | Heal | Gains | Untouchable) -> int:
    return v.who.count if _chosen(v) else 0  # type: ignore[union-attr]  # that many different Characters


def _choose(v: object) -> str:
    return "choose"


def _go(g: Context, ch: CharacterState, v: object, kind: str, picked: tuple[int, ...], source: int) -> list[str]:
    """``["go"]`` when the ability has someone to act on now (its selector's Characters), else empty."""
    who = getattr(v, "who", None)
    if isinstance(who, Who) and who.among == "bearer":
        return ["go"] if lasting.matches(g, ch, who) else []
    if isinstance(who, Who):
        return ["go"] if triggers.characters(g, who, ch.pos, ch.owner) else []
    return ["go"]


def _run(use: _Use) -> None:
    """The effect through the interpreter (engine/effects/triggers.py)."""
    g, ch, uid, index, e = use.g, use.ch, use.uid, use.index, use.e
    triggers.run(g, uid, index, e, ch.owner, ch.pos, ch.uid)


def _started_for_bearer(until: int) -> Callable[[_Use], None]:
    """A lasting record on the bearer until ``until``: the rest of the fight, or of the round."""

    def resolve(use: _Use) -> None:
        g, ch, uid, index = use.g, use.ch, use.uid, use.index
        lasting.add(g, uid, index, [ch.uid], ch.owner, None, until)
        g.emit("effect_started", card=g.card(uid).id, uid=uid, characters=[g.card(ch.uid).id], turns=None)

    return resolve


# -- Characters the player names (``pick: choose``): a bonus, a Skill lost, a hold, a heal, a Skill gained; those
# the ability may name are the selector's at the bearer's Location (a Haven's ability: at the Haven itself), and a
# use that names several needs that many different ones


def _chosen_choices(
    g: Context,
    ch: CharacterState,
    v: NoSkill | Hold | HideFrom | Untouchable,
    kind: str,
    picked: tuple[int, ...],
    source: int,
) -> list[str]:
    who = v.who
    if who is None or who.pick != "choose":
        return _go(g, ch, v, kind, picked, source)
    place = source if source in g.state.places else ch.pos  # a Haven's ability: "here" is the Haven itself
    pool = [c.uid for c in triggers.characters(g, who, place, ch.owner) if lasting.matches(g, c, who)]
    if len(pool) < who.count:
        return []  # the use names that many different Characters
    return [act("choose", u) for u in pool if u not in picked]


def _start_chosen(g: Context, uid: int, index: int, e: Effect, picked: list[int]) -> list[int]:
    """The lasting records on the Characters named, counted in their owners' turns (DIS-19); those still there."""
    s = g.state
    chosen = [u for u in picked if u in s.characters]
    for owner in sorted({s.characters[u].owner for u in chosen}):
        until = _USE_UNTIL.get(e.until or "", 0)
        lasting.add(g, uid, index, [u for u in chosen if s.characters[u].owner == owner], owner, e.turns, until)
    g.emit("effect_started", card=g.card(uid).id, uid=uid, characters=[g.card(u).id for u in chosen], turns=e.turns)
    return chosen


def _chosen_resolve(use: _Use) -> None:
    g, uid, index, e, v, picked = use.g, use.uid, use.index, use.e, use.v, use.picked
    assert isinstance(v, Modify | NoSkill | Hold | HideFrom | Untouchable)
    if _chosen(v):
        _start_chosen(g, uid, index, e, picked)
    else:
        _run(use)


def _gains_choices(
    g: Context, ch: CharacterState, v: Gains, kind: str, picked: tuple[int, ...], source: int
) -> list[str]:
    who = v.who
    if who is None or who.pick != "choose":
        return _go(g, ch, v, kind, picked, source)
    place = source if source in g.state.places else ch.pos
    pool = [c.uid for c in triggers.characters(g, who, place, ch.owner) if lasting.matches(g, c, who)]
    if v.bearer_skill:  # a copy of the bearer's own Skill goes to another (Mind Scanner)
        pool = [u for u in pool if u != ch.uid] if bearer_skills(g, ch) else []
    if len(pool) < who.count:
        return []
    return [act("choose", u) for u in pool if u not in picked]


def _gains_resolve(use: _Use) -> None:
    g, ch, uid, index, e, v, picked = use.g, use.ch, use.uid, use.index, use.e, use.v, use.picked
    assert isinstance(v, Gains)
    if not _chosen(v):
        _run(use)
        return
    chosen = _start_chosen(g, uid, index, e, picked)
    if v.bearer_skill and chosen:  # which Skill the copy is (Mind Scanner)
        n = g.state.counters.get(uid * SLOTS + CHOSEN_COUNTER, 0)
        g.emit(
            "skill_copied",
            seat=ch.owner,
            card=g.card(uid).id,
            uid=uid,
            source=g.card(ch.uid).id,
            character=g.card(chosen[0]).id,
            skill=SKILL_NAMES[n - 1] if n else None,
        )


def _heal_choices(
    g: Context, ch: CharacterState, v: Heal, kind: str, picked: tuple[int, ...], source: int
) -> list[str]:
    who = v.who
    if who is None or who.pick != "choose":
        return _go(g, ch, v, kind, picked, source)
    s = g.state
    place = source if source in s.places else ch.pos
    pool = [c.uid for c in triggers.characters(g, who, place, ch.owner) if lasting.matches(g, c, who)]
    # only hurt ones are named, up to its count (Refreshing Drink, Senzu Beans)
    return [act("choose", u) for u in pool if s.characters[u].damage > 0 and u not in picked]


def _heal_resolve(use: _Use) -> None:
    g, uid, v, picked = use.g, use.uid, use.v, use.picked
    assert isinstance(v, Heal)
    if not _chosen(v):
        _run(use)
        return
    for u in picked:  # the Characters named are healed at once (Refreshing Drink)
        c = g.state.characters.get(u)
        if c is not None and c.damage > 0:
            c.damage = 0
            g.emit("character_healed", seat=c.owner, card=g.card(u).id, uid=u, by=g.card(uid).id)


def _modify_needed(v: Modify) -> int:
    if _chosen(v):
        return v.who.count  # type: ignore[union-attr]
    if v.disasters is not None and v.disasters.target:
        return 1  # the Disaster the player names (Slow Moving Traffic)
    return 0


def _modify_choices(
    g: Context, ch: CharacterState, v: Modify, kind: str, picked: tuple[int, ...], source: int
) -> list[str]:
    if v.disasters is not None and v.disasters.target:
        return [act("choose", d) for d in _named_disasters(g, v)]
    who = v.who
    if who is None or who.pick != "choose":
        return _go(g, ch, v, kind, picked, source)
    place = source if source in g.state.places else ch.pos
    pool = [c.uid for c in triggers.characters(g, who, place, ch.owner) if lasting.matches(g, c, who)]
    if v.vehicle:  # only a Character carrying a vehicle of those kinds (Ready to Go)
        pool = [u for u in pool if _vehicle_kinds(g, g.state.characters[u], v.vehicle)]
    if v.charge is not None:  # one sitting the fight out (Power Up)
        pool = _chargers(g, pool)
    if len(pool) < who.count:
        return []
    return [act("choose", u) for u in pool if u not in picked]


def _modify_resolve(use: _Use) -> None:
    g, uid, index, e, v, picked = use.g, use.uid, use.index, use.e, use.v, use.picked
    assert isinstance(v, Modify)
    s = g.state
    if v.disasters is not None and v.disasters.target:
        d = s.disasters.get(picked[0])
        if d is None:
            return
        # through its controller's next turns: its move of the current one, if any, is over (TURN-2)
        turns = None if e.turns is None else e.turns + (1 if s.active == d.controller else 0)
        lasting.add(g, uid, index, [d.uid], d.controller, turns, WHILE_IN_PLAY if turns is None else 0)
        g.emit("effect_started", card=g.card(uid).id, uid=uid, disasters=[g.card(d.uid).id], turns=e.turns)
        return
    if v.charge is not None:  # it builds its bonus up round by round (Power Up)
        fight = under_way(s.agenda)
        if fight is None or not hasattr(fight, "charging") or picked[0] not in _chargers(g, [picked[0]]):
            return
        lasting.add(g, uid, index, [picked[0]], s.characters[picked[0]].owner, None, NEXT_COMBAT, count=0)
        getattr(fight, "charging").append(picked[0])  # noqa: B009
        g.emit("effect_started", card=g.card(uid).id, uid=uid, characters=[g.card(picked[0]).id], turns=None)
        return
    _chosen_resolve(use)


def _scatter_choices(
    g: Context, ch: CharacterState, v: Scatter, kind: str, picked: tuple[int, ...], source: int
) -> list[str]:
    """One Character on the Field with a sex: those of its sex there (Relaxing Hot Springs)."""
    return [act("choose", c.uid) for c in _bathers(g, ch, v)]


def _scatter_resolve(use: _Use) -> None:
    g, uid, index, e, v, picked = use.g, use.uid, use.index, use.e, use.v, use.picked
    assert isinstance(v, Scatter)
    _scatter(g, uid, index, e, v, picked[0])


# -- the hooks and the combat's


def _hook_choices(
    g: Context, ch: CharacterState, v: Hook, kind: str, picked: tuple[int, ...], source: int
) -> list[str]:
    """A named hook says when it has something to do (Julian's Gravesite)."""
    return ["go"] if card_hooks.ready(g, v.name, source, ch) else []


def _extra_attack_choices(
    g: Context, ch: CharacterState, v: ExtraAttack, kind: str, picked: tuple[int, ...], source: int
) -> list[str]:
    return ["go"] if kind == "combat" and lasting.matches(g, ch, v.who) else []


def _strike_from_afar_choices(
    g: Context, ch: CharacterState, v: StrikeFromAfar, kind: str, picked: tuple[int, ...], source: int
) -> list[str]:
    """A Disaster or another player's Character in reach (Power Pole)."""
    return [act("choose", u) for u in _in_reach(g, ch, v)]


def _strike_from_afar_resolve(use: _Use) -> None:
    g, ch, uid, v, picked = use.g, use.ch, use.uid, use.v, use.picked
    assert isinstance(v, StrikeFromAfar)
    _strike_from_afar(g, ch, uid, v, picked[0])


def _control_choices(
    g: Context, ch: CharacterState, v: Control, kind: str, picked: tuple[int, ...], source: int
) -> list[str]:
    """Another player's Character, brought to the fight (Alliance)."""
    return [] if picked else [act("choose", c.uid) for c in _allies(g, ch, v)]


def _control_resolve(use: _Use) -> None:
    g, ch, uid, index, e, v, picked = use.g, use.ch, use.uid, use.index, use.e, use.v, use.picked
    assert isinstance(v, Control)
    s = g.state
    brought = [s.characters[u] for u in picked if u in s.characters]
    triggers.take_control(g, uid, index, e, brought, join=ch.pos if v.join else OFF)


def _attack_as_disaster_choices(
    g: Context, ch: CharacterState, v: AttackAsDisaster, kind: str, picked: tuple[int, ...], source: int
) -> list[str]:
    return [act("choose", u) for u in _attackable(g, ch)]


def _attack_as_disaster_resolve(use: _Use) -> None:
    g, ch, uid, picked = use.g, use.ch, use.uid, use.picked
    _attack_as_disaster(g, ch, uid, picked[0])


# -- Disasters


def _remove_disaster_choices(
    g: Context, ch: CharacterState, v: RemoveDisaster, kind: str, picked: tuple[int, ...], source: int
) -> list[str]:
    if v.every:  # every Disaster of its kinds at once (Reika "Vision" Chang)
        found = [g.card(d) for d in _every(g, v)]
        return ["go"] if all(any(lasting.is_kind(c, k) for c in found) for k in v.named) else []
    return [act("choose", d) for d in _removable(g, ch, v)]


def _remove_disaster_resolve(use: _Use) -> None:
    g, ch, v, picked = use.g, use.ch, use.v, use.picked
    assert isinstance(v, RemoveDisaster)
    s = g.state
    if v.every:
        for u in _every(g, v):
            gone = s.disasters.get(u)
            if gone is None:
                continue
            if v.defeat:  # Defeated: its Item drops (DIS-16) and it is Discarded as a Defeated Disaster
                g.emit("disaster_defeated", card=g.card(u).id, uid=u)
            primitives.leave_play(g, gone, "defeated" if v.defeat else "removed")
        check(g)
        return
    d = s.disasters.get(picked[0])
    if d is None:
        return
    taken = d.items() if v.take_items else []  # one, or all it hoards (7 Lucky Gods Martial Artists)
    if taken:
        d.item, d.hoard = OFF, []
    if v.defeat:
        triggers.defeat(g, d.uid, d.pos, ch.owner)
    else:
        primitives.leave_play(g, d, "removed")
    for item in taken:
        ch.carried.append(item)
        g.emit("disaster_item_taken", seat=ch.owner, character=g.card(ch.uid).id, disaster=g.card(d.uid).id)
    if taken:
        check(g)


def _pin_choices(g: Context, ch: CharacterState, v: Pin, kind: str, picked: tuple[int, ...], source: int) -> list[str]:
    return [act("choose", d) for d in _pinnable(g, ch)]


def _pin_resolve(use: _Use) -> None:
    g, ch, uid, v, picked = use.g, use.ch, use.uid, use.v, use.picked
    assert isinstance(v, Pin)
    d = g.state.disasters.get(picked[0])
    if d is not None and d.pos == ch.pos:
        pins.pin(g, d, ch, v.turns, uid)


def _steer_choices(
    g: Context, ch: CharacterState, v: Steer, kind: str, picked: tuple[int, ...], source: int
) -> list[str]:
    if v.how != "aim":
        return _go(g, ch, v, kind, picked, source)
    if not picked:  # which Disaster, then at whom it attacks (Galaxy Destroyer Remote)
        return [act("choose", d) for d in aimable(g, source, v)]
    return [act("choose", c) for c in aimed_at(g, picked[0])]


def _steer_resolve(use: _Use) -> None:
    v = use.v
    assert isinstance(v, Steer)
    if v.how != "aim":  # the fight an aim starts comes once the card is spent (Using.run, :func:`_aim`)
        _run(use)


def _halt_choices(
    g: Context, ch: CharacterState, v: Halt, kind: str, picked: tuple[int, ...], source: int
) -> list[str]:
    """A Holding card, or (free) a captive or jailed Character (Broken Bonds)."""
    return [act("choose", u) for u in (*flash_play.holding(g, v), *(flash_play.held_captive(g) if v.free else ()))]


def _halt_resolve(use: _Use) -> None:
    g, picked, v = use.g, use.picked, use.v
    assert isinstance(v, Halt)
    if v.named:  # every card of those names (Kasumi removed from the game: C-ko's Cooking and Akane's Cooking)
        for u in flash_play.holding(g, v):
            flash_play.halt(g, u)
        return
    if picked[0] in g.state.characters:
        flash_play.release(g, picked[0])
    else:
        flash_play.halt(g, picked[0])


# -- cards: searched for, equipped from the hand, planted, looked at, seized


def _retrieve_needed(v: Retrieve) -> int:
    return 2 if v.to in ("location", "character") else 1  # the card, then the Location (Baba) or who takes it


def _retrieve_what(v: Retrieve) -> str:
    if v.to == "character":
        return "which card from your Draw pile, then who takes it"
    if v.pile == "under":
        return "which card from under the Location (done: none is there to take)"
    return "which card from your Draw pile" if v.pile == "draw" else "which card from your Discard pile"


def _retrieve_choices(
    g: Context, ch: CharacterState, v: Retrieve, kind: str, picked: tuple[int, ...], source: int
) -> list[str]:
    s = g.state
    if v.to == "location" and picked:  # where it comes back (Baba)
        return [act("choose", cell) for cell, p in sorted(s.grid.items()) if not s.places[p].haven]
    if v.pile == "under":  # offered by the count under it, which every seat sees
        if ch.pos == OFF or s.places[ch.pos].haven or not s.places[ch.pos].under or picked:
            return []
        lying = [u for u in s.places[ch.pos].under if g.card(u).type.value in v.types]
        return [act("choose", u) for u in lying] or ["done"]  # with none there the use is spent, nothing taken
    if v.to == "haven" and not s.players[ch.owner].havens:
        return []
    if v.to == "character" and picked:  # who takes the card chosen
        return [act("choose", u) for u in equip_from_hand.retrieve_takers(g, ch.owner, picked[0], v.in_haven)]
    seen: set[str] = set()
    out = []
    for u in _pile(g, ch, v):  # one of each card id: copies are alike
        card = g.card(u)
        if v.to == "character" and not equip_from_hand.retrieve_takers(g, ch.owner, u, v.in_haven):
            continue
        what = "disaster" if g.is_disaster(u) else card.type.value
        if v.takes(what) and card.id not in seen:
            seen.add(card.id)
            out.append(act("choose", u))
    return out


def _retrieve_resolve(use: _Use) -> None:
    g, ch, uid, v, picked, cells = use.g, use.ch, use.uid, use.v, use.picked, use.cells
    assert isinstance(v, Retrieve)
    s = g.state
    if v.to == "character":
        got, who = picked[0], picked[1]
        if got not in s.players[ch.owner].draw or who not in equip_from_hand.retrieve_takers(
            g, ch.owner, got, v.in_haven
        ):
            return
        s.players[ch.owner].draw.remove(got)
        _searched(g, ch.owner, got, "play", uid)
        equip_from_hand.put_on(g, s.characters[who], got, uid)
        return
    if v.pile == "under":
        if not picked or ch.pos == OFF or picked[0] not in s.places[ch.pos].under:
            return  # no Equipment lay there: nothing is taken
        got = picked[0]
        s.places[ch.pos].under.remove(got)
        ch.carried.append(got)  # Equipment is carried face up: every seat sees what was taken
        g.emit("card_retrieved", seat=ch.owner, card=g.card(got).id, character=g.card(ch.uid).id, by=g.card(uid).id)
        return
    got = picked[0]
    pile = _pile(g, ch, v)
    if got not in pile:
        return
    pile.remove(got)
    if v.to == "location" and g.is_disaster(got):  # a Disaster, under the next player's control (Baba)
        controller = (ch.owner + 1) % len(s.players)
        primitives.revive_disaster_at(g, got, controller, s.grid[cells[0]], v.turns or 1, uid)
        return
    if v.to == "location":  # back into play on the Field for a while (Baba)
        primitives.revive_at(g, got, ch.owner, s.grid[cells[0]], v.turns or 1, uid)
        return
    if v.to == "hand":
        s.players[ch.owner].hand.append(got)
    elif v.to == "draw":  # shuffled in: every seat sees which card left the face-up Discard pile
        s.players[ch.owner].draw.append(got)
        g.shuffle(s.players[ch.owner].draw)
    else:
        haven = _nearest_haven(g, ch)
        s.places[haven].stored.append(got)
    if v.pile == "draw":
        _searched(g, ch.owner, got, v.to, uid)
        return
    g.emit("card_recovered", seat=ch.owner, card=g.card(got).id, uid=got, where=v.to, by=g.card(uid).id)


def _equip_from_hand_choices(
    g: Context, ch: CharacterState, v: EquipFromHand, kind: str, picked: tuple[int, ...], source: int
) -> list[str]:
    if v.this:  # the card itself, from the hand (Dimensional Hammer)
        if source not in g.state.players[ch.owner].hand:
            return []
        if not picked:
            return [act("choose", source)] if equip_from_hand.takers(g, ch, source, v) else []
        return [act("choose", u) for u in equip_from_hand.takers(g, ch, picked[0], v)]
    if not picked:
        return [act("choose", u) for u in equip_from_hand.cards(g, ch, v)]
    return [act("choose", u) for u in equip_from_hand.takers(g, ch, picked[0], v)]


def _equip_from_hand_resolve(use: _Use) -> None:
    g, ch, uid, v, picked = use.g, use.ch, use.uid, use.v, use.picked
    assert isinstance(v, EquipFromHand)
    equip_from_hand.equip(g, ch, picked[0], picked[1], uid, v)


def _plant_choices(
    g: Context, ch: CharacterState, v: Plant, kind: str, picked: tuple[int, ...], source: int
) -> list[str]:
    """An Item of the Discard pile, then a Location with a Disaster beneath it (Presents)."""
    cells = _plant_cells(g)
    if picked:
        return [act("choose", cell) for cell in cells]
    if not cells:
        return []
    firsts = {g.card(u).id: u for u in g.state.players[ch.owner].discard[::-1] if g.is_item(u)}
    return [act("choose", u) for u in sorted(firsts.values())]  # copies are alike: one of each


def _plant_resolve(use: _Use) -> None:
    g, ch, uid, picked, cells = use.g, use.ch, use.uid, use.picked, use.cells
    _plant(g, ch.owner, uid, picked[0], cells[0])


def _look_choices(
    g: Context, ch: CharacterState, v: Look, kind: str, picked: tuple[int, ...], source: int
) -> list[str]:
    """What to look at (engine/effects/looks.py)."""
    return looks.targets(g, ch, v)


def _look_resolve(use: _Use) -> None:
    g, ch, uid, v, picked, cells = use.g, use.ch, use.uid, use.v, use.picked, use.cells
    assert isinstance(v, Look)
    looking.look(g, ch, uid, v, picked, cells)


def _steal_choices(
    g: Context, ch: CharacterState, v: Steal, kind: str, picked: tuple[int, ...], source: int
) -> list[str]:
    if v.who is None:
        return _go(g, ch, v, kind, picked, source)
    return [act("choose", c.uid) for c in _robbable(g, ch, v.who)]


def _steal_resolve(use: _Use) -> None:
    g, ch, uid, v, picked = use.g, use.ch, use.uid, use.v, use.picked
    assert isinstance(v, Steal)
    if v.who is None:
        _run(use)
        return
    s = g.state
    victim = s.characters.get(picked[0])
    taker = None if victim is None else _taker(g, ch.owner, victim.pos)
    items = [] if victim is None else g.carried_items(victim)
    if victim is None or taker is None or not items:
        return
    item = items[g.rand_below(len(items))]
    victim.carried.remove(item)
    taker.carried.append(item)
    g.emit(
        "item_seized",
        seat=taker.owner,
        character=g.card(taker.uid).id,
        victim=g.card(victim.uid).id,
        victim_seat=victim.owner,
        cell=cell_list(s.places[victim.pos].cell),
        by=g.card(uid).id,
    )
    check(g)


# -- Characters moved


def _relocate_choices(
    g: Context, ch: CharacterState, v: Relocate, kind: str, picked: tuple[int, ...], source: int
) -> list[str]:
    if v.to == "here":  # into the Haven used (The Reversed World): one choice, who comes
        return [] if picked else [act("choose", c.uid) for c in _come_home(g, ch, v, source)]
    if not picked:
        return [act("choose", c.uid) for c in _relocatable(g, ch, v)]
    mover = g.state.characters.get(picked[0])
    if mover is None or mover.pos == OFF:
        return []
    return [act("choose", cell) for cell in _cells(g, mover, v.steps)]


def _relocate_resolve(use: _Use) -> None:
    g, ch, uid, v, picked, cells = use.g, use.ch, use.uid, use.v, use.picked, use.cells
    assert isinstance(v, Relocate)
    s = g.state
    mover = s.characters.get(picked[0])
    if mover is None or mover.pos == OFF:
        return
    dest = ch.pos if v.to == "bearer" else uid if v.to == "here" else s.grid[cells[0]]
    fight = under_way(s.agenda) if v.parting else None
    if fight is not None and fight.target == mover.uid:  # its last attack first, halved (Goz' Flying Machine)
        fight.parting_blow(g, uid)
        if game_over(s) or mover.uid not in s.characters or mover.bonked_at >= 0 or mover.pos == OFF:
            return  # the blow felled it: it goes nowhere
    primitives.place_character(g, mover, dest, uid)
    if s.lasting:
        lasting.release_holds(g)


@dataclass(frozen=True, slots=True)
class _Verb:
    """How an activated ability of one verb is used: how many choices its player makes (``needed``), the prompt
    of those choices (``what``), the actions of the next choice (``choices``: ``g, ch, v, kind, picked, source``;
    ``["go"]`` when none is left to make and it acts now, empty when it can do nothing now) and its effect
    (``resolve``: a :class:`_Use`). A verb not in :data:`_VERBS` needs no choice
    and runs through the interpreter when it has someone to act on."""

    needed: Callable[[Any], int] = _no_choice
    what: Callable[[Any], str] = _choose
    choices: Callable[..., list[str]] = _go
    resolve: Callable[[_Use], None] = _run


_OTHER: Final = _Verb()

# the verbs an activated ability may have that ask their player something or act otherwise than through the
# interpreter, by their model class (cards/effects.py): a new one is one entry here
_VERBS: dict[type, _Verb] = {
    Hook: _Verb(choices=_hook_choices),
    ExtraAttack: _Verb(choices=_extra_attack_choices, resolve=_started_for_bearer(NEXT_ROUND)),
    StrikeFirst: _Verb(resolve=_started_for_bearer(NEXT_FIGHT)),  # to the end of the fight under way (Sleepy Grass)
    RemoveDisaster: _Verb(
        needed=lambda v: 0 if v.every else 1,
        what=lambda v: "which Disaster",
        choices=_remove_disaster_choices,
        resolve=_remove_disaster_resolve,
    ),
    Retrieve: _Verb(needed=_retrieve_needed, what=_retrieve_what, choices=_retrieve_choices, resolve=_retrieve_resolve),
    Look: _Verb(
        needed=_one,
        what=lambda v: "what to look at (a Location, a Character, or a player's Haven for that player's pile)",
        choices=_look_choices,
        resolve=_look_resolve,
    ),
    AttackAsDisaster: _Verb(
        needed=_one,
        what=lambda v: "attack which opponent's group (choose one of its Characters)",
        choices=_attack_as_disaster_choices,
        resolve=_attack_as_disaster_resolve,
    ),
    Halt: _Verb(
        needed=lambda v: 0 if v.named else 1,
        what=lambda v: "which holding card, or which captive Character" if v.free else "which holding card",
        choices=_halt_choices,
        resolve=_halt_resolve,
    ),
    Steal: _Verb(
        needed=lambda v: 0 if v.who is None else 1,  # the Character robbed (Interrogation)
        choices=_steal_choices,
        resolve=_steal_resolve,
    ),
    Relocate: _Verb(
        needed=lambda v: 1 if v.to in ("bearer", "here") else 2,
        what=lambda v: "which Character" if v.to in ("bearer", "here") else "which Character, then where",
        choices=_relocate_choices,
        resolve=_relocate_resolve,
    ),
    EquipFromHand: _Verb(
        needed=_two,  # the card, then who takes it
        what=lambda v: "which card from your hand, then who takes it",
        choices=_equip_from_hand_choices,
        resolve=_equip_from_hand_resolve,
    ),
    Plant: _Verb(
        needed=_two,  # the Item, then the Location (Presents)
        what=lambda v: "which Item from your Discard pile, then beneath which Location",
        choices=_plant_choices,
        resolve=_plant_resolve,
    ),
    StrikeFromAfar: _Verb(
        needed=_one,  # what it strikes (Power Pole)
        what=lambda v: "strike which Disaster or Character from afar",
        choices=_strike_from_afar_choices,
        resolve=_strike_from_afar_resolve,
    ),
    Pin: _Verb(needed=_one, what=lambda v: "which Disaster", choices=_pin_choices, resolve=_pin_resolve),
    Control: _Verb(
        needed=_one,
        what=lambda v: "which Character of another player's comes to fight beside yours",
        choices=_control_choices,
        resolve=_control_resolve,
    ),
    Steer: _Verb(
        needed=lambda v: 2 if v.how == "aim" else 0,  # the Disaster, then the Character its attack goes at
        what=lambda v: "which Disaster, then at which Character within its Movement its attack goes",
        choices=_steer_choices,
        resolve=_steer_resolve,
    ),
    Modify: _Verb(needed=_modify_needed, choices=_modify_choices, resolve=_modify_resolve),
    NoSkill: _Verb(needed=_count_if_chosen, choices=_chosen_choices, resolve=_chosen_resolve),
    Hold: _Verb(needed=_count_if_chosen, choices=_chosen_choices, resolve=_chosen_resolve),
    HideFrom: _Verb(needed=_count_if_chosen, choices=_chosen_choices, resolve=_chosen_resolve),
    Untouchable: _Verb(needed=_count_if_chosen, choices=_chosen_choices, resolve=_chosen_resolve),
    Heal: _Verb(needed=_count_if_chosen, choices=_heal_choices, resolve=_heal_resolve),
    Gains: _Verb(
        needed=_count_if_chosen,
        what=lambda v: "which Character gains it",
        choices=_gains_choices,
        resolve=_gains_resolve,
    ),
    Scatter: _Verb(  # a Hold of those of one Character's sex at its Location (Relaxing Hot Springs)
        needed=_count_if_chosen,
        what=lambda v: "which Character (those of its sex at its Location leave)",
        choices=_scatter_choices,
        resolve=_scatter_resolve,
    ),
}


# ---------------------------------------------------------------------- what the combat reads


def _chargers(g: Context, pool: list[int]) -> list[int]:
    """Those of ``pool`` that may start building a bonus up (Power Up): in the fight with a Disaster under way,
    not the one attacked this round, not building one up already."""
    fight = under_way(g.state.agenda)  # (a use being resolved lies above it)
    if fight is None or not hasattr(fight, "charging"):  # a fight with a Disaster (procedures/combat.py)
        return []
    target = g.state.characters.get(fight.target)
    if target is None:
        return []
    charging: list[int] = getattr(fight, "charging")  # noqa: B009
    here = {c.uid for c in g.characters_at(fight.place, target.owner) if c.bonked_at < 0}
    return [u for u in pool if u in here and u != fight.target and u not in charging]


def charge(g: Context, fight: FightFrame, fighting: list[int]) -> None:
    """A round's blows are about to land: each Character building a bonus up (``modify`` with ``charge``: Power Up)
    that sits this round out pays its Energy and its bonus counts once more for each copy of the Skill it has; one
    that fights (``fighting``: the one attacked, the strikers, the protectors) or cannot pay stops for good."""
    s = g.state
    charging: list[int] = getattr(fight, "charging")  # noqa: B009 - a Combat's (procedures/combat.py)
    for u in list(charging):
        ch = s.characters.get(u)
        i, rec = next(
            ((i, r) for i, r in enumerate(s.lasting) if r.until == NEXT_COMBAT and u in r.targets and _charges(g, r)),
            (-1, None),
        )
        if rec is None or ch is None or ch.pos != fight.place or ch.bonked_at >= 0 or u in fighting:
            charging.remove(u)
            continue
        v = g.card(rec.source).effects[rec.effect].do
        assert isinstance(v, Modify) and v.charge is not None
        if energy.available(g, ch) < v.charge.energy:
            charging.remove(u)
            continue
        ch.energy_spent += v.charge.energy
        more = transform.skill_count(g, u, v.charge.per_skill)
        s.lasting[i] = Lasting(rec.source, rec.effect, rec.targets, rec.seat, rec.until, rec.count + more)
        g.emit(
            "powered_up",
            seat=ch.owner,
            card=g.card(rec.source).id,
            character=g.card(u).id,
            uid=u,
            energy=v.charge.energy,
            attack=v.by.get("attack", 0) * (rec.count + more),
            defense=v.by.get("defense", 0) * (rec.count + more),
        )


def _charges(g: Context, r: Lasting) -> bool:
    effects = g.card(r.source).effects
    if r.effect >= len(effects):
        return False
    v = effects[r.effect].do
    return isinstance(v, Modify) and v.charge is not None


def strikes_first(g: Context, side: list[int]) -> int:
    """The card whose ``strike_first`` record reaches one of ``side`` (the Characters of one side of a fight), or
    OFF (Sleepy Grass)."""
    for r in g.state.lasting:
        if r.until == NEXT_FIGHT and not set(side).isdisjoint(r.targets):
            card = g.card(r.source)
            if r.effect < len(card.effects) and isinstance(card.effects[r.effect].do, StrikeFirst):
                return r.source
    return OFF


def extra_attacks(g: Context, uid: int) -> int:
    """How many more times the Character strikes this round (``extra_attack`` records: Power Chi)."""
    n = 0
    for r in g.state.lasting:
        if uid in r.targets and r.until in (NEXT_ROUND, NEXT_COMBAT):
            v = g.card(r.source).effects[r.effect].do if r.effect < len(g.card(r.source).effects) else None
            if isinstance(v, ExtraAttack):
                n += v.count
    return n
