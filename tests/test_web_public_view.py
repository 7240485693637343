"""engine.views.public_view: the spectators' view is what every seat may know (MISC-7), no more."""

from __future__ import annotations

import pytest

from animayhem.agents import make_agent
from animayhem.decks.starters import starter_decks
from animayhem.engine.core.config import DeckList, GameConfig, SeatConfig
from animayhem.engine.faces.views import known_cards, public_view
from animayhem.engine.game import Game


def _game(seats: int, seed: int) -> Game:
    decks = [d for d in starter_decks().values() if seats in d.players]
    config = GameConfig(
        seats=tuple(SeatConfig(DeckList.from_deck(decks[i % len(decks)])) for i in range(seats)), seed=seed
    )
    return Game(config)


@pytest.mark.parametrize(("seats", "seed"), [(1, 1), (2, 4), (3, 2)])
def test_the_public_view_names_only_what_every_seat_may_see(seats: int, seed: int) -> None:
    g = _game(seats, seed)
    agents = [make_agent("heuristic", seed + i) for i in range(seats)]
    checked = 0
    while not g.over and len(g.history) < 600:
        if len(g.history) % 25 == 0:
            pub = public_view(g)
            assert pub["seat"] is None and "decision" not in pub
            assert all("hand" not in p and "starting_choices" not in p for p in pub["players"])
            assert all("item_cards" not in c for c in pub["characters"])
            assert len(pub["disaster_paths"]) == (seats if g.state.places else 0)
            named = known_cards(pub)
            for s in range(seats):
                seat_view = g.view(s)
                assert named.items() <= known_cards(seat_view).items()
                if g.state.places:
                    assert pub["disaster_paths"][s] == seat_view["disaster_path"]
            hidden = {u for p in g.state.players for u in (*p.hand, *p.draw, *p.combat)}
            assert not hidden & set(named)
            checked += 1
        seat = g.to_move
        assert seat is not None
        g.apply(agents[seat].choose(g.view(seat), g.legal_actions()))
    assert checked >= 4
