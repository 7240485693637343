"""Equipping a card from the hand through an activated ability (``equip_from_hand``: Medical Scanner; RULES.md
CARD-16, CARD-17, CARD-23).

Used, the ability lets its owner take one card of the named categories (a Weapon) from the hand and put it on one
of the owner's Characters at the bearer's Location (the bearer too): one that meets the card's requirement
(CARD-23) and has the Energy its cost asks (CARD-16). It is no play of the Equip phase, so the phase's one card of
each kind (TURN-14) is neither needed nor spent. activated.py asks :func:`cards` then :func:`takers` as two
``use_choice`` decisions and calls :func:`equip`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from animayhem.cards.effects import EquipFromHand
from animayhem.cards.evaluate import meets
from animayhem.cards.model import Card, CardType
from animayhem.engine.core.state import OFF, CharacterState
from animayhem.engine.effects import uses
from animayhem.engine.effects.bearer import refuses
from animayhem.engine.effects.energy import can_pay, pay
from animayhem.engine.effects.transform import held_cards, skill_card

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


def _fits(g: Context, card_uid: int, ch: CharacterState) -> bool:
    card = g.card(card_uid)
    if not can_pay(g, ch, card_uid) or refuses(g, card_uid, ch):
        return False
    if card.requirements is None:
        return True
    held = held_cards(g, ch)
    return meets(card.requirements, [skill_card(g, ch.uid)], held, anti_skill=g.rules.anti_skill)


def _mine_here(g: Context, bearer: CharacterState, v: EquipFromHand | None = None) -> list[CharacterState]:
    """The owner's Characters that may take the card: at the bearer's Location, or (``anywhere``) on any Location
    of the Field."""
    s = g.state
    if v is not None and v.itself:  # on the bearer only (Mousse)
        return [bearer] if bearer.pos != OFF and bearer.bonked_at < 0 else []
    if v is not None and v.anywhere:
        return sorted(
            (
                c
                for c in s.characters.values()
                if c.owner == bearer.owner and c.pos != OFF and c.bonked_at < 0 and not s.places[c.pos].haven
            ),
            key=lambda c: c.uid,
        )
    if bearer.pos == OFF:
        return []
    return sorted((c for c in g.characters_at(bearer.pos, bearer.owner) if c.bonked_at < 0), key=lambda c: c.uid)


def _kind_fits(card: Card, v: EquipFromHand) -> bool:
    """Whether the card is of the kinds the ability names: a category, a word of its name, a vehicle kind."""
    if v.any_kind:
        return True
    words = card.name.lower().replace("'", " ").split()
    if any(k in card.category_set for k in v.has) or any(w.lower() in words for w in v.named):
        return True
    return card.vehicle is not None and card.vehicle.kind.value in v.vehicle


def cards(g: Context, bearer: CharacterState, v: EquipFromHand) -> list[int]:
    """The hand's cards of the named kinds that some Character of the owner at the bearer's Location may take
    (one of each card id: copies are alike)."""
    here = _mine_here(g, bearer, v)
    seen: set[str] = set()
    out = []
    for u in sorted(g.state.players[bearer.owner].hand):
        card = g.card(u)
        if card.type is not CardType.EQUIPMENT or card.id in seen:
            continue
        if not _kind_fits(card, v):
            continue
        if any(_fits(g, u, c) for c in here):
            seen.add(card.id)
            out.append(u)
    return out


def takers(g: Context, bearer: CharacterState, card_uid: int, v: EquipFromHand | None = None) -> list[int]:
    """The owner's Characters at the bearer's Location (``anywhere``: on the Field) that may take ``card_uid``."""
    if card_uid not in g.state.players[bearer.owner].hand:
        return []
    return [c.uid for c in _mine_here(g, bearer, v) if _fits(g, card_uid, c)]


def equip(
    g: Context, bearer: CharacterState, card_uid: int, taker: int, by: int, v: EquipFromHand | None = None
) -> None:
    """Put ``card_uid`` from the hand on ``taker`` (both checked again: the state may have changed)."""
    s = g.state
    if taker not in takers(g, bearer, card_uid, v):
        return
    ch = s.characters[taker]
    s.players[bearer.owner].hand.remove(card_uid)
    uses.renew(g, card_uid)  # CARD-17: a card played from the hand has all its uses
    pay(g, ch, card_uid)
    ch.carried.append(card_uid)
    card = g.card(card_uid)
    g.emit(
        "power_played",
        seat=ch.owner,
        card=card.id,
        uid=card_uid,
        character=g.card(ch.uid).id,
        status=card.ability_status.value,
        applies=card.gives_in_play,
        by=g.card(by).id,
    )
