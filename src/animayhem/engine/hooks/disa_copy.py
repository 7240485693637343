"""Hooks of Disasters that copy other Disasters (branch disA): The Mass.

``copy_latest`` (``enters``): The Mass takes on the most recent Disaster in its controller's Discard pile
(the top one that is a Disaster, not itself and no other copier): that card's printed Attack, Defense, Movement
and Health, whether it fights (Combat or not), how it moves, and its text. ``copy_next`` (``defeat``): instead of
being Defeated it takes on the next older one there (the second, then the third most recent), healed; the Defeat
of its third form is final. The copied card stays where it is. The numbers are read through a lasting record on
The Mass (effect ``copy_latest``) and ``state.counters`` (the copied instance, the form number); the text through
the instance's card, which becomes ``the-mass~<copied card>`` (``lasting.take_on``, ``CardDB.copying``): the
copied card's effects follow The Mass's own, so every trigger, static index and hook reads them with The Mass as
their source. Its first form enters play as the copied card (``triggers.enters`` runs that card's entering text);
a later form takes over in the fight, its entering text not run, and the text of the form before stops
(its captives are freed where it stands).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from animayhem.engine.core.state import OFF, SLOTS, WHILE_IN_PLAY
from animayhem.engine.effects import lasting, primitives
from animayhem.engine.effects.card_hooks import HookCall, hook

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


def _pile(g: Context, uid: int) -> list[int]:
    """The Disasters in its controller's Discard pile, most recent first (not itself)."""
    s = g.state
    d = s.disasters[uid]
    return [u for u in s.players[d.controller].discard[::-1] if u != uid and lasting.copyable(g, u)]


def _copy(g: Context, uid: int, form: int) -> bool:
    """Take on the ``form``-th most recent Disaster (0: the latest); False when there is none."""
    s = g.state
    pile = _pile(g, uid)
    if form >= len(pile):
        return False
    target = pile[form]
    d = s.disasters[uid]
    for c in lasting.captives_of(g, uid):  # the form before held them: they are free where it stands
        primitives.release(g, s.characters[c], d)
    lasting.take_on(g, uid, target)
    copy_index = lasting.copy_effect(g, uid)
    s.counters[uid * SLOTS + copy_index] = target
    s.counters[uid * SLOTS + copy_index + 1] = form + 1
    if not lasting.has_record(g, uid, copy_index, uid):
        lasting.add(g, uid, copy_index, [uid], s.owner[uid], None, WHILE_IN_PLAY)
    d.damage = 0
    g.emit("disaster_copies", card=s.cards[uid], uid=uid, copies=g.card(target).id, form=form + 1)
    return True


@hook("copy_latest")
def copy_latest(g: Context, ctx: HookCall) -> bool:
    if ctx.source not in g.state.disasters or lasting.copied(g, ctx.source) != OFF:
        return False
    return _copy(g, ctx.source, 0)


@hook("copy_next", numbers=("forms",))
def copy_next(g: Context, ctx: HookCall) -> bool:
    s = g.state
    if ctx.source not in s.disasters or lasting.copied(g, ctx.source) == OFF:
        return False
    form = s.counters.get(ctx.source * SLOTS + lasting.copy_effect(g, ctx.source) + 1, 1)
    if form >= ctx.number("forms"):
        return False  # its last form's Defeat is final (the latest, then the second, the third most recent)
    return _copy(g, ctx.source, form)
