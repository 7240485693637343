"""The translations' tool (docs/translations.md): extract, check and compile the gettext catalogues.

    python tools/i18n.py extract          # write i18n/locale/animayhem.pot, merge it into every language's .po
    python tools/i18n.py check            # every message translated, same placeholders; exit 1 with the list
    python tools/i18n.py compile          # .po -> .mo beside it (for other gettext tools; not committed)
    python tools/i18n.py init LANG        # start a new language's .po from the template

The template holds two kinds of message:

* the engine's sentences, from the dictionaries of engine/faces/messages_en.py (the English source of truth):
  ``msgctxt "EVENTS|combat_round.hit"``, the English template as ``msgid``;
* the faces' strings, found by Babel's extractor in ``_()``/``gettext()``/``pgettext()`` calls under
  src/animayhem (the terminal, the CLI, the web table), with no context unless the call gives one.

``extract`` keeps every translation whose English is unchanged; a changed English sentence is kept as a fuzzy
guess (not used until a translator checks it and removes the ``fuzzy`` flag) and one that is gone is dropped.
"""

from __future__ import annotations

import argparse
import re
import string
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import typer
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from animayhem.cards.database import CardDB
from animayhem.cards.wording import card_prose
from animayhem.cli.help_lang import HELP_CONTEXT, fixed_texts, help_texts
from animayhem.cli.main import app
from animayhem.cli.rules import DESCRIPTIONS
from animayhem.engine.core.actions import VERBS
from animayhem.engine.faces.narration import DICTIONARIES
from animayhem.i18n import CONTEXT_SEP, DOMAIN, LOCALE_DIR, SOURCE, TEMPLATE, po_path
from animayhem.rules.ruleset import SWITCH_DOCS

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "src" / "animayhem"
KEYWORDS = {
    "_": None,
    "gettext": None,
    "Msg": None,
    "N_": None,
    "pgettext": ((1, "c"), 2),
    "ngettext": (1, 2),
    "tr": None,  # the card texts rendered from the effect data (cards/wording.py)
    "ptr": ((1, "c"), 2),
}
STAMP = datetime(2026, 1, 1, tzinfo=UTC)  # a fixed date: extracting twice writes the same file
# a literal _('…') or _("…") in a Jinja template (the templates' strings hold no quote of their own kind)
TEMPLATE_CALL = re.compile(r"""\b_\(\s*(['"])(.*?)\1\s*\)""", re.S)
HOW_TO_FIX = "run `python tools/i18n.py extract`, then translate the entry in {po} (docs/translations.md)"


def fields(text: str) -> set[str]:
    """The ``str.format`` field names of a message (``{card}``, ``{count}`` …)."""
    try:
        return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text) if name}
    except ValueError:  # a brace that is not a field: compare as text
        return set()


def _source_messages() -> Iterable[tuple[str | None, str, str]]:
    """(context, msgid, where) of every ``_()`` call in the package's sources, in file order."""
    for filename, lineno, message, _comments, context in extract_from_dir(
        str(SOURCES),
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=("i18n:",),
    ):
        if isinstance(message, tuple):  # ngettext: the singular is enough here
            message = message[0]
        if message:
            yield context, message, f"src/animayhem/{filename}:{lineno}"
    for path in sorted((SOURCES / "web" / "templates").glob("*.html")):  # _('…') in the web templates
        text = path.read_text(encoding="utf-8")
        for m in TEMPLATE_CALL.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            yield None, m.group(2), f"src/animayhem/web/templates/{path.name}:{line}"


def template() -> Catalog:
    """The .pot: the engine's dictionaries first (in their order), then the faces' strings."""
    cat = Catalog(domain=DOMAIN, project="animayhem", version="0.1", fuzzy=False, creation_date=STAMP)
    for name, english in DICTIONARIES.items():
        for key, text in english.items():
            names = sorted(fields(text))
            comment = f"fields: {', '.join(names)}" if names else ""
            cat.add(
                text,
                context=f"{name}{CONTEXT_SEP}{key}",
                auto_comments=[comment] if comment else [],
                locations=[("engine/faces/messages_en.py", 0)],
            )
    for verb in sorted(VERBS):  # an action's verb in words (narration.action_text)
        cat.add(verb, context="verb", auto_comments=["an action's verb (the typed command stays English)"])
    for context, message, where in _source_messages():
        path, _, line = where.rpartition(":")
        existing = cat.get(message, context=context)
        if existing is not None:
            existing.locations.append((path, int(line)))
            continue
        names = sorted(fields(message))
        cat.add(
            message,
            context=context,
            locations=[(path, int(line))],
            auto_comments=[f"fields: {', '.join(names)}"] if names else [],
        )
    for text in [*help_texts(typer.main.get_command(app)), *fixed_texts()]:  # --help (cli/help_lang.py)
        if cat.get(text, context=HELP_CONTEXT) is None:
            cat.add(text, context=HELP_CONTEXT, auto_comments=["a --help text (the option names stay as typed)"])
    for text in DESCRIPTIONS.values():  # `rules list` / `rules show` (cli/rules.py)
        cat.add(text, context="ruleset", auto_comments=["a ruleset preset's description"])
    for name, (_rule, text) in SWITCH_DOCS.items():
        cat.add(text, context="ruleset switch", auto_comments=[f"what the switch {name} means (values stay as typed)"])
    for context, text, card in prose_messages():  # the abilities yaml's own prose (cards/wording.py ``card_prose``)
        cat.add(text, context=context, auto_comments=[f"card {card}"], locations=[("cards/data/abilities", 0)])
    return cat


def prose_messages() -> Iterator[tuple[str, str, str]]:
    """``(context, English, card id)`` of the prose of every bundled card, once each, in the database's order."""
    seen: set[tuple[str, str]] = set()
    for card in CardDB.bundled().cards:
        for context, text in card_prose(card):
            if text and (context, text) not in seen:
                seen.add((context, text))
                yield context, text, card.id


def _write(cat: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as fh:
        write_po(fh, cat, width=120, omit_header=False, include_previous=True, sort_output=False)


def _read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as fh:
        return read_po(fh, locale=lang, domain=DOMAIN)


def translated_languages() -> list[str]:
    return sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def extract() -> None:
    pot = template()
    _write(pot, TEMPLATE)
    print(f"{TEMPLATE.relative_to(ROOT)}: {len(pot)} messages")
    for lang in translated_languages():
        path = po_path(lang)
        cat = _read(path, lang)
        cat.update(pot, no_fuzzy_matching=False, update_header_comment=False)
        cat.obsolete.clear()
        _write(cat, path)
        print(f"{path.relative_to(ROOT)}: merged; {len(problems(lang))} to translate")


def init(lang: str) -> None:
    path = po_path(lang)
    if path.exists():
        raise SystemExit(f"{path} exists already: run extract")
    pot = template()
    cat = Catalog(
        locale=lang, domain=DOMAIN, project="animayhem", version="0.1", creation_date=STAMP, revision_date=STAMP
    )
    for msg in pot:
        if msg.id:
            cat.add(msg.id, context=msg.context, auto_comments=msg.auto_comments, locations=msg.locations)
    _write(cat, path)
    print(f"{path.relative_to(ROOT)}: {len(pot)} messages to translate")


@dataclass(frozen=True)
class Problem:
    lang: str
    context: str | None
    msgid: str
    what: str

    def __str__(self) -> str:
        where = f"msgctxt {self.context!r} msgid {self.msgid[:60]!r}" if self.context else repr(self.msgid[:60])
        if self.context and CONTEXT_SEP in self.context:
            name, _, key = self.context.partition(CONTEXT_SEP)
            where = f"messages_en.{name}[{key!r}]"
        po = po_path(self.lang).relative_to(ROOT)
        return f"{self.lang}: {where}: {self.what}; {HOW_TO_FIX.format(po=po)}"


def problems(lang: str) -> list[Problem]:
    """What keeps ``lang`` from saying every message: missing, untranslated or fuzzy entries, and
    translations whose placeholders differ from the English ones."""
    path = po_path(lang)
    cat = _read(path, lang)
    out: list[Problem] = []
    for want in template():
        if not want.id:
            continue
        msgid = str(want.id)
        got: Message | None = cat.get(msgid, context=want.context)
        if got is None:
            out.append(Problem(lang, want.context, msgid, "no entry (the English is new or changed)"))
            continue
        text = got.string if isinstance(got.string, str) else ""
        if not text:
            out.append(Problem(lang, want.context, msgid, "not translated"))
        elif got.fuzzy:
            out.append(Problem(lang, want.context, msgid, "marked fuzzy (the English changed: check the translation)"))
        elif fields(text) != fields(msgid):
            out.append(
                Problem(
                    lang,
                    want.context,
                    msgid,
                    f"placeholders differ: English {sorted(fields(msgid))}, {lang} {sorted(fields(text))}",
                )
            )
    return out


def check(langs: list[str]) -> int:
    found = [p for lang in langs for p in problems(lang)]
    for p in found:
        print(p)
    print(f"{len(found)} problem(s) in {', '.join(langs) or 'no language'}")
    return 1 if found else 0


def compile_all() -> None:
    for lang in translated_languages():
        cat = _read(po_path(lang), lang)
        out = po_path(lang).with_suffix(".mo")
        with out.open("wb") as fh:
            write_mo(fh, cat, use_fuzzy=False)
        print(f"{out.relative_to(ROOT)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("extract", help="write the .pot and merge it into every .po")
    c = sub.add_parser("check", help="every message translated with the same placeholders")
    c.add_argument("langs", nargs="*", help="languages (default: all)")
    sub.add_parser("compile", help="write .mo files beside the .po files")
    i = sub.add_parser("init", help="start a new language")
    i.add_argument("lang")
    args = parser.parse_args(argv)
    if args.command == "extract":
        extract()
    elif args.command == "check":
        return check(args.langs or [lang for lang in translated_languages() if lang != SOURCE])
    elif args.command == "compile":
        compile_all()
    else:
        init(args.lang)
    return 0


if __name__ == "__main__":
    sys.exit(main())
