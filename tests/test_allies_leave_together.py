"""A Disaster that leaves play takes its non-Combat allies with it (DIS-26); a procedure that clears several
Disasters at once must not reach for an ally already gone with its primary. Found by the hidden-information
property test (seed 106, 2 seats, classic, with the decks of its day): Galaxy Destroyer removed a Location on
which Dobermans stood with Mystery Foe allied to it, and the sweep of the Location met Mystery Foe after it had
left (KeyError)."""

from __future__ import annotations

from pathlib import Path

from animayhem.cards.effects import Hook
from animayhem.engine.effects.card_hooks import HookCall
from animayhem.engine.game import Game
from animayhem.engine.hooks.field_changes import remove_location
from animayhem.engine.procedures import disasters as disaster_moves
from animayhem.records.scenario import loads, play

SCENARIO = Path(__file__).resolve().parent.parent / "scenarios" / "cards" / "mystery-foe-applies.yaml"


def _allied(extra: str = "") -> Game:
    """The Goons (Combat) on 2,0 with Mystery Foe (not Combat) attached to them as its text attaches it (its own
    scenario shows the arrival); the primary has the lower instance number, as in the game that found the defect,
    so a sweep in that order meets the primary first."""
    text = SCENARIO.read_text().split("scripted:")[0].split("start:")[0]
    text = text.replace("draw: [mystery-foe, speed]", "draw: [speed, speed]")
    text = text.replace(
        "  - {card: goons, owner: 0, at: [3, 0]}\n",
        "  - {card: goons, owner: 0, at: [2, 0]}\n  - {card: mystery-foe, owner: 0, at: [2, 0]}\n" + extra,
    )
    text += "start: {active: 0, phase: equip}\nactions: []\n"
    game, data, lines, source = loads(text)
    outcome = play(game, data, lines, source)
    assert not outcome.failures, outcome.failures
    g = outcome.game
    goons, foe = _uid(g, "goons"), _uid(g, "mystery-foe")
    assert goons < foe and not g.is_combat_disaster(foe)
    g.state.disasters[foe].ally_of = goons  # DIS-26, as primitives.ally leaves it
    return g


def _uid(g: Game, card_id: str) -> int:
    return next(u for u in g.state.disasters if g.state.cards[u] == card_id)


def test_a_location_removed_under_a_primary_and_its_ally_discards_each_once_dis_26() -> None:
    g = _allied("  - {card: galaxy-destroyer, owner: 0, at: [0, 0]}\n")
    s = g.state
    goons, foe, destroyer = _uid(g, "goons"), _uid(g, "mystery-foe"), _uid(g, "galaxy-destroyer")
    place = s.disasters[goons].pos
    effect = next(e for e in g.card(destroyer).effects if isinstance(e.do, Hook))
    assert remove_location(g, HookCall(destroyer, 0, effect, 0, place))
    assert goons not in s.disasters and foe not in s.disasters and destroyer in s.disasters
    discarded = [e["card"] for e in g.log if e["e"] == "disaster_discarded"]
    assert sorted(discarded) == ["goons", "mystery-foe"]
    assert s.places[place].destroyed


def test_the_primary_expiring_takes_its_ally_and_the_sweep_goes_on_dis_19() -> None:
    g = _allied()
    s = g.state
    goons, foe = _uid(g, "goons"), _uid(g, "mystery-foe")
    s.disasters[goons].expires = s.disasters[foe].expires = 0  # both at the end of their last turn
    disaster_moves.expire(g, 0)
    assert goons not in s.disasters and foe not in s.disasters
    assert sorted(e["card"] for e in g.log if e["e"] == "disaster_discarded") == ["goons", "mystery-foe"]
    # nothing expires when no Disaster's time is up (the condition fails)
    g2 = _allied()
    disaster_moves.expire(g2, 0)
    assert {g2.state.cards[u] for u in g2.state.disasters} == {"goons", "mystery-foe"}
