"""The plain-text deck file (``*.deck``), written by hand. See docs/decks.md for the full description.

.. code-block:: text

    name: Knight Sabers
    description: Bubblegum Crisis, two players.
    players: 2            # or 1-3, or 2, 3
    ruleset: classic
    series: Bubblegum Crisis

    [Characters]          # the starting Characters
    Priss Asagiri
    [Locations]
    1 Genom Tower
    [Combat]
    3 Parry / Handsome Lad
    3x #731               # a card number; an id (goku-rare) works too

Header lines (``key: value``) come before the first section. A card line is an optional count and a
card name, id or ``#number``. ``#`` starts a comment when it begins a line or follows a space and is not
followed by a digit. Every problem is collected and reported together, each with file and line.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from animayhem.cards.database import AmbiguousCard, CardDB, CardNotFound
from animayhem.cards.model import Card
from animayhem.decks.model import SECTION_TYPES, Deck, Entry, Section
from animayhem.files import FileError, read_text, write_atomic
from animayhem.rules.ruleset import RULESETS

HEADER_KEYS = ("name", "description", "players", "ruleset", "series")
MAX_COUNT = 99  # copies of one card in one section, over all the lines that name it
MAX_DECK_BYTES = 1024 * 1024  # a deck file is a few KB
MAX_ISSUES = 50  # problems reported before giving up

SECTION_NAMES: dict[str, Section] = {
    "characters": Section.CHARACTERS,
    "starting characters": Section.CHARACTERS,
    "starters": Section.CHARACTERS,
    "haven": Section.HAVEN,
    "starting haven": Section.HAVEN,
    "locations": Section.LOCATIONS,
    "items": Section.ITEMS,
    "disasters": Section.DISASTERS,
    "draw": Section.DRAW,
    "draw pile": Section.DRAW,
    "power": Section.DRAW,
    "combat": Section.COMBAT,
    "combat cards": Section.COMBAT,
    "aside": Section.ASIDE,
    "set aside": Section.ASIDE,
}

_COMMENT = re.compile(r"(?:^|\s)#(?!\d)")
_SECTION = re.compile(r"^\[(.*)\]$")
_HEADER = re.compile(r"^([A-Za-z_][A-Za-z_ ]*?)\s*:\s*(.*)$")
_COUNTED = re.compile(r"^(-?[0-9]{1,9})\s*[xX]?\s+(.+)$")
_BAD_COUNT = re.compile(r"^(\S+?)[xX]?\s+(.+)$")


@dataclass(frozen=True, slots=True)
class DeckIssue:
    """One problem in a deck file: where, what, and (for unknown cards) the closest names."""

    line: int
    message: str
    suggestions: tuple[str, ...] = ()


@dataclass
class DeckFileError(ValueError):
    """A deck file that cannot be read. ``issues`` lists every problem found, each with its line."""

    path: str
    issues: list[DeckIssue] = field(default_factory=list)

    def __post_init__(self) -> None:
        super().__init__(str(self))

    def __str__(self) -> str:
        lines = []
        for i in self.issues:
            where = f"{self.path}:{i.line}" if i.line else self.path
            hint = f" Did you mean: {', '.join(i.suggestions)}?" if i.suggestions else ""
            lines.append(f"{where}: {i.message}{hint}")
        return "\n".join(lines) or f"{self.path}: unreadable deck file"


def parse_players(text: str) -> tuple[int, ...]:
    """``2``, ``1-3``, ``2, 3`` or ``2 3`` → the player counts; raises ValueError."""
    out: set[int] = set()
    for part in re.split(r"[,\s]+", text.strip()):
        if not part:
            continue
        m = re.fullmatch(r"([0-9]{1,3})(?:-([0-9]{1,3}))?", part)
        if m is None:
            raise ValueError(f"bad player count {part!r} (write e.g. 2, 1-3 or 2, 3)")
        lo, hi = int(m[1]), int(m[2] or m[1])
        if lo < 1 or hi < lo or hi > 99:
            raise ValueError(f"bad player range {part!r}")
        out.update(range(lo, hi + 1))
    if not out:
        raise ValueError("no player count given")
    return tuple(sorted(out))


def format_players(players: Iterable[int]) -> str:
    ps = sorted(set(players))
    if ps and ps == list(range(ps[0], ps[-1] + 1)) and len(ps) > 1:
        return f"{ps[0]}-{ps[-1]}"
    return ", ".join(str(p) for p in ps)


def _strip_comment(line: str) -> str:
    m = _COMMENT.search(line)
    return (line[: m.start()] if m else line).strip()


def _resolve(db: CardDB, name: str) -> tuple[Card | None, str | None, tuple[str, ...]]:
    digits = name.strip().removeprefix("#")
    if digits.isdigit() and not digits.isascii():
        return None, f"unknown card {name!r} (card numbers are written with 0-9).", ()
    try:
        return db.get(name), None, ()
    except CardNotFound as exc:
        return None, f"unknown card {name!r}.", tuple(exc.suggestions)
    except AmbiguousCard as exc:
        return None, str(exc), ()


def _card_line(db: CardDB, text: str) -> tuple[int, Card | None, str | None, tuple[str, ...]]:
    """Count and card of a card line. A leading number is a count unless the whole line is a card name
    (``2 Dragon Balls``, ``3 Way Rumble``)."""
    m = _COUNTED.match(text)
    if m is not None:
        count = int(m[1])
        card, err, sugg = _resolve(db, m[2].strip())
        if card is not None:
            if not 1 <= count <= MAX_COUNT:
                return count, None, f"bad count {count} for {card.name!r} (1 to {MAX_COUNT})", ()
            return count, card, None, ()
        whole, _, _ = _resolve(db, text)
        if whole is not None:
            return 1, whole, None, ()
        if not 1 <= count <= MAX_COUNT:
            return count, None, f"bad count {count} (1 to {MAX_COUNT})", ()
        return count, None, err, sugg
    whole, err, sugg = _resolve(db, text)
    if whole is not None:
        return 1, whole, None, ()
    bad = _BAD_COUNT.match(text)
    if bad is not None and not bad[1][0].isalpha() and not bad[1].startswith("#"):
        return 0, None, f"bad count {bad[1]!r} (write a whole number like 3 or 3x)", ()
    return 1, None, err, sugg


def parse_deck(text: str, db: CardDB | None = None, *, path: str = "<deck>") -> Deck:
    """Parse deck-file text; raises :class:`DeckFileError` listing every problem."""
    db = db or CardDB.bundled()
    issues: list[DeckIssue] = []
    header: dict[str, str] = {}
    section: Section | None = None
    seen_section = False
    order: list[tuple[Section, str]] = []
    entries: dict[tuple[Section, str], Entry] = {}
    for lineno, raw in enumerate(text.splitlines(), start=1):
        if len(issues) >= MAX_ISSUES:
            issues.append(DeckIssue(lineno, f"more than {MAX_ISSUES} problems: stopped reading"))
            break
        line = _strip_comment(raw)
        if not line:
            continue
        if len(line) > 500:
            issues.append(DeckIssue(lineno, f"a line of {len(line)} characters (at most 500)"))
            continue
        if m := _SECTION.match(line):
            seen_section = True
            key = " ".join(m[1].lower().replace(":", " ").split())
            if key not in SECTION_NAMES:
                known = ", ".join(f"[{s.heading}]" for s in Section)
                issues.append(DeckIssue(lineno, f"unknown section [{m[1]}] (known: {known})"))
                section = None
                continue
            section = SECTION_NAMES[key]
            continue
        if not seen_section:
            if hm := _HEADER.match(line):
                key = hm[1].strip().lower()
                if key not in HEADER_KEYS:
                    issues.append(DeckIssue(lineno, f"unknown header key {key!r} (known: {', '.join(HEADER_KEYS)})"))
                elif key in header:
                    issues.append(DeckIssue(lineno, f"header key {key!r} given twice"))
                else:
                    header[key] = hm[2].strip()
                continue
            issues.append(DeckIssue(lineno, f"card line {line!r} before any [section]"))
            continue
        if section is None:
            continue  # the lines of an unknown section were already reported with it
        count, card, err, sugg = _card_line(db, line)
        if card is None:
            issues.append(DeckIssue(lineno, err or f"cannot read {line!r}", sugg))
            continue
        if card.type not in SECTION_TYPES[section]:
            issues.append(
                DeckIssue(lineno, f"{card.name} is a {card.type.label}, which does not belong in [{section.heading}]")
            )
            continue
        k = (section, card.id)
        if k in entries:
            old = entries[k]
            if old.count + count > MAX_COUNT:  # the cap holds over repeated lines too
                issues.append(
                    DeckIssue(
                        lineno,
                        f"{card.name}: {old.count + count} copies in [{section.heading}] with line {old.line}"
                        f" (at most {MAX_COUNT})",
                    )
                )
                continue
            entries[k] = Entry(section, card, old.count + count, old.line)
        else:
            order.append(k)
            entries[k] = Entry(section, card, count, lineno)
    players: tuple[int, ...] = ()
    if "players" in header:
        try:
            players = parse_players(header["players"])
        except ValueError as exc:
            issues.append(DeckIssue(_header_line(text, "players"), str(exc)))
    ruleset = header.get("ruleset") or None
    if ruleset is not None:
        if ruleset.lower() not in RULESETS:
            issues.append(
                DeckIssue(_header_line(text, "ruleset"), f"unknown ruleset {ruleset!r} (known: {', '.join(RULESETS)})")
            )
        ruleset = ruleset.lower()
    if issues:
        raise DeckFileError(path, issues)
    return Deck(
        name=header.get("name", ""),
        description=header.get("description", ""),
        players=players,
        ruleset=ruleset,
        series=header.get("series") or None,
        entries=tuple(entries[k] for k in order),
        source=path,
    )


def _header_line(text: str, key: str) -> int:
    for n, raw in enumerate(text.splitlines(), start=1):
        if raw.strip().lower().startswith(f"{key}:"):
            return n
    return 0


def read_deck(path: Path | str, db: CardDB | None = None) -> Deck:
    """Read a ``.deck`` file; raises :class:`DeckFileError` (also for a missing or undecodable file)."""
    p = Path(path)
    try:
        text = read_text(p, MAX_DECK_BYTES)
    except FileError as exc:
        raise DeckFileError(str(p), [DeckIssue(0, str(exc).removeprefix(f"{p}: "))]) from exc
    return parse_deck(text, db, path=str(p))


def card_ref(card: Card, db: CardDB) -> str:
    """The shortest reference that names exactly this card: its name, or its id where names clash."""
    found = db.find(card.name)
    if len(found) == 1 and found[0].id == card.id and not card.name.startswith("#"):
        return card.name
    return card.id


def format_deck(deck: Deck, db: CardDB | None = None) -> str:
    """The deck as deck-file text; :func:`parse_deck` reads it back to an equal deck."""
    db = db or CardDB.bundled()
    out: list[str] = []
    if deck.name:
        out.append(f"name: {deck.name}")
    if deck.description:
        out.append(f"description: {deck.description}")
    if deck.players:
        out.append(f"players: {format_players(deck.players)}")
    if deck.ruleset:
        out.append(f"ruleset: {deck.ruleset}")
    if deck.series:
        out.append(f"series: {deck.series}")
    for section in Section:
        entries = deck.section(section)
        if not entries:
            continue
        out.append("")
        out.append(f"[{section.heading}]")
        for e in entries:
            out.append(f"{e.count} {card_ref(e.card, db)}")
    return "\n".join(out) + "\n"


def write_deck(deck: Deck, path: Path | str, db: CardDB | None = None) -> None:
    write_atomic(path, format_deck(deck, db))
