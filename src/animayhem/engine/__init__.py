"""The rules engine: a pure, deterministic game state and one step function.

Faces (CLI, web, AI players, records, research API) talk to the engine through :class:`Game`:
who must decide, what the legal actions are, apply one, what may this seat see, what happened.
"""

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
    "explain",
    "narration",
    "parse_action",
    "quick_setup",
]
