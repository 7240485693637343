"""The engine's one interface, :class:`animayhem.engine.game.Game`, and the game record.

Covers determinism and seeded randomness (RULES.md MISC-5), clone independence, ``IllegalAction`` leaving
the state untouched, the JSON game record (``records.record``), ``Game.restore``, ``ConfigError`` for
configs that cannot start a game (SETUP-2: 1-5 players), the single-seat decision, and a few direct
hidden-information checks (MISC-7; the random-play sweep is in ``test_engine_property.py``).
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from animayhem.decks.generate import new_deck
from animayhem.decks.starters import starter_decks
from animayhem.engine.core.config import ConfigError, DeckList, GameConfig, SeatConfig
from animayhem.engine.game import Game, IllegalAction
from animayhem.records import record
from animayhem.records.record import RecordError
from animayhem.rules.ruleset import get_ruleset

# ---------------------------------------------------------------------- helpers


@functools.cache
def deck(seats: int, preset: str = "classic", seed: int = 0) -> DeckList:
    return DeckList.from_deck(new_deck(seats, preset, seed=seed))


def config(seats: int = 2, seed: int = 7, preset: str = "classic", layout: str = "grid", **kw: object) -> GameConfig:
    return GameConfig(
        seats=tuple(SeatConfig(deck=deck(seats, preset, i), name=f"P{i}") for i in range(seats)),
        ruleset=get_ruleset(preset),
        layout=layout,  # type: ignore[arg-type]
        seed=seed,
        **kw,  # type: ignore[arg-type]
    )


def play_random(game: Game, rng: random.Random, steps: int | None = None) -> list[str]:
    """Apply random legal actions (``steps`` of them, or to the end); returns what was applied."""
    done: list[str] = []
    while not game.over and (steps is None or len(done) < steps):
        a = rng.choice(game.legal_actions())
        game.apply(a)
        done.append(a)
    return done


def log_bytes(game: Game) -> str:
    return json.dumps(game.log, sort_keys=False)


def snapshot(game: Game) -> tuple[str, list[str], int, int | None, list[str]]:
    return game.state_hash(), list(game.history), len(game.log), game.to_move, game.legal_actions()


@functools.cache
def finished_actions(seats: int = 2, seed: int = 7) -> tuple[str, ...]:
    g = Game(config(seats, seed))
    play_random(g, random.Random(seed))
    return tuple(g.history)


def illegal_but_well_formed(game: Game) -> str:
    for cand in ("done", "place 99,99", "move c0 99,99", "scavenge 99,99", "run"):
        if cand not in game.legal_actions():
            return cand
    raise AssertionError("every candidate is legal?")  # pragma: no cover


# ---------------------------------------------------------------------- determinism (MISC-5)


@pytest.mark.parametrize("preset", ["classic", "dbz", "guia", "fifth"])
def test_same_config_and_actions_give_the_same_game(preset: str) -> None:
    """MISC-5: every random choice comes from the game's seeded RNG, so a game is a function of its config
    and decisions: identical state hash after every step, and an identical log, byte for byte."""
    a = Game(config(3, 11, preset))
    b = Game(config(3, 11, preset))
    assert a.state_hash() == b.state_hash()
    rng = random.Random(5)
    random.seed(1)  # the global RNG must not matter
    while not a.over:
        action = rng.choice(a.legal_actions())
        a.apply(action)
        random.seed(2)
        b.apply(action)
        assert a.state_hash() == b.state_hash(), f"diverged after {len(a.history)} actions: {a.history}"
    assert b.over and a.result == b.result
    assert log_bytes(a) == log_bytes(b)
    assert a.history == b.history


def test_different_seeds_usually_differ() -> None:
    """MISC-5: the seed drives the shuffles and the first player."""
    starts = {Game(config(2, seed)).state_hash() for seed in range(10)}
    assert len(starts) >= 9
    logs = set()
    for seed in range(5):
        g = Game(config(2, seed))
        play_random(g, random.Random(0))
        logs.add(log_bytes(g))
    assert len(logs) >= 4


def test_hash_and_log_do_not_depend_on_the_python_hash_seed(tmp_path: Path) -> None:
    """MISC-5, DESIGN "determinism": the same record replays byte for byte in another process, whatever
    PYTHONHASHSEED (set or dict order of strings must not leak into the game)."""
    rec = record.to_json(Game.restore(config(3, 4), finished_actions(3, 4)))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    script = (
        "import hashlib, json, sys\n"
        "from animayhem.records.record import from_json\n"
        "g = from_json(json.load(open(sys.argv[1])))\n"
        "print(g.state_hash(), hashlib.sha256(json.dumps(g.log).encode()).hexdigest())\n"
    )
    outs = set()
    for hash_seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        res = subprocess.run(
            [sys.executable, "-c", script, str(path)], env=env, capture_output=True, text=True, check=True
        )
        outs.add(res.stdout.strip())
    here = record.from_json(json.loads(path.read_text(encoding="utf-8")))
    assert outs == {f"{rec['state_hash']} {hashlib.sha256(json.dumps(here.log).encode()).hexdigest()}"}


# ---------------------------------------------------------------------- clone


def test_clone_is_independent_of_the_original() -> None:
    g = Game(config(2, 3))
    play_random(g, random.Random(3), 40)
    before = snapshot(g)
    log_before = log_bytes(g)
    c = g.clone()
    assert c.state_hash() == g.state_hash()
    play_random(c, random.Random(99), 30)
    assert c.state_hash() != before[0]
    assert snapshot(g) == before
    assert log_bytes(g) == log_before


@pytest.mark.parametrize("at", [0, 7, 60])
def test_clone_continues_exactly_like_the_original(at: int) -> None:
    """MISC-5: the RNG is part of the state, so a clone and its original stay in step (cloned during
    set-up, while the Field is still growing, too)."""
    g = Game(config(3, 8))
    play_random(g, random.Random(8), at)
    c = g.clone(with_log=True)
    assert c.state_hash() == g.state_hash()
    assert c.log == g.log and c.log is not g.log
    rng = random.Random(1)
    while not g.over:
        a = rng.choice(g.legal_actions())
        g.apply(a)
        c.apply(a)
        assert c.state_hash() == g.state_hash()
    assert log_bytes(c) == log_bytes(g) and c.history == g.history and c.result == g.result


@pytest.mark.parametrize("at", [3, 30, 90])
def test_clone_and_original_diverge_independently(at: int) -> None:
    """Different actions on a clone and on its original: each ends exactly like a replay of its own actions
    from the start (nothing cached or shared leaks from one into the other)."""
    for layout in ("grid", "lines"):
        g = Game(config(2, 12, "dbz", layout))
        play_random(g, random.Random(12), at)
        c = g.clone()
        play_random(g, random.Random(100))
        play_random(c, random.Random(200))
        assert g.history != c.history
        for game in (g, c):
            replay = Game.restore(game.config, game.history)
            assert replay.state == game.state and replay.state_hash() == game.state_hash()


def test_original_is_unaffected_by_mutating_a_clone_directly() -> None:
    g = Game(config(2, 3))
    play_random(g, random.Random(3), 60)
    before = g.state_hash()
    c = g.clone()
    c.state.players[0].hand.clear()
    for ch in c.state.characters.values():
        ch.carried.append(-5)
    c.history.append("x")
    c.log.append({"e": "x"})
    assert g.state_hash() == before and "x" not in g.history and {"e": "x"} not in g.log


# ---------------------------------------------------------------------- IllegalAction


def _assert_refused(game: Game, action: str, *fragments: str, seat: int | None = None) -> None:
    before = snapshot(game)
    log_before = log_bytes(game)
    with pytest.raises(IllegalAction) as exc:
        if seat is None:
            game.apply(action)
        else:
            game.apply_as(seat, action)
    msg = str(exc.value)
    for f in fragments:
        assert f in msg, f"{msg!r} should say {f!r}"
    assert snapshot(game) == before, "an IllegalAction changed the game"
    assert log_bytes(game) == log_before


@pytest.mark.parametrize("steps", [0, 25, 120])
def test_action_not_in_the_legal_list(steps: int) -> None:
    g = Game(config(2, 5))
    play_random(g, random.Random(5), steps)
    bad = illegal_but_well_formed(g)
    p = g.decision
    assert p is not None
    _assert_refused(g, bad, repr(bad), "not legal now", f"seat {p.seat}", p.prompt, p.actions[0])


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("xyzzy", "unknown verb 'xyzzy'"),
        ("", "empty action"),
        ("   ", "empty action"),
        ("place a,b", "'a,b' is neither a card"),
        ("move c1 north", "'north' is neither a card"),
        ("place 0,0 0,0 0,0", "not legal now"),
    ],
)
def test_garbage_text_is_refused_with_a_reason(text: str, why: str) -> None:
    g = Game(config(2, 5))
    play_random(g, random.Random(5), 10)
    _assert_refused(g, text, why)


def test_wrong_seat_via_apply_as_is_refused() -> None:
    g = Game(config(3, 5))
    for _ in range(30):
        seat = g.to_move
        assert seat is not None
        action = g.legal_actions()[0]
        for other in range(3):
            if other != seat:
                _assert_refused(g, action, f"seat {other} may not act now", f"seat {seat} must decide", seat=other)
        g.apply_as(seat, action)  # the right seat may
        assert g.history[-1] == action


def test_a_refused_action_leaves_no_trace_in_the_rest_of_the_game() -> None:
    """The RNG too is untouched: a game that saw refused actions continues exactly like one that did not."""
    a, b = Game(config(2, 9)), Game(config(2, 9))
    rng = random.Random(9)
    while not a.over:
        for junk in ("xyzzy", illegal_but_well_formed(a)):
            with pytest.raises(IllegalAction):
                a.apply(junk)
        action = rng.choice(a.legal_actions())
        a.apply(action)
        b.apply(action)
    assert a.state_hash() == b.state_hash() and log_bytes(a) == log_bytes(b) and a.history == b.history


def test_no_action_is_legal_once_the_game_is_over() -> None:
    g = Game.restore(config(2, 7), finished_actions(2, 7))
    assert g.over and g.result is not None
    assert g.to_move is None and g.legal_actions() == [] and g.decision is None
    _assert_refused(g, "done", "the game is over")
    _assert_refused(g, "done", "seat 0 may not act now", "nobody must decide", seat=0)


def test_legal_actions_returns_a_copy() -> None:
    g = Game(config(2, 5))
    acts = g.legal_actions()
    h = g.state_hash()
    acts.clear()
    assert g.legal_actions() and g.state_hash() == h


def test_actions_are_normalised_to_their_notation() -> None:
    g = Game(config(2, 5))
    a = g.legal_actions()[0]
    g.apply("  " + a.upper().replace(" ", "   ") + " ")
    assert g.history == [a]


# ---------------------------------------------------------------------- the decision


def test_the_decision_always_names_exactly_one_seat() -> None:
    """DESIGN: one seat decides at a time; views show the decision only to that seat (MISC-7)."""
    for layout in ("grid", "lines"):
        g = Game(config(3, 2, "dbz", layout))
        rng = random.Random(2)
        while True:
            views = [g.view(s) for s in range(3)]
            if g.over:
                assert g.to_move is None and g.decision is None and g.legal_actions() == []
                assert all(v["to_move"] is None and "decision" not in v for v in views)
                break
            d = g.decision
            assert d is not None and isinstance(d.seat, int) and 0 <= d.seat < 3
            assert g.to_move == d.seat and g.legal_actions() == d.actions and d.actions
            assert len(set(d.actions)) == len(d.actions), "duplicate legal actions"
            assert [s for s, v in enumerate(views) if "decision" in v] == [d.seat]
            assert all(v["to_move"] == d.seat for v in views)
            assert views[d.seat]["decision"]["actions"] == d.actions
            g.apply(rng.choice(g.legal_actions()))


# ---------------------------------------------------------------------- every game ends


@pytest.mark.parametrize("max_rounds", [1, 2, 5])
def test_round_limit_ends_a_game(max_rounds: int) -> None:
    """GameConfig.max_rounds: a game still running after that many rounds ends on the current tallies."""
    g = Game(config(2, 1, max_rounds=max_rounds))
    while not g.over:
        la = g.legal_actions()
        g.apply("done" if "done" in la else la[0])
    assert g.result is not None and g.result["reason"] == "round limit"
    assert g.result["turn"] == 2 * max_rounds  # classic: each of the 2 players takes a whole turn a round
    assert g.to_move is None


def test_round_limit_result_names_the_last_round_played() -> None:
    g = Game(config(2, 1, max_rounds=2))
    while not g.over:
        la = g.legal_actions()
        g.apply("done" if "done" in la else la[0])
    assert g.result is not None and g.result["round"] == 2
    assert g.view(0)["round"] == 2


@pytest.mark.parametrize("preset", ["classic", "dbz", "guia", "fifth"])
def test_a_game_where_nobody_acts_still_ends(preset: str) -> None:
    """WIN-4 / max_rounds: passing at every decision cannot make a game run forever."""
    g = Game(config(3, 2, preset))
    for _ in range(20_000):
        if g.over:
            break
        la = g.legal_actions()
        g.apply("done" if "done" in la else la[0])
    assert g.over and g.result is not None and g.result["reason"]


# ---------------------------------------------------------------------- views are snapshots


def _scramble(obj: object) -> None:
    """Empty every list and dict inside ``obj`` (what a careless face might do to its view)."""
    if isinstance(obj, dict):
        for v in obj.values():
            _scramble(v)
        obj.clear()
    elif isinstance(obj, list):
        for v in obj:
            _scramble(v)
        obj.clear()


@pytest.mark.parametrize("steps", [10, 120, None])
def test_editing_a_view_does_not_change_the_game(steps: int | None) -> None:
    """DESIGN: faces only ever receive views; a view must be a copy, never a window into the state (at the
    end too: the view's ``result`` used to be the state's own dict)."""
    g = Game(config(2, 7))
    play_random(g, random.Random(7), steps)
    before = snapshot(g)
    result = json.dumps(g.result)
    log = log_bytes(g)
    for seat in range(2):
        _scramble(g.view(seat))
    assert snapshot(g) == before and json.dumps(g.result) == result and log_bytes(g) == log


def test_editing_the_events_given_to_a_seat_does_not_change_the_log() -> None:
    g = Game(config(2, 7))
    play_random(g, random.Random(7), 60)
    log = log_bytes(g)
    _scramble(g.events_for(0))
    assert log_bytes(g) == log


# ---------------------------------------------------------------------- game records


def _via_json(game: Game) -> Game:
    """The game a JSON record of ``game`` replays to (checking the record's state_hash)."""
    return record.from_json(json.loads(json.dumps(record.to_json(game))))


def test_record_round_trip_through_json_text() -> None:
    g = Game.restore(config(2, 7), finished_actions(2, 7))
    g2 = _via_json(g)
    assert g2.state == g.state
    assert g2.history == g.history and g2.result == g.result
    assert log_bytes(g2) == log_bytes(g)
    g3 = _via_json(g2)
    assert g3.state_hash() == g2.state_hash()
    assert json.dumps(record.to_json(g3)) == json.dumps(record.to_json(g2))


def test_state_hash_is_a_function_of_the_state_value() -> None:
    """A hash for records and pinned regressions must not depend on how equal values were built."""
    cfg = config(2, 0)
    from_text = GameConfig.from_json(json.loads(json.dumps(cfg.to_json())))
    assert from_text == cfg
    a, b = Game(cfg), Game(from_text)
    assert a.state == b.state
    assert a.state_hash() == b.state_hash()


def test_a_saved_game_loads(tmp_path: Path) -> None:
    """Minimal reproduction: a new 2-seat game with generated decks, no action, save then load."""
    g = Game(config(2, 0))
    record.save(g, tmp_path / "new.json")
    g2 = record.load(tmp_path / "new.json")  # RecordError: field 'state_hash': the replay ends in a different state
    assert g2.state_hash() == g.state_hash()


def test_a_finished_game_record_round_trips_with_its_hash() -> None:
    g = Game.restore(config(2, 7), finished_actions(2, 7))
    g2 = record.from_json(json.loads(json.dumps(record.to_json(g))))
    assert g2.state_hash() == g.state_hash()


def test_a_save_of_a_game_in_progress_resumes_identically(tmp_path: Path) -> None:
    g = Game(config(3, 6, "fifth", "lines"))
    play_random(g, random.Random(6), 150)
    assert not g.over
    record.save(g, tmp_path / "save.json")
    g2 = record.load(tmp_path / "save.json")
    assert g2.state == g.state and g2.state_hash() == g.state_hash() and g2.to_move == g.to_move
    rng = random.Random(0)
    while not g.over:
        a = rng.choice(g.legal_actions())
        g.apply(a)
        g2.apply(a)
    assert g2.state == g.state and log_bytes(g2) == log_bytes(g)


def test_record_keeps_house_rule_overrides() -> None:
    rules = get_ruleset("classic").with_overrides(
        kill_rule="damage_3x", adjacency=4, combat_disasters_min=(1, 3), characters_per_equip=1
    )
    cfg = dataclasses.replace(config(2, 3), ruleset=rules)
    g = Game(cfg)
    play_random(g, random.Random(3), 80)
    g2 = _via_json(g)
    assert g2.rules == rules and g2.config == cfg
    assert g2.state == g.state


@pytest.fixture
def rec() -> dict:
    """A genuine record of a finished game (built in memory, so its hash also checks state_hash's
    independence from how the config was built)."""
    g = Game.restore(config(2, 7), finished_actions(2, 7))
    data = json.loads(json.dumps(record.to_json(g)))
    assert record.from_json(json.loads(json.dumps(data))).state_hash() == data["state_hash"]
    return data


def _record_error(data: object, *fragments: str) -> None:
    with pytest.raises(RecordError) as exc:
        record.from_json(data, source="t.json")
    msg = str(exc.value)
    assert msg.startswith("t.json: "), msg
    for f in fragments:
        assert f in msg, f"{msg!r} should say {f!r}"


def test_tampered_action_is_a_record_error_naming_the_field(rec: dict) -> None:
    rec["actions"][5] = "place 99,99"
    _record_error(rec, "field 'actions'", "entry 6", "'place 99,99'")


def test_garbage_action_is_a_record_error_naming_the_field(rec: dict) -> None:
    rec["actions"][0] = "xyzzy"
    _record_error(rec, "field 'actions'", "entry 1", "unknown verb")


def test_truncated_actions_are_caught_by_the_hash(rec: dict) -> None:
    rec["actions"] = rec["actions"][:-3]
    _record_error(rec, "field 'state_hash'")


def test_tampered_hash_is_a_record_error_naming_the_field(rec: dict) -> None:
    rec["state_hash"] = "0" * 16
    _record_error(rec, "field 'state_hash'")


def test_changed_seed_is_caught(rec: dict) -> None:
    rec["config"]["seed"] += 1
    with pytest.raises(RecordError) as exc:
        record.from_json(rec, source="t.json")
    assert "field 'state_hash'" in str(exc.value) or "field 'actions'" in str(exc.value)


@pytest.mark.parametrize(
    ("tamper", "field"),
    [
        (lambda r: r.update(format="chess-pgn"), "field 'format'"),
        (lambda r: r.update(version=3), "field 'version'"),
        (lambda r: r.update(actions="place 0,0"), "field 'actions'"),
        (lambda r: r.update(actions=[1, 2]), "field 'actions'"),
        (lambda r: r.pop("config"), "field 'config'"),
        (lambda r: r["config"].pop("seats"), "field 'config'"),
        (lambda r: r["config"].update(seats=[]), "field 'config'"),
        (lambda r: r["config"].update(layout="hex"), "field 'config'"),
        (lambda r: r["config"].update(ruleset="calvinball"), "field 'config'"),
        (lambda r: r["config"]["seats"][0]["deck"].update(characters=["no-such-card"]), "field 'config'"),
    ],
)
def test_malformed_record_names_the_field(rec: dict, tamper, field: str) -> None:
    tamper(rec)
    _record_error(rec, field)


def test_not_a_record_at_all() -> None:
    _record_error([], "field 'format'")
    _record_error("hello", "field 'format'")


def test_load_reports_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{\n  nope\n", encoding="utf-8")
    with pytest.raises(RecordError, match=r"bad\.json:2: not valid JSON"):
        record.load(bad)
    with pytest.raises(RecordError, match="cannot read"):
        record.load(tmp_path / "missing.json")


# ---------------------------------------------------------------------- Game.restore


def test_restore_replays_to_the_same_game() -> None:
    g = Game(config(4, 1, "guia"))
    play_random(g, random.Random(1), 200)
    r = Game.restore(g.config, g.history)
    assert r.state_hash() == g.state_hash() and r.history == g.history and log_bytes(r) == log_bytes(g)


def test_restore_names_the_bad_action() -> None:
    actions = list(finished_actions(2, 7)[:20])
    actions[12] = "xyzzy"
    with pytest.raises(IllegalAction, match=r"action 13 \('xyzzy'\)"):
        Game.restore(config(2, 7), actions)


# ---------------------------------------------------------------------- ConfigError


def _config_error(cfg: GameConfig, *fragments: str) -> None:
    with pytest.raises(ConfigError) as exc:
        Game(cfg)
    msg = str(exc.value)
    for f in fragments:
        assert f in msg, f"{msg!r} should say {f!r}"


@pytest.mark.parametrize("n", [0, 6, 7])
def test_seat_count_outside_1_to_5(n: int) -> None:
    """SETUP-2: 1 to 5 players."""
    seats = tuple(SeatConfig(deck=deck(5)) for _ in range(n))
    _config_error(GameConfig(seats=seats), "1 to 5 seats", f"not {n}")


@pytest.mark.parametrize("section", ["characters", "havens", "locations", "items", "disasters", "draw", "combat"])
def test_unknown_card_id(section: str) -> None:
    d = deck(2)
    bad = dataclasses.replace(d, **{section: (*getattr(d, section), "no-such-card")})
    cfg = GameConfig(seats=(SeatConfig(deck=d), SeatConfig(deck=bad)))
    _config_error(cfg, "seat 1", section, "unknown card id 'no-such-card'")


def test_card_in_the_wrong_section() -> None:
    d = deck(2)
    bad = dataclasses.replace(d, locations=(*d.locations, d.items[0]))
    _config_error(GameConfig(seats=(SeatConfig(deck=bad),)), "seat 0", "locations", "not allowed here")


def test_deck_without_a_haven() -> None:
    d = dataclasses.replace(deck(2), havens=())
    _config_error(GameConfig(seats=(SeatConfig(deck=deck(2)), SeatConfig(deck=d))), "seat 1", "no Haven")


def test_deck_without_locations_or_characters() -> None:
    _config_error(GameConfig(seats=(SeatConfig(deck=dataclasses.replace(deck(1), locations=())),)), "no Locations")
    _config_error(
        GameConfig(seats=(SeatConfig(deck=dataclasses.replace(deck(1), characters=())),)), "no starting Characters"
    )


@pytest.mark.parametrize(("field", "value"), [("layout", "hex"), ("max_rounds", 0), ("max_rounds", -3)])
def test_bad_layout_or_round_limit_is_a_config_error(field: str, value: object) -> None:
    _config_error(dataclasses.replace(config(2, 1), **{field: value}), field)


def test_config_json_errors_are_config_errors() -> None:
    good = config(2).to_json()
    with pytest.raises(ConfigError, match="layout"):
        GameConfig.from_json({**good, "layout": "hex"})
    with pytest.raises(ConfigError, match="seats"):
        GameConfig.from_json({k: v for k, v in good.items() if k != "seats"})
    with pytest.raises(ConfigError, match="unknown section"):
        GameConfig.from_json({**good, "seats": [{"deck": {"sideboard": []}}]})
    assert GameConfig.from_json(json.loads(json.dumps(good))) == config(2)


def test_starter_decks_start_games() -> None:
    decks = [DeckList.from_deck(d) for d in starter_decks().values()]
    g = Game(GameConfig(seats=tuple(SeatConfig(deck=d) for d in decks[:2]), seed=1))
    play_random(g, random.Random(1))
    assert g.over


# ---------------------------------------------------------------------- hidden information (MISC-7)


def _until(game: Game, rng: random.Random, pred, limit: int = 5000) -> None:
    for _ in range(limit):
        if pred() or game.over:
            return
        game.apply(rng.choice(game.legal_actions()))


def test_views_show_counts_not_cards_of_other_hands() -> None:
    """MISC-7: a seat sees its own hand, and only the size of other hands, piles and face-down stacks."""
    g = Game(config(2, 4))
    rng = random.Random(4)
    _until(g, rng, lambda: g.state.phase != "setup")
    for seat in range(2):
        v = g.view(seat)
        me, other = v["players"][seat], v["players"][1 - seat]
        assert [c["uid"] for c in me["hand"]] == g.state.players[seat].hand
        assert "hand" not in other and other["hand_count"] == len(g.state.players[1 - seat].hand)
        assert all(isinstance(p["under"], int) for p in v["places"])
        assert "draw" not in me and me["draw_count"] == len(g.state.players[seat].draw)


def test_card_drawn_goes_only_to_its_drawer() -> None:
    """MISC-7: other seats learn that a card was drawn, not which."""
    g = Game(config(3, 4))
    play_random(g, random.Random(4))
    drawn = [e for e in g.log if e["e"] == "card_drawn"]
    assert drawn
    for e in drawn:
        assert e["to"] == [e["seat"]]
        for s in range(3):
            assert (e in g.events_for(s)) == (s == e["seat"])
    hidden = [e for e in g.log if e["e"] == "card_drawn_hidden"]
    assert len(hidden) == len(drawn)
    assert all("uid" not in e and "card" not in e for e in hidden)


def test_item_identity_goes_only_to_the_retriever() -> None:
    """MISC-7, SCAV-24: a retrieved Item is named only to its new holder; everyone sees that one was taken."""
    for seed in range(10):
        g = Game(config(2, seed))
        play_random(g, random.Random(seed))
        for e in g.log:
            if e["e"] == "item_retrieved":
                assert e["to"] == [e["seat"]]
            if e["e"] == "item_retrieved_hidden":
                assert "card" not in e and "uid" not in e


def test_events_for_none_is_the_whole_log() -> None:
    g = Game(config(2, 4))
    play_random(g, random.Random(4), 200)
    assert g.events_for(None) == g.log and g.events_for(None) is not g.log


def test_every_event_is_addressed_to_real_seats_and_moves_are_public() -> None:
    """DESIGN "events carry their own visibility": an audience lists real seats; a Character's move is
    public (MISC-7 hides cards, not movements) and says where it went."""
    g = Game(config(2, 0, "classic", "grid"))
    play_random(g, random.Random(0))
    moves = [e for e in g.log if e["e"] == "character_moved"]
    assert moves
    for e in g.log:
        assert "to" not in e or set(e["to"]) <= {0, 1}, e
    for e in moves:
        assert "to" not in e, e  # public: no audience restriction
        assert any(k != "source" and isinstance(v, list) and len(v) == 2 for k, v in e.items()), e  # where to
        assert all(e in g.events_for(s) for s in range(2)), e


def test_last_decision_of_a_seat_is_where_its_undo_goes() -> None:
    """``Game.last_decision_of`` (what the terminal's and the web table's undo restore to) names the last entry of
    the history that seat decided, the same as replaying the history and watching who was to move; clones and
    restored games keep it; a seat that never decided has none."""
    g = Game(config(3, seed=11))
    play_random(g, random.Random(5), steps=400)
    replay = Game(g.config)
    last: dict[int, int] = {}
    for i, a in enumerate(g.history):
        assert replay.to_move is not None
        last[replay.to_move] = i
        replay.apply(a)
    assert {s: g.last_decision_of(s) for s in range(3)} == {s: last.get(s) for s in range(3)}
    assert g.last_decision_of(4) is None  # no such seat: it never decided
    twin = g.clone()
    play_random(twin, random.Random(6), steps=20)
    assert g.last_decision_of(0) == last.get(0)  # the clone's decisions are its own
    again = Game.restore(g.config, g.history)
    assert [again.last_decision_of(s) for s in range(3)] == [g.last_decision_of(s) for s in range(3)]
    first = g.last_decision_of(0)
    assert first is not None
    undone = Game.restore(g.config, g.history[:first])
    assert undone.to_move == 0 and len(undone.history) == first
