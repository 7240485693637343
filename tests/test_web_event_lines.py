"""The web table's event sentences and drawn cards, remembered (web/render.py ``Renderer.event_line`` and
``ref``): the same line as ``event_html`` for every event of a played game, in each language and with the
lobby's seat names; a change of language or of names is another line; the memory stays bounded; a value JSON
cannot hold is not remembered; a drawn card is the same per language and instance."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

from animayhem import i18n
from animayhem.cards.database import CardDB
from animayhem.decks.starters import starter_decks
from animayhem.engine import DeckList, Game, GameConfig, SeatConfig
from animayhem.web import render
from animayhem.web.narrate import event_html


def _game() -> Game:
    decks = [d for d in starter_decks().values() if 2 in d.players]
    g = Game(GameConfig(seats=tuple(SeatConfig(DeckList.from_deck(d)) for d in decks[:2]), seed=3))
    rng = random.Random(3)
    while not g.over and len(g.history) < 300:
        g.apply(rng.choice(g.legal_actions()))
    return g


def test_every_line_is_the_events_sentence_in_each_language() -> None:
    db = CardDB.bundled()
    r = render.Renderer(db)
    events = _game().log
    assert len(events) > 200
    for lang in ("en", "es"):
        token = i18n.enter(lang)
        try:
            for names in (None, ["Ana", "Bo"]):
                for e in events:
                    assert r.event_line(e, names) == event_html(e, db, names)
                    assert r.event_line(e, names) == event_html(e, db, names)  # remembered
        finally:
            i18n.leave(token)
    started = next(e for e in events if e["e"] == "turn_started")
    token = i18n.enter("es")
    try:
        spanish = r.event_line(started, None)
    finally:
        i18n.leave(token)
    assert spanish != r.event_line(started, None)  # English outside the Spanish request


def test_the_memory_is_bounded_and_a_value_json_cannot_hold_is_read_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    db = CardDB.bundled()
    r = render.Renderer(db)
    monkeypatch.setattr(render, "KEPT", 5)
    for turn in range(12):
        r.event_line({"e": "turn_started", "turn": turn, "seat": 0, "round": 1, "number": turn}, None)
        assert len(r._lines) <= 5
    huge = {"e": "turn_started", "turn": 1, "seat": 0, "round": 1, "number": 2**70}
    assert r.event_line(huge, None) == event_html(huge, db, None)


def test_a_drawn_card_is_remembered_per_language_and_instance() -> None:
    r = render.Renderer(CardDB.bundled())
    goku = r.ref("super-saiyan-goku", 3)
    assert goku == r._ref("super-saiyan-goku", 3) and r.ref("super-saiyan-goku", 3) is goku
    assert r.ref("super-saiyan-goku", 4).uid == 4 and r.ref("no-such-card").name == "no-such-card"
    token = i18n.enter("es")
    try:
        spanish = r.ref("super-saiyan-goku", 3)
    finally:
        i18n.leave(token)
    assert spanish is not goku and spanish.type != goku.type  # its type in Spanish words
