"""Events as the log keeps them: plain dictionaries, stored compactly.

A live game keeps every event it has emitted (its log is what the faces narrate and what a record saves), so
the log is the largest part of a game's memory: some 550 events in a two-seat game. Each event is an ordinary
``dict``; what this module changes is only how much memory one takes.

* An event's keys come in one order per place in the rules that emits it (``e``, ``turn``, the emitter's
  keyword arguments, ``to``). Events of one *shape* (that key order) are made as the attribute dictionaries of
  instances of one small class made for that shape, so CPython stores them as split-table dictionaries: the
  keys once per shape, each event only its values (about 127 bytes an event rather than 190). Another
  interpreter makes them ordinary dictionaries: the same content, only larger.
* A cell or a list of seats an event names is one shared list per value (:func:`cell_list`, the ``to`` of
  :func:`make_event`) rather than a new list for each event.

Events are read, never changed, once emitted: the shared lists and the shared key tables rely on it, and
:meth:`Game.events_for` hands a face its own deep copy.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

Event = dict[str, Any]

_SHAPES: dict[tuple[str, ...], type] = {}
_CELLS: dict[tuple[int, int], list[int]] = {}
_SEATS: dict[frozenset[int], list[int]] = {}


def _shape(keys: tuple[str, ...]) -> type:
    made = _SHAPES.get(keys)
    if made is None:
        made = _SHAPES[keys] = type("EventShape", (), {"__module__": __name__})
    return made


def make_event(kind: str, turn: int, to: Iterable[int] | None, data: dict[str, Any]) -> Event:
    """The event ``kind`` of round ``turn`` with ``data``; ``to`` limits who may see it (None: everyone)."""
    shape = (*data, "to") if to is not None else tuple(data)
    ev: Event = _shape(shape)().__dict__
    ev["e"] = kind
    ev["turn"] = turn
    ev.update(data)
    if to is not None:
        ev["to"] = seat_list(to)
    return ev


def seat_list(seats: Iterable[int]) -> list[int]:
    """The seats in order, as one shared list per set of seats (read it only)."""
    key = frozenset(seats)
    found = _SEATS.get(key)
    if found is None:
        found = _SEATS[key] = sorted(key)
    return found


def cell_list(cell: tuple[int, int]) -> list[int]:
    """A cell as an event names it, ``[row, column]``: one shared list per cell (read it only)."""
    found = _CELLS.get(cell)
    if found is None:
        found = _CELLS[cell] = list(cell)
    return found


__all__ = ["Event", "cell_list", "make_event", "seat_list"]
