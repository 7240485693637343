"""MISC-6: rock-paper-scissors is played until somebody wins (a tie does not count); in solitaire a coin is flipped.

Nothing in the game shows one player's throw to the other, so the engine plays the whole game, ties replayed, as
one draw of the game's seeded RNG with an even chance (engine/effects/flash_play.py ``rock_paper_scissors``): every
game ends with a winner, never a tie, and the same seed gives the same result. In a game of one the card's player
has no opponent (``rival`` None): the draw is the coin flip. Driven through Jan-Ken-Pon: won, the Disaster named
moves 1 Location along its path; lost, nothing happens and the card is spent. The other cards that call for the
game (Rock/Paper/Scissors, Alien Battleship, Raiichi & Zaakro, Nanami Rokugo) make the same draw.
"""

from __future__ import annotations

from animayhem.engine.game import Game
from scenario_kit import game_of, uid_of

POSITION = """\
name: jan-ken-pon
ruleset: classic
seed: {seed}
seats:
  - {{name: Ann, hand: [jan-ken-pon], combat: []}}
{second}field:
  - {{cell: [0, 0], card: island-restaurant, owner: 0}}
  - {{cell: [1, 0], card: genom-tower, owner: 0}}
  - {{cell: [0, 1], card: ifuritas-tomb, owner: 0}}
  - {{cell: [1, 1], card: desert-of-bleached-white-bones, owner: 0}}
  - {{cell: [4, 2], card: masaki-house, owner: 0, haven: true}}
{second_haven}disasters:
  - {{card: bugrom-type-1, owner: 0, at: [0, 0]}}
start: {{active: 0, phase: move}}
"""
SOLO = {"second": "", "second_haven": ""}
PAIR = {
    "second": "  - {name: Ben, combat: []}\n",
    "second_haven": "  - {cell: [4, 0], card: a-kos-house, owner: 1, haven: true}\n",
}
SEEDS = range(200)


def _play(seed: int, seats: dict[str, str]) -> tuple[Game, dict[str, object]]:
    """Jan-Ken-Pon on the Bugrom: the game and its one rock-paper-scissors event."""
    g = game_of(POSITION.format(seed=seed, **seats))
    g.apply(f"flash c{uid_of(g, 'jan-ken-pon')} c{uid_of(g, 'bugrom-type-1')}")
    games = [e for e in g.events_for(None) if e["e"] == "rock_paper_scissors"]
    assert len(games) == 1  # one game, however many ties it took
    return g, games[0]


def _bugrom_cell(g: Game) -> tuple[int, int]:
    return g.state.places[g.state.disasters[uid_of(g, "bugrom-type-1")].pos].cell


def test_every_game_has_a_winner_at_even_odds_and_the_outcome_decides_the_card() -> None:
    wins = 0
    for seed in SEEDS:
        g, game = _play(seed, SOLO)
        assert game["won"] in (True, False)  # no tie is ever the result
        wins += bool(game["won"])
        if game["won"]:
            assert _bugrom_cell(g) == (0, 1)  # won: one Location down its column
        else:  # lost: the Disaster stays, the card is spent all the same
            assert _bugrom_cell(g) == (0, 0)
            assert not any(e["e"] == "disaster_moved" for e in g.events_for(None))
        assert uid_of(g, "jan-ken-pon") in g.state.players[0].discard
    assert 80 <= wins <= 120  # an even chance: 99 of these 200 seeds win


def test_the_same_seed_gives_the_same_result() -> None:
    for seed in (1, 2, 7):
        first, again = _play(seed, SOLO)[1], _play(seed, SOLO)[1]
        assert first["won"] == again["won"]
    assert _play(1, SOLO)[1]["won"] != _play(2, SOLO)[1]["won"]  # seed 1 loses, seed 2 wins


def test_solitaire_flips_a_coin_and_two_players_play_each_other() -> None:
    _, alone = _play(2, SOLO)
    assert alone["rival"] is None  # no opponent: the coin flip
    _, pair = _play(2, PAIR)
    assert (pair["seat"], pair["rival"]) == (0, 1)  # against the player to the left
