"""``known_cards`` (engine/faces/views.py): every card instance a view names, the map the AIs, the faces and the
leak checks read (MISC-7), and its quick forms (``usual_cards``, ``KnownCards``). It walks dicts and lists by
their exact type; this checks it against a plain reference walk over every view of played games (each seat's,
and the spectators'), in the same order, and over views read back from JSON."""

from __future__ import annotations

import json
import random
from typing import Any

from animayhem.decks.starters import starter_decks
from animayhem.engine import DeckList, Game, GameConfig, SeatConfig
from animayhem.engine.faces.views import KnownCards, known_cards, public_view, usual_cards


def _reference(view: Any) -> dict[int, str]:
    out: dict[int, str] = {}

    def walk(x: Any) -> None:
        if isinstance(x, dict):
            if isinstance(x.get("uid"), int) and isinstance(x.get("card"), str):
                out[x["uid"]] = x["card"]
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(view)
    return out


def test_known_cards_names_what_a_plain_walk_finds_in_every_view() -> None:
    decks = [d for d in starter_decks().values() if 2 in d.players]
    named = 0
    for seed in range(3):
        pair = (decks[seed % len(decks)], decks[(seed + 1) % len(decks)])
        g = Game(GameConfig(seats=tuple(SeatConfig(DeckList.from_deck(d)) for d in pair), seed=seed))
        rng = random.Random(seed)
        while not g.over and len(g.history) < 250:
            for view in (g.view(0), g.view(1), public_view(g)):
                found = known_cards(view)
                assert list(found.items()) == list(_reference(view).items())
                assert known_cards(json.loads(json.dumps(view))) == found
                named += len(found)
            g.apply(rng.choice(g.legal_actions()))
    assert named > 1000


def test_known_cards_pairs_only_a_whole_number_uid_with_a_card_id() -> None:
    view: dict[str, Any] = {
        "hand": [{"uid": 3, "card": "goku"}, {"uid": "4", "card": "ranma"}, {"uid": 5}, {"card": "akane"}],
        "deep": [[{"x": {"uid": 7, "card": "ryoga"}}]],
        "pair": ({"uid": 9, "card": "not walked: a tuple is not view data"},),
        "n": 1,
    }
    assert known_cards(view) == {3: "goku", 7: "ryoga"}


def test_odd_shapes_read_as_the_plain_walk_reads_them() -> None:
    """The shapes read without a call (a two-key card entry, a two-number cell) and their near misses."""
    view: dict[str, Any] = {
        "a": [{"uid": 1, "card": "goku"}, {"uid": True, "card": "ryoga"}, {"uid": 2, "card": ["x"]}],
        "b": [[3, 4], [5, {"uid": 6, "card": "akane"}], [{"uid": 7, "card": "ranma"}, 8], [9, 10, 11]],
        "c": {"uid": 12, "card": "kasumi", "more": {"uid": 13, "card": "nabiki"}},
        "d": [{"uid": 14, "other": {"uid": 15, "card": "genma"}}, {"uid": 16.0, "card": "soun"}],
        "e": {"card": "x", "uid": 17},
    }
    assert list(known_cards(view).items()) == list(_reference(view).items())
    assert known_cards(view)[7] == "ranma" and 16 not in known_cards(view)


def test_the_quick_lookup_answers_as_the_walk_for_every_card_of_the_game() -> None:
    """``usual_cards`` names a subset of what the walk finds, with the same card ids; ``KnownCards.get`` gives the
    walk's answer for every instance of the game (hidden ones: None), walking only for one outside that subset."""
    decks = [d for d in starter_decks().values() if 2 in d.players]
    for seed in range(2):
        pair = (decks[seed % len(decks)], decks[(seed + 1) % len(decks)])
        g = Game(GameConfig(seats=tuple(SeatConfig(DeckList.from_deck(d)) for d in pair), seed=seed))
        rng = random.Random(seed)
        while not g.over and len(g.history) < 200:
            for seat in (0, 1):
                view = g.view(seat)
                full = known_cards(view)
                usual = usual_cards(view)
                assert usual.items() <= full.items()
                quick = KnownCards(view)
                for u in sorted(usual, reverse=True):
                    assert quick.get(u) == full[u]
                assert quick._full is None  # answered without the walk
                for u in range(len(g.state.cards) + 1):
                    assert quick.get(u) == full.get(u)
            g.apply(rng.choice(g.legal_actions()))
