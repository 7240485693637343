"""Hooks for a Disaster a Character catches by stopping where it is (Catch Bubbles).

``caught_by`` (``caught``: a Character ended its own move on the Disaster's Location): the catcher takes the Item
the Disaster holds (face down to the other seats, MISC-7), and the Disaster is Defeated (Discarded; its
``defeated`` effects act).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from animayhem.engine.core.state import OFF, game_over
from animayhem.engine.core.win import check
from animayhem.engine.effects.card_hooks import HookCall, hook
from animayhem.engine.procedures.defeat import defeat  # a hook may use the procedures (hooks/__init__.py)

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


@hook("caught_by")
def caught_by(g: Context, ctx: HookCall) -> bool:
    s = g.state
    d = s.disasters.get(ctx.source)
    catcher = s.characters.get(ctx.about[0]) if ctx.about else None
    if d is None or catcher is None or catcher.pos != d.pos:
        return False
    g.emit("disaster_caught", card=g.card(d.uid).id, uid=d.uid, character=g.card(catcher.uid).id, seat=catcher.owner)
    if d.item != OFF:
        item, d.item = d.item, OFF
        catcher.carried.append(item)
        seat, name = catcher.owner, g.card(catcher.uid).id
        g.emit("item_retrieved", seat=seat, to=[seat], card=g.card(item).id, character=name)
        g.emit("item_retrieved_hidden", seat=seat, character=name, twin=seat)
        check(g)
        if game_over(s):
            return True
    defeat(g, d.uid, d.pos, catcher.owner)
    return True
