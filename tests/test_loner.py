"""Loner's ``alone`` record (engine/effects/lasting.py) where a scenario cannot look: the reason an illegal group
move gives, the state staying exact under clone and hash, and the record ending when enough Charm arrives.
The scenarios scenarios/cards/loner-*.yaml play the card itself."""

from __future__ import annotations

from animayhem.engine.core.state import WHILE_TARGET
from animayhem.engine.effects import lasting
from scenario_kit import game_of, uid_of

FIELD = """\
ruleset: classic
seed: 1
seats:
  - name: Solo
field:
  - {cell: [0, 0], card: genom-tower, owner: 0, under: [loner, keys]}
  - {cell: [1, 0], card: island-restaurant, owner: 0, under: [cross]}
  - {cell: [2, 1], card: masaki-house, owner: 0, haven: true}
characters:
  - {card: eddie, owner: 0, at: [0, 0]}
  - {card: agent-d, owner: 0, at: [0, 0]}
  - {card: sylvie, owner: 0, at: [1, 0]}
  - {card: bubbles, owner: 0, at: [1, 0]}
  - {card: lunch, owner: 0, at: [2, 1]}
start: {active: 0, phase: move}
"""


def test_a_lone_character_is_refused_a_group_move_with_a_reason() -> None:
    g = game_of(FIELD)
    eddie, agent = uid_of(g, "eddie"), uid_of(g, "agent-d")
    group = f"move c{eddie}+c{agent} 1,0"
    assert group in g.legal_actions()
    lasting.add(g, uid_of(g, "loner"), 0, [agent], 0, None, WHILE_TARGET)
    g.state.pending = None  # ask the Move phase again
    g._advance()
    assert lasting.alone(g, agent) and not lasting.alone(g, eddie)
    assert group not in g.legal_actions() and f"move c{agent} 1,0" in g.legal_actions()
    why = g.explain(group)
    assert not why.legal and "acts alone" in why.text and "TURN-18" in why.rules
    twin = g.clone()
    assert twin.state_hash() == g.state_hash() and lasting.alone(twin, agent)


def test_the_record_ends_only_when_the_others_there_have_charm_over_12() -> None:
    g = game_of(FIELD)
    agent = uid_of(g, "agent-d")
    lasting.add(g, uid_of(g, "loner"), 0, [agent], 0, None, WHILE_TARGET)
    g.apply(f"move c{agent} 1,0")  # Sylvie 6 + Bubbles 5 = 11: its own Charm 2 does not count
    assert lasting.alone(g, agent)
    assert not any(e["e"] == "hold_released" for e in g.log)
    g.apply(f"move c{uid_of(g, 'lunch')} 1,0")  # Lunch brings 5 more: 16
    assert not lasting.alone(g, agent) and not g.state.lasting
    freed = [e for e in g.log if e["e"] == "hold_released"]
    assert freed and freed[-1]["characters"] == ["agent-d"]


VEHICLE = """
ruleset: classic
seed: 1
seats:
  - name: Tom
field:
  - {cell: [0, 0], card: genom-tower, owner: 0, under: [loner, compact]}
  - {cell: [1, 0], card: island-restaurant, owner: 0, under: [cross]}
  - {cell: [0, 1], card: masaki-house, owner: 0, haven: true}
characters:
  - {card: leon-mcnichol, owner: 0, at: [0, 0], carried: [bonaparte]}  # Driving: he may drive it (CARD-13)
  - {card: kiriya, owner: 0, at: [0, 0]}
disasters:
  - {card: assassin-bot-land-augmented, owner: 0, at: [0, 0]}
start: {active: 0, phase: move}
scripted:
  targets: [kiriya, leon-mcnichol]
"""


def test_a_lone_character_rides_with_nobody_and_no_vehicle_fights_for_it() -> None:
    g = game_of(VEHICLE)
    leon, kiriya = uid_of(g, "leon-mcnichol"), uid_of(g, "kiriya")
    bonaparte = uid_of(g, "bonaparte")
    assert any(a.startswith(f"drive c{bonaparte} c{kiriya} ") for a in g.legal_actions())
    lasting.add(g, uid_of(g, "loner"), 0, [kiriya], 0, None, WHILE_TARGET)
    g.state.pending = None  # ask the Move phase again
    g._advance()
    drives = [a for a in g.legal_actions() if a.startswith("drive")]
    assert drives and all(a.startswith(f"drive c{bonaparte} ") and len(a.split()) == 3 for a in drives)
    g.apply("done")  # the Assassin Bot fights: it attacks Kiriya, who acts alone
    assert g.legal_actions() == ["run", f"strike c{kiriya}"]  # no Leon beside it, no Bonaparte for it
    g.apply(f"strike c{kiriya}")
    # round 2 attacks Leon: he strikes, or his Bonaparte fights for him, but never beside Kiriya
    assert g.legal_actions() == ["run", f"strike c{leon}", f"strike c{bonaparte}"]
