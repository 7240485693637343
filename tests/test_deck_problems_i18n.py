"""Deck problems (decks/legality.py, RULES.md SETUP-2 ... SETUP-21) in the language in force: every kind of
problem the checker finds, shown in Spanish, uses no English words but the card names and the deck file's own
section names; the JSON and ``str()`` stay English (docs/translations.md)."""

from __future__ import annotations

import copy
import dataclasses
import json
import pickle
import re

import pytest
from typer.testing import CliRunner

from animayhem import i18n
from animayhem.cards.database import CardDB
from animayhem.cli.main import app
from animayhem.decks.legality import Problem, check_deck
from animayhem.decks.model import Deck, Entry, Section
from animayhem.decks.starters import starter_decks
from animayhem.i18n import Msg, localize
from animayhem.rules.ruleset import get_ruleset

# English words a Spanish problem must not contain (the deck file's [Sections] and card names aside)
ENGLISH = re.compile(
    r"\b(add|remove|move|replace|found|required|fix|at least|at most|exactly|the|with|and|or|of|cards?|Items?|"
    r"Locations?|Havens?|Disasters?|Characters?|starting|players?|Combat|Major|Minor)\b"
)


def _broken_decks() -> list[tuple[Deck, str, int]]:
    """Starter decks bent so that between them they break most construction rules."""
    db = CardDB.bundled()
    out: list[tuple[Deck, str, int]] = []
    for deck in starter_decks().values():
        out += [(deck, r, n) for r in ("classic", "guia", "dbz", "fifth") for n in (1, 2, 3, 5)]
    z = starter_decks()["z-fighters"]
    extra = [
        Entry(Section.CHARACTERS, db.ids["goku-common"], 3),  # too many of one Character, wrong count
        Entry(Section.ITEMS, db.ids["forest-glade"], 1),  # a Location in [Items]
        Entry(Section.HAVEN, db.ids["masaki-house"], 2),  # more than one Haven
        Entry(Section.ASIDE, db.ids["washu"], 1),  # neither a Super-Saiyan nor a second card
    ]
    bent = dataclasses.replace(z, entries=(*z.entries, *extra))
    out += [(bent, r, 2) for r in ("classic", "guia", "dbz", "fifth")]
    return out


@pytest.fixture(scope="module")
def problems() -> list[Problem]:
    found: dict[str, Problem] = {}
    for deck, rules, n in _broken_decks():
        for p in check_deck(deck, get_ruleset(rules), n):
            found.setdefault(p.message.template if isinstance(p.message, Msg) else p.message, p)
    return list(found.values())


def test_problems_of_many_kinds_are_found(problems: list[Problem]) -> None:
    assert len({p.rule for p in problems}) >= 5, sorted({p.rule for p in problems})


def test_every_problem_reads_in_spanish_without_english_words(problems: list[Problem]) -> None:
    names = sorted({c.name for c in CardDB.bundled().cards} | {"Super-Saiyan"}, key=len, reverse=True)
    left = []
    for p in problems:
        text = p.text("es")
        assert text != p.text("en"), text
        scanned = re.sub(r"\[[A-Za-z]+\]", "·", text)
        for name in names:
            scanned = scanned.replace(name, "·")
        if found := ENGLISH.findall(scanned.split("] ", 1)[1]):
            left.append(f"{text!r}: {found}")
    assert not left, "\n".join(left)


def test_json_and_str_stay_english(problems: list[Problem]) -> None:
    p = problems[0]
    assert str(p) == p.text("en") and "fix:" in str(p)
    with _spanish():
        assert "arreglo:" in p.text() and str(p) == p.text("en")
        as_json = json.dumps(p.to_json())
    assert as_json == json.dumps(p.to_json()) and "arreglo" not in as_json


class _spanish:
    def __enter__(self) -> None:
        self.token = i18n.enter("es")

    def __exit__(self, *exc: object) -> None:
        i18n.leave(self.token)


def test_a_message_keeps_its_template_through_copies_and_pickles() -> None:
    m = Msg("remove {count}", count=Msg("{n} Items", n=2))
    assert m == "remove 2 Items"
    for other in (copy.deepcopy(m), pickle.loads(pickle.dumps(m))):
        assert isinstance(other, Msg) and other == m and localize(other, "es") == "quita 2 ítems"
    assert localize("plain text", "es") == "plain text"


def test_deck_check_at_the_terminal_in_spanish() -> None:
    runner = CliRunner()
    es = runner.invoke(app, ["--lang", "es", "deck", "check", "z-fighters", "-p", "3", "-r", "guia"])
    en = runner.invoke(app, ["--lang", "en", "deck", "check", "z-fighters", "-p", "3", "-r", "guia"])
    assert es.exit_code == en.exit_code == 1
    assert "ilegal" in es.output and "Localizaciones" in es.output and "arreglo" in es.output
    assert "illegal" in en.output and "Locations" in en.output
    js = runner.invoke(app, ["--lang", "es", "deck", "check", "z-fighters", "-p", "3", "-r", "guia", "--json"])
    assert "Locations" in js.output and "Localizaciones" not in js.output
