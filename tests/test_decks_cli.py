"""`animayhem deck …` through typer's CliRunner (exit codes: 0 legal, 1 illegal, 2 unreadable)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from animayhem.cli.deck import deck_app
from animayhem.decks.starters import starter_decks
from animayhem.decks.textformat import read_deck

runner = CliRunner()


def test_list_starters_json() -> None:
    res = runner.invoke(deck_app, ["list", "--json"])
    assert res.exit_code == 0, res.output
    rows = json.loads(res.output)
    assert {r["id"] for r in rows} == set(starter_decks())
    assert all(r["players"] and r["description"] for r in rows)


def test_list_table() -> None:
    res = runner.invoke(deck_app, ["list"])
    assert res.exit_code == 0 and "Starter decks" in res.output


def test_check_a_starter_by_name_is_legal() -> None:
    """SETUP-4 … SETUP-21 all hold for a starter deck at its player count: exit 0."""
    res = runner.invoke(deck_app, ["check", "Knight Sabers", "--players", "2"])
    assert res.exit_code == 0, res.output
    assert "legal" in res.output


def test_check_illegal_player_count_setup_4_json() -> None:
    res = runner.invoke(deck_app, ["check", "z-fighters", "--players", "3", "--json"])
    assert res.exit_code == 1
    data = json.loads(res.output)
    assert data["legal"] is False and data["ruleset"] == "classic"
    rules = {p["rule"] for p in data["results"][0]["problems"]}
    assert "SETUP-4" in rules and "SETUP-16" in rules
    p = next(p for p in data["results"][0]["problems"] if p["rule"] == "SETUP-4")
    assert p["fix"] == "remove 2 Locations" and p["conf"] == "CONF-9"


def test_check_under_another_ruleset_setup_9_conf_10() -> None:
    """Knight Sabers is built for classic; 5E wants ceil(1.5 x 7) = 11 Items and 1 Disaster per 3 Power cards."""
    res = runner.invoke(deck_app, ["check", "knight-sabers", "-p", "2", "--ruleset", "fifth", "--json"])
    assert res.exit_code == 1
    problems = json.loads(res.output)["results"][0]["problems"]
    assert {p["rule"] for p in problems} == {"SETUP-9", "SETUP-16"}
    items = next(p for p in problems if p["rule"] == "SETUP-9")
    assert (items["found"], items["required"], items["fix"]) == ("7", "exactly 11", "add 4 Items")
    assert runner.invoke(deck_app, ["check", "knight-sabers", "-p", "2", "--ruleset", "dbz"]).exit_code == 0


def test_check_unreadable_and_unknown(tmp_path: Path) -> None:
    """Exit 2 for a missing file and for a file with an unknown card (with its suggestion)."""
    res = runner.invoke(deck_app, ["check", str(tmp_path / "none.deck"), "-p", "2"])
    assert res.exit_code == 2
    bad = tmp_path / "bad.deck"
    bad.write_text("[Characters]\nAkane Tendou\n", encoding="utf-8")
    res = runner.invoke(deck_app, ["check", str(bad), "-p", "2"])
    assert res.exit_code == 2
    assert "bad.deck:2" in res.output and "Akane Tendo" in res.output


def test_check_needs_a_player_count(tmp_path: Path) -> None:
    f = tmp_path / "anon.deck"
    f.write_text("[Characters]\nAkane Tendo\n", encoding="utf-8")
    assert runner.invoke(deck_app, ["check", str(f)]).exit_code == 2
    res = runner.invoke(deck_app, ["check", str(f), "-p", "1"])
    assert res.exit_code == 1 and "SETUP-4" in res.output


def test_stats_json() -> None:
    """Disaster mix (SETUP-17) and skill coverage (SCAV-1 … SCAV-8) as JSON."""
    res = runner.invoke(deck_app, ["stats", "nerima-wrecking-crew", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["disasters"]["total"] == 22
    assert len(data["coverage"]) == 7 and data["coverage_share"] >= 2 / 3
    assert set(data["average_abilities"]) == {"attack", "defense", "movement", "charm", "energy"}


def test_stats_table() -> None:
    res = runner.invoke(deck_app, ["stats", "eye-of-god"])
    assert res.exit_code == 0 and "Skill coverage" in res.output and "Disasters: 19" in res.output


def test_new_writes_a_legal_deck(tmp_path: Path) -> None:
    """A generated 5E deck (odd Locations, SETUP-4; 21 Combat cards, SETUP-14) passes `check`; same seed, same deck."""
    out = tmp_path / "new.deck"
    res = runner.invoke(deck_app, ["new", "--players", "3", "--ruleset", "fifth", "--theme", "El Hazard",
                                   "--seed", "5", "--out", str(out)])  # fmt: skip
    assert res.exit_code == 0, res.output
    deck = read_deck(out)
    assert deck.ruleset == "fifth" and deck.series == "El Hazard"
    assert runner.invoke(deck_app, ["check", str(out)]).exit_code == 0
    again = runner.invoke(deck_app, ["new", "-p", "3", "-r", "fifth", "-t", "El Hazard", "-s", "5"])
    assert again.output == out.read_text(encoding="utf-8")


def test_new_rejects_unknown_theme_and_ruleset() -> None:
    assert runner.invoke(deck_app, ["new", "-p", "2", "--theme", "Sailor Moon"]).exit_code == 2
    assert runner.invoke(deck_app, ["new", "-p", "2", "--ruleset", "chess"]).exit_code == 2


def test_export_and_import_dek_round_trip(tmp_path: Path) -> None:
    dek = tmp_path / "z.dek"
    res = runner.invoke(deck_app, ["export-dek", "z-fighters", "--out", str(dek)])
    assert res.exit_code == 0, res.output
    assert dek.read_text(encoding="utf-8").startswith("<deck")
    back = tmp_path / "z.deck"
    res = runner.invoke(deck_app, ["import-dek", str(dek), "--out", str(back)])
    assert res.exit_code == 0, res.output
    assert read_deck(back).entries == starter_decks()["z-fighters"].entries
    # a .dek is also accepted directly wherever a deck is
    assert runner.invoke(deck_app, ["check", str(dek), "-p", "2"]).exit_code == 0


def test_import_dek_unreadable(tmp_path: Path) -> None:
    f = tmp_path / "broken.dek"
    f.write_text("<deck><superzone", encoding="utf-8")
    res = runner.invoke(deck_app, ["import-dek", str(f)])
    assert res.exit_code == 2 and "not valid XML" in res.output
