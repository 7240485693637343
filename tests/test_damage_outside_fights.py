"""Damage dealt outside a fight that heals at the end of the turn (a trap's, a card's ``damage`` with ``kept``),
when it would Bonk a Character that a card keeps in play (Robot Slave): what it still carries stays marked and
heals at the end of the turn (COMBAT-14; primitives ``bonk_outside_fight``). Found by the soak: a 5-seat dbz
game left 1 damage on Miss Ayumi for good after Razor Balls and a party's Robot Slave. The scenario
robot-slave-trap-applies.yaml plays the trap case through the engine; these pin the marks themselves."""

from __future__ import annotations

from animayhem.engine.checks.invariants import problems
from animayhem.engine.core.state import HURT_COUNTER, KEPT_DAMAGE_COUNTER, SLOTS
from animayhem.engine.effects import primitives
from animayhem.engine.procedures import traps
from scenario_kit import game_of, uid_of

POSITION = """\
ruleset: classic
seats:
  - name: Solo
    combat: []
field:
  - {cell: [0, 0], card: masaki-house, owner: 0, haven: true}
  - {cell: [1, 0], card: genom-tower, owner: 0}
characters:
  - {card: akane-tendo, owner: 0, at: [1, 0], carried: [robot-slave]}
start: {active: 0, phase: move}
"""


def test_kept_damage_a_save_leaves_is_still_marked_and_heals() -> None:
    g = game_of(POSITION)
    s = g.state
    akane = s.characters[uid_of(g, "akane-tendo")]  # Health 4
    akane.damage = 3  # 1 kept from a card earlier this turn, 2 from a trap
    s.counters[akane.uid * SLOTS + KEPT_DAMAGE_COUNTER] = 1
    s.counters[akane.uid * SLOTS + HURT_COUNTER] = 2
    primitives.bonk_outside_fight(g, akane, KEPT_DAMAGE_COUNTER)  # a card's kept damage would fell her
    assert akane.bonked_at < 0 and akane.damage == 3 and akane.carried == []  # Robot Slave went instead
    assert s.counters[akane.uid * SLOTS + KEPT_DAMAGE_COUNTER] == 1
    assert s.counters[akane.uid * SLOTS + HURT_COUNTER] == 2
    assert problems(g) == []
    traps.heal(g)  # the end of the turn
    assert akane.damage == 0


def test_without_a_save_she_is_bonked_and_nothing_stays_marked() -> None:
    g = game_of(POSITION.replace(", carried: [robot-slave]", ""))
    s = g.state
    akane = s.characters[uid_of(g, "akane-tendo")]
    akane.damage = 4
    s.counters[akane.uid * SLOTS + HURT_COUNTER] = 4
    primitives.bonk_outside_fight(g, akane, HURT_COUNTER)
    assert akane.bonked_at >= 0
    assert akane.uid * SLOTS + HURT_COUNTER not in s.counters


def test_a_mark_for_damage_healed_since_is_dropped_as_new_damage_is_marked() -> None:
    """A trap's 2 damage marked, then a fight's end healed her (COMBAT-13 heals a trap's damage, not a card's
    kept damage): the next trap this turn marks 2, not 4 (primitives.mark_damage; found by random play)."""
    g = game_of(POSITION)
    s = g.state
    akane = s.characters[uid_of(g, "akane-tendo")]
    primitives.mark_damage(g, akane, HURT_COUNTER, 2)
    akane.damage = 0  # the fight's end
    primitives.mark_damage(g, akane, HURT_COUNTER, 2)
    assert akane.damage == 2 and s.counters[akane.uid * SLOTS + HURT_COUNTER] == 2
    assert problems(g) == []


def test_marks_for_damage_still_carried_add_up() -> None:
    g = game_of(POSITION)
    s = g.state
    akane = s.characters[uid_of(g, "akane-tendo")]  # Health 4
    primitives.mark_damage(g, akane, KEPT_DAMAGE_COUNTER, 1)  # a card's (Watch that 1st step...)
    primitives.mark_damage(g, akane, HURT_COUNTER, 2)  # then a trap
    assert akane.damage == 3
    kept, hurt = akane.uid * SLOTS + KEPT_DAMAGE_COUNTER, akane.uid * SLOTS + HURT_COUNTER
    assert (s.counters[kept], s.counters[hurt]) == (1, 2)
    assert problems(g) == []
    akane.damage = 1  # a fight's end heals the trap's, not the card's
    primitives.mark_damage(g, akane, HURT_COUNTER, 1)
    assert akane.damage == 2
    assert (s.counters[kept], s.counters[hurt]) == (1, 1)
    assert problems(g) == []
    traps.heal(g)
    assert akane.damage == 0
