"""Issue 14: the PettingZoo and OpenSpiel adapters and simulation on Dask (the rl and dist extras)."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")
pytest.importorskip("dask.distributed")

import numpy as np
import pyspiel
from open_spiel.python import games as _os_games  # noqa: F401  (OpenSpiel's Python games first)
from open_spiel.python.algorithms import ismcts, mcts
from pettingzoo.test import api_test, seed_test
from typer.testing import CliRunner

import animayhem.research.openspiel  # noqa: F401  (registers python_animayhem)
from animayhem.agents.distributed import dask_runner
from animayhem.agents.simulate import simulate
from animayhem.cli.main import app
from animayhem.research import encoding, observation
from animayhem.research.pettingzoo import env

# ---------------------------------------------------------------------- PettingZoo


@pytest.mark.parametrize("players", [1, 2, 3])
def test_pettingzoo_api_test(players: int) -> None:
    api_test(env(players=players, max_rounds=4), num_cycles=120)


def test_pettingzoo_seed_test() -> None:
    seed_test(lambda: env(players=2, max_rounds=4), num_cycles=60)


def test_pettingzoo_solitaire_plays_to_the_end_with_rewards_and_masks() -> None:
    e = env(players=1, ruleset="dbz", decks=["z-fighters"], max_rounds=6, item_reward=0.5)
    e.reset(seed=3)
    assert e.agents == ["seat_0"]
    total = 0.0
    rng = np.random.default_rng(0)
    steps = 0
    for _agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        total += reward
        if term or trunc:
            e.step(None)
            continue
        assert obs["observation"].shape == (observation.SIZE,)
        legal = np.flatnonzero(obs["action_mask"])
        assert sorted(legal.tolist()) == sorted(info["actions"])
        assert sorted(info["actions"].values()) == sorted(e.game.legal_actions())
        if steps == 0:
            with pytest.raises(ValueError, match="not legal"):
                e.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
        e.step(int(rng.choice(legal)))
        steps += 1
    assert e.game is not None and e.game.over
    result = e.game.result
    assert result is not None
    items = result["tally"]["players"][0]
    assert total == pytest.approx(0.5 * items + (1.0 if result["winners"] else -1.0))


# ---------------------------------------------------------------------- OpenSpiel


def test_openspiel_random_simulation() -> None:
    for players in (1, 2):
        game = pyspiel.load_game("python_animayhem", {"players": players, "max_rounds": 2, "seed": 5})
        assert game.num_distinct_actions() == encoding.NUM_DISTINCT_ACTIONS
        assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_openspiel_mcts_and_ismcts_bots_play() -> None:
    game = pyspiel.load_game("python_animayhem", {"players": 2, "max_rounds": 1, "seed": 2})
    state = game.new_initial_state()
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [
        ismcts.ISMCTSBot(game, evaluator, 1.4, 4, random_state=rng, allow_inconsistent_action_sets=True),
        mcts.MCTSBot(game, 1.4, 4, evaluator, random_state=rng),
    ]
    for _ in range(8):
        if state.is_terminal():
            break
        player = state.current_player()
        action = bots[player].step(state)
        assert action in state.legal_actions()
        text = state.action_to_string(player, action)
        state.apply_action(action)
        assert text in state.g.history
    # the resampled state keeps what the player sees
    p = state.current_player()
    if p >= 0:
        sampled = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert sampled.observation_string(p) == state.observation_string(p)
        assert sampled.legal_actions() == state.legal_actions()


# ---------------------------------------------------------------------- Dask


def test_dask_local_cluster_gives_the_same_report_as_one_worker() -> None:
    kwargs = {"games": 6, "players": 1, "seats": ["random"], "seed": 40}
    one = simulate(workers=1, **kwargs)  # type: ignore[arg-type]
    seen: list[int] = []
    on_dask = simulate(
        workers=2,
        runner=dask_runner(None, 2),
        progress=lambda o: seen.append(o.index),
        **kwargs,  # type: ignore[arg-type]
    )
    assert on_dask.to_json() == one.to_json()
    assert on_dask.to_csv() == one.to_csv()
    assert seen == list(range(6))
    rows = one.to_json()
    assert {r["deck"] for r in rows["per_deck"]} == {d for game in one.decks for d in game}
    assert rows["per_seat"][0]["agent"] == "random"


def test_simulate_cli_dask_engine_and_argument_errors(tmp_path) -> None:
    runner = CliRunner()
    out = tmp_path / "r.csv"
    res = runner.invoke(
        app, ["simulate", "-n", "2", "--seat", "random", "--engine", "dask", "-j", "1", "--json", "--csv", str(out)]
    )
    assert res.exit_code == 0, res.output
    report = json.loads(res.stdout)
    assert report["games"] == 2 and len(report["per_seat"]) == 1
    assert out.read_text().splitlines()[0] == "row,name,agent,games,wins,win_rate,items_mean"
    bad = runner.invoke(app, ["simulate", "-n", "1", "--engine", "ray"])
    assert bad.exit_code == 2 and "--engine" in bad.output
    bad = runner.invoke(app, ["simulate", "-n", "1", "--seat", "heuristic", "--budget", "10"])
    assert bad.exit_code == 2 and "only to search AIs" in bad.output
    bad = runner.invoke(app, ["simulate", "-n", "1", "--seat", "ismcts", "--budget", "soon"])
    assert bad.exit_code == 2 and "neither iterations" in bad.output
