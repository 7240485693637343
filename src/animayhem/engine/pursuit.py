"""Disasters that chase Characters instead of walking their path (the ``pursue`` verb; RULES.md CARD-1, DIS-5).

A Disaster whose static effect is ``pursue`` takes each step of its Movement toward the nearest Character the
effect names (``who``): in any direction, one Location a step, through Locations only (never a Haven), by a
shortest way; it stops once it stands with one. With ``keep`` it chases the Character it first chose for as
long as that one stays on the Field (the choice is plain data in ``state.counters``). When no such Character
can be reached it walks its path as usual (DIS-5). Ties go to the lowest card instance, then to the first
neighbouring cell in (x, y) order, so a move is the same in every replay.

This is a query module: it reads the state and card facts and changes only the pursuit counter.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from animayhem.cards.effects import Pursue
from animayhem.engine import lasting
from animayhem.engine.field import neighbours
from animayhem.engine.state import OFF, Cell, DisasterState

if TYPE_CHECKING:
    from animayhem.engine.game import Game


def _pursuit(g: Game, uid: int) -> tuple[int, Pursue] | None:
    for index, e in enumerate(g.card(uid).effects):
        if e.when == "static" and isinstance(e.do, Pursue):
            return index, e.do
    return None


def _steps_from(g: Game, start: Cell) -> dict[Cell, int]:
    """Steps from ``start`` to every Location reachable through Locations (Havens are not entered)."""
    s = g.state
    seen = {start: 0}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for n in neighbours(cell, g.rules.adjacency):
            if n in s.grid and n not in seen and not s.places[s.grid[n]].haven:
                seen[n] = seen[cell] + 1
                queue.append(n)
    return seen


def quarry(g: Game, d: DisasterState) -> int | None:
    """The Character ``d`` chases now (None: it has no ``pursue`` effect, or nobody it may chase is reachable)."""
    s = g.state
    found = _pursuit(g, d.uid)
    if found is None or d.pos == OFF:
        return None
    index, p = found
    far = _steps_from(g, s.places[d.pos].cell)
    key = d.uid * 100 + index
    if p.keep and key in s.counters:
        kept = s.characters.get(s.counters[key])
        if kept is not None and kept.pos != OFF and kept.bonked_at < 0 and s.places[kept.pos].cell in far:
            return kept.uid
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
    return best.uid


def step(g: Game, d: DisasterState) -> int | None:
    """Where ``d`` steps next while chasing: its own Place when it already stands with its quarry, the next
    Location of a shortest way otherwise; None when it does not chase (it walks its path)."""
    s = g.state
    target = quarry(g, d)
    if target is None:
        return None
    goal = s.places[s.characters[target].pos].cell
    if s.places[d.pos].cell == goal:
        return d.pos
    back = _steps_from(g, goal)
    here = s.places[d.pos].cell
    options = sorted(n for n in neighbours(here, g.rules.adjacency) if n in back and back[n] < back.get(here, 99))
    if not options:
        return None
    nxt = min(options, key=lambda n: back[n])
    return s.grid[nxt]
