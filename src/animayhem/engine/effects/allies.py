"""Allied Disasters as state facts (RULES.md DIS-26, CONF-45, COMBAT-39): who is attached to whom, and what a
primary gains from its allies. A bottom layer, read by the ability pipeline: it imports only the state.

What allies *do* (seeking a partner, attaching, fighting on after a Defeat) is engine/procedures/special_disasters.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from animayhem.engine.core.state import OFF, DisasterState

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


def attached(g: Context, d: DisasterState) -> bool:
    """The Disaster is an ally standing with its primary (it neither moves, attacks nor is attacked)."""
    return d.ally_of != OFF and d.ally_of in g.state.disasters


def allies_of(g: Context, uid: int) -> list[DisasterState]:
    """The allies attached to ``uid``, in the order they arrived."""
    found = [a for a in g.state.disasters.values() if a.ally_of == uid]
    if len(found) > 1:
        found.sort(key=_arrived)
    return found


def _arrived(d: DisasterState) -> int:
    return d.arrived


def pair(g: Context, dis: int) -> list[int]:
    """The fought Disaster followed by the allies attached to it (just ``[dis]`` when it has none).

    Works while a Defeated primary's allies still point at it (until the fight is over)."""
    return [dis, *(a.uid for a in allies_of(g, dis))]


def withheld(g: Context, char: int, ally: int) -> bool:
    """Did the Character ``char`` charm the ally ``ally``, so that its bonus does not count against it?"""
    return any(x.kind == "unallied" and x.a == char and x.b == ally for x in g.state.charms)


def ally_bonus(g: Context, uid: int, ability: str, against: int | None = None) -> int:
    """What a primary gains from its allies (DIS-26; CONF-45); ``against``: the Character it fights, which
    gets no bonus from an ally it charmed (COMBAT-39)."""
    for d in g.state.disasters.values():  # most Disasters have no ally: nothing to sort
        if d.ally_of == uid:
            break
    else:
        return 0
    total = 0
    for a in allies_of(g, uid):
        if against is not None and withheld(g, against, a.uid):
            continue
        card = g.card(a.uid)
        t = card.disaster.ally if card.disaster is not None else None
        if g.rules.allied_disasters == "group" and g.is_combat_disaster(a.uid):
            if ability == "attack":
                total += g.ability(a.uid, "attack")  # 5E: combined Attack; each defends itself
        elif t is not None:
            total += t.attack if ability == "attack" else t.defense if ability == "defense" else 0
    return total


def pair_movement(g: Context, uid: int, own: int) -> int:
    """5E: an allied pair moves at the slower one's speed (DIS-26 variant)."""
    if g.rules.allied_disasters != "group":
        return own
    speeds = [g.ability(a.uid, "movement") for a in allies_of(g, uid) if g.card(a.uid).movement is not None]
    return min([own, *speeds])
