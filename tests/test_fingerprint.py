"""The behaviour fingerprint (issue 26: "fingerprint unchanged (test)"): seed 0's 40 games of
``benchmarks/fingerprint.py`` (every preset, 1-5 seats, random and heuristic agents) hash as pinned in
``tests/data/fingerprint.json``. A change meant to keep the games must keep these hashes; one that changes them
on purpose (a rules fix, an AI mend) re-pins them with ``benchmarks/fingerprint.py --pin`` and says why.
Each game is also replayed and continued from a half-way clone, which must agree (determinism)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from animayhem.agents import fingerprint
from animayhem.agents.fingerprint import FingerprintError, game_hash, games, label

PINNED: dict[str, str] = json.loads((Path(__file__).parent / "data" / "fingerprint.json").read_text(encoding="utf-8"))


def test_the_pinned_games_are_the_fingerprints_games() -> None:
    assert list(PINNED) == [label(*g) for g in games(1)]


@pytest.mark.parametrize("game", list(games(1)), ids=lambda g: label(*g).replace(" ", "-"))
def test_game_plays_as_pinned(game: tuple[str, int, str, int]) -> None:
    assert game_hash(*game) == PINNED[label(*game)], "the game differs: benchmarks/fingerprint.py --verbose finds how"


def test_a_game_that_never_ends_is_an_error_not_a_hang(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fingerprint, "MAX_DECISIONS", 30)
    with pytest.raises(FingerprintError, match="no end after 30 decisions"):
        game_hash("classic", 2, "random", 0)


def test_another_seed_is_another_hash() -> None:
    assert game_hash("classic", 2, "random", 1) != PINNED["classic 2 random 0"]
