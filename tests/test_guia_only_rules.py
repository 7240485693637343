"""Leaving the Field (RULES.md TURN-20, CONF-60) and several groups at one Location (SCAV-14, AMB-30), 002 only.

The scenarios turn-20-*.yaml and scav-14-*.yaml cover the rules; these tests check what a scenario cannot:
refused actions leave the state untouched, copies keep the off-Field point, views show it to every seat.
"""

from __future__ import annotations

import pytest

from animayhem.agents import make_agent
from animayhem.cards.model import CardType
from animayhem.decks.starters import starter_decks
from animayhem.engine import DeckList, GameConfig, SeatConfig
from animayhem.engine.checks.invariants import problems
from animayhem.engine.core.state import OFF, copy_state
from animayhem.engine.game import Game, IllegalAction
from animayhem.records.scenario import loads
from animayhem.rules.ruleset import get_ruleset

POSITION = """
name: leave the Field test
ruleset: {ruleset}
seats:
  - name: Ann
  - name: Bob
field:
  - {{cell: [0, 0], card: genom-tower, owner: 0, under: [cross]}}
  - {{cell: [1, 0], card: island-restaurant, owner: 1}}
  - {{cell: [0, 1], card: masaki-house, owner: 0, haven: true}}
  - {{cell: [1, 1], card: masaki-house, owner: 1, haven: true}}
characters:
  - {{card: ryoga-hibiki, owner: 0, at: [1, 0], carried: [keys]}}
start: {{active: 0, phase: move}}
"""


def _ryoga(ruleset: str) -> tuple[Game, int]:
    g, _, _, _ = loads(POSITION.format(ruleset=ruleset))
    uid = next(c.uid for c in g.state.characters.values() if g.state.cards[c.uid] == "ryoga-hibiki")
    return g, uid


def test_leave_is_refused_outside_the_spanish_guide_and_the_state_is_untouched() -> None:
    g, uid = _ryoga("classic")
    before = copy_state(g.state)
    with pytest.raises(IllegalAction):
        g.apply(f"leave c{uid} 0,0")
    assert g.state == before


def test_leaving_keeps_the_point_in_copies_views_and_invariants() -> None:
    g, uid = _ryoga("guia")
    with pytest.raises(IllegalAction):
        g.apply(f"leave c{uid} 1,0")  # Bob's Location is no exit
    g.apply(f"leave c{uid} 0,0")
    s = g.state
    ch = s.characters[uid]
    assert ch.pos == OFF and s.places[ch.off_at].cell == (0, 0) and ch.moved
    assert copy_state(s).characters[uid].off_at == ch.off_at
    assert problems(g) == []
    for seat in (0, 1):  # a Character off the Field is face up, in play: every seat sees where it left
        entry = next(c for c in g.view(seat)["characters"] if c["uid"] == uid)
        assert entry["cell"] is None and entry["off_at"] == [0, 0]
    assert g.on_field(0) == 0  # TURN-16, AMB-28: not on the Field
    assert g.decision is not None
    assert not any(a.startswith("return") for a in g.decision.actions)  # moved


THREE = """
name: three groups at one Location
ruleset: guia
seats:
  - name: Ann
  - name: Bob
  - name: Cleo
field:
  - {cell: [0, 0], card: desert-of-bleached-white-bones, owner: 0, under: [antiques]}
  - {cell: [1, 0], card: genom-tower, owner: 1}
  - {cell: [0, 1], card: masaki-house, owner: 0, haven: true}
  - {cell: [1, 1], card: masaki-house, owner: 1, haven: true}
  - {cell: [2, 0], card: masaki-house, owner: 2, haven: true}
characters:
  - {card: mr-panda, owner: 0, at: [0, 0]}
  - {card: miz-mishtal, owner: 1, at: [0, 0]}
  - {card: kiriya, owner: 2, at: [0, 0]}
start: {active: 1, phase: scavenge}
"""


def test_every_other_group_is_asked_in_seat_order_and_one_refusal_closes_the_location() -> None:
    g, _, _, _ = loads(THREE)
    g.apply("scavenge 0,0")  # Bob (seat 1) Scavenges with Miz's Water Element
    asked = []
    for answer in ("allow", "refuse"):
        assert g.decision is not None and g.decision.kind == "scavenge_consent"
        asked.append(g.decision.seat)
        g.apply(answer)
    assert asked == [2, 0]  # seat order after the Scavenger: Cleo, then Ann
    assert g.decision is not None and g.decision.seat == 1
    assert "scavenge 0,0" not in g.decision.actions  # Ann refused and her Mr. Panda is still there
    assert not any(e["e"] == "scavenge_started" for e in g.log)


# ---------------------------------------------------------------------- the hand limit (TURN-11, AMB-43)


def _after_setup(ruleset: str, seats: int = 2) -> Game:
    decks = [d for d in starter_decks().values() if seats in d.players][:seats]
    cfg = GameConfig(
        seats=tuple(SeatConfig(DeckList.from_deck(d)) for d in decks), ruleset=get_ruleset(ruleset), seed=3
    )
    g = Game(cfg)
    agents = [make_agent("random", i) for i in range(seats)]
    while g.state.phase == "setup":
        seat = g.to_move
        assert seat is not None
        g.apply(agents[seat].choose(g.view(seat), g.legal_actions()))
    return g


def test_the_guides_opening_hand_holds_seven_cards_with_the_haven_among_them() -> None:
    """002 L28 draws 7 for the opening hand and L49 never allows more than 7 in hand; the engine deals the
    starting Haven into the hand (SETUP-26, no Haven in set-up), so it is one of the 7, not an 8th."""
    g = _after_setup("guia")
    for p in g.state.players:
        assert len(p.hand) == 7, [g.card(u).id for u in p.hand]
        assert sum(1 for u in p.hand if g.card(u).type is CardType.HAVEN) == 1
    assert [e["count"] for e in g.log if e["e"] == "hand_drawn"] == [7, 7]
    assert problems(g) == []


def test_other_presets_draw_seven_with_the_haven_on_the_field() -> None:
    g = _after_setup("classic")
    for p in g.state.players:
        assert len(p.hand) == 7 and not any(g.card(u).type is CardType.HAVEN for u in p.hand)
