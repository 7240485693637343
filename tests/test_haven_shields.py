"""Ross' Apartment and Phantom Quest Corporation: the Character a Haven's once-a-game use names is passed over by
Disasters of a kind, in their choice of target and in their effects (engine/effects/lasting.py ``unaffected``)."""

from __future__ import annotations

from animayhem.engine.effects import lasting
from scenario_kit import game_of, uid_of

POSITION = """\
name: shield
ruleset: classic
seats:
  - name: Ann
field:
  - {cell: [0, 0], card: genom-tower, owner: 0, under: [keys]}
  - {cell: [1, 0], card: ross-apartment, owner: 0, haven: true}
characters:
  - {card: armitage, owner: 0, at: [1, 0]}
  - {card: leon-mcnichol, owner: 0, at: [1, 0]}
disasters:
  - {card: goons, owner: 0, at: [0, 0]}
  - {card: furry-eyes, owner: 0, at: [0, 0]}
start: {active: 0, phase: equip}
"""


def test_only_the_named_one_and_only_against_the_named_kind() -> None:
    g = game_of(POSITION)
    armitage, leon = uid_of(g, "armitage"), uid_of(g, "leon-mcnichol")
    goons, eyes = uid_of(g, "goons"), uid_of(g, "furry-eyes")
    pool = [g.state.characters[armitage], g.state.characters[leon]]
    assert lasting.unaffected(g, goons, pool) == pool  # nothing named yet
    g.apply(f"use c{uid_of(g, 'ross-apartment')}")
    g.apply(f"choose c{armitage}")
    assert [c.uid for c in lasting.unaffected(g, goons, pool)] == [leon]  # a Robot passes her over
    assert lasting.unaffected(g, eyes, pool) == pool  # a Spirit does not
    assert f"use c{uid_of(g, 'ross-apartment')}" not in g.legal_actions()  # once a game


def test_the_choice_survives_a_clone_and_ends_when_she_leaves_play() -> None:
    g = game_of(POSITION)
    armitage = uid_of(g, "armitage")
    g.apply(f"use c{uid_of(g, 'ross-apartment')}")
    g.apply(f"choose c{armitage}")
    copy = g.clone()
    assert copy.state_hash() == g.state_hash() and copy.state.lasting == g.state.lasting
    lasting.forget(g, armitage)
    assert not any(armitage in r.targets for r in g.state.lasting)
