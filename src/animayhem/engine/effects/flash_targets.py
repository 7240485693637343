"""What a Flash Effect played from hand may name (RULES.md CARD-15): one Character (``who: {among: target}``),
one Disaster (``modify`` on ``disasters: {target: true}``) or one card of some categories in play
(``destroy_target`` with ``has``). ``fighting`` keeps only the Characters and the Disaster of the combat being
fought now, so such a card is offered only at a combat decision (and its target stays valid while the Flash
Effect waits on the stack above that combat). engine/effects/triggers.py asks :func:`named` for the targets
of a card with no ``destroy_target``, and passes the one chosen to the effects as the Character (or Disaster)
they concern.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from animayhem.cards.effects import (
    DestroyDisaster,
    DestroyTarget,
    Disasters,
    Effect,
    Heal,
    Modify,
    RestoreUses,
    SendHome,
    Who,
)
from animayhem.cards.model import Card
from animayhem.engine.core.state import OFF, USES_COUNTER, CharacterState
from animayhem.engine.effects import lasting

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


class Fight(Protocol):
    """What a target reads of the combat against a Disaster being fought (procedures/combat.py)."""

    dis: int
    place: int


def fight(g: Context) -> Fight | None:
    """The combat against a Disaster whose decision is being asked now (under the Flash Effects played at it)."""
    for frame in reversed(g.state.agenda):
        if hasattr(frame, "payers") and hasattr(frame, "cards"):
            continue  # the Flash Effects waiting above the combat decision
        if all(hasattr(frame, n) for n in ("dis", "place", "target", "round", "used")):
            return frame  # type: ignore[no-any-return]
        return None
    return None


# (card id) -> the card and the selectors of its ``play`` effects that name a target (a Character's, with
# whether it must stand away from a Haven: a card that sends it home)
_SELECTORS: dict[str, tuple[Card, tuple[tuple[Who, bool], ...], tuple[Disasters, ...], bool, bool]] = {}


def _selectors(card: Card) -> tuple[tuple[tuple[Who, bool], ...], tuple[Disasters, ...]]:
    return _facts(card)[:2]


def _facts(card: Card) -> tuple[tuple[tuple[Who, bool], ...], tuple[Disasters, ...], bool, bool]:
    """The card's target selectors (as :func:`_selectors`), whether every effect on the target heals (only a hurt
    Character is worth naming) and whether it is played only in a combat round (on a Character of that fight)."""
    found = _SELECTORS.get(card.id)
    if found is None or found[0] is not card:
        plays: list[Effect] = [e for e in card.effects if e.when == "play"]
        aimed = [e for e in plays if isinstance(w := getattr(e.do, "who", None), Who) and w.among == "target"]
        heals = bool(aimed) and all(isinstance(e.do, Heal) for e in aimed)
        in_combat = frozenset(w for e in plays for w in e.window) == frozenset({"combat"})
        whos = tuple(
            (w, isinstance(e.do, SendHome) or w.among == "target_here")
            for e in plays
            if isinstance(w := getattr(e.do, "who", None), Who) and w.among in ("target", "target_here")
        )
        dis = tuple(
            e.do.disasters
            for e in plays
            if isinstance(e.do, Modify) and e.do.disasters is not None and e.do.disasters.target
        )
        found = _SELECTORS[card.id] = (card, whos, dis, heals, in_combat)
    return found[1], found[2], found[3], found[4]


def named(g: Context, card_uid: int) -> list[int] | None:
    """The Characters and Disasters the card's ``play`` effects may name now, in a stable order ([]: none, so
    the card is not offered); None when they name none."""
    card = g.card(card_uid)
    for _, e in triggers_of(card):
        if isinstance(e.do, RestoreUses):
            return reloadable(g, e.do)
    whos, dis, heals, in_combat = _facts(card)
    if not whos and not dis:
        return None
    s = g.state
    fights = in_combat or any(w.fighting for w, _ in whos) or any(d.fighting for d in dis)
    now = fight(g) if fights else None
    out: set[int] = set()
    havens = {u for p in s.players for u in p.havens} if any(away for _, away in whos) else set()
    if whos:  # a Character every clause may name
        for c in s.characters.values():
            if c.pos == OFF or c.bonked_at >= 0:
                continue
            if heals and c.damage <= 0:
                continue  # nothing to heal
            if in_combat and (now is None or c.pos != now.place):
                continue  # a card played in a combat round names a Character of that fight
            if all(_names(g, c, who, away, now, havens, s.owner[card_uid]) for who, away in whos):
                out.add(c.uid)
    if dis:
        for d in s.disasters.values():
            if d.pos == OFF and not d.off_field:
                continue
            if all(_names_disaster(g, card_uid, d.uid, d.pos, sel, now) for sel in dis):
                out.add(d.uid)
    return sorted(out)


def _names(
    g: Context, c: CharacterState, who: Who, away: bool, now: Fight | None, havens: set[int], owner: int
) -> bool:
    if away and c.pos in havens:
        return False
    if (who.own or who.side == "own") and c.owner != owner:
        return False
    if (who.opponent or who.side == "opponent") and c.owner == owner:
        return False
    if who.among == "target_here":  # a Location, named by a Character standing there
        return True
    if who.fighting and (now is None or c.pos != now.place):
        return False
    return lasting.matches(g, c, who)


def _names_disaster(g: Context, source: int, uid: int, pos: int, sel: Disasters, now: Fight | None) -> bool:
    if sel.fighting and (now is None or uid != now.dis or pos != now.place):
        return False
    return lasting.disaster_matches(g, source, uid, sel)


def triggers_of(card: Card) -> list[tuple[int, Effect]]:
    return [(i, e) for i, e in enumerate(card.effects) if e.when == "play"]


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


def has_category(card: Card, e: DestroyTarget) -> bool:
    """Whether ``card`` is of one of the categories a ``destroy_target`` with ``has`` names."""
    if not e.has:
        return True
    cats = {c.lower() for c in card.category_set}  # categories and icons (CARD-2)
    return any(h.lower() in cats for h in e.has)
