"""Typed ability values (CARD-3, CARD-4) and skill entries (SCAV-4, SCAV-6)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from animayhem.cards.frozen import dump_record, validate_record
from animayhem.cards.skills import parse_skill, parse_skill_list
from animayhem.cards.stats import StatKind, StatTarget, StatValue

EXAMPLES = {
    "5": (StatKind.BASE, 5),
    "3/2": (StatKind.BASE, 3),
    "+2": (StatKind.ADD, 2),
    "-1": (StatKind.ADD, -1),
    "x2": (StatKind.MUL, 2),
    "/2": (StatKind.DIV, 2),
    "=6": (StatKind.SET, 6),
    "cost 2": (StatKind.COST, 2),
    "upkeep 4": (StatKind.UPKEEP, 4),
    "*": (StatKind.VARIABLE, None),
    "+*": (StatKind.ADD, None),
    "attacks 2": (StatKind.ATTACKS, 2),
}


@pytest.mark.parametrize(("text", "expected"), EXAMPLES.items())
def test_card_4_notation(text: str, expected: tuple[StatKind, int | None]) -> None:
    v = validate_record(StatValue, text)
    assert (v.kind, v.value) == expected
    assert v.notation() == text
    assert validate_record(StatValue, dump_record(v)) == v


@given(
    st.sampled_from(["", "+", "-", "x", "/", "=", "cost ", "upkeep ", "attacks "]),
    st.integers(0, 30),
    st.booleans(),
)
def test_notation_round_trips(prefix: str, n: int, foot: bool) -> None:
    text = f"{prefix}{n}" + ("*" if foot and prefix in ("", "+", "-", "=", "cost ") else "")
    if prefix == "-" and n == 0:
        return  # '-0' is written '+0'
    v = validate_record(StatValue, text)
    assert v.notation() == text


def test_mapping_form_keeps_target_and_note() -> None:
    v = validate_record(StatValue, {"value": "-2", "target": "opponent", "note": "Pruning Shears"})
    assert v.target is StatTarget.OPPONENT and v.value == -2
    assert dump_record(v) == {"value": "-2", "target": "opponent", "note": "Pruning Shears"}


@pytest.mark.parametrize("bad", ["", "++2", "2x", "cost", "x", "five"])
def test_bad_values_are_refused(bad: str) -> None:
    with pytest.raises(ValueError, match="ability value"):
        validate_record(StatValue, bad)


def test_skills() -> None:
    assert [str(s) for s in parse_skill_list("Computer x2, Cooking -1, *Any Skill, Police")] == [
        "Computer x2",
        "Cooking -1",
        "*Any Skill",
        "Police",
    ]
    assert parse_skill("Cooking -1").is_anti
    assert parse_skill("Chi x5").count == 5
    with pytest.raises(ValueError):
        parse_skill("*Telepathy")
    with pytest.raises(ValueError):
        parse_skill("Chi x0")
