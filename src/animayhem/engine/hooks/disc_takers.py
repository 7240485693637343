"""Hooks for Disasters that take cards from the Characters they meet (Furry Eyes).

``take_item_and_vehicle`` (``survived``): a fight against it is over and it was not Defeated; of the
Characters that fought it and are still in play (``about``; those that Ran Away included), the first that
carries a vehicle loses it (Discarded: a Disaster carries no Equipment, DIS-12), and, when the Disaster carries
no Item yet, it takes one of their Items at random (never named: Items are face down).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from animayhem.engine.core.events import cell_list
from animayhem.engine.core.state import OFF, game_over
from animayhem.engine.core.win import check
from animayhem.engine.effects import bearer, lasting, primitives
from animayhem.engine.effects.card_hooks import HookCall, hook
from animayhem.engine.procedures.vehicles import is_vehicle

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


@hook("take_item_and_vehicle")
def take_item_and_vehicle(g: Context, ctx: HookCall) -> bool:
    s = g.state
    d = s.disasters.get(ctx.source)
    if d is None:
        return False
    group = [s.characters[u] for u in sorted(ctx.about) if u in s.characters and s.characters[u].bonked_at < 0]
    vehicles = [u for c in group for u in c.carried if is_vehicle(g, u)]
    if not vehicles:
        return False
    primitives.remove_from_play(g, vehicles[0], "discard", d.uid)
    if game_over(s) or d.item != OFF:
        return True
    pool = [(c, u) for c in group for u in bearer.detectable(g, c) if lasting.stealable(g, u)]
    if pool:
        victim, item = pool[g.rand_below(len(pool))]
        victim.carried.remove(item)
        d.item = item
        g.emit(
            "item_stolen",
            card=g.card(d.uid).id,
            uid=d.uid,
            cell=cell_list(s.places[victim.pos].cell),
            seat=victim.owner,
            character=g.card(victim.uid).id,
        )
        check(g)
    return True
