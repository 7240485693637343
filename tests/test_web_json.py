"""The web table's state messages as JSON text (web/drawing.py ``to_json``): read back, the same value as the
standard library's text, for every message of a played game and for the values orjson refuses."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

from animayhem.web.app import Web
from animayhem.web.drawing import to_json
from animayhem.web.hub import parse_spec
from animayhem.web.store import Store


def test_every_state_message_of_a_game_reads_back_the_same(tmp_path: Path) -> None:
    web = Web(Store(f"sqlite:///{tmp_path / 'games.sqlite'}"))
    table, _ = web.hub.create(parse_spec({"seats": ["human", "human"], "seed": 7}, web.db)[0])
    g, rng, seen = table.game, random.Random(1), 0
    while not g.over and seen < 400:
        for seat in (0, 1, None):
            msg = web.state_parts(table, seat, "", "json")
            assert json.loads(to_json(msg)) == json.loads(json.dumps(msg))
            seen += 1
        g.apply(rng.choice(g.legal_actions()))
    assert seen >= 300


@pytest.mark.parametrize("value", [{1: "a key that is a number"}, {"seed": 2**100}, [{"é": "ü", "n": -0.5}]])
def test_values_orjson_refuses_or_spells_otherwise(value: object) -> None:
    assert json.loads(to_json(value)) == json.loads(json.dumps(value))
