"""The requirement grammar (SCAV-1 … SCAV-8, CARD-23; EX-3's parser fixtures)."""

from __future__ import annotations

import pytest

from animayhem.cards.database import CardDB
from animayhem.cards.requirements import (
    AnyElement,
    AtomKind,
    Compare,
    CountIn,
    GroupSize,
    Has,
    RequirementError,
    SkillWithAttack,
    Special,
    Vocabulary,
    parse_requirement,
    resolve,
)


def test_scav_2_3_and_binds_tighter_than_or() -> None:
    r = parse_requirement("Survival & Flying or Water Element")
    assert [[str(t) for t in a.terms] for a in r.alternatives] == [["Survival", "Flying"], ["Water Element"]]


def test_scav_4_multiplicity() -> None:
    (alt,) = parse_requirement("Genius x2").alternatives
    (term,) = alt.terms
    assert isinstance(term, Has) and term.count == 2 and term.atom.word == "Genius"
    spaced = parse_requirement("Satellite x 4").alternatives[0].terms[0]
    assert isinstance(spaced, Has) and spaced.count == 4


def test_scav_5_threshold_forms() -> None:
    t = parse_requirement("Strength 4+").alternatives[0].terms[0]
    assert isinstance(t, SkillWithAttack) and t.attack == 4
    m = parse_requirement("Movement 4+").alternatives[0].terms[0]
    assert m == Compare("movement", ">=", 4)
    e = parse_requirement("Computer x4 & Genius or Energy > 11").alternatives[1].terms[0]
    assert e == Compare("energy", ">", 11)
    w = parse_requirement("Male with Charm > 3 or Priest x2").alternatives[0].terms[0]
    assert isinstance(w, Compare) and w.who is not None and w.who.word == "Male" and w.value == 3


def test_scav_8_special_tokens() -> None:
    r = parse_requirement("Priest & Any Element or Group of at least 3 Characters")
    assert isinstance(r.alternatives[0].terms[1], AnyElement)
    assert r.alternatives[1].terms[0] == GroupSize(3)
    c = parse_requirement("Any 2 Knight Sabers in Hardsuits").alternatives[0].terms[0]
    assert isinstance(c, CountIn) and c.n == 2 and c.who.word == "Knight Sabers"
    s = parse_requirement("Vehicle or remain on Location for 2 turns").alternatives[1].terms[0]
    assert s == Special("remain_turns", 2)
    p = parse_requirement("ability to pierce Illusions").alternatives[0].terms[0]
    assert p == Special("pierce_illusions")


@pytest.mark.parametrize("bad", ["", "Police & ", "Police or or Tech", "Strength x0", "Police & $$$"])
def test_syntax_errors_name_the_token(bad: str) -> None:
    with pytest.raises(RequirementError):
        parse_requirement(bad)


def test_resolution_classifies_atoms_and_names_unknown_tokens(db: CardDB) -> None:
    r = resolve(parse_requirement("Priest & Any Element or Blind Luck & Survival or Katsuhiko Jinnai"), db.vocabulary)
    kinds = [t.atom.kind for t in r.terms() if isinstance(t, Has)]
    assert kinds == [AtomKind.SKILL, AtomKind.SKILL, AtomKind.SKILL, AtomKind.CARD]
    ranma = resolve(parse_requirement("Cooking x2 or Ranma"), db.vocabulary).alternatives[1].terms[0]
    assert isinstance(ranma, Has) and len(ranma.atom.cards) == 2  # alias for both Ranma cards
    typo = resolve(parse_requirement("Streewise"), db.vocabulary).alternatives[0].terms[0]
    assert isinstance(typo, Has) and typo.atom.word == "Streetwise"
    with pytest.raises(RequirementError) as info:
        resolve(parse_requirement("Police & Telepathy"), db.vocabulary)
    assert info.value.token == "Telepathy"


def test_strength_plus_needs_a_skill() -> None:
    vocab = Vocabulary(frozenset({"Police"}), frozenset({"Robot"}), {})
    with pytest.raises(RequirementError):
        resolve(parse_requirement("Robot 4+"), vocab)


def test_to_json_is_structured(db: CardDB) -> None:
    lab = db.get("Washu's Lab")
    assert lab.requirements is not None
    js = lab.requirements.to_json()
    assert js["any"][0][0] == {"kind": "skill", "name": "Genius", "count": 2}  # type: ignore[index]
