"""Several players' groups at one Location (RULES.md SCAV-14, AMB-30; 002 only: ``Ruleset.scavenge_consent``).

002 says that when groups of different players stand on the same Location they must agree which of them
Scavenges it; they may also Scavenge together, or fight to decide. How the engine reads it:

* Players Scavenge in turn (002 L40; under ``turn_structure = "rounds"`` each in its own Scavenge phase,
  seat order). When a player picks ``scavenge x,y`` and another player's group stands there (Characters not
  Bonked that have not Scavenged yet this turn), each such player is asked in seat order after the
  Scavenger (decision ``scavenge_consent``): ``allow`` or ``refuse``.
* All allow: the Scavenge starts as usual, the asking player's group alone.
* One refuses: no Scavenge; for the rest of that Scavenge phase ``scavenge x,y`` is not offered while a
  refusing player's Characters are still there. The way to settle it is a fight (``fight x,y``, AMB-20,
  one a Location a turn): once the refusers' Characters have Run Away or been Bonked, the Location is open
  again (the players still there are asked again).
* Scavenging together (the groups' Skills combined, the spoils shared) is not offered: a Scavenge in the
  engine belongs to one player's group.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from animayhem.engine.core.actions import Action, act
from animayhem.engine.core.events import cell_list
from animayhem.engine.procedures.scavenge import Scavenge

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


def rivals(g: Context, seat: int, place: int) -> list[int]:
    """Other players with a group at ``place`` that has not Scavenged this turn, in seat order after ``seat``."""
    n = len(g.state.players)
    there = {c.owner for c in g.characters_at(place) if c.owner != seat and not c.scavenged}
    return [(seat + i) % n for i in range(1, n) if (seat + i) % n in there]


def blocked(g: Context, place: int, refused: list[tuple[int, int]]) -> bool:
    """Whether a refusal (``(place, refusing seat)`` pairs of this Scavenge phase) still closes ``place``: a
    refusing player's Characters are still there."""
    return any(g.characters_at(place, other) for where, other in refused if where == place)


@dataclass(slots=True)
class ScavengeConsent:
    """Ask the other players at the Location, one by one, whether ``seat``'s group may Scavenge it."""

    seat: int
    place: int
    asking: list[int] = field(default_factory=list)  # seats still to answer, first first

    def run(self, g: Context) -> None:
        s = g.state
        cell = s.places[self.place].cell
        prompt = (
            f"{s.players[self.seat].name}'s group wants to Scavenge {g.card(self.place).name} "
            f"({cell[0]},{cell[1]}), where your Characters stand: allow it, or refuse (SCAV-14)"
        )
        g.ask(self.asking[0], "scavenge_consent", prompt, [act("allow"), act("refuse")])

    def resume(self, g: Context, action: Action) -> None:
        s = g.state
        who = self.asking.pop(0)
        allowed = action.verb == "allow"
        g.emit(
            "scavenge_consent",
            seat=who,
            scavenger=self.seat,
            cell=cell_list(s.places[self.place].cell),
            allowed=allowed,
        )
        if not allowed:
            g.pop()
            phase = s.agenda[-1]  # the Scavenge phase that asked keeps the refusal
            phase.refused.append((self.place, who))
            return
        if self.asking:
            return  # run() asks the next one
        g.pop()
        start(g, self.seat, self.place)


def start(g: Context, seat: int, place: int) -> None:
    g.state.players[seat].scavenges += 1
    g.push(Scavenge(place=place, seat=seat))
