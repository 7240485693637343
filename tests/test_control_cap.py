"""A card that gives a player another player's Character (``control``: Alliance brings one into its fight,
Possession takes one over) never makes it a seventh Character of that player's on the Field (TURN-16). Found by the
property test (guia, 3 seats, lines, seed 3475): seat 2 had six on the Field and Alliance brought Gregory in."""

from __future__ import annotations

import json
from pathlib import Path

from animayhem.engine.game import Game
from test_engine_property import config_for

ACTIONS = json.loads((Path(__file__).parent / "data" / "alliance-seventh.json").read_text(encoding="utf-8"))


def test_no_seventh_character_on_the_field_by_control() -> None:
    g = Game.restore(config_for("guia", 3, "lines", 3475), ACTIONS)
    seat = g.to_move
    assert seat == 2 and g.on_field(seat) == 6
    assert "use c100" not in g.legal_actions()  # Alliance: its only ally would be a seventh (TURN-16)
    assert any(a.startswith("strike") for a in g.legal_actions())
