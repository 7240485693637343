"""Hooks for Disasters that change the Field itself.

``remove_location`` (Galaxy Destroyer, on every 4th stop): every card at the Location is Discarded — the
Characters there (Killed: they go to their owners' Discard piles with what they carry, COMBAT-16), the cards
face down under it (none named: MISC-7) and the other Disasters there — and the Location is Destroyed: flipped
face down and left in its place (SCAV-20), since the engine does not take Locations off the Field. The
Disaster itself stays and walks on from there (engine/procedures/disasters.py: a Disaster on a Destroyed Location goes
on to the next Location of its path).

``collapse`` (Seito Bridge, ``driven``: a vehicle stops on it; ``scavenged``: a Scavenge of it needs the vehicles a
group carries): a Planetary vehicle brings the Location down:
the vehicle is removed from the game (MISC-3), the cards under the Location are Discarded and the Location is
Destroyed (SCAV-20); the Characters who came on it stay where it stood and walk off as from any Destroyed Location.

``lay_to_rest`` (Julian's Gravesite, a Location's ``when: use``): the Character the use's ``if`` names, standing on
the Location, is Discarded from play (what it carries is left there, as a Killed Character's is, COMBAT-16; its
Enhancements go with it), and one Disaster drawn at random (the game's RNG) among those face down under the Location
is Discarded (the event ``laid_to_rest``). Offered only while such a Disaster lies there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from animayhem.cards.model import VehicleClass
from animayhem.engine.core.events import cell_list
from animayhem.engine.core.state import OFF, CharacterState, game_over
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
        if game_over(s):
            return True
    primitives.discard_under(g, ctx.place, ctx.source)
    if game_over(s):
        return True
    for d in sorted(s.disasters.values(), key=lambda d: d.uid):
        # (an ally not in Combat has left already with its primary, DIS-26)
        if d.pos == ctx.place and d.uid != ctx.source and d.uid in s.disasters:
            primitives.leave_play(g, d, "location_removed")
            if game_over(s):
                return True
    pl.destroyed = True
    lasting.left(g, ctx.place)  # its own static effects end with it
    s.field_version += 1  # the Disaster paths change (engine/procedures/disasters.py caches them)
    g.emit("location_destroyed", cell=cell_list(pl.cell), by=g.card(ctx.source).id)
    check(g)
    return True


@hook("collapse")
def collapse(g: Context, ctx: HookCall) -> bool:
    s = g.state
    pl = s.places.get(ctx.place)
    if pl is None or pl.haven or pl.destroyed or not ctx.about:
        return False
    planetary = [u for u in ctx.about if (v := g.card(u).vehicle) is not None and v.kind is VehicleClass.PLANETARY]
    if not planetary:
        return False
    vehicle = planetary[0]
    if primitives.holder_of(g, vehicle) is not None:
        s.vehicle_damage.pop(vehicle, None)
        primitives.remove_from_play(g, vehicle, "destroy", ctx.source)
    primitives.discard_under(g, ctx.place, ctx.source)
    if game_over(s):
        return True
    pl.destroyed = True
    lasting.left(g, ctx.place)
    s.field_version += 1
    g.emit("location_destroyed", cell=cell_list(pl.cell), by=g.card(ctx.source).id)
    check(g)
    return True


def _beneath(g: Context, place: int) -> list[int]:
    """The Disasters face down under the Location ``place``, top first."""
    pl = g.state.places.get(place)
    return [] if pl is None or pl.haven or pl.destroyed else [u for u in pl.under[::-1] if g.is_disaster(u)]


def _grave_ready(g: Context, source: int, user: CharacterState) -> bool:
    return user.pos == source and bool(_beneath(g, source))


@hook("lay_to_rest", ready=_grave_ready)
def lay_to_rest(g: Context, ctx: HookCall) -> bool:
    s = g.state
    need = ctx.effect.if_
    found = _beneath(g, ctx.source)
    if ctx.seat is None or need is None or not found:
        return False
    here = sorted(g.characters_at(ctx.source, ctx.seat), key=lambda c: c.uid)
    who = [c for c in here if lasting.one_meets(g, c, need)]
    if not who:
        return False
    ch = who[0]
    dropped = list(ch.carried)
    primitives.drop_carried(g, ch, ctx.source, None)
    for u in ch.enhancements:
        g.discard(u)
    ch.enhancements = []
    del s.characters[ch.uid]
    lasting.forget(g, ch.uid)
    g.discard(ch.uid)
    pick = found[g.rand_below(len(found))] if len(found) > 1 else found[0]
    s.places[ctx.source].under.remove(pick)
    g.discard(pick)
    g.emit(
        "laid_to_rest",
        seat=ctx.seat,
        card=g.card(ch.uid).id,
        disaster=g.card(pick).id,
        cell=cell_list(s.places[ctx.source].cell),
        by=g.card(ctx.source).id,
        dropped=len(dropped),
    )
    check(g)
    return True
