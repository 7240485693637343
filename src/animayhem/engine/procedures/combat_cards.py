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


Held = list[tuple[int, str, StatValue]]
"""Modifiers of Combat cards drawn in earlier rounds that hold for the rest of the fight, as (whom, ability,
modifier), in the order drawn (Screwed / Hero: "your Defense is divided by 3 for the rest of this Combat")."""


def for_the_combat(g: Context, uid: int | None, holder: int) -> Held:
    """The holder's own modifiers of a Combat card whose physical side holds for the rest of the Combat
    (``CombatSide.rest_of_combat``); empty for a card whose effect ends with its round."""
    if uid is None:
        return []
    side = g.card(uid).physical
    if side is None or not side.rest_of_combat:
        return []
    return [(holder, ability, sv) for ability, sv in side.mods.items() if sv.target is not StatTarget.OPPONENT]


def held(kept: Held, uid: int, ability: str) -> list[StatValue]:
    """What ``kept`` still applies to ``uid``'s ``ability``: earlier rounds' cards come before this round's
    (COMBAT-7 orders a round's cards; a card drawn earlier took effect earlier)."""
    return [sv for who, a, sv in kept if who == uid and a == ability] if kept else []
