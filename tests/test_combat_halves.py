"""Combat cards' halves with text (abilities/combat.yaml, procedures/combat_cards.py): what a drawn half did is in
the log and in the combat panel, and a fight with plain Combat cards never reads a half's text."""

from __future__ import annotations

from pathlib import Path

import pytest

from animayhem.cards.database import CardDB
from animayhem.engine.faces import narration
from animayhem.engine.procedures import combat_cards
from animayhem.records.scenario import run
from animayhem.web.render import Renderer

ROOT = Path(__file__).resolve().parents[1]
CARDS = ROOT / "scenarios" / "cards"


@pytest.fixture(scope="module")
def db() -> CardDB:
    return CardDB.bundled()


def test_the_half_that_applied_is_in_the_log_and_the_combat_panel(db: CardDB) -> None:
    out = run(CARDS / "in-my-sights-zen-experience-no-weapons.yaml", db)
    assert out.passed, out.failures
    g = out.game
    said = [narration.sentence(g, ev, 0) for ev in g.events_for(0) if ev["e"] == "combat_card_half"]
    assert said == [
        "In my sights / Zen Experience, physical half, for Dailey Wong against Bugrom, Type 1: the condition of"
        " its better clause does not hold. Physical half: +3 Attack."
    ]
    out = run(CARDS / "lunch-break-all-dressed-up-heals.yaml", db)  # it stops in the middle of the fight
    assert out.passed, out.failures
    g = out.game
    panel = Renderer(db).combat(g.events_for(0), g.view(0), ["Solo"])
    assert panel is not None and not panel["over"]
    assert (
        "Lunch Break / All Dressed Up, physical half, for A-ko Magami against Bugrom, Type 1: Physical half: both"
        " sides healed to full Health." in [line.striptags() for line in panel["lines"]]  # card names are links
    )


def test_a_half_whose_condition_fails_says_it_does_nothing(db: CardDB) -> None:
    out = run(CARDS / "tracheotomy-lovely-persuasion-no-sex.yaml", db)
    assert out.passed, out.failures
    said = [narration.sentence(out.game, ev, 0) for ev in out.game.log if ev["e"] == "combat_card_half"]
    assert said == [
        "Tracheotomy / Lovely Persuasion, charm half, for Nail against Tatewaki Kuno: its condition does not hold,"
        " so it does nothing."
    ]


def test_plain_combat_cards_never_read_a_half(db: CardDB, monkeypatch: pytest.MonkeyPatch) -> None:
    """Kick has no text beyond its modifiers: the fight takes the printed path and never resolves a half."""

    def boom(*_args: object) -> None:
        raise AssertionError("a plain Combat card's half was resolved")

    monkeypatch.setattr(combat_cards, "resolve", boom)
    out = run(ROOT / "scenarios" / "cards" / "screwed-hero-rest-of-combat.yaml", db)
    assert out.passed, out.failures
    assert not any(ev["e"] == "combat_card_half" for ev in out.game.log)
