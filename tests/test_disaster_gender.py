"""DIS-3: a Disaster may have a gender, and a gender-based card effect reads it.

The card data records a gender for 17 Disasters (Princess Snake female; Raditz, Zarbon, Vegeta ... male); the
others have none. Ooooh, I got me! / Tango is a Combat card whose charm half gives its holder +3 Charm against
an opponent of the opposite sex and +4 against one of the same sex: drawn by a Character a Disaster charm-attacks,
that opponent is the Disaster, so the Disaster's recorded gender picks the bonus, and a Disaster with none gives
no bonus at all (the card's ruling: a sexless card is neither the same sex nor the opposite).

The Disaster draws Kick / Awfully Cute first (its charm half: -1 to the opponent), then the Character draws Tango.
"""

from __future__ import annotations

import pytest

from animayhem.cards.model import Gender
from scenario_kit import game_of, uid_of

POSITION = """\
name: gender
ruleset: classic
seed: 1
seats:
  - {{name: Solo, combat: [kick-awfully-cute, ooooh-i-got-me-tango, kick-awfully-cute, kick-awfully-cute]}}
field:
  - {{cell: [0, 0], card: genom-tower, owner: 0}}
  - {{cell: [1, 0], card: island-restaurant, owner: 0}}
  - {{cell: [2, 0], card: hot-springs-house, owner: 0}}
  - {{cell: [2, 2], card: masaki-house, owner: 0, haven: true}}
characters:
  - {{card: {character}, owner: 0, at: [0, 0]}}
disasters:
  - {{card: {disaster}, owner: 0, at: [0, 0], item: keys}}
start: {{active: 0, phase: move}}
"""


@pytest.mark.parametrize(
    ("character", "charm", "disaster", "gender", "bonus"),
    [
        ("dailey-wong", 4, "princess-snake", Gender.FEMALE, 3),  # male against a female Disaster: opposite, +3
        ("dailey-wong", 4, "raditz", Gender.MALE, 4),  # male against a male Disaster: same, +4
        ("nene-romanova", 3, "raditz", Gender.MALE, 3),  # female against the same male Disaster: opposite, +3
        ("dailey-wong", 4, "tatewaki-kuno", None, 0),  # no gender recorded: neither half holds
        ("nene-romanova", 3, "kagato", None, 0),
    ],
)
def test_the_disasters_gender_decides_a_gender_based_card(
    character: str, charm: int, disaster: str, gender: Gender | None, bonus: int
) -> None:
    g = game_of(POSITION.format(character=character, disaster=disaster))
    assert g.card(uid_of(g, disaster)).gender is gender
    assert g.ability(uid_of(g, character), "charm") == charm
    g.apply("done")  # the Move phase ends; the Disaster charm-attacks the Character standing with it
    half = next(e for e in g.events_for(None) if e["e"] == "combat_card_half" and e["card"] == "ooooh-i-got-me-tango")
    contest = next(e for e in g.events_for(None) if e["e"] == "charm_contest")
    assert (contest["attacker"], contest["target"]) == (disaster, character)
    assert contest["target_charm"] == charm + bonus - 1  # Kick's -1 always; Tango's bonus by the Disaster's gender
    if bonus:
        assert half["alternative"] == (2 if bonus == 4 else 1)  # 1: the opposite sex, 2: the same
    else:
        assert half["held"] is False and "alternative" not in half
