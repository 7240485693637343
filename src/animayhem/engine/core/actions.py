"""Actions: small frozen values with a short, stable text notation (like UCI moves in chess).

An action is a verb and its arguments. Card instances are written ``c<uid>``, cells ``x,y``:

=========================  =====================================================================
notation                   meaning
=========================  =====================================================================
``place 0,1``              put the revealed Location (or the Haven: ``haven 1,1``) on that cell
``haven 2,1``              (Move or Scavenge phase) take the Location at 2,1 as your Haven, where its card allows it
``line c12``               Lines layout: put that Location next in your line
``item 0,1``               put your next face-down Item under the Location at 0,1
``disasters 0,1``          put your next 2 face-down Disasters under the Location at 0,1
``start c7``               choose c7 as a starting Character
``discard c9``             discard c9 (from hand, or a Character from your Haven)
``play c9``                play the Character c9 from hand into your Haven
``move c3 2,1``            move the Character c3 to the cell 2,1 (again later, while it has Movement left)
``move c3+c5 2,1``         the group c3 and c5, standing together, moves as one to 2,1 (TURN-18)
``scavenge 2,1``           your group at 2,1 Scavenges that Location
``assault 2,1``            5E: your group attacks the Location at 2,1 to wear its Defense down
``strike c3 c4``           fight this round with c3 and c4 (the Character attacked always strikes)
``run``                    Run Away at the start of this combat round
``runto 2,2``              where the group that Ran Away goes
``continue`` / ``stop``    go on Scavenging (turn up the next Disaster) or stop
``fight 2,1``              start a fight with the other player's Characters at 2,1 (``fight 2,1 c8``: with c8's owner)
``run`` / ``stay``         at the start of a fight round: Run Away, or fight on
``hit c3 c8``              in a fight between players, c3 attacks c8 this round
``protect c3 c4``          c3 protects c4 this round (against a Disaster under 5E: ``protect c3``)
``give c40 c3``            give the card c40 (retrieved, or carried: TURN-25) to the Character c3
``drop c40``               leave the carried card c40 under the Location (TURN-25)
``store c40``              a Character in your Haven leaves the card c40 it carries there
``take c40 c3``            the Character c3, in your Haven, takes the stored card c40
``allow`` / ``refuse``     a Haven's owner lets a visitor stop there or take a stored card, or not (CARD-7)
``leave c3 2,1``           002: c3 steps off the Field at 2,1, its owner's Location or Haven (TURN-20)
``return c3 2,1``          002: c3 comes back where it stepped off and goes on to 2,1 (TURN-20)
``transform c3 c8``        instead of moving, the Character c3 becomes its other form, the card c8
``drive c20 c4 c5 2,1``    the vehicle c20 carries its driver and the riders c4 and c5 to 2,1 (``drive c20 2,1``: the
                           driver alone)
``charm c3 c9``            c3 charm-attacks c9 (a Character or a Disaster; also to break a charm)
``decline``                no charm now, or no order for the one you Charmed
``yield c40``              the Charmed Character hands its Item c40 to the charmer
``yield item2@c5``         the same, for an Item the deciding seat may not see: the 2nd Item carried by c5
``yield c41``              the player gives c41 up to a card's text (Funky Muggers: that Clothing card is Destroyed)
``drop c40``               (an order) the Charmed Character or Minor Disaster drops the Item c40 where it stands
``take stored1@c7 c3``     c3 takes the 1st card stored in another player's Haven c7 (face down to the taker)
``hold``                   the Charmed Character may not attack its charmer next turn
``send 2,1``               the charmed Minor Disaster travels to the cell 2,1 (within its Movement)
``flash c9 c3 c12``        play the Flash Effect c9, paid by c3 (when it has a cost or requirement), on c12
                           (when it targets a card); a bare ``flash c9`` needs neither (CARD-15)
``use c9``                 use the activated ability of the Enhancement or Equipment c9 (its bearer pays)
``choose c12``             a choice while an ability resolves: a card (or ``choose 2,1``: a Location)
``pass``                   let the Flash Effects played so far resolve without answering (5E, EX-26)
``done``                   end this phase or step
``martial-arts``           name that Skill (any Skill's word: ``SKILL_WORDS``), where a card lets its player
                           name one (Kiriya, in the Equip phase)
=========================  =====================================================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from animayhem.engine.core.state import Cell


@dataclass(frozen=True, slots=True)
class Handle:
    """A per-seat name for a card the deciding seat may not see (engine/core/handles.py): ``item2@c5`` is the
    2nd Item carried by the card c5, ``stored1@c7`` the 1st card stored in the Haven c7. It says where the
    card is, never which card it is; the engine resolves it to the instance when the action is applied."""

    kind: str  # "item" or "stored"
    index: int  # 1-based position among the holder's Items (or stored cards)
    holder: int  # the instance that holds it

    def __str__(self) -> str:
        return f"{self.kind}{self.index}@c{self.holder}"


Arg = int | Cell | Handle

# the Skill (or Location icon) a Haven gives, chosen by its word when it is used (Gohan's Cave;
# procedures/activated.py); an Item's too (Gohan's Supplies: medic)
HAVEN_SKILLS: Final = (
    "survival",
    "medic",
    "hunter",
    "climbing",
    "strength",
    "cooking",
    "esp",
    "communications",
    "weapons",
    "priest",
    "water-element",
    "chi",
    "magic",
    "dimensional",
)

# every Skill a card may name, by its word (a Character that names one in its Equip phase: Kiriya;
# engine/procedures/naming.py): the word is the Skill's name in lower case, its spaces as hyphens
SKILL_NAMES: Final = (
    "Acrobatics",
    "Air Element",
    "Archaeology",
    "Blind Luck",
    "Bureaucracy",
    "Celebrity",
    "Chi",
    "Climbing",
    "Comedian",
    "Communications",
    "Computer",
    "Cooking",
    "Driving",
    "ESP",
    "Earth Element",
    "Fire Element",
    "Flying",
    "Genius",
    "Hunter",
    "Ice Element",
    "Investigation",
    "Lightning Element",
    "Magic",
    "Marksman",
    "Martial Arts",
    "Masaki",
    "Mech",
    "Medic",
    "Military",
    "Music",
    "Peeping",
    "Phase",
    "Pilot",
    "Police",
    "Priest",
    "Pure Heart",
    "Royalty",
    "Savoir-Faire",
    "Seduction",
    "Shape Change",
    "Speed",
    "Splitting",
    "Streetwise",
    "Student",
    "Survival",
    "Swordsman",
    "Teacher",
    "Tech",
    "Water Element",
    "Weapons",
)


def skill_word(name: str) -> str:
    """The word (a verb of its own) that names the Skill ``name`` in a decision: ``martial-arts``."""
    return name.lower().replace(" ", "-")


SKILL_WORDS: Final = tuple(skill_word(n) for n in SKILL_NAMES)

VERBS: Final = frozenset(
    {
        "place",
        "haven",
        "line",
        "item",
        "disasters",
        "start",
        "discard",
        "play",
        "move",
        "scavenge",
        "assault",
        "strike",
        "run",
        "runto",
        "fight",
        "stay",
        "hit",
        "protect",
        "continue",
        "stop",
        "give",
        "drop",
        "store",
        "take",
        "transform",
        "drive",
        "done",
        "allow",
        "refuse",
        "charm",
        "decline",
        "yield",
        "hold",
        "send",
        "flash",
        "pass",
        "leave",
        "return",
        "use",
        "choose",
        "attack",  # the ability a card raises, chosen when it is played (Algebra)
        "defense",
        "movement",
        "energy",  # (Training Partner; charm is above)
        *HAVEN_SKILLS,
        "bonk",  # a player Bonks its own Character on purpose, where a card allows it (The Mass Humanoid Form)
        "music",  # the Skill a Flash Effect gives, chosen as it resolves (Sunshine Daydream)
        "pure-heart",
        *SKILL_WORDS,  # a Skill a Character names (Kiriya)
        "halt",  # one ability of a card among its others, by its word (Kasumi ending the Cookings' holds)
    }
)
_CARD: Final = re.compile(r"^c([0-9]{1,9})$")
_GROUP: Final = re.compile(r"^c[0-9]{1,9}(?:\+c[0-9]{1,9})+$")
_CELL: Final = re.compile(r"^(-?[0-9]{1,9}),(-?[0-9]{1,9})$")
_HANDLE: Final = re.compile(r"^(item|stored)([0-9]{1,9})@c([0-9]{1,9})$")
HANDLE_KINDS: Final = ("item", "stored")
MAX_ACTION_LENGTH: Final = 200  # far longer than any action the engine offers


class ActionSyntaxError(ValueError):
    """Text that is not an action; the message says which word is wrong."""


@dataclass(frozen=True, slots=True)
class Action:
    verb: str
    args: tuple[Arg, ...] = ()

    def __str__(self) -> str:
        if self.verb == "move" and len(self.args) > 2:  # a group: move c3+c5 2,1
            cards = "+".join(f"c{c}" for c in self.cards)
            return " ".join([self.verb, cards, *(_fmt(a) for a in self.args if isinstance(a, tuple))])
        return " ".join([self.verb, *(_fmt(a) for a in self.args)])

    @property
    def cards(self) -> tuple[int, ...]:
        return tuple(a for a in self.args if type(a) is int)

    @property
    def cell(self) -> Cell:
        for a in self.args:
            if isinstance(a, tuple):
                return a
        raise ActionSyntaxError(f"{self} names no cell")


def _fmt(a: Arg) -> str:
    if isinstance(a, Handle):
        return str(a)
    return f"{a[0]},{a[1]}" if isinstance(a, tuple) else f"c{a}"


def well_formed(action: object) -> bool:
    """Whether ``action`` is an :class:`Action` exactly as :func:`parse_action` would build it: a known verb,
    and arguments that are instance numbers (plain ints >= 0), cells (pairs of plain ints) or handles."""
    if type(action) is not Action or type(action.verb) is not str or action.verb not in VERBS:
        return False
    args: object = action.args  # read as any object: a malformed one may not hold what its type says
    if type(args) is not tuple:
        return False
    for a in args:
        if type(a) is int:
            if not 0 <= a < 10**9:
                return False
        elif type(a) is tuple:
            if len(a) != 2 or any(type(v) is not int or not -(10**9) < v < 10**9 for v in a):
                return False
        elif type(a) is Handle:
            if a.kind not in HANDLE_KINDS or any(type(v) is not int for v in (a.index, a.holder)):
                return False
            if not (1 <= a.index < 10**9 and 0 <= a.holder < 10**9):
                return False
        else:
            return False
    return True


_PARSED: dict[str, Action] = {}  # text -> its action (an Action is a value: the same text always parses the same)


def parse_action(text: str) -> Action:
    if type(text) is str and (found := _PARSED.get(text)) is not None:
        return found
    if not isinstance(text, str):
        raise ActionSyntaxError(f"an action is text, not {type(text).__name__}")
    if len(text) > MAX_ACTION_LENGTH:
        raise ActionSyntaxError(f"an action is at most {MAX_ACTION_LENGTH} characters, not {len(text)}")
    words = text.split()
    if not words:
        raise ActionSyntaxError("empty action")
    verb = words[0].lower()
    if verb not in VERBS:
        raise ActionSyntaxError(f"unknown verb {words[0]!r} (known: {', '.join(sorted(VERBS))})")
    args: list[Arg] = []
    for w in words[1:]:
        if m := _CARD.match(w):
            args.append(int(m[1]))
        elif _GROUP.match(w):
            args.extend(int(c[1:]) for c in w.split("+"))
        elif m := _CELL.match(w):
            args.append((int(m[1]), int(m[2])))
        elif m := _HANDLE.match(w):
            args.append(Handle(m[1], int(m[2]), int(m[3])))
        else:
            raise ActionSyntaxError(f"{w!r} is neither a card (c12), a cell (0,1) nor a hidden card (item1@c5)")
    found = Action(verb, tuple(args))
    if type(text) is str:  # (not a subclass of str, whose equality may differ)
        if len(_PARSED) > 50_000:
            _PARSED.clear()
        _PARSED[text] = found
    return found


def act(verb: str, *args: Arg) -> str:
    """The notation of an action (what :class:`Decision` lists)."""
    if not args:
        return verb
    if len(args) == 1:  # (most actions: written without building a list)
        a = args[0]
        return f"{verb} {a[0]},{a[1]}" if isinstance(a, tuple) else f"{verb} c{a}"
    if verb == "move" and len(args) > 2:  # a group (one Character and a cell is 2 arguments)
        return str(Action(verb, args))
    return verb + " " + " ".join([f"{a[0]},{a[1]}" if isinstance(a, tuple) else f"c{a}" for a in args])
