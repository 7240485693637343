"""Disaster abilities that a scenario file cannot reach on its own: pursuit that keeps one quarry (Dodoria),
the Battlemover's countdown starting over, Brian J. Mason's Combat cards, and the new verbs' text and state
staying exact under clone and hash (engine/procedures/pursuit.py, engine/hooks/combat_countdowns.py)."""

from __future__ import annotations

from animayhem.engine.effects import primitives, triggers
from animayhem.engine.game import Game
from animayhem.engine.procedures import pursuit
from scenario_kit import game_of, uid_of

FIELD = """\
ruleset: classic
seed: 1
seats:
  - name: Solo
field:
  - {cell: [0, 0], card: genom-tower, owner: 0}
  - {cell: [1, 0], card: island-restaurant, owner: 0}
  - {cell: [2, 0], card: hot-springs-house, owner: 0}
  - {cell: [0, 1], card: tank-police-hq, owner: 0}
  - {cell: [2, 1], card: masaki-house, owner: 0, haven: true}
"""


def _place(g: Game, cell: tuple[int, int]) -> int:
    return g.state.grid[cell]


def test_dodoria_keeps_chasing_the_character_it_picked() -> None:
    g = game_of(
        FIELD,
        """\
        characters:
          - {card: tenchi-masaki, owner: 0, at: [1, 0]}
          - {card: akane-tendo, owner: 0, at: [2, 0]}
        disasters:
          - {card: dodoria, owner: 0, at: [0, 0]}
        start: {active: 0, phase: equip}
        """,
    )
    d = g.state.disasters[uid_of(g, "dodoria")]
    tenchi, akane = uid_of(g, "tenchi-masaki"), uid_of(g, "akane-tendo")
    assert pursuit.quarry(g, d) == tenchi  # the nearest: one step away
    d.pos = _place(g, (2, 0))  # now Akane stands with him, Tenchi is one step away
    assert pursuit.quarry(g, d) == tenchi  # he keeps after Tenchi
    assert pursuit.step(g, d) == _place(g, (1, 0))
    twin = g.clone()
    assert twin.state_hash() == g.state_hash()  # the chosen quarry is plain state
    g.state.characters[tenchi].pos = _place(g, (2, 1))  # Tenchi goes home: out of reach
    assert pursuit.quarry(g, d) == akane
    assert pursuit.step(g, d) == d.pos  # already with her: it stops


def test_a_chaser_without_keep_takes_the_nearest_each_time() -> None:
    g = game_of(
        FIELD,
        """\
        characters:
          - {card: tenchi-masaki, owner: 0, at: [1, 0]}
          - {card: p-chan, owner: 0, at: [2, 0]}
        disasters:
          - {card: angry-schoolgirls, owner: 0, at: [0, 0]}
        start: {active: 0, phase: equip}
        """,
    )
    d = g.state.disasters[uid_of(g, "angry-schoolgirls")]
    assert pursuit.quarry(g, d) == uid_of(g, "tenchi-masaki")
    d.pos = _place(g, (2, 0))
    assert pursuit.quarry(g, d) == uid_of(g, "p-chan")


def test_a_disaster_without_pursue_never_chases() -> None:
    g = game_of(
        FIELD,
        """\
        characters:
          - {card: tenchi-masaki, owner: 0, at: [1, 0]}
        disasters:
          - {card: bugrom-type-1, owner: 0, at: [0, 0]}
        start: {active: 0, phase: equip}
        """,
    )
    d = g.state.disasters[uid_of(g, "bugrom-type-1")]
    assert pursuit.quarry(g, d) is None and pursuit.step(g, d) is None


def test_battlemover_countdown_starts_over_at_three_health() -> None:
    g = game_of(
        FIELD,
        """\
        characters:
          - {card: tenchi-masaki, owner: 0, at: [0, 0]}
        disasters:
          - {card: dd-j1-battlemover, owner: 0, at: [0, 0]}
        start: {active: 0, phase: equip}
        """,
    )
    uid = uid_of(g, "dd-j1-battlemover")
    d = g.state.disasters[uid]
    place = _place(g, (0, 0))
    d.damage = 4  # Health 2
    triggers.combat_round(g, uid, place)
    triggers.combat_round(g, uid, place)
    assert list(g.state.counters.values()) == [2]
    d.damage = 3  # Health 3: the run of low rounds is broken
    triggers.combat_round(g, uid, place)
    assert not g.state.counters
    d.damage = 4
    triggers.combat_round(g, uid, place)
    triggers.combat_round(g, uid, place)
    assert uid in g.state.disasters  # two rounds under 3 again: not yet
    triggers.combat_round(g, uid, place)
    assert uid not in g.state.disasters and _place(g, (0, 0)) not in {c.pos for c in g.state.characters.values()}


def test_dr_rene_is_defeated_when_naomi_armitage_is_bonked_by_anything() -> None:
    g = game_of(
        FIELD,
        """\
        characters:
          - {card: naomi-armitage, owner: 0, at: [0, 0]}
          - {card: tenchi-masaki, owner: 0, at: [0, 0]}
        disasters:
          - {card: dr-rene-danclaude, owner: 0, off_field: true}
        start: {active: 0, phase: equip}
        """,
    )
    rene = uid_of(g, "dr-rene-danclaude")
    primitives.bonk(g, g.state.characters[uid_of(g, "tenchi-masaki")], None)
    assert rene in g.state.disasters  # not an Armitage
    primitives.bonk(g, g.state.characters[uid_of(g, "naomi-armitage")], None)  # a card's Bonk, no fight
    assert rene not in g.state.disasters and rene in g.state.players[0].discard
