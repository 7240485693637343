"""Robot Guard (set one, #141): an Enhancement used once to attack the opponent's group at its bearer's Location as
a Combat Disaster of its user (``attack_as_disaster``, engine/procedures/activated.py); its 4 and 5 are its own
values, never its host's. Rules: CARD-17, DIS-13, DIS-17, DIS-29; the rulings in abilities/robot-guard.yaml. The
scenarios scenarios/cards/robot-guard-*.yaml pin the fights; these tests pin the windows, the values and the AI."""

from __future__ import annotations

import pytest
import yaml

from animayhem.agents.heuristic import HeuristicAgent
from animayhem.cards.database import CardDB
from animayhem.engine.effects import abilities
from animayhem.engine.game import Game
from animayhem.records.scenario import loads


@pytest.fixture(scope="module")
def cards() -> CardDB:
    return CardDB.bundled()


def _game(cards: CardDB, foes: list[str], phase: str = "move", place: str = "genom-tower") -> Game:
    """A's Adult Gohan wears Robot Guard at ``place``; B's ``foes`` stand there; neither seat has Combat cards."""
    text = yaml.safe_dump(
        {
            "name": "robot guard",
            "ruleset": "classic",
            "seats": [{"name": "A", "combat": []}, {"name": "B", "combat": []}],
            "field": [
                {"cell": [0, 0], "card": place, "owner": 0, "under": ["cross"]},
                {"cell": [1, 0], "card": "masaki-house", "owner": 0, "haven": True},
                {"cell": [2, 0], "card": "arena", "owner": 0, "under": ["cross", "cross"]},
                {"cell": [0, 1], "card": "ravens-garage", "owner": 1, "haven": True},
            ],
            "characters": [
                {"card": "adult-gohan", "owner": 0, "at": [0, 0], "enhancements": ["robot-guard"]},
                *({"card": f, "owner": 1, "at": [0, 0]} for f in foes),
            ],
            "start": {"active": 0, "phase": phase},
        }
    )
    g, _, _, _ = loads(text, db=cards)
    return g


def _use(g: Game) -> str | None:
    guard = next(u for c in g.state.characters.values() for u in c.enhancements if g.card(u).id == "robot-guard")
    return next((a for a in g.legal_actions() if a == f"use c{guard}"), None)


def test_its_numbers_are_its_own_never_its_hosts(cards: CardDB) -> None:
    g = _game(cards, ["nabiki-tendo"])
    gohan = next(c for c in g.state.characters.values() if g.card(c.uid).id == "adult-gohan")
    assert [abilities.value(g, gohan.uid, a) for a in ("attack", "defense")] == [5, 5]
    assert g.max_health(gohan.uid) == 5


def test_offered_in_the_scavenge_phase_too(cards: CardDB) -> None:
    g = _game(cards, ["nabiki-tendo"], phase="scavenge", place="garlic-jr-s-palace")
    assert g.decision is not None and g.decision.kind == "scavenge"
    use = _use(g)
    assert use is not None
    g.apply(use)
    g.apply(g.legal_actions()[0])  # the one group: Nabiki's
    while g.decision is not None and g.decision.kind == "combat":
        g.apply(next(a for a in g.legal_actions() if a.startswith("strike ")))
    # the Scavenge phase is asked again (here with nothing left to do it ends: B's turn begins)
    assert g.decision is not None and g.decision.kind != "combat" and g.state.result is None
    assert all(g.card(u).id != "robot-guard" for u in g.state.disasters)
    assert "robot-guard" in {g.card(u).id for u in g.state.players[0].discard}


def test_the_heuristic_uses_it_against_a_weak_group(cards: CardDB) -> None:
    g = _game(cards, ["nabiki-tendo"])  # Defense 3 under its Attack 4; her strike 1 never beats its Defense 5
    use = _use(g)
    assert use is not None and HeuristicAgent(0).choose(g.view(0), g.legal_actions()) == use


@pytest.mark.parametrize("foes", [["akane-tendo"], ["a-ko-magami", "krillin", "nail"]])
def test_the_heuristic_keeps_it_when_it_would_not_pay(cards: CardDB, foes: list[str]) -> None:
    """Akane's Defense 4 takes no damage from its Attack 4; three Attack 4 strikers Defeat it in one round."""
    g = _game(cards, foes)
    assert _use(g) is not None
    assert not HeuristicAgent(0).choose(g.view(0), g.legal_actions()).startswith("use ")


def test_a_heuristic_game_with_it_plays_to_the_end(cards: CardDB) -> None:
    g = _game(cards, ["nabiki-tendo"])
    agents = [HeuristicAgent(1), HeuristicAgent(2)]
    while not g.over and len(g.history) < 400:
        seat = g.to_move
        assert seat is not None
        g.apply(agents[seat].choose(g.view(seat), g.legal_actions()))
    assert any(e["e"] == "card_attacks_as_disaster" for e in g.log)
    assert all(g.card(d).id != "robot-guard" for d in g.state.disasters)
