"""The decision menu of the terminal table, chosen in steps.

A Move phase may offer a couple of hundred actions (every driver x riders x cell). The menu folds them:
first **who** (a Character, or a group standing together), then **where**, then, for a vehicle, **who
rides**. Other long lists fold by the card they are about (``play Power Pole`` -> on whom). Every leaf is one
legal action of the decision; the typed notation (``move c3 1,0``) is accepted at every step.

Numbers stay put: they are given once per decision, in the order the choices are shown, so between two keys
(``log``, ``why``, a refused line, a step taken and taken back, a resized terminal) a number always picks the
same choice.

Everything here is worked out from the seat's view and its legal actions: a card the seat may not see is
"a face-down card" (MISC-7).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from animayhem.cards.database import CardDB
from animayhem.engine.core.actions import Action, ActionSyntaxError, Handle, parse_action
from animayhem.engine.faces.views import known_cards
from animayhem.i18n import gettext as _
from animayhem.i18n import pgettext

STEPPED_VERBS = frozenset({"move", "drive", "leave", "return", "transform"})
FOLD_AT = 13  # a list longer than this folds its actions by the card they are about
FOLD_GROUP = 3  # … when at least this many share a verb and a card


@dataclass
class Entry:
    """One line of a menu: a legal action (``action``), or a step that opens ``children``."""

    key: str
    label: str
    verb: str  # for grouping on screen (the verb of its actions)
    action: str | None = None
    children: list[Entry] = field(default_factory=list)
    question: str = ""  # what the step asks ("Goku: where to?")

    @property
    def actions(self) -> list[str]:
        """Every legal action under this entry."""
        if self.action is not None:
            return [self.action]
        return [a for c in self.children for a in c.actions]


class Names:
    """Names as one seat may know them: cards from its view, Locations with their cell."""

    def __init__(self, view: dict[str, Any], db: CardDB) -> None:
        self.db = db
        self.known = known_cards(view)
        self.places = {tuple(p["cell"]): p for p in view["places"]}
        self.where = {c["uid"]: tuple(c["cell"]) for c in view["characters"] if c.get("cell") is not None}
        self.vehicle_of: dict[int, int] = {}  # vehicle uid -> the Character carrying it
        for c in view["characters"]:
            for e in c.get("equipment", []):
                self.vehicle_of[int(e["uid"])] = int(c["uid"])

    def card(self, uid: int) -> str:
        return self.db.by_id(self.known[uid]).name if uid in self.known else _("a face-down card")

    def cards(self, uids: Sequence[int]) -> str:
        names = [self.card(u) for u in uids]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + _(" and ") + names[-1]

    def cell(self, cell: tuple[int, int]) -> str:
        p = self.places.get(cell)
        if p is None:
            return f"{cell[0]},{cell[1]}"
        name = self.db.by_id(p["card"]).name
        return f"⌂ {name} ({cell[0]},{cell[1]})" if p["haven"] else f"{name} ({cell[0]},{cell[1]})"

    def at(self, uid: int) -> str:
        cell = self.where.get(uid)
        if cell is None:
            return ""
        p = self.places.get(cell)
        return "" if p is None else _(" at {place}").format(place=self.db.by_id(p["card"]).name)


def _parsed(text: str) -> Action | None:
    try:
        return parse_action(text)
    except ActionSyntaxError:
        return None


def _cell(a: Action) -> tuple[int, int] | None:
    return next((x for x in a.args if isinstance(x, tuple)), None)


def build(legal: Sequence[str], view: dict[str, Any], db: CardDB, label: Any) -> list[Entry]:
    """The top level of the menu for ``legal`` (in the engine's order). ``label(action)`` names a flat
    action in words (the narration's text)."""
    names = Names(view, db)
    who: dict[str, Entry] = {}  # the stepped moves, by Character or group
    order: list[Entry] = []
    rest: list[str] = []
    for text in legal:
        a = _parsed(text)
        if a is None or a.verb not in STEPPED_VERBS or not a.cards:
            rest.append(text)
            continue
        _add_move(who, order, names, a, text)
    flat = [Entry(f"act:{t}", label(t), t.split()[0], action=t) for t in rest]
    if len(legal) > FOLD_AT:
        flat = _fold(flat, names)
    return order + flat


def _subject(who: dict[str, Entry], order: list[Entry], key: str, label: str, question: str) -> Entry:
    entry = who.get(key)
    if entry is None:
        entry = who[key] = Entry(key, label, "move", question=question)
        order.append(entry)
    return entry


def _add_move(who: dict[str, Entry], order: list[Entry], names: Names, a: Action, text: str) -> None:
    cards = a.cards
    cell = _cell(a)
    if a.verb == "move" and len(cards) > 1:
        key = "who:" + "+".join(f"c{u}" for u in cards)
        label = names.cards(cards) + _(" together") + names.at(cards[0])
        entry = _subject(who, order, key, label, _("{cards}, as a group: where to?").format(cards=names.cards(cards)))
        entry.children.append(Entry(f"to:{cell}", _to(names, cell) if cell else text, "move", action=text))
        return
    if a.verb == "drive":
        vehicle = cards[0]
        driver = names.vehicle_of.get(vehicle, vehicle)
        main = _subject(who, order, f"who:c{driver}", names.card(driver) + names.at(driver), "")
        step = next((c for c in main.children if c.key == f"drive:c{vehicle}"), None)
        if step is None:
            step = Entry(
                f"drive:c{vehicle}",
                _("drive {vehicle} …").format(vehicle=names.card(vehicle)),
                "drive",
                question=_("{driver} drives {vehicle}: where to?").format(
                    driver=names.card(driver), vehicle=names.card(vehicle)
                ),
            )
            main.children.append(step)
        riders = [u for u in cards[1:]]
        where = next((c for c in step.children if c.key == f"to:{cell}"), None)
        if where is None:
            where = Entry(
                f"to:{cell}",
                _to(names, cell) if cell else text,
                "drive",
                question=_("{vehicle} to {place}: who rides along?").format(
                    vehicle=names.card(vehicle), place=names.cell(cell) if cell else "?"
                ),
            )
            step.children.append(where)
        ride = (
            _("nobody else (the driver alone)") if not riders else _("with {cards}").format(cards=names.cards(riders))
        )
        where.children.append(Entry(f"ride:{'+'.join(map(str, riders))}", ride, "drive", action=text))
        return
    uid = cards[0]
    main = _subject(who, order, f"who:c{uid}", names.card(uid) + names.at(uid), "")
    if a.verb == "move":
        main.children.append(Entry(f"to:{cell}", _to(names, cell) if cell else text, "move", action=text))
    elif a.verb == "transform":
        into = cards[1] if len(cards) > 1 else None
        what = _("transform into {card}").format(card=names.card(into)) if into is not None else _("transform")
        main.children.append(Entry(f"act:{text}", what, "transform", action=text))
    elif a.verb == "leave":
        where_to = names.cell(cell) if cell else ""
        main.children.append(
            Entry(f"act:{text}", _("step off the Field at {place}").format(place=where_to), "leave", action=text)
        )
    else:  # return
        where_to = names.cell(cell) if cell else ""
        main.children.append(
            Entry(
                f"act:{text}",
                _("come back onto the Field, on to {place}").format(place=where_to),
                "return",
                action=text,
            )
        )


def _to(names: Names, cell: tuple[int, int]) -> str:
    return _("to {place}").format(place=names.cell(cell))


def finish(entries: list[Entry]) -> list[Entry]:
    """Steps with a single choice become that choice; every step gets its question."""
    out = []
    for e in entries:
        e.children = finish(e.children)
        if e.action is None and len(e.children) == 1 and e.key.startswith(("drive:", "to:")):
            only = e.children[0]
            out.append(Entry(e.key, f"{e.label.removesuffix(' …')} {only.label}".strip(), e.verb, action=only.action))
            continue
        if e.action is None and not e.question:
            name = e.label.split(_(" at {place}").split("{")[0])[0]
            walks = all(c.key.startswith("to:") and c.verb == "move" for c in e.children)
            e.question = (_("{name}: where to?") if walks else _("{name}: where to, or what instead?")).format(
                name=name
            )
        out.append(e)
    return out


def _fold(flat: list[Entry], names: Names) -> list[Entry]:
    """Actions sharing a verb and a first card, when there are many: one step per card."""
    groups: dict[tuple[str, int], list[Entry]] = {}
    for e in flat:
        a = _parsed(e.action or "")
        if a is None or not a.args or isinstance(a.args[0], (tuple, Handle)):
            continue
        groups.setdefault((a.verb, int(a.args[0])), []).append(e)
    out: list[Entry] = []
    done: set[tuple[str, int]] = set()
    for e in flat:
        a = _parsed(e.action or "")
        key = (a.verb, int(a.args[0])) if a is not None and a.args and isinstance(a.args[0], int) else None
        if key is None or len(groups.get(key, [])) < FOLD_GROUP:
            out.append(e)
            continue
        if key in done:
            continue
        done.add(key)
        verb, uid = key
        said = pgettext("verb", verb)
        label = f"{said} {names.card(uid)} …"
        out.append(
            Entry(f"fold:{verb}:c{uid}", label, verb, children=groups[key], question=f"{said} {names.card(uid)}:")
        )
    return out


def number(entries: Sequence[Entry], rank: dict[str, int]) -> list[tuple[int, Entry]]:
    """The choices numbered 1 … N in the order they are shown: by ``rank`` of their verb (the kinds of
    action, in the table's order), then in the engine's order. Worked out once per decision, so a number
    picks the same choice at every key until the decision is taken."""
    ordered = sorted(entries, key=lambda e: rank.get(e.verb, len(rank)))
    return [(i + 1, e) for i, e in enumerate(ordered)]
