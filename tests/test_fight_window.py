"""The ``fight`` window of a fight between players' Characters (procedures/fights.py ``Fight._window``,
engine/procedures/windows.py): who is asked and in what order, and what a round costs when nobody holds a card
played there."""

from __future__ import annotations

from typing import Any

import pytest

from animayhem.engine.procedures import flash
from animayhem.records.scenario import loads

_FIGHT = """
name: fight window test
ruleset: classic
overrides: {{charm_combat: false}}
seats:
  - name: Ann
    hand: [{ann}]
    combat: []
  - name: Ben
    hand: [{ben}]
    combat: []
  - name: Cal
    hand: [{cal}]
    combat: []
field:
  - {{cell: [0, 0], card: genom-tower, owner: 0}}
  - {{cell: [1, 0], card: island-restaurant, owner: 0}}
  - {{cell: [0, 1], card: masaki-house, owner: 0, haven: true}}
  - {{cell: [1, 1], card: masaki-house, owner: 1, haven: true}}
  - {{cell: [2, 1], card: masaki-house, owner: 2, haven: true}}
characters:
  - {{card: future-trunks, owner: 0, at: [0, 0]}}
  - {{card: krillin, owner: 1, at: [0, 0]}}
  - {{card: a-ko-magami, owner: 2, at: [0, 0]}}
start: {{active: 0, phase: scavenge}}
"""


def _declared(ann: str = "", ben: str = "", cal: str = "") -> Any:
    """Ann (active) fights Ben at Genom Tower, where Cal's A-ko also stands: Trunks and Krillin strike each other."""
    g, _data, _lines, _src = loads(_FIGHT.format(ann=ann, ben=ben, cal=cal))
    krillin = next(u for u, c in g.state.characters.items() if c.owner == 1)
    for action in (f"fight 0,0 c{krillin}", "stay"):
        g.apply(action)
    trunks = next(u for u, c in g.state.characters.items() if c.owner == 0)
    g.apply(f"hit c{trunks} c{krillin}")
    g.apply(f"hit c{krillin} c{trunks}")
    return g


def test_without_cards_for_the_window_the_blows_land_at_once() -> None:
    g = _declared()
    assert any(e["e"] == "fight_hit" for e in g.log)
    assert g.decision is not None and g.decision.kind != "window"


def test_a_third_seat_not_in_the_fight_is_never_asked() -> None:
    """Cal holds Taunt and his A-ko stands there, but he does not fight: the blows land, Cal is not asked."""
    g = _declared(cal="taunt")
    assert any(e["e"] == "fight_hit" for e in g.log)
    assert not any(e["e"] == "flash_played" for e in g.log)


def test_the_defender_is_asked_before_the_active_player() -> None:
    g = _declared(ann="taunt", ben="taunt")
    d = g.decision
    assert d is not None and d.kind == "window" and d.seat == 1
    g.apply("pass")
    d = g.decision
    assert d is not None and d.kind == "window" and d.seat == 0


def test_a_round_nobody_can_answer_asks_no_flash_question(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no Flash Effect played in fights in any hand, the round asks ``flash.options`` nothing for the window."""
    asked: list[str | None] = []
    real = flash.options

    def spy(g: Any, seat: int, kind: str, point: str | None = None) -> list[str]:
        asked.append(point)
        return real(g, seat, kind, point)

    monkeypatch.setattr(flash, "options", spy)
    _declared(ann="speed", ben="speed")
    assert "fight" not in asked
