"""The plain-text deck format and LackeyCCG .dek files: parsing, errors, writing, round trips (SETUP-3)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from animayhem.cards.database import CardDB
from animayhem.decks.lackey import format_dek, parse_dek, read_dek
from animayhem.decks.model import SECTION_TYPES, Deck, Entry, Section
from animayhem.decks.starters import starter_decks
from animayhem.decks.textformat import (
    DeckFileError,
    format_deck,
    parse_deck,
    parse_players,
    read_deck,
)

GOOD = """\
# a comment line
name: Test deck
description: For the tests.
players: 2
ruleset: Classic
series: Ranma 1/2

[Characters]            # starting Characters
Akane Tendo
1 Ryoga Hibiki
goku-rare
#73

[Locations]
1x Jusenkyo
[Items]
2 Dragon Balls          # a name that starts with a number
3 Dragon Ball
1 3 Dragon Balls
[Combat]
3 Parry / Handsome Lad
2 Parry / Handsome Lad  # repeated lines add up
[Draw]
Shampoo
"""


def _issues(text: str, db: CardDB) -> list[tuple[int, str, tuple[str, ...]]]:
    with pytest.raises(DeckFileError) as info:
        parse_deck(text, db, path="x.deck")
    return [(i.line, i.message, i.suggestions) for i in info.value.issues]


def test_parse_header_sections_counts_and_references(db: CardDB) -> None:
    """SETUP-3: the sections hold the deck's card types; ids and #numbers settle the Goku clash (SETUP-6)."""
    deck = parse_deck(GOOD, db, path="good.deck")
    assert (deck.name, deck.description, deck.players, deck.ruleset, deck.series) == (
        "Test deck",
        "For the tests.",
        (2,),
        "classic",
        "Ranma 1/2",
    )
    starters = [e.card.id for e in deck.section(Section.CHARACTERS)]
    assert starters == ["akane-tendo", "ryoga-hibiki", "goku-rare", "ranma-saotome-boy-type"]
    items = {e.card.id: e.count for e in deck.section(Section.ITEMS)}
    assert items == {"2-dragon-balls": 1, "dragon-ball": 3, "3-dragon-balls": 1}
    assert [(e.card.id, e.count) for e in deck.section(Section.COMBAT)] == [("parry-handsome-lad", 5)]
    assert deck.section(Section.LOCATIONS)[0].line == 15


@pytest.mark.parametrize("text", ["2", "1-3", "2, 3", "2 3 4"])
def test_players_header(text: str) -> None:
    expected = {"2": (2,), "1-3": (1, 2, 3), "2, 3": (2, 3), "2 3 4": (2, 3, 4)}[text]
    assert parse_players(text) == expected


def test_unknown_card_names_the_line_and_suggests(db: CardDB) -> None:
    [(line, msg, sugg)] = _issues("[Combat]\n\n3 Parry\n", db)
    assert line == 3 and "unknown card 'Parry'" in msg
    assert "Parry / Handsome Lad" in sugg


def test_misspelt_name_gets_close_suggestions(db: CardDB) -> None:
    [(_, _, sugg)] = _issues("[Characters]\nAkane Tendou\n", db)
    assert sugg[0] == "Akane Tendo"


def test_ambiguous_name_lists_the_ids(db: CardDB) -> None:
    """Both Goku cards share a name (one Character, SETUP-6): the reader asks for the id or number."""
    [(line, msg, _)] = _issues("[Characters]\nGoku\n", db)
    assert line == 2 and "goku-common" in msg and "goku-rare" in msg


@pytest.mark.parametrize("line", ["0 Akane Tendo", "-1 Akane Tendo", "100 Akane Tendo", "3.5 Akane Tendo"])
def test_bad_counts(db: CardDB, line: str) -> None:
    [(n, msg, _)] = _issues(f"[Characters]\n{line}\n", db)
    assert n == 2 and "bad count" in msg


def test_wrong_sections(db: CardDB) -> None:
    """SETUP-3: a card outside any section, an unknown section, a card of the wrong type for its section."""
    issues = _issues("Akane Tendo\n[Heroes]\nRyoga Hibiki\n[Locations]\nParry / Handsome Lad\n", db)
    assert [i[0] for i in issues] == [1, 2, 5]
    assert "before any [section]" in issues[0][1]
    assert "unknown section [Heroes]" in issues[1][1]
    assert "Combat" in issues[2][1] and "[Locations]" in issues[2][1]


def test_bad_header_lines(db: CardDB) -> None:
    """Header errors, including a player count that is not a number (SETUP-2)."""
    issues = _issues("name: A\nname: B\ncolour: red\nplayers: two\nruleset: chess\n", db)
    messages = " | ".join(i[1] for i in issues)
    assert "given twice" in messages and "unknown header key 'colour'" in messages
    assert "bad player count" in messages and "unknown ruleset 'chess'" in messages
    assert sorted(i[0] for i in issues) == [2, 3, 4, 5]


def test_every_problem_is_reported_at_once(db: CardDB) -> None:
    text = "[Characters]\nAkane Tendo\nNobody Atall\n0 Ryoga Hibiki\n[Nope]\n"
    with pytest.raises(DeckFileError) as info:
        parse_deck(text, db, path="many.deck")
    lines = str(info.value).splitlines()
    assert [ln.split(":")[1] for ln in lines] == ["3", "4", "5"]
    assert all(ln.startswith("many.deck:") for ln in lines)


def test_unreadable_files(tmp_path: Path, db: CardDB) -> None:
    with pytest.raises(DeckFileError, match="cannot read"):
        read_deck(tmp_path / "missing.deck", db)
    binary = tmp_path / "binary.deck"
    binary.write_bytes(b"\xff\xfe\x00garbage\x80")
    with pytest.raises(DeckFileError, match="UTF-8"):
        read_deck(binary, db)
    with pytest.raises(DeckFileError, match="cannot read"):
        read_deck(tmp_path, db)  # a directory


def test_comment_rules(db: CardDB) -> None:
    deck = parse_deck("[Characters]\n#32   # the common Goku\n# 97 is a comment\n", db)
    assert [e.card.id for e in deck.entries] == ["goku-common"]


@pytest.mark.parametrize("key", sorted(starter_decks()))
def test_text_round_trip_of_each_starter(key: str, db: CardDB) -> None:
    deck = starter_decks()[key]
    again = parse_deck(format_deck(deck, db), db)
    assert again == deck


def test_writer_uses_ids_where_names_clash(db: CardDB) -> None:
    deck = Deck(entries=(Entry(Section.CHARACTERS, db.by_id("goku-common")),))
    assert "1 goku-common" in format_deck(deck, db)


_SECTIONS = list(Section)


@st.composite
def decks(draw: st.DrawFn) -> Deck:
    db = CardDB.bundled()
    cards = db.cards
    n = draw(st.integers(min_value=0, max_value=12))
    seen: set[tuple[Section, str]] = set()
    entries = []
    for _ in range(n):
        card = cards[draw(st.integers(min_value=0, max_value=len(cards) - 1))]
        sections = [s for s in _SECTIONS if card.type in SECTION_TYPES[s]]
        section = draw(st.sampled_from(sections))
        if (section, card.id) in seen:
            continue
        seen.add((section, card.id))
        entries.append(Entry(section, card, draw(st.integers(min_value=1, max_value=9))))
    order = {s: i for i, s in enumerate(_SECTIONS)}
    entries.sort(key=lambda e: order[e.section])
    players = tuple(sorted(draw(st.sets(st.integers(min_value=1, max_value=5), max_size=3))))
    return Deck(name=draw(st.sampled_from(["", "Mine"])), players=players, entries=tuple(entries))


@settings(max_examples=40, deadline=None)
@given(decks())
def test_text_round_trip_property(deck: Deck) -> None:
    db = CardDB.bundled()
    assert parse_deck(format_deck(deck, db), db) == deck


@settings(max_examples=25, deadline=None)
@given(decks())
def test_dek_round_trip_property(deck: Deck) -> None:
    back = parse_dek(format_dek(deck))
    assert back.entries == deck.entries
    assert back.name == deck.name


def test_dek_layout_and_zones(db: CardDB) -> None:
    deck = starter_decks()["z-fighters"]
    text = format_dek(deck)
    assert text.startswith('<deck version="0.8">')
    for zone in ("Characters", "Haven", "Locations", "Items", "Disasters", "Deck", "Combats", "Aside"):
        assert f'<superzone name="{zone}">' in text
    assert '<name id="card033">Goku</name>' in text and "<set>Set_Two</set>" in text
    assert text.count("<card>") == deck.count()


def test_dek_read_by_name_when_the_id_is_missing(tmp_path: Path, db: CardDB) -> None:
    f = tmp_path / "hand.dek"
    f.write_text(
        '<deck version="0.8"><superzone name="Deck"><card><name>Kamehameha</name><set>Set_Two</set></card>'
        '<card><name id="card073">Ranma Saotome (boy type)</name><set>Set_Zero</set></card></superzone>'
        '<superzone name="Combats"><card><name>Parry / Handsome Lad</name><set>Set_Zero</set></card></superzone>'
        "</deck>",
        encoding="utf-8",
    )
    deck = read_dek(f, db)
    assert [(e.section, e.card.id) for e in deck.entries] == [
        (Section.DRAW, "kamehameha"),
        (Section.DRAW, "ranma-saotome-boy-type"),
        (Section.COMBAT, "parry-handsome-lad"),
    ]


def test_dek_errors(db: CardDB) -> None:
    with pytest.raises(DeckFileError, match="not valid XML"):
        parse_dek("<deck><superzone>", db)
    with pytest.raises(DeckFileError, match="expected a <deck>"):
        parse_dek("<cards/>", db)
    with pytest.raises(DeckFileError, match="unknown card 'Nobody'"):
        parse_dek('<deck><superzone name="Deck"><card><name>Nobody</name></card></superzone></deck>', db)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.text(max_size=40),
            st.sampled_from(
                ["[Characters]", "[Draw]", "[Bogus]", "players: 2-x", "name: X", "3 Akane Tendo", "#", "[]"]
            ),
        ),
        max_size=12,
    )
)
def test_the_reader_never_crashes(lines: list[str]) -> None:
    """Any text either parses or raises DeckFileError; never another exception."""
    db = CardDB.bundled()
    try:
        parse_deck("\n".join(lines), db)
    except DeckFileError as exc:
        assert exc.issues and all(i.message for i in exc.issues)
    try:
        parse_dek("\n".join(lines), db)
    except DeckFileError as exc:
        assert exc.issues
