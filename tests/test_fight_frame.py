"""The fight against a Disaster found by type (engine/core/fight.py), not by the names of its fields."""

from __future__ import annotations

from animayhem.engine.core.fight import FightFrame, on_top, under_way
from animayhem.engine.procedures.charm import DisasterCharm
from animayhem.engine.procedures.combat import Combat


def test_the_combat_frame_is_a_fight_frame_and_stays_slotted() -> None:
    c = Combat(dis=5, place=2)
    assert isinstance(c, FightFrame)
    assert not hasattr(c, "__dict__")  # the base adds no instance dictionary to the slotted frame
    assert c.called_off is False and c.used == []


def test_on_top_and_under_way() -> None:
    fight = Combat(dis=5, place=2, target=7)
    other = object()
    assert on_top([]) is None and under_way([]) is None
    assert on_top([fight]) is fight and under_way([fight]) is fight
    assert on_top([fight, other]) is None  # something was pushed above the fight
    assert under_way([fight, other]) is fight
    inner = Combat(dis=6, place=3)
    assert under_way([fight, other, inner]) is inner  # the innermost fight


def test_a_frame_with_the_same_field_names_is_not_a_fight() -> None:
    charm = DisasterCharm.__new__(DisasterCharm)  # a Disaster's charm part: it has ``dis`` and ``place`` too
    assert on_top([charm]) is None and under_way([charm]) is None
