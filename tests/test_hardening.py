"""Issue 12, every input door: each audit class has a named test, each loader a property test on bytes and
on structure (a clean error or a valid object, never another exception)."""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from animayhem.cards.database import CardDB, CardFileError
from animayhem.cli.main import app
from animayhem.cli.play import choice_number
from animayhem.decks.lackey import parse_dek, read_dek
from animayhem.decks.starters import starter_decks
from animayhem.decks.textformat import DeckFileError, parse_deck, read_deck
from animayhem.engine.core.config import ConfigError, DeckList, GameConfig, SeatConfig
from animayhem.engine.game import Game
from animayhem.files import FileError, read_text, write_atomic
from animayhem.records import record
from animayhem.rules.ruleset import RulesetError, get_ruleset

runner = CliRunner()
FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _game(seed: int = 2) -> Game:
    deck = DeckList.from_deck(starter_decks()["kame-house-solitaire"])
    return Game(GameConfig(seats=(SeatConfig(deck),), seed=seed))


def _record() -> dict[str, Any]:
    g = _game()
    for _ in range(12):
        g.apply(g.legal_actions()[0])
    return record.to_json(g)


def _flat(res: Any) -> str:
    """The output with Rich's line wrapping undone."""
    return " ".join(res.output.split())


def _no_traceback(res: Any) -> None:
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    assert "Traceback" not in res.output


# ---------------------------------------------------------------------- numbers beyond Python's limits


def test_numbers_longer_than_the_int_string_limit_are_refused_cleanly(tmp_path: Path) -> None:
    big = "9" * 5000
    with pytest.raises(DeckFileError):
        parse_deck(f"[Items]\n{big} Cross\n")
    card = f'<card><name id="card{big}">Cross</name><set>Set 0</set></card>'
    dek = f'<deck><superzone name="Deck">{card}</superzone></deck>'
    assert parse_dek(dek).count() == 1  # the absurd id is ignored; the card is found by its name
    with pytest.raises(DeckFileError):
        parse_dek(dek.replace(">Cross<", "><"))
    data = _record()
    text = json.dumps(data).replace('"seed": 2', f'"seed": {big}')
    path = tmp_path / "s.json"
    path.write_text(text)
    with pytest.raises(record.RecordError):
        record.load(path)
    data["actions"].append(f"start c{big}")
    with pytest.raises(record.RecordError):
        record.from_json(data)
    assert isinstance(choice_number(big, 5), str)  # the prompt: "no action …", not a ValueError
    _no_traceback(runner.invoke(app, ["cards", "show", f"#{big}"]))


# ---------------------------------------------------------------------- encodings


def test_non_utf8_and_a_byte_order_mark(tmp_path: Path) -> None:
    bom = tmp_path / "bom.deck"
    bom.write_bytes(b"\xef\xbb\xbf" + Path(_starter_file()).read_bytes())
    assert read_deck(bom).count() > 0  # a BOM is accepted
    bad = tmp_path / "bad.deck"
    bad.write_bytes(b"[Items]\n1 Cross\n\xff\xfe oops\n")
    with pytest.raises(DeckFileError, match=r"bad.deck.*line 3|:3|not UTF-8"):
        read_deck(bad)
    bad_dek = tmp_path / "bad.dek"
    bad_dek.write_bytes(b"<deck>\xff</deck>")
    with pytest.raises(DeckFileError, match="not UTF-8"):
        read_dek(bad_dek)
    save = tmp_path / "s.json"
    save.write_bytes(b"\xef\xbb\xbf" + json.dumps(_record()).encode())
    assert record.load(save).history  # a BOM'd save still loads
    save.write_bytes(b'{"format": "\xff"}')
    with pytest.raises(record.RecordError, match="not UTF-8"):
        record.load(save)


def _starter_file() -> Path:
    return next((Path(__file__).parents[1] / "src/animayhem/decks/starters").glob("*.deck"))


# ---------------------------------------------------------------------- wrong types and shapes


@pytest.mark.parametrize(
    "patch",
    [
        {"config": []},
        {"config": {"seats": "x"}},
        {"config": {"seats": []}},
        {"config": {"seats": [{"deck": {"items": "cross"}}]}},
        {"config": {"seats": [{"deck": {"items": [1, 2]}}]}},
        {"config": {"layout": "hex", "seats": [{"deck": {}}]}},
        {"config": {"seed": True, "seats": [{"deck": {}}]}},
        {"config": {"seed": 2**70, "seats": [{"deck": {}}]}},
        {"config": {"max_rounds": -1, "seats": [{"deck": {}}]}},
        {"actions": "place 0,0"},
        {"actions": [1, 2]},
        {"state_hash": 7},
        {"extra": 1},
    ],
)
def test_wrong_types_in_a_record_name_the_field(patch: dict[str, Any]) -> None:
    data = {**_record(), **patch}
    with pytest.raises(record.RecordError) as exc:
        record.from_json(data, "s.json")
    assert str(exc.value).startswith("s.json: ")
    assert "field" in str(exc.value)


def test_deep_nesting_is_refused_without_recursion_error(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 200_000 + "]" * 200_000)
    with pytest.raises(record.RecordError):
        record.load(path)
    cards = tmp_path / "cards"
    cards.mkdir()
    (cards / "cards-zero.yaml").write_text("[" * 50_000 + "]" * 50_000)
    with pytest.raises(CardFileError):
        CardDB.load(cards)


def test_dev_zero_is_refused_by_the_size_cap() -> None:
    zero = Path("/dev/zero")
    if not zero.exists():
        pytest.skip("no /dev/zero here")
    with pytest.raises(FileError, match="larger than"):
        read_text(zero, limit=1 << 20)
    with pytest.raises(DeckFileError):
        read_deck(zero)
    with pytest.raises(record.RecordError):
        record.load(zero)


@pytest.mark.parametrize("value", [-1, 10**6, True, "7", 7.0])
def test_house_rule_numbers_are_bounded(value: Any) -> None:
    with pytest.raises(RulesetError):
        get_ruleset("classic").with_overrides(hand_size=value)
    data = _record()
    data["config"]["overrides"] = {"hand_size": value}
    with pytest.raises(record.RecordError):
        record.from_json(data)
    assert get_ruleset("classic").with_overrides(hand_size=5).hand_size == 5


def test_a_count_cap_holds_over_repeated_lines() -> None:
    with pytest.raises(DeckFileError, match="at most 99"):
        parse_deck("[Items]\n" + "60 Cross\n" * 2)
    assert parse_deck("[Items]\n40 Cross\n40 Cross\n").count() == 80


def test_deck_new_refuses_zero_players() -> None:
    res = runner.invoke(app, ["deck", "new", "-p", "0"])
    assert res.exit_code == 2
    _no_traceback(res)


def test_an_output_path_in_a_missing_folder(tmp_path: Path) -> None:
    out = tmp_path / "nope" / "d.deck"
    res = runner.invoke(app, ["deck", "new", "-p", "1", "--out", str(out)])
    assert res.exit_code == 2 and "does not exist" in _flat(res)
    _no_traceback(res)


def test_replay_refuses_a_seat_the_game_does_not_have(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text(json.dumps(_record()))
    res = runner.invoke(app, ["replay", str(path), "--seat", "99"])
    assert res.exit_code == 2 and "seats 0 to 0" in _flat(res)
    assert runner.invoke(app, ["replay", str(path), "--seat", "0"]).exit_code == 0


def test_messages_keep_their_brackets_and_markup_is_not_printed(tmp_path: Path) -> None:
    path = tmp_path / "[x, y].json"
    res = runner.invoke(app, ["replay", str(path)])
    assert res.exit_code == 2
    assert "[x, y]" in _flat(res) and "[red]" not in _flat(res)


def test_unexpected_errors_become_one_line_and_exit_1() -> None:
    code = textwrap.dedent(
        """
        import sys
        from animayhem.cli import main as m
        def boom():
            raise KeyError("bug")
        m.app = boom
        m.main()
        """
    )
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert res.returncode == 1
    assert "internal error" in res.stderr and "Traceback" not in res.stderr


# ---------------------------------------------------------------------- games nobody can play


def test_a_deck_with_no_items_is_refused_at_start() -> None:
    deck = DeckList.from_deck(starter_decks()["kame-house-solitaire"])
    empty = DeckList(**{**deck.__dict__, "items": ()})
    with pytest.raises(ConfigError, match="no Items"):
        Game(GameConfig(seats=(SeatConfig(empty),)))
    no_locations = DeckList(**{**deck.__dict__, "locations": ()})
    with pytest.raises(ConfigError, match="no Locations"):
        Game(GameConfig(seats=(SeatConfig(no_locations),)))


# ---------------------------------------------------------------------- saving


def test_writes_are_atomic_and_never_replace_without_force(tmp_path: Path) -> None:
    path = tmp_path / "f.txt"
    write_atomic(path, "one")
    with pytest.raises(FileError, match="exists"):
        write_atomic(path, "two")
    assert path.read_text() == "one"
    write_atomic(path, "two", replace=True)
    assert path.read_text() == "two"
    with pytest.raises(FileError, match="folder"):
        write_atomic(tmp_path, "x", replace=True)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.txt"]  # no temporary file left behind


def test_a_save_cut_short_by_a_file_size_limit_leaves_the_previous_save_intact(tmp_path: Path) -> None:
    """RLIMIT_FSIZE in a subprocess: the new save cannot be written whole; the old one must survive."""
    path = tmp_path / "save.json"
    small = _game()
    record.save(small, path)
    before = path.read_bytes()
    code = textwrap.dedent(
        f"""
        import resource, sys
        from animayhem.records import record
        from animayhem.files import FileError
        from animayhem.engine.core.config import DeckList, GameConfig, SeatConfig
        from animayhem.decks.starters import starter_decks
        from animayhem.engine.game import Game
        g = Game(GameConfig(seats=(SeatConfig(DeckList.from_deck(starter_decks()["kame-house-solitaire"])),)))
        while not g.over and len(g.history) < 400:
            g.apply(g.legal_actions()[0])
        resource.setrlimit(resource.RLIMIT_FSIZE, ({len(before) // 2}, {len(before) // 2}))
        try:
            record.save(g, {str(path)!r}, replace=True)
        except FileError as exc:
            print("refused:", exc)
            sys.exit(0)
        sys.exit(3)
        """
    )
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stdout + res.stderr
    assert "refused" in res.stdout
    assert path.read_bytes() == before
    assert record.load(path).state_hash() == small.state_hash()
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


def test_the_prompt_survives_odd_input_and_failed_saves(tmp_path: Path) -> None:
    keys = ["²", "①", "٣", "9" * 5000, "ünïcødé ☃", "[red]x[/red]", "show c" + "9" * 99, "show ①"]
    keys += [f"save {tmp_path / 'missing' / 's.json'}", f"save {tmp_path}", "1", "quit"]
    res = runner.invoke(app, ["play", "--seed", "3"], input="\n".join(keys) + "\n")
    _no_traceback(res)
    assert res.exit_code == 0
    assert res.output.count("Player 1> ") == len(keys)  # every line got an answer and the same prompt
    flat = " ".join(res.output.split())
    assert "does not exist" in flat and "is a folder" in flat
    assert "[red]x[/red]" in _flat(res)  # typed text is shown as typed


def test_save_does_not_replace_a_file_unless_forced(tmp_path: Path) -> None:
    other = tmp_path / "precious.json"
    other.write_text("keep me")
    res = runner.invoke(app, ["play", "--seed", "3"], input=f"save {other}\nquit\n")
    assert "exists" in _flat(res) and other.read_text() == "keep me"
    res = runner.invoke(app, ["play", "--seed", "3"], input=f"1\nsave {other} --force\nquit\n")
    assert "saved to" in _flat(res) and json.loads(other.read_text())["actions"]
    mine = tmp_path / "mine.json"  # the session's own file may be saved to again
    res = runner.invoke(app, ["play", "--seed", "3"], input=f"save {mine}\n1\nsave {mine}\nquit\n")
    assert res.output.count("saved to") == 2


def test_the_game_is_autosaved_every_turn_and_can_be_resumed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    auto = tmp_path / "auto.json"
    monkeypatch.setenv("ANIMAYHEM_AUTOSAVE", str(auto))
    res = runner.invoke(app, ["play", "--seed", "3"], input="1\n" * 60 + "quit\n")
    assert res.exit_code == 0
    saved = record.load(auto)
    assert saved.state.turn >= 1 and len(saved.history) <= 60
    res = runner.invoke(app, ["play", "--seed", "4"], input="quit\n")
    assert "unfinished game is autosaved" in _flat(res)
    res = runner.invoke(app, ["play", "--resume", "autosave", "--save", str(tmp_path / "s.json")], input="save\nquit\n")
    assert res.exit_code == 0, res.output
    res = runner.invoke(app, ["play", "--resume", str(tmp_path / "none.json")])
    assert res.exit_code == 2 and "--resume autosave" in _flat(res)


def test_ctrl_c_offers_to_save_and_saves_safely(tmp_path: Path) -> None:
    from animayhem.cards.database import CardDB as DB
    from animayhem.cli import play as play_mod

    target = tmp_path / "missing" / "s.json"
    session = play_mod.Session(_game(), DB.bundled(), {}, target, autosave=tmp_path / "a.json")
    answers = iter(["y"])

    def fake_input(prompt: str = "") -> str:
        try:
            return next(answers)
        except StopIteration:
            raise KeyboardInterrupt from None

    monkey = pytest.MonkeyPatch()
    monkey.setattr("builtins.input", fake_input)
    try:
        session.interrupted()  # the save fails (missing folder): said, and the autosave keeps the game
    finally:
        monkey.undo()
    assert record.load(tmp_path / "a.json").state_hash() == session.game.state_hash()


# ---------------------------------------------------------------------- property tests, per loader


@FAST
@given(st.binary(max_size=400))
def test_record_loader_on_bytes(data: bytes) -> None:
    with contextlib.suppress(record.RecordError):
        record.from_json(record.loads(data.decode("utf-8", "replace")))


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@FAST
@given(st.fixed_dictionaries({"config": _json, "actions": _json}, optional={"state_hash": _json}))
def test_record_loader_on_structure(patch: dict[str, Any]) -> None:
    data = {"format": record.FORMAT, "version": record.VERSION, **patch}
    try:
        game = record.from_json(data)
    except record.RecordError:
        return
    assert isinstance(game, Game)


@FAST
@given(
    st.fixed_dictionaries(
        {},
        optional={
            "ruleset": _json | st.sampled_from(["classic", "dbz", "fifth"]),
            "seed": _json,
            "max_rounds": _json,
            "layout": _json | st.sampled_from(["grid", "lines"]),
            "overrides": st.dictionaries(st.sampled_from(["hand_size", "adjacency", "bogus"]), _json, max_size=2),
            "seats": st.lists(st.fixed_dictionaries({"deck": _json}), max_size=6) | _json,
        },
    )
)
def test_game_config_on_structure(data: dict[str, Any]) -> None:
    try:
        cfg = GameConfig.from_json(data)
    except ConfigError:
        return
    assert isinstance(cfg, GameConfig) and 1 <= len(cfg.seats) <= 5


@FAST
@given(st.binary(max_size=300))
def test_deck_text_on_bytes(data: bytes) -> None:
    with contextlib.suppress(DeckFileError):
        parse_deck(data.decode("utf-8", "replace"))


@FAST
@given(
    st.lists(
        st.sampled_from(
            ["[Items]", "[Locations]", "[Bogus]", "name: x", "players: 0-9", "Cross", "3x Cross", "-1 Cross"]
        )
        | st.text(max_size=20),
        max_size=12,
    )
)
def test_deck_text_on_structure(lines: list[str]) -> None:
    try:
        deck = parse_deck("\n".join(lines))
    except DeckFileError:
        return
    assert all(1 <= e.count <= 99 for e in deck.entries)


@FAST
@given(st.binary(max_size=300))
def test_dek_on_bytes(data: bytes) -> None:
    with contextlib.suppress(DeckFileError):
        parse_dek(data.decode("utf-8", "replace"))


@FAST
@given(st.lists(st.tuples(st.text(max_size=12), st.text(max_size=12)), max_size=6))
def test_dek_on_structure(cards: list[tuple[str, str]]) -> None:
    from xml.sax.saxutils import escape, quoteattr

    body = "".join(f"<card><name id={quoteattr(i)}>{escape(n)}</name><set>Set 0</set></card>" for n, i in cards)
    with contextlib.suppress(DeckFileError):
        parse_dek(f'<deck><superzone name="Deck">{body}</superzone></deck>')


@FAST
@given(st.dictionaries(st.sampled_from(["hand_size", "adjacency", "copies_item", "layout", "locations"]), _json))
def test_house_rule_overrides_on_structure(overrides: dict[str, Any]) -> None:
    try:
        r = get_ruleset("classic").with_overrides(**overrides)
    except RulesetError:
        return
    assert 0 <= r.hand_size <= 60


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(st.binary(max_size=200))
def test_card_files_on_bytes(tmp_path: Path, data: bytes) -> None:
    folder = tmp_path / "cards"
    folder.mkdir(exist_ok=True)
    (folder / "cards-zero.yaml").write_bytes(data)
    with contextlib.suppress(CardFileError):
        CardDB.load(folder)
