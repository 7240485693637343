"""Hooks that count combat rounds against a Disaster (trigger ``round``: the start of each combat round).

``battlemover_detonation`` (DD J1 Battlemover): it counts the combat rounds that begin with it under 3 Health,
one after another; the count starts again at a round that begins with 3 Health or more (its damage heals when
a fight ends, COMBAT-13, so the count never carries over from one fight to the next). The first two such rounds
are fought as usual; at the start of the third it detonates: every card at its Location is Destroyed, itself
included (the ``wipe`` verb's rule, engine/effects/triggers.py). The count is plain data in ``state.counters``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from animayhem.cards.effects import Wipe
from animayhem.engine.core.events import cell_list
from animayhem.engine.core.state import OFF, SLOTS
from animayhem.engine.effects import triggers
from animayhem.engine.effects.card_hooks import HookCall, hook

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context

_BLAST: Final = Wipe(characters="destroy", self_=True)


@hook("battlemover_detonation", numbers=("below", "rounds"))
def battlemover_detonation(g: Context, ctx: HookCall) -> bool:
    s = g.state
    d = s.disasters.get(ctx.source)
    if d is None or ctx.place == OFF:
        return False
    key = ctx.source * SLOTS + ctx.index
    health = g.max_health(d.uid) - d.damage
    if health >= ctx.number("below"):  # under this Health a round counts
        s.counters.pop(key, None)
        return False
    n = s.counters.get(key, 0) + 1
    s.counters[key] = n
    g.emit("countdown", card=g.card(d.uid).id, uid=d.uid, rounds_under=n, health=health)
    if n <= ctx.number("rounds"):  # rounds fought under it before the blast
        return False
    del s.counters[key]
    g.emit("disaster_detonates", card=g.card(d.uid).id, uid=d.uid, cell=cell_list(s.places[ctx.place].cell))
    return triggers.wipe(g, ctx.source, ctx.place, _BLAST)
