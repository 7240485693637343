"""Bump on the Head (``recruit``, engine/procedures/recruit.py): a Disaster won over is its player's Character —
it keeps its card's owner (Killed, the card goes to that owner's pile), comes back from a Bonk into the Haven with
the card still on it, a player leads at most 2 such Disasters, an Item it carried drops where it stood, and the
turn it came into play is plain state (copies and hashes hold it; a game without the card keeps nothing)."""

from __future__ import annotations

import dataclasses

from animayhem.agents import make_agent
from animayhem.decks.starters import starter_decks
from animayhem.engine.checks.invariants import problems
from animayhem.engine.core.config import DeckList, GameConfig, SeatConfig
from animayhem.engine.core.state import OFF, copy_state
from animayhem.engine.effects import primitives
from animayhem.engine.game import Game
from animayhem.engine.procedures import recruit
from animayhem.rules.ruleset import get_ruleset
from scenario_kit import game_of, uid_of
from test_engine_property import play

# Rival's Happy Tanks (5/7) and Bugrom, Type 1 (3/3) stand on the Field, Solo's turn, Equip phase
POSITION = """
    name: bump on the head
    ruleset: classic
    overrides: {charm_combat: false}
    seats:
      - name: Solo
        hand: [bump-on-the-head]
        draw: [speed, speed, speed, speed, speed, speed, speed, speed, speed, speed]
        combat: []
      - name: Rival
        draw: [speed, speed, speed, speed, speed, speed, speed, speed, speed, speed]
        combat: []
    field:
      - {cell: [0, 0], card: masaki-house, owner: 0, haven: true}
      - {cell: [1, 0], card: genom-tower, owner: 0}
      - {cell: [2, 0], card: island-restaurant, owner: 1}
      - {cell: [3, 0], card: hot-springs-house, owner: 1, haven: true}
    characters:
      - {card: tenchi-masaki, owner: 0, at: [0, 0]}
    disasters:
      - {card: happy-tanks, owner: 1, controller: 1, at: [1, 0], item: keys}
      - {card: bugrom-type-1, owner: 1, controller: 1, at: [2, 0]}
      - {card: ginger, owner: 1, controller: 1, at: [2, 0]}
    start: {active: 0, phase: equip}
    """


def _game() -> tuple[Game, int, int]:
    g = game_of(POSITION)
    for d in g.state.disasters.values():
        d.came = g.state.turn  # they came into play this turn
    _ask_again(g)
    return g, uid_of(g, "bump-on-the-head"), uid_of(g, "happy-tanks")


def _ask_again(g: Game) -> None:
    g.state.pending = None  # ask the Equip phase again
    g._advance()


def test_it_is_offered_for_the_disasters_that_came_this_turn_only() -> None:
    g, bump, tanks = _game()
    bugrom = uid_of(g, "bugrom-type-1")
    assert f"play c{bump} c{tanks}" in g.legal_actions() and f"play c{bump} c{bugrom}" in g.legal_actions()
    g.state.disasters[tanks].came = g.state.turn - 1  # an earlier turn
    _ask_again(g)
    assert f"play c{bump} c{tanks}" not in g.legal_actions()


def test_the_won_over_disaster_keeps_its_owner_and_drops_its_item() -> None:
    g, bump, tanks = _game()
    keys = uid_of(g, "keys")
    g.apply(f"play c{bump} c{tanks}")
    s = g.state
    ch = s.characters[tanks]
    assert tanks not in s.disasters and ch.owner == 0 and s.owner[tanks] == 1 and ch.enhancements == [bump]
    assert keys in s.places[ch.pos].under and not ch.carried  # its Item drops where it stood
    assert g.max_health(tanks) == 7 and not problems(g)
    before = g.state_hash()
    assert Game(g.config, g.db, _state=copy_state(s)).state_hash() == before  # the copy holds it all
    primitives.kill(g, ch, None)
    assert tanks in s.players[1].discard and bump in s.players[0].discard  # each card to its owner's pile
    assert not problems(g)


def test_bonked_it_comes_back_into_the_haven_with_the_card_on() -> None:
    g, bump, tanks = _game()
    g.apply(f"play c{bump} c{tanks}")
    s = g.state
    for d in list(s.disasters.values()):  # nothing else goes on meanwhile
        primitives.leave_play(g, d, "done")
    primitives.bonk(g, s.characters[tanks], None)
    assert tanks in s.players[0].bonked and s.characters[tanks].enhancements == [bump]
    for _ in range(200):  # Solo's turns go by until it is back
        if s.characters.get(tanks) is not None and s.characters[tanks].pos != OFF:
            break
        g.apply("done" if "done" in g.legal_actions() else g.legal_actions()[0])
    ch = s.characters[tanks]
    assert s.places[ch.pos].haven and ch.enhancements == [bump] and tanks not in s.players[0].hand
    assert not problems(g)


def test_a_player_leads_at_most_two() -> None:
    g, bump, tanks = _game()
    bugrom, ginger = uid_of(g, "bugrom-type-1"), uid_of(g, "ginger")
    recruit.played(g, 0, bump, tanks)
    assert recruit.targets(g, 0, bump) == sorted([bugrom, ginger])
    # a second won over (as by a second copy of the card, played on another turn)
    g.state.players[0].hand.remove(bump)
    g.state.characters[tanks].enhancements = []
    g.state.players[0].discard.append(bump)
    recruit.played(g, 0, bump, bugrom)
    g.state.players[0].discard.remove(bump)
    g.state.characters[tanks].enhancements = [bump]
    g.state.characters[bugrom].enhancements = []
    assert len(recruit.recruited(g, 0)) == 2
    assert recruit.targets(g, 0, bump) == []  # a third is not offered


def test_a_game_without_the_card_keeps_no_turn_on_its_disasters() -> None:
    g = game_of(POSITION.replace("hand: [bump-on-the-head]", "hand: [speed]"))
    assert not recruit.in_game(g)
    g2, _bump, _tanks = _game()
    assert recruit.in_game(g2)


def _salted(seats: int, seed: int) -> GameConfig:
    """Starter decks whose Draw piles hold Bump on the Head and small Combat Disasters many times over."""
    names = ("z-fighters", "masaki-household", "knight-sabers")[:seats] if seats > 1 else ("kame-house-solitaire",)
    decks = starter_decks()
    bumps, small = ("bump-on-the-head",) * 6, ("happy-tanks", "bugrom-type-1", "ginger", "goons") * 3
    lists = [DeckList.from_deck(decks[n]) for n in names]
    return GameConfig(
        seats=tuple(
            SeatConfig(deck=dataclasses.replace(d, draw=d.draw[:14] + bumps, disasters=d.disasters + small), name=n)
            for d, n in zip(lists, names, strict=True)
        ),
        ruleset=get_ruleset("classic"),
        seed=seed,
    )


def test_random_play_with_the_card_keeps_invariants_and_hides_cards() -> None:
    """Random legal play (tests/test_engine_property.py's checks after every step: one zone a card, no leak,
    replay identical) with decks full of the card: Disasters are won over, Bonked, Killed; in a game played in
    rounds (dbz) a player wins over Disasters another player drew, whose cards stay that player's."""
    won = 0
    crossed = 0
    for preset, seats, seed in (("classic", 1, 1), ("classic", 2, 2), ("dbz", 3, 3), ("fifth", 3, 3)):
        cfg = dataclasses.replace(_salted(seats, seed), ruleset=get_ruleset(preset))
        game = play(preset, seats, "grid", seed, cfg)
        got = [e for e in game.log if e["e"] == "disaster_recruited"]
        won += len(got)
        crossed += sum(1 for e in got if game.state.owner[e["uid"]] != e["seat"])
    assert won > 0 and crossed > 0


def test_the_heuristic_plays_it_and_never_breaks() -> None:
    won = 0
    for seats, seed in ((1, 4), (2, 6)):
        game = Game(_salted(seats, seed))
        agents = [make_agent("heuristic", seed * 10 + k) for k in range(seats)]
        while not game.over:
            seat = game.to_move
            assert seat is not None
            actions = game.legal_actions()
            choice = agents[seat].choose(game.view(seat), list(actions))
            assert choice in actions
            game.apply(choice)
            assert not problems(game)
        won += sum(1 for e in game.log if e["e"] == "disaster_recruited")
    assert won > 0
