"""The terminal table: one seat's view drawn with Rich, readable at 100x30.

Everything drawn comes from ``Game.view(seat)`` (plus the public card database), so a seat is never shown
what it may not see.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from animayhem.cards.database import CardDB

SEAT_STYLES = ("cyan", "magenta", "green", "yellow", "blue")


def short(name: str, width: int) -> str:
    return name if len(name) <= width else name[: width - 1] + "…"


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
    width = max(9, min(16, 96 // max(1, len(cols)) - 3))
    grid = Table(show_header=True, header_style="dim", box=None, padding=(0, 1), pad_edge=False)
    grid.add_column("", style="dim", width=4)
    for x in cols:
        grid.add_column(f"x{x}", width=width, overflow="ellipsis", no_wrap=True)
    for y in range(min(ys), max(ys) + 1):
        row: list[RenderableType] = [Text(f"y{y}")]
        for x in cols:
            p = by_cell.get((x, y))
            if p is None:
                row.append(Text(""))
                continue
            style = SEAT_STYLES[p["owner"] % len(SEAT_STYLES)]
            card = db.by_id(p["card"])
            t = Text()
            t.append(
                ("⌂" if p["haven"] else "") + short(card.name, width - (1 if p["haven"] else 0)), style=f"bold {style}"
            )
            t.append("\n")
            if p["haven"]:
                t.append("Haven", style="dim")
            elif p["destroyed"]:
                t.append("destroyed", style="red")
            else:
                req = str(card.requirements) if card.requirements else "-"
                t.append(f"▢{p['under']} ", style="dim")
                t.append(short(req, width - 3), style="dim italic")
            people = chars.get((x, y), [])
            if people:
                t.append("\n")
                for c in people:
                    cs = SEAT_STYLES[c["owner"] % len(SEAT_STYLES)]
                    t.append(f"c{c['uid']}" + ("*" if c["items"] else "") + " ", style=cs)
            for d in dis.get((x, y), []):
                t.append("\n")
                t.append("D:" + short(db.by_id(d["card"]).name, width - 3), style="bold red")
                if d["carries_item"]:
                    t.append("*", style="bold red")
            row.append(t)
        grid.add_row(*row)
    return grid


def characters_table(view: dict[str, Any], db: CardDB) -> Table:
    t = Table(header_style="bold", box=None, padding=(0, 1))
    for col in ("who", "where", "A", "D", "M", "H", "items / equipment"):
        t.add_column(col, no_wrap=True)
    for c in view["characters"]:
        style = SEAT_STYLES[c["owner"] % len(SEAT_STYLES)]
        where = "Bonked" if c["bonked"] else (f"{c['cell'][0]},{c['cell'][1]}" if c["cell"] else "-")
        if c.get("off_at"):  # TURN-20
            where = f"off the Field ({c['off_at'][0]},{c['off_at'][1]})"
        gear = [db.by_id(e["card"]).name for e in c["equipment"]]
        items = [db.by_id(i["card"]).name for i in c.get("item_cards", [])] or (
            [f"{c['items']} Item(s)"] if c["items"] else []
        )
        t.add_row(
            Text(f"c{c['uid']} {short(db.by_id(c['card']).name, 20)}", style=style),
            where,
            str(c["attack"]),
            str(c["defense"]),
            str(c["movement"]),
            str(c["health"]),
            short(", ".join(items + gear), 34),
        )
    return t


def status_line(view: dict[str, Any]) -> Text:
    items = view["items"]
    players = " ".join(f"P{i + 1}:{n}" for i, n in enumerate(items["players"]))
    t = Text()
    t.append(f"Round {view['round']}  ", style="bold")
    t.append(f"Player {view['active'] + 1}'s {view['phase']}  ")
    t.append(
        f"Items {players}  Disasters:{items['disasters']}  under Locations:{items['under_locations']}"
        f"  on Disasters:{items['carried_by_disasters']}  of {items['total']}"
    )
    return t


def hand_line(view: dict[str, Any], db: CardDB) -> Text:
    me = view["players"][view["seat"]]
    t = Text("Hand: ", style="bold")
    hand = me.get("hand", [])
    t.append(", ".join(f"c{h['uid']} {db.by_id(h['card']).name}" for h in hand) or "(empty)")
    t.append(f"   Draw pile {me['draw_count']}, Combat pile {me['combat_count']}", style="dim")
    return t


def disasters_line(view: dict[str, Any], db: CardDB) -> Text:
    t = Text()
    path = view.get("disaster_path") or []
    if path:
        t.append("Disaster path: ", style="bold red")
        t.append(" → ".join(f"{c[0]},{c[1]}" for c in path) + " → off")
    off = [d for d in view["disasters"] if d["off_field"]]
    if off:
        t.append("   Off the Field: ", style="bold red")
        t.append(", ".join(db.by_id(d["card"]).name for d in off))
    return t


def render(view: dict[str, Any], db: CardDB, log_lines: list[str]) -> RenderableType:
    parts: list[RenderableType] = [status_line(view), field_grid(view, db)]
    if view["characters"]:
        parts.append(characters_table(view, db))
    dl = disasters_line(view, db)
    if dl.plain:
        parts.append(dl)
    parts.append(hand_line(view, db))
    for line in log_lines[-4:]:
        parts.append(Text("· " + line, style="dim", overflow="ellipsis", no_wrap=True))
    return Group(*parts)
