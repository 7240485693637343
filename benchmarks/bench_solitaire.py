"""Solitaire win rates per starter deck: one agent against the Disasters, the same seeds for every deck.

Run on demand (a `heuristic` game takes about a tenth of a second)::

    .venv/bin/python benchmarks/bench_solitaire.py --games 40              # heuristic, classic, grid
    .venv/bin/python benchmarks/bench_solitaire.py --agent random --json

Prints a Markdown table (wins, games the Disasters won, games without a winner, Items a game for the player
and for the Disasters, decisions a game) and, with ``--json``, the same rows as JSON. It uses only
``agents.simulate`` (``GameSpec``, ``play_game``, ``legal_starters_all``), so the same script measures an
older tree too: run it with that tree's ``src`` first on ``PYTHONPATH`` to compare before and after.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from animayhem.agents.simulate import GameSpec, legal_starters_all, play_game


def run(agent: str, games: int, seed: int, ruleset: str) -> list[dict[str, Any]]:
    rows = []
    for deck in legal_starters_all():
        wins = dis = none = errors = items = dis_items = decisions = 0
        for i in range(games):
            spec = GameSpec(index=i, seed=seed + i, agents=(agent,), decks=(deck,), ruleset=ruleset, layout="grid")
            o = play_game(spec)
            if o.error is not None or not o.finished:
                errors += 1
                continue
            wins += bool(o.winners)
            dis += o.disasters_win
            none += not o.winners and not o.disasters_win
            items += o.items_players[0]
            dis_items += o.items_disasters
            decisions += o.decisions
        done = max(1, games - errors)
        rows.append(
            {
                "deck": deck,
                "games": games,
                "wins": wins,
                "disasters_win": dis,
                "nobody": none,
                "errors": errors,
                "items": round(items / done, 2),
                "disaster_items": round(dis_items / done, 2),
                "decisions": round(decisions / done, 1),
            }
        )
    return rows


def table(rows: list[dict[str, Any]]) -> str:
    lines = [
        "| deck | wins | Disasters win | nobody | errors | Items | Disasters' Items | decisions |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r['deck']} | {r['wins']}/{r['games']} | {r['disasters_win']} | {r['nobody']} | {r['errors']} "
            f"| {r['items']} | {r['disaster_items']} | {r['decisions']} |"
        )
    total = sum(r["games"] for r in rows)
    wins = sum(r["wins"] for r in rows)
    lines.append(f"| all | {wins}/{total} ({wins / max(1, total):.1%}) | | | | | | |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--agent", default="heuristic")
    ap.add_argument("--games", type=int, default=40, help="games per starter deck")
    ap.add_argument("--seed", type=int, default=100)
    ap.add_argument("--ruleset", default="classic")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rows = run(args.agent, args.games, args.seed, args.ruleset)
    print(json.dumps(rows, indent=1) if args.json else table(rows))


if __name__ == "__main__":
    main()
