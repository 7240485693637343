"""Enhancements whose text lets them go on anyone's Character (``on_anyone``: I'm Buyin'; RULES.md TURN-14,
DIS-19).

TURN-14 puts an Enhancement on one of its player's own Characters (in a Haven, or anywhere under 002). A card with
``on_anyone`` may instead be played in its player's Equip phase on any Character in play that is not Bonked,
whoever's it is and wherever it stands; it stays its owner's card (Discarded to its owner's pile). A bearer
``modify`` with ``worn_turns`` then counts the turns of the bearer's owner, the current one counting only when it
is theirs (DIS-19). A game without such cards pays one cached look-up per Enhancement in hand, in the Equip phase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from animayhem.cards.effects import OnAnyone
from animayhem.cards.model import Card
from animayhem.engine.core.state import OFF, SLOTS, WORN_COUNTER, CharacterState
from animayhem.engine.core.statics import per_card
from animayhem.engine.effects import bearer

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context

_FACTS: dict[str, tuple[Card, bool]] = {}


def lets(card: Card) -> bool:
    """Whether the card may be played on anyone's Character (its ``on_anyone``)."""
    return per_card(_FACTS, card, lambda c: any(e.when == "static" and isinstance(e.do, OnAnyone) for e in c.effects))


def targets(g: Context) -> list[CharacterState]:
    """Every Character in play that is not Bonked, whoever's, by uid."""
    s = g.state
    return sorted((c for c in s.characters.values() if c.pos != OFF and c.bonked_at < 0), key=lambda c: c.uid)


def played(g: Context, seat: int, uid: int, ch: CharacterState) -> None:
    """``seat`` has played ``uid`` on ``ch``: played on another player's Character, the turns a ``worn_turns``
    effect counts are that player's, from their next turn on (DIS-19)."""
    if ch.owner == seat:
        return
    bearer.worn_start(g, uid, ch.owner)
    key = uid * SLOTS + WORN_COUNTER
    if key in g.state.counters:
        g.state.counters[key] += 1  # not the bearer's turn now: its first counted turn is its next
