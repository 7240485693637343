"""Leaving a Location asks one permission query (engine/effects/lasting.py ``kept_by``, CARD-22) and a refusal names
the card that forbids it: moving, driving or riding, Running Away, stepping off the Field, being moved by a
card. Mez is the card of these tests (its scenarios are scenarios/cards/mez-*.yaml)."""

from __future__ import annotations

import pytest

from animayhem.engine.core.state import OFF
from animayhem.engine.effects import lasting, primitives
from animayhem.engine.game import Game, IllegalAction
from scenario_kit import game_of, uid_of

FIELD = """
field:
  - {cell: [0, 0], card: genom-tower, owner: 0}
  - {cell: [1, 0], card: island-restaurant, owner: 0}
  - {cell: [2, 0], card: arena, owner: 0, under: [cross]}
  - {cell: [0, 1], card: masaki-house, owner: 0, haven: true}
"""


def _held(mez: bool = True) -> Game:
    text = "ruleset: classic\nseats:\n  - name: Solo\n" + FIELD
    text += "characters:\n"
    text += "  - {card: akane-tendo, owner: 0, at: [0, 0], carried: [yajirobes-hog]}\n"
    text += "  - {card: gregory, owner: 0, at: [0, 0]}\n"
    if mez:
        text += "disasters:\n  - {card: mez, owner: 0, at: [0, 0]}\n"
    return game_of(text + "start: {phase: move}\n")


def test_why_move_names_mez_and_the_rule() -> None:
    g = _held()
    akane = uid_of(g, "akane-tendo")
    why = g.explain(f"move c{akane} 1,0")
    assert not why.legal and why.specific
    assert "Mez" in why.text and "Akane" in why.text
    assert "CARD-22" in why.rules
    with pytest.raises(IllegalAction) as refused:
        g.apply(f"move c{akane} 1,0")
    assert "Mez" in str(refused.value) and "CARD-22" in refused.value.rules


def test_why_drive_names_mez_for_a_slow_vehicle() -> None:
    g = _held()
    hog = uid_of(g, "yajirobes-hog")
    why = g.explain(f"drive c{hog} 1,0")
    assert not why.legal
    assert "Mez" in why.text and "CARD-22" in why.rules


def test_without_mez_the_same_moves_are_legal() -> None:
    g = _held(mez=False)
    akane, hog = uid_of(g, "akane-tendo"), uid_of(g, "yajirobes-hog")
    assert g.explain(f"move c{akane} 1,0").legal
    assert g.explain(f"drive c{hog} 1,0").legal
    assert lasting.kept_by(g, akane) == OFF


def test_kept_by_names_the_card_and_lets_a_fast_vehicle_out() -> None:
    g = _held()
    akane, gregory, mez = uid_of(g, "akane-tendo"), uid_of(g, "gregory"), uid_of(g, "mez")
    for how in ("move", "run", "card"):  # Mez keeps her there in every way ('to leave': stay)
        assert lasting.kept_by(g, akane, how) == mez
    assert lasting.kept_by(g, akane, ride=3) == mez  # Movement 3 is not over 3
    assert lasting.kept_by(g, akane, ride=4) == OFF
    assert lasting.kept_by(g, gregory) == OFF  # Speed x2


def test_why_run_names_mez_in_a_fight_at_its_location() -> None:
    text = "ruleset: classic\nseats:\n  - name: Solo\n" + FIELD
    text += "characters:\n  - {card: akane-tendo, owner: 0, at: [0, 0]}\n  - {card: gregory, owner: 0, at: [0, 0]}\n"
    text += "disasters:\n  - {card: mez, owner: 0, at: [0, 0]}\n  - {card: bugrom-type-1, owner: 0, at: [0, 0]}\n"
    text += "start: {phase: move}\nscripted:\n  targets: [gregory]\n"
    g = game_of(text)
    g.apply("done")
    assert g.decision is not None and g.decision.kind == "combat"
    assert "run" not in g.legal_actions()
    why = g.explain("run")
    assert not why.legal
    assert "Mez" in why.text and "Akane" in why.text
    assert set(why.rules) >= {"CARD-22", "COMBAT-19"}


OFF_FIELD = """
ruleset: guia
seats:
  - name: Ann
field:
  - {cell: [0, 0], card: genom-tower, owner: 0}
  - {cell: [1, 0], card: island-restaurant, owner: 0, under: [cross]}
  - {cell: [0, 1], card: masaki-house, owner: 0, haven: true}
characters:
  - {card: kiriya, owner: 0, off_at: [0, 0], carried: [keys]}
start: {phase: move}
"""


@pytest.mark.parametrize("how", ["kill", "bonk"])
def test_a_character_off_the_field_leaves_its_cards_where_it_stepped_off(how: str) -> None:
    """A card may Kill or Bonk a Character off the Field (Bio Ball on one held off the Field, found by the
    property test once a hold kept it from coming back): its cards stay where it stepped off (0,0)."""
    g = game_of(OFF_FIELD)
    s = g.state
    kiriya = s.characters[uid_of(g, "kiriya")]
    keys = uid_of(g, "keys")
    (primitives.kill if how == "kill" else primitives.bonk)(g, kiriya, None)
    assert keys in s.places[s.grid[(0, 0)]].under
    assert kiriya.uid not in s.characters or s.characters[kiriya.uid].bonked_at >= 0


def test_a_hold_on_moving_alone_still_lets_the_side_run_away() -> None:
    """Homework forbids Students to move but does not keep them at their Location: Running Away is still
    allowed (COMBAT-19: unless a card says otherwise), and a card may still move them; only walking, driving
    and stepping off are refused."""
    text = "ruleset: classic\nseats:\n  - name: Solo\n" + FIELD
    text += "characters:\n  - {card: tenchi-masaki, owner: 0, at: [0, 0]}\n"
    text += "disasters:\n  - {card: homework, owner: 0, off_field: true}\n"
    text += "  - {card: bugrom-type-1, owner: 0, at: [0, 0]}\n"
    text += "start: {phase: move}\nscripted:\n  targets: [tenchi-masaki]\n"
    g = game_of(text)
    tenchi, homework = uid_of(g, "tenchi-masaki"), uid_of(g, "homework")
    assert lasting.kept_by(g, tenchi) == homework
    assert lasting.kept_by(g, tenchi, "run") == OFF
    assert lasting.kept_by(g, tenchi, "card") == OFF
    assert f"move c{tenchi} 1,0" not in g.legal_actions()
    g.apply("done")
    assert g.decision is not None and g.decision.kind == "combat"
    assert "run" in g.legal_actions()
