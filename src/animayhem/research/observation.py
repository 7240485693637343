"""Observations: a fixed-shape numeric vector and a readable string, both computed from ``view(seat)`` only.

Seats are *relative*: slot 0 is the observing seat, slot 1 the next seat in turn order, and so on (a
5-seat layout whatever the player count). Counts are raw numbers (no scaling): researchers normalise as
they like. The layout (``LAYOUT``: name, length, in order; also in docs/research.md):

* ``global``: seats in the game (one-hot 1-5), round, turn, active seat and deciding seat (relative, one-hot
  5 each, deciding all zero when nobody decides), phase (one-hot over ``PHASES``), decision kind of this
  seat (one-hot over ``KINDS``, the last slot for any other), Items in play, under Locations, carried by
  Disasters, the Disasters' Items, each relative seat's Items (5), game over, each relative seat won (5),
  the Disasters won;
* ``players`` (5 × 7): present, hand, Draw pile, Combat pile, Discard pile, Bonked, Global Effects;
* ``places`` (MAX_PLACES × 13): present, x, y, Haven, owner (relative, one-hot 5), destroyed, cards under,
  stored cards, on this seat's Disaster path;
* ``characters`` (MAX_CHARACTERS × 21): present, owner (relative, one-hot 5), on the Field, x, y, bonked,
  damage, health, attack, defense, movement, energy, moved, Items carried, Enhancements, Equipment,
  card index + 1;
* ``disasters`` (MAX_DISASTERS × 16): present, controller (relative, one-hot 5), on the Field, x, y, off the
  Field, carries an Item, damage, major, printed attack, defense, card index + 1;
* ``hand`` (MAX_HAND × 16): this seat's hand cards (the view names them): present, card type (one-hot over
  ``CardType``, 11), printed attack, defense, movement, card index + 1.

Card index: the card's position in the bundled database (``CardDB.bundled().cards``), so a learner may embed
cards. Entries past a section's maximum are dropped (the section's ``overflow`` count is in the string form).
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from animayhem.cards.database import CardDB
from animayhem.cards.model import Card, CardType, printed_id

SEATS = 5
MAX_PLACES = 48
MAX_CHARACTERS = 40
MAX_DISASTERS = 24
MAX_HAND = 24
PHASES = ("setup", "discard", "reload", "maintenance", "equip", "move", "scavenge", "end")
KINDS = (
    "place",
    "line",
    "haven",
    "item",
    "disasters",
    "start",
    "discard",
    "equip",
    "move",
    "scavenge",
    "combat",
    "protect",
    "fight_run",
    "declare",
    "runto",
    "scavenge_consent",
    "permission",
    "scavenge_more",
    "give",
    "charm_break",
    "charm_command",
    "charm_open",
    "flash_answer",
    "flee",
    "other",
)
TYPES = tuple(CardType)
_G = 5 + 2 + 5 + 5 + len(PHASES) + len(KINDS) + 4 + SEATS + 1 + SEATS + 1
_P, _PL, _CH, _DI, _HA = 7, 13, 21, 16, 5 + len(TYPES)
LAYOUT: tuple[tuple[str, int], ...] = (
    ("global", _G),
    ("players", SEATS * _P),
    ("places", MAX_PLACES * _PL),
    ("characters", MAX_CHARACTERS * _CH),
    ("disasters", MAX_DISASTERS * _DI),
    ("hand", MAX_HAND * _HA),
)
SIZE = sum(n for _, n in LAYOUT)


@cache
def _index() -> dict[str, int]:
    return {c.id: i for i, c in enumerate(CardDB.bundled().cards)}


@cache
def _card(cid: str) -> Card:
    return CardDB.bundled().by_id(cid)  # a card that took on another's text too (The Mass: ``the-mass~largo``)


def _stat(card: Card, name: str) -> float:
    sv = getattr(card, name)
    v = getattr(sv, "value", None) if sv is not None else None
    return float(v) if isinstance(v, int) else 0.0


def _onehot(i: int | None, n: int) -> list[float]:
    out = [0.0] * n
    if i is not None and 0 <= i < n:
        out[i] = 1.0
    return out


def observation(view: dict[str, Any]) -> list[float]:
    """The vector of ``view`` (length :data:`SIZE`, layout in the module docstring)."""
    seat = int(view["seat"])
    n = len(view["players"])

    def rel(s: int | None) -> int | None:
        return None if s is None or s < 0 else (s - seat) % n

    out: list[float] = []
    decision = view.get("decision") or {}
    kind = decision.get("kind")
    items = view["items"]
    result = view.get("result")
    winners = set(result["winners"]) if result else set()
    out += _onehot(n - 1, 5)
    out += [float(view["round"]), float(view["turn"])]
    out += _onehot(rel(view["active"]), SEATS)
    out += _onehot(rel(view["to_move"]), SEATS)
    out += _onehot(PHASES.index(view["phase"]) if view["phase"] in PHASES else None, len(PHASES))
    out += [0.0] * len(KINDS) if kind is None else _onehot(KINDS.index(kind if kind in KINDS else "other"), len(KINDS))
    out += [float(items["total"]), float(items["under_locations"]), float(items["carried_by_disasters"])]
    out += [float(items["disasters"])]
    mine = [0.0] * SEATS
    won = [0.0] * SEATS
    for s, k in enumerate(items["players"]):
        r = rel(s)
        assert r is not None
        mine[r] = float(k)
        won[r] = 1.0 if s in winners else 0.0
    out += [*mine, 1.0 if result else 0.0, *won, 1.0 if result and result["disasters_win"] else 0.0]
    players = [[0.0] * _P for _ in range(SEATS)]
    for p in view["players"]:
        r = rel(p["seat"])
        assert r is not None
        players[r] = [
            1.0,
            float(p["hand_count"]),
            float(p["draw_count"]),
            float(p["combat_count"]),
            float(len(p["discard"])),
            float(len(p["bonked"])),
            float(len(p["globals"])),
        ]
    out += [x for row in players for x in row]
    path = {tuple(c) for c in view.get("disaster_path", [])}
    rows: list[list[float]] = []
    for pl in view["places"]:
        x, y = pl["cell"]
        rows.append(
            [
                1.0,
                float(x),
                float(y),
                float(pl["haven"]),
                *_onehot(rel(pl["owner"]), SEATS),
                float(pl["destroyed"]),
                float(pl["under"]),
                float(len(pl.get("stored", [])) or pl.get("stored_count", 0)),
                1.0 if (x, y) in path else 0.0,
            ]
        )
    out += _rows(rows, MAX_PLACES, _PL)
    index = _index()
    rows = []
    for c in view["characters"]:
        cell = c["cell"]
        rows.append(
            [1.0, *_onehot(rel(c["owner"]), SEATS), 0.0 if cell is None else 1.0]
            + ([0.0, 0.0] if cell is None else [float(cell[0]), float(cell[1])])
            + [float(c["bonked"]), float(c["damage"]), float(c["health"])]
            + [float(c[k]) for k in ("attack", "defense", "movement", "energy")]
            + [float(c["moved"]), float(c["items"]), float(len(c["enhancements"])), float(len(c["equipment"]))]
            + [float(index.get(c["card"], -1) + 1)]
        )
    out += _rows(rows, MAX_CHARACTERS, _CH)
    rows = []
    for d in view["disasters"]:
        cell = d["cell"]
        card = _card(d["card"])
        rows.append(
            [1.0, *_onehot(rel(d["controller"]), SEATS), 0.0 if cell is None else 1.0]
            + ([0.0, 0.0] if cell is None else [float(cell[0]), float(cell[1])])
            + [float(d["off_field"]), float(d["carries_item"]), float(d["damage"])]
            + [1.0 if card.type is CardType.MAJOR_DISASTER else 0.0, _stat(card, "attack"), _stat(card, "defense")]
            + [float(index.get(printed_id(d["card"]), -1) + 1)]
        )
    out += _rows(rows, MAX_DISASTERS, _DI)
    rows = []
    for h in _own(view).get("hand", []):
        card = _card(h["card"])
        rows.append(
            [
                1.0,
                *_onehot(TYPES.index(card.type), len(TYPES)),
                _stat(card, "attack"),
                _stat(card, "defense"),
                _stat(card, "movement"),
                float(index.get(h["card"], -1) + 1),
            ]
        )
    out += _rows(rows, MAX_HAND, _HA)
    assert len(out) == SIZE, (len(out), SIZE)
    return out


def _own(view: dict[str, Any]) -> dict[str, Any]:
    for p in view["players"]:
        if p["seat"] == view["seat"]:
            return dict(p)
    return {}


def _rows(rows: list[list[float]], most: int, width: int) -> list[float]:
    out = [x for row in rows[:most] for x in row]
    return out + [0.0] * ((most - min(len(rows), most)) * width)


def observation_string(view: dict[str, Any]) -> str:
    """A readable, deterministic text of ``view`` (what the seat knows), one section a line."""
    db = CardDB.bundled().ids

    def name(cid: str) -> str:
        c = db.get(cid)
        return c.name if c is not None else cid

    seat = view["seat"]
    lines = [
        f"seat {seat} · round {view['round']} · turn {view['turn']} · active {view['active']} · "
        f"phase {view['phase']} · to move {view['to_move']}",
        "Items: " + json.dumps(view["items"], sort_keys=True),
    ]
    for p in view["players"]:
        hand = ", ".join(f"c{h['uid']} {name(h['card'])}" for h in p.get("hand", []))
        lines.append(
            f"player {p['seat']}: hand {p['hand_count']}{' [' + hand + ']' if hand else ''}, draw {p['draw_count']}, "
            f"combat {p['combat_count']}, discard {len(p['discard'])}, bonked {len(p['bonked'])}"
        )
    for pl in view["places"]:
        kind = "Haven" if pl["haven"] else "Location"
        lines.append(
            f"{kind} {pl['cell'][0]},{pl['cell'][1]} {name(pl['card'])} (owner {pl['owner']}, under {pl['under']}"
            + (", destroyed" if pl["destroyed"] else "")
            + ")"
        )
    for c in view["characters"]:
        where = "off" if c["cell"] is None else f"{c['cell'][0]},{c['cell'][1]}"
        lines.append(
            f"character c{c['uid']} {name(c['card'])} of {c['owner']} at {where}: A{c['attack']} D{c['defense']} "
            f"M{c['movement']} health {c['health']}, Items {c['items']}" + (", bonked" if c["bonked"] else "")
        )
    for d in view["disasters"]:
        where = "off the Field" if d["cell"] is None else f"{d['cell'][0]},{d['cell'][1]}"
        lines.append(f"disaster c{d['uid']} {name(d['card'])} at {where}, damage {d['damage']}")
    decision = view.get("decision")
    if decision:
        lines.append(f"decision {decision['kind']}: {', '.join(decision['actions'])}")
    if view.get("result"):
        lines.append("result: " + json.dumps(view["result"], sort_keys=True))
    return "\n".join(lines)
