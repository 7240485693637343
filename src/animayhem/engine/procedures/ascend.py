"""A Character card that takes its base Character's place for one turn (``ascend``: the Super Saiyans; RULES.md
CARD-5, TURN-22).

Such a card is never played into a Haven. In its owner's Move phase, instead of a move (TURN-22), a base
Character in play that has not moved may be swapped for it, from its owner's hand or a Haven of theirs, when the
card's condition holds (the base Bonked N times this game, counted by primitives.bonk while the game holds such a
card; or the base's Energy at N or more) and its owner has not brought it in during the last ``every`` of their
turns. The swap is the two-card transformation's (engine/effects/transform.py): the new card stands where the base
stood with its damage and what it held, and the base's card waits where the new one did. At the end of that turn
the base comes back the same way (:func:`end_turn`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from animayhem.engine.core.actions import act
from animayhem.engine.core.state import ASCEND_COUNTER, BASE_COUNTER, BONKS_COUNTER, OFF, SLOTS
from animayhem.engine.effects import abilities, control, transform

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


def _zones(g: Context, seat: int) -> list[list[int]]:
    s = g.state
    p = s.players[seat]
    return [p.hand, *(s.places[h].stored for h in p.havens if h in s.places)]


def never_played(g: Context, uid: int) -> bool:
    """Whether the card ``uid`` comes into play only in place of its base Character (not into a Haven)."""
    found = transform.ascenders(g)
    return bool(found) and uid in found


def options(g: Context, seat: int) -> list[str]:
    """``transform cBase cCard`` for each such card of ``seat`` at hand and each base Character it may replace now."""
    found = transform.ascenders(g)
    if not found:
        return []
    s = g.state
    p = s.players[seat]
    mine = sorted(
        (
            c
            for c in s.characters.values()
            if c.owner == seat and c.pos != OFF and c.bonked_at < 0 and not c.moved and not control.controlled(g, c.uid)
        ),
        key=lambda c: c.uid,
    )
    out: list[str] = []
    for zone in _zones(g, seat):
        for u in zone:
            x = found.get(u)
            if x is None or s.owner[u] != seat:
                continue
            last = s.counters.get(u * SLOTS + ASCEND_COUNTER, 0)
            if last and p.turns < last - 1 + x.every:
                continue  # at most once every N of its owner's turns
            for c in mine:
                if not transform.is_base(g.card(c.uid), x.base):
                    continue
                if x.bonked is not None and s.counters.get(c.uid * SLOTS + BONKS_COUNTER, 0) < x.bonked:
                    continue
                if x.energy is not None and abilities.value(g, c.uid, "energy") < x.energy:
                    continue
                out.append(act("transform", c.uid, u))
    return out


def ascend(g: Context, base: int, card: int) -> None:
    """The card ``card`` takes the place of the base Character ``base`` for the rest of the turn."""
    s = g.state
    seat = s.characters[base].owner
    new = transform.transform(g, base, card, zones=_zones(g, seat))
    s.counters[new * SLOTS + ASCEND_COUNTER] = s.players[seat].turns + 1
    s.counters[new * SLOTS + BASE_COUNTER] = base + 1


def end_turn(g: Context, seat: int) -> None:
    """The end of ``seat``'s turn: each such card in play that came in this turn gives its place back to the base
    Character whose place it took, if that card still waits where it went (else it stays)."""
    found = transform.ascenders(g)
    if not found:
        return
    s = g.state
    turn = s.players[seat].turns + 1
    for u in sorted(found):
        c = s.characters.get(u)
        if c is None or c.owner != seat or s.counters.get(u * SLOTS + ASCEND_COUNTER) != turn:
            continue
        base = s.counters.get(u * SLOTS + BASE_COUNTER, 0) - 1
        if c.pos == OFF or c.bonked_at >= 0 or not any(base in z for z in _zones(g, seat)):
            continue  # out of play meanwhile, or the base's card has left: nothing to swap back
        transform.transform(g, u, base, forced=True, zones=_zones(g, seat))
