"""The heuristic at a Disaster's attack (agents/heuristic.py ``_on_combat``, ``_Ctx.fight_odds``): it strikes when
its group would Defeat the Disaster before the Disaster Bonks the target, counting only the blows that can hurt
it. Kishiime (#664, 5/6, Health 6) takes no damage from Characters without Speed (its static ``immune``), so a
group whose Attack beats its Defense on paper may deal it nothing at all; before, the heuristic read the paper
numbers and struck it round after round, to no effect, until the fight stood still (COMBAT-23)."""

from __future__ import annotations

import pytest

from animayhem.agents.heuristic import HeuristicAgent
from animayhem.records import scenario

_POSITION = """
name: Kishiime attacks Future Trunks at Genom Tower
rules: [COMBAT-19, COMBAT-23]
case: applies
ruleset: classic
seats:
  - name: Solo
    combat: []
field:
  - {cell: [0, 0], card: genom-tower, owner: 0}
  - {cell: [1, 0], card: island-restaurant, owner: 0, under: [antiques]}
  - {cell: [0, 1], card: masaki-house, owner: 0, haven: true}
characters:
  - {card: future-trunks, owner: 0, at: [0, 0]}
  - {card: %s, owner: 0, at: [0, 0]}
  - {card: %s, owner: 0, at: [0, 0]}
disasters:
  - {card: kishiime, owner: 0, at: [0, 0]}
start: {active: 0, phase: move}
scripted:
  targets: [future-trunks]
actions: []
"""


@pytest.mark.parametrize(
    ("second", "third", "choice"),
    [
        # Trunks (6), Mr. Panda (4) and Eddie (2): 12 against Defense 6 on paper, but nobody has Speed: no damage
        ("mr-panda", "eddie", "run"),
        # Goku (6, Speed) and Gregory (1, Speed): 7 against Defense 6, one point a round: six rounds, too slow
        ("goku-rare", "gregory", "run"),
        # Super Saiyan Goku (7, Speed) and Gregory: 8 against 6, two a round: Defeated in three rounds, while
        # Kishiime's 5 never gets past Trunks' Defense 6
        ("super-saiyan-goku", "gregory", "strike c4 c5 c6"),
    ],
)
def test_the_heuristic_strikes_kishiime_only_with_the_strikes_of_characters_with_speed(
    second: str, third: str, choice: str
) -> None:
    g = scenario.loads(_POSITION % (second, third))[0]
    g.apply("done")  # the Move phase ends: Kishiime attacks Trunks
    view, actions = g.view(0), g.legal_actions()
    assert view["decision"]["kind"] == "combat" and "run" in actions
    kishiime = view["disasters"][0]
    assert (kishiime["attack"], kishiime["defense"], kishiime["health"]) == (5, 6, 6)
    assert sum(c["attack"] for c in view["characters"]) > kishiime["defense"]  # enough on paper, every time
    assert HeuristicAgent(0).choose(view, actions) == choice
