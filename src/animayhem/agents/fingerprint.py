"""The behaviour fingerprint: one SHA-256 over a fixed set of seeded AI games, so that a change meant only to
make the engine faster (or tidier) can show it plays the very same games.

A game's hash folds in every decision posed (seat, kind, prompt, legal actions), the view the deciding seat
was given, the action its agent took, and at the end the action list, the final ``state_hash``, the result
and the whole event log. Each game is also replayed from its action list (``Game.restore``) and continued
from a clone taken half-way; both must reach the same final state (:class:`FingerprintError` if not).

The games: every ruleset preset, 1-5 seats, the ``random`` and ``heuristic`` agents, seeds ``0..n-1``; seat
``k`` of seed ``s`` plays the bundled starter deck ``(s + k)`` of those legal for the seat count, and its agent
is seeded ``s * 10 + k``. ``benchmarks/fingerprint.py`` prints the hash of 200 such games; the test suite
pins the hash of each game of seed 0 (``tests/data/fingerprint.json``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator

from animayhem.agents.base import make_agent
from animayhem.agents.simulate import legal_starters
from animayhem.decks.starters import starter_decks
from animayhem.engine.core.config import DeckList, GameConfig, SeatConfig
from animayhem.engine.game import Game
from animayhem.rules.ruleset import RULESETS

AGENTS = ("random", "heuristic")
MAX_DECISIONS = 100_000  # a fingerprint game still going after this many decisions is a defect, not a hash
CLONE_AT = 40  # the decision after which the half-way clone is taken


class FingerprintError(AssertionError):
    """A fingerprint game that broke a promise of the engine: it never ended, or its replay or its clone
    reached another state than the game itself."""


def config(preset: str, seats: int, seed: int) -> GameConfig:
    """The game of ``seed`` for ``preset`` and ``seats``: the starter decks legal for the seat count, rotated."""
    pool = legal_starters(seats)
    decks = starter_decks()
    return GameConfig(
        seats=tuple(
            SeatConfig(deck=DeckList.from_deck(decks[pool[(seed + k) % len(pool)]]), name=f"P{k}") for k in range(seats)
        ),
        ruleset=RULESETS[preset],
        seed=seed,
    )


def _dump(obj: object) -> bytes:
    return json.dumps(obj, default=repr, separators=(",", ":")).encode()


def game_hash(preset: str, seats: int, agent: str, seed: int) -> str:
    """The hex SHA-256 of one fingerprint game (see the module's text for what it covers)."""
    cfg = config(preset, seats, seed)
    game = Game(cfg)
    agents = [make_agent(agent, seed * 10 + k) for k in range(seats)]
    h = hashlib.sha256()
    mid_state: Game | None = None
    while not game.over:
        if len(game.history) >= MAX_DECISIONS:
            where = f"{preset} {seats} seats {agent} seed {seed}"
            raise FingerprintError(f"{where}: no end after {MAX_DECISIONS} decisions")
        p = game.decision
        assert p is not None
        view = game.view(p.seat)
        h.update(_dump([p.seat, p.kind, p.prompt, p.actions]))
        h.update(_dump(view))
        action = agents[p.seat].choose(view, game.legal_actions())
        h.update(action.encode())
        game.apply(action)
        if mid_state is None and len(game.history) >= CLONE_AT:
            mid_state = game.clone()
    final = game.state_hash()
    h.update(_dump([game.history, final, game.result, game.log]))
    if Game.restore(cfg, game.history).state_hash() != final:
        raise FingerprintError(f"{preset} {seats} seats {agent} seed {seed}: the replay reached another state")
    if mid_state is not None:
        for a in game.history[len(mid_state.history) :]:
            mid_state.apply(a)
        if mid_state.state_hash() != final:
            raise FingerprintError(f"{preset} {seats} seats {agent} seed {seed}: the clone reached another state")
    return h.hexdigest()


def games(seeds: int) -> Iterator[tuple[str, int, str, int]]:
    """The fingerprint's games in their order: (preset, seats, agent, seed)."""
    for preset in RULESETS:
        for seats in range(1, 6):
            for agent in AGENTS:
                for seed in range(seeds):
                    yield preset, seats, agent, seed


def label(preset: str, seats: int, agent: str, seed: int) -> str:
    """A game's name in ``tests/data/fingerprint.json`` and in ``--verbose`` output."""
    return f"{preset} {seats} {agent} {seed}"
