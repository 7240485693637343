"""The rules engine: a pure, deterministic game state and one step function.

Faces (CLI, web, AI players, records, research API) talk to the engine through :class:`Game`:
who must decide, what the legal actions are, apply one, what may this seat see, what happened.

A compiled build of the engine (tools/compile_core.py, optional) runs the same code; :func:`compiled` says
whether it is in use.
"""

from animayhem.engine.compiled_core import in_use as compiled  # first: refuses a compiled build out of date
from animayhem.engine.core.actions import Action, parse_action
from animayhem.engine.core.config import DeckList, GameConfig, SeatConfig
from animayhem.engine.faces import explain, narration, quick_setup
from animayhem.engine.game import Game, IllegalAction

__all__ = [
    "Action",
    "DeckList",
    "Game",
    "GameConfig",
    "IllegalAction",
    "SeatConfig",
    "compiled",
    "explain",
    "narration",
    "parse_action",
    "quick_setup",
]
