"""A Skill named in the Equip phase (``name_skill``: Kiriya's printed ``*Any Skill``; docs/cards.md).

As each Equip phase of a player starts, and when such a Character is played in one, the player is asked for
each of its Characters in play that carries the effect (a ``use_choice`` decision): one Skill by its word
(``martial-arts``, engine/core/actions.py ``SKILL_WORDS``) or ``decline``. The Skill is the Character's until
the player's next Equip phase (``state.counters[uid * SLOTS + CHOSEN_COUNTER]``: the index + 1 of its name in
``SKILL_NAMES``, 0 for none); engine/effects/transform.py ``skill_card`` puts it in place of the wildcard.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from animayhem.cards.effects import NameSkill
from animayhem.engine.core.actions import SKILL_NAMES, SKILL_WORDS, Action, act
from animayhem.engine.core.state import CHOSEN_COUNTER, OFF, SLOTS, game_over
from animayhem.engine.core.statics import of_kind

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


def namers(g: Context, seat: int) -> list[int]:
    """The seat's Characters in play (not Bonked) whose card lets their player name a Skill, by instance."""
    s = g.state
    return sorted(
        c.uid
        for c in s.characters.values()
        if c.owner == seat and c.pos != OFF and c.bonked_at < 0 and of_kind(g.card(c.uid), NameSkill)
    )


@dataclass(slots=True)
class NameASkill:
    """The player names the Skill its Character ``card`` has until its next Equip phase, or declines."""

    seat: int
    card: int

    def run(self, g: Context) -> None:
        s = g.state
        ch = s.characters.get(self.card)
        if ch is None or ch.pos == OFF or game_over(s):
            g.pop()
            return
        s.counters.pop(self.card * SLOTS + CHOSEN_COUNTER, None)  # the last one named lasts until now
        prompt = f"{g.name(self.card)}: which Skill it has until your next Equip phase"
        g.ask(self.seat, "use_choice", prompt, [*SKILL_WORDS, act("decline")])

    def resume(self, g: Context, action: Action) -> None:
        g.pop()
        if action.verb == "decline":
            return
        index = SKILL_WORDS.index(action.verb)
        g.state.counters[self.card * SLOTS + CHOSEN_COUNTER] = index + 1
        g.emit(
            "skill_named",
            seat=self.seat,
            card=g.card(self.card).id,
            uid=self.card,
            skill=SKILL_NAMES[index],
        )
