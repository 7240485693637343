"""Hooks of the disC Disasters that a scenario cannot reach on its own: Class C Female Boomer giving a stolen
Equipment back when Defeated, and the state staying exact under clone and hash while she holds it
(engine/hooks/disc_loot.py); Goz's bribe with an Equipment (engine/effects/triggers.py ``bribed``)."""

from __future__ import annotations

from animayhem.engine.checks.invariants import problems
from animayhem.engine.effects import card_hooks
from animayhem.engine.effects.primitives import bonk
from animayhem.engine.effects.triggers import bribed
from animayhem.engine.procedures.combat import defeat
from scenario_kit import game_of, uid_of

FIELD = """\
ruleset: classic
seed: 1
seats:
  - name: Solo
field:
  - {cell: [0, 0], card: genom-tower, owner: 0}
  - {cell: [1, 0], card: island-restaurant, owner: 0}
  - {cell: [2, 1], card: masaki-house, owner: 0, haven: true}
start: {active: 0, phase: move}
"""


def test_boomer_gives_the_stolen_equipment_back_when_defeated() -> None:
    g = game_of(
        FIELD,
        """\
        characters:
          - {card: tenchi-masaki, owner: 0, at: [0, 0], carried: [armitages-gun]}
        disasters:
          - {card: class-c-female-boomer, owner: 0, at: [0, 0]}
        """,
    )
    boomer, gun, tenchi = uid_of(g, "class-c-female-boomer"), uid_of(g, "armitages-gun"), uid_of(g, "tenchi-masaki")
    place = g.state.disasters[boomer].pos
    card = g.card(boomer)
    ctx = card_hooks.HookCall(boomer, 0, card.effects[0], 0, place)
    assert card_hooks.call(g, "steal_equipment", ctx)
    assert gun in g.state.set_aside and gun not in g.state.characters[tenchi].carried
    assert not problems(g)
    twin = g.clone()
    assert twin.state_hash() == g.state_hash()
    assert not card_hooks.call(g, "steal_equipment", ctx)  # one stolen card at a time
    defeat(g, boomer, place, 0)
    assert g.state.characters[tenchi].carried == [gun]
    assert gun not in g.state.set_aside and not g.state.lasting
    assert any(e["e"] == "equipment_returned" for e in g.log)
    assert not problems(g)


def test_boomer_defeated_after_the_victim_left_play_discards_it() -> None:
    g = game_of(
        FIELD,
        """\
        characters:
          - {card: tenchi-masaki, owner: 0, at: [0, 0], carried: [armitages-gun]}
          - {card: eddie, owner: 0, at: [1, 0]}
        disasters:
          - {card: class-c-female-boomer, owner: 0, at: [0, 0]}
        """,
    )
    boomer, gun, tenchi = uid_of(g, "class-c-female-boomer"), uid_of(g, "armitages-gun"), uid_of(g, "tenchi-masaki")
    place = g.state.disasters[boomer].pos
    ctx = card_hooks.HookCall(boomer, 0, g.card(boomer).effects[0], 0, place)
    assert card_hooks.call(g, "steal_equipment", ctx)
    bonk(g, g.state.characters[tenchi], None)
    defeat(g, boomer, place, 0)
    assert gun in g.state.players[0].discard
    assert not problems(g)


def test_goz_bribed_with_equipment_discards_it() -> None:
    g = game_of(
        FIELD,
        """\
        characters:
          - {card: tenchi-masaki, owner: 0, at: [0, 0], carried: [armitages-gun]}
        disasters:
          - {card: goz, owner: 0, at: [0, 0]}
        """,
    )
    goz, gun = uid_of(g, "goz"), uid_of(g, "armitages-gun")
    bribed(g, goz, gun, 0)
    assert gun in g.state.players[0].discard
    assert g.state.disasters[goz].item < 0
    assert [e["kept"] for e in g.log if e["e"] == "disaster_bribed"] == [False]
