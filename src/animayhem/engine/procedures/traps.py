"""Equipment laid on a Location as a trap (``trap``: Razor Balls; RULES.md TURN-14, TURN-17, COMBAT-13).

In its player's Equip phase such a card may be laid face up on a Location of the Field (``play cN x,y``; it is the
phase's Equipment, TURN-14) instead of going on a Character; it stays there, in ``Place.traps``. Each Character
that ends its own move there (movement.py; not one carried by a card or aboard a vehicle) and does not meet the
effect's ``unless`` takes the trap's damage (its printed Attack): a Character it leaves with no Health is Bonked
(COMBAT-14); otherwise the damage stays on it until the end of the turn (``state.counters[uid * 100 +
HURT_COUNTER]``, then healed), or until a fight it is in ends first (COMBAT-13 heals everyone then). A game without
traps pays one empty-list check per move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from animayhem.cards.effects import Effect, Trap
from animayhem.cards.model import Card
from animayhem.engine.core.actions import act
from animayhem.engine.core.events import cell_list
from animayhem.engine.core.state import HURT_COUNTER, KEPT_DAMAGE_COUNTER, SLOTS, CharacterState
from animayhem.engine.core.statics import per_card
from animayhem.engine.effects import lasting, primitives

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


_FACTS: dict[str, tuple[Card, Effect | None]] = {}


def trap_of(card: Card) -> Effect | None:
    """The card's ``trap`` effect; None for most cards."""
    return per_card(_FACTS, card, lambda c: next((e for e in c.effects if isinstance(e.do, Trap)), None))


def damage_of(card: Card) -> int:
    """The damage a trap does: its printed Attack (Razor Balls' 2)."""
    sv = card.attack
    return sv.value if sv is not None and sv.value is not None else 0


def options(g: Context, uid: int) -> list[str]:
    """Where the trap ``uid`` may be laid: every Location of the Field (not a Haven, not Destroyed)."""
    s = g.state
    return [
        act("play", uid, pl.cell)
        for pl in sorted(s.places.values(), key=lambda p: p.cell)
        if not pl.haven and not pl.destroyed
    ]


def lay(g: Context, seat: int, uid: int, place: int) -> None:
    """``seat`` lays the trap ``uid`` (from its hand) on ``place``."""
    s = g.state
    s.places[place].traps.append(uid)
    g.emit("trap_laid", seat=seat, card=g.card(uid).id, uid=uid, cell=cell_list(s.places[place].cell))


def sprung(g: Context, ch: CharacterState) -> None:
    """``ch`` has ended its own move on a Location with traps: each one it does not escape hurts it."""
    s = g.state
    for u in list(s.places[ch.pos].traps):
        e = trap_of(g.card(u))
        if e is None or ch.bonked_at >= 0:
            continue
        if e.unless is not None and lasting.one_meets(g, ch, e.unless):
            g.emit("trap_escaped", card=g.card(ch.uid).id, uid=ch.uid, trap=g.card(u).id)
            continue
        damage = damage_of(g.card(u))
        primitives.mark_damage(g, ch, HURT_COUNTER, damage)
        health = g.max_health(ch.uid) - ch.damage
        g.emit("trap_sprung", card=g.card(ch.uid).id, uid=ch.uid, trap=g.card(u).id, damage=damage, health=health)
        if health <= 0:  # COMBAT-14: no Health left (a card may keep it in play: Robot Slave)
            primitives.bonk_outside_fight(g, ch, HURT_COUNTER)


def heal(g: Context) -> None:
    """The end of a turn: the trap damage Characters still carry heals, and the damage a card keeps on them until
    then (``damage`` with ``kept``: Watch that 1st step...)."""
    s = g.state
    if not s.counters:
        return
    for c in s.characters.values():
        left = s.counters.pop(c.uid * SLOTS + HURT_COUNTER, 0) + s.counters.pop(c.uid * SLOTS + KEPT_DAMAGE_COUNTER, 0)
        if left:
            c.damage = max(0, c.damage - left)
