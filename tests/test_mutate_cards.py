"""The mutation check of the card scenarios (tools/mutate_cards.py) on a small sample: it finds a card's
numbers, changes each by one in memory, catches a change its scenarios pin, reports one they miss, and never
touches the repository's files. The full run is on demand (docs/cards.md)."""

from __future__ import annotations

import hashlib
import importlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from animayhem.cards.database import CardDB
from animayhem.cards.frozen import evolve
from animayhem.engine.effects import triggers
from animayhem.engine.procedures import pursuit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
mc: Any = importlib.import_module("mutate_cards")
DB = CardDB.bundled()


def _digest(folder: Path) -> str:
    h = hashlib.sha256()
    for p in sorted(folder.rglob("*.yaml")):
        h.update(p.name.encode() + p.read_bytes())
    return h.hexdigest()


def test_a_pinned_number_is_caught_and_the_files_are_untouched() -> None:
    """Speed's x2 Movement and its 3 uses are both pinned by its scenarios: x3 and 4 uses are caught."""
    data = ROOT / "src" / "animayhem" / "cards" / "data"
    before = _digest(data)
    result = mc.mutate(DB, [DB.by_id("speed")])
    assert _digest(data) == before, "the tool changed the repository's card files"
    by_path = {m["path"]: m for m in result["mutants"]}
    assert set(by_path) == {"movement", "uses"}
    assert by_path["movement"] | {"by": ""} == {
        "card": "speed",
        "path": "movement",
        "before": 2,
        "after": 3,
        "caught": True,
        "by": "",
        "ran": True,
    }
    assert by_path["movement"]["by"].startswith("speed-")
    assert by_path["uses"]["caught"] is True
    assert (result["changed"], result["caught"], result["survivors"]) == (2, 2, [])
    assert mc.mutated_db(DB, DB.by_id("speed")).by_id("speed") is DB.by_id("speed")  # the base is not changed


def test_numbers_of_effects_and_typed_facts() -> None:
    raw = mc.raw_abilities()
    assert mc.numbers(DB.by_id("water-spear"), raw["water-spear"]) == [
        ("effects[0].turns", 1),
        ("effects[0].do.modify.by.attack", 2),
    ]
    assert mc.numbers(DB.by_id("a-goddess-kiss"), raw["a-goddess-kiss"]) == [("attack", 1), ("movement", 1)]
    assert mc.numbers(DB.by_id("comm-goggles"), raw["comm-goggles"]) == []  # a skill grant: no number


def test_a_change_the_records_refuse_goes_the_other_way() -> None:
    """Princess Snake captures at most 9 (the record's bound): 10 is refused, so 8 is tried."""
    raw = mc.raw_abilities()
    card = DB.by_id("princess-snake")
    path = next(p for p, v in mc.numbers(card, raw[card.id]) if p.endswith("capture.limit"))
    assert mc.mutated_card(card, raw[card.id], path, 10) is None
    low = mc.mutated_card(card, raw[card.id], path, 8)
    assert low is not None and low.effects != card.effects


def test_a_survivor_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    """Played against scenarios that never look at Speed (A Goddess' Kiss's), Speed's numbers survive, and the
    report lists them with their paths."""
    other = mc.scenarios_of("a-goddess-kiss", set(DB.ids))
    assert other
    monkeypatch.setattr(mc, "scenarios_of", lambda card_id, ids: other)
    result = mc.mutate(DB, [DB.by_id("speed")])
    assert (result["changed"], result["caught"]) == (2, 0)
    text = mc.report(result)
    assert "0 of 2 numbers changed were caught" in text
    assert "speed  movement  2 -> 3" in text and "speed  uses  3 -> 4" in text


def test_longer_card_ids_keep_their_scenarios() -> None:
    """little-washu-*.yaml belong to Little Washu, not to Washu."""
    mine = mc.scenarios_of("washu", set(DB.ids))
    assert mine and not any(p.name.startswith("little-washu") for p in mine)


@pytest.mark.parametrize("argv", [["--sample", "3", "--seed", "4", "--json"]])
def test_the_command_line_sample(argv: list[str]) -> None:
    res = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "mutate_cards.py"), *argv],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert res.returncode == 0, res.stderr
    out = json.loads(res.stdout)
    assert out["cards"] == 3
    assert {"changed", "caught", "survivors", "mutants", "not_run", "seconds"} <= set(out)
    assert 0 <= out["caught"] <= out["changed"]
    again = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "mutate_cards.py"), *argv], capture_output=True, text=True, timeout=300
    )
    assert [m["card"] for m in json.loads(again.stdout)["mutants"]] == [m["card"] for m in out["mutants"]]


def test_a_duration_is_caught_after_the_control_run() -> None:
    """Water Spear's 'turns: 1' made 2 keeps the boost into the next turn, which its applies scenario checks.
    The control run plays the unchanged card first: the engine's per-card caches must not hand the mutant the
    unchanged card's effects (they are keyed by card id and checked to be the very Card object)."""
    result = mc.mutate(DB, [DB.by_id("water-spear")])
    assert {m["path"]: m["caught"] for m in result["mutants"]} == {
        "effects[0].turns": True,
        "effects[0].do.modify.by.attack": True,
    }


def test_two_databases_in_one_process_keep_their_own_effects() -> None:
    """The trigger index answers for the very Card object it is given, not for another card of the same id."""
    spear = DB.by_id("water-spear")
    raw = mc.raw_abilities()["water-spear"]
    longer = mc.mutated_card(spear, raw, "effects[0].turns", 2)
    assert [e.turns for _, e in triggers.effects_of(spear, "play")] == [1]
    assert [e.turns for _, e in triggers.effects_of(longer, "play")] == [2]
    assert [e.turns for _, e in triggers.effects_of(spear, "play")] == [1]


def test_the_pursuit_index_keeps_each_database_card_too() -> None:
    """The same for the index of a Disaster's pursue effect (procedures/pursuit.py): a copy without it is
    answered as having none."""

    class _One:
        def __init__(self, card: Any) -> None:
            self.c = card

        def card(self, uid: int) -> Any:
            return self.c

    dodoria = DB.by_id("dodoria")
    calm = evolve(dodoria, effects=())
    assert pursuit._pursuit(_One(dodoria), 0) is not None  # type: ignore[arg-type]
    assert pursuit._pursuit(_One(calm), 0) is None  # type: ignore[arg-type]
    assert pursuit._pursuit(_One(dodoria), 0) is not None  # type: ignore[arg-type]


def test_a_printed_number_its_effect_restates_is_changed_once() -> None:
    """Ready to Go's printed +3 Movement is what a use gives (its effect's ``printed``), and Exorcism Circle's Energy
    cost 4 is what each use pays: the effect's number is changed, the printed one is not changed a second time
    (it is only shown)."""
    raw = mc.raw_abilities()
    ready = mc.numbers(DB.by_id("ready-to-go"), raw["ready-to-go"])
    assert ("effects[0].do.modify.by.movement", 3) in ready
    assert ("movement", 3) not in ready and ("uses", 3) in ready
    circle = mc.numbers(DB.by_id("exorcism-circle"), raw["exorcism-circle"])
    assert ("effects[0].cost.energy", 4) in circle and ("energy", 4) not in circle


def test_numbers_the_engine_cannot_observe_are_not_run() -> None:
    """By rule, not by card: a Disaster's Energy (Demon Hordes' join bonus) and a vehicle's own Charm
    (Bonaparte's =3) are never read, so they are listed as not run and left out of the figure; a wearing-out
    card's Health (Ross' Battle Suit's 8) is its wears_out number stated again, so only that one is changed."""
    raw = mc.raw_abilities()
    hordes, bonaparte, suit = DB.by_id("demon-hordes"), DB.by_id("bonaparte"), DB.by_id("ross-battle-suit")
    assert mc.unobservable(hordes, "effects[0].do.join.by.energy")
    assert not mc.unobservable(hordes, "effects[0].do.join.by.charm")  # a Horde's Charm is read when it charms
    assert mc.unobservable(bonaparte, "charm")
    assert not mc.unobservable(bonaparte, "attack") and not mc.unobservable(bonaparte, "movement")
    assert not mc.unobservable(DB.by_id("speed"), "movement")
    suit_paths = [p for p, _ in mc.numbers(suit, raw[suit.id])]
    assert "effects[0].do.wears_out.damage" in suit_paths and "health" not in suit_paths
    result = mc.mutate(DB, [hordes, bonaparte])
    skipped = {(m["card"], m["path"]) for m in result["not_run"] if m["by"].startswith("not observable")}
    assert skipped == {("demon-hordes", "effects[0].do.join.by.energy"), ("bonaparte", "charm")}
    assert not any(m["path"] in ("charm", "effects[0].do.join.by.energy") for m in result["survivors"])
