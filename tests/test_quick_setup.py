"""Quick set-up (engine/faces/quick_setup.py): one policy answers every set-up decision (SETUP-23 … SETUP-29,
SETUP-7, SETUP-35) with legal actions, deterministically, from what the seat may see; the decisions stay
the player's to take when it wants them."""

from __future__ import annotations

import pytest

from animayhem.decks.starters import starter_decks
from animayhem.engine import DeckList, Game, GameConfig, SeatConfig
from animayhem.engine.faces import quick_setup
from animayhem.records import record
from animayhem.rules.ruleset import get_ruleset


def _game(players: int, preset: str = "classic", layout: str = "grid", seed: int = 3) -> Game:
    decks = [d for d in starter_decks().values() if players in d.players][:players]
    seats = tuple(SeatConfig(DeckList.from_deck(d)) for d in decks)
    return Game(GameConfig(seats=seats, ruleset=get_ruleset(preset), layout=layout, seed=seed))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("players", "preset", "layout"),
    [(1, "classic", "grid"), (1, "dbz", "grid"), (2, "guia", "grid"), (2, "fifth", "grid"), (3, "classic", "lines")],
)
def test_quick_setup_places_everything_and_starts_the_game(players: int, preset: str, layout: str) -> None:
    g = _game(players, preset, layout)
    kinds = set()
    while g.state.phase == "setup":
        assert g.decision is not None
        kinds.add(g.decision.kind)
        a = quick_setup.answer(g)
        assert a is not None and a in g.legal_actions()
        g.apply(a)
    in_setup = g.rules.starting_haven == "setup"  # 002: the Haven is played from the hand (SETUP-26)
    assert kinds >= ({"haven"} if in_setup else set()) | {"item", "disasters", "start"}
    assert kinds & {"place", "line"}
    assert quick_setup.answer(g) is None  # not a set-up decision
    s = g.state
    assert s.items_total > 0
    for p in s.players:
        if in_setup:
            assert p.havens[0] in s.places  # the Haven is on the Field
        else:
            assert not p.havens and any(g.card(u).type.value == "haven" for u in p.hand)
        assert sum(1 for c in s.characters.values() if c.owner == p.seat) == g.rules.starting_characters_max


def test_quick_setup_is_deterministic_and_replays_from_the_record(tmp_path: object) -> None:
    a, b = _game(1, seed=8), _game(1, seed=8)
    done = quick_setup.run(a, [0])
    assert done == quick_setup.run(b, [0]) and done
    assert a.state_hash() == b.state_hash()
    again = Game.restore(a.config, a.history)
    assert again.state_hash() == a.state_hash()
    assert record.to_json(a)["actions"] == done


def test_quick_setup_answers_only_for_the_seats_named() -> None:
    g = _game(2, seed=5)
    quick_setup.run(g, [g.to_move])  # only the first player's decisions
    assert g.state.phase == "setup" and g.to_move is not None
    other = g.to_move
    assert quick_setup.run(g, [1 - other]) == []  # it is the other seat's decision: nothing is taken for it
    assert g.legal_actions()  # still that player's to answer
    quick_setup.run(g, [0, 1])
    assert g.state.phase != "setup"


def test_the_line_opens_and_ends_with_the_hardest_locations() -> None:
    g = _game(1, layout="lines", seed=2)
    while g.decision is not None and g.decision.kind == "line":
        a = quick_setup.answer(g)
        assert a is not None
        g.apply(a)
    line = [p for p in sorted(g.state.places.values(), key=lambda p: p.cell) if not p.haven]
    r = quick_setup._Reader(g, 0)
    ease = [r.ease(g.state.cards[p.uid]) for p in line]
    middle = ease[1:-1]
    assert ease[0] <= min(middle) and ease[-1] <= min(middle)
