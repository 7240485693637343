"""Where the web table keeps its games: SQLAlchemy over SQLite (default) or PostgreSQL.

A game is stored as its record (records/record.py): the config and the decisions taken, one row per decision,
plus its seats (kind, name, and the SHA-256 digests of the seat's token and of its unclaimed invitation: never
a token itself). Loading replays the decisions, so a running game survives a restart and a finished one keeps
its record. Nothing else of the game is stored: no view, no card image.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import ArgumentError, OperationalError
from sqlalchemy.exc import NoSuchModuleError as _NoSuchModule

metadata = MetaData()

games = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("config", Text, nullable=False),  # GameConfig.to_json()
    Column("seats", Text, nullable=False),  # [{"kind", "name", "token"}]
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    Column("finished", Boolean, nullable=False, default=False),
    Column("result", Text, nullable=True),
)

actions = Table(
    "actions",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("n", Integer, primary_key=True),  # 0-based position in the game's history
    Column("action", Text, nullable=False),
)


class StoreError(RuntimeError):
    """The database cannot be opened or used; the message says which and why."""


@dataclass(frozen=True)
class StoredSeat:
    kind: str  # "human" or an AI name
    name: str
    token_hash: str = ""  # SHA-256 (hex) of the seat's token; the token itself is never stored
    invite_hash: str = ""  # SHA-256 (hex) of the seat's invitation until it is claimed

    def to_json(self) -> dict[str, str]:
        return {
            "kind": self.kind,
            "name": self.name,
            "token_sha256": self.token_hash,
            "invite_sha256": self.invite_hash,
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> StoredSeat:
        token_hash = str(data.get("token_sha256") or "")
        if not token_hash and data.get("token"):  # a row written before tokens were stored hashed
            token_hash = hashlib.sha256(str(data["token"]).encode()).hexdigest()
        # a name stored before names were checked may hold a lone surrogate: shown with '?' instead
        name = str(data.get("name", "")).encode("utf-8", "replace").decode("utf-8")
        return StoredSeat(str(data.get("kind", "")), name, token_hash, str(data.get("invite_sha256") or ""))


@dataclass(frozen=True)
class StoredGame:
    id: str
    config: dict[str, Any]
    seats: tuple[StoredSeat, ...]
    actions: tuple[str, ...]
    finished: bool
    created: float


@dataclass(frozen=True)
class GameSummary:
    id: str
    seats: tuple[StoredSeat, ...]
    ruleset: str
    layout: str
    decisions: int
    finished: bool
    created: float
    updated: float
    result: dict[str, Any] | None


def default_database_url() -> str:
    """A SQLite file in the user's data directory (``$XDG_DATA_HOME/animayhem``, else ``~/.local/share``)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    folder = Path(base) / "animayhem"
    return f"sqlite:///{folder / 'games.sqlite'}"


def _engine(url: str) -> Engine:
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    kwargs: dict[str, Any] = {}
    if url.startswith("sqlite"):
        path = url.split("///", 1)[1] if "///" in url else ""
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        kwargs["connect_args"] = {"check_same_thread": False}
    try:
        engine = create_engine(url, **kwargs)
    except (ArgumentError, _NoSuchModule, ImportError) as exc:
        raise StoreError(f"cannot use database {url!r}: {exc}") from exc
    if url.startswith("sqlite"):
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def _sqlite_pragmas(conn: Any, record: Any) -> None:
    """WAL and normal syncing: a decision is one small append, safe across a crash of the server."""
    cur = conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


class Store:
    """The games table and the decisions table; every method is one short transaction."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = _engine(url)
        try:
            metadata.create_all(self.engine)
        except OperationalError as exc:
            raise StoreError(f"cannot open database {url!r}: {exc.orig}") from exc
        except Exception as exc:  # a driver error of another kind (PostgreSQL refusing a login, …)
            raise StoreError(f"cannot open database {url!r}: {exc}") from exc

    def close(self) -> None:
        self.engine.dispose()

    def create(
        self,
        game_id: str,
        config: dict[str, Any],
        seats: list[StoredSeat],
        history: list[str] | None = None,
        result: dict[str, Any] | None = None,
    ) -> None:
        """A new game with its seats (and the decisions of a resumed record), in one transaction."""
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(
                insert(games).values(
                    id=game_id,
                    config=json.dumps(config),
                    seats=json.dumps([s.to_json() for s in seats]),
                    created=now,
                    updated=now,
                    finished=result is not None,
                    result=None if result is None else json.dumps(result),
                )
            )
            if history:
                conn.execute(
                    insert(actions), [{"game_id": game_id, "n": i, "action": a} for i, a in enumerate(history)]
                )

    def set_seats(self, game_id: str, seats: list[StoredSeat]) -> None:
        """Replace a game's seats (a seat claimed from its invitation)."""
        with self.engine.begin() as conn:
            conn.execute(
                update(games)
                .where(games.c.id == game_id)
                .values(seats=json.dumps([s.to_json() for s in seats]), updated=time.time())
            )

    def append(self, game_id: str, start: int, new: list[str], result: dict[str, Any] | None) -> None:
        """Record decisions ``start``, ``start+1``… of a game (and its result once it is over). The games row
        is touched only when the game ends: one insert per decision keeps a move cheap."""
        if not new and result is None:
            return
        with self.engine.begin() as conn:
            if new:
                rows = [{"game_id": game_id, "n": start + i, "action": a} for i, a in enumerate(new)]
                conn.execute(insert(actions), rows)
            if result is not None:
                conn.execute(
                    update(games)
                    .where(games.c.id == game_id)
                    .values(updated=time.time(), finished=True, result=json.dumps(result))
                )

    def truncate(self, game_id: str, keep: int) -> None:
        """Forget every decision from position ``keep`` on (undo)."""
        with self.engine.begin() as conn:
            conn.execute(delete(actions).where(actions.c.game_id == game_id, actions.c.n >= keep))
            conn.execute(
                update(games).where(games.c.id == game_id).values(updated=time.time(), finished=False, result=None)
            )

    def load(self, game_id: str) -> StoredGame | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(games).where(games.c.id == game_id)).first()
            if row is None:
                return None
            acts = conn.execute(
                select(actions.c.action).where(actions.c.game_id == game_id).order_by(actions.c.n)
            ).scalars()
            return StoredGame(
                id=row.id,
                config=json.loads(row.config),
                seats=tuple(StoredSeat.from_json(s) for s in json.loads(row.seats)),
                actions=tuple(acts),
                finished=bool(row.finished),
                created=float(row.created),
            )

    def summaries(self, limit: int = 200) -> list[GameSummary]:
        counts = select(actions.c.game_id, func.count().label("n")).group_by(actions.c.game_id).subquery("counts")
        query = (
            select(games, counts.c.n)
            .select_from(games.outerjoin(counts, counts.c.game_id == games.c.id))
            .order_by(games.c.created.desc())
            .limit(limit)
        )
        out = []
        with self.engine.connect() as conn:
            for row in conn.execute(query):
                config = json.loads(row.config)
                out.append(
                    GameSummary(
                        id=row.id,
                        seats=tuple(StoredSeat.from_json(s) for s in json.loads(row.seats)),
                        ruleset=str(config.get("ruleset", "")),
                        layout=str(config.get("layout", "")),
                        decisions=int(row.n or 0),
                        finished=bool(row.finished),
                        created=float(row.created),
                        updated=float(row.updated),
                        result=None if row.result is None else json.loads(row.result),
                    )
                )
        return out

    def unfinished(self) -> list[str]:
        with self.engine.connect() as conn:
            return list(conn.execute(select(games.c.id).where(games.c.finished.is_(False))).scalars())
