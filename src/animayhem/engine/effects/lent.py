"""A card that lets its bearer use a card another player's Character carries (``use_others``: Pass Around).

When such a card is played its player names one Equipment or Item a Character of another player carries (a
``use_choice`` decision, engine/procedures/lending.py). For the first ``turns`` of its owner's turns, the one it
was played in counting (DIS-19), and while a Character of another player still carries the card named, the bearer
has that card's printed modifiers (those the engine gives a holder) and its granted Skills as well; its lender keeps
them too. The card named and the turn it was played are plain data: ``state.counters[uid * SLOTS + LENT_COUNTER]``
(the card's uid + 1) and ``[uid * SLOTS + LENT_TURN_COUNTER]`` (its owner's turn number then). The value pipeline
reads it through engine/effects/bearer.py, for cards whose facts name ``use_others`` only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from animayhem.cards.effects import Gains, UseOthers, use_printed
from animayhem.cards.model import Card
from animayhem.cards.skills import parse_skill
from animayhem.cards.stats import ABILITIES, StatTarget, StatValue
from animayhem.engine.core.state import LENT_COUNTER, LENT_TURN_COUNTER, OFF, SLOTS, CharacterState
from animayhem.engine.core.statics import instances_where, per_card, per_card_list

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


_LENDS: dict[str, tuple[Card, UseOthers | None]] = {}
_MODS: dict[str, tuple[Card, dict[str, StatValue]]] = {}
_GAINS: dict[str, tuple[Card, Gains | None]] = {}


def lends(card: Card) -> UseOthers | None:
    """The card's ``use_others`` record; None for most cards."""
    return per_card(
        _LENDS,
        card,
        lambda c: next((e.do for e in c.effects if e.when == "static" and isinstance(e.do, UseOthers)), None),
    )


def pool(g: Context, seat: int, v: UseOthers) -> list[int]:
    """The cards of ``v.types`` that Characters of players other than ``seat`` carry in play, by uid."""
    s = g.state
    out = [
        u
        for c in s.characters.values()
        if c.owner != seat and c.pos != OFF and c.bonked_at < 0
        for u in c.carried
        if g.card(u).type.value in v.types
    ]
    return sorted(out)


def choose(g: Context, uid: int, seat: int, got: int) -> None:
    """``seat``'s card ``uid`` lets its bearer use ``got`` from now on (its turns counted from this one)."""
    s = g.state
    s.counters[uid * SLOTS + LENT_COUNTER] = got + 1
    s.counters[uid * SLOTS + LENT_TURN_COUNTER] = s.players[seat].turns


def lent(g: Context, uid: int, ch: CharacterState, v: UseOthers) -> int:
    """The card the bearer ``ch`` of ``uid`` may use now; -1 when none (none named, its turns are over, or no
    Character of another player carries it any more)."""
    s = g.state
    got = s.counters.get(uid * SLOTS + LENT_COUNTER, 0) - 1
    if got < 0:
        return -1
    turns = s.players[ch.owner].turns
    if turns - s.counters.get(uid * SLOTS + LENT_TURN_COUNTER, turns) + 1 > v.turns:
        return -1
    for c in s.characters.values():
        if got in c.carried:
            return got if c.owner != ch.owner and c.pos != OFF and c.bonked_at < 0 else -1
    return -1


def shown(g: Context) -> list[int]:
    """The cards lent now (named by a ``use_others`` card whose time is not over, still carried by another player's
    Character): turned up as they were named, so every seat may see them (a face-down Item among them)."""
    s = g.state
    lenders = lender_uids(g)
    if not lenders:
        return []  # most games: no such card (one cached set test)
    out = []
    for c in s.characters.values():
        for u in c.enhancements:
            v = lends(g.card(u)) if u in lenders else None
            if v is not None and (got := lent(g, u, c, v)) >= 0:
                out.append(got)
    return out


_LENDERS: dict[int, tuple[list[str], frozenset[int]]] = {}  # the instances of a card list whose card lends


def lender_uids(g: Context) -> frozenset[int]:
    """The instances of the game's cards that lend (``use_others``), worked out once per card list; empty in most
    games."""
    cards = g._cards
    return per_card_list(
        _LENDERS,
        g.state.cards,
        lambda listed: frozenset(instances_where(cards, listed, "use_others", _lends)),
    )


def _lends(card: Card) -> bool:
    return lends(card) is not None


def mods(card: Card) -> dict[str, StatValue]:
    """The printed modifiers ``card`` gives whoever holds it (not the withheld ones, nor those of a use)."""

    def make(c: Card) -> dict[str, StatValue]:
        on_use = use_printed(c.effects) if c.effects else frozenset()
        out: dict[str, StatValue] = {}
        for a in ABILITIES:
            sv = c.stat(a)
            if sv is None or sv.value is None or not sv.is_modifier or sv.target is not StatTarget.SELF:
                continue
            if a not in c.withheld and a not in on_use:
                out[a] = sv
        return out

    return per_card(_MODS, card, make)


def gains(card: Card) -> Gains | None:
    """The Skills ``card`` grants its holder, as a ``gains`` record (made once per card); None when it grants
    none."""

    def make(c: Card) -> Gains | None:
        if not c.granted_skills:  # none, or withheld
            return None
        names = [parse_skill(x) for x in c.grants_skills]
        return Gains(skills=tuple(e.name for e in names for _ in range(max(e.count, 1))))

    return per_card(_GAINS, card, make)
