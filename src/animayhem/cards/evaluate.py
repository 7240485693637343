"""Evaluate a :class:`Requirement` against a group of Characters (RULES.md SCAV-1 … SCAV-8). Pure.

The group's Skills are pooled (SCAV-1): every Character's printed Skills, plus the Skills that held cards
(Items, Equipment, Enhancements) grant (``Card.granted_skills``: none while a card's skills are withheld).
``&`` needs every term, ``or`` any alternative (SCAV-2, SCAV-3);
``xN`` counts copies across the group (SCAV-4); ``Skill N+`` needs the Skill and some Character with
Attack >= N (SCAV-5); gender terms count Characters (SCAV-7); ``Any Element`` is any elemental Skill
(SCAV-8); a Vehicle word ("Vehicle", "Flying Vehicle", "Non-flying Vehicle") is also met by a Vehicle of
that class the group carries (CARD-13). Anti-skills (SCAV-6, CONF-38) follow ``anti_skill``:
``cancel_all`` (000: one ``Cooking -1`` removes Cooking from the whole group) or ``cancel_n`` (5E: it
removes N copies).

A ``*Any Skill`` wildcard supplies one copy of any one Skill. "Ability to pierce Illusions" is met by a
Character given the pseudo Skill ``Pierce Illusions`` by a card it holds. "Remain on Location for N turns"
holds when the group has stayed N turns there (``stayed``, counted by the engine's procedures/stays.py); asked
without a count (deck statistics, set-up advice) it holds, since a group can always wait.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import Literal

from animayhem.cards.model import Card, CardType, VehicleClass
from animayhem.cards.requirements import (
    AllOf,
    AnyElement,
    Atom,
    AtomKind,
    CountIn,
    GroupSize,
    Has,
    Requirement,
    SkillWithAttack,
    Special,
    Term,
)
from animayhem.cards.requirements import Compare as CompareTerm
from animayhem.cards.skills import ELEMENTS, SkillEntry

AntiSkill = Literal["cancel_all", "cancel_n"]
# The pseudo Skill of a Character that sees through Illusions (given by a card it holds: engine/effects/bearer.py)
PIERCE_ILLUSIONS = "Pierce Illusions"

_OPS = {
    ">=": lambda a, b: a >= b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    "<": lambda a, b: a < b,
}


def ability(card: Card, name: str) -> int | None:
    """A Character's printed value of an ability (the current, first form of a two-form card)."""
    sv = card.stat(name)
    return None if sv is None else sv.value


_CARD_SETS: dict[int, tuple[tuple[str, ...], frozenset[str]]] = {}


def _card_set(cards: tuple[str, ...]) -> frozenset[str]:
    """A card atom's ids as a set (an atom naming a kind of card, such as any Equipment, lists hundreds); kept
    per tuple, keyed by identity and checked to be its own, as the tuples live in the immutable card data."""
    found = _CARD_SETS.get(id(cards))
    if found is None or found[0] is not cards:
        if len(_CARD_SETS) > 50_000:
            _CARD_SETS.clear()
        found = _CARD_SETS[id(cards)] = (cards, frozenset(cards))
    return found[1]


class _Group:
    def __init__(
        self,
        characters: Sequence[Card],
        held: Sequence[Card],
        anti_skill: AntiSkill,
        foreign_anti: Sequence[SkillEntry] = (),
        stayed: int | None = None,
    ) -> None:
        self.stayed = stayed
        self.characters = list(characters)
        self.held = list(held)
        counts: Counter[str] = Counter()
        anti: Counter[str] = Counter()
        self.wild = 0
        for c in self.characters:
            for s in c.skills:
                if s.wildcard:
                    self.wild += 1
                elif s.is_anti:
                    anti[s.name.lower()] += -s.count
                else:
                    counts[s.name.lower()] += s.count
            for name, n in c.granted_skills:  # withheld grants are empty (Card.granted_skills)
                counts[name] += n
        for h in self.held:
            for name, n in h.granted_skills:
                counts[name] += n
        for sk in foreign_anti:
            if sk.is_anti:
                anti[sk.name.lower()] += -sk.count
        for name, n in anti.items():
            counts[name] = 0 if anti_skill == "cancel_all" else max(0, counts[name] - n)
        self.skills = counts
        self.ids = {c.id for c in (*self.characters, *self.held)}

    def skill(self, name: str) -> int:
        return self.skills.get(name.lower(), 0)

    def matches(self, c: Card, atom: Atom) -> bool:
        low = atom.word.lower()
        match atom.kind:
            case AtomKind.GENDER:
                return c.gender is not None and c.gender.value == low
            case AtomKind.CATEGORY:
                return low in {x.lower() for x in c.category_set}
            case AtomKind.SKILL:
                return any(s.name.lower() == low and s.count > 0 for s in c.skills)
            case AtomKind.CARD:
                return c.id in _card_set(atom.cards)
            case AtomKind.ABILITY:
                v = ability(c, low)
                return v is not None and v > 0
            case _:
                return False

    def count(self, atom: Atom) -> int:
        if atom.kind is AtomKind.SKILL:
            return self.skill(atom.word)
        if atom.kind is AtomKind.CARD:
            cards = _card_set(atom.cards)
            return sum(1 for i in self.ids if i in cards)
        n = sum(1 for c in self.characters if self.matches(c, atom))
        if atom.kind is AtomKind.CATEGORY:  # "Vehicle", "Flying Vehicle": a Vehicle the group carries
            n += sum(1 for h in self.held if _vehicle_fits(h, atom.word))
        return n


# the Vehicle classes a requirement's vehicle word asks for (CARD-13: Planetary > Flying > plain)
_VEHICLE_WORDS: dict[str, frozenset[VehicleClass]] = {
    "vehicle": frozenset(VehicleClass),
    "flying vehicle": frozenset({VehicleClass.FLYING, VehicleClass.PLANETARY}),
    "non-flying vehicle": frozenset({VehicleClass.GROUND}),
    "planetary vehicle": frozenset({VehicleClass.PLANETARY}),
}


def _vehicle_fits(card: Card, word: str) -> bool:
    """Whether a carried card is a Vehicle of the kind a requirement names ("Vehicle": any kind)."""
    kinds = _VEHICLE_WORDS.get(word.lower())
    return kinds is not None and card.vehicle is not None and card.vehicle.kind in kinds


def _term_shortfall(term: Term, g: _Group) -> int | None:
    """0 if the term holds; N>0 if it lacks N skill copies a wildcard could supply; None if it fails."""
    match term:
        case Has(atom=a, count=n):
            have = g.count(a)
            if have >= n:
                return 0
            return n - have if a.kind is AtomKind.SKILL else None
        case SkillWithAttack(atom=a, attack=n):
            if not any((ability(c, "attack") or 0) >= n for c in g.characters):
                return None
            return 0 if g.skill(a.word) >= 1 else 1
        case CompareTerm(ability=ab, op=op, value=v, who=who):
            for c in g.characters:
                val = ability(c, ab)
                if val is not None and _OPS[op](val, v) and (who is None or g.matches(c, who)):
                    return 0
            return None
        case AnyElement(skills=skills):
            return 0 if any(g.skill(s) for s in skills) else 1
        case GroupSize(n=n):
            return 0 if len(g.characters) >= n else None
        case CountIn(n=n, who=who, what=what):
            riders = sum(1 for c in g.characters if g.matches(c, who))
            vehicles = sum(1 for h in g.held if h.id in _card_set(what.cards) or g.matches(h, what))
            return 0 if min(riders, vehicles) >= n else None
        case Special(name=name, value=turns):
            if name == "pierce_illusions":  # a card its bearer holds may give it (I Like to Watch)
                return 0 if g.skill(PIERCE_ILLUSIONS) else None
            if name != "remain_turns":
                return None
            return 0 if g.stayed is None or g.stayed >= (turns or 0) else None
    raise AssertionError(term)  # pragma: no cover


def _alternative(alt: AllOf, g: _Group) -> bool:
    missing = 0
    for term in alt.terms:
        short = _term_shortfall(term, g)
        if short is None:
            return False
        missing += short
    return missing <= g.wild


def meets(
    req: Requirement,
    characters: Sequence[Card],
    held: Sequence[Card] = (),
    *,
    anti_skill: AntiSkill = "cancel_all",
    foreign_anti: Sequence[SkillEntry] = (),
    stayed: int | None = None,
) -> bool:
    """Whether the group of ``characters`` (holding ``held`` cards) meets ``req``.

    ``foreign_anti`` are anti-skills of other Characters at the Location (000 cancels for everyone there).
    ``stayed``: the turns the group has stayed at the Location (None: not known, "remain" terms hold).
    """
    chars, held_t, foreign = tuple(characters), tuple(held), tuple(foreign_anti)
    key = (id(req), tuple(map(id, chars)), tuple(map(id, held_t)), anti_skill, tuple(map(id, foreign)), stayed)
    hit = _MEETS.get(key)
    if hit is not None:
        return hit[0]
    g = _Group(chars, held_t, anti_skill, foreign, stayed)
    result = any(_alternative(alt, g) for alt in req.alternatives)
    if len(_MEETS) >= 100_000:
        _MEETS.clear()
    _MEETS[key] = (result, (req, chars, held_t, foreign))
    return result


# meets() is pure and its inputs (requirements, cards, skill entries) are frozen, so answers are kept, keyed
# on the identity of the objects; each entry holds its objects, so no id is reused while the entry exists.
_MEETS: dict[tuple[object, ...], tuple[bool, tuple[object, ...]]] = {}


def _relevant(req: Requirement, c: Card) -> bool:
    words = {a.word.lower() for a in req.atoms()}
    skills = {s.name.lower() for s in c.skills}
    if any(s.wildcard for s in c.skills) or words & skills or words & {x.lower() for x in c.category_set}:
        return True
    if any(a.kind is AtomKind.CARD and c.id in _card_set(a.cards) for a in req.atoms()):
        return True
    if c.gender is not None and c.gender.value in words:
        return True
    for term in req.terms():
        if isinstance(term, CompareTerm | SkillWithAttack | GroupSize | Special):
            return True
        if isinstance(term, AnyElement) and skills & {e.lower() for e in ELEMENTS}:
            return True
    return False


def best_group(
    req: Requirement,
    characters: Iterable[Card],
    *,
    max_size: int = 6,
    anti_skill: AntiSkill = "cancel_all",
) -> tuple[Card, ...] | None:
    """The smallest group (at most ``max_size``) of ``characters`` meeting ``req``, or None.

    Only Characters that can contribute are tried; with many candidates the search keeps the first 12
    in the given order, so the answer is exact for rosters of normal size.
    """
    pool = [c for c in characters if c.type is CardType.CHARACTER and _relevant(req, c)][:12]
    for size in range(1, min(max_size, len(pool)) + 1):
        for combo in combinations(pool, size):
            if meets(req, combo, anti_skill=anti_skill):
                return combo
    return None
