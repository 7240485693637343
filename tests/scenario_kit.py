"""Shared by the card-hook tests: a position built from scenario text (records/scenario.py ``loads``, the
same loader as every scenario file) and the instance of a card it holds."""

from __future__ import annotations

import textwrap

from animayhem.engine.game import Game
from animayhem.records.scenario import loads


def game_of(*parts: str) -> Game:
    """The game a scenario made of ``parts`` sets up (each part dedented, then joined)."""
    game, *_ = loads("".join(textwrap.dedent(p) for p in parts))
    return game


def uid_of(g: Game, card_id: str) -> int:
    """The instance of ``card_id`` in play as a Character or a Disaster, else its first instance."""
    s = g.state
    found = [u for u, c in enumerate(s.cards) if c == card_id]
    return next((u for u in found if u in s.characters or u in s.disasters), found[0])
