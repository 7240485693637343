"""Static effects of held cards on their bearer (cards/effects.py ``who: {among: bearer}``; engine/effects/bearer.py):
the records, their text, their conditions and what a Character without such cards pays."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from animayhem.cards.database import CardDB
from animayhem.cards.effects import Effect, Gains, Modify, effect_text, map_requirements
from animayhem.cards.frozen import validate_record
from animayhem.cards.requirements import resolve
from animayhem.engine.effects import abilities, bearer
from animayhem.engine.effects.transform import skill_card
from scenario_kit import game_of, uid_of

HEAD = """
name: t
ruleset: classic
seats: [{name: Solo, hand: []}]
field:
  - {cell: [0, 0], card: masaki-house, owner: 0, haven: true}
  - {cell: [1, 0], card: genom-tower, owner: 0}
start: {active: 0, phase: equip}
"""


def test_the_bearer_selector_renders_its_condition() -> None:
    db = CardDB.bundled()
    nene = effect_text(db.by_id("nenes-hardsuit").effects[0])
    assert nene == (
        "While a Character carries or wears it: its bearer, if it is Nene Romanova: +2 Attack, +2 Defense, "
        "+2 Movement instead of the printed bonuses."
    )
    cost = effect_text(db.by_id("juraian-ultra-battlesuit").effects[0])
    assert "its bearer, if it is Tenchi Masaki, pays half its Energy cost" in cost
    fight = effect_text(db.by_id("spirit-fighting").effects[0])
    assert fight.endswith("+2 Attack, +2 Defense in a fight with a Demon, a Devil, an Ogre or an Undead.")
    assert effect_text(db.by_id("pruning-shears").effects[0]).endswith("whoever fights its bearer: -2 Defense.")
    leap = validate_record(
        Effect, {"when": "static", "do": {"gains": {"who": {"among": "bearer", "has": "Chi"}, "skills": ["Flying"]}}}
    )
    assert effect_text(leap) == "While a Character carries or wears it: its bearer, if it has Chi, gains Flying."


def test_bearer_only_fields_are_refused_elsewhere() -> None:
    with pytest.raises(ValidationError, match="bearer"):
        validate_record(Modify, {"who": {"among": "all"}, "by": {"attack": 1}, "instead": True})
    with pytest.raises(ValidationError, match="bearer"):
        validate_record(Gains, {"who": {"among": "group"}, "skills": ["Flying"]})
    with pytest.raises(ValidationError, match="needs"):
        validate_record(Gains, {})


def test_a_card_whose_gains_give_its_skills_grants_none_by_itself() -> None:
    db = CardDB.bundled()
    assert db.by_id("survival-training").granted_skills == ()  # its gains effect gives them, under its limit
    assert db.by_id("comm-goggles").granted_skills == (("communications", 1),)  # a plain grant
    assert bearer.facts(db.by_id("comm-goggles")) is None  # nothing to ask for a card without bearer effects
    assert bearer.facts(db.by_id("nenes-hardsuit")) is not None


def test_the_condition_is_read_on_the_bearer_and_lacks_turns_it_off() -> None:
    g = game_of(
        HEAD,
        """
        characters:
          - {card: nene-romanova, owner: 0, at: [0, 0], carried: [nenes-hardsuit]}
          - {card: eddie, owner: 0, at: [0, 0], carried: [nenes-hardsuit]}
        """,
    )
    nene, eddie = uid_of(g, "nene-romanova"), uid_of(g, "eddie")
    assert abilities.values(g, nene, ("attack", "defense", "movement")) == [3, 4, 4]
    assert abilities.values(g, eddie, ("attack", "defense", "movement")) == [3, 3, 3]
    raw = validate_record(Modify, {"who": {"among": "bearer", "lacks": "Police"}, "by": {"attack": 1}})
    m = map_requirements(raw, lambda r: resolve(r, CardDB.bundled().vocabulary))
    assert not bearer.applies(g, g.state.characters[nene], m.who)  # type: ignore[arg-type]


def test_against_counts_only_in_a_fight_with_that_kind() -> None:
    g = game_of(
        HEAD,
        """
        characters:
          - {card: goku-common, owner: 0, at: [1, 0], enhancements: [spirit-fighting]}
        disasters:
          - {card: ginger, owner: 0, controller: 0, at: [1, 0]}
          - {card: bugrom-type-1, owner: 0, controller: 0, at: [1, 0]}
        """,
    )
    goku = uid_of(g, "goku-common")
    assert abilities.value(g, goku, "attack") == 5  # no fight named: no bonus
    assert abilities.value(g, goku, "attack", against=uid_of(g, "ginger")) == 7
    assert abilities.value(g, goku, "defense", against=uid_of(g, "bugrom-type-1")) == 5


def test_gains_change_the_skill_card_and_leave_a_character_without_them_alone() -> None:
    g = game_of(
        HEAD,
        """
        characters:
          - {card: goku-common, owner: 0, at: [0, 0], carried: [blasters], enhancements: [leap-of-faith]}
          - {card: eddie, owner: 0, at: [0, 0], carried: [comm-goggles]}
        """,
    )
    goku = skill_card(g, uid_of(g, "goku-common"))
    # Chi x2, one more (it has Pure Heart), two fewer: one left
    assert [str(s) for s in goku.skills] == ["Martial Arts", "Chi", "Flying", "Pure Heart", "Strength", "Speed"]
    eddie = uid_of(g, "eddie")
    assert skill_card(g, eddie) is g.card(eddie)  # no card with gains: the printed card itself
