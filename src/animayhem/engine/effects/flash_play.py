"""When a Flash Effect played from hand may be played, and on whom (RULES.md CARD-15; procedures/flash.py).

A Flash Effect's ``play`` effects may name a ``window``: the decisions it is offered at (``combat``: the choice to
run or strike at the start of a combat round against a Disaster; ``equip``, ``move``, ``scavenge``: its player's
phase decisions). A card played in a combat window is used by a Character that fights there: its payer, and the
Character it is played on (``who: {among: target}``), are among the Characters of that fight.

``who: {among: target}`` names one Character in play that the player chooses as the card is played (the last word
of ``flash cF [cPayer] cTarget``), filtered by the selector's ``has`` / ``lacks``. A card with no such effect names
no Character here (:func:`targets` returns None). This is a bottom layer: it reads the state and card facts only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from animayhem.cards.effects import (
    DestroyFromDraw,
    DestroyTarget,
    Effect,
    Halt,
    Heal,
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
from animayhem.engine.effects import lasting, looks, primitives

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context

_FACTS: dict[str, tuple[Card, frozenset[str], Who | None, bool]] = {}


def _facts(card: Card) -> tuple[frozenset[str], Who | None]:
    """The card's play windows (empty: any) and its ``target`` selector (None: it names no Character); cached."""
    return _all_facts(card)[:2]


def _all_facts(card: Card) -> tuple[frozenset[str], Who | None, bool]:
    """As :func:`_facts`, and whether the effect on the target heals (only a hurt Character is worth naming)."""
    found = _FACTS.get(card.id)
    if found is None or found[0] is not card:
        plays: list[Effect] = [e for e in card.effects if e.when == "play"]
        windows = frozenset(w for e in plays for w in e.window)
        aimed = [e for e in plays if isinstance(w := getattr(e.do, "who", None), Who) and w.among == "target"]
        who = aimed[0].do.who if aimed else None  # type: ignore[union-attr]
        heals = bool(aimed) and all(isinstance(e.do, Heal) for e in aimed)
        found = _FACTS[card.id] = (card, windows, who, heals)
    return found[1], found[2], found[3]


def fight_place(g: Context) -> int:
    """The Location of the combat against a Disaster under way (the topmost such frame of the agenda), or OFF."""
    for frame in reversed(g.state.agenda):
        if all(hasattr(frame, n) for n in ("dis", "place", "target", "round", "used")):
            return int(frame.place)
    return OFF


def offered(g: Context, card_uid: int, kind: str) -> bool:
    """Whether the card may be played at a decision of ``kind`` (its windows; a card with none: at any)."""
    windows, _who = _facts(g.card(card_uid))
    if not windows:
        return True
    if kind == "flash_answer":  # an answer: at the decision the first Flash Effect interrupted
        frame = next((f for f in reversed(g.state.agenda) if hasattr(f, "cards") and hasattr(f, "kind")), None)
        kind = str(getattr(frame, "kind", ""))
    if kind not in windows:
        return False
    return kind != "combat" or fight_place(g) != OFF


def _fighting(g: Context, card_uid: int, c: CharacterState) -> bool:
    windows, _who = _facts(g.card(card_uid))
    if windows != frozenset({"combat"}):
        return True
    place = fight_place(g)
    return place != OFF and c.pos == place


def users(g: Context, card_uid: int, chars: list[CharacterState]) -> list[CharacterState]:
    """Of ``chars``, those that may pay for and use the card now (in a combat-only card: those in the fight; one
    that spares its payer an attack: the Character the Disaster attacks)."""
    card = g.card(card_uid)
    windows, _who = _facts(card)
    if windows != frozenset({"combat"}):
        return chars
    if any(e.when == "play" and isinstance(e.do, NoDamage) for e in card.effects):
        attacked = _attacked(g)
        return [c for c in chars if c.uid == attacked]
    return [c for c in chars if _fighting(g, card_uid, c)]


def _attacked(g: Context) -> int:
    """The Character the Disaster of the combat under way attacks this round (OFF: none)."""
    for frame in reversed(g.state.agenda):
        if all(hasattr(frame, n) for n in ("dis", "place", "target", "round", "used")):
            return int(frame.target)
    return OFF


def targets(g: Context, card_uid: int) -> list[int] | None:
    """What a ``halt``, ``release``, ``look`` at another's pile, ``retrieve`` or ``destroy_from_draw`` names, in uid
    order; None when the card has none of them (a Character it is played on: flash_targets.named)."""
    card = g.card(card_uid)
    halt = next((e.do for e in card.effects if e.when == "play" and isinstance(e.do, Halt)), None)
    if halt is not None:
        return holding(g, halt)
    if any(e.when == "play" and isinstance(e.do, Release) for e in card.effects):
        return held_captive(g)
    look = next((e.do for e in card.effects if e.when == "play" and isinstance(e.do, Look)), None)
    if look is not None:  # another player's pile, named by a Haven of theirs (Mindtap)
        seat = g.state.owner[card_uid]
        return sorted({u for spot in look.at if spot.where == "others_draw" for u in looks.others_draw(g, seat, spot)})
    back = next((e.do for e in card.effects if e.when == "play" and isinstance(e.do, Retrieve)), None)
    if back is not None:
        return retrievable(g, back, g.state.owner[card_uid])
    if any(e.when == "play" and isinstance(e.do, DestroyFromDraw) for e in card.effects):
        return [p.havens[0] for p in g.state.players if p.draw and p.havens]
    return None  # a Character it is played on: engine/effects/flash_targets.py


def removed_after(card: Card) -> bool:
    """Whether the card is removed from the game once it has resolved, rather than Discarded."""
    return any(isinstance(e.do, DestroyTarget) and e.do.remove_self for e in card.effects if e.when == "play")


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
    ended = [r for r in s.lasting if r.source == uid]
    if ended:
        s.lasting = [r for r in s.lasting if r.source != uid]
        g.emit("effect_ended", card=g.card(uid).id)
    if uid in s.disasters:
        primitives.leave_play(g, s.disasters[uid], "removed")


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
        if card.type.value not in v.types or (v.vehicle and card.vehicle is None):
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
