"""A Location's training bout (the effect language's ``bout``, trigger ``cleared``: Pendulum Training Room).

After a group Scavenges such a Location (once the cards found are shared out, SCAV-24), one Combat Disaster of
the scavenging player's Discard pile, drawn with the game's RNG, comes into play at that Location under that
player's control and fights the group there (a :class:`~animayhem.engine.procedures.combat.Combat` pushed above
this frame). When that fight is over this frame runs again: if the Disaster was Defeated in it, each of the
player's Characters in play then gets the bout's numbers for the rest of the game, a lasting record on them kept
while each stays in play (engine/effects/lasting.py reads ``Bout`` records as modifiers). A Disaster that survives
stays on the Field like any other. With no Combat Disaster in that Discard pile, nothing happens (the event says
so).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from animayhem.cards.effects import Bout as BoutEffect
from animayhem.engine.core.actions import Action
from animayhem.engine.core.events import cell_list
from animayhem.engine.core.state import OFF, WHILE_TARGET, game_over
from animayhem.engine.effects import lasting, primitives, triggers
from animayhem.engine.procedures.combat import Combat

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context

_DEFEATS: Final = frozenset({"disaster_defeated", "disaster_defeated_by_discard"})


def after_scavenge(g: Context, seat: int, place: int) -> None:
    """A group of ``seat``'s has Scavenged ``place``: push its ``cleared`` bouts (below what is shared out)."""
    for index, e in reversed(triggers.effects_of(g.card(place), "cleared")):
        if isinstance(e.do, BoutEffect):
            g.push(Bout(source=place, index=index, seat=seat, place=place))


@dataclass(slots=True)
class Bout:
    source: int  # the Location whose effect it is
    index: int
    seat: int
    place: int
    dis: int = OFF  # the Disaster drawn, once it is

    def run(self, g: Context) -> None:
        s = g.state
        if self.dis == OFF:
            self._summon(g)
            return
        g.pop()
        if self.dis in s.disasters or game_over(s) or not _defeated(g, self.dis):
            return
        v = g.card(self.source).effects[self.index].do
        assert isinstance(v, BoutEffect)
        ours = sorted(u for u, c in s.characters.items() if c.owner == self.seat)
        if not ours:
            return
        lasting.add(g, self.source, self.index, ours, self.seat, None, WHILE_TARGET)
        g.emit(
            "bout_won",
            seat=self.seat,
            card=g.card(self.source).id,
            disaster=g.card(self.dis).id,
            characters=[g.card(u).id for u in ours],
            attack=v.by.get("attack", 0),
            defense=v.by.get("defense", 0),
        )

    def _summon(self, g: Context) -> None:
        s = g.state
        pl = s.places.get(self.place)
        group = [c for c in g.characters_at(self.place, self.seat) if c.bonked_at < 0]
        pile = s.players[self.seat].discard
        pool = [u for u in pile if g.is_disaster(u) and g.is_combat_disaster(u)]
        if pl is None or pl.destroyed or not group or not pool or game_over(s):
            g.pop()
            if pl is not None and group and not pool:
                g.emit("bout_empty", seat=self.seat, card=g.card(self.source).id, cell=cell_list(pl.cell))
            return
        self.dis = pool[g.rand_below(len(pool))] if len(pool) > 1 else pool[0]
        pile.remove(self.dis)
        d = primitives.enter_as_disaster(g, self.dis, self.seat, self.place)
        lasting.entered(g, d.uid)
        g.emit(
            "bout_started",
            seat=self.seat,
            card=g.card(self.source).id,
            disaster=g.card(self.dis).id,
            uid=self.dis,
            cell=cell_list(pl.cell),
        )
        g.push(Combat(dis=self.dis, place=self.place, seats=[self.seat]))

    def resume(self, g: Context, action: Action) -> None:  # pragma: no cover
        raise AssertionError("a bout takes no decision of its own")


def _defeated(g: Context, uid: int) -> bool:
    """Whether the Disaster ``uid`` was Defeated since its bout started (the log back to its start says)."""
    for ev in g.log[::-1]:
        if ev.get("uid") == uid:
            if ev["e"] in _DEFEATS:
                return True
            if ev["e"] == "bout_started":
                return False
    return False
