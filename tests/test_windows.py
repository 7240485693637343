"""Windows and answers (engine/procedures/windows.py, engine/effects/answers.py): who is asked, what it costs a
game without such cards, and the heuristic AI's answers."""

from __future__ import annotations

from animayhem.agents.heuristic import HeuristicAgent
from animayhem.agents.infoset import InfoSet
from animayhem.agents.ismcts import Budget, IsmctsAgent
from animayhem.records.scenario import loads

_FIGHT = """
name: window test
ruleset: classic
overrides: {{charm_combat: false}}
seats:
  - name: Ann
    hand: [{ann}]
    combat: []
  - name: Ben
    hand: [{ben}]
    combat: []
field:
  - {{cell: [0, 0], card: genom-tower, owner: 0}}
  - {{cell: [1, 0], card: island-restaurant, owner: 0, under: [antiques]}}
  - {{cell: [2, 2], card: masaki-house, owner: 0, haven: true}}
  - {{cell: [2, 0], card: masaki-house, owner: 1, haven: true}}
characters:
  - {{card: tenchi-masaki, owner: 0, at: [0, 0]}}
disasters:
  - {{card: {disaster}, owner: 0, at: [0, 0]}}
start: {{active: 0, phase: move}}
"""


def _fight(ann: str, ben: str, disaster: str = "furry-eyes"):  # type: ignore[no-untyped-def]
    g, _data, _lines, _src = loads(_FIGHT.format(ann=ann, ben=ben, disaster=disaster))
    g.apply("done")
    return g


def test_a_seat_holding_nothing_for_the_window_is_not_asked() -> None:
    """Ben holds a Flash Effect, but none played at the attack window: Ann decides at once, no window."""
    g = _fight("stand-up-straight", "water-spear")
    d = g.decision
    assert d is not None and d.kind == "combat" and d.seat == 0
    assert any(a.startswith("flash ") for a in d.actions)  # Ann's own card, at her combat decision
    assert not any(e["e"] == "flash_played" for e in g.log)


def test_the_window_prompt_says_what_is_pending_and_offers_pass() -> None:
    g = _fight("speed", "hey-youre-not-dead")
    d = g.decision
    assert d is not None and d.kind == "window" and d.seat == 1
    assert d.prompt.startswith("Furry Eyes is about to attack Tenchi Masaki")
    assert d.actions[0] == "pass" and len(d.actions) == 2


def test_heuristic_plays_a_spare_answer_only_when_the_attack_fells_its_character() -> None:
    """Furry Eyes (Attack 4) against Tenchi (Defense 2, Health 2) Bonks him: Stand Up Straight is played. Against
    Ryoko (Defense 4) the blow deals nothing, so the card is kept."""
    g = _fight("stand-up-straight", "speed")
    choice = HeuristicAgent(0).choose(g.view(0), g.legal_actions())
    assert choice.startswith("flash ")
    g2, _d, _l, _s = loads(
        _FIGHT.format(ann="stand-up-straight", ben="speed", disaster="furry-eyes").replace("tenchi-masaki", "ryoko")
    )
    g2.apply("done")
    choice2 = HeuristicAgent(0).choose(g2.view(0), g2.legal_actions())
    assert not choice2.startswith("flash ")


def test_heuristic_passes_at_a_window_for_another_players_character() -> None:
    g = _fight("speed", "hey-youre-not-dead", disaster="kirin")
    assert g.decision is not None and g.decision.kind == "window"
    assert HeuristicAgent(0).choose(g.view(1), g.legal_actions()) == "pass"


def test_ismcts_decides_a_window_and_the_combat_decision_after_it() -> None:
    """ISMCTS gets windows as ordinary decisions: at Ben's window and then at Ann's combat decision it returns
    a legal action (its search plays the windows forward in its sampled games)."""
    g = _fight("stand-up-straight", "hey-youre-not-dead", disaster="kirin")
    for seat in (1, 0):
        d = g.decision
        assert d is not None and d.seat == seat
        pick = IsmctsAgent(seed=3, budget=Budget(iterations=6)).choose_infoset(InfoSet(g, seat))
        assert pick in d.actions
        g.apply(pick)
