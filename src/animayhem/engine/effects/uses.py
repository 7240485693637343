"""Limited uses of a bonus (RULES.md CARD-17; docs/rulesets.md, "Limited uses").

An Enhancement or a piece of Equipment that prints a number of uses and a modifier (Leon's Missle Gun: +3
Attack, 1 use; Speed: Movement x2, 3 uses) gives its bonus for that many uses. One use of each such bonus
that counts for a Character (the value pipeline decides which pieces count, :func:`abilities.counted`,
CARD-12) is spent each time the bonus does its work:

* a bonus to Attack: in each combat round in which its bearer strikes (against a Disaster, in a fight
  between players) and each time its bearer's group attacks a Location (5E wear, SCAV-16);
* a bonus to Movement: in each Move phase in which its bearer moves on its own (a drive goes at the
  vehicle's Movement; running away from a fight is no move of the Move phase).

So a bonus is used at most once a combat round and once a turn outside combat (5E). The uses spent are plain
data, ``state.counters[uid * SLOTS + USES_COUNTER]`` (clone, hash, save and replay keep them); a card played
from the hand starts with all its uses (:func:`renew`). Its last use spent, the card is Discarded at once, so
a card still carried always has a use left and the value pipeline need not count: the weapons say "Discard
or Reload", and
the Reload Flash Effect gives back the uses of a weapon that still has one left (engine/effects/flash_targets.py),
and in a game holding Reload an empty weapon Discarded this game turn may be Reloaded back onto the Character that
emptied it (its bearer and the turn are kept: ``EMPTIED_BY_COUNTER``, ``EMPTIED_TURN_COUNTER``). A game whose cards
print no uses never gets here past one look at the bearer's cards.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from animayhem.cards.effects import MoreUses, RestoreUses
from animayhem.cards.model import Card
from animayhem.engine.core.state import (
    ARRIVAL_COUNTER,
    EMPTIED_BY_COUNTER,
    EMPTIED_TURN_COUNTER,
    OFF,
    SLOTS,
    USES_COUNTER,
    CharacterState,
)
from animayhem.engine.core.statics import per_card_list
from animayhem.engine.effects import abilities, bearer, lasting

if TYPE_CHECKING:
    from animayhem.cards.effects import Effect
    from animayhem.engine.core.context import Context


def renew(g: Context, uid: int) -> None:
    """A card coming into play from the hand has all its uses (none spent)."""
    if g.card(uid).uses is not None:
        g.state.counters.pop(uid * SLOTS + USES_COUNTER, None)


def left(g: Context, uid: int) -> int | None:
    """The uses a card has left (None: it prints none)."""
    uses = g.card(uid).uses
    return None if uses is None else uses - g.state.counters.get(uid * SLOTS + USES_COUNTER, 0)


def allowed(g: Context, uid: int) -> int | None:
    """How many uses a card has in all: its printed ones, or for an activated ability limited ``havens`` one
    plus one per Haven in play, counted now (Palace Guard); None: no number limits it."""
    card = g.card(uid)
    if card.uses is not None:
        return card.uses + bearer.more_uses(g, uid) + _with_character(g, uid, card)
    if any(e.when == "use" and e.limit == "havens" for e in card.effects):
        return 1 + sum(1 for p in g.state.places.values() if p.haven) + bearer.more_uses(g, uid)
    return None


def _with_character(g: Context, uid: int, card: Card) -> int:
    """The uses a card has beyond its printed ones while its owner has a Character of an id it names standing in
    play (its own ``more_uses`` with ``with_character``: Broken Bonds with Makoto Mizuhara); 0 for most cards."""
    found = [e.do for e in card.effects if isinstance(e.do, MoreUses) and e.do.with_character is not None]
    if not found:
        return 0
    s = g.state
    owner, ids = s.owner[uid], s.cards
    standing = {ids[c.uid] for c in s.characters.values() if c.owner == owner and c.pos != OFF and c.bonked_at < 0}
    return sum(m.count for m in found if m.with_character in standing)


def spend(g: Context, bearers: Iterable[int], ability: str) -> None:
    """Each of ``bearers`` has used its bonuses to ``ability``: one use of each limited one that counts for it;
    a card with no use left is Discarded."""
    s = g.state
    cards, ids = g._cards, s.cards
    for uid in bearers:
        ch = s.characters.get(uid)
        if ch is None or not any(cards[ids[u]].uses is not None for u in (*ch.enhancements, *ch.carried)):
            continue
        for u in abilities.counted(g, ch, ability):
            card = cards[ids[u]]
            if card.uses is None or (u not in ch.enhancements and u not in ch.carried):
                continue
            key = u * SLOTS + USES_COUNTER
            spent = s.counters.get(key, 0) + 1
            s.counters[key] = spent
            who = cards[ids[uid]].id
            g.emit(
                "use_spent", seat=ch.owner, card=card.id, uid=u, character=who, ability=ability, left=card.uses - spent
            )
            if spent >= card.uses:
                _used_up(g, ch, u)


def spend_one(g: Context, ch: CharacterState, uid: int, why: str) -> None:
    """The card ``uid`` ``ch`` carries did its work once (``why``: what it did, for the event): one of its printed
    uses is spent, and with its last it is Discarded (a card that prints none is not limited)."""
    card = g.card(uid)
    if card.uses is None:
        return
    s = g.state
    key = uid * SLOTS + USES_COUNTER
    spent = s.counters.get(key, 0) + 1
    s.counters[key] = spent
    g.emit(
        "use_spent",
        seat=ch.owner,
        card=card.id,
        uid=uid,
        character=g.card(ch.uid).id,
        ability=why,
        left=card.uses - spent,
    )
    if spent >= card.uses:
        _used_up(g, ch, uid)


def _used_up(g: Context, ch: CharacterState, uid: int) -> None:
    """Its last use is spent: the card leaves its bearer for its owner's Discard pile (MISC-3)."""
    (ch.carried if uid in ch.carried else ch.enhancements).remove(uid)
    s = g.state
    del s.counters[uid * SLOTS + USES_COUNTER]
    g.discard(uid)
    if _reload_in_game(g):  # "Discard or Reload": who emptied it, and when, for a Reload played this turn
        s.counters[uid * SLOTS + EMPTIED_BY_COUNTER] = ch.uid
        s.counters[uid * SLOTS + EMPTIED_TURN_COUNTER] = s.turn
    g.emit("uses_run_out", seat=ch.owner, card=g.card(uid).id, uid=uid, character=g.card(ch.uid).id)


def _reload_in_game(g: Context) -> bool:
    """Whether a card of the game gives a weapon its uses back (Reload): worked out once per card list."""
    return per_card_list(
        _RELOAD,
        g.state.cards,
        lambda listed: any(isinstance(e.do, RestoreUses) for cid in set(listed) for e in g._cards[cid].effects),
    )


_RELOAD: dict[int, tuple[list[str], bool]] = {}
# ---------------------------------------------------------------------- a Global's uses spent by its static effects


def spend_global(g: Context, uid: int) -> None:
    """One of the printed uses of the Global ``uid`` is spent by what its static effect did (``spends``; CARD-17):
    the event ``global_use_spent``; with its last it leaves play (engine/effects/lasting.py ``global_spent``)."""
    total = allowed(g, uid)
    if total is None:
        return
    s = g.state
    key = uid * SLOTS + USES_COUNTER
    spent = s.counters.get(key, 0) + 1
    s.counters[key] = spent
    left_now = max(0, total - spent)
    g.emit("global_use_spent", seat=s.owner[uid], card=g.card(uid).id, uid=uid, left=left_now)
    if left_now == 0:
        lasting.global_spent(g, uid)


def _spenders(g: Context, seat: int, how: str) -> list[tuple[int, Effect]]:
    """The seat's Globals in play with a static effect spending a use ``how`` (none in most games: a look at
    each of its Globals' effects)."""
    s = g.state
    return [
        (u, e) for u in s.players[seat].globals for e in g.card(u).effects if e.when == "static" and e.spends == how
    ]


def after_fight(g: Context, dis: int) -> None:
    """A fight against the Combat Disaster ``dis`` is over (rounds were fought): each Global in play whose static
    ``modify`` of Disasters with ``spends: fight`` reached it spends one use (Dr. Stingray)."""
    for p in g.state.players:
        if not p.globals:
            continue
        done: set[int] = set()
        for u, e in _spenders(g, p.seat, "fight"):
            sel = getattr(e.do, "disasters", None)
            if u not in done and u in p.globals and sel is not None and lasting.disaster_matches(g, u, dis, sel):
                done.add(u)
                spend_global(g, u)


def arrived(g: Context, ch: CharacterState, place: int, own_icon: Callable[[str], bool]) -> None:
    """``ch`` stopped on ``place``: a Global of its owner with a static ``gains`` of icons and ``spends: arrival``
    spends one use, the first time in a turn, when the Location has such an icon and ``ch`` has it from nothing
    else (``own_icon``: the icon from its own card, what it holds, a lasting gain; Great King Yemma)."""
    s = g.state
    icons = {i.value for i in g.card(place).icons}
    if not icons:
        return
    for u, e in _spenders(g, ch.owner, "arrival"):
        got = getattr(e.do, "icons", ())
        if u not in s.players[ch.owner].globals or not any(i in icons and not own_icon(i) for i in got):
            continue
        key = u * SLOTS + ARRIVAL_COUNTER
        if s.counters.get(key) == s.turn + 1:
            continue  # once a turn at most (CARD-17)
        s.counters[key] = s.turn + 1
        spend_global(g, u)
