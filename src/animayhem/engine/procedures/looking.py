"""A look made by an activated ability (engine/effects/looks.py; ``use``, procedures/activated.py): the look
itself, the card Discarded when the spot costs it, and the choice to face the second card first (``reorder``:
Dream Mirror), a decision of its own that only the looking seat sees.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from animayhem.cards.effects import Look
from animayhem.engine.core.actions import Action, act
from animayhem.engine.core.events import cell_list
from animayhem.engine.core.state import OFF, CharacterState
from animayhem.engine.effects import looks, primitives

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


def look(g: Context, ch: CharacterState, uid: int, v: Look, picked: list[int], cells: list[tuple[int, int]]) -> None:
    """Look at the target chosen (``picked`` or ``cells``); then Discard the card or ask about the order."""
    spot, seen, place = looks.resolve(g, ch, uid, v, picked[0] if picked else None, cells[0] if cells else None)
    if spot.discard:
        holder = primitives.holder_of(g, uid)
        if holder is not None:
            (holder.carried if uid in holder.carried else holder.enhancements).remove(uid)
            g.discard(uid)
            card = g.card(uid).id
            g.emit("card_removed", card=card, uid=uid, how="discard", by=g.card(holder.uid).id)
    if spot.share and seen and place != OFF:  # the cards seen may be shown to everyone (Cest Lavie's parley)
        g.push(Share(seat=ch.owner, card=uid, place=place, seen=list(seen)))
    if spot.reorder and seen and place != OFF:
        under = g.state.places[place].under
        if under.index(seen[0]) > 0:  # a card lies below the one seen (every seat can count them)
            g.push(Reorder(seat=ch.owner, card=uid, place=place, first=seen[0], kinds=spot.kinds))
    elif spot.reorder and spot.where == "draw" and len(seen) > 1:  # its own Draw pile's top cards (Briefing)
        draw = g.state.players[ch.owner].draw
        if draw[-len(seen) :][::-1] == seen:
            g.push(DrawOrder(seat=ch.owner, card=uid, left=list(seen)))


@dataclass(slots=True)
class DrawOrder:
    """After a look at the top cards of its own Draw pile: its player puts them back on top in the order it likes,
    naming the card to lie on top (``choose cN``), then the next...; ``done`` leaves the rest in the order they
    were. Only that seat is asked and told (it saw the cards; the other seats learn nothing)."""

    seat: int
    card: int
    left: list[int]  # the cards seen not placed yet, top first as they lie
    placed: list[int] = field(default_factory=list)  # those placed, top first
    over: bool = False

    def run(self, g: Context) -> None:
        draw = g.state.players[self.seat].draw
        block = [*self.placed, *self.left]
        if any(u not in draw for u in block):  # pragma: no cover - nothing draws while it is asked
            g.pop()
            return
        if not self.over and len(self.left) > 1:
            prompt = f"{g.name(self.card)}: which card goes on top of your Draw pile next (done: the rest as they lie)"
            g.ask(self.seat, "use_choice", prompt, [*(act("choose", u) for u in self.left), act("done")])
            return
        g.pop()
        n = len(block)
        draw[-n:] = block[::-1]  # stored bottom first
        g.emit(
            "cards_reordered",
            to=[self.seat],
            seat=self.seat,
            by=g.card(self.card).id,
            where="draw",
            seen=[{"uid": u, "card": g.state.cards[u]} for u in block],
        )

    def resume(self, g: Context, action: Action) -> None:
        if action.verb == "done":
            self.over = True
            return
        u = action.cards[0]
        self.left.remove(u)
        self.placed.append(u)


@dataclass(slots=True)
class Reorder:
    """After a look under a Location: put the next card of the spot's kinds below the one seen on top of it, or
    leave the stack as it is (``choose cN``: the card seen goes second; ``done``: as it is)."""

    seat: int
    card: int
    place: int
    first: int
    kinds: tuple[str, ...]
    answered: bool = False

    def run(self, g: Context) -> None:
        if self.answered or self.first not in g.state.places[self.place].under:
            g.pop()
            return
        prompt = f"{g.name(self.card)}: put {g.name(self.first)} second (choose it), or leave the order (done)"
        g.ask(self.seat, "use_choice", prompt, [act("choose", self.first), act("done")])

    def resume(self, g: Context, action: Action) -> None:
        self.answered = True
        if action.verb == "done":
            return
        s = g.state
        under = s.places[self.place].under
        i = under.index(self.first)
        below = under[i - 1] if i > 0 else OFF
        fits = below != OFF and (not self.kinds or ("disaster" in self.kinds and g.is_disaster(below)))
        if fits:
            looks.swap(g, self.place, self.first)
        g.emit(
            "cards_reordered",
            to=[self.seat],
            seat=self.seat,
            by=g.card(self.card).id,
            cell=cell_list(s.places[self.place].cell),
            looked_at=s.cards[self.first],
            swapped=fits,
        )


@dataclass(slots=True)
class Share:
    """After a look under a Location (``share``): its player shows the cards seen to every player (``choose x,y``,
    the Location's cell: each other seat learns them where they lie, and the public event ``cards_shown`` names
    them) or keeps them to itself (``done``). Cards that have left the stack meanwhile are not shown."""

    seat: int
    card: int
    place: int
    seen: list[int]
    answered: bool = False

    def run(self, g: Context) -> None:
        pl = g.state.places.get(self.place)
        if self.answered or pl is None or not any(u in pl.under for u in self.seen):
            g.pop()
            return
        prompt = f"{g.name(self.card)}: show every player what you saw (choose the Location), or keep it (done)"
        g.ask(self.seat, "use_choice", prompt, [act("choose", pl.cell), act("done")])

    def resume(self, g: Context, action: Action) -> None:
        self.answered = True
        if action.verb == "done":
            return
        s = g.state
        pl = s.places[self.place]
        shown = [u for u in self.seen if u in pl.under]
        for seat in range(len(s.players)):
            if seat != self.seat:
                looks.learn(g, seat, [(u, "under", self.place) for u in shown])
        cards = [{"uid": u, "card": s.cards[u], "depth": len(pl.under) - 1 - pl.under.index(u)} for u in shown]
        g.emit("cards_shown", seat=self.seat, by=g.card(self.card).id, cell=cell_list(pl.cell), seen=cards)
