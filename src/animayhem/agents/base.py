"""The agent interface: given the seat's view and the legal actions, return one of the actions.

Agents never receive the game itself, so they can never see more than their seat may (MISC-7). Each agent
carries its own seeded random generator, so a seeded all-AI game is reproducible.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol


class Agent(Protocol):
    name: str

    def choose(self, view: dict[str, Any], actions: list[str]) -> str:
        """One of ``actions`` (the legal actions of the decision in ``view``)."""
        ...


AGENTS: dict[str, Callable[[int], Agent]] = {}
BUDGETED: dict[str, Callable[[int, str], Agent]] = {}  # search AIs that take a --budget


def register(name: str) -> Callable[[Callable[[int], Agent]], Callable[[int], Agent]]:
    def deco(factory: Callable[[int], Agent]) -> Callable[[int], Agent]:
        AGENTS[name] = factory
        return factory

    return deco


def make_agent(name: str, seed: int = 0, budget: str | None = None) -> Agent:
    """An agent by name (``random``, ``heuristic``…), seeded; ``budget`` only for search AIs (``ismcts``)."""
    try:
        factory = AGENTS[name]
    except KeyError:
        raise ValueError(f"unknown AI {name!r} (known: {', '.join(sorted(AGENTS))})") from None
    if budget is None:
        return factory(seed)
    if name not in BUDGETED:
        raise ValueError(f"a budget applies only to search AIs ({', '.join(sorted(BUDGETED))}), not {name!r}")
    return BUDGETED[name](seed, budget)
