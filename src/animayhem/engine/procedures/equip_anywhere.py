"""Equipping away from a Haven through a card the Character holds (``equip_anywhere``: Servant; RULES.md TURN-14,
CARD-17).

Under the Haven rule of equipping (TURN-14) a Character holding such a card may also be given Enhancements and
Equipment in its owner's Equip phase on the Location where it stands. Each such play is one use of the card; it
has as many uses as its bearer's Charm (read when the use is made), and the last Discards it. The uses spent are
plain data, ``state.counters[uid * SLOTS + USES_COUNTER]``. A game without such cards pays one cached look-up per
card a Character holds, only in the Equip phase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from animayhem.cards.effects import EquipAnywhere
from animayhem.cards.model import Card
from animayhem.engine.core.state import OFF, SLOTS, USES_COUNTER, CharacterState
from animayhem.engine.core.statics import per_card

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context

_FACTS: dict[str, tuple[Card, EquipAnywhere | None]] = {}


def _lets(card: Card) -> EquipAnywhere | None:
    return per_card(
        _FACTS,
        card,
        lambda c: next((e.do for e in c.effects if e.when == "static" and isinstance(e.do, EquipAnywhere)), None),
    )


def card_of(g: Context, ch: CharacterState) -> int:
    """The card that lets ``ch`` be equipped where it stands (its own card first: a Character whose text says
    so, Mousse); -1 when none."""
    for u in (ch.uid, *ch.enhancements, *ch.carried):
        if _lets(g.card(u)) is not None:
            return u
    return -1


def bearers(g: Context, seat: int) -> list[CharacterState]:
    """``seat``'s Characters on a Location (not in a Haven) that such a card lets it equip there."""
    s = g.state
    return [
        c
        for c in s.characters.values()
        if c.owner == seat and c.pos != OFF and c.bonked_at < 0 and not s.places[c.pos].haven and card_of(g, c) >= 0
    ]


def spend(g: Context, ch: CharacterState) -> None:
    """One use of the card that let ``ch`` be equipped away from a Haven; at its bearer's Charm it is Discarded."""
    s = g.state
    uid = card_of(g, ch)
    lets = _lets(g.card(uid)) if uid >= 0 else None
    if lets is None or lets.unlimited:
        return  # none, or one with no count of uses (Mousse's own text)
    key = uid * SLOTS + USES_COUNTER
    s.counters[key] = s.counters.get(key, 0) + 1
    left = g.ability(ch.uid, "charm") - s.counters[key]
    g.emit(
        "ability_used",
        seat=ch.owner,
        card=g.card(uid).id,
        uid=uid,
        character=g.card(ch.uid).id,
        character_uid=ch.uid,
        energy=0,
        health_to=None,
        left=max(left, 0),
    )
    if left <= 0:
        (ch.carried if uid in ch.carried else ch.enhancements).remove(uid)
        s.counters.pop(key, None)
        g.discard(uid)
        g.emit("uses_run_out", seat=ch.owner, card=g.card(uid).id, uid=uid, character=g.card(ch.uid).id)
