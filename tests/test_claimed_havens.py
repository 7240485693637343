"""Locations that become Havens (RULES.md SCAV-22; engine/procedures/havens.py ``claim``): what the engine then
treats as that player's Haven, beyond what the card scenarios show."""

from __future__ import annotations

import pytest

from animayhem.engine.core.field import disaster_path, seat_side
from animayhem.engine.game import Game, IllegalAction
from scenario_kit import game_of, uid_of

POSITION = """\
name: claim
ruleset: classic
seats:
  - name: Ann
  - name: Bob
field:
  - {cell: [0, 0], card: masaki-house, owner: 0, haven: true}
  - {cell: [1, 0], card: bugrom-homeland, owner: 1}
  - {cell: [2, 0], card: genom-tower, owner: 1, under: [keys, cross, keys, cross]}
  - {cell: [3, 0], card: masaki-house, owner: 1, haven: true}
characters:
  - {card: katsuhiko-jinnai, owner: 0, at: [1, 0], carried: [bugrom-big-raid-medal, ifuritas-power-key-staff]}
  - {card: tenchi-masaki, owner: 1, at: [1, 0]}
start: {active: 0, phase: move}
"""


def _claimed() -> tuple[Game, int]:
    g = game_of(POSITION)
    g.apply("haven 1,0")
    return g, uid_of(g, "bugrom-homeland")


def test_the_location_is_its_takers_haven() -> None:
    g, home = _claimed()
    s = g.state
    place = s.places[home]
    assert place.haven and place.owner == 0
    assert s.players[0].havens == [s.grid[(0, 0)], home]  # the first Haven stays the one cards send home to
    assert place.admitted == [1]  # Bob's Tenchi was standing there: he stays, admitted (CARD-7)


def test_disasters_pass_it_by() -> None:
    g, home = _claimed()
    for seat in (0, 1):
        side = seat_side(g.state, seat, "grid")
        assert home not in disaster_path(g.state, side, skip_destroyed=False)


def test_a_claim_is_refused_when_illegal_and_leaves_the_state() -> None:
    g = game_of(POSITION)
    before = g.state_hash()
    with pytest.raises(IllegalAction):
        g.apply("haven 2,0")  # Genom Tower says nothing of becoming a Haven
    assert g.state_hash() == before


def test_the_claim_is_kept_in_a_clone() -> None:
    g, home = _claimed()
    copy = g.clone()
    assert copy.state.places[home].haven and copy.state_hash() == g.state_hash()
