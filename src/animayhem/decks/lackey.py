"""Read and write LackeyCCG deck files (``.dek``) for the Ani-Mayhem plugin.

A ``.dek`` is XML: ``<deck>`` holds one ``<superzone name="...">`` per deck zone of the plugin, and each
copy of a card is one ``<card><name id="cardNNN">Name</name><set>Set_Zero</set></card>``. The plugin's
deck zones (reference/lackey-plugin/plugininfo.txt) are Characters, Haven, Locations, Items, Disasters,
Deck (the Draw cards) and Combats. Cards this project sets aside (SETUP-20, SETUP-21) go to an extra
``Aside`` zone. The ``id`` is the plugin's image name, whose digits are the card number; reading prefers
it, then the name within the set, then the name alone.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from animayhem.cards.database import CardDB
from animayhem.cards.model import Card, CardSet
from animayhem.decks.model import SECTION_TYPES, Deck, Entry, Section, home_section
from animayhem.decks.textformat import MAX_COUNT, MAX_DECK_BYTES, DeckFileError, DeckIssue
from animayhem.files import FileError, read_text, write_atomic

MAX_CARDS = 2000  # cards in one .dek (real decks have under 200)
MAX_ISSUES = 50  # problems reported before giving up

ZONES: dict[Section, str] = {
    Section.CHARACTERS: "Characters",
    Section.HAVEN: "Haven",
    Section.LOCATIONS: "Locations",
    Section.ITEMS: "Items",
    Section.DISASTERS: "Disasters",
    Section.DRAW: "Deck",
    Section.COMBAT: "Combats",
    Section.ASIDE: "Aside",
}
ZONE_SECTIONS = {v.lower(): k for k, v in ZONES.items()} | {"combat": Section.COMBAT, "draw": Section.DRAW}
SET_NAMES: dict[CardSet, str] = {
    CardSet.ZERO: "Set_Zero",
    CardSet.ONE: "Set_One",
    CardSet.TWO: "Set_Two",
    CardSet.DEMO: "Demo_Set",
}


def format_dek(deck: Deck) -> str:
    root = ET.Element("deck", version="0.8")
    meta = ET.SubElement(root, "meta")
    ET.SubElement(meta, "game").text = "animayhem"
    if deck.name:
        ET.SubElement(meta, "name").text = deck.name
    for section in Section:
        entries = deck.section(section)
        if not entries:
            continue
        zone = ET.SubElement(root, "superzone", name=ZONES[section])
        for e in entries:
            for _ in range(e.count):
                card = ET.SubElement(zone, "card")
                ET.SubElement(card, "name", id=f"card{e.card.number:03d}").text = e.card.name
                ET.SubElement(card, "set").text = SET_NAMES[e.card.set]
    ET.indent(root, space="\t")
    return ET.tostring(root, encoding="unicode", xml_declaration=False) + "\n"


def write_dek(deck: Deck, path: Path | str) -> None:
    write_atomic(path, format_dek(deck))


def _find(db: CardDB, name: str, card_id: str, set_name: str) -> Card | None:
    digits = card_id.removeprefix("card")
    if digits.isascii() and digits.isdigit() and len(digits) <= 6:
        try:
            card = db.by_number(int(digits))
        except KeyError:
            card = None
        if card is not None and (not name or card.name.lower() == name.lower()):
            return card
    bare = name.strip().removeprefix("#")
    found = [] if bare.isdigit() and not bare.isascii() else db.find(name)
    in_set = [c for c in found if SET_NAMES[c.set] == set_name]
    if len(in_set) == 1:
        return in_set[0]
    if len(found) == 1:
        return found[0]
    return None


def parse_dek(text: str, db: CardDB | None = None, *, path: str = "<dek>") -> Deck:
    """Parse ``.dek`` XML; raises :class:`DeckFileError` listing every card it cannot place."""
    db = db or CardDB.bundled()
    if "<!DOCTYPE" in text or "<!ENTITY" in text:  # a .dek declares nothing: no entity expansion, ever
        line = text[: max(text.find("<!DOCTYPE"), text.find("<!ENTITY"))].count("\n") + 1
        raise DeckFileError(path, [DeckIssue(line, "a DOCTYPE or ENTITY declaration: not a LackeyCCG deck")])
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        raise DeckFileError(path, [DeckIssue(exc.position[0], f"not valid XML: {exc}")]) from exc
    if root.tag != "deck":
        raise DeckFileError(path, [DeckIssue(0, f"expected a <deck> element, found <{root.tag}>")])
    issues: list[DeckIssue] = []
    counts: dict[tuple[Section, str], int] = {}
    cards: dict[str, Card] = {}
    for zone in root.iter("superzone"):
        zname = zone.get("name", "")
        section = ZONE_SECTIONS.get(zname.lower())
        for el in zone.iter("card"):
            name_el = el.find("name")
            name = (name_el.text or "").strip() if name_el is not None else ""
            cid = name_el.get("id", "") if name_el is not None else ""
            set_el = el.find("set")
            set_name = (set_el.text or "").strip() if set_el is not None else ""
            card = _find(db, name, cid, set_name)
            if sum(counts.values()) >= MAX_CARDS:
                raise DeckFileError(path, [DeckIssue(0, f"more than {MAX_CARDS} cards: not a deck")])
            if len(issues) >= MAX_ISSUES:
                break
            if card is None:
                issues.append(DeckIssue(0, f"zone {zname!r}: unknown card {name!r} ({cid or 'no id'}, {set_name})"))
                continue
            sec = section if section is not None and card.type in SECTION_TYPES[section] else home_section(card)
            cards[card.id] = card
            counts[(sec, card.id)] = counts.get((sec, card.id), 0) + 1
    for (_sec, cid), n in counts.items():
        if n > MAX_COUNT:
            issues.append(DeckIssue(0, f"{cards[cid].name}: {n} copies (at most {MAX_COUNT} of one card)"))
    if issues:
        raise DeckFileError(path, issues)
    meta_name = root.findtext("meta/name") or ""
    entries = tuple(Entry(sec, cards[cid], n) for (sec, cid), n in counts.items())
    order = {s: i for i, s in enumerate(Section)}
    entries = tuple(sorted(entries, key=lambda e: order[e.section]))
    return Deck(name=meta_name, entries=entries, source=path)


def read_dek(path: Path | str, db: CardDB | None = None) -> Deck:
    p = Path(path)
    try:
        text = read_text(p, MAX_DECK_BYTES)
    except FileError as exc:
        raise DeckFileError(str(p), [DeckIssue(0, str(exc).removeprefix(f"{p}: "))]) from exc
    return parse_dek(text, db, path=str(p))
