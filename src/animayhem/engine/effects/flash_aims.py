"""Whom a Flash Effect played from hand may name, when it is offered and who may pay for it (RULES.md CARD-15,
CARD-16; procedures/flash.py asks, triggers.targets answers for the cards that name a Character).

* A ``play`` effect with ``who: {among: about}`` names one Character in play (not Bonked) that meets its
  ``has`` / ``lacks``; ``side``: only its player's own Characters, or only an opponent's.
* A ``play`` effect with a ``window`` is offered only at those decisions (``combat``: the run-or-strike choice
  of a combat round).
* A ``play`` effect on ``who: {among: payer}`` may be paid for only by a Character that meets its ``has`` /
  ``lacks``; in a combat round, and when the card is played only then, only by a Character of the attacked
  player in that fight (a bonus for one round is of no use to anyone else).

Facts are worked out once per card (the card data never changes), so a card without such effects costs a
dictionary look-up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from animayhem.cards.effects import Block, DamageTaken, DiscardHand, DrawCard, ExtraMove, Who
from animayhem.cards.model import Card
from animayhem.engine.core.state import OFF, CharacterState
from animayhem.engine.core.statics import in_play
from animayhem.engine.effects import lasting

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


@dataclass(frozen=True, slots=True)
class _Facts:
    aim: Who | None  # the ``about`` selector of its play effects (a Character named when played)
    payer: tuple[Who, ...]  # the ``payer`` selectors of its play effects
    windows: frozenset[str] | None  # the decisions it is offered at (None: every Flash Effect decision)
    opponent: bool  # it names an opponent (by that player's Haven): Back to Reality
    draws: bool  # its player draws from the Draw pile: Go Fish
    moves: bool  # it gives back the Movement a Character used: Ambulance (only one that has moved)


_FACTS: dict[str, tuple[Card, _Facts]] = {}


def _facts(card: Card) -> _Facts:
    found = _FACTS.get(card.id)
    if found is None or found[0] is not card:
        plays = [e for e in card.effects if e.when == "play"]
        whos = [w for e in plays if isinstance(w := getattr(e.do, "who", None), Who)]
        aim = next((w for w in whos if w.among == "about"), None)
        windows = [w for e in plays for w in e.window]
        facts = _Facts(
            aim,
            tuple(w for w in whos if w.among == "payer"),
            frozenset(windows) if windows else None,
            any(isinstance(e.do, DiscardHand) and e.do.opponent for e in plays),
            any(isinstance(e.do, DrawCard) for e in plays),
            any(isinstance(e.do, ExtraMove) for e in plays),
        )
        found = _FACTS[card.id] = (card, facts)
    return found[1]


def offered_at(g: Context, card_uid: int, kind: str) -> bool:
    """Whether the Flash Effect may be played at a decision of ``kind`` (its ``window``)."""
    windows = _facts(g.card(card_uid)).windows
    return windows is None or kind in windows


def characters(g: Context, card_uid: int) -> list[int] | None:
    """The Characters the Flash Effect may name, or the opponents (by their Haven: the first in play of each) whose
    hand it reaches (None: it names none; []: nothing to do now, as when its player's Draw pile is empty)."""
    facts = _facts(g.card(card_uid))
    s = g.state
    seat = s.owner[card_uid]
    if facts.draws and not s.players[seat].draw:
        return []
    if facts.opponent:
        havens: dict[int, int] = {}
        for pl in sorted(s.places.values(), key=lambda pl: pl.uid):
            if pl.haven and not pl.destroyed and pl.owner != seat and s.players[pl.owner].hand:
                havens.setdefault(pl.owner, pl.uid)
        return sorted(havens.values())
    aim = facts.aim
    if aim is None:
        return None
    if facts.windows == frozenset({"combat"}):  # played in a combat round: only on the Character attacked
        fight = _fight(g)
        attacked = s.characters.get(getattr(fight, "target", OFF))
        return (
            [attacked.uid]
            if attacked is not None and attacked.bonked_at < 0 and lasting.matches(g, attacked, aim)
            else []
        )
    out = []
    for c in sorted(s.characters.values(), key=lambda c: c.uid):
        if c.pos == OFF or c.bonked_at >= 0:
            continue
        if (aim.side == "own" and c.owner != seat) or (aim.side == "opponent" and c.owner == seat):
            continue
        if facts.moves and not c.moved:
            continue  # a Character that has not moved yet has its whole move already
        if lasting.matches(g, c, aim):
            out.append(c.uid)
    return out


def may_pay(g: Context, card_uid: int, c: CharacterState, kind: str) -> bool:
    """Whether ``c`` may pay for the Flash Effect at a decision of ``kind`` (its ``payer`` effects' ``has``)."""
    facts = _facts(g.card(card_uid))
    if not facts.payer:
        return True
    if not all(lasting.matches(g, c, w) for w in facts.payer):
        return False
    if kind != "combat" or facts.windows != frozenset({"combat"}):
        return True
    frame = _fight(g)
    place, target = getattr(frame, "place", OFF), getattr(frame, "target", OFF)
    t = g.state.characters.get(target)
    return t is not None and c.pos == place and c.owner == t.owner


def draw(g: Context, seat: int, source: int, v: DrawCard) -> bool:
    """``draw_card``: the seat draws ``v.count`` cards from its Draw pile into its hand (only it learns which); a
    Disaster drawn is Discarded face up instead (it does not come into play). False when the pile is empty."""
    s = g.state
    p = s.players[seat]
    n = 0
    for _ in range(v.count):
        if not p.draw:
            break
        u = p.draw.pop()
        n += 1
        card = g.card(u)
        if card.type.is_disaster:
            g.discard(u)
            g.emit("drawn_disaster_discarded", seat=seat, card=card.id, uid=u, by=g.card(source).id)
            continue
        p.hand.append(u)
        g.emit("card_drawn", to=[seat], seat=seat, card=card.id, uid=u)
        g.emit("card_drawn_hidden", to=[x for x in range(len(s.players)) if x != seat], seat=seat)
    return n > 0


def blockers(g: Context, seat: int) -> list[int]:
    """The Disasters in play whose ``block`` holds a Location where ``seat``'s Characters stand (a lasting
    block on that Location, or a Disaster there that blocks where it stands): Forceful Passage."""
    s = g.state
    mine = {c.pos for c in s.characters.values() if c.owner == seat and c.pos != OFF and c.bonked_at < 0}
    out: set[int] = set()
    for rec in s.lasting:
        blocks = rec.source in s.disasters and isinstance(lasting.effect_of(g, rec).do, Block)
        if blocks and any(t in mine for t in rec.targets):
            out.add(rec.source)
    if s.statics:
        for src, b in in_play(g).of(Block):
            d = s.disasters.get(src)
            if b.where == "here" and d is not None and d.pos in mine:
                out.add(src)
    return sorted(out)


def _fight(g: Context) -> object | None:
    """The fight under way (the topmost frame of the agenda naming a Disaster and the Character it attacks)."""
    return next((f for f in reversed(g.state.agenda) if hasattr(f, "dis") and hasattr(f, "target")), None)


def damage_taken(g: Context, uid: int) -> tuple[int, int]:
    """The factor on the damage attacks deal to the Character ``uid`` now (a ``damage_taken`` effect lasting on
    it: Flying Block), with the card that sets it (1, OFF: none)."""
    factor, by = 1, OFF
    for rec in g.state.lasting:
        if uid in rec.targets:
            v = lasting.effect_of(g, rec).do
            if isinstance(v, DamageTaken):
                factor, by = factor * v.factor, rec.source
    return factor, by


def extra_move(g: Context, source: int, named: list[CharacterState], v: ExtraMove) -> bool:
    """``extra_move``: the Characters named (and, with ``group``, their player's others at that Location that
    have moved) get back the Movement they used this turn (TURN-17), once again free to move."""
    chosen = {c.uid: c for c in named}
    if v.group:
        for c in named:
            chosen.update({o.uid: o for o in g.characters_at(c.pos, c.owner) if o.moved})
    fresh = sorted(chosen.values(), key=lambda c: c.uid)
    for c in fresh:
        c.moved, c.spent = False, 0
    if fresh:
        g.emit("effect_started", card=g.card(source).id, uid=source, characters=[g.card(c.uid).id for c in fresh])
    return bool(fresh)
