"""The game record: a game's config plus the decisions taken, as JSON.

A record replays to the identical game (same state, same events) because the engine is a pure function of
its config and decisions. The format (``format: animayhem-record``, ``version: 1``)::

    {
      "format": "animayhem-record",
      "version": 1,
      "config": {"ruleset": "classic", "overrides": {}, "layout": "grid", "seed": 7, "max_rounds": 150,
                 "seats": [{"name": "Ann", "deck": {"name": "...", "characters": ["washu", ...], ...}}]},
      "actions": ["place 0,0", "place 1,0", ...],
      "result": {...} | null,            # informative; recomputed on replay
      "state_hash": "…"                  # informative: the hash of the final state, checked on load
    }

A save is a record of a game still in progress.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from animayhem.cards.database import CardDB
from animayhem.engine.config import ConfigError, GameConfig
from animayhem.engine.game import Game, IllegalAction

FORMAT = "animayhem-record"
VERSION = 1


class RecordError(ValueError):
    """A record that cannot be read or replayed; names the file and what is wrong."""


def to_json(game: Game) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "config": game.config.to_json(),
        "actions": list(game.history),
        "result": game.result,
        "state_hash": game.state_hash(),
    }


def save(game: Game, path: Path | str) -> None:
    Path(path).write_text(json.dumps(to_json(game), indent=1) + "\n", encoding="utf-8")


def from_json(data: Any, source: str = "<record>", db: CardDB | None = None, check_hash: bool = True) -> Game:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f"{source}: not an animayhem game record (field 'format' must be {FORMAT!r})")
    if data.get("version") != VERSION:
        raise RecordError(f"{source}: field 'version': unsupported version {data.get('version')!r}")
    try:
        config = GameConfig.from_json(data["config"])
    except (KeyError, ConfigError, ValueError) as exc:
        raise RecordError(f"{source}: field 'config': {exc}") from exc
    actions = data.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError(f"{source}: field 'actions' must be a list of action strings")
    try:
        game = Game(config, db)
    except ConfigError as exc:
        raise RecordError(f"{source}: field 'config': {exc}") from exc
    for i, a in enumerate(actions):
        try:
            game.apply(a)
        except IllegalAction as exc:
            raise RecordError(f"{source}: field 'actions', entry {i + 1} ({a!r}): {exc}") from exc
    expected = data.get("state_hash")
    if check_hash and expected and expected != game.state_hash():
        raise RecordError(f"{source}: field 'state_hash': the replay ends in a different state ({game.state_hash()})")
    return game


def load(path: Path | str, db: CardDB | None = None) -> Game:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"{p}: cannot read: {exc}") from exc
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{p}:{exc.lineno}: not valid JSON: {exc.msg}") from exc
    return from_json(data, str(p), db)
