"""animayhem/heap.py: the card data frozen out of the collector's way, by the faces that play many games, with
the same games as before."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

from animayhem import heap
from animayhem.agents import simulate as simulate_mod
from animayhem.cli.main import app

SRC = Path(__file__).resolve().parents[1] / "src"


def _run(code: str) -> str:
    """Run ``code`` in a fresh interpreter (freezing is for the whole process: not this test process's)."""
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"},
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_settle_freezes_the_card_data_once() -> None:
    out = _run(
        """
        import gc
        from animayhem import heap
        from animayhem.cards.database import CardDB
        assert not heap.settled() and gc.get_freeze_count() == 0
        heap.settle()
        card = next(iter(CardDB.bundled()))
        frozen = gc.get_freeze_count()
        walked = {id(o) for o in gc.get_objects()}
        # the bundled cards are no longer among what the collector walks; they are still tracked (frozen)
        print(heap.settled(), frozen > 20_000, id(card) in walked, gc.is_tracked(card))
        heap.settle()  # once a process: nothing more is frozen
        print(gc.get_freeze_count() == frozen)
        """
    )
    assert out.split() == ["True", "True", "False", "True", "True"]


def test_a_game_is_the_same_on_a_settled_heap() -> None:
    play = """
        import hashlib, random
        from animayhem import heap
        from animayhem.decks.starters import starter_decks
        from animayhem.engine.core.config import DeckList, GameConfig, SeatConfig
        from animayhem.engine.game import Game
        from animayhem.rules.ruleset import get_ruleset
        {settle}
        decks = starter_decks()
        seats = tuple(SeatConfig(deck=DeckList.from_deck(decks[n]), name=n) for n in ("z-fighters", "knight-sabers"))
        g = Game(GameConfig(seats=seats, ruleset=get_ruleset("classic"), seed=4))
        rng = random.Random(4)
        while not g.over:
            acts = g.legal_actions()
            g.view(g.to_move)
            g.apply(acts[rng.randrange(len(acts))])
        print(len(g.history), g.state_hash(), hashlib.sha256(" ".join(g.history).encode()).hexdigest())
        """
    plain = _run(play.format(settle=""))
    settled = _run(play.format(settle="heap.settle()"))
    assert int(plain.split()[0]) > 50
    assert settled == plain


def test_simulate_settles_its_process_and_its_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    monkeypatch.setattr("animayhem.cli.simulate.settle", lambda: calls.append("cli"))
    result = CliRunner().invoke(app, ["simulate", "--games", "1", "--seat", "random", "--json"])
    assert result.exit_code == 0, result.output
    assert calls == ["cli"]
    # the pool of worker processes runs it in each worker as it starts
    seen: dict[str, object] = {}

    class Pool:
        def __init__(self, max_workers: int, initializer: object) -> None:
            seen["initializer"] = initializer

        def __enter__(self) -> Pool:
            return self

        def __exit__(self, *exc: object) -> None:
            return None

        def map(self, fn: object, specs: list[object], chunksize: int) -> list[object]:
            return [simulate_mod.play_game(s) for s in specs]  # type: ignore[arg-type]

    monkeypatch.setattr(simulate_mod, "ProcessPoolExecutor", Pool)
    simulate_mod.simulate(games=2, seats=["random"], workers=2)
    assert seen["initializer"] is heap.settle


def test_serve_settles_before_it_listens(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    pytest.importorskip("uvicorn")
    from animayhem.web import server

    order: list[str] = []
    monkeypatch.setattr(server, "settle", lambda: order.append("settle"))
    monkeypatch.setattr("animayhem.web.server.uvicorn.run", lambda *a, **k: order.append("listen"))
    server.serve("127.0.0.1", 8765, f"sqlite:///{tmp_path / 'games.db'}", None, False, 0.0)
    assert order == ["settle", "listen"]
