"""The card of another player's that a Pass Around (``use_others``) lets its bearer use, named as it is played
(RULES.md TURN-14, DIS-19; the effect itself is read in engine/effects/lent.py and bearer.py).

Right after the card goes on its bearer its player answers a ``use_choice`` decision: ``choose cN``, one of the
cards of the kinds it names that a Character of another player carries in play. The card is only offered in the
Equip phase while there is such a card (:func:`offered`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from animayhem.cards.model import Card
from animayhem.engine.core.actions import Action, act
from animayhem.engine.core.state import CharacterState
from animayhem.engine.effects import lent

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


def asks(card: Card) -> bool:
    """Whether playing ``card`` asks its player to name a card of another player's (``use_others``)."""
    return lent.lends(card) is not None


def offered(g: Context, seat: int, uid: int) -> bool:
    """Whether ``seat`` may play ``uid`` now: not a ``use_others`` card, or one with a card to name."""
    v = lent.lends(g.card(uid))
    return v is None or bool(lent.pool(g, seat, v))


@dataclass(slots=True)
class ChooseLent:
    """``seat`` names the card its just-played ``card`` lets its bearer use."""

    seat: int
    card: int

    def run(self, g: Context) -> None:
        v = lent.lends(g.card(self.card))
        opts = [act("choose", u) for u in lent.pool(g, self.seat, v)] if v is not None else []
        if not opts:
            g.pop()
            return
        g.ask(self.seat, "use_choice", f"{g.name(self.card)}: which card of another player's its bearer uses", opts)

    def resume(self, g: Context, action: Action) -> None:
        got = action.cards[0]
        lent.choose(g, self.card, self.seat, got)
        v = lent.lends(g.card(self.card))
        holder = _holder(g, got)
        g.emit(
            "card_lent",
            seat=self.seat,
            card=g.card(self.card).id,
            uid=self.card,
            lent=g.card(got).id,
            holder=g.card(holder.uid).id if holder is not None else None,
            turns=v.turns if v is not None else 0,
        )
        g.pop()


def _holder(g: Context, uid: int) -> CharacterState | None:
    return next((c for c in g.state.characters.values() if uid in c.carried), None)
