"""Hooks of Disasters whose text acts on the fight or on themselves (Funky Muggers, BU-12B Cyberdroid).

``mug_clothing`` (``hurts``): one Clothing card the hurt Character carries is Destroyed; with several its owner
picks which (:class:`PickClothing`, a decision of its own right after the round). ``self_destruct``: the
Disaster is Destroyed (taken out of play and out of the game, not Discarded).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from animayhem.engine import primitives
from animayhem.engine.actions import Action, act
from animayhem.engine.card_hooks import HookCall, hook

if TYPE_CHECKING:
    from animayhem.engine.game import Game

CLOTHING = "clothing"


def _clothing(g: Game, uid: int) -> list[int]:
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


def _in_play(g: Game, uid: int) -> bool:
    s = g.state
    return primitives.holder_of(g, uid) is not None or any(uid in pl.under for pl in s.places.values())


@hook("mug_clothing")
def mug_clothing(g: Game, ctx: HookCall) -> bool:
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

    def run(self, g: Game) -> None:
        left = [u for u in self.options if _in_play(g, u)]
        if g.state.result is not None or not left:
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

    def resume(self, g: Game, action: Action) -> None:
        g.pop()
        primitives.remove_from_play(g, action.cards[0], "destroy", self.source)


@hook("self_destruct")
def self_destruct(g: Game, ctx: HookCall) -> bool:
    """BU-12B Cyberdroid: the Disaster is Destroyed (out of the game, not in the Discard pile)."""
    s = g.state
    d = s.disasters.get(ctx.source)
    if d is None:
        return False
    g.emit("disaster_self_destructs", card=g.card(d.uid).id, uid=d.uid)
    primitives.leave_play(g, d, "destroyed")
    s.players[s.owner[d.uid]].discard.remove(d.uid)  # Destroyed, not Discarded
    g.destroy(d.uid)
    return True
