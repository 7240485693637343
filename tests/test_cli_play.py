"""`animayhem play` end to end: scripted keystrokes, bad input, save, resume and undo."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from animayhem.cli.main import app
from animayhem.records import record

runner = CliRunner()


def test_scripted_keystrokes_play_a_solitaire_game_to_its_end() -> None:
    res = runner.invoke(app, ["play", "--seed", "3", "--max-rounds", "6"], input="1\n" * 4000)
    assert res.exit_code == 0, res.output
    assert "win" in res.output
    assert "round" in res.output


def test_bad_input_gets_a_message_and_the_same_prompt() -> None:
    res = runner.invoke(app, ["play", "--seed", "3"], input="xyzzy\n999\nmove c999 9,9\nhelp\nquit\n")
    assert res.exit_code == 0
    assert "not possible" in res.output and "unknown verb 'xyzzy'" in res.output
    assert "no action 999" in res.output
    assert "is not legal now" in res.output
    assert res.output.count("Player 1> ") == 5  # the same prompt each time, until quit


def test_save_and_resume_give_the_identical_state(tmp_path: Path) -> None:
    first = tmp_path / "first.json"
    res = runner.invoke(app, ["play", "--seed", "4", "--save", str(first)], input="1\n" * 30 + "save\nquit\n")
    assert res.exit_code == 0, res.output
    saved = json.loads(first.read_text())
    assert len(saved["actions"]) == 30
    game = record.load(first)  # the loader checks the replay ends in the saved state
    assert game.state_hash() == saved["state_hash"]
    second = tmp_path / "second.json"
    res = runner.invoke(app, ["play", "--resume", str(first), "--save", str(second)], input="save\nquit\n")
    assert res.exit_code == 0, res.output
    again = json.loads(second.read_text())
    assert again["actions"] == saved["actions"] and again["state_hash"] == saved["state_hash"]


def test_undo_takes_back_the_last_decision(tmp_path: Path) -> None:
    out = tmp_path / "u.json"
    res = runner.invoke(app, ["play", "--seed", "4", "--save", str(out)], input="1\n1\n1\nundo\nsave\nquit\n")
    assert res.exit_code == 0, res.output
    assert "took back" in res.output
    assert len(json.loads(out.read_text())["actions"]) == 2


def test_ai_seats_play_themselves() -> None:
    res = runner.invoke(
        app, ["play", "--players", "2", "--seat", "random", "--seat", "random", "--seed", "2", "--max-rounds", "4"]
    )
    assert res.exit_code == 0, res.output
    assert "win" in res.output


def test_table_fits_100_columns_and_hides_other_hands() -> None:
    import random

    from rich.console import Console

    from animayhem.cards.database import CardDB
    from animayhem.cli.table import render
    from animayhem.decks.starters import starter_decks
    from animayhem.engine import DeckList, Game, GameConfig, SeatConfig

    decks = [d for d in starter_decks().values() if 2 in d.players][:2]
    g = Game(GameConfig(seats=tuple(SeatConfig(DeckList.from_deck(d)) for d in decks), seed=9))
    rnd = random.Random(9)
    for _ in range(120):
        if g.over:
            break
        g.apply(rnd.choice(g.legal_actions()))
    db = CardDB.bundled()
    console = Console(width=100, record=True)
    console.print(render(g.view(0), db, []))
    text = console.export_text()
    assert max(len(line) for line in text.splitlines()) <= 100
    other_hand = [db.by_id(g.state.cards[u]).name for u in g.state.players[1].hand]
    mine = {db.by_id(g.state.cards[u]).name for u in g.state.players[0].hand}
    for name in other_hand:
        if name not in mine and name not in text.split("Hand:")[0]:
            assert name not in text.split("Hand:")[1]
    assert "Disaster path:" in text


def test_replay_prints_and_steps_through_a_saved_game(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    res = runner.invoke(app, ["play", "--seed", "5", "--save", str(save)], input="1\n" * 25 + "save\nquit\n")
    assert res.exit_code == 0
    res = runner.invoke(app, ["replay", str(save)])
    assert res.exit_code == 0 and "Player 1 places" in res.output and "in progress" in res.output
    res = runner.invoke(app, ["replay", str(save), "--step"], input="\n" * 3 + "q\n")
    assert res.exit_code == 0 and "[1/25]" in res.output and "[4/25]" in res.output and "[5/25]" not in res.output
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "animayhem-record", "version": 1, "config": {"seats": []}, "actions": []}')
    res = runner.invoke(app, ["replay", str(broken)])
    assert res.exit_code == 2 and "broken.json" in res.output and "config" in res.output


def test_action_labels_name_only_cards_the_seat_may_see(tmp_path: Path) -> None:
    """MISC-7: the terminal puts names on the cards of an action only where the deciding seat may see them
    (a charm order naming the victim's face-down Item shows no name)."""
    from animayhem.cards.database import CardDB
    from animayhem.cli.play import Session
    from animayhem.records.scenario import loads

    text = """\
seats: [{name: Ann}, {name: Ben}]
field:
  - {cell: [0, 0], card: genom-tower, owner: 0}
  - {cell: [1, 0], card: masaki-house, owner: 0, haven: true}
  - {cell: [0, 1], card: a-kos-house, owner: 1, haven: true}
characters:
  - {card: ryoko, owner: 0, at: [0, 0], carried: [keys]}
  - {card: tenchi-masaki, owner: 1, at: [0, 0], carried: [ancient-pottery]}
start: {active: 0, phase: move}
"""
    game = loads(text)[0]
    session = Session(game, CardDB.bundled(), {}, tmp_path / "save.json")
    chars = {game.state.cards[c.uid]: c for c in game.state.characters.values()}
    mine, theirs = chars["ryoko"].carried[0], chars["tenchi-masaki"].carried[0]
    assert session.label(f"yield c{theirs}", 0) == f"yield c{theirs}:face-down card"
    assert session.label(f"drop c{mine}", 0) == f"drop c{mine}:Keys"  # its own Item: the owner knows it
    assert "Tenchi" in session.label(f"charm c{chars['ryoko'].uid} c{chars['tenchi-masaki'].uid}", 0)


def test_a_resumed_save_keeps_its_ai_seat(tmp_path: Path) -> None:
    """A save records who plays each seat: resuming a 2-seat game against the heuristic keeps Player 2 an AI
    (it was a human prompt showing Player 2's hand)."""
    save = tmp_path / "vs-ai.json"
    args = ["play", "-n", "2", "--seat", "human", "--seat", "heuristic", "--seed", "5", "--quick"]
    res = runner.invoke(app, [*args, "--save", str(save)], input="1\n" * 6 + "save\nquit\n")
    assert res.exit_code == 0, res.output
    assert json.loads(save.read_text())["seat_kinds"] == ["human", "heuristic"]
    turn = "done\n" * 12  # Player 1 ends each phase: the turn passes to Player 2
    res = runner.invoke(app, ["play", "--resume", str(save)], input=turn + "quit\n")
    assert res.exit_code == 0, res.output
    assert "Player 2> " not in res.output and "Pass to Player 2" not in res.output
    assert "Player 2's turn" in res.output and res.output.count("Player 1> ") == 13
    # an old save that does not say who plays: every seat is a person, as before (and --seat still chooses)
    old = json.loads(save.read_text())
    del old["seat_kinds"]
    legacy = tmp_path / "old.json"
    legacy.write_text(json.dumps(old))
    res = runner.invoke(app, ["play", "--resume", str(legacy)], input=turn + "quit\n")
    assert res.exit_code == 0, res.output
    assert "Pass to Player 2" in res.output
    res = runner.invoke(app, ["play", "--resume", str(legacy), "--seat", "human", "--seat", "random"], input="quit\n")
    assert res.exit_code == 0 and "Player 2> " not in res.output
    bad = dict(old, seat_kinds=["human", "wizard"])
    legacy.write_text(json.dumps(bad))
    res = runner.invoke(app, ["play", "--resume", str(legacy)], input="quit\n")
    assert res.exit_code == 2 and "seat_kinds" in res.output and "wizard" in res.output


def test_a_group_typed_from_the_haven_moves_line_by_line_too(tmp_path: Path) -> None:
    """Two of the four Characters in the Haven, typed as a group in any order, move there (they were
    refused: the engine offers the whole group as one move); a group that may not stop there is refused with
    the card and rule that block it, and nothing moves."""
    out = tmp_path / "g.json"
    keys = "done\ndone\nmove c65+c43 -1,0\nmove c65+c43 0,-1\nsave\nquit\n"
    res = runner.invoke(app, ["play", "--quick", "--seed", "3", "--save", str(out)], input=keys)
    assert res.exit_code == 0, res.output
    flat = " ".join(res.output.split())
    assert "Chi-Chi, Goku can't stop at Planet Freeza (-1,0): it is Planetary" in flat and "SCAV-18" in flat
    actions = json.loads(out.read_text())["actions"]
    assert actions[-2:] == ["move c43 0,-1", "move c65 0,-1"] and actions[-3] == "done"
