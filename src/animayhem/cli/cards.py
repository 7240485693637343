"""``animayhem cards …``: look cards up, print statistics, import the LackeyCCG plugin's data."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from animayhem.cards.build import build_records, write_cards
from animayhem.cards.database import AmbiguousCard, CardDB, CardFileError, CardNotFound
from animayhem.cards.frozen import dump_record, validate_record
from animayhem.cards.lackey import LackeyFormatError, read_lackey
from animayhem.cards.model import ABILITY_FIELDS, AbilityStatus, Card, CardSet, CardType, Gender
from animayhem.cards.render import card_json, render_card
from animayhem.cli.errors import print_error
from animayhem.cli.lang import LangOpt, use_language
from animayhem.engine.faces import terms
from animayhem.files import FileError
from animayhem.i18n import gettext as _
from animayhem.i18n import pgettext, polish

cards_app = typer.Typer(help="Look up the card database.", no_args_is_help=True)
console = Console()
err = Console(stderr=True)

CardsDir = Annotated[
    Path | None,
    typer.Option("--cards", help="Use the card files in this directory instead of the bundled ones."),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]


def _db(cards: Path | None) -> CardDB:
    try:
        return CardDB.load(cards) if cards is not None else CardDB.bundled()
    except CardFileError as exc:
        print_error(exc)
        raise typer.Exit(2) from exc


def _matches(
    card: Card,
    *,
    name: str | None,
    type_: CardType | None,
    set_: CardSet | None,
    skill: str | None,
    category: str | None,
    gender: Gender | None,
    text: str | None,
    series: str | None,
    status: AbilityStatus | None,
) -> bool:
    if name and name.lower() not in card.name.lower():
        return False
    if type_ and card.type is not type_:
        return False
    if set_ and card.set is not set_:
        return False
    if skill:
        low = skill.lower()
        names = [s.name.lower() for s in card.skills] + [g.lower() for g in card.grants_skills]
        if low not in names:
            return False
    if category and category.lower() not in {c.lower() for c in card.category_set}:
        return False
    if gender and card.gender is not gender:
        return False
    if series and (card.series is None or series.lower() not in card.series.lower()):
        return False
    if status and card.ability_status is not status:
        return False
    if text:
        hay = " ".join(
            t
            for t in (
                card.text,
                card.physical and card.physical.text,
                card.charm_side and card.charm_side.text,
            )
            if t
        )
        if text.lower() not in hay.lower():
            return False
    return True


def _stats_line(card: Card) -> str:
    parts = []
    for ab, short in (("attack", "A"), ("defense", "D"), ("movement", "M"), ("charm", "C"), ("energy", "E")):
        v = card.stat(ab)
        if v is not None:
            parts.append(f"{short}{v.notation()}")
    return " ".join(parts)


def _print_cards(found: list[Card], as_json: bool) -> None:
    if as_json:
        typer.echo(json.dumps([card_json(c) for c in found], indent=2, ensure_ascii=False))
        return
    table = Table(show_lines=False, header_style="bold")
    for col in ("#", "id", _("name"), _("type"), _("set"), _("stats"), _("skills / requirements")):
        table.add_column(col, overflow="fold")
    for c in found:
        detail = ", ".join(str(s) for s in c.skills) or (terms.requirement(c.requirements) if c.requirements else "")
        table.add_row(
            str(c.number), c.id, c.name, pgettext("card type", c.type.label), c.set.label, _stats_line(c), detail
        )
    console.print(table)
    console.print(polish(_("{n} card(s)").format(n=len(found))))


# Typer options shared by list and search.
NameOpt = Annotated[str | None, typer.Option("--name", help="Name contains this text.")]
TypeOpt = Annotated[CardType | None, typer.Option("--type", help="Card type.")]
SetOpt = Annotated[CardSet | None, typer.Option("--set", help="Set: zero, one, two (DBZ), demo.")]
SkillOpt = Annotated[str | None, typer.Option("--skill", help="Has (or grants) this skill.")]
CategoryOpt = Annotated[str | None, typer.Option("--category", help="Has this category or icon.")]
GenderOpt = Annotated[Gender | None, typer.Option("--gender", help="male, female or none.")]
TextOpt = Annotated[str | None, typer.Option("--text", help="Card text contains this.")]
SeriesOpt = Annotated[str | None, typer.Option("--series", help="Anime series contains this.")]
StatusOpt = Annotated[AbilityStatus | None, typer.Option("--status", help="Ability implementation status.")]


@cards_app.command("list")
def list_cards(
    name: NameOpt = None,
    type_: TypeOpt = None,
    set_: SetOpt = None,
    skill: SkillOpt = None,
    category: CategoryOpt = None,
    gender: GenderOpt = None,
    text: TextOpt = None,
    series: SeriesOpt = None,
    status: StatusOpt = None,
    as_json: JsonOpt = False,
    cards: CardsDir = None,
) -> None:
    """List cards, optionally filtered."""
    db = _db(cards)
    found = [
        c
        for c in db
        if _matches(
            c,
            name=name,
            type_=type_,
            set_=set_,
            skill=skill,
            category=category,
            gender=gender,
            text=text,
            series=series,
            status=status,
        )
    ]
    _print_cards(found, as_json)


@cards_app.command("search")
def search_cards(
    query: Annotated[str, typer.Argument(help="Text to find in names and card texts.")],
    type_: TypeOpt = None,
    set_: SetOpt = None,
    skill: SkillOpt = None,
    category: CategoryOpt = None,
    gender: GenderOpt = None,
    series: SeriesOpt = None,
    status: StatusOpt = None,
    as_json: JsonOpt = False,
    cards: CardsDir = None,
) -> None:
    """Find cards whose name or text contains QUERY (with the same filters as list)."""
    db = _db(cards)
    filters: dict[str, Any] = dict(
        type_=type_, set_=set_, skill=skill, category=category, gender=gender, series=series, status=status
    )
    found = [
        c for c in db if _matches(c, name=query, text=None, **filters) or _matches(c, name=None, text=query, **filters)
    ]
    if not found and not as_json:
        sugg = db.suggest(query)
        err.print(
            _("no card matches {query}.").format(query=repr(query))
            + (" " + _("Did you mean: {names}?").format(names=", ".join(sugg)) if sugg else "")
        )
        raise typer.Exit(1)
    _print_cards(found, as_json)


@cards_app.command("show")
def show_card(
    query: Annotated[str, typer.Argument(help="Card name, id or number.")],
    as_json: JsonOpt = False,
    cards: CardsDir = None,
    lang: LangOpt = None,
) -> None:
    """Show one card in full (--lang: its labels in that language; the card's own text stays as printed)."""
    if lang is not None:
        use_language(lang)
    db = _db(cards)
    try:
        card = db.get(query)
    except (CardNotFound, AmbiguousCard) as exc:
        print_error(exc)
        raise typer.Exit(1) from exc
    if as_json:
        typer.echo(json.dumps(card_json(card), indent=2, ensure_ascii=False))
    else:
        console.print(render_card(card))


@cards_app.command("stats")
def stats(as_json: JsonOpt = False, cards: CardsDir = None) -> None:
    """Counts per set and type, and how many card abilities the engine executes."""
    db = _db(cards)
    per: Counter[tuple[CardType, CardSet]] = Counter((c.type, c.set) for c in db)
    status: Counter[tuple[CardType, AbilityStatus]] = Counter((c.type, c.ability_status) for c in db)
    if as_json:
        out = {
            "total": len(db),
            "by_type_and_set": {t.value: {s.value: per[(t, s)] for s in CardSet} for t in CardType},
            "abilities": {
                "with_ability": sum(1 for c in db if c.ability_status is not AbilityStatus.NONE),
                "implemented": sum(1 for c in db if c.ability_status is AbilityStatus.IMPLEMENTED),
                "partial": sum(1 for c in db if c.ability_status is AbilityStatus.PARTIAL),
                "not_implemented": sum(1 for c in db if c.ability_status is AbilityStatus.NOT_IMPLEMENTED),
                "by_type": {t.value: {a.value: status[(t, a)] for a in AbilityStatus} for t in CardType},
            },
            "withheld": {c.id: list(c.withheld) for c in db if c.withheld},  # printed numbers not applied yet
        }
        typer.echo(json.dumps(out, indent=2))
        return
    table = Table(title=_("{n} cards").format(n=len(db)), header_style="bold")
    table.add_column(_("type"))
    for s in CardSet:
        table.add_column(s.label, justify="right")
    table.add_column(_("total"), justify="right")
    table.add_column(_("abilities implemented"), justify="right")
    table.add_column(_("partial"), justify="right")
    for t in CardType:
        with_ability = sum(status[(t, a)] for a in AbilityStatus if a is not AbilityStatus.NONE)
        table.add_row(
            pgettext("card type", t.label),
            *(str(per[(t, s)]) for s in CardSet),
            str(sum(per[(t, s)] for s in CardSet)),
            _("{n} of {total}").format(n=status[(t, AbilityStatus.IMPLEMENTED)], total=with_ability),
            str(status[(t, AbilityStatus.PARTIAL)]),
        )
    table.add_row(
        "[bold]" + _("total") + "[/bold]",
        *(str(sum(per[(t, s)] for t in CardType)) for s in CardSet),
        str(len(db)),
        _("{n} of {total}").format(
            n=sum(1 for c in db if c.ability_status is AbilityStatus.IMPLEMENTED),
            total=sum(1 for c in db if c.ability_status is not AbilityStatus.NONE),
        ),
        str(sum(1 for c in db if c.ability_status is AbilityStatus.PARTIAL)),
    )
    console.print(table)
    console.print(
        _(
            "'partial': the engine executes part of the card's text and names the rest (`animayhem cards show`). "
            "Cards whose ability is not yet executed are marked 'not-implemented' "
            "(`animayhem cards list --status not-implemented`); in play they use their printed values only."
        )
    )
    withheld = [c for c in db if c.withheld]
    console.print(
        _(
            "{n} of them have printed numbers withheld until their text is executed (their text gives those"
            " numbers to someone else or under a condition): {names}."
        ).format(n=len(withheld), names=", ".join(c.name for c in withheld))
    )


@cards_app.command("import-lackey")
def import_lackey(
    path: Annotated[Path, typer.Argument(help="A LackeyCCG carddata.txt (or one set's file).")],
    out: Annotated[Path | None, typer.Option("--out", help="Write the imported card files to this directory.")] = None,
    as_json: JsonOpt = False,
    force: Annotated[bool, typer.Option("--force", help="Let --out replace existing card files.")] = False,
) -> None:
    """Import the LackeyCCG plugin's card data, keeping our curated facts and summaries.

    Facts (names, numbers, icons, skills, requirements, categories) come from the file; gender, icons,
    series, summaries and errata decisions come from the bundled database. The plugin's own card
    sentences are never imported.
    """
    try:
        rows = read_lackey(path)
        bundled = CardDB.bundled()
        curated = {
            c.number: dump_record(c, mode="json", exclude_defaults=True, exclude=set(ABILITY_FIELDS)) for c in bundled
        }
        records = build_records(rows, curated, str(path))
        imported = CardDB([_validate_record(r, path) for r in records], str(path))
    except (LackeyFormatError, CardFileError, ValueError) as exc:
        print_error(exc)
        raise typer.Exit(2) from exc
    old = bundled.numbers
    same = sum(1 for c in imported if old.get(c.number) == c)
    new = sum(1 for c in imported if c.number not in old)
    changed = len(imported) - same - new
    try:
        written = write_cards(list(imported), out, replace=force) if out is not None else []
    except (FileError, OSError) as exc:
        print_error(exc)
        raise typer.Exit(2) from exc
    result = {
        "cards": len(imported),
        "identical_to_bundled": same,
        "changed": changed,
        "new": new,
        "written": [str(p) for p in written],
    }
    if as_json:
        typer.echo(json.dumps(result, indent=2))
        return
    console.print(
        _(
            "Imported {n} cards from {path}: {same} identical to the bundled database, {changed} changed, {new} new."
        ).format(n=len(imported), path=path, same=same, changed=changed, new=new)
    )
    for p in written:
        console.print("  " + _("wrote {path}").format(path=p))
    if out is not None:
        console.print(_("Use them with: {command}").format(command=f"animayhem cards list --cards {out}"))


def _validate_record(rec: dict[str, Any], path: Path) -> Card:
    try:
        return validate_record(Card, rec)
    except ValueError as exc:
        raise CardFileError(str(path), 0, f"{rec.get('name')} (#{rec.get('number')})", "", str(exc)) from exc
