"""The end of a fighter (RULES.md COMBAT-16, DIS-16): the kill test of the ruleset, and a Disaster Defeated.
Used by every kind of fight."""

from __future__ import annotations

from typing import TYPE_CHECKING

from animayhem.engine.effects import lasting, primitives, triggers

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


def killed(g: Context, max_health: int, before: int, after: int, damage: int, attack: int) -> bool:
    """The kill test of the ruleset (COMBAT-16; CONF-1, AMB-18)."""
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
    ``defeated`` effects act (engine/triggers.py)."""
    d = g.state.disasters[uid]
    g.emit("disaster_defeated", card=g.card(uid).id, uid=uid)
    if triggers.effects_of(g.card(uid), "defeat") and triggers.defeat_replaced(g, uid, place, seat):
        return  # its text: it comes back instead (7 Lucky Gods Martial Artists)
    back = bool(g.state.lasting) and lasting.recycled(g, uid)  # Willpower: into the Draw pile instead
    left = g.max_health(uid) - d.damage
    primitives.leave_play(g, d, "defeated")
    if back:
        primitives.discard_to_draw_pile(g, uid)
    triggers.defeated(g, uid, place, seat, left)
    if g.state.disasters and g.state.result is None:
        triggers.other_defeated(g, uid)  # other Disasters' text about this Defeat (Shinseiju Tree and Tares)
