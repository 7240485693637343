"""A fixed action space: every action any decision offers is one integer in ``range(NUM_DISTINCT_ACTIONS)``.

An action text is a verb and argument slots (engine/core/actions.py): card references (``c12``) and cells
(``2,1``). The encoding keeps only that *structure*, so it does not depend on what the instance numbers
mean (issue 12 may turn the texts that name hidden cards into per-seat handles; the encoding is unchanged):

* a **template** is a verb with the kinds of its slots (``move C X``, ``flash C C C``, ``strike S``); each
  template owns a block of integers, in the order of :data:`TEMPLATES` (see ``docs/research.md``);
* a **slot value** is a rank within the decision: the k-th distinct card (or cell) that this decision's
  actions of the same template name in that slot. Cells are ranked by ``(x, y)``; cards the seat may name
  (the view names them) by instance number, and then the cards it may not name, ordered by a hash keyed on
  the whole state (unknown to the seat), so the integer says nothing about which hidden card is meant;
* ``strike cN [cM …]`` names a set of Characters: its slot is a bit mask over the ranks of every Character
  some ``strike`` action of the decision names.

So the meaning of an integer is fixed *given the decision*: :func:`encode` maps a decision's legal
actions to distinct integers and :func:`decode` maps one back; :func:`mask` is the legal-action mask. A
decision that would overflow a slot (more distinct values than its radix) raises :class:`EncodingError`
rather than collide; the radices hold a margin over the most seen in random play under every preset, 1-5
seats and both layouts (tests/test_research.py).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from animayhem.engine.core.actions import HAVEN_SKILLS, SKILL_WORDS, Action, Arg, Handle, parse_action

CARD, CELL, SET, TUPLE = "C", "X", "S", "T"  # T: a group of cards, ranked among the groups offered
STRIKE_MASK_BITS = 10


@dataclass(frozen=True)
class Template:
    verb: str
    kinds: str  # one letter a slot: C card, X cell, S set of cards
    radices: tuple[int, ...]
    offset: int

    @property
    def size(self) -> int:
        n = 1
        for r in self.radices:
            n *= r
        return n

    def __str__(self) -> str:
        return " ".join([self.verb, *self.kinds])


_NOARG = ("run", "stay", "continue", "stop", "done", "allow", "refuse", "decline", "hold", "pass")
_SPECS: list[tuple[str, str, tuple[int, ...]]] = [
    *((v, "", ()) for v in _NOARG),
    *(
        (v, "X", (128,))
        for v in ("place", "haven", "item", "disasters", "scavenge", "assault", "runto", "fight", "send")
    ),
    *((v, "C", (32,)) for v in ("line", "start", "discard", "play", "store", "drop", "protect", "yield", "flash")),
    *((v, "CC", (32, 32)) for v in ("play", "take", "give", "transform", "hit", "protect", "charm", "flash")),
    *((v, "CX", (32, 64)) for v in ("play", "move", "drive", "leave", "return")),
    ("fight", "XC", (64, 32)),
    ("flash", "CCC", (16, 16, 32)),
    ("strike", "S", (1 << STRIKE_MASK_BITS,)),
    ("move", "TX", (256, 64)),  # a group moving as one (TURN-18): move c3+c5 x,y
    ("drive", "TX", (512, 64)),  # a vehicle with the riders chosen (CARD-13): drive cV cR … x,y
    ("use", "C", (32,)),  # an activated ability (CARD-17): use cN; appended, so the earlier offsets stay
    ("choose", "C", (64,)),  # a choice while it resolves: a Disaster, a card of the Discard pile, a Character
    ("choose", "X", (128,)),  # or a Location
    ("run", "C", (32,)),  # Running Away with a card Discarded to cover it (Yosho Masaki): run cN
    *((v, "", ()) for v in ("attack", "defense", "movement")),  # the ability a card raises (Algebra)
    *((v, "", ()) for v in HAVEN_SKILLS),  # the Skill (or icon) a Haven gives when it is used
    ("bonk", "C", (32,)),  # a player Bonks its own Character where a card allows it (The Mass Humanoid Form)
    *((v, "", ()) for v in ("music", "pure-heart")),  # the Skill a Flash Effect gives, chosen (Sunshine Daydream)
    # a Skill named by its word (Kiriya): the words no template above holds yet, in SKILL_WORDS order
    *((v, "", ()) for v in SKILL_WORDS if v not in (*HAVEN_SKILLS, "music", "pure-heart")),
    *((v, "", ()) for v in ("charm", "energy")),  # the other abilities a card may raise, chosen (Training Partner)
    *((v, "", ()) for v in ("play", "move", "haven")),  # the wish a Flash Effect's player chooses (Shen Lon)
    ("halt", "", ()),  # one ability of a card among its others, by its word (Kasumi ending the Cookings' holds)
]


def _build() -> tuple[tuple[Template, ...], int]:
    out, offset = [], 0
    for verb, kinds, radices in _SPECS:
        t = Template(verb, kinds, radices, offset)
        out.append(t)
        offset += t.size
    return tuple(out), offset


TEMPLATES, NUM_DISTINCT_ACTIONS = _build()
_BY_KEY = {(t.verb, t.kinds): t for t in TEMPLATES}


class EncodingError(ValueError):
    """An action the fixed space cannot hold (an unknown template, or a slot past its radix)."""


def _grouped(a: Action) -> bool:
    return a.verb in ("move", "drive") and len(a.cards) > 1


def _slots(a: Action) -> tuple[Any, ...]:
    """The values of an action's slots: its arguments, or (its cards as one group, its cell)."""
    return (tuple(a.cards), a.cell) if _grouped(a) else a.args


def _template(a: Action) -> Template:
    if a.verb == "strike":
        kinds = SET
    elif _grouped(a):
        kinds = TUPLE + CELL
    else:
        kinds = "".join(CELL if isinstance(x, tuple) else CARD for x in a.args)
    t = _BY_KEY.get((a.verb, kinds))
    if t is None:
        raise EncodingError(f"no template for {a} ({a.verb} {' '.join(kinds)})")
    return t


HiddenKey = Callable[[int], str]


def _order(values: Iterable[Arg], hidden: frozenset[int], key: HiddenKey | None) -> list[Arg]:
    """Cells, then the cards the seat may name, then handles (``item2@c5``: a place, never a card's identity,
    engine/core/handles.py), then hidden cards in an order the seat cannot compute."""
    vals = set(values)
    cells = sorted(v for v in vals if isinstance(v, tuple))
    cards = [v for v in vals if isinstance(v, int)]
    handles = sorted((v for v in vals if isinstance(v, Handle)), key=lambda h: (h.kind, h.holder, h.index))
    shown = sorted(v for v in cards if v not in hidden)
    unseen = [v for v in cards if v in hidden]
    unseen.sort(key=(lambda u: (key(u), u)) if key is not None else None)
    return [*cells, *shown, *handles, *unseen]


def hidden_key(secret: str) -> HiddenKey:
    """An order for hidden cards that only someone who knows ``secret`` (say the state hash) can compute."""

    def key(uid: int) -> str:
        return hashlib.sha256(f"{secret}:{uid}".encode()).hexdigest()

    return key


def encode(actions: Sequence[str], hidden: Iterable[int] = (), key: HiddenKey | None = None) -> list[int]:
    """The integers of a decision's actions, in the same order. ``hidden``: the instances the deciding seat
    may not name (they are ordered by ``key``, after the named ones)."""
    hid = frozenset(hidden)
    parsed = [parse_action(a) for a in actions]
    groups: dict[Template, list[Action]] = {}
    for a in parsed:
        groups.setdefault(_template(a), []).append(a)
    ranks: dict[tuple[Template, int], dict[Any, int]] = {}
    for t, acts in groups.items():
        if t.kinds == SET:
            order = _order((u for a in acts for u in a.cards), hid, key)
            ranks[(t, 0)] = {v: i for i, v in enumerate(order)}
            continue
        for i, kind in enumerate(t.kinds):
            if kind == TUPLE:  # groups of the seat's own Characters, in the order of their instance numbers
                groups_here = sorted({_slots(a)[i] for a in acts})
                ranks[(t, i)] = {v: k for k, v in enumerate(groups_here)}
                continue
            order = _order((_slots(a)[i] for a in acts), hid, key)
            ranks[(t, i)] = {v: k for k, v in enumerate(order)}
    out: list[int] = []
    seen: dict[int, str] = {}
    for text, a in zip(actions, parsed, strict=True):
        t = _template(a)
        code = 0
        if t.kinds == SET:
            r = ranks[(t, 0)]
            mask = 0
            for u in a.cards:
                if r[u] >= STRIKE_MASK_BITS:
                    raise EncodingError(f"{a}: more than {STRIKE_MASK_BITS} Characters in one decision's strikes")
                mask |= 1 << r[u]
            code = mask
        else:
            for i, radix in enumerate(t.radices):
                v = ranks[(t, i)][_slots(a)[i]]
                if v >= radix:
                    raise EncodingError(f"{a}: slot {i + 1} of '{t}' has more than {radix} values in this decision")
                code = code * radix + v
        n = t.offset + code
        if n in seen:
            raise EncodingError(f"{text!r} and {seen[n]!r} encode alike ({n})")
        seen[n] = text
        out.append(n)
    return out


def decode(action_id: int, actions: Sequence[str], hidden: Iterable[int] = (), key: HiddenKey | None = None) -> str:
    """The action text of ``action_id`` in this decision; ValueError when it is not one of its actions."""
    for n, text in zip(encode(actions, hidden, key), actions, strict=True):
        if n == action_id:
            return text
    raise ValueError(f"action {action_id} is not legal in this decision ({describe(action_id)})")


def mask(actions: Sequence[str], hidden: Iterable[int] = (), key: HiddenKey | None = None) -> list[int]:
    """The legal-action mask: 1 at every legal action's integer, 0 elsewhere (NUM_DISTINCT_ACTIONS long)."""
    m = [0] * NUM_DISTINCT_ACTIONS
    for n in encode(actions, hidden, key):
        m[n] = 1
    return m


def template_of(action_id: int) -> tuple[Template, tuple[int, ...]]:
    """The template that owns ``action_id`` and its slot values (ranks; a strike's mask)."""
    if not 0 <= action_id < NUM_DISTINCT_ACTIONS:
        raise ValueError(f"action {action_id} is outside 0…{NUM_DISTINCT_ACTIONS - 1}")
    lo, hi = 0, len(TEMPLATES) - 1
    while lo < hi:  # the last template whose offset is <= action_id
        mid = (lo + hi + 1) // 2
        if TEMPLATES[mid].offset <= action_id:
            lo = mid
        else:
            hi = mid - 1
    t = TEMPLATES[lo]
    code = action_id - t.offset
    vals: list[int] = []
    for radix in reversed(t.radices):
        vals.append(code % radix)
        code //= radix
    return t, tuple(reversed(vals))


def describe(action_id: int) -> str:
    """A readable form of an integer without its decision: ``move card#0 cell#3``, ``strike {0,2}``."""
    t, vals = template_of(action_id)
    words = [t.verb]
    for kind, v in zip(t.kinds, vals, strict=True):
        if kind == SET:
            words.append("{" + ",".join(str(i) for i in range(STRIKE_MASK_BITS) if v >> i & 1) + "}")
        else:
            words.append(f"{ {CARD: 'card', CELL: 'cell', TUPLE: 'group'}[kind] }#{v}")
    return " ".join(words)
