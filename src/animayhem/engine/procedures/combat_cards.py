"""Combat cards (RULES.md COMBAT-6 … COMBAT-8): drawing one, and its physical side as modifiers. Used by every
kind of fight (Disasters, players' Characters, Charm Combat, armed vehicles)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from animayhem.cards.stats import StatTarget, StatValue

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


def draw_combat(g: Context, seat: int) -> int | None:
    p = g.state.players[seat]
    if not p.combat and p.combat_used:  # COMBAT-8: set-aside cards are reshuffled
        p.combat, p.combat_used = p.combat_used, []
        g.shuffle(p.combat)
    return p.combat.pop() if p.combat else None


def combat_mods(g: Context, uid: int | None) -> tuple[dict[str, list[StatValue]], dict[str, list[StatValue]]]:
    """A Combat card's physical side as (modifiers for its holder, modifiers for the opponent)."""
    own: dict[str, list[StatValue]] = {}
    opp: dict[str, list[StatValue]] = {}
    if uid is None:
        return own, opp
    side = g.card(uid).physical
    if side is None:
        return own, opp
    for ability, sv in side.mods.items():
        (opp if sv.target is StatTarget.OPPONENT else own).setdefault(ability, []).append(sv)
    return own, opp
