"""``animayhem rules …``: the ruleset presets and every switch with its value and CONF id."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from animayhem.cli.errors import print_error
from animayhem.i18n import gettext as _
from animayhem.i18n import pgettext
from animayhem.rules.ruleset import RULESETS, SWITCH_DOCS, RulesetError, get_ruleset

rules_app = typer.Typer(help="Ruleset presets and their switches.", no_args_is_help=True)
console = Console()
err = Console(stderr=True)

DESCRIPTIONS = {
    "classic": "Set Zero Rules, 2nd edition (1997); the Dragon Ball Z rulebook fills its gaps. The default.",
    "dbz": "The Dragon Ball Z rulebook (Set Two, 1997): rounds, rotating first player, Disasters win ties.",
    "guia": "The Spanish player's guide: orthogonal Field, hand size from Locations, weakest-first Disasters.",
    "fifth": "The 2018 fan-consolidated Fifth Edition: 5E kill rule, one Scavenge a turn, Run Away ends it.",
}


def description(name: str) -> str:
    """A preset's description in the language in force (the JSON output keeps the English)."""
    return pgettext("ruleset", DESCRIPTIONS.get(name, "")) if name in DESCRIPTIONS else ""


def meaning(switch: str) -> str:
    """What a switch means, in the language in force (``tools/i18n.py`` collects SWITCH_DOCS' texts)."""
    return pgettext("ruleset switch", SWITCH_DOCS[switch][1])


def _plain(v: Any) -> Any:
    return list(v) if isinstance(v, tuple) else v


@rules_app.command("list")
def list_rulesets(as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """The ruleset presets."""
    base = get_ruleset("classic").switches()
    rows: list[dict[str, Any]] = []
    for name, r in RULESETS.items():
        differs = [k for k, v in r.switches().items() if k != "name" and v != base[k]]
        rows.append({"name": name, "description": DESCRIPTIONS.get(name, ""), "differs_from_classic": differs})
    if as_json:
        typer.echo(json.dumps(rows, indent=2))
        return
    table = Table(header_style="bold")
    table.add_column(_("preset"))
    table.add_column(_("what it follows"))
    table.add_column(_("switches unlike classic"), justify="right")
    for row in rows:
        table.add_row(row["name"], description(row["name"]), str(len(row["differs_from_classic"])))
    console.print(table)


@rules_app.command("show")
def show_ruleset(
    name: Annotated[str, typer.Argument(help="Preset name.")] = "classic",
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Every switch of a preset: value, the CONF id it settles, and what it means."""
    try:
        r = get_ruleset(name)
    except RulesetError as exc:
        print_error(exc)
        raise typer.Exit(2) from exc
    base = get_ruleset("classic")
    switches = r.switches()
    if as_json:
        out = {
            "name": r.name,
            "description": DESCRIPTIONS.get(r.name, ""),
            "switches": {
                k: {"value": _plain(v), "rule": SWITCH_DOCS[k][0], "meaning": SWITCH_DOCS[k][1]}
                for k, v in switches.items()
                if k != "name"
            },
        }
        typer.echo(json.dumps(out, indent=2))
        return
    table = Table(title=f"{r.name}: {description(r.name)}", header_style="bold", show_lines=False)
    table.add_column(_("switch"))
    table.add_column(_("value"))
    table.add_column(_("settles"))
    table.add_column(_("meaning"), overflow="fold")
    for k, v in switches.items():
        if k == "name":
            continue
        mark = "" if getattr(base, k) == v or r.name == "classic" else " *"
        table.add_row(k, f"{_plain(v)}{mark}", SWITCH_DOCS[k][0], meaning(k))
    console.print(table)
    if r.name != "classic":
        console.print(_("* differs from classic"))
