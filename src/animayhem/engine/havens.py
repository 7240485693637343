"""Havens: who may stop in another player's Haven, and who may take what is stored there (RULES.md CARD-7).

Anyone may move *through* a Haven. Stopping in another player's Haven needs its owner's permission, asked
when a Character tries to end its move there (a ``permission`` decision for the owner: ``allow`` or
``refuse``). An admitted player may take the Items and Equipment stored there; when the owner has Characters
in the Haven, each take is asked again, since they may keep visitors from taking what the owner wants to keep.
Admission lasts while the visitor has Characters in the Haven; a refusal holds for the rest of that Move
phase, so the phase always ends.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from animayhem.engine.actions import Action, act

if TYPE_CHECKING:
    from animayhem.engine.game import Game


def admitted(g: Game, seat: int, place: int) -> bool:
    pl = g.state.places[place]
    return pl.owner == seat or seat in pl.admitted


def guarded(g: Game, place: int) -> bool:
    """The owner has Characters in the Haven (CARD-7: they may keep visitors from taking things)."""
    pl = g.state.places[place]
    return bool(g.characters_at(place, pl.owner))


def forget_visitors(g: Game, seat: int) -> None:
    """A player whose Characters have all left a Haven must ask again next time."""
    for pl in g.state.places.values():
        if pl.haven and seat in pl.admitted and not g.characters_at(pl.uid, seat):
            pl.admitted.remove(seat)


@dataclass(slots=True)
class Permission:
    """The owner of a Haven answers a visitor: may its Character stop there (``what == "stop"``), or take
    the stored card ``card`` (``what == "take"``)?"""

    owner: int
    visitor: int
    place: int
    character: int
    what: str
    card: int = -1
    cell: tuple[int, int] = (0, 0)

    def run(self, g: Game) -> None:
        who = g.name(self.character)
        if self.what == "stop":
            prompt = f"may {who} ({g.state.players[self.visitor].name}) stop in your Haven?"
        else:
            prompt = f"may {who} ({g.state.players[self.visitor].name}) take a card stored in your Haven?"
        g.ask(self.owner, "permission", prompt, [act("allow"), act("refuse")])

    def resume(self, g: Game, action: Action) -> None:
        s = g.state
        g.pop()
        allowed = action.verb == "allow"
        g.emit(
            "haven_permission",
            seat=self.owner,
            visitor=self.visitor,
            cell=list(s.places[self.place].cell),
            what=self.what,
            allowed=allowed,
        )
        if not allowed:
            return
        if self.what == "stop":
            s.places[self.place].admitted.append(self.visitor)
            from animayhem.engine.turn import move_character

            move_character(g, self.visitor, self.character, self.cell)
            return
        from animayhem.engine.turn import take_stored

        take_stored(g, self.visitor, self.card, self.character)
