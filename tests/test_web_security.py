"""The web table as a public server: secret seeds and the keyed generator, seat tokens (hashed, claimed once),
refusals of hostile input (never a 500, never a traceback, nothing changed), body limits, a failing database,
spectators sharing one render, security headers and the Origin check. See docs/web.md, "Security"."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("fastapi", reason="the web extra is not installed")
pytest.importorskip("sqlalchemy", reason="the web extra is not installed")

from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from typer.testing import CliRunner

from animayhem.agents import make_agent
from animayhem.cli.main import app as cli
from animayhem.engine.core.config import GameConfig
from animayhem.engine.core.rng import KeyedRng, Rng, keyed_output, seed_key
from animayhem.engine.faces.views import public_view
from animayhem.engine.game import Game
from animayhem.records import record
from animayhem.web import app as web_app
from animayhem.web import hub as web_hub
from animayhem.web.app import create_app
from animayhem.web.server import is_loopback


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'games.sqlite'}")) as c:
        yield c


def _table(c: TestClient, gid: str) -> Any:
    return c.app.state.web.hub.tables[gid]  # type: ignore[attr-defined]


def _new(c: TestClient, **body: Any) -> tuple[str, list[str | None]]:
    r = c.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    data = r.json()
    tokens: list[str | None] = []
    for s in data["seats"]:
        if s["invite"]:
            claimed = c.post(f"/api/games/{data['game']}/claim", json={"invite": s["invite"]})
            assert claimed.status_code == 200, claimed.text
            tokens.append(claimed.json()["token"])
        else:
            tokens.append(s["token"])
    return data["game"], tokens


def _play(c: TestClient, gid: str, tokens: list[str | None], n: int) -> None:
    agent = make_agent("random", 5)
    for _ in range(n):
        g = _table(c, gid).game
        if g.over or g.to_move is None:
            return
        token = tokens[g.to_move]
        acts = c.get(f"/api/games/{gid}/actions", params={"token": token}).json()["actions"]
        r = c.post(f"/api/games/{gid}/act", json={"token": token, "action": agent.choose({}, acts)})
        assert r.status_code == 200, r.text


# ---------------------------------------------------------------------- the seed and the generator


def test_server_seeds_are_128_bit_secrets_from_the_os(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[int] = []
    real = web_hub.secrets.token_bytes

    def spy(n: int | None = None) -> bytes:
        asked.append(n or 0)
        return real(n)

    monkeypatch.setattr(web_hub.secrets, "token_bytes", spy)
    gids = [_new(client, seats=["human", "heuristic"])[0] for _ in range(3)]
    assert asked.count(16) == 3  # 128 bits from the OS per game (tokens are 24 bytes, game ids 8)
    configs = [_table(client, g).game.config for g in gids]
    assert all(c.rng == "keyed" for c in configs)
    assert len({c.seed for c in configs}) == 3 and all(c.seed.bit_length() > 64 for c in configs)
    states = [_table(client, g).game.state_hash() for g in gids]
    assert len(set(states)) == 3  # games created the same way differ


def test_the_seed_is_in_nothing_a_seat_or_spectator_receives(client: TestClient) -> None:
    gid, tokens = _new(client, seats=["human", "human"])
    _play(client, gid, tokens, 40)
    seed = str(_table(client, gid).game.config.seed)
    texts = [client.get("/api/games").text, client.get("/").text, client.get(f"/games/{gid}").text]
    for t in (*tokens, None):
        params = {"token": t} if t else {}
        for path in ("view", "actions", "events"):
            texts.append(client.get(f"/api/games/{gid}/{path}", params=params).text)
        texts.append(client.get(f"/games/{gid}", params=params).text)
        for fmt in ("json", "html"):
            query = f"?format={fmt}" + (f"&token={t}" if t else "")
            with client.websocket_connect(f"/api/games/{gid}/ws{query}") as ws:
                texts.append(json.dumps(ws.receive_json()))
    assert client.get(f"/api/games/{gid}/record").status_code == 409  # a running game's record stays home
    for text in texts:
        assert seed not in text
    for text in texts[3:]:  # no field of a view, an event or a message carries the seed either
        assert '"seed"' not in text


def test_the_keyed_generator_is_a_pure_function_of_seed_and_counter() -> None:
    seed = 0x1234_5678_9ABC_DEF0_1122_3344_5566_7788
    a, b = KeyedRng(seed_key(seed)), KeyedRng(seed_key(seed), 0)
    assert [a.below(1000) for _ in range(50)] == [b.below(1000) for _ in range(50)]
    c = KeyedRng(seed_key(seed), 20)  # resumed at a counter: the same outputs from there
    fresh = KeyedRng(seed_key(seed))
    for _ in range(20):
        fresh.below(1 << 62)
    assert [c.below(97) for _ in range(10)] == [fresh.below(97) for _ in range(10)]
    assert keyed_output(seed_key(seed), 0) == keyed_output(seed_key(seed), 0)
    assert keyed_output(seed_key(seed), 0) != keyed_output(seed_key(seed + 1), 0)
    # SplitMix64 is unchanged (figures from before the keyed generator): offline games stay byte-identical
    r = Rng(7)
    assert [r.below(10) for _ in range(8)] == [7, 4, 6, 3, 4, 5, 8, 2] and r.state == 17418742259747381423
    r = Rng(2**64 + 7)
    assert [r.below(1000) for _ in range(4)] == [487, 804, 346, 203]


def test_a_server_game_replays_from_its_record(client: TestClient) -> None:
    gid, tokens = _new(client, seats=["human", "heuristic"])
    _play(client, gid, tokens, 60)
    g = _table(client, gid).game
    config = GameConfig.from_json(json.loads(json.dumps(g.config.to_json())))
    assert config.rng == "keyed" and config.seed == g.config.seed
    again = Game.restore(config, g.history, g.db)
    assert again.state_hash() == g.state_hash()
    saved = record.from_json(json.loads(json.dumps(record.to_json(g))), check_hash=True)
    assert saved.config.rng == "keyed" and saved.state_hash() == g.state_hash()
    # a record without "rng" is an offline game: SplitMix64, as before
    plain = g.config.to_json()
    plain.pop("rng")
    assert GameConfig.from_json(plain).rng == "splitmix64"


def test_a_seat_cannot_find_the_seed_by_searching(client: TestClient) -> None:
    """The attack of the issue: the starting Characters a seat sees, matched against games from every small
    seed. With a 128-bit secret seed and the keyed generator no searched seed reproduces them."""
    gid, tokens = _new(client, seats=["human", "human"])
    g = _table(client, gid).game
    seen = json.dumps(client.get(f"/api/games/{gid}/view", params={"token": tokens[0]}).json()["players"][0])
    for guess in range(300):
        for kind in ("splitmix64", "keyed"):
            trial = Game(GameConfig(seats=g.config.seats, seed=guess, rng=kind), g.db)  # type: ignore[arg-type]
            assert json.dumps(trial.view(0)["players"][0]) != seen or trial.state_hash() != g.state_hash()
    # the state a seat could learn (the counter) does not give the next draw without the seed
    counter = g.state.rng
    wrong = KeyedRng(seed_key(12345), counter)
    right = KeyedRng(seed_key(g.config.seed), counter)
    assert [wrong.below(1 << 40) for _ in range(4)] != [right.below(1 << 40) for _ in range(4)]


# ---------------------------------------------------------------------- tokens and invitations


def test_tokens_are_stored_hashed_and_invitations_are_claimed_once(client: TestClient, tmp_path: Path) -> None:
    r = client.post("/api/games", json={"seats": ["human", "human", "random"]})
    data = r.json()
    gid = data["game"]
    mine, other, ai = data["seats"]
    assert mine["token"] and not mine["invite"]
    assert other["token"] is None and other["invite"]  # the creator never holds another seat's token
    assert ai["token"] is None and ai["invite"] is None
    assert client.get(f"/api/games/{gid}/view", params={"token": other["invite"]}).status_code == 403
    claimed = client.post(f"/api/games/{gid}/claim", json={"invite": other["invite"]})
    assert claimed.status_code == 200 and claimed.json()["seat"] == 1
    token = claimed.json()["token"]
    again = client.post(f"/api/games/{gid}/claim", json={"invite": other["invite"]})
    assert again.status_code == 409 and "claimed once" in again.json()["error"]
    assert client.get(f"/api/games/{gid}/view", params={"token": token}).json()["seat"] == 1
    row = sqlite3.connect(tmp_path / "games.sqlite").execute("select seats from games where id=?", (gid,)).fetchone()
    stored = row[0]
    for secret in (mine["token"], token, other["invite"]):
        assert secret not in stored
    assert hashlib.sha256(mine["token"].encode()).hexdigest() in stored
    assert hashlib.sha256(token.encode()).hexdigest() in stored


def test_tokens_still_work_after_a_restart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'g.sqlite'}"
    with TestClient(create_app(url)) as c:
        gid, tokens = _new(c, seats=["human", "human"])
    with TestClient(create_app(url)) as c:
        for seat, t in enumerate(tokens):
            assert c.get(f"/api/games/{gid}/view", params={"token": t}).json()["seat"] == seat


# ---------------------------------------------------------------------- hostile input

DEEP = "[" * 100_000 + "]" * 100_000
NASTY_BODIES: list[Any] = [
    b"",
    b"null",
    b"[]",
    b'"\\ud800"',
    b"{oops",
    b"\xff\xfe",
    DEEP.encode(),
    b'{"a": ' + b"9" * 5000 + b"}",
    b'{"token": NaN}',
    b'{"token": 1e999}',
    {"token": 12345, "action": "pass"},
    {"token": ["a"], "action": "pass"},
    {"token": {"x": 1}},
    {"token": True, "action": None},
    {"token": "x" * 5000, "action": "pass"},
    {"token": "\u0000", "action": "pass"},
    {"invite": 5},
    {"invite": "\ud800"},
    {"action": "\ud800"},
    {"seats": ["human"], "names": ["\ud800"]},
    {"seats": ["human"], "names": ["a\u0007b"]},
    {"seats": ["human"], "names": [1]},
    {"seats": ["human"], "seed": 10**60},
    {"seats": ["human"], "seed": -1},
    {"seats": ["human"], "seed": True},
    {"seats": ["human"], "seed": "7"},
    {"seats": ["human"], "max_rounds": 10**30},
    {"seats": ["human"], "ruleset": "\ud800"},
    {"seats": ["human"], "ruleset": 5},
    {"seats": ["human"], "decks": [{"text": "\ud800"}]},
    {"seats": ["human"], "decks": [{"text": 5}]},
    {"seats": ["human"], "decks": ["\ud800"]},
    {"seats": "human"},
    {"seats": [["human"]]},
    {"seats": ["human"] * 1000},
    {"record": "x", "seats": [1]},
    {"record": {"version": 2, "config": 5, "actions": []}},
    {"record": {"version": 10**30}},
    {"record": {"config": {"seats": [{"name": "\ud800"}]}}, "seats": ["human"]},
]


def _encode(body: Any) -> bytes:
    if isinstance(body, bytes):
        return body
    return json.dumps(body).encode()  # ensure_ascii: lone surrogates travel as \ud800 escapes


def _snapshot(c: TestClient, gid: str) -> tuple[int, str, int]:
    t = _table(c, gid)
    return len(t.game.history), t.game.state_hash(), len(t.seats[1].invite_hash)


def _ok_refusal(r: Any) -> None:
    assert r.status_code < 500, (r.status_code, r.text[:300])
    assert "Traceback" not in r.text and 'File "' not in r.text


def test_every_route_refuses_nasty_bodies_without_a_500_or_a_change(client: TestClient) -> None:
    r = client.post("/api/games", json={"seats": ["human", "human"], "seed": 5})
    gid = r.json()["game"]
    before = _snapshot(client, gid)
    listed = client.get("/api/games").json()
    routes = ["/api/games", "/api/games/resume", *(f"/api/games/{gid}/{x}" for x in ("act", "undo", "quick-setup"))]
    routes.append(f"/api/games/{gid}/claim")
    for route in routes:
        for body in NASTY_BODIES:
            r = client.post(route, content=_encode(body), headers={"content-type": "application/json"})
            _ok_refusal(r)
            if route != "/api/games":
                assert r.status_code >= 400, (route, body if not isinstance(body, bytes) else body[:40])
            if r.status_code >= 400:
                assert "error" in r.json()
    assert _snapshot(client, gid) == before
    after = client.get("/api/games")
    assert after.status_code == 200 and len(after.json()["games"]) >= len(listed["games"])


KEYS = ["token", "action", "invite", "command", "seats", "record"]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    body=st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(KEYS) | st.text(), inner),
        max_leaves=12,
    ),
    route=st.sampled_from(["act", "undo", "quick-setup", "claim"]),
)
def test_random_json_never_breaks_a_game(client: TestClient, body: Any, route: str) -> None:
    gid, _ = _fuzz_game(client)
    before = _snapshot_one(client, gid)
    r = client.post(f"/api/games/{gid}/{route}", content=json.dumps(body).encode())
    _ok_refusal(r)
    assert r.status_code >= 400 and _snapshot_one(client, gid) == before


_FUZZ: dict[int, tuple[str, list[str | None]]] = {}


def _fuzz_game(c: TestClient) -> tuple[str, list[str | None]]:
    key = id(c)
    if key not in _FUZZ:
        _FUZZ.clear()
        _FUZZ[key] = _new(c, seats=["human"], seed=3)
    return _FUZZ[key]


def test_a_surrogate_name_is_refused_and_the_list_keeps_working(client: TestClient) -> None:
    r = client.post("/api/games", content=b'{"seats": ["human"], "names": ["\\ud800"]}')
    assert r.status_code == 400 and "surrogate" in r.json()["error"]
    form = b"seat0=human&name0=a%ED%B2%80&name1=%00"
    headers = {"content-type": "application/x-www-form-urlencoded"}
    r = client.post("/lobby/create", content=form, headers=headers, follow_redirects=False)
    _ok_refusal(r)
    assert client.get("/api/games").status_code == 200 and client.get("/").status_code == 200


def test_a_name_stored_before_the_check_does_not_break_the_list(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite'}"
    with TestClient(create_app(url)) as c:
        gid, _ = _new(c, seats=["human"], seed=3)
        con = sqlite3.connect(tmp_path / "old.sqlite")
        seats = json.loads(con.execute("select seats from games where id=?", (gid,)).fetchone()[0])
        seats[0]["name"] = "a\udc80b"  # what an older server stored (json.dumps escapes it)
        con.execute("update games set seats=? where id=?", (json.dumps(seats), gid))
        con.commit()
    with TestClient(create_app(url)) as c:  # across a restart, as the issue found it
        r = c.get("/api/games")
        assert r.status_code == 200 and r.json()["games"][0]["seats"][0]["name"] == "a?b"
        assert c.get("/").status_code == 200


def test_nasty_queries_and_paths(client: TestClient) -> None:
    gid, _ = _new(client, seats=["human"], seed=3)
    for url in [
        f"/api/games/{gid}/view?token=%00",
        f"/api/games/{gid}/view?token=" + "a" * 10_000,
        f"/api/games/{gid}/view?token=%ED%A0%80",
        f"/api/games/{gid}/events?since=%C2%B2",
        f"/api/games/{gid}/events?since=" + "9" * 5000,
        f"/api/games/{gid}/events?since=-1",
        f"/api/games/{gid}/actions?token[]=x",
        f"/api/games/{gid}/replay?step=" + "9" * 5000,
        f"/games/{gid}/replay?step=" + "9" * 5000,
        f"/games/{gid}/join?invite=%00",
        f"/games/{gid}/created?token=%ED%A0%80",
        "/api/games/%ED%A0%80/view",
        "/api/games/" + "x" * 5000 + "/view",
        "/images/" + "9" * 5000,
        "/api/cards/%ED%A0%80",
        "/cards/" + "z" * 5000,
    ]:
        _ok_refusal(client.get(url))
    for seed in ("²", "-1", "1e5", "9" * 100, "٣"):
        r = client.post("/lobby/create", data={"seat0": "human", "seed": seed}, follow_redirects=False)
        assert r.status_code == 400, seed
        _ok_refusal(r)


def test_bodies_are_limited(client: TestClient) -> None:
    big = b'{"seats": ["human"], "names": ["' + b"a" * 70_000 + b'"]}'
    r = client.post("/api/games", content=big, headers={"content-type": "application/json"})
    assert r.status_code == 413 and "larger than" in r.json()["error"]

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it arrives
        for _ in range(100):
            yield b"a" * 1000

    r = client.post("/api/games", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413
    r = client.post("/api/games", content=b"x", headers={"content-length": "999999999999"})
    assert r.status_code == 413


def test_sockets_refuse_binary_frames_and_nasty_messages(client: TestClient) -> None:
    gid, tokens = _new(client, seats=["human"], seed=3)
    before = _snapshot_one(client, gid)
    with client.websocket_connect(f"/api/games/{gid}/ws?token={tokens[0]}") as ws:
        ws.receive_json()
        ws.send_bytes(b"\x00\x01binary")
        assert "binary" in ws.receive_json()["error"]
        for text in [
            DEEP,
            '{"action": ' + "9" * 5000 + "}",
            '{"action": "\\ud800"}',
            '{"action": ["x"]}',
            '{"command": 5}',
            "[]",
            "x" * 10_000,
            '{"action": "pass"}',
        ]:
            ws.send_text(text)
            msg = ws.receive_json()
            assert msg["type"] == "error" and "Traceback" not in msg["error"]
    assert _snapshot_one(client, gid) == before
    with client.websocket_connect(f"/api/games/{gid}/ws?token=%ED%A0%80") as ws:
        assert ws.receive_json()["type"] == "error"


def _snapshot_one(c: TestClient, gid: str) -> tuple[int, str]:
    t = _table(c, gid)
    return len(t.game.history), t.game.state_hash()


# ---------------------------------------------------------------------- a failing database


def test_a_failed_store_leaves_the_game_unchanged_and_says_so(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    gid, tokens = _new(client, seats=["human"], seed=3)
    table = _table(client, gid)
    hub = client.app.state.web.hub  # type: ignore[attr-defined]
    before = _snapshot_one(client, gid)
    act = table.game.legal_actions()[0]

    def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("disk full")

    monkeypatch.setattr(hub.store, "append", broken)
    r = client.post(f"/api/games/{gid}/act", json={"token": tokens[0], "action": act})
    assert r.status_code == 503 and "unchanged" in r.json()["error"]
    assert _snapshot_one(client, gid) == before and _table(client, gid).stored == before[0]
    with client.websocket_connect(f"/api/games/{gid}/ws?token={tokens[0]}") as ws:
        ws.receive_json()
        ws.send_text(json.dumps({"action": act}))
        msg = ws.receive_json()
        while msg["type"] == "state":
            msg = ws.receive_json()
        assert "unchanged" in msg["error"]
    assert _snapshot_one(client, gid) == before
    monkeypatch.undo()
    r = client.post(f"/api/games/{gid}/act", json={"token": tokens[0], "action": act})
    assert r.status_code == 200
    stored = hub.store.load(gid)
    assert list(stored.actions) == _table(client, gid).game.history
    after = _snapshot_one(client, gid)
    monkeypatch.setattr(hub.store, "truncate", broken)  # undo: the store first, so a failure changes nothing
    r = client.post(f"/api/games/{gid}/undo", json={"token": tokens[0]})
    assert r.status_code == 503 and "unchanged" in r.json()["error"]
    assert _snapshot_one(client, gid) == after


def test_a_failed_store_on_create_creates_nothing(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    hub = client.app.state.web.hub  # type: ignore[attr-defined]
    n = len(hub.tables)

    def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("database is locked")

    monkeypatch.setattr(hub.store, "create", broken)
    r = client.post("/api/games", json={"seats": ["human"]})
    assert r.status_code == 503 and "no game was created" in r.json()["error"]
    assert len(hub.tables) == n


# ---------------------------------------------------------------------- spectators


def _watch_html(client: TestClient, monkeypatch: pytest.MonkeyPatch, n: int = 6) -> tuple[list[int | None], list[str]]:
    """``n`` html spectators of a new game, through one change: the reads of the game (the seats whose
    fragment was read, None for the spectators) and the texts the spectators received (the first, then after
    the change)."""
    gid, tokens = _new(client, seats=["human"], seed=3)
    web = client.app.state.web  # type: ignore[attr-defined]
    monkeypatch.setattr(web.spectators, "interval", 0.0)
    calls: list[int | None] = []
    real = web.fragment_parts

    def counting(table: Any, seat: int | None, token: str = "", game: Any = None) -> Any:
        calls.append(seat)
        return real(table, seat, token, game)

    monkeypatch.setattr(web, "fragment_parts", counting)
    sockets = [client.websocket_connect(f"/api/games/{gid}/ws?format=html") for _ in range(n)]
    texts: list[str] = []
    try:
        for ws in sockets:
            ws.__enter__()
            texts.append(ws.receive_json()["html"])
        assert calls == [None]  # n spectators, one read of the game
        table = _table(client, gid)
        assert texts[0] == web.draw_fragment(real(table, None))  # as the server itself draws it
        act = table.game.legal_actions()[0]
        assert client.post(f"/api/games/{gid}/act", json={"token": tokens[0], "action": act}).status_code == 200
        for ws in sockets:
            msg = ws.receive_json()
            assert msg["type"] == "state"
            texts.append(msg["html"])
        assert calls == [None, None]  # one more change, one more read for all of them
        assert texts[-1] == web.draw_fragment(real(table, None)) != texts[0]
    finally:
        for ws in sockets:
            ws.__exit__(None, None, None)
    return calls, texts


def test_spectators_share_one_drawing_made_in_a_process_of_its_own(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page is read from the game once per change and drawn by the spectators' drawing process, off the
    server's event loop and its interpreter's lock; every spectator gets that one text."""
    web = client.app.state.web  # type: ignore[attr-defined]
    _watch_html(client, monkeypatch)
    assert web.spectators.in_process and isinstance(web.spectators.pool, ProcessPoolExecutor)
    pids = web.spectators.pool.submit(os.getpid).result(timeout=60)
    assert pids != os.getpid()


def test_spectators_drawing_falls_back_to_a_thread(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the drawing process cannot start (or dies), a worker thread draws the same page, still off the
    event loop (which the test client runs)."""
    web = client.app.state.web  # type: ignore[attr-defined]

    class NoProcess:
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            raise OSError("no process may be started here")

    monkeypatch.setattr(web_app, "ProcessPoolExecutor", NoProcess)
    threads: list[int] = []
    real_draw = web.drawer.draw_fragment

    def drawing(parts: Any) -> str:
        threads.append(threading.get_ident())
        return str(real_draw(parts))

    monkeypatch.setattr(web.drawer, "draw_fragment", drawing)
    _watch_html(client, monkeypatch, n=3)
    assert not web.spectators.in_process and isinstance(web.spectators.pool, ThreadPoolExecutor)
    loop_thread = client.portal.call(lambda: threading.get_ident())  # type: ignore[union-attr]
    drawn_by_worker = [t for t in threads if t != threading.get_ident()]  # (the test's own checks draw too)
    assert len(drawn_by_worker) == 2 and loop_thread not in drawn_by_worker


def test_a_drawing_process_that_breaks_hands_over_to_a_thread(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    web = client.app.state.web  # type: ignore[attr-defined]

    class Broken(ThreadPoolExecutor):
        def submit(self, *args: Any, **kwargs: Any) -> Any:
            raise BrokenProcessPool("the drawing process was killed")

    monkeypatch.setattr(web_app, "ProcessPoolExecutor", lambda *a, **k: Broken())
    _calls, texts = _watch_html(client, monkeypatch, n=2)
    assert len(texts) == 4 and not web.spectators.in_process
    assert isinstance(web.spectators.pool, ThreadPoolExecutor) and not isinstance(web.spectators.pool, Broken)


def test_spectators_get_quick_changes_as_one_state(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Changes quicker than the spectators' interval reach them as one state, the latest; the seat gets each."""
    gid, tokens = _new(client, seats=["human"], seed=3)
    web = client.app.state.web  # type: ignore[attr-defined]
    monkeypatch.setattr(web.spectators, "interval", 2.0)
    table = _table(client, gid)
    with (
        client.websocket_connect(f"/api/games/{gid}/ws") as watcher,
        client.websocket_connect(f"/api/games/{gid}/ws?token={tokens[0]}") as seat,
    ):
        first = watcher.receive_json()
        assert seat.receive_json()["version"] == first["version"]
        for _ in range(5):
            seat.send_json({"action": table.game.legal_actions()[0]})
            assert seat.receive_json()["type"] == "state"  # the seat: every state, at once
        later = watcher.receive_json()
        assert later["version"] == table.version == first["version"] + 5  # one state: the latest
        assert later["view"] == public_view(table.game)
    assert table.spectators == 0


def test_spectators_are_bounded(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(web_app, "MAX_SPECTATORS", 2)
    gid, tokens = _new(client, seats=["human"], seed=3)
    with client.websocket_connect(f"/api/games/{gid}/ws") as a, client.websocket_connect(f"/api/games/{gid}/ws") as b:
        a.receive_json()
        b.receive_json()
        with client.websocket_connect(f"/api/games/{gid}/ws") as c:
            msg = c.receive_json()
            assert msg["type"] == "error" and "spectators" in msg["error"]
            with pytest.raises(WebSocketDisconnect) as closed:
                c.receive_json()
            assert closed.value.code == 4429
        with client.websocket_connect(f"/api/games/{gid}/ws?token={tokens[0]}") as seat:  # seats are never refused
            assert seat.receive_json()["type"] == "state"
    with client.websocket_connect(f"/api/games/{gid}/ws") as again:  # the places are given back
        assert again.receive_json()["type"] == "state"


# ---------------------------------------------------------------------- hygiene


def test_security_headers_and_the_origin_check(client: TestClient) -> None:
    gid, _ = _new(client, seats=["human"], seed=3)
    for url in ("/", f"/games/{gid}", "/api/games", "/static/table.js", "/api/games/nope/view"):
        h = client.get(url).headers
        assert "frame-ancestors 'none'" in h["content-security-policy"]
        assert "script-src 'self'" in h["content-security-policy"]
        assert h["x-content-type-options"] == "nosniff" and h["x-frame-options"] == "DENY"
    with client.websocket_connect(f"/api/games/{gid}/ws", headers={"origin": "https://evil.example"}) as ws:
        msg = ws.receive_json()
        assert msg["type"] == "error" and "Origin" in msg["error"]
    with client.websocket_connect(f"/api/games/{gid}/ws", headers={"origin": "http://testserver"}) as ws:
        assert ws.receive_json()["type"] == "state"


def test_binding_beyond_loopback_is_told() -> None:
    assert is_loopback("127.0.0.1") and is_loopback("localhost") and is_loopback("::1")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.4") and not is_loopback("example.org")


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "--workers", "0"],
        ["simulate", "--games", "-1"],
        ["simulate", "--seed", "-5"],
        ["simulate", "--players", "0"],
        ["deck", "new", "--players", "9"],
        ["serve", "--port", "0"],
        ["serve", "--ai-delay", "-1"],
    ],
)
def test_cli_options_out_of_range_are_refused_with_a_reason(args: list[str]) -> None:
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == 2, r.output
    assert "Invalid value" in r.output and "Traceback" not in r.output
