"""Leaving the Field and coming back (RULES.md TURN-20, CONF-60; 002 only: ``Ruleset.leave_field``).

002 lets a Character that stands on one of its owner's Locations, or in its owner's Haven, spend 1 Movement
to step off the Field, and later come back at the same point for 1 Movement. How the engine reads it:

* The engine moves a Character once per Move phase, to any cell within its Movement. Stepping off is such a
  move: ``leave c3 2,1`` takes c3 to its owner's Location or Haven at 2,1 (at most Movement - 1 away, so the
  step off costs the last point; 2,1 may be where it stands) and off the Field. Its move is then used up.
* Off the Field the Character is still in play (like 002's starting Characters before their Haven, AMB-59):
  it keeps its Items, Equipment and Enhancements, and its Items still count for its owner. Its position is
  ``OFF`` and ``off_at`` keeps the Place where it stepped off. Nothing on the Field reaches it: no Disaster
  meets or attacks it, no fight or charm, it cannot Scavenge, be equipped or take Haven cards.
* It is not on the Field, so it does not count toward the six-Character cap (TURN-16, AMB-28).
* ``return c3 2,1``, in a later Move phase of its owner, brings it back at the point where it stepped off
  (1 Movement) and on to 2,1 with what is left of its Movement (2,1 may be the point itself). It may stop
  only where a move may stop (TURN-21): not on a Destroyed Location, not on a Location while six of its
  player's Characters are on the Field, only in its own Haven, never in another player's. Disasters it
  meets there are met after the Move phase, as after any move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from animayhem.engine.core.actions import act
from animayhem.engine.core.events import cell_list
from animayhem.engine.core.field import distances
from animayhem.engine.core.state import OFF, WAITING, Cell, CharacterState
from animayhem.engine.effects import lasting
from animayhem.engine.procedures.movement import may_stop

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


def _exit_points(g: Context, ch: CharacterState) -> list[Cell]:
    """Cells where ``ch`` may step off: its owner's Locations and Havens within Movement - 1."""
    s = g.state
    movement = g.ability(ch.uid, "movement")
    if movement < 1:
        return []
    out = []
    for cell, d in distances(s, s.places[ch.pos].cell, g.rules.adjacency, movement - 1).items():
        place = s.places[s.grid[cell]]
        if place.destroyed:
            continue
        if place.haven:
            if place.uid not in s.players[ch.owner].havens:
                continue
        elif place.owner != ch.owner or (d > 0 and not may_stop(g, ch, place.uid)):
            continue
        out.append(cell)
    return sorted(out)


def _return_points(g: Context, ch: CharacterState) -> list[Cell]:
    """Cells where ``ch``, off the Field, may end its way back (from the point where it stepped off)."""
    s = g.state
    point = s.places.get(ch.off_at)
    movement = g.ability(ch.uid, "movement")
    if point is None or movement < 1:
        return []
    full = g.on_field(ch.owner) >= 6  # TURN-16: it comes back onto the Field
    closed = lasting.groups_closed(g)  # No Help! (forbid: enter_many, join_groups)
    if s.statics and lasting.entries_left(g, ch.owner) < 1:
        full = True
    out = []
    for cell in distances(s, point.cell, g.rules.adjacency, movement - 1):
        place = s.places[s.grid[cell]]
        if place.haven:
            if place.uid not in s.players[ch.owner].havens:
                continue
        elif place.destroyed or full or not may_stop(g, ch, place.uid):
            continue
        if closed and lasting.joins_group(g, ch.owner, place.uid, (ch.uid,)):
            continue  # No Help!: groups are closed (a Haven never is)
        out.append(cell)
    return sorted(out)


def options(g: Context, seat: int) -> list[str]:
    """The ``leave`` and ``return`` actions of the seat's Move phase (none unless the ruleset allows it)."""
    if not g.rules.leave_field:
        return []
    out = []
    for c in sorted(g.state.characters.values(), key=lambda c: c.uid):
        if c.owner != seat or c.bonked_at >= 0 or c.moved:
            continue
        if lasting.kept_by(g, c.uid) != OFF:
            continue  # CARD-22: a card keeps it where it is (on the Field or off it)
        if c.pos != OFF:
            out += [act("leave", c.uid, cell) for cell in _exit_points(g, c)]
        elif c.off_at >= 0:
            out += [act("return", c.uid, cell) for cell in _return_points(g, c)]
    return out


def leave(g: Context, seat: int, uid: int, cell: Cell) -> None:
    s = g.state
    ch = s.characters[uid]
    source = s.places[ch.pos].cell
    ch.pos = OFF
    ch.off_at = s.grid[cell]
    ch.moved = True
    g.emit("left_field", seat=seat, card=g.card(uid).id, uid=uid, source=cell_list(source), point=cell_list(cell))


def come_back(g: Context, seat: int, uid: int, cell: Cell) -> None:
    s = g.state
    ch = s.characters[uid]
    if s.statics and not s.places[s.grid[cell]].haven:
        lasting.brought_onto_field(g, seat)  # No Help!: one a turn
    if ch.off_at == WAITING:  # AMB-59: onto the Field for 1 Movement; the rest is left for this phase
        ch.pos, ch.off_at, ch.moved, ch.spent = s.grid[cell], OFF, True, 1
        g.emit("character_entered", seat=seat, card=g.card(uid).id, uid=uid, dest=cell_list(cell))
        return
    point = s.places[ch.off_at].cell
    ch.pos = s.grid[cell]
    ch.off_at = OFF
    ch.moved = True
    g.emit("returned_to_field", seat=seat, card=g.card(uid).id, uid=uid, point=cell_list(point), dest=cell_list(cell))
