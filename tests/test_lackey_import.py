"""The LackeyCCG importer and the card-file loader: faithful import, clear errors, nothing half-loaded."""

from __future__ import annotations

from pathlib import Path

import pytest

from animayhem.cards.build import build_records, dump_cards
from animayhem.cards.database import CardDB, CardFileError
from animayhem.cards.frozen import dump_record, validate_record
from animayhem.cards.lackey import COLUMNS, LackeyFormatError, read_lackey
from animayhem.cards.model import Card

LACKEY = Path(__file__).resolve().parents[1].parent / "shared" / "reference" / "lackey-plugin" / "sets" / "carddata.txt"

HEADER = "\t".join(COLUMNS)
ROW = "\t".join(
    [
        "Test Hero",
        "Set_Zero",
        "card900,purple",
        "Common",
        "Character",
        "3",
        "4",
        "2",
        "3",
        "0",
        "Police, Chi x2",
        "",
        "",
        "",
        "Does a thing.",
    ]
)


def _write(tmp_path: Path, *lines: str) -> Path:
    p = tmp_path / "cards.txt"
    p.write_text("\n".join(lines), encoding="utf-8")
    return p


def test_reads_a_small_file(tmp_path: Path) -> None:
    rows = read_lackey(_write(tmp_path, HEADER, ROW))
    assert len(rows) == 1 and rows[0].number == 900 and rows[0].has_text


@pytest.mark.parametrize(
    ("row", "field"),
    [
        (ROW.replace("card900,purple", "card9x"), "ImageFile"),
        (ROW.replace("\tCharacter\t", "\tWizard\t"), "Type"),
        (ROW.replace("Set_Zero", "Set_Nine"), "Set"),
        (ROW.replace("\tCommon\t", "\tMythic\t"), "Rarity"),
        (ROW.rsplit("\t", 1)[0], "-"),
    ],
)
def test_bad_rows_name_file_line_and_field(tmp_path: Path, row: str, field: str) -> None:
    path = _write(tmp_path, HEADER, ROW.replace("900", "901"), row)
    with pytest.raises(LackeyFormatError) as info:
        read_lackey(path)
    assert info.value.line == 3 and info.value.field == field
    assert str(path) in str(info.value)


def test_duplicate_numbers_and_missing_columns(tmp_path: Path) -> None:
    with pytest.raises(LackeyFormatError, match="already used on line 2"):
        read_lackey(_write(tmp_path, HEADER, ROW, ROW))
    with pytest.raises(LackeyFormatError, match="missing column"):
        read_lackey(_write(tmp_path, HEADER.replace("Rarity", "Rareness"), ROW))


def test_bad_stat_names_the_field(tmp_path: Path) -> None:
    rows = read_lackey(_write(tmp_path, HEADER, ROW.replace("\t3\t4\t2\t", "\t3\tlots\t2\t")))
    with pytest.raises(LackeyFormatError) as info:
        build_records(rows, {}, "cards.txt")
    assert info.value.field == "Defense" and info.value.line == 2


def test_instructions_never_enter_the_records(tmp_path: Path) -> None:
    rows = read_lackey(_write(tmp_path, HEADER, ROW))
    (rec,) = build_records(rows, {}, "x")
    assert "Does a thing" not in repr(rec)
    card = validate_record(Card, {**rec, "gender": "male"})
    assert [str(s) for s in card.skills] == ["Police", "Chi x2"]


@pytest.mark.skipif(not LACKEY.exists(), reason="the plugin's card data is not available here")
def test_importing_the_plugin_file_reproduces_the_bundled_database(db: CardDB) -> None:
    rows = read_lackey(LACKEY)
    assert len(rows) == 787
    curated = {c.number: dump_record(c, mode="json", exclude_defaults=True) for c in db}
    imported = [validate_record(Card, r) for r in build_records(rows, curated, str(LACKEY))]
    bundled_files = {p.name: p.read_text(encoding="utf-8") for p in _data_dir().glob("cards-*.yaml")}
    again = dump_cards(list(CardDB(imported)))
    assert again == bundled_files
    texts = {c.number: c.text for c in db}
    for row in rows:  # our summaries are not the plugin's sentences
        if row.has_text and texts.get(row.number):
            assert texts[row.number] != row.values["Instructions"]


def _data_dir() -> Path:
    import animayhem.cards

    return Path(animayhem.cards.__file__).parent / "data"


def test_card_file_errors_name_file_line_card_and_field(tmp_path: Path) -> None:
    good = (_data_dir() / "cards-demo.yaml").read_text(encoding="utf-8")
    (tmp_path / "cards-demo.yaml").write_text(good.replace("attack: '1'", "attack: lots", 1), encoding="utf-8")
    with pytest.raises(CardFileError) as info:
        CardDB.load(tmp_path)
    e = info.value
    assert e.path.endswith("cards-demo.yaml") and e.field == "attack" and e.line > 0
    assert "Alielle" in e.card


def test_broken_yaml_gives_the_line(tmp_path: Path) -> None:
    (tmp_path / "cards-demo.yaml").write_text("- id: x\n  name: [unclosed\n", encoding="utf-8")
    with pytest.raises(CardFileError) as info:
        CardDB.load(tmp_path)
    assert info.value.line >= 2


def test_unresolvable_requirement_names_the_token(tmp_path: Path) -> None:
    good = (_data_dir() / "cards-demo.yaml").read_text(encoding="utf-8")
    assert "requirements:" in good
    line = next(ln for ln in good.splitlines() if ln.startswith("  requirements:"))
    bad = good.replace(line, "  requirements: Telepathy x2", 1)
    for other in _data_dir().glob("cards-*.yaml"):  # the whole database: card names in abilities resolve
        (tmp_path / other.name).write_text(other.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "cards-demo.yaml").write_text(bad, encoding="utf-8")
    with pytest.raises(CardFileError, match="Telepathy"):
        CardDB.load(tmp_path)
    with pytest.raises(CardFileError, match="no card files"):
        CardDB.load(tmp_path / "..")
