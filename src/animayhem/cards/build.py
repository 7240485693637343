"""Build card records from Lackey rows plus the curated layer, and write the card files.

The bundled database is made by this one function. The plugin's facts come from :mod:`lackey`; the facts
read from the printed cards and our own summaries (the *curated* fields) come from an existing database
(normally the bundled one), matched by card number and name; ``curation.yaml`` adds the overrides, each
with its reason. ``animayhem cards import-lackey PATH --out DIR`` runs exactly this.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from animayhem.cards.frozen import dump_record, record_fields
from animayhem.cards.lackey import ICON_CATEGORIES, LackeyRow, row_fields, slug
from animayhem.cards.model import ABILITY_FIELDS, Card, CardSet, CardType
from animayhem.files import write_atomic

# Fields that only curation provides (the plugin data does not carry them).
CURATED_FIELDS = (
    "series",
    "gender",
    "icons",
    "health",
    "grants_skills",
    "transforms_into",
    "deck_limit",
    "turns",
    "needs_in_play",
    "on_vehicle",
    "text",
    "physical",
    "charm_side",
    "notes",
)
# Fields the plugin may carry; curation fills them only where the plugin has none (text-only facts).
FILLED_FIELDS = ("uses", "requirements", "gender")
VEHICLE_CATEGORIES = {
    "Vehicle": "ground",
    "Non-flying Vehicle": "ground",
    "Flying Vehicle": "flying",
    "Planetary Vehicle": "planetary",
}
SET_FILES = {s: f"cards-{s.value}.yaml" for s in CardSet}


@dataclass(frozen=True)
class Curation:
    """The contents of ``curation.yaml``."""

    overrides: tuple[dict[str, Any], ...]
    characters: Mapping[str, tuple[int, ...]]
    aliases: Mapping[str, tuple[int, ...]]
    extra_skills: tuple[str, ...]
    combat_disasters: Mapping[int, dict[str, Any]]
    disaster_traits: Mapping[int, dict[str, Any]] = field(default_factory=dict)
    withheld: Mapping[int, dict[str, Any]] = field(default_factory=dict)


@cache
def load_curation() -> Curation:
    text = resources.files("animayhem.cards").joinpath("data/curation.yaml").read_text(encoding="utf-8")
    raw = yaml.safe_load(text)
    return Curation(
        overrides=tuple(raw["overrides"]),
        characters={k: tuple(v) for k, v in raw["characters"].items()},
        aliases={k: tuple(v) for k, v in raw["aliases"].items()},
        extra_skills=tuple(raw["extra_skills"]),
        combat_disasters={int(k): v for k, v in raw["combat_disasters"].items()},
        disaster_traits={int(t["number"]): t for t in raw.get("disaster_traits", [])},
        withheld={int(t["number"]): t for t in raw.get("withheld", [])},
    )


def build_records(
    rows: list[LackeyRow], curated: Mapping[int, dict[str, Any]], source: str = ""
) -> list[dict[str, Any]]:
    """Card records (plain dicts in card-file form) for the given rows, curated and overridden."""
    cur = load_curation()
    names = Counter(slug(r.name) for r in rows)
    identity = {n: name for name, nums in cur.characters.items() for n in nums}
    records = []
    for row in sorted(rows, key=lambda r: r.number):
        rec = row_fields(row, source)
        _apply_overrides(rec, cur)  # before curation, so each erratum records the printed value
        prev = curated.get(row.number, {})
        if prev and prev.get("name") != row.name:
            prev = {}  # a different card under this number: keep nothing of it
        base = slug(row.name)
        rec["id"] = base if names[base] == 1 else f"{base}-{rec['rarity']}"
        for f in CURATED_FIELDS:
            if prev.get(f) not in (None, [], ()):
                rec[f] = prev[f]
        for f in FILLED_FIELDS:
            if f not in rec and prev.get(f) is not None:
                rec[f] = prev[f]
        cats = list(rec.get("categories", []))
        cats += [c for c in prev.get("categories", []) if c not in cats]
        icons = {str(i).capitalize() for i in rec.get("icons", [])}
        cats = [c for c in cats if not (c in ICON_CATEGORIES and (c in icons or c == "Haven"))]
        if cats:
            rec["categories"] = cats
        else:
            rec.pop("categories", None)
        if row.number in identity:
            rec["character"] = identity[row.number]
        if rec["type"] == CardType.COMBAT.value:
            for ab in ("attack", "defense", "movement", "charm", "energy"):
                rec.pop(ab, None)  # a Combat card's icons are its physical side's modifiers (curated)
        _traits(rec, prev, cur)
        _withhold(rec, cur)
        records.append(_ordered(rec))
    return records


def _apply_overrides(rec: dict[str, Any], cur: Curation) -> None:
    errata = list(rec.get("errata", []))
    for o in cur.overrides:
        if o["number"] != rec["number"]:
            continue
        if o["name"] != rec["name"]:
            raise ValueError(f"curation.yaml: override for card {o['number']} names {o['name']!r}, not {rec['name']!r}")
        f = o["field"]
        printed = rec.get(f)
        value = o["value"]
        if f not in ("physical", "charm_side"):  # those record a ruling on text the summary already follows
            if f == "categories":
                value = list(rec.get("categories", [])) + [c for c in value if c not in rec.get("categories", [])]
            if value is None:
                rec.pop(f, None)
            else:
                rec[f] = value
        errata.append(
            {
                "field": f,
                "printed": None if printed is None else _short(printed),
                "value": None if value is None else _short(value),
                "reason": o["reason"],
                "source": o["source"],
            }
        )
    if errata:
        rec["errata"] = errata


def _withhold(rec: dict[str, Any], cur: Curation) -> None:
    """Printed numbers the engine must not apply yet (``withheld`` in curation.yaml), with the reason."""
    entry = cur.withheld.get(rec["number"])
    if entry is None:
        return
    if entry["name"] != rec["name"]:
        raise ValueError(f"curation.yaml: withheld entry for card {entry['number']} names {entry['name']!r}")
    rec["withheld"] = list(entry["numbers"])
    rec["withheld_reason"] = f"{entry['reason']} ({entry['source']})"


def _short(v: Any) -> str:
    if isinstance(v, dict) and "kind" in v:  # a vehicle
        cap = v.get("capacity")
        return f"{v['kind']} vehicle" + (f", carries {cap}" if cap else "")
    if isinstance(v, dict) and "value" in v:
        return str(v["value"])
    if isinstance(v, list):
        return ", ".join(str(x) for x in v)
    return str(v)


def _traits(rec: dict[str, Any], prev: Mapping[str, Any], cur: Curation) -> None:
    ctype = CardType(rec["type"])
    if ctype.is_disaster:
        before = prev.get("disaster") or {}
        rule = cur.combat_disasters.get(rec["number"])
        combat = rule["combat"] if rule else all(a in rec for a in ("attack", "defense", "movement"))
        movement = before.get("movement", "normal")
        if "movement" not in rec:
            movement = "none"
        traits: dict[str, Any] = {"combat": combat, "movement": movement}
        if before.get("off_field"):
            traits["off_field"] = True
        special = cur.disaster_traits.get(rec["number"])
        if special is not None:
            _special_traits(rec, traits, special)
        rec["disaster"] = traits
    if ctype is CardType.EQUIPMENT:
        cats = rec.get("categories", [])
        kind = None
        for c, k in VEHICLE_CATEGORIES.items():
            if c in cats:
                kind = k if kind is None or k != "ground" else kind
        if kind == "ground" and "Flying" in cats and "Vehicle" in cats and "Non-flying Vehicle" not in cats:
            kind = "flying"  # Mars Shuttle prints «Flying, Vehicle»
        if kind is not None:
            vehicle: dict[str, Any] = {"kind": kind}
            before = prev.get("vehicle") or {}
            cap = before.get("capacity")
            if cap:
                vehicle["capacity"] = cap
            vehicle |= {k: v for k, v in before.items() if k not in ("kind", "capacity")}  # its curated facts
            rec["vehicle"] = vehicle


def _special_traits(rec: dict[str, Any], traits: dict[str, Any], special: Mapping[str, Any]) -> None:
    """A Magnet, Ally or thief Disaster (DIS-25, DIS-26, CARD-18), recorded as a decision in ``errata``."""
    if special["name"] != rec["name"]:
        raise ValueError(f"curation.yaml: disaster trait for card {special['number']} names {special['name']!r}")
    said = []
    for key in ("magnet", "ally", "thief", "executed"):
        if special.get(key):
            traits[key] = special[key]
            if key == "ally":
                said.append(f"ally {special[key].get('attack', 0)},{special[key].get('defense', 0)}")
            elif key != "executed":
                said.append(key)
    errata = list(rec.get("errata", []))
    errata.append(
        {
            "field": "disaster",
            "printed": None,
            "value": ", ".join(said),
            "reason": special["reason"],
            "source": special["source"],
        }
    )
    rec["errata"] = errata


FIELD_ORDER = tuple(record_fields(Card))


def _ordered(rec: dict[str, Any]) -> dict[str, Any]:
    unknown = set(rec) - set(FIELD_ORDER)
    if unknown:
        raise ValueError(f"card {rec.get('number')}: unknown field(s) {sorted(unknown)}")
    return {k: rec[k] for k in FIELD_ORDER if k in rec}


def dump_cards(cards: list[Card]) -> dict[str, str]:
    """Card files (file name -> YAML text), one per set, in the canonical form the loader reads."""
    by_set: dict[str, list[dict[str, Any]]] = {f: [] for f in SET_FILES.values()}
    for card in sorted(cards, key=lambda c: c.number):
        rec = dump_record(card, mode="json", exclude_defaults=True, exclude=set(ABILITY_FIELDS))
        by_set[SET_FILES[card.set]].append({k: v for k, v in rec.items() if v not in (None, [], {})})
    out = {}
    for fname, recs in by_set.items():
        header = (
            "# animayhem card database: one record per card (see docs/cards.md for the fields).\n"
            "# Card texts are summaries in our own words; `errata` records each decision on a printed value.\n"
        )
        out[fname] = header + yaml.safe_dump(recs, sort_keys=False, allow_unicode=True, width=110)
    return out


def write_cards(cards: list[Card], directory: Path, *, replace: bool = True) -> list[Path]:
    """Write the card files into ``directory``, each atomically (animayhem/files.py); an existing file is
    replaced only with ``replace``."""
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for fname, text in dump_cards(cards).items():
        path = directory / fname
        write_atomic(path, text, replace=replace)
        written.append(path)
    return written
