"""The game record: a game's config plus the decisions taken, as JSON.

A record replays to the identical game (same state, same events) because the engine is a pure function of
its config and decisions. The format (``format: animayhem-record``, ``version: 2``)::

    {
      "format": "animayhem-record",
      "version": 2,
      "config": {"ruleset": "classic", "overrides": {}, "layout": "grid", "seed": 7, "max_rounds": 150,
                 "seats": [{"name": "Ann", "deck": {"name": "...", "characters": ["washu", ...], ...}}]},
      "actions": ["place 0,0", "place 1,0", ...],
      "result": {...} | null,            # informative; recomputed on replay
      "state_hash": "…",                 # informative: the hash of the final state, checked on load
      "seat_kinds": ["human", "heuristic"],  # optional: who plays each seat (a save of `animayhem play`)
      "budget": "100"                    # optional: the search AIs' budget (``--budget``)
    }

A save is a record of a game still in progress. ``seat_kinds`` lets ``play --resume`` give each seat back to
whoever played it; a record without it (older saves, records written by other faces) has every seat human.

**A record holds every secret of its game**: the seed (and so the order of every pile and the numbering of
every card), every seat's whole deck, and every decision. Whoever reads it can tell what is in each hand,
under each Location and on top of each pile, so a save belongs to whoever may see everything: the
solitaire player, a table playing on one shared screen, or the server of a networked game.

Reading is checked by :class:`RecordModel` (types, and bounds on sizes and numbers) before anything is
replayed; :func:`load` reads at most ``files.MAX_BYTES`` and :func:`save` writes atomically
(records/files.py).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, StrictStr, ValidationError

from animayhem import files
from animayhem.cards.database import CardDB
from animayhem.engine.core.actions import MAX_ACTION_LENGTH
from animayhem.engine.core.config import ConfigError, GameConfig, describe_errors
from animayhem.engine.game import Game, IllegalAction

FORMAT = "animayhem-record"
VERSION = 2  # 2: card instances numbered from the seed (issue 12); a version 1 record replays with the old order


MAX_ACTIONS = 500_000  # decisions in one record (a long 5-seat game takes a few thousand)


class RecordError(ValueError):
    """A record that cannot be read or replayed; names the file and what is wrong."""


class RecordModel(BaseModel):
    """The shape of a record; ``config`` is checked by :class:`~animayhem.engine.core.config.ConfigModel`."""

    model_config = ConfigDict(extra="forbid", strict=True)
    format: Literal["animayhem-record"]
    version: Literal[1, 2]
    config: dict[str, Any]
    actions: Annotated[
        list[Annotated[StrictStr, Field(max_length=MAX_ACTION_LENGTH)]], Field(max_length=MAX_ACTIONS)
    ] = []
    result: dict[str, Any] | None = None
    state_hash: Annotated[StrictStr, Field(max_length=64)] | None = None
    seat_kinds: Annotated[list[Annotated[StrictStr, Field(max_length=32)]], Field(max_length=5)] | None = None
    budget: Annotated[StrictStr, Field(max_length=32)] | None = None


class Saved(NamedTuple):
    """A loaded save: the game, and who plays each seat (None when the file does not say: every seat human)."""

    game: Game
    seat_kinds: list[str] | None
    budget: str | None


def to_json(game: Game, seat_kinds: list[str] | None = None, budget: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "config": game.config.to_json(),
        "actions": list(game.history),
        "result": game.result,
        "state_hash": game.state_hash(),
    }
    if seat_kinds is not None:
        out["seat_kinds"] = list(seat_kinds)
    if budget is not None:
        out["budget"] = budget
    return out


def save(
    game: Game,
    path: Path | str,
    *,
    replace: bool = False,
    seat_kinds: list[str] | None = None,
    budget: str | None = None,
) -> None:
    """Write the record atomically; an existing file is replaced only with ``replace`` (files.FileError).
    ``seat_kinds``: who plays each seat ("human", "heuristic" …), so that a resumed game keeps its AI seats."""
    text = json.dumps(to_json(game, seat_kinds, budget), indent=1) + "\n"
    files.write_atomic(path, text, replace=replace)


def from_json(data: Any, source: str = "<record>", db: CardDB | None = None, check_hash: bool = True) -> Game:
    return _from_json(data, source, db, check_hash).game


def _from_json(data: Any, source: str, db: CardDB | None, check_hash: bool) -> Saved:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f"{source}: not an animayhem game record (field 'format' must be {FORMAT!r})")
    if data.get("version") not in (1, VERSION) or type(data.get("version")) is not int:
        raise RecordError(f"{source}: field 'version': unsupported version {data.get('version')!r}")
    if data["version"] == 1 and isinstance(data.get("config"), dict):  # numbered in deck-list order then
        data = {**data, "config": {**data["config"], "numbering": "deck"}}
        check_hash = False  # the state gained a field (Decision.handles), so version 1 hashes cannot match
    try:
        m = RecordModel.model_validate(data)
    except ValidationError as exc:
        raise RecordError(f"{source}: {describe_errors(exc)}") from exc
    try:
        config = GameConfig.from_json(m.config)
    except ConfigError as exc:
        raise RecordError(f"{source}: field 'config': {exc}") from exc
    actions = m.actions
    try:
        game = Game(config, db)
    except ConfigError as exc:
        raise RecordError(f"{source}: field 'config': {exc}") from exc
    for i, a in enumerate(actions):
        try:
            game.apply(a)
        except IllegalAction as exc:
            raise RecordError(f"{source}: field 'actions', entry {i + 1} ({a!r}): {exc}") from exc
    expected = m.state_hash
    if check_hash and expected and expected != game.state_hash():
        raise RecordError(f"{source}: field 'state_hash': the replay ends in a different state ({game.state_hash()})")
    kinds = m.seat_kinds
    if kinds is not None and len(kinds) != len(config.seats):
        raise RecordError(f"{source}: field 'seat_kinds': {len(kinds)} kinds for {len(config.seats)} seats")
    return Saved(game, kinds, m.budget)


def loads(text: str, source: str = "<record>") -> Any:
    """Parse a record's JSON text; :class:`RecordError` names the line and the reason."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{source}:{exc.lineno}: not valid JSON: {exc.msg}") from exc
    except RecursionError as exc:
        raise RecordError(f"{source}: not a game record: nested too deeply") from exc
    except ValueError as exc:  # e.g. a number longer than Python's int-string limit
        raise RecordError(f"{source}: not valid JSON: {exc}") from exc


def load(path: Path | str, db: CardDB | None = None) -> Game:
    return load_save(path, db).game


def load_save(path: Path | str, db: CardDB | None = None) -> Saved:
    """A record or save from a file, with who plays each seat when the file says it."""
    p = Path(path)
    try:
        text = files.read_text(p)
    except files.FileError as exc:
        raise RecordError(str(exc)) from exc
    return _from_json(loads(text, str(p)), str(p), db, True)
