"""Hooks for a Disaster that stops and waits (Red Commandos).

``wait_on_item`` (``lands``): where it stops on a Location with an Item under it, it stays put for the next
4 of its controller's turns: ``state.counters[uid * SLOTS + WAIT_COUNTER]`` holds the last turn it skips, and
engine/procedures/disasters.py does not move it until then (a Combat Disaster takes the Item there as usual, DIS-12).
``set_off`` (``turn``): at the start of the turn in which it moves again, it Destroys the Item it waited over
(the one it carries, else one still under its Location) and the wait is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from animayhem.engine.core.events import cell_list
from animayhem.engine.core.state import OFF, SLOTS, WAIT_COUNTER
from animayhem.engine.core.win import check
from animayhem.engine.effects import primitives
from animayhem.engine.effects.card_hooks import HookCall, hook

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


@hook("wait_on_item", numbers=("turns",))
def wait_on_item(g: Context, ctx: HookCall) -> bool:
    s = g.state
    d = s.disasters.get(ctx.source)
    key = ctx.source * SLOTS + WAIT_COUNTER
    if d is None or d.pos == OFF or key in s.counters:
        return False
    if not any(g.is_item(u) for u in s.places[d.pos].under):
        return False
    turns = ctx.number("turns")
    s.counters[key] = s.players[d.controller].turns + turns
    g.emit("disaster_waits", card=g.card(d.uid).id, uid=d.uid, cell=cell_list(s.places[d.pos].cell), turns=turns)
    return True


@hook("set_off")
def set_off(g: Context, ctx: HookCall) -> bool:
    s = g.state
    d = s.disasters.get(ctx.source)
    key = ctx.source * SLOTS + WAIT_COUNTER
    if d is None or key not in s.counters or s.counters[key] >= s.players[d.controller].turns:
        return False
    del s.counters[key]
    g.emit("disaster_sets_off", card=g.card(d.uid).id, uid=d.uid)
    if d.item != OFF:
        g.destroy(primitives.give_up_item(d))
        g.emit("item_destroyed", by=g.card(d.uid).id)
        check(g)
        return True
    if d.pos != OFF:
        for u in s.places[d.pos].under:
            if g.is_item(u):
                primitives.remove_from_play(g, u, "destroy", d.uid)
                return True
    return True
