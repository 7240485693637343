"""The end of a fighter (RULES.md COMBAT-16, DIS-16): the kill test of the ruleset, and a Disaster Defeated.
Used by every kind of fight."""

from __future__ import annotations

from typing import TYPE_CHECKING

from animayhem.cards.effects import KillAt
from animayhem.engine.core.statics import of_kind
from animayhem.engine.effects import triggers

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


def killed(g: Context, max_health: int, before: int, after: int, damage: int, attack: int, uid: int = -1) -> bool:
    """The kill test of the ruleset (COMBAT-16; CONF-1, AMB-18). ``uid``: the Character tested, whose own card may
    set its own threshold instead (``kill_at``: Killed once its damage reaches N; Armitage)."""
    if uid >= 0 and (own := of_kind(g.card(uid), KillAt)):
        return max_health - after >= own[0].damage
    rule = g.rules.kill_rule
    if rule == "damage_2x":
        return damage >= 2 * max_health
    if rule == "damage_3x":
        return damage >= 3 * max_health
    if rule == "raw_attack_3x":
        return attack >= 3 * max_health
    return before >= 1 and after <= -max_health  # minus_health (5E)


def defeat(g: Context, uid: int, place: int, seat: int | None = None) -> None:
    """A Disaster at 0 Health is Defeated: its Item drops under the Location (DIS-16), it is Discarded; then its
    ``defeated`` effects act (engine/effects/triggers.py ``defeat``, which a card that Defeats one uses too)."""
    triggers.defeat(g, uid, place, seat)
