"""A Disaster held where it stands by a Character's card (``pin``: Patiently Waiting; RULES.md CARD-22, DIS-7).

Used, the ability pins one Disaster at its bearer's Location: the Disaster does not move (engine/procedures/
disasters.py asks :func:`pinned`) until another Character comes onto that Location, its bearer is no longer
there, or ``turns`` of the Disaster's controller's turns have passed. The pin is plain data:
``state.counters[uid * SLOTS + PIN_UNTIL]`` (the last of the controller's turns it stays) and ``[uid * 100 +
PIN_BY]`` (the bearer), so clone, hash, save and replay keep it. A game with no pin pays one look at the counters
when a Disaster would move, and one per Disaster when a Character arrives while counters are in use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from animayhem.engine.core.state import OFF, PIN_BY, PIN_UNTIL, SLOTS, CharacterState, DisasterState

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


def pin(g: Context, d: DisasterState, by: CharacterState, turns: int, card: int) -> None:
    s = g.state
    s.counters[d.uid * SLOTS + PIN_UNTIL] = s.players[d.controller].turns + turns
    s.counters[d.uid * SLOTS + PIN_BY] = by.uid
    g.emit(
        "disaster_pinned",
        card=g.card(d.uid).id,
        uid=d.uid,
        character=g.card(by.uid).id,
        by=g.card(card).id,
        turns=turns,
    )


def release(g: Context, d: DisasterState, why: str) -> None:
    s = g.state
    s.counters.pop(d.uid * SLOTS + PIN_UNTIL, None)
    s.counters.pop(d.uid * SLOTS + PIN_BY, None)
    g.emit("disaster_released", card=g.card(d.uid).id, uid=d.uid, reason=why)


def pinned(g: Context, d: DisasterState) -> bool:
    """Whether the Disaster is held where it stands: its time is not over and the Character whose card pins it is
    still at its Location (no state changes here: a pin whose time is over is only ignored)."""
    s = g.state
    until = s.counters.get(d.uid * SLOTS + PIN_UNTIL)
    if until is None or until < s.players[d.controller].turns or d.pos == OFF:
        return False
    by = s.characters.get(s.counters.get(d.uid * SLOTS + PIN_BY, OFF))
    return by is not None and by.pos == d.pos


def arrived(g: Context, ch: CharacterState) -> None:
    """A Character came onto a Location: a Disaster pinned there by another Character is free again."""
    s = g.state
    for d in list(s.disasters.values()):
        if d.pos == ch.pos and (key := d.uid * SLOTS + PIN_BY) in s.counters and s.counters[key] != ch.uid:
            release(g, d, "arrival")
