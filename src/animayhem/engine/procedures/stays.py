"""How long Characters have stayed at their Location, for the requirement "remain on Location for N turns"
(Campground; the requirement grammar's ``remain_turns`` term, cards/requirements.py; SCAV-1).

Ruling (beside Campground's card data): a Character has stayed one turn more at its Location each time one of
its owner's turns ends with it there; the turn it came counting as the first, as durations count (DIS-19), so
a group that arrives in its owner's turn N has stayed 2 turns from turn N+2 on (the rulebook's Haven builders
"remain at a Location for 2 turns" and build on the 3rd). Leaving the Location in any way starts the count
again; a Haven is no Location. The group's count is its Characters' best, as the requirement pools what a group
has (SCAV-1). ``CharacterState.stayed`` and ``stayed_at`` hold the count, so clone, save and replay keep it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from animayhem.cards.effects import AwayLimit
from animayhem.cards.requirements import Requirement, Special
from animayhem.engine.core.state import AWAY_COUNTER, OFF, SLOTS, CharacterState
from animayhem.engine.core.statics import of_kind
from animayhem.engine.effects.primitives import bonk

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


def end_turn(g: Context, seat: int) -> None:
    """At the end of ``seat``'s turn: each of its Characters standing on a Location has stayed there one turn
    more (one, if it came there this turn or the count was for another Location); any other has stayed none.
    Another player's Character that was moved away in this turn (a card, Running Away) loses its count."""
    s = g.state
    for c in s.characters.values():
        if c.owner != seat:
            if c.stayed_at != OFF and c.pos != c.stayed_at:
                c.stayed, c.stayed_at = 0, OFF
            continue
        if c.pos == OFF or c.bonked_at >= 0 or s.places[c.pos].haven:
            c.stayed, c.stayed_at = 0, OFF
        elif c.stayed_at == c.pos and not c.moved:
            c.stayed += 1
        else:
            c.stayed, c.stayed_at = 1, c.pos


def turns_here(c: CharacterState) -> int:
    """The owner's turns that have ended with ``c`` at the Location where it stands now (none when it has
    moved in its owner's current turn: it came there again, even after going away and back)."""
    return c.stayed if c.pos != OFF and c.stayed_at == c.pos and not c.moved else 0


def remain_turns(req: Requirement) -> int | None:
    """The N of a requirement's "remain on Location for N turns" term, or None when it has none."""
    return next((t.value for t in req.terms() if isinstance(t, Special) and t.name == "remain_turns"), None)


def group_stayed(group: Iterable[CharacterState]) -> int:
    """The turns a group has stayed at its Location: the longest of its Characters (SCAV-1 pools the group)."""
    return max((turns_here(c) for c in group), default=0)


def away_limits(g: Context, seat: int) -> None:
    """At the end of ``seat``'s turn: each of its Characters whose own card limits its turns away from a Haven
    (``away_limit``: Young Belldandy) counts one more if it stands on a Location, and is Bonked at the limit; in a
    Haven or Bonked its count starts again (off the Field it neither counts nor starts again)."""
    s = g.state
    for c in list(s.characters.values()):
        if c.owner != seat:
            continue
        limits = of_kind(g.card(c.uid), AwayLimit)
        if not limits:
            continue
        key = c.uid * SLOTS + AWAY_COUNTER
        if c.bonked_at >= 0 or (c.pos != OFF and s.places[c.pos].haven):
            s.counters.pop(key, None)
            continue
        if c.pos == OFF:
            continue
        n = s.counters.get(key, 0) + 1
        if n < min(x.turns for x in limits):
            s.counters[key] = n
            continue
        s.counters.pop(key, None)
        g.emit("away_too_long", seat=seat, card=g.card(c.uid).id, uid=c.uid, turns=n)
        bonk(g, c, None)
