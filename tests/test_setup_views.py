"""Set-up seen by the player who decides (SETUP-35): in the Lines layout a player arranges its own Locations
face up, so its view and prompt name them, and nobody else's view does."""

from __future__ import annotations

from animayhem.decks.starters import starter_decks
from animayhem.engine import DeckList, Game, GameConfig, SeatConfig
from animayhem.engine.views import known_cards


def _lines_game() -> Game:
    decks = [d for d in starter_decks().values() if 2 in d.players][:2]
    return Game(GameConfig(seats=tuple(SeatConfig(DeckList.from_deck(d)) for d in decks), layout="lines", seed=3))


def test_setup_35_a_player_sees_its_own_locations_while_arranging_its_line() -> None:
    g = _lines_game()
    seat = g.to_move
    assert seat is not None and g.decision is not None and g.decision.kind == "line"
    other = 1 - seat
    mine = g.view(seat)["players"][seat]["line_choices"]
    uids = {c["uid"] for c in mine}
    assert {f"line c{u}" for u in uids} == set(g.legal_actions())
    names = [g.db.by_id(c["card"]).name for c in mine]
    assert all(name in g.decision.prompt for name in names)
    assert uids <= set(known_cards(g.view(seat)))  # so every face can name them (the terminal's `show cN`)
    theirs = g.view(other)
    assert "line_choices" not in theirs["players"][seat]
    assert not uids & set(known_cards(theirs))
    g.apply(g.legal_actions()[0])
    placed = next(p for p in g.view(other)["places"] if p["owner"] == seat)
    assert placed["uid"] in uids  # once in the line it is face up for everyone
