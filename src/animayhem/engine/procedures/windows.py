"""Windows: the points where a Flash Effect may be played outside its owner's own decisions (RULES.md CARD-15,
CARD-21, CONF-32).

The rulebooks let a Flash Effect be played "at any time" but in the ruleset's forbidden phase; a card that
reacts to something (a Disaster's attack, a Character's move, a Flash Effect just played) is played while that
thing is pending. The engine offers such a card only at a window named in its ``at`` (cards/effects.py
``WindowPoint``), and only when it can do something there:

* ``attack`` — a Disaster has declared its attack (``disaster_attacks``), before the blows: the other seats
  are asked first, then the attacked Character's player decides its ``combat`` decision, which offers the
  same cards (:func:`open` with ``then``);
* ``round`` — between two combat rounds against a Disaster;
* ``moved`` — a Character has just moved in the Move phase;
* ``scavenge`` — a group is about to Scavenge a Location, before any card there is turned up;
* ``played`` — a Flash Effect was played and waits on the stack: an answer to it (procedures/flash.py asks
  these in every preset; other Flash Effects answer it only under ``flash_answers``, 5E);
* ``charm`` — a Charm contest has a winner, before its result is applied: a Disaster's charm attack, or one
  between players' Characters (procedures/charm.py; a tie has none);
* ``fight`` — a round of a fight between players' Characters has its blows declared, before the Combat cards
  are drawn (procedures/fights.py): only the fight's two players are asked, with the Flash Effects whose
  ``window`` names ``fight``, on the Characters of that fight (engine/effects/flash_targets.py ``duel``).

Each window asks the seats in turn order starting after the active seat (the active seat last), and only seats
holding a card that is offered there: a seat that holds none is never asked, and a game whose hands hold no
card with a window pays one cached test per card in hand at each point (:func:`_anyone`). The decision is
``window``: ``pass`` or a ``flash …`` action; a seat that plays is asked again after its card resolves (it may
hold another). Ruling (kept from 5E's ``flash_answer``): being asked shows the table that the seat holds a card
it could play now, as a player saying "wait" would at a real table; what the card is stays hidden.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from animayhem.cards.model import CardType
from animayhem.engine.core.actions import Action, act
from animayhem.engine.core.fight import ask_again
from animayhem.engine.core.state import game_over
from animayhem.engine.core.statics import per_card_list
from animayhem.engine.effects import answers, flash_targets, lasting
from animayhem.engine.procedures import flash

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


def in_game(g: Context) -> frozenset[str]:
    """The windows any card of the game is played at. The state's card list never changes once dealt (copies
    share it), so this is worked out once per list: a game without such cards pays one lookup per point."""
    return per_card_list(
        _IN_GAME, g.state.cards, lambda listed: frozenset(a for u in range(len(listed)) for a in _points(g, u))
    )


def _points(g: Context, uid: int) -> frozenset[str]:
    """The windows the card ``uid`` is played at: its ``at``, and ``fight`` for a Flash Effect whose ``window``
    names a fight between players."""
    card = g.card(uid)
    at = answers.points(card)
    if card.type is not CardType.FLASH_EFFECT or "fight" not in flash_targets.windows_of(card):
        return at
    return at | _FIGHT


_FIGHT: Final = frozenset({"fight"})


_IN_GAME: dict[int, tuple[list[str], frozenset[str]]] = {}


def possible(g: Context, point: str) -> bool:
    """Whether a card of the game is played at ``point`` at all (one lookup: call it before building the
    window's sentence)."""
    return point in in_game(g)


def _anyone(g: Context, point: str) -> bool:
    """Whether any hand holds a Flash Effect played at ``point`` (the cheap tests before anything else)."""
    if point not in in_game(g):
        return False
    for p in g.state.players:
        for u in (*p.hand, *lasting.kept_flash(g, p.seat)):  # and those kept on a Global (Refuge)
            card = g.card(u)
            if card.type is not CardType.FLASH_EFFECT or not card.effects:
                continue
            if point in (_points(g, u) if point == "fight" else answers.points(card)):
                return True
    return False


def seats_after_active(g: Context) -> list[int]:
    """Every seat in turn order, starting after the active seat; the active seat last."""
    n = len(g.state.players)
    a = g.state.active
    return [(a + k) % n for k in range(1, n + 1)]


def open(
    g: Context,
    point: str,
    pending: str,
    *,
    skip: int = -1,
    then: Asked | None = None,
    only: list[int] | None = None,
) -> bool:
    """Open the window ``point`` (``pending``: what is about to happen or has happened, a sentence without its
    full stop); False, with nothing pushed, when no seat but ``skip`` (of ``only``: the seats that may play
    there, when not every seat may) holds a card it could play there."""
    s = g.state
    if game_over(s) or not _anyone(g, point):
        return False
    seats = [
        seat
        for seat in seats_after_active(g)
        if seat != skip and (only is None or seat in only) and flash.options(g, seat, "window", point)
    ]
    if not seats:
        return False
    g.push(Window(point=point, pending=pending, seats=seats, then=then))
    return True


@dataclass(slots=True)
class Asked:
    """A decision to ask (again) once the window is closed: the attacked player's ``combat`` decision."""

    seat: int
    kind: str
    prompt: str
    actions: list[str]


@dataclass(slots=True)
class Window:
    """One open window: the seats still to ask, in order (``current``: the seat asked last, until it passes)."""

    point: str
    pending: str
    seats: list[int] = field(default_factory=list)
    then: Asked | None = None
    current: int = -1

    def run(self, g: Context) -> None:
        if game_over(g.state):
            return
        if self.current >= 0:  # it played a card (flash.play went past resume): it may play another
            self.seats.insert(0, self.current)
            self.current = -1
        while self.seats:
            seat = self.seats.pop(0)
            opts = flash.options(g, seat, "window", self.point)
            if opts:
                self.current = seat
                g.ask(seat, "window", f"{self.pending}: pass, or play a card now", [act("pass"), *opts])
                return
        g.pop()
        if self.then is not None:
            # the decision the window stood before, without strikes a card played there now keeps apart
            ask_again(g, self.then, act("done"), together=lambda us: lasting.may_team(g, us))

    def resume(self, g: Context, action: Action) -> None:
        self.current = -1  # ``pass``: the next seat is asked
