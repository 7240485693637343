"""Turns a Character has stayed at its Location (engine/procedures/stays.py), for "remain on Location for N turns"
(Campground): counted in the state at the end of its owner's turns, read by the requirement evaluator and
explained by ``why``; clone and replay keep it."""

from __future__ import annotations

import pickle

from animayhem.cards.database import CardDB
from animayhem.cards.evaluate import meets
from animayhem.engine.game import Game
from animayhem.engine.procedures import stays
from scenario_kit import game_of, uid_of

CAMP = """
ruleset: classic
seats:
  - name: Solo
    hand: [nene-romanova, eddie, lunch, p-chan, al, washu, kiriya]
field:
  - {cell: [0, 0], card: campground, owner: 0, under: [keys]}
  - {cell: [1, 0], card: island-restaurant, owner: 0, under: [cross]}
  - {cell: [2, 0], card: telephone-pole, owner: 0, under: [antiques]}
  - {cell: [1, 1], card: masaki-house, owner: 0, haven: true}
characters:
  - {card: super-saiyan-goku, owner: 0, at: [2, 0]}
"""


def _camp(stayed: int) -> Game:
    ryoga = f"  - {{card: ryoga-hibiki, owner: 0, at: [0, 0], stayed: {stayed}}}\n"
    return game_of(CAMP + ryoga + "start: {phase: scavenge}\n")


def test_why_names_the_turns_stayed_and_the_rule() -> None:
    g = _camp(1)
    assert "scavenge 0,0" not in g.legal_actions()
    why = g.explain("scavenge 0,0")
    assert not why.legal
    assert "SCAV-1" in why.rules
    assert "Campground" in why.text and "stayed there 1 of the 2 turns" in why.text


def test_why_agrees_once_the_group_has_stayed_two_turns() -> None:
    g = _camp(2)
    assert "scavenge 0,0" in g.legal_actions()
    assert g.explain("scavenge 0,0").legal


def test_the_count_is_plain_state_kept_by_clone_and_pickle() -> None:
    g = _camp(2)
    ryoga = g.state.characters[uid_of(g, "ryoga-hibiki")]
    assert (ryoga.stayed, stays.turns_here(ryoga)) == (2, 2)
    twin = g.clone()
    assert stays.turns_here(twin.state.characters[ryoga.uid]) == 2
    assert twin.state_hash() == g.state_hash()
    again = pickle.loads(pickle.dumps(g.state))
    assert (again.characters[ryoga.uid].stayed, again.characters[ryoga.uid].stayed_at) == (2, ryoga.pos)


def test_the_count_changes_the_state_hash() -> None:
    assert _camp(1).state_hash() != _camp(2).state_hash()


def test_end_of_turn_counts_the_owners_characters_on_locations_only() -> None:
    g = _camp(0)
    s = g.state
    ryoga = s.characters[uid_of(g, "ryoga-hibiki")]
    goku = s.characters[uid_of(g, "super-saiyan-goku")]
    stays.end_turn(g, 0)
    assert (stays.turns_here(ryoga), stays.turns_here(goku)) == (1, 1)
    stays.end_turn(g, 0)
    assert stays.turns_here(ryoga) == 2
    goku.pos = next(u for u, p in s.places.items() if p.haven)  # in the Haven: no Location, no count
    stays.end_turn(g, 0)
    assert (ryoga.stayed, goku.stayed, goku.stayed_at) == (3, 0, -1)


def test_a_requirement_asked_without_a_count_can_always_be_waited_for() -> None:
    db = CardDB.bundled()
    req = db.by_id("campground").requirements
    assert req is not None
    ryoga = [db.by_id("ryoga-hibiki")]
    assert meets(req, ryoga)  # deck statistics, set-up advice: waiting is always possible
    assert not meets(req, ryoga, stayed=1)
    assert meets(req, ryoga, stayed=2)
    assert meets(req, ryoga, [db.by_id("the-masaki-van")], stayed=0)  # the Vehicle alternative
    assert stays.remain_turns(req) == 2
    assert stays.remain_turns(db.by_id("museum").requirements) is None  # type: ignore[arg-type]
