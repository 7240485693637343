"""A PettingZoo AEC environment: ``animayhem.research.pettingzoo.env(**options)``.

Agents are ``seat_0`` … ``seat_{n-1}``; the one to act is the seat the engine asks (``Game.to_move``), so
turns are not round-robin (a fight or a permission question goes to another seat mid-turn). Solitaire
(``players=1``) is a one-agent environment (the Disasters are the engine's).

* observation: ``{"observation": float32[observation.SIZE], "action_mask": int8[NUM_DISTINCT_ACTIONS]}``
  from ``view(seat)`` only (animayhem.research.observation); ``infos[agent]["actions"]`` holds the deciding
  seat's legal action texts by integer, and ``infos[agent]["text"]`` the string form (option ``info_text``).
* action: ``Discrete(NUM_DISTINCT_ACTIONS)`` (animayhem.research.encoding); an integer the mask does not
  allow raises ``ValueError`` and changes nothing.
* rewards: ``item_reward`` for every Item a seat gains (minus for one it loses), and at the end
  ``win_reward`` to each winner and ``-win_reward`` to every other seat (all of them when the Disasters win).
* termination at the end of the game; truncation after ``max_decisions`` decisions (None: the engine's
  round limit ends every game).

Options: ``players`` (1-5), ``decks`` (starter deck names), ``ruleset`` (``classic``, ``dbz``, ``guia``,
``fifth``), ``layout`` (``grid``, ``lines``), ``item_reward``, ``win_reward``, ``max_decisions``,
``max_rounds`` (the engine's round limit), ``info_text``, ``render_mode`` (``ansi`` or ``human``), ``seed`` (the seed of
the first game when ``reset`` gets none).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from animayhem.engine.core.win import tallies
from animayhem.engine.game import Game
from animayhem.research import encoding, observation
from animayhem.research.core import legal_codes, make_config


class AnimayhemEnv(AECEnv):
    metadata: ClassVar[dict[str, Any]] = {
        "name": "animayhem_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int = 1,
        decks: Sequence[str] | None = None,
        ruleset: str = "classic",
        layout: str = "grid",
        item_reward: float = 0.1,
        win_reward: float = 1.0,
        max_decisions: int | None = None,
        max_rounds: int = 150,
        render_mode: str | None = None,
        seed: int | None = None,
        info_text: bool = False,
    ) -> None:
        super().__init__()
        self._players, self._decks, self._ruleset, self._layout = players, decks, ruleset, layout
        self._max_rounds = max_rounds
        make_config(players, decks, ruleset, layout, 0, max_rounds)  # check the options now
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.render_mode = render_mode
        self.item_reward, self.win_reward, self.max_decisions = item_reward, win_reward, max_decisions
        self.possible_agents = [f"seat_{k}" for k in range(players)]
        self._seeds = random.Random(seed)
        obs = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (observation.SIZE,), np.float32),
                "action_mask": spaces.Box(0, 1, (encoding.NUM_DISTINCT_ACTIONS,), np.int8),
            }
        )
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(encoding.NUM_DISTINCT_ACTIONS) for a in self.possible_agents}
        self.game: Game | None = None
        self._codes: dict[int, str] = {}
        self._info_text = info_text
        self._view: tuple[int, int, dict[str, Any]] | None = None  # (seat, decisions so far, view)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ AEC

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        game_seed = seed if seed is not None else self._seeds.getrandbits(31)
        self.game = Game(
            make_config(self._players, self._decks, self._ruleset, self._layout, game_seed, self._max_rounds)
        )
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._items = list(tallies(self.game)["players"])
        self._select()

    def _select(self) -> None:
        g = self.game
        assert g is not None
        seat = g.to_move
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
            view = g.view(seat)
            self._view = (seat, len(g.history), view)
            self._codes = legal_codes(g, view)
            info: dict[str, Any] = {"actions": dict(self._codes)}
            if self._info_text:
                info["text"] = observation.observation_string(view)
            self.infos[self.agent_selection] = info

    def observe(self, agent: str) -> dict[str, Any]:
        g = self.game
        assert g is not None, "call reset() first"
        seat = self.possible_agents.index(agent)
        cached = self._view
        view = cached[2] if cached is not None and cached[:2] == (seat, len(g.history)) else g.view(seat)
        m = np.zeros(encoding.NUM_DISTINCT_ACTIONS, np.int8)
        if g.to_move == seat and agent in self.agents and not self.terminations[agent]:
            m[list(self._codes)] = 1
        return {"observation": np.asarray(observation.observation(view), np.float32), "action_mask": m}

    def step(self, action: int | None) -> None:
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        g = self.game
        assert g is not None
        agent = self.agent_selection
        if action is None or int(action) not in self._codes:
            raise ValueError(
                f"action {action} is not legal for {agent} now "
                f"({'none' if action is None else encoding.describe(int(action))}); legal: {sorted(self._codes)[:12]}"
            )
        self._cumulative_rewards[agent] = 0.0
        g.apply(self._codes[int(action)])
        items = list(tallies(g)["players"])
        rewards = {a: self.item_reward * (items[k] - self._items[k]) for k, a in enumerate(self.possible_agents)}
        self._items = items
        if g.over:
            result = g.result
            assert result is not None
            for k, a in enumerate(self.possible_agents):
                rewards[a] += self.win_reward if k in result["winners"] else -self.win_reward
                self.terminations[a] = True
                self.infos[a] = {"result": dict(result)}
        elif self.max_decisions is not None and len(g.history) >= self.max_decisions:
            for a in self.possible_agents:
                self.truncations[a] = True
        self.rewards = {a: float(r) for a, r in rewards.items() if a in self.agents}
        if not (g.over or any(self.truncations.values())):
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode (use 'ansi' or 'human')")
            return None
        g = self.game
        assert g is not None
        seat = g.to_move if g.to_move is not None else 0
        text = observation.observation_string(g.view(seat))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(**options: Any) -> AnimayhemEnv:
    """The AEC environment (see the module docstring for the options)."""
    return AnimayhemEnv(**options)


raw_env = env
