"""Ryoga Hibiki's stray (procedures/movement.py ``stray``; CARD-1, CARD-7, TURN-17): every third Move phase he
walks in, he goes to a Location drawn among those in reach, another player's Haven left out. Found by random play:
with nothing else in reach he went into another player's Haven without its owner's leave."""

from __future__ import annotations

from animayhem.engine.core.state import SLOTS, STRAY_COUNTER
from animayhem.engine.game import Game
from scenario_kit import game_of, uid_of

POSITION = """\
ruleset: classic
seed: 1
seats:
  - {name: A, combat: []}
  - {name: B, combat: []}
field:
  - {cell: [0, 0], card: genom-tower, owner: 0}
  - {cell: [1, 0], card: ravens-garage, owner: 1, haven: true}
  - {cell: [FAR], card: masaki-house, owner: 0, haven: true}
characters:
  - {card: ryoga-hibiki, owner: 0, at: [0, 0]}
start: {active: 0, phase: move}
"""


def _due(far: str) -> tuple[Game, int]:
    """Ryoga on Genom Tower, his third walk due (his stray), with seat 1's Haven next door and seat 0's at ``far``."""
    g = game_of(POSITION.replace("[FAR]", far))
    ryoga = uid_of(g, "ryoga-hibiki")
    g.state.counters[ryoga * SLOTS + STRAY_COUNTER] = 2
    return g, ryoga


def test_with_only_another_players_haven_in_reach_he_does_not_stray_and_its_owner_is_asked() -> None:
    g, ryoga = _due("[6, 6]")  # his own Haven out of reach: the Raven's Garage is all he could stray to
    assert f"move c{ryoga} 1,0" in g.legal_actions()
    g.apply(f"move c{ryoga} 1,0")
    s = g.state
    assert not any(e["e"] == "strayed" for e in g.log)
    assert s.characters[ryoga].pos == s.grid[(0, 0)]  # not in yet: the owner decides (CARD-7)
    assert s.pending is not None and s.pending.seat == 1


def test_with_a_location_of_its_own_in_reach_he_strays_there() -> None:
    g, ryoga = _due("[0, 1]")  # his own Haven next door: the only place he may stray to
    g.apply(f"move c{ryoga} 1,0")
    s = g.state
    assert [e["dest"] for e in g.log if e["e"] == "strayed"] == [[0, 1]]
    assert s.characters[ryoga].pos == s.grid[(0, 1)]
