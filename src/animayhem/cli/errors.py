"""How the command line reports a problem: one helper, one style, the user's text never read as markup.

Exit codes (documented in ``animayhem --help`` and docs/cli.md): 0 success, 2 bad input (a file, an option,
a deck or a save that cannot be used; the message says which and why), 1 a failure of the program itself.
No traceback reaches a user: :func:`animayhem.cli.main.main` turns anything unexpected into one line and
exit code 1.
"""

from __future__ import annotations

from typing import NoReturn

import typer
from rich.console import Console
from rich.markup import escape

from animayhem.i18n import gettext

BAD_INPUT = 2
PROGRAM_FAILURE = 1

err = Console(stderr=True, highlight=False, soft_wrap=True)  # a path is never broken over lines


def print_error(message: object, *, console: Console | None = None) -> None:
    """``error: <message>`` in red; brackets in the message are printed as they are."""
    label = gettext("error:")
    (console or err).print(f"[red]{label}[/red] {escape(str(message))}", highlight=False, soft_wrap=True)


def fail(message: object, code: int = BAD_INPUT) -> NoReturn:
    """Report ``message`` and end the command with ``code`` (2: bad input)."""
    print_error(message)
    raise typer.Exit(code)
