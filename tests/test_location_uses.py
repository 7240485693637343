"""A Location's own uses (procedures/activated.py): Julian's Gravesite (engine/hooks/field_changes.py ``lay_to_rest``),
offered only while a Disaster lies under it and Julian stands on it, even in a Scavenge phase with nothing else to
offer; Capsule Corporation's search of the Draw pile, seen by its owner only."""

from __future__ import annotations

import pytest

from animayhem.engine.checks.leaks import LeakCheck
from animayhem.engine.effects import card_hooks
from animayhem.engine.game import IllegalAction
from scenario_kit import game_of, uid_of

POSITION = """\
name: grave
ruleset: classic
seed: 3
seats:
  - name: Ann
field:
  - {{cell: [0, 0], card: julians-gravesite, owner: 0, under: [{under}]}}
  - {{cell: [1, 0], card: masaki-house, owner: 0, haven: true}}
  - {{cell: [0, 1], card: hot-springs-house, owner: 0, under: [keys]}}
characters:
  - {{card: julian-pluto-moore, owner: 0, at: [{at}]}}
start: {{active: 0, phase: scavenge}}
"""


def test_ready_only_with_julian_there_and_a_disaster_under() -> None:
    g = game_of(POSITION.format(under="goons, cross", at="0, 0"))
    grave, julian = uid_of(g, "julians-gravesite"), g.state.characters[uid_of(g, "julian-pluto-moore")]
    assert card_hooks.ready(g, "lay_to_rest", grave, julian)
    assert f"use c{grave}" in g.legal_actions()
    g = game_of(POSITION.format(under="cross", at="0, 0"))
    grave, julian = uid_of(g, "julians-gravesite"), g.state.characters[uid_of(g, "julian-pluto-moore")]
    assert not card_hooks.ready(g, "lay_to_rest", grave, julian)


def test_julian_elsewhere_is_offered_nothing_and_an_illegal_use_changes_nothing() -> None:
    g = game_of(POSITION.format(under="goons, cross", at="0, 1"))
    grave = uid_of(g, "julians-gravesite")
    before = g.state_hash()
    assert f"use c{grave}" not in (g.legal_actions() if g.decision is not None else [])
    with pytest.raises(IllegalAction):
        g.apply(f"use c{grave}")
    assert g.state_hash() == before


def test_the_disaster_discarded_is_drawn_from_the_seed() -> None:
    found = set()
    for seed in range(6):
        g = game_of(POSITION.format(under="goons, bugrom-type-1, cross", at="0, 0").replace("seed: 3", f"seed: {seed}"))
        g.apply(f"use c{uid_of(g, 'julians-gravesite')}")
        ev = next(e for e in g.log if e["e"] == "laid_to_rest")
        found.add(ev["disaster"])
        assert len(g.state.places[uid_of(g, "julians-gravesite")].under) == 2
    assert found <= {"goons", "bugrom-type-1"}


CAPSULE = """\
name: capsule
ruleset: classic
seats:
  - name: Ann
    draw: [speed, hand-gun, water-spear]
  - name: Bob
field:
  - {cell: [0, 0], card: capsule-corporation, owner: 0, under: [keys]}
  - {cell: [1, 0], card: masaki-house, owner: 0, haven: true}
  - {cell: [-1, 0], card: masaki-house, owner: 1, haven: true}
characters:
  - {card: bulma, owner: 0, at: [1, 0]}
  - {card: tenchi-masaki, owner: 1, at: [-1, 0]}
start: {active: 0, phase: move}
"""


def test_the_capsule_search_shows_the_pile_to_its_owner_only() -> None:
    g = game_of(CAPSULE)
    check = LeakCheck(2)
    bulma = uid_of(g, "bulma")
    for action in ["move c{b} 0,0", "use c{c}", "choose c{h}", "choose c{b}"]:
        g.apply(action.format(b=bulma, c=uid_of(g, "capsule-corporation"), h=uid_of(g, "hand-gun")))
        for seat in (0, 1):
            assert check.check(g, seat, g.view(seat), g.events_for(seat)) == []
    assert uid_of(g, "hand-gun") in g.state.characters[bulma].carried
    assert sorted(g.state.cards[u] for u in g.state.players[0].draw) == ["speed", "water-spear"]
