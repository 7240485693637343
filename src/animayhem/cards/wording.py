"""The card texts in the language in force: the sentences rendered from the effect data and the card-specific
prose of the abilities files (rulings, the clauses not executed, the facts), through the gettext catalogue
(animayhem.i18n, docs/translations.md).

* :func:`tr` / :func:`ptr` take an English template with named ``str.format`` fields, written where the
  sentence is made (``tr("Bonk {who}.", who=self.who.text())``): in English the template formatted, so the
  English text is exactly what it always was; in another language the template's translation, formatted with
  the same fields (each already in that language, made by the same calls) and polished (Spanish "a el" -> "al").
  ``ptr`` gives a context where one English word or fragment needs another form in the other language (a
  gender, a number): ``ptr("item", "one {names} {where}", …)``. ``tools/i18n.py extract`` collects both.
* :func:`prose` is the card-specific prose of the abilities yaml, a catalogue entry by itself under its
  context (``card ruling``, ``card ruling why``, ``card unexecuted`` …); ``tools/i18n.py`` collects every
  such string from the card database (its ``prose_messages``, through :func:`card_prose`).
* :func:`recording` collects the messages asked for in a language that has no translation of them (the test
  that every card renders in Spanish without one: tests/test_card_texts_es.py).

A card's data in JSON stays English (cards/render.py ``card_json`` renders under :func:`english`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING

from animayhem.i18n import SOURCE, active, enter, leave, polish, translations

if TYPE_CHECKING:
    from animayhem.cards.model import Card
    from animayhem.cards.requirements import Requirement

_ABILITY_IN_REQ = re.compile(r"\b(Attack|Defense|Movement|Charm|Energy|Health)(?= ?[<>=]| \d)")
_missing: ContextVar[set[tuple[str | None, str]] | None] = ContextVar("animayhem_card_text_missing", default=None)

# the contexts of the card-specific prose (tools/i18n.py extracts them from the card database)
RULING = "card ruling"
WHY = "card ruling why"
SOURCE_OF = "card ruling source"
UNEXECUTED = "card unexecuted"
FACT = "card fact"
NOTE = "card note"
ERRATUM = "card erratum"
WITHHELD = "card withheld"
HALF = "card half"  # a Combat card half's text (its physical or Charm side), as printed in our words
SUMMARY = "card summary"  # a card's summary: its ability in the project's own words (Card.text)
HOOK = "card hook"  # the sentence of a card's named hook (its ``text``, with ``{placeholders}`` for its numbers)


def _lookup(context: str | None, template: str) -> str:
    lang = active()
    if lang == SOURCE:
        return template
    got = translations(lang).get((context, template))
    if got is None:
        seen = _missing.get()
        if seen is not None:
            seen.add((context, template))
        return template
    return got


def tr(template: str, /, **fields: object) -> str:
    """``template`` (English, ``str.format`` fields) in the language in force, formatted with ``fields``."""
    return ptr(None, template, **fields)


def ptr(context: str | None, template: str, /, **fields: object) -> str:
    """:func:`tr` under a gettext context (one English fragment, two forms elsewhere)."""
    text = _lookup(context, template)
    if text is template:
        return template.format(**fields)
    return polish(text.format(**fields))


def action_word(action: str) -> str:
    """An action in a card's text ("move", "attack" …), in the language in force (English: the word as it is)."""
    if active() == SOURCE:
        return action
    words = {
        "move": ptr("action", "move"),
        "attack": ptr("action", "attack"),
        "scavenge": ptr("action", "Scavenge"),
        "run": ptr("action", "Run Away"),
        "play": ptr("action", "play"),
    }
    return words.get(action, action)


def req_text(req: Requirement | None) -> str:
    """A requirement as a card's text quotes it: as printed (skills, categories, cards), the words between in the
    language in force ("Student or Robot" -> "Student o Robot")."""
    if req is None:
        return ""
    if active() == SOURCE:
        return req.text
    text = req.text.replace(" or ", tr(" or ")).replace(" and ", tr(" and "))
    text = text.replace("ability to pierce Illusions", ptr("requirement", "ability to pierce Illusions"))
    return _ABILITY_IN_REQ.sub(lambda m: stat_word(m.group(1).lower()), text)


def vehicle_kind(kind: str | None) -> str:
    """A vehicle's class in words (``ground`` / ``flying`` / ``planetary``, lower case as the data has it)."""
    words = {
        "ground": ptr("vehicle kind", "ground"),
        "flying": ptr("vehicle kind", "flying"),
        "planetary": ptr("vehicle kind", "planetary"),
    }
    return words.get(kind or "", kind or "")


def movement_word(movement: str) -> str:
    """How a Disaster moves (``normal`` / ``once`` / ``none``)."""
    words = {
        "normal": ptr("disaster movement", "normal"),
        "once": ptr("disaster movement", "once"),
        "none": ptr("disaster movement", "none"),
    }
    return words.get(movement, movement)


def type_word(kind: str) -> str:
    """A card type's name (``global-effect`` -> "Global Effect", "Efecto Global"): the catalogue's ``card type``."""
    return ptr("card type", kind.replace("-", " ").title())


def stat_word(ability: str) -> str:
    """An ability's name (``attack`` -> "Attack", "Ataque"): the catalogue's ``ability`` entries."""
    return ptr("ability", ability.capitalize())


def prose(context: str, text: str) -> str:
    """A card's own sentence from the abilities yaml (a ruling, a clause not executed …) in the language in force."""
    if not text:
        return text
    out = _lookup(context, text)
    return out if out is text else polish(out)


@contextmanager
def speaking(lang: str | None) -> Iterator[None]:
    """Render in ``lang`` (None: the language in force) for the duration (a face that names its language)."""
    token = enter(active() if lang is None else lang)
    try:
        yield
    finally:
        leave(token)


@contextmanager
def english() -> Iterator[None]:
    """Render in English whatever the language in force (data: a card's JSON)."""
    token = enter(SOURCE)
    try:
        yield
    finally:
        leave(token)


def in_english(make: Callable[[], str]) -> str:
    """``make()`` rendered in English (a sentence kept in a game's record: records hold no language)."""
    with english():
        return make()


@contextmanager
def recording() -> Iterator[set[tuple[str | None, str]]]:
    """Collect ``(context, msgid)`` of each card text asked for with no translation in the language in force."""
    seen: set[tuple[str | None, str]] = set()
    token = _missing.set(seen)
    try:
        yield seen
    finally:
        _missing.reset(token)


def card_prose(card: Card) -> Iterator[tuple[str, str]]:
    """``(context, English)`` of every sentence of a card's own prose, as :func:`prose` is asked for it."""
    if card.text:
        yield SUMMARY, card.text.strip()
    for half in (card.physical, card.charm_side):
        if half is not None and half.text:
            yield HALF, half.text
    for r in card.rulings:
        yield RULING, r.decided
        yield WHY, r.why
        yield SOURCE_OF, r.source
    for u in card.unexecuted:
        yield UNEXECUTED, u
    for f in card.executed_facts:
        yield FACT, f
    for effect in card.effects:  # a named hook's sentence (effects.Hook)
        hook_text = getattr(effect.do, "text_", None) if getattr(effect.do, "verb", None) == "hook" else None
        if isinstance(hook_text, str):
            yield HOOK, hook_text
    for n in card.notes:
        yield NOTE, n
    for e in card.errata:
        yield ERRATUM, e.reason
        yield SOURCE_OF, e.source
    if card.withheld_reason:
        yield WITHHELD, card.withheld_reason
