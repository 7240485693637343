"""A card's clauses that pick a Character (the strongest, one at random, the coin flip's losers) keep that pick
for the whole resolution of the card (engine/effects/triggers.py ``_once``, CARD-1): a later clause with the same
selector names the same Characters, those still in play, and draws nothing more from the RNG."""

from __future__ import annotations

from typing import Any

from animayhem.cards.effects import Effect
from animayhem.cards.frozen import validate_record
from animayhem.engine.effects import primitives, triggers
from animayhem.engine.game import Game
from scenario_kit import game_of, uid_of

POSITION = """
ruleset: classic
seats:
  - name: Solo
field:
  - {cell: [0, 0], card: telephone-pole, owner: 0, under: [squeeeeeeeeeze]}
  - {cell: [1, 0], card: island-restaurant, owner: 0, under: [keys]}
  - {cell: [0, 1], card: masaki-house, owner: 0, haven: true}
characters:
  - {card: adult-gohan, owner: 0, at: [0, 0]}
  - {card: krillin, owner: 0, at: [0, 0]}
  - {card: goten, owner: 0, at: [0, 0]}
  - {card: nail, owner: 0, at: [0, 0]}
start: {active: 0, phase: scavenge}
"""

HERE = ("adult-gohan", "krillin", "goten", "nail")


def _effect(do: dict[str, Any]) -> Effect:
    return validate_record(Effect, {"when": "enters", "do": do})


def _hit(g: Game, source: int, index: int) -> set[int]:
    return {u for r in g.state.lasting if r.source == source and r.effect == index for u in r.targets}


def _place(g: Game) -> int:
    return g.state.characters[uid_of(g, "adult-gohan")].pos


def test_two_random_clauses_of_one_resolution_name_the_same_character() -> None:
    for seed in range(12):
        g = game_of(POSITION, f"seed: {seed}\n")
        source, place = uid_of(g, "squeeeeeeeeeze"), _place(g)
        first = _effect({"modify": {"who": {"among": "here", "pick": "random"}, "by": {"attack": 1}}})
        second = _effect({"modify": {"who": {"among": "here", "pick": "random"}, "by": {"defense": 1}}})
        picks: triggers.Picks = {}
        triggers.run(g, source, 0, first, 0, place, picks=picks)
        rng_after_first = g.state.rng
        triggers.run(g, source, 1, second, 0, place, picks=picks)
        assert _hit(g, source, 0) == _hit(g, source, 1)
        assert len(_hit(g, source, 0)) == 1
        assert g.state.rng == rng_after_first  # the second clause drew nothing


def test_separate_resolutions_pick_again() -> None:
    """Without a shared resolution (two firings of a trigger) each clause picks on its own: over a few seeds the
    two random picks differ at least once."""
    differ = 0
    for seed in range(12):
        g = game_of(POSITION, f"seed: {seed}\n")
        source, place = uid_of(g, "squeeeeeeeeeze"), _place(g)
        first = _effect({"modify": {"who": {"among": "here", "pick": "random"}, "by": {"attack": 1}}})
        second = _effect({"modify": {"who": {"among": "here", "pick": "random"}, "by": {"defense": 1}}})
        triggers.run(g, source, 0, first, 0, place, picks={})
        triggers.run(g, source, 1, second, 0, place, picks={})
        differ += _hit(g, source, 0) != _hit(g, source, 1)
    assert differ > 0


def test_a_picked_character_that_left_play_is_named_by_nobody() -> None:
    """The later clause does not pick again when the Character the first one picked was Bonked in between."""
    g = game_of(POSITION, "seed: 3\n")
    source, place = uid_of(g, "squeeeeeeeeeze"), _place(g)
    strongest = {"among": "here", "pick": "strongest"}
    picks: triggers.Picks = {}
    triggers.run(g, source, 0, _effect({"modify": {"who": strongest, "by": {"attack": 1}}}), 0, place, picks=picks)
    (picked,) = _hit(g, source, 0)
    assert g.card(picked).id in HERE
    primitives.bonk(g, g.state.characters[picked], None)
    minus = _effect({"modify": {"who": strongest, "by": {"defense": -3}}})
    did = triggers.run(g, source, 1, minus, 0, place, picks=picks)
    assert not did
    assert _hit(g, source, 1) == set()


def test_a_different_selector_picks_on_its_own() -> None:
    """Only the same selector shares the pick: ``pick: all`` and other filters are read afresh."""
    g = game_of(POSITION, "seed: 1\n")
    source, place = uid_of(g, "squeeeeeeeeeze"), _place(g)
    picks: triggers.Picks = {}
    one = {"among": "here", "pick": "strongest"}
    triggers.run(g, source, 0, _effect({"modify": {"who": one, "by": {"attack": 1}}}), 0, place, picks=picks)
    every = _effect({"modify": {"who": {"among": "here"}, "by": {"defense": 1}}})
    triggers.run(g, source, 1, every, 0, place, picks=picks)
    assert len(_hit(g, source, 0)) == 1
    assert {g.card(u).id for u in _hit(g, source, 1)} == set(HERE)
