"""Cards that train their bearer turn by turn (a bearer ``modify`` with ``trained``: Heavy Gravity Training;
RULES.md CARD-12, TURN-24).

At the end of each of its owner's turns, before the end-of-turn steps, every such card on a Character of that
player standing in a Haven (not Bonked) that has not trained it ``trained`` times yet asks its player which
ability of its ``by`` it raises this time (a ``use_choice`` decision, one card at a time); the counts are kept
in ``state.counters`` (engine/effects/bearer.py ``trained``) and the value pipeline reads them. A card asked in
a turn is marked with that turn's number, so the end of the turn goes on once every card has answered.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from animayhem.engine.core.actions import Action
from animayhem.engine.core.state import ASKED_COUNTER, OFF, SLOTS, TRAINED_COUNTER
from animayhem.engine.effects import bearer

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


def pending(g: Context, seat: int) -> bool:
    """Push the choice of the next card of ``seat`` that trains its bearer this turn; False when none is left."""
    s = g.state
    turn = s.players[seat].turns
    for ch in sorted(s.characters.values(), key=lambda c: c.uid):
        if ch.owner != seat or ch.pos == OFF or ch.bonked_at >= 0 or not (ch.enhancements or ch.carried):
            continue
        if not s.places[ch.pos].haven:
            continue
        for u in (*ch.enhancements, *ch.carried):
            m = bearer.training(g.card(u))
            if m is None or m.trained is None or s.counters.get(u * SLOTS + ASKED_COUNTER) == turn:
                continue
            if sum(bearer.trained(g, u, m).values()) >= m.trained or not bearer.applies(g, ch, m.who):  # type: ignore[arg-type]
                continue
            s.counters[u * SLOTS + ASKED_COUNTER] = turn
            g.push(Train(seat, u, ch.uid))
            return True
    return False


@dataclass(slots=True)
class Train:
    """The card ``card`` on ``character`` trains it once more: its player answers which ability it raises."""

    seat: int
    card: int
    character: int

    def run(self, g: Context) -> None:
        m = bearer.training(g.card(self.card))
        names = list(m.by) if m is not None else []
        prompt = f"{g.name(self.card)}: a turn in the Haven; which ability of {g.name(self.character)} it raises"
        g.ask(self.seat, "use_choice", prompt, names)

    def resume(self, g: Context, action: Action) -> None:
        m = bearer.training(g.card(self.card))
        assert m is not None and m.trained is not None
        names = list(m.by)
        i = names.index(action.verb)
        key = self.card * SLOTS + TRAINED_COUNTER + i
        g.state.counters[key] = g.state.counters.get(key, 0) + 1
        g.emit(
            "ability_trained",
            seat=self.seat,
            card=g.card(self.card).id,
            uid=self.card,
            character=g.card(self.character).id,
            ability=action.verb,
            by=m.by[action.verb],
            count=sum(bearer.trained(g, self.card, m).values()),
            most=m.trained,
        )
        g.pop()
