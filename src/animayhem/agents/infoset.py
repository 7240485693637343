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
        self._disaster_ids = frozenset(cid for cid, card in db.items() if card.type in _DISASTERS)
        base = game.clone()
        base.state.cards = cards
        base.state.rng = 0
        base.history = []
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


def decide(agent: Agent | SearchAgent, game: Game, seat: int) -> str:
    """The agent's action at ``seat``'s decision: search agents get the seat's :class:`InfoSet`, the
    others its view and the legal actions."""
    if isinstance(agent, SearchAgent):
        return agent.choose_infoset(InfoSet(game, seat))
    return agent.choose(game.view(seat), game.legal_actions())
