"""The ``animayhem`` command: one Typer app with a sub-command group per area."""

from __future__ import annotations

import typer

from animayhem import __version__
from animayhem.cli.cards import cards_app
from animayhem.cli.deck import deck_app
from animayhem.cli.play import play
from animayhem.cli.records import replay, scenario_app
from animayhem.cli.rules import rules_app
from animayhem.cli.serve import serve_command
from animayhem.cli.simulate import simulate_command

app = typer.Typer(
    name="animayhem",
    help="Ani-Mayhem, the 1996-97 anime card game: every rule enforced.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
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
