"""Special Disasters (RULES.md DIS-25 Magnet, DIS-26 Ally, CARD-18 and SCAV-25 stealing).

The engine learns from the card data which Disasters are special (``DisasterTraits.magnet``, ``.ally``,
``.thief``, set in ``curation.yaml``); this module holds what those traits do, and the Disaster, combat and
Scavenging procedures call it at a few fixed points:

* **Magnet** (DIS-25, EX-11): where it lands, every other Disaster on the Field that has a Movement ability
  jumps to its Location at once. Off-Field Disasters and Disasters still face down under Locations (not in
  play, MISC-1) stay. Each pulled Disaster carries on along its own path from there (AMB-5). The Magnet is
  a non-Combat Disaster: once it has pulled, its action is complete and it is Discarded (DIS-20).
* **Ally** (DIS-26, EX-9): an ally attaches to a Combat Disaster (its *primary*) once both stand on one
  Location; one that *seeks* (Kodachi Kuno, 3 Way Rumble) goes at once to the nearest Combat Disaster.
  While attached it moves with its primary, never attacks and cannot be attacked: Characters must Defeat
  the primary first. Under ``allied_disasters = "bonus"`` (000) the primary gains the ally's printed
  bonus; under ``"group"`` (5E) the pair attacks with the combined Attack, each keeps its own Defense, and
  the pair moves at the slower one's speed. A non-Combat ally (3 Way Rumble) gives its bonus under both.
  Health never changes (COMBAT-12). When the primary leaves play the ally is free again; one whose
  primary was Defeated in a fight turns on the same Characters at once.
* **Thief** (CARD-18, EX-10a, SCAV-25): when its move reaches or passes a Location where Characters carry
  Items, it steals one at random (dropping any Item it held there) and then moves its full Movement at
  once, attacking nobody on the way and fighting nobody where that free move ends. Revealed while
  Scavenging, it steals from the Scavenging group (or, if they carry none, takes the Location's Item) and
  flees before anything else happens. Defeating it drops the Item (DIS-16).
* **A Character that steals from a Disaster** (CARD-18, EX-10d): :func:`character_steals` gives it the Item
  and a full move first (:class:`FreeMove`), or, if it already carried an Item, the Disaster attacks at
  once. No card in the data grants a Character the steal yet, so only card effects (later) will call it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from animayhem.cards.effects import Steer
from animayhem.cards.model import AllyTraits, DisasterTraits, Movement
from animayhem.engine.core.actions import Action, act
from animayhem.engine.core.events import cell_list
from animayhem.engine.core.field import distances
from animayhem.engine.core.state import OFF, DisasterState, game_over
from animayhem.engine.core.statics import static_effects
from animayhem.engine.core.win import check
from animayhem.engine.effects import bearer, lasting, primitives, triggers
from animayhem.engine.effects.allies import allies_of, attached
from animayhem.engine.procedures import agenda
from animayhem.engine.procedures.movement import destinations

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


class Moving(Protocol):
    """What a thief changes of the move it steals during (procedures/disasters.py's ``DisasterMove``)."""

    stole: bool
    remaining: int
    stage: str


def traits(g: Context, uid: int) -> DisasterTraits | None:
    return g.card(uid).disaster


def ally_traits(g: Context, uid: int) -> AllyTraits | None:
    t = traits(g, uid)
    return None if t is None else t.ally


# ---------------------------------------------------------------------- Ally (DIS-26)


def _candidates(g: Context, ally: DisasterState) -> list[DisasterState]:
    """Combat Disasters on the Field this one may ally with (never another ally, never itself)."""
    return [
        d
        for d in g.state.disasters.values()
        if d.uid != ally.uid
        and d.pos != OFF
        and not d.off_field
        and d.ally_of == OFF
        and g.is_combat_disaster(d.uid)
        and ally_traits(g, d.uid) is None
    ]


def partner_in_play(g: Context, uid: int) -> bool:
    """A Combat Disaster on the Field that the ally ``uid`` could join (TURN-9: else it has no effect)."""
    return any(
        d.uid != uid
        and d.pos != OFF
        and not d.off_field
        and d.ally_of == OFF
        and g.is_combat_disaster(d.uid)
        and ally_traits(g, d.uid) is None
        for d in g.state.disasters.values()
    )


def attach(g: Context, ally: DisasterState, primary: DisasterState) -> None:
    s = g.state
    ally.ally_of = primary.uid
    ally.pos = primary.pos
    ally.entered = True
    if g.card(ally.uid).turns is None:
        ally.expires = -1  # it stays for as long as its primary is in play
    if ally.item != OFF and primary.item == OFF:  # AMB-35: the primary carries the pair's Item
        primary.item, ally.item = ally.item, OFF
    g.emit(
        "disaster_allied",
        card=g.card(ally.uid).id,
        uid=ally.uid,
        primary=g.card(primary.uid).id,
        primary_uid=primary.uid,
        cell=cell_list(s.places[primary.pos].cell),
    )


def seek(g: Context, ally: DisasterState, start: int) -> bool:
    """A seeking ally goes at once to the nearest Combat Disaster (from ``start``) and attaches to it."""
    t = ally_traits(g, ally.uid)
    if t is None or not t.seeks or ally.ally_of != OFF:
        return False
    options = _candidates(g, ally)
    if not options:
        return False
    s = g.state
    far = distances(s, s.places[start].cell, g.rules.adjacency, len(s.places))
    big = len(s.places) + 1
    best = min(options, key=lambda d: (far.get(s.places[d.pos].cell, big), d.arrived, d.uid))
    attach(g, ally, best)
    return True


def join_here(g: Context, ally: DisasterState) -> bool:
    """000 L284: an ally that lands where a Combat Disaster stands attaches to it."""
    if ally_traits(g, ally.uid) is None or ally.ally_of != OFF or ally.pos == OFF:
        return False
    here = sorted((d for d in _candidates(g, ally) if d.pos == ally.pos), key=lambda d: (d.arrived, d.uid))
    if not here:
        return False
    attach(g, ally, here[0])
    return True


def follow(g: Context, primary: DisasterState) -> None:
    """Attached allies stand wherever their primary stands."""
    if primary.pos == OFF:
        return
    for a in allies_of(g, primary.uid):
        a.pos = primary.pos


# ---------------------------------------------------------------------- Magnet (DIS-25)


def is_magnet(g: Context, uid: int) -> bool:
    t = traits(g, uid)
    return t is not None and t.magnet


def pull(g: Context, magnet: DisasterState) -> list[int]:
    """Every other Disaster on the Field with a Movement ability jumps to the Magnet's Location at once.

    Returns the Combat Disasters that now stand there free to fight, in order of arrival."""
    s = g.state
    place = magnet.pos
    movers = sorted(
        (
            d
            for d in s.disasters.values()
            if d.uid != magnet.uid
            and d.pos != OFF
            and not d.off_field
            and not attached(g, d)
            and g.card(d.uid).movement is not None
            and g.card(d.uid).disaster is not None
            and g.card(d.uid).disaster.movement is not Movement.NONE  # type: ignore[union-attr]
        ),
        key=lambda d: (d.arrived, d.uid),
    )
    for d in movers:
        if d.pos != place:
            d.pos = place
            g.emit(
                "disaster_pulled",
                card=g.card(d.uid).id,
                uid=d.uid,
                cell=cell_list(s.places[place].cell),
                by=g.card(magnet.uid).id,
            )
        follow(g, d)
    for d in movers:
        join_here(g, d)
    fighters = []
    for d in movers:
        if g.is_combat_disaster(d.uid) and not attached(g, d):
            primitives.take_item(g, d)  # DIS-12: it lands here
            fighters.append(d.uid)
    return fighters


def land_magnet(g: Context, magnet: DisasterState) -> list[int]:
    """The Magnet lands: it pulls, then (a non-Combat Disaster whose action is done) is Discarded."""
    fighters = pull(g, magnet)
    primitives.leave_play(g, magnet, "done")
    return fighters


# ---------------------------------------------------------------------- Stealing (CARD-18, SCAV-25)


def is_thief(g: Context, uid: int) -> bool:
    t = traits(g, uid)
    return t is not None and t.thief and g.is_combat_disaster(uid)


def steal_from(g: Context, d: DisasterState, seat: int | None = None) -> bool:
    """The thief takes a random Item carried by Characters at its Location (``seat``'s only, if given).

    An Item it already held drops under that Location (CARD-18)."""
    s = g.state
    if d.pos == OFF or not is_thief(g, d.uid):
        return False
    pool = [
        (c, u)
        for c in sorted(g.characters_at(d.pos, seat), key=lambda c: c.uid)
        for u in bearer.detectable(g, c)  # one a card hides is not seen (Assassin Disquise)
        if lasting.stealable(g, u)  # Classy Crooks
    ]
    if not pool:
        return False
    victim, item = pool[g.rand_below(len(pool))]
    victim.carried.remove(item)
    cell = list(s.places[d.pos].cell)
    old = primitives.gain_item(g, d, item)
    if old != OFF:
        primitives.drop_item(g, d, old)
    who = g.card(victim.uid).id
    g.emit("item_stolen", card=g.card(d.uid).id, uid=d.uid, cell=cell, seat=victim.owner, character=who)
    check(g)
    return True


def steal_on_move(g: Context, d: DisasterState, frame: Moving) -> bool:
    """During its move: steal here (once a move), then the free move of its full Movement."""
    if frame.stole or not steal_from(g, d):
        return False
    frame.stole = True
    frame.remaining = g.ability(d.uid, "movement")
    frame.stage = "walk"
    return True


def character_steals(g: Context, thief: int, dis: int) -> None:
    """CARD-18 (EX-10d): the Character ``thief`` takes the Item of the Disaster ``dis`` at its Location.

    Then it gets one full move before anyone may attack it (:class:`FreeMove`), unless it already carried an
    Item: the Disaster then attacks it at once, for that Item. A building block: no card in the data grants
    a Character the steal yet (Sticky Fingers is not in it); card effects will call it."""
    s = g.state
    ch, d = s.characters[thief], s.disasters[dis]
    if ch.pos == OFF or ch.pos != d.pos or d.item == OFF:
        raise ValueError("a thief must share a Location with a Disaster that carries an Item (CARD-18)")
    had = bool(g.carried_items(ch))
    ch.carried.append(primitives.give_up_item(d))
    g.emit(
        "disaster_robbed",
        card=g.card(dis).id,
        uid=dis,
        cell=cell_list(s.places[ch.pos].cell),
        seat=ch.owner,
        character=g.card(thief).id,
        free_move=not had,
    )
    check(g)
    if game_over(s):
        return
    if had:
        agenda.push(g, agenda.COMBAT, dis=dis, place=ch.pos, seats=[ch.owner])
    else:
        g.push(FreeMove(seat=ch.owner, thief=thief))


@dataclass(slots=True)
class FreeMove:
    """CARD-18: a thief's one full move before anyone may attack it (decision ``flee``). Where it stops,
    Combat Disasters try to take the Item as usual; if it stays, the Disaster it robbed attacks."""

    seat: int
    thief: int

    def run(self, g: Context) -> None:
        ch = g.state.characters.get(self.thief)
        if ch is None or ch.pos == OFF:
            g.pop()
            return
        options = [act("move", ch.uid, cell) for cell in destinations(g, ch)] + [act("done")]
        g.ask(self.seat, "flee", f"{g.name(ch.uid)} may make one full move before anyone attacks", options)

    def resume(self, g: Context, action: Action) -> None:
        s = g.state
        ch = s.characters[self.thief]
        g.pop()
        if action.verb == "move":
            dest = s.grid[action.cell]
            g.emit(
                "character_moved",
                seat=ch.owner,
                card=g.card(ch.uid).id,
                uid=ch.uid,
                source=cell_list(s.places[ch.pos].cell),
                dest=cell_list(action.cell),
            )
            ch.pos = dest
            ch.moved = True
        if s.places[ch.pos].haven:
            return
        here = [d for d in s.disasters.values() if d.pos == ch.pos and g.is_combat_disaster(d.uid)]
        here = [d for d in here if not attached(g, d)]
        for d in sorted(here, key=lambda d: (d.arrived, d.uid), reverse=True):
            agenda.push(g, agenda.COMBAT, dis=d.uid, place=ch.pos, seats=[ch.owner])


# ---------------------------------------------------------------------- turned up while Scavenging


def on_revealed(g: Context, d: DisasterState, seat: int) -> bool:
    """A special Disaster turned up by ``seat``'s Scavenge acts at once; True when it did (the Scavenge
    then goes on after whatever it pushed)."""
    s = g.state
    place = d.pos
    if is_magnet(g, d.uid):
        fighters = land_magnet(g, d)
        if g.characters_at(place, seat):
            for uid in fighters[::-1]:
                agenda.push(g, agenda.COMBAT, dis=uid, place=place, seats=[seat])
        return True
    if seek(g, d, place):
        return True
    if ally_traits(g, d.uid) is not None and not g.is_combat_disaster(d.uid):
        # a non-Combat ally with no Combat Disaster to join has nothing to act on: met and Discarded
        primitives.leave_play(g, d, "met")
        g.emit("disaster_without_effect", seat=seat, card=g.card(d.uid).id)
        return True
    card = g.card(d.uid)
    if is_thief(g, d.uid) and card.disaster is not None and card.disaster.movement is Movement.NORMAL:
        # SCAV-25: it takes an Item and flees its full Movement before anything else happens
        if not steal_from(g, d, seat):
            primitives.take_item(g, d)
        if not game_over(s):
            agenda.push(
                g, agenda.DISASTER_MOVE, uid=d.uid, stage="walk", remaining=g.ability(d.uid, "movement"), stole=True
            )
        return True
    return False


# ---------------------------------------------------------------------- a non-Combat Disaster's action aimed


def _aimers(g: Context, d: DisasterState) -> list[tuple[int, int]]:
    """The (seat, card) pairs that may aim the action of the non-Combat Disaster ``d`` about to act: a card carried
    by a Character in play (not Bonked) whose ``static`` ``steer`` with ``how: aim_action`` names its kind
    (Cynthia), one per seat, in seat order after the Disaster's controller; none when such a card stands where the
    Disaster is (there it stops it: ``defeats`` with ``keep``)."""
    s = g.state
    if g.is_combat_disaster(d.uid) or d.pos == OFF:
        return []
    found: dict[int, int] = {}
    for c in sorted(s.characters.values(), key=lambda c: c.uid):
        if c.pos == OFF or c.bonked_at >= 0 or c.owner in found:
            continue
        for u in c.carried:
            for e in static_effects(g.card(u)):
                v = e.do
                if (
                    isinstance(v, Steer)
                    and v.how == "aim_action"
                    and lasting.disaster_matches(g, u, d.uid, v.disasters)
                ):
                    if c.pos == d.pos:
                        return []  # the card stands where it acts: it stops it there instead (Cynthia's first way)
                    found.setdefault(c.owner, u)
    n = len(s.players)
    return sorted(found.items(), key=lambda su: (su[0] - d.controller - 1) % n)


def aim_cells(g: Context, d: DisasterState) -> list[tuple[int, int]]:
    """Where an aimed action of ``d`` may land: a Location (not a Haven, nor Destroyed) other than its own, within
    its Movement of it."""
    s = g.state
    near = distances(s, s.places[d.pos].cell, g.rules.adjacency, g.ability(d.uid, "movement"))
    return sorted(
        cell for cell in near if (p := s.grid[cell]) != d.pos and not s.places[p].haven and not s.places[p].destroyed
    )


def acts_or_aimed(g: Context, d: DisasterState, seat: int, place: int) -> None:
    """A Disaster is about to act where it meets ``seat``'s group at ``place`` (engine/effects/triggers.py
    ``enters``): when a player may aim that action elsewhere first (:func:`_aimers`), :class:`AimAction` asks, and the
    action comes once it is answered; otherwise it acts now."""
    if d.pos != OFF and not d.off_field and s_has_aimers(g, d):
        g.push(AimAction(dis=d.uid, seat=seat, place=place))
        return
    triggers.enters(g, d, seat, place)


def s_has_aimers(g: Context, d: DisasterState) -> bool:
    """Whether anyone may aim the action of ``d`` now (cheap: only non-Combat ones, with somewhere to aim it)."""
    return bool(_aimers(g, d)) and bool(aim_cells(g, d))


@dataclass(slots=True)
class AimAction:
    """A non-Combat Disaster about to act, whose action a player may aim elsewhere (``steer`` ``aim_action``:
    Cynthia): each seat holding such a card is asked in turn (``use_choice``: ``pass``, or ``choose x,y``, Discarding
    the card); the first that aims it moves the Disaster there, where it acts on whoever stands there; when all
    pass it acts where it is (engine/effects/triggers.py ``enters``)."""

    dis: int
    seat: int
    place: int
    asked: list[int] | None = None

    def run(self, g: Context) -> None:
        s = g.state
        d = s.disasters.get(self.dis)
        if d is None or d.pos == OFF or game_over(s):
            g.pop()
            return
        asked = self.asked or []
        for seat, u in _aimers(g, d):
            if seat in asked:
                continue
            self.asked = [*asked, seat]
            cells = aim_cells(g, d)
            if not cells:
                break
            g.ask(
                seat,
                "use_choice",
                f"{g.name(u)}: Discard it to have {g.name(self.dis)} act on a Location within its Movement, or pass",
                ["pass", *(act("choose", c) for c in cells)],
            )
            return
        g.pop()
        triggers.enters(g, d, self.seat, self.place)

    def resume(self, g: Context, action: Action) -> None:
        s = g.state
        d = s.disasters[self.dis]
        if action.verb == "pass" or not action.args:
            return
        seat = (self.asked or [OFF])[-1]
        u = next((x for st, x in _aimers(g, d) if st == seat), OFF)
        holder = primitives.holder_of(g, u) if u != OFF else None
        if holder is None or action.cell not in aim_cells(g, d):
            return
        holder.carried.remove(u)
        g.discard(u)
        g.emit("card_removed", card=g.card(u).id, uid=u, how="discard", by=g.card(u).id)
        dest = s.grid[action.cell]
        g.emit("action_aimed", seat=seat, card=g.card(u).id, disaster=g.card(self.dis).id, cell=cell_list(action.cell))
        primitives.move_disaster(g, d, dest)
        met = sorted(g.characters_at(dest), key=lambda c: c.uid)
        self.seat = met[0].owner if met else self.seat  # the group standing there meets it
        self.place = dest
        self.asked = list(range(len(s.players)))  # no further aiming: it acts there next
