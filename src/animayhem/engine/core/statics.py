"""The static effects of the cards in play, sorted by kind (RULES.md CARD-1, DIS-23).

A Disaster's ``static`` effects apply while it is in play (on the Field or Off it); the state lists those
Disasters in ``statics`` (kept by engine/effects/lasting.py). Rules ask about one kind of effect at a time (may this
Character move? which modifiers reach it? is this play forbidden?), many times a decision, while the list
changes only when a Disaster comes or goes. So the effects are sorted by kind once per list and kept beside
the game (:func:`in_play`); a query reads the effects of its kind and nothing else.

This is a bottom layer: it reads card facts and the state's list, and is read by engine/effects/transform.py and
engine/effects/lasting.py.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, TypeVar

from animayhem.cards.effects import AltForm, BecomesHaven, Block, Effect, EntryNeeds, Forbid, Modify, Passage, ToHaven
from animayhem.cards.model import Card, CardType

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context

T = TypeVar("T")
_CHARACTER: Final = CardType.CHARACTER  # read for every card of a game (effects/abilities.py: why a constant)

# Per card (card data never changes; keyed by id and checked to be that very Card object, as another database
# in the process may hold another card under the same id): its static effects, and their records by kind.
_STATIC: dict[str, tuple[Card, tuple[Effect, ...]]] = {}
_KINDS: dict[str, tuple[Card, dict[type, tuple[Any, ...]]]] = {}


def per_card(cache: dict[str, tuple[Card, T]], card: Card, make: Callable[[Card], T]) -> T:
    """A fact worked out once per card (card data never changes): kept in ``cache`` under the card's id and
    checked to be that very Card object (another database in the process may hold another card under the same
    id: it is worked out again)."""
    found = cache.get(card.id)
    if found is None or found[0] is not card:
        if len(cache) > 50_000:  # many card databases in one process (tests): start again
            cache.clear()
        found = cache[card.id] = (card, make(card))
    return found[1]


# The card lists a per-list cache keeps (:func:`per_card_list`), the oldest going first. A server holds one list
# per live game and reads them in turn, and a search makes a list per sample; the bound is well above the games
# one process can serve (about 20 KB of facts a list, over every cache).
LISTS_KEPT: Final = 256


def per_card_list(cache: dict[int, tuple[list[str], T]], listed: list[str], make: Callable[[list[str]], T]) -> T:
    """A fact worked out once per game's card list (the list of card ids by instance never changes once dealt,
    and clones share it): kept in ``cache`` under the list's identity and checked to be that very list (the
    cache holds the list, so its identity is not reused while kept). The cache keeps the last ``LISTS_KEPT``
    lists it met, the oldest going first (a read costs no reordering; a list put out is worked out again when
    next read)."""
    key = id(listed)
    found = cache.get(key)
    if found is None or found[0] is not listed:
        if len(cache) >= LISTS_KEPT:
            del cache[next(iter(cache))]  # the oldest
        found = cache[key] = (listed, make(listed))
    return found[1]


def characters_with(
    cache: dict[int, tuple[list[str], dict[int, tuple[T, ...]]]],
    cards: Mapping[str, Card],
    listed: list[str],
    pick: Callable[[Card], tuple[T, ...]],
) -> dict[int, tuple[T, ...]]:
    """The Characters of the card list ``listed`` (by instance) whose own card has something ``pick`` finds (its
    static ``modify`` of Disasters, its ``hold`` on itself…), with what it found: worked out once per card list
    (:func:`per_card_list`), so a game with none pays a dictionary look-up."""

    def make(ids: list[str]) -> dict[int, tuple[T, ...]]:
        out: dict[int, tuple[T, ...]] = {}
        for u, c in enumerate(ids):
            k = cards.get(c)
            if k is not None and k.type is _CHARACTER:
                got = pick(k)
                if got:
                    out[u] = got
        return out

    return per_card_list(cache, listed, make)


# Per card database and question: the card ids met so far, and those of them that pass the question's test
# (:func:`instances_where`; a card is tested once, when a list first holds it)
_IDS_WHERE: dict[tuple[int, str], tuple[Mapping[str, Card], set[str], set[str]]] = {}


def _ids_where(cards: Mapping[str, Card], listed: list[str], question: str, test: Callable[[Card], object]) -> set[str]:
    key = (id(cards), question)
    found = _IDS_WHERE.get(key)
    if found is None or found[0] is not cards:
        found = _IDS_WHERE[key] = (cards, set(), set())
    _, met, passing = found
    new = set(listed) - met
    if new:
        met |= new
        passing.update(c for c in new if c in cards and test(cards[c]))
    return passing


def instances_where(
    cards: Mapping[str, Card], listed: list[str], question: str, test: Callable[[Card], object]
) -> list[int]:
    """The instances of the game's card list ``listed`` whose card (of the database ``cards``) passes ``test``, in
    order. Each card id is tested once per database and ``question`` (a name for ``test``), when a list first
    holds it, so a list holding none of the ids that pass is answered by two set operations. The facts worked out
    per card list (:func:`per_card_list`) start from it: a search's sample deals a new list, and most games hold
    none of the cards most facts look for."""
    ids = _ids_where(cards, listed, question, test)
    if ids.isdisjoint(listed):
        return []
    return [u for u, c in enumerate(listed) if c in ids]


def none_in(cards: Mapping[str, Card], listed: list[str], question: str, test: Callable[[Card], object]) -> bool:
    """Whether no card of ``listed`` passes ``test`` (:func:`instances_where` is empty)."""
    return _ids_where(cards, listed, question, test).isdisjoint(listed)


def static_effects(card: Card) -> tuple[Effect, ...]:
    """The card's ``static`` effects, in the order printed."""
    found = _STATIC.get(card.id)
    if found is None or found[0] is not card:
        found = _STATIC[card.id] = (card, tuple(e for e in card.effects if e.when == "static" and not _on_bearer(e)))
    return found[1]


def _on_bearer(e: Effect) -> bool:
    """An effect on the Character bearing the card (a Global's: on each of its owner's Characters), read by
    engine/effects/bearer.py rather than from this registry."""
    who = getattr(e.do, "who", None)
    return getattr(who, "among", None) in ("bearer", "owners", "self")


_OWN_PLACE: dict[str, tuple[Card, bool]] = {}
_PLACES: Final = (CardType.LOCATION, CardType.HAVEN)


def own_place_only(card: Card) -> bool:
    """Whether every static effect of a Location (or Haven) asks about that Location only (``block`` of its own,
    ``entry_needs``, ``passage``, ``becomes_haven``): such a card is not listed in ``statics`` (which would send
    every query of the game down the slower road of effects in force); the rule that asks about a Location reads
    the Location's own card instead (:func:`own`), a look-up per question, and nothing in a game without it."""
    return per_card(_OWN_PLACE, card, _own_place_only)


def _own_place_only(card: Card) -> bool:
    effects = static_effects(card)
    return card.type in _PLACES and bool(effects) and all(_asks_place(e.do) for e in effects)


def _asks_place(v: object) -> bool:
    return isinstance(v, EntryNeeds | Passage | BecomesHaven | ToHaven) or (isinstance(v, Block) and v.where == "here")


def own(card: Card, kind: type[T]) -> tuple[T, ...]:
    """The records of one kind a Location's own card holds for questions about that Location (empty for a card of
    another type, or one listed in ``statics``, whose effects :func:`in_play` gives)."""
    return of_kind(card, kind) if own_place_only(card) else ()


def _kinds(card: Card) -> dict[type, tuple[Any, ...]]:
    found = _KINDS.get(card.id)
    if found is None or found[0] is not card:
        by: dict[type, list[Any]] = {}
        for e in static_effects(card):
            by.setdefault(type(e.do), []).append(e.do)
        found = _KINDS[card.id] = (card, {k: tuple(v) for k, v in by.items()})
    return found[1]


def of_kind(card: Card, kind: type[T]) -> tuple[T, ...]:
    """The records of the card's static effects of one kind (``Hold``, ``Forbid`` …), in order."""
    found = _KINDS.get(card.id)
    records: tuple[T, ...] = (found[1] if found is not None and found[0] is card else _kinds(card)).get(kind, ())
    return records


@dataclass(slots=True)  # not frozen: built at every view, and a frozen one is slower to build
class InPlay:
    """The static effects of the Disasters listed in ``statics`` at one moment, by kind: ``(source, record)``
    pairs in the list's order, then in each card's order. Made for one list of Disasters and one card list
    (the state's instances); :func:`in_play` makes a new one when either changes."""

    statics: list[int]  # the state's list it was made from
    cards: list[str]  # the state's card list (uid -> card id) it was made with
    by_kind: dict[type, tuple[tuple[int, Any], ...]]
    character_modifies: tuple[tuple[int, Modify], ...]  # the ``modify`` effects on Characters (``who``)
    disaster_modifies: tuple[tuple[int, Modify], ...]  # the ``modify`` effects on Disasters (``disasters``)
    character_forms: tuple[tuple[int, AltForm], ...]  # the ``alt_form`` effects on Characters (``who``)

    forbids: dict[str, list[int]] = field(default_factory=dict)  # forbidding(), by play

    def forbidding(self, what: str) -> list[int]:
        """The Disasters whose ``forbid`` names ``what``, each once, in order (read only)."""
        found = self.forbids.get(what)
        if found is None:
            found = self.forbids[what] = list(dict.fromkeys(src for src, f in self.of(Forbid) if what in f.actions))
        return found

    def of(self, kind: type[T]) -> tuple[tuple[int, T], ...]:
        found: tuple[tuple[int, T], ...] = self.by_kind.get(kind, ())  # (kept under their kind)
        return found


_NONE: Final = InPlay([], [], {}, (), (), ())


def in_play(g: Context) -> InPlay:
    """The static effects in play now, sorted by kind (worked out again only when the list changes)."""
    s = g.state
    statics = s.statics
    if not statics:
        return _NONE
    found = g._statics
    if found is not None and found.cards is s.cards and (found.statics is statics or found.statics == statics):
        return found
    cards, ids = g._cards, s.cards
    by: dict[type, list[tuple[int, Any]]] = {}
    copies: dict[str, int] = {}  # card id -> its copies listed so far (a ``modify`` with ``copies``)
    for src in statics:
        card = cards[ids[src]]
        copies[card.id] = n = copies.get(card.id, 0) + 1
        for kind, records in _kinds(card).items():
            if kind is Modify and n > 1:  # a copy beyond what the card counts gives nothing (Tender Moment)
                records = tuple(r for r in records if r.copies is None or n <= r.copies)
            by.setdefault(kind, []).extend((src, r) for r in records)
    modifies = by.get(Modify, [])
    found = g._statics = InPlay(
        statics,  # the state's list itself: engine/effects/lasting.py replaces it, never changes it
        s.cards,
        {k: tuple(v) for k, v in by.items()},
        tuple(p for p in modifies if p[1].who is not None),
        tuple(p for p in modifies if p[1].disasters is not None),
        tuple(p for p in by.get(AltForm, []) if p[1].who is not None),
    )
    return found
