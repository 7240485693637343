"""The requirement grammar (RULES.md SCAV-1 … SCAV-8, CARD-23).

Locations and some Power cards print requirements such as ``Survival & Flying or Water Element``,
``Genius x2``, ``Strength 4+``, ``Movement 3+``, ``Female x3`` or ``Male with Charm > 3``. This module parses
them into a small tree that the engine evaluates against a group:

.. code-block:: text

    requirement = alternative { "or" alternative }        -- any alternative suffices
    alternative = term { ("&" | "and") term }              -- every term must hold ("&" binds tighter)
    term        = "Any Element"
                | "Group of at least" INT "Characters"
                | "Any" INT atom "in" atom                 -- e.g. Any 2 Knight Sabers in Hardsuits
                | "ability to pierce Illusions"
                | "remain on Location for" INT "turns"
                | atom "with" ABILITY CMP INT              -- e.g. Male with Charm > 3
                | atom CMP INT                             -- e.g. Energy > 11
                | atom "x" INT                             -- e.g. Computer x4, Female x3
                | atom INT "+"                             -- e.g. Strength 4+, Movement 3+
                | atom

Parsing is two steps. :func:`parse_requirement` is purely syntactic and gives atoms as words.
:func:`resolve` then classifies each atom against a :class:`Vocabulary` (skills, categories, card names,
aliases) and reports the exact token it cannot place. The card database resolves every requirement at load.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum

from animayhem.cards.skills import ELEMENTS


class RequirementError(ValueError):
    """A requirement that cannot be parsed or resolved; ``token`` is the offending piece."""

    def __init__(self, text: str, token: str, reason: str) -> None:
        super().__init__(f"{reason}: {token!r} in requirement {text!r}")
        self.text = text
        self.token = token
        self.reason = reason


class AtomKind(StrEnum):
    UNRESOLVED = "unresolved"
    SKILL = "skill"
    CATEGORY = "category"
    GENDER = "gender"
    ABILITY = "ability"
    CARD = "card"


ABILITY_NAMES: dict[str, str] = {
    "attack": "attack",
    "damage": "attack",
    "defense": "defense",
    "movement": "movement",
    "charm": "charm",
    "energy": "energy",
}
GENDERS: dict[str, str] = {"male": "male", "female": "female"}
COMPARATORS = (">=", "<=", ">", "<")


# ---------------------------------------------------------------- the tree


@dataclass(frozen=True, slots=True)
class Atom:
    """A named thing to look for in the group: a skill, a category, a gender, an ability or a card."""

    word: str
    kind: AtomKind = AtomKind.UNRESOLVED
    cards: tuple[str, ...] = ()  # card ids, for kind CARD

    def __str__(self) -> str:
        return self.word


@dataclass(frozen=True, slots=True)
class Has:
    """At least ``count`` of ``atom`` in the group: skill copies, Characters of a gender or category, a card."""

    atom: Atom
    count: int = 1

    def __str__(self) -> str:
        return f"{self.atom} x{self.count}" if self.count != 1 else str(self.atom)


@dataclass(frozen=True, slots=True)
class SkillWithAttack:
    """``Skill N+``: the group has the skill, and some Character has Attack >= N (RULES.md SCAV-5, 000)."""

    atom: Atom
    attack: int

    def __str__(self) -> str:
        return f"{self.atom} {self.attack}+"


@dataclass(frozen=True, slots=True)
class Compare:
    """Some Character's ability compares to a number (``Movement 3+``, ``Energy > 11``);
    with ``who``, that Character must also match ``who`` (``Male with Charm > 3``)."""

    ability: str
    op: str
    value: int
    who: Atom | None = None

    def __str__(self) -> str:
        prefix = f"{self.who} with " if self.who is not None else ""
        name = self.ability.capitalize()
        if self.op == ">=" and self.who is None:
            return f"{prefix}{name} {self.value}+"
        return f"{prefix}{name} {self.op} {self.value}"


@dataclass(frozen=True, slots=True)
class AnyElement:
    """Any one of the elemental skills (RULES.md SCAV-8)."""

    skills: tuple[str, ...] = ELEMENTS

    def __str__(self) -> str:
        return "Any Element"


@dataclass(frozen=True, slots=True)
class GroupSize:
    """The group has at least ``n`` Characters."""

    n: int

    def __str__(self) -> str:
        return f"Group of at least {self.n} Characters"


@dataclass(frozen=True, slots=True)
class CountIn:
    """``Any N <who> in <what>``: N Characters matching ``who``, each with ``what`` (e.g. Hardsuits)."""

    n: int
    who: Atom
    what: Atom

    def __str__(self) -> str:
        return f"Any {self.n} {self.who} in {self.what}"


@dataclass(frozen=True, slots=True)
class Special:
    """A condition the grammar names but only card text defines (pierce Illusions, wait N turns)."""

    name: str
    value: int | None = None

    def __str__(self) -> str:
        if self.name == "remain_turns":
            return f"remain on Location for {self.value} turns"
        return "ability to pierce Illusions"


Term = Has | SkillWithAttack | Compare | AnyElement | GroupSize | CountIn | Special


@dataclass(frozen=True, slots=True)
class AllOf:
    terms: tuple[Term, ...]

    def __str__(self) -> str:
        return " & ".join(str(t) for t in self.terms)


@dataclass(frozen=True, slots=True)
class Requirement:
    """An OR of ANDs, exactly as printed (no parentheses exist in the card texts)."""

    text: str
    alternatives: tuple[AllOf, ...] = field(default=())

    def __str__(self) -> str:
        return " or ".join(str(a) for a in self.alternatives)

    def terms(self) -> Iterator[Term]:
        for alt in self.alternatives:
            yield from alt.terms

    def atoms(self) -> Iterator[Atom]:
        for term in self.terms():
            match term:
                case Has(atom=a) | SkillWithAttack(atom=a):
                    yield a
                case Compare(who=who) if who is not None:
                    yield who
                case CountIn(who=w, what=x):
                    yield w
                    yield x
                case _:
                    pass

    def to_json(self) -> dict[str, object]:
        return {"text": self.text, "any": [[_term_json(t) for t in alt.terms] for alt in self.alternatives]}


def _atom_json(a: Atom) -> dict[str, object]:
    out: dict[str, object] = {"kind": a.kind.value, "name": a.word}
    if a.cards:
        out["cards"] = list(a.cards)
    return out


def _term_json(t: Term) -> dict[str, object]:
    match t:
        case Has(atom=a, count=n):
            return {**_atom_json(a), "count": n}
        case SkillWithAttack(atom=a, attack=n):
            return {**_atom_json(a), "attack_at_least": n}
        case Compare(ability=ab, op=op, value=v, who=who):
            out: dict[str, object] = {"kind": "ability", "ability": ab, "op": op, "value": v}
            if who is not None:
                out["who"] = _atom_json(who)
            return out
        case AnyElement(skills=s):
            return {"kind": "any_skill", "skills": list(s)}
        case GroupSize(n=n):
            return {"kind": "group_size", "at_least": n}
        case CountIn(n=n, who=w, what=x):
            return {"kind": "count_in", "n": n, "who": _atom_json(w), "in": _atom_json(x)}
        case Special(name=name, value=v):
            return {"kind": "special", "name": name, "value": v}
    raise AssertionError(t)  # pragma: no cover


# ---------------------------------------------------------------- syntax

_OR = re.compile(r"\s+or\s+", re.IGNORECASE)
_AND = re.compile(r"\s*&\s*|\s+and\s+", re.IGNORECASE)
_ANY_ELEMENT = re.compile(r"^any\s+element$", re.IGNORECASE)
_GROUP = re.compile(r"^group\s+of\s+at\s+least\s+(\d+)\s+characters?$", re.IGNORECASE)
_COUNT_IN = re.compile(r"^any\s+(\d+)\s+(.+?)\s+in\s+(.+)$", re.IGNORECASE)
_PIERCE = re.compile(r"^(?:the\s+)?ability\s+to\s+pierce\s+illusions$", re.IGNORECASE)
_REMAIN = re.compile(r"^remain\s+on\s+location\s+for\s+(\d+)\s+turns?$", re.IGNORECASE)
_WITH = re.compile(r"^(.+?)\s+with\s+([A-Za-z]+)\s*(>=|<=|>|<)\s*(\d+)$", re.IGNORECASE)
_CMP = re.compile(r"^(.+?)\s*(>=|<=|>|<)\s*(\d+)$")
_MULT = re.compile(r"^(.+?)\s+x\s?(\d+)$")
_PLUS = re.compile(r"^(.+?)\s+(\d+)\+$")
_WORDS = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 '.,\-()]*$")


def parse_requirement(text: str) -> Requirement:
    """Parse a requirement string (syntax only; atoms stay unresolved)."""
    src = text.strip()
    if not src:
        raise RequirementError(text, text, "empty requirement")
    alternatives = []
    for alt_text in _OR.split(src):
        terms = tuple(_parse_term(text, t.strip()) for t in _AND.split(alt_text.strip()))
        alternatives.append(AllOf(terms))
    return Requirement(text=src, alternatives=tuple(alternatives))


def _atom(text: str, word: str) -> Atom:
    w = " ".join(word.split())
    if not w or not _WORDS.match(w):
        raise RequirementError(text, word, "not a name")
    if {part.lower() for part in w.split()} & {"or", "and"}:
        raise RequirementError(text, word, "a dangling 'or'/'and'")
    return Atom(w)


def _ability(text: str, word: str) -> str:
    name = ABILITY_NAMES.get(word.strip().lower())
    if name is None:
        raise RequirementError(text, word, "not an ability (Attack, Defense, Movement, Charm, Energy)")
    return name


def _parse_term(text: str, t: str) -> Term:
    if not t:
        raise RequirementError(text, t, "empty term")
    if _ANY_ELEMENT.match(t):
        return AnyElement()
    if m := _GROUP.match(t):
        return GroupSize(int(m[1]))
    if m := _COUNT_IN.match(t):
        return CountIn(int(m[1]), _atom(text, m[2]), _atom(text, m[3]))
    if _PIERCE.match(t):
        return Special("pierce_illusions")
    if m := _REMAIN.match(t):
        return Special("remain_turns", int(m[1]))
    if m := _WITH.match(t):
        return Compare(_ability(text, m[2]), m[3], int(m[4]), who=_atom(text, m[1]))
    if m := _CMP.match(t):
        return Compare(_ability(text, m[1]), m[2], int(m[3]))
    if m := _MULT.match(t):
        n = int(m[2])
        if n < 1:
            raise RequirementError(text, t, "a multiplier must be at least 1")
        return Has(_atom(text, m[1]), n)
    if m := _PLUS.match(t):
        word = m[1].strip()
        if word.lower() in ABILITY_NAMES:
            return Compare(_ability(text, word), ">=", int(m[2]))
        return SkillWithAttack(_atom(text, word), int(m[2]))
    return Has(_atom(text, t))


# ---------------------------------------------------------------- resolution


@dataclass(frozen=True)
class Vocabulary:
    """What atoms may name. Lookups are case-insensitive.

    ``typos`` maps a known misprint to its reading (``Streewise`` → ``Streetwise``); ``aliases`` maps a short
    name used in card text to the card ids it stands for (``Ranma`` → both Ranma cards).
    """

    skills: frozenset[str]
    categories: frozenset[str]
    cards: Mapping[str, tuple[str, ...]]  # lower-case name or alias -> card ids
    typos: Mapping[str, str] = field(default_factory=dict)

    def _find(self, names: frozenset[str], word: str) -> str | None:
        low = word.lower()
        for n in names:
            if n.lower() == low:
                return n
        return None


def resolve(req: Requirement, vocab: Vocabulary) -> Requirement:
    """Classify every atom; raises :class:`RequirementError` naming the first token it cannot place.

    Order (CARDDATA-NOTES §3.2): ability → gender → skill → category → card name or alias → known typo.
    """
    alts = []
    for alt in req.alternatives:
        terms = []
        for term in alt.terms:
            terms.append(_resolve_term(req.text, term, vocab))
        alts.append(AllOf(tuple(terms)))
    return Requirement(text=req.text, alternatives=tuple(alts))


def _resolve_term(text: str, term: Term, vocab: Vocabulary) -> Term:
    match term:
        case Has(atom=a):
            return replace(term, atom=resolve_atom(text, a, vocab))
        case SkillWithAttack(atom=a):
            resolved = resolve_atom(text, a, vocab)
            if resolved.kind is not AtomKind.SKILL:
                raise RequirementError(text, a.word, "'N+' needs a skill or an ability")
            return replace(term, atom=resolved)
        case Compare(who=who) if who is not None:
            return replace(term, who=resolve_atom(text, who, vocab))
        case CountIn(who=w, what=x):
            return replace(term, who=resolve_atom(text, w, vocab), what=resolve_atom(text, x, vocab))
        case _:
            return term


def resolve_atom(text: str, atom: Atom, vocab: Vocabulary) -> Atom:
    word = atom.word
    low = word.lower()
    if low in ABILITY_NAMES:
        return Atom(ABILITY_NAMES[low].capitalize(), AtomKind.ABILITY)
    if low in GENDERS:
        return Atom(GENDERS[low].capitalize(), AtomKind.GENDER)
    if (skill := vocab._find(vocab.skills, word)) is not None:
        return Atom(skill, AtomKind.SKILL)
    if (cat := vocab._find(vocab.categories, word)) is not None:
        return Atom(cat, AtomKind.CATEGORY)
    if low in vocab.cards:
        return Atom(word, AtomKind.CARD, vocab.cards[low])
    fixed = next((v for k, v in vocab.typos.items() if k.lower() == low), None)
    if fixed is not None:
        return resolve_atom(text, Atom(fixed), vocab)
    raise RequirementError(text, word, "unknown skill, category or card name")
