"""Drawing the web table from plain data: the page templates and the card renderer (:class:`Drawer`), and the
spectators' drawing process (web/app.py ``Spectators``), which holds a drawer of its own and receives the
parts of a state message (a seat's view, the recent events, the actions: fresh copies read on the event
loop) and the language to draw them in. This module imports no server: the process that draws loads the
cards, the templates and the renderer, nothing more.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import orjson
from jinja2 import Environment, PackageLoader, select_autoescape

from animayhem import i18n
from animayhem.cards.database import CardDB
from animayhem.web.render import Renderer


class Drawer:
    """The templates and the card renderer: what draws a page or a table fragment from plain data. The web
    application holds one; the spectators' drawing process (web/app.py ``Spectators``) holds its own."""

    def __init__(self, db: CardDB) -> None:
        self.renderer = Renderer(db)
        self.env = Environment(
            loader=PackageLoader("animayhem.web", "templates"),
            autoescape=select_autoescape(),
            extensions=["jinja2.ext.i18n"],
        )
        # _() in the templates: the language in force of the request (web/lang.py; docs/translations.md)
        self.env.install_gettext_callables(  # type: ignore[attr-defined]
            gettext=i18n.gettext, ngettext=lambda s, p, n: i18n.gettext(s if n == 1 else p), newstyle=False
        )
        self.env.filters["polish"] = i18n.polish  # a plural left open settled by its number ("1 Item(s)" -> "1 Item")

    def draw_fragment(self, parts: dict[str, Any]) -> str:
        """The table fragment from web/app.py ``Web.fragment_parts``: reads only them, the card database and the
        templates, so it may run in a worker (thread or process) while the game goes on."""
        ctx = self.renderer.context(
            parts["view"],
            parts["events"],
            parts["seat_names"],
            parts["seat_kinds"],
            parts["actions"],
            parts["rules"],
            parts["layout"],
        )
        ctx.update(parts["extra"])
        return self.env.get_template("fragment.html").render(**ctx)

    def draw_state(self, parts: dict[str, Any]) -> str:
        """The state message as sent (JSON text), from web/app.py ``Web.state_parts``."""
        if "html" in parts:
            parts = {**parts, "html": self.draw_fragment(parts["html"])}
        return to_json(parts)


def to_json(value: Any) -> str:
    """``value`` as JSON text, as ``json.dumps`` gives it in meaning (the same value once read back): by orjson,
    about 4 times quicker on a state message (the server writes two or three for every decision), or by
    ``json`` where orjson refuses the value (a key that is not a string, an integer beyond 64 bits)."""
    try:
        return orjson.dumps(value).decode()
    except TypeError:
        return json.dumps(value)


_DRAWER: Drawer | None = None  # the spectators' drawing process's own (made once, at its start)


def start_drawer() -> None:
    """In the spectators' drawing process: load the cards and the templates once, before the first state."""
    global _DRAWER
    _DRAWER = Drawer(CardDB.bundled())


def draw_elsewhere(lang: str, parts: dict[str, Any]) -> tuple[str, float]:
    """In the spectators' drawing process: a state message drawn in ``lang``, and the time it took."""
    if _DRAWER is None:
        start_drawer()
    assert _DRAWER is not None
    token = i18n.enter(lang)
    try:
        return timed(_DRAWER.draw_state, parts)
    finally:
        i18n.leave(token)


def timed(draw: Callable[[dict[str, Any]], str], parts: dict[str, Any]) -> tuple[str, float]:
    """``draw(parts)`` and the time it took, as the clock sees it (in a thread, the waits for the interpreter's
    lock count too: they cost the players as much as the drawing)."""
    start = time.perf_counter()
    text = draw(parts)
    return text, time.perf_counter() - start
