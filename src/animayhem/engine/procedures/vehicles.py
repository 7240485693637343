"""Vehicles (RULES.md CARD-13, COMBAT-24; CONF-49).

A vehicle is a piece of Equipment whose card data has ``vehicle:`` (class and capacity). The simplest model
that keeps the rules honest:

* **Moving.** The Character carrying it is its driver. In the Move phase, instead of moving on its own,
  the driver may ``drive cV [cR …] x,y``: the vehicle carries the driver and the riders the player names,
  any of the owner's other Characters at that Location that have not moved yet, up to its capacity (the
  driver counts; a vehicle without a printed capacity carries its driver only), as far as the vehicle's Movement (the
  driver's own Movement when the vehicle prints none). Everybody aboard has moved for this turn. A
  Planetary Vehicle lets its riders stop on Planetary Locations (SCAV-18); every other stop rule holds for
  each rider.
* **Fighting** (COMBAT-24). A vehicle that prints its own Attack and Defense (Bonaparte, Namek Ship) may
  fight a Disaster that attacks one of its owner's Characters at its Location: the player answers
  ``strike cV``. Then the vehicle alone strikes, and all of that round's damage from the Disaster goes to
  the vehicle. Its Health is its own Defense and never heals (CARD-13): damage stays in
  ``GameState.vehicle_damage`` until the vehicle is Discarded at 0. ``vehicle_combat`` (CONF-49):
  ``soak`` (000): as above; ``riders_hit`` (5E): also, when the vehicle falls every Character of the
  owner at that Location takes 1 damage; ``vehicle_only`` (002): while such a vehicle is there its riders
  may not strike (the owner runs or lets the vehicle fight), and a vehicle with Attack 5 or more always
  deals its full Attack.

Not modelled yet: vehicles carrying vehicles (5E classes, CARD-13), riders losing their special abilities
(5E; card abilities are not executed anyway), and Disasters attacking riders of a vehicle without Defense
(002), which is what happens anyway since such a vehicle never fights.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any, Protocol

from animayhem.cards.effects import kept_as
from animayhem.cards.model import CardType, Vehicle, VehicleClass
from animayhem.cards.stats import StatKind
from animayhem.engine.core.actions import act
from animayhem.engine.core.field import distances
from animayhem.engine.core.state import OFF, Cell, CharacterState
from animayhem.engine.core.win import check
from animayhem.engine.effects import abilities, lasting
from animayhem.engine.effects.primitives import bonk, kill
from animayhem.engine.procedures.combat_cards import combat_mods, draw_combat
from animayhem.engine.procedures.defeat import defeat, killed
from animayhem.engine.procedures.movement import may_stop

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


class Fighting(Protocol):
    """What an armed vehicle's round reads of the combat it fights in (procedures/combat.py's ``Combat``)."""

    dis: int
    place: int
    round: int
    target: int


def is_vehicle(g: Context, uid: int) -> bool:
    return info(g, uid) is not None


def info(g: Context, uid: int) -> Vehicle | None:
    """What kind of vehicle the card is: its card data, or for a Defeated Disaster a Character keeps as one
    (its ``keep``: Pterodactyl) what its text says; None when it is no vehicle."""
    card = g.card(uid)
    if card.type is CardType.EQUIPMENT:
        return card.vehicle
    if card.disaster is not None and card.effects:
        keep = kept_as(card.effects)
        if keep is not None and keep.vehicle is not None:
            return Vehicle(kind=VehicleClass(keep.vehicle), capacity=keep.capacity)
    return None


def own_value(g: Context, uid: int, ability: str) -> int | None:
    """A vehicle's own printed ability (a bare or replacing number, not a bonus), or None."""
    sv = g.card(uid).stat(ability)
    if sv is None or sv.value is None or sv.kind not in (StatKind.BASE, StatKind.SET):
        return None
    return sv.value


def can_fight(g: Context, uid: int) -> bool:
    """COMBAT-24: a vehicle with its own Attack and Defense."""
    return is_vehicle(g, uid) and own_value(g, uid, "attack") is not None and own_value(g, uid, "defense") is not None


def health(g: Context, uid: int) -> int:
    """CARD-13: its own Defense, less the damage it has taken so far (never healed)."""
    return (own_value(g, uid, "defense") or 0) - g.state.vehicle_damage.get(uid, 0)


# ---------------------------------------------------------------------- moving


def capacity(g: Context, vehicle: int) -> int:
    """How many Characters it carries, the driver included (a vehicle without a printed capacity: the driver)."""
    spec = info(g, vehicle)
    return 1 if spec is None or spec.capacity is None else spec.capacity


def may_ride(g: Context, driver: CharacterState) -> list[CharacterState]:
    """The owner's other Characters at the driver's Location that have not moved and carry no vehicle."""
    return sorted(
        (
            c
            for c in g.characters_at(driver.pos, driver.owner)
            if c.uid != driver.uid and not c.moved and not any(is_vehicle(g, u) for u in c.carried)
        ),
        key=lambda c: c.uid,
    )


def _speed(g: Context, driver: CharacterState, vehicle: int) -> int:
    own = own_value(g, vehicle, "movement")
    return own if own is not None else g.ability(driver.uid, "movement")


def _may_stop(g: Context, riders: list[CharacterState], vehicle: int, place: int) -> bool:
    spec = info(g, vehicle)
    planetary = spec is not None and spec.kind is VehicleClass.PLANETARY
    icons = {i.value for i in g.card(place).icons}
    if planetary and "planetary" in icons and "dimensional" not in icons:
        return True  # SCAV-18 (5E: "or rides in a Planetary Vehicle")
    return all(may_stop(g, c, place) for c in riders)


def destinations(g: Context, riders: list[CharacterState], vehicle: int) -> list[Cell]:
    """Where the vehicle may take its driver (``riders[0]``) and riders."""
    s = g.state
    driver = riders[0]
    here = s.places[driver.pos]
    out = []
    for cell, d in distances(s, here.cell, g.rules.adjacency, _speed(g, driver, vehicle)).items():
        if d == 0:
            continue
        place = s.places[s.grid[cell]]
        if place.haven:
            if place.uid not in s.players[driver.owner].havens:
                continue
        else:
            if place.destroyed:
                continue
            if here.haven and g.on_field(driver.owner) + len(riders) > 6:
                continue  # TURN-16
            if not _may_stop(g, riders, vehicle, place.uid):
                continue
            if s.statics and here.haven and lasting.entries_left(g, driver.owner) < len(riders):
                continue  # No Help!: one Character onto the Field a turn
            if s.statics and lasting.joins_group(g, driver.owner, place.uid, tuple(c.uid for c in riders)):
                continue  # No Help!: groups are closed
        out.append(cell)
    return sorted(out)


def options(g: Context, seat: int) -> list[str]:
    """``drive cV [cR …] x,y`` for each unmoved driver of ``seat``: the player chooses who rides along, any
    of the Characters that may (:func:`may_ride`), up to the vehicle's capacity (CARD-13)."""
    s = g.state
    out = []
    effects = bool(s.statics or s.lasting)
    for c in sorted(s.characters.values(), key=lambda c: c.uid):
        if c.owner != seat or c.pos == OFF or c.bonked_at >= 0 or c.moved:
            continue
        for v in sorted(u for u in c.carried if is_vehicle(g, u)):
            ride = own_value(g, v, "movement") or 0  # a fast enough vehicle may take held Characters away (Mez)
            if effects and lasting.kept_by(g, c.uid, ride=ride) != OFF:
                continue  # a card holds the driver where it is (CARD-22): its vehicle stays too
            others = may_ride(g, c)
            if effects:
                others = [r for r in others if lasting.kept_by(g, r.uid, ride=ride) == OFF]
                if s.lasting:  # a Character acting alone (Loner) rides with nobody, and drives nobody
                    others = [] if lasting.alone(g, c.uid) else [r for r in others if not lasting.alone(g, r.uid)]
            for k in range(min(capacity(g, v) - 1, len(others)) + 1):
                for chosen in combinations(others, k):
                    riders = [c, *chosen]
                    out += [act("drive", v, *(r.uid for r in chosen), cell) for cell in destinations(g, riders, v)]
    return out


def drive(g: Context, seat: int, vehicle: int, cell: Cell, riders: tuple[int, ...] = ()) -> None:
    """The vehicle takes its driver and the chosen riders to ``cell``; everybody aboard has moved."""
    s = g.state
    driver = next(c for c in s.characters.values() if vehicle in c.carried)
    aboard = [driver, *(s.characters[u] for u in riders)]
    src = s.places[driver.pos].cell
    dest = s.grid[cell]
    if s.statics and s.places[driver.pos].haven and not s.places[dest].haven:
        lasting.brought_onto_field(g, seat)  # No Help!: one a turn
    for c in aboard:
        c.pos = dest
        c.moved = True
    g.emit(
        "vehicle_moved",
        seat=seat,
        vehicle=g.card(vehicle).id,
        driver=g.card(driver.uid).id,
        riders=[g.card(c.uid).id for c in aboard[1:]],
        source=list(src),
        dest=list(cell),
    )
    for c in aboard:
        g.emit("character_moved", seat=seat, card=g.card(c.uid).id, uid=c.uid, source=list(src), dest=list(cell))


# ---------------------------------------------------------------------- fighting (COMBAT-24)


def fighters(g: Context, seat: int, place: int) -> list[int]:
    """Vehicles of ``seat`` at ``place`` that may fight (carried by a Character standing there)."""
    return sorted(u for c in g.characters_at(place, seat) for u in c.carried if can_fight(g, u))


def _full_attack(full: bool) -> dict[str, Any]:
    """The ``full_attack`` mark of a vehicle round: 002's Attack of 5 or more dealt whatever the Defense."""
    return {"full_attack": True} if full else {}


def exchange(g: Context, combat: Fighting, vehicle: int) -> None:
    """One round in which ``vehicle`` fights the Disaster for its owner's Characters."""
    s = g.state
    d = s.disasters[combat.dis]
    seat = s.characters[combat.target].owner
    dis_card = draw_combat(g, seat)
    veh_card = draw_combat(g, seat)
    dis_self, dis_opp = combat_mods(g, dis_card)
    veh_self, veh_opp = combat_mods(g, veh_card)
    d_att = abilities.value(g, combat.dis, "attack", dis_self.get("attack", []) + veh_opp.get("attack", []))
    d_def = abilities.value(g, combat.dis, "defense", dis_self.get("defense", []) + veh_opp.get("defense", []))
    v_att = max(
        0,
        abilities.apply_mods(
            own_value(g, vehicle, "attack") or 0, veh_self.get("attack", []) + dis_opp.get("attack", [])
        ),
    )
    v_def = max(
        0,
        abilities.apply_mods(
            own_value(g, vehicle, "defense") or 0, veh_self.get("defense", []) + dis_opp.get("defense", [])
        ),
    )
    to_vehicle = max(0, d_att - v_def)
    full = g.rules.vehicle_combat == "vehicle_only" and v_att >= 5  # 002: Attack 5+ always deals it in full
    to_dis = v_att if full else max(0, v_att - d_def)
    s.vehicle_damage[vehicle] = s.vehicle_damage.get(vehicle, 0) + to_vehicle
    d.damage += to_dis
    g.emit(
        "vehicle_round",
        round=combat.round,
        disaster=g.card(combat.dis).id,
        vehicle=g.card(vehicle).id,
        disaster_card=None if dis_card is None else g.card(dis_card).id,
        vehicle_card=None if veh_card is None else g.card(veh_card).id,
        disaster_attack=d_att,
        disaster_defense=d_def,
        vehicle_attack=v_att,
        vehicle_defense=v_def,
        damage_to_vehicle=to_vehicle,
        damage_to_disaster=to_dis,
        vehicle_health=health(g, vehicle),
        disaster_health=g.max_health(combat.dis) - d.damage,
        **_full_attack(full and v_att > 0 and d_def > 0),  # 002: its Defense does not count
    )
    for u in (dis_card, veh_card):
        if u is not None:
            s.players[seat].combat_used.append(u)
    if health(g, vehicle) <= 0:
        carrier = next(c for c in s.characters.values() if vehicle in c.carried)
        carrier.carried.remove(vehicle)
        s.vehicle_damage.pop(vehicle, None)
        g.discard(vehicle)
        g.emit("vehicle_destroyed", seat=seat, vehicle=g.card(vehicle).id, cell=list(s.places[combat.place].cell))
        if g.rules.vehicle_combat == "riders_hit":  # 5E: every rider takes 1 damage
            for c in sorted(g.characters_at(combat.place, seat), key=lambda c: c.uid):
                mh = g.max_health(c.uid)
                before = mh - c.damage
                c.damage += 1
                after = mh - c.damage
                g.emit("rider_hit", seat=seat, card=g.card(c.uid).id, uid=c.uid, damage=1, health=after)
                if killed(g, mh, before, after, 1, 1):
                    kill(g, c, None)
                elif after <= 0:
                    bonk(g, c, None)
    if g.max_health(combat.dis) - d.damage <= 0:
        defeat(g, combat.dis, combat.place)
    check(g)
