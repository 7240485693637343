"""Hooks of Disasters whose text acts after a physical combat round (the ``round`` trigger): Miso-Cutsun's
backlash, Guldo's time freeze.

Each hook gets the round's context in its ``HookCall`` (effects/card_hooks.py): ``about`` is who struck
the Disaster, ``amount`` the damage it took, ``round`` the round number of the fight.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from animayhem.engine.core.state import NEXT_COMBAT, OFF, SLOTS, game_over
from animayhem.engine.effects import lasting, primitives
from animayhem.engine.effects.card_hooks import HookCall, hook

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


@hook("backlash", numbers=("damage",))
def backlash(g: Context, ctx: HookCall) -> bool:
    """Miso-Cutsun: a round in which the strike did it no damage costs each Character that struck the Health
    its data gives (``damage``: 2); one left with none is Bonked (COMBAT-14)."""
    s = g.state
    if ctx.amount > 0 or not ctx.about:
        return False
    hit = False
    damage = ctx.number("damage")
    for uid in ctx.about:
        ch = s.characters.get(uid)
        if ch is None or ch.bonked_at >= 0 or ch.pos == OFF:
            continue
        hit = True
        ch.damage += damage
        health = g.max_health(uid) - ch.damage
        g.emit("health_damage", card=g.card(uid).id, uid=uid, amount=damage, health=health, by=g.card(ctx.source).id)
        if health <= 0:
            primitives.bonk(g, ch, None)
        if game_over(s):
            break
    return hit


@hook("time_freeze", numbers=("quiet", "count"))
def time_freeze(g: Context, ctx: HookCall) -> bool:
    """Guldo: after 2 rounds in a row of one fight in which he took no damage, 2 Characters at his Location, at
    random, can take no action until the fight is over (the ``chained`` hold that follows this effect)."""
    s = g.state
    key = ctx.source * SLOTS + ctx.index
    quiet = 0 if ctx.round <= 1 else s.counters.get(key, 0)  # a new fight counts from its first round
    quiet = 0 if ctx.amount > 0 else quiet + 1
    s.counters[key] = quiet
    if quiet < ctx.number("quiet"):
        return False
    s.counters[key] = 0
    chained = ctx.index + 1
    effects = g.card(ctx.source).effects
    if chained >= len(effects) or effects[chained].when != "chained":  # pragma: no cover - checked by the data test
        raise ValueError(f"{g.card(ctx.source).id}: time_freeze needs a chained hold after it")
    pool = sorted(
        (c for c in g.characters_at(ctx.place) if lasting.forbids(g, c.uid, "attack") is None), key=lambda c: c.uid
    )
    frozen = []
    for _ in range(min(ctx.number("count"), len(pool))):
        frozen.append(pool.pop(g.rand_below(len(pool))))
    if not frozen:
        return False
    for owner in sorted({c.owner for c in frozen}):
        lasting.add(g, ctx.source, chained, [c.uid for c in frozen if c.owner == owner], owner, None, NEXT_COMBAT)
    g.emit(
        "effect_started",
        card=g.card(ctx.source).id,
        uid=ctx.source,
        characters=[g.card(c.uid).id for c in sorted(frozen, key=lambda c: c.uid)],
        turns=None,
    )
    return True
