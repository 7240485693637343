"""``--lang``: the language the command speaks (animayhem.i18n; docs/translations.md).

Every command accepts it after ``animayhem`` (``animayhem --lang es play``), and ``play`` and ``cards show``
after their own name too. Without it: ``ANIMAYHEM_LANG``, else the OS locale (``LANGUAGE``, ``LC_ALL``,
``LC_MESSAGES``, ``LANG``), else English. Only the words change: records, saves and ``--json`` output hold ids
and data, the same in every language.
"""

from __future__ import annotations

from typing import Annotated

import typer

from animayhem import i18n

LangOpt = Annotated[
    str | None,
    typer.Option(
        "--lang",
        help="The language to speak: en or es (default: $ANIMAYHEM_LANG, else the OS locale, else en).",
    ),
]


def use_language(lang: str | None) -> str:
    """Speak ``lang``, else ``ANIMAYHEM_LANG``, else the OS locale, else English; an unknown one is bad input."""
    try:
        code = i18n.resolve(lang)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--lang") from exc
    i18n.activate(code)
    return code
