"""Shen Lon's wish 'play' (``play_from_draw``, engine/effects/flash_play.py) in seeded random games: every step
checked by the property test's :func:`play` (invariants, the leak check with its Draw pile search, replay), with
Shen Lon on top of each seat's Draw pile (CARD-15, TURN-27, MISC-7). The scenarios in scenarios/cards/shen-lon-*
check the numbers; these games reach the wish with the cards random decks hold."""

from __future__ import annotations

import dataclasses

import pytest

from animayhem.cards.model import CardType
from animayhem.engine.core.config import GameConfig, SeatConfig
from animayhem.research import encoding
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
