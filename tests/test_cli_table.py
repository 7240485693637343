"""The terminal game end to end with scripted keystrokes (issue 13): a quick-set-up solitaire game to its
end, ``why`` and ``why ACTION``, the end-of-game summary with the rule that ended it, the automatic record
(replayable), a printed random seed, and a table that names cards and Locations for Player 1 … N."""

from __future__ import annotations

import io
import re
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from animayhem.cards.database import CardDB
from animayhem.cli import play as play_module
from animayhem.cli.main import app
from animayhem.cli.table import Extras, _cell_text, render
from animayhem.decks.starters import starter_decks
from animayhem.engine import DeckList, Game, GameConfig, SeatConfig
from animayhem.engine.faces import quick_setup
from animayhem.engine.procedures.disasters import path as disaster_path
from animayhem.records import record
from animayhem.records.scenario import load

runner = CliRunner()


def test_a_quick_solitaire_game_to_its_end_with_why_summary_and_record(tmp_path: Path) -> None:
    out = tmp_path / "finished.json"
    keys = "why\nwhy 1\nwhy scavenge 9,9\n" + "1\n" * 3000
    res = runner.invoke(app, ["play", "--quick", "--seed", "3", "--max-rounds", "5", "--record", str(out)], input=keys)
    assert res.exit_code == 0, res.output
    text = res.output
    flat = " ".join(text.split())
    # quick set-up: the first prompt is already a turn's decision, not a set-up one
    first_prompt = text[: text.index("Player 1> ")]
    assert "Round 1: Player 1 begins turn 1." in first_prompt
    assert "place" not in first_prompt.split("Player 1:")[-1].split("\n")[0]
    # why: the last event with its rules; why N / why ACTION: legal or not, with rule ids
    assert re.search(r"Rule: [A-Z]+-\d+", text)
    assert "is legal: Player 1 may" in text
    assert "It is the discard phase: 'scavenge' belongs to another decision. (TURN-2, TURN-23)" in flat
    # the end summary: how and why it ended (with the rule), the Items of the player and of the Disasters
    assert "The game is over." in text
    assert re.search(r"The game is over: .+ Rule: WIN-\d", flat)
    assert re.search(r"Player 1: \d+ Item\(s\)", text) and re.search(r"the Disasters: \d+ Item\(s\)", text)
    # the automatic record: its path is printed, and it replays to the same finished game
    assert f"Game record saved to {out}" in text.replace("\n", "") or f"Game record saved to {out}" in flat
    game = record.load(out)
    assert game.over and game.result is not None
    res = runner.invoke(app, ["replay", str(out)])
    assert res.exit_code == 0 and "result:" in res.output


def test_without_a_seed_a_new_one_is_chosen_and_printed(tmp_path: Path) -> None:
    res = runner.invoke(app, ["play", "--record", str(tmp_path / "r.json")], input="quit\n")
    assert res.exit_code == 0, res.output
    m = re.search(r"Seed (\d+) \(play this game again with --seed (\d+)\)", res.output)
    assert m and m[1] == m[2]


def test_quick_at_the_prompt_finishes_the_players_set_up(tmp_path: Path) -> None:
    res = runner.invoke(app, ["play", "--seed", "4", "--record", str(tmp_path / "r.json")], input="1\nquick\nquit\n")
    assert res.exit_code == 0, res.output
    after = res.output.split("Player 1> ")[2]
    assert "discard" in after and "Round 1: Player 1 begins turn 1." in after


def test_ai_seats_set_up_by_the_same_policy(tmp_path: Path) -> None:
    args = ["play", "-n", "2", "--seat", "random", "--seat", "random", "--seed", "2", "--max-rounds", "2", "--record"]
    res = runner.invoke(app, [*args, str(tmp_path / "ai.json")])
    assert res.exit_code == 0, res.output
    game = record.load(tmp_path / "ai.json")
    replay = Game(game.config)
    for action in game.history:
        if replay.state.phase != "setup":
            break
        assert action == quick_setup.answer(replay)
        replay.apply(action)


def _table_text(g: Game, seat: int, width: int = 100) -> str:
    paths = {s: [list(g.state.places[u].cell) for u in disaster_path(g, s)] for s in range(len(g.state.players))}
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(render(g.view(seat), g.db, [], Extras(paths=paths)))
    return console.export_text()


def test_the_table_names_locations_requirements_marks_and_players() -> None:
    decks = [d for d in starter_decks().values() if 2 in d.players][:2]
    g = Game(GameConfig(seats=tuple(SeatConfig(DeckList.from_deck(d)) for d in decks), seed=9))
    quick_setup.run(g, [0, 1])
    text = _table_text(g, 0)
    assert max(len(line) for line in text.splitlines()) <= 100
    db = CardDB.bundled()
    view = g.view(0)
    for p in view["places"]:
        card = db.by_id(p["card"])
        cell = " ".join(_cell_text(p, db, [], []).plain.split())
        assert card.name in text
        if card.requirements is not None and not p["haven"]:
            assert str(card.requirements) in cell  # the requirement in full
        if any(i.value == "planetary" for i in card.icons):
            assert f"{card.name} [P]" in cell
    assert "Player 1" in text and "Player 2" in text and "seat 0" not in text
    assert "Disaster path:" in text and "Disaster path of Player 2:" in text
    for c in g.state.characters.values():
        assert db.by_id(g.state.cards[c.uid]).name in text


def test_an_ai_turn_is_summarised_and_its_details_are_in_the_log(tmp_path: Path) -> None:
    args = ["play", "-n", "2", "--seat", "human", "--seat", "heuristic", "--seed", "5", "--quick", "--record"]
    res = runner.invoke(app, [*args, str(tmp_path / "r.json")], input="1\n" * 40 + "log\nquit\n")
    assert res.exit_code == 0, res.output
    flat = " ".join(res.output.split())
    assert re.search(r"Player 2's turn \(\d+ events; 'log' for all\):", flat)
    log_out = res.output.split("Player 1> ")[-2]  # what 'log' printed: sentence by sentence
    assert len(log_out.strip().splitlines()) >= 10 and "'log' for all" not in log_out


def test_the_combat_panel_shows_the_fight_in_progress(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parent.parent
    game, data, _lines, _source = load(root / "scenarios" / "combat-19-run-away-one-location.yaml")
    game.scripted_targets.extend(data["scripted"]["targets"])
    game.apply("done")  # the Move phase ends on the Bugrom: it attacks
    session = play_module.Session(game, game.db, {}, tmp_path / "s.json")
    with play_module.console.capture() as cap:
        session.draw(0)
    flat = " ".join(cap.get().split())
    assert "Combat" in flat and "Bugrom, Type 1: A3 D3 Health 3" in flat
    assert "Ryoga Hibiki (Player 1): A3 D4 Health 4" in flat
    assert "Fight 1 run 2 strike Ryoga Hibiki" in flat  # actions grouped by kind, named by card
