"""The bundled card database: every card loads, validates and carries the facts the rulebooks rely on.

Rule ids: CARD-2 (categories and icons), CARD-3 (five abilities), CARD-4 (modifiers vs replacements),
CARD-5 (transforming Characters), CARD-19 (both sides of Combat cards), CARD-20 (Disaster kinds),
SETUP-11 (card-specific deck limits), SETUP-13 (Unique).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from animayhem.cards.database import AmbiguousCard, CardDB, CardFileError, CardNotFound
from animayhem.cards.frozen import evolve, validate_record
from animayhem.cards.model import AbilityStatus, CardSet, CardType, Gender, Icon, Movement
from animayhem.cards.requirements import AtomKind, Has, SkillWithAttack
from animayhem.cards.stats import StatKind, StatTarget

# CARDDATA-NOTES §1.1: counts per type and set, as printed.
EXPECTED = {
    CardType.CHARACTER: (45, 23, 31, 2),
    CardType.COMBAT: (20, 20, 28, 0),
    CardType.ENHANCEMENT: (23, 15, 13, 5),
    CardType.EQUIPMENT: (25, 16, 19, 1),
    CardType.FLASH_EFFECT: (31, 33, 34, 3),
    CardType.GLOBAL_EFFECT: (13, 11, 15, 4),
    CardType.HAVEN: (6, 4, 6, 0),
    CardType.ITEM: (34, 22, 20, 1),
    CardType.LOCATION: (42, 26, 27, 2),
    CardType.MAJOR_DISASTER: (24, 15, 16, 0),
    CardType.MINOR_DISASTER: (42, 35, 33, 2),
}


def test_all_787_cards_load_with_unique_ids_and_numbers(db: CardDB) -> None:
    assert len(db) == 787
    assert len({c.id for c in db}) == 787
    assert sorted(c.number for c in db) == list(range(1, 788))


def test_counts_per_type_and_set(db: CardDB) -> None:
    per = Counter((c.type, c.set) for c in db)
    for t, counts in EXPECTED.items():
        got = tuple(per[(t, s)] for s in (CardSet.ZERO, CardSet.ONE, CardSet.TWO, CardSet.DEMO))
        assert got == counts, t


def test_card_19_every_combat_card_has_both_sides(db: CardDB) -> None:
    combat = db.of_type(CardType.COMBAT)
    assert len(combat) == 68
    for c in combat:
        assert c.physical is not None and c.physical.text
        assert c.charm_side is not None and c.charm_side.text
    # Values the 1997 rulebook quotes (seed 000) and the card scans agree on.
    assert db.get("Assault / Shining Knight").charm_side.mods["charm"].value == 2  # type: ignore[union-attr]
    parry = db.get("Parry / Handsome Lad")
    assert parry.physical is not None and parry.physical.mods["defense"].notation() == "+2"
    assert parry.charm_side is not None
    assert parry.charm_side.mods["charm"].target is StatTarget.OPPONENT
    assert parry.charm_side.mods["charm"].value == -1
    smash = db.get("Smash / Stupefaction")
    assert smash.physical is not None and smash.physical.mods["attack"].kind is StatKind.MUL
    assert smash.charm_side is not None and smash.charm_side.mods["charm"].kind is StatKind.DIV


def test_errata_broken_heart_and_charge_are_decided_in_data(db: CardDB) -> None:
    bh = db.get("Bash / Broken Heart")
    assert bh.charm_side is not None and bh.charm_side.mods["charm"].value == -1
    assert any(e.field == "charm_side" and "CARD-1" in e.reason for e in bh.errata)
    charge = db.get("Charge / Scandal")
    assert charge.physical is not None and charge.physical.mods["attack"].value == 3
    assert any(e.source == "errata-1998" for e in charge.errata)
    fire = db.get("Fire Shield")
    assert fire.defense is not None and fire.defense.kind is StatKind.ADD and fire.defense.value == 2
    assert fire.errata[0].printed == "=2"


def test_rulebook_example_characters(db: CardDB) -> None:
    """EX-2 / EX-3 / EX-5 facts: the Characters of the 1997 rulebook's examples."""
    nene = db.get("Nene Romanova")
    assert (nene.attack.value, nene.defense.value, nene.gender) == (1, 2, Gender.FEMALE)  # type: ignore[union-attr]
    assert {str(s) for s in nene.skills} >= {"Computer x2", "Police"}
    lw = db.get("Little Washu")
    assert lw.attack is not None and (lw.attack.value, lw.attack.alt) == (2, 3)
    assert lw.defense is not None and lw.defense.value == 4 and lw.base_health == 4
    assert lw.gender is Gender.FEMALE
    assert lw.transforms_into == "washu" and db.by_id("washu").transforms_into == "little-washu"
    assert Icon.DIMENSIONAL in lw.icons
    washu = db.get("Washu")
    assert [s.count for s in washu.skills if s.name == "Genius"] == [2]
    assert db.get("Ryo-Ohki (Cabbit)").gender is Gender.FEMALE
    panda = db.get("Mr. Panda")
    assert panda.attack is not None and panda.attack.value == 4
    assert {s.name for s in panda.skills} >= {"Survival", "Climbing"}
    pchan = db.get("P-Chan")
    assert {s.name for s in pchan.skills} >= {"Survival", "Blind Luck"}
    assert {s.name for s in db.get("Miz Mishtal").skills} >= {"Priest", "Bureaucracy", "Water Element"}
    ryoga = db.get("Ryoga Hibiki")
    assert ryoga.attack is not None and ryoga.attack.value == 3 and "Strength" in {s.name for s in ryoga.skills}
    akane = {s.name: s.count for s in db.get("Akane Tendo").skills}
    assert akane["Cooking"] == -1  # the anti-skill of SCAV-6 / EX-3 e


def test_bugrom_type_1_is_a_minor_combat_disaster(db: CardDB) -> None:
    b = db.get("Bugrom, Type 1")
    assert b.type is CardType.MINOR_DISASTER
    assert (b.attack.value, b.defense.value, b.movement.value) == (3, 3, 3)  # type: ignore[union-attr]
    assert b.disaster is not None and b.disaster.combat and b.disaster.movement is Movement.NORMAL
    assert b.base_health == 3


def test_locations_of_the_examples(db: CardDB) -> None:
    hsh = db.get("Hot Springs House")
    assert hsh.requirements is not None and str(hsh.requirements) == "Female x3 or Peeping"
    first = hsh.requirements.alternatives[0].terms[0]
    assert isinstance(first, Has) and first.atom.kind is AtomKind.GENDER and first.count == 3
    desert = db.get("Desert of Bleached White Bones")
    assert desert.requirements is not None
    assert [len(a.terms) for a in desert.requirements.alternatives] == [2, 1]
    genom = db.get("Genom Tower")
    assert genom.defense is not None and genom.defense.value == 20 and genom.base_health == 20
    assert genom.requirements is not None
    last = genom.requirements.alternatives[1].terms[1]
    assert isinstance(last, SkillWithAttack) and (last.atom.word, last.attack) == ("Strength", 4)
    lab = db.get("Washu's Lab")
    assert lab.requirements is not None
    genius = lab.requirements.alternatives[0].terms[0]
    assert isinstance(genius, Has) and (genius.atom.word, genius.count) == ("Genius", 2)


def test_card_4_power_card_values_are_typed(db: CardDB) -> None:
    suit = db.get("Ross' Battle Suit")
    assert suit.attack is not None and suit.attack.kind is StatKind.SET and suit.attack.value == 6
    speed = db.get("Speed")
    assert speed.movement is not None and speed.movement.kind is StatKind.MUL
    split = db.get("Split Form")
    assert split.attack is not None and split.attack.kind is StatKind.ATTACKS and split.attack.value == 2
    water = db.get("Water Spear")
    assert water.energy is not None and water.energy.kind is StatKind.COST and water.energy.value == 2
    assert db.get("Juraian Battlesuit").energy.kind is StatKind.COST  # type: ignore[union-attr]


def test_every_requirement_resolves_and_round_trips(db: CardDB) -> None:
    with_req = [c for c in db if c.requirements is not None]
    assert len(with_req) >= 112  # the Requirements column (CARDDATA-NOTES §3.3) plus text clauses
    for c in with_req:
        assert c.requirements is not None
        for atom in c.requirements.atoms():
            assert atom.kind is not AtomKind.UNRESOLVED, (c.name, atom)
        # The printed string, normalised, parses back to the same tree.
        assert " ".join(str(c.requirements).split()) == " ".join(c.requirements.text.split()), c.name


def test_characters_and_disasters_facts(db: CardDB) -> None:
    chars = db.of_type(CardType.CHARACTER)
    assert Counter(c.gender for c in chars) == {Gender.MALE: 53, Gender.FEMALE: 45, Gender.NONE: 3}
    assert sum(1 for c in chars if c.transforms_into) == 16
    assert db.get("Super Saiyan (Goten)").skills[1].name == "Chi"  # Ki normalised
    disasters = db.of_type(CardType.MAJOR_DISASTER, CardType.MINOR_DISASTER)
    assert sum(1 for d in disasters if d.disaster and d.disaster.movement is Movement.ONCE) == 8
    # 14 are played Off the Field; a text search also finds On The Move, which only puts its captives there.
    off = {d.name for d in disasters if d.disaster and d.disaster.off_field}
    assert len(off) == 14 and "Quincy" in off and "On The Move" not in off


def test_identity_and_limits(db: CardDB) -> None:
    gokus = db.find("Goku")
    assert len(gokus) == 2 and {g.character for g in gokus} == {"Goku"}
    with pytest.raises(AmbiguousCard):
        db.get("Goku")
    assert db.get("goku-rare").number == 33
    assert db.get("#33").id == "goku-rare"
    assert db.get("Spirit").deck_limit == 6  # SETUP-11
    assert db.get('Julian "Pluto" Moore').base_health == 6


def test_unknown_name_suggests_close_names(db: CardDB) -> None:
    with pytest.raises(CardNotFound) as info:
        db.get("Washus Lab")
    assert "Washu's Lab" in info.value.suggestions


def test_ability_status_is_honest(db: CardDB) -> None:
    """implemented: every clause executed (effects, or curated facts such as a Health field or an engine trait);
    partial: some executed, the rest named; not-implemented: nothing of its text executed (CARD-1)."""
    for c in db:
        st = c.ability_status
        if st is AbilityStatus.IMPLEMENTED:
            assert (c.effects or c.executed_facts or (c.disaster and c.disaster.executed)) and not c.unexecuted, c.id
        elif st is AbilityStatus.PARTIAL:
            assert c.unexecuted and (c.effects or c.executed_facts or (c.disaster and c.disaster.executed)), c.id
    assert db.get("Dinner with Mom and Dad").ability_status is AbilityStatus.IMPLEMENTED
    assert db.get("Wrath of the Eye of God").ability_status is AbilityStatus.IMPLEMENTED
    assert db.get("Recoom").ability_status is AbilityStatus.IMPLEMENTED  # Health 14: its curated health field
    assert db.get("Najato (Phantom Prince)").ability_status is AbilityStatus.IMPLEMENTED  # thief, and its diverting
    assert db.get("The Mass").ability_status is AbilityStatus.IMPLEMENTED  # its facts and its text taken on
    assert db.get("Dracula").ability_status is AbilityStatus.IMPLEMENTED  # its one clause: the undead verb
    assert db.get("Ryoga Hibiki").ability_status is AbilityStatus.IMPLEMENTED  # its one clause: the stray verb
    assert db.get("Desert of Bleached White Bones").ability_status is AbilityStatus.NONE
    assert db.get("Assault / Shining Knight").ability_status is AbilityStatus.NONE
    assert db.get("Deception / Tied Up").ability_status is AbilityStatus.IMPLEMENTED  # abilities/combat.yaml
    assert db.get("Head Butt / Sad Eyes").ability_status is AbilityStatus.IMPLEMENTED  # its charm half too


def test_every_hook_the_card_data_names_is_registered(db: CardDB) -> None:
    """A card whose effect names a Python hook (engine/effects/card_hooks.py) must find it: no silent no-op."""
    from animayhem.cards.effects import Hook
    from animayhem.engine.effects import card_hooks

    named = {(c.id, e.do.name) for c in db for e in c.effects if isinstance(e.do, Hook)}
    missing = sorted(f"{cid}: {name}" for cid, name in named if name not in card_hooks.names())
    assert not missing, missing


def test_every_hook_gets_its_numbers_from_the_card_data(db: CardDB) -> None:
    """The numbers a hook uses are the card's data (``with``), shown in its text: each card gives exactly the
    numbers its hook declares, and the rendered text shows them (no number lives as a Python constant)."""
    from animayhem.cards.effects import Hook
    from animayhem.engine.effects import card_hooks

    wrong = []
    for c in db:
        for e in c.effects:
            if isinstance(e.do, Hook):
                if set(e.do.with_) != card_hooks.numbers(e.do.name):
                    wrong.append(f"{c.id}: {e.do.name} gives {sorted(e.do.with_)}")
                for n in e.do.with_.values():
                    assert str(n) in e.do.text(), (c.id, e.do.name)
                assert "{" not in e.do.text(), (c.id, e.do.name)
    assert not wrong, wrong
    assert card_hooks.numbers("backlash") == {"damage"}


def test_a_hook_number_missing_from_its_text_is_a_load_error() -> None:
    """A number given to a hook that its text never shows, or a ``{name}`` the data does not give, is refused."""
    from pydantic import ValidationError

    from animayhem.cards.effects import Hook

    ok = validate_record(Hook, {"name": "backlash", "with": {"damage": 3}, "text": "Each striker takes {damage}."})
    assert ok.text() == "Each striker takes 3." and ok.number("damage") == 3
    with pytest.raises(ValidationError, match="never shows it"):
        validate_record(Hook, {"name": "backlash", "with": {"damage": 3}, "text": "Each striker takes 2."})
    with pytest.raises(ValidationError, match="does not give it"):
        validate_record(Hook, {"name": "backlash", "text": "Each striker takes {damage}."})


def test_card_texts_page_is_up_to_date() -> None:
    """docs/card-texts.md is generated from the ability records (tools/card_texts.py)."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    res = subprocess.run([sys.executable, str(root / "tools" / "card_texts.py"), "--check"], capture_output=True)
    assert res.returncode == 0, res.stderr.decode()


def test_a_combat_rule_must_change_something() -> None:
    """``combat_rule`` says how a fight differs from the rulebook's, in numbers; one that changes nothing is a
    load error, and its text is rendered from the numbers (a card with another number needs no code)."""
    from pydantic import ValidationError

    from animayhem.cards.effects import CombatRule

    with pytest.raises(ValidationError, match="at least one rule"):
        validate_record(CombatRule, {})
    r = validate_record(CombatRule, {"strikers": 2, "damage": {"factor": 3, "every": 2}, "ignores": 2})
    assert r.text() == (
        "At most 2 Characters may strike it at once. Each combat round the 2 strongest strikes against it miss. "
        "It deals triple damage in every second combat round."
    )


def test_a_field_a_card_file_does_not_know_is_named_as_unknown(tmp_path: Path) -> None:
    """A card record and an abilities record are frozen dataclasses (cards/frozen.py): a key that is not one of
    their fields is refused with the file, the line, the card and the field, as an unknown field."""
    data = Path(__file__).parents[1] / "src" / "animayhem" / "cards" / "data"
    for f in data.glob("cards-*.yaml"):
        (tmp_path / f.name).write_text(f.read_text(encoding="utf-8"), encoding="utf-8")
    assert CardDB.load(tmp_path).by_id("tsunami").name == "Tsunami"  # the copy loads as it is
    zero = (tmp_path / "cards-zero.yaml").read_text(encoding="utf-8")
    second = zero.index("\n- id: ", zero.index("\n- id: ") + 1)  # the first record ends here
    (tmp_path / "cards-zero.yaml").write_text(zero[:second] + "\n  colour: purple" + zero[second:], encoding="utf-8")
    with pytest.raises(CardFileError) as exc:
        CardDB.load(tmp_path)
    assert exc.value.path.endswith("cards-zero.yaml") and exc.value.line == 3  # its record's first line
    assert exc.value.field == "colour" and str(exc.value).endswith("field colour: unknown field")
    (tmp_path / "cards-zero.yaml").write_text(zero, encoding="utf-8")
    (tmp_path / "abilities").mkdir()
    (tmp_path / "abilities" / "mine.yaml").write_text(
        "tsunami:\n  effects:\n    - when: static\n      do: {modify: {by: {attack: 1}, colour: 2}}\n", encoding="utf-8"
    )
    with pytest.raises(CardFileError) as exc:
        CardDB.load(tmp_path)
    assert exc.value.path.endswith("mine.yaml") and exc.value.line == 1 and exc.value.card == "tsunami"
    assert exc.value.field.endswith("colour") and str(exc.value).endswith("unknown field")


def test_evolve_copies_a_record_with_fields_changed_and_refuses_a_field_it_does_not_have(db: CardDB) -> None:
    """``evolve`` (cards/frozen.py) is the card data's ``model_copy``: the original stays as it was, the copy is
    not validated again, and a misspelt field is an error rather than an attribute nobody reads."""
    card = db.by_id("tsunami")
    renamed = evolve(card, name="Tsunami II")
    assert renamed.name == "Tsunami II" and card.name == "Tsunami" and renamed.number == card.number
    with pytest.raises(TypeError, match="no field 'nmae'"):
        evolve(card, nmae="Tsunami II")
    assert "Royalty" not in card.category_set  # worked out and kept on the card
    royal = evolve(card, categories=(*card.categories, "Royalty"))
    assert "Royalty" in royal.category_set and "Royalty" not in card.category_set  # the copy works it out again
