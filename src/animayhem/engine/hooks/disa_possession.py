"""Hooks of Disasters that take a Character's body (branch disA): Ginyu's body change.

``body_change`` (the ``round`` trigger): after a physical combat round that leaves Ginyu with 1 or 0 Health,
he takes over the Character with the highest Attack at his Location (ties at random). The ``chained``
``capture`` effect that follows this one in his card data (with ``possess``) says what that means, so its
text stays data: the Character leaves the Field as his captive and he fights on in its body, healed, with its
values (engine/effects/lasting.py ``possessed``). He does it once; a later Defeat is final and frees the Character.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from animayhem.cards.effects import Capture
from animayhem.engine.core.state import OFF, WHILE_IN_PLAY
from animayhem.engine.effects import lasting, primitives
from animayhem.engine.effects.card_hooks import HookCall, hook

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


@hook("body_change", numbers=("at_most",))
def body_change(g: Context, ctx: HookCall) -> bool:
    s = g.state
    d = s.disasters.get(ctx.source)
    if d is None or d.pos == OFF or lasting.possessed(g, d.uid) != OFF:
        return False
    if not 0 <= g.max_health(d.uid) - d.damage <= ctx.number("at_most"):
        return False
    chained = ctx.index + 1
    effects = g.card(d.uid).effects
    if chained >= len(effects) or not isinstance(effects[chained].do, Capture):  # pragma: no cover - data test
        raise ValueError(f"{g.card(d.uid).id}: body_change needs a chained capture after it")
    here = sorted(g.characters_at(d.pos), key=lambda c: c.uid)
    if not here:
        return False
    best = max(g.ability(c.uid, "attack") for c in here)
    top = [c for c in here if g.ability(c.uid, "attack") == best]
    body = top[g.rand_below(len(top))] if len(top) > 1 else top[0]
    primitives.capture(g, body, d, False)
    lasting.add(g, d.uid, chained, [body.uid], body.owner, None, WHILE_IN_PLAY)
    d.damage = 0
    g.emit("disaster_possesses", card=g.card(d.uid).id, uid=d.uid, character=g.card(body.uid).id, seat=body.owner)
    return True
