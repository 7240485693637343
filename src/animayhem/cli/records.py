"""``animayhem replay FILE`` and ``animayhem scenario run FILE``: records and scenarios on the command line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from animayhem.cli.errors import print_error
from animayhem.cli.summary import end_summary
from animayhem.engine.faces import narration
from animayhem.engine.game import Game
from animayhem.i18n import gettext as _
from animayhem.records import record, scenario

scenario_app = typer.Typer(help="Set up a position from a scenario file and play it.", no_args_is_help=True)
console = Console()
err = Console(stderr=True)


def describe(event: dict[str, Any], game: Game) -> str:
    """One line of the game log for people."""
    kind = event["e"]
    rest = {k: v for k, v in event.items() if k not in ("e", "turn", "to")}
    if kind == "combat_round":
        strikers = " + ".join(f"{s['card']} {s['attack']}" for s in event["strikers"]) or "nobody"
        # what its text changed (engine/procedures/combat.py notes), so that the line adds up
        counted = f" (counts {event['counted']})" if "counted" in event else ""
        counted += " (each on its own)" if event.get("separate_defense") else ""
        factor = f" x{event['damage_factor']}" if "damage_factor" in event else ""
        held = f" (held from {event['held_from']})" if "held_from" in event else ""
        return (
            f"combat round {event['round']}: {event['disaster']} (card {event['disaster_card']}) attacks "
            f"{event['target']} (card {event['target_card']}): {event['disaster_attack']} vs Defense "
            f"{event['target_defense']}{factor} = {event['damage_to_target']} damage "
            f"(Health {event['target_health']}); "
            f"strike {strikers} = {event['strike']}{counted} vs Defense {event['disaster_defense']} = "
            f"{event['damage_to_disaster']}{held} damage (Health {event['disaster_health']})"
            + (" [unanswered]" if event["unanswered"] else "")
            + "".join(
                f"; {w['card']} protects: D {w['defense']}, takes {w['damage']}" for w in event.get("protectors", [])
            )
        )
    if kind == "fight_hit":
        attackers = " + ".join(f"{a['card']} {a['attack']}" for a in event["attackers"])
        wards = "".join(f" + {w['card']} {w['defense']} (takes {w['damage']})" for w in event["protectors"])
        return (
            f"fight round {event['round']}: {attackers} = {event['attack']} on {event['target']}, Defense "
            f"{event['target_defense']}{wards} = {event['defense']}: {event['damage']} damage "
            f"(Health {event['health']})" + (" [unanswered]" if event["unanswered"] else "")
        )
    fields = ", ".join(f"{k}={v}" for k, v in rest.items())
    return f"{kind.replace('_', ' ')}: {fields}" if fields else kind.replace("_", " ")


def print_events(game: Game, events: list[dict[str, Any]], words: bool = False) -> None:
    """The events, as sentences (``words``: engine/faces/narration.py) or as their raw fields (for scenario authors)."""
    for ev in events:
        text = narration.sentence(game, ev, None) if words else describe(ev, game)
        console.print(f"[dim]t{ev['turn']:>3}[/dim] {text}", highlight=False)


def print_log(game: Game, seat: int | None = None, words: bool = False) -> None:
    print_events(game, game.events_for(seat), words)


def replay(
    file: Annotated[Path, typer.Argument(help="A game record or save (JSON).")],
    seat: Annotated[int | None, typer.Option("--seat", help="Show only what this seat saw.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the event log as JSON.")] = False,
    step: Annotated[bool, typer.Option("--step", help="Step through the game one decision at a time.")] = False,
    fields: Annotated[bool, typer.Option("--fields", help="Print each event's raw fields, not sentences.")] = False,
) -> None:
    """Replay a game record and print its log (or step through it with --step)."""
    try:
        game = record.load(file)
    except record.RecordError as exc:
        print_error(exc)
        raise typer.Exit(2) from exc
    seats = len(game.config.seats)
    if seat is not None and not 0 <= seat < seats:
        print_error(_("--seat {seat}: this game has seats 0 to {last}").format(seat=seat, last=seats - 1))
        raise typer.Exit(2)
    if step:
        _step(game, seat, not fields)
        return
    if as_json:
        typer.echo(json.dumps({"events": game.events_for(seat), "result": game.result}, indent=1))
        return
    print_log(game, seat, not fields)
    print_outcome(game)


def print_outcome(game: Game) -> None:
    """How the game ended, in words (who won, why, with the rule, and the Items of each side), or who decides
    next in a game still in progress."""
    if game.result:
        for line in end_summary(game):
            console.print(line, highlight=False)
    else:
        who = _("nobody") if game.to_move is None else _("Player {n}").format(n=game.to_move + 1)
        console.print(
            _("game in progress: {who} to decide ({n} decisions so far)").format(who=who, n=len(game.history)),
            highlight=False,
        )


def _step(done: Game, seat: int | None, words: bool = True) -> None:
    """Rebuild the game decision by decision, printing what each decision led to; Enter goes on, q stops."""
    game = Game(done.config, done.db)
    shown = 0
    for i, action in enumerate(done.history):
        events = game.events_for(seat)
        print_events(game, events[shown:], words)
        shown = len(events)
        who = game.to_move
        try:
            answer = input(
                f"[{i + 1}/{len(done.history)}] "
                + _("seat {seat}: {action}   (Enter: next, q: quit) ").format(seat=who, action=action)
            )
        except EOFError:
            answer = ""
        if answer.strip().lower() == "q":
            return
        game.apply(action)
    print_events(game, game.events_for(seat)[shown:], words)
    print_outcome(game)


@scenario_app.command("run")
def run_scenario(
    file: Annotated[Path, typer.Argument(help="A scenario file (YAML).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the result, views and event log as JSON.")] = False,
) -> None:
    """Set up the scenario's position, apply its decisions, print the state and the log, check expectations."""
    try:
        outcome = scenario.run(file)
    except scenario.ScenarioError as exc:
        print_error(exc)
        raise typer.Exit(2) from exc
    game = outcome.game
    if as_json:
        out = {
            "name": outcome.name,
            "rules": outcome.rules,
            "passed": outcome.passed,
            "failures": outcome.failures,
            "to_move": game.to_move,
            "legal_actions": game.legal_actions(),
            "views": [game.view(s) for s in range(len(game.state.players))],
            "events": game.log,
        }
        typer.echo(json.dumps(out, indent=1))
    else:
        console.print(f"[bold]{outcome.name}[/bold]  ({', '.join(outcome.rules)})")
        print_log(game)
        if game.over:
            console.print("[bold]" + _("result:") + f"[/bold] {game.result}")
        else:
            actions = ", ".join(game.legal_actions()[:10])
            console.print(_("next: seat {seat} — {actions}").format(seat=game.to_move, actions=actions))
        if outcome.passed:
            console.print("[green]" + _("all expectations met") + "[/green]")
        for f in outcome.failures:
            console.print("[red]" + _("expectation failed:") + f"[/red] {f}")
    if not outcome.passed:
        raise typer.Exit(1)
