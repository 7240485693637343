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

from typing import TYPE_CHECKING, Final, Protocol

from animayhem.cards.effects import Cancel, Damage, Modify, Spare
from animayhem.cards.model import Card, CardType
from animayhem.engine.core import statics
from animayhem.engine.core.events import cell_list
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


def also_own(card: Card) -> bool:
    """Whether a card played at windows (``at``) is offered at its owner's own decisions too: a ``play`` clause
    of it names no window, or its ``cancel`` reaches cards in play or lasting effects (Don't Move, Pentacle)."""
    return statics.per_card(_OWN, card, _own_too)


def _own_too(card: Card) -> bool:
    return reaches_play(card) or any(not e.at for e in card.effects if e.when == "play")


_OWN: dict[str, tuple[Card, bool]] = {}


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
    """What ``card_uid``'s ``cancel`` may name now, in a stable order: the Flash Effects waiting on ``stack`` that
    match it, then (``in_play``) the matching cards in play, then (``lasting``) the resolved Flash Effects whose
    matching effect still lasts; None when the card cancels nothing."""
    c = _cancel(g.card(card_uid))
    if c is None:
        return None
    out = []
    for u in stack.cards if stack is not None else ():
        card = g.card(u)
        if u == card_uid or card.type is not CardType.FLASH_EFFECT:
            continue
        if c.has and not any(lasting.is_kind(card, w) for w in c.has):
            continue
        if c.energy_attack and not is_energy_attack(g, u):
            continue
        out.append(u)
    if c.in_play:
        out += [u for u in _in_play(g, c) if u not in out]
    if c.lasting and g.state.lasting:
        out += [u for u in _lasting(g, c) if u not in out]
    return out


_KINDS: Final = {
    "enhancement": CardType.ENHANCEMENT,
    "equipment": CardType.EQUIPMENT,
    "global-effect": CardType.GLOBAL_EFFECT,
}


def _fits(g: Context, c: Cancel, uid: int) -> bool:
    """Whether the card ``uid`` is of a kind ``c.has`` names: one of its Categories, or whole words of its name
    (a Bio-Ball Remover is no Move card)."""
    card = g.card(uid)
    if not c.has:
        return True
    name = " " + "".join(ch if ch.isalnum() else " " for ch in card.name.lower()) + " "
    return any(w in card.category_set or f" {w.lower()} " in name for w in c.has)


def _in_play(g: Context, c: Cancel) -> list[int]:
    """The face-up cards in play of ``c.in_play``'s kinds that match its ``has`` (a Disaster fought now is not one:
    it is fought, not cancelled)."""
    s = g.state
    kinds = {_KINDS[k] for k in c.in_play if k in _KINDS}
    out: list[int] = []
    if kinds:
        for ch in sorted(s.characters.values(), key=lambda ch: ch.uid):
            if ch.pos == OFF or ch.bonked_at >= 0:
                continue
            out += [u for u in (*ch.enhancements, *ch.carried) if g.card(u).type in kinds and _fits(g, c, u)]
        if CardType.GLOBAL_EFFECT in kinds:
            out += [u for p in s.players for u in sorted(p.globals) if _fits(g, c, u)]
    if "disaster" in c.in_play:
        now = under_way(s.agenda)
        fought = OFF if now is None else now.dis
        out += [
            u
            for u, d in sorted(s.disasters.items())
            if u != fought and (d.pos != OFF or d.off_field) and g.card(u).disaster is not None and _fits(g, c, u)
        ]
    return out


def _lasting(g: Context, c: Cancel) -> list[int]:
    """The Flash Effects already resolved whose effect, matching ``c``, still lasts (by the card that made it)."""
    out: list[int] = []
    for r in g.state.lasting:
        card = g.card(r.source)
        if card.type is not CardType.FLASH_EFFECT or r.source in out:
            continue
        if (c.energy_attack and energy.cost(g, r.source) <= 0) or not _fits(g, c, r.source):
            continue
        out.append(r.source)
    return sorted(out)


def is_cancel(card: Card) -> bool:
    return _cancel(card) is not None


def reaches_play(card: Card) -> bool:
    """Whether the card's ``cancel`` also names cards in play or lasting effects (so it is played at its owner's
    own decisions too, not only in answer to a Flash Effect)."""
    c = _cancel(card)
    return c is not None and (bool(c.in_play) or c.lasting)


def cancel(g: Context, uid: int, by: int, stack: Stack | None) -> bool:
    """The Flash Effect ``uid`` waiting on ``stack`` is cancelled: Discarded without resolving; or the lasting
    effect of the resolved Flash Effect ``uid`` ends. False when ``uid`` is neither (a card in play: the caller
    Discards it)."""
    if stack is not None and uid in stack.cards:
        stack.remove(uid)
        g.emit("flash_cancelled", card=g.card(uid).id, uid=uid, by=g.card(by).id)
        g.discard(uid)
        return True
    s = g.state
    if g.card(uid).type is CardType.FLASH_EFFECT and any(r.source == uid for r in s.lasting):
        s.lasting = [r for r in s.lasting if r.source != uid]
        g.emit("effect_cancelled", card=g.card(uid).id, uid=uid, by=g.card(by).id)
        return True
    return False


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
        for frame in g.state.agenda[::-1]:
            if hasattr(frame, "voided") and getattr(frame, "pending", None):
                setattr(frame, "voided", True)  # noqa: B010 - the frame is a procedure (procedures/charm.py)
                g.emit("charm_called_off", by=g.card(by).id)
                return
        return
    between = duel(g.state.agenda)
    if between is not None:  # a fight between players (its window): it ends before the round's blows
        between.mark_called_off()
        g.emit("fight_called_off", cell=cell_list(g.state.places[between.place].cell), by=g.card(by).id)
        return
    fight = under_way(g.state.agenda)
    if fight is not None:
        fight.mark_called_off()
        g.emit("combat_called_off", card=g.card(fight.dis).id, uid=fight.dis, by=g.card(by).id)


def reverse_charm(g: Context, by: int) -> None:
    """``reverse_charm``: the Charm contest whose result waits is turned around (its frame applies the result with
    the margin's sign changed)."""
    s = g.state
    for frame in s.agenda[::-1]:
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
