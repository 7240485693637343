"""Static effects of the cards a Character holds, reaching their bearer (RULES.md CARD-11, CARD-12, CARD-16).

An Enhancement on a Character and the Equipment it carries may have ``static`` effects whose selector is
``who: {among: bearer}`` (cards/effects.py): they are in force while the card is on it, under the conditions
its ``has`` / ``lacks`` name (the bearer is a named Character, has a Skill or a Category), and reach the
bearer alone. The one value pipeline (engine/effects/abilities.py), the Skill evaluator
(engine/effects/transform.py ``skill_card``), Health, the Energy costs, the Location rules and the fight and
Scavenge permissions ask this module:

* :func:`own_mods` — a card's modifiers for its bearer (``modify``: ``instead`` of its printed numbers, only
  ``against`` some kinds of Disaster), :func:`repeated` (``single``: copies do not add up);
* :func:`health` — what they add to its Health; :func:`opponent_mods` — what they put on whoever fights it;
* :func:`skilled` — its Skills and Categories with the ``gains`` effects applied; :func:`has_icon`;
* :func:`waives` (``waive``: Scavenging without the requirement), :func:`untouchable`, :func:`never_killed`,
  :func:`stays_on` (``never_killed``), :func:`refuses` (``single`` with ``refuse``), :func:`cost`
  (``discount``).

The facts are worked out once per card (keyed by card id and checked to be that very Card object, as
abilities._facts), and a card without such effects has none: a Character whose cards have no bearer effect
costs one dictionary look-up per card it holds. The conditions are read on the bearer's printed card and the
cards it holds (never on its gains: a gain cannot be the condition of another). This is the bottom layer of
the effects: it reads card facts and the state only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from animayhem.cards.effects import (
    ABILITY_NAMES,
    Absorbs,
    Alternates,
    BorrowSkill,
    Cancels,
    CarryLimit,
    CoverRetreat,
    Discount,
    EquipThrough,
    ExtraPlay,
    Fits,
    Gains,
    Hides,
    Modify,
    MoreUses,
    Negates,
    NeverKilled,
    Saves,
    Single,
    SkipSkill,
    Spares,
    Spoils,
    StaysOn,
    Untouchable,
    UseOthers,
    Waive,
    WearsOut,
    Who,
)
from animayhem.cards.evaluate import PIERCE_ILLUSIONS, meets
from animayhem.cards.frozen import evolve
from animayhem.cards.model import Card, CardType, Gender
from animayhem.cards.requirements import Requirement
from animayhem.cards.skills import SkillEntry
from animayhem.cards.stats import StatKind, StatValue, drop, modifier
from animayhem.engine.core.fight import under_way
from animayhem.engine.core.state import (
    ABSORB_COUNTER,
    CHOSEN_COUNTER,
    COMEBACK_COUNTER,
    EQUIP_COUNTER,
    OFF,
    SLOTS,
    SPARED_COUNTER,
    TRAINED_COUNTER,
    WAIVED_COUNTER,
    WEAR_COUNTER,
    WORN_COUNTER,
    CharacterState,
)
from animayhem.engine.core.statics import instances_where, per_card, per_card_list
from animayhem.engine.effects import lent

if TYPE_CHECKING:
    from animayhem.cards.requirements import Requirement
    from animayhem.engine.core.context import Context


@dataclass(frozen=True, slots=True)
class Held:
    """A card's static effects on its bearer, by kind (:func:`facts`)."""

    modifies: tuple[Modify, ...]  # on the bearer itself
    opponent: tuple[Modify, ...]  # on whoever fights it
    health: bool  # a ``modify`` of the bearer's Health among ``modifies``
    gains: tuple[Gains, ...]
    single: Single | None
    untouchable: tuple[Untouchable, ...]
    never_killed: tuple[NeverKilled, ...]
    waive: tuple[Waive, ...]
    discount: tuple[Discount, ...]
    stays: bool = False  # ``stays_on``: it stays on its bearer through a Bonk (Better Off Dead)
    saves: bool = False  # ``saves``: Discarded instead of its bearer being Bonked or Killed (Robot Slave)
    lends: UseOthers | None = None  # ``use_others``: a card of another player's its bearer uses (Pass Around)
    fixed: bool = False  # its ``modify`` effects hold whatever the state (no condition, count or choice): constant
    spares: tuple[Spares, ...] = ()  # Characters its bearer never attacks (Agent "D")
    trims: tuple[Modify, ...] = ()  # ``modify`` with ``each_bonus``: each bonus of such a card is lower (Goku)
    absorbs: tuple[Absorbs, ...] = ()  # values it takes from Characters Killed beside it (Piccolo)
    hides: int = 0  # Items of its bearer the Disasters do not detect (Assassin Disquise)
    limits: tuple[CarryLimit, ...] = ()  # how many cards of a name one Character carries (Power Gem, the Key)
    saves_party: bool = False  # ``saves`` for its bearer's party: any of its player's Characters standing there


_HELD: dict[str, tuple[Card, Held | None]] = {}


def facts(card: Card) -> Held | None:
    """The card's static effects reaching its bearer; None when it has none (most cards)."""
    found = _HELD.get(card.id)
    if found is None or found[0] is not card:
        if len(_HELD) > 50_000:  # many card databases in one process (tests): start again
            _HELD.clear()
        found = _HELD[card.id] = (card, _sort(card))
    return found[1]


def face_up_item(card: Card) -> bool:
    """Whether the Item is carried face up: its text changes its carrier's values or skills (or those of whoever
    fights it) for as long as it is carried, so it is in use the whole time, and an Item stays face down only
    until it is used (RULES.md CARD-10); those values are public and would tell every seat what it is anyway.
    An Item that acts only at a moment (a Disaster of some kind passing its carrier over) is shown then."""
    if card.type is not CardType.ITEM:
        return False
    h = facts(card)
    return h is not None and bool(h.modifies or h.gains or h.opponent)


def _sort(card: Card) -> Held | None:
    mods: list[Modify] = []
    opp: list[Modify] = []
    gains: list[Gains] = []
    single: Single | None = None
    untouch: list[Untouchable] = []
    never: list[NeverKilled] = []
    waive: list[Waive] = []
    discount: list[Discount] = []
    stays = False
    saves = False
    saves_party = False
    lends: UseOthers | None = None
    spares: list[Spares] = []
    trims: list[Modify] = []
    absorbs: list[Absorbs] = []
    hides = 0
    limits: list[CarryLimit] = []
    for e in card.effects:
        if e.when != "static":
            continue
        d = e.do
        if isinstance(d, Absorbs):
            absorbs.append(d)
        elif isinstance(d, Hides):
            hides += d.items
        elif isinstance(d, Modify) and d.each_bonus:
            trims.append(d)
        elif isinstance(d, Modify) and d.who is not None and d.who.among in ("bearer", "owners", "self"):
            (opp if d.opponent else mods).append(d)
        elif isinstance(d, Gains):
            gains.append(d)
        elif isinstance(d, Single):
            single = d
        elif isinstance(d, Untouchable):
            untouch.append(d)
        elif isinstance(d, NeverKilled) and d.who.among in ("bearer", "owners", "self"):
            never.append(d)
        elif isinstance(d, Waive):
            waive.append(d)
        elif isinstance(d, Discount):
            discount.append(d)
        elif isinstance(d, StaysOn):
            stays = True
        elif isinstance(d, Saves):
            saves = True
            saves_party = saves_party or d.who.among == "party"
        elif isinstance(d, UseOthers):
            lends = d
        elif isinstance(d, Spares):
            spares.append(d)
        elif isinstance(d, CarryLimit):
            limits.append(d)
    if not (
        mods
        or opp
        or gains
        or single
        or untouch
        or never
        or waive
        or discount
        or stays
        or saves
        or lends
        or spares
        or trims
        or absorbs
        or hides
        or limits
    ):
        return None
    return Held(
        tuple(mods),
        tuple(opp),
        any("health" in m.by or "health" in m.set for m in mods),
        tuple(gains),
        single,
        tuple(untouch),
        tuple(never),
        tuple(waive),
        tuple(discount),
        stays,
        saves,
        lends,
        lends is None
        and all(
            m.worn_turns is None
            and not m.against
            and m.while_here is None
            and m.who is not None
            and m.who.has is None
            and m.who.lacks is None
            and not m.chosen
            and m.trained is None
            and m.while_here is None
            and not m.holding
            and m.hurt is None
            for m in mods
        ),
        tuple(spares),
        tuple(trims),
        tuple(absorbs),
        hides,
        tuple(limits),
        saves_party,
    )


def detectable(g: Context, ch: CharacterState) -> list[int]:
    """The Items ``ch`` carries that a Disaster may detect (take, steal, seek): all of them, but those a card it
    wears hides, the ones it has carried longest (``hides``: Assassin Disquise)."""
    items = g.carried_items(ch)
    if not items or not ch.enhancements:
        return items
    cards, ids = g._cards, g.state.cards
    n = sum(h.hides for u in ch.enhancements if (h := facts(cards[ids[u]])) is not None)
    return items[n:] if n else items


_ABSORBERS: dict[int, tuple[list[str], tuple[int, ...]]] = {}


def absorbers(g: Context) -> tuple[int, ...]:
    """The instances of the game whose card ``absorbs`` (Piccolo), found once per card list."""
    cards = g._cards

    def make(listed: list[str]) -> tuple[int, ...]:
        return tuple(u for u, c in enumerate(listed) if c in cards and (h := facts(cards[c])) is not None and h.absorbs)

    return per_card_list(_ABSORBERS, g.state.cards, make)


def absorbed(g: Context, uid: int) -> dict[str, StatValue]:
    """What the Character ``uid`` has gained from Characters Killed beside it (``absorbs``: Piccolo), by ability."""
    c = g.state.counters
    out: dict[str, StatValue] = {}
    for i, a in enumerate(ABILITY_NAMES):
        n = c.get(uid * SLOTS + ABSORB_COUNTER + i, 0)
        if n:
            out[a] = modifier(StatKind.ADD, n)
    return out


def trimmed(held: Held | None, kind: str) -> dict[str, int] | None:
    """What the Character's own card takes off each bonus a card of ``kind`` gives it (``modify`` with
    ``each_bonus``: Goku, 1 off each Equipment's Attack and Defense bonus), by ability; None when nothing."""
    if held is None or not held.trims:
        return None
    out: dict[str, int] = {}
    for m in held.trims:
        if kind in m.each_bonus:
            for a, v in m.by.items():
                out[a] = out.get(a, 0) + v
    return out or None


def trim(mods: Mapping[str, StatValue], less: Mapping[str, int]) -> dict[str, StatValue]:
    """``mods`` (one card's bonuses to its bearer) with each bonus (a positive addition) lowered by ``less``,
    never below 0 (Goku's Equipment bonuses)."""
    out = dict(mods)
    for a, n in less.items():
        sv = out.get(a)
        if sv is not None and sv.kind is StatKind.ADD and sv.value is not None and sv.value > 0:
            out[a] = modifier(StatKind.ADD, max(0, sv.value + n))
    return out


@dataclass(frozen=True, slots=True)
class _Index:
    """The instances of one card list whose card has bearer effects of a kind (:func:`_index`)."""

    health: frozenset[int]  # a ``modify`` of its bearer's Health
    gains: frozenset[int]  # ``gains`` (Skills, Categories, icons) or ``use_others``
    icons: frozenset[int]  # ``gains`` with ``icons``
    party: frozenset[int]  # ``gains`` for the party of the Character whose card it is (Master Roshi)
    fight_energy: frozenset[int]  # a ``modify`` of Energy ``against`` some Disasters (Rokkon), or ``lends``


_INDEX: dict[int, tuple[list[str], _Index]] = {}


# the last card list asked about and its index, one tuple (replaced whole: a search thread may ask meanwhile)
_last_index: tuple[list[str], _Index] | None = None


def _index(g: Context) -> _Index:
    """Which instances have bearer effects of each kind, once per card list (core/statics.py), so a question
    about a Character holding none of them costs a few set tests (asked ~10 times a decision: the last list's
    index is kept in front of the cache)."""
    global _last_index
    listed = g.state.cards
    last = _last_index
    if last is not None and last[0] is listed:
        return last[1]
    found = per_card_list(_INDEX, listed, lambda listed: _indexed(g._cards, listed))
    _last_index = (listed, found)
    return found


def _indexed(cards: Mapping[str, Card], listed: list[str]) -> _Index:
    kinds = {c: h for c in set(listed) if c in cards and (h := facts(cards[c])) is not None}

    def having(test: Callable[[Held], bool]) -> frozenset[int]:
        ids = {c for c, h in kinds.items() if test(h)}
        return frozenset(u for u, c in enumerate(listed) if c in ids)

    return _Index(
        having(lambda h: h.health),
        having(lambda h: bool(h.gains) or h.lends is not None),
        having(lambda h: any(x.icons for x in h.gains)),
        having(lambda h: any(x.who.among == "party" for x in h.gains)),
        having(lambda h: h.lends is not None or any(m.against and "energy" in m.by for m in h.modifies)),
    )


def any_gains(g: Context) -> bool:
    """Whether any card of the game has ``gains`` (a Character's own card among them): else no Character's
    Skills change through :func:`skilled`."""
    return bool(_index(g).gains)


def _party_gains(g: Context, ch: CharacterState, uids: frozenset[int]) -> list[Gains]:
    """The ``gains`` for its party of the other Characters of ``ch``'s party (its player's, standing with it)."""
    s = g.state
    if ch.pos == OFF or ch.bonked_at >= 0:
        return []
    cards, ids = g._cards, s.cards
    out: list[Gains] = []
    for u in sorted(uids):
        c = s.characters.get(u)
        if c is None or u == ch.uid or c.pos != ch.pos or c.owner != ch.owner or c.bonked_at >= 0:
            continue
        h = facts(cards[ids[u]])
        if h is not None:
            out += [x for x in h.gains if x.who.among == "party" and applies(g, ch, x.who)]
    return out


def _holds_any(g: Context, ch: CharacterState, uids: frozenset[int]) -> bool:
    """Whether the Character holds one of ``uids``, or its owner has one among the Global Effects reaching it."""
    if not uids:
        return False
    if ch.uid in uids or not (uids.isdisjoint(ch.enhancements) and uids.isdisjoint(ch.carried)):
        return True
    return bool(g.state.players[ch.owner].globals) and not uids.isdisjoint(globals_on(g, ch))


def _held(g: Context, ch: CharacterState) -> list[tuple[int, Held]]:
    """The cards on the Character with bearer effects (its own card first, whose bearer effects reach the
    Character itself; its Enhancements, then what it carries), with them; then its owner's Global Effects that
    reach it (a Global's bearer effects are on each of its owner's Characters)."""
    cards, ids = g._cards, g.state.cards
    out = []
    for u in (ch.uid, *ch.enhancements, *ch.carried, *globals_on(g, ch)):
        h = facts(cards[ids[u]])
        if h is not None:
            out.append((u, h))
            if h.lends is not None and (got := lent.lent(g, u, ch, h.lends)) >= 0:
                hh = facts(cards[ids[got]])  # the card of another player's it uses, as if it carried it (Pass Around)
                if hh is not None:
                    out.append((got, hh))
    return out


def on_itself(g: Context, ch: CharacterState) -> bool:
    """Whether the Character's own card has static effects on itself (a ``bearer`` selector on a Character's
    card: the Character is its own bearer, Ayaka Kisaragi)."""
    return facts(g._cards[g.state.cards[ch.uid]]) is not None


def globals_on(g: Context, ch: CharacterState) -> tuple[int, ...]:
    """Its owner's Global Effects that reach the Character now (RULES.md CARD-14: in play, not Bonked; in a
    Haven only under ``global_scope: all``, AMB-63)."""
    s = g.state
    found = s.players[ch.owner].globals
    if not found or ch.pos == OFF or ch.bonked_at >= 0:
        return ()
    if g.rules.global_scope != "all" and s.places[ch.pos].haven:
        return ()
    return tuple(found)


def _holds(g: Context, ch: CharacterState) -> bool:
    """Whether the Character may have cards with bearer effects (its own card, the cards it holds, or its
    owner's Globals)."""
    return bool(ch.enhancements or ch.carried or g.state.players[ch.owner].globals) or on_itself(g, ch)


def applies(g: Context, ch: CharacterState, who: Who) -> bool:
    """Whether the bearer meets the selector's conditions (``has``, ``lacks``), read on its printed card and
    the cards it holds."""
    if who.has is None and who.lacks is None:
        return True
    cards, ids = g._cards, g.state.cards
    me = [cards[ids[ch.uid]]]
    held = [cards[ids[u]] for u in (*ch.carried, *ch.enhancements)]
    anti = g.rules.anti_skill
    if who.has is not None and not meets(who.has, me, held, anti_skill=anti):
        return False
    return who.lacks is None or not meets(who.lacks, me, held, anti_skill=anti)


def _is_kind(card: Card, words: tuple[str, ...], skills: bool = False) -> bool:
    """Whether the card is one of the kinds named (a Category it has, or a word of its name; ``skills``: or a
    Skill it grants)."""
    name = card.name.lower()
    if skills and any(s == w.lower() for s, _n in card.granted_skills for w in words):
        return True
    return any(w in card.category_set or w.lower() in name for w in words)


def _foe(g: Context, ch: CharacterState, m: Modify, against: int) -> bool:
    """Whether ``against`` is another player's Character that a ``modify`` with ``characters`` reaches."""
    foe = g.state.characters.get(against) if m.characters else None
    return foe is not None and foe.owner != ch.owner


def _in_force(g: Context, ch: CharacterState, m: Modify, against: int | None, uid: int = -1) -> bool:
    if m.hurt is not None and ch.damage < m.hurt:
        return False  # only while its damage is that high (Armitage)
    if m.worn_turns is not None and worn_turns(g, uid, ch) > m.worn_turns:
        return False
    if m.against and (against is None or not (against in g.state.disasters or _foe(g, ch, m, against))):
        return False
    if m.against and not _is_kind(g.card(against), m.against):  # type: ignore[arg-type]
        return False
    if m.while_here is not None and not _with_here(g, ch, m):
        return False
    if m.holding and not any(_is_kind(g.card(u), m.holding, skills=True) for u in (*ch.carried, *ch.enhancements)):
        return False  # only while it holds a card of those kinds (Afura Mann: an Air Element card)
    return m.who is not None and applies(g, ch, m.who)


def _with_here(g: Context, ch: CharacterState, m: Modify) -> bool:
    """Whether another Character standing at the bearer's Location meets the modifier's ``while_here``, on its
    own card and the cards it holds (Annapuna while Unipuma is with her)."""
    if ch.pos == OFF or ch.bonked_at >= 0 or m.while_here is None:
        return False
    cards, ids = g._cards, g.state.cards
    anti = g.rules.anti_skill
    for c in g.characters_at(ch.pos):
        if c.uid != ch.uid and meets(
            m.while_here, [cards[ids[c.uid]]], [cards[ids[u]] for u in (*c.carried, *c.enhancements)], anti_skill=anti
        ):
            return True
    return False


def fight_energy(g: Context, ch: CharacterState) -> int:
    """The Energy the Character's cards give it only in a fight with some kinds of Disaster (a ``modify`` of
    Energy ``against`` them: Rokkon), while such a fight is under way at its Location; 0 otherwise. The value
    pipeline reads ``against`` only where a fight asks for Attack and Defense, so the Energy it may spend
    (effects/energy.py) asks here."""
    if not g.state.agenda or not _holds_any(g, ch, _index(g).fight_energy):  # (a lent card may be such a card)
        return 0
    held = [(u, m) for u, h in _held(g, ch) for m in h.modifies if m.against and "energy" in m.by]
    if not held:
        return 0
    frame = under_way(g.state.agenda)
    if frame is None or frame.place != ch.pos or frame.dis not in g.state.disasters or ch.bonked_at >= 0:
        return 0
    return sum(m.by["energy"] for u, m in held if _in_force(g, ch, m, frame.dis, u))


# ---------------------------------------------------------------------- values


def own_mods(
    g: Context, ch: CharacterState, h: Held, printed: dict[str, StatValue], against: int | None, uid: int = -1
) -> dict[str, StatValue]:
    """The modifiers a card with bearer effects ``h`` gives its bearer, by ability: its printed ones
    (``printed``), changed by its ``modify`` effects in force (``instead``: they replace the printed number;
    else they add to it). ``against``: the Disaster the bearer fights, when asked in a fight. Health aside
    (:func:`health`)."""
    if h.lends is not None and (got := lent.lent(g, uid, ch, h.lends)) >= 0:
        printed = {**_borrowed(g, ch, got, against), **printed}  # the card of another player's it uses (Pass Around)
    if not h.modifies:
        return printed
    if h.fixed:  # the same whoever bears it and whenever: worked out once
        known = _FIXED.get(id(h))
        if known is not None and known[0] is h and known[1] is printed:
            return known[2]
        if len(_FIXED) > 50_000:
            _FIXED.clear()
        out = _FIXED[id(h)] = (h, printed, _own_mods(g, ch, h, printed, against, uid))
        return out[2]
    return _own_mods(g, ch, h, printed, against, uid)


_FIXED: dict[int, tuple[Held, dict[str, StatValue], dict[str, StatValue]]] = {}


def _borrowed(g: Context, ch: CharacterState, got: int, against: int | None) -> dict[str, StatValue]:
    """What the card ``got`` of another player's gives ``ch``, which uses it as if it carried it (``use_others``:
    Pass Around): an Equipment its printed modifiers, an Item what its effect records make of them (as carried,
    engine/effects/abilities.py), changed by its static effects on its bearer."""
    card = g.card(got)
    base = lent.mods(card) if card.type is CardType.EQUIPMENT else {}
    h = facts(card)
    if h is not None and h.modifies:
        return own_mods(g, ch, h, base, against, got)
    return base


def _own_mods(
    g: Context, ch: CharacterState, h: Held, printed: dict[str, StatValue], against: int | None, uid: int
) -> dict[str, StatValue]:
    out = dict(printed)
    for m in h.modifies:
        if not _in_force(g, ch, m, against, uid):
            continue
        for a, n in m.by.items():
            if m.chosen and a != chosen(g, uid, m):
                continue  # only the ability its player chose when playing it (Algebra)
            if m.trained is not None:
                n *= trained(g, uid, m).get(a, 0)  # once for each turn it trained that one (Heavy Gravity Training)
            if a == "health":
                continue
            old = out.get(a)
            if m.floor is not None:  # a drop that stops at its floor (I'm Buyin')
                out[a] = drop(n, m.floor)
            elif m.instead or old is None or old.kind is not StatKind.ADD or old.value is None:
                out[a] = modifier(StatKind.ADD, n)
            else:
                out[a] = modifier(StatKind.ADD, old.value + n)
        for a, n in m.set.items():
            if a != "health":
                out[a] = modifier(StatKind.SET, n)
        for a in m.halve:
            if a != "health":
                out[a] = modifier(StatKind.DIV, 2)
    return out


def choices(card: Card) -> tuple[str, ...]:
    """The abilities one of which the card raises, chosen when it is played (a bearer ``modify`` with
    ``chosen``); empty for most cards."""
    h = facts(card)
    if h is None:
        return ()
    return next((tuple(m.by) for m in h.modifies if m.chosen), ())


def chosen(g: Context, uid: int, m: Modify) -> str | None:
    """The ability its player chose for the card ``uid`` when it was played; None before a choice."""
    n = g.state.counters.get(uid * SLOTS + CHOSEN_COUNTER, 0)
    names = tuple(m.by)
    return names[n - 1] if 0 < n <= len(names) else None


def trained(g: Context, uid: int, m: Modify) -> dict[str, int]:
    """How many turns the card ``uid`` has raised each ability of ``m.by`` (a bearer ``modify`` with ``trained``)."""
    c = g.state.counters
    return {a: c.get(uid * SLOTS + TRAINED_COUNTER + i, 0) for i, a in enumerate(m.by)}


def training(card: Card) -> Modify | None:
    """The card's bearer ``modify`` with ``trained`` (Heavy Gravity Training); None for most cards."""
    h = facts(card)
    if h is None:
        return None
    return next((m for m in h.modifies if m.trained is not None), None)


def worn_start(g: Context, uid: int, seat: int) -> None:
    """The card ``uid`` is played by ``seat``: if an effect of it counts the turns it is on (``worn_turns``), the
    count starts with this turn (``state.counters[uid * SLOTS + WORN_COUNTER]``: the owner's turn number then)."""
    h = facts(g.card(uid))
    if h is not None and any(m.worn_turns is not None for m in h.modifies):
        g.state.counters[uid * SLOTS + WORN_COUNTER] = g.state.players[seat].turns


def worn_turns(g: Context, uid: int, ch: CharacterState) -> int:
    """How many of its bearer's owner's turns the card ``uid`` has been on, the one it was played in counting
    as the first (a card with no count started, as one put on by a scenario, is in its first)."""
    turns = g.state.players[ch.owner].turns
    return turns - g.state.counters.get(uid * SLOTS + WORN_COUNTER, turns) + 1


def repeated(g: Context, ch: CharacterState, uid: int) -> bool:
    """Whether ``uid`` (a card with ``single``) is a later copy of a card already on the Character: its
    copies do not add up, only the first counts."""
    ids = g.state.cards
    mine = ids[uid]
    for u in (*ch.enhancements, *ch.carried):
        if u == uid:
            return False
        if ids[u] == mine:
            return True
    return False


def health(g: Context, ch: CharacterState) -> int:
    """What the cards on the Character add to its Health (a bearer ``modify`` of ``health``)."""
    if not _holds_any(g, ch, _index(g).health):
        return 0
    cards, ids = g._cards, g.state.cards
    total = 0
    for u in (ch.uid, *ch.enhancements, *ch.carried, *globals_on(g, ch)):
        h = facts(cards[ids[u]])
        if h is None or not h.health or (h.single is not None and repeated(g, ch, u)):
            continue
        for m in h.modifies:
            if "health" in m.by and _in_force(g, ch, m, None):
                total += m.by["health"]
    return total


def opponent_mods(g: Context, fighters: list[int], ability: str, against: int | None = None) -> list[StatValue]:
    """The modifiers the cards of ``fighters`` (the Characters on one side of a fight) put on their opponent's
    ``ability`` (a bearer ``modify`` with ``opponent``: Pruning Shears), one per card."""
    s = g.state
    out: list[StatValue] = []
    for uid in fighters:
        ch = s.characters.get(uid)
        if ch is None or not (ch.enhancements or ch.carried or on_itself(g, ch)):
            continue
        for _u, h in _held(g, ch):
            for m in h.opponent:
                if ability in m.by and _in_force(g, ch, m, against):
                    out.append(modifier(StatKind.ADD, m.by[ability]))
    return out


# ---------------------------------------------------------------------- Skills, Categories, icons

_SKILLED: dict[tuple[int, tuple[int, ...]], tuple[Card, tuple[Gains, ...], Card]] = {}


def skilled(g: Context, ch: CharacterState, card: Card) -> Card:
    """``card`` (the Character's card as the evaluator reads it) with the ``gains`` of the cards it holds
    applied: printed Skills doubled, Skills gained (only new ones, or another instead), copies taken away,
    Categories added; ``card`` itself when none is in force."""
    idx = _index(g)
    party = _party_gains(g, ch, idx.party) if idx.party else []
    if not party and not _holds_any(g, ch, idx.gains):
        return card
    gains: list[Gains] = party
    for u, h in _held(g, ch):
        for x in h.gains:
            if applies(g, ch, x.who):
                gains.append(x)
        if h.lends is not None and (got := lent.lent(g, u, ch, h.lends)) >= 0 and (y := lent.gains(g.card(got))):
            gains.append(y)  # the Skills of the card of another player's it uses (Pass Around)
    if not gains:
        return card
    key = (id(card), tuple(map(id, gains)))
    found = _SKILLED.get(key)
    if found is not None and found[0] is card and all(a is b for a, b in zip(found[1], gains, strict=True)):
        return found[2]
    cards, ids = g._cards, g.state.cards
    others = Counter[str]()
    for u in (*ch.carried, *ch.enhancements):
        for name, n in cards[ids[u]].granted_skills:
            others[name] += n
    made = _apply(card, tuple(gains), others)
    if len(_SKILLED) > 50_000:
        _SKILLED.clear()
    _SKILLED[key] = (card, tuple(gains), made)
    return made


def gained(card: Card, gains: tuple[Gains, ...]) -> Card:
    """``card`` with the lasting ``gains`` a Flash Effect gave the Character for some turns applied (Assisted
    Flight: one more copy of each Skill named)."""
    key = (id(card), tuple(map(id, gains)))
    found = _SKILLED.get(key)
    if found is not None and found[0] is card and all(a is b for a, b in zip(found[1], gains, strict=True)):
        return found[2]
    made = _apply(card, gains, Counter())
    if len(_SKILLED) > 50_000:
        _SKILLED.clear()
    _SKILLED[key] = (card, gains, made)
    return made


def _apply(card: Card, gains: tuple[Gains, ...], others: Counter[str]) -> Card:
    """The card with the gains applied (``others``: the copies its other cards grant, lower case)."""
    order: list[str] = []
    count: dict[str, int] = {}
    shown: dict[str, str] = {}
    rest: list[SkillEntry] = []  # wildcards and anti-skills, kept as printed
    for sk in card.skills:
        if sk.wildcard or sk.is_anti:
            rest.append(sk)
            continue
        low = sk.name.lower()
        if low not in count:
            order.append(low)
            count[low] = 0
            shown[low] = sk.name
        count[low] += sk.count

    def has(name: str) -> bool:
        low = name.lower()
        return count.get(low, 0) + others.get(low, 0) > 0

    def add(name: str, n: int = 1) -> None:
        low = name.lower()
        if low not in count:
            order.append(low)
            count[low] = 0
            shown[low] = name
        count[low] += n

    if any(x.double for x in gains):
        for low in order:
            count[low] *= 2
    for x in gains:
        for name in x.skills:
            if not (x.only_new and has(name)):
                add(name)
        for have, other in x.instead.items():
            add(other if has(have) else have)
        if x.pierce_illusions:
            add(PIERCE_ILLUSIONS)
    for x in gains:
        for name, n in x.lose.items():
            low = name.lower()
            if low in count:
                count[low] = max(0, count[low] - n)
    skills = tuple(
        [SkillEntry(shown[low], count[low]) for low in order if count[low] > 0] + rest  # a lost Skill is gone
    )
    cats = [c for x in gains for c in x.categories if c not in card.categories]
    update: dict[str, object] = {"skills": skills}
    if cats:
        update["categories"] = (*card.categories, *dict.fromkeys(cats))
    if any(x.opposite_gender for x in gains) and card.gender in _OPPOSITE:
        update["gender"] = _OPPOSITE[card.gender]
    return evolve(card, **update)  # its Categories worked out again from the new ones (evolve)


_OPPOSITE: Final = {Gender.MALE: Gender.FEMALE, Gender.FEMALE: Gender.MALE}


def has_icon(g: Context, ch: CharacterState, icon: str, *, globals_too: bool = True) -> bool:
    """Whether a card the Character holds lets it go where the Location icon ``icon`` is needed (``gains``
    with ``icons``: Computer Link); ``globals_too``: its owner's Global Effects count (Great King Yemma)."""
    if not _holds_any(g, ch, _index(g).icons):
        return False
    for u, h in _held(g, ch):
        if not globals_too and g.card(u).type is CardType.GLOBAL_EFFECT:
            continue
        for x in h.gains:
            if icon in x.icons and applies(g, ch, x.who):
                return True
    return False


# ---------------------------------------------------------------------- permissions


def waives(g: Context, group: list[CharacterState], place_card: Card, *, once: bool = True) -> str | None:
    """The card that lets ``group`` Scavenge a Location of this kind without its requirement (``waive``);
    None when none does (``once``: a once-a-game card not yet spent counts too)."""
    return next((g.card(u).name for u, _w in _waivers(g, group, place_card, once)), None)


def _waivers(g: Context, group: list[CharacterState], place_card: Card, once: bool) -> Iterator[tuple[int, Waive]]:
    counters = g.state.counters
    for ch in group:
        if not (ch.enhancements or ch.carried or on_itself(g, ch)):
            continue
        for u, h in _held(g, ch):
            for w in h.waive:
                if w.once and (not once or counters.get(u * SLOTS + WAIVED_COUNTER, 0)):
                    continue
                fits = place_card.name in w.named if w.named else _is_kind(place_card, w.categories)
                if not w.cards and fits and applies(g, ch, w.who):
                    yield u, w


def once_waiver(g: Context, group: list[CharacterState], place_card: Card) -> int:
    """The once-a-game ``waive`` card (Alarm Clock) not yet spent that lets ``group`` Scavenge this Location; -1."""
    return next((u for u, w in _waivers(g, group, place_card, True) if w.once), -1)


def spend_waive(g: Context, uid: int) -> None:
    """A once-a-game ``waive`` card is spent for good."""
    g.state.counters[uid * SLOTS + WAIVED_COUNTER] = 1


def waives_card(g: Context, ch: CharacterState, card: Card) -> bool:
    """Whether a card ``ch`` holds (or its own card) lets it be given ``card`` without meeting the card's
    requirement (``waive`` with ``cards``: Specs and Science cards; CARD-23)."""
    if not _holds(g, ch):
        return False
    for _u, h in _held(g, ch):
        for w in h.waive:
            if w.cards and _is_kind(card, w.categories) and applies(g, ch, w.who):
                return True
    return False


def untouchable(g: Context, ch: CharacterState, by: str = "characters", dis: int | None = None) -> str | None:
    """The card that keeps every Character (``by``: or every Disaster; with ``named``, the Disaster ``dis`` when it
    is of one of those kinds) from attacking ``ch`` (``untouchable``); None."""
    if not _holds(g, ch):
        return None
    for u, h in _held(g, ch):
        for x in h.untouchable:
            if by in x.by and applies(g, ch, x.who) and (not x.company or _in_company(g, ch)):
                if x.named and (dis is None or not any(_is_kind(g.card(dis), (w,)) for w in x.named)):
                    continue  # only Disasters of its kinds (Sylvie: the 33-S Sexaroid)
                return g.card(u).name
    return None


def spares(g: Context, ch: CharacterState, other: CharacterState) -> bool:
    """Whether a card keeps ``ch`` from attacking ``other`` (``spares``: Agent "D" never attacks Royalty), read
    on ``other``'s own card and the cards it holds."""
    if not _holds(g, ch):
        return False
    for _u, h in _held(g, ch):
        for x in h.spares:
            if applies(g, ch, x.who) and _meets_one(g, other, x.whom):
                return True
    return False


def _meets_one(g: Context, ch: CharacterState, req: Requirement) -> bool:
    cards, ids = g._cards, g.state.cards
    held = [cards[ids[u]] for u in (*ch.carried, *ch.enhancements)]
    return meets(req, [cards[ids[ch.uid]]], held, anti_skill=g.rules.anti_skill)


def _in_company(g: Context, ch: CharacterState) -> bool:
    """Whether another Character stands at ``ch``'s Location."""
    return ch.pos != OFF and any(c.uid != ch.uid for c in g.characters_at(ch.pos))


def disasters_spare(g: Context, pool: list[CharacterState], dis: int | None = None) -> list[CharacterState]:
    """``pool`` (the Characters a Disaster may attack) without those a card keeps Disasters from attacking
    (``untouchable`` with ``by: disasters``: Katsuhiko Jinnai, Alielle)."""
    if not any(_holds(g, c) for c in pool):
        return pool
    return [c for c in pool if untouchable(g, c, "disasters", dis) is None]


def never_killed(g: Context, ch: CharacterState) -> int:
    """The card that keeps ``ch`` from being Killed (``never_killed``: it is Bonked instead); -1 when none. One
    that acts only once a game (``once``: Naomi Armitage) comes last, and only while unspent (:func:`spend_once`)."""
    if not _holds(g, ch):
        return -1
    later = -1
    for u, h in _held(g, ch):
        for x in h.never_killed:
            if not applies(g, ch, x.who):
                continue
            if not x.once:
                return u
            if later < 0 and not g.state.counters.get(u * SLOTS + COMEBACK_COUNTER):
                later = u
    return later


def once_only(g: Context, u: int) -> bool:
    """Whether the card ``u`` keeps its bearer from being Killed only once a game (``never_killed`` with
    ``once``: Naomi Armitage)."""
    h = facts(g._cards[g.state.cards[u]])
    return h is not None and bool(h.never_killed) and all(x.once for x in h.never_killed)


def spend_once(g: Context, u: int) -> None:
    """The card ``u`` has just kept its bearer from being Killed: a ``never_killed`` of it that acts once a game
    is spent (Naomi Armitage)."""
    if once_only(g, u):
        g.state.counters[u * SLOTS + COMEBACK_COUNTER] = 1


_WARDS: dict[int, tuple[list[str], dict[int, tuple[NeverKilled, ...]]]] = {}


# What each per-list fact below looks for in a card (statics.instances_where: found once per card database)
def _wards(card: Card) -> tuple[NeverKilled, ...]:
    return tuple(
        e.do for e in card.effects if e.when == "static" and isinstance(e.do, NeverKilled) and e.do.who.among == "party"
    )


def _negates(card: Card) -> tuple[Negates, ...]:
    return tuple(e.do for e in card.effects if e.when == "static" and isinstance(e.do, Negates))


def _cancels(card: Card) -> tuple[Cancels, ...]:
    return tuple(e.do for e in card.effects if isinstance(e.do, Cancels))


def _spoils(card: Card) -> tuple[Spoils, ...]:
    return of_kind_static(card, Spoils)


def warden(g: Context, ch: CharacterState) -> tuple[int, NeverKilled | None]:
    """A Character of ``ch``'s player standing at its Location (``ch`` itself too) whose own card keeps its party
    from being Killed (``never_killed`` on ``who: {among: party}``: Dr. Tofu), with that effect; (-1, None) when
    none (the instances with such a card are found once per card list)."""
    s = g.state
    cards = g._cards

    def make(listed: list[str]) -> dict[int, tuple[NeverKilled, ...]]:
        return {u: _wards(cards[listed[u]]) for u in instances_where(cards, listed, "never_killed_party", _wards)}

    found = per_card_list(_WARDS, s.cards, make)
    if not found or ch.pos == OFF:
        return -1, None
    for u, ward in found.items():
        c = s.characters.get(u)
        if c is None or c.pos != ch.pos or c.owner != ch.owner or c.bonked_at >= 0:
            continue
        for x in ward:
            if applies(g, ch, x.who):
                return u, x
    return -1, None


def saver(g: Context, ch: CharacterState) -> int:
    """The card Discarded instead of ``ch`` being Bonked or Killed (``saves``: Robot Slave); -1 when none."""
    if not ch.enhancements and not ch.carried:
        return -1
    for u, h in _held(g, ch):
        if h.saves:
            return u
    return -1


_PARTY_SAVERS: dict[int, tuple[list[str], frozenset[int]]] = {}


def party_savers(g: Context) -> frozenset[int]:
    """The instances whose card saves any Character of its bearer's party (Robot Slave), once per card list."""
    cards = g._cards

    def make(listed: list[str]) -> frozenset[int]:
        ids = {c for c in set(listed) if c in cards and (h := facts(cards[c])) is not None and h.saves_party}
        return frozenset(u for u, c in enumerate(listed) if c in ids)

    return per_card_list(_PARTY_SAVERS, g.state.cards, make)


def party_saver(g: Context, ch: CharacterState) -> tuple[int, CharacterState | None]:
    """A card carried by another Character of ``ch``'s party (its player's, standing with it, not Bonked) that is
    Discarded instead of ``ch`` being Bonked or Killed (``saves`` for the party: Robot Slave); (-1, None) when
    none."""
    found = party_savers(g)
    if not found or ch.pos == OFF:
        return -1, None
    for c in sorted(g.characters_at(ch.pos, ch.owner), key=lambda c: c.uid):
        if c.uid == ch.uid or c.bonked_at >= 0:
            continue
        for u in (*c.enhancements, *c.carried):
            if u in found:
                return u, c
    return -1, None


_COVERS: dict[str, tuple[Card, tuple[CoverRetreat, ...]]] = {}


def _covers(card: Card) -> tuple[CoverRetreat, ...]:
    """The card's ``cover_retreat`` effects (per card, keyed and checked as :func:`facts`)."""
    return per_card(
        _COVERS, card, lambda c: tuple(e.do for e in c.effects if e.when == "static" and isinstance(e.do, CoverRetreat))
    )


def retreat_covers(g: Context, runners: list[CharacterState]) -> list[int]:
    """The cards on ``runners`` (one player's Characters Running Away together) that may be Discarded so that
    the Disaster gets no last attack on them (``cover_retreat``: Yosho Masaki), in the order they are held."""
    cards, ids = g._cards, g.state.cards
    out = []
    for ch in runners:
        for u in (*ch.enhancements, *ch.carried):
            if any(applies(g, ch, x.who) for x in _covers(cards[ids[u]])):
                out.append(u)
    return out


_WEARS: dict[str, tuple[Card, int]] = {}


def wears(card: Card) -> int:
    """The damage after which the card is Discarded (``wears_out``); 0 when it has none (most cards)."""
    return per_card(
        _WEARS,
        card,
        lambda c: next((e.do.damage for e in c.effects if e.when == "static" and isinstance(e.do, WearsOut)), 0),
    )


def worn_out(g: Context, chars: list[CharacterState], healing: bool = False) -> list[int]:
    """The cards on ``chars`` (Characters in a fight) whose bearer has now taken their ``wears_out`` damage in
    all: the damage of earlier fights (kept in the counter) and this fight's (its ``damage``); the caller
    Discards them. ``healing``: the fight is over and its damage is about to heal, so it is added to the
    counters first."""
    s = g.state
    cards, ids = g._cards, s.cards
    out = []
    for ch in chars:
        # the damage Weapons dealt it while a card kept it from its Equipment (Avoid Fire) counts for none of them
        spared = s.counters.get(ch.uid * SLOTS + SPARED_COUNTER, 0) if s.counters else 0
        if healing and spared:
            del s.counters[ch.uid * SLOTS + SPARED_COUNTER]
        if not ch.carried and not ch.enhancements:
            continue
        damage = max(0, ch.damage - spared)
        for u in (*ch.enhancements, *ch.carried):
            most = wears(cards[ids[u]])
            if not most:
                continue
            key = u * SLOTS + WEAR_COUNTER
            total = s.counters.get(key, 0) + damage
            if total >= most:
                s.counters.pop(key, None)
                out.append(u)
            elif healing and damage:
                s.counters[key] = total
    return out


_THROUGH: dict[str, tuple[Card, int]] = {}


def _through(card: Card) -> int:
    """How many pieces of Equipment may be played through the card (``equip_through``); 0 for most cards."""
    return per_card(
        _THROUGH,
        card,
        lambda c: next((e.do.pieces for e in c.effects if e.when == "static" and isinstance(e.do, EquipThrough)), 0),
    )


def _through_card(g: Context, ch: CharacterState) -> int:
    """The first card on ``ch`` that Equipment may still be played through; -1 when none."""
    cards, ids, counters = g._cards, g.state.cards, g.state.counters
    for u in ch.carried:
        most = _through(cards[ids[u]])
        if most and counters.get(u * SLOTS + EQUIP_COUNTER, 0) < most:
            return u
    return -1


def equip_through(g: Context, seat: int) -> list[CharacterState]:
    """``seat``'s Characters on Locations (not in a Haven) that Equipment may be played on through a card they
    carry with pieces left (``equip_through``: Control Cube)."""
    s = g.state
    return [
        c
        for c in s.characters.values()
        if c.owner == seat
        and c.pos != OFF
        and c.bonked_at < 0
        and c.carried
        and not s.places[c.pos].haven
        and _through_card(g, c) >= 0
    ]


def through_left(g: Context, ch: CharacterState) -> int:
    """The card on ``ch`` that Equipment may still be played through (``equip_through`` with pieces left), or -1."""
    return _through_card(g, ch)


def equipped_through(g: Context, ch: CharacterState) -> bool:
    """A piece of Equipment was played on ``ch`` through its card: one of that card's pieces is spent (False:
    ``ch`` carries no such card with pieces left)."""
    u = _through_card(g, ch)
    if u < 0:
        return False
    key = u * SLOTS + EQUIP_COUNTER
    g.state.counters[key] = g.state.counters.get(key, 0) + 1
    return True


_SKIPS: dict[str, tuple[Card, bool]] = {}


def skips_skill(g: Context, group: list[CharacterState]) -> tuple[CharacterState, int] | None:
    """A card of ``group`` (and its bearer) that lets it Scavenge with one Skill of a requirement missing
    (``skip_skill``: Electronic Day Planner); None when none does."""
    cards, ids = g._cards, g.state.cards
    for ch in group:
        for u in ch.carried:
            card = cards[ids[u]]
            found = _SKIPS.get(card.id)
            if found is None or found[0] is not card:
                if len(_SKIPS) > 50_000:
                    _SKIPS.clear()
                made = any(e.when == "static" and isinstance(e.do, SkipSkill) for e in card.effects)
                found = _SKIPS[card.id] = (card, made)
            if found[1]:
                return ch, u
    return None


_BORROWS: dict[str, tuple[Card, str | None]] = {}


def _borrows(card: Card) -> str | None:
    """The Skill whose holders lend their Skills to the card's bearer (``borrow_skill``); None for most cards."""
    found = _BORROWS.get(card.id)
    if found is None or found[0] is not card:
        if len(_BORROWS) > 50_000:
            _BORROWS.clear()
        made = next((e.do.lender for e in card.effects if e.when == "static" and isinstance(e.do, BorrowSkill)), None)
        found = _BORROWS[card.id] = (card, made)
    return found[1]


def borrowed(g: Context, group: list[CharacterState]) -> list[tuple[CharacterState, str]]:
    """The Skills a Character of ``group`` may use through a card it wears (``borrow_skill``: Data Stream): each
    Skill of its player's Characters in play (a Haven or the Field, not Bonked) that have the lender Skill, with
    the bearer; empty when no card of the group lends any."""
    from_cards = []
    cards, ids = g._cards, g.state.cards
    for ch in group:
        for u in ch.enhancements:
            lender = _borrows(cards[ids[u]])
            if lender is not None:
                from_cards.append((ch, lender.lower()))
    if not from_cards:
        return []
    out: list[tuple[CharacterState, str]] = []
    for ch, lender in from_cards:
        seen: set[str] = set()
        for c in sorted(g.state.characters.values(), key=lambda c: c.uid):
            if c.owner != ch.owner or c.pos == OFF or c.bonked_at >= 0:
                continue
            skills = cards[ids[c.uid]].skills
            if not any(sk.name.lower() == lender and sk.count > 0 for sk in skills):
                continue
            for sk in skills:
                if not sk.wildcard and not sk.is_anti and sk.name.lower() not in seen:
                    seen.add(sk.name.lower())
                    out.append((ch, sk.name))
    return out


def stays_on(g: Context, ch: CharacterState) -> list[int]:
    """The Enhancements that stay on ``ch`` when it is Bonked (``never_killed`` with ``stays``; ``stays_on``)."""
    if not ch.enhancements:
        return []
    cards, ids = g._cards, g.state.cards
    out = []
    for u in ch.enhancements:
        h = facts(cards[ids[u]])
        if h is not None and (h.stays or any(x.stays for x in h.never_killed)):
            out.append(u)
    return out


def refuses(g: Context, card_uid: int, ch: CharacterState) -> bool:
    """Whether ``ch`` may not be given the card ``card_uid``: it has a copy already (``single`` with
    ``refuse``)."""
    h = facts(g.card(card_uid))
    if h is None:
        return False
    ids = g.state.cards
    held = (*ch.enhancements, *ch.carried)
    if h.single is not None and h.single.refuse and any(ids[u] == ids[card_uid] for u in held):
        return True
    for lim in h.limits:
        if lim.named is None:  # at most ``count`` of its name, or what a card its bearer holds allows (the Key)
            name = g.card(card_uid).name
            have = sum(1 for u in ch.carried if g.card(u).name == name)
            if have >= _allowed(g, ch, name, lim.count):
                return True
    return False


def limited(g: Context, card_uid: int) -> bool:
    """Whether the card limits how many of its name one Character carries (``carry_limit``: Power Gem)."""
    h = facts(g.card(card_uid))
    return h is not None and bool(h.limits)


def _allowed(g: Context, ch: CharacterState, name: str, count: int) -> int:
    """How many cards named ``name`` ``ch`` may carry: ``count``, or more where a card it holds says so."""
    for _, h in _held(g, ch):
        for lim in h.limits:
            if lim.named == name and applies(g, ch, lim.who):
                count = max(count, lim.count)
    return count


def cost(g: Context, card_uid: int, printed: int, ch: CharacterState | None) -> int:
    """The Energy ``ch`` pays for the card ``card_uid`` whose printed cost is ``printed`` (``discount``)."""
    if ch is None or printed <= 0:
        return printed
    h = facts(g.card(card_uid))
    if h is None or not h.discount:
        return printed
    for x in h.discount:
        if x.halve and applies(g, ch, x.who):
            return printed // 2
    return printed


_EXTRA: dict[str, tuple[Card, tuple[ExtraPlay, ...]]] = {}
_FITS: dict[str, tuple[Card, frozenset[str]]] = {}


def extra_plays(g: Context, seat: int, kind: str) -> int:
    """How many more cards of type ``kind`` (a CardType value) ``seat`` may play this Equip phase beyond the one
    of TURN-14: the ``extra_play`` effects of its Characters standing in play (Bulma)."""
    s = g.state
    cards, ids = g._cards, s.cards
    total = 0
    for c in s.characters.values():
        if c.owner != seat or c.pos == OFF or c.bonked_at >= 0:
            continue
        found = per_card(
            _EXTRA,
            cards[ids[c.uid]],
            lambda k: tuple(e.do for e in k.effects if e.when == "static" and isinstance(e.do, ExtraPlay)),
        )
        total += sum(x.count for x in found if kind in x.types and applies(g, c, x.who))
    return total


def fits(g: Context, ch: CharacterState, kind: str) -> bool:
    """Whether ``ch`` meets the requirement of any card of type ``kind`` through its own card (``fits``: Makoto
    Mizuhara and Equipment)."""
    got = per_card(
        _FITS,
        g._cards[g.state.cards[ch.uid]],
        lambda k: frozenset(t for e in k.effects if e.when == "static" and isinstance(e.do, Fits) for t in e.do.types),
    )
    return kind in got


_NEGATES: dict[int, tuple[list[str], dict[int, tuple[Negates, ...]]]] = {}


def negator(g: Context, card: Card) -> tuple[int, Negates | None]:
    """A Character standing in play whose card ``negates`` the Disaster ``card`` (Dailey Wong: Red Tape; by kind,
    Lt. Randolph: the Legal ones), with that effect; (-1, None) when none (the instances with such a card are
    found once per card list)."""
    s = g.state
    cards = g._cards

    def make(listed: list[str]) -> dict[int, tuple[Negates, ...]]:
        return {u: _negates(cards[listed[u]]) for u in instances_where(cards, listed, "negates", _negates)}

    for u, found in per_card_list(_NEGATES, s.cards, make).items():
        c = s.characters.get(u)
        if c is None or c.pos == OFF or c.bonked_at >= 0:
            continue
        for x in found:
            if card.id in x.cards or _is_kind(card, x.kinds):
                return u, x
    return -1, None


_CANCELS: dict[int, tuple[list[str], tuple[dict[int, tuple[Cancels, ...]], frozenset[int]]]] = {}


def _cancelled_by(card: Card, x: Cancels) -> bool:
    """Whether ``x`` cancels the card (its type, a word of its name)."""
    return card.type.value in x.types and any(w.lower() in card.name.lower() for w in x.named)


def cancelled(g: Context) -> list[tuple[int, int]]:
    """The cards in play that a Character standing in play ``cancels`` (Nanami Jinnai: the Disguises), each with
    that Character: (card, canceller). The instances of such Characters and of the cards they name are found once
    per card list, so a game without both pays a dict test."""
    s = g.state
    cards = g._cards

    def make(listed: list[str]) -> tuple[dict[int, tuple[Cancels, ...]], frozenset[int]]:
        by = {u: _cancels(cards[listed[u]]) for u in instances_where(cards, listed, "cancels", _cancels)}
        if not by:
            return by, frozenset()
        kinds = [x for xs in by.values() for x in xs]
        named = frozenset(
            u
            for u, c in enumerate(listed)
            if (k := cards.get(c)) is not None and any(_cancelled_by(k, x) for x in kinds)
        )
        return by, named

    by, named = per_card_list(_CANCELS, s.cards, make)
    if not by or not named:
        return []
    out: list[tuple[int, int]] = []
    seen: set[int] = set()
    for u, found in sorted(by.items()):
        c = s.characters.get(u)
        if c is None or c.pos == OFF or c.bonked_at >= 0:
            continue
        for holder in sorted(s.characters.values(), key=lambda c: c.uid):
            for v in (*holder.enhancements, *holder.carried):
                if v in named and v not in seen and any(_cancelled_by(cards[s.cards[v]], x) for x in found):
                    seen.add(v)
                    out.append((v, u))
    return out


_SPOILS: dict[int, tuple[list[str], tuple[dict[int, Spoils], frozenset[int]]]] = {}


def spoiled(g: Context) -> list[tuple[int, int]]:
    """The Items carried by a Character whose card ``spoils`` their kind (Kozo Karino: Food), each with that
    Character: (Item, Character). The instances of both are found once per card list: a game without them pays a
    dict test."""
    s = g.state
    cards = g._cards

    def make(listed: list[str]) -> tuple[dict[int, Spoils], frozenset[int]]:
        by = {u: _spoils(cards[listed[u]])[0] for u in instances_where(cards, listed, "spoils", _spoils)}
        if not by:
            return by, frozenset()
        kinds = tuple(k for x in by.values() for k in x.kinds)
        items = frozenset(
            u
            for u, c in enumerate(listed)
            if c in cards and cards[c].type is CardType.ITEM and kinds and _is_kind(cards[c], kinds)
        )
        return by, items

    by, items = per_card_list(_SPOILS, s.cards, make)
    if not by or not items:
        return []
    out: list[tuple[int, int]] = []
    for u, x in sorted(by.items()):
        c = s.characters.get(u)
        if c is None or c.bonked_at >= 0:
            continue
        out += [(v, u) for v in c.carried if v in items and _is_kind(cards[s.cards[v]], x.kinds)]
    return out


def of_kind_static(card: Card, kind: type[Spoils]) -> tuple[Spoils, ...]:
    """The card's static effects of one kind (a small reader for the indexes built once per card list)."""
    return tuple(e.do for e in card.effects if e.when == "static" and isinstance(e.do, kind))


def location_genders(g: Context, group: list[CharacterState]) -> list[tuple[int, Gender]]:
    """The Characters of ``group`` (by index) that may count as another gender toward a Location's Scavenge
    requirement (``gains`` with ``location_gender``: Leona Ozaki), with that gender."""
    out: list[tuple[int, Gender]] = []
    for i, ch in enumerate(group):
        if not _holds(g, ch):
            continue
        for _u, h in _held(g, ch):
            got = next((x.location_gender for x in h.gains if x.location_gender and applies(g, ch, x.who)), None)
            if got is not None:
                out.append((i, Gender(got)))
                break
    return out


_MORE_USES: dict[int, tuple[list[str], dict[int, tuple[MoreUses, ...]]]] = {}


def more_uses(g: Context, card_uid: int) -> int:
    """How many more uses the card ``card_uid`` has from its owner's Characters standing in play (``more_uses``:
    Chief Servant Londs and Palace Guard); 0 for most cards (the instances with such a card are found once per
    card list)."""
    s = g.state
    cards = g._cards

    def make(listed: list[str]) -> dict[int, tuple[MoreUses, ...]]:
        out: dict[int, tuple[MoreUses, ...]] = {}
        for u, c in enumerate(listed):
            k = cards.get(c)
            if k is not None and (
                got := tuple(e.do for e in k.effects if isinstance(e.do, MoreUses) and e.do.card is not None)
            ):
                out[u] = got
        return out

    found = per_card_list(_MORE_USES, s.cards, make)
    if not found:
        return 0
    name, owner = s.cards[card_uid], s.owner[card_uid]
    total = 0
    for u, records in found.items():
        c = s.characters.get(u)
        if c is not None and c.owner == owner and c.pos != OFF and c.bonked_at < 0:
            total += sum(x.count for x in records if x.card == name)
    return total


_ALTERNATES: dict[str, tuple[Card, int]] = {}


def alternates(card: Card) -> int:
    """The rounds a Character spends in each of its two forms in turn (``alternates``: Lunch); 0 for most."""
    return per_card(
        _ALTERNATES,
        card,
        lambda c: next((e.do.rounds for e in c.effects if e.when == "static" and isinstance(e.do, Alternates)), 0),
    )
