"""The program's languages: gettext catalogues read with Babel, and the language in force.

English is the source: the engine's sentences are the dictionaries of ``engine/faces/messages_en.py`` and the
faces' own strings (the terminal, the CLI) are written in English inside ``_()`` calls. Every other language
is one gettext catalogue, ``i18n/locale/<lang>/LC_MESSAGES/animayhem.po``, made from the template
``i18n/locale/animayhem.pot`` that ``tools/i18n.py extract`` writes (docs/translations.md):

* an engine sentence has the ``msgctxt`` ``"<DICTIONARY>|<key>"`` (``"EVENTS|combat_round.hit"``) and its English
  template as ``msgid``, so the English dictionaries stay the one source of truth and a changed English
  sentence no longer matches its old translation (it is English again until someone translates it anew);
* a face's string has no context, its English text is the ``msgid`` (``_("Seed {seed}")``).

The ``.po`` file is read at run time (no compiled binary is kept in the repository; ``tools/i18n.py compile``
writes ``.mo`` files for other gettext tools). A message with no translation falls back to English, and the
test ``tests/test_i18n.py`` fails on it.

The language in force is a context variable (:func:`activate`, :func:`active`), English unless a face sets
it: the terminal from ``--lang``, ``ANIMAYHEM_LANG`` or the OS locale (:func:`resolve`), the web table per
request from its switch or the browser's ``Accept-Language`` (:func:`negotiate`). Records, saves and the API
hold ids and data only, never words, so they do not depend on it.

This package imports nothing of the project, so every layer may use it.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from contextvars import ContextVar, Token
from functools import cache
from pathlib import Path

DOMAIN = "animayhem"
SOURCE = "en"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
CONTEXT_SEP = "|"  # msgctxt of an engine sentence: "<DICTIONARY>|<key>"

# the language's own name, for a switch that lists them
NAMES: dict[str, str] = {"en": "English", "es": "Español"}

_active: ContextVar[str] = ContextVar("animayhem_lang", default=SOURCE)
_TAG = re.compile(r"^([A-Za-z]{2,3})(?:[-_][A-Za-z0-9]+)*(?:[.@].*)?$")


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def languages() -> list[str]:
    """The languages the program speaks: English, and each one with a catalogue (looked up once per process:
    :func:`enter` asks at every switch, and a game records in English at every Combat card's half)."""
    return list(_languages(LOCALE_DIR))


@cache
def _languages(where: Path) -> tuple[str, ...]:
    found = sorted(p.parent.parent.name for p in where.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    return (SOURCE, *(lang for lang in found if lang != SOURCE))


def normalise(tag: str) -> str | None:
    """``es_ES.UTF-8`` / ``es-MX`` / ``ES`` -> ``es``; None for ``C``, ``POSIX`` or anything not a tag."""
    tag = tag.strip()
    if not tag or tag.upper() in ("C", "POSIX") or tag.upper().startswith("C."):
        return None
    m = _TAG.match(tag)
    return m.group(1).lower() if m else None


def resolve(lang: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language to speak: ``lang`` if given (``--lang``; an unknown one is an error), else
    ``ANIMAYHEM_LANG``, else the OS locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, as gettext reads
    them), else English. A locale the program does not speak falls through to the next."""
    known = languages()
    if lang is not None:
        code = normalise(lang)
        if code not in known:
            raise ValueError(f"unknown language {lang!r} (known: {', '.join(known)})")
        return code
    env = os.environ if environ is None else environ
    own = env.get("ANIMAYHEM_LANG", "")
    if own:
        code = normalise(own)
        if code in known:
            return code
        raise ValueError(f"ANIMAYHEM_LANG={own!r} is not a known language (known: {', '.join(known)})")
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if not value:
            continue
        for part in value.split(":"):  # LANGUAGE may list several, best first
            code = normalise(part)
            if code in known:
                return code
        if var != "LANGUAGE":
            break  # the first locale variable set decides (gettext's order)
    return SOURCE


def negotiate(accept_language: str | None) -> str:
    """The best language for an HTTP ``Accept-Language`` header (``es-ES,es;q=0.9,en;q=0.8`` -> ``es``)."""
    if not accept_language:
        return SOURCE
    known = languages()
    ranked: list[tuple[float, int, str]] = []
    for i, item in enumerate(accept_language.split(",")):
        tag, _, params = item.strip().partition(";")
        q = 1.0
        m = re.search(r"q=([0-9.]+)", params)
        if m:
            try:
                q = float(m.group(1))
            except ValueError:
                q = 0.0
        code = normalise(tag)
        if code in known and q > 0:
            ranked.append((-q, i, code))
    return sorted(ranked)[0][2] if ranked else SOURCE


def activate(lang: str) -> None:
    """Speak ``lang`` from now on (in this context)."""
    if lang not in languages():
        raise ValueError(f"unknown language {lang!r} (known: {', '.join(languages())})")
    _active.set(lang)


def enter(lang: str) -> Token[str]:
    """Speak ``lang`` until :func:`leave` is given the token (a web request, a WebSocket)."""
    return _active.set(lang if lang in _languages(LOCALE_DIR) else SOURCE)


def leave(token: Token[str]) -> None:
    _active.reset(token)


def active() -> str:
    return _active.get()


def chosen(lang: str | None) -> str:
    """``lang`` if given, else the language in force."""
    return active() if lang is None else lang


@cache
def translations(lang: str) -> dict[tuple[str | None, str], str]:
    """``(msgctxt, msgid) -> msgstr`` of a language's catalogue: translated, not fuzzy entries only."""
    if lang == SOURCE:
        return {}
    path = po_path(lang)
    if not path.is_file():
        raise ValueError(f"no catalogue for {lang!r} ({path})")
    from babel.messages.pofile import read_po  # only a translated language needs Babel

    with path.open("rb") as fh:
        cat = read_po(fh, locale=lang, domain=DOMAIN)
    out: dict[tuple[str | None, str], str] = {}
    for msg in cat:
        if not msg.id or msg.fuzzy or isinstance(msg.id, tuple):
            continue
        text = msg.string if isinstance(msg.string, str) else ""
        if text:
            out[(msg.context, str(msg.id))] = text
    return out


def pgettext(context: str | None, message: str, lang: str | None = None) -> str:
    """``message`` (English) in ``lang`` (default: the language in force), under ``context``."""
    code = chosen(lang)
    if code == SOURCE:
        return message
    return translations(code).get((context, message), message)


def gettext(message: str, lang: str | None = None) -> str:
    """A face's English string in the language in force (the ``_()`` of the CLI and the terminal)."""
    return pgettext(None, message, lang)


_ = gettext


def N_(message: str) -> str:
    """Marks a literal English template for the catalogue where it is written, translated later where it is used
    (``Msg(template, …)`` or :func:`gettext`)."""
    return message


class Msg(str):
    """An English sentence made from a template and its fields, which remembers both: it *is* its English text
    (compared, printed, written to JSON as any ``str``), and :func:`localize` shows it in another language.
    For messages made below the faces and shown by them (a deck's problems): ``Msg("add {n} Items", n=2)``.
    A field may be a ``Msg`` itself; it is translated with the sentence. The template is a catalogue entry
    (``tools/i18n.py`` extracts ``Msg("…")`` calls as it does ``_("…")``)."""

    __slots__ = ("fields", "template")
    template: str
    fields: dict[str, object]

    def __new__(cls, template: str, /, **fields: object) -> Msg:
        self = super().__new__(cls, template.format(**fields))
        self.template = template
        self.fields = fields
        return self

    def __reduce__(self) -> tuple[object, ...]:  # copies and pickles keep the template, not only the text
        return (_rebuild, (self.template, self.fields))


def _rebuild(template: str, fields: dict[str, object]) -> Msg:
    return Msg(template, **fields)


def localize(text: str, lang: str | None = None) -> str:
    """``text`` in ``lang`` (default: the language in force): a :class:`Msg` from its template's translation and
    its fields (each localized too); any other text as it is."""
    if not isinstance(text, Msg) or chosen(lang) == SOURCE:
        return str(text)
    fields = {k: localize(v, lang) if isinstance(v, str) else v for k, v in text.fields.items()}
    return polish(gettext(text.template, lang).format(**fields), lang)


# what a language writes differently once the words are in place: Spanish contracts "a el" and "de el"
# (a sentence names "el Refugio …" after "a" or "de"); only the article in lower case, never a name's "El"
_CONTRACTIONS: dict[str, tuple[tuple[re.Pattern[str], str], ...]] = {
    "es": ((re.compile(r"\b([Aa]) el\b"), r"\1l"), (re.compile(r"\b([Dd])e el\b"), r"\1el")),
}


# a word whose plural the template left open ("{n} round(s)", "{n} carta(s) robada(s)"): settled by the number
# before it in the same clause (no punctuation between, a few words at most)
_OPEN_PLURAL = re.compile(r"(\w+)\((e?s)\)")
_COUNT_BEFORE = re.compile(r"(?:^|[^\w.,])(\d+)((?:\s+[^\s\d.,;:!?]+){0,3}\s+)$")
_UNACCENTED = str.maketrans("áéíóú", "aeiou")


def _plural(m: re.Match[str]) -> str:
    word, suffix = m.group(1), m.group(2)
    before = _COUNT_BEFORE.search(m.string[max(0, m.start() - 60) : m.start()])
    if before is None:
        return m.group(0)
    if int(before.group(1)) == 1:
        return word
    if suffix == "es" and len(word) > 1 and word[-2] in "áéíóú":  # Spanish: acción -> acciones
        word = word[:-2] + word[-2].translate(_UNACCENTED) + word[-1]
    return word + suffix


def polish(text: str, lang: str | None = None) -> str:
    """``text`` as ``lang`` writes it (Spanish: "a el Refugio" -> "al Refugio", "de el" -> "del"), a plural a
    template left open settled by its number ("1 round(s)" -> "1 round", "3 turno(s)" -> "3 turnos")."""
    if "(" in text:
        text = _OPEN_PLURAL.sub(_plural, text)
    for pattern, repl in _CONTRACTIONS.get(chosen(lang), ()):
        text = pattern.sub(repl, text)
    return text


def translated_dict(name: str, english: Mapping[str, str], lang: str) -> dict[str, str]:
    """An engine dictionary (``EVENTS``, ``WORDS`` …) in ``lang``: each key's translation, English where none."""
    table = translations(lang)
    return {key: table.get((f"{name}{CONTEXT_SEP}{key}", text), text) for key, text in english.items()}
