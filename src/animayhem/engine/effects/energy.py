"""Energy costs and getting Energy back (RULES.md CARD-16, COMBAT-9, COMBAT-41; CONF-52, AMB-37).

A Character's usable Energy is its Energy ability minus what it has spent:

* ``energy_spent``: per-use costs (000: every Power card; every preset: Equipment, and Flash Effects unless
  ``flash_energy = "turn"``). It goes down by 1 after each physical combat round the Character fights in
  (COMBAT-41: Charm contests do not count), back to 0 when a combat ends, and under
  ``energy_back_end_of_turn`` (000) at the end of the owner's turn.
* ``energy_turn``: 001's Flash Effect costs, held until the end of the turn (no per-round return).
* under ``energy_costs = "held"`` (001, 5E) each attached Enhancement's cost stays reserved while it is on.

A cost printed as ``*`` (variable, set by the card's text) counts as 0 until the effect language reads it; a
Flash Effect whose ``play`` effect costs ``all_energy`` costs its payer all the Energy it has left, at least that
much (Shi Chi Hokodan); one that costs ``base_energy`` costs as much as its payer's base Energy, its printed Energy
in its current form (Kamehameha; 1 when no payer is given: it needs one).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from animayhem.cards.effects import all_energy, base_energy_cost, paid_on_use, reads_paid_energy
from animayhem.cards.model import CardType
from animayhem.cards.stats import StatKind
from animayhem.engine.core.state import PAID_ENERGY_COUNTER, SLOTS, CharacterState
from animayhem.engine.effects import bearer

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


def cost(g: Context, card_uid: int, ch: CharacterState | None = None) -> int:
    """The Energy cost a card prints (0 when none, or when it is variable, or when it is paid on each use of its
    activated ability: engine/procedures/activated.py); what ``ch`` pays for it, when given (its text may lower
    the cost for some bearers: effects/bearer.py)."""
    card = g.card(card_uid)
    if card.effects and (least := all_energy(card.effects)):
        return least if ch is None else max(least, available(g, ch))  # all it has left, at least ``least``
    if card.effects and base_energy_cost(card.effects):
        return 1 if ch is None else max(1, base_energy(g, ch))
    sv = card.energy
    if sv is None or sv.kind not in (StatKind.COST, StatKind.UPKEEP) or sv.value is None:
        return 0
    if card.effects and paid_on_use(card.effects):
        return 0
    return sv.value if ch is None else bearer.cost(g, card_uid, sv.value, ch)


def base_energy(g: Context, ch: CharacterState) -> int:
    """The Character's base Energy: its card's printed Energy, the right-hand one when it is transformed (CARD-5)."""
    sv = g.card(ch.uid).stat("energy")
    if sv is None or sv.value is None:
        return 0
    return sv.alt if ch.form and sv.alt is not None else sv.value


def reserved(g: Context, ch: CharacterState) -> int:
    """Energy held by the Character's Enhancements (``energy_costs = "held"``: 001, 5E)."""
    if g.rules.energy_costs != "held":
        return 0
    return sum(cost(g, e, ch) for e in ch.enhancements)


def available(g: Context, ch: CharacterState, energy: int | None = None) -> int:
    """The Energy the Character can still spend now (never below 0); ``energy``: its Energy value, when the
    caller has it already (views). Its cards' Energy bonus in a fight with some kinds of Disaster counts while
    such a fight is under way at its Location (bearer.fight_energy: Rokkon)."""
    if energy is None:
        energy = g.ability(ch.uid, "energy")
    total = energy + bearer.fight_energy(g, ch) - ch.energy_spent - ch.energy_turn - reserved(g, ch)
    return max(0, total)


def free_key(seat: int) -> int:
    """``state.counters[free_key(seat)]``: the game turn (+1) in which the seat's next Energy cost is waived
    (``free_cast``: Supreme Battle Aura); a key below every card's (uid * SLOTS + N)."""
    return -1000 - seat


def free(g: Context, seat: int) -> bool:
    """Whether the seat's next Energy cost this turn is waived (``free_cast``)."""
    return bool(g.state.counters) and g.state.counters.get(free_key(seat)) == g.state.turn + 1


def can_pay(g: Context, ch: CharacterState, card_uid: int) -> bool:
    return available(g, ch) >= cost(g, card_uid, ch) or free(g, ch.owner)


def pay(g: Context, ch: CharacterState, card_uid: int) -> None:
    """Charge the Character for using ``card_uid`` (call :func:`can_pay` first). Emits ``energy_paid``, or
    ``energy_waived`` when a ``free_cast`` covers the cost (spent on it)."""
    amount = cost(g, card_uid, ch)
    if amount <= 0:
        return
    card = g.card(card_uid)
    if card.effects and reads_paid_energy(card.effects):  # its text counts what was paid (Divert Attack)
        g.state.counters[card_uid * SLOTS + PAID_ENERGY_COUNTER] = amount
    if free(g, ch.owner):
        del g.state.counters[free_key(ch.owner)]
        g.emit("energy_waived", seat=ch.owner, card=card.id, character=g.card(ch.uid).id, amount=amount)
        return
    if card.type is CardType.ENHANCEMENT and g.rules.energy_costs == "held":
        until = "attached"  # reserved through :func:`reserved` while the Enhancement stays on
    elif card.type is CardType.FLASH_EFFECT and g.rules.flash_energy == "turn":
        ch.energy_turn += amount
        until = "end_of_turn"
    else:
        ch.energy_spent += amount
        until = "returned"
    left = available(g, ch) - (amount if until == "attached" else 0)
    g.emit(
        "energy_paid",
        seat=ch.owner,
        card=card.id,
        character=g.card(ch.uid).id,
        amount=amount,
        until=until,
        left=max(0, left),
    )


def round_back(g: Context, uids: list[int]) -> None:
    """COMBAT-9: after a physical combat round, each Character that fought in it regains 1 spent Energy."""
    for u in uids:
        ch = g.state.characters.get(u)
        if ch is not None and ch.energy_spent > 0:
            ch.energy_spent -= 1


def end_of_turn(g: Context, seat: int) -> None:
    """The end of ``seat``'s turn: its Characters' spent Energy comes back under ``energy_back_end_of_turn``
    (000); Energy held until the end of the turn (001 Flash costs) comes back for every Character, since
    the turn in which it was used is over (AMB-37)."""
    for c in g.state.characters.values():
        if c.owner == seat and g.rules.energy_back_end_of_turn:
            c.energy_spent = 0
        c.energy_turn = 0
