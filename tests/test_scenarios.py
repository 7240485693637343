"""Rule and card scenarios: every ``scenarios/**/*.yaml`` file (``scenarios/cards/`` included) is played and
its expectations checked.

A scenario asserts the numbers of RULES.md. Where the engine disagrees with the rules, the scenario keeps
the rules' numbers and is listed in :data:`ENGINE_DISAGREES` (strict xfail): when the engine is fixed the
test starts passing, and strict mode makes that visible so the entry can be removed.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from animayhem.engine.procedures import havens
from animayhem.records.scenario import ScenarioError, loads, run
from sums_kit import sums_wrong

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"

# path under scenarios/ -> why the engine disagrees with RULES.md (each one is a known engine bug or missing rule)
ENGINE_DISAGREES: dict[str, str] = {}


def _params() -> list[object]:
    out: list[object] = []
    for path in sorted(SCENARIOS.rglob("*.yaml")):
        name = path.relative_to(SCENARIOS).as_posix()
        reason = ENGINE_DISAGREES.get(name)
        marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
        out.append(pytest.param(path, id=name, marks=marks))
    return out


def test_scenarios_in_subfolders_are_found() -> None:
    names = {p.values[0].relative_to(SCENARIOS).as_posix() for p in _params()}  # type: ignore[union-attr]
    assert any(n.startswith("cards/") for n in names), "scenarios/cards/ is not picked up"


def test_every_listed_disagreement_has_a_scenario() -> None:
    missing = [name for name in ENGINE_DISAGREES if not (SCENARIOS / name).is_file()]
    assert not missing, f"ENGINE_DISAGREES names missing scenarios: {missing}"


@pytest.mark.parametrize("path", _params())
def test_scenario(path: Path) -> None:
    outcome = run(path)
    assert outcome.rules, f"{path.name}: 'rules:' names no RULES.md id"
    assert outcome.passed, f"{path.name}:\n" + "\n".join(outcome.failures)
    wrong = sums_wrong(outcome.game.log)  # the numbers each combat sentence shows add up (engine/faces/narration.py)
    assert not wrong, f"{path.name}:\n" + "\n".join(wrong)


# ---------------------------------------------------------------------- broken scenarios

BASE = """\
name: broken
seats:
  - name: Solo
field:
  - {cell: [0, 0], card: genom-tower, owner: 0}
  - {cell: [1, 0], card: masaki-house, owner: 0, haven: true}
characters:
  - {card: tenchi-masaki, owner: 0, at: [0, 0]}
start: {active: 0, phase: move}
"""


def _broken(tmp_path: Path, text: str) -> tuple[Path, str]:
    path = tmp_path / "broken.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        run(path)
    return path, str(info.value)


def test_unknown_card_names_file_line_and_field(tmp_path: Path) -> None:
    path, msg = _broken(tmp_path, BASE.replace("card: tenchi-masaki", "card: no-such-character"))
    assert msg.startswith(f"{path}:8:"), msg
    assert "field characters[0].card" in msg


def test_bad_cell_names_file_line_and_field(tmp_path: Path) -> None:
    path, msg = _broken(tmp_path, BASE.replace("at: [0, 0]", "at: [0, 0, 1]"))
    assert msg.startswith(f"{path}:8:"), msg
    assert "field characters[0].at" in msg


def test_cell_without_location_names_file_line_and_field(tmp_path: Path) -> None:
    path, msg = _broken(tmp_path, BASE.replace("at: [0, 0]", "at: [7, 7]"))
    assert msg.startswith(f"{path}:8:"), msg
    assert "field characters[0].at" in msg
    assert "[7, 7]" in msg


def test_unknown_top_level_field_names_file_line_and_field(tmp_path: Path) -> None:
    path, msg = _broken(tmp_path, BASE + "expectations: {}\n")
    assert msg.startswith(f"{path}:10:"), msg
    assert "field expectations" in msg


def test_illegal_action_names_file_line_and_field(tmp_path: Path) -> None:
    path, msg = _broken(tmp_path, BASE + "actions:\n  - done\n  - move tenchi-masaki 5,5\n")
    assert msg.startswith(f"{path}:12:"), msg
    assert "field actions[1]" in msg
    assert "not legal" in msg


def test_bad_phase_names_file_line_and_field(tmp_path: Path) -> None:
    path, msg = _broken(tmp_path, BASE.replace("phase: move", "phase: lunch"))
    assert msg.startswith(f"{path}:9:"), msg
    assert "field start.phase" in msg


def test_unknown_key_inside_an_entry_is_an_error(tmp_path: Path) -> None:
    path, msg = _broken(tmp_path, BASE.replace("owner: 0, at: [0, 0]", "owner: 0, at: [0, 0], carryed: [cross]"))
    assert msg.startswith(f"{path}:8:"), msg
    assert "carryed" in msg


def test_unknown_expectation_is_an_error(tmp_path: Path) -> None:
    path, msg = _broken(tmp_path, BASE + "expect:\n  charcters: {}\n")
    assert msg.startswith(f"{path}:11:"), msg
    assert "charcters" in msg


def test_impossible_scripted_target_names_file_line_and_field(tmp_path: Path) -> None:
    text = BASE + "disasters:\n  - {card: goons, owner: 0, at: [0, 0]}\nscripted:\n  targets: [kiriya]\n"
    path, msg = _broken(tmp_path, text + "actions:\n  - done\n")
    assert msg.startswith(f"{path}:"), msg
    assert "scripted" in msg


FIXTURE = """\
cards:
  - {id: launch-bad, number: 90001, name: "Launch (Bad)", set: demo, type: character, rarity: promotional,
     attack: '3', defense: '3', movement: '3', charm: '5', energy: '2', gender: female}
"""


def test_fixture_cards_exist_for_that_scenario_only(tmp_path: Path) -> None:
    text = FIXTURE + BASE.replace("card: tenchi-masaki", "card: launch-bad") + "expect:\n  to_move: 0\n"
    path = tmp_path / "fixture.yaml"
    path.write_text(text, encoding="utf-8")
    outcome = run(path)
    assert outcome.passed, outcome.failures
    [ch] = outcome.game.state.characters.values()
    assert outcome.game.card(ch.uid).name == "Launch (Bad)"
    assert outcome.game.ability(ch.uid, "attack") == 3
    # and the bundled database is not changed by it
    _, msg = _broken(tmp_path, BASE.replace("card: tenchi-masaki", "card: launch-bad"))
    assert "launch-bad" in msg


def test_broken_fixture_card_names_file_line_and_field(tmp_path: Path) -> None:
    path, msg = _broken(tmp_path, FIXTURE.replace("attack: '3'", "attack: 'lots'") + BASE)
    assert msg.startswith(f"{path}:2:"), msg
    assert "field cards[0].attack" in msg


def test_fixture_card_may_not_shadow_a_bundled_card(tmp_path: Path) -> None:
    _, msg = _broken(tmp_path, FIXTURE.replace("launch-bad, number: 90001", "tenchi-masaki, number: 90001") + BASE)
    assert "already a bundled card" in msg


TWO_SEATS = BASE.replace("  - name: Solo\n", "  - name: A\n  - name: B\n").replace(
    "characters:", "  - {cell: [2, 0], card: ravens-garage, owner: 1, haven: true}\ncharacters:"
)


def test_a_haven_admits_the_visitors_a_scenario_names(tmp_path: Path) -> None:
    """CARD-7: ``admitted`` sets up a Haven whose owner has let another seat's Characters stop there."""
    path = tmp_path / "admitted.yaml"
    path.write_text(TWO_SEATS.replace("haven: true}", "haven: true, admitted: [1]}", 1), encoding="utf-8")
    game, *_ = loads(path.read_text(encoding="utf-8"), str(path))
    haven = game.state.grid[(1, 0)]
    assert game.state.places[haven].admitted == [1]
    assert havens.admitted(game, 1, haven) and not havens.admitted(game, 0, game.state.grid[(2, 0)])


def test_admitted_on_a_location_or_naming_its_owner_names_file_line_and_field(tmp_path: Path) -> None:
    path, msg = _broken(tmp_path, TWO_SEATS.replace("owner: 0}\n", "owner: 0, admitted: [1]}\n", 1))
    assert msg.startswith(f"{path}:6:") and "field field[0].admitted" in msg and "only a Haven" in msg, msg
    path, msg = _broken(tmp_path, TWO_SEATS.replace("haven: true}", "haven: true, admitted: [0]}", 1))
    assert msg.startswith(f"{path}:7:") and "field field[1].admitted[0]" in msg and "its owner" in msg, msg
    path, msg = _broken(tmp_path, TWO_SEATS.replace("haven: true}", "haven: true, admitted: [4]}", 1))
    assert "no seat 4" in msg, msg
