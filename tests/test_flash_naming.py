"""The one way a Flash Effect names a Character (``who: {among: target}`` with ``side`` and ``fighting``) and how
``destroy_target``'s filters read (docs/cards.md, "Flash Effects that name something"; RULES.md CARD-15)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from animayhem.cards.database import CardDB
from animayhem.cards.effects import DestroyTarget, Who
from animayhem.cards.frozen import validate_record


def test_side_and_fighting_belong_to_the_named_character() -> None:
    assert Who(among="target", side="own", fighting="attacked").side == "own"
    for among in ("about", "here", "payer", "bearer"):
        with pytest.raises(ValidationError, match="among: target"):
            Who(among=among, fighting=True)  # type: ignore[arg-type]
    for among in ("about", "payer", "bearer"):
        with pytest.raises(ValidationError, match="'side' is for"):
            Who(among=among, side="opponent")  # type: ignore[arg-type]
    for among in ("all", "field", "here", "near"):  # whose Characters a use names (Masaki Comes Visiting)
        assert Who(among=among, side="opponent").side == "opponent"  # type: ignore[arg-type]


@pytest.mark.parametrize("field", ["own", "opponent"])
def test_the_old_spellings_are_gone(field: str) -> None:
    with pytest.raises(ValidationError):
        validate_record(Who, {"among": "target", field: True})


def test_no_flash_effect_names_a_character_another_way() -> None:
    db = CardDB.bundled()
    named: dict[str, Who] = {}
    for card in db:
        for e in card.effects:
            who = getattr(e.do, "who", None)
            if e.when == "play" and isinstance(who, Who):
                assert who.among != "about", card.id  # about: a Disaster trigger's Character only
                named[card.id] = who
    assert named["broken-back"].side == "opponent" and named["karaoke-taxi"].side == "opponent"
    assert named["flying-block"].fighting == "attacked" and named["flying-block"].side == "own"
    assert named["ultimate-sacrifice"].fighting is True and named["ultimate-sacrifice"].side == "own"


def test_named_texts() -> None:
    assert Who(among="target", side="opponent").text() == "one opponent's Character in play the player names"
    assert Who(among="target", side="own", fighting="attacked").text() == (
        "the player's Character under attack this combat round"
    )
    assert Who(among="target", fighting=True).text() == "one Character fighting in this combat, named by the player"
    lucky = DestroyTarget(has=("Weapon",), named=("Gun", "Sword"))
    assert lucky.text() == "Destroy one card in play with Weapon, or whose name says Gun or Sword."
    moon = DestroyTarget(only=("minor-disaster", "major-disaster"), discard=True, named=("Moon",), icons=("planetary",))
    assert moon.text() == "Discard one Disaster in play whose name says Moon, or with the Planetary symbol."
    assert DestroyTarget(has=("Holding",), discard=True).text() == "Discard one Holding card in play."
