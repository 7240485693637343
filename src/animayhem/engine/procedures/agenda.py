"""Frames pushed by kind: how a procedure lower in the engine starts one above it.

The rulebook's procedures call one another in a circle (a Disaster's move ends in a combat, a combat ends in
the Disaster moving on, set-up ends in the turn loop). Each procedure module imports only those below it
(the layers contract in ``.importlinter``); where a procedure must start one above it, it names the frame by
its kind here, and the module that defines the frame registers it when imported, by a call after the class
(``game.py`` imports them all through ``procedures/turn.py``), as card hooks register themselves in
``effects/card_hooks.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, TypeVar

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context, Frame

COMBAT: Final = "combat"  # procedures/combat.py: Combat (a fight against a Disaster)
DISASTER_MOVE: Final = "disaster_move"  # procedures/disasters.py: DisasterMove
# procedures/disasters.py: DisasterPlayed (a card played it at once: Shen Lon)
DISASTER_PLAYED: Final = "disaster_played"
TURN_LOOP: Final = "turn_loop"  # procedures/turn.py: TurnLoop

_MAKERS: dict[str, Callable[..., Frame]] = {}

F = TypeVar("F", bound=type)


def frame(kind: str) -> Callable[[F], F]:
    """Register a frame class under ``kind``: ``frame(kind)(cls)``, called after the class (as a decorator it would
    keep the compiled core, tools/compile_core.py, from compiling the class)."""

    def register(cls: F) -> F:
        if kind in _MAKERS and _MAKERS[kind] is not cls:
            raise ValueError(f"frame kind {kind!r} registered twice")
        _MAKERS[kind] = cls
        return cls

    return register


def push(g: Context, kind: str, **fields: Any) -> None:
    """Put a new frame of ``kind`` on the agenda, made from ``fields``."""
    g.push(_MAKERS[kind](**fields))


def registered() -> frozenset[str]:
    """The kinds registered so far (tests: every kind named here is registered once the engine is loaded)."""
    return frozenset(_MAKERS)
