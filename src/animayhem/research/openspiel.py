"""An OpenSpiel Python game, registered as ``python_animayhem`` when this module is imported.

    import pyspiel
    import animayhem.research.openspiel  # registers the game
    game = pyspiel.load_game("python_animayhem", {"players": 2, "ruleset": "classic"})

* **Imperfect information**, general-sum: each player's utility is +1 for a winner and -1 for every other
  player (all of them when the Disasters win), 0 before the end.
* **Chance is sampled** (``SAMPLED_STOCHASTIC``): shuffles and random Disaster targets come from the
  engine's seeded RNG inside ``apply``, so there are no chance nodes. The k-th initial state a game object
  makes uses the seed ``seed + k`` (parameter ``seed``, default 0): runs are reproducible.
* Actions are the fixed encoding of animayhem.research.encoding (``num_distinct_actions`` =
  ``NUM_DISTINCT_ACTIONS``); ``action_to_string`` gives the action text.
* Observations: the tensor and string of animayhem.research.observation, from ``view(player)``. The
  information-state string and tensor are the same as the observation ones (the view is what the seat
  knows now; it is not a perfect-recall history).
* ``resample_from_infostate(player, sampler)`` deals the hidden cards of ``player``'s information afresh
  (animayhem.agents.infoset.InfoSet), so OpenSpiel's ISMCTS bot searches without seeing hidden cards.

Parameters: ``players`` (1-5), ``ruleset``, ``layout``, ``decks`` (starter decks, comma-separated; empty:
the starters legal for the player count), ``seed``, ``max_rounds`` (the engine's round limit, 150).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel

from animayhem.agents.infoset import InfoSet
from animayhem.agents.simulate import MAX_DECISIONS
from animayhem.engine.core.config import GameConfig
from animayhem.engine.game import Game
from animayhem.research import encoding, observation
from animayhem.research.core import legal_codes, make_config

_DEFAULTS: dict[str, Any] = {
    "players": 2,
    "ruleset": "classic",
    "layout": "grid",
    "decks": "",
    "seed": 0,
    "max_rounds": 150,
}
GAME_TYPE = pyspiel.GameType(
    short_name="python_animayhem",
    long_name="Ani-Mayhem (animayhem engine)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=5,
    min_num_players=1,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


class AnimayhemGame(pyspiel.Game):
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = {**_DEFAULTS, **(params or {})}
        self.players = int(p["players"])
        self.decks = [d for d in str(p["decks"]).split(",") if d]
        self.ruleset, self.layout, self.seed = str(p["ruleset"]), str(p["layout"]), int(p["seed"])
        self.max_rounds = int(p["max_rounds"])
        self._config(self.seed)  # check the parameters
        info = pyspiel.GameInfo(
            num_distinct_actions=encoding.NUM_DISTINCT_ACTIONS,
            max_chance_outcomes=0,
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=MAX_DECISIONS,
        )
        super().__init__(GAME_TYPE, info, p)
        self._made = 0

    def new_initial_state(self) -> AnimayhemState:
        seed = self.seed + self._made
        self._made += 1
        return AnimayhemState(self, Game(self._config(seed)))

    def _config(self, seed: int) -> GameConfig:
        return make_config(self.players, self.decks, self.ruleset, self.layout, seed, self.max_rounds)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> AnimayhemObserver:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        return AnimayhemObserver()


class _Engine:
    """Holds the engine game; OpenSpiel clones a Python state by deep-copying its attributes, and this
    makes that copy a ``Game.clone()`` (the card database is shared, never copied)."""

    __slots__ = ("g",)

    def __init__(self, g: Game) -> None:
        self.g = g

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        return _Engine(self.g.clone())


class AnimayhemState(pyspiel.State):
    def __init__(self, game: AnimayhemGame, g: Game) -> None:
        super().__init__(game)
        self._engine = _Engine(g)
        self._codes: dict[int, str] | None = None

    @property
    def g(self) -> Game:
        return self._engine.g

    def _legal(self) -> dict[int, str]:
        if self._codes is None:
            self._codes = legal_codes(self.g)
        return self._codes

    def current_player(self) -> int:
        seat = self.g.to_move
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.g.to_move:
            return []
        return sorted(self._legal())

    def _apply_action(self, action: int) -> None:
        codes = self._legal()
        if action not in codes:
            raise ValueError(f"action {action} ({encoding.describe(action)}) is not legal now")
        self.g.apply(codes[action])
        self._codes = None

    def _action_to_string(self, player: int, action: int) -> str:
        if player == self.g.to_move and action in self._legal():
            return self._legal()[action]
        return encoding.describe(action)

    def is_terminal(self) -> bool:
        return self.g.over

    def returns(self) -> list[float]:
        r = self.g.result
        n = len(self.g.state.players)
        if r is None:
            return [0.0] * n
        return [1.0 if k in r["winners"] else -1.0 for k in range(n)]

    def resample_from_infostate(self, player: int, sampler: Any) -> AnimayhemState:
        """A state consistent with ``player``'s information: hidden cards dealt afresh (seeded by the
        sampler), a fresh engine RNG."""
        rng = random.Random(int(sampler() * 2**53))
        return AnimayhemState(self.get_game(), InfoSet(self.g, player).sample(rng))

    def __str__(self) -> str:
        seat = self.g.to_move if self.g.to_move is not None else 0
        return observation.observation_string(self.g.view(seat))


class AnimayhemObserver:
    """The PyObserver of OpenSpiel: ``view(player)`` as the tensor and string of research.observation."""

    def __init__(self) -> None:
        self.tensor = np.zeros(observation.SIZE, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: AnimayhemState, player: int) -> None:
        self.tensor[:] = observation.observation(state.g.view(player))

    def string_from(self, state: AnimayhemState, player: int) -> str:
        return observation.observation_string(state.g.view(player))


pyspiel.register_game(GAME_TYPE, AnimayhemGame)
