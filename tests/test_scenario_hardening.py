"""The scenario loader refuses bad input cleanly (issue 12, the scenario door): every refusal is a
ScenarioError naming the file, the line and (for a value) the field; nothing else escapes, nothing hangs.

One named test per class of bad input the audit found, then property tests on bytes and on structure."""

from __future__ import annotations

import copy
import os
import re
import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from animayhem.engine.game import Game
from animayhem.records import scenario_model
from animayhem.records.scenario import ScenarioError, load, loads, play, run
from animayhem.records.scenario_model import MAX_BYTES, MAX_DEPTH, MAX_NODES, decode

GOOD = """\
name: hardening
rules: [TURN-17]
seats:
  - name: Solo
    hand: [speed]
field:
  - {cell: [0, 0], card: genom-tower, owner: 0, under: [keys]}
  - {cell: [0, 1], card: masaki-house, owner: 0, haven: true}
characters:
  - {card: tenchi-masaki, owner: 0, at: [0, 1]}
disasters:
  - {card: goons, owner: 0, at: [0, 0]}
start: {active: 0, phase: move}
actions:
  - move tenchi-masaki 0,0
expect:
  characters: {tenchi-masaki: {at: [0, 0]}}
"""
CLEAN = re.compile(r"^test\.yaml:\d+: ")


def _refused(text: str) -> str:
    with pytest.raises(ScenarioError) as info:
        game, data, lines, source = loads(text, "test.yaml")
        play(game, data, lines, source)
    msg = str(info.value)
    assert CLEAN.match(msg), msg
    return msg


def _refused_bytes(data: bytes) -> str:
    with pytest.raises(ScenarioError) as info:
        loads(decode(data, "test.yaml"), "test.yaml")
    msg = str(info.value)
    assert CLEAN.match(msg), msg
    return msg


def test_the_good_scenario_passes() -> None:
    game, data, lines, source = loads(GOOD, "test.yaml")
    assert play(game, data, lines, source).passed


# ---------------------------------------------------------------------- YAML bombs and nesting


def test_yaml_alias_bomb_is_refused_at_once() -> None:
    bomb = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
    for i in range(1, 10):
        bomb += f"{chr(97 + i)}: &{chr(97 + i)} [" + ",".join([f"*{chr(96 + i)}"] * 9) + "]\n"
    start = time.perf_counter()
    msg = _refused(bomb)
    assert time.perf_counter() - start < 1
    assert "aliases" in msg and msg.startswith("test.yaml:2:")


def test_an_alias_anywhere_is_refused() -> None:
    msg = _refused(GOOD.replace("hand: [speed]", "hand: &h [speed]\n    draw: *h"))
    assert msg.startswith("test.yaml:6:") and "aliases" in msg


def test_deep_flow_nesting_is_refused_without_recursion_error() -> None:
    msg = _refused("name: " + "[" * 100_000 + "]" * 100_000 + "\n")
    assert f"deeper than {MAX_DEPTH}" in msg


def test_deep_block_nesting_is_refused() -> None:
    text = "".join("  " * i + f"k{i}:\n" for i in range(MAX_DEPTH + 5)) + "  " * (MAX_DEPTH + 5) + "x\n"
    assert f"deeper than {MAX_DEPTH}" in _refused(text)


def test_too_many_nodes_are_refused() -> None:
    assert f"more than {MAX_NODES}" in _refused("notes: [" + "1," * (MAX_NODES + 10) + "1]\n")


def test_a_repeated_key_is_refused() -> None:
    msg = _refused(GOOD.replace("start: {active: 0, phase: move}", "start: {active: 0, phase: move, active: 0}"))
    assert msg.startswith("test.yaml:13:") and "'active' is given twice" in msg


def test_several_documents_are_refused() -> None:
    assert "not valid YAML" in _refused(GOOD + "---\nname: again\n")


def test_control_characters_are_refused_with_a_line() -> None:
    assert "not valid YAML" in _refused(GOOD.replace("name: hardening", "name: hard\x07ening"))


# ---------------------------------------------------------------------- bytes and files


def test_non_utf8_bytes_name_the_line() -> None:
    data = GOOD.replace("name: Solo", "name: Sol\xff").encode("latin-1")
    msg = _refused_bytes(data)
    assert msg.startswith("test.yaml:4:") and "not UTF-8" in msg


def test_a_utf8_byte_order_mark_is_accepted() -> None:
    game, data, lines, source = loads(decode(b"\xef\xbb\xbf" + GOOD.encode(), "test.yaml"), "test.yaml")
    assert game.state_hash() == loads(GOOD, "test.yaml")[0].state_hash()
    assert play(game, data, lines, source).passed
    assert loads("\ufeff" + GOOD, "test.yaml")[0].state_hash() == loads(GOOD, "test.yaml")[0].state_hash()


def test_utf16_is_refused() -> None:
    assert "not UTF-8" in _refused_bytes(GOOD.encode("utf-16"))


def test_dev_zero_is_refused_by_the_size_cap() -> None:
    zero = Path("/dev/zero")
    if not zero.exists():
        pytest.skip("no /dev/zero here")
    with pytest.raises(ScenarioError, match=f"larger than {MAX_BYTES} bytes"):
        load(zero)


def test_an_oversized_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_text(GOOD + "#" * (MAX_BYTES + 1), encoding="utf-8")
    with pytest.raises(ScenarioError, match=f"^{re.escape(str(path))}: larger than"):
        run(path)


def test_a_directory_or_a_missing_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="cannot read"):
        run(tmp_path)
    with pytest.raises(ScenarioError, match="cannot read"):
        run(tmp_path / "missing.yaml")


# ---------------------------------------------------------------------- numbers


def test_a_number_beyond_the_int_string_limit_is_refused() -> None:
    for where in ("seed: " + "9" * 5000, "start: {active: 0, phase: move, round: " + "1" * 5000 + "}"):
        msg = _refused(GOOD.replace("start: {active: 0, phase: move}", where))
        assert "longer than 19 digits" in msg


def test_huge_and_negative_values_are_out_of_range() -> None:
    cases = {
        "seed: 99999999999999999999": "longer than 19 digits",
        "seed: 9223372036854775808": "field seed: Input should be less than or equal to 9223372036854775807",
        "seed: -1": "field seed: Input should be greater than or equal to 0",
        "seed: 1.0e+400": "field seed: Input should be a valid integer",
        "seed: .inf": "field seed: Input should be a valid integer",
    }
    for line, words in cases.items():
        assert words in _refused(GOOD.replace("start:", line + "\nstart:")), line


# ---------------------------------------------------------------------- out-of-range and wrong-typed values


def test_an_owner_beyond_the_seats_is_refused() -> None:
    msg = _refused(GOOD.replace("card: tenchi-masaki, owner: 0", "card: tenchi-masaki, owner: 3"))
    assert msg.startswith("test.yaml:10: field characters[0].owner: no seat 3 (the scenario has 1")
    msg = _refused(GOOD.replace("card: tenchi-masaki, owner: 0", "card: tenchi-masaki, owner: 7"))
    assert msg.startswith("test.yaml:10: field characters[0].owner: Input should be less than or equal to 4")
    msg = _refused(GOOD.replace("card: genom-tower, owner: 0", "card: genom-tower, owner: 1"))
    assert "field field[0].owner: no seat 1" in msg


def test_a_controller_beyond_the_seats_is_refused() -> None:
    msg = _refused(GOOD.replace("card: goons, owner: 0", "card: goons, owner: 0, controller: 9"))
    assert msg.startswith("test.yaml:12: field disasters[0].controller: Input should be less than or equal to 4")
    msg = _refused(GOOD.replace("card: goons, owner: 0", "card: goons, owner: 0, controller: 2"))
    assert "field disasters[0].controller: no seat 2" in msg


def test_damage_beyond_health_is_refused() -> None:
    msg = _refused(GOOD.replace("at: [0, 1]}", "at: [0, 1], damage: 99}"))
    assert msg.startswith("test.yaml:10: field characters[0].damage: Input should be less than or equal to 99") or (
        "leaves no Health" in msg
    )
    msg = _refused(GOOD.replace("at: [0, 1]}", "at: [0, 1], damage: 2}"))
    assert msg.startswith("test.yaml:10: field characters[0].damage: damage 2 leaves no Health (Health 2)")
    game, *_ = loads(GOOD.replace("at: [0, 1]}", "at: [0, 1], damage: 1}"), "test.yaml")
    assert next(iter(game.state.characters.values())).damage == 1


def test_other_seat_numbers_are_checked() -> None:
    assert "field start.active: no seat 2" in _refused(GOOD.replace("active: 0", "active: 2"))
    assert "field expect.to_move: no seat 1" in _refused(GOOD + "  to_move: 1\n")
    assert "field field[0].under_owner: no seat 4" in _refused(
        GOOD.replace("under: [keys]}", "under: [keys], under_owner: 4}")
    )


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ("seats:\n  - name: Solo\n    hand: [speed]", "seats: 5", "field seats: Input should be a valid list"),
        ("start: {active: 0, phase: move}", "start: []", "field start: Input should be a valid dictionary"),
        ("start: {active: 0, phase: move}", "start: {active: '0', phase: move}", "field start.active: Input should be"),
        (
            "start: {active: 0, phase: move}",
            "start: {active: true, phase: move}",
            "field start.active: Input should be",
        ),
        ("phase: move", "phase: lunch", "field start.phase: Input should be 'discard'"),
        ("hand: [speed]", "hand: speed", "field seats[0].hand: Input should be a valid list"),
        ("hand: [speed]", "hand: [[speed]]", "field seats[0].hand[0]: Input should be a valid string"),
        ("at: [0, 1]", "at: [0, 1, 2]", "field characters[0].at: Tuple should have at most 2 items"),
        ("at: [0, 1]", "at: 5", "field characters[0].at: Input should be a valid"),
        ("  - move tenchi-masaki 0,0", "  - 12", "field actions[0]: Input should be a valid dictionary"),
        ("actions:\n  - move tenchi-masaki 0,0", "actions: [move tenchi-masaki 0,0]", "quote an action"),
        (
            "expect:\n  characters: {tenchi-masaki: {at: [0, 0]}}\n",
            "expect: []\n",
            "field expect: Input should be a valid",
        ),
        ("name: hardening", "name: {a: 1}", "field name: Input should be a valid string"),
        ("name: hardening", "cards: [5]", "field cards[0]: Input should be a valid dictionary"),
        ("name: hardening", "cards: {}", "field cards: Input should be a valid list"),
        ("name: hardening", "overrides: {hand_size: -1}", "field overrides.hand_size"),
        ("name: hardening", "overrides: {hand_size: '7'}", "field overrides: switch hand_size: expected int"),
        ("name: hardening", "overrides: {no_such_rule: 1}", "field overrides: unknown switch(es): no_such_rule"),
        ("name: hardening", "ruleset: chess", "field ruleset: unknown ruleset 'chess'"),
        ("name: hardening", "layout: hex", "field layout: Input should be 'grid' or 'lines'"),
        ("name: hardening", "case: maybe", "field case: Input should be 'applies' or 'fails'"),
        ("hand: [speed]", "hand: [" + ", ".join(["speed"] * 201) + "]", "field seats[0].hand: List should have"),
        ("name: hardening", "1: x", "test.yaml:1: field [1]: Keys should be strings"),
    ],
)
def test_wrong_types_and_shapes_name_the_field(old: str, new: str, words: str) -> None:
    assert old in GOOD
    assert words in _refused(GOOD.replace(old, new, 1))


@pytest.mark.parametrize(
    ("old", "new", "field"),
    [
        ("name: Solo", "name: Solo, hnad: []", "seats[0].hnad"),
        ("phase: move}", "phase: move, rond: 2}", "start.rond"),
        ("tenchi-masaki: {at: [0, 0]}", "tenchi-masaki: {at: [0, 0], hp: 1}", "expect.characters.tenchi-masaki.hp"),
        ("expect:\n", "expect:\n  where: [{card: keys, zone: under, cell: [0, 0]}]\n", "expect.where[0].cell"),
        ("  - move tenchi-masaki 0,0", "  - {expect: {legal: []}, then: done}", "actions[0].then"),
    ],
)
def test_unknown_keys_stay_refused_at_every_depth(old: str, new: str, field: str) -> None:
    text = GOOD.replace(old, new, 1)
    if old == "name: Solo":
        text = GOOD.replace("  - name: Solo\n", "  - {name: Solo, hnad: []}\n").replace("    hand: [speed]\n", "")
    msg = _refused(text)
    assert f"field {field}: unknown field (known: " in msg, msg


# ---------------------------------------------------------------------- properties


def _clean_or_valid(text: str) -> None:
    try:
        game, data, lines, source = loads(text, "test.yaml")
        play(game, data, lines, source)
    except ScenarioError as exc:
        assert CLEAN.match(str(exc)), str(exc)
        return
    assert isinstance(game, Game)


# CI runs 120 examples of each; SCENARIO_FUZZ_EXAMPLES=5000 pytest tests/test_scenario_hardening.py hunts longer
EXAMPLES = int(os.environ.get("SCENARIO_FUZZ_EXAMPLES", "120"))
PROPERTY = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(st.binary(max_size=400))
def test_any_bytes_give_a_clean_error_or_a_scenario(data: bytes) -> None:
    try:
        text = decode(data, "test.yaml")
    except ScenarioError as exc:
        assert CLEAN.match(str(exc))
        return
    _clean_or_valid(text)


@PROPERTY
@given(
    st.lists(
        st.tuples(st.integers(0, len(GOOD)), st.sampled_from(list("[]{},:*&!|>-#'\" \n\t0a9@\x00\xff"))), max_size=6
    )
)
def test_edited_text_gives_a_clean_error_or_a_scenario(edits: list[tuple[int, str]]) -> None:
    text = GOOD
    for pos, ch in edits:
        text = text[:pos] + ch + text[pos:]
    _clean_or_valid(text)


VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**25), 10**25)
    | st.floats(allow_nan=True)
    | st.text(max_size=12)
    | st.sampled_from(
        ["keys", "goons", "tenchi-masaki", "move", "0,0", "killed", "gone", "c3", "keys#2", "item@goons"]
    ),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, (*prefix, i))
    return out


BASE = yaml.safe_load(GOOD)
BASE_PATHS = [p for p in _paths(BASE) if p]


@PROPERTY
@given(st.lists(st.tuples(st.sampled_from(BASE_PATHS), VALUES), min_size=1, max_size=3))
def test_any_structure_gives_a_clean_error_or_a_scenario(changes: list[tuple[tuple[Any, ...], Any]]) -> None:
    data = copy.deepcopy(BASE)
    for path, value in changes:
        node = data
        try:
            for key in path[:-1]:
                node = node[key]
            node[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change removed that path
    _clean_or_valid(yaml.safe_dump(data, allow_unicode=True))


# ---------------------------------------------------------------------- positions no game can reach


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ("hand: [speed]", "hand: [keys]", "field seats[0].hand[0]: Keys is an Item, not another kind of card"),
        ("hand: [speed]", "hand: [speed]\n    draw: [speed, cross]", "field seats[0].draw[1]: Cross is an Item"),
        ("hand: [speed]", "combat: [speed]", "field seats[0].combat[0]: Speed is an Enhancement, not Combat"),
        ("at: [0, 1]}", "at: [0, 1], carried: [speed]}", "characters[0].carried[0]: Speed is an Enhancement, not"),
        ("at: [0, 1]}", "at: [0, 1], form: 1}", "field characters[0].form: tenchi-masaki prints one set of values"),
        ("owner: 0, at: [0, 0]}", "owner: 0, at: [0, 0], off_field: true}", "field disasters[0]: an Off-the-Field"),
        ("at: [0, 1]}", "at: [0, 1], bonked: true}", "field characters[0].bonked: a Bonked Character stands nowhere"),
    ],
)
def test_positions_no_game_can_reach_are_refused(old: str, new: str, words: str) -> None:
    assert old in GOOD
    assert words in _refused(GOOD.replace(old, new, 1))


def test_a_discarded_item_counts_for_the_disasters() -> None:
    game, *_ = loads(GOOD.replace("hand: [speed]", "hand: [speed]\n    discard: [cross]"), "test.yaml")
    s = game.state
    assert [s.cards[u] for u in s.disaster_items] == ["cross"]
    assert s.items_total == 2  # the Keys under Genom Tower and the discarded Cross (WIN-2)


def _field_names() -> list[str]:
    names: set[str] = set()
    for model in vars(scenario_model).values():
        if isinstance(model, type) and issubclass(model, BaseModel) and model.__module__ == scenario_model.__name__:
            names |= set(model.model_fields)
    return sorted(names)


FIELD_NAMES = _field_names()


def _node(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


DICT_PATHS = [p for p in _paths(BASE) if isinstance(_node(BASE, p), dict)]
NEAR_VALUES = (
    VALUES
    | st.integers(-2, 120)
    | st.lists(st.integers(-3, 9), min_size=2, max_size=2)
    | st.sampled_from(["move", "reload", "scavenge", "applies", "fails", "grid", "lines", "fifth", "discard"])
)


@PROPERTY
@given(st.lists(st.tuples(st.sampled_from(DICT_PATHS), st.sampled_from(FIELD_NAMES), NEAR_VALUES), max_size=4))
def test_known_fields_with_any_value_give_a_clean_error_or_a_scenario(
    changes: list[tuple[tuple[Any, ...], str, Any]],
) -> None:
    """Fields the format knows, put anywhere with plausible values (seats, cells, phases): the set-up checks
    beyond the models (seat numbers, Health, kinds of card) answer with a clean error too."""
    data = copy.deepcopy(BASE)
    for path, key, value in changes:
        try:
            node = _node(data, path)
        except (KeyError, IndexError, TypeError):
            continue
        if isinstance(node, dict):
            node[key] = value
    _clean_or_valid(yaml.safe_dump(data, allow_unicode=True))
