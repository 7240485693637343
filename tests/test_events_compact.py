"""The log's compact events (engine/core/events.py): ordinary dictionaries with the content, key order and JSON
the rules emitted, whatever way they are stored; shared cell and seat lists."""

from __future__ import annotations

import json

from animayhem.decks.starters import starter_decks
from animayhem.engine import DeckList, Game, GameConfig, SeatConfig
from animayhem.engine.core.events import cell_list, make_event, seat_list


def test_an_event_is_a_plain_dict_with_the_emitted_keys_in_order() -> None:
    ev = make_event("disaster_moved", 7, None, {"card": "godzilla", "uid": 12, "cell": cell_list((2, 3))})
    assert type(ev) is dict
    assert list(ev) == ["e", "turn", "card", "uid", "cell"]
    assert ev == {"e": "disaster_moved", "turn": 7, "card": "godzilla", "uid": 12, "cell": [2, 3]}
    assert json.dumps(ev) == '{"e": "disaster_moved", "turn": 7, "card": "godzilla", "uid": 12, "cell": [2, 3]}'


def test_events_of_one_shape_keep_their_own_values() -> None:
    a = make_event("card_drawn", 1, [1], {"seat": 1, "card": "ranma"})
    b = make_event("card_drawn", 2, [0], {"seat": 0, "card": "akane"})
    assert a == {"e": "card_drawn", "turn": 1, "seat": 1, "card": "ranma", "to": [1]}
    assert b == {"e": "card_drawn", "turn": 2, "seat": 0, "card": "akane", "to": [0]}
    other = make_event("card_drawn", 3, None, {"card": "ryoga", "seat": 1})  # another key order: another shape
    assert list(other) == ["e", "turn", "card", "seat"]


def test_seats_are_sorted_once_and_cells_shared() -> None:
    assert make_event("x", 0, (3, 1, 3), {})["to"] == [1, 3]
    assert seat_list([2, 0]) is seat_list((0, 2))
    assert cell_list((4, 1)) is cell_list((4, 1)) and cell_list((4, 1)) == [4, 1]


def test_a_games_log_is_plain_dicts_a_face_may_copy_and_change() -> None:
    decks = [d for d in starter_decks().values() if 2 in d.players][:2]
    g = Game(GameConfig(seats=tuple(SeatConfig(DeckList.from_deck(d)) for d in decks), seed=3))
    while not g.over and len(g.log) < 150:
        g.apply(g.legal_actions()[0])
    assert all(type(e) is dict and next(iter(e)) == "e" for e in g.log)
    mine = g.events_for(0)
    for e in mine:
        if "cell" in e:
            e["cell"].append(99)  # a face's copy: the game's own events and shared lists are untouched
    assert any("cell" in e for e in mine)
    assert all(len(e["cell"]) == 2 for e in g.log if e.get("cell") is not None)
