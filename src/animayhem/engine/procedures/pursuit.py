"""Disasters that chase Characters instead of walking their path (the ``pursue`` verb; RULES.md CARD-1, DIS-5).

A Disaster whose static effect is ``pursue`` takes each step of its Movement toward the nearest Character the
effect names (``who``): in any direction, one Location a step, through Locations only (never a Haven), by a
shortest way; it stops once it stands with one. With ``keep`` it chases the Character it first chose for as
long as that one stays on the Field (the choice is plain data in ``state.counters``). When no such Character
can be reached it walks its path as usual (DIS-5). Ties go to the lowest card instance, and the way is the one a
breadth-first search in the fixed neighbour order finds first, so a move is the same in every replay.

This is a query module: it reads the state and card facts and changes only the pursuit counter.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from animayhem.cards.effects import Pursue
from animayhem.cards.model import Card
from animayhem.engine.core.field import NEIGHBOURS_4, NEIGHBOURS_8
from animayhem.engine.core.state import OFF, SLOTS, Cell, DisasterState
from animayhem.engine.effects import bearer, lasting

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


# card id -> the card and its pursue effect (card data never changes; checked to be that very Card object, as
# another database in the process may hold another card under the same id)
_PURSUIT: dict[str, tuple[Card, tuple[int, Pursue] | None]] = {}


def _pursuit(g: Context, uid: int) -> tuple[int, Pursue] | None:
    card = g.card(uid)
    found = _PURSUIT.get(card.id)
    if found is None or found[0] is not card:
        chases = [(i, e.do) for i, e in enumerate(card.effects) if e.when == "static" and isinstance(e.do, Pursue)]
        found = _PURSUIT[card.id] = (card, chases[0] if chases else None)
    return found[1]


def _steps_from(g: Context, start: Cell) -> tuple[dict[Cell, int], dict[Cell, Cell]]:
    """Steps from ``start`` to every Location reachable through Locations (Havens are not entered), and for
    each one the cell it is first reached from (a shortest way back to ``start``; fixed neighbour order).
    Kept until the Field changes (as the Disaster paths are): callers only read the two maps."""
    s = g.state
    key = (start, g.rules.adjacency, s.field_version)
    found = g._reach.get(key)
    if found is not None:
        return found
    grid, places = s.grid, s.places
    moves = NEIGHBOURS_8 if g.rules.adjacency == 8 else NEIGHBOURS_4
    seen = {start: 0}
    came: dict[Cell, Cell] = {}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        x, y = cell
        for dx, dy in moves:
            n = (x + dx, y + dy)
            if n not in seen and n in grid and not places[grid[n]].haven:
                seen[n] = seen[cell] + 1
                came[n] = cell
                queue.append(n)
    g._reach[key] = (seen, came)
    return seen, came


def _chase(g: Context, d: DisasterState) -> tuple[int, dict[Cell, Cell]] | None:
    """The Character ``d`` chases now and the way there (None: no ``pursue`` effect, or nobody to reach)."""
    s = g.state
    found = _pursuit(g, d.uid)
    if found is None or d.pos == OFF:
        return None
    index, p = found
    far, came = _steps_from(g, s.places[d.pos].cell)
    key = d.uid * SLOTS + index
    if p.keep and key in s.counters:
        kept = s.characters.get(s.counters[key])
        if kept is not None and kept.pos != OFF and kept.bonked_at < 0 and s.places[kept.pos].cell in far:
            return kept.uid, came
    pool = [
        c
        for c in s.characters.values()
        if c.pos != OFF
        and c.bonked_at < 0
        and not s.places[c.pos].haven
        and s.places[c.pos].cell in far
        and lasting.matches(g, c, p.who)
    ]
    if not pool:
        s.counters.pop(key, None)
        return None
    best = min(pool, key=lambda c: (far[s.places[c.pos].cell], c.uid))
    if p.keep:
        s.counters[key] = best.uid
    return best.uid, came


def quarry(g: Context, d: DisasterState) -> int | None:
    """The Character ``d`` chases now (None: it has no ``pursue`` effect, or nobody it may chase is reachable)."""
    found = _chase(g, d)
    return None if found is None else found[0]


def step(g: Context, d: DisasterState) -> int | None:
    """Where ``d`` steps next while chasing: its own Place when it already stands with its quarry, the next
    Location of a shortest way otherwise; None when it does not chase (it walks its path)."""
    s = g.state
    found = _chase(g, d)
    if found is None:
        return None
    target, came = found
    here = s.places[d.pos].cell
    cell = s.places[s.characters[target].pos].cell
    if cell == here:
        return d.pos
    while came[cell] != here:
        cell = came[cell]
    return s.grid[cell]


def toward(g: Context, start: int, goal: int) -> int | None:
    """The next Location of a shortest way from the Place ``start`` to the Place ``goal`` through Locations (the
    same search as a chase); ``goal`` itself when they are next to each other, None when it cannot be reached."""
    s = g.state
    here, cell = s.places[start].cell, s.places[goal].cell
    far, came = _steps_from(g, here)
    if cell not in far or cell == here:
        return None
    while came[cell] != here:
        cell = came[cell]
    return s.grid[cell]


def nearest_carrier(g: Context, d: DisasterState) -> tuple[int, int] | None:
    """The Place of the nearest Character on a Location carrying an Item, and how many steps away it is (ties:
    the lowest card instance); None when none can be reached (``snipe``: Acid Head)."""
    s = g.state
    if d.pos == OFF:
        return None
    far, _came = _steps_from(g, s.places[d.pos].cell)
    pool = [
        c
        for c in s.characters.values()
        if c.pos != OFF
        and c.bonked_at < 0
        and not s.places[c.pos].haven
        and s.places[c.pos].cell in far
        and bearer.detectable(g, c)
    ]
    if not pool:
        return None
    best = min(pool, key=lambda c: (far[s.places[c.pos].cell], c.uid))
    return best.pos, far[s.places[best.pos].cell]


def snipe_step(g: Context, d: DisasterState) -> int | None:
    """Where a sniping Disaster steps next: its own Place once it stands 1 (or 0) Locations from the nearest
    Item carrier, a step toward that one otherwise; None when there is none to reach (it walks its path)."""
    mark = nearest_carrier(g, d)
    if mark is None:
        return None
    place, steps = mark
    if steps <= 1:
        return d.pos
    return toward(g, d.pos, place)
