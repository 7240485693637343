"""Hidden information as a property (RULES.md MISC-7): what a seat is given is a function of what it may know.

The leak checks (engine/checks/leaks.py) search a seat's view for the names of cards hidden from it. This
test asks the stronger question: if the hidden cards were *other* cards, would the seat see any difference?
At random points of random games (decks full of cards that look at hidden cards, so looks are in play) the
identities of the cards hidden from one seat and never seen by it are shuffled among themselves, and the
seat's view, its prompt and its legal actions must come out byte for byte the same. A seat may remember a
card it once saw (the source of an effect still in force that went back into a pile), so those stay. A
card's owner is public, and so is its type outside hands and Draw piles (the zone says what kind of card lies
there), so the shuffle keeps them: an Item face down under a Location is swapped with another Item of the same
owner, a card in another player's hand with any card of that player's hand or Draw pile. Anything the
view derives from a hidden card's identity (an order, a count, a value, a sentence) makes the two differ.
"""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from animayhem.cards.model import CardType
from animayhem.decks.generate import new_deck
from animayhem.engine.checks.leaks import LeakCheck, hidden_uids
from animayhem.engine.core.config import DeckList, GameConfig, SeatConfig
from animayhem.engine.core.state import copy_state
from animayhem.engine.game import Game
from animayhem.rules.ruleset import get_ruleset

PRESETS = ("classic", "dbz", "guia", "fifth")
# cards that look at hidden cards (engine/effects/looks.py), first in every Draw pile so looks happen
# (Equipment, Flash Effects that look at a pile or a hand or open a hand, Global Effects that look)
LOOK_CARDS = (
    "light",
    "scouter",
    "survey",
    "jacking-in",
    "peep-hole",
    "dream-mirror",
    "dragon-radar",
    "mindtap",
    "spotlight",
    "go-fish",
    "spy-camera",
    "surveillance",
    "security-camera",
    "briefing",
    "power-sense",
)


def _config(seed: int, seats: int, preset: str) -> GameConfig:
    decks = []
    for i in range(seats):
        d = DeckList.from_deck(new_deck(2, preset, seed=seed + i))
        decks.append(dataclasses.replace(d, draw=(*LOOK_CARDS, *d.draw[len(LOOK_CARDS) :])))
    return GameConfig(
        seats=tuple(SeatConfig(deck=d, name=f"P{i}") for i, d in enumerate(decks)),
        ruleset=get_ruleset(preset),
        seed=seed,
    )


def _given(g: Game, seat: int) -> str:
    """Everything ``seat`` is given now: its view, and when it decides, the prompt and the legal actions."""
    out: dict[str, Any] = {"view": g.view(seat)}
    if g.to_move == seat and g.decision is not None:
        out["prompt"] = g.decision.prompt
        out["actions"] = g.legal_actions()
    return json.dumps(out, sort_keys=True, default=str)


def _other_cards(g: Game, seat: int, rng: random.Random, seen: set[int] = frozenset()) -> Game | None:  # type: ignore[assignment]
    """The same position with the cards hidden from ``seat`` (and never seen by it: ``seen``) shuffled among
    themselves, type and owner kept; None when no two such cards of one kind differ."""
    piles = {u for p in g.state.players for u in (*p.hand, *p.draw)}
    # an Item carried face down is known not to be one whose text acts while carried (those are carried face
    # up, CARD-10): it is shuffled only among the other Items carried face down
    carried = {u for c in g.state.characters.values() for u in c.carried}
    groups: dict[tuple[CardType | None, int, bool], list[int]] = {}
    for u in sorted(hidden_uids(g, seat) - seen):  # in a hand or a Draw pile even the type is secret
        key = (None if u in piles else g.card(u).type, g.state.owner[u], u in carried)
        groups.setdefault(key, []).append(u)
    state = copy_state(g.state)
    state.cards = list(state.cards)  # shared between copies (it never changes in play): this one does
    changed = False
    for uids in groups.values():
        ids = [g.state.cards[u] for u in uids]
        rng.shuffle(ids)
        for u, card in zip(uids, ids, strict=True):
            changed |= state.cards[u] != card
            state.cards[u] = card
    return Game(g.config, g.db, _state=state) if changed else None


def _play_and_compare(seed: int, seats: int, preset: str, every: float) -> tuple[int, set[str]]:
    g = Game(_config(seed, seats, preset))
    rng = random.Random(seed)
    compared = 0
    everything = set(range(len(g.state.cards)))
    seen: list[set[int]] = [set() for _ in range(seats)]  # a seat remembers a card it once saw (its trail too)
    check = LeakCheck(seats)
    since = 0
    looked: set[str] = set()
    while not g.over and len(g.history) < 600:
        for seat in range(seats):
            seen[seat] |= everything - hidden_uids(g, seat)
        if rng.random() < every:
            for seat in range(seats):
                other = _other_cards(g, seat, rng, seen[seat])
                if other is None:
                    continue
                assert _given(other, seat) == _given(g, seat), (
                    f"seed {seed}, {preset}, {seats} seats, step {len(g.history)}: seat {seat} is given something "
                    "that depends on which cards are hidden from it (MISC-7)"
                )
                compared += 1
        for seat in range(seats):  # and the name-based leak check, with the seat's memory (engine/checks/leaks.py)
            mine = [e for e in g.log[since:] if e.get("to") is None or seat in e["to"]]
            assert check.check(g, seat, g.view(seat), mine) == [], f"seed {seed}, {preset}: a leak (MISC-7)"
        since = len(g.log)
        wanted = [a for a in g.legal_actions() if a.startswith(("use ", "flash ")) or _plays_a_look_card(g, a)]
        g.apply(rng.choice(wanted) if wanted and rng.random() < 0.6 else rng.choice(g.legal_actions()))
        looked |= {e["e"] for e in g.log[since:] if e["e"] in ("look_made", "hand_opened", "cards_looked")}
    return compared, looked


def _plays_a_look_card(g: Game, action: str) -> bool:
    words = action.split()  # (a bare "play" is a wish's word: Shen Lon)
    return len(words) > 1 and words[0] in ("play", "flash") and g.state.cards[int(words[1][1:])] in LOOK_CARDS


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 100_000), seats=st.integers(2, 3), preset=st.sampled_from(PRESETS))
@example(seed=2867, seats=3, preset="classic")  # Kiriya names the Skill Speed while the card Speed is hidden: a word
@example(seed=56978, seats=2, preset="fifth")  # a look's cards drawn by another seat in the same step (Go Fish)
@example(seed=3523, seats=2, preset="dbz")  # an Item handed on face down, and one carried face up (Compact)
def test_a_seat_is_given_the_same_whatever_the_cards_hidden_from_it(seed: int, seats: int, preset: str) -> None:
    """MISC-7: a seat's view, prompt and legal actions are unchanged when only cards hidden from it differ."""
    compared, _looks = _play_and_compare(seed, seats, preset, every=0.15)
    assert compared > 0


def test_the_games_make_every_kind_of_look() -> None:
    """Guard: games of this test do look at hidden cards (a pile, a hand, under a Location) and open hands."""
    looked: set[str] = set()
    for seed in range(4):
        looked |= _play_and_compare(seed, 2, "classic", every=0.0)[1]
    assert {"look_made"} <= looked


def test_the_comparison_catches_a_view_that_names_a_hidden_card() -> None:
    """Guard: the counterfactual position has other cards where they are hidden (and only there), so a view
    that named one (another seat's hand, a Draw pile's order) would tell the two positions apart."""
    g = Game(_config(7, 2, "classic"))
    rng = random.Random(7)
    while g.state.phase == "setup" or not g.state.players[1].hand:
        g.apply(rng.choice(g.legal_actions()))
    other = _other_cards(g, 0, random.Random(1))
    assert other is not None and _given(other, 0) == _given(g, 0)

    def leaky(x: Game) -> list[str]:  # what a view that showed seat 1's hand and pile to seat 0 would carry
        return [x.state.cards[u] for u in (*x.state.players[1].hand, *x.state.players[1].draw)]

    assert leaky(other) != leaky(g)
    mine = (*g.state.players[0].hand, *(u for c in g.state.characters.values() if c.owner == 0 for u in c.carried))
    assert all(g.state.cards[u] == other.state.cards[u] for u in mine)  # what seat 0 may know is kept
