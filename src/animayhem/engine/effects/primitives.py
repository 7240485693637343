"""Rule primitives: the few state changes that rule procedures and card effects both make (RULES.md MISC-3,
COMBAT-14 … COMBAT-16, DIS-16, CARD-11).

Bonk, Kill, a Disaster leaving play, a card in play Discarded or Destroyed, a Character sent to its Haven.
This layer sits under the procedures (turn, scavenge, combat, disasters) and the effect interpreter
(engine/effects/triggers.py): it imports only the state, the card facts and the win check, never a procedure, so the
engine's imports point one way. Each primitive emits its event and keeps every card in exactly one zone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from animayhem.cards.effects import (
    ABILITY_NAMES,
    Absorbs,
    AttackAsDisaster,
    Recycle,
    Regenerate,
    ReturnItem,
    Safe,
    Salvage,
    Unmasked,
    attacks_as_disaster,
)
from animayhem.cards.model import Card, CardType
from animayhem.engine.core.events import cell_list
from animayhem.engine.core.state import (
    ABSORB_COUNTER,
    BONKS_COUNTER,
    CAPTIVE,
    HURT_COUNTER,
    KEPT_DAMAGE_COUNTER,
    OFF,
    ORIGIN_COUNTER,
    RETURN_COUNTER,
    REVIVED_COUNTER,
    SALVAGE_COUNTER,
    SLOTS,
    UNMASKED_COUNTER,
    WAITING,
    WHILE_IN_PLAY,
    WHILE_TARGET,
    CharacterState,
    DisasterState,
    game_over,
)
from animayhem.engine.core.statics import in_play, instances_where, none_in, of_kind, per_card_list
from animayhem.engine.core.win import check
from animayhem.engine.effects import answers, bearer, control, lasting, pins, transform
from animayhem.engine.effects.abilities import printed
from animayhem.engine.effects.allies import allies_of

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


def drop_point(g: Context, ch: CharacterState) -> int:
    """Where a Character leaving play drops what it carries: where it stands; off the Field (TURN-20) the point
    where it stepped off; a captive, where its captor stands; else its owner's first Haven; OFF when none."""
    s = g.state
    if ch.pos != OFF:
        return ch.pos
    if ch.off_at in s.places:
        return ch.off_at
    captor = s.disasters.get(lasting.captor_of(g, ch.uid)) if ch.off_at == CAPTIVE else None
    if captor is not None and captor.pos in s.places:
        return captor.pos
    havens = [u for u in s.players[ch.owner].havens if u in s.places and not s.places[u].destroyed]
    return havens[0] if havens else OFF


def drop_carried(g: Context, ch: CharacterState, place: int, by: int | None) -> bool:
    """A Character that leaves play drops what it carries (COMBAT-15, DIS-17, AMB-17); with nowhere to drop
    them (``place`` OFF) its cards are Discarded.

    Returns True when the Disaster that beat it took one of its Items."""
    s = g.state
    if place == OFF:
        for u in [*ch.carried, *ch.enhancements]:
            g.discard(u)
        ch.carried, ch.enhancements = [], []
        return False
    items = g.carried_items(ch)
    rest = [u for u in ch.carried if u not in items]
    d = s.disasters.get(by) if by is not None else None
    took = False
    seen = bearer.detectable(g, ch) if d is not None else []  # one a card hides stays (Assassin Disquise)
    if d is not None and seen and g.is_combat_disaster(d.uid) and not never_steals(g, d.uid):
        took = True
        item = seen[g.rand_below(len(seen))]
        items.remove(item)
        old = gain_item(g, d, item)
        if old != OFF:
            s.places[place].under.insert(0, old)
        g.emit(
            "item_taken", card=g.card(d.uid).id, uid=d.uid, cell=cell_list(s.places[place].cell), from_character=True
        )
    for u in [u for u in rest if g.is_disaster(u)]:  # a kept Disaster is no card to leave lying (Hungry Dinosaur)
        rest.remove(u)
        g.discard(u)
    for u in rest + items:
        if s.places[place].haven:  # beaten in a Haven (COMBAT-26): the cards stay stored there
            s.places[place].stored.append(u)
        else:
            s.places[place].under.insert(0, u)
    if rest or items:
        emit_dropped(g, ch, list(s.places[place].cell), rest + items)
    ch.carried = []
    if d is not None and ch.enhancements and d.uid in s.statics and lasting.takes_enhancements(g, d.uid):
        d.held += ch.enhancements  # its text: it takes them and uses them (Vegeta)
        g.emit(
            "enhancements_taken",
            card=g.card(d.uid).id,
            uid=d.uid,
            character=g.card(ch.uid).id,
            enhancements=[g.card(u).id for u in ch.enhancements],
        )
        ch.enhancements = []
    kept = bearer.stays_on(g, ch) if ch.enhancements else []  # a card that stays on its bearer (Immortality)
    for u in ch.enhancements:
        if u not in kept:
            g.discard(u)
    ch.enhancements = kept
    return took


def gain_item(g: Context, d: DisasterState, item: int) -> int:
    """The Disaster ``d`` now carries ``item``: the Item it carried before, which it gives up for it (DIS-12: one
    at a time), is returned for the caller to put down (OFF when it carried none, or when it hoards: it keeps
    them all, ``hoard``)."""
    if d.item == OFF:
        d.item = item
        return OFF
    if lasting.hoards(g, d.uid):
        d.hoard.append(item)
        return OFF
    old, d.item = d.item, item
    return old


def destroy_items(g: Context, d: DisasterState, by: int) -> None:
    """Every Item the Disaster ``d`` carries (one, or all it hoards) is Destroyed by the card ``by``."""
    for item in d.items():
        g.destroy(item)
        g.emit("item_destroyed", by=g.card(by).id)
    d.item, d.hoard = OFF, []


def drop_items(g: Context, d: DisasterState) -> None:
    """Every Item the Disaster ``d`` carries (one, or all it hoards) drops under the Place where it stands."""
    for item in d.items():
        drop_item(g, d, item)
    d.item, d.hoard = OFF, []


def drop_item(g: Context, d: DisasterState, item: int) -> None:
    """The Item ``item``, no longer carried by the Disaster ``d``, drops under the Place where ``d`` stands, at the
    bottom of the face-down stack (``under`` is bottom first: Items below, Disasters on top)."""
    place = g.state.places[d.pos]
    place.under.insert(0, item)
    g.emit("item_dropped", cell=cell_list(place.cell))


def drop_first_item(g: Context, d: DisasterState) -> None:
    """The first Item the Disaster ``d`` took drops under the Place where it stands; one it hoards besides becomes
    its first. Nothing happens when it carries none."""
    if d.item != OFF:
        drop_item(g, d, give_up_item(d))


def give_up_item(d: DisasterState) -> int:
    """The Item the Disaster ``d`` carries is taken from it (OFF when none): the first it took; one it hoards
    besides becomes its first."""
    item = d.item
    d.item = d.hoard.pop(0) if d.hoard else OFF
    return item


def never_steals(g: Context, uid: int) -> bool:
    """Whether the card fighting as a Disaster takes no Item from one it beats (``attack_as_disaster`` with
    ``steals: false``: Robot Guard)."""
    card = g.card(uid)
    raid = attacks_as_disaster(card.effects) if card.disaster is None and card.effects else None
    return raid is not None and isinstance(raid[1].do, AttackAsDisaster) and not raid[1].do.steals


def saved(g: Context, ch: CharacterState) -> bool:
    """A card it holds is Discarded instead of the Character being Bonked or Killed (``saves``: Robot Slave); it
    stays in play with 1 Health left at least. A card it uses as if it held it is Discarded from where it is (a
    Robot Slave lent by Pass Around leaves its lender, as a card Discarded by its use does)."""
    u = bearer.saver(g, ch) if ch.carried or ch.enhancements else -1
    holder = ch
    if u < 0:  # a card of its party's for the party (Robot Slave carried by another Character there)
        u, other = bearer.party_saver(g, ch)
        if u < 0 or other is None:
            return False
        holder = other
    if u not in holder.carried and u not in holder.enhancements:  # a card it uses without holding it: one of
        holder = holder_of(g, u) or holder  # another player's lent by Pass Around, which leaves its lender
    if u in holder.carried or u in holder.enhancements:
        (holder.carried if u in holder.carried else holder.enhancements).remove(u)
    else:  # a Global Effect of its player's that reaches it
        p = g.state.players[g.state.owner[u]]
        if u in p.globals:
            del p.globals[u]
            lasting.left(g, u)
    g.discard(u)
    ch.damage = min(ch.damage, max(0, g.max_health(ch.uid) - 1))
    g.emit("bonk_prevented", seat=ch.owner, card=g.card(ch.uid).id, uid=ch.uid, by=g.card(u).id)
    return True


def mark_damage(g: Context, ch: CharacterState, counter: int, amount: int) -> None:
    """``ch`` takes ``amount`` damage outside a fight, marked under ``counter`` (a trap's ``HURT_COUNTER``, a
    card's ``KEPT_DAMAGE_COUNTER``) to heal at the end of the turn (procedures/traps.py). The marks never stand for
    more damage than it carries: what a fight's end or a card has healed since, or what an earlier stay in play
    left (a Character Killed while hurt and played again), is dropped first (found by random play)."""
    s = g.state
    hurt, kept = ch.uid * SLOTS + HURT_COUNTER, ch.uid * SLOTS + KEPT_DAMAGE_COUNTER
    if s.counters:
        h, k = s.counters.get(hurt, 0), s.counters.get(kept, 0)
        if h + k > ch.damage:
            k = min(k, ch.damage)
            h = min(h, ch.damage - k)
            for key, left in ((hurt, h), (kept, k)):
                if left:
                    s.counters[key] = left
                else:
                    s.counters.pop(key, None)
    ch.damage += amount
    key = hurt if counter == HURT_COUNTER else kept
    s.counters[key] = s.counters.get(key, 0) + amount


def bonk_outside_fight(g: Context, ch: CharacterState, counter: int) -> None:
    """``ch`` has no Health left from damage dealt outside a fight (a trap, a card's ``damage``): it is Bonked
    (COMBAT-14). ``counter`` marks the damage of that kind it carries until the end of the turn (a trap's
    ``HURT_COUNTER``, a card's ``KEPT_DAMAGE_COUNTER``). When a card keeps it in play with 1 Health left (Robot
    Slave, Dr. Tofu), that damage, as much of it as it still carries, stays marked, to heal at the end of the turn
    as it would have (left unmarked, it was never healed outside a fight: found by the soak)."""
    s = g.state
    key = ch.uid * SLOTS + counter
    before = s.counters.pop(key, 0)
    bonk(g, ch, None)
    if s.characters.get(ch.uid) is not ch or ch.bonked_at >= 0:
        return
    other = ch.uid * SLOTS + (KEPT_DAMAGE_COUNTER if counter == HURT_COUNTER else HURT_COUNTER)
    rest = min(before, ch.damage - s.counters.get(other, 0))
    if rest > 0:
        s.counters[key] = rest


def warded(g: Context, ch: CharacterState, kill: bool) -> int:
    """A Character of its party that keeps ``ch`` in play (``never_killed`` for the party: Dr. Tofu), or -1. With
    the effect's ``bonk`` it is neither Bonked nor Killed and stays with 1 Health left (the event ``bonk_warded``,
    and 1 is returned as the Bonk or Kill is done with); without, only a Kill is kept off (``kill``), and the
    caller Bonks it instead (0)."""
    u, x = bearer.warden(g, ch)
    if x is None or not (x.bonk or kill):
        return -1
    if not x.bonk:
        g.emit("kill_prevented", seat=ch.owner, card=g.card(ch.uid).id, uid=ch.uid, by=g.card(u).id)
        return 0
    ch.damage = min(ch.damage, max(0, g.max_health(ch.uid) - 1))
    g.emit("bonk_warded", seat=ch.owner, card=g.card(ch.uid).id, uid=ch.uid, by=g.card(u).id)
    return 1


def bonk(g: Context, ch: CharacterState, by: int | None) -> bool:
    """COMBAT-14, COMBAT-15. Returns True when the Disaster took an Item from it."""
    s = g.state
    if (ch.carried or ch.enhancements or bearer.party_savers(g)) and saved(g, ch):  # Robot Slave
        return False
    if warded(g, ch, kill=False) > 0:  # a Character of its party keeps it in play (Dr. Tofu)
        return False
    if s.lasting and (up := answers.spared(g, ch, "bonk")) >= 0:  # an answer: back to full Health (Stand Up Straight)
        ch.damage = 0
        g.emit("back_on_feet", seat=ch.owner, card=g.card(ch.uid).id, uid=ch.uid, by=g.card(up).id)
        return False
    if s.counters:  # one another player controls is its owner's again as it leaves play (Possession)
        control.release(g, ch.uid)
    place = drop_point(g, ch)  # off the Field: where it stepped off (a card may reach it there: Bio Ball)
    if by is not None and by in s.statics and lasting.discards_bonked_items(g, by):
        for u in g.carried_items(ch):  # its text: the Items of one it Bonks are Discarded (Juraian Guardians)
            remove_from_play(g, u, "discard", by)
    took = drop_carried(g, ch, place, by)
    ch.pos = OFF
    ch.damage = 0
    ch.bonked_at = s.players[ch.owner].turns
    s.players[ch.owner].bonked.append(ch.uid)
    g.emit("bonked", seat=ch.owner, card=g.card(ch.uid).id, uid=ch.uid)
    if transform.counts_bonks(g):  # a card asks how often a Character was Bonked (Super Saiyan Goku)
        key = ch.uid * SLOTS + BONKS_COUNTER
        s.counters[key] = s.counters.get(key, 0) + 1
    lasting.forget(g, ch.uid)
    if s.statics:  # a Disaster whose text is Defeated by this Bonk (Dr. Rene D'anclaude and Armitage)
        for uid in lasting.defeated_by_bonk(g, ch):
            if uid in s.disasters:
                g.emit("disaster_defeated", card=g.card(uid).id, uid=uid, bonked=g.card(ch.uid).id)
                leave_play(g, s.disasters[uid], "defeated")
        if (haven := lasting.recovery(g, ch.owner)) >= 0:  # back into the Haven at once (West Side City Hospital)
            recover(g, ch.uid, haven)
    return took


def recover(g: Context, uid: int, haven: int) -> None:
    """The Bonked Character ``uid`` comes into the Haven ``haven`` of its owner at once, at full Health, its move
    unused (``recover``: West Side City Hospital), keeping a card that stays on through a Bonk."""
    s = g.state
    old = s.characters[uid]
    if uid not in s.players[old.owner].bonked:
        return
    s.players[old.owner].bonked.remove(uid)
    s.characters[uid] = CharacterState(uid=uid, owner=old.owner, pos=haven, enhancements=old.enhancements)
    g.emit("bonked_returned", seat=old.owner, card=g.card(uid).id, uid=uid, where="haven")


def kill(g: Context, ch: CharacterState, by: int | None) -> bool:
    """COMBAT-16. Returns True when the Disaster took an Item from it. A card it holds may keep it from being
    Killed: it is Bonked instead (``never_killed``: Immortality)."""
    s = g.state
    if (ch.carried or ch.enhancements or bearer.party_savers(g)) and saved(g, ch):  # Robot Slave
        return False
    if (ward := warded(g, ch, kill=True)) >= 0:  # a Character of its party keeps it in play (Dr. Tofu)
        return False if ward else bonk(g, ch, by)
    spared = bearer.never_killed(g, ch)
    # a card in play for everyone (Frothy Mugs of Water), before a comeback counted over the game
    if (spared < 0 or bearer.once_only(g, spared)) and s.statics and (other := lasting.never_killed(g, ch)) >= 0:
        spared = other
    if spared >= 0:
        bearer.spend_once(g, spared)  # a comeback counted over the game (Naomi Armitage)
        g.emit("kill_prevented", seat=ch.owner, card=g.card(ch.uid).id, uid=ch.uid, by=g.card(spared).id)
        return bonk(g, ch, by)
    if (
        s.lasting and (spared := answers.spared(g, ch, "kill")) >= 0
    ):  # an answer: Bonked instead (Hey, you're not dead!)
        g.emit("kill_prevented", seat=ch.owner, card=g.card(ch.uid).id, uid=ch.uid, by=g.card(spared).id)
        return bonk(g, ch, by)
    if s.statics and (regen := lasting.regenerator(g, ch)) >= 0:  # it goes into the card (Medical Regenerator)
        return regenerate(g, ch, by, regen)
    if s.counters:  # one another player controls is its owner's again as it leaves play (Possession)
        control.release(g, ch.uid)
    place = drop_point(g, ch)  # off the Field: where it stepped off (a card may reach it there: Bio Ball)
    rise = lasting.raises_undead(g, by) if by is not None and s.statics and by in s.disasters else -1
    kept: list[int] = []
    if rise >= 0:  # its text: the Character comes back as a Disaster with its Equipment (Dracula)
        kept = [u for u in ch.carried if not g.is_item(u) and not g.is_disaster(u)]
        ch.carried = [u for u in ch.carried if u not in kept]
    if ch.pos != OFF and bearer.absorbers(g):  # a Character beside it takes some of its values (Piccolo)
        absorb(g, ch)
    took = drop_carried(g, ch, place, by)
    for u in ch.enhancements:  # a card that stays on through a Bonk leaves with a Kill (Better Off Dead)
        g.discard(u)
    ch.enhancements = []
    del s.characters[ch.uid]
    g.discard(ch.uid)
    g.emit("killed", seat=ch.owner, card=g.card(ch.uid).id, uid=ch.uid)
    lasting.forget(g, ch.uid)
    if rise >= 0 and by is not None:
        rise_as_disaster(g, ch.uid, s.disasters[by], rise, place, kept)
    return took


def absorb(g: Context, ch: CharacterState) -> None:
    """``ch`` is being Killed where it stands: each other Character standing there (in play, not Bonked) whose card
    ``absorbs`` such a Character gains its share of ``ch``'s printed values, kept in ``state.counters`` (Piccolo)."""
    s = g.state
    cards, ids = g._cards, s.cards
    for u in bearer.absorbers(g):
        c = s.characters.get(u)
        if c is None or u == ch.uid or c.pos != ch.pos or c.bonked_at >= 0:
            continue
        for x in of_kind(cards[ids[u]], Absorbs):
            if not lasting.one_meets(g, ch, x.has):
                continue
            gained = []
            for a in x.abilities:
                n = printed(g, ch.uid, a) // x.share
                if n:
                    key = u * SLOTS + ABSORB_COUNTER + ABILITY_NAMES.index(a)
                    s.counters[key] = s.counters.get(key, 0) + n
                    gained.append(f"+{n} {a.capitalize()}")
            if gained:
                g.emit(
                    "values_absorbed",
                    seat=c.owner,
                    card=g.card(u).id,
                    uid=u,
                    source=g.card(ch.uid).id,
                    gained=", ".join(gained),
                )


def regenerate(g: Context, ch: CharacterState, by: int | None, src: int) -> bool:
    """``ch``, which would be Killed, goes into the card ``src`` (``regenerate``): it drops what it carries as a
    Killed Character does, keeps its Enhancements, and waits healed in its owner's Bonked pile, held by a lasting
    record of the card, until engine/procedures/turn.py brings it into its Haven. Returns True when the Disaster
    took an Item from it."""
    s = g.state
    if s.counters:
        control.release(g, ch.uid)
    kept, ch.enhancements = ch.enhancements, []
    took = drop_carried(g, ch, drop_point(g, ch), by)
    ch.enhancements = kept
    ch.pos = OFF
    ch.damage = 0
    ch.bonked_at = s.players[ch.owner].turns
    s.players[ch.owner].bonked.append(ch.uid)
    lasting.forget(g, ch.uid)
    index = next(i for i, e in enumerate(g.card(src).effects) if e.verb == "regenerate")
    lasting.add(g, src, index, [ch.uid], ch.owner, None, WHILE_IN_PLAY)
    v = g.card(src).effects[index].do
    assert isinstance(v, Regenerate)
    g.emit("regenerating", seat=ch.owner, card=g.card(ch.uid).id, uid=ch.uid, by=g.card(src).id, turns=v.turns)
    return took


def enter_as_disaster(g: Context, uid: int, controller: int, place: int) -> DisasterState:
    """The card ``uid`` (not drawn as a Disaster) comes into play as one at ``place``, following ``controller``'s
    path, already entered and its own text done: a Character risen (Dracula), a card attacking as one (Robot
    Guard). The caller has taken it from where it was."""
    s = g.state
    s.arrivals += 1
    d = DisasterState(uid=uid, owner=s.owner[uid], controller=controller, pos=place, arrived=s.arrivals)
    d.entered = d.acted = True
    s.disasters[uid] = d
    return d


def rise_as_disaster(g: Context, uid: int, by: DisasterState, index: int, place: int, kept: list[int]) -> None:
    """The Killed Character ``uid`` comes back at once as a Disaster on ``by``'s side at ``place``: its card
    leaves the Discard pile, it is on the Field (entered), wears ``kept`` (its Equipment), and the ``undead``
    record (effect ``index`` of ``by``) marks it for as long as it stays in play."""
    s = g.state
    s.players[s.owner[uid]].discard.remove(uid)
    d = enter_as_disaster(g, uid, by.controller, place)
    d.held = kept
    lasting.add(g, by.uid, index, [uid], s.owner[by.uid], None, WHILE_TARGET)
    g.emit(
        "undead_risen",
        card=g.card(uid).id,
        uid=uid,
        by=g.card(by.uid).id,
        cell=cell_list(s.places[place].cell),
        equipment=[g.card(u).id for u in kept],
    )


def turn_disaster(g: Context, ch: CharacterState, index: int) -> DisasterState:
    """The Character ``ch``, transformed by a card in play, becomes a Combat Disaster of its owner's where it stands
    (effect ``index`` of its card, ``were_disaster``: Baby Gohan under Full Moon): it leaves its player's side (one
    another player controlled is its owner's again), carries its Items as a Disaster carries them, wears its
    Equipment and Enhancements, keeps its damage, and follows its owner's Disaster path; its own record on itself
    says what it is (engine/procedures/were.py turns it back)."""
    s = g.state
    uid = ch.uid
    if s.counters:
        control.release(g, uid)
        for counter in (HURT_COUNTER, KEPT_DAMAGE_COUNTER):  # marks of damage to heal as a Character: none now
            s.counters.pop(uid * SLOTS + counter, None)
    items = [u for u in ch.carried if g.is_item(u)]
    for u in [u for u in ch.carried if g.is_disaster(u)]:  # a kept Disaster goes (Hungry Dinosaur), as in a Bonk
        ch.carried.remove(u)
        g.discard(u)
    worn = [u for u in ch.carried if u not in items] + ch.enhancements
    d = enter_as_disaster(g, uid, ch.owner, ch.pos)
    d.item, d.hoard = (items[0], items[1:]) if items else (OFF, [])
    d.held = worn
    d.damage = ch.damage
    del s.characters[uid]
    lasting.add(g, uid, index, [uid], ch.owner, None, WHILE_TARGET)
    g.emit("turned_disaster", seat=ch.owner, card=g.card(uid).id, uid=uid, cell=cell_list(s.places[d.pos].cell))
    return d


def turn_back(g: Context, d: DisasterState, why: str) -> CharacterState:
    """The Character turned Disaster ``d`` (:func:`turn_disaster`) is its owner's Character again. ``why`` "back":
    nothing transforms it any more, and it stands where it stood as a Disaster with its cards, its move spent (off
    the Field, in its owner's first Haven; with none, it is Bonked). Any other ``why``: the Disaster leaves play
    (Defeated, or sent away by a card): the Item it carries drops as a Defeated Disaster's does (DIS-16) and the
    Character is Bonked where it stands (COMBAT-14, COMBAT-15)."""
    s = g.state
    uid = d.uid
    worn, d.held = d.held, []
    items: list[int] = []
    if why == "back":
        items, d.item, d.hoard = d.items(), OFF, []
    place = d.pos
    leave_play(g, d, why, keep=True)  # off the Disaster side: its records end, its allies are free
    if place == OFF or place not in s.places or s.places[place].destroyed:
        havens = [u for u in s.players[s.owner[uid]].havens if u in s.places and not s.places[u].destroyed]
        place = havens[0] if havens else OFF
    ch = CharacterState(uid=uid, owner=s.owner[uid], pos=place, moved=True)
    ch.carried = items + [u for u in worn if g.card(u).type is not CardType.ENHANCEMENT]
    ch.enhancements = [u for u in worn if g.card(u).type is CardType.ENHANCEMENT]
    s.characters[uid] = ch
    g.emit(
        "turned_back",
        seat=ch.owner,
        card=g.card(uid).id,
        uid=uid,
        cell=None if place == OFF else cell_list(s.places[place].cell),
        defeated=why != "back",
    )
    if why != "back" or place == OFF:
        bonk(g, ch, None)
    return ch


def destroy_disaster(g: Context, d: DisasterState) -> None:
    """The Disaster ``d`` is Destroyed: it leaves play (:func:`leave_play`) and its card is removed from the game,
    not Discarded (MISC-3). A Character turned Disaster is not a Disaster's card: it turns back and is Bonked
    (:func:`turn_back`; found by random play)."""
    uid = d.uid
    leave_play(g, d, "destroyed")
    pile = g.state.players[g.state.owner[uid]].discard
    if uid in pile:
        pile.remove(uid)
        g.destroy(uid)


def leave_play(g: Context, d: DisasterState, why: str, keep: bool = False) -> None:
    """The Disaster is Discarded; an Item it carried drops where it stands (or is Destroyed off the Field).
    ``keep``: it leaves the Disaster side but its card stays where it is, for the caller to place (a Disaster
    won over as a Character: Bump on the Head, procedures/recruit.py)."""
    s = g.state
    if not keep and s.lasting and g.card(d.uid).disaster is None and lasting.were(g, d.uid) >= 0:
        turn_back(g, d, why)  # a Character turned Disaster is beaten, not Discarded (Baby Gohan)
        return
    if d.pos == OFF or why == "exit":
        destroy_items(g, d, d.uid)
    else:
        drop_items(g, d)  # one, or all it hoards (7 Lucky Gods Martial Artists)
    for u in d.held:  # Enhancements it took go with it (Vegeta)
        g.discard(u)
    d.held = []
    joined = lasting.joined_to(g, d.uid) if s.lasting else []
    if s.lasting:
        for uid in lasting.captives_of(g, d.uid):  # its captives are free (Kidnapped)
            release(g, s.characters[uid], d)
    del s.disasters[d.uid]
    lasting.left(g, d.uid)
    if not keep:
        g.discard(d.uid)
        g.emit("disaster_discarded", card=g.card(d.uid).id, uid=d.uid, reason=why)
    # DIS-26: the primary's allies are free again (a non-Combat ally's action is over). After a Defeat the
    # link is kept until the fight ends (special_disasters.after_combat), so a freed ally can turn on the
    # same Characters.
    for a in allies_of(g, d.uid):
        if not g.is_combat_disaster(a.uid):
            a.ally_of = OFF
            leave_play(g, a, "done")
        elif why != "defeated":
            a.ally_of = OFF
            g.emit("ally_freed", card=g.card(a.uid).id, uid=a.uid)
    for u in joined:  # a card that joined it goes with it (Demon Hordes)
        if u in s.disasters:
            leave_play(g, s.disasters[u], "done")


def lie_low(g: Context, d: DisasterState, turns: int) -> None:
    """The Disaster leaves play instead of being Defeated (``revive`` with ``later``: Vampiric Ambush): its Item
    drops where it stands, its card is set aside, and it comes back as a new Disaster at the Reload of its
    controller's ``turns``-th turn after (procedures/disasters.py ``back_from_lying_low``)."""
    s = g.state
    seat = d.controller
    leave_play(g, d, "lies_low", keep=True)
    s.set_aside.append(d.uid)
    s.counters[d.uid * SLOTS + RETURN_COUNTER] = (s.players[seat].turns + turns) * 8 + seat
    g.emit("disaster_lies_low", card=g.card(d.uid).id, uid=d.uid, seat=seat, turns=turns)


def capture(g: Context, ch: CharacterState, d: DisasterState, drop: bool) -> None:
    """The Disaster takes the Character captive: it leaves the Field (``off_at`` CAPTIVE) with what it carries
    (``drop``: it leaves its cards under the Location first); the caller records the captor (a ``capture``
    lasting record), which :func:`leave_play` reads to free it."""
    s = g.state
    place = ch.pos
    if drop:
        for u in list(ch.carried):  # what it carries; it keeps its Enhancements
            leave_under(g, ch, u)
    ch.pos = OFF
    ch.off_at = CAPTIVE
    ch.damage = 0
    g.emit(
        "character_captured",
        seat=ch.owner,
        card=g.card(ch.uid).id,
        uid=ch.uid,
        by=g.card(d.uid).id,
        cell=cell_list(s.places[place].cell),
    )


def release(g: Context, ch: CharacterState, d: DisasterState) -> None:
    """A captive is freed where its captor stands (in its owner's first Haven when the captor is off the Field;
    with no Haven in play it waits beside the Field, AMB-59)."""
    s = g.state
    ch.off_at = OFF
    ch.moved = True
    if d.pos != OFF and d.pos in s.places:
        ch.pos = d.pos
    else:
        havens = [u for u in s.players[ch.owner].havens if u in s.places and not s.places[u].destroyed]
        if havens:
            ch.pos = havens[0]
        else:
            ch.off_at = WAITING
    where = None if ch.pos == OFF else list(s.places[ch.pos].cell)
    g.emit("character_freed", seat=ch.owner, card=g.card(ch.uid).id, uid=ch.uid, by=g.card(d.uid).id, cell=where)


def send_home(g: Context, ch: CharacterState) -> bool:
    """Put a Character in its owner's Haven with what it carries (False when it has no Haven in play)."""
    s = g.state
    havens = [u for u in s.players[ch.owner].havens if u in s.places and not s.places[u].destroyed]
    if not havens or ch.pos in havens:
        return False
    src = ch.pos
    ch.pos = havens[0]
    g.emit(
        "character_sent_home",
        seat=ch.owner,
        card=g.card(ch.uid).id,
        uid=ch.uid,
        source=cell_list(s.places[src].cell),
        dest=cell_list(s.places[ch.pos].cell),
    )
    return True


def holder_of(g: Context, uid: int) -> CharacterState | None:
    """The Character carrying or wearing ``uid`` (None if no Character has it)."""
    for c in g.state.characters.values():
        if uid in c.carried or uid in c.enhancements:
            return c
    return None


_SALVAGE: dict[int, tuple[list[str], dict[int, tuple[Salvage, ...]]]] = {}


def salvaged(g: Context, uid: int) -> bool:
    """The vehicle ``uid``, about to be Destroyed, is saved by a Character of its owner standing in play whose card
    ``salvage``s vehicles of its kind, with a use left this game (Al): the event ``vehicle_salvaged``, and True
    (the caller leaves it where it is)."""
    v = g.card(uid).vehicle
    if v is None:
        return False
    s = g.state
    cards = g._cards

    def make(listed: list[str]) -> dict[int, tuple[Salvage, ...]]:
        out: dict[int, tuple[Salvage, ...]] = {}
        for u, c in enumerate(listed):
            k = cards.get(c)
            if k is not None and k.type is CardType.CHARACTER:
                got = tuple(e.do for e in k.effects if e.when == "static" and isinstance(e.do, Salvage))
                if got:
                    out[u] = got
        return out

    seat = s.owner[uid]
    for u, found in per_card_list(_SALVAGE, s.cards, make).items():
        c = s.characters.get(u)
        if c is None or c.owner != seat or c.pos == OFF or c.bonked_at >= 0:
            continue
        key = u * SLOTS + SALVAGE_COUNTER
        for x in found:
            if v.kind.value in x.vehicle and s.counters.get(key, 0) < x.times:
                s.counters[key] = s.counters.get(key, 0) + 1
                g.emit("vehicle_salvaged", seat=seat, vehicle=g.card(uid).id, uid=uid, by=g.card(u).id)
                return True
    return False


def spared_destroy(g: Context, uid: int, by: int) -> bool:
    """Whether a card in play keeps the Item or Equipment card ``uid`` from being Destroyed (``forbid:
    destroy_items``: Kasumi): it stays where it is (the event ``destroy_prevented``; an Item is not named)."""
    src = lasting.indestructible(g, uid)
    if src == OFF:
        return False
    card = g.card(uid)
    if card.type is CardType.ITEM:
        g.emit("destroy_prevented", source=g.card(src).id, by=g.card(by).id)
    else:
        g.emit("destroy_prevented", source=g.card(src).id, by=g.card(by).id, card=card.id)
    return True


def safe_from(g: Context, uid: int, how: str) -> bool:
    """Whether the card ``uid`` may not be ``how`` (``steal`` or ``destroy``): its ``safe`` record (Dimensional
    Hammer)."""
    return any(how in x.against for x in of_kind(g.card(uid), Safe))


def remove_from_play(g: Context, uid: int, how: str, by: int) -> None:
    """Discard (``how="discard"``) or Destroy a face-up card in play that is not a Character or a Disaster:
    carried Equipment or Items, Enhancements, Global Effects, stored cards (MISC-3). An Item counts for the
    Disasters either way (WIN-2). A vehicle a Character saves from being Destroyed stays (``salvage``: Al)."""
    s = g.state
    if how != "discard" and salvaged(g, uid):
        return
    if how != "discard" and safe_from(g, uid, "destroy"):  # it cannot be Destroyed (Dimensional Hammer)
        g.emit("destroy_resisted", card=g.card(uid).id, uid=uid, by=g.card(by).id)
        return
    if how != "discard" and spared_destroy(g, uid, by):
        return
    for p in s.players:
        if uid in p.globals:
            del p.globals[uid]
            lasting.left(g, uid)
            break
    else:
        c = holder_of(g, uid)
        if c is not None:
            if uid in c.carried:
                c.carried.remove(uid)
            else:
                c.enhancements.remove(uid)
        else:
            for pl in s.places.values():
                if uid in pl.stored:
                    pl.stored.remove(uid)
                    break
                if uid in pl.under:
                    pl.under.remove(uid)
                    break
            else:  # pragma: no cover - callers name cards in play only
                raise ValueError(f"c{uid} is not a card in play")
    saver = OFF if how == "discard" else recycler(g, uid)
    if how == "discard":
        g.discard(uid)
    elif saver == OFF:
        g.destroy(uid)
    card = g.card(uid)
    if card.type is CardType.ITEM:  # Items are face down (MISC-7): the event names no Item
        g.emit("item_removed", how=how, by=g.card(by).id)
    else:
        g.emit("card_removed", how=how, card=card.id, uid=uid, by=g.card(by).id)
    if saver != OFF:
        recycled(g, uid, saver)
    check(g)


def cancel_sweep(g: Context) -> None:
    """Each card in play that a Character standing in play ``cancels`` is Discarded (Nanami Jinnai: the Disguises;
    bearer.cancelled), the event ``card_removed`` naming that Character."""
    for uid, by in bearer.cancelled(g):
        remove_from_play(g, uid, "discard", by)


def spoil_sweep(g: Context) -> None:
    """Each Item carried by a Character whose card ``spoils`` its kind is removed from the game (Kozo Karino: Food;
    bearer.spoiled); it counts for the Disasters as a Destroyed Item does (WIN-2)."""
    for uid, by in bearer.spoiled(g):
        remove_from_play(g, uid, "destroy", by)


_UNMASKED: dict[int, tuple[list[str], tuple[int, ...]]] = {}


def _unmasked(card: Card) -> bool:
    return bool(of_kind(card, Unmasked))


def unmask_sweep(g: Context) -> None:
    """Each Character whose card is ``unmasked`` by a kind of Character (Galus: the ability to pierce Illusions)
    and stands in play with one beside it loses its powers for good: its right-hand values from then on (kept in
    ``state.counters``, so a Bonk does not bring them back); the event ``transformed`` (forced). A game without
    such a card pays a dict test (its instances found once per card list)."""
    s = g.state
    cards = g._cards

    def make(listed: list[str]) -> tuple[int, ...]:
        return tuple(instances_where(cards, listed, "unmasked", _unmasked))

    for u in per_card_list(_UNMASKED, s.cards, make):
        ch = s.characters.get(u)
        if ch is None or ch.pos == OFF or ch.bonked_at >= 0 or ch.form:
            continue
        key = u * SLOTS + UNMASKED_COUNTER
        if not s.counters.get(key):
            x = of_kind(cards[s.cards[u]], Unmasked)[0]
            seers = [c for c in g.characters_at(ch.pos) if c.uid != u and c.bonked_at < 0]
            if not any(lasting.one_meets(g, c, x.by) for c in seers):
                continue
            s.counters[key] = 1
        ch.form = 1
        g.emit(
            "transformed",
            seat=ch.owner,
            card=g.card(u).id,
            into=g.card(u).id,
            uid=u,
            cell=cell_list(s.places[ch.pos].cell),
            forced=True,
            form=1,
        )


def recycler(g: Context, uid: int) -> int:
    """The card in play whose ``recycle: {equipment: true}`` sends the Equipment ``uid``, being Destroyed, back
    into its owner's Draw pile (Dr. Raven); OFF when none does."""
    if not g.state.statics or g.card(uid).type is not CardType.EQUIPMENT:
        return OFF
    owner = g.state.owner
    return next(
        (src for src, v in in_play(g).of(Recycle) if v.equipment and (not v.own or owner[src] == owner[uid])), OFF
    )


def recycled(g: Context, uid: int, by: int) -> None:
    """The Destroyed Equipment ``uid`` (already out of play) is shuffled into its owner's Draw pile."""
    seat = g.state.owner[uid]
    draw = g.state.players[seat].draw
    draw.append(uid)
    g.shuffle(draw)
    g.emit("equipment_recycled", seat=seat, card=g.card(uid).id, uid=uid, by=g.card(by).id)


def emit_dropped(g: Context, ch: CharacterState, cell: list[int], cards: list[int]) -> None:
    """``cards_dropped``, naming the cards each seat may see (MISC-7): its owner is told every card, the others
    (and a spectator) the face-up ones and how many face-down Items (``hidden``). The second event is the
    ``twin`` of the first: narration tells it to the seats that do not see the first one only."""
    fields: dict[str, Any] = {"cell": cell, "count": len(cards), "character": g.card(ch.uid).id}
    named = [g.card(u).id for u in cards]
    items = [u for u in cards if g.is_item(u)]
    if not items:
        g.emit("cards_dropped", **fields, cards=named, hidden=0)
        return
    g.emit("cards_dropped", **fields, cards=named, hidden=0, to=[ch.owner])
    shown = [g.card(u).id for u in cards if u not in items]
    g.emit("cards_dropped", **fields, cards=shown, hidden=len(items), twin=ch.owner)


def emit_card_event(g: Context, kind: str, knower: int, card: int, **fields: Any) -> None:
    """An event about one card that ``knower`` may see (the owner of a carried or stored Item) and the other
    seats may not when it is an Item (MISC-7): ``knower`` is told which card, everybody else "a face-down
    Item" (the ``twin`` event, which narration does not tell ``knower`` again)."""
    if not g.is_item(card):
        g.emit(kind, **fields, item=False, card=g.card(card).id)
        return
    g.emit(kind, **fields, item=True, card=g.card(card).id, to=[knower])
    g.emit(kind, **fields, item=True, card=None, twin=knower)


def destroy_character(g: Context, uid: int, by: int) -> None:
    """Remove a Character from the game (MISC-3): its carried cards stay where it stood (under the Location or
    stored in the Haven), its Enhancements are Discarded (CARD-11)."""
    s = g.state
    ch = s.characters.pop(uid)
    place = s.places[ch.pos]
    for u in [u for u in ch.carried if g.is_disaster(u)]:  # a kept Disaster (drop_carried)
        ch.carried.remove(u)
        g.discard(u)
    for u in ch.carried:
        if place.haven:
            place.stored.append(u)
        else:
            place.under.insert(0, u)
    if ch.carried:
        emit_dropped(g, ch, list(place.cell), ch.carried)
    for e in ch.enhancements:
        g.discard(e)
    lasting.forget(g, uid)
    g.destroy(uid)


def revive_at(g: Context, uid: int, seat: int, place: int, turns: int, by: int) -> None:
    """The Character card ``uid`` (out of the ``seat``'s Discard pile) comes back into play at ``place``, healed,
    its move spent, for ``turns`` of its owner's turns, the current one counting (:func:`revived_leave`; Baba)."""
    s = g.state
    s.characters[uid] = CharacterState(uid=uid, owner=seat, pos=place, moved=True)
    s.counters[uid * SLOTS + REVIVED_COUNTER] = s.players[seat].turns + turns - 1
    g.emit(
        "character_revived_at",
        seat=seat,
        card=g.card(uid).id,
        uid=uid,
        cell=cell_list(s.places[place].cell),
        turns=turns,
        by=g.card(by).id,
    )


def revive_disaster_at(g: Context, uid: int, controller: int, place: int, turns: int, by: int) -> None:
    """The Disaster card ``uid`` (out of a Discard pile) comes back into play at ``place``, entered, under
    ``controller``'s control, and leaves at the end of that player's ``turns``-th turn from their next one (its
    ``expires``, procedures/disasters.py; Baba)."""
    s = g.state
    d = enter_as_disaster(g, uid, controller, place)
    d.expires = s.players[controller].turns + turns  # through the controller's next turn(s)
    g.emit(
        "disaster_revived_at",
        card=g.card(uid).id,
        uid=uid,
        controller=controller,
        cell=cell_list(s.places[place].cell),
        by=g.card(by).id,
    )


def revived_leave(g: Context, seat: int) -> None:
    """The end of ``seat``'s turn: each of its Characters brought back for a while whose last turn this was goes
    back to the Discard pile (what it carries stays where it stands, its Enhancements are Discarded); one Bonked
    meanwhile goes from the Bonked pile (Baba)."""
    s = g.state
    turns = s.players[seat].turns
    for key in [k for k in s.counters if k % 100 == REVIVED_COUNTER]:
        uid = key // 100
        ch = s.characters.get(uid)
        if ch is None or ch.owner != seat:
            if ch is None:
                del s.counters[key]  # Killed meanwhile: in the Discard pile already
            continue
        if s.counters[key] > turns:
            continue
        del s.counters[key]
        if ch.pos == OFF:
            if uid in s.players[seat].bonked:
                s.players[seat].bonked.remove(uid)
            for u in (*ch.carried, *ch.enhancements):
                g.discard(u)
            del s.characters[uid]
            lasting.forget(g, uid)
        else:
            destroy_character(g, uid, uid)
            s.destroyed.remove(uid)  # not removed from the game: back to the Discard pile
        g.discard(uid)
        g.emit("revived_left", seat=seat, card=g.card(uid).id, uid=uid)


def character_to_draw_pile(g: Context, uid: int, by: int) -> None:
    """A Character leaves play into its owner's Draw pile, which is shuffled (TURN-27): what it carries stays
    where it stood (under the Location or stored in the Haven), its Enhancements are Discarded (CARD-11), as
    when it leaves the game (Future Trunks)."""
    s = g.state
    ch = s.characters[uid]
    owner = ch.owner
    destroy_character(g, uid, by)
    s.destroyed.remove(uid)  # not removed from the game after all: into the Draw pile
    p = s.players[owner]
    p.draw.append(uid)
    g.shuffle(p.draw)
    g.emit("card_shuffled_into_deck", seat=owner, card=g.card(uid).id, by=g.card(by).id)


def place_character(g: Context, ch: CharacterState, place: int, by: int) -> None:
    """A card effect moves a Character straight to ``place`` (no Movement spent, no fight started there)."""
    s = g.state
    src = ch.pos
    ch.pos = place
    g.emit(
        "character_moved_by_card",
        seat=ch.owner,
        card=g.card(ch.uid).id,
        uid=ch.uid,
        source=cell_list(s.places[src].cell),
        dest=cell_list(s.places[place].cell),
        by=g.card(by).id,
    )
    if s.counters:
        pins.arrived(g, ch)  # a Disaster pinned here by another Character is free (Patiently Waiting)


def leave_under(g: Context, ch: CharacterState, uid: int) -> None:
    """A card the Character carries is left face down under the Location where it stands (in a Haven: stored)."""
    s = g.state
    ch.carried.remove(uid)
    if g.is_disaster(uid):  # a kept Disaster is Discarded (drop_carried)
        g.discard(uid)
        return
    place = s.places[ch.pos]
    if place.haven:
        place.stored.append(uid)
    else:
        place.under.insert(0, uid)
    g.emit("cards_dropped", cell=cell_list(place.cell), count=1)


def to_draw_pile(g: Context, uid: int, by: int) -> None:
    """A card in play goes back into its owner's Draw pile, which is shuffled (TURN-27)."""
    s = g.state
    c = holder_of(g, uid)
    if c is not None:
        if uid in c.carried:
            c.carried.remove(uid)
        else:
            c.enhancements.remove(uid)
    p = s.players[s.owner[uid]]
    p.draw.append(uid)
    g.shuffle(p.draw)
    g.emit("card_shuffled_into_deck", seat=p.seat, card=g.card(uid).id, by=g.card(by).id)


_ORIGINS: dict[int, tuple[list[str], bool]] = {}


def keeps_origins(g: Context) -> bool:
    """Whether the game holds a card that reads where an Item was first taken from (``return_item``: Fake Item),
    found once per card list."""
    cards = g._cards

    def make(listed: list[str]) -> bool:
        return not none_in(cards, listed, "return_item", _returns_item)

    return per_card_list(_ORIGINS, g.state.cards, make)


def _returns_item(card: Card) -> bool:
    return any(isinstance(e.do, ReturnItem) for e in card.effects)


def note_origin(g: Context, uid: int, place: int) -> None:
    """The card ``uid`` leaves the pile under the Location ``place``: an Item's first such Location is kept
    (``state.counters[uid * SLOTS + ORIGIN_COUNTER]``, 1 + the Location), in games holding a card that reads it."""
    s = g.state
    key = uid * SLOTS + ORIGIN_COUNTER
    if key not in s.counters and keeps_origins(g) and g.is_item(uid):
        s.counters[key] = place + 1


def origin(g: Context, uid: int) -> int:
    """The Location the Item ``uid`` was first taken from under, when it is still in play (not Destroyed); OFF
    otherwise."""
    s = g.state
    place = s.counters.get(uid * SLOTS + ORIGIN_COUNTER, 0) - 1
    pl = s.places.get(place)
    return OFF if pl is None or pl.destroyed or pl.haven else place


def move_under(g: Context, uid: int, src: int, dest: int) -> None:
    """A card face down under the Location ``src`` goes, still face down, on top of the pile under ``dest``."""
    s = g.state
    note_origin(g, uid, src)
    s.places[src].under.remove(uid)
    s.places[dest].under.insert(0, uid)


def discard_to_draw_pile(g: Context, uid: int, by: int | None = None) -> None:
    """A card just Discarded goes instead into its owner's Draw pile, which is shuffled (Willpower; ``by``: the
    card that sends it, itself by default)."""
    s = g.state
    p = s.players[s.owner[uid]]
    p.discard.remove(uid)
    lasting.as_printed(g, uid)  # a card that took on another's text is its own again (The Mass)
    p.draw.append(uid)
    g.shuffle(p.draw)
    g.emit("card_shuffled_into_deck", seat=p.seat, card=g.card(uid).id, by=g.card(uid if by is None else by).id)


def move_disaster(g: Context, d: DisasterState, place: int) -> None:
    """A card effect moves a Disaster straight to ``place`` (no Movement spent, nobody met on the way)."""
    d.pos = place
    g.emit("disaster_moved", card=g.card(d.uid).id, uid=d.uid, cell=cell_list(g.state.places[place].cell), by_card=True)


def discard_all_at(g: Context, place: int, source: int) -> bool:
    """Every card at the Location ``place`` but the Location itself and ``source`` is Discarded: the Characters
    there are Killed (COMBAT-16; what they carry drops under the Location), the other Disasters there leave play
    (their Items drop there too), then every card face down under it is Discarded (WIN-2 counts its Items for the
    Disasters). Returns whether any card was there."""
    s = g.state
    did = False
    for ch in sorted(g.characters_at(place), key=lambda c: c.uid):
        did = True
        kill(g, ch, None)
        if game_over(s):
            return True
    for d in sorted(s.disasters.values(), key=lambda d: d.uid):
        if d.uid in s.disasters and d.pos == place and d.uid != source:  # (an ally leaves with its primary, DIS-26)
            did = True
            leave_play(g, d, "removed")
            if game_over(s):
                return True
    return discard_under(g, place, source) > 0 or did


def discard_under(g: Context, place: int, by: int) -> int:
    """Every card face down under the Location is Discarded (Items count for the Disasters, WIN-2); the event
    names none of them (MISC-7). Returns how many."""
    pl = g.state.places[place]
    cards = list(pl.under)
    pl.under = []
    for u in cards:
        g.discard(u)
    if cards:
        g.emit("cards_discarded_face_down", cell=cell_list(pl.cell), count=len(cards), by=g.card(by).id)
        check(g)
    return len(cards)


def take_item(g: Context, d: DisasterState) -> None:
    """A Combat Disaster with no Item takes the Location's (DIS-12; AMB-38: even from under Disasters); one that
    hoards takes one even while it carries some (``hoard``: 7 Lucky Gods Martial Artists)."""
    s = g.state
    if d.pos == OFF or (d.item != OFF and not lasting.hoards(g, d.uid)) or not g.is_combat_disaster(d.uid):
        return
    place = s.places[d.pos]
    for u in place.under:
        if g.is_item(u):
            note_origin(g, u, d.pos)
            place.under.remove(u)
            gain_item(g, d, u)
            g.emit("item_taken", card=g.card(d.uid).id, uid=d.uid, cell=cell_list(place.cell))
            check(g)
            return
