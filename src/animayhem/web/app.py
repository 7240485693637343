"""The web table's ASGI application: the JSON API under ``/api``, one WebSocket per seat, and the pages.

``create_app(database_url, images=None)`` builds it; ``animayhem serve`` runs it on uvicorn. Every refusal is
JSON ``{"error": reason}`` with a 4xx status (pages show the reason instead); no stack trace reaches a client.
See docs/web.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import json
import logging
import multiprocessing
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.datastructures import UploadFile
from starlette.exceptions import HTTPException as StarletteHTTPException

from animayhem import i18n
from animayhem.agents import AGENTS
from animayhem.cards.database import CardDB
from animayhem.decks.starters import starter_decks
from animayhem.decks.textformat import format_players
from animayhem.engine.faces.views import public_view
from animayhem.engine.game import Game
from animayhem.records import record
from animayhem.rules.ruleset import RULESETS
from animayhem.web.drawing import Drawer, draw_elsewhere, start_drawer, timed
from animayhem.web.hub import MAX_SPECTATORS, Hub, Table, WebError, parse_spec, recent_events, seat_view
from animayhem.web.lang import LanguageMiddleware, switch
from animayhem.web.narrate import event_text
from animayhem.web.store import Store

log = logging.getLogger("animayhem.web")
MAX_UPLOAD = 200_000  # a deck file
MAX_RECORD = 20_000_000  # a saved game
MAX_BODY = 64_000  # any other request body (413 beyond)
MAX_JSON_DEPTH = 32  # nesting of a JSON body or socket message
MAX_INT_DIGITS = 40  # digits of a JSON integer (a 128-bit seed has 39)
MAX_MESSAGE = 4_000  # a socket message, in characters
SPECTATOR_INTERVAL = 0.5  # seconds: spectators get at most one state per game this often (the latest)
SPECTATOR_SHARE = 0.25  # at most this share of the server's time goes to drawing spectators' states
# the bodies that may be larger than MAX_BODY: the lobby's form with up to 5 deck files, and resumed records
BODY_LIMITS = {"/lobby/create": 5 * MAX_UPLOAD + MAX_BODY, "/lobby/resume": MAX_RECORD, "/api/games/resume": MAX_RECORD}
SECURITY_HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self';"
        b" object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
]
_DIGITS = re.compile(r"[0-9]{1,40}")  # ASCII digits only: str.isdigit() also takes '²'

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


# The words the page's script (static/table.js) writes itself; the page hands them over translated
# (``data-words`` on #game), the script falls back to the English
CLIENT_WORDS = (
    i18n.N_("Disconnected from the server: reconnecting…"),
    i18n.N_("Not connected: retrying…"),
    i18n.N_("Moving together: {n} Characters. Now click a cell."),
    i18n.N_("Or with this card alone:"),
    i18n.N_("Which move?"),
    i18n.N_("Which one?"),
    i18n.N_("The game is saved on the server after every decision. Come back with your seat's link: {link}"),
)


class Guard:
    """ASGI middleware in front of everything: security headers on every answer, and a limit on request
    bodies (read whole before the application sees them; 413 beyond the route's limit)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                have = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = [*message.get("headers", []), *(h for h in SECURITY_HEADERS if h[0] not in have)]
            await send(message)

        if scope.get("method") in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send_with_headers)
            return
        limit = BODY_LIMITS.get(scope.get("path", ""), MAX_BODY)
        for k, v in scope.get("headers", []):
            if k == b"content-length" and (not v.isdigit() or len(v) > 12 or int(v) > limit):
                await _refuse(send_with_headers, 413, f"the request body is larger than {limit} bytes")
                return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                await _refuse(send_with_headers, 413, f"the request body is larger than {limit} bytes")
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        done = False

        async def replay() -> Message:
            nonlocal done
            if not done:
                done = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send_with_headers)


async def _refuse(send: Send, status: int, reason: str) -> None:
    body = json.dumps({"error": reason}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def _small_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise WebError(400, f"a number in the body has more than {MAX_INT_DIGITS} digits")
    return int(text)


def _no_constant(text: str) -> Any:
    raise WebError(400, f"{text} is not a JSON number")


def _depth(value: Any, limit: int = MAX_JSON_DEPTH) -> int:
    """How deeply ``value`` nests (iteratively, so no recursion limit is met)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        v, d = stack.pop()
        if d > limit:
            return d
        deepest = max(deepest, d)
        if isinstance(v, dict):
            stack.extend((x, d + 1) for x in v.values())
        elif isinstance(v, list):
            stack.extend((x, d + 1) for x in v)
    return deepest


def parse_json(raw: bytes | str, what: str = "the body") -> Any:
    """JSON from a client: refused (400, with the reason) when it is not JSON, nests more than
    MAX_JSON_DEPTH deep, carries a huge integer or NaN/Infinity. Strings are checked where they are used."""
    try:
        value = json.loads(raw or b"null", parse_int=_small_int, parse_constant=_no_constant)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise WebError(400, f"{what} is not valid JSON: {exc}") from exc
    except RecursionError:
        raise WebError(400, f"{what} nests more than {MAX_JSON_DEPTH} deep") from None
    if _depth(value) > MAX_JSON_DEPTH:
        raise WebError(400, f"{what} nests more than {MAX_JSON_DEPTH} deep")
    return value


def image_index(folder: Path | None) -> dict[int, Path]:
    """Card number -> image file in a LackeyCCG ``setimages`` folder (``<set>/cardNNN.jpg``); never copied."""
    out: dict[int, Path] = {}
    if folder is None or not folder.is_dir():
        return out
    for f in sorted(folder.rglob("card*")):
        stem = f.stem.removeprefix("card")
        if f.suffix.lower() in (".jpg", ".jpeg", ".png") and stem.isdigit():
            out.setdefault(int(stem), f)
    return out


class Web:
    """The application's state: the hub of games, the card database, templates, images."""

    def __init__(self, store: Store, images: Path | None = None, ai_delay: float = 0.0) -> None:
        self.db = CardDB.bundled()
        self.hub = Hub(store, self.db, ai_delay=ai_delay)
        self.drawer = Drawer(self.db)  # the templates and the card renderer (also the pages')
        self.spectators = Spectators(self)
        self.images = image_index(images)

    def page(self, name: str, status: int = 200, **ctx: Any) -> HTMLResponse:
        ctx.setdefault("lang", i18n.active())
        ctx.setdefault("languages", switch())
        ctx.setdefault("client_words", {w: i18n.gettext(w) for w in CLIENT_WORDS})
        return HTMLResponse(self.drawer.env.get_template(name).render(**ctx), status_code=status)

    # ------------------------------------------------------------------ one seat's table

    def fragment_parts(
        self, table: Table, seat: int | None, token: str = "", game: Game | None = None
    ) -> dict[str, Any]:
        """What a table fragment is drawn from, read from the game (so on the event loop, between two
        decisions): fresh copies of the view, the recent events and the actions, nothing that the game changes
        afterwards. :meth:`draw_fragment` turns them into the page without reading the game."""
        g = game or table.game
        view = seat_view(g, seat)
        if seat is not None:  # every seat's Disaster path is public: the page draws them all
            view = {**view, "disaster_paths": public_view(g)["disaster_paths"]}
        # the page shows this turn and the one before (the log, the combat of this turn): only those are read
        events = recent_events(g, seat, int(view.get("turn", 0)) - 1)
        # a replay (``game`` given) shows no action: nothing can be done in it
        actions = g.legal_actions() if game is None and seat is not None and g.to_move == seat else []
        extra: dict[str, Any] = {
            "gid": table.id,
            "token": token,
            "version": table.version,
            "can_undo": game is None and seat is not None and len(table.humans) == 1 and not g.over and bool(g.history),
            "replay": game is not None,
        }
        if game is not None:  # a replay asks nothing: no decision, no button
            extra.update(decision=None, end_turn=False, movers=set())
        return {
            "view": view,
            "events": events,
            "seat_names": [seat_name(s.name) for s in table.seats],
            "seat_kinds": [s.kind for s in table.seats],
            "actions": actions,
            "rules": g.rules.switches(),
            "layout": g.config.layout,
            "extra": extra,
        }

    def draw_fragment(self, parts: dict[str, Any]) -> str:
        """The table fragment from :meth:`fragment_parts` (:meth:`Drawer.draw_fragment`)."""
        return self.drawer.draw_fragment(parts)

    def fragment(self, table: Table, seat: int | None, token: str = "", game: Game | None = None) -> str:
        return self.draw_fragment(self.fragment_parts(table, seat, token, game))

    def state_parts(self, table: Table, seat: int | None, token: str, fmt: str) -> dict[str, Any]:
        """The state message for ``seat`` as read from the game; ``"html"`` holds the fragment's parts, drawn
        by :meth:`draw_state` (which reads nothing of the game)."""
        g = table.game
        msg: dict[str, Any] = {
            "type": "state",
            "version": table.version,
            "to_move": g.to_move,
            "over": g.over,
            "actions": g.legal_actions() if seat is not None and g.to_move == seat else [],
        }
        if fmt == "html":
            msg["html"] = self.fragment_parts(table, seat, token)
        else:
            msg["view"] = table.view(seat)
        return msg

    def draw_state(self, parts: dict[str, Any]) -> str:
        """The state message as sent (JSON text), from :meth:`state_parts` (:meth:`Drawer.draw_state`)."""
        return self.drawer.draw_state(parts)

    def state_message(self, table: Table, seat: int | None, token: str, fmt: str) -> dict[str, Any]:
        msg = self.state_parts(table, seat, token, fmt)
        if "html" in msg:
            msg["html"] = self.draw_fragment(msg["html"])
        return msg

    def state_text(self, table: Table, seat: int | None, token: str, fmt: str) -> str:
        """A seat's state message as sent, drawn once per audience, language and version (a seat's sockets in
        two tabs share it). Spectators' are drawn by :class:`Spectators`."""
        key = (seat, fmt, i18n.active())
        hit = table.rendered.get(key)
        if hit is not None and hit[0] == table.version:
            return hit[1]
        text = self.draw_state(self.state_parts(table, seat, token, fmt))
        table.rendered[key] = (table.version, text)
        return text


class Spectators:
    """Draws the spectators' state messages, so that watchers cost the players next to nothing.

    - once per game, audience (format and language: every spectator of a game shares one text), and change;
    - at most every ``interval`` seconds per game and audience: quick changes (AI seats, bots) reach the
      spectators as one state, the latest (the seats get every state at once);
    - within a budget: drawing for spectators may take at most ``share`` of the process's time (a bucket
      refilled at that rate); when it is spent, spectators wait for their next state, players do not;
    - the html page (~10 ms to draw) in a process of its own, one at a time: the view and the events are read
      from the game on the event loop (fresh copies) and sent there, the template is filled meanwhile. A
      thread would share the interpreter's lock with the event loop: every socket's read or write would wait
      for the drawing's turn to end (100 spectators made the players' slowest answers 3 to 4 times slower).
      Where no process can be started, a thread draws instead.
    """

    BURST = 0.2  # seconds of drawing the budget holds at most (a quiet server draws at once)

    def __init__(self, web: Web, interval: float = SPECTATOR_INTERVAL, share: float = SPECTATOR_SHARE) -> None:
        self.web = web
        self.interval = interval
        self.share = share
        self.budget = self.BURST
        self.refilled = 0.0
        self.pool: Executor | None = None  # the html drawings' worker, started at the first one
        self.in_process = True  # False once a process could not be started or broke: a thread draws

    def close(self) -> None:
        """Stop the worker: the drawings queued are dropped; the one under way (a few milliseconds) is waited
        for, so that the drawing process ends with the server and leaves nothing behind."""
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)
            self.pool = None

    def _worker(self) -> Executor:
        if self.pool is None:
            if self.in_process:
                try:
                    self.pool = ProcessPoolExecutor(
                        max_workers=1, mp_context=multiprocessing.get_context("spawn"), initializer=start_drawer
                    )
                except (OSError, ValueError, NotImplementedError) as exc:  # no process here (a sandbox): a thread
                    log.warning("spectators' drawings in a thread: no process could be started (%s)", exc)
                    self.in_process = False
            if self.pool is None:
                self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="animayhem-spectators")
        return self.pool

    async def _draw_html(self, parts: dict[str, Any], loop: asyncio.AbstractEventLoop) -> tuple[str, float]:
        """The html state message drawn by the worker, in the language in force, and the time it took there."""
        worker = self._worker()
        if self.in_process:
            try:
                return await loop.run_in_executor(worker, draw_elsewhere, i18n.active(), parts)
            except (BrokenProcessPool, OSError) as exc:  # it could not start, or died (killed, out of memory)
                log.warning("spectators' drawings in a thread from now on: the drawing process failed (%s)", exc)
                self.close()
                self.in_process = False
        job = functools.partial(contextvars.copy_context().run, timed, self.web.draw_state, parts)
        return await loop.run_in_executor(self._worker(), job)

    def _left(self, now: float) -> float:
        """The budget left now (negative: overspent, wait until it is back above 0)."""
        if self.refilled:
            self.budget = min(self.BURST, self.budget + (now - self.refilled) * self.share)
        self.refilled = now
        return self.budget

    async def state(self, table: Table, fmt: str) -> tuple[int, str]:
        """The spectators' state message of ``table`` (version, text): the one drawn for this version, or
        the next one drawn once the game's interval has passed and the budget allows."""
        key = (None, fmt, i18n.active())
        loop = asyncio.get_running_loop()
        while True:
            hit = table.rendered.get(key)
            if hit is not None and hit[0] == table.version:
                return hit
            now = loop.time()
            wait = table.spectated.get(key, -1e9) + self.interval - now
            left = self._left(now)
            if left < 0:
                wait = max(wait, -left / self.share)
            if wait > 0:
                await asyncio.sleep(wait)
                continue
            pending = table.drawing.get(key)
            if pending is not None:  # another spectator's socket is drawing it: share that one
                await pending.wait()
                continue
            done = table.drawing[key] = asyncio.Event()
            try:
                return await self._draw(table, key, fmt, loop)
            finally:
                table.drawing.pop(key, None)
                done.set()

    async def _draw(
        self, table: Table, key: tuple[int | None, str, str], fmt: str, loop: asyncio.AbstractEventLoop
    ) -> tuple[int, str]:
        if fmt == "html":
            version = table.version
            start = time.perf_counter()
            parts = self.web.state_parts(table, None, "", fmt)
            read = time.perf_counter() - start
            # drawn from the parts only, by the spectators' worker (in this context's language), while the
            # loop goes on with the game; several games' drawings wait in its queue, none waits on the loop
            text, drawn = await self._draw_html(parts, loop)
            cost = read + drawn
        else:  # the public view in JSON: less than a millisecond, not worth a thread
            version = table.version
            start = time.perf_counter()
            text = self.web.draw_state(self.web.state_parts(table, None, "", fmt))
            cost = time.perf_counter() - start
        table.rendered[key] = (version, text)
        table.spectated[key] = loop.time()
        self._left(loop.time())
        self.budget -= cost
        return version, text


_SEND_THIS = 'send {"action": …}, {"command": "undo"|"quick_setup"|"end_turn"} or {"command": "why", "about": …}'


def seat_name(name: str) -> str:
    """A seat's name as shown: the default "Player N" in the language in force, a chosen name as it is."""
    m = re.fullmatch(r"Player ([0-9]{1,2})", name)
    return i18n.gettext("Player {n}").format(n=m.group(1)) if m else name


def _seat_list(table: Table, given: dict[int, dict[str, str]]) -> list[dict[str, Any]]:
    """The seats as the creator receives them: its own token, and an invitation for each other person (to
    be claimed once with ``POST /api/games/ID/claim``); never another seat's token."""
    return [
        {
            "seat": i,
            "kind": s.kind,
            "name": s.name,
            "token": given.get(i, {}).get("token"),
            "invite": given.get(i, {}).get("invite"),
        }
        for i, s in enumerate(table.seats)
    ]


def _links(table: Table, given: dict[int, dict[str, str]]) -> dict[int, str]:
    out = {}
    for i, g in given.items():
        if "token" in g:
            out[i] = f"/games/{table.id}?token={g['token']}"
        else:
            out[i] = f"/games/{table.id}/join?invite={g['invite']}"
    return out


def _error(status: int, reason: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": reason, **extra}, status_code=status)


async def _body(request: Request) -> Any:
    return parse_json(await request.body())


def create_app(database: str, images: Path | None = None, ai_delay: float = 0.0) -> FastAPI:
    """The web table on ``database`` (a SQLAlchemy URL); ``images`` a LackeyCCG setimages folder, optional."""
    store = Store(database)
    web = Web(store, images, ai_delay)
    hub = web.hub
    spectators = web.spectators

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub.resume_all()
        yield
        await hub.close()
        spectators.close()
        store.close()

    app = FastAPI(title="animayhem", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.add_middleware(Guard)
    app.state.web = web
    app.add_middleware(LanguageMiddleware)  # the pages' language: ?lang=, its cookie, Accept-Language
    app.mount("/static", StaticFiles(packages=[("animayhem.web", "static")]), name="static")

    @app.exception_handler(WebError)
    async def _web_error(request: Request, exc: WebError) -> Response:
        if request.url.path.startswith("/api/"):
            return _error(exc.status, exc.reason, **exc.extra)
        lines = [
            i18n.gettext(
                "{deck} (seat {n}): [{rule}] {message}; found {found}, required {required}. Fix: {fix}"
            ).format(
                deck=deck,
                n=seat + 1,
                rule=p.rule + (f"/{p.conf}" if p.conf else ""),
                **{k: p.part(k) for k in ("message", "found", "required", "fix")},
            )
            for seat, deck, found in exc.deck_problems
            for p in found
        ]
        ctx = _lobby_ctx(error=i18n.localize(exc.reason), problems=lines or None)
        if request.url.path == "/lobby/create" and isinstance(getattr(request.state, "form", None), dict):
            ctx["form"] = request.state.form  # a refused form keeps every choice made in it (not its files)
        return web.page("lobby.html", exc.status, **ctx)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> Response:
        return _error(exc.status_code, str(exc.detail))

    @app.exception_handler(RequestValidationError)
    async def _validation(request: Request, exc: RequestValidationError) -> Response:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()))
        return _error(400, f"{where}: {first.get('msg', 'invalid request')}")

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception) -> Response:
        log.exception("unexpected error on %s", request.url.path)
        return _error(500, "the server could not do that (an internal error; the game is unchanged)")

    # ------------------------------------------------------------------ JSON API

    @app.post("/api/games", status_code=201)
    async def api_create(request: Request) -> JSONResponse:
        spec, problems = parse_spec(await _body(request), web.db)
        table, given = hub.create(spec)
        return JSONResponse(
            {
                "game": table.id,
                "seats": _seat_list(table, given),
                "deck_problems": problems,
            },
            status_code=201,
        )

    @app.post("/api/games/resume", status_code=201)
    async def api_resume(request: Request) -> JSONResponse:
        body = await _body(request)
        if not isinstance(body, dict) or "record" not in body:
            raise WebError(400, 'send {"record": <a game record or save>, "seats": [kinds]}')
        table, given = hub.create_from_record(body["record"], body.get("seats"))
        return JSONResponse(
            {
                "game": table.id,
                "seats": _seat_list(table, given),
            },
            status_code=201,
        )

    @app.post("/api/games/{gid}/claim")
    async def api_claim(gid: str, request: Request) -> dict[str, Any]:
        body = await _body(request)
        if not isinstance(body, dict):
            raise WebError(400, 'send {"invite": <the invitation you were given>}')
        table = hub.get(gid)
        seat, token = hub.claim(table, body.get("invite"))
        return {"seat": seat, "token": token}

    @app.get("/api/games")
    async def api_list() -> dict[str, Any]:
        return {
            "games": [
                {
                    "game": s.id,
                    "seats": [{"kind": x.kind, "name": x.name} for x in s.seats],
                    "ruleset": s.ruleset,
                    "layout": s.layout,
                    "decisions": s.decisions,
                    "finished": s.finished,
                    "result": s.result,
                }
                for s in hub.store.summaries()
            ]
        }

    @app.get("/api/games/{gid}/view")
    async def api_view(gid: str, token: str | None = None) -> dict[str, Any]:
        table = hub.get(gid)
        return table.view(table.check_token(token))

    @app.get("/api/games/{gid}/actions")
    async def api_actions(gid: str, token: str | None = None) -> dict[str, Any]:
        table = hub.get(gid)
        seat = table.check_token(token)
        g = table.game
        return {"to_move": g.to_move, "actions": g.legal_actions() if seat is not None and g.to_move == seat else []}

    @app.post("/api/games/{gid}/act")
    async def api_act(gid: str, request: Request) -> dict[str, Any]:
        body = await _body(request)
        if not isinstance(body, dict):
            raise WebError(400, 'send {"token": …, "action": …}')
        table = hub.get(gid)
        seat = hub.act(table, body.get("token"), body.get("action"))
        return table.view(seat)

    @app.post("/api/games/{gid}/undo")
    async def api_undo(gid: str, request: Request) -> dict[str, Any]:
        body = await _body(request)
        table = hub.get(gid)
        token = body.get("token") if isinstance(body, dict) else None
        hub.undo(table, token)
        return table.view(table.check_token(token))

    @app.post("/api/games/{gid}/quick-setup")
    async def api_quick(gid: str, request: Request) -> dict[str, Any]:
        body = await _body(request)
        table = hub.get(gid)
        token = body.get("token") if isinstance(body, dict) else None
        hub.quick_setup(table, token)
        return table.view(table.check_token(token))

    @app.get("/api/games/{gid}/events")
    async def api_events(gid: str, token: str | None = None, since: str = "0") -> dict[str, Any]:
        table = hub.get(gid)
        seat = table.check_token(token)
        if not _DIGITS.fullmatch(since):
            raise WebError(400, "since must be a whole number from 0")
        start = int(since)
        events = table.events(seat)
        names = [s.name for s in table.seats]
        return {
            "events": [
                {"n": start + i, "event": e, "text": event_text(e, web.db, names)} for i, e in enumerate(events[start:])
            ],
            "next": len(events),
        }

    @app.get("/api/games/{gid}/record")
    async def api_record(gid: str) -> JSONResponse:
        table = hub.get(gid)
        if not table.game.over:
            raise WebError(
                409,
                "a running game's record would show every hidden card: it is kept on the server (use your seat's link)",
            )
        return JSONResponse(
            record.to_json(table.game), headers={"Content-Disposition": f'attachment; filename="game-{gid}.json"'}
        )

    @app.get("/api/cards/{card_id}")
    async def api_card(card_id: str) -> dict[str, Any]:
        frame = web.drawer.renderer.card_frame(card_id)
        if frame is None:
            raise WebError(404, f"no card {card_id!r}")
        return frame

    @app.websocket("/api/games/{gid}/ws")
    async def ws_table(websocket: WebSocket, gid: str, token: str | None = None, format: str = "json") -> None:
        await websocket.accept()
        spectator = False
        table: Table | None = None
        try:
            origin = websocket.headers.get("origin")
            if origin and urlsplit(origin).netloc.lower() != websocket.headers.get("host", "").lower():
                raise WebError(403, "this table's sockets are for its own pages (the Origin is another site)")
            table = hub.get(gid)
            seat = table.check_token(token)
            if seat is None:
                if table.spectators >= MAX_SPECTATORS:
                    raise WebError(429, f"this game has its {MAX_SPECTATORS} spectators already: try again later")
                table.spectators += 1
                spectator = True
        except WebError as exc:
            await websocket.send_json({"type": "error", "error": exc.reason})
            await websocket.close(code=4000 + exc.status)
            return
        fmt = "html" if format == "html" else "json"
        wake = asyncio.Event()
        table.waiters.add(wake)
        here = table

        async def sender() -> None:
            sent = -1
            while True:
                if here.version != sent:
                    if spectator:  # shared, paced, drawn off the loop (Spectators)
                        sent, text = await spectators.state(here, fmt)
                    else:
                        sent, text = here.version, web.state_text(here, seat, token or "", fmt)
                    await websocket.send_text(text)
                    continue  # a change while it was drawn: look again
                await wake.wait()
                wake.clear()

        task = asyncio.create_task(sender())
        try:
            while True:
                frame = await websocket.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                try:
                    raw = frame.get("text")
                    if raw is None:
                        raise WebError(400, "send text frames holding JSON (a binary frame was received)")
                    if len(raw) > MAX_MESSAGE:
                        raise WebError(400, f"a message is at most {MAX_MESSAGE} characters")
                    msg = parse_json(raw, "the message")
                    if not isinstance(msg, dict):
                        raise WebError(
                            400,
                            _SEND_THIS,
                        )
                    if "action" in msg:
                        hub.act(here, token, msg["action"])
                    elif msg.get("command") == "undo":
                        hub.undo(here, token)
                    elif msg.get("command") == "quick_setup":
                        hub.quick_setup(here, token)
                    elif msg.get("command") == "end_turn":
                        hub.end_turn(here, token)
                    elif msg.get("command") == "why":
                        text = hub.why(here, token, msg.get("about"))
                        await websocket.send_json({"type": "why", "about": str(msg.get("about")), "text": text})
                    else:
                        raise WebError(
                            400,
                            _SEND_THIS,
                        )
                except WebError as exc:
                    await websocket.send_json({"type": "error", "error": exc.reason})
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            here.waiters.discard(wake)
            if spectator:
                here.spectators -= 1
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    # ------------------------------------------------------------------ pages

    def _lobby_ctx(**extra: Any) -> dict[str, Any]:
        starters = [
            {"key": k, "name": d.name, "players": format_players(d.players)} for k, d in starter_decks().items()
        ]
        ctx: dict[str, Any] = {
            "rulesets": list(RULESETS),
            "kinds": ["human", *sorted(AGENTS)],
            "starters": starters,
            "games": hub.store.summaries(),
            "form": {"ruleset": "classic", "layout": "grid", "seat0": "human"},
            "error": None,
            "problems": None,
        }
        ctx.update(extra)
        return ctx

    @app.get("/", response_class=HTMLResponse)
    async def lobby() -> HTMLResponse:
        return web.page("lobby.html", **_lobby_ctx())

    @app.post("/lobby/create")
    async def lobby_create(request: Request) -> Response:
        form = await request.form()
        request.state.form = {k: v for k, v in form.items() if isinstance(v, str) and len(v) <= 200}
        seats: list[str] = []
        names: list[str] = []
        decks: list[Any] = []
        for i in range(5):
            kind = str(form.get(f"seat{i}") or "")
            if not kind:
                continue
            seats.append(kind)
            names.append(str(form.get(f"name{i}") or ""))
            upload = form.get(f"deckfile{i}")
            if isinstance(upload, UploadFile) and upload.filename:
                raw = await upload.read(MAX_UPLOAD + 1)
                if len(raw) > MAX_UPLOAD:
                    raise WebError(400, f"{upload.filename}: a deck file is at most {MAX_UPLOAD // 1000} kB")
                try:
                    decks.append({"text": raw.decode("utf-8"), "name": upload.filename})
                except UnicodeDecodeError:
                    raise WebError(400, f"{upload.filename}: a deck file must be UTF-8 text") from None
            else:
                decks.append(str(form.get(f"deck{i}") or ""))
        data: dict[str, Any] = {
            "seats": seats,
            "decks": decks,
            "names": names,
            "ruleset": str(form.get("ruleset") or "classic"),
            "layout": str(form.get("layout") or "grid"),
            "allow_illegal": bool(form.get("allow_illegal")),
        }
        seed = str(form.get("seed") or "").strip()
        if seed:
            if not _DIGITS.fullmatch(seed):
                raise WebError(400, "the seed must be a whole number from 0 (digits 0-9, at most 39 of them)")
            data["seed"] = int(seed)
        rounds = str(form.get("max_rounds") or "").strip()
        if rounds:
            if not _DIGITS.fullmatch(rounds):
                raise WebError(400, "rounds at most: a whole number from 1 to 1000")
            data["max_rounds"] = int(rounds)
        spec, _ = parse_spec(data, web.db)
        table, given = hub.create(spec)
        return _after_create(table, given)

    def _after_create(table: Table, given: dict[int, dict[str, str]]) -> Response:
        """Solitaire or one person against AIs: straight to the table; else the links, shown this once."""
        links = _links(table, given)
        humans = table.humans
        if len(humans) == 1:
            return RedirectResponse(links[humans[0]], status_code=303)
        return web.page("created.html", gid=table.id, seats=table.seats, links=links)

    @app.get("/games/{gid}/created", response_class=HTMLResponse)
    async def created(gid: str, token: str | None = None) -> HTMLResponse:
        table = hub.get(gid)
        if table.humans and table.check_token(token) != table.humans[0]:
            raise WebError(403, "only the game's first seat sees which invitations are claimed")
        return web.page("created.html", gid=gid, seats=table.seats, links=None)

    @app.get("/games/{gid}/join", response_class=HTMLResponse)
    async def join_page(gid: str, invite: str | None = None) -> HTMLResponse:
        table = hub.get(gid)
        seat = table.seat_of_invite(invite)
        if seat is None:
            raise WebError(409, "that invitation is not (or no longer) one of this game's: each is claimed once")
        return web.page("join.html", gid=gid, seat=seat, seat_name=table.seats[seat].name, invite=invite)

    @app.post("/games/{gid}/join")
    async def join(gid: str, request: Request) -> Response:
        form = await request.form()
        table = hub.get(gid)
        _, token = hub.claim(table, form.get("invite"))
        return RedirectResponse(f"/games/{gid}?token={token}", status_code=303)

    @app.post("/lobby/resume")
    async def lobby_resume(request: Request) -> Response:
        form = await request.form()
        upload = form.get("record")
        if not isinstance(upload, UploadFile) or not upload.filename:
            raise WebError(400, "choose a save or record file to resume")
        raw = await upload.read(MAX_RECORD + 1)
        if len(raw) > MAX_RECORD:
            raise WebError(400, f"{upload.filename}: a record is at most {MAX_RECORD // 1_000_000} MB")
        data = parse_json(raw, f"{upload.filename}: not a JSON game record; it")
        kinds = [k.strip() for k in str(form.get("seats") or "").split(",") if k.strip()] or None
        table, given = hub.create_from_record(data, kinds)
        return _after_create(table, given)

    @app.get("/games/{gid}", response_class=HTMLResponse)
    async def table_page(gid: str, token: str | None = None) -> HTMLResponse:
        table = hub.get(gid)
        seat = table.check_token(token)
        return web.page("table.html", gid=gid, token=token or "", fragment=web.fragment(table, seat, token or ""))

    @app.get("/games/{gid}/replay", response_class=HTMLResponse)
    async def replay_page(gid: str, step: int | None = None, token: str | None = None) -> HTMLResponse:
        table = hub.get(gid)
        seat = table.check_token(token)
        if not table.game.over:
            raise WebError(409, "replays are for finished games")
        history = table.game.history
        n = 0 if step is None else max(0, min(step, len(history)))  # a replay opens at its start
        past = Game.restore(table.game.config, history[:n], web.db)
        # the game is over, so its record (every decision) is public: the decisions are shown as they are
        label = history[n - 1] if n else ""
        return web.page(
            "replay.html",
            gid=gid,
            step=n,
            total=len(history),
            tok=f"&token={token}" if token else "",
            last_action_label=label,
            fragment=web.fragment(table, seat, token or "", game=past),
        )

    @app.get("/cards/{card_id}", response_class=HTMLResponse)
    async def card_page(card_id: str) -> HTMLResponse:
        frame = web.drawer.renderer.card_frame(card_id)
        if frame is None:
            raise WebError(404, f"no card {card_id!r}")
        return web.page("card.html", c=frame, image=frame["number"] in web.images)

    @app.get("/images/{number}")
    async def image(number: int) -> Response:
        path = web.images.get(number)
        if path is None:
            raise WebError(404, f"no image for card {number}")
        return FileResponse(path)

    return app
