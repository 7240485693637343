"""Actions: small frozen values with a short, stable text notation (like UCI moves in chess).

An action is a verb and its arguments. Card instances are written ``c<uid>``, cells ``x,y``:

=========================  =====================================================================
notation                   meaning
=========================  =====================================================================
``place 0,1``              put the revealed Location (or the Haven: ``haven 1,1``) on that cell
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
``drop c40``               (an order) the Charmed Character or Minor Disaster drops the Item c40 where it stands
``hold``                   the Charmed Character may not attack its charmer next turn
``send 2,1``               the charmed Minor Disaster travels to the cell 2,1 (within its Movement)
``flash c9 c3 c12``        play the Flash Effect c9, paid by c3 (when it has a cost or requirement), on c12
                           (when it targets a card); a bare ``flash c9`` needs neither (CARD-15)
``pass``                   let the Flash Effects played so far resolve without answering (5E, EX-26)
``done``                   end this phase or step
=========================  =====================================================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from animayhem.engine.state import Cell

Arg = int | Cell
VERBS = frozenset(
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
    }
)
_CARD = re.compile(r"^c(\d+)$")
_GROUP = re.compile(r"^c\d+(?:\+c\d+)+$")
_CELL = re.compile(r"^(-?\d+),(-?\d+)$")


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
        return tuple(a for a in self.args if isinstance(a, int))

    @property
    def cell(self) -> Cell:
        for a in self.args:
            if isinstance(a, tuple):
                return a
        raise ActionSyntaxError(f"{self} names no cell")


def _fmt(a: Arg) -> str:
    return f"{a[0]},{a[1]}" if isinstance(a, tuple) else f"c{a}"


def parse_action(text: str) -> Action:
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
        else:
            raise ActionSyntaxError(f"{w!r} is neither a card (c12) nor a cell (0,1)")
    return Action(verb, tuple(args))


def act(verb: str, *args: Arg) -> str:
    """The notation of an action (what :class:`Decision` lists)."""
    if not args:
        return verb
    if verb == "move" and len(args) > 2:  # a group (one Character and a cell is 2 arguments)
        return str(Action(verb, args))
    return verb + " " + " ".join([f"{a[0]},{a[1]}" if isinstance(a, tuple) else f"c{a}" for a in args])
