"""Information sets: what one seat knows at its decision, and games sampled consistently with it.

A search AI (``ismcts``) needs games to play forward, but it must never read cards its seat cannot see.
:class:`InfoSet` is built by the face that runs the game (``simulate``, ``play``) from the true game and the
deciding seat, and *scrubs* it at once: every card instance whose identity ``view(seat)`` does not name is
blanked, the RNG state is dropped, and the history and log are left behind. What it keeps:

* the public structure of the state (the Field, who stands where, pile sizes, the agenda of procedures in
  progress, the seat's own pending decision), and every card the view names;
* the deck lists, which every seat is taken to know (open deck lists, as in a tournament): for each owner,
  the multiset of its cards the seat cannot see, split into *pools* of slots the seat cannot tell apart.

:meth:`InfoSet.sample` deals the hidden cards of each pool back into its slots at random (from the caller's
seeded generator) and gives the game a fresh RNG state, so the future random events of a sample do not come
from the true game either. Pools (per owner):

* ``deck``: the Draw pile and the hand (the seat knows neither the order of a pile nor another's hand); a
  hand slot never receives a Disaster (a drawn Disaster is played at once, in public);
* every other hidden slot keeps its card type (an Item under a Location stays an Item, a Combat card in the
  Combat pile stays a Combat card): placements of Items and Disasters are public events, so the type of
  such a face-down card is known.

Set-aside cards (the other forms of transforming Characters) are not resampled: they are fixed by the deck
list. Nor are the cards whose effects act in the state (the sources of lasting effects, the cards with static
effects in play): each was face up when it acted, and a sample that dealt another card into its slot would
give the effect to a card that never had it. A card the view no longer names (a Destroyed one, say) is
treated as unknown: the sample may forget what the seat once saw, never add what it did not.

Sampling is a function of the scrubbed information only: two games that differ only in which hidden card
sits in which slot of a pool give the same samples from the same generator state (tested).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from animayhem.agents.base import Agent
from animayhem.cards.model import CardType
from animayhem.engine.faces.views import known_cards
from animayhem.engine.game import Game

_DISASTERS = (CardType.MAJOR_DISASTER, CardType.MINOR_DISASTER)
_HIDDEN = ""  # the card id of a scrubbed instance


class InfoSet:
    """One seat's information at its decision (see the module docstring)."""

    def __init__(self, game: Game, seat: int) -> None:
        self.seat = seat
        self.view: dict[str, Any] = game.view(seat)
        self.actions: list[str] = game.legal_actions() if game.to_move == seat else []
        s = game.state
        # cards every seat saw face up and whose effects still act: the sources of lasting effects (one may
        # have gone back into a pile since, e.g. shuffled in by a card) and the cards with effects in play
        known = set(known_cards(self.view)) | set(s.set_aside) | {r.source for r in s.lasting} | set(s.statics)
        # the cards of its own Draw pile it chooses among as it searches the pile (``decision.cards``): it knows
        # which cards they are, not where they lie, and the pile is shuffled after: sampled like the rest of it
        searched = {e["uid"] for e in (self.view.get("decision") or {}).get("cards", ())}
        if searched:  # (but one it looked at where it lies, a look's ``known``, stays known)
            known -= searched - {k.get("uid") for k in self.view.get("known", ())}
        db = game._cards
        slot_pool: dict[int, tuple[int, str]] = {}
        for p in s.players:
            for u in p.draw:
                slot_pool[u] = (p.seat, "deck")
            for u in p.hand:
                slot_pool[u] = (p.seat, "deck")
        pools: dict[tuple[int, str], tuple[list[int], list[str]]] = {}
        hand_slots: set[int] = set()
        for p in s.players:
            hand_slots.update(p.hand)
        cards = list(s.cards)
        for u, cid in enumerate(s.cards):
            if u in known:
                continue
            key = slot_pool.get(u) or (s.owner[u], db[cid].type.value)
            slots, ids = pools.setdefault(key, ([], []))
            slots.append(u)
            ids.append(cid)
            cards[u] = _HIDDEN
        self._pools = [
            (key, slots, sorted(ids), [u in hand_slots for u in slots]) for key, (slots, ids) in sorted(pools.items())
        ]
        self._disaster_ids = frozenset(c.id for c in game.db if c.type in _DISASTERS)  # printed cards (not copies)
        base = game.clone()
        base.state.cards = cards
        base.state.rng = 0
        base.history = []
        base.movers = bytearray()
        self._base = base

    @property
    def hidden(self) -> int:
        """How many card instances this seat cannot name."""
        return sum(len(slots) for _, slots, _, _ in self._pools)

    def sample(self, rng: random.Random) -> Game:
        """A game consistent with this information (hidden cards dealt at random, a fresh RNG)."""
        g = self._base.clone()
        cards = list(self._base.state.cards)
        for _key, slots, ids, in_hand in self._pools:
            deal = ids[:]
            rng.shuffle(deal)
            if any(in_hand):
                # hand slots first, from the cards that may be in a hand; the rest go to the other slots
                hand = [i for i, h in enumerate(in_hand) if h]
                rest = [i for i, h in enumerate(in_hand) if not h]
                fit = [c for c in deal if c not in self._disaster_ids]
                if len(fit) < len(hand):  # pragma: no cover - only if a rule ever put a Disaster in a hand
                    fit = deal[:]
                chosen = fit[: len(hand)]
                left = deal[:]
                for c in chosen:
                    left.remove(c)
                for i, c in zip(hand, chosen, strict=True):
                    cards[slots[i]] = c
                for i, c in zip(rest, left, strict=True):
                    cards[slots[i]] = c
            else:
                for u, c in zip(slots, deal, strict=True):
                    cards[u] = c
        g.state.cards = cards
        g.state.rng = rng.getrandbits(64)
        return g


@runtime_checkable
class SearchAgent(Protocol):
    """An agent that plays games forward: it decides from an :class:`InfoSet` instead of a bare view."""

    name: str

    def choose_infoset(self, info: InfoSet) -> str: ...


Policy = Callable[[dict[str, Any], list[str]], str]
Score = Callable[[dict[str, Any]], float]


class Ahead:
    """One step of look-ahead for an agent that otherwise reads only its view (the ``heuristic``).

    It plays a candidate action forward on games sampled from the seat's :class:`InfoSet` (hidden cards dealt
    afresh, a fresh RNG: never the true game), with ``policy`` deciding every later decision from that seat's
    view of the sample, until ``stop`` (an event kind) is logged, ``horizon`` decisions have passed, or the game
    ends, and scores the position with ``score`` (given the deciding seat's view of the sample). Every
    candidate is tried on the same samples (common random numbers), so two actions are compared on the same
    cards and the same luck. The information set is built only when a look-ahead is first asked for: a
    decision that never asks costs nothing."""

    def __init__(self, game: Game | None, seat: int, seed: int = 0, info: InfoSet | None = None) -> None:
        if game is None and info is None:
            raise ValueError("Ahead needs the game or the seat's information set")
        self._game = game
        self.seat = seat
        self._seed = seed
        self._info: InfoSet | None = info  # given by a search agent that built it already (ismcts)
        self.spent = 0  # decisions played forward so far (the cost, for benchmarks)

    @classmethod
    def on(cls, info: InfoSet, seed: int = 0) -> Ahead:
        """A look-ahead on an information set already built (a search agent's: ismcts), for its seat."""
        return cls(None, info.seat, seed, info=info)

    def _samples(self, n: int) -> list[Game]:
        if self._info is None:
            assert self._game is not None
            self._info = InfoSet(self._game, self.seat)
        rng = random.Random(self._seed)
        return [self._info.sample(rng) for _ in range(n)]

    def scores(
        self,
        candidates: list[str | None],
        policy: Policy,
        score: Score,
        stop: frozenset[str],
        horizon: int = 8,
        samples: int = 2,
        back_at: str | None = None,
    ) -> list[float]:
        """The mean score of each candidate (``None``: do nothing, score the position as it is). ``back_at``: a
        decision kind of the seat's that ends the look-ahead when it is asked again (the phase decision it
        started from: the card's effect has then resolved)."""
        games = self._samples(samples)
        out = []
        for cand in candidates:
            total = 0.0
            for base in games:
                g = base.clone()
                if cand is not None:
                    total += self._play(g, cand, policy, score, stop, horizon, back_at)
                else:
                    total += score(g.view(self.seat))
            out.append(total / len(games))
        return out

    def after(self, candidates: list[str]) -> list[dict[str, Any] | None]:
        """The seat's view right after each candidate is applied to one sampled game (None when the sample
        refuses it): what a card does at once, e.g. to the values of the Character it is played on."""
        (base,) = self._samples(1)
        out: list[dict[str, Any] | None] = []
        for cand in candidates:
            g = base.clone()
            try:
                g.apply(cand)
            except Exception:
                out.append(None)
                continue
            out.append(g.view(self.seat))
        return out

    def _play(
        self, g: Game, first: str, policy: Policy, score: Score, stop: frozenset[str], horizon: int, back_at: str | None
    ) -> float:
        try:
            seen = len(g.log)  # the first action's own events count: it may end the round itself
            g.apply(first)
            for _ in range(horizon):
                if g.over or any(e["e"] in stop for e in g.log[seen:]):
                    break
                seen = len(g.log)
                who = g.to_move
                assert who is not None
                d = g.decision
                if back_at is not None and who == self.seat and d is not None and d.kind == back_at:
                    break
                view = g.view(who)
                acts = g.legal_actions()
                g.apply(acts[0] if len(acts) == 1 else policy(view, acts))
                self.spent += 1
        except Exception:  # a sample the rules reject: no information
            return -1e9
        return score(g.view(self.seat))


@runtime_checkable
class AheadAgent(Protocol):
    """An agent that reads its view and may look one step ahead (:class:`Ahead`) on sampled games."""

    name: str

    def choose_ahead(self, view: dict[str, Any], actions: list[str], ahead: Ahead) -> str: ...


def decide(agent: Agent | SearchAgent | AheadAgent, game: Game, seat: int) -> str:
    """The agent's action at ``seat``'s decision: search agents get the seat's :class:`InfoSet`, agents that
    look ahead their view, the legal actions and an :class:`Ahead` (built lazily), the others their view and
    the legal actions."""
    if isinstance(agent, SearchAgent):
        return agent.choose_infoset(InfoSet(game, seat))
    if isinstance(agent, AheadAgent):
        return agent.choose_ahead(game.view(seat), game.legal_actions(), Ahead(game, seat, len(game.history)))
    return agent.choose(game.view(seat), game.legal_actions())
