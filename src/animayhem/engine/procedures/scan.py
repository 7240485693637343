"""A card that copies one of its bearer's Skills onto another Character (``copy_skill``: Mind Scanner; RULES.md
SCAV-1, CARD-17).

Once a game turn, when a group of the card's player Scavenges a Location whose requirement it does not meet by
itself, one Character of that group other than the bearer may take a copy of one Skill of the bearer (wherever the
bearer stands, in play and not Bonked) for that test (procedures/scavenge.py ``scanned``: the first Skill, in the
bearer's order, and the first Character, by uid, that make the group pass). The turn it was last used is plain
data, ``state.counters[uid * SLOTS + SCAN_COUNTER]`` (the game turn + 1). A game without such cards pays one cached
look-up per Enhancement in play, only when a group lacks the Skills a Location asks for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from animayhem.cards.effects import CopySkill
from animayhem.cards.model import Card
from animayhem.engine.core.state import OFF, SCAN_COUNTER, SLOTS, USE_TURN_COUNTER, CharacterState
from animayhem.engine.core.statics import per_card
from animayhem.engine.effects.transform import skill_card

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


_FACTS: dict[str, tuple[Card, bool]] = {}


def _copies(card: Card) -> bool:
    return per_card(_FACTS, card, lambda c: any(e.when == "static" and isinstance(e.do, CopySkill) for e in c.effects))


def copies(g: Context, seat: int, group: list[CharacterState]) -> list[tuple[int, CharacterState, str]]:
    """``(card, taker, Skill)``: each copy a ``copy_skill`` card of ``seat``'s, not used this turn, may give a
    Character of ``group`` other than its bearer, in order (cards by bearer uid, the bearer's Skills as it has
    them, takers by uid)."""
    s = g.state
    out: list[tuple[int, CharacterState, str]] = []
    for b in sorted(s.characters.values(), key=lambda c: c.uid):
        if not b.enhancements or b.pos == OFF or b.bonked_at >= 0:
            continue
        for u in b.enhancements:
            if s.owner[u] != seat or not _copies(g.card(u)) or s.counters.get(u * SLOTS + SCAN_COUNTER) == s.turn + 1:
                continue
            if s.counters.get(u * SLOTS + USE_TURN_COUNTER) == s.turn + 1:  # its copy this turn was given by a use
                continue
            skills = [sk.name for sk in skill_card(g, b.uid).skills if not sk.wildcard and not sk.is_anti and sk.count]
            for taker in sorted(group, key=lambda c: c.uid):
                if taker.uid != b.uid:
                    out += [(u, taker, name) for name in dict.fromkeys(skills)]
    return out


def spend(g: Context, uid: int, taker: CharacterState, skill: str) -> None:
    """The card ``uid`` gives ``taker`` its copy of ``skill`` for this Scavenge test: its use this turn."""
    s = g.state
    s.counters[uid * SLOTS + SCAN_COUNTER] = s.turn + 1
    s.counters[uid * SLOTS + USE_TURN_COUNTER] = s.turn + 1  # its once-a-turn use is spent too (``use``)
    bearer = next((c for c in s.characters.values() if uid in c.enhancements), None)
    g.emit(
        "skill_copied",
        seat=s.owner[uid],
        card=g.card(uid).id,
        uid=uid,
        source=g.card(bearer.uid).id if bearer is not None else None,
        character=g.card(taker.uid).id,
        skill=skill,
    )
