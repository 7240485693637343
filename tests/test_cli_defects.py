"""Defects found in play, as the terminal shows them: the cards a dropped group leaves named as each seat may
see them, one line for one Item found, the true Health left, a player's own Items never "face-down" to it,
and a replay ending in words."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from animayhem.cli.main import app
from animayhem.engine.faces import narration
from animayhem.engine.game import Game
from animayhem.records import scenario

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()


def _played(name: str) -> Game:
    """The scenario's game after its actions (its expectations met)."""
    outcome = scenario.run(ROOT / "scenarios" / name)
    assert outcome.passed, outcome.failures
    return outcome.game


def _said(game: Game, seat: int | None, kind: str) -> list[str]:
    return [t for e in game.log if e["e"] == kind and (t := narration.sentence(game, e, seat)) is not None]


def test_dropped_cards_are_named_as_each_seat_may_see_them() -> None:
    game = _played("misc-7-dropped-cards-named-as-each-seat-sees.yaml")
    owner = _said(game, 1, "cards_dropped")
    other = _said(game, 0, "cards_dropped")
    assert owner == ["Ryoga Hibiki leaves Leon's Missle Gun and Keys at Hot Springs House (1,0)."]
    assert other == ["Ryoga Hibiki leaves Leon's Missle Gun and a face-down Item at Hot Springs House (1,0)."]
    assert _said(game, None, "cards_dropped") == owner  # the whole log: the named event, once
    # no Item among them: one event for everybody, every card named
    game = _played("ex-26b-flash-effect-unanswered-fifth.yaml")
    assert _said(game, 0, "cards_dropped") == _said(game, 1, "cards_dropped")
    assert _said(game, 0, "cards_dropped") == ["Ryoga Hibiki leaves Leon's Missle Gun at Hot Springs House (1,0)."]


def test_one_item_found_is_one_line_for_the_finder() -> None:
    game = _played("scav-11-continue-and-collect.yaml")
    lines = [t for t in narration.sentences(game, 0) if "finds" in t]
    assert lines == ["Ryoga Hibiki finds Control Cube.", "Mr. Panda finds the Item Cross."]
    assert len([t for t in narration.sentences(game, None) if "finds" in t]) == 2


def test_another_seat_is_told_only_that_an_item_was_found(tmp_path: Path) -> None:
    game = _played("card-07-haven-permission-allowed.yaml")
    # Ben (seat 1) stored the Cross: he knows it; Ann's Tenchi takes it face down
    assert _said(game, 1, "card_taken") == ["Tenchi Masaki takes Cross from the Haven."]
    assert _said(game, 0, "card_taken") == ["Tenchi Masaki takes a face-down Item from the Haven."]


def test_a_players_own_stored_item_is_named_to_it() -> None:
    game = _played("turn-17-move-on-with-movement-left.yaml")
    stored = _said(game, 0, "card_stored")
    assert stored and all("face-down" not in t for t in stored), stored


def test_health_left_is_the_true_number() -> None:
    """Demon Hordes' Furry Eyes takes 6 with Health 4: "-2 Health left", not "0" (exactly 0 is another case)."""
    game = _played("cards/demon-hordes-applies.yaml")
    (line,) = _said(game, 0, "combat_round")
    assert "(-2 Health left)" in line
    game = _played("cards/55-c-bodyguard-boomer-applies.yaml")  # the condition fails: Health left above 0
    (line,) = _said(game, 0, "combat_round")
    assert "(6 Health left)" in line and "-" not in line.split("Health left")[0][-4:]


def test_replay_ends_with_a_readable_summary(tmp_path: Path) -> None:
    out = tmp_path / "done.json"
    res = runner.invoke(
        app, ["play", "--quick", "--seed", "3", "--max-rounds", "2", "--record", str(out)], input="done\n1\n" * 400
    )
    assert res.exit_code == 0, res.output
    res = runner.invoke(app, ["replay", str(out)])
    assert res.exit_code == 0, res.output
    tail = res.output[res.output.index("The game is over.") :]
    assert "{" not in tail and "'" not in tail.replace("'s", "")
    assert "Player 1:" in tail and re.search(r"Player 1: \d+ Items?\n", tail) and "ended in round" in tail
