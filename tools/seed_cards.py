"""Seed the bundled card database from the plugin data, the curated fact tables and the summary drafts.

This is a maintainer's tool, run once to create ``src/animayhem/cards/data/cards-*.yaml``; afterwards those
files are the source of truth for curated fields and ``animayhem cards import-lackey`` refreshes the
plugin facts while keeping them. Usage::

    python tools/seed_cards.py --lackey CARDDATA.txt --curated CURATED_DIR --texts DRAFTS_DIR --out DIR

``CURATED_DIR`` holds gender.tsv, icons.tsv, series.tsv and transform_pairs.tsv (tab-separated, keyed by the
three-digit card number); ``DRAFTS_DIR`` holds YAML lists of ``{number, name, text, ...}`` drafts.
"""

from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path
from typing import Any

import yaml

from animayhem.cards.build import build_records, write_cards
from animayhem.cards.database import CardDB
from animayhem.cards.frozen import validate_record
from animayhem.cards.lackey import read_lackey, slug
from animayhem.cards.model import Card

NOT_EXACT = (
    "draw",
    "remove",
    "no action",
    "additional",
    "instead",
    " if ",
    "unless",
    "group",
    " per ",
    "restore",
)


def _tsv(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8") as f:
        return list(csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE))


def _mods(raw: dict[str, str] | None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in (raw or {}).items():
        if key.startswith("opponent_"):
            out[key.removeprefix("opponent_")] = {"value": str(value), "target": "opponent"}
        else:
            out[key] = str(value)
    return out


def _side(text: str, raw: dict[str, str] | None) -> dict[str, Any]:
    mods = _mods(raw)
    side: dict[str, Any] = {"text": text}
    if mods:
        side["mods"] = mods
        low = f" {text.lower()} "
        if not any(w in low for w in NOT_EXACT):
            side["exact"] = True
    return side


def curated_records(curated: Path, texts: Path, names: dict[int, str]) -> dict[int, dict[str, Any]]:
    out: dict[int, dict[str, Any]] = {n: {"name": name} for n, name in names.items()}
    for row in _tsv(curated / "gender.tsv"):
        out[int(row["card_number"])]["gender"] = row["gender"]
    for row in _tsv(curated / "icons.tsv"):
        out[int(row["card_number"])]["icons"] = [i.strip() for i in row["icons"].split(",") if i.strip()]
    for row in _tsv(curated / "series.tsv"):
        out[int(row["card_number"])]["series"] = row["series"]
    for row in _tsv(curated / "transform_pairs.tsv"):
        a, b = int(row["primary_card_number"]), int(row["alternate_card_number"])
        out[a]["transforms_into"] = slug(names[b])
        out[b]["transforms_into"] = slug(names[a])
    for path in sorted(texts.glob("*.yaml")):
        for d in yaml.safe_load(path.read_text(encoding="utf-8")):
            n = int(d["number"])
            rec = out[n]
            if d["name"] != rec["name"]:
                raise SystemExit(f"{path}: card {n} is {rec['name']!r}, draft says {d['name']!r}")
            notes = list(rec.get("notes", []))
            if "physical" in d:
                rec["physical"] = _side(d["physical"], d.get("physical_mods"))
                rec["charm_side"] = _side(d["charm"], d.get("charm_mods"))
            elif d.get("text"):
                rec["text"] = d["text"]
            for key in ("uses", "deck_limit", "health", "turns", "grants_skills"):
                if d.get(key) is not None:
                    rec[key] = d[key]
            if d.get("requires"):
                rec["requirements"] = d["requires"]
            cats = list(d.get("keywords", []))
            if d.get("unique"):
                cats.append("Unique")
            if cats:
                rec["categories"] = cats
            disaster: dict[str, Any] = {}
            if d.get("moves_once"):
                disaster["movement"] = "once"
            if d.get("off_field"):
                disaster["off_field"] = True
            if disaster:
                rec["disaster"] = disaster
            if d.get("capacity"):
                rec["vehicle"] = {"capacity": d["capacity"]}
                notes.append(f"carries {d['capacity']} Characters")
            if d.get("note"):
                notes.append(d["note"])
            if notes:
                rec["notes"] = notes
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--lackey", type=Path, required=True)
    ap.add_argument("--curated", type=Path, required=True)
    ap.add_argument("--texts", type=Path, required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)
    rows = read_lackey(args.lackey)
    cur = curated_records(args.curated, args.texts, {r.number: r.name for r in rows})
    records = build_records(rows, cur, str(args.lackey))
    cards = [validate_record(Card, r) for r in records]
    db = CardDB(cards, "seed")
    paths = write_cards(list(db), args.out)
    print(f"{len(db)} cards written to {', '.join(str(p) for p in paths)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
