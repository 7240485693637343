"""The heuristic in fights between players (agents/heuristic.py ``_on_declare``, ``_on_fight_run``): rounds are
unlimited (COMBAT-4), so a side whose blows did nothing in the last round makes no new attack (it counter-
strikes, protects, or lets the fight end). Before, Priss Asagiri (Attack 3) struck Dr. Tofu (Defense 3 with his
Combat cards) for ever in a 5-seat game: 82,000 decisions in a minute, one turn, the log growing without end."""

from __future__ import annotations

from typing import Any

from animayhem.agents import make_agent
from animayhem.agents.heuristic import _futile
from animayhem.agents.simulate import legal_starters
from animayhem.decks.starters import starter_decks
from animayhem.engine.core.config import DeckList, GameConfig, SeatConfig
from animayhem.engine.game import Game
from animayhem.rules.ruleset import RULESETS


def _five_seats(seed: int) -> Game:
    pool, decks = legal_starters(5), starter_decks()
    seats = tuple(SeatConfig(deck=DeckList.from_deck(decks[pool[(seed + k) % len(pool)]])) for k in range(5))
    return Game(GameConfig(seats=seats, ruleset=RULESETS["classic"], seed=seed))


def test_combat_4_a_fight_that_does_nothing_ends_and_so_does_the_game() -> None:
    g = _five_seats(2)
    agents = [make_agent("heuristic", 20 + k) for k in range(5)]
    while not g.over and len(g.history) < 5000:
        seat = g.to_move
        assert seat is not None
        g.apply(agents[seat].choose(g.view(seat), g.legal_actions()))
    assert g.over and len(g.history) < 5000
    rounds = [int(ev["round"]) for ev in g.log if ev["e"] == "fight_declared"]
    assert rounds and max(rounds) < 20
    # the first player fight of this game: Priss strikes Dr. Tofu, and it does nothing
    priss = [ev for ev in g.log if ev["e"] == "fight_hit" and ev["target"] == "dr-tofu"]
    assert priss and all(ev["damage"] == 0 for ev in priss) and len(priss) <= 2


def _fight(round_: int, dealt: list[int]) -> dict[str, Any]:
    return {"seats": [1, 4], "round": round_, "dealt": dealt}


def test_a_side_that_dealt_damage_goes_on_striking() -> None:
    assert not _futile(_fight(1, [0, 0]), 1)  # the first round: nothing to judge yet
    assert _futile(_fight(2, [0, 3]), 1)  # seat 1 dealt nothing: no new attack
    assert not _futile(_fight(2, [0, 3]), 4)  # seat 4 hurt seat 1's Characters: it goes on
    assert not _futile(_fight(5, [2, 0]), 1)
    assert not _futile(_fight(3, [0, 0]), 2)  # not a seat of this fight
    assert not _futile({}, 1)  # no fight
