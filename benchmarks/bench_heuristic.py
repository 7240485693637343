"""The heuristic's cost a decision, with and without its look-ahead (agents/infoset.py ``Ahead``).

Run on demand::

    .venv/bin/python benchmarks/bench_heuristic.py --games 4     # 4 solitaire games a starter deck + 12 2-seat games

Plays the same seeded games (`classic`, grid) twice in one process, ``HeuristicAgent.look_ahead`` off then on,
and prints for each: games, decisions, CPU seconds (``process_time``, engine included), milliseconds a decision,
wins, and how many decisions the look-ahead played forward on sampled games. CPU time on a shared machine moves
by 10-25 % between runs: compare the two rows of one run.
"""

from __future__ import annotations

import argparse
import time

from animayhem.agents import infoset
from animayhem.agents.heuristic import HeuristicAgent
from animayhem.agents.simulate import GameSpec, legal_starters_all, play_game
from animayhem.cards.database import CardDB

DUELS = (
    ("z-fighters", "knight-sabers"),
    ("knight-sabers", "nerima-wrecking-crew"),
    ("nerima-wrecking-crew", "z-fighters"),
)


def specs(games: int) -> list[GameSpec]:
    out = [
        GameSpec(i, 100 + i, ("heuristic",), (deck,), "classic", "grid")
        for deck in legal_starters_all()
        for i in range(games)
    ]
    out += [GameSpec(i, 300 + i, ("heuristic",) * 2, DUELS[i % 3], "classic", "grid") for i in range(3 * games)]
    return out


def run(batch: list[GameSpec], ahead: bool) -> dict[str, float]:
    HeuristicAgent.look_ahead = ahead
    spent = [0]
    real = infoset.Ahead.scores

    def counted(self: infoset.Ahead, *args: object, **kw: object) -> list[float]:
        before = self.spent
        out = real(self, *args, **kw)  # type: ignore[arg-type]
        spent[0] += self.spent - before
        return out

    infoset.Ahead.scores = counted  # type: ignore[method-assign]
    t0 = time.process_time()
    decisions = wins = 0
    for spec in batch:
        o = play_game(spec)
        decisions += o.decisions
        wins += bool(o.winners)
    cpu = time.process_time() - t0
    infoset.Ahead.scores = real  # type: ignore[method-assign]
    HeuristicAgent.look_ahead = True
    return {"games": len(batch), "decisions": decisions, "cpu": cpu, "wins": wins, "forward": spent[0]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=4, help="solitaire games a starter deck (and 3x that many 2-seat)")
    args = ap.parse_args()
    CardDB.bundled()
    batch = specs(args.games)
    print("| look-ahead | games | decisions | CPU s | ms a decision | games won | decisions played forward |")
    print("|---|---|---|---|---|---|---|")
    for ahead in (False, True):
        r = run(batch, ahead)
        print(
            f"| {'on' if ahead else 'off'} | {r['games']} | {r['decisions']} | {r['cpu']:.1f} "
            f"| {1e3 * r['cpu'] / max(1, r['decisions']):.2f} | {r['wins']} | {r['forward']} |"
        )


if __name__ == "__main__":
    main()
