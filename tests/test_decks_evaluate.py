"""The requirement evaluator used for deck skill coverage (RULES.md SCAV-1 … SCAV-8, CONF-38)."""

from __future__ import annotations

import pytest

from animayhem.cards.database import CardDB
from animayhem.cards.evaluate import best_group, meets
from animayhem.cards.model import Card
from animayhem.cards.requirements import Requirement


def _req(db: CardDB, location_id: str) -> Requirement:
    req = db.by_id(location_id).requirements
    assert req is not None
    return req


def _group(db: CardDB, *ids: str) -> list[Card]:
    return [db.by_id(i) for i in ids]


def test_scav_1_and_scav_2_skills_pool_across_the_group(db: CardDB) -> None:
    """Island Restaurant (Cooking & Acrobatics or Cooking & Survival): two Characters may share the terms."""
    req = _req(db, "island-restaurant")
    assert meets(req, _group(db, "ukyo-kuonji", "ranma-saotome-boy-type"))
    assert not meets(req, _group(db, "ukyo-kuonji"))
    assert not meets(req, _group(db, "ranma-saotome-boy-type"))


def test_scav_3_one_alternative_is_enough(db: CardDB) -> None:
    """Pioneer LDC - Mars: Music or Tech."""
    req = _req(db, "pioneer-ldc-mars")
    assert meets(req, _group(db, "priss-asagiri"))  # Music
    assert meets(req, _group(db, "mackie-stingray"))  # Tech
    assert not meets(req, _group(db, "akane-tendo"))


def test_scav_4_multiplicity_adds_up(db: CardDB) -> None:
    """Genius x2: Washu alone (Genius x2), or two single-Genius Characters; one single-Genius fails."""
    req = _req(db, "ryokos-prison-cave")  # Priest or Genius or Keys or Martial Arts & Strength x2
    assert meets(req, _group(db, "sylia-stingray"))
    lab = _req(db, "washus-lab")  # Genius x2 & Computer & Tech or Blind Luck & Investigation
    assert meets(lab, _group(db, "washu", "mackie-stingray"))  # Genius x2, Computer, Tech
    assert meets(lab, _group(db, "sylia-stingray", "bulma"))  # 1 + 1 Genius, Computer, Tech
    assert not meets(lab, _group(db, "sylia-stingray"))  # only 1 Genius
    assert meets(lab, _group(db, "detective-mihoshi"))  # Blind Luck & Investigation


def test_scav_5_skill_and_attack_threshold(db: CardDB) -> None:
    """Genom Tower "Strength 4+" (000 L295): Ryoga (Strength, Attack 3) needs Mr. Panda (Attack 4)."""
    req = _req(db, "genom-tower")  # Computer & Tech or Police & Strength 4+
    assert not meets(req, _group(db, "lisa-vannett"))  # Police, no Strength
    assert not meets(req, _group(db, "lisa-vannett", "ryoga-hibiki"))  # Strength but nobody with Attack 4
    assert meets(req, _group(db, "lisa-vannett", "ryoga-hibiki", "mr-panda"))
    assert meets(req, _group(db, "lisa-vannett", "ryoko"))  # Ryoko: Strength and Attack 4


def test_scav_6_anti_skill_conf_38(db: CardDB) -> None:
    """Akane (Cooking -1) with Ukyo (Cooking x2): 000 wipes Cooking out; 5E leaves one copy."""
    ukyos = _req(db, "ukyos-restaurant")  # Cooking x2 or Ranma or Savoir-Faire
    island = _req(db, "island-restaurant")
    group = _group(db, "akane-tendo", "ukyo-kuonji")
    assert not meets(ukyos, group, anti_skill="cancel_all")
    assert not meets(ukyos, group, anti_skill="cancel_n")  # 2 - 1 = 1 copy, not 2
    with_acro = [*group, db.by_id("shampoo-cat")]
    assert not meets(island, [*with_acro, db.by_id("linna-yamazaki")], anti_skill="cancel_all")
    assert meets(island, [*group, db.by_id("linna-yamazaki")], anti_skill="cancel_n")  # 1 Cooking + Acrobatics
    assert meets(ukyos, _group(db, "ukyo-kuonji"))


def test_scav_7_gender_counts(db: CardDB) -> None:
    """Hot Springs House: Female x3 (Ryo-Ohki the Cabbit is female)."""
    req = _req(db, "hot-springs-house")
    assert meets(req, _group(db, "ryoko", "princess-ayeka", "ryo-ohki-cabbit"))
    assert not meets(req, _group(db, "ryoko", "princess-ayeka", "tenchi-masaki"))


def test_scav_8_any_element_and_named_cards(db: CardDB) -> None:
    tomb = _req(db, "ifuritas-tomb")  # Priest & Any Element or ... or Katsuhiko Jinnai
    assert meets(tomb, _group(db, "shayla-shayla"))  # Priest, Fire Element
    assert not meets(tomb, _group(db, "makoto-mizuhara"))
    assert meets(tomb, _group(db, "katsuhiko-jinnai"))  # the named card
    trailer = _req(db, "priss-trailer")
    assert meets(trailer, _group(db, "priss-asagiri"))


def test_ability_comparisons(db: CardDB) -> None:
    snake = _req(db, "princess-snakes-palace")  # Male with Charm > 3 or Priest x2
    charming = [c for c in db if c.type.value == "character" and c.gender and c.gender.value == "male"]
    high = next(c for c in charming if ((c.charm and c.charm.value) or 0) > 3)
    low = next(
        c for c in charming if ((c.charm and c.charm.value) or 0) <= 3 and not any(s.name == "Priest" for s in c.skills)
    )
    assert meets(snake, [high]) and not meets(snake, [low])
    freeza = _req(db, "freezas-ship")  # Computer x4 & Genius or Energy > 11
    assert not meets(freeza, _group(db, "bulma", "washu"))


def test_wildcard_skill_fills_one_gap(db: CardDB) -> None:
    """Kiriya's *Any Skill supplies one copy of one missing Skill."""
    req = _req(db, "ryokos-prison-cave")  # Priest or Genius or Keys or Martial Arts & Strength x2
    assert meets(req, _group(db, "ryoga-hibiki"))  # Martial Arts, Strength x2
    assert not meets(req, _group(db, "mr-masamichi-fujisawa", "alielle"))  # Strength x2, no Martial Arts
    assert meets(req, _group(db, "mr-masamichi-fujisawa", "kiriya"))  # the wildcard stands in for Martial Arts
    citadel = _req(db, "the-citadel")  # Priest x2 & Climbing or Priest x2 & Flying
    assert meets(citadel, _group(db, "afura-mann", "kiriya"))  # one Priest short: the wildcard fills it
    assert not meets(citadel, _group(db, "alielle", "kiriya"))  # three copies short: one wildcard is not enough


def test_best_group_is_smallest(db: CardDB) -> None:
    req = _req(db, "genom-tower")
    roster = _group(db, "lisa-vannett", "ryoga-hibiki", "mr-panda", "sylia-stingray", "nene-romanova")
    group = best_group(req, roster)
    assert group is not None and len(group) == 1 and group[0].id == "sylia-stingray"  # Computer & Tech
    assert best_group(_req(db, "jusenkyo"), _group(db, "akane-tendo", "ryoga-hibiki")) is None


@pytest.mark.parametrize("location", ["campground"])
def test_waiting_requirement_is_always_possible(db: CardDB, location: str) -> None:
    assert meets(_req(db, location), _group(db, "goku-common"))
