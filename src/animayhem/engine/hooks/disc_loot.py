"""Hooks for a Disaster that steals an Equipment and runs (Class C Female Boomer).

``steal_equipment`` (``lands``): where it stops, if it holds no loot yet and Characters there carry
Equipment, it takes one of them at random. A Disaster carries no Equipment (DIS-12), so the card is set
aside (out of play) and a lasting record of this effect holds it and the Character it was taken from
(``WHILE_TARGET``: it outlives the Disaster until a hook ends it). Then it flees its full Movement at once,
attacking nobody, as a thief does (CARD-18): the hook turns its move (the frame on top of the agenda) into
that free move.
``drop_loot`` (``defeated`` and ``exits``): Defeated, it gives the Equipment back to the Character it was
taken from while that one is in play (else it is Discarded); walking off the Field, the Equipment is
Discarded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from animayhem.cards.effects import Hook
from animayhem.cards.model import CardType
from animayhem.engine.core.events import cell_list
from animayhem.engine.core.state import OFF, WHILE_TARGET, Lasting
from animayhem.engine.effects import lasting, primitives
from animayhem.engine.effects.card_hooks import HookCall, hook
from animayhem.engine.procedures.disasters import DisasterMove
from animayhem.engine.procedures.vehicles import is_vehicle

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


def _steal_index(g: Context, uid: int) -> int:
    return next(
        (i for i, e in enumerate(g.card(uid).effects) if isinstance(e.do, Hook) and e.do.name == "steal_equipment"),
        -1,
    )


def _loot(g: Context, uid: int) -> Lasting | None:
    index = _steal_index(g, uid)
    return next((r for r in g.state.lasting if r.source == uid and r.effect == index), None)


@hook("steal_equipment")
def steal_equipment(g: Context, ctx: HookCall) -> bool:
    s = g.state
    d = s.disasters.get(ctx.source)
    if d is None or d.pos == OFF or _loot(g, d.uid) is not None:
        return False
    pool = [
        (c, u)
        for c in sorted(g.characters_at(d.pos), key=lambda c: c.uid)
        for u in c.carried
        if g.card(u).type is CardType.EQUIPMENT and not is_vehicle(g, u) and not primitives.safe_from(g, u, "steal")
    ]
    if pool and s.statics and lasting.forbidden(g, "steal_equipment") is not None:
        return False  # a card in play forbids it (Kasumi)
    if not pool:
        return False
    victim, equipment = pool[g.rand_below(len(pool))]
    victim.carried.remove(equipment)
    s.set_aside.append(equipment)
    s.lasting.append(Lasting(d.uid, ctx.index, (equipment, victim.uid), d.controller, WHILE_TARGET))
    g.emit(
        "equipment_stolen",
        card=g.card(d.uid).id,
        uid=d.uid,
        equipment=g.card(equipment).id,
        seat=victim.owner,
        character=g.card(victim.uid).id,
        cell=cell_list(s.places[d.pos].cell),
    )
    top = s.agenda[-1] if s.agenda else None
    if isinstance(top, DisasterMove) and top.uid == d.uid:  # CARD-18: it flees its full Movement at once
        top.stole = True
        top.remaining = g.ability(d.uid, "movement")
        top.stage = "walk"
    return True


@hook("drop_loot")
def drop_loot(g: Context, ctx: HookCall) -> bool:
    s = g.state
    rec = _loot(g, ctx.source)
    if rec is None:
        return False
    s.lasting = [r for r in s.lasting if r is not rec]
    equipment = rec.targets[0]
    victim = rec.targets[1] if len(rec.targets) > 1 else OFF  # a Character that left play is no longer held
    if equipment not in s.set_aside:  # pragma: no cover - only this hook moves it
        return False
    s.set_aside.remove(equipment)
    back = ctx.effect.when == "defeated" and victim in s.characters and s.characters[victim].bonked_at < 0
    if back:
        s.characters[victim].carried.append(equipment)
        g.emit(
            "equipment_returned",
            card=g.card(ctx.source).id,
            equipment=g.card(equipment).id,
            character=g.card(victim).id,
        )
    else:
        g.discard(equipment)
        g.emit("card_removed", how="discard", card=g.card(equipment).id, uid=equipment, by=g.card(ctx.source).id)
    return True
