"""Shen Lon's wish 'play' (``play_from_draw``, engine/effects/flash_play.py) in seeded random games: every step
checked by the property test's :func:`play` (invariants, the leak check with its Draw pile search, replay), with
Shen Lon on top of each seat's Draw pile (CARD-15, TURN-27, MISC-7). The scenarios in scenarios/cards/shen-lon-*
check the numbers; these games reach the wish with the cards random decks hold."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from animayhem.agents import make_agent
from animayhem.agents.infoset import InfoSet
from animayhem.cards.model import CardType
from animayhem.engine.checks.leaks import LeakCheck
from animayhem.engine.core.config import GameConfig, SeatConfig
from animayhem.research import encoding
from scenario_kit import game_of, uid_of
from test_engine_property import play, power_config, salted_config


def shen_config(preset: str, seats: int, layout: str, seed: int) -> GameConfig:
    """Generated decks (Equipment and Enhancements for odd seeds, the special cards for even ones) with Shen Lon
    on top of every Draw pile."""
    base = power_config(preset, seats, layout, seed) if seed % 2 else salted_config(preset, seats, layout, seed)
    decks = [
        dataclasses.replace(s.deck, draw=("shen-lon", *[c for c in s.deck.draw if c != "shen-lon"][1:]))
        for s in base.seats
    ]
    return GameConfig(
        seats=tuple(SeatConfig(deck=d, name=f"P{i}") for i, d in enumerate(decks)),
        ruleset=base.ruleset,
        layout=base.layout,
        seed=seed,
    )


# seeded games in which a wish plays a card: an Equipment, a Character, a vehicle, an Enhancement, a Flash Effect
CASES = [
    ("classic", 1, "grid", 2),
    ("dbz", 2, "grid", 1),
    ("guia", 2, "lines", 2),
    ("guia", 2, "lines", 3),
    ("dbz", 2, "grid", 8),
]


@pytest.mark.parametrize(("preset", "seats", "layout", "seed"), CASES)
def test_random_play_with_shen_lons_wish_keeps_the_invariants_and_hides_the_pile(
    preset: str, seats: int, layout: str, seed: int
) -> None:
    g = play(preset, seats, layout, seed, shen_config(preset, seats, layout, seed))
    wished = [e for e in g.log if e["e"] == "card_wished"]
    assert wished and all(e["by"] == "shen-lon" for e in wished)
    if seed == 8:  # this game's wish takes a Flash Effect (Wrath of the Eye of God)
        assert any(g.card(e["uid"]).type is CardType.FLASH_EFFECT for e in wished)
    log = list(g.log)
    for e in wished:  # the next event plays that very card (a Disaster comes into play as if drawn instead)
        i = log.index(e)
        if g.card(e["uid"]).type is CardType.FLASH_EFFECT:  # on the stack once Shen Lon's own clauses are done
            assert any(x["e"] == "flash_played" and x["uid"] == e["uid"] for x in log[i + 1 : i + 4])
            continue
        after = log[i + 1]
        played = after["e"] in ("character_played", "power_played", "global_played") and after["uid"] == e["uid"]
        played = played or (after["e"] == "haven_placed" and after["card"] == e["card"])
        assert played or g.is_disaster(e["uid"])


def test_the_wishes_have_their_place_in_the_research_action_space() -> None:
    """Shen Lon's wishes ('play', 'move', 'haven': a bare word each) are actions of the fixed action space too;
    they had none, so an environment meeting the card could not encode its decision."""
    words = ["play", "move", "haven"]
    found = encoding.encode(words)
    assert len(set(found)) == 3 and all(0 <= n < encoding.NUM_DISTINCT_ACTIONS for n in found)
    assert [encoding.decode(n, words) for n in found] == words
    assert encoding.encode(["play c3"]) != encoding.encode(["play"])


WISH = """\
name: wish
ruleset: classic
seats:
  - {name: Solo, hand: [shen-lon], draw: [speed, goons, tenchi-masaki], combat: []}
  - {name: Rival, hand: [speed], combat: []}
field:
  - {cell: [0, 0], card: genom-tower, owner: 0}
  - {cell: [1, 0], card: masaki-house, owner: 0, haven: true}
  - {cell: [2, 0], card: masaki-house, owner: 1, haven: true}
characters:
  - {card: nanami-rokugo, owner: 0, at: [0, 0]}
  - {card: ryoko, owner: 1, at: [2, 0]}
start: {active: 0, phase: move}
"""


def test_the_view_names_the_cards_of_its_own_draw_pile_its_seat_chooses_among() -> None:
    """An AI choosing a wish sees ``choose c12`` where a person reads the card's name: the deciding seat's view
    says which card each choice names (``decision.cards``), and only while it searches its own pile; the other
    seat learns nothing (MISC-7), and the leak check finds nothing given away."""
    g = game_of(WISH)
    g.apply(f"flash c{uid_of(g, 'shen-lon')}")
    g.apply("play")
    view = g.view(0)
    named = {e["uid"]: e["card"] for e in view["decision"]["cards"]}
    assert sorted(named.values()) == ["goons", "speed", "tenchi-masaki"]
    assert sorted(view["decision"]["actions"]) == sorted(f"choose c{u}" for u in named)
    assert LeakCheck(2).check(g, 0, view, []) == []
    other = g.view(1)
    assert "decision" not in other and not ({"goons", "tenchi-masaki"} & set(json.dumps(other).split('"')))
    g.apply(f"choose c{next(u for u, c in named.items() if c == 'speed')}")
    g.apply(f"choose c{uid_of(g, 'nanami-rokugo')}")
    assert "cards" not in (g.view(0).get("decision") or {})  # the Move phase again: no search, no names


def test_a_search_agent_knows_the_cards_it_searches_but_not_where_they_lie() -> None:
    """The search's information set at that decision: the cards the view names in the pile are not pinned to their
    places (the seat does not know the pile's order, which is shuffled after), so sampled games deal them anew."""
    g = game_of(WISH)
    g.apply(f"flash c{uid_of(g, 'shen-lon')}")
    g.apply("play")
    goons = next(e["uid"] for e in g.view(0)["decision"]["cards"] if e["card"] == "goons")
    info = InfoSet(g, 0)
    rng = random.Random(5)
    dealt = {info.sample(rng).state.cards[goons] for _ in range(30)}
    assert len(dealt) > 1 and "goons" in dealt


def test_the_heuristic_wishes_for_the_kind_of_card_worth_most() -> None:
    """Told which card each choice names, the heuristic takes a Character (Tenchi) over an Enhancement (Speed) and
    a Disaster (Goons), where it took the first choice offered (Speed) before it was told."""
    g = game_of(WISH)
    g.apply(f"flash c{uid_of(g, 'shen-lon')}")
    g.apply("play")
    view = g.view(0)
    picked = make_agent("heuristic", 1).choose(view, g.legal_actions())
    named = {f"choose c{e['uid']}": e["card"] for e in view["decision"]["cards"]}
    assert named[picked] == "tenchi-masaki"
