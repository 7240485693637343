"""Who may pay for a Flash Effect played from hand, and what its special verbs name (RULES.md CARD-15, CARD-16;
procedures/flash.py asks). The Characters and Disasters a card names, and the decisions it is offered at (its
``window``), are engine/effects/flash_targets.py's.

An effect on ``who: {among: payer, has: REQ}`` may be paid for only by a Character that meets it. A card played
in a combat round (``window: [combat]``) is paid for by a Character of that fight (with a ``payer`` selector: one
of the attacked player's; with ``no_damage``: the Character attacked, whom it spares). This is a bottom layer: it
reads the state and card facts only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from animayhem.cards.effects import (
    Admit,
    DestroyFromDraw,
    DestroyTarget,
    DiscardHand,
    DrawCard,
    Halt,
    KeepOut,
    Look,
    NoDamage,
    Release,
    Retrieve,
    Who,
)
from animayhem.cards.model import Card
from animayhem.engine.core.state import OFF, CharacterState
from animayhem.engine.core.win import check
from animayhem.engine.effects import flash_targets, lasting, looks, primitives

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context

_PAYERS: dict[str, tuple[Card, tuple[Who, ...]]] = {}


def _payer(card: Card) -> tuple[Who, ...]:
    """The ``payer`` selectors of the card's play effects (cached per card)."""
    found = _PAYERS.get(card.id)
    if found is None or found[0] is not card:
        whos = (getattr(e.do, "who", None) for e in card.effects if e.when == "play")
        found = _PAYERS[card.id] = (card, tuple(w for w in whos if isinstance(w, Who) and w.among == "payer"))
    return found[1]


def users(g: Context, card_uid: int, chars: list[CharacterState]) -> list[CharacterState]:
    """Of ``chars``, those that may pay for and use the card now (its ``payer`` selectors; in a combat-only card:
    those in the fight, the attacked player's for a ``payer`` effect, the attacked one for ``no_damage``)."""
    card = g.card(card_uid)
    payer = _payer(card)
    if payer:
        chars = [c for c in chars if all(lasting.matches(g, c, w) for w in payer)]
    if not flash_targets.in_combat(card):
        return chars
    now = flash_targets.fight(g)
    if now is None:
        return []
    if any(e.when == "play" and isinstance(e.do, NoDamage) for e in card.effects):
        return [c for c in chars if c.uid == now.target]
    t = g.state.characters.get(now.target)
    owner = OFF if t is None else t.owner
    return [c for c in chars if c.pos == now.place and (not payer or c.owner == owner)]


_SPECIAL_VERBS = (DrawCard, DiscardHand, Halt, Release, Look, Retrieve, DestroyFromDraw)
_SPECIAL: dict[str, tuple[Card, tuple[object, ...]]] = {}


def _special(card: Card) -> tuple[object, ...]:
    """The card's ``play`` effects with a special verb :func:`targets` reads (cached per card; most have none)."""
    found = _SPECIAL.get(card.id)
    if found is None or found[0] is not card:
        verbs = tuple(e.do for e in card.effects if e.when == "play" and isinstance(e.do, _SPECIAL_VERBS))
        found = _SPECIAL[card.id] = (card, verbs)
    return found[1]


def targets(g: Context, card_uid: int) -> list[int] | None:
    """What a ``halt``, ``release``, ``look`` at another's pile, ``retrieve``, ``destroy_from_draw``, an opponent's
    ``discard_hand`` or ``draw_card`` names, in uid order ([]: nothing to do now, as when its player's Draw pile is
    empty); None when the card has none of them (a Character it is played on: flash_targets.named)."""
    card = g.card(card_uid)
    plays = _special(card)
    if not plays:
        return None  # a Character it is played on: engine/effects/flash_targets.py
    s = g.state
    seat = s.owner[card_uid]
    if any(isinstance(v, DrawCard) for v in plays) and not s.players[seat].draw:
        return []
    if any(isinstance(v, DiscardHand) and v.opponent for v in plays):  # an opponent named by a Haven of theirs
        havens: dict[int, int] = {}
        for pl in sorted(s.places.values(), key=lambda pl: pl.uid):
            if pl.haven and not pl.destroyed and pl.owner != seat and s.players[pl.owner].hand:
                havens.setdefault(pl.owner, pl.uid)
        return sorted(havens.values())
    halt = next((v for v in plays if isinstance(v, Halt)), None)
    if halt is not None:
        return holding(g, halt)
    if any(isinstance(v, Release) for v in plays):
        return held_captive(g)
    look = next((v for v in plays if isinstance(v, Look)), None)
    if look is not None:  # another player's pile, named by a Haven of theirs (Mindtap)
        return sorted({u for spot in look.at if spot.where == "others_draw" for u in looks.others_draw(g, seat, spot)})
    back = next((v for v in plays if isinstance(v, Retrieve)), None)
    if back is not None and back.pile == "draw":  # a search of its own Draw pile: chosen as it resolves
        return [] if not s.players[seat].draw else None
    if back is not None:
        return retrievable(g, back, seat)
    if any(isinstance(v, DestroyFromDraw) for v in plays):
        return [p.havens[0] for p in s.players if p.draw and p.havens]
    return None  # a Character it is played on: engine/effects/flash_targets.py


# state.counters[uid * 100 + FLASH_TURN_COUNTER]: the game turn (+1) in which the owner of ``uid`` last played a
# copy of that card limited to once a turn (``limit: turn``); ``uid`` is the owner's first copy of it (lowest uid)
FLASH_TURN_COUNTER = 77


def once_a_turn(card: Card) -> bool:
    """Whether each player may play at most one copy of the card a turn (a ``play`` effect with ``limit: turn``)."""
    return any(e.when == "play" and e.limit == "turn" for e in card.effects)


def _first_copy(g: Context, card_uid: int) -> int:
    """The lowest uid of the cards of the same id that the owner of ``card_uid`` owns (one key for all copies)."""
    s = g.state
    seat, cid = s.owner[card_uid], s.cards[card_uid]
    return next(u for u, c in enumerate(s.cards) if c == cid and s.owner[u] == seat)


def played_this_turn(g: Context, card_uid: int) -> bool:
    """Whether the owner of a once-a-turn card already played a copy of it this turn."""
    return g.state.counters.get(_first_copy(g, card_uid) * 100 + FLASH_TURN_COUNTER) == g.state.turn + 1


def mark_played(g: Context, card_uid: int) -> None:
    """Record that the owner of a once-a-turn card plays a copy of it this turn."""
    g.state.counters[_first_copy(g, card_uid) * 100 + FLASH_TURN_COUNTER] = g.state.turn + 1


def removed_after(card: Card) -> bool:
    """Whether the card is removed from the game once it has resolved, rather than Discarded."""
    return any(
        isinstance(e.do, DestroyTarget | Admit | Retrieve) and e.do.remove_self
        for e in card.effects
        if e.when == "play"
    )


def closed_havens(g: Context, seat: int) -> list[int]:
    """The other players' Havens in play ``seat`` is not admitted to yet, in uid order (``admit``)."""
    s = g.state
    return [
        u
        for u, pl in sorted(s.places.items())
        if pl.haven and not pl.destroyed and pl.owner != seat and seat not in pl.admitted
    ]


def admit(g: Context, seat: int, by: int) -> None:
    """``seat`` is admitted to every other player's Haven, as if each owner had let it stop there (CARD-7)."""
    s = g.state
    opened = closed_havens(g, seat)
    for u in opened:
        s.places[u].admitted.append(seat)
    g.emit("havens_opened", seat=seat, card=g.card(by).id, cells=[list(s.places[u].cell) for u in opened])


def holding(g: Context, v: Halt) -> list[int]:
    """The cards of ``v``'s categories whose effect holds Characters now: the sources of lasting records on
    Characters, and such Disasters in play (their static effects), in uid order."""
    s = g.state
    found = {r.source for r in s.lasting if any(t in s.characters for t in r.targets)}
    found |= set(s.disasters)
    return sorted(u for u in found if any(k in g.card(u).category_set for k in v.has))


def halt(g: Context, uid: int) -> None:
    """The effect of ``uid`` ends: its lasting records go, and the card, if it is a Disaster in play, is Discarded."""
    s = g.state
    ended = any(r.source == uid for r in s.lasting)
    if ended:
        g.emit("effect_ended", card=g.card(uid).id)
    if uid in s.disasters:  # its records still there: leaving play reads them (the captives it frees)
        primitives.leave_play(g, s.disasters[uid], "removed")
    if ended:
        s.lasting = [r for r in s.lasting if r.source != uid]


def held_captive(g: Context) -> list[int]:
    """The Characters a Disaster holds captive or keeps out of play (a jail), in uid order."""
    s = g.state
    if not s.lasting:
        return []
    return [
        u
        for u, ch in sorted(s.characters.items())
        if (ch.pos == OFF and lasting.captor_of(g, u) in s.disasters) or lasting.kept_out(g, u) is not None
    ]


def release(g: Context, uid: int) -> None:
    """Free the Character ``uid``: a captive where its captor stands, a jailed one from what keeps it out."""
    s = g.state
    ch = s.characters[uid]
    captor = lasting.captor_of(g, uid)
    if captor != OFF and captor in s.disasters:
        lasting.drop_captives(g, captor, [uid])
        primitives.release(g, ch, s.disasters[captor])
    jails = [r for r in s.lasting if uid in r.targets and isinstance(lasting.effect_of(g, r).do, KeepOut)]
    if jails:
        s.lasting = [r for r in s.lasting if r not in jails]
        for r in jails:
            g.emit("effect_ended", card=g.card(r.source).id)


def destroy_from_draw(g: Context, v: DestroyFromDraw, haven: int, by: int) -> None:
    """Destroy ``v.count`` cards at random (the game's seeded RNG) from the Draw pile of the Haven's owner."""
    s = g.state
    seat = next(i for i, p in enumerate(s.players) if haven in p.havens)
    pile = s.players[seat].draw
    for _ in range(min(v.count, len(pile))):
        u = pile.pop(g.rand_below(len(pile)))
        g.destroy(u)
        g.emit("card_destroyed", card=g.card(u).id, uid=u, by=g.card(by).id, where="draw")
    check(g)


def look(g: Context, v: Look, haven: int, payer: int, by: int) -> None:
    """The paying Character's player looks at the pile of the Haven's owner (engine/effects/looks.py)."""
    ch = g.state.characters.get(payer)
    if ch is not None:
        looks.resolve(g, ch, by, v, haven, None)


def retrievable(g: Context, v: Retrieve, seat: int) -> list[int]:
    """The cards of ``seat`` a play ``retrieve`` may take back: of its Discard pile, and (``destroyed``) those of its
    cards removed from the game; one of each card id, in uid order."""
    s = g.state
    pool = list(s.players[seat].discard)
    if v.destroyed:
        pool += [u for u in s.destroyed if s.owner[u] == seat]
    out: dict[str, int] = {}
    for u in sorted(pool):
        card = g.card(u)
        if not v.takes(card.type.value) or (v.vehicle and card.vehicle is None):
            continue
        out.setdefault(card.id, u)
    return sorted(out.values())


def retrieve(g: Context, uid: int, seat: int, by: int) -> None:
    """Put the card ``uid`` back into ``seat``'s hand, from its Discard pile or from the cards removed."""
    s = g.state
    p = s.players[seat]
    if uid in p.discard:
        p.discard.remove(uid)
    elif uid in s.destroyed:
        s.destroyed.remove(uid)
    p.hand.append(uid)
    g.emit("card_recovered", seat=seat, card=g.card(uid).id, uid=uid, where="hand", by=g.card(by).id)
