"""``random``: a uniformly random legal action, from the agent's own seeded generator."""

from __future__ import annotations

import random
from typing import Any

from animayhem.agents.base import register


class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], actions: list[str]) -> str:
        return actions[self.rng.randrange(len(actions))]


@register("random")
def _make(seed: int) -> RandomAgent:
    return RandomAgent(seed)
