"""The heuristic choosing between Kasumi's two abilities (agents/heuristic.py ``_on_use_choice``): removing Kasumi
from the game ('halt') ends the holds of Akane's and C-ko's Cooking (C-ko's Cooking's text). Akane's Cooking
holds for its turns whatever Cooking comes, so with its own Characters held by it the heuristic halts; C-ko's
Cooking lets go of a group once a Character with Cooking stands with it, so there Kasumi's Cooking does, and the
card stays (CARD-14, CARD-22)."""

from __future__ import annotations

import pytest

from animayhem.agents import make_agent
from animayhem.engine.game import Game
from scenario_kit import game_of

POSITION = """\
ruleset: classic
seed: 3
seats:
  - name: Solo
    hand: [kasumi, speed, speed, speed, speed, speed, speed]
    draw: [speed, speed, speed, speed, speed]
    turns: 1
field:
  - {cell: [0, 0], card: cathedral, owner: 0, under: [COOKING, keys]}
  - {cell: [1, 0], card: hot-springs-house, owner: 0, under: [cross]}
  - {cell: [0, 1], card: masaki-house, owner: 0, haven: true}
characters:
  - {card: eddie, owner: 0, at: [0, 0]}
  - {card: chaplain, owner: 0, at: [0, 0]}
start: {active: 0, phase: equip}
"""


def _asked_which(cooking: str) -> Game:
    """Kasumi played, the group held by ``cooking`` at the Cathedral, and the next turn's use of Kasumi asking
    which ability."""
    g = game_of(POSITION.replace("COOKING", cooking))
    for a in ["play c0", "done", "done", "scavenge 0,0", "done"]:
        assert a in g.legal_actions(), (a, g.legal_actions())
        g.apply(a)
    assert any(e["e"] == "effect_started" and e["card"] == cooking for e in g.log)
    g.apply("use c0")
    assert g.decision is not None and g.decision.kind == "use_choice"
    assert sorted(g.legal_actions()) == ["cooking", "halt"]
    return g


@pytest.mark.parametrize(("cooking", "chosen"), [("akanes-cooking", "halt"), ("c-kos-cooking", "cooking")])
def test_the_heuristic_halts_only_a_hold_no_cooking_ends(cooking: str, chosen: str) -> None:
    g = _asked_which(cooking)
    assert make_agent("heuristic", 1).choose(g.view(0), g.legal_actions()) == chosen


def test_halting_removes_kasumi_and_frees_the_group() -> None:
    g = _asked_which("akanes-cooking")
    g.apply("halt")
    assert any(e["e"] == "effect_ended" and e["card"] == "akanes-cooking" for e in g.log)
    assert 0 not in g.state.players[0].globals and 0 in g.state.destroyed
