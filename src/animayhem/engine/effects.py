"""The first words of the effect language: card abilities the engine executes (RULES.md CARD-1, CARD-15).

A card's ``effects`` (card data) is a list of mappings, each with a verb ``do``. Only one verb exists so far,
the smallest slice the worked example EX-26 needs:

``{do: destroy, target: card_in_play, except: [haven]}``
    Destroy (remove from the game, MISC-3) one face-up card in play whose type is not listed in ``except``
    (Wrath of the Eye of God). The cards it can name: Characters on the Field or in a Haven, Disasters in
    play, Enhancements, Equipment, Global Effects, and Flash Effects waiting to resolve (EX-26). Items are
    face down (MISC-7) and are not offered; nor are Locations, because what happens to the cards on a
    Destroyed Location (SCAV-20, CONF-40) is not built yet.

``{do: aura, ability: health, amount: 1, to: party_others}``
    A lasting bonus while the card is in play: each *other* Character of its player in its party (standing at
    the same Location or Haven, TURN-18) has ``amount`` more of ``ability``. Only Health is read so far
    (COMBAT-12: only effects that mention Health change it), for Little Washu and Washu (EX-5).

Every other card's text is not executed (``ability_not_implemented``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from animayhem.cards.model import CardType
from animayhem.engine.state import OFF

if TYPE_CHECKING:
    from animayhem.engine.flash import FlashStack
    from animayhem.engine.game import Game

VERBS = frozenset({"destroy", "aura"})


_AURAS: dict[str, tuple[dict[str, Any], ...]] = {}  # card id -> its aura effects (card data never changes)


def _auras(g: Game, card_uid: int) -> tuple[dict[str, Any], ...]:
    card = g.card(card_uid)
    found = _AURAS.get(card.id)
    if found is None:
        found = _AURAS[card.id] = tuple(e for e in card.effects if e.get("do") == "aura")
    return found


def aura_bonus(g: Game, uid: int, ability: str) -> int:
    """What the auras of the other Characters in ``uid``'s party add to its ``ability`` (``aura`` effects)."""
    s = g.state
    ch = s.characters.get(uid)
    if ch is None or ch.pos == OFF or ch.bonked_at >= 0:
        return 0
    total = 0
    for other in s.characters.values():
        if other.uid == uid or other.pos != ch.pos or other.owner != ch.owner or other.bonked_at >= 0:
            continue
        for e in _auras(g, other.uid):
            if e.get("ability") == ability and e.get("to") == "party_others":
                total += int(e.get("amount", 0))
    return total


def _destroy_effect(g: Game, card_uid: int) -> dict[str, Any] | None:
    for e in g.card(card_uid).effects:
        if e.get("do") not in VERBS:
            raise ValueError(f"{g.card(card_uid).id}: unknown effect {e!r}")
        if e["do"] == "destroy":
            return e
    return None


def targets(g: Game, card_uid: int, stack: FlashStack | None) -> list[int] | None:
    """The cards ``card_uid``'s effect may name, in a stable order; None when it names none."""
    e = _destroy_effect(g, card_uid)
    if e is None:
        return None
    skip = {CardType(t) for t in e.get("except", [])}
    s = g.state
    out: list[int] = []
    for c in sorted(s.characters.values(), key=lambda c: c.uid):
        if c.pos == OFF or c.bonked_at >= 0:
            continue
        out.append(c.uid)
        out += [u for u in c.enhancements]
        out += [u for u in c.carried if not g.is_item(u)]
    out += sorted(d.uid for d in s.disasters.values() if d.pos != OFF or d.off_field)
    for p in s.players:
        out += sorted(p.globals)
    if stack is not None:
        out += [u for u in stack.cards if u != card_uid]
    return [u for u in out if g.card(u).type not in skip]


def resolve(g: Game, card_uid: int, target: int, stack: FlashStack | None) -> None:
    """Carry out ``card_uid``'s effect on ``target`` (a card :func:`targets` offered)."""
    if _destroy_effect(g, card_uid) is not None:
        destroy(g, target, card_uid, stack)


def destroy(g: Game, uid: int, by: int, stack: FlashStack | None) -> None:
    """Remove a face-up card in play from the game (MISC-3). A Character's carried cards stay where it stood
    (under the Location, or stored in the Haven) and its Enhancements are Discarded (CARD-11); a Disaster's
    Item drops where it stands (DIS-16)."""
    s = g.state
    where = "play"
    if uid in s.characters:
        ch = s.characters.pop(uid)
        place = s.places[ch.pos]
        for u in ch.carried:
            if place.haven:
                place.stored.append(u)
            else:
                place.under.insert(0, u)
        if ch.carried:
            g.emit("cards_dropped", cell=list(place.cell), count=len(ch.carried))
        for e in ch.enhancements:
            g.discard(e)
        g.destroy(uid)
    elif uid in s.disasters:
        from animayhem.engine.disasters import leave

        leave(g, s.disasters[uid], "destroyed")
        s.players[s.owner[uid]].discard.remove(uid)  # Destroyed, not Discarded
        g.destroy(uid)
    elif stack is not None and uid in stack.cards:
        stack.remove(uid)
        where = "stack"
        g.destroy(uid)
    else:
        for p in s.players:
            if uid in p.globals:
                del p.globals[uid]
                break
        else:
            for c in s.characters.values():
                if uid in c.enhancements:
                    c.enhancements.remove(uid)
                    break
                if uid in c.carried:
                    c.carried.remove(uid)
                    break
            else:  # pragma: no cover - targets() offers only the cards above
                raise ValueError(f"c{uid} is not a card in play")
        g.destroy(uid)
    g.emit("card_destroyed", card=g.card(uid).id, uid=uid, by=g.card(by).id, where=where)
    from animayhem.engine.win import check

    check(g)
