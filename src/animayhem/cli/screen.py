"""The terminal table that stays on screen: one frame the size of the terminal, redrawn after every key.

::

    Round 2 · Player 1's move phase · Player 1 decides · Items: Player 1 1 · Disasters 0 · …   <- header
         x-1                    x0                     x1                                     <- the Field
    y0   Arena ▢3               ⌂ Gohan's Cave         Forest Glade ▢2
         Goku, Chi-Chi          Ox-King                ✖ Raditz A9 D12
    c43 Goku A5 D5 M3 H5 E4     c10 Ox-King A3 D3 M2 H3 E1                                 <- values in use
    Hand (5): c15 Yajirobe, …   · draw 14 · combat 21
    · Goku moves from Gohan's Cave to Arena.                                                <- what happened
    (messages: why, help, log, errors)                                                      <- messages
    Move a Character: who?                                                                  <- the menu
     Move  1 Goku at Arena   2 Chi-Chi at Arena …     Done  9 done
    Player 1> _                                                                             <- the prompt

The header, the Field and the menu keep their places; the log, ``why``, ``help`` and errors go in the
message region above the menu, and the board is drawn again under them. Regions shrink in a fixed order when
the terminal is small (the Field first loses requirement lines, then occupants' names). Everything comes from
the seat's view (``Game.view``), as in :mod:`animayhem.cli.table`.

When the terminal is not a terminal (a pipe, a test), :class:`LineFace` prints line by line as before.
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import IO, Any

from rich.console import Console, RenderableType
from rich.text import Text

from animayhem.cards.database import CardDB
from animayhem.cli.table import SEAT_STYLES, Extras, disaster_numbers, seat_name
from animayhem.engine.faces import terms
from animayhem.i18n import gettext as _
from animayhem.i18n import polish

ENTER_SCREEN = "\x1b[?1049h\x1b[H\x1b[2J"  # the terminal's alternate screen: the shell's scrollback is kept
LEAVE_SCREEN = "\x1b[?1049l"
HOME, CLEAR_LINE, CLEAR_BELOW = "\x1b[H", "\x1b[K", "\x1b[J"
MIN_WIDTH, MIN_HEIGHT = 60, 16  # smaller terminals get the line-by-line table


def _style(seat: int) -> str:
    return SEAT_STYLES[seat % len(SEAT_STYLES)]


def crop(text: Text, width: int) -> Text:
    """One line of at most ``width`` cells (an ellipsis marks what was cut)."""
    t = text.copy()
    t.truncate(width, overflow="ellipsis")
    return t


def wrap(text: Text, width: int) -> list[Text]:
    """``text`` wrapped to ``width`` (its own line breaks kept)."""
    console = Console(width=width, file=io.StringIO(), color_system=None)
    return [crop(line, width) for line in text.wrap(console, width)]


def lines_of(renderable: RenderableType, width: int) -> list[Text]:
    """A Rich renderable (a table, a panel, a card) as lines of styled text."""
    if isinstance(renderable, Text):
        return wrap(renderable, width)
    if isinstance(renderable, str):
        return wrap(Text(renderable), width)
    console = Console(width=width, file=io.StringIO(), color_system="truecolor", force_terminal=True)
    out = []
    for segs in console.render_lines(renderable, console.options.update_width(width), pad=False):
        t = Text()
        for seg in segs:
            if not seg.control:
                t.append(seg.text, seg.style)
        t.rstrip()
        out.append(t)
    while out and not out[-1].plain:
        out.pop()
    return out


# ---------------------------------------------------------------------- the parts of a frame


def header(view: dict[str, Any], width: int) -> Text:
    items = view["items"]
    t = Text(style="reverse")
    t.append(" " + _("Round {n}").format(n=view["round"]) + " ", style="bold reverse")
    phase = _("{player}'s {phase} phase").format(player=seat_name(view["active"]), phase=terms.phase(view["phase"]))
    t.append(f"· {phase} ")
    to_move = view.get("to_move")
    if to_move is not None:
        t.append("· " + _("{player} decides").format(player=seat_name(to_move)) + " ", style="bold reverse")
    players = " · ".join(f"{seat_name(i)} {n}" for i, n in enumerate(items["players"]))
    t.append(
        "· " + _("Items: {players} · Disasters {n}").format(players=players, n=items["disasters"]) + " ",
        style="bold reverse",
    )
    t.append(
        _("(under Locations {under}, on Disasters {carried}, of {total})").format(
            under=items["under_locations"], carried=items["carried_by_disasters"], total=items["total"]
        )
        + " "
    )
    t.pad_right(max(0, width - t.cell_len))
    return crop(t, width)


def _marks(db: CardDB, card_id: str) -> str:
    icons = {i.value for i in db.by_id(card_id).icons}
    return ("[P]" if "planetary" in icons else "") + ("[D]" if "dimensional" in icons else "")


def _cell_lines(
    p: dict[str, Any],
    db: CardDB,
    people: list[dict[str, Any]],
    dis: list[dict[str, Any]],
    width: int,
    detail: int,
) -> list[Text]:
    card = db.by_id(p["card"])
    style = _style(p["owner"])
    first = Text(("⌂ " if p["haven"] else "") + card.name, style=f"bold {style}")
    marks = _marks(db, p["card"])
    if marks:
        first.append(" " + marks, style="bold yellow")
    if not p["haven"] and not p["destroyed"]:
        first.append(f" ▢{p['under']}", style="dim")
    if detail == 1:  # one line: the name and how many stand there
        if people:
            first.append(f" ●{len(people)}", style="bold")
        if dis:
            first.append(f" ✖{len(dis)}", style="bold red")
        return [crop(first, width)]
    out = [crop(first, width)]
    if detail >= 3:
        if p["haven"]:
            n = len(p["stored"]) if "stored" in p else int(p.get("stored_count", 0))
            info = Text(
                _("Haven of {player}").format(player=seat_name(p["owner"]))
                + (_(", {n} stored").format(n=n) if n else ""),
                style="dim",
            )
        elif p["destroyed"]:
            info = Text(_("Destroyed"), style="red")
        else:
            info = Text(
                terms.requirement(card.requirements) if card.requirements else _("no requirement"), style="italic dim"
            )
        out.append(crop(info, width))
    who = Text()
    for c in people:
        if who.plain:
            who.append(", ")
        who.append(db.by_id(c["card"]).name + ("*" * int(c["items"])), style=_style(c["owner"]))
    for d in dis:
        if who.plain:
            who.append(", ")
        dcard = db.by_id(d["card"])
        attack, defense, _m, _h = disaster_numbers(d, dcard)
        values = f" {attack}/{defense}" if attack != "-" or defense != "-" else ""
        who.append(f"✖ {dcard.name}{values}" + (" *" if d["carries_item"] else ""), style="bold red")
    if who.plain:
        wrapped = wrap(who, width)
        if len(wrapped) > 3:
            wrapped = [
                *wrapped[:2],
                crop(
                    Text(
                        _("… and more ({people} + {disasters} here)").format(people=len(people), disasters=len(dis)),
                        style="dim",
                    ),
                    width,
                ),
            ]
        out += wrapped
    return out


def field_lines(view: dict[str, Any], db: CardDB, width: int, detail: int) -> list[Text]:
    """The Field as a grid of cells: ``detail`` 3 (name, requirement, who stands there), 2 (no requirement)
    or 1 (one line a cell)."""
    places = view["places"]
    if not places:
        return []
    xs = [p["cell"][0] for p in places]
    ys = [p["cell"][1] for p in places]
    by_cell = {tuple(p["cell"]): p for p in places}
    chars: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for c in view["characters"]:
        if c["cell"] is not None and not c["bonked"]:
            chars.setdefault(tuple(c["cell"]), []).append(c)
    dis: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for d in view["disasters"]:
        if d["cell"] is not None:
            dis.setdefault(tuple(d["cell"]), []).append(d)
    cols = list(range(min(xs), max(xs) + 1))
    label = 4
    cw = max(6, min(24, (width - label) // len(cols) - 1))
    out: list[Text] = []
    head = Text(" " * label, style="dim")
    for x in cols:
        head.append(f"x{x}".ljust(cw + 1), style="dim")
    out.append(crop(head, width))
    for y in range(min(ys), max(ys) + 1):
        cells = []
        for x in cols:
            p = by_cell.get((x, y))
            cells.append(
                [] if p is None else _cell_lines(p, db, chars.get((x, y), []), dis.get((x, y), []), cw, detail)
            )
        height = max((len(c) for c in cells), default=0)
        for i in range(max(1, height)):
            line = Text(f"y{y}".ljust(label) if i == 0 else " " * label, style="dim")
            for c in cells:
                part = c[i] if i < len(c) else Text("")
                line.append_text(part)
                line.append(" " * (cw + 1 - part.cell_len))
            line.rstrip()
            out.append(crop(line, width))
    return out


def character_chips(view: dict[str, Any], db: CardDB) -> list[Text]:
    """Each Character with the values the rules use now (the view's), its Items and what it carries."""
    where = {tuple(p["cell"]): db.by_id(p["card"]).name for p in view["places"]}
    out = []
    for c in view["characters"]:
        t = Text(style=_style(c["owner"]))
        t.append(f"c{c['uid']} {db.by_id(c['card']).name} ", style=f"bold {_style(c['owner'])}")
        t.append(
            _("A{attack} D{defense} M{movement} H{health} E{energy}").format(
                attack=c["attack"], defense=c["defense"], movement=c["movement"], health=c["health"], energy=c["energy"]
            )
        )
        if c["bonked"]:
            t.append(" " + _("Bonked"), style="red")
        elif c.get("waiting"):
            t.append(" " + _("waiting"))
        elif c.get("off_at"):
            t.append(" " + _("off the Field"))
        elif c["cell"] is not None and len(view["places"]) > 0:
            t.append(f" @{where.get(tuple(c['cell']), '?')}", style="dim")
        if c.get("moved"):
            t.append(_(" (moved)"), style="dim")
        items = [db.by_id(i["card"]).name for i in c.get("item_cards", c.get("shown_items", []))]
        if c["items"] > len(items):  # another player's: those carried face up (CARD-10) by name, the rest counted
            items.append(polish(_("{n} face-down Item(s)").format(n=c["items"] - len(items))))
        gear = [db.by_id(e["card"]).name for e in c["equipment"]] + [
            "+" + db.by_id(e["card"]).name for e in c["enhancements"]
        ]
        if items or gear:
            t.append(" [" + ", ".join(items + gear) + "]", style="yellow")
        out.append(t)
    return out


def disaster_chips(view: dict[str, Any], db: CardDB) -> list[Text]:
    where = {tuple(p["cell"]): db.by_id(p["card"]).name for p in view["places"]}
    out = []
    for d in view["disasters"]:
        card = db.by_id(d["card"])
        attack, defense, movement, health = disaster_numbers(d, card)
        values = _("A{attack} D{defense} M{movement} H{health}").format(
            attack=attack, defense=defense, movement=movement, health=health
        )
        t = Text(f"✖ {card.name} {values}", style="red")
        if d["off_field"]:
            t.append(" " + _("Off the Field"), style="dim")
        elif d["cell"] is not None:
            t.append(f" @{where.get(tuple(d['cell']), '?')}", style="dim")
        if d["carries_item"]:
            t.append(" " + _("carries an Item"), style="bold red")
        out.append(t)
    return out


def chip_lines(chips: Sequence[Text], width: int) -> list[Text]:
    """Chips two (or three) to a line, in columns."""
    if not chips:
        return []
    per = 3 if width >= 120 else 2
    col = width // per
    out = []
    for i in range(0, len(chips), per):
        line = Text()
        for chip in chips[i : i + per]:
            part = crop(chip, col - 1)
            line.append_text(part)
            line.append(" " * (col - part.cell_len))
        line.rstrip()
        out.append(line)
    return out


def hand_lines(view: dict[str, Any], db: CardDB, width: int) -> list[Text]:
    me = view["players"][view["seat"]] if view.get("seat") is not None and view["seat"] >= 0 else None
    if me is None:
        return []
    hand = me.get("hand", [])
    t = Text(_("Hand ({n}): ").format(n=len(hand)), style="bold")
    t.append(", ".join(f"c{h['uid']} {db.by_id(h['card']).name}" for h in hand) or _("empty"))
    t.append("  · " + _("draw {n} · combat {m}").format(n=me["draw_count"], m=me["combat_count"]), style="dim")
    for other in view["players"]:
        if other["seat"] != view["seat"]:
            t.append(
                " · " + _("{player} holds {n}").format(player=seat_name(other["seat"]), n=other["hand_count"]),
                style="dim",
            )
    out = wrap(t, width)[:2]
    for p in view["places"]:
        if p["haven"] and p.get("stored"):
            s = Text("⌂ " + _("{name} stores: ").format(name=db.by_id(p["card"]).name), style=_style(p["owner"]))
            s.append(", ".join(db.by_id(c["card"]).name for c in p["stored"]))
            out.append(crop(s, width))
    return out


def path_line(view: dict[str, Any], db: CardDB, width: int) -> list[Text]:
    names = {tuple(p["cell"]): db.by_id(p["card"]).name for p in view["places"]}
    path = view.get("disaster_path") or []
    if not path:
        return []
    t = Text(_("Disaster path") + ": ", style="bold red")
    t.append(" → ".join(names.get(tuple(c), f"{c[0]},{c[1]}") for c in path) + " → " + _("off"))
    return [crop(t, width)]


# ---------------------------------------------------------------------- the frame


@dataclass
class MenuView:
    """The menu as drawn: its question and its numbered choices, with the verb group of each."""

    question: str
    choices: list[tuple[int, str, str]]  # number, label, group name
    back: bool = False  # a step: 0 goes back


def menu_lines(menu: MenuView, width: int) -> list[Text]:
    q = Text(menu.question, style="bold")
    if menu.back:
        q.append("   " + _("(0: back)"), style="dim")
    out = wrap(q, width)
    groups: dict[str, list[Text]] = {}
    for n, label, group in menu.choices:
        t = Text()
        t.append(str(n), style="bold cyan")
        t.append(f" {label}")
        groups.setdefault(group, []).append(t)
    pad = max((len(g) for g in groups), default=0) + 2
    for name, entries in groups.items():
        line = Text(f" {name}".ljust(pad), style="bold")
        indent = " " * pad
        for t in entries:
            piece = t if line.cell_len <= pad else Text("   ").append_text(t)
            if line.cell_len + piece.cell_len > width and line.cell_len > pad:
                out.append(line)
                line = Text(indent)
                piece = t
            line.append_text(piece)
        out.append(crop(line, width))
    return out


@dataclass
class Frame:
    """What one frame shows besides the view: the menu, the messages and the events since the last decision."""

    menu: MenuView
    messages: list[RenderableType] = field(default_factory=list)
    tail: bool = False  # messages too long for the screen: keep their end (the log), not their start


def compose(view: dict[str, Any], db: CardDB, extras: Extras, frame: Frame, width: int, height: int) -> list[Text]:
    """The frame: exactly ``height - 1`` lines of at most ``width`` cells (the last line is the prompt's)."""
    rows = height - 1
    top = [header(view, width)]
    menu = menu_lines(frame.menu, width)
    msgs: list[Text] = []
    for m in frame.messages:
        msgs += lines_of(m, width)
    avail = rows - len(top)
    m_cap = max(3, min(len(menu), avail // 2))
    if len(menu) > m_cap:
        more = len(menu) - m_cap + 1
        menu = [
            *menu[: m_cap - 1],
            Text(polish(_("… {n} more line(s) of choices: type 'menu' to list them").format(n=more)), style="dim"),
        ]
    k_cap = max(0, avail - len(menu))
    if len(msgs) > k_cap:
        cut = len(msgs) - k_cap + 1
        note = Text(polish(_("… {n} line(s) above this do not fit").format(n=cut)), style="dim") if frame.tail else None
        if frame.tail:
            msgs = [note, *msgs[cut:]] if note is not None and k_cap else msgs[len(msgs) - k_cap :]
        else:
            msgs = [*msgs[: max(0, k_cap - 1)], Text(_("… (more than the screen holds)"), style="dim")][:k_cap]
    rest = avail - len(menu) - len(msgs)
    combat = [Text(line, style="bold red") for line in extras.combat]
    info = (
        chip_lines(character_chips(view, db), width)
        + chip_lines(disaster_chips(view, db), width)
        + hand_lines(view, db, width)
        + path_line(view, db, width)
    )
    events = []
    if extras.earlier:
        events.append(
            Text(polish(_("… {n} earlier event(s): type 'log' to see them").format(n=extras.earlier)), style="dim")
        )
    for line in extras.events:
        events += wrap(Text("· " + line, style="dim"), width)
    for c in combat:
        events += wrap(c, width)
    keep_info = min(len(info), max(2, rest // 4))
    keep_log = min(len(events), 2)
    budget = rest - keep_info - keep_log
    board: list[Text] = []
    for detail in (3, 2, 1):
        board = field_lines(view, db, width, detail)
        if len(board) <= budget:
            break
    board = board[: max(0, budget)]
    left = rest - len(board)
    info = info[: max(0, min(len(info), left - keep_log))]
    left -= len(info)
    log = events[-left:] if left > 0 else []
    left -= len(log)
    if left > 0 and extras.recent and not extras.earlier:  # room to spare: what happened before, dimmed
        older: list[Text] = []
        for line in extras.recent:
            older += wrap(Text("  " + line, style="dim italic"), width)
        log = [*older[-left:], *log]
        left -= min(left, len(older))
    body = [*top, *board, *info, *log, *([Text("")] * left), *msgs, *menu]
    assert len(body) == rows, (len(body), rows)
    return body


# ---------------------------------------------------------------------- faces


class LineFace:
    """Line by line, as a pipe or a test reads it: messages are printed as they come."""

    screen = False

    def __init__(self, console: Console, read: Callable[[str], str] = input) -> None:
        self.console = console
        self.read = read

    def say(self, message: RenderableType, *, tail: bool = False) -> None:
        del tail
        self.console.print(message, highlight=False)

    def ask(self, prompt: str, frame: Callable[[], list[Text]] | None = None) -> str:
        del frame
        return self.read(prompt)

    def open(self) -> None:
        pass

    def close(self) -> None:
        pass


class ScreenFace:
    """The table that stays on screen: each question redraws the whole frame, the prompt on the last line."""

    screen = True

    def __init__(
        self,
        out: IO[str] | None = None,
        read: Callable[[str], str] = input,
        size: Callable[[], tuple[int, int]] | None = None,
        color_system: str | None = "auto",
    ) -> None:
        self.out = out if out is not None else sys.stdout
        self.read = read
        self.size = size or _terminal_size
        self.color_system = color_system
        self.messages: list[RenderableType] = []
        self.tail = False
        self.frames: list[list[str]] = []  # the plain text of every frame drawn (for tests: keep_frames)
        self.keep_frames = False
        self.opened = False

    def say(self, message: RenderableType, *, tail: bool = False) -> None:
        self.messages.append(message)
        self.tail = self.tail or tail

    def take_messages(self) -> tuple[list[RenderableType], bool]:
        out, tail = self.messages, self.tail
        self.messages, self.tail = [], False
        return out, tail

    def open(self) -> None:
        if not self.opened:
            self.out.write(ENTER_SCREEN)
            self.out.flush()
            self.opened = True

    def close(self) -> None:
        if self.opened:
            self.out.write(LEAVE_SCREEN)
            self.out.flush()
            self.opened = False

    def draw(self, lines: list[Text], width: int, height: int) -> None:
        buf = io.StringIO()
        kw: dict[str, Any] = {"color_system": None} if self.color_system is None else {"force_terminal": True}
        console = Console(file=buf, width=width, height=height, legacy_windows=False, **kw)
        for line in lines:
            console.print(line, end="", no_wrap=True, overflow="crop", highlight=False, markup=False)
            buf.write(CLEAR_LINE + "\n")
        self.out.write(HOME + buf.getvalue() + CLEAR_BELOW)
        self.out.flush()
        if self.keep_frames:
            self.frames.append([line.plain for line in lines])

    def ask(self, prompt: str, frame: Callable[[], list[Text]] | None = None) -> str:
        self.open()
        if frame is not None:
            width, height = self.size()
            self.draw(frame(), width, height)
        return self.read(prompt)


def _terminal_size() -> tuple[int, int]:
    size = os.get_terminal_size(sys.stdout.fileno())
    return size.columns, size.lines


def wants_screen(plain: bool) -> bool:
    """The table stays on screen when both ends are a terminal big enough, unless ``--plain`` (or
    ``ANIMAYHEM_PLAIN`` set, or ``TERM=dumb``)."""
    if plain or os.environ.get("ANIMAYHEM_PLAIN") or os.environ.get("TERM") == "dumb":
        return False
    try:
        if not (sys.stdin.isatty() and sys.stdout.isatty()):
            return False
        width, height = _terminal_size()
    except (OSError, ValueError, AttributeError):
        return False
    return width >= MIN_WIDTH and height >= MIN_HEIGHT
