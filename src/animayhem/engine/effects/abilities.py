"""The one modifier pipeline for ability values (RULES.md CARD-4, AMB-10, AMB-11, COMBAT-12).

Every Attack, Defense, Movement, Charm and Energy a rule reads comes from :func:`value`:
printed base (current form) → replacements (the latest wins) → lasting ``+ − × ÷`` modifiers in the order
their cards were attached → this round's modifiers (:func:`apply_mods`, Combat cards) → clamp at 0.
Health is separate: the printed base Defense, or the card's own Health (COMBAT-12).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from animayhem.cards.effects import attacks_as_disaster, use_printed
from animayhem.cards.model import Card, CardType
from animayhem.cards.stats import ABILITIES, StatKind, StatTarget, StatValue, modifier
from animayhem.engine.core.state import OFF, CharacterState
from animayhem.engine.effects import bearer, lasting
from animayhem.engine.effects.allies import ally_bonus

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


# Per-card facts the pipeline reads on every call, worked out once per Card object (cards are immutable):
# the printed base values and the card's own modifiers, by ability (without the ones its record withholds,
# so withholding costs nothing per call) and its Health. Keyed on the card id and checked to be that very Card
# object (another database in the process, as in tests, may hold another card under the same id: it is worked
# out again).
_CardFacts = tuple[Card, dict[str, tuple[int, int | None]], dict[str, StatValue], int | None, bearer.Held | None]
_FACTS: dict[str, _CardFacts] = {}
_ABILITY_SET: Final = frozenset(ABILITIES)
# no printed modifiers: an Item's reach its bearer only through its records, a Character's card has none of itself
_NO_MODS: dict[str, StatValue] = {}
# the kinds of modifier, read at every value: a member read through its Enum class costs several times a
# module constant's (EnumType's __getattr__ hook), the compiled engine's most of all
_SET: Final = StatKind.SET
_ADD: Final = StatKind.ADD
_MUL: Final = StatKind.MUL
_DIV: Final = StatKind.DIV
_DROP: Final = StatKind.DROP


def _facts(card: Card) -> _CardFacts:
    f = _FACTS.get(card.id)
    if f is None or f[0] is not card:
        base: dict[str, tuple[int, int | None]] = {}
        own: dict[str, StatValue] = {}
        on_use = use_printed(card.effects) if card.effects else frozenset()  # what a use gives (activated.py)
        for a in ABILITIES:
            sv = card.stat(a)
            if sv is None or sv.value is None:
                continue
            if sv.kind is StatKind.BASE:
                base[a] = (sv.value, sv.alt)
            if sv.is_modifier and sv.target is StatTarget.SELF and a not in card.withheld and a not in on_use:
                own[a] = sv  # a withheld number (Card.withheld) is never a modifier of its holder
        if card.vehicle is not None:  # CARD-13: a vehicle's own values are its own; a bonus goes to its driver
            own = {a: sv for a, sv in own.items() if sv.kind is not StatKind.SET}
        elif card.on_vehicle is not None and not card.on_vehicle.characters:
            own = {}  # it goes on a vehicle only (Turbo Boost: the vehicle's Movement, vehicles.py)
        health = card.base_health
        raid = attacks_as_disaster(card.effects) if card.effects else None
        if raid is not None:  # the card attacks as a Disaster: the numbers its use names are its own (Robot Guard)
            for a in raid[1].printed:
                sv = card.stat(a)
                if sv is not None and sv.value is not None:
                    base[a] = (sv.value, None)
            health = base["defense"][0] if "defense" in base else health
        if len(_FACTS) > 50_000:  # many card databases in one process (tests): start again
            _FACTS.clear()
        f = _FACTS[card.id] = (card, base, own, health, bearer.facts(card))
    return f


def printed(g: Context, uid: int, ability: str) -> int:
    if ability in _ABILITY_SET:
        pv = _facts(g.card(uid))[1].get(ability)
        if pv is None:
            return 0
        if pv[1] is not None:
            ch = g.state.characters.get(uid)
            if ch is not None and ch.form:
                return pv[1]  # CARD-5: a transformed Character uses its right-hand values
            if (g.state.statics or g.state.lasting) and lasting.alt_form(g, uid):
                return pv[1]  # a card in play switches its form (Full Moon, Auntie Saotome, Zarbon)
        return pv[0]
    sv = g.card(uid).stat(ability)
    if sv is None or sv.value is None or sv.kind is not StatKind.BASE:
        return 0
    ch = g.state.characters.get(uid)
    if ch is not None and ch.form and sv.alt is not None:
        return sv.alt  # CARD-5: a transformed Character uses its right-hand values
    return sv.value


def lasting_modifiers(g: Context, uid: int, ability: str, against: int | None = None) -> list[StatValue]:
    """Modifiers from a Character's Enhancements, Equipment and its owner's Global Effects, in that order.

    Only a card's own printed modifiers count, for its holder (CARD-4, CARD-11, CARD-12, CARD-14);
    modifiers aimed at an opponent, vehicles and numbers a card's record withholds (``Card.withheld``: its text
    gives them to someone else or under a condition not executed yet) wait for the rules that use them. Two
    pieces of Equipment boosting one ability follow ``equipment_overlap`` (CONF-30, AMB-36): under
    ``block_piece`` the later piece gives nothing at all; under ``per_ability`` the first piece carried supplies
    each ability.
    """
    s = g.state
    ch = s.characters.get(uid)
    if ch is None:
        return []
    if ability in _ABILITY_SET:
        return _lasting_fast(g, ch, ability, against)
    out = [sv for e in ch.enhancements if (sv := _own(g, e, ability)) is not None]
    boosted: set[str] = set()
    block = g.rules.equipment_overlap == "block_piece"
    for u in ch.carried:
        card = g.card(u)
        if card.type is not CardType.EQUIPMENT:
            continue
        mods = {a: sv for a in ABILITIES if (sv := _own(g, u, a)) is not None}
        if not mods:
            continue
        if block:
            if boosted & mods.keys():
                continue  # CARD-12 (000): the second piece is unusable as a whole
            boosted |= mods.keys()
            if ability in mods:
                out.append(mods[ability])
        elif ability in mods and ability not in boosted:
            out.append(mods[ability])
            boosted.add(ability)
    p = s.players[ch.owner]
    if p.globals and ch.pos != OFF and (g.rules.global_scope == "all" or not s.places[ch.pos].haven):
        out += [sv for u in p.globals if (sv := _own(g, u, ability)) is not None]
    return out


def _lasting_sources(
    g: Context, ch: CharacterState, uids: list[int] | None = None, against: int | None = None
) -> list[dict[str, StatValue]]:
    """The lasting modifiers on a Character, one mapping per card that counts, in order: its Enhancements, the
    Equipment it may use (CARD-12: under ``block_piece`` a piece boosting an ability already boosted is
    unusable as a whole; otherwise only that ability's second bonus is dropped), its owner's Global Effects
    (CARD-14, scope per ``global_scope``). Read from the per-card facts. A bonus with limited uses counts while
    its card is carried: its last use Discards it (CARD-17, effects/uses.py). A card with static effects on
    its bearer gives what they make of its printed numbers (effects/bearer.py; ``against``: the Disaster the
    Character fights, when asked in a fight). ``uids``, when given, gets the card of each mapping."""
    s = g.state
    cards, ids = g._cards, s.cards
    out: list[dict[str, StatValue]] = []
    held = _facts(cards[ids[ch.uid]])[4]
    less = bearer.trimmed(held, "equipment") if ch.carried else None  # each Equipment bonus lower (Goku)
    if held is not None and held.modifies:  # its own card's effects on itself (effects/bearer.py)
        mods = bearer.own_mods(g, ch, held, _NO_MODS, against, ch.uid)
        if mods:
            out.append(mods)
            if uids is not None:
                uids.append(ch.uid)
    if held is not None and held.absorbs and (mods := bearer.absorbed(g, ch.uid)):  # taken from the Killed (Piccolo)
        out.append(mods)
        if uids is not None:
            uids.append(ch.uid)
    for e in ch.enhancements:
        f = _facts(cards[ids[e]])
        mods = f[2]
        if f[4] is not None:  # its static effects on its bearer (effects/bearer.py)
            mods = (
                {}
                if f[4].single is not None and bearer.repeated(g, ch, e)
                else bearer.own_mods(g, ch, f[4], mods, against, e)
            )
        if mods:
            out.append(mods)
            if uids is not None:
                uids.append(e)
    if ch.carried:
        boosted: set[str] = set()
        block = g.rules.equipment_overlap == "block_piece"
        for u in ch.carried:
            card = cards[ids[u]]
            if card.type is not CardType.EQUIPMENT:
                if card.type is CardType.ITEM and (held := _facts(card)[4]) is not None and held.modifies:
                    # an Item counts through its effect records only (its printed numbers are not its bearer's
                    # unless a record says so: Compact, Training Book), apart from the Equipment's overlap rule
                    item = bearer.own_mods(g, ch, held, _NO_MODS, against, u)
                    if item:
                        out.append(item)
                        if uids is not None:
                            uids.append(u)
                continue
            f = _facts(card)
            mods = f[2]
            if f[4] is not None:  # its static effects on its bearer (effects/bearer.py)
                mods = (
                    {}
                    if f[4].single is not None and bearer.repeated(g, ch, u)
                    else bearer.own_mods(g, ch, f[4], mods, against, u)
                )
            if not mods:
                continue
            if less is not None:
                mods = bearer.trim(mods, less)
            if block:
                if boosted & mods.keys():
                    continue  # CARD-12 (000): the second piece is unusable as a whole
                usable = mods
            else:
                usable = {a: sv for a, sv in mods.items() if a not in boosted}
            boosted |= usable.keys()
            if usable:
                out.append(usable)
                if uids is not None:
                    uids.append(u)
    p = s.players[ch.owner]
    if p.globals and ch.pos != OFF and (g.rules.global_scope == "all" or not s.places[ch.pos].haven):
        for u in p.globals:
            f = _facts(cards[ids[u]])
            mods = f[2]
            if f[4] is not None:  # its bearer effects reach each of its owner's Characters (effects/bearer.py)
                mods = bearer.own_mods(g, ch, f[4], mods, against, u)
            if mods:
                out.append(mods)
                if uids is not None:
                    uids.append(u)
    if g.aura_uids():  # the auras of the Characters of its party (Bubbles, Kami), by the Character giving one
        for src, mods in lasting.aura_mods(g, ch):
            out.append(mods)
            if uids is not None:
                uids.append(src)
    return out


def counted(g: Context, ch: CharacterState, ability: str) -> list[int]:
    """The cards of a Character whose lasting modifier to ``ability`` counts now, in the pipeline's order (its
    Enhancements, the Equipment it may use, its owner's Global Effects): those whose use a rule spends."""
    uids: list[int] = []
    sources = _lasting_sources(g, ch, uids)
    return [u for u, mods in zip(uids, sources, strict=True) if ability in mods]


def _lasting_fast(g: Context, ch: CharacterState, ability: str, against: int | None = None) -> list[StatValue]:
    """:func:`lasting_modifiers` for one of the five abilities, from the per-card facts (same result)."""
    return [mods[ability] for mods in _lasting_sources(g, ch, None, against) if ability in mods]


def _own(g: Context, uid: int, ability: str) -> StatValue | None:
    if ability in _ABILITY_SET:
        return _facts(g.card(uid))[2].get(ability)
    sv = g.card(uid).stat(ability)
    if sv is None or not sv.is_modifier or sv.value is None or sv.target is not StatTarget.SELF:
        return None
    return sv


def apply_mods(base: int, mods: Iterable[StatValue]) -> int:
    """Apply replacements first (the latest wins), then + − × ÷ in order; ÷ rounds down (AMB-11)."""
    mods = list(mods)
    value = base
    for m in mods:
        if m.kind is _SET and m.value is not None:
            value = m.value
    for m in mods:
        if m.value is None:
            continue
        kind = m.kind
        if kind is _ADD:
            value += m.value
        elif kind is _MUL:
            value *= m.value
        elif kind is _DIV and m.value:
            value //= m.value
        elif kind is _DROP:  # never below its floor, and a value already lower stays (I'm Buyin')
            value = max(value + m.value, min(value, m.floor or 0))
    return value


def horde_bonus(g: Context, uid: int) -> int:
    """DIS-28 (EX-8): every other «Horde» Disaster in play that shares a further Category with this one gives
    it +1 Attack and +1 Defense (two Hordes of one kind boost each other; a Horde never boosts itself)."""
    s = g.state
    if uid not in s.disasters:
        return 0
    cards, ids = g._cards, s.cards
    mine = _horde(cards[ids[uid]])[1]
    if not mine:
        return 0
    bonus = 0
    for d in s.disasters.values():
        if d.uid == uid or not (d.entered or d.off_field):
            continue
        horde, other = _horde(cards[ids[d.uid]])
        if horde and not mine.isdisjoint(other):
            bonus += 1
    return bonus


_HORDE: dict[str, tuple[Card, bool, frozenset[str]]] = {}


def _horde(card: Card) -> tuple[bool, frozenset[str]]:
    """Whether the card is a «Horde», and its other Categories (per card, keyed and checked as ``_facts``)."""
    found = _HORDE.get(card.id)
    if found is None or found[0] is not card:
        cats = card.category_set
        found = _HORDE[card.id] = (card, "Horde" in cats, cats - {"Horde"})
    return found[1], found[2]


def value(g: Context, uid: int, ability: str, round_mods: Iterable[StatValue] = (), against: int | None = None) -> int:
    """``against``: the Character a Disaster is fighting, when that matters (COMBAT-39: an ally it charmed
    gives the primary nothing against it); the Disaster a Character is fighting (a card it holds may give it
    a bonus against some kinds, and lower the values of the Disaster fighting it, effects/bearer.py)."""
    base = printed(g, uid, ability)
    s = g.state
    mods = lasting_modifiers(g, uid, ability, against) if uid in s.characters else []
    if s.statics or s.lasting or (uid in s.disasters and lasting.characters_on_disasters(g)):
        mods += lasting.modifiers(g, uid, ability)  # card effects in force (engine/effects/lasting.py)
    if ability in ("attack", "defense") and uid in s.disasters:
        bonus = horde_bonus(g, uid) + ally_bonus(g, uid, ability, against)  # DIS-28, DIS-26
        if bonus:
            mods.append(modifier(_ADD, bonus))
        if against is not None and against in s.characters:  # a card of the Character it fights (Pruning Shears)
            mods += bearer.opponent_mods(g, [against], ability, uid)
    if round_mods:
        mods = [*mods, *round_mods]
    v = apply_mods(base, mods) if mods else base
    return max(0, v)


@dataclass(slots=True, init=False)  # not frozen: built at every view, and a frozen one is slower to build
class Reading:
    """What many value queries against one unchanged state share, worked out once (a view reads every value
    on the Field from one): the card effects in force, each Disaster's Horde bonus (DIS-28) and the Disasters
    that have allies (DIS-26). :func:`values` and :func:`max_health` give the same answers with it as without."""

    effects: lasting.InForce
    horde: dict[int, int]  # Disaster uid -> its Horde bonus (absent: none)
    primaries: frozenset[int]  # the Disasters some other Disaster is allied with

    # written out: the compiled engine compiles it (lasting.InForce says why)
    def __init__(self, effects: lasting.InForce, horde: dict[int, int], primaries: frozenset[int]) -> None:
        self.effects = effects
        self.horde = horde
        self.primaries = primaries


def reading(g: Context) -> Reading:
    s = g.state
    horde: dict[int, int] = {}
    primaries: set[int] = set()
    if s.disasters:
        cards, ids = g._cards, s.cards
        hordes = False
        for d in s.disasters.values():
            if d.ally_of != OFF:
                primaries.add(d.ally_of)
            if not hordes and (d.entered or d.off_field):
                hordes = "Horde" in cards[ids[d.uid]].category_set
        if hordes:
            horde = {u: b for u in s.disasters if (b := horde_bonus(g, u))}
    return Reading(lasting.in_force(g), horde, frozenset(primaries))


_SHOWN: Final = ("attack", "defense", "movement", "energy")


def character_shown(g: Context, ch: CharacterState, r: Reading) -> tuple[int, int, int, int, int]:
    """A Character's Attack, Defense, Movement and Energy (:func:`values`) and its Health before damage
    (:func:`max_health`), read from one :func:`reading` of the state, as a view shows them: the card and its
    facts are looked up once, and a Character that neither its cards nor any effect change shows its printed
    values at once."""
    s = g.state
    uid = ch.uid
    if uid in s.disasters:  # a card both Character and Disaster: the general pipeline
        attack, defense, movement, energy = values(g, uid, _SHOWN, r)
        return attack, defense, movement, energy, max_health(g, uid, r)
    card = g._cards[s.cards[uid]]
    facts = _facts(card)
    f = r.effects
    own_cards = (
        ch.enhancements or ch.carried or s.players[ch.owner].globals or facts[4] is not None or bool(g.aura_uids())
    )
    mods = _lasting_all(g, ch) if own_cards else {}
    effects = bool(s.statics or s.lasting) and f.may_change_shown(uid)
    if mods or ch.form or effects:
        attack, defense, movement, energy = _character_values(g, ch, card, _SHOWN, f, mods, effects)
    else:
        attack, defense, movement, energy = _shown(card)[1]
    h = facts[3]
    if ch.form and card.health is None and h is not None:
        h = printed(g, uid, "defense")  # CARD-5: the right-hand Defense sets Health in that form
    if f.auras:
        h = (h if h is not None else 0) + lasting.aura_bonus(g, uid, "health", f)  # Little Washu's party (EX-5)
    if own_cards and (more := bearer.health(g, ch)):
        h = (h if h is not None else 0) + more  # a card it holds (Pleasure Treatment)
    if uid in f.on:  # lasting records on it, as max_health reads them (Final Stand, King Yemma's Fruit)
        h = ((h if h is not None else 0) + lasting.health_bonus(g, uid, f)) * 2 ** lasting.health_doubled(g, uid, f)
    return attack, defense, movement, energy, max(1, h if h is not None else 0)


def values(g: Context, uid: int, names: tuple[str, ...], r: Reading | None = None) -> list[int]:
    """``[value(g, uid, n) for n in names]`` (no round modifiers), with one pass over a Character's cards.
    ``r``: a :func:`reading` of the state, when the caller reads many values of it."""
    s = g.state
    ch = s.characters.get(uid)
    if not _ABILITY_SET.issuperset(names):
        return [value(g, uid, n) for n in names]
    if ch is None or uid in s.disasters:
        return disaster_values(g, uid, names, r)
    card = g._cards[s.cards[uid]]
    f = r.effects if r is not None else None
    effects = bool(s.statics or s.lasting) and (
        f.may_change_character(uid) if f is not None else lasting.changes_values(g)
    )
    mods = _lasting_all(g, ch)
    if r is not None and not (mods or ch.form or effects):
        return list(_plain(card, names)[0])  # no card of its own changes a value, no effect reaches it
    return _character_values(g, ch, card, names, f, mods, effects)


def _character_values(
    g: Context,
    ch: CharacterState,
    card: Card,
    names: tuple[str, ...],
    f: lasting.InForce | None,
    mods: dict[str, list[StatValue]],
    effects: bool,
) -> list[int]:
    """:func:`values` of a Character, given its own cards' modifiers (``mods``, changed here) and whether any
    effect in force may reach it."""
    uid = ch.uid
    base = _facts(card)[1]
    alt = bool(ch.form)
    if effects:
        # card effects in force: the same order as value() (the Character's cards, then the effects)
        for a, extra in lasting.modifiers_all(g, uid, names, f).items():
            mods[a] = [*mods.get(a, ()), *extra]
        alt = alt or lasting.alt_form(g, uid, f)
    out = []
    for n in names:
        pv = base.get(n)
        v = 0 if pv is None else pv[1] if pv[1] is not None and alt else pv[0]
        m = mods.get(n)
        out.append(max(0, apply_mods(v, m) if m else v))
    return out


def disaster_values(g: Context, uid: int, names: tuple[str, ...], r: Reading | None = None) -> list[int]:
    """:func:`values` of a Disaster (or any card in play that is not a Character): ``value`` of each, with
    the effects in force, the Horde bonus and the allies read once."""
    s = g.state
    if uid in s.characters:  # a card both Character and Disaster: the general pipeline
        return [value(g, uid, n) for n in names]
    effects = bool(s.statics or s.lasting) or (uid in s.disasters and lasting.characters_on_disasters(g))
    d = s.disasters.get(uid)
    is_disaster = d is not None
    if r is None:
        f = None
        extra = lasting.modifiers_all(g, uid, names) if effects else {}
        horde = horde_bonus(g, uid) if is_disaster else 0
        allied = is_disaster and any(a.ally_of == uid for a in s.disasters.values())
    else:
        f = r.effects
        # only records on it or made by it, a static modify reaching it or Enhancements it took change it
        reached = f.may_change_disaster(uid) or (d is not None and bool(d.held))
        horde = r.horde.get(uid, 0)
        allied = uid in r.primaries
        if not (reached or horde or allied):
            left, one_form = _plain(g._cards[s.cards[uid]], names)
            if one_form:  # nothing changes it and it has one form: its printed values
                return list(left)
        extra = lasting.modifiers_all(g, uid, names, f) if effects and reached else {}
    return _disaster_values(g, uid, g._cards[s.cards[uid]], names, f, extra, horde, allied)


def _disaster_values(
    g: Context,
    uid: int,
    card: Card,
    names: tuple[str, ...],
    f: lasting.InForce | None,
    extra: dict[str, list[StatValue]],
    horde: int,
    allied: bool,
) -> list[int]:
    """:func:`disaster_values`, given what the effects in force put on it (``extra``), its Horde bonus and
    whether it has allies."""
    s = g.state
    effects = bool(s.statics or s.lasting)
    is_disaster = uid in s.disasters
    base = _facts(card)[1]
    alt: bool | None = None
    out = []
    for n in names:
        pv = base.get(n)
        if pv is None:
            v = 0
        elif pv[1] is None:
            v = pv[0]
        else:
            if alt is None:  # a card in play switches its form (Zarbon; as printed() decides)
                alt = effects and lasting.alt_form(g, uid, f)
            v = pv[1] if alt else pv[0]
        mods = extra.get(n)
        if is_disaster and n in ("attack", "defense"):
            bonus = horde + (ally_bonus(g, uid, n, None) if allied else 0)  # DIS-28, DIS-26
            if bonus:
                mods = [*(mods or ()), modifier(_ADD, bonus)]
        out.append(max(0, apply_mods(v, mods) if mods else v))
    return out


_DISASTER_SHOWN: Final = ("attack", "defense", "movement")


def disaster_shown(g: Context, uid: int, r: Reading) -> tuple[int, int, int, int]:
    """A Disaster's Attack, Defense and Movement (:func:`disaster_values`) and its Health before damage
    (:func:`max_health`), read from one :func:`reading` of the state, as a view shows them. A Disaster nothing
    reaches (no record on it, no body it took, no static ``modify``, no Enhancement, Horde or ally) with one
    form and a printed Health shows its printed values at once."""
    s = g.state
    d = s.disasters.get(uid)
    if d is None or uid in s.characters:  # not a Disaster only: the general pipeline
        attack, defense, movement = disaster_values(g, uid, _DISASTER_SHOWN, r)
        return attack, defense, movement, max_health(g, uid, r)
    card = g._cards[s.cards[uid]]
    f = r.effects
    reached = bool(d.held) or f.may_change_disaster(uid)
    horde = r.horde.get(uid, 0)
    allied = uid in r.primaries
    if not (reached or horde or allied):
        shown = _shown(card)
        if shown[3] and (not shown[4] or uid not in s.statics):  # (a "*" Defense its text defines: below)
            return shown[2]
    effects = bool(s.statics or s.lasting) or lasting.characters_on_disasters(g)
    extra = lasting.modifiers_all(g, uid, _DISASTER_SHOWN, f) if reached and effects else {}
    attack, defense, movement = _disaster_values(g, uid, card, _DISASTER_SHOWN, f, extra, horde, allied)
    health = _taken_health(g, uid, r)
    if health is None:
        h = _disaster_health(g, uid, card)
        health = max(1, h if h is not None else 0)
    return attack, defense, movement, health


_ShownFacts = tuple[Card, tuple[int, int, int, int], tuple[int, int, int, int], bool, bool]
_SHOWN_FACTS: dict[str, _ShownFacts] = {}


def _shown(card: Card) -> _ShownFacts:
    """What a view shows of a card nothing changes, worked out once per card (keyed and checked as
    ``_facts``): a Character's printed Attack, Defense, Movement and Energy; a Disaster's printed Attack,
    Defense and Movement with its printed Health (at least 1), whether those three have one form only, and
    whether the card prints no Health (a "*" Defense its text may define)."""
    found = _SHOWN_FACTS.get(card.id)
    if found is None or found[0] is not card:
        a, d, m, e = _plain(card, _SHOWN)[0]
        left, one_form = _plain(card, _DISASTER_SHOWN)
        h = _facts(card)[3]
        found = _SHOWN_FACTS[card.id] = (
            card,
            (a, d, m, e),
            (left[0], left[1], left[2], max(1, h if h is not None else 0)),
            one_form,
            h is None,
        )
    return found


_PLAIN: dict[tuple[int, int], tuple[Card, tuple[str, ...], tuple[int, ...], bool]] = {}


def _plain(card: Card, names: tuple[str, ...]) -> tuple[tuple[int, ...], bool]:
    """The card's printed (left-hand) values of ``names``, 0 where it has none and never below 0, and whether
    it has one form only (no right-hand value among them). Worked out once per card and names (keyed by
    identity, as ``_facts``: the entry keeps both alive, and is checked to be theirs)."""
    key = (id(card), id(names))
    found = _PLAIN.get(key)
    if found is None or found[0] is not card or found[1] is not names:
        base = _facts(card)[1]
        pvs = [base.get(n) for n in names]
        left = tuple(0 if pv is None else max(0, pv[0]) for pv in pvs)
        one_form = all(pv is None or pv[1] is None for pv in pvs)
        if len(_PLAIN) > 50_000:
            _PLAIN.clear()
        found = _PLAIN[key] = (card, names, left, one_form)
    return found[2], found[3]


def _lasting_all(g: Context, ch: CharacterState) -> dict[str, list[StatValue]]:
    """:func:`lasting_modifiers` of every ability at once (the same lists, by ability; absent when empty)."""
    out: dict[str, list[StatValue]] = {}
    for mods in _lasting_sources(g, ch):
        for a, sv in mods.items():
            out.setdefault(a, []).append(sv)
    return out


def _taken_health(g: Context, uid: int, r: Reading | None) -> int | None:
    """The Health of what the Disaster ``uid`` has become, from the records it made: the body it took over
    (Ginyu: that Character's Health), the Disaster it copies (The Mass: that card's printed Health), the form of
    a Character turned Disaster while transformed (Baby Gohan: his right-hand Defense); None when it has become
    nothing else."""
    f = r.effects if r is not None else None
    if not g.state.lasting or (f is not None and uid not in f.by_source):
        return None
    if (body := lasting.possessed(g, uid, f)) != OFF:
        return max_health(g, body, r)
    if (model := lasting.copied(g, uid, f)) != OFF:
        health = g.card(model).base_health
        return max(1, health if health is not None else printed(g, model, "defense"))
    card = g.card(uid)
    if card.disaster is None and lasting.were(g, uid, f) >= 0:  # a Character turned Disaster: its right-hand form
        health = card.health  # a printed Health, else the right-hand Defense (CARD-5)
        return max(1, health if health is not None else printed(g, uid, "defense"))
    return None


def _disaster_health(g: Context, uid: int, card: Card) -> int | None:
    """A Disaster's own Health: its card's, or the "*" Defense its text defines (its printed base Defense too)."""
    h = _facts(card)[3]
    return lasting.own_defense(g, uid) if h is None else h


def max_health(g: Context, uid: int, r: Reading | None = None) -> int:
    """Health = printed base Defense unless the card sets its own (COMBAT-12); never below 1. ``r``: a
    :func:`reading`, as for :func:`values`."""
    s = g.state
    card = g._cards[s.cards[uid]]
    f = r.effects if r is not None else None
    if s.disasters and uid in s.disasters:
        taken = _taken_health(g, uid, r)
        if taken is not None:
            return taken
        h = _disaster_health(g, uid, card)
    else:
        h = _facts(card)[3]
    ch = s.characters.get(uid)
    if ch is not None:
        if ch.form and card.health is None and h is not None:
            h = printed(g, uid, "defense")  # CARD-5: the right-hand Defense sets Health in that form
        if f is None or f.auras:
            h = (h if h is not None else 0) + lasting.aura_bonus(g, uid, "health", f)  # Little Washu's party (EX-5)
        if more := bearer.health(g, ch):
            h = (h if h is not None else 0) + more  # a card it holds (Pleasure Treatment)
        if s.lasting and (more := lasting.health_bonus(g, uid, f)):
            h = (h if h is not None else 0) + more  # a lasting effect on it (Final Stand)
        if s.lasting and (twice := lasting.health_doubled(g, uid, f)):
            h = (h if h is not None else 0) * 2**twice  # doubled for a while (King Yemma's Fruit)
    return max(1, h if h is not None else 0)
