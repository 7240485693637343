"""Protection (RULES.md COMBAT-22; CONF-28): a protector's share of the damage, and protectors in a combat
against a Disaster (5E)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Protocol

from animayhem.cards.effects import TargetRule
from animayhem.engine.core.actions import act
from animayhem.engine.core.state import CharacterState
from animayhem.engine.core.statics import of_kind
from animayhem.engine.effects import abilities, lasting

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


class Guarded(Protocol):
    """What protection reads of a combat against a Disaster (procedures/combat.py's ``Combat``)."""

    place: int
    target: int
    strikers: list[int]
    guards: list[int]


MAX_PROTECTORS: Final = 2  # COMBAT-22 (CONF-28: every source that has protection)


def protector_share(g: Context, damage: int) -> int:
    """COMBAT-22: a protector takes half the damage dealt to the Character it protects (rounded as the ruleset
    says, AMB-48), and at least 1 a round."""
    half = -(-damage // 2) if g.rules.protector_rounding == "up" else damage // 2
    return max(1, half)


def guard_options(g: Context, combat: Guarded) -> list[str]:
    """CONF-28 (5E): after naming its strikers, the attacked player may name up to 2 protectors for the
    target among its Characters there that do not strike (a protector cannot attack, COMBAT-22)."""
    s = g.state
    if len(combat.guards) >= MAX_PROTECTORS:
        return []
    target = s.characters[combat.target]
    busy = {combat.target, *combat.strikers, *combat.guards}
    return [
        act("protect", c.uid)
        for c in sorted(g.characters_at(combat.place, target.owner), key=lambda c: c.uid)
        if c.uid not in busy and may_guard(g, c.uid, target)
    ]


def may_guard(g: Context, uid: int, ward: CharacterState) -> bool:
    """Whether the Character ``uid`` may protect ``ward``: its own card may name the only ones it protects (a
    Character card's ``target_rule`` with ``guards_only``: Piccolo); two who may not team up never protect one
    another (``rivals``: Female Jealousy)."""
    if g.state.lasting and not lasting.may_team(g, (uid, ward.uid)):
        return False
    rules = of_kind(g.card(uid), TargetRule)
    return all(r.guards_only is None or lasting.matches(g, ward, r.guards_only) for r in rules)


def guard_defense(g: Context, combat: Guarded) -> list[tuple[int, int]]:
    """The protectors still at the Location and their Defense (no Combat card: they are not attacked)."""
    s = g.state
    return [
        (u, abilities.value(g, u, "defense"))
        for u in combat.guards
        if u in s.characters and s.characters[u].pos == combat.place and s.characters[u].bonked_at < 0
    ]
