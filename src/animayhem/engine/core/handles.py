"""Per-seat handles for cards the deciding seat may not see (MISC-7).

Two things keep a card's identity from a seat that may not know it:

* **Instance numbers say nothing.** ``new_state`` numbers a game's card instances in an order drawn from
  the game's seeded RNG, so ``c40`` is not "the 3rd Item of the deck list": knowing a deck does not tell
  which number is which card.
* **Hidden cards are not offered by number.** A decision that names a card the deciding seat may not
  see (an order to a Charmed Character to hand over one of its face-down Items, a Minor Disaster's Item,
  a card stored in another player's Haven) names it by where it is: ``item2@c5`` (the 2nd Item carried by
  c5, in the order they were picked up) or ``stored1@c7`` (the 1st card stored in the Haven c7). A handle
  is stable for the decision and resolves to the instance when the action is applied, so the history
  (and a record) holds the handle text and replays exactly.

:func:`hide` rewrites a decision's actions; :class:`Game` keeps the public text -> internal text map in the
:class:`~animayhem.engine.core.state.Decision`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from animayhem.cards.model import CardType
from animayhem.engine.core.actions import Handle, parse_action
from animayhem.engine.core.state import CONTROL_OWNER_COUNTER, SLOTS

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context

# the verbs whose card arguments can be a card the deciding seat may not see (the leak check covers all)
HIDING_VERBS: Final = ("yield ", "drop ", "take ", "choose ")


def handle_for(g: Context, seat: int, uid: int) -> Handle | None:
    """The handle ``seat`` must use for ``uid``, or None when ``seat`` may see the card."""
    s = g.state
    cards, ids, item = g._cards, s.cards, CardType.ITEM
    if cards[ids[uid]].type is item:
        for c in s.characters.values():
            if uid in c.carried:
                # its owner sees it; one controlling the Character does not (engine/effects/control.py)
                if c.owner == seat and not (s.counters and c.uid * SLOTS + CONTROL_OWNER_COUNTER in s.counters):
                    return None
                items = [u for u in c.carried if cards[ids[u]].type is item]
                return Handle("item", items.index(uid) + 1, c.uid)
        for d in s.disasters.values():
            if d.item == uid:
                return Handle("item", 1, d.uid)
            if uid in d.hoard:  # the Items a Disaster hoards, in the order it took them (7 Lucky Gods)
                return Handle("item", d.hoard.index(uid) + 2, d.uid)
    for pl in s.places.values():
        if uid in pl.stored:
            if pl.owner == seat:
                return None
            return Handle("stored", pl.stored.index(uid) + 1, pl.uid)
    return None


def hide(g: Context, seat: int, actions: list[str]) -> tuple[list[str], dict[str, str]]:
    """``actions`` as ``seat`` may read them, and the map from each rewritten text to the engine's own."""
    for a in actions:  # (a plain loop: asked at every decision)
        if a.startswith(HIDING_VERBS):
            break
    else:
        return actions, {}
    out: list[str] = []
    internal: dict[str, str] = {}
    for a in actions:
        if not a.startswith(HIDING_VERBS):
            out.append(a)
            continue
        parsed = parse_action(a)
        words = [parsed.verb]
        changed = False
        for arg in parsed.args:
            h = handle_for(g, seat, arg) if type(arg) is int else None
            if h is not None:
                changed = True
                words.append(str(h))
            else:
                words.append(a.split()[len(words)])
        if changed:
            text = " ".join(words)
            internal[text] = a
            out.append(text)
        else:
            out.append(a)
    return out, internal
