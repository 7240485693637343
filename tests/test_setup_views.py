"""Set-up seen by the player who decides (SETUP-35): in the Lines layout a player arranges its own Locations
face up, so its view and prompt name them, and nobody else's view does."""

from __future__ import annotations

from animayhem.decks.starters import starter_decks
from animayhem.engine import DeckList, Game, GameConfig, SeatConfig, parse_action
from animayhem.engine.core.state import WAITING
from animayhem.engine.faces import quick_setup
from animayhem.engine.faces.views import known_cards
from animayhem.rules.ruleset import get_ruleset


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


def _solo(preset: str, seed: int = 2) -> Game:
    deck = next(d for d in starter_decks().values() if 1 in d.players)
    return Game(GameConfig(seats=(SeatConfig(DeckList.from_deck(deck)),), ruleset=get_ruleset(preset), seed=seed))


def test_setup_26_guia_places_no_haven_in_set_up_and_plays_it_from_the_hand() -> None:
    """SETUP-26, TURN-15, CONF-16 (002): no Haven in set-up; it starts in the hand and is played in Equip;
    until then the starting Characters wait beside the Field (AMB-59) and may step onto their player's
    Locations; the first Haven played takes in those still waiting."""
    assert get_ruleset("guia").starting_haven == "hand" and get_ruleset("classic").starting_haven == "setup"
    g = _solo("guia")
    kinds = set()
    while g.state.phase == "setup":
        assert g.decision is not None
        kinds.add(g.decision.kind)
        a = quick_setup.answer(g)
        assert a is not None
        g.apply(a)
    assert "haven" not in kinds
    p = g.state.players[0]
    assert not p.havens and not any(pl.haven for pl in g.state.places.values())
    haven = next(u for u in p.hand if g.card(u).type.value == "haven")
    view = g.view(0)
    assert all(c["waiting"] and c["cell"] is None for c in view["characters"])
    while g.decision is not None and g.decision.kind != "equip":
        g.apply(g.legal_actions()[-1])
    assert any(a.startswith(f"play c{haven} ") for a in g.legal_actions())
    g.apply("done")  # no Haven this turn: the Characters enter from beside the Field
    assert g.decision is not None and g.decision.kind == "move"
    enter = [a for a in g.legal_actions() if a.startswith("return ")]
    own = {pl.cell for pl in g.state.places.values() if pl.owner == 0 and not pl.haven}
    assert enter and all(parse_action(a).cell in own for a in enter)
    first = parse_action(enter[0])
    g.apply(enter[0])
    ch = g.state.characters[first.cards[0]]
    assert ch.pos == g.state.grid[first.cell] and ch.spent == 1  # 1 Movement; the rest is left (TURN-17)
    assert g.log[-1]["e"] == "character_entered"
    if g.ability(ch.uid, "movement") > 1:
        assert any(a.startswith(f"move c{ch.uid} ") for a in g.legal_actions())
    while not (
        g.decision is not None and g.decision.kind == "equip" and f"play c{haven}" in " ".join(g.legal_actions())
    ):
        g.apply("done" if "done" in g.legal_actions() else g.legal_actions()[0])
    waiting = [c.uid for c in g.state.characters.values() if c.off_at == WAITING]
    g.apply(next(a for a in g.legal_actions() if a.startswith(f"play c{haven} ")))
    assert p.havens == [haven]
    assert all(g.state.characters[u].pos == haven for u in waiting)


def test_setup_26_the_other_presets_still_place_the_haven_in_set_up() -> None:
    g = _solo("classic")
    kinds = set()
    while g.state.phase == "setup":
        assert g.decision is not None
        kinds.add(g.decision.kind)
        g.apply(quick_setup.answer(g) or g.legal_actions()[0])
    assert "haven" in kinds and g.state.players[0].havens[0] in g.state.places
