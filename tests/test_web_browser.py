"""The web table in a real browser: Playwright driving Debian's chromium (never a downloaded build).

A solitaire game from the lobby to its end by clicks only, and a 2-seat game in two browser contexts where
each sees only its own hand. Screenshots go to tmp/artefacts/ (not committed)."""

from __future__ import annotations

import json
import random
import re
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")
playwright_sync = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

import uvicorn  # noqa: E402

from animayhem.engine.faces.views import public_view  # noqa: E402
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

    def version(self, gid: str) -> str:
        """The table's version now, as its pages show it once they have its last state."""
        return str(self.app.state.web.hub.tables[gid].version)


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
PLAYED_ON: list[str] = []  # cards played from the hand by pointing at their target
POINTED: list[str] = []  # decisions taken by pointing (a card, then a cell or a target), not by a button
BUTTONS: list[str] = []  # decisions a pointing game still took from the list of actions
PRIORITY = ("scavenge", "strike", "continue", "give", "start", "play", "move", "store", "allow", "stay")


def _choose(actions: list[str], rng: random.Random) -> str:
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
    return choice


def _actions(page: Any) -> list[str]:
    found: list[str] = page.eval_on_selector_all(
        "#actions [data-action], .cell [data-action]", "els => els.map(e => e.dataset.action)"
    )
    return list(dict.fromkeys(found))


def _click_one(page: Any, rng: random.Random, point: bool = False, tap: bool = False) -> bool:
    """One decision: quick set-up when offered, else a legal action by a simple policy. With ``point``, every
    move is made by pointing (the Character, then its destination cell; a group move picked from what the
    two clicks offer) and a choice of one card by clicking that card. False: nothing to click."""
    click = (lambda loc: loc.tap()) if tap else (lambda loc: loc.click())
    if page.locator("#quick-setup").count():
        click(page.locator("#quick-setup"))
        return True
    actions = _actions(page)
    if not actions:
        return False
    if point and actions == ["done"] and page.locator("#end-turn").count() and rng.random() < 0.5:
        click(page.locator("#end-turn"))  # a turn with nothing to do: one click
        return True
    choice = _choose(actions, rng)
    words = choice.split()
    if words[0] == "move" and (point or rng.random() < 0.6):
        movers = [page.locator(f'.cell [data-select="{who}"]') for who in words[1].split("+")]
        if all(m.count() for m in movers):
            for m in movers:  # the Character, then each one moving with it (where it stands)
                click(m.first)
            click(page.locator(f'[data-cell="{words[2]}"] .cell-xy'))
            FIELD_CLICKS.append(choice)
            POINTED.append(choice)
            return True
    if point and len(words) == 3 and words[1].startswith("c") and words[2].startswith("c"):
        # a card in the hand, one to share out, or an Item a Character carries (handed to another)
        card = page.locator(", ".join(f'{at} [data-uid="{words[1]}"]' for at in ("#hand", "#choices", "#characters")))
        target = page.locator(f'.cell [data-uid="{words[2]}"]')
        pairs = [a for a in actions if a.split()[1:3] == words[1:3]]
        if card.count() == 1 and target.count() == 1:
            from_hand = page.locator(f'#hand [data-uid="{words[1]}"]').count() == 1
            click(card)  # a card (in hand, to share out, carried), then the card it is played on or given to
            click(target)
            if pairs != [choice]:  # several actions fit the two clicks (give it, or drive it there…): one offered
                click(page.locator(f'#message [data-action="{choice}"]'))
            POINTED.append(choice)
            if from_hand:
                PLAYED_ON.append(choice)
            return True
    if point and len(words) == 2 and words[0] in ("choose", "strike", "start") and words[1].startswith("c"):
        target = page.locator(f'.cell [data-uid="{words[1]}"], #choices [data-uid="{words[1]}"]')
        if target.count() == 1 and len([a for a in actions if a.endswith(" " + words[1])]) == 1:
            click(target)
            POINTED.append(choice)
            return True
    if point and len(words) == 2 and re.fullmatch(r"c\d+", words[1]) and words[0] not in ("choose", "strike", "start"):
        # a card's own action (discard it, play it with no target, store it…): the card, then its offer
        card = page.locator(f'#hand [data-uid="{words[1]}"], .cell [data-uid="{words[1]}"]')
        if card.count() == 1:
            click(card)
            offered = page.locator(f'#message [data-action="{choice}"]')
            if offered.count() == 1:
                click(offered)
                POINTED.append(choice)
                return True
            page.keyboard.press("Escape")
    if point and not page.locator(f'.cell [data-action="{choice}"]').count():  # a cell's own button is on the Field
        BUTTONS.append(choice)
    _press(page, choice, click)
    return True


def _press(page: Any, action: str, click: Any = None) -> None:
    """Click the button of ``action``, opening its collapsed group (a Character's moves) first."""
    click = click or (lambda loc: loc.click())
    button = page.locator(f'#actions [data-action="{action}"], .cell [data-action="{action}"]:visible').first
    if not button.is_visible():
        click(page.locator(f'details:has([data-action="{action}"]) > summary').first)
    click(button)


def _wait_change(page: Any, version: str, timeout: float = 10.0) -> None:
    page.wait_for_function(
        "v => document.getElementById('game').dataset.version !== v", arg=version, timeout=timeout * 1000
    )


def _version(page: Any) -> str:
    return str(page.eval_on_selector("#game", "e => e.dataset.version || ''"))


def _ask_why(page: Any, game: Game) -> str | None:
    """Point a Character at a cell it may not reach: the engine's reason comes back, with its rule id."""
    view = game.view(0)
    for ch in view["characters"]:
        if ch["cell"] is None or not page.locator(f'.cell [data-select="c{ch["uid"]}"]').count():
            continue
        legal = {a.split()[2] for a in game.legal_actions() if a.startswith(f"move c{ch['uid']} ")}
        for p in view["places"]:
            cell = f"{p['cell'][0]},{p['cell'][1]}"
            if cell not in legal and list(p["cell"]) != list(ch["cell"]):
                page.locator(f'.cell [data-select="c{ch["uid"]}"]').first.click()
                page.locator(f'[data-cell="{cell}"] .cell-xy').click()
                page.wait_for_selector("#message.why")
                text = str(page.inner_text("#message"))
                page.keyboard.press("Escape")
                return text
    return None


def test_a_solitaire_game_to_its_end_moving_by_pointing(server: LiveServer, browser: Any) -> None:
    """Every move by pointing (a Character, then a cell), one-card choices by clicking the card, the rest by
    buttons; a screenshot of each kind of decision; "why" for a cell out of reach."""
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    FIELD_CLICKS.clear()
    POINTED.clear()
    PLAYED_ON.clear()
    BUTTONS.clear()
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.goto(server.url + "/")
    page.fill("input[name=name0]", "Ann")
    page.fill("input[name=seed]", "5")
    page.fill("input[name=max_rounds]", "6")
    page.click("#create-game")
    page.wait_for_selector("#game[data-version]")
    gid = page.eval_on_selector("#game", "e => e.dataset.game")
    g = server.game(gid)
    rng = random.Random(5)
    clicks = 0
    shots: set[str] = set()
    why = None
    while page.locator("#summary").count() == 0:
        assert clicks < 800, "the game did not end"
        kind = g.decision.kind if g.decision is not None else "over"
        if kind not in shots:  # one screenshot per kind of decision (set-up, each phase, combat...)
            page.screenshot(path=str(ARTEFACTS / f"web-table-{kind}.png"))
            shots.add(kind)
        if why is None and kind == "move" and g.state.turn >= 1:
            why = _ask_why(page, g)
            mover = page.locator(".cell [data-select]")
            if mover.count():  # the picture in docs/web.md: a Character picked, its cells lit, its card open
                mover.first.click()
                page.wait_for_selector("#card-panel .card-frame")
                page.screenshot(path=str(ARTEFACTS / "web-table-docs.png"))  # docs/web-table.png is a copy
                page.keyboard.press("Escape")
        version = _version(page)
        moves = [a for a in g.legal_actions() if a.startswith("move ")]
        assert _click_one(page, rng, point=True), "no control to click, and the game is not over"
        clicks += 1
        _wait_change(page, version)
        assert not moves or not page.locator("#message.error:not(.why)").count()
    page.screenshot(path=str(ARTEFACTS / "web-table-solitaire-end.png"), full_page=True)
    assert g.over and clicks > 20
    assert FIELD_CLICKS, "no move was made on the Field"
    moved = [a for a in g.history if a.startswith("move ")]
    assert moved and all(a in POINTED for a in moved), "a move was made by a button"
    assert PLAYED_ON, "no card was played from the hand by pointing at its target"
    # what the list of actions was still needed for: passing (done, stop), set-up cells, cards without a handle
    listed = {a.split()[0] for a in BUTTONS}
    pointable = {"move", "drive", "discard", "start", "choose", "strike", "give", "play", "flash", "store", "drop"}
    assert not listed & pointable, sorted(BUTTONS)
    print(f"pointed {len(POINTED)}, from the list {len(BUTTONS)}: {sorted(listed)}")
    assert {"move", "equip", "place"} <= shots
    assert why is not None and re.search(r"\([A-Z]+-\d+", why), why
    assert page.locator("#summary h2").inner_text().endswith(("win.", "wins.", "Nobody wins."))
    # the log reads in sentences, with the names chosen in the lobby, and its card names open the card
    assert page.locator("#log li").count() > 5
    assert "Ann" in page.inner_text("#log") and "Player 1" not in page.inner_text("#log")
    page.locator("#log a.cardref").first.click()
    page.wait_for_selector("#card-panel .card-frame")
    # the replay opens at its start and steps through the finished game; it has no action to press
    page.click("#replay-link")
    assert "decision 0 of" in page.inner_text(".replay-nav")
    assert page.locator("[data-action]").count() == 0
    page.click("[data-replay-step=next]")
    assert "decision 1 of" in page.inner_text(".replay-nav")
    page.click("[data-replay-step=last]")
    page.click("[data-replay-step=first]")
    assert "decision 0 of" in page.inner_text(".replay-nav")


def test_a_game_on_a_phone_sized_screen_by_taps(server: LiveServer, browser: Any) -> None:
    """A phone: the table in one column that fits the screen's width, moves by tapping the Character and the
    cell, the card opening on a tap (no hover)."""
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    page.goto(server.url + "/")
    page.fill("input[name=seed]", "8")
    page.fill("input[name=max_rounds]", "3")
    page.locator("#create-game").tap()
    page.wait_for_selector("#game[data-version]")
    gid = page.eval_on_selector("#game", "e => e.dataset.game")
    g = server.game(gid)
    rng = random.Random(8)
    before = len(POINTED)
    taps = 0
    shot = False
    while page.locator("#summary").count() == 0:
        assert taps < 600, "the game did not end"
        version = _version(page)
        assert _click_one(page, rng, point=True, tap=True)
        taps += 1
        _wait_change(page, version)
        if not shot and g.state.turn >= 1:
            width = page.evaluate("() => document.documentElement.scrollWidth")
            assert width <= 392, f"the page is {width} px wide on a 390 px screen"
            page.screenshot(path=str(ARTEFACTS / "web-table-phone.png"), full_page=True)
            shot = True
    assert g.over and len(POINTED) > before
    page.locator("#log a.cardref").first.tap()
    page.wait_for_selector("#card-panel .card-frame")
    box = page.locator("#card-panel").bounding_box()
    assert box is not None and box["width"] <= 390
    page.screenshot(path=str(ARTEFACTS / "web-table-phone-card.png"))
    ctx.close()


def _named(x: Any, ids: set[str]) -> set[str]:
    """The card ids a message names: its strings that are card ids, and the cards its drawn html shows."""
    out: set[str] = set()
    stack = [x]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            if v in ids:
                out.add(v)
            elif "data-card=" in v:
                out.update(re.findall(r'data-card="([^"]+)"', v))
        elif isinstance(v, dict):
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return out


def _known_ids(game: Game, seat: int, ids: set[str]) -> set[str]:
    """Every card id ``seat`` may have seen named so far: in its view or its events at any decision of the game
    (replayed from the start), its own cards included. Another seat's hidden card outside this set must be in
    nothing that seat's browser receives."""
    seen: set[str] = set()

    def walk(x: Any) -> None:
        if isinstance(x, str):
            if x in ids:
                seen.add(x)
        elif isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    replay = Game(game.config, game.db)
    for action in [*game.history, None]:
        walk(replay.view(seat))
        walk(public_view(replay))
        if action is not None:
            replay.apply(action)
    walk(replay.events_for(seat))
    return seen


def test_two_seats_in_two_browsers_each_see_only_their_own_hand(server: LiveServer, browser: Any) -> None:
    """Two people in two browser contexts: each page, each page's socket (every frame it received) and the API
    asked with each page's token name none of the other seat's hidden cards."""
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
    frames: list[list[str]] = [[], []]  # what each page's socket received
    for seat, link in enumerate(links):
        ctx = browser.new_context(viewport={"width": 1300, "height": 950})
        p = ctx.new_page()
        p.on(
            "websocket",
            lambda ws, got=frames[seat]: ws.on("framereceived", lambda payload: got.append(str(payload))),
        )
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
        version = server.version(gid)  # the mover's page has the last state before it acts on it
        page.wait_for_function("v => document.getElementById('game').dataset.version === v", arg=version)
        page.wait_for_selector("[data-action], #quick-setup")
        _click_one(page, rng)
        _wait_change(page, version)
    latest = server.version(gid)  # the server's (a page may not have the last state yet, whichever moves next)
    for p in pages:  # both pages have caught up with the last decision
        p.wait_for_function("v => document.getElementById('game').dataset.version === v", arg=latest)
    hands = [[g.state.cards[u] for u in p.hand] for p in g.state.players]
    assert hands[0] and hands[1]
    ids = {c.id for c in g.db.cards}
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
        # the socket's frames and the API, asked from this page's context with its token: the other seat's
        # cards (hand, Draw pile, Items placed face down…) that this seat never saw named appear in none of them
        token = page.eval_on_selector("#game", "e => e.dataset.token")
        answers = [
            page.request.get(f"{server.url}/api/games/{gid}/{what}?token={token}").text()
            for what in ("view", "events", "actions")
        ]
        other = g.state.players[1 - seat]
        hidden = {g.state.cards[u] for u in (*other.hand, *other.draw, *other.combat)} - _known_ids(g, seat, ids)
        assert hidden and frames[seat]
        for text in (*frames[seat], *answers):
            named = _named(json.loads(text), ids) & hidden
            assert not named, f"seat {seat} received another seat's hidden cards {sorted(named)}"
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
    g = server.game(page.eval_on_selector("#game", "e => e.dataset.game"))
    rng = random.Random(5)
    clicks = 0
    while g.decision is not None and g.decision.kind != "combat":  # from the lobby to the first combat
        assert clicks < 600, "no combat came"
        version = _version(page)
        assert _click_one(page, rng), "no control to click, and the game is not over"
        _wait_change(page, version)
        clicks += 1
    assert g.decision is not None, "the game ended before any combat"
    text = page.inner_text("#table")
    for words in ("El Campo", "Tu mano", "Lo que pasó", "Jugador 1"):
        assert words in text, words
    assert "Your hand" not in text
    page.screenshot(path=str(ARTEFACTS / "web-table-es.png"))  # docs/web-table-es.png is a copy of it
    page.evaluate("() => window.dispatchEvent(new Event('animayhem-drop'))")  # the script's own words too
    page.wait_for_selector("#connection", state="visible")
    assert "Desconectado del servidor" in page.inner_text("#connection")
    page.wait_for_selector("#game[data-connected='1']")
    page.click("#languages a[data-lang=en]")
    page.wait_for_selector("#game[data-version]")
    assert "Your hand" in page.inner_text("#table")
    context.close()


def test_a_dropped_socket_shows_disconnected_and_the_page_reconnects(server: LiveServer, browser: Any) -> None:
    page = browser.new_page()
    page.goto(server.url + "/")
    page.fill("input[name=seed]", "2")
    page.click("#create-game")
    page.wait_for_selector("#game[data-connected='1']")
    assert not page.locator("#connection").is_visible()
    page.evaluate("() => window.dispatchEvent(new Event('animayhem-drop'))")  # the test's hook: close the socket
    page.wait_for_selector("#connection", state="visible")
    assert "Disconnected" in page.inner_text("#connection")
    page.wait_for_selector("#game[data-connected='1']")  # back by itself
    assert not page.locator("#connection").is_visible()


def test_the_lines_layout_and_the_card_frame_at_three_widths(server: LiveServer, browser: Any) -> None:
    """The Lines layout: a line of 9 Locations is one row (not wrapped), the Haven in its Location's column; on a
    390 px phone the page is no wider than the screen and the Field scrolls sideways inside its panel. On a
    screen 1000 px wide or more, a card's frame (hovered) opens in a column of its own, over no panel."""
    ARTEFACTS.mkdir(parents=True, exist_ok=True)

    def post(path: str, body: dict[str, Any]) -> Any:
        req = urllib.request.Request(
            server.url + path, json.dumps(body).encode(), {"Content-Type": "application/json"}, method="POST"
        )
        with urllib.request.urlopen(req, timeout=30) as r:
            return json.loads(r.read())

    data = post("/api/games", {"seats": ["human"], "layout": "lines", "seed": 3, "max_rounds": 3})
    gid, token = data["game"], data["seats"][0]["token"]
    post(f"/api/games/{gid}/quick-setup", {"token": token})
    g = server.game(gid)
    places = {tuple(p["cell"]): p for p in g.view(0)["places"]}
    line = sorted(xy for xy, p in places.items() if not p["haven"])
    haven = next(xy for xy, p in places.items() if p["haven"])
    for width in (1400, 1024, 390):
        phone = width < 700
        ctx = browser.new_context(viewport={"width": width, "height": 900}, is_mobile=phone, has_touch=phone)
        page = ctx.new_page()
        page.goto(f"{server.url}/games/{gid}?token={token}")
        page.wait_for_selector("#game[data-version]")
        tops = {xy: page.locator(f'[data-cell="{xy[0]},{xy[1]}"]').bounding_box() for xy in [*line, haven]}
        assert all(tops.values())
        assert len({round(tops[xy]["y"]) for xy in line}) == 1, "the line wrapped"  # type: ignore[index]
        below = min(line, key=lambda xy: abs(xy[0] - haven[0]))
        assert round(tops[haven]["x"]) == round(tops[below]["x"])  # type: ignore[index]
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width + 2
        grid = page.eval_on_selector(".grid", "e => [e.clientWidth, e.scrollWidth]")
        if phone:
            assert grid[1] > grid[0]  # the Field scrolls sideways inside its panel
            page.screenshot(path=str(ARTEFACTS / "web-table-lines-phone.png"))
        else:
            page.hover(".cell .loc-name")
            page.wait_for_selector("#card-panel .card-frame")
            covered = page.evaluate(
                """() => { const c = document.getElementById('card-panel').getBoundingClientRect();
                return [...document.querySelectorAll('.panel')].filter(e => !e.closest('#card-panel')).filter(e => {
                  const r = e.getBoundingClientRect();
                  return r.left < c.right && r.right > c.left && r.top < c.bottom && r.bottom > c.top;
                }).map(e => e.id || e.className); }"""
            )
            assert covered == [], f"at {width} px the card's frame covers {covered}"
            page.screenshot(path=str(ARTEFACTS / f"web-table-lines-{width}.png"))
        ctx.close()
