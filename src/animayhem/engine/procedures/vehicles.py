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

* **What a vehicle's card says** (its typed facts, ``Card.vehicle``): a second capacity when nobody aboard
  brings Equipment (Pedal Copter); the one other vehicle it may carry, of the classes it names (``carries``:
  a rider carrying such a vehicle may board, at most one; the 000 rule that no vehicle carries another
  holds for every other vehicle); the Planetary or Dimensional symbol printed on it lets everybody aboard stop
  on such Locations (Mars Shuttle, Shuttle Craft, Kai's Dimensional Sedan); cards of the categories it is
  ``unaffected_by`` are not played on it (Bonaparte: Move cards); ``equip_aboard`` lets its owner equip the
  Characters with it away from the Haven (The Masaki Van; power_cards.py, for the Equip phase); ``jump``: once a
  turn its whole move may cross a gap of the Field or leave one edge and come in at the other (Vision's Private
  Jet).
* **Driving** needs the vehicle's requirement (5E: whoever uses an Equipment meets its requirement): a
  Character handed a Pilot's vehicle may not drive it. An Enhancement played on a vehicle
  (``Card.on_vehicle``, kept in ``GameState.vehicle_cards``) gives it its Movement modifier (Turbo Boost) or
  meets the vehicle's Pilot requirement for whoever drives (Robot Flight Crew, Yukinojo); it is Discarded when
  the vehicle is no longer carried or stored (:func:`settle`, after every decision).

Not modelled yet: riders losing their special abilities (5E; card abilities are not executed anyway), and
Disasters attacking riders of a vehicle without Defense (002), which is what happens anyway since such a
vehicle never fights.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from animayhem.cards.effects import kept_as
from animayhem.cards.evaluate import meets
from animayhem.cards.model import CardType, Vehicle, VehicleClass
from animayhem.cards.requirements import Has
from animayhem.cards.stats import StatKind
from animayhem.engine.core.actions import act
from animayhem.engine.core.events import cell_list
from animayhem.engine.core.field import distances
from animayhem.engine.core.fight import FightFrame
from animayhem.engine.core.state import JUMP_COUNTER, OFF, SLOTS, Cell, CharacterState
from animayhem.engine.core.win import check
from animayhem.engine.effects import abilities, lasting, triggers
from animayhem.engine.effects.primitives import bonk, kill, salvaged
from animayhem.engine.effects.transform import skill_card
from animayhem.engine.procedures.combat_cards import combat_mods, draw_combat
from animayhem.engine.procedures.defeat import defeat, killed
from animayhem.engine.procedures.movement import has_icon
from animayhem.engine.procedures.movement import reach as move_reach

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


def is_vehicle(g: Context, uid: int) -> bool:
    return info(g, uid) is not None


def info(g: Context, uid: int) -> Vehicle | None:
    """What kind of vehicle the card is: its card data, or for a Defeated Disaster a Character keeps as one
    (its ``keep``: Pterodactyl) what its text says; None when it is no vehicle. A Disaster card in play as a
    Character (won over by Bump on the Head) or as a Disaster is that, not a vehicle."""
    card = g.card(uid)
    if card.type is CardType.EQUIPMENT:
        return card.vehicle
    if card.disaster is not None and card.effects and uid not in g.state.characters and uid not in g.state.disasters:
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


def capacity(g: Context, vehicle: int, aboard: list[CharacterState] | None = None) -> int:
    """How many Characters it carries, the driver included (a vehicle without a printed capacity: the driver).
    With ``aboard`` given, a vehicle that takes more when nobody brings Equipment (Pedal Copter) counts what
    they carry (the vehicle itself is no Equipment they bring)."""
    spec = info(g, vehicle)
    if spec is None or spec.capacity is None:
        return 1
    if spec.bare_capacity is not None and (aboard is None or not any(_brings_gear(g, c, vehicle) for c in aboard)):
        return spec.bare_capacity
    return spec.capacity


def _brings_gear(g: Context, ch: CharacterState, vehicle: int) -> bool:
    return any(u != vehicle and g.card(u).type is CardType.EQUIPMENT for u in ch.carried)


def _own_vehicles(g: Context, ch: CharacterState, but: int = OFF) -> list[int]:
    return [u for u in ch.carried if u != but and is_vehicle(g, u)]


def may_ride(g: Context, driver: CharacterState, vehicle: int = OFF) -> list[CharacterState]:
    """The owner's other Characters at the driver's Location that have not moved and carry no vehicle, or
    carry one vehicle of a class ``vehicle`` may carry (CARD-13: Airbus, Gravity Ship …)."""
    spec = info(g, vehicle) if vehicle != OFF else None
    kinds = spec.carries if spec is not None else ()
    out = []
    for c in g.characters_at(driver.pos, driver.owner):
        if c.uid == driver.uid or c.moved:
            continue
        own = _own_vehicles(g, c)
        if own and not (len(own) == 1 and _carriable(g, own[0], kinds)):
            continue
        out.append(c)
    return sorted(out, key=lambda c: c.uid)


def _carriable(g: Context, other: int, kinds: tuple[VehicleClass, ...]) -> bool:
    spec = info(g, other)
    return spec is not None and spec.kind in kinds


def fits(g: Context, vehicle: int, aboard: list[CharacterState]) -> bool:
    """Whether ``aboard`` (the driver first) fits in the vehicle: its capacity, and at most one other vehicle,
    of a class it may carry (CARD-13; 000: none)."""
    if len(aboard) > capacity(g, vehicle, aboard):
        return False
    others = [u for c in aboard for u in _own_vehicles(g, c, vehicle)]
    if not others:
        return True
    spec = info(g, vehicle)
    kinds = spec.carries if spec is not None else ()
    return len(others) == 1 and _carriable(g, others[0], kinds)


def driver_meets(g: Context, driver: CharacterState, vehicle: int) -> bool:
    """Whether ``driver`` may drive the vehicle (CARD-13; 5E: whoever uses an Equipment meets its requirement,
    not only whoever takes it): the vehicle's requirement, from the driver's own skills and the rest of what it
    holds; an Enhancement on the vehicle that meets its Pilot requirement (Robot Flight Crew, Yukinojo) meets
    every alternative that asks only for Pilot."""
    card = g.card(vehicle)
    req = card.requirements
    if req is None or card.type is not CardType.EQUIPMENT:
        return True
    if piloted(g, vehicle) and any(_pilot_only(alt.terms) for alt in req.alternatives):
        return True
    held = [g.card(u) for u in (*driver.carried, *driver.enhancements) if u != vehicle]
    return meets(req, [skill_card(g, driver.uid)], held, anti_skill=g.rules.anti_skill)


def _pilot_only(terms: tuple[object, ...]) -> bool:
    return len(terms) == 1 and isinstance(t := terms[0], Has) and t.atom.word.lower() == "pilot" and t.count == 1


def boosts(g: Context, vehicle: int) -> list[int]:
    """The Enhancements played on the vehicle, in the order they were played."""
    return [e for e, v in g.state.vehicle_cards.items() if v == vehicle] if g.state.vehicle_cards else []


def piloted(g: Context, vehicle: int) -> bool:
    """An Enhancement on it meets its Pilot requirement (Robot Flight Crew, Yukinojo)."""
    return any((b := g.card(e).on_vehicle) is not None and b.pilot for e in boosts(g, vehicle))


def _speed(g: Context, driver: CharacterState, vehicle: int) -> int:
    own = own_value(g, vehicle, "movement")
    speed = own if own is not None else g.ability(driver.uid, "movement")
    mods = [sv for e in boosts(g, vehicle) if (sv := g.card(e).movement) is not None and sv.is_modifier]
    speed = max(0, abilities.apply_mods(speed, mods)) if mods else speed  # Turbo Boost: +1 to the vehicle
    if g.state.lasting and (v := info(g, vehicle)) is not None:
        carrier = next((c.uid for c in g.state.characters.values() if vehicle in c.carried), OFF)
        speed += lasting.vehicle_bonus(g, vehicle, v.kind.value, carrier, "movement")  # Ready to Go
    return speed


def access(g: Context, vehicle: int) -> frozenset[str]:
    """The Location symbols everybody aboard counts as having: a Planetary vehicle's (SCAV-18; 5E: "or is in a
    Planetary Vehicle") and the Planetary or Dimensional symbol printed on a vehicle card (Mars Shuttle, Kai's
    Dimensional Sedan)."""
    spec = info(g, vehicle)
    card = g.card(vehicle)
    out = {i.value for i in card.icons if i.value in ("planetary", "dimensional")} if card.vehicle else set()
    if spec is not None and spec.kind is VehicleClass.PLANETARY:
        out.add("planetary")
    return frozenset(out)


def _may_stop(g: Context, riders: list[CharacterState], vehicle: int, place: int) -> bool:
    """SCAV-18, SCAV-19 for everybody aboard, who stop together (``movement.may_stop`` for a group); what the
    Location asks of a vehicle or a Character going onto it (Forest Glade, Floristica Marketplace)."""
    if lasting.vehicles_barred(g, place) or not all(lasting.may_enter(g, c, place) for c in riders):
        return False
    icons = {i.value for i in g.card(place).icons}
    if not icons:
        return True
    gives = access(g, vehicle)
    if "dimensional" in icons:
        if "dimensional" not in gives and not all(has_icon(g, c, "dimensional") for c in riders):
            return False
        if g.state.statics and any(lasting.forbidden(g, "dimensional", c) is not None for c in riders):
            return False  # a card in play forbids Dimensional travel (Lady Tokimi)
    if "planetary" in icons and "planetary" not in gives:
        group = [*g.characters_at(place, riders[0].owner), *riders]
        if g.rules.planetary == "every":
            return all(has_icon(g, c, "planetary") for c in group)
        return any(has_icon(g, c, "planetary") for c in group)
    return True


def jumps(g: Context, vehicle: int, here: Cell) -> list[Cell]:
    """Vision's Private Jet (``jump``), once a turn for its whole move: along a row or a column, the first
    Location past one or more empty cells, or past the Field's edge (coming in again at the other edge)."""
    s = g.state
    spec = info(g, vehicle)
    if spec is None or not spec.jump or s.counters.get(vehicle * SLOTS + JUMP_COUNTER) == s.turn:
        return []
    xs = [c[0] for c in s.grid]
    ys = [c[1] for c in s.grid]
    lo, hi = (min(xs), min(ys)), (max(xs), max(ys))
    out = set()
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        x, y = here
        crossed = False
        for _ in range(hi[0] - lo[0] + hi[1] - lo[1] + 3):
            x, y = x + dx, y + dy
            if not (lo[0] <= x <= hi[0] and lo[1] <= y <= hi[1]):  # off the edge: in again at the other one
                x = lo[0] if x > hi[0] else hi[0] if x < lo[0] else x
                y = lo[1] if y > hi[1] else hi[1] if y < lo[1] else y
                crossed = True
            if (x, y) == here:
                break
            if (x, y) in s.grid:
                if crossed:
                    out.add((x, y))
                break
            crossed = True  # an empty cell: a gap in the Field
    return sorted(out)


def destinations(g: Context, riders: list[CharacterState], vehicle: int) -> list[Cell]:
    """Where the vehicle may take its driver (``riders[0]``) and riders."""
    s = g.state
    driver = riders[0]
    here = s.places[driver.pos]
    reach = [cell for cell, d in move_reach(g, here.cell, _speed(g, driver, vehicle), riders, vehicle).items() if d]
    reach += [cell for cell in jumps(g, vehicle, here.cell) if cell not in reach]
    out = []
    for cell in reach:
        place = s.places[s.grid[cell]]
        if s.statics and lasting.no_entry(g, place.uid) is not None:
            continue  # a card in play bars the way in (Natsumi and Karume)
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
    """``drive cV [cR …] x,y`` for each unmoved driver of ``seat`` who may drive it (:func:`driver_meets`): the
    player chooses who rides along, any of the Characters that may (:func:`may_ride`), as many as fit
    (:func:`fits`: its capacity and the one vehicle it may carry, CARD-13)."""
    s = g.state
    out = []
    effects = bool(s.statics or s.lasting)
    for c in sorted(s.characters.values(), key=lambda c: c.uid):
        if c.owner != seat or c.pos == OFF or c.bonked_at >= 0 or c.moved:
            continue
        for v in sorted(u for u in c.carried if is_vehicle(g, u)):
            if not driver_meets(g, c, v):
                continue  # CARD-13: a Character handed a Pilot's vehicle may not drive it
            ride = own_value(g, v, "movement") or 0  # a fast enough vehicle may take held Characters away (Mez)
            if effects and lasting.kept_by(g, c.uid, ride=ride) != OFF:
                continue  # a card holds the driver where it is (CARD-22): its vehicle stays too
            others = may_ride(g, c, v)
            if effects:
                others = [r for r in others if lasting.kept_by(g, r.uid, ride=ride) == OFF]
                if s.lasting:  # a Character acting alone (Loner) rides with nobody, and drives nobody
                    others = [] if lasting.alone(g, c.uid) else [r for r in others if not lasting.alone(g, r.uid)]
            most = max(capacity(g, v), capacity(g, v, [c, *others]))
            for k in range(min(most - 1, len(others)) + 1):
                for chosen in combinations(others, k):
                    riders = [c, *chosen]
                    if not fits(g, v, riders):
                        continue
                    out += [act("drive", v, *(r.uid for r in chosen), cell) for cell in destinations(g, riders, v)]
    return out


def drive(g: Context, seat: int, vehicle: int, cell: Cell, riders: tuple[int, ...] = ()) -> None:
    """The vehicle takes its driver and the chosen riders to ``cell``; everybody aboard has moved."""
    s = g.state
    driver = next(c for c in s.characters.values() if vehicle in c.carried)
    aboard = [driver, *(s.characters[u] for u in riders)]
    src = s.places[driver.pos].cell
    dest = s.grid[cell]
    jumped = cell not in distances(s, src, g.rules.adjacency, _speed(g, driver, vehicle))
    if jumped:
        s.counters[vehicle * SLOTS + JUMP_COUNTER] = s.turn  # once a turn (Vision's Private Jet)
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
        source=cell_list(src),
        dest=cell_list(cell),
        **_jumped(jumped),
    )
    for c in aboard:
        g.emit(
            "character_moved", seat=seat, card=g.card(c.uid).id, uid=c.uid, source=cell_list(src), dest=cell_list(cell)
        )
    triggers.driven_onto(g, seat, vehicle, dest)  # the Location's own text on a vehicle stopping there (Seito Bridge)


# ---------------------------------------------------------------------- Enhancements on vehicles, equipping aboard


def settle(g: Context) -> None:
    """An Enhancement whose vehicle is no longer carried or stored in a Haven goes to its owner's Discard pile
    (5E: an Enhancement leaves with its host)."""
    s = g.state
    held = {u for c in s.characters.values() for u in c.carried} | {u for p in s.places.values() for u in p.stored}
    for e, v in list(s.vehicle_cards.items()):
        if v not in held:
            del s.vehicle_cards[e]
            g.discard(e)
            g.emit("card_removed", how="discard", by=g.card(v).id, card=g.card(e).id, uid=e)


# ---------------------------------------------------------------------- fighting (COMBAT-24)


def fighters(g: Context, seat: int, place: int) -> list[int]:
    """Vehicles of ``seat`` at ``place`` that may fight (carried by a Character standing there)."""
    return sorted(u for c in g.characters_at(place, seat) for u in c.carried if can_fight(g, u))


def _jumped(jumped: bool) -> dict[str, Any]:
    """The ``jumped`` mark of a drive: the jet's once-a-turn jump (only when it jumped, so older logs read the
    same)."""
    return {"jumped": True} if jumped else {}


def _full_attack(full: bool) -> dict[str, Any]:
    """The ``full_attack`` mark of a vehicle round: 002's Attack of 5 or more dealt whatever the Defense."""
    return {"full_attack": True} if full else {}


def exchange(g: Context, combat: FightFrame, vehicle: int) -> None:
    """One round in which ``vehicle`` fights the Disaster for its owner's Characters."""
    s = g.state
    d = s.disasters[combat.dis]
    seat = s.characters[combat.target].owner
    dis_card = draw_combat(g, seat)
    veh_card = draw_combat(g, seat)
    dis_self, dis_opp = combat_mods(g, dis_card, combat.dis, combat.target, seat)
    veh_self, veh_opp = combat_mods(g, veh_card, combat.target, combat.dis, seat)  # read for whom it fights
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
    if health(g, vehicle) <= 0 and salvaged(g, vehicle):  # a Character saves it from the wreck (Al)
        s.vehicle_damage[vehicle] = max(0, (own_value(g, vehicle, "defense") or 0) - 1)
    if health(g, vehicle) <= 0:
        carrier = next(c for c in s.characters.values() if vehicle in c.carried)
        carrier.carried.remove(vehicle)
        s.vehicle_damage.pop(vehicle, None)
        g.discard(vehicle)
        g.emit("vehicle_destroyed", seat=seat, vehicle=g.card(vehicle).id, cell=cell_list(s.places[combat.place].cell))
        if g.rules.vehicle_combat == "riders_hit":  # 5E: every rider takes 1 damage
            for c in sorted(g.characters_at(combat.place, seat), key=lambda c: c.uid):
                mh = g.max_health(c.uid)
                before = mh - c.damage
                c.damage += 1
                after = mh - c.damage
                g.emit("rider_hit", seat=seat, card=g.card(c.uid).id, uid=c.uid, damage=1, health=after)
                if killed(g, mh, before, after, 1, 1, c.uid):
                    kill(g, c, None)
                elif after <= 0:
                    bonk(g, c, None)
    if g.max_health(combat.dis) - d.damage <= 0:
        defeat(g, combat.dis, combat.place)
    check(g)
