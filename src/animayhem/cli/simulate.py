"""``animayhem simulate``: play a batch of AI-only games and summarise them (win rates, lengths, Items, crashes)."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from animayhem.agents.base import BUDGETED, make_agent
from animayhem.agents.simulate import GameOutcome, GameSpec, SimulationError, SimulationReport, plan, simulate
from animayhem.cli.errors import print_error
from animayhem.heap import settle
from animayhem.i18n import gettext as _

Runner = Callable[[Sequence[GameSpec], Callable[[GameOutcome], None] | None], list[GameOutcome]]
console = Console()
err = Console(stderr=True)


def simulate_command(
    games: Annotated[int, typer.Option("--games", "-n", min=1, max=10_000_000, help="How many games to play.")] = 100,
    players: Annotated[int, typer.Option("--players", "-p", min=1, max=5, help="Seats per game (1-5).")] = 1,
    seat: Annotated[
        list[str] | None,
        typer.Option("--seat", help="AI for a seat (repeat once per seat; one value: every seat). Default heuristic."),
    ] = None,
    deck: Annotated[
        list[str] | None,
        typer.Option("--deck", help="Starter deck for a seat (repeatable; default: the starters legal for --players)."),
    ] = None,
    ruleset: Annotated[str, typer.Option("--ruleset", "-r", help="Ruleset preset.")] = "classic",
    layout: Annotated[str, typer.Option("--layout", help="Field layout: grid or lines.")] = "grid",
    seed: Annotated[
        int, typer.Option("--seed", min=0, max=2**63 - 1, help="Seed of the first game (game i uses seed + i).")
    ] = 0,
    workers: Annotated[
        int, typer.Option("--workers", "-j", min=1, max=1024, help="Worker processes (results do not depend on it).")
    ] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print the full report as JSON.")] = False,
    check: Annotated[
        bool, typer.Option("--check", help="Check the engine's invariants after every decision (slower).")
    ] = False,
    budget: Annotated[
        str | None,
        typer.Option(
            "--budget",
            help="Search AIs' budget (ismcts): iterations (100) or seconds (0.5s), optionally /rollout length (32/8).",
        ),
    ] = None,
    engine: Annotated[
        str, typer.Option("--engine", help="Where games run: 'local' (processes) or 'dask' (the dist extra).")
    ] = "local",
    address: Annotated[
        str | None,
        typer.Option("--address", help="Dask scheduler (tcp://host:8786); none: a local cluster of --workers."),
    ] = None,
    csv_path: Annotated[
        Path | None, typer.Option("--csv", help="Also write the per-seat and per-deck rows to this CSV file.")
    ] = None,
) -> None:
    """Play AI-only games and report win rates, game lengths, Items and every crash (with its seed).

    Exit status: 0, 1 when some game raised (each is listed with its seed and actions), 2 for bad arguments.
    """
    try:
        specs = plan(games, players, seat, deck, ruleset, layout, seed)  # check the arguments before any game
        if budget is not None:
            searchers = [a for a in (specs[0].agents if specs else ()) if a in BUDGETED]
            if not searchers:
                raise SimulationError(f"--budget applies only to search AIs ({', '.join(sorted(BUDGETED))})")
            make_agent(searchers[0], 0, budget)  # a bad budget fails here, before any game
        if engine not in ("local", "dask"):
            raise SimulationError(f"--engine must be 'local' or 'dask', not {engine!r}")
        if address is not None and engine != "dask":
            raise SimulationError("--address needs --engine dask")
        runner = _dask_runner(address, workers) if engine == "dask" else None
    except (SimulationError, ValueError) as exc:
        print_error(exc)
        raise typer.Exit(2) from exc
    settle()  # a process that plays many games: the card data out of the collector's way (animayhem/heap.py)
    batch = functools.partial(
        simulate,
        games,
        players,
        seat,
        deck,
        ruleset,
        layout,
        seed,
        workers,
        check_invariants=check,
        budget=budget,
        runner=runner,
    )
    if as_json:
        report = batch()
        typer.echo(json.dumps(report.to_json(), indent=1))
    else:
        with Progress(
            TextColumn("[bold]" + _("simulating") + "[/bold]"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn(_("{errors} errors").format(errors="{task.fields[errors]}")),
            TimeElapsedColumn(),
            console=err,
            transient=True,
        ) as bar:
            task = bar.add_task("games", total=games, errors=0)
            failures = 0

            def tick(outcome: GameOutcome) -> None:
                nonlocal failures
                failures += outcome.error is not None
                bar.update(task, advance=1, errors=failures)

            report = batch(progress=tick)
        print_report(report)
    if csv_path is not None:
        csv_path.write_text(report.to_csv())
    if report.errors:
        raise typer.Exit(1)


def _dask_runner(address: str | None, workers: int) -> Runner:
    try:
        from animayhem.agents.distributed import dask_runner  # optional: the dist extra
    except ImportError as exc:
        raise SimulationError(f"--engine dask needs the dist extra (pip install 'animayhem[dist]'): {exc}") from exc
    return dask_runner(address, workers)


def print_report(report: SimulationReport) -> None:
    s = report.summary()
    decks = sorted({d for game in report.decks for d in game})
    console.print(
        _(
            "[bold]{finished}[/bold] of {games} games, {players} seat(s), ruleset {ruleset}, layout {layout},"
            " seeds {first}…{last}; decks: {decks}"
        ).format(
            finished=s["finished"],
            games=s["games"],
            players=s["players"],
            ruleset=s["ruleset"],
            layout=s["layout"],
            first=s["seed"],
            last=s["seed"] + max(0, s["games"] - 1),
            decks=", ".join(decks),
        )
    )
    table = Table(header_style="bold")
    table.add_column(_("side"))
    table.add_column(_("AI"))
    table.add_column(_("wins"), justify="right")
    table.add_column(_("win rate"), justify="right")
    for i, name in enumerate(report.seats):
        table.add_row(_("seat {n}").format(n=i + 1), name, str(s["seat_wins"][i]), f"{s['seat_win_rates'][i]:.1%}")
    table.add_row(_("Disasters"), "", str(s["disaster_wins"]), f"{s['disaster_win_rate']:.1%}")
    console.print(table)
    stats = Table(header_style="bold", show_header=False)
    stats.add_column(_("measure"))
    stats.add_column(_("value"), justify="right")
    stats.add_row(_("average turns"), f"{s['avg_turns']:.1f}")
    stats.add_row(_("average rounds"), f"{s['avg_rounds']:.1f}")
    stats.add_row(_("average decisions"), f"{s['avg_decisions']:.1f}")
    stats.add_row(_("Items in play"), str(s["items_total"]))
    each = _("{n} ({per:.2f} a game)")
    stats.add_row(_("Items retrieved"), each.format(n=s["items_retrieved"], per=s["items_retrieved_per_game"]))
    stats.add_row(_("Items destroyed"), each.format(n=s["items_destroyed"], per=s["items_destroyed_per_game"]))
    stats.add_row(_("errors"), str(s["errors"]))
    console.print(stats)
    for e in report.errors:
        console.print(
            _("[red]game {game} (seed {seed}, decks {decks}, AIs {agents}):[/red] {error} after {n} decisions").format(
                game=e["game"],
                seed=e["seed"],
                decks=", ".join(e["decks"]),
                agents=", ".join(e["agents"]),
                error=e["error"],
                n=len(e["actions"]),
            )
        )
        console.print(
            "  "
            + _("reproduce: {how}").format(
                how=f"Game.restore(config, actions) with actions = {json.dumps(e['actions'])}"
            ),
            highlight=False,
        )
