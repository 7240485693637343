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
from animayhem.engine.effects import bearer as bearer_facts
from animayhem.engine.effects import lasting, uses
from animayhem.engine.effects.bearer import choices, refuses, waives_card, worn_start
from animayhem.engine.effects.energy import can_pay, pay
from animayhem.engine.effects.transform import held_cards, skill_card

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


def _fits(g: Context, card_uid: int, ch: CharacterState) -> bool:
    card = g.card(card_uid)
    if not can_pay(g, ch, card_uid) or refuses(g, card_uid, ch):
        return False
    if card.requirements is None or waives_card(g, ch, card):  # Specs: Science cards
        return True
    held = held_cards(g, ch)
    if meets(card.requirements, [skill_card(g, ch.uid)], held, anti_skill=g.rules.anti_skill):
        return True
    return lasting.borrowing_meets(g, [ch], card.requirements)  # a Skill its card lends it (Data Stream)


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
    if v.through and bearer_facts.through_left(g, bearer) < 0:
        return []  # none of the pieces its card lets through is left (Control Cube)
    here = _mine_here(g, bearer, v)
    if v.entered and not any(c.moved for c in here):
        return []  # a Location's use on entering it: none of them came onto it this turn (Capsule Corporation)
    seen: set[str] = set()
    out = []
    for u in sorted(_pile(g, bearer.owner, v)):
        card = g.card(u)
        if card.id in seen or not (card.type is CardType.EQUIPMENT or (v.enhancements and _plain_enhancement(card))):
            continue
        if not _kind_fits(card, v):
            continue
        if any(_fits(g, u, c) for c in here):
            seen.add(card.id)
            out.append(u)
    return out


def _plain_enhancement(card: Card) -> bool:
    """An Enhancement played simply on a Character (none that goes on a vehicle, a Disaster or another player's
    Character, nor one that asks a choice as it is played: those are the Equip phase's)."""
    if card.type is not CardType.ENHANCEMENT or card.on_vehicle is not None or choices(card):
        return False
    return not any(e.do.verb in ("use_others", "recruit", "on_anyone", "trap") for e in card.effects)


def _pile(g: Context, seat: int, v: EquipFromHand | None) -> list[int]:
    """Where the card comes from: the hand, or (``draw``) the Draw pile."""
    p = g.state.players[seat]
    return p.draw if v is not None and v.draw else p.hand


def takers(g: Context, bearer: CharacterState, card_uid: int, v: EquipFromHand | None = None) -> list[int]:
    """The owner's Characters at the bearer's Location (``anywhere``: on the Field) that may take ``card_uid``."""
    if card_uid not in _pile(g, bearer.owner, v):
        return []
    return [c.uid for c in _mine_here(g, bearer, v) if _fits(g, card_uid, c)]


def retrieve_takers(g: Context, seat: int, card_uid: int, in_haven: bool) -> list[int]:
    """The seat's Characters in play (``in_haven``: standing in a Haven) that may take ``card_uid`` from its Draw
    pile (``retrieve`` with ``to: character``: Equipment Retrieval, Guru): its requirement met, its cost payable."""
    s = g.state
    out = []
    for c in sorted(s.characters.values(), key=lambda c: c.uid):
        if c.owner != seat or c.pos == OFF or c.bonked_at >= 0 or (in_haven and not s.places[c.pos].haven):
            continue
        if _fits(g, card_uid, c):
            out.append(c.uid)
    return out


def put_on(g: Context, ch: CharacterState, card_uid: int, by: int) -> None:
    """Put ``card_uid`` (out of any pile already) on ``ch``: carried (Equipment) or worn (Enhancement), its cost
    paid, all its uses (CARD-16, CARD-17); the card is face up in play, so every seat is told which."""
    uses.renew(g, card_uid)
    worn_start(g, card_uid, ch.owner)  # a card that counts the turns it is on starts counting
    pay(g, ch, card_uid)
    card = g.card(card_uid)
    (ch.enhancements if card.type is CardType.ENHANCEMENT else ch.carried).append(card_uid)
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


def equip(
    g: Context, bearer: CharacterState, card_uid: int, taker: int, by: int, v: EquipFromHand | None = None
) -> None:
    """Put ``card_uid`` from the hand on ``taker`` (both checked again: the state may have changed)."""
    s = g.state
    if taker not in takers(g, bearer, card_uid, v):
        return
    ch = s.characters[taker]
    _pile(g, bearer.owner, v).remove(card_uid)
    if v is not None and v.draw:  # a search: the pile is shuffled afterwards (Capsule Corporation)
        g.shuffle(s.players[bearer.owner].draw)
    if v is not None and v.through:
        bearer_facts.equipped_through(g, bearer)  # one of its card's pieces is spent
    put_on(g, ch, card_uid, by)  # CARD-16, CARD-17: its cost paid, all its uses, face up for every seat
