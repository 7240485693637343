"""Importer for the LackeyCCG plugin's card data format (a tab-separated file, one card a row).

Players who own that plugin can load it with ``animayhem cards import-lackey PATH``. The reader keeps the
plugin's *facts* (name, set, number, rarity, type, printed ability icons, skills, requirements, uses,
categories) and never its ability sentences: the Instructions column is read only to tell whether a card
has text at all. Every error names the file, the line and the field, and nothing is returned half-way.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from animayhem.cards.model import CardSet, CardType, Rarity
from animayhem.cards.skills import parse_skill
from animayhem.cards.stats import parse_notation
from animayhem.files import FileError, read_text

COLUMNS = (
    "Name",
    "Set",
    "ImageFile",
    "Rarity",
    "Type",
    "Attack",
    "Defense",
    "Movement",
    "Charm",
    "Energy",
    "Skills",
    "Requirements",
    "Uses",
    "Categories",
    "Instructions",
)

SETS = {"Set_Zero": CardSet.ZERO, "Set_One": CardSet.ONE, "Set_Two": CardSet.TWO, "Demo_Set": CardSet.DEMO}
TYPES = {
    "Character": CardType.CHARACTER,
    "Location": CardType.LOCATION,
    "Haven": CardType.HAVEN,
    "Item": CardType.ITEM,
    "Combat": CardType.COMBAT,
    "Major Disaster": CardType.MAJOR_DISASTER,
    "Minor Disaster": CardType.MINOR_DISASTER,
    "Enhancement": CardType.ENHANCEMENT,
    "Equipment": CardType.EQUIPMENT,
    "Global Effect": CardType.GLOBAL_EFFECT,
    "Flash Effect": CardType.FLASH_EFFECT,
}
RARITIES = {
    "Common": Rarity.COMMON,
    "Uncommon": Rarity.UNCOMMON,
    "Rare": Rarity.RARE,
    "Ultra Rare": Rarity.ULTRA_RARE,
    "Promotional": Rarity.PROMOTIONAL,
}

# Spelling normalisations of the plugin data (CARDDATA-NOTES §4). Each keeps one name for one thing.
SKILL_NAMES = {
    "Ki": "Chi",  # Super Saiyan (Goten) prints Ki; every other card and requirement says Chi
    "Medical": "Medic",  # Washu's skill; the requirements and the Fifth Edition skill list say Medic
}
CATEGORY_NAMES = {
    "Viewing": "View",  # two spellings of one category (5 + 5 cards)
    "move": "Move",  # lower-case typo on Run Over
    "Hand-held Weapon": "Weapon",  # the only hand-held one; requirements test plain Weapon
}
ICON_CATEGORIES = {"Dimensional", "Planetary", "Science", "Haven"}  # printed as icons (RULES.md CARD-2)
GENDER_CATEGORIES = {"Male": "male", "Female": "female"}  # Funky Muggers files its gender as a category

_IMAGE = re.compile(r"^card(\d{3}),(purple|red|green)$")
_USES = re.compile(r"^(\d+)(?:\s*\((special)\))?$")


class LackeyFormatError(ValueError):
    """A row of a Lackey file that cannot be read; names the file, line and field."""

    def __init__(self, path: Path | str, line: int, field: str, message: str) -> None:
        super().__init__(f"{path}:{line}: field {field}: {message}")
        self.path = str(path)
        self.line = line
        self.field = field


@dataclass(frozen=True, slots=True)
class LackeyRow:
    """One row of the file, as printed facts. ``has_text`` says whether Instructions are non-empty."""

    line: int
    values: dict[str, str]

    @property
    def number(self) -> int:
        m = _IMAGE.match(self.values["ImageFile"])
        assert m is not None  # checked when read
        return int(m[1])

    @property
    def name(self) -> str:
        return self.values["Name"]

    @property
    def has_text(self) -> bool:
        return bool(self.values["Instructions"].strip())


def read_lackey(path: Path | str) -> list[LackeyRow]:
    """Read and check a Lackey card data file; raises :class:`LackeyFormatError` on the first bad row."""
    p = Path(path)
    try:
        raw = read_text(p)
    except FileError as exc:
        raise LackeyFormatError(p, 0, "-", f"cannot read the file: {str(exc).removeprefix(f'{p}: ')}") from exc
    reader = csv.reader(raw.splitlines(), delimiter="\t", quoting=csv.QUOTE_NONE)
    rows: list[LackeyRow] = []
    seen: dict[int, int] = {}
    header: list[str] | None = None
    for lineno, rec in enumerate(reader, start=1):
        if not rec or all(not c.strip() for c in rec):
            continue
        if header is None:
            header = rec
            missing = [c for c in COLUMNS if c not in header]
            if missing:
                raise LackeyFormatError(p, lineno, ",".join(missing), "missing column(s) in the header row")
            continue
        if len(rec) != len(header):
            raise LackeyFormatError(p, lineno, "-", f"expected {len(header)} tab-separated fields, found {len(rec)}")
        values = {c: rec[header.index(c)].strip() for c in COLUMNS}
        row = LackeyRow(lineno, values)
        _check_row(p, row)
        if row.number in seen:
            raise LackeyFormatError(
                p,
                lineno,
                "ImageFile",
                f"card number {row.number:03d} already used on line {seen[row.number]}",
            )
        seen[row.number] = lineno
        rows.append(row)
    if header is None:
        raise LackeyFormatError(p, 1, "-", "the file is empty")
    return rows


def _check_row(path: Path, row: LackeyRow) -> None:
    v = row.values
    if not v["Name"]:
        raise LackeyFormatError(path, row.line, "Name", "empty card name")
    if not _IMAGE.match(v["ImageFile"]):
        raise LackeyFormatError(path, row.line, "ImageFile", f"expected cardNNN,colour, found {v['ImageFile']!r}")
    for col, table in (("Set", SETS), ("Type", TYPES), ("Rarity", RARITIES)):
        if v[col] not in table:
            raise LackeyFormatError(path, row.line, col, f"unknown value {v[col]!r}")


def _stat(card_type: CardType, ability: str, printed: str) -> str | dict[str, Any] | None:
    """Map a printed icon to our notation by what it means on this card type (CARD-3, CARD-4)."""
    p = printed.replace(" ", "")
    if not p:
        return None
    if card_type in (CardType.CHARACTER, CardType.LOCATION, CardType.HAVEN) or card_type.is_disaster:
        m = re.fullmatch(r"(\d+)\((\+\d+)\*\)", p)  # Catch Bubbles: 5(+1*)
        if m:
            return {
                "value": f"{m[1]}*",
                "note": f"printed {printed}: the {m[2]} is a reward described in text",
            }
        if p.startswith("+"):  # a '+N' on a Disaster is defined by its text (CARDDATA-NOTES 1.4)
            return {"value": "*", "note": f"printed {printed}; the card's text defines the value"}
        return p
    # Power cards, Items and Combat cards: a sign modifies, a bare number replaces, Energy is a cost.
    if re.fullmatch(r"\d+x", p):  # Split Form: 2x = two attacks per round
        return f"attacks {p[:-1]}"
    if re.fullmatch(r"\*\d+", p):  # Charged Up: *1 = an optional cost of 1
        return f"cost {p[1:]}*"
    if p[0] in "+-x" or (p.startswith("/") and p[1:].isdigit()):
        return p
    if p == "*":
        return "cost *" if ability == "energy" else "*"
    if ability == "energy":
        return f"cost {p}"
    return f"={p}"


def row_fields(row: LackeyRow, source: Path | str = "") -> dict[str, Any]:
    """The card-file fields that the plugin's facts give for one row (before curation)."""
    v = row.values
    card_type = TYPES[v["Type"]]
    out: dict[str, Any] = {
        "number": row.number,
        "name": v["Name"],
        "set": SETS[v["Set"]].value,
        "type": card_type.value,
        "rarity": RARITIES[v["Rarity"]].value,
    }
    for ability in ("attack", "defense", "movement", "charm", "energy"):
        col = ability.capitalize()
        try:
            value = _stat(card_type, ability, v[col])
            if value is not None:
                parse_notation(value if isinstance(value, str) else str(value["value"]))
        except ValueError as exc:
            raise LackeyFormatError(source, row.line, col, str(exc)) from exc
        if value is not None:
            out[ability] = value
    if v["Skills"]:
        skills = []
        for part in v["Skills"].split(","):
            try:
                entry = parse_skill(part)
            except ValueError as exc:
                raise LackeyFormatError(source, row.line, "Skills", str(exc)) from exc
            name = SKILL_NAMES.get(entry.name, entry.name)
            skills.append(str(type(entry)(name=name, count=entry.count, wildcard=entry.wildcard)))
        out["skills"] = skills
    if v["Requirements"]:
        out["requirements"] = v["Requirements"]
    if v["Uses"]:
        m = _USES.match(v["Uses"])
        if m is None:
            raise LackeyFormatError(source, row.line, "Uses", f"expected a number, found {v['Uses']!r}")
        out["uses"] = int(m[1])
        if m[2]:
            out.setdefault("notes", []).append(f"printed uses: {v['Uses']}")
    cats: list[str] = []
    for part in v["Categories"].split(","):
        c = part.strip()
        if not c:
            continue
        if c in GENDER_CATEGORIES:
            out["gender"] = GENDER_CATEGORIES[c]
            continue
        c = CATEGORY_NAMES.get(c, c)
        if c not in cats:
            cats.append(c)
    if cats:
        out["categories"] = cats
    return out


def slug(name: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "-", name.lower().replace("'", "")).strip("-")
    return s or "card"
