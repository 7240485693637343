"""Answers: cards played while another card or an attack is pending (RULES.md CARD-15, CARD-21, EX-26).

* :func:`points` — the windows a card is played at (its ``play`` effects' ``at``; engine/procedures/windows.py);
* :func:`cancel_targets`, :func:`cancel` — ``cancel``: a Flash Effect waiting on the stack that matches the
  card's filter is Discarded unresolved (Don't Move, Last Chance to Confess, Pentacle);
* :func:`fighters` — the Characters of the fight under way (for an answer played in it);
* :func:`wound` — ``wound``: Health damage to the Disaster a Flash Effect names, counted with the round's blows
  (Daylight);
* :func:`call_off` — ``call_off``: the fight against a Disaster under way ends at once with no result (Washu's
  Space Time Converter; procedures/combat.py ends it);
* :func:`reverse_charm` — ``reverse_charm``: the Charm contest whose result waits (the ``charm`` window) is turned
  around, a Disaster's or one between players' Characters (Following Orders; procedures/charm.py applies it);
* :func:`spared` — ``spare``: a lasting record on the fight's Characters for the round; the first of them that
  would be Killed is Bonked instead (Hey, you're not dead!) or the first brought to 0 Health fights on at full
  Health (Stand Up Straight); the record is then spent.

Every query starts with an empty-list or cached test, so a game without such cards pays nothing for them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from animayhem.cards.effects import Cancel, Damage, Modify, Spare
from animayhem.cards.model import Card, CardType
from animayhem.engine.core import statics
from animayhem.engine.core.fight import duel, under_way
from animayhem.engine.core.state import NEXT_ROUND, OFF, CharacterState
from animayhem.engine.effects import energy, lasting

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


class PendingCharm(Protocol):
    """A Disaster's charm part with a contest result waiting (procedures/charm.py)."""

    dis: int
    pending: list[int]
    reversed_: bool


class PendingDuelCharm(Protocol):
    """A Charm contest between two players' Characters with its result waiting (procedures/charm.py)."""

    attacker: int
    target: int
    pending: list[int]  # [margin (the attacker's side), backfire]
    reversed_: bool


class Stack(Protocol):
    cards: list[int]

    def remove(self, uid: int) -> None: ...


def points(card: Card) -> frozenset[str]:
    """The windows the card is played at (empty: only on its owner's own decisions)."""
    return statics.per_card(_POINTS, card, lambda c: frozenset(a for e in c.effects if e.when == "play" for a in e.at))


_POINTS: dict[str, tuple[Card, frozenset[str]]] = {}


def _cancel(card: Card) -> Cancel | None:
    for e in card.effects:
        if e.when == "play" and isinstance(e.do, Cancel):
            return e.do
    return None


def is_energy_attack(g: Context, uid: int) -> bool:
    """A Flash Effect that costs Energy and raises an Attack or deals damage (an Energy Attack, Pentacle)."""
    card = g.card(uid)
    if energy.cost(g, uid) <= 0:
        return False
    for e in card.effects:
        if isinstance(e.do, Damage) or (isinstance(e.do, Modify) and e.do.by.get("attack", 0) > 0):
            return True
    return card.attack is not None and (card.attack.value or 0) > 0


def cancel_targets(g: Context, card_uid: int, stack: Stack | None) -> list[int] | None:
    """The Flash Effects waiting on ``stack`` that ``card_uid``'s ``cancel`` may name; None when it cancels none."""
    c = _cancel(g.card(card_uid))
    if c is None:
        return None
    if stack is None:
        return []
    out = []
    for u in stack.cards:
        card = g.card(u)
        if u == card_uid or card.type is not CardType.FLASH_EFFECT:
            continue
        if c.has and not any(lasting.is_kind(card, w) for w in c.has):
            continue
        if c.energy_attack and not is_energy_attack(g, u):
            continue
        out.append(u)
    return out


def is_cancel(card: Card) -> bool:
    return _cancel(card) is not None


def cancel(g: Context, uid: int, by: int, stack: Stack | None) -> None:
    """The Flash Effect ``uid`` waiting on ``stack`` is cancelled: Discarded without resolving."""
    if stack is None or uid not in stack.cards:  # pragma: no cover - the stack checks the target first
        return
    stack.remove(uid)
    g.emit("flash_cancelled", card=g.card(uid).id, uid=uid, by=g.card(by).id)
    g.discard(uid)


# ---------------------------------------------------------------------- the fight under way


def fight(g: Context) -> tuple[int, int, int] | None:
    """The fight against a Disaster under way (its Disaster, the attacked Character, the Place), or None."""
    frame = under_way(g.state.agenda)
    if frame is None or frame.target == OFF:
        return None
    return frame.dis, frame.target, frame.place


def fighters(g: Context) -> list[CharacterState]:
    """The Characters at the Place of the fight under way (empty: no fight)."""
    f = fight(g)
    if f is None:
        return []
    return sorted(g.characters_at(f[2]), key=lambda c: c.uid)


def spared(g: Context, ch: CharacterState, what: str) -> int:
    """The card whose ``spare`` record saves ``ch`` from ``what`` (kill, bonk) now, its record then spent; -1
    when none."""
    s = g.state
    if not s.lasting:
        return -1
    for rec in s.lasting:
        if ch.uid not in rec.targets:
            continue
        e = lasting.effect_of(g, rec)
        if isinstance(e.do, Spare) and e.do.from_ == what:
            s.lasting = [r for r in s.lasting if r.source != rec.source]
            return rec.source
    return -1


def spare(g: Context, source: int, index: int, seat: int) -> None:
    """``spare``: a record on the Characters of the fight under way, for this combat round."""
    chars = fighters(g)
    if not chars:
        return
    lasting.add(g, source, index, [c.uid for c in chars], seat, None, NEXT_ROUND)
    g.emit(
        "effect_started", card=g.card(source).id, uid=source, characters=[g.card(c.uid).id for c in chars], turns=None
    )


def wound(g: Context, uid: int, amount: int, by: int) -> None:
    """``wound``: the Disaster ``uid`` (or, in a fight between players, the Character ``uid``) takes ``amount``
    Health damage now. It is counted with the blows of the round
    under way (COMBAT-3): the round's procedure Defeats a Disaster left with no Health once the blows are dealt
    (COMBAT-17), and heals a survivor when the combat ends (COMBAT-13)."""
    c = g.state.characters.get(uid)
    if c is not None:  # a Character named in a fight between players: Bonked at the round's blows if it has none left
        c.damage += amount
        g.emit(
            "health_damage",
            card=g.card(uid).id,
            uid=uid,
            amount=amount,
            health=g.max_health(uid) - c.damage,
            by=g.card(by).id,
        )
        return
    d = g.state.disasters.get(uid)
    if d is None:  # pragma: no cover - the stack checks the target first
        return
    d.damage += amount
    g.emit(
        "disaster_wounded",
        card=g.card(uid).id,
        uid=uid,
        by=g.card(by).id,
        damage=amount,
        health=g.max_health(uid) - d.damage,
    )


def call_off(g: Context, by: int, *, charm: bool = False) -> None:
    """``call_off``: the fight between players whose window is open, or else the fight against a Disaster under way,
    is marked to end at once, with no result; its procedure
    ends it before anything else (procedures/combat.py) and nobody is asked its run-or-strike decision again."""
    if charm:  # at the ``charm`` window: the contest whose result waits has none
        for frame in reversed(g.state.agenda):
            if hasattr(frame, "voided") and getattr(frame, "pending", None):
                setattr(frame, "voided", True)  # noqa: B010 - the frame is a procedure (procedures/charm.py)
                g.emit("charm_called_off", by=g.card(by).id)
                return
        return
    between = duel(g.state.agenda)
    if between is not None:  # a fight between players (its window): it ends before the round's blows
        between.called_off = True
        g.emit("fight_called_off", cell=list(g.state.places[between.place].cell), by=g.card(by).id)
        return
    fight = under_way(g.state.agenda)
    if fight is not None:
        fight.called_off = True
        g.emit("combat_called_off", card=g.card(fight.dis).id, uid=fight.dis, by=g.card(by).id)


def reverse_charm(g: Context, by: int) -> None:
    """``reverse_charm``: the Charm contest whose result waits is turned around (its frame applies the result with
    the margin's sign changed)."""
    s = g.state
    for frame in reversed(s.agenda):
        if hasattr(frame, "reversed_") and getattr(frame, "pending", None) and hasattr(frame, "attacker"):
            duel: PendingDuelCharm = frame  # between two players' Characters (procedures/charm.py CharmContest)
            duel.reversed_ = not duel.reversed_
            won = (duel.pending[0] > 0) != duel.reversed_  # the attacker wins now
            g.emit(
                "charm_contest_reversed",
                attacker=g.card(duel.attacker).id,
                attacker_uid=duel.attacker,
                target=g.card(duel.target).id,
                target_uid=duel.target,
                by=g.card(by).id,
                winner="attacker" if won else "target",
            )
            return
        if hasattr(frame, "reversed_") and getattr(frame, "pending", None):
            charm: PendingCharm = frame
            charm.reversed_ = not charm.reversed_
            target = charm.pending[0]
            g.emit(
                "charm_reversed",
                disaster=g.card(charm.dis).id,
                character=g.card(target).id,
                uid=target,
                by=g.card(by).id,
                winner="character" if (charm.pending[1] > 0) == charm.reversed_ else "disaster",
            )
            return
