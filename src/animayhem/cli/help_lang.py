"""``--help`` in the language in force (docs/translations.md).

Typer reads the commands' help (their docstrings and ``help=`` texts) when the program starts, in English,
before any option is parsed. So the installed command (cli/main.py ``main``) first finds the language the way
``--lang`` does (:func:`lang_in_argv`, then ``ANIMAYHEM_LANG`` and the OS locale), activates it, and
:func:`localize` rewrites every help text of the command tree through the catalogue before Typer runs: the
English text is the ``msgid``, with the context :data:`HELP_CONTEXT`; the help option's own line and the
headings of Typer's help panels are translated the same way. ``tools/i18n.py extract`` collects the very same
texts with :func:`help_texts`, so the catalogue always holds what the program asks for. The usage line's
syntax (``Usage: animayhem play [OPTIONS]``) and the option names stay as they are typed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

import typer.rich_utils

HELP_CONTEXT = "CLI help"
HELP_OPTION = "Show this message and exit."
# Typer's help panels: module attribute -> its English heading
PANEL_TITLES = {
    "ARGUMENTS_PANEL_TITLE": "Arguments",
    "OPTIONS_PANEL_TITLE": "Options",
    "COMMANDS_PANEL_TITLE": "Commands",
    "ERRORS_PANEL_TITLE": "Error",
    "REQUIRED_LONG_STRING": "[required]",
    "DEFAULT_STRING": "[default: {}]",
}


def lang_in_argv(argv: Sequence[str]) -> str | None:
    """The value of the last ``--lang X`` or ``--lang=X`` on the command line, if any (before ``--``)."""
    found: str | None = None
    for i, word in enumerate(argv):
        if word == "--":
            break
        if word == "--lang" and i + 1 < len(argv):
            found = argv[i + 1]
        elif word.startswith("--lang="):
            found = word.partition("=")[2]
    return found


def _children(cmd: Any) -> list[Any]:
    """The sub-commands of a command group (none for a command)."""
    if not hasattr(cmd, "list_commands"):
        return []
    ctx = cmd.context_class(cmd)
    return [c for name in cmd.list_commands(ctx) if (c := cmd.get_command(ctx, name)) is not None]


def _help_option(cmd: Any) -> Any:
    return cmd.get_help_option(cmd.context_class(cmd))


def help_texts(cmd: Any) -> Iterator[str]:
    """Every help text of the command tree under ``cmd``: the commands' help and short help, the options' and
    arguments' help, in the tree's order (duplicates included)."""
    for text in (cmd.help, cmd.short_help, cmd.epilog):
        if text:
            yield text
    for param in cmd.params:
        text = getattr(param, "help", None)
        if text:
            yield text
    for sub in _children(cmd):
        yield from help_texts(sub)


def fixed_texts() -> list[str]:
    """The help's own words that no command of ours writes: the help option's line and the panel headings."""
    return [HELP_OPTION, *PANEL_TITLES.values()]


def localize(cmd: Any, translate: Callable[[str], str]) -> None:
    """Rewrite every help text of the tree under ``cmd`` (and Typer's panel headings) with ``translate``."""
    for name, english in PANEL_TITLES.items():
        setattr(typer.rich_utils, name, translate(english))
    _localize(cmd, translate)


def _localize(cmd: Any, translate: Callable[[str], str]) -> None:
    for attr in ("help", "short_help", "epilog"):
        text = getattr(cmd, attr)
        if text:
            setattr(cmd, attr, translate(text))
    for param in cmd.params:
        text = getattr(param, "help", None)
        if text:
            param.help = translate(text)
    option = _help_option(cmd)
    if option is not None and option.help == HELP_OPTION:
        option.help = translate(HELP_OPTION)
    for sub in _children(cmd):
        _localize(sub, translate)
