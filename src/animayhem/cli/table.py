"""The terminal table: one seat's view drawn with Rich, readable at 100x30.

Everything drawn comes from ``Game.view(seat)`` plus the public card database (and public extras the
session passes: every seat's Disaster path, the sentences of what happened), so a seat is never shown what
it may not see. Seats are "Player 1" … "Player N" everywhere; cards are named, never numbered, except the
``cN`` a player may type.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from animayhem.cards.database import CardDB
from animayhem.cards.model import Card
from animayhem.engine.faces import terms
from animayhem.i18n import gettext as _
from animayhem.i18n import polish

SEAT_STYLES = ("cyan", "magenta", "green", "yellow", "blue")
VERB_GROUPS = (  # how actions are grouped at the prompt, in this order
    ("Set-up", ("place", "line", "haven", "item", "disasters", "start")),
    ("Move", ("move", "drive", "leave", "return", "transform")),
    ("Cards", ("play", "discard", "store", "take", "give", "drop", "flash", "yield", "hold", "send")),
    ("Scavenge", ("scavenge", "assault", "continue", "stop")),
    ("Fight", ("strike", "run", "runto", "stay", "hit", "protect", "fight", "charm")),
    ("Answer", ("allow", "refuse", "decline", "pass")),
    ("Done", ("done",)),
)


@dataclass
class Extras:
    """Public facts the view does not carry: each seat's Disaster path (cells), the sentences since the
    seat's last decision (already filtered for it), and a summary of earlier ones."""

    paths: dict[int, list[list[int]]] = field(default_factory=dict)
    events: list[str] = field(default_factory=list)
    earlier: int = 0
    combat: list[str] = field(default_factory=list)
    combat_cell: tuple[int, int] | None = None  # where the combat in progress is
    recent: list[str] = field(default_factory=list)  # what happened before those (shown when there is room)


def short(name: str, width: int) -> str:
    return name if len(name) <= width else name[: width - 1] + "…"


def seat_name(seat: int) -> str:
    return _("Player {n}").format(n=seat + 1)


def _style(seat: int) -> str:
    return SEAT_STYLES[seat % len(SEAT_STYLES)]


def _marks(card: Card) -> str:
    out = ""
    icons = {i.value for i in card.icons}
    if "planetary" in icons:
        out += "[P]"
    if "dimensional" in icons:
        out += "[D]"
    return out


def _ad(card: Card) -> str:
    parts = []
    if card.attack is not None and card.attack.value is not None:
        parts.append(f"A{card.attack.value}")
    if card.defense is not None and card.defense.value is not None:
        parts.append(f"D{card.defense.value}")
    return " ".join(parts)


def _prints(card: Card, ability: str) -> bool:
    stat = card.stat(ability)
    return stat is not None and stat.value is not None


def disaster_numbers(d: dict[str, Any], card: Card) -> tuple[str, str, str, str]:
    """A Disaster's Attack, Defense, Movement and Health left as the rules use them now: the view's current
    values (Full Moon, a Horde, an ally, a text-defined Defense…), never the printed numbers. A value the card
    does not print and nothing gives it is "-", and so is the Health of a Disaster that never fights."""

    def shown(ability: str) -> str:
        value = int(d[ability])
        return "-" if value == 0 and not _prints(card, ability) else str(value)

    fights = card.disaster is None or card.disaster.combat
    return shown("attack"), shown("defense"), shown("movement"), str(d["health"]) if fights else "-"


def disaster_ad(d: dict[str, Any], card: Card) -> str:
    """``A9 D12`` for a Disaster, from its current values (see :func:`disaster_numbers`)."""
    attack, defense, _m, _h = disaster_numbers(d, card)
    return " ".join(f"{k}{v}" for k, v in (("A", attack), ("D", defense)) if v != "-")


def field_grid(view: dict[str, Any], db: CardDB) -> Table:
    places = view["places"]
    if not places:
        return Table.grid()
    xs = [p["cell"][0] for p in places]
    ys = [p["cell"][1] for p in places]
    by_cell = {tuple(p["cell"]): p for p in places}
    chars: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for c in view["characters"]:
        if c["cell"] is not None:
            chars.setdefault(tuple(c["cell"]), []).append(c)
    dis: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for d in view["disasters"]:
        if d["cell"] is not None:
            dis.setdefault(tuple(d["cell"]), []).append(d)
    cols = range(min(xs), max(xs) + 1)
    width = max(9, min(22, 94 // max(1, len(cols)) - 1))
    grid = Table(show_header=True, header_style="dim", box=None, padding=(0, 1), pad_edge=False)
    grid.add_column("", style="dim", width=3)
    for x in cols:
        grid.add_column(f"x{x}", width=width, overflow="fold")
    for y in range(min(ys), max(ys) + 1):
        row: list[RenderableType] = [Text(f"y{y}")]
        for x in cols:
            p = by_cell.get((x, y))
            row.append(Text("") if p is None else _cell_text(p, db, chars.get((x, y), []), dis.get((x, y), [])))
        grid.add_row(*row)
    return grid


def _cell_text(p: dict[str, Any], db: CardDB, people: list[dict[str, Any]], dis: list[dict[str, Any]]) -> Text:
    style = _style(p["owner"])
    card = db.by_id(p["card"])
    t = Text()
    t.append(("⌂ " if p["haven"] else "") + card.name, style=f"bold {style}")
    marks = _marks(card)
    if marks:
        t.append(" " + marks, style="bold yellow")
    t.append("\n")
    if p["haven"]:
        stored = p.get("stored")
        n = len(stored) if stored is not None else int(p.get("stored_count", 0))
        t.append(
            _("Haven of {player}").format(player=seat_name(p["owner"])) + (_(", {n} stored").format(n=n) if n else ""),
            style="dim",
        )
    elif p["destroyed"]:
        t.append(_("Destroyed"), style="red")
    else:
        t.append(f"▢{p['under']}", style="dim")
        ad = _ad(card)
        if ad:
            t.append(" " + ad, style="yellow")
        t.append(
            " " + (terms.requirement(card.requirements) if card.requirements else _("no requirement")), style="italic"
        )
    for c in people:
        t.append("\n")
        name = db.by_id(c["card"]).name
        flag = "*" * int(c["items"]) if c["items"] else ""
        t.append(f"c{c['uid']} {name}{flag}", style=_style(c["owner"]))
    for d in dis:
        dcard = db.by_id(d["card"])
        t.append("\n")
        t.append(f"✖ {dcard.name} {disaster_ad(d, dcard)}", style="bold red")
        if d["carries_item"]:
            t.append(" " + "*" * d.get("items_carried", 1), style="bold red")
    return t


def _names(entries: Sequence[dict[str, Any]], db: CardDB) -> list[str]:
    return [db.by_id(e["card"]).name for e in entries]


def characters_table(view: dict[str, Any], db: CardDB) -> Table:
    where_of = {tuple(p["cell"]): db.by_id(p["card"]).name for p in view["places"]}
    t = Table(header_style="bold", box=None, padding=(0, 1), expand=False)
    for col in (_("player"), _("Character"), _("at"), _("A"), _("D"), _("M"), _("H"), _("E"), _("carries")):
        t.add_column(col, overflow="fold")
    for c in view["characters"]:
        style = _style(c["owner"])
        if c["bonked"]:
            where = _("Bonked")
        elif c.get("waiting"):  # AMB-59 (002): beside the Field until the first Haven
            where = _("waiting beside the Field")
        elif c.get("off_at"):  # TURN-20
            where = _("off the Field ({place})").format(place=where_of.get(tuple(c["off_at"]), "?"))
        elif c["cell"]:
            where = where_of.get(tuple(c["cell"]), "?")
        else:
            where = "-"
        items = _names(c.get("item_cards", c.get("shown_items", [])), db)
        if c["items"] > len(items):  # another player's: those carried face up (CARD-10) by name, the rest counted
            items.append(polish(_("{n} face-down Item(s)").format(n=c["items"] - len(items))))
        gear = _names(c["equipment"], db) + [f"+{n}" for n in _names(c["enhancements"], db)]
        t.add_row(
            Text(seat_name(c["owner"]), style=style),
            Text(f"c{c['uid']} {db.by_id(c['card']).name}" + (_(" (moved)") if c.get("moved") else ""), style=style),
            where,
            str(c["attack"]),
            str(c["defense"]),
            str(c["movement"]),
            str(c["health"]),  # the true number: 0 and below are not the same (COMBAT-14)
            str(c["energy"]),
            ", ".join(items + gear) or "-",
        )
    return t


def havens_line(view: dict[str, Any], db: CardDB) -> Text:
    t = Text()
    for p in view["places"]:
        if not p["haven"]:
            continue
        name = db.by_id(p["card"]).name
        if "stored" in p:
            inside = ", ".join(_names(p["stored"], db)) or _("empty")
        else:
            n = int(p.get("stored_count", 0))
            inside = polish(_("{n} card(s)").format(n=n)) if n else _("empty")
        if t.plain:
            t.append("   ")
        t.append(f"⌂ {name} ({seat_name(p['owner'])}): ", style=_style(p["owner"]))
        t.append(inside)
    return t


def status_line(view: dict[str, Any]) -> Text:
    items = view["items"]
    players = "  ".join(f"{seat_name(i)}: {n}" for i, n in enumerate(items["players"]))
    t = Text()
    t.append(_("Round {n}").format(n=view["round"]) + "  ", style="bold")
    t.append(
        _("{player}'s {phase} phase").format(player=seat_name(view["active"]), phase=terms.phase(view["phase"])) + "   "
    )
    t.append(_("Items — {players}  Disasters: {n}").format(players=players, n=items["disasters"]), style="bold")
    t.append(
        _("  (under Locations {under}, on Disasters {carried}, of {total})").format(
            under=items["under_locations"], carried=items["carried_by_disasters"], total=items["total"]
        ),
        style="dim",
    )
    return t


def hand_line(view: dict[str, Any], db: CardDB) -> Text:
    me = view["players"][view["seat"]]
    t = Text(_("Hand: "), style="bold")
    hand = me.get("hand", [])
    t.append(", ".join(f"c{h['uid']} {db.by_id(h['card']).name}" for h in hand) or _("(empty)"))
    t.append("   " + _("Draw pile {n}, Combat pile {m}").format(n=me["draw_count"], m=me["combat_count"]), style="dim")
    for other in view["players"]:
        if other["seat"] != view["seat"]:
            t.append(
                "   " + _("{player}: {n} in hand").format(player=seat_name(other["seat"]), n=other["hand_count"]),
                style="dim",
            )
    if view.get("known"):  # hidden cards this seat has looked at (engine/effects/looks.py)
        t.append("\n" + _("Seen: "), style="bold")
        t.append("; ".join(_seen(k, view, db) for k in view["known"]))
    return t


def _seen(k: dict[str, Any], view: dict[str, Any], db: CardDB) -> str:
    """One card the seat looked at, and where it lies."""
    name = db.by_id(k["card"]).name
    if k["zone"] in ("under", "stored"):
        place = next((db.by_id(p["card"]).name for p in view["places"] if p["cell"] == k["cell"]), "?")
        where = (_("under {place}") if k["zone"] == "under" else _("stored in {place}")).format(place=place)
        top = _(", on top") if k.get("depth") == 0 else ""
        return f"{name} ({where}{top})"
    if k["zone"] == "carried":
        holder = next((db.by_id(c["card"]).name for c in view["characters"] if c["uid"] == k["character"]), "?")
        return _("{name} (carried by {holder})").format(name=name, holder=holder)
    if k.get("seat") == view["seat"]:
        where = _("in your Draw pile") if k["zone"] == "draw" else _("in your hand")
    else:
        where = (_("in the Draw pile of {player}") if k["zone"] == "draw" else _("in the hand of {player}")).format(
            player=seat_name(int(k["seat"]))
        )
    return f"{name} ({where})"


def disasters_table(view: dict[str, Any], db: CardDB) -> Table | None:
    if not view["disasters"]:
        return None
    where_of = {tuple(p["cell"]): db.by_id(p["card"]).name for p in view["places"]}
    t = Table(header_style="bold red", box=None, padding=(0, 1))
    for col in (_("Disaster"), _("at"), _("A"), _("D"), _("M"), _("H"), _("Item"), _("path of")):
        t.add_column(col, overflow="fold")
    for d in view["disasters"]:
        card = db.by_id(d["card"])
        where = _("Off the Field") if d["off_field"] else where_of.get(tuple(d["cell"]), "?") if d["cell"] else "-"
        attack, defense, movement, health = disaster_numbers(d, card)
        t.add_row(
            Text(card.name, style="red"),
            where,
            attack,
            defense,
            movement,
            health,
            (str(d["items_carried"]) if "items_carried" in d else _("yes")) if d["carries_item"] else "-",
            seat_name(d["controller"]),
        )
    return t


def disasters_line(view: dict[str, Any], db: CardDB, paths: dict[int, list[list[int]]] | None = None) -> Text:
    """Each seat's Disaster path, by Location names (the viewing seat's first)."""
    names = {tuple(p["cell"]): db.by_id(p["card"]).name for p in view["places"]}
    seat = view["seat"]
    all_paths = dict(paths or {})
    all_paths.setdefault(seat, view.get("disaster_path") or [])
    t = Text()
    for s in sorted(all_paths, key=lambda x: (x != seat, x)):
        path = all_paths[s]
        if not path:
            continue
        if t.plain:
            t.append("\n")
        whose = _("Disaster path") if s == seat else _("Disaster path of {player}").format(player=seat_name(s))
        t.append(whose + ": ", style="bold red")
        t.append(" → ".join(names.get(tuple(c), f"{c[0]},{c[1]}") for c in path) + " → " + _("off"))
    return t


def combat_panel(
    view: dict[str, Any], db: CardDB, lines: list[str], cell: tuple[int, int] | None = None
) -> Panel | None:
    fight = view.get("fight")
    if not lines and not fight:
        return None
    body = Text()
    if cell is not None:
        for d in view["disasters"]:
            if d["cell"] is not None and tuple(d["cell"]) == cell:
                card = db.by_id(d["card"])
                health = disaster_numbers(d, card)[3]
                body.append(
                    _("{name}: {ad} Health {health}").format(name=card.name, ad=disaster_ad(d, card), health=health)
                    + "\n",
                    style="bold red",
                )
        for c in view["characters"]:
            if c["cell"] is not None and tuple(c["cell"]) == cell:
                name = db.by_id(c["card"]).name
                body.append(
                    _("{name} ({player}): A{attack} D{defense} Health {health}").format(
                        name=name,
                        player=seat_name(c["owner"]),
                        attack=c["attack"],
                        defense=c["defense"],
                        health=c["health"],
                    )
                    + "\n",
                    style=_style(c["owner"]),
                )
    body.append("\n".join(lines))
    if fight:
        body.append(
            ("\n" if lines else "")
            + _("Fight between {players}").format(players=", ".join(seat_name(s) for s in fight.get("seats", [])))
        )
    return Panel(body, title=_("Combat"), border_style="red", expand=True)


def actions_block(labels: Sequence[str], actions: Sequence[str]) -> Table:
    """The legal actions grouped by kind, each with its number (the numbers follow ``actions``)."""
    order = {v: i for i, (_, verbs) in enumerate(VERB_GROUPS) for v in verbs}
    groups: dict[int, list[Text]] = {}
    for i, (label, action) in enumerate(zip(labels, actions, strict=True)):
        verb = action.split()[0]
        t = Text()
        t.append(f"{i + 1}", style="bold")
        t.append(f" {label}")
        groups.setdefault(order.get(verb, len(VERB_GROUPS)), []).append(t)
    table = Table(box=None, show_header=False, padding=(0, 1))
    table.add_column("kind", style="bold", no_wrap=True)
    table.add_column("actions", overflow="fold")
    for k in sorted(groups):
        name = terms.group(VERB_GROUPS[k][0] if k < len(VERB_GROUPS) else "Other")
        row = Text("   ").join(groups[k])
        table.add_row(name, row)
    return table


def events_block(events: list[str], earlier: int) -> Group:
    parts: list[RenderableType] = []
    if earlier:
        parts.append(Text(polish(_("… {n} earlier event(s): type 'log' to see them").format(n=earlier)), style="dim"))
    for line in events:
        parts.append(Text("· " + line, style="dim"))
    return Group(*parts)


def render(view: dict[str, Any], db: CardDB, log_lines: list[str], extras: Extras | None = None) -> RenderableType:
    ex = extras or Extras(events=list(log_lines[-4:]))
    parts: list[RenderableType] = [status_line(view), field_grid(view, db)]
    if view["characters"]:
        parts.append(characters_table(view, db))
    hv = havens_line(view, db)
    if hv.plain:
        parts.append(hv)
    dt = disasters_table(view, db)
    if dt is not None:
        parts.append(dt)
    dl = disasters_line(view, db, ex.paths)
    if dl.plain:
        parts.append(dl)
    parts.append(hand_line(view, db))
    panel = combat_panel(view, db, ex.combat, ex.combat_cell)
    if panel is not None:
        parts.append(panel)
    if ex.events or ex.earlier:
        parts.append(events_block(ex.events, ex.earlier))
    return Group(*parts)
