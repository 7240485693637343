"""``animayhem deck …``: check, describe, build, list, import and export decks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from animayhem.cli.errors import fail, print_error
from animayhem.decks.generate import DeckBuildError, new_deck, series_names
from animayhem.decks.lackey import format_dek, read_dek
from animayhem.decks.legality import check_deck
from animayhem.decks.model import Deck, Section
from animayhem.decks.starters import find_starter, starter_decks
from animayhem.decks.stats import deck_stats
from animayhem.decks.textformat import DeckFileError, format_deck, format_players, read_deck
from animayhem.engine.faces.terms import ability_name as ability_word
from animayhem.files import FileError, check_writable, write_atomic
from animayhem.i18n import gettext as _
from animayhem.i18n import pgettext, polish
from animayhem.rules import RULESETS, RulesetError, get_ruleset

deck_app = typer.Typer(name="deck", help="Check, describe, build and convert decks.", no_args_is_help=True)
console = Console()
err = Console(stderr=True)

DeckArg = Annotated[str, typer.Argument(help="A .deck or .dek file, or the name of a starter deck.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of tables.")]
RulesetOpt = Annotated[
    str | None,
    typer.Option("--ruleset", "-r", help=f"Ruleset preset ({', '.join(RULESETS)}); default: the deck's own."),
]
OutOpt = Annotated[
    Path | None, typer.Option("--out", "-o", help="Write to this file instead of printing (a new file unless --force).")
]
ForceOpt = Annotated[bool, typer.Option("--force", help="Let --out replace an existing file.")]


def _load(source: str) -> Deck:
    """A deck from a file (``.dek`` → LackeyCCG) or a starter deck's name; exits 2 when unreadable."""
    path = Path(source)
    try:
        if path.is_file():
            return read_dek(path) if path.suffix.lower() == ".dek" else read_deck(path)
    except DeckFileError as exc:
        fail(exc)
    starter = find_starter(source)
    if starter is not None:
        return starter
    if path.exists():
        fail(f"{source}: not a regular file (a deck is a .deck or .dek text file)")
    names = ", ".join(starter_decks())
    fail(f"{source}: no such file, and no starter deck of that name (starters: {names})")


def _ruleset_name(deck: Deck, ruleset: str | None) -> str:
    name = ruleset or deck.ruleset or "classic"
    try:
        return get_ruleset(name).name
    except RulesetError as exc:
        fail(exc)


def _check_out(out: Path | None, force: bool) -> None:
    """Refuse an unusable --out before any work is done (exit 2)."""
    if out is not None:
        try:
            check_writable(out, replace=force)
        except FileError as exc:
            fail(exc)


def _emit(text: str, out: Path | None, force: bool = False) -> None:
    if out is None:
        typer.echo(text, nl=False)
    else:
        try:
            write_atomic(out, text, replace=force)
        except FileError as exc:
            fail(exc)
        err.print(_("wrote {path}").format(path=out), highlight=False, markup=False)


@deck_app.command("check")
def check(
    deck_file: DeckArg,
    players: Annotated[
        list[int] | None,
        typer.Option(
            "--players", "-p", min=1, max=5, help="Player count (repeatable); default: the counts the deck declares."
        ),
    ] = None,
    ruleset: RulesetOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Check a deck's construction rules (RULES.md SETUP-2 … SETUP-21). Exit 0 legal, 1 illegal, 2 unreadable."""
    deck = _load(deck_file)
    rname = _ruleset_name(deck, ruleset)
    counts = list(players or deck.players)
    if not counts:
        fail("give --players N (the deck does not declare its player count)")
    if any(not 1 <= n <= 5 for n in counts):
        fail(f"--players must be 1 to 5, not {', '.join(str(n) for n in counts if not 1 <= n <= 5)}")
    r = get_ruleset(rname)
    results = {n: check_deck(deck, r, n) for n in counts}
    legal = all(not p for p in results.values())
    if as_json:
        payload = {
            "deck": deck.name or deck.source,
            "ruleset": rname,
            "legal": legal,
            "results": [
                {"players": n, "legal": not probs, "problems": [p.to_json() for p in probs]}
                for n, probs in results.items()
            ],
        }
        typer.echo(json.dumps(payload, indent=2))
    else:
        for n, probs in results.items():
            title = polish(
                _("{deck} — {ruleset}, {n} player(s)").format(deck=deck.name or deck_file, ruleset=rname, n=n)
            )
            if not probs:
                console.print("[green]" + escape(_("legal")) + "[/green]: " + escape(title), highlight=False)
                continue
            table = Table(title=_("illegal: {title}").format(title=title), show_lines=False)
            for col in (_("rule"), _("problem"), _("found"), _("required"), _("fix")):
                table.add_column(col)
            for p in probs:
                ref = p.rule + (f" ({p.conf})" if p.conf else "")
                table.add_row(ref, *(escape(p.part(k)) for k in ("message", "found", "required", "fix")))
            console.print(table)
    raise typer.Exit(0 if legal else 1)


@deck_app.command("stats")
def stats(deck_file: DeckArg, ruleset: RulesetOpt = None, as_json: JsonOpt = False) -> None:
    """Type breakdown, Disaster mix, skill coverage of the Locations and average abilities."""
    deck = _load(deck_file)
    r = get_ruleset(_ruleset_name(deck, ruleset))
    s = deck_stats(deck, r)
    if as_json:
        typer.echo(json.dumps({"deck": deck.name, "ruleset": r.name, **s.to_json()}, indent=2))
        return
    console.print(
        f"[bold]{escape(str(deck.name or deck_file))}[/bold] " + escape(_("({n} cards)").format(n=s.total)),
        highlight=False,
    )
    if deck.description:
        console.print(deck.description, highlight=False)
    t = Table(title=_("Cards by type"))
    t.add_column(_("type"))
    t.add_column(_("cards"), justify="right")
    for k, v in s.by_type.items():
        t.add_row(pgettext("card type", k), str(v))
    console.print(t)
    d = s.disasters
    console.print(
        _("Disasters: {total} — {major} Major, {minor} Minor; {combat} Combat, {non_combat} non-Combat").format(**d),
        highlight=False,
        markup=False,
    )
    c = Table(title=_("Skill coverage of the Locations ({share})").format(share=f"{s.coverage_share:.0%}"))
    for col in (_("Location"), _("requirement"), _("met"), _("by")):
        c.add_column(col)
    for cov in s.coverage:
        by = ", ".join(cov.group)
        if cov.icon_missing:  # no card of the deck lets a group stop there (SCAV-18, SCAV-19)
            by = _("no card bears the {icon} icon").format(icon=cov.icon_missing)
        c.add_row(cov.location, cov.requirement or "-", _("yes") if cov.met else _("no"), by)
    console.print(c)
    a = s.average_abilities
    console.print(
        _("Average abilities of the Characters: {values}").format(
            values=", ".join(f"{ability_word(k).capitalize()} {v}" for k, v in a.items())
        ),
        highlight=False,
        markup=False,
    )


@deck_app.command("new")
def new(
    players: Annotated[int, typer.Option("--players", "-p", min=1, max=5, help="Number of players (1-5).")],
    ruleset: Annotated[str, typer.Option("--ruleset", "-r", help="Ruleset preset.")] = "classic",
    theme: Annotated[str | None, typer.Option("--theme", "-t", help="Build around one series.")] = None,
    seed: Annotated[
        int, typer.Option("--seed", "-s", min=0, max=2**63 - 1, help="Random seed (same seed, same deck).")
    ] = 0,
    out: OutOpt = None,
    force: ForceOpt = False,
) -> None:
    """Build a legal deck from the card database."""
    _check_out(out, force)
    try:
        deck = new_deck(players, get_ruleset(ruleset), theme, seed)
    except (RulesetError, DeckBuildError) as exc:
        print_error(exc)
        if theme is not None and isinstance(exc, DeckBuildError):
            err.print(_("series: {names}").format(names=", ".join(series_names())), highlight=False, markup=False)
        raise typer.Exit(2) from exc
    _emit(format_deck(deck), out, force)


@deck_app.command("list")
def list_decks(as_json: JsonOpt = False) -> None:
    """The bundled starter decks."""
    decks = starter_decks()
    if as_json:
        rows = [
            {
                "id": k,
                "name": d.name,
                "players": list(d.players),
                "ruleset": d.ruleset,
                "series": d.series,
                "description": d.description,
                "cards": d.count(),
            }
            for k, d in decks.items()
        ]
        typer.echo(json.dumps(rows, indent=2))
        return
    t = Table(title=_("Starter decks"))
    for col in ("id", _("name"), _("players"), _("series"), _("cards"), _("description")):
        t.add_column(col)
    for k, d in decks.items():
        t.add_row(k, d.name, format_players(d.players), d.series or _("mixed"), str(d.count()), d.description)
    console.print(t)


@deck_app.command("import-dek")
def import_dek(
    dek_file: Annotated[Path, typer.Argument(help="A LackeyCCG .dek file.")],
    out: OutOpt = None,
    force: ForceOpt = False,
) -> None:
    """Convert a LackeyCCG .dek file to the plain-text deck format."""
    _check_out(out, force)
    try:
        deck = read_dek(dek_file)
    except DeckFileError as exc:
        fail(exc)
    if not deck.name:
        deck = Deck(name=dek_file.stem, entries=deck.entries, source=deck.source)
    _emit(format_deck(deck), out, force)


@deck_app.command("export-dek")
def export_dek(deck_file: DeckArg, out: OutOpt = None, force: ForceOpt = False) -> None:
    """Write a deck (file or starter name) as a LackeyCCG .dek file."""
    _check_out(out, force)
    deck = _load(deck_file)
    if deck.section(Section.ASIDE):
        err.print(_("note: set-aside cards go to an extra 'Aside' zone"), highlight=False)
    _emit(format_dek(deck), out, force)
