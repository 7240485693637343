"""Hooks of Disasters whose text acts on the fight or on themselves (Funky Muggers, BU-12B Cyberdroid, Freeza).

``mug_clothing`` (``hurts``): one Clothing card the hurt Character carries is Destroyed; with several its owner
picks which (:class:`PickClothing`, a decision of its own right after the round). ``self_destruct``: the
Disaster is Destroyed (taken out of play and out of the game, not Discarded). ``converge`` (``round_start``):
every other Freeza Disaster on the Field steps 2 Locations toward the one fighting; one that reaches it attaches
to it as a DIS-26 ally (engine/procedures/special_disasters.py), so it fights the same Characters once it is Defeated.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from animayhem.engine.core.actions import Action, act
from animayhem.engine.core.events import cell_list
from animayhem.engine.core.state import OFF, game_over
from animayhem.engine.effects import lasting, primitives
from animayhem.engine.effects.card_hooks import HookCall, hook
from animayhem.engine.procedures import pursuit, special_disasters

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context

CLOTHING: Final = "clothing"


def _clothing(g: Context, uid: int) -> list[int]:
    ch = g.state.characters.get(uid)
    if ch is None:
        return []
    out = []
    for u in ch.carried:
        card = g.card(u)
        words = {c.lower() for c in card.category_set} | {s.lower() for s in card.grants_skills}
        if CLOTHING in words:
            out.append(u)
    return sorted(out)


def _in_play(g: Context, uid: int) -> bool:
    s = g.state
    return primitives.holder_of(g, uid) is not None or any(uid in pl.under for pl in s.places.values())


@hook("mug_clothing")
def mug_clothing(g: Context, ctx: HookCall) -> bool:
    """Funky Muggers: the Character it hurt (``about``) loses one Clothing card it carries."""
    if not ctx.about:
        return False
    victim = ctx.about[0]
    found = _clothing(g, victim)
    if not found:
        return False
    if len(found) == 1:
        primitives.remove_from_play(g, found[0], "destroy", ctx.source)
        return True
    g.push(PickClothing(seat=g.state.characters[victim].owner, source=ctx.source, options=found))
    return True


@dataclass(slots=True)
class PickClothing:
    """The owner of a Character Funky Muggers hurt picks which of its Clothing cards is Destroyed."""

    seat: int
    source: int
    options: list[int] = field(default_factory=list)

    def run(self, g: Context) -> None:
        left = [u for u in self.options if _in_play(g, u)]
        if game_over(g.state) or not left:
            g.pop()
            return
        if len(left) == 1:
            g.pop()
            primitives.remove_from_play(g, left[0], "destroy", self.source)
            return
        g.ask(
            self.seat,
            "lose_card",
            f"{g.name(self.source)}: which Clothing card is Destroyed",
            [act("yield", u) for u in left],
        )

    def resume(self, g: Context, action: Action) -> None:
        g.pop()
        primitives.remove_from_play(g, action.cards[0], "destroy", self.source)


@hook("self_destruct")
def self_destruct(g: Context, ctx: HookCall) -> bool:
    """BU-12B Cyberdroid: the Disaster is Destroyed (out of the game, not in the Discard pile)."""
    s = g.state
    d = s.disasters.get(ctx.source)
    if d is None:
        return False
    g.emit("disaster_self_destructs", card=g.card(d.uid).id, uid=d.uid)
    primitives.destroy_disaster(g, d)
    return True


KIND: Final = "Freeza"


@hook("converge", numbers=("steps",))
def converge(g: Context, ctx: HookCall) -> bool:
    """Freeza (1st form): at the start of each round of its fight, every other Freeza Disaster on the Field (not
    attached to another) takes up to 2 steps toward it; one that reaches it becomes its ally (DIS-26)."""
    s = g.state
    me = s.disasters.get(ctx.source)
    if me is None or me.pos == OFF:
        return False
    movers = sorted(
        (
            d
            for d in s.disasters.values()
            if d.uid != me.uid
            and d.pos != OFF
            and not d.off_field
            and d.ally_of == OFF
            and g.is_combat_disaster(d.uid)
            and lasting.is_kind(g.card(d.uid), KIND)
        ),
        key=lambda d: (d.arrived, d.uid),
    )
    did = False
    for d in movers:
        for _ in range(ctx.number("steps")):  # Locations closed in each combat round
            if d.pos == me.pos:
                break
            nxt = pursuit.toward(g, d.pos, me.pos)
            if nxt is None:
                break
            d.pos = nxt
            did = True
            g.emit("disaster_moved", card=g.card(d.uid).id, uid=d.uid, cell=cell_list(s.places[nxt].cell), by_card=True)
            special_disasters.follow(g, d)
        if d.pos == me.pos and d.uid in s.disasters:
            special_disasters.attach(g, d, me)
            did = True
    return did


@hook("discard_self_now")
def discard_self_now(g: Context, ctx: HookCall) -> bool:
    """Acid Head: its time is up (after its 3rd combat round): it is Discarded."""
    d = g.state.disasters.get(ctx.source)
    if d is None:
        return False
    primitives.leave_play(g, d, "done")
    return True
