"""Render a card for people (Rich) and for programs (JSON)."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from animayhem.cards.effects import effect_text
from animayhem.cards.frozen import dump_record
from animayhem.cards.model import AbilityStatus, Card, CardType
from animayhem.cards.stats import ABILITIES, StatKind
from animayhem.cards.status import status_lines, withheld_text
from animayhem.cards.wording import (
    ERRATUM,
    FACT,
    HALF,
    NOTE,
    RULING,
    SOURCE_OF,
    SUMMARY,
    WHY,
    english,
    movement_word,
    prose,
    req_text,
    tr,
    vehicle_kind,
)
from animayhem.i18n import SOURCE, active, pgettext, polish
from animayhem.i18n import gettext as _

__all__ = ["card_json", "render_card", "withheld_text"]


def card_json(card: Card) -> dict[str, Any]:
    """A complete, stable JSON form of a card (every field, plus derived ones)."""
    out: dict[str, Any] = dump_record(card, mode="json")
    for ab in ABILITIES:
        v = card.stat(ab)
        out[ab] = None if v is None else v.to_json()
    for side in ("physical", "charm_side"):
        cs = getattr(card, side)
        if cs is not None:
            out[side] = {
                "text": cs.text,
                "exact": cs.exact,
                "mods": {k: m.to_json() for k, m in cs.mods.items()},
            }
    out["skills"] = [{"name": s.name, "count": s.count, "wildcard": s.wildcard} for s in card.skills]
    out["requirements"] = None if card.requirements is None else card.requirements.to_json()
    out["categories"] = list(card.categories)
    out["icons"] = [i.value for i in card.icons]
    out["health"] = card.base_health
    out["unique"] = card.unique
    out["two_forms"] = card.two_forms
    out["ability_status"] = card.ability_status.value
    itself = card.type is CardType.CHARACTER  # a Character's effects on its bearer are on itself
    with english():  # data: the same in every language
        out["effect_text"] = [effect_text(e, card.effects[:i], itself) for i, e in enumerate(card.effects)]
        out["withheld_text"] = withheld_text(card) if card.withheld else None
    out["rulings"] = [dump_record(r) for r in card.rulings]
    out["status_lines"] = status_lines(card, "en")  # the sentences every face shows (cards/status.py), in English
    return out


def type_label(card: Card) -> str:
    """The card's type in words (its printed type line)."""
    words = {
        "Character": pgettext("card type", "Character"),
        "Location": pgettext("card type", "Location"),
        "Haven": pgettext("card type", "Haven"),
        "Item": pgettext("card type", "Item"),
        "Combat": pgettext("card type", "Combat"),
        "Major Disaster": pgettext("card type", "Major Disaster"),
        "Minor Disaster": pgettext("card type", "Minor Disaster"),
        "Enhancement": pgettext("card type", "Enhancement"),
        "Equipment": pgettext("card type", "Equipment"),
        "Global Effect": pgettext("card type", "Global Effect"),
        "Flash Effect": pgettext("card type", "Flash Effect"),
    }
    return words.get(card.type.label, card.type.label)


def _ability_name(ability: str) -> str:
    words = {
        "attack": pgettext("ability", "Attack"),
        "defense": pgettext("ability", "Defense"),
        "movement": pgettext("ability", "Movement"),
        "charm": pgettext("ability", "Charm"),
        "energy": pgettext("ability", "Energy"),
        "health": pgettext("ability", "Health"),
    }
    return words.get(ability, ability.capitalize())


def _ability_table(card: Card) -> Table | None:
    cells = [(ab, card.stat(ab)) for ab in ABILITIES]
    shown = [(name, v) for name, v in cells if v is not None]
    if not shown and card.health is None:
        return None
    t = Table(show_header=True, box=None, pad_edge=False, header_style="bold")
    for name, _v in shown:
        t.add_column(_ability_name(name), justify="center")
    if card.health is not None:
        t.add_column(_ability_name("health"), justify="center")
    # a number an effect takes as its own (its ``printed``) is not a standing bonus of the bearer: say so
    given: dict[str, str] = {
        a: _("when used") if e.when == "use" else _("by its text") for e in card.effects for a in e.printed
    }
    row = []
    for name, v in shown:
        how = given.get(name.lower())
        text = v.display() if how is None else f"{v.value if v.kind is StatKind.SET else v.notation()} ({how})"
        row.append(text + (_(" withheld") if name.lower() in card.withheld else ""))
    if card.health is not None:
        row.append(str(card.health))
    t.add_row(*row)
    return t


def render_card(card: Card) -> Panel:
    """A card as a Rich panel: header, abilities, skills, requirements, text, rulings."""
    parts: list[Any] = []
    head = Text()
    head.append(type_label(card), style="bold cyan")
    rarity = {
        "common": pgettext("rarity", "common"),
        "uncommon": pgettext("rarity", "uncommon"),
        "rare": pgettext("rarity", "rare"),
        "ultra-rare": pgettext("rarity", "ultra-rare"),
        "promotional": pgettext("rarity", "promotional"),
    }.get(card.rarity.value, card.rarity.value)
    head.append(f"  ·  {card.set.label}  ·  {rarity}  ·  #{card.number}  ·  id {card.id}")
    if card.series:
        head.append(f"\n{card.series}", style="italic")
    parts.append(head)
    table = _ability_table(card)
    if table is not None:
        parts.append(table)
    facts = Table.grid(padding=(0, 1))
    facts.add_column(style="bold")
    facts.add_column()
    if card.skills:
        facts.add_row(_("Skills"), ", ".join(str(s) for s in card.skills))
    if card.grants_skills:
        held = _(" (withheld)") if "skills" in card.withheld else ""
        facts.add_row(_("Grants"), ", ".join(card.grants_skills) + held)
    if card.requirements is not None:
        facts.add_row(_("Requires"), str(card.requirements) if active() == SOURCE else req_text(card.requirements))
    cats = list(card.categories) + [_("{icon} (icon)").format(icon=i.value.capitalize()) for i in card.icons]
    if cats:
        facts.add_row(_("Categories"), ", ".join(cats))
    if card.gender is not None:
        gender = {"male": _("male"), "female": _("female"), "none": _("none")}
        facts.add_row(_("Gender"), gender.get(card.gender.value, card.gender.value))
    if card.disaster is not None:
        d = card.disaster
        kind = _("Combat") if d.combat else _("non-Combat")
        extra = _(", off the Field") if d.off_field else ""
        facts.add_row(
            _("Disaster"),
            _("{kind}, movement {n}{extra}").format(kind=kind, n=movement_word(d.movement.value), extra=extra),
        )
    if card.vehicle is not None:
        facts.add_row(_("Vehicle"), vehicle_facts(card))
    if card.on_vehicle is not None:
        on = card.on_vehicle
        where = tr("{kinds} vehicles", kinds=tr(" or ").join(vehicle_kind(k.value) for k in on.kinds))
        where += tr(", or a Character") if on.characters else ""
        facts.add_row(_("Played on"), where + (tr("; meets the vehicle's Pilot requirement") if on.pilot else ""))
    for label, value in ((_("Uses"), card.uses), (_("Deck limit"), card.deck_limit)):
        if value is not None:
            facts.add_row(label, str(value))
    if card.turns is not None:
        facts.add_row(_("Lasts"), polish(_("{n} turn(s)").format(n=card.turns)))
    if card.transforms_into:
        facts.add_row(_("Transforms"), _("into {card}").format(card=card.transforms_into))
    if card.character:
        facts.add_row(_("Character"), card.character)
    if facts.row_count:
        parts.append(facts)
    if card.text and not card.effects:
        parts.append(Text(prose(SUMMARY, card.text.strip())))
    elif card.text:
        parts.append(Text.assemble((_("Summary: "), "dim"), (prose(SUMMARY, card.text.strip()), "dim")))
    for i, eff in enumerate(card.effects):
        text = effect_text(eff, card.effects[:i], card.type is CardType.CHARACTER)
        parts.append(Text.assemble((_("Executed: "), "bold"), text))
    for fact in card.executed_facts:
        parts.append(Text.assemble((_("Executed (card facts): "), "bold"), prose(FACT, fact)))
    for line in status_lines(card):  # the status, the clauses not executed, the withheld numbers (cards/status.py)
        label, _sep, rest = line.partition(": ")
        style = "" if card.ability_status is AbilityStatus.IMPLEMENTED else "yellow"
        parts.append(Text.assemble((label + ": ", f"bold {style}".strip()), (rest, style)))
    if card.physical is not None and card.charm_side is not None:
        parts.append(Text.assemble((_("Physical: "), "bold"), prose(HALF, card.physical.text)))
        parts.append(Text.assemble((_("Charm: "), "bold"), prose(HALF, card.charm_side.text)))
    for r in card.rulings:
        parts.append(
            Text(
                _("Ruling ({source}): {decided} Why: {why}").format(
                    source=prose(SOURCE_OF, r.source), decided=prose(RULING, r.decided), why=prose(WHY, r.why)
                ),
                "dim",
            )
        )
    for e in card.errata:
        parts.append(
            Text(
                _("Ruling ({field}, {source}): {reason}").format(
                    field=e.field, source=prose(SOURCE_OF, e.source), reason=prose(ERRATUM, e.reason)
                ),
                "dim",
            )
        )
    for n in card.notes:
        parts.append(Text(_("Note: {note}").format(note=prose(NOTE, n)), "dim"))
    return Panel(Group(*parts), title=f"[bold]{card.name}[/bold]", expand=False, width=100)


def vehicle_facts(card: Card) -> str:
    """A vehicle's typed facts in a line (CARD-13): kind, capacity, the vehicle it carries, its special rules."""
    v = card.vehicle
    if v is None:
        return ""
    out = [vehicle_kind(v.kind.value)]
    if v.capacity:
        out.append(
            tr("carries {capacity}", capacity=v.capacity)
            + (tr(" ({bare} when none brings Equipment)", bare=v.bare_capacity) if v.bare_capacity else "")
        )
    if v.carries:
        out.append(tr("plus one {kinds} vehicle", kinds=tr(" or ").join(vehicle_kind(k.value) for k in v.carries)))
    if v.unaffected_by:
        out.append(tr("unaffected by {categories} cards", categories=", ".join(v.unaffected_by)))
    if v.equip_aboard:
        out.append(tr("equips those with it away from the Haven"))
    if v.jump:
        out.append(tr("jumps a gap or an edge once a turn"))
    return ", ".join(out)
