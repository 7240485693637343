"""What a Flash Effect played from hand names, and when it is offered (RULES.md CARD-15; procedures/flash.py asks,
engine/effects/triggers.py's ``targets`` answers through :func:`named`).

A ``play`` effect names one Character with ``who: {among: target}`` (the last word of ``flash cF [cPayer]
cTarget``): ``side`` keeps the player's own (``own``) or an opponent's (``opponent``); ``fighting`` keeps one
Character of the combat being fought now (``attacked``: the one its Disaster attacks), so such a card is played
at a combat decision and its target stays valid while the card waits on the stack above it; ``has`` / ``lacks``
filter as everywhere. ``target_here`` names the Characters at one Location, by a Character standing there. A
Disaster is named by ``modify`` or ``damage_taken`` on ``disasters: {target: true}``, a weapon by
``restore_uses``. Every clause names the same target. A card that sends home names a Character away from a
Haven, one that heals a hurt Character, one that gives a move back a Character that has moved.

A ``window`` on a ``play`` effect lists the decisions the card is offered at (:func:`offered`; ``combat``: the
run-or-strike choice of a combat round, :func:`fight`); none: every Flash Effect decision. Facts are worked out
once per card (the card data never changes), so a card without such effects costs a dictionary look-up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from animayhem.cards.effects import (
    Advance,
    DamageTaken,
    DestroyDisaster,
    Disasters,
    Effect,
    EquipFrom,
    ExtraMove,
    Heal,
    Modify,
    RestoreUses,
    ReversePath,
    SendHome,
    Swap,
    Waive,
    Who,
    Wound,
)
from animayhem.cards.model import Card
from animayhem.engine.core.fight import FightFrame
from animayhem.engine.core.state import OFF, USES_COUNTER, CharacterState
from animayhem.engine.effects import lasting

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


def fight(g: Context) -> FightFrame | None:
    """The combat against a Disaster whose decision is being asked now (under the Flash Effects played at it)."""
    for frame in reversed(g.state.agenda):
        if hasattr(frame, "payers") and hasattr(frame, "cards"):
            continue  # the Flash Effects waiting above the combat decision
        return frame if isinstance(frame, FightFrame) else None
    return None


@dataclass(frozen=True, slots=True)
class _Facts:
    whos: tuple[tuple[Who, bool], ...]  # the Character selectors, with whether it must stand away from a Haven
    dis: tuple[Disasters, ...]  # the Disaster selectors (``disasters: {target: true}``)
    heals: bool  # every effect on the target heals: only a hurt Character is worth naming
    moves: bool  # it gives back the Movement a Character used: only one that has moved
    windows: frozenset[str]  # the decisions it is offered at (empty: every Flash Effect decision)
    reload: RestoreUses | None  # its first ``restore_uses`` (it names a weapon: :func:`reloadable`)
    low: int | None  # a ``waive`` with ``below``: only a Character standing on such a Location (Get Around)


_FACTS: dict[str, tuple[Card, _Facts]] = {}


def _facts(card: Card) -> _Facts:
    found = _FACTS.get(card.id)
    if found is None or found[0] is not card:
        plays: list[Effect] = [e for e in card.effects if e.when == "play"]
        aimed = [e for e in plays if isinstance(w := getattr(e.do, "who", None), Who) and w.among == "target"]
        whos = tuple(
            (w, isinstance(e.do, SendHome | EquipFrom) or w.among == "target_here")
            for e in plays
            if isinstance(w := getattr(e.do, "who", None), Who)
            and w.among in ("target", "target_here", "target_player")
        )
        dis = tuple(
            e.do.disasters
            for e in plays
            if isinstance(e.do, Modify | DamageTaken | Wound | Swap | Advance | ReversePath)
            and e.do.disasters is not None
            and e.do.disasters.target
        )
        facts = _Facts(
            whos,
            dis,
            bool(aimed) and all(isinstance(e.do, Heal) for e in aimed),
            any(isinstance(e.do, ExtraMove) for e in aimed),
            frozenset(w for e in plays for w in e.window),
            next((e.do for e in plays if isinstance(e.do, RestoreUses)), None),
            next((e.do.below for e in aimed if isinstance(e.do, Waive)), None),
        )
        found = _FACTS[card.id] = (card, facts)
    return found[1]


def in_combat(card: Card) -> bool:
    """Whether the card is played only in a combat round (``window: [combat]``)."""
    return _facts(card).windows == frozenset({"combat"})


def offered(g: Context, card_uid: int, kind: str) -> bool:
    """Whether the card may be played at a decision of ``kind`` (its ``window``; a card with none: at any)."""
    windows = _facts(g.card(card_uid)).windows
    if not windows:
        return True
    return kind in windows and (kind != "combat" or fight(g) is not None)


def named(g: Context, card_uid: int) -> list[int] | None:
    """The Characters and Disasters the card's ``play`` effects may name now, in a stable order ([]: none, so
    the card is not offered); None when they name none."""
    facts = _facts(g.card(card_uid))
    if facts.reload is not None:
        return reloadable(g, facts.reload)
    whos, dis = facts.whos, facts.dis
    if not whos and not dis:
        return None
    s = g.state
    combat = facts.windows == frozenset({"combat"})
    fights = combat or any(w.fighting for w, _ in whos) or any(d.fighting for d in dis)
    now = fight(g) if fights else None
    out: set[int] = set()
    havens = {u for p in s.players for u in p.havens} if any(away for _, away in whos) else set()
    if whos:  # a Character every clause may name
        for c in s.characters.values():
            if c.pos == OFF or c.bonked_at >= 0:
                continue
            if (facts.heals and c.damage <= 0) or (facts.moves and not c.moved):
                continue  # nothing to heal; a Character that has not moved has its whole move already
            if facts.low is not None and not lasting.low_location(g, c.pos, facts.low):
                continue  # a waive names a Character where it may be used (Get Around)
            if combat and (now is None or c.pos != now.place):
                continue  # a card played in a combat round names a Character of that fight
            if all(_names(g, c, who, away, now, havens, s.owner[card_uid]) for who, away in whos):
                out.add(c.uid)
        if any(w.among == "target_player" for w, _ in whos):  # a player: named by its first Character in play
            firsts: dict[int, int] = {}
            for u in sorted(out):
                firsts.setdefault(s.characters[u].owner, u)
            out = set(firsts.values())
    if dis:
        for d in s.disasters.values():
            if d.pos == OFF and not d.off_field:
                continue
            if all(_names_disaster(g, card_uid, d.uid, d.pos, sel, now) for sel in dis):
                out.add(d.uid)
    return sorted(out)


def _names(
    g: Context, c: CharacterState, who: Who, away: bool, now: FightFrame | None, havens: set[int], owner: int
) -> bool:
    if away and c.pos in havens:
        return False
    if (who.side == "own" and c.owner != owner) or (who.side == "opponent" and c.owner == owner):
        return False
    if who.among in ("target_here", "target_player"):  # a Location or a player, named by a Character of it
        return True
    if who.fighting and (now is None or c.pos != now.place):
        return False
    if who.fighting == "attacked" and now is not None and c.uid != now.target:
        return False
    return lasting.matches(g, c, who)


def _names_disaster(g: Context, source: int, uid: int, pos: int, sel: Disasters, now: FightFrame | None) -> bool:
    if sel.fighting and (now is None or uid != now.dis or pos != now.place):
        return False
    return lasting.disaster_matches(g, source, uid, sel)


def reloadable(g: Context, v: RestoreUses) -> list[int]:
    """The cards carried or worn in play that ``v`` may give their uses back: of its ``cards``, a use spent."""
    out = []
    for c in g.state.characters.values():
        if c.pos == OFF or c.bonked_at >= 0:
            continue
        for u in (*c.carried, *c.enhancements):
            if g.state.cards[u] in v.cards and g.state.counters.get(u * 100 + USES_COUNTER, 0) > 0:
                out.append(u)
    return sorted(out)


def standing_with(g: Context, about: tuple[int, ...]) -> list[CharacterState]:
    """The Characters at the Location of the Character a Flash Effect names (``target_here``), in a stable order."""
    s = g.state
    named_ = [s.characters[u] for u in about if u in s.characters and s.characters[u].pos != OFF]
    if not named_:
        return []
    return sorted(g.characters_at(named_[0].pos), key=lambda c: c.uid)


def fought(g: Context, source: int, v: DestroyDisaster) -> list[int]:
    """The Disasters a ``destroy_disaster`` reaches now: with ``fighting``, the one of the combat being fought."""
    s = g.state
    now = fight(g) if v.disasters.fighting else None
    out = []
    for u, d in sorted(s.disasters.items()):
        if v.disasters.fighting and (now is None or u != now.dis or d.pos != now.place):
            continue
        if v.combat and not g.is_combat_disaster(u):
            continue
        if lasting.disaster_matches(g, source, u, v.disasters):
            out.append(u)
    return out


def restore(g: Context, uid: int, by: int) -> bool:
    """Give ``uid`` all its printed uses back (Reload)."""
    spent = g.state.counters.pop(uid * 100 + USES_COUNTER, 0)
    if spent:
        g.emit("uses_restored", card=g.card(uid).id, uid=uid, by=g.card(by).id, uses=g.card(uid).uses)
    return spent > 0
