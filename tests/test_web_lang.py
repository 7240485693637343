"""The web table's language (web/lang.py): the browser's Accept-Language, a switch remembered in a cookie, the
pages and the table's log and prompts in it, and the JSON API in ids and English whatever the browser asks."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")
pytest.importorskip("sqlalchemy", reason="the web extra is not installed")

from fastapi.testclient import TestClient

from animayhem import i18n
from animayhem.web.app import create_app

ES = {"Accept-Language": "es-ES,es;q=0.9,en;q=0.5"}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'games.sqlite'}")) as c:
        yield c


def _game(c: TestClient) -> tuple[str, str]:
    r = c.post("/api/games", json={"seats": ["human"], "seed": 3, "ruleset": "guia"})
    assert r.status_code == 201, r.text
    data = r.json()
    token = data["seats"][0]["token"]
    for _ in range(6):  # a few set-up decisions, so the log has sentences
        acts = c.get(f"/api/games/{data['game']}/actions", params={"token": token}).json()["actions"]
        c.post(f"/api/games/{data['game']}/act", json={"token": token, "action": acts[0]})
    return data["game"], token


def test_accept_language_chooses_spanish(client: TestClient) -> None:
    page = client.get("/", headers=ES).text
    assert '<html lang="es">' in page
    assert "Nueva partida" in page and "Crear la partida" in page  # the lobby's own words
    assert 'id="languages"' in page and "English" in page
    assert '<html lang="en">' in client.get("/", headers={"Accept-Language": "fr-FR"}).text


def test_the_table_speaks_spanish(client: TestClient) -> None:
    gid, token = _game(client)
    page = client.get(f"/games/{gid}", params={"token": token}, headers=ES).text
    assert "Jugador 1 coloca" in page  # the log, from the Spanish catalogue
    for words in ("El Campo", "Tu mano", "Acciones", "Lo que pasó", "Jugador 1", "Tu decisión:"):
        assert words in page, words  # the table's own labels, and the seats' default names
    assert "Your hand" not in page and "Player 1" not in page
    assert "La partida termina cuando" in page and "The game ends" not in page  # the end rule, 4,5 written so
    assert "cartas boca abajo bajo ella" in page
    english = client.get(f"/games/{gid}", params={"token": token}).text
    assert "Player 1 places" in english and "The game ends when" in english


def test_the_switch_is_remembered_in_a_cookie(client: TestClient) -> None:
    r = client.get("/", params={"lang": "es"})
    assert '<html lang="es">' in r.text
    assert "animayhem_lang=es" in r.headers.get("set-cookie", "")
    assert '<html lang="es">' in client.get("/").text  # the cookie keeps it
    r = client.get("/", params={"lang": "en"}, headers=ES)
    assert '<html lang="en">' in r.text  # the switch wins over the browser
    assert i18n.active() == "en"  # a request's language does not leak out of it


def test_the_api_stays_in_ids_and_english(client: TestClient) -> None:
    gid, token = _game(client)
    client.get("/", params={"lang": "es"})  # the browser chose Spanish for the pages
    events = client.get(f"/api/games/{gid}/events", params={"token": token}, headers=ES).json()["events"]
    assert events and all("Jugador" not in e["text"] for e in events)
    assert any("Player 1" in e["text"] for e in events)


def test_the_websocket_fragment_follows_the_language(client: TestClient) -> None:
    gid, token = _game(client)
    with client.websocket_connect(f"/api/games/{gid}/ws?token={token}&format=html", headers=ES) as ws:
        msg = ws.receive_json()
    assert "Jugador 1 coloca" in msg["html"]
    with client.websocket_connect(f"/api/games/{gid}/ws?token={token}&format=json", headers=ES) as ws:
        msg = ws.receive_json()
    assert "view" in msg


def test_the_page_pins_its_language_on_the_websocket(client: TestClient) -> None:
    gid, token = _game(client)
    with client.websocket_connect(f"/api/games/{gid}/ws?token={token}&format=html&lang=es") as ws:
        assert "Jugador 1 coloca" in ws.receive_json()["html"]
    assert "lang=" in (Path(__file__).parent.parent / "src/animayhem/web/static/table.js").read_text()


def _words(page: str) -> dict[str, str]:
    found = re.search(r'data-words="([^"]*)"', page)
    assert found is not None
    words: dict[str, str] = json.loads(html.unescape(found.group(1)))
    return words


def test_the_script_words_and_the_other_pages_speak_spanish(client: TestClient) -> None:
    gid, token = _game(client)
    page = client.get(f"/games/{gid}", params={"token": token}, headers=ES).text
    words = _words(page)  # what static/table.js writes itself (a lost connection, a question)
    assert words["Disconnected from the server: reconnecting…"] == "Desconectado del servidor: reconectando…"
    assert words["Which one?"] == "¿Cuál?" and all(words.values())
    english = _words(client.get(f"/games/{gid}", params={"token": token}).text)
    assert all(k == v for k, v in english.items())
    made = client.post("/lobby/create?lang=es", data={"seat0": "human", "seat1": "human", "seed": "4"})
    assert "está lista" in made.text and "Asiento 1" in made.text and "is ready" not in made.text
