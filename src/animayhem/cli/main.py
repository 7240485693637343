"""The ``animayhem`` command: one Typer app with a sub-command group per area.

Exit codes: 0 success, 2 bad input (the message names the file, line or field and says why), 1 a failure
of the program itself. :func:`main` (the installed command) makes sure no traceback reaches a user.
"""

from __future__ import annotations

import sys
from typing import Any

import typer

from animayhem import __version__, i18n
from animayhem.cli.cards import cards_app
from animayhem.cli.deck import deck_app
from animayhem.cli.errors import BAD_INPUT, PROGRAM_FAILURE, print_error
from animayhem.cli.help_lang import HELP_CONTEXT, lang_in_argv, localize
from animayhem.cli.lang import LangOpt, use_language
from animayhem.cli.play import play
from animayhem.cli.records import replay, scenario_app
from animayhem.cli.rules import rules_app
from animayhem.cli.serve import serve_command
from animayhem.cli.simulate import simulate_command

app = typer.Typer(
    name="animayhem",
    help=(
        "Ani-Mayhem, the 1996-97 anime card game: every rule enforced.\n\n"
        "Exit codes: 0 success; 2 bad input (a file, option, deck or save that cannot be used: the message"
        " says which and why); 1 a failure of the program itself."
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _root(lang: LangOpt = None) -> None:
    use_language(lang)


app.add_typer(cards_app, name="cards")
app.add_typer(deck_app, name="deck")
app.add_typer(rules_app, name="rules")
app.add_typer(scenario_app, name="scenario")
app.command("replay")(replay)
app.command("play")(play)
app.command("simulate")(simulate_command)
app.command("serve")(serve_command)


@app.command()
def version() -> None:
    """Print the animayhem version."""
    typer.echo(__version__)


def command(argv: list[str]) -> Any:
    """The app as a command, speaking the language ``argv`` asks for (``--lang``, else ``ANIMAYHEM_LANG``, else
    the OS locale): its ``--help`` too (cli/help_lang.py). An unknown ``--lang`` is left for the option itself
    to refuse, with its reason, when the command line is parsed."""
    try:
        code = i18n.resolve(lang_in_argv(argv))
    except ValueError:
        code = i18n.resolve()
    i18n.activate(code)
    cmd = typer.main.get_command(app)  # built afresh: its texts are this call's to rewrite
    localize(cmd, lambda text: i18n.pgettext(HELP_CONTEXT, text))  # English too: Typer's headings are shared
    return cmd


def main() -> None:
    """The installed ``animayhem`` command: the app, with no traceback ever shown to a user."""
    try:
        command(sys.argv[1:])()
    except SystemExit:
        raise
    except KeyboardInterrupt:
        print_error(i18n.gettext("interrupted"))
        sys.exit(130)
    except (ValueError, OSError) as exc:  # our loaders' errors are ValueErrors naming file and reason
        print_error(exc)
        sys.exit(BAD_INPUT)
    except RecursionError:
        print_error(i18n.gettext("the input is nested too deeply"))
        sys.exit(BAD_INPUT)
    except MemoryError:
        print_error(i18n.gettext("the input is too large"))
        sys.exit(BAD_INPUT)
    except Exception as exc:  # a bug: say so in one line, with what to report
        print_error(
            i18n.gettext("internal error ({kind}: {error}); please report it with the command you ran").format(
                kind=type(exc).__name__, error=exc
            )
        )
        sys.exit(PROGRAM_FAILURE)
