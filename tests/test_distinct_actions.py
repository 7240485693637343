"""A decision never offers the same action twice: a decision asked again (a combat round's, after a card was used)
may already hold the Flash Effects and activated abilities the engine adds to it (engine/game.py ``ask``). Found
by the OpenSpiel adapter, whose encoding refuses a repeated action (seed 28: Ranma's own use offered twice)."""

from __future__ import annotations

import random

from animayhem.decks.starters import starter_decks
from animayhem.engine.core.config import DeckList, GameConfig, SeatConfig
from animayhem.engine.game import Game
from animayhem.rules.ruleset import get_ruleset

POOL = ["z-fighters", "knight-sabers", "nerima-wrecking-crew"]


def test_no_decision_offers_an_action_twice() -> None:
    decks = starter_decks()
    for seed in (26, 27, 28, 29):
        cfg = GameConfig(
            seats=tuple(SeatConfig(deck=DeckList.from_deck(decks[POOL[(seed + k) % 3]]), name=f"P{k}") for k in (0, 1)),
            ruleset=get_ruleset("classic"),
            seed=seed,
        )
        g, pick = Game(cfg), random.Random(seed)
        while not g.over and len(g.history) < 400:
            actions = g.legal_actions()
            assert len(set(actions)) == len(actions), (seed, len(g.history), actions)
            g.apply(pick.choice(actions))
