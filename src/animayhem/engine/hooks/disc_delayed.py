"""Hooks for a Disaster that works slowly on one Character (Bio Ball).

``infect`` (``enters``): one Character of the group it meets, at random, carries it: a lasting record of
this effect on that Character marks it (it ends when either leaves play), and
``state.counters[uid * SLOTS + index]`` keeps the number of the controller's turn it began in.
``incubate`` (``turn``): at the start of each of the controller's turns, counted from that one: from the
``hold_after``-th turn on the Character can take no action (the card's ``chained`` ``hold`` effect, so its
text stays data); at the ``kill_after``-th it is Killed and the card is Discarded. With no Character marked
(it left play, or there was none) the card is Discarded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from animayhem.cards.effects import Hold, Hook, Who
from animayhem.engine.core.state import SLOTS, WHILE_IN_PLAY
from animayhem.engine.effects import lasting, primitives
from animayhem.engine.effects.card_hooks import HookCall, hook
from animayhem.engine.effects.triggers import characters

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context

_GROUP: Final = Who(among="group")


def _index(g: Context, uid: int, name: str) -> int:
    for i, e in enumerate(g.card(uid).effects):
        if isinstance(e.do, Hook) and e.do.name == name:
            return i
    return -1


@hook("infect")
def infect(g: Context, ctx: HookCall) -> bool:
    s = g.state
    d = s.disasters.get(ctx.source)
    if d is None:
        return False
    pool = characters(g, _GROUP, ctx.place, ctx.seat)
    if not pool:
        return False
    victim = pool[g.rand_below(len(pool))]
    lasting.add(g, d.uid, ctx.index, [victim.uid], d.controller, None, WHILE_IN_PLAY)
    s.counters[d.uid * SLOTS + ctx.index] = s.players[d.controller].turns
    g.emit("effect_started", card=g.card(d.uid).id, uid=d.uid, characters=[g.card(victim.uid).id], turns=None)
    return True


@hook("incubate", numbers=("hold_after", "kill_after"))
def incubate(g: Context, ctx: HookCall) -> bool:
    s = g.state
    d = s.disasters.get(ctx.source)
    if d is None:
        return False
    mark = _index(g, d.uid, "infect")
    victims = [u for r in s.lasting if r.source == d.uid and r.effect == mark for u in r.targets]
    if not victims or victims[0] not in s.characters:
        primitives.leave_play(g, d, "done")  # the Character it was on has left play
        return True
    victim = s.characters[victims[0]]
    elapsed = s.players[d.controller].turns - s.counters.get(d.uid * SLOTS + mark, 0)
    if elapsed >= ctx.number("kill_after"):
        primitives.kill(g, victim, None)
        if d.uid in s.disasters:
            primitives.leave_play(g, d, "done")
        return True
    held = next((i for i, e in enumerate(g.card(d.uid).effects) if e.when == "chained" and isinstance(e.do, Hold)), -1)
    if elapsed >= ctx.number("hold_after") and held >= 0 and not lasting.has_record(g, d.uid, held, victim.uid):
        lasting.add(g, d.uid, held, [victim.uid], d.controller, None, WHILE_IN_PLAY)
        g.emit("effect_started", card=g.card(d.uid).id, uid=d.uid, characters=[g.card(victim.uid).id], turns=None)
        return True
    return False
