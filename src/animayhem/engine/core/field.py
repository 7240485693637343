"""The Field: cells, adjacency, where Locations may be placed, and the Disaster path (RULES.md SETUP-23 …
SETUP-38, TURN-17 … TURN-21, DIS-4 … DIS-6, AMB-1 … AMB-3).

Cells are ``(x, y)`` with x growing to the right and y growing downwards, as drawn on a table seen from
above. Every seat faces one side of the Field (AMB-2): seat orientation decides which Location is "top
right" for that player, and so the path of the Disasters the player controls.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import Final

from animayhem.engine.core.state import Cell, GameState

NEIGHBOURS_8: Final = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))
NEIGHBOURS_4: Final = ((0, -1), (-1, 0), (1, 0), (0, 1))

# (facing, right-hand) unit vectors for each side of the table (AMB-2).
SIDES: dict[str, tuple[Cell, Cell]] = {
    "bottom": ((0, -1), (1, 0)),
    "top": ((0, 1), (-1, 0)),
    "right": ((-1, 0), (0, -1)),
    "left": ((1, 0), (0, 1)),
}
SEAT_SIDES: Final = {
    1: ("bottom",),
    2: ("bottom", "top"),
    3: ("bottom", "right", "top"),
    4: ("bottom", "right", "top", "left"),
    5: ("bottom", "right", "top", "left", "bottom"),
}


def neighbours(cell: Cell, adjacency: int) -> Iterable[Cell]:
    x, y = cell
    for dx, dy in NEIGHBOURS_8 if adjacency == 8 else NEIGHBOURS_4:
        yield (x + dx, y + dy)


def seat_side(state: GameState, seat: int, layout: str) -> str:
    if layout == "lines":
        return "bottom"  # AMB-3: one chained line, walked from the drawer's right to left
    return SEAT_SIDES[len(state.players)][seat]


def placement_cells(state: GameState, adjacency: int) -> list[Cell]:
    """Empty cells touching a Location (not only a Haven, AMB-1); (0, 0) for the first Location."""
    locations = [p.cell for p in state.places.values() if not p.haven]
    if not locations:
        return [(0, 0)]
    out = set()
    for cell in locations:
        for n in neighbours(cell, adjacency):
            if n not in state.grid:
                out.add(n)
    return sorted(out)


def haven_cells(state: GameState, adjacency: int, owner: int | None = None) -> list[Cell]:
    """Empty cells next to a Location (next to one of ``owner``'s when given: Lines layout, SETUP-36)."""
    out = set()
    for p in state.places.values():
        if p.haven or (owner is not None and p.owner != owner):
            continue
        for n in neighbours(p.cell, adjacency):
            if n not in state.grid:
                out.add(n)
    return sorted(out)


def disaster_path(state: GameState, side: str, skip_destroyed: bool) -> list[int]:
    """The Locations a Disaster visits, in order, for a player on ``side`` (DIS-5): the right-most column
    first, each column from the far end towards the player; Havens are never on the path."""
    facing, right = SIDES[side]
    cells = [p.cell for p in state.places.values() if not p.haven and not (skip_destroyed and p.destroyed)]
    cells.sort(key=lambda c: (-(c[0] * right[0] + c[1] * right[1]), -(c[0] * facing[0] + c[1] * facing[1])))
    return [state.grid[c] for c in cells]


# distances() answers, by grid (its identity, checked), Field version, start, adjacency and limit: the grid
# changes only with the Field version, and callers only read the answer
_DISTANCES: dict[tuple[int, int, Cell, int, int], tuple[dict[Cell, int], dict[Cell, int]]] = {}


def distances(state: GameState, start: Cell, adjacency: int, limit: int) -> dict[Cell, int]:
    """Steps from ``start`` to every Location or Haven within ``limit`` (TURN-17: 1 point a step; moving
    through Havens, Destroyed and special Locations is allowed, AMB-26). The answer is shared: read it only."""
    grid = state.grid
    key = (id(grid), state.field_version, start, adjacency, limit)
    found = _DISTANCES.get(key)
    if found is not None and found[0] is grid:
        return found[1]
    steps = NEIGHBOURS_8 if adjacency == 8 else NEIGHBOURS_4  # neighbours(), inlined: a hot loop
    seen = {start: 0}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        d = seen[cell]
        if d == limit:
            continue
        x, y = cell
        for dx, dy in steps:
            n = (x + dx, y + dy)
            if n in grid and n not in seen:
                seen[n] = d + 1
                queue.append(n)
    if len(_DISTANCES) > 4096:  # many games and copies in one process: start again
        _DISTANCES.clear()
    _DISTANCES[key] = (grid, seen)
    return seen
