"""The web table in a real browser: Playwright driving Debian's chromium (never a downloaded build).

A solitaire game from the lobby to its end by clicks only, and a 2-seat game in two browser contexts where
each sees only its own hand. Screenshots go to tmp/artefacts/ (not committed)."""

from __future__ import annotations

import random
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")
playwright_sync = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

import uvicorn  # noqa: E402

from animayhem.engine.game import Game  # noqa: E402
from animayhem.web.app import create_app  # noqa: E402

CHROMIUM = Path("/usr/bin/chromium")
ARTEFACTS = Path(__file__).resolve().parents[1] / "tmp" / "artefacts"
pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="no Debian chromium (.ci/run installs it)")


class LiveServer:
    def __init__(self, db: str) -> None:
        self.app = create_app(db)
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        self.server = uvicorn.Server(uvicorn.Config(self.app, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        end = time.monotonic() + 10
        while not self.server.started:
            assert time.monotonic() < end, "the server did not start"
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        self.sock.close()

    def game(self, gid: str) -> Game:
        g: Game = self.app.state.web.hub.tables[gid].game
        return g


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    with LiveServer(f"sqlite:///{tmp_path / 'games.sqlite'}") as s:
        yield s


@pytest.fixture
def browser() -> Iterator[Any]:
    with playwright_sync.sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"], headless=True)
        try:
            yield b
        finally:
            b.close()


FIELD_CLICKS: list[str] = []  # moves made by clicking on the Field
PRIORITY = ("scavenge", "strike", "continue", "give", "start", "play", "move", "store", "allow", "stay")


def _click_one(page: Any, rng: random.Random) -> bool:
    """One click: quick set-up when offered, else a legal action by a simple policy. False: nothing to click."""
    if page.locator("#quick-setup").count():
        page.click("#quick-setup")
        return True
    actions = page.eval_on_selector_all("[data-action]", "els => els.map(e => e.dataset.action)")
    if not actions:
        return False
    choice = None
    if rng.random() < 0.8:
        for verb in PRIORITY:
            options = [a for a in actions if a.split()[0] == verb]
            if options:
                choice = rng.choice(options)
                break
    if choice is None:
        done = [a for a in actions if a in ("done", "stop")]
        choice = done[0] if done and rng.random() < 0.7 else rng.choice(actions)
    who = choice.split()[1] if choice.startswith("move ") else ""
    if who and rng.random() < 0.6 and page.locator(f'[data-select="{who}"]').count():
        # a move by clicks on the Field: the Character, then the button in its destination cell
        page.locator(f'[data-select="{who}"]').first.click()
        page.locator(f'.move-here[data-action="{choice}"]').click()
        FIELD_CLICKS.append(choice)
        return True
    _press(page, choice)
    return True


def _press(page: Any, action: str) -> None:
    """Click the button of ``action``, opening its collapsed group (a Character's moves) first."""
    button = page.locator(f'#actions [data-action="{action}"], .cell [data-action="{action}"]:visible').first
    if not button.is_visible():
        page.locator(f'details:has([data-action="{action}"]) > summary').first.click()
    button.click()


def _wait_change(page: Any, version: str, timeout: float = 10.0) -> None:
    page.wait_for_function(
        "v => document.getElementById('game').dataset.version !== v", arg=version, timeout=timeout * 1000
    )


def _version(page: Any) -> str:
    return str(page.eval_on_selector("#game", "e => e.dataset.version || ''"))


def test_a_solitaire_game_from_the_lobby_to_its_end_by_clicks(server: LiveServer, browser: Any) -> None:
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.goto(server.url + "/")
    page.fill("input[name=seed]", "5")
    page.fill("input[name=max_rounds]", "6")
    page.click("#create-game")
    page.wait_for_selector("#game[data-version]")
    gid = page.eval_on_selector("#game", "e => e.dataset.game")
    rng = random.Random(5)
    clicks = 0
    shot = False
    while page.locator("#summary").count() == 0:
        assert clicks < 800, "the game did not end"
        version = _version(page)
        assert _click_one(page, rng), "no control to click, and the game is not over"
        clicks += 1
        _wait_change(page, version)
        if not shot and page.locator("#hand .card-chip").count() >= 3 and page.locator(".char").count():
            page.screenshot(path=str(ARTEFACTS / "web-table-solitaire.png"), full_page=True)
            shot = True
    page.screenshot(path=str(ARTEFACTS / "web-table-solitaire-end.png"), full_page=True)
    g = server.game(gid)
    assert g.over and clicks > 20
    assert FIELD_CLICKS, "no move was made on the Field"
    assert all(a in g.history for a in FIELD_CLICKS)
    assert page.locator("#summary h2").inner_text().endswith(("win.", "wins.", "Nobody wins."))
    # the log reads in sentences, and card text opens on a click
    assert page.locator("#log li").count() > 5
    page.locator("[data-card]").first.click()
    page.wait_for_selector("#card-panel .card-frame")
    # the replay steps through the finished game
    page.click("#replay-link")
    page.click("[data-replay-step=first]")
    page.click("[data-replay-step=next]")
    assert "decision 1 of" in page.inner_text(".replay-nav")


def test_two_seats_in_two_browsers_each_see_only_their_own_hand(server: LiveServer, browser: Any) -> None:
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    lobby = browser.new_page()
    lobby.goto(server.url + "/")
    lobby.select_option("select[name=seat1]", "human")
    lobby.select_option("select[name=deck0]", "z-fighters")
    lobby.select_option("select[name=deck1]", "knight-sabers")
    lobby.fill("input[name=seed]", "3")
    lobby.click("#create-game")
    links = [lobby.get_attribute(f"[data-seat-link='{i}']", "href") for i in (0, 1)]
    assert all(links)
    pages = []
    for link in links:
        ctx = browser.new_context(viewport={"width": 1300, "height": 950})
        p = ctx.new_page()
        p.goto(server.url + str(link))
        if "/join?" in str(link):  # an invitation: the person takes the seat, once, and gets its own token
            p.click("#take-seat")
        p.wait_for_selector("#game[data-version]")
        pages.append(p)
    gid = pages[0].eval_on_selector("#game", "e => e.dataset.game")
    g = server.game(gid)
    rng = random.Random(3)
    for _ in range(300):  # set-up by clicks, until both have hands and seat 0 is in its first turn
        if g.state.turn >= 1 and all(p.hand for p in g.state.players) and g.to_move == 0:
            break
        seat = g.to_move
        assert seat is not None
        page = pages[seat]
        page.wait_for_selector("[data-action], #quick-setup")
        version = _version(page)
        _click_one(page, rng)
        _wait_change(page, version)
    latest = _version(pages[g.to_move or 0])
    for p in pages:  # both pages have caught up with the last decision
        p.wait_for_function("v => document.getElementById('game').dataset.version === v", arg=latest)
    hands = [[g.state.cards[u] for u in p.hand] for p in g.state.players]
    assert hands[0] and hands[1]
    for seat, page in enumerate(pages):
        mine = page.eval_on_selector_all("#hand .card-chip", "els => els.map(e => e.dataset.card)")
        assert sorted(mine) == sorted(hands[seat])
        html = page.content()
        theirs = set(hands[1 - seat]) - set(hands[seat])
        visible = {c for c in page.eval_on_selector_all("[data-card]", "els => els.map(e => e.dataset.card)")}
        for card_id in theirs:
            # another seat's hand card shows only if the same card is face up somewhere (its discard, the Field)
            if card_id in visible:
                assert card_id not in mine
                continue
            assert card_id not in html
        page.screenshot(path=str(ARTEFACTS / f"web-table-seat{seat}.png"), full_page=True)
    assert pages[0].locator("#your-turn").count() == 1
    assert pages[1].locator("#your-turn").count() == 0


def test_the_table_in_spanish_in_a_browser_that_asks_for_it(server: LiveServer, browser: Any) -> None:
    """A browser whose language is Spanish gets the table in Spanish (Accept-Language), the log and the question
    included; the switch at the top turns it back to English and the choice stays."""
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(locale="es-ES", viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.goto(server.url + "/")
    assert page.eval_on_selector("html", "e => e.lang") == "es"
    page.fill("input[name=seed]", "5")
    page.fill("input[name=max_rounds]", "6")
    page.click("#create-game")
    page.wait_for_selector("#game[data-version]")
    rng = random.Random(5)
    for _ in range(12):  # a few decisions, so that the log has sentences
        version = _version(page)
        if not _click_one(page, rng):
            break
        _wait_change(page, version)
    text = page.inner_text("#table")
    for words in ("El Campo", "Tu mano", "Lo que pasó", "Jugador 1"):
        assert words in text, words
    assert "Your hand" not in text
    page.screenshot(path=str(ARTEFACTS / "web-table-es.png"), full_page=True)
    page.click("#languages a[data-lang=en]")
    page.wait_for_selector("#game[data-version]")
    assert "Your hand" in page.inner_text("#table")
    context.close()
