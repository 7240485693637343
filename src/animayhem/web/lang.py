"""The web table's language: a switch (``?lang=es``, remembered in a cookie), else the browser's
``Accept-Language``, else English (animayhem.i18n; docs/translations.md).

:class:`LanguageMiddleware` sets the language in force for each request and each WebSocket, so the pages and
the table's fragments (the log, the prompts) are in it. The JSON API stays language-neutral: under ``/api``
everything is English ids and data, except the table's own WebSocket in ``format=html``, which sends the page's
fragments. A ``?lang=`` on any page sets the cookie, so the language stays as the player moves on.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from contextvars import ContextVar
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qsl, urlencode

from animayhem import i18n

COOKIE = "animayhem_lang"
Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

_here: ContextVar[tuple[str, str]] = ContextVar("animayhem_web_here", default=("/", ""))


def _headers(scope: Scope) -> dict[str, str]:
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}


def choose(scope: Scope) -> tuple[str, str | None]:
    """The language of a request, and the one its ``?lang=`` asks to remember (None: no switch)."""
    query = dict(parse_qsl(scope.get("query_string", b"").decode("latin-1")))
    path = str(scope.get("path", "/"))
    if path.startswith("/api/") and not (scope["type"] == "websocket" and query.get("format") == "html"):
        return i18n.SOURCE, None  # the API speaks ids and data
    known = i18n.languages()
    asked = i18n.normalise(query.get("lang", "")) if query.get("lang") else None
    if asked in known:
        return asked, asked
    headers = _headers(scope)
    cookie = SimpleCookie()
    try:
        cookie.load(headers.get("cookie", ""))
    except Exception:  # a malformed cookie header: as if there were none
        cookie = SimpleCookie()
    kept = cookie.get(COOKIE)
    if kept is not None and kept.value in known:
        return kept.value, None
    return i18n.negotiate(headers.get("accept-language")), None


class LanguageMiddleware:
    """Sets the language in force (animayhem.i18n) for the request's handler; remembers a switch in a cookie."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        code, remember = choose(scope)
        token = i18n.enter(code)
        here = _here.set((str(scope.get("path", "/")), scope.get("query_string", b"").decode("latin-1")))

        async def send_with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start" and remember is not None:
                value = f"{COOKIE}={remember}; Path=/; Max-Age=31536000; SameSite=Lax"
                message["headers"] = [*message.get("headers", []), (b"set-cookie", value.encode("latin-1"))]
            await send(message)

        try:
            await self.app(scope, receive, send_with_cookie)
        finally:
            _here.reset(here)
            i18n.leave(token)


def switch() -> list[dict[str, Any]]:
    """The language switch of a page: each language, the link that shows this page in it, and which is on."""
    path, query = _here.get()
    params = [(k, v) for k, v in parse_qsl(query) if k != "lang"]
    now = i18n.active()
    return [
        {
            "code": code,
            "name": i18n.NAMES.get(code, code),
            "href": path + "?" + urlencode([*params, ("lang", code)]),
            "current": code == now,
        }
        for code in i18n.languages()
    ]
