"""The card texts in Spanish (cards/wording.py, docs/translations.md): `cards show ID --lang es` renders every
card's text made from its effect data, its rulings, facts, notes and the clauses it leaves unexecuted from the
catalogue, with no message lacking a translation; the English rendering is what it always was (the JSON and
docs/card-texts.md stay English)."""

from __future__ import annotations

import contextvars
import io

import pytest
from rich.console import Console

from animayhem import i18n
from animayhem.cards.database import CardDB
from animayhem.cards.effects import effect_text
from animayhem.cards.model import AbilityStatus, Card, CardType
from animayhem.cards.render import card_json, render_card
from animayhem.cards.status import status_lines
from animayhem.cards.wording import card_prose, prose, recording, speaking

LANGS = [lang for lang in i18n.languages() if lang != i18n.SOURCE]


def _with_text(db: CardDB) -> list[Card]:
    return [c for c in db.cards if c.ability_status is not AbilityStatus.NONE or c.rulings or c.notes]


def _render(card: Card) -> str:
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(render_card(card))
    itself = card.type is CardType.CHARACTER
    texts = [effect_text(e, card.effects[:i], itself) for i, e in enumerate(card.effects)]
    return console.export_text() + "\n".join(texts + status_lines(card))


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_renders_with_every_message_translated(lang: str) -> None:
    """Each card with text rendered in the language: every template of its effect text and every sentence of its
    own prose has a translation (a message asked for without one is recorded and named here)."""
    db = CardDB.bundled()
    cards = _with_text(db)
    assert len(cards) > 300

    def run() -> dict[str, set[tuple[str | None, str]]]:
        i18n.activate(lang)
        out: dict[str, set[tuple[str | None, str]]] = {}
        for card in cards:
            with recording() as missing:
                _render(card)
            if missing:
                out[card.id] = set(missing)
        return out

    found = contextvars.copy_context().run(run)
    lines = [
        f"{cid}: {ctx or ''}|{msg[:90]!r}"
        for cid, miss in sorted(found.items())
        for ctx, msg in sorted(miss, key=lambda m: (m[0] or "", m[1]))
    ]
    assert not found, f"{len(found)} card(s) with card text not translated into {lang}:\n" + "\n".join(lines[:40])


@pytest.mark.parametrize("lang", LANGS)
def test_no_effect_text_stays_english(lang: str) -> None:
    """A verb whose ``text()`` is written as an f-string (not a catalogue template, cards/wording.py) renders the
    same in every language and asks the catalogue for nothing: no effect's text may be its English text."""
    db = CardDB.bundled()

    def texts() -> list[tuple[str, str]]:
        return [
            (c.id, effect_text(e, c.effects[:i], c.type is CardType.CHARACTER))
            for c in db.cards
            for i, e in enumerate(c.effects)
        ]

    english = texts()

    def spoken() -> list[tuple[str, str]]:
        i18n.activate(lang)
        return texts()

    translated = contextvars.copy_context().run(spoken)
    same = [f"{cid}: {en!r}" for (cid, en), (_, es) in zip(english, translated, strict=True) if en == es]
    assert not same, "effect texts left in English (write text() with tr()):\n" + "\n".join(same[:20])


@pytest.mark.parametrize("lang", LANGS)
def test_prose_of_every_card_is_in_the_catalogue(lang: str) -> None:
    table = i18n.translations(lang)
    db = CardDB.bundled()
    lacking = [(ctx, text) for c in db.cards for ctx, text in card_prose(c) if text and (ctx, text) not in table]
    assert not lacking, f"{len(lacking)} sentence(s) of card prose without a translation: {lacking[:5]}"


def test_the_english_is_unchanged_and_the_json_stays_english() -> None:
    db = CardDB.bundled()
    card = db.ids["toma"]

    def spoken() -> tuple[dict[str, object], str]:
        i18n.activate("es")
        return card_json(card), _render(card)

    data, es = contextvars.copy_context().run(spoken)
    assert data == card_json(card)  # the JSON is data: the same in every language
    assert _render(card) != es
    assert prose("card ruling", "no such sentence") == "no such sentence"


def test_cards_show_lang_es_speaks_spanish() -> None:
    from typer.testing import CliRunner

    from animayhem.cli.main import app

    res = CliRunner().invoke(app, ["cards", "show", "toma", "--lang", "es"])
    assert res.exit_code == 0, res.output
    assert "Mientras" in res.output and "While it is in play" not in res.output


def test_an_effect_acting_every_nth_time_says_so_in_spanish() -> None:
    """The English says "Every 3rd time" by rewording the trigger; in Spanish the count is said after it (Largo
    destroys the cards of every third Location it stops on, not of every one)."""
    largo = CardDB.bundled().by_id("largo")
    i = next(i for i, e in enumerate(largo.effects) if e.every == 3)

    def spoken() -> str:
        i18n.activate("es")
        return effect_text(largo.effects[i], largo.effects[:i], False)

    assert effect_text(largo.effects[i], largo.effects[:i], False).startswith("Every 3rd time it stops")
    assert "(solo una vez de cada 3)" in contextvars.copy_context().run(spoken)


def test_a_cards_summary_and_requirement_read_in_spanish() -> None:
    """The summary (the ability in the project's words) comes from the catalogue's ``card summary`` entries, and a
    Location's requirement keeps its Skills as printed with the words between them in Spanish."""
    db = CardDB.bundled()
    kiriya, hq = db.ids["kiriya"], db.ids["a-d-police-hq"]
    with speaking("es"):
        text = _render(kiriya)
        assert kiriya.text is not None and " ".join(kiriya.text.split()) not in " ".join(text.split())
        assert "Resumen: En cada fase de Equipar" in text
        assert "Police & Bureaucracy o Seduction & Computer" in _render(hq)
    english = _render(hq)
    assert "Police & Bureaucracy or Seduction & Computer" in english
