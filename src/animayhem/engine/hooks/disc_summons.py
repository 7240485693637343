"""Hooks for Disasters that bring others into play or play games of chance (Impending Doom, Alien Battleship).

``summon_combat_disaster`` (``enters``; Impending Doom): its controller turns up the Draw pile from the top
until a Combat Disaster appears; every other card turned up goes back and the Draw pile is shuffled. That
Disaster comes into play at once at this card's Location (as if it had entered there, DIS-4) and attacks
the controller's group there (COMBAT-23). With no Combat Disaster in the Draw pile it is only shuffled.

``rps_for_vehicle`` (``lands``; Alien Battleship): each player whose Characters at its Location carry a
Planetary vehicle plays rock-paper-scissors against it, an even chance (MISC-6): a win Defeats it, a loss
Discards that vehicle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from animayhem.engine.core.state import OFF, game_over
from animayhem.engine.effects import lasting, primitives, triggers
from animayhem.engine.effects.card_hooks import HookCall, hook
from animayhem.engine.procedures.combat import Combat
from animayhem.engine.procedures.defeat import defeat
from animayhem.engine.procedures.disasters import bring_into_play
from animayhem.engine.procedures.vehicles import is_vehicle

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


@hook("summon_combat_disaster")
def summon_combat_disaster(g: Context, ctx: HookCall) -> bool:
    s = g.state
    d = s.disasters.get(ctx.source)
    if d is None or ctx.place == OFF:
        return False
    seat = d.controller
    p = s.players[seat]
    found = next((u for u in p.draw[::-1] if g.is_disaster(u) and g.is_combat_disaster(u)), OFF)
    looked = len(p.draw) - p.draw.index(found) if found != OFF else len(p.draw)
    if found != OFF:
        p.draw.remove(found)
    g.shuffle(p.draw)
    cell = list(s.places[ctx.place].cell)
    if found == OFF:
        g.emit("summon_failed", card=g.card(d.uid).id, uid=d.uid, seat=seat, drawn=looked)
        return False
    g.emit(
        "disaster_summoned",
        card=g.card(d.uid).id,
        uid=d.uid,
        seat=seat,
        drawn=looked,
        summoned=g.card(found).id,
        cell=cell,
    )
    bring_into_play(g, found, seat)
    new = s.disasters[found]
    new.entered = True
    new.pos = ctx.place
    lasting.entered(g, found)
    g.emit("disaster_entered", card=g.card(found).id, uid=found, cell=cell, moving=False)
    if g.card(found).effects:
        triggers.enters(g, new, seat, ctx.place)
    if found in s.disasters and not game_over(s) and g.characters_at(ctx.place, seat):
        g.push(Combat(dis=found, place=ctx.place, seats=[seat]))
    return True


def _planetary(g: Context, uid: int) -> bool:
    card = g.card(uid)
    kind = card.vehicle.kind.value if card.vehicle is not None else ""
    return kind == "planetary" or any(i.value == "planetary" for i in card.icons)


@hook("rps_for_vehicle")
def rps_for_vehicle(g: Context, ctx: HookCall) -> bool:
    s = g.state
    d = s.disasters.get(ctx.source)
    if d is None or d.pos == OFF:
        return False
    place = d.pos
    did = False
    for seat in sorted({c.owner for c in g.characters_at(place)}):
        ships = [
            u
            for c in sorted(g.characters_at(place, seat), key=lambda c: c.uid)
            for u in c.carried
            if is_vehicle(g, u) and _planetary(g, u)
        ]
        if not ships:
            continue
        did = True
        won = g.rand_below(2) == 0  # MISC-6: rock-paper-scissors, replayed on a tie: an even chance
        g.emit("rock_paper_scissors", card=g.card(d.uid).id, uid=d.uid, seat=seat, won=won, vehicle=g.card(ships[0]).id)
        if won:
            defeat(g, d.uid, place, seat)
            return True
        primitives.remove_from_play(g, ships[0], "discard", d.uid)
        if game_over(s):
            return True
    return did
