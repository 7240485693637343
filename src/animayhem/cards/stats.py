"""Typed ability values (Attack, Defense, Movement, Charm, Energy).

A printed ability icon means different things on different cards (RULES.md CARD-3, CARD-4):
a Character's bare number is its base value, a Power card's signed number modifies the holder's
ability, a Power card's bare number replaces it, and an Energy number on a Power card is its cost.
:class:`StatValue` says which, explicitly, so no rule has to guess from the card type.

The card files write a value in a compact notation that round-trips exactly:

=================  ====================  ===========================================
notation           kind                  meaning
=================  ====================  ===========================================
``5``              ``base``              printed base value (Characters, Disasters, Locations)
``3/2``            ``base`` + ``alt``    two-form card: this form / the other form
``+2`` ``-1``      ``add``               add to (subtract from) the ability
``x2``             ``mul``               multiply the ability
``/2``             ``div``               divide the ability (AMB-11 decides rounding)
``=6``             ``set``               replace the ability
``cost 2``         ``cost``              Energy paid on use
``upkeep 4``       ``upkeep``            Energy reserved while attached
``*``              ``variable``          value defined by the card's text
``+*`` ``-*``      ``variable``          a variable bonus (sign kept in ``sign``)
``cost *``         ``cost``              a variable cost
``attacks 2``      ``attacks``           number of attacks per combat round
=================  ====================  ===========================================

A trailing ``*`` (``+1*``, ``5*``) keeps the printed footnote mark: the number stands and the card's text
qualifies it (``footnote=True``). Values that need more say so with the mapping form
``{value: "-2", target: opponent, note: "..."}``.
"""

from __future__ import annotations

import re
from enum import StrEnum
from functools import cache
from typing import Any

from pydantic import model_serializer, model_validator

from animayhem.cards.frozen import Frozen
from animayhem.cards.wording import tr


class StatKind(StrEnum):
    BASE = "base"
    ADD = "add"
    MUL = "mul"
    DIV = "div"
    SET = "set"
    COST = "cost"
    UPKEEP = "upkeep"
    VARIABLE = "variable"
    ATTACKS = "attacks"
    DROP = "drop"  # add a negative ``value`` that takes the ability no lower than ``floor`` (I'm Buyin')


class StatTarget(StrEnum):
    """Whose ability the value changes."""

    SELF = "self"  # the card's holder / bearer / the Character who drew the Combat card
    OPPONENT = "opponent"  # the opposing combatant (Pruning Shears, Deception, Handsome Lad...)
    HOST = "host"  # the Disaster a card is attached to (3 Way Rumble)


_NOTATION = re.compile(
    r"""^(?:
        (?P<base>\d+|-?\d+(?=/))(?:/(?P<alt>-?\d+))?(?P<bfoot>\*)? |
        (?P<add>[+-])(?P<addv>\d+|\*)(?P<afoot>\*)? |
        x(?P<mul>\d+) |
        /(?P<div>\d+) |
        =(?P<set>-?\d+)(?P<sfoot>\*)? |
        (?P<costkind>cost|upkeep)\ (?P<costv>\d+|\*)(?P<cfoot>\*)? |
        attacks\ (?P<attacks>\d+) |
        (?P<var>\*)
    )$""",
    re.VERBOSE,
)


class StatValue(Frozen):
    """One typed ability value. Immutable."""

    kind: StatKind
    value: int | None = None  # None: defined by text ('*')
    alt: int | None = None  # the other form's value on two-form cards
    sign: int = 1  # for a variable add/subtract: +1 or -1
    footnote: bool = False  # printed with a '*' footnote mark
    target: StatTarget = StatTarget.SELF
    note: str | None = None
    floor: int | None = None  # DROP only: the least the drop leaves (a lower value stays as it is)

    @model_validator(mode="before")
    @classmethod
    def _from_notation(cls, data: Any) -> Any:
        if isinstance(data, str | int):
            return parse_notation(str(data))
        if isinstance(data, dict) and "kind" not in data and "value" in data:
            parsed = parse_notation(str(data["value"]))
            extra = {k: v for k, v in data.items() if k != "value"}
            return {**parsed, **extra}
        return data

    @model_serializer
    def _to_notation(self) -> str | dict[str, Any]:
        text = self.notation()
        if self.target is StatTarget.SELF and self.note is None:
            return text
        out: dict[str, Any] = {"value": text}
        if self.target is not StatTarget.SELF:
            out["target"] = self.target.value
        if self.note is not None:
            out["note"] = self.note
        return out

    def notation(self) -> str:
        """The compact notation of this value (see the module docstring)."""
        foot = "*" if self.footnote else ""
        v = "*" if self.value is None else str(self.value)
        match self.kind:
            case StatKind.BASE:
                alt = "" if self.alt is None else f"/{self.alt}"
                return f"{v}{alt}{foot}"
            case StatKind.ADD:
                if self.value is None:
                    return "+*" if self.sign > 0 else "-*"
                return f"{'+' if self.value >= 0 else '-'}{abs(self.value)}{foot}"
            case StatKind.MUL:
                return f"x{v}"
            case StatKind.DIV:
                return f"/{v}"
            case StatKind.SET:
                return f"={v}{foot}"
            case StatKind.COST | StatKind.UPKEEP:
                return f"{self.kind.value} {v}{foot}"
            case StatKind.ATTACKS:
                return f"attacks {v}"
            case StatKind.VARIABLE:
                return "*"
            case StatKind.DROP:
                return f"{v} (not below {self.floor})"
        raise AssertionError(self.kind)  # pragma: no cover

    def __str__(self) -> str:
        return self.notation()

    def to_json(self) -> dict[str, Any]:
        """Every field, spelled out (the card files use the compact notation instead)."""
        return {
            "kind": self.kind.value,
            "value": self.value,
            "alt": self.alt,
            "sign": self.sign,
            "footnote": self.footnote,
            "target": self.target.value,
            "note": self.note,
            "notation": self.notation(),
        }

    @property
    def is_modifier(self) -> bool:
        return self.kind in (StatKind.ADD, StatKind.MUL, StatKind.DIV, StatKind.SET, StatKind.DROP)

    def display(self) -> str:
        """Human text: ``+2``, ``x2``, ``6 (replaces)``, ``cost 2``..."""
        if self.kind is StatKind.SET:
            return tr("{value} (replaces)", value=self.value)
        text = self.notation()
        if text.startswith("cost "):
            text = tr("cost {value}", value=text.removeprefix("cost "))
        if self.target is StatTarget.OPPONENT:
            text += tr(" (opponent)")
        elif self.target is StatTarget.HOST:
            text += tr(" (host)")
        return text


@cache
def modifier(kind: StatKind, value: int) -> StatValue:
    """A plain modifier (``kind`` by ``value``, aimed at its holder), made once and shared: a StatValue is
    immutable, and the engine builds the same few modifiers on every value it works out."""
    return StatValue(kind=kind, value=value)


@cache
def drop(value: int, floor: int) -> StatValue:
    """A drop by ``value`` (below 0) that leaves the ability no lower than ``floor`` (a lower one stays), made
    once and shared like :func:`modifier`."""
    return StatValue(kind=StatKind.DROP, value=value, floor=floor)


def parse_notation(text: str) -> dict[str, Any]:
    """Parse the compact notation into StatValue fields; raises ValueError naming the text."""
    t = text.strip()
    m = _NOTATION.match(t)
    if m is None:
        raise ValueError(f"not an ability value: {text!r} (expected e.g. 5, 3/2, +2, -1, x2, /2, =6, cost 2, *)")
    g = m.groupdict()
    if g["base"] is not None:
        return {
            "kind": StatKind.BASE,
            "value": int(g["base"]),
            "alt": None if g["alt"] is None else int(g["alt"]),
            "footnote": g["bfoot"] is not None,
        }
    if g["add"] is not None:
        sign = 1 if g["add"] == "+" else -1
        if g["addv"] == "*":
            return {"kind": StatKind.ADD, "value": None, "sign": sign}
        return {"kind": StatKind.ADD, "value": sign * int(g["addv"]), "footnote": g["afoot"] is not None}
    if g["mul"] is not None:
        return {"kind": StatKind.MUL, "value": int(g["mul"])}
    if g["div"] is not None:
        return {"kind": StatKind.DIV, "value": int(g["div"])}
    if g["set"] is not None:
        return {"kind": StatKind.SET, "value": int(g["set"]), "footnote": g["sfoot"] is not None}
    if g["costkind"] is not None:
        v = None if g["costv"] == "*" else int(g["costv"])
        return {"kind": StatKind(g["costkind"]), "value": v, "footnote": g["cfoot"] is not None}
    if g["attacks"] is not None:
        return {"kind": StatKind.ATTACKS, "value": int(g["attacks"])}
    return {"kind": StatKind.VARIABLE, "value": None}


ABILITIES: tuple[str, ...] = ("attack", "defense", "movement", "charm", "energy")
