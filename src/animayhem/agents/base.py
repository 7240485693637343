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


def register(name: str) -> Callable[[Callable[[int], Agent]], Callable[[int], Agent]]:
    def deco(factory: Callable[[int], Agent]) -> Callable[[int], Agent]:
        AGENTS[name] = factory
        return factory

    return deco


def make_agent(name: str, seed: int = 0) -> Agent:
    """An agent by name (``random``, ``heuristic``…), seeded."""
    try:
        factory = AGENTS[name]
    except KeyError:
        raise ValueError(f"unknown AI {name!r} (known: {', '.join(sorted(AGENTS))})") from None
    return factory(seed)
