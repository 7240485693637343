"""Reading a scenario file safely: bytes to YAML to validated models (see ``docs/scenarios.md``).

Everything a scenario file holds passes three gates before the engine sees any of it:

1. **bytes**: at most :data:`MAX_BYTES` are read (so ``/dev/zero`` is refused, not read to the end of
   memory); the text must be UTF-8 (a leading byte-order mark is allowed and dropped);
2. **YAML**: aliases (``*name``, the "billion laughs" bomb) are refused, nesting is capped at
   :data:`MAX_DEPTH` and the document at :data:`MAX_NODES` nodes (so no RecursionError and no hang), a key
   given twice is an error, and an integer longer than :data:`MAX_DIGITS` digits is refused before Python's
   int-string limit is met;
3. **models**: pydantic models with ``extra="forbid"`` and strict types: unknown keys, wrong types,
   out-of-range numbers and over-long lists are refused.

Every refusal is a :class:`ScenarioError` naming the file, the line and the field.
"""

from __future__ import annotations

import re
import types
import typing
from pathlib import Path
from typing import Annotated, Any, Literal, get_args

import yaml
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, ValidationError, model_validator

MAX_BYTES = 1_000_000  # a scenario file is a few KB; the largest bundled one is under 6 KB
MAX_DEPTH = 20  # nesting of mappings and lists
MAX_NODES = 10_000  # scalars, mappings and lists in one file (the largest bundled one has about 600)
MAX_DIGITS = 19  # an integer scalar's digits (2**63 has 19)
MAX_LIST = 200  # cards in one pile or zone, entries in one section
MAX_ACTIONS = 2_000
MAX_TURNS = 10_000
MAX_SEED = 2**63 - 1

Phase = Literal["discard", "reload", "maintenance", "equip", "move", "scavenge"]
Case = Literal["applies", "fails"]
Zone = Literal[
    "hand",
    "draw",
    "discard",
    "combat",
    "combat_used",
    "field",
    "off_field",
    "entering",
    "bonked",
    "captive",
    "carried",
    "enhancement",
    "under",
    "stored",
    "destroyed",
    "set_aside",
    "flash_stack",
    "globals",
    "nowhere",
]
PHASES, CASES, ZONES = get_args(Phase), get_args(Case), get_args(Zone)  # each list written once


class ScenarioError(ValueError):
    """A scenario that cannot be read or set up; names the file, line and field."""


# ---------------------------------------------------------------------- bytes


def read_bytes(path: Path) -> bytes:
    """At most :data:`MAX_BYTES` of the file (more is an error: nothing is read to the end of memory)."""
    try:
        with path.open("rb") as fh:
            data = fh.read(MAX_BYTES + 1)
    except OSError as exc:
        raise ScenarioError(f"{path}: cannot read: {exc.strerror or exc}") from exc
    if len(data) > MAX_BYTES:
        raise ScenarioError(f"{path}: larger than {MAX_BYTES} bytes: not a scenario file")
    return data


def decode(data: bytes, source: str) -> str:
    """UTF-8 text (a leading byte-order mark is dropped); other bytes are an error naming the line."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise ScenarioError(f"{source}:{line}: not UTF-8 text (byte {exc.start}: {exc.reason})") from exc


# ---------------------------------------------------------------------- YAML


class _Refused(yaml.MarkedYAMLError):
    """A YAML construct a scenario may not use (an alias, deep nesting, a huge number, a repeated key)."""


def _mark(node: Any) -> Any:
    return node.start_mark


_INT_BODY = re.compile(r"[0-9a-fA-F]")


class _SafeLoader(yaml.SafeLoader):
    """SafeLoader without aliases, with caps on depth, node count and integer length, refusing repeated keys."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0
        self._nodes = 0

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        event: Any = self.peek_event()  # type: ignore[no-untyped-call]
        if isinstance(event, yaml.AliasEvent):
            raise _Refused(problem="YAML aliases (*name) are not allowed in a scenario", problem_mark=_mark(event))
        self._nodes += 1
        if self._nodes > MAX_NODES:
            raise _Refused(problem=f"more than {MAX_NODES} YAML nodes", problem_mark=_mark(event))
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            self._depth += 1
            if self._depth > MAX_DEPTH:
                raise _Refused(problem=f"nested deeper than {MAX_DEPTH} levels", problem_mark=_mark(event))
            try:
                return super().compose_node(parent, index)
            finally:
                self._depth -= 1
        return super().compose_node(parent, index)

    def construct_yaml_int(self, node: yaml.ScalarNode) -> int:
        value = str(node.value)
        if len(_INT_BODY.findall(value)) > MAX_DIGITS:
            raise _Refused(problem=f"a number longer than {MAX_DIGITS} digits", problem_mark=_mark(node))
        return super().construct_yaml_int(node)

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[str] = set()
        for key, _ in node.value:
            if isinstance(key, yaml.ScalarNode):
                if key.value in seen and key.value != "<<":
                    raise _Refused(problem=f"key {key.value!r} is given twice", problem_mark=_mark(key))
                seen.add(key.value)
        return super().construct_mapping(node, deep=deep)


_SafeLoader.add_constructor("tag:yaml.org,2002:int", _SafeLoader.construct_yaml_int)


def parse_yaml(text: str, source: str) -> tuple[Any, yaml.Node | None]:
    """The document's data and its node tree (for line numbers), or a ScenarioError naming the line."""
    loader: _SafeLoader | None = None
    try:
        loader = _SafeLoader(text)  # its reader already refuses control characters
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        line = mark.line + 1 if mark is not None else _reader_line(text, exc)
        problem = getattr(exc, "problem", None) or getattr(exc, "reason", None) or str(exc)
        raise ScenarioError(f"{source}:{line}: not valid YAML: {problem}") from exc
    finally:
        if loader is not None:
            loader.dispose()
    return data, node


def _reader_line(text: str, exc: yaml.YAMLError) -> int:
    position = getattr(exc, "position", None)
    return text.count("\n", 0, position) + 1 if isinstance(position, int) else 1


# ---------------------------------------------------------------------- models


SeatNo = Annotated[StrictInt, Field(ge=0, le=4)]
Coord = Annotated[StrictInt, Field(ge=-100, le=100)]
CellT = tuple[Coord, Coord]
CardRef = Annotated[StrictStr, Field(min_length=1, max_length=120)]
Text = Annotated[StrictStr, Field(max_length=20_000)]
Short = Annotated[StrictStr, Field(max_length=300)]
ActionText = Annotated[StrictStr, Field(min_length=1, max_length=300)]
Cards = Annotated[list[CardRef], Field(max_length=MAX_LIST)]
Said = Annotated[StrictStr, Field(min_length=1, max_length=400)]  # a piece of an event's sentence (narration)
Turns = Annotated[StrictInt, Field(ge=0, le=MAX_TURNS)]
Round = Annotated[StrictInt, Field(ge=1, le=MAX_TURNS)]
Expires = Annotated[StrictInt, Field(ge=-1, le=MAX_TURNS)]
Small = Annotated[StrictInt, Field(ge=0, le=99)]
Form = Annotated[StrictInt, Field(ge=0, le=1)]
Count = Annotated[StrictInt, Field(ge=0, le=10_000)]
Seed = Annotated[StrictInt, Field(ge=0, le=MAX_SEED)]


class _Model(BaseModel):
    """Unknown keys are refused; scalars are typed strictly (StrictInt, StrictStr…); an empty value
    (``hand:`` with nothing after it) stands for the field's default."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    @model_validator(mode="before")
    @classmethod
    def _empty_is_default(cls, value: Any) -> Any:
        if isinstance(value, dict) and None in value.values():
            fields = cls.model_fields
            return {
                k: v
                for k, v in value.items()
                if not (v is None and k in fields and fields[k].default is not None and not fields[k].is_required())
            }
        return value


class SeatSpec(_Model):
    name: Short | None = None
    hand: Cards = []
    draw: Cards = []  # top first
    combat: Cards = []  # top first
    discard: Cards = []  # top first
    destroyed: Cards = []  # removed from the game before the scenario starts (MISC-3)
    turns: Turns = 1
    aside: Cards = []


class FieldSpec(_Model):
    cell: CellT
    card: CardRef
    owner: SeatNo = 0
    haven: StrictBool = False
    under: Cards = []  # top first
    under_owner: SeatNo | None = None
    stored: Cards = []
    destroyed: StrictBool = False
    # a Haven's visitors: the other seats its owner has let stop there (CARD-7), as a game in progress has them
    admitted: list[SeatNo] = []


class CharacterSpec(_Model):
    card: CardRef
    owner: SeatNo = 0
    at: CellT | None = None
    off_at: CellT | None = None
    carried: Cards = []
    enhancements: Cards = []
    damage: Small = 0
    bonked: StrictBool = False  # Bonked at the owner's current turn, waiting to come back (COMBAT-15)
    moved: StrictBool = False
    form: Form = 0
    idle: Small = 0
    stayed: Small = 0  # owner turns ended with it at its Location ("remain on Location for N turns")
    energy_spent: Small = 0
    bonks: Small = 0  # times it has been Bonked this game, where a card counts them (Super Saiyan Goku)

    @model_validator(mode="after")
    def _somewhere(self) -> CharacterSpec:
        if self.at is None and self.off_at is None and not self.bonked:
            raise ValueError("give at: [x, y] (or off_at: [x, y] off the Field, or bonked: true)")
        return self


class DisasterSpec(_Model):
    card: CardRef
    owner: SeatNo = 0
    controller: SeatNo | None = None
    at: CellT | None = None
    off_field: StrictBool = False
    item: CardRef | None = None
    # more Items it carries, for a Disaster that hoards (7 Lucky Gods Martial Artists); needs ``item``
    hoard: Cards = []
    expires: Expires | None = None


class StartSpec(_Model):
    active: SeatNo = 0
    phase: Phase = "move"
    round: Round = 1
    turn: Turns = 1


class ScriptedSpec(_Model):
    targets: Annotated[list[CardRef], Field(max_length=MAX_LIST)] = []


Scalar = Annotated[StrictStr, Field(max_length=60)] | Annotated[StrictInt, Field(ge=0, le=1_000)] | StrictBool | None
Pattern = dict[StrictStr, Any]  # an event pattern: nesting is bounded by the YAML reader


class CharacterExpect(_Model):
    killed: StrictBool | None = None
    at: CellT | None = None
    off_at: CellT | None = None
    bonked: StrictBool | None = None
    damage: StrictInt | None = None
    health: StrictInt | None = None
    max_health: StrictInt | None = None
    items: StrictInt | None = None
    carried: Cards | None = None
    enhancements: Cards | None = None
    attack: StrictInt | None = None
    defense: StrictInt | None = None
    movement: StrictInt | None = None
    charm: StrictInt | None = None
    form: StrictInt | None = None
    idle: StrictInt | None = None
    stayed: StrictInt | None = None
    skills: Annotated[list[Short], Field(max_length=MAX_LIST)] | None = None
    energy: StrictInt | None = None
    energy_spent: StrictInt | None = None

    @model_validator(mode="before")
    @classmethod
    def _word(cls, value: Any) -> Any:
        return {"killed": True} if value == "killed" else value


class DisasterExpect(_Model):
    gone: StrictBool | None = None
    at: CellT | None = None
    carries_item: StrictBool | None = None
    item: CardRef | None = None
    items: StrictInt | None = None  # how many Items it carries (more than one: a Disaster that hoards)
    off_field: StrictBool | None = None
    attack: StrictInt | None = None
    defense: StrictInt | None = None
    movement: StrictInt | None = None
    health: StrictInt | None = None
    damage: StrictInt | None = None
    owner: SeatNo | None = None
    controller: SeatNo | None = None
    ally_of: CardRef | None = None

    @model_validator(mode="before")
    @classmethod
    def _word(cls, value: Any) -> Any:
        return {"gone": True} if value == "gone" else value


class PilesExpect(_Model):
    """One seat's piles: hand, discard and destroyed compare as multisets, draw top first."""

    hand: Cards | None = None
    draw: Cards | None = None
    draw_top: Cards | None = None
    discard: Cards | None = None
    hand_count: Count | None = None
    draw_count: Count | None = None
    discard_count: Count | None = None
    known: Cards | None = None  # the hidden cards the seat's view lists as looked at (``known``), in any order


class WhereExpect(_Model):
    card: CardRef
    zone: Zone
    seat: SeatNo | None = None
    at: CellT | None = None
    by: CardRef | None = None


class TallyExpect(_Model):
    total: StrictInt | None = None
    players: Annotated[list[StrictInt], Field(max_length=5)] | None = None
    disasters: StrictInt | None = None
    under_locations: StrictInt | None = None
    carried_by_disasters: StrictInt | None = None


class ResultExpect(_Model):
    winners: Annotated[list[SeatNo], Field(max_length=5)]
    disasters_win: StrictBool


Actions = Annotated[list[ActionText], Field(max_length=MAX_LIST)]


class Expect(PilesExpect):
    events: Annotated[list[Pattern], Field(max_length=MAX_LIST)] = []
    no_events: Annotated[list[Pattern], Field(max_length=MAX_LIST)] = []
    says: Annotated[list[Said], Field(max_length=MAX_LIST)] = []  # text some sentence of the events holds
    not_says: Annotated[list[Said], Field(max_length=MAX_LIST)] = []
    legal: Actions = []
    not_legal: Actions = []
    legal_exactly: Actions | None = None
    decision: Annotated[StrictStr, Field(max_length=40)] | None = None
    to_move: SeatNo | None = None
    seat: SeatNo | None = None
    characters: Annotated[dict[CardRef, CharacterExpect], Field(max_length=MAX_LIST)] = {}
    disasters: Annotated[dict[CardRef, DisasterExpect], Field(max_length=MAX_LIST)] = {}
    under: Annotated[
        dict[Annotated[StrictStr, Field(pattern=r"^ *-?\d{1,3} *, *-?\d{1,3} *$")], Cards], Field(max_length=MAX_LIST)
    ] = {}
    tally: TallyExpect | None = None
    phase: Annotated[StrictStr, Field(max_length=40)] | None = None
    result: ResultExpect | None = None
    seats: Annotated[dict[SeatNo, PilesExpect], Field(max_length=5)] = {}
    destroyed: Cards | None = None
    off_field: Cards | None = None
    where: Annotated[list[WhereExpect], Field(max_length=MAX_LIST)] = []


class Step(_Model):
    """A script step: an action (``do``), expectations checked at that point (``expect``), or both."""

    do: ActionText | None = None
    expect: Expect | None = None

    @model_validator(mode="before")
    @classmethod
    def _plain(cls, value: Any) -> Any:
        return {"do": value} if isinstance(value, str) else value

    @model_validator(mode="after")
    def _something(self) -> Step:
        if self.do is None and self.expect is None:
            raise ValueError("a step is an action, or a mapping with do: and/or expect:")
        return self


class ScenarioSpec(_Model):
    name: Short | None = None
    rules: Annotated[list[Annotated[StrictStr, Field(max_length=40)]], Field(max_length=MAX_LIST)] = []
    source: Short | None = None
    notes: Text | None = None
    case: Case | None = None
    ruleset: Annotated[StrictStr, Field(max_length=40)] | None = None
    overrides: Annotated[dict[Annotated[StrictStr, Field(max_length=60)], Scalar], Field(max_length=100)] = {}
    seed: Seed = 0
    layout: Literal["grid", "lines"] = "grid"
    seats: Annotated[list[SeatSpec], Field(min_length=1, max_length=5)]
    field: Annotated[list[FieldSpec], Field(max_length=MAX_LIST)] = []
    characters: Annotated[list[CharacterSpec], Field(max_length=MAX_LIST)] = []
    disasters: Annotated[list[DisasterSpec], Field(max_length=MAX_LIST)] = []
    start: StartSpec = StartSpec()
    scripted: ScriptedSpec = ScriptedSpec()
    actions: Annotated[list[Step], Field(max_length=MAX_ACTIONS)] = []
    expect: Expect = Expect()
    items_total: Count | None = None
    cards: Annotated[list[dict[StrictStr, Any]], Field(max_length=50)] = []  # checked as card records
    haven_text: StrictBool = False  # Masaki House's own text runs (otherwise it is a plain Haven: scenario.py)


# ---------------------------------------------------------------------- errors with lines


class Lines:
    """Maps a field path (``characters``, 2, ``card``) to a line of the YAML file."""

    def __init__(self, node: yaml.Node | None) -> None:
        self.node = node

    def line(self, *path: str | int) -> int:
        node = self.node
        best = node.start_mark.line + 1 if node is not None else 1
        for key in path:
            if isinstance(node, yaml.MappingNode):
                nxt = next((v for k, v in node.value if _key_matches(k, key)), None)
            elif isinstance(node, yaml.SequenceNode) and isinstance(key, int) and 0 <= key < len(node.value):
                nxt = node.value[key]
            else:
                nxt = None
            if nxt is None:
                # an unknown key: point at the key itself
                if isinstance(node, yaml.MappingNode):
                    knode = next((k for k, _ in node.value if _key_matches(k, key)), None)
                    if knode is not None:
                        best = knode.start_mark.line + 1
                break
            node = nxt
            best = node.start_mark.line + 1
        return best


def _key_matches(knode: yaml.Node, key: str | int) -> bool:
    return isinstance(knode, yaml.ScalarNode) and str(knode.value) == str(key)


def field_name(path: tuple[str | int, ...]) -> str:
    """``characters[0].card`` for the path (``characters``, 0, ``card``)."""
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out


def validate(data: Any, source: str, lines: Lines) -> ScenarioSpec:
    """The scenario's model, or a ScenarioError naming the file, the line and the field of the first problem."""
    if not isinstance(data, dict):
        raise ScenarioError(f"{source}:1: a scenario is a mapping of fields (name, seats, field, …)")
    try:
        return ScenarioSpec.model_validate(data)
    except ValidationError as exc:
        raise _error(exc, data, source, lines) from exc


def _error(exc: ValidationError, data: Any, source: str, lines: Lines) -> ScenarioError:
    errors = exc.errors(include_url=False)
    # prefer an unknown or missing key to the noise a union member leaves
    err = next((e for e in errors if e["type"] in ("extra_forbidden", "missing")), errors[0])
    path = _data_path(err["loc"], data, err["type"])
    where = field_name(path) or "(top level)"
    msg = str(err["msg"]).removeprefix("Value error, ")
    if err["type"] == "extra_forbidden":
        known = _known_keys(path[:-1])
        msg = "unknown field" + (f" (known: {', '.join(known)})" if known else "")
    elif err["type"] == "missing":
        msg = "missing (required)"
    elif err["type"] in ("string_type", "invalid_key", "model_type") and set(path) & _ACTION_FIELDS:
        msg += ' (quote an action that names a cell: "move c3 0,1"; in a [flow list] the comma splits it)'
    return ScenarioError(f"{source}:{lines.line(*path)}: field {where}: {msg}")


_ACTION_FIELDS: set[str | int] = {"actions", "do", "legal", "not_legal", "legal_exactly"}


def _data_path(loc: tuple[Any, ...], data: Any, kind: str) -> tuple[str | int, ...]:
    """The error's location as keys and indexes into the file's data (pydantic's union tags dropped)."""
    out: list[str | int] = []
    cur = data
    for i, key in enumerate(loc):
        last = i == len(loc) - 1
        if (isinstance(cur, dict) and key in cur) or (
            isinstance(cur, list) and isinstance(key, int) and 0 <= key < len(cur)
        ):
            out.append(key)
            cur = cur[key]
        elif isinstance(cur, dict) and isinstance(key, str) and key.isdigit() and int(key) in cur:
            out.append(int(key))
            cur = cur[int(key)]
        elif last and kind == "missing" and isinstance(key, str):
            out.append(key)
    return tuple(out)


def _known_keys(path: tuple[str | int, ...]) -> list[str]:
    """The keys a mapping at ``path`` may have (walking the models' annotations), or [] when unsure."""
    model: Any = ScenarioSpec
    for key in path:
        model = _unwrap(model)
        if isinstance(model, type) and issubclass(model, BaseModel):
            if not isinstance(key, str) or key not in model.model_fields:
                return []
            model = model.model_fields[key].annotation
        elif typing.get_origin(model) in (list, tuple):
            model = typing.get_args(model)[0]
        elif typing.get_origin(model) is dict:
            model = typing.get_args(model)[1]
        else:
            return []
    model = _unwrap(model)
    if typing.get_origin(model) in (list, tuple):
        model = _unwrap(typing.get_args(model)[0])
    if isinstance(model, type) and issubclass(model, BaseModel):
        return sorted(model.model_fields)
    return []


def _unwrap(tp: Any) -> Any:
    """Strip Annotated and ``X | None`` from a type."""
    for _ in range(10):
        origin = typing.get_origin(tp)
        if origin is Annotated:
            tp = typing.get_args(tp)[0]
        elif origin in (typing.Union, types.UnionType):
            args = [a for a in typing.get_args(tp) if a is not type(None)]
            if len(args) != 1:
                return tp
            tp = args[0]
        else:
            return tp
    return tp


__all__ = [
    "CASES",
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_NODES",
    "PHASES",
    "ZONES",
    "CharacterExpect",
    "DisasterExpect",
    "Expect",
    "Lines",
    "ScenarioError",
    "ScenarioSpec",
    "Step",
    "WhereExpect",
    "decode",
    "field_name",
    "parse_yaml",
    "read_bytes",
    "validate",
]
