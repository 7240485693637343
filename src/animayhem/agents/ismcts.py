"""``ismcts``: Information Set Monte Carlo Tree Search (single-observer ISMCTS, Cowling, Powley & Whitehouse
2012) over games sampled from the deciding seat's :class:`~animayhem.agents.infoset.InfoSet`.

Every game it plays forward is a sample (``InfoSet.sample``: hidden cards dealt afresh, a fresh RNG), so the
search never sees the true state. It searches the decisions where the heuristic's choice is a gamble
(``SEARCHED``: combat, go on Scavenging, Scavenge or not, fight or run, protect, charm breaks, fight
declarations) when the budget allows every action ``MIN_VISITS`` tries; every other decision follows the
``heuristic`` agent at once. The heuristic's choice (the search's prior, and the action at every other decision)
has its Flash Effects and activated abilities weighed one step ahead on samples of the information set
(:class:`~animayhem.agents.infoset.Ahead`), as when the heuristic plays a seat; the rollouts use the heuristic
without look-ahead.

A search runs in rounds. A round samples one deal and one rollout seed and plays every root action on it
(common random numbers: the actions are compared on the same cards and the same luck); below the root each
iteration walks the tree with UCB1, counting for every child how often it was *available* (samples allow
different actions), adds one node, plays on with the heuristic for at most ``rollout`` decisions and scores
the position: 1 for a winner and 0 for a loser when the game ended, else a logistic of the seat's Items
(plus ``ALIVE_WEIGHT`` for each of its Characters standing) against its best rival's (the Disasters count as
a rival). The heuristic's action is kept unless another gained at least ``MARGIN`` on the same samples and
won more of those pairs than it lost.

Budget: ``iterations`` (the default, 32: reproducible, about a fifth of a second a searched decision on the
development machine) or ``seconds`` (a wall-clock cap: not reproducible from the seed alone), and the rollout
length (decisions the heuristic plays after the tree before the position is scored; ``DEFAULT_ROLLOUT``, 8,
unless given: 400 games against the heuristic found rollouts of 8 at least as strong as the 16 of before, at
half the cost, benchmarks/README.md). ``--budget 100`` means 100 iterations, ``--budget 0.5s`` half a second,
``--budget 32/16`` 32 iterations with rollouts of 16 decisions. The agent is seeded: the same seed, information
set and iteration budget give the same decision.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any

from animayhem.agents.base import BUDGETED, register
from animayhem.agents.heuristic import HeuristicAgent
from animayhem.agents.infoset import Ahead, InfoSet
from animayhem.engine.core.win import tallies
from animayhem.engine.game import Game

DEFAULT_ITERATIONS = 32
DEFAULT_ROLLOUT = 8
EXPLORATION = 0.7
MARGIN = 0.05  # how much better than the heuristic's action another must score to be chosen
MIN_VISITS = 3  # root visits an action needs for the search to run (else the heuristic decides)
MIN_ROUNDS = 3  # samples on which an action must beat the heuristic's
# the decisions it searches: fight or run, go on Scavenging, Scavenge here or not, who strikes; the rest
# (set-up, moves, equipping…) follow the heuristic, which a search of this budget cannot improve on
SEARCHED = frozenset({"combat", "scavenge_more", "scavenge", "fight_run", "protect", "charm_break", "declare"})
ALIVE_WEIGHT = 0.2  # a Character not Bonked, in Items


class BudgetError(ValueError):
    """A budget that is not a positive number of iterations (``100``) or seconds (``0.5s``), optionally followed
    by a positive rollout length (``32/8``)."""


@dataclass(frozen=True)
class Budget:
    iterations: int | None = DEFAULT_ITERATIONS
    seconds: float | None = None
    rollout: int | None = None  # decisions a rollout plays (None: the agent's own, DEFAULT_ROLLOUT)

    @staticmethod
    def parse(text: str | None) -> Budget:
        """``100`` (iterations), ``0.5s`` (seconds), either followed by ``/8`` (the rollout's length)."""
        if text is None or not text.strip():
            return Budget()
        t = text.strip().lower()
        head, slash, tail = t.partition("/")
        head = head.strip()
        try:
            rollout = None
            if slash:
                rollout = int(tail.strip())
                if rollout < 1:
                    raise ValueError
            if head.endswith("s"):
                secs = float(head[:-1])
                if not secs > 0:
                    raise ValueError
                return Budget(iterations=None, seconds=secs, rollout=rollout)
            n = int(head)
            if n < 1:
                raise ValueError
            return Budget(iterations=n, rollout=rollout)
        except ValueError:
            raise BudgetError(
                f"budget {text!r} is neither iterations (e.g. 100) nor seconds (e.g. 0.5s), each optionally "
                "followed by a rollout length (e.g. 32/8)"
            ) from None

    def __str__(self) -> str:
        head = f"{self.seconds}s" if self.seconds is not None else f"{self.iterations} iterations"
        return head if self.rollout is None else f"{head}, rollouts of {self.rollout}"


@dataclass
class _Node:
    seat: int  # who chose the action leading here (-1 at the root)
    visits: int = 0
    avail: int = 0
    total: float = 0.0
    children: dict[str, _Node] = field(default_factory=dict)


def evaluate(g: Game) -> list[float]:
    """Every seat's value of a position, in [0, 1]."""
    n = len(g.state.players)
    r = g.result
    if r is not None:
        return [1.0 if k in r["winners"] else 0.0 for k in range(n)]
    t = tallies(g)
    alive = [0] * n
    for c in g.state.characters.values():
        if c.bonked_at < 0 and c.pos >= 0:
            alive[c.owner] += 1
    score = [t["players"][k] + ALIVE_WEIGHT * alive[k] for k in range(n)]
    out = []
    for k in range(n):
        rivals = [score[j] for j in range(n) if j != k] + [float(t["disasters"])]
        margin = score[k] - max(rivals)
        out.append(1.0 / (1.0 + math.exp(-0.8 * margin)))
    return out


def budget_wide(budget: Budget, n_actions: int) -> bool:
    """Too many actions for an iteration budget to visit each ``MIN_VISITS`` times: the search could only
    ever keep the heuristic's choice, so it is skipped (a seconds budget always searches)."""
    return budget.iterations is not None and n_actions * MIN_VISITS > budget.iterations


class IsmctsAgent:
    name = "ismcts"

    def __init__(self, seed: int = 0, budget: Budget | None = None, rollout: int = DEFAULT_ROLLOUT) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.budget = budget or Budget()
        self.rollout = self.budget.rollout if self.budget.rollout is not None else rollout
        self.last_iterations = 0

    def choose(self, view: dict[str, Any], actions: list[str]) -> str:
        """Without an information set (a face that does not build one) the agent cannot search: it plays
        as the heuristic does."""
        return HeuristicAgent(self.rng.getrandbits(32)).choose(view, actions)

    def choose_infoset(self, info: InfoSet) -> str:
        actions = info.actions
        # the heuristic's choice, its cards weighed one step ahead on samples of this information set, as the
        # heuristic weighs them when it plays a seat (infoset.decide)
        heuristic = HeuristicAgent(self.rng.getrandbits(32))
        prior = heuristic.choose_ahead(info.view, actions, Ahead.on(info, self.rng.getrandbits(32)))
        kind = (info.view.get("decision") or {}).get("kind")
        if len(actions) == 1 or kind not in SEARCHED or budget_wide(self.budget, len(actions)):
            self.last_iterations = 0
            return prior
        rng = random.Random(self.rng.getrandbits(64))
        root = _Node(seat=-1)
        budget = self.budget
        deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
        it = 0
        rounds: list[dict[str, float]] = []
        while True:
            # one round: one sample of the hidden cards and one rollout seed, every root action tried on it
            # (common random numbers: the actions are compared on the same deal and the same luck)
            deal, luck = info.sample(rng), rng.getrandbits(64)
            values: dict[str, float] = {}
            for a in actions:
                if budget.iterations is not None and it >= budget.iterations:
                    break
                if deadline is not None and it > 0 and time.perf_counter() >= deadline:
                    break
                values[a] = self._iterate(deal.clone(), root, random.Random(luck), a, info.seat)
                it += 1
            if len(values) < len(actions):
                break
            rounds.append(values)
        self.last_iterations = it
        return self._pick(rounds, actions, prior)

    @staticmethod
    def _pick(rounds: list[dict[str, float]], actions: list[str], prior: str) -> str:
        """The heuristic's action unless another did clearly better on the same samples: a mean paired gain
        of at least ``MARGIN``, and better more often than worse."""
        best, best_gain = prior, 0.0
        for a in actions:
            if a == prior:
                continue
            diffs = [r[a] - r[prior] for r in rounds if a in r and prior in r]
            if len(diffs) < MIN_ROUNDS:
                continue
            gain = sum(diffs) / len(diffs)
            if gain >= MARGIN and sum(d > 0 for d in diffs) > sum(d < 0 for d in diffs) and gain > best_gain:
                best, best_gain = a, gain
        return best

    def _iterate(self, g: Game, root: _Node, rng: random.Random, first: str, seat: int) -> float:
        """One iteration from the root action ``first`` on the sample ``g``; the value for ``seat``."""
        node = root.children.setdefault(first, _Node(seat=seat))
        node.avail += 1
        g.apply(first)
        path: list[_Node] = [node]
        while not g.over:
            legal = g.legal_actions()
            mover = g.to_move
            assert mover is not None
            if len(legal) == 1:
                g.apply(legal[0])
                continue
            untried = [a for a in legal if a not in node.children]
            if untried:
                a = untried[rng.randrange(len(untried))]
                child = node.children[a] = _Node(seat=mover)
                for b in legal:
                    if b in node.children:
                        node.children[b].avail += 1
                g.apply(a)
                path.append(child)
                break
            best_a, best_v = legal[0], -1.0
            for b in legal:
                c = node.children[b]
                c.avail += 1
                v = c.total / c.visits + EXPLORATION * math.sqrt(math.log(c.avail) / c.visits)
                if v > best_v:
                    best_a, best_v = b, v
            node = node.children[best_a]
            g.apply(best_a)
            path.append(node)
        values = self._rollout(g, rng)
        for nd in path:
            nd.visits += 1
            nd.total += values[nd.seat]
        root.visits += 1
        return values[seat]

    def _rollout(self, g: Game, rng: random.Random) -> list[float]:
        players = [HeuristicAgent(rng.getrandbits(32)) for _ in g.state.players]
        steps = 0
        while not g.over and steps < self.rollout:
            seat = g.to_move
            assert seat is not None
            legal = g.legal_actions()
            g.apply(legal[0] if len(legal) == 1 else players[seat].choose(g.view(seat), legal))
            steps += 1
        return evaluate(g)


@register("ismcts")
def _make(seed: int) -> IsmctsAgent:
    return IsmctsAgent(seed)


def _make_budgeted(seed: int, budget: str) -> IsmctsAgent:
    return IsmctsAgent(seed, Budget.parse(budget))


BUDGETED["ismcts"] = _make_budgeted
