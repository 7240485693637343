"""Card scenarios: every card whose ability the engine executes (``ability_status`` implemented or partial)
has scenarios under ``scenarios/cards/<card-id>-*.yaml``, at least one where its ability applies
(``case: applies``) and one where a condition fails (``case: fails``). The scenarios themselves are played
by tests/test_scenarios.py; this checks that they exist and say which case they are."""

from __future__ import annotations

from pathlib import Path

from animayhem.cards.database import CardDB
from animayhem.records.scenario_model import CASES, Lines, ScenarioSpec, decode, parse_yaml, read_bytes, validate

CARD_SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios" / "cards"
EXECUTED = ("implemented", "partial")


def _spec(path: Path) -> ScenarioSpec:
    data, node = parse_yaml(decode(read_bytes(path), str(path)), str(path))
    return validate(data, str(path), Lines(node))


def _card_of(stem: str, ids: set[str]) -> str | None:
    """The card a file is about: the longest card id its name starts with, followed by a dash."""
    found = [i for i in ids if stem.startswith(i + "-")]
    return max(found, key=len) if found else None


def _cases(db: CardDB) -> dict[str, set[str]]:
    ids = set(db.ids)
    out: dict[str, set[str]] = {}
    for path in sorted(CARD_SCENARIOS.glob("*.yaml")):
        card = _card_of(path.stem, ids)
        case = _spec(path).case
        if card is not None and case is not None:
            out.setdefault(card, set()).add(case)
    return out


def missing_card_scenarios(db: CardDB, cases: dict[str, set[str]]) -> list[str]:
    """The executed cards that lack an ``applies`` or a ``fails`` scenario, with what each lacks."""
    out = []
    for card in db:
        if card.ability_status.value not in EXECUTED:
            continue
        lack = [c for c in CASES if c not in cases.get(card.id, set())]
        if lack:
            out.append(f"{card.id} (no case: {' / '.join(lack)})")
    return out


def test_every_executed_card_has_an_applies_and_a_fails_scenario() -> None:
    db = CardDB.bundled()
    missing = missing_card_scenarios(db, _cases(db))
    assert not missing, (
        f"{len(missing)} card(s) with an executed ability lack scenarios/cards/<card-id>-*.yaml files "
        "(one with case: applies, one with case: fails; docs/scenarios.md): " + ", ".join(missing)
    )


def test_every_card_scenario_names_a_card_and_a_case() -> None:
    ids = set(CardDB.bundled().ids)
    paths = sorted(CARD_SCENARIOS.glob("*.yaml"))
    assert paths, "no card scenarios"
    bad = [p.name for p in paths if _card_of(p.stem, ids) is None or _spec(p).case is None]
    assert not bad, f"card scenarios must be named <card-id>-….yaml and say case: applies|fails: {bad}"


def test_the_check_names_what_a_card_lacks() -> None:
    """The check can fail: without its files a card is named with the case it lacks."""
    db = CardDB.bundled()
    cases = _cases(db)
    assert cases["little-washu"] == set(CASES)
    assert missing_card_scenarios(db, {**cases, "little-washu": {"applies"}}) == ["little-washu (no case: fails)"]
    without = {k: v for k, v in cases.items() if k != "washu"}
    assert missing_card_scenarios(db, without) == ["washu (no case: applies / fails)"]
    assert _card_of("little-washu-party-health-fails", set(db.ids)) == "little-washu"  # not washu
