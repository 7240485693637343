"""Vehicle cards (RULES.md CARD-13): the heuristic drives where only a vehicle reaches, an Enhancement on a
vehicle leaves with it, and the card panel says what a vehicle carries. The cards' own behaviour is in
scenarios/cards/ (airbus-*, turbo-boost-*, visions-private-jet-* …)."""

from __future__ import annotations

from typer.testing import CliRunner

from animayhem.agents.heuristic import HeuristicAgent
from animayhem.cli.main import app
from animayhem.engine.checks.invariants import problems
from animayhem.engine.game import Game
from animayhem.engine.procedures import vehicles
from scenario_kit import game_of, uid_of

# An Item lies under a Location three steps from the Haven: Leon walks 2, his Floating Car goes 3.
FAR = """\
ruleset: classic
seats:
  - name: Solo
field:
  - {{cell: [0, 0], card: masaki-house, owner: 0, haven: true}}
  - {{cell: [1, 0], card: genom-tower, owner: 0}}
  - {{cell: [2, 0], card: island-restaurant, owner: 0}}
  - {{cell: [3, 0], card: garlic-jr-s-palace, owner: 0, under: [keys]}}
characters:
  - {{card: leon-mcnichol, owner: 0, at: [0, 0], carried: [{vehicle}]}}
start: {{active: 0, phase: move}}
"""


def _choice(g: Game) -> str:
    seat = g.to_move
    assert seat is not None
    return HeuristicAgent(seat).choose(g.view(seat), g.legal_actions())


def test_the_heuristic_drives_to_an_item_only_its_vehicle_reaches() -> None:
    g = game_of(FAR.format(vehicle="floating-car"))
    car = uid_of(g, "floating-car")
    assert f"drive c{car} 3,0" in g.legal_actions()
    assert _choice(g) == f"drive c{car} 3,0"


def test_without_a_vehicle_that_reaches_it_the_heuristic_does_not_drive() -> None:
    g = game_of(FAR.format(vehicle="shuttle-craft"))  # Movement 1: no farther than Leon walks
    choice = _choice(g)
    assert not choice.startswith("drive ") or not choice.endswith(" 3,0")
    assert all(not a.endswith(" 3,0") for a in g.legal_actions())


TURBO = """\
ruleset: classic
seats:
  - name: Solo
    hand: [turbo-boost]
field:
  - {cell: [0, 0], card: masaki-house, owner: 0, haven: true}
  - {cell: [1, 0], card: genom-tower, owner: 0}
characters:
  - {card: leon-mcnichol, owner: 0, at: [0, 0], carried: [floating-car]}
start: {active: 0, phase: equip}
"""


def test_an_enhancement_on_a_vehicle_is_discarded_once_the_vehicle_leaves_play() -> None:
    g = game_of(TURBO)
    car, boost = uid_of(g, "floating-car"), uid_of(g, "turbo-boost")
    g.apply(f"play c{boost} c{car}")
    assert g.state.vehicle_cards == {boost: car}
    assert not problems(g)  # the Turbo Boost is in one zone: on the car
    g.apply("done")
    g.apply(f"store c{car}")  # stored in the Haven, the car keeps it
    assert g.state.vehicle_cards == {boost: car}
    s = g.state
    haven = next(p for p in s.places.values() if car in p.stored)
    haven.stored.remove(car)  # the car leaves play (as a wrecked vehicle does, vehicles.exchange)
    g.discard(car)
    g.apply("done")
    assert s.vehicle_cards == {}
    assert boost in s.players[0].discard
    assert any(e["e"] == "card_removed" and e["card"] == "turbo-boost" for e in g.log)
    assert not problems(g)


def test_a_driver_needs_the_vehicles_requirement() -> None:
    g = game_of(FAR.format(vehicle="visions-private-jet"))  # Pilot: Leon has Driving only
    leon = g.state.characters[uid_of(g, "leon-mcnichol")]
    assert not vehicles.driver_meets(g, leon, uid_of(g, "visions-private-jet"))
    assert not any(a.startswith("drive ") for a in g.legal_actions())


def test_cards_show_names_what_a_vehicle_carries() -> None:
    res = CliRunner().invoke(app, ["cards", "show", "airbus"])
    assert res.exit_code == 0, res.output
    flat = " ".join(res.output.replace("│", " ").split())
    assert "flying, carries 6, plus one ground vehicle" in flat
    res = CliRunner().invoke(app, ["cards", "show", "robot-flight-crew"])
    flat = " ".join(res.output.replace("│", " ").split())
    assert "flying vehicles; meets the vehicle's Pilot requirement" in flat
