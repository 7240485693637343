"""Characters that are Disasters while transformed (the ``were_disaster`` effect: Baby Gohan, a Major Combat
Disaster while Full Moon or False Moon gives him his right-hand values; RULES.md CARD-5, DIS-5, DIS-34).

Whether a card transforms such a Character changes when a Disaster comes or goes, a Flash Effect resolves or
ends, or the Character steps out of its Haven. Rather than watch every one of those places, the game looks
between the steps of a turn: each time a phase of the turn is about to go on (its frame on top of the agenda,
no fight, Disaster move or card resolving above it), :func:`sweep` turns each such Character that a card now
transforms, standing on a Location of the Field, into a Disaster of its owner's
(engine/effects/primitives.py ``turn_disaster``), and each one turned that nothing transforms any more back
(``turn_back``). A fight or a move under way keeps the sides it began with, and a decision is always asked of
the state it is answered on.

Games without such a card pay one look-up per decision (:func:`weres`, kept per card list).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from animayhem.cards.effects import WereDisaster
from animayhem.cards.model import Card
from animayhem.engine.core.state import OFF, CharacterState
from animayhem.engine.core.statics import instances_where, per_card_list
from animayhem.engine.effects import lasting, primitives
from animayhem.engine.procedures.turn import Discard, EndTurn, Equip, Maintenance, Move, Reload, ScavengePhase, TurnLoop

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context

# the frames of a turn's phases: when one is on top of the agenda, no step of the rules is under way above it
PHASES: Final = (TurnLoop, Discard, Reload, Maintenance, Equip, Move, ScavengePhase, EndTurn)

_WERES: dict[int, tuple[list[str], tuple[tuple[int, int], ...]]] = {}


def weres(g: Context) -> tuple[tuple[int, int], ...]:
    """The card instances of the game whose card has a ``were_disaster`` effect, each with that effect's index
    (empty in most games; worked out once per card list)."""
    cards = g._cards

    def find(listed: list[str]) -> tuple[tuple[int, int], ...]:
        return tuple(
            (u, i)
            for u in instances_where(cards, listed, "were_disaster", _turns_disaster)
            for i, e in enumerate(cards[listed[u]].effects)
            if isinstance(e.do, WereDisaster)
        )

    return per_card_list(_WERES, g.state.cards, find)


def _turns_disaster(card: Card) -> bool:
    return any(isinstance(e.do, WereDisaster) for e in card.effects)


def sweep(g: Context, found: tuple[tuple[int, int], ...]) -> None:
    """Between two steps of a turn (a phase's frame on top of the agenda), each Character of ``found`` that a card
    in play transforms and that stands on a Location of the Field (not a Haven: DIS-34) becomes a Disaster; each
    one turned Disaster that nothing transforms any more turns back."""
    s = g.state
    if not s.agenda or type(s.agenda[-1]) not in PHASES:
        return
    for uid, index in found:
        ch = s.characters.get(uid)
        if ch is not None:
            if ch.pos == OFF or ch.bonked_at >= 0 or s.places[ch.pos].haven or s.places[ch.pos].destroyed:
                continue
            if (s.statics or s.lasting) and lasting.alt_form(g, uid):
                primitives.turn_disaster(g, ch, index)
            continue
        d = s.disasters.get(uid)
        if d is None or not s.lasting or lasting.were(g, uid) < 0:
            continue
        if d.pos == OFF or not lasting.transformed(g, CharacterState(uid=uid, owner=s.owner[uid], pos=d.pos)):
            primitives.turn_back(g, d, "back")
