"""AI players. An agent sees only its seat's view and the legal actions, and returns one of them."""

from animayhem.agents.base import AGENTS, Agent, make_agent
from animayhem.agents.heuristic import HeuristicAgent
from animayhem.agents.ismcts import IsmctsAgent
from animayhem.agents.random_agent import RandomAgent

__all__ = ["AGENTS", "Agent", "HeuristicAgent", "IsmctsAgent", "RandomAgent", "make_agent"]
