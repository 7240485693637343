"""Hooks for Disasters that change the Field itself.

``remove_location`` (Galaxy Destroyer, on every 4th stop): every card at the Location is Discarded — the
Characters there (Killed: they go to their owners' Discard piles with what they carry, COMBAT-16), the cards
face down under it (none named: MISC-7) and the other Disasters there — and the Location is Destroyed: flipped
face down and left in its place (SCAV-20), since the engine does not take Locations off the Field. The
Disaster itself stays and walks on from there (engine/procedures/disasters.py: a Disaster on a Destroyed Location goes
on to the next Location of its path).

``collapse`` (Seito Bridge, ``driven``: a vehicle stops on it): a Planetary vehicle brings the Location down:
the vehicle is removed from the game (MISC-3), the cards under the Location are Discarded and the Location is
Destroyed (SCAV-20); the Characters who came on it stay where it stood and walk off as from any Destroyed Location.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from animayhem.cards.model import VehicleClass
from animayhem.engine.core.state import OFF
from animayhem.engine.core.win import check
from animayhem.engine.effects import lasting, primitives
from animayhem.engine.effects.card_hooks import HookCall, hook

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


@hook("remove_location")
def remove_location(g: Context, ctx: HookCall) -> bool:
    s = g.state
    if ctx.place == OFF:
        return False
    pl = s.places[ctx.place]
    if pl.haven or pl.destroyed:
        return False
    for ch in sorted(g.characters_at(ctx.place), key=lambda c: c.uid):
        primitives.kill(g, ch, None)
        if s.result is not None:
            return True
    primitives.discard_under(g, ctx.place, ctx.source)
    if s.result is not None:
        return True
    for d in sorted(s.disasters.values(), key=lambda d: d.uid):
        if d.pos == ctx.place and d.uid != ctx.source:
            primitives.leave_play(g, d, "location_removed")
            if s.result is not None:
                return True
    pl.destroyed = True
    lasting.left(g, ctx.place)  # its own static effects end with it
    s.field_version += 1  # the Disaster paths change (engine/procedures/disasters.py caches them)
    g.emit("location_destroyed", cell=list(pl.cell), by=g.card(ctx.source).id)
    check(g)
    return True


@hook("collapse")
def collapse(g: Context, ctx: HookCall) -> bool:
    s = g.state
    pl = s.places.get(ctx.place)
    if pl is None or pl.haven or pl.destroyed or not ctx.about:
        return False
    vehicle = ctx.about[0]
    info = g.card(vehicle).vehicle
    if info is None or info.kind is not VehicleClass.PLANETARY:
        return False
    if primitives.holder_of(g, vehicle) is not None:
        s.vehicle_damage.pop(vehicle, None)
        primitives.remove_from_play(g, vehicle, "destroy", ctx.source)
    primitives.discard_under(g, ctx.place, ctx.source)
    if s.result is not None:
        return True
    pl.destroyed = True
    lasting.left(g, ctx.place)
    s.field_version += 1
    g.emit("location_destroyed", cell=list(pl.cell), by=g.card(ctx.source).id)
    check(g)
    return True
