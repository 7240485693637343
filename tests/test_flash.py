"""Flash Effects and Energy (RULES.md CARD-15, CARD-16, COMBAT-9; CONF-32, CONF-52, AMB-37, EX-26).

Scenarios in ``scenarios/`` carry the worked example and the per-ruleset readings; these tests cover what
a scenario cannot reach: the forbidden phase (no decision is posed inside a Reload), the payer standing
where a targeted effect lands, refusals that leave the state untouched, and the answer window.
"""

from __future__ import annotations

import textwrap

import pytest

from animayhem.agents.heuristic import HeuristicAgent
from animayhem.engine.game import Game, IllegalAction
from animayhem.engine.procedures import flash
from animayhem.records.scenario import loads

# Two seats; seat 0 holds the cards in HAND, seat 1 holds the cards in HAND1. Uids: seat 0's hand first.
BASE = """
ruleset: {ruleset}
seats:
  - name: A
    hand: {hand}
  - name: B
    hand: {hand1}
field:
  - {{cell: [0, 0], card: genom-tower, owner: 0, under: [keys]}}
  - {{cell: [1, 0], card: hot-springs-house, owner: 1, under: [keys]}}
  - {{cell: [0, 1], card: masaki-house, owner: 0, haven: true}}
  - {{cell: [1, -1], card: masaki-house, owner: 1, haven: true}}
characters:
  - {{card: tenchi-masaki, owner: 0, at: [0, 1]}}
  - {{card: washu, owner: 0, at: [1, 0]}}
  - {{card: ryoga-hibiki, owner: 1, at: [1, 0], carried: [leons-missle-gun]}}
disasters:
  - {{card: pterodactyl, owner: 1, controller: 1, at: [0, 0], item: keys}}
start: {{active: 0, phase: {phase}}}
"""

# A Flash Effect with a cost that Destroys a card: for the payer-placement rule (no bundled card has both).
ZAP = """
cards:
  - {id: test-zap, number: 90001, name: Test Zap, set: demo, type: flash-effect, rarity: promotional,
     energy: cost 1, effects: [{when: play, do: {destroy_target: {except: [haven]}}}]}
"""


def game(ruleset: str = "classic", hand: str = "[]", hand1: str = "[]", phase: str = "move", extra: str = "") -> Game:
    text = BASE.format(ruleset=ruleset, hand=hand, hand1=hand1, phase=phase) + textwrap.dedent(extra)
    g, *_ = loads(text)
    return g


def uid(g: Game, card_id: str) -> int:
    return next(u for u, c in enumerate(g.state.cards) if c == card_id)


@pytest.mark.parametrize(
    ("ruleset", "own", "other"),
    [("classic", True, False), ("guia", True, False), ("dbz", True, True), ("fifth", True, True)],
)
def test_forbidden_phase_per_ruleset(ruleset: str, own: bool, other: bool) -> None:
    """CARD-15, CONF-32: 000 bars only the player's own Reload; 001 and 5E every Draw phase."""
    g = game(ruleset)
    g.state.phase, g.state.active = "reload", 0
    assert flash.forbidden(g, 0) is own
    assert flash.forbidden(g, 1) is other
    g.state.phase = "discard"
    assert not flash.forbidden(g, 0) and not flash.forbidden(g, 1)


def test_no_flash_actions_in_the_forbidden_phase() -> None:
    g = game("fifth", hand="[water-spear]")
    assert flash.options(g, 0, "move") == [f"flash c0 c{uid(g, 'tenchi-masaki')}", f"flash c0 c{uid(g, 'washu')}"]
    g.state.phase = "reload"
    assert flash.options(g, 0, "move") == []


def test_flash_only_on_decisions_that_can_be_taken_up_again() -> None:
    g = game("classic", hand="[water-spear]")
    assert flash.options(g, 0, "combat") != []
    for kind in ("runto", "scavenge_more", "give", "start"):
        assert flash.options(g, 0, kind) == []


def test_wrath_on_the_attacked_character_starts_a_new_round() -> None:
    """A Flash Effect at a combat decision: when the target leaves, the Disaster picks a new one."""
    g = game("classic", hand="[wrath-of-the-eye-of-god]")
    tenchi, washu, ptero = uid(g, "tenchi-masaki"), uid(g, "washu"), uid(g, "pterodactyl")
    g.apply(f"move c{tenchi} 0,0")
    g.apply(f"move c{washu} 0,0")
    g.scripted_targets = ["tenchi-masaki", "washu"]
    g.apply("done")
    d = g.decision
    assert d is not None and d.kind == "combat" and f"flash c0 c{tenchi}" in d.actions
    g.apply(f"flash c0 c{tenchi}")
    d = g.decision
    assert d is not None and d.kind == "combat" and d.actions[:2] == ["run", f"strike c{washu}"]
    rounds = [e["round"] for e in g.log if e["e"] == "disaster_attacks"]
    assert rounds == [1, 2] and ptero in g.state.disasters


def test_wrath_on_the_disaster_ends_the_fight() -> None:
    g = game("classic", hand="[wrath-of-the-eye-of-god]")
    tenchi, ptero = uid(g, "tenchi-masaki"), uid(g, "pterodactyl")
    g.apply(f"move c{tenchi} 0,0")
    g.apply("done")
    assert g.decision is not None and g.decision.kind == "combat"
    g.apply(f"flash c0 c{ptero}")
    assert ptero in g.state.destroyed
    assert any(e["e"] == "combat_ended" for e in g.log)
    assert not any(type(f).__name__ == "Combat" for f in g.state.agenda)


@pytest.mark.parametrize(("ruleset", "payer"), [("classic", "washu"), ("dbz", "washu"), ("fifth", None)])
def test_payer_stands_where_a_targeted_effect_lands(ruleset: str, payer: str | None) -> None:
    """000/001: a Character of the player where the effect lands pays; 5E: any Character using it."""
    g = game(ruleset, hand="[test-zap]", extra=ZAP)
    ryoga, washu, tenchi = uid(g, "ryoga-hibiki"), uid(g, "washu"), uid(g, "tenchi-masaki")
    acts = flash.options(g, 0, "move")
    assert f"flash c0 c{washu} c{ryoga}" in acts  # Washu stands with Ryoga at 1,0
    assert (f"flash c0 c{tenchi} c{ryoga}" in acts) is (payer is None)  # Tenchi is in the Haven


def test_wrath_resolves_at_once_without_answers_classic() -> None:
    """000: no answer window; the Disaster is Destroyed (removed from the game) and its Item drops."""
    g = game("classic", hand="[wrath-of-the-eye-of-god]", hand1="[wrath-of-the-eye-of-god]")
    ptero = uid(g, "pterodactyl")
    g.apply(f"flash c0 c{ptero}")
    assert g.decision is not None and g.decision.kind == "move" and g.to_move == 0
    assert ptero not in g.state.disasters and ptero in g.state.destroyed
    assert 0 in g.state.players[0].discard  # Wrath itself is Discarded after resolving
    assert [g.state.cards[u] for u in g.state.places[g.state.grid[(0, 0)]].under] == ["keys", "keys"]
    assert not any(e["e"] == "flash_answer" for e in g.log)


def test_wrath_on_a_character_drops_what_it_carries() -> None:
    g = game("classic", hand="[wrath-of-the-eye-of-god]")
    ryoga = uid(g, "ryoga-hibiki")
    gun = uid(g, "leons-missle-gun")
    g.apply(f"flash c0 c{ryoga}")
    assert ryoga not in g.state.characters and ryoga in g.state.destroyed
    assert g.state.places[g.state.grid[(1, 0)]].under[0] == gun


def test_wrath_can_name_equipment_but_not_items_locations_or_havens() -> None:
    g = game("classic", hand="[wrath-of-the-eye-of-god]")
    acts = flash.options(g, 0, "move")
    named = {g.state.cards[int(a.split()[2][1:])] for a in acts}
    assert named == {"tenchi-masaki", "washu", "ryoga-hibiki", "leons-missle-gun", "pterodactyl"}


def test_answer_window_asks_only_seats_that_can_answer_fifth() -> None:
    g = game("fifth", hand="[wrath-of-the-eye-of-god]", hand1="[water-spear]")
    ptero = uid(g, "pterodactyl")
    g.apply(f"flash c0 c{ptero}")
    d = g.decision
    assert d is not None and d.kind == "flash_answer" and d.seat == 1
    assert d.actions == ["pass", f"flash c1 c{uid(g, 'ryoga-hibiki')}"]
    assert g.view(0)["flash_stack"] == [{"uid": 0, "card": "wrath-of-the-eye-of-god", "seat": 0, "target": ptero}]
    g.apply("pass")
    assert ptero in g.state.destroyed and g.decision is not None and g.decision.kind == "move"


def test_answer_window_skips_seats_without_flash_effects_fifth() -> None:
    g = game("fifth", hand="[wrath-of-the-eye-of-god]")
    g.apply(f"flash c0 c{uid(g, 'pterodactyl')}")
    assert g.decision is not None and g.decision.kind == "move"


def test_an_answer_reopens_the_window_for_the_first_player() -> None:
    g = game("fifth", hand="[wrath-of-the-eye-of-god, water-spear]", hand1="[wrath-of-the-eye-of-god]")
    ptero = uid(g, "pterodactyl")
    g.apply(f"flash c0 c{ptero}")
    g.apply("flash c2 c0")  # B Destroys A's Wrath on the stack
    d = g.decision
    assert d is not None and d.kind == "flash_answer" and d.seat == 0  # A may answer B's answer
    assert d.actions[0] == "pass" and f"flash c1 c{uid(g, 'tenchi-masaki')}" in d.actions  # any playable one
    g.apply("pass")
    assert ptero in g.state.disasters and 0 in g.state.destroyed and 2 in g.state.players[1].discard


def test_illegal_flash_is_refused_and_the_state_untouched() -> None:
    g = game("classic", hand="[water-spear]")
    ryoga = uid(g, "ryoga-hibiki")  # another player's Character may not pay
    before = g.state_hash()
    with pytest.raises(IllegalAction, match="not legal now"):
        g.apply(f"flash c0 c{ryoga}")
    with pytest.raises(IllegalAction):
        g.apply("flash c0")  # it has a cost: a payer must be named
    assert g.state_hash() == before


def test_same_decisions_give_the_same_game() -> None:
    a = game("fifth", hand="[wrath-of-the-eye-of-god]", hand1="[wrath-of-the-eye-of-god]")
    b = game("fifth", hand="[wrath-of-the-eye-of-god]", hand1="[wrath-of-the-eye-of-god]")
    for g in (a, b):
        g.apply(f"flash c0 c{uid(g, 'ryoga-hibiki')}")
        g.apply("flash c1 c0")
    assert a.state_hash() == b.state_hash() and a.log == b.log


def test_heuristic_never_plays_unimplemented_flash_and_counters_a_wrath() -> None:
    g = game("fifth", hand="[water-spear, wrath-of-the-eye-of-god]", hand1="[wrath-of-the-eye-of-god]")
    agent = HeuristicAgent(0)
    choice = agent.choose(g.view(0), g.legal_actions())
    assert not choice.startswith("flash c0 ")  # Water Spear's text is not executed
    g.apply(f"flash c1 c{uid(g, 'ryoga-hibiki')}")  # A's Wrath on B's Ryoga
    assert g.to_move == 1
    assert HeuristicAgent(1).choose(g.view(1), g.legal_actions()) == "flash c2 c1"


def test_heuristic_destroys_a_disaster_it_would_run_from() -> None:
    text = """
ruleset: classic
seats:
  - name: A
    hand: [wrath-of-the-eye-of-god]
field:
  - {cell: [0, 0], card: genom-tower, owner: 0, under: [keys]}
  - {cell: [0, 1], card: masaki-house, owner: 0, haven: true}
characters:
  - {card: tenchi-masaki, owner: 0, at: [0, 0]}
disasters:
  - {card: assassin-bot-land-augmented, owner: 0, controller: 0, at: [0, 0]}
start: {active: 0, phase: move}
"""
    g, *_ = loads(text)
    g.apply("done")
    assert g.decision is not None and g.decision.kind == "combat"
    bot = uid(g, "assassin-bot-land-augmented")
    assert HeuristicAgent(0).choose(g.view(0), g.legal_actions()) == f"flash c0 c{bot}"
