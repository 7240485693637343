"""What the cards a Character holds do in the combat rounds it fights (``in_fight``; RULES.md COMBAT-3, CARD-12).

An Equipment or Enhancement may have a ``static`` ``in_fight`` effect on its bearer (cards/effects.py
``InFight``), read by the physical combat with a Disaster (engine/procedures/combat.py) at three points of a
round, each a single call:

* :func:`attack_mods` — the modifiers of a striker's Attack this round: ``by`` in every ``every``-th round of the
  fight (Sylia's blade), and the Attack bonuses of its own Combat card counted twice (``double_cards``: Linna);
* :func:`least_damage` — the least damage the strike of a round deals the Disaster when a bearer strikes
  (``min_damage``: Priss' pin darts);
* :func:`stopper` — the card that stops the Disaster's attack on its bearer this round (``stops``: the first
  N attacks that would deal it damage in each fight; Wings of the Light Hawk). The stops used are kept in the
  fight's ``used`` list as ``card uid * 1000 + round``, as activated abilities are (procedures/activated.py).

The facts are worked out once per card (core/statics.per_card); a Character that holds no card with such an
effect costs one look-up per card it holds, and one that holds none costs nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from animayhem.cards.effects import InFight
from animayhem.cards.model import Card
from animayhem.cards.stats import StatKind, StatValue, modifier
from animayhem.engine.core.state import OFF, RALLY_COUNTER, SLOTS, CharacterState
from animayhem.engine.core.statics import none_in, per_card, per_card_list
from animayhem.engine.effects.bearer import applies

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context

_FACTS: dict[str, tuple[Card, tuple[InFight, ...]]] = {}


def facts(card: Card) -> tuple[InFight, ...]:
    """The card's ``in_fight`` effects (empty for almost every card)."""
    return per_card(
        _FACTS, card, lambda c: tuple(e.do for e in c.effects if e.when == "static" and isinstance(e.do, InFight))
    )


def _in_force(g: Context, uid: int) -> list[tuple[int, InFight]]:
    """The ``in_fight`` effects in force for the Character ``uid`` (card uid, effect), in the order held."""
    ch = g.state.characters.get(uid)
    if ch is None:
        return []
    cards, ids = g._cards, g.state.cards
    if not (ch.enhancements or ch.carried or facts(cards[ids[uid]])):
        return []
    out = []
    for u in (uid, *ch.enhancements, *ch.carried):  # its own card first (a Character card's ``self``: Tien)
        for x in facts(cards[ids[u]]):
            if applies(g, ch, x.who):
                out.append((u, x))
    return out


def attack_mods(g: Context, uid: int, rnd: int, own_cards: list[StatValue]) -> list[StatValue]:
    """What the Character's cards add to its Attack in round ``rnd`` of a fight: ``by`` in the rounds counted
    by ``every``, and once more each positive Attack bonus of its own Combat cards (``own_cards``) when a card
    doubles them. Empty for a Character holding no such card."""
    found = _in_force(g, uid)
    if not found:
        return []
    out: list[StatValue] = []
    for _u, x in found:
        if "attack" in x.by and rnd % x.every == 0:
            out.append(modifier(StatKind.ADD, x.by["attack"]))
    if any(x.double_cards for _u, x in found):
        out += [sv for sv in own_cards if sv.kind is StatKind.ADD and sv.value is not None and sv.value > 0]
    return out


def least_damage(g: Context, strikers: list[int]) -> int:
    """The least damage a round's strike deals when these Characters strike (0: no such card)."""
    return max((x.min_damage for u in strikers for _c, x in _in_force(g, u)), default=0)


def stopper(g: Context, target: int, used: list[int]) -> int | None:
    """The card the Character ``target`` holds that stops the attack it would take damage from now (its stops
    in this fight, ``used``, not all spent); None when none does."""
    for u, x in _in_force(g, target):
        if x.stops:
            most = max(y.stops for v, y in _in_force(g, target) if v == u)
            if sum(1 for k in used if k // 1000 == u) < most:
                return u
    return None


def heal_after_round(g: Context, uids: list[int]) -> None:
    """After a physical combat round: each of these Characters still standing (not Bonked, not Killed) whose
    cards say ``heal`` heals that much damage (Tien); the event ``fight_healed``."""
    s = g.state
    for uid in uids:
        ch = s.characters.get(uid)
        if ch is None or ch.bonked_at >= 0 or ch.pos == OFF or not ch.damage:
            continue
        n = sum(x.heal for _u, x in _in_force(g, uid))
        if n:
            healed = min(n, ch.damage)
            ch.damage -= healed
            g.emit("fight_healed", card=g.card(uid).id, uid=uid, healed=healed, damage=ch.damage)


def scorch(g: Context, place: int) -> list[CharacterState]:
    """After a physical combat round fought at ``place``: each Character standing there whose cards say ``scorch``
    deals that much damage to every other Character standing there (a Super Saiyan); the event ``scorched``.
    Returns those left with no Health, for the caller to Bonk. Empty when nobody there has such a card."""
    s = g.state
    here = [c for c in g.characters_at(place) if c.bonked_at < 0]
    sources = [(c.uid, n) for c in here if (n := sum(x.scorch for _u, x in _in_force(g, c.uid)))]
    if not sources:
        return []
    for src, n in sources:
        for c in here:
            if c.uid != src and c.uid in s.characters and c.bonked_at < 0:
                c.damage += n
                left = g.max_health(c.uid) - c.damage
                g.emit("scorched", card=g.card(c.uid).id, uid=c.uid, by=g.card(src).id, damage=n, health=left)
    return [c for c in here if c.uid in s.characters and g.max_health(c.uid) - c.damage <= 0]


_RALLIES: dict[int, tuple[list[str], bool]] = {}


def any_rally(g: Context) -> bool:
    """Whether a card of the game ``rally``s (Baby Gohan), found once per card list: else a round asks no more."""
    cards = g._cards

    def make(listed: list[str]) -> bool:
        return not none_in(cards, listed, "rally", _rallies)

    return per_card_list(_RALLIES, g.state.cards, make)


def _rallies(card: Card) -> bool:
    return any(x.rally for x in facts(card))


def rally_bonus(g: Context, strikers: list[int], rnd: int, were: list[int]) -> int:
    """The damage the strikers' cards add to their side's strike in round ``rnd`` (``rally``: Baby Gohan, marked by
    :func:`rally_marks` after the round before); ``were``: those with their right-hand values, who add nothing."""
    s = g.state
    out = 0
    for u in strikers:
        if u in were or s.counters.get(u * SLOTS + RALLY_COUNTER) != s.turn * SLOTS + rnd:
            continue
        out += sum(x.rally for _c, x in _in_force(g, u))
    return out


def rally_marks(g: Context, place: int, hurt: list[int], rnd: int, were: list[int]) -> None:
    """After round ``rnd`` at ``place``: each Character there whose cards ``rally`` (not in ``were``, its right-hand
    values) is marked for the next round when another Character of its player hurt in this round (``hurt``) is left
    with less than ``rally_below`` Health or is out (Bonked, Killed); the event ``rallied``."""
    s = g.state
    for c in g.characters_at(place):
        if c.bonked_at >= 0 or c.uid in were:
            continue
        found = [x for _u, x in _in_force(g, c.uid) if x.rally]
        if not found:
            continue
        below = max(x.rally_below for x in found)
        for u in hurt:
            if u == c.uid or s.owner[u] != c.owner:
                continue
            mate = s.characters.get(u)
            if mate is None or mate.pos == OFF or mate.bonked_at >= 0 or g.max_health(u) - mate.damage < below:
                s.counters[c.uid * SLOTS + RALLY_COUNTER] = s.turn * SLOTS + rnd + 1
                g.emit("rallied", card=g.card(c.uid).id, uid=c.uid, by=g.card(u).id, damage=sum(x.rally for x in found))
                break


def reverting(g: Context, hurt: list[int]) -> list[int]:
    """After a physical combat round: those of the Characters ``hurt`` (dealt damage in it) still standing in
    their left-hand form whose cards say ``reverts`` (Oolong): the caller switches them to their right-hand
    values (transform.force)."""
    s = g.state
    out = []
    for uid in hurt:
        ch = s.characters.get(uid)
        if ch is None or ch.form or ch.bonked_at >= 0 or ch.pos == OFF or not g.card(uid).two_forms:
            continue
        if any(x.reverts for _u, x in _in_force(g, uid)):
            out.append(uid)
    return out
