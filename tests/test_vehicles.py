"""Vehicles (RULES.md CARD-13, COMBAT-24): damage to a vehicle outlasts the combat (it never heals)."""

from __future__ import annotations

from animayhem.engine.procedures import vehicles
from animayhem.records.scenario import loads

FIGHT = """
name: vehicle damage test
ruleset: classic
seats:
  - name: Tom
field:
  - {cell: [0, 0], card: genom-tower, owner: 0, under: [compact]}
  - {cell: [0, 1], card: masaki-house, owner: 0, haven: true}
characters:
  - {card: tenchi-masaki, owner: 0, at: [0, 0], carried: [bonaparte]}
  - {card: kiriya, owner: 0, at: [0, 0]}
disasters:
  - {card: assassin-bot-land-augmented, owner: 0, at: [0, 0]}
start: {active: 0, phase: move}
scripted:
  targets: [tenchi-masaki, kiriya]
"""


def test_vehicle_damage_is_not_healed_after_the_combat() -> None:
    g, _, _, _ = loads(FIGHT)
    s = g.state
    bonaparte = next(u for c in s.characters.values() for u in c.carried)
    assert vehicles.can_fight(g, bonaparte) and vehicles.health(g, bonaparte) == 5
    g.apply("done")  # the Move phase ends: the Assassin Bot (A7 D8) fights
    g.apply(f"strike c{bonaparte}")  # 7 - 5 = 2 damage to Bonaparte
    assert vehicles.health(g, bonaparte) == 3
    g.apply("run")  # round 2 attacks Kiriya: the final attack Bonks him (7 - 3 = 4 >= Health 3)
    assert g.decision is not None and g.decision.kind == "runto"
    g.apply("runto 0,1")
    assert not any(type(f).__name__ == "Combat" for f in s.agenda)
    assert all(c.damage == 0 for c in s.characters.values())  # the Characters heal (COMBAT-13) ...
    assert s.vehicle_damage == {bonaparte: 2}  # ... the vehicle does not (CARD-13)
    assert vehicles.health(g, bonaparte) == 3
    assert g.clone().state.vehicle_damage == {bonaparte: 2}
