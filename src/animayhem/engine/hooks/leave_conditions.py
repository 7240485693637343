"""Hooks for Disasters that leave play when some card is in play.

``leave_if_in_play`` (Brian J. Mason): the card leaves play (Discarded) when a Largo is in play; it is called
where the card comes into play (``enters``) and at the start of each of its controller's turns (``turn``).
The card that it waits for is read from the same card's ``extra_combat_cards`` effect (``unless_in_play``),
so the rule is written once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from animayhem.cards.effects import ExtraCombatCards
from animayhem.engine.effects import primitives
from animayhem.engine.effects.card_hooks import HookCall, hook

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


@hook("leave_if_in_play")
def leave_if_in_play(g: Context, ctx: HookCall) -> bool:
    s = g.state
    d = s.disasters.get(ctx.source)
    if d is None:
        return False
    waits = [e.do.unless_in_play for e in g.card(d.uid).effects if isinstance(e.do, ExtraCombatCards)]
    present = {s.cards[u] for u in s.disasters if u != d.uid} | {s.cards[u] for u in s.characters}
    named = next((w for w in waits if w is not None and w in present), None)
    if named is None:
        return False
    g.emit("disaster_leaves_for", card=g.card(d.uid).id, uid=d.uid, because=named)
    primitives.leave_play(g, d, "done")
    return True
