"""What the table page shows, built from one seat's view (or the spectators' view) and the events it may see.

Nothing here reads the game itself: every name comes from the view, the seat's events and the public card
database, so a page can never show a card its seat may not see. Action texts are passed through untouched
as ``data-action``; only their labels are made readable (card names for the cards the view names).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import orjson
from babel.numbers import format_decimal
from markupsafe import Markup

from animayhem import i18n
from animayhem.cards.database import CardDB
from animayhem.cards.effects import effect_text
from animayhem.cards.model import AbilityStatus, Card, CardType, Icon
from animayhem.cards.render import type_label
from animayhem.cards.status import status_lines
from animayhem.cards.wording import HALF, SUMMARY, movement_word, prose
from animayhem.engine.faces import narration, terms
from animayhem.engine.faces.views import known_cards
from animayhem.i18n import gettext as _
from animayhem.i18n import pgettext
from animayhem.web.narrate import event_html

PASS_PHASES = ("discard", "equip", "move", "scavenge")  # the turn's phases, each passed with "done" (TURN-2)
CELL_VERBS = ("place", "haven", "item", "disasters", "scavenge", "runto", "assault", "send")  # one cell: a click
_CELL = re.compile(r"^-?\d+,-?\d+$")
_UID = re.compile(r"^c(\d+)$")


def win_text(rule: str, total: int) -> str:
    """The ruleset's end condition, in words (engine/core/win.py), in the language in force."""
    half = format_decimal(total / 2, locale=i18n.active())  # 4.5, 4,5
    if rule == "dbz":
        return _(
            "The game ends when no Item is left under a Location, or the Disasters or one player hold more than "
            "half of the {total} Items ({half}); the player with the most Items wins, the Disasters win ties."
        ).format(total=total, half=half)
    if rule == "classic":
        return _(
            "The game ends when more than half of the {total} Items have left the Locations and the Disasters hold "
            "more than {half}, or the players together hold at least {half}, or no Item is left to take. The "
            "Disasters win with more than half; otherwise the player holding the most Items wins."
        ).format(total=total, half=half)
    return _(
        "The game ends when more than half of the {total} Items are held by players or the Disasters and the "
        "Disasters hold more than {half}, or the players together hold at least {half}, or no Item is left to "
        "take. The Disasters win with more than half; otherwise the player holding the most Items wins."
    ).format(total=total, half=half)


@dataclass(frozen=True)  # shared by every table drawn (Renderer.ref remembers them)
class CardRef:
    card: str  # card id
    name: str
    uid: int | None = None
    detail: str = ""  # its numbers ("A3 D2 M2 E1")
    type: str = ""  # its type in words
    kind: str = ""  # its type as a CSS class ("character", "major-disaster")
    status: str = "implemented"  # how far the engine plays its text (AbilityStatus)
    status_word: str = ""


@dataclass
class Cell:
    x: int
    y: int
    place: dict[str, Any] | None = None
    name: str = ""
    card: str = ""
    owner: int = -1
    haven: bool = False
    requirements: str = ""
    marks: list[str] = field(default_factory=list)
    attack: str = ""
    defense: str = ""
    under: int = 0
    stored: list[CardRef] = field(default_factory=list)
    stored_count: int = 0
    characters: list[dict[str, Any]] = field(default_factory=list)
    disasters: list[dict[str, Any]] = field(default_factory=list)
    path_steps: list[tuple[int, int]] = field(default_factory=list)  # (seat whose path it is, step)
    actions: list[tuple[str, str]] = field(default_factory=list)  # (action text, label)
    moves: list[tuple[str, str, str]] = field(default_factory=list)  # (action text, mover "cN", mover's name)
    destroyed: bool = False


def _stat(v: Any) -> str:
    return "" if v is None else str(v)


KEPT = 4096  # event sentences and drawn cards remembered, each (a table redraws nearly the same at every change)
K = TypeVar("K")
V = TypeVar("V")


def _remembered(store: dict[K, V], key: K, make: Callable[[], V]) -> V:
    """``store[key]``, made once; the store starts again when it holds :data:`KEPT` entries."""
    found = store.get(key)
    if found is None:
        if len(store) >= KEPT:
            store.clear()
        found = store[key] = make()
    return found


class Renderer:
    def __init__(self, db: CardDB) -> None:
        self.db = db
        # (language, seat names, the event as JSON) -> its sentence with links: a table is redrawn at every
        # change, for every seat and spectator, and the events it shows are mostly the ones it showed before
        self._lines: dict[tuple[str, tuple[str, ...], bytes], Markup] = {}
        self._refs: dict[tuple[str, str, int | None], CardRef] = {}  # (language, card id, uid) -> drawn card

    def event_line(self, event: dict[str, Any], seat_names: list[str] | None) -> Markup:
        """``event_html`` of the event, worked out once for its language and seat names: the sentence depends on
        nothing else (the card database is this renderer's)."""
        try:
            key = (i18n.active(), tuple(seat_names or ()), orjson.dumps(event, option=orjson.OPT_SORT_KEYS))
        except TypeError:  # a value JSON cannot hold: not remembered
            return event_html(event, self.db, seat_names)
        return _remembered(self._lines, key, lambda: event_html(event, self.db, seat_names))

    def card(self, card_id: str) -> Card | None:
        try:
            return self.db.by_id(card_id)
        except KeyError:
            return None

    def name(self, card_id: str) -> str:
        c = self.card(card_id)
        return c.name if c is not None else card_id

    def ref(self, card_id: str, uid: int | None = None) -> CardRef:
        """A card as a small drawn card: its name, type, numbers and whether the engine plays its text (worked
        out once for its language: a table draws the same cards at every change)."""
        return _remembered(self._refs, (i18n.active(), card_id, uid), lambda: self._ref(card_id, uid))

    def _ref(self, card_id: str, uid: int | None) -> CardRef:
        c = self.card(card_id)
        if c is None:
            return CardRef(card_id, card_id, uid)
        numbers = " ".join(
            f"{label}{_stat(getattr(c, key))}"
            for key, label in (("attack", "A"), ("defense", "D"), ("movement", "M"), ("charm", "C"), ("energy", "E"))
            if getattr(c, key) is not None
        )
        status = c.ability_status
        words = {
            AbilityStatus.PARTIAL: _("partly played"),
            AbilityStatus.NOT_IMPLEMENTED: _("text not played"),
        }
        return CardRef(
            card_id,
            c.name,
            uid,
            numbers,
            type_label(c),
            c.type.label.lower().replace(" ", "-"),
            "implemented" if status in (AbilityStatus.IMPLEMENTED, AbilityStatus.NONE) else status.value,
            words.get(status, ""),
        )

    # ------------------------------------------------------------------ actions

    def label(self, action: str, known: dict[int, str], cells: dict[tuple[int, int], str]) -> str:
        """An action's text with names: cards by name (only those the view names), ``c3+c5`` as "Goku +
        Krillin", a cell by its Location's name, a handle (``item1@c40``) as the Item of its carrier."""
        words = []
        for w in action.split():
            if _CELL.match(w):
                x, y = (int(v) for v in w.split(","))
                words.append(f"{cells[(x, y)]} ({w})" if (x, y) in cells else w)
                continue
            if "@" in w:
                _what, _sep, holder = w.partition("@")
                m = _UID.match(holder)
                who = self.name(known[int(m[1])]) if m and int(m[1]) in known else holder
                words.append(_("a face-down card of {holder}").format(holder=who))
                continue
            parts = w.split("+")
            if all(_UID.match(p) for p in parts):
                names = []
                for p in parts:
                    uid = int(p[1:])
                    names.append(self.name(known[uid]) if uid in known else _("a face-down card"))
                words.append(" + ".join(names))
                continue
            words.append(w)
        return " ".join(words)

    # ------------------------------------------------------------------ the table

    def context(
        self,
        view: dict[str, Any],
        events: list[dict[str, Any]],
        seat_names: list[str],
        seat_kinds: list[str],
        actions: list[str],
        rules: dict[str, Any],
        layout: str,
    ) -> dict[str, Any]:
        known = known_cards(view)
        seat = view["seat"]
        places = {tuple(p["cell"]): p for p in view["places"]}
        cell_names = {k: self.name(p["card"]) for k, p in places.items()}
        # cells: every place, plus the empty cells some action names
        cells: dict[tuple[int, int], Cell] = {}
        for (x, y), p in places.items():
            c = self.card(p["card"])
            cell = Cell(x, y, place=p, name=cell_names[(x, y)], card=p["card"], owner=p["owner"], haven=p["haven"])
            cell.destroyed = bool(p.get("destroyed"))
            cell.under = int(p.get("under", 0))
            if c is not None:
                cell.requirements = terms.requirement(c.requirements) if c.requirements is not None else ""
                cell.marks = [i.value.capitalize() for i in c.icons if i in (Icon.PLANETARY, Icon.DIMENSIONAL)]
                cell.attack, cell.defense = _stat(c.attack), _stat(c.defense)
            cell.stored = [CardRef(s["card"], self.name(s["card"]), s["uid"]) for s in p.get("stored", [])]
            cell.stored_count = int(p.get("stored_count", 0))
            cells[(x, y)] = cell
        cell_actions: set[str] = set()
        for a in actions:
            words = a.split()
            if words and words[0] in CELL_VERBS and len(words) == 2 and _CELL.match(words[1]):
                x, y = (int(v) for v in words[1].split(","))
                if (x, y) not in cells:
                    cells[(x, y)] = Cell(x, y)
                cells[(x, y)].actions.append((a, pgettext("verb", words[0])))
                cell_actions.add(a)
        movers: set[int] = set()
        for a in actions:  # "move cN[+cM] x,y": also a button in the destination cell, shown once cN is picked
            words = a.split()
            if len(words) == 3 and words[0] in ("move", "drive") and _CELL.match(words[2]):
                group = words[1].split("+")
                if not all(_UID.match(u) for u in group):
                    continue
                x, y = (int(v) for v in words[2].split(","))
                if (x, y) in cells:
                    cells[(x, y)].moves.append((a, " ".join(group), self.label(words[1], known, cell_names)))
                    movers.update(int(u[1:]) for u in group)
        for ch in view["characters"]:
            if ch["cell"] is not None and tuple(ch["cell"]) in cells:
                cells[tuple(ch["cell"])].characters.append(self.character(ch, seat_names))
        for d in view["disasters"]:
            if d["cell"] is not None and tuple(d["cell"]) in cells:
                cells[tuple(d["cell"])].disasters.append(self.disaster(d))
        paths = view.get("disaster_paths") or ([view["disaster_path"]] if view.get("disaster_path") else [])
        for owner, path in enumerate(paths):
            for i, xy in enumerate(path):
                if tuple(xy) in cells:
                    cells[tuple(xy)].path_steps.append((owner, i + 1))
        # the Field in rows, each cell in its column: in the Lines layout a line is one row that is never
        # wrapped (the Field scrolls sideways in its panel) and a Haven sits beside its Location's cell
        rows: list[list[Cell | None]] = []
        if cells:
            xs = [k[0] for k in cells]
            ys = [k[1] for k in cells]
            for y in range(min(ys), max(ys) + 1):
                rows.append([cells.get((x, y)) for x in range(min(xs), max(xs) + 1)])
        # the other actions, by verb and then by the card they are about: "move" → "Goku" → [Arena (1,0)] …;
        # a group move goes under its first Character ("with Krillin to Arena (1,0)")
        groups: dict[str, dict[str, list[tuple[str, str]]]] = {}
        for a in actions:
            if a in cell_actions:
                continue
            words = a.split()
            verb = words[0] if words else a
            subject, rest = "", words[1:]
            if len(words) >= 3 and all(_UID.match(u) for u in words[1].split("+")):
                first, *others = words[1].split("+")
                subject, rest = self.label(first, known, cell_names), words[2:]
                if others:
                    rest = ["+".join(others), *rest]
            label = self.label(" ".join(rest), known, cell_names) if rest else pgettext("verb", verb)
            if len(words) >= 3 and "+" in words[1]:  # a group: "with Krillin → Arena (1,0)"
                label = _("with {others} → {where}").format(
                    others=self.label(rest[0], known, cell_names),
                    where=self.label(" ".join(words[2:]), known, cell_names),
                )
            groups.setdefault(pgettext("verb", verb), {}).setdefault(subject, []).append((a, label))
        players = []
        for p in view["players"]:
            i = p["seat"]
            players.append(
                {
                    "seat": i,
                    "name": seat_names[i] if i < len(seat_names) else f"Player {i + 1}",
                    "kind": seat_kinds[i] if i < len(seat_kinds) else "human",
                    "item_count": view["items"]["players"][i] if i < len(view["items"]["players"]) else 0,
                    "hand_count": p["hand_count"],
                    "draw_count": p["draw_count"],
                    "combat_count": p["combat_count"],
                    "discard": [CardRef(c["card"], self.name(c["card"]), c["uid"]) for c in p["discard"]],
                    "bonked": [CardRef(c["card"], self.name(c["card"]), c["uid"]) for c in p["bonked"]],
                    "globals": [CardRef(c["card"], self.name(c["card"]), c["uid"]) for c in p["globals"]],
                    "me": i == seat,
                }
            )
        me = view["players"][seat] if seat is not None else None
        hand = [self.ref(c["card"], c["uid"]) for c in (me or {}).get("hand", [])]
        # drawn as cards with their handles: a click on one chooses it (start) or picks it to give (give)
        choices = [self.ref(c["card"], c["uid"]) for c in (me or {}).get("starting_choices", [])]
        retrieved = [self.ref(c["card"], c["uid"]) for c in view.get("retrieved", [])]
        next_location = (me or {}).get("next_location")
        characters = [self.character(c, seat_names) for c in view["characters"]]
        disasters = [self.disaster(d) for d in view["disasters"]]
        turn = int(view.get("turn", 0))
        recent = [e for e in events if int(e.get("turn", 0)) >= turn - 1]
        log = [
            {"turn": e.get("turn", 0), "kind": e.get("e", ""), "text": self.event_line(e, seat_names)}
            for e in recent[-400:]
        ]
        decision = view.get("decision")
        phase_name = terms.phase(str(view.get("phase", "")))
        if decision:  # the question in the language in force (engine/faces/terms.py)
            decision = {
                **decision,
                "prompt": terms.question(str(decision.get("kind")), str(decision.get("prompt", ""))),
            }
        to_move = view.get("to_move")
        result = view.get("result")
        # whose time it is: the active player's turn, or during set-up (no turn yet) the seat placing now
        active = view.get("active")
        if int(view.get("turn", 0)) == 0 and isinstance(to_move, int):
            active = to_move
        active_name = seat_names[active] if isinstance(active, int) and active < len(seat_names) else ""
        return {
            "view": view,
            "seat": seat,
            "seat_name": seat_names[seat] if seat is not None and seat < len(seat_names) else "Spectator",
            "to_move": to_move,
            "active_name": active_name,
            "to_move_name": seat_names[to_move] if isinstance(to_move, int) and to_move < len(seat_names) else "",
            "decision": decision,
            "phase_name": phase_name,
            "rows": rows,
            "layout": layout,
            "groups": groups,
            "players": players,
            "hand": hand,
            "starting_choices": choices,
            "retrieved": retrieved,
            "next_location": None if not next_location else CardRef(next_location, self.name(next_location)),
            "characters": characters,
            "disasters": disasters,
            "items": view["items"],
            "win_text": win_text(str(rules.get("win_rule", "classic")), int(view["items"]["total"])),
            "combat": self.combat(events, view, seat_names),
            "movers": movers,
            # one click ends a turn with nothing to do (web/hub.py: end_turn passes each empty phase left)
            "end_turn": decision is not None and decision.get("kind") in PASS_PHASES and actions == ["done"],
            "log": log,
            "result": self.summary(result, seat_names) if result else None,
            "bonk_wait": 1 if rules.get("bonk_return_next_turn", True) else 2,
        }

    def character(self, ch: dict[str, Any], seat_names: list[str]) -> dict[str, Any]:
        return {
            "uid": ch["uid"],
            "card": ch["card"],
            "name": self.name(ch["card"]),
            "owner": ch["owner"],
            "owner_name": seat_names[ch["owner"]] if ch["owner"] < len(seat_names) else "",
            "status": self.ref(ch["card"]).status,  # how far the engine plays its text (a dashed frame if not all)
            "cell": ch["cell"],
            "bonked": ch["bonked"],
            "attack": ch["attack"],
            "defense": ch["defense"],
            "movement": ch["movement"],
            "energy": ch["energy"],
            "health": max(0, int(ch["health"])),  # shown never below 0
            "damage": ch["damage"],
            "moved": ch["moved"],
            # another player's Items: those carried face up (in use, CARD-10) by name, the rest as a count
            "item_count": ch["items"],
            "item_cards": [
                CardRef(i["card"], self.name(i["card"]), i["uid"])
                for i in ch.get("item_cards", ch.get("shown_items", []))
            ],
            "equipment": [CardRef(i["card"], self.name(i["card"]), i["uid"]) for i in ch["equipment"]],
            "enhancements": [CardRef(i["card"], self.name(i["card"]), i["uid"]) for i in ch["enhancements"]],
            "off_at": ch.get("off_at"),
        }

    def disaster(self, d: dict[str, Any]) -> dict[str, Any]:
        c = self.card(d["card"])
        return {
            "uid": d["uid"],
            "card": d["card"],
            "name": self.name(d["card"]),
            "number": c.number if c else "",
            "major": c is not None and c.type is CardType.MAJOR_DISASTER,
            "status": self.ref(d["card"]).status,
            "attack": _stat(c.attack) if c else "",
            "defense": _stat(c.defense) if c else "",
            "movement": _stat(c.movement) if c else "",
            "cell": d["cell"],
            "off_field": d["off_field"],
            "carries_item": d["carries_item"],
            "items_carried": d.get("items_carried", 1 if d["carries_item"] else 0),
            "damage": d["damage"],
            "owner": d["owner"],
        }

    def combat(
        self, events: list[dict[str, Any]], view: dict[str, Any], seat_names: list[str]
    ) -> dict[str, Any] | None:
        """The combat in progress (or the last one of this turn): its rounds in sentences."""
        start = None
        for i in range(len(events) - 1, -1, -1):
            kind = events[i].get("e")
            if kind in ("combat_started", "fight_started"):
                start = i
                break
            if kind == "turn_started":
                break
        if start is None:
            return None
        first = events[start]
        lines = [self.event_line(e, seat_names) for e in events[start:]]
        ended = any(e.get("e") in ("combat_ended", "fight_ended") for e in events[start:])
        last_round = next(
            (e for e in reversed(events[start:]) if e.get("e") in ("combat_round", "fight_hit", "vehicle_round")), None
        )
        return {
            "card": first.get("card") if first.get("e") == "combat_started" else None,
            "health": (  # Health left as shown: never below 0 (the log and the engine keep the true number)
                (max(0, int(last_round.get("disaster_health", 0))), max(0, int(last_round.get("target_health", 0))))
                if last_round is not None and last_round.get("e") == "combat_round"
                else None
            ),
            "title": (
                _("Combat with {card}").format(card=self.name(first["card"]))
                if first.get("e") == "combat_started"
                else _("A fight between players")
            ),
            "over": ended,
            "round": last_round.get("round") if last_round else 0,
            "last": last_round,
            "lines": lines[-30:],
            "fight": view.get("fight"),
        }

    def summary(self, result: dict[str, Any], seat_names: list[str]) -> dict[str, Any]:
        t = result.get("tally", {})
        if result.get("disasters_win"):
            headline = _("The Disasters win.")
        elif result.get("winners"):
            who = _(" and ").join(
                seat_names[w] if w < len(seat_names) else _("Player {n}").format(n=w + 1) for w in result["winners"]
            )
            headline = (_("{who} win.") if len(result["winners"]) > 1 else _("{who} wins.")).format(who=who)
        else:
            headline = _("Nobody wins.")
        reason = str(result.get("reason", ""))
        if i18n.active() != i18n.SOURCE:  # the reason in words; English keeps the engine's own name of it
            reason = narration.catalogue().reasons.get(reason, reason)
        return {
            "headline": headline,
            "reason": reason,
            "round": result.get("round"),
            "tally": t,
            "players": [
                (seat_names[i] if i < len(seat_names) else f"Player {i + 1}", n)
                for i, n in enumerate(t.get("players", []))
            ],
        }

    # ------------------------------------------------------------------ one card

    def card_frame(self, card_id: str) -> dict[str, Any] | None:
        c = self.card(card_id)
        if c is None:
            return None
        stats = [
            (label, _stat(getattr(c, key)))
            for key, label in (("attack", "A"), ("defense", "D"), ("movement", "M"), ("charm", "C"), ("energy", "E"))
            if getattr(c, key) is not None
        ]
        facts: list[tuple[str, str]] = []
        if c.health is not None:
            facts.append((_("Health"), str(c.health)))
        if c.skills:
            facts.append((_("Skills"), ", ".join(str(s) for s in c.skills)))
        if c.requirements is not None:
            facts.append((_("Requires"), terms.requirement(c.requirements)))
        cats = list(c.categories) + [i.value.capitalize() for i in c.icons]
        if cats:
            facts.append((_("Categories"), ", ".join(cats)))
        if c.disaster is not None:
            kind = _("Combat") if c.disaster.combat else _("non-Combat")
            moves = movement_word(c.disaster.movement.value)
            facts.append((_("Disaster"), _("{kind}, movement {n}{extra}").format(kind=kind, n=moves, extra="")))
        if c.uses:
            facts.append((_("Uses"), str(c.uses)))
        sides = []
        if c.physical is not None:
            sides.append((_("Physical"), prose(HALF, c.physical.text)))
        if c.charm_side is not None:
            sides.append((_("Charm"), prose(HALF, c.charm_side.text)))
        itself = c.type is CardType.CHARACTER  # a Character's effects on its bearer are on itself
        return {
            "id": c.id,
            "number": c.number,
            "name": c.name,
            "kind": c.type.label.lower().replace(" ", "-"),
            "type": type_label(c),
            # what the engine plays, in words made from the effect data (cards/effects.py: effect_text)
            "effects": [effect_text(e, c.effects[:i], itself) for i, e in enumerate(c.effects)],
            "ability": c.ability_status.value,
            "set": c.set.label,
            "series": c.series or "",
            "stats": stats,
            "facts": facts,
            "text": prose(SUMMARY, c.text.strip()) if c.text else "",
            "sides": sides,
            "status": status_lines(c),  # implemented / partial / not executed, clauses left out, withheld numbers
        }
