"""Quick set-up: one sensible answer to every set-up decision, so a game starts playing at once.

:func:`answer` gives the policy's choice for the seat that must decide now, when that decision is a set-up
one (placing Locations, the Haven, Items and Disasters, choosing starting Characters); :func:`run` applies it
for the given seats until set-up is over or another seat must decide. The answers are ordinary legal actions
applied through ``Game.apply``, so a game record holds them like any other decision and replays the same; a
player who wants to make a choice simply answers it instead (nothing is decided for a seat not named).

The policy reads only ``game.view(seat)`` and the public card data, so it knows no more than that seat
(MISC-7), and it uses no randomness: the same position always gets the same answer.

* Locations (SETUP-23): the cell touching the most Locations, then nearest the middle (a compact Field).
* Lines (SETUP-35): the hardest Location first and the next-hardest last, the easy ones between (000's
  advice: the ones hardest to Scavenge at the ends).
* The Haven (SETUP-26): the cell with the most Locations easy for the seat's Characters around it.
* Items (SETUP-28): under the Location easiest for the seat's Characters, nearest its Haven.
* Disasters (SETUP-29): under the hardest Location (solitaire: away from the Items already placed there),
  another player's where the rules allow.
* Starting Characters (SETUP-7): the strongest (Attack + Defense + Movement + Health), then the most new
  Skills, up to the most the rules allow.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from animayhem.cards.evaluate import meets
from animayhem.cards.model import Card
from animayhem.engine.core.actions import parse_action
from animayhem.engine.core.state import Cell

if TYPE_CHECKING:
    from animayhem.engine.core.context import Table

SETUP_KINDS = frozenset({"place", "line", "haven", "item", "disasters", "start"})


def _cell(a: str) -> Cell:
    return parse_action(a).cell


def _printed(card: Card, name: str) -> int:
    if name == "health":
        return card.base_health or 0
    sv = card.stat(name)
    return sv.value if sv is not None and sv.value is not None else 0


class _Reader:
    """What the seat knows: its view, the card data, its own Characters."""

    def __init__(self, g: Table, seat: int) -> None:
        self.g, self.seat = g, seat
        self.view = g.view(seat)
        self.db = g.db
        self.places: dict[Cell, dict[str, Any]] = {tuple(p["cell"]): p for p in self.view["places"]}
        me = self.view["players"][seat]
        ids = [c["card"] for c in self.view["characters"] if c["owner"] == seat]
        ids += [c["card"] for c in me.get("starting_choices", [])]
        ids += [h["card"] for h in me.get("hand", []) if self.db.by_id(h["card"]).type.value == "character"]
        self.mine = [self.db.by_id(i) for i in ids]
        self.haven = next(
            (c for c, p in self.places.items() if p["haven"] and p["owner"] == seat),
            None,
        )

    def ease(self, card_id: str) -> float:
        """How easy a Location is for this seat: the share of its Characters that meet the requirement alone
        (pairs count half); with none known, fewer requirement terms is easier."""
        card = self.db.by_id(card_id)
        req = card.requirements
        hard = (
            0.3 * len(card.icons) + (0.2 if card.defense is not None else 0) + (0.2 if card.attack is not None else 0)
        )
        if req is None:
            return 1.0 - hard
        if not self.mine:
            return 1.0 / (1 + str(req).count(" ")) - hard
        alone = sum(1 for c in self.mine if _safe(req, [c]))
        pairs = sum(1 for i, a in enumerate(self.mine) for b in self.mine[i + 1 :] if _safe(req, [a, b])) / max(
            1, len(self.mine)
        )
        return (alone + 0.5 * pairs + 0.25) / (len(self.mine) + 1) - hard

    def dist(self, a: Cell, b: Cell) -> int:
        return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _safe(req: Any, chars: list[Card]) -> bool:
    try:
        return meets(req, chars)
    except (ValueError, TypeError):  # pragma: no cover - a requirement the evaluator cannot read
        return False


def _strength(card: Card, have: set[str]) -> tuple[int, int, str]:
    power = sum(_printed(card, n) for n in ("attack", "defense", "movement", "health"))  # printed, first form
    new = len({s.name for s in card.skills} - have)
    return (power, new, card.id)


def answer(g: Table) -> str | None:
    """The quick set-up policy's action for the decision asked now, or None if it is not a set-up one."""
    p = g.decision
    if p is None or p.kind not in SETUP_KINDS:
        return None
    r = _Reader(g, p.seat)
    acts = p.actions
    if p.kind == "place":
        locations = [c for c, pl in r.places.items() if not pl["haven"]]

        def compact(a: str) -> tuple[int, int, str]:
            x, y = _cell(a)
            touching = sum(1 for c in locations if r.dist(c, (x, y)) == 1)
            return (-touching, abs(x) + abs(y), a)

        return min(acts, key=compact)
    if p.kind == "line":
        known = {c["uid"]: c["card"] for c in r.view["players"][p.seat].get("line_choices", [])}
        placed = sum(1 for pl in r.places.values() if pl["owner"] == p.seat and not pl["haven"])
        by_ease = sorted(acts, key=lambda a: (r.ease(known.get(parse_action(a).cards[0], "")) if known else 0, a))
        return by_ease[0] if placed == 0 else by_ease[-1]  # the hardest opens the line, the next-hardest ends it

    if p.kind == "haven":

        def around(a: str) -> tuple[float, str]:
            cell = _cell(a)
            total = 0.0
            for c, pl in r.places.items():
                if pl["haven"]:
                    continue
                d = r.dist(c, cell)
                weight = {1: 1.0, 2: 0.4, 3: 0.1}.get(d, 0.0)
                total += weight * (1.2 if pl["owner"] == p.seat else 1.0) * r.ease(pl["card"])
            return (-total, a)

        return min(acts, key=around)
    if p.kind == "item":

        def good(a: str) -> tuple[float, str]:
            cell = _cell(a)
            d = r.dist(r.haven, cell) if r.haven is not None else 0
            return (-(3 * r.ease(r.places[cell]["card"]) - 0.5 * d), a)

        return min(acts, key=good)
    if p.kind == "disasters":
        solo = len(r.view["players"]) == 1

        def bad(a: str) -> tuple[float, str]:
            cell = _cell(a)
            pl = r.places[cell]
            d = r.dist(r.haven, cell) if r.haven is not None else 0
            theirs = 0.0 if solo or pl["owner"] == p.seat else 1.0
            under = int(pl["under"])
            spare = -3.0 * under if solo else 1.5 * under  # solitaire: leave our Items be
            return (-(spare + d + theirs - 2 * r.ease(pl["card"])), a)

        return min(acts, key=bad)
    # starting Characters
    starts = [a for a in acts if a.startswith("start ")]
    if not starts:
        return "done" if "done" in acts else acts[0]
    choices = {c["uid"]: r.db.by_id(c["card"]) for c in r.view["players"][p.seat].get("starting_choices", [])}
    chosen = [r.db.by_id(c["card"]) for c in r.view["characters"] if c["owner"] == p.seat]
    have = {s.name for c in chosen for s in c.skills}
    return max(starts, key=lambda a: _strength(choices[parse_action(a).cards[0]], have))


def run(g: Table, seats: Iterable[int]) -> list[str]:
    """Answer set-up decisions for ``seats`` by the policy until set-up is over or another seat must decide;
    the actions applied, in order."""
    quick = set(seats)
    done: list[str] = []
    while g.to_move in quick:
        a = answer(g)
        if a is None:
            break
        g.apply(a)
        done.append(a)
    return done
