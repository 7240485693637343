"""The one modifier pipeline for ability values (RULES.md CARD-4, AMB-10, AMB-11, COMBAT-12).

Every Attack, Defense, Movement, Charm and Energy a rule reads comes from :func:`value`:
printed base (current form) → replacements (the latest wins) → lasting ``+ − × ÷`` modifiers in the order
their cards were attached → this round's modifiers (:func:`apply_mods`, Combat cards) → clamp at 0.
Health is separate: the printed base Defense, or the card's own Health (COMBAT-12).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from animayhem.cards.stats import StatKind, StatValue

if TYPE_CHECKING:
    from animayhem.engine.game import Game


def printed(g: Game, uid: int, ability: str) -> int:
    sv = g.card(uid).stat(ability)
    if sv is None or sv.value is None or sv.kind is not StatKind.BASE:
        return 0
    return sv.value


def lasting_modifiers(g: Game, uid: int, ability: str) -> list[StatValue]:
    """Modifiers from cards attached to a Character: Enhancements, then carried Equipment (CARD-11, CARD-12)."""
    ch = g.state.characters.get(uid)
    if ch is None:
        return []
    out = []
    for src in (*ch.enhancements, *(u for u in ch.carried if not g.is_item(u))):
        sv = g.card(src).stat(ability)
        if sv is not None and sv.is_modifier and sv.value is not None and ability != "energy":
            out.append(sv)
    return out


def apply_mods(base: int, mods: Iterable[StatValue]) -> int:
    """Apply replacements first (the latest wins), then + − × ÷ in order; ÷ rounds down (AMB-11)."""
    mods = list(mods)
    value = base
    for m in mods:
        if m.kind is StatKind.SET and m.value is not None:
            value = m.value
    for m in mods:
        if m.value is None:
            continue
        if m.kind is StatKind.ADD:
            value += m.value
        elif m.kind is StatKind.MUL:
            value *= m.value
        elif m.kind is StatKind.DIV and m.value:
            value //= m.value
    return value


def value(g: Game, uid: int, ability: str, round_mods: Iterable[StatValue] = ()) -> int:
    base = printed(g, uid, ability)
    v = apply_mods(base, [*lasting_modifiers(g, uid, ability), *round_mods])
    return max(0, v)


def max_health(g: Game, uid: int) -> int:
    """Health = printed base Defense unless the card sets its own (COMBAT-12); never below 1."""
    h = g.card(uid).base_health
    return max(1, h if h is not None else 0)
