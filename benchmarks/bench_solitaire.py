"""Solitaire win rates per starter deck: one agent against the Disasters, the same seeds for every deck.

Run on demand (a `heuristic` game takes about a tenth of a second)::

    .venv/bin/python benchmarks/bench_solitaire.py --games 40              # heuristic, classic, grid
    .venv/bin/python benchmarks/bench_solitaire.py --agent random --json
    .venv/bin/python benchmarks/bench_solitaire.py --games 40 --before benchmarks/solitaire-cards2-before.json

``--before FILE`` (the ``--json`` output of another tree, same games and seed) prints wins before and after per
deck instead, as the "Cards II" table of benchmarks/README.md.

Prints a Markdown table (wins, games the Disasters won, games without a winner, Items a game for the player
and for the Disasters, decisions a game) and, with ``--json``, the same rows as JSON. It uses only
``agents.simulate`` (``GameSpec``, ``play_game``, ``legal_starters_all``), so the same script measures an
older tree too: run it with that tree's ``src`` first on ``PYTHONPATH`` to compare before and after.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
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


def compare(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> str:
    """Wins per deck, before and after (rows of the same games and seeds)."""
    old = {r["deck"]: r for r in before}
    lines = ["| starter deck | wins before | wins after |", "|---|---|---|"]
    for r in after:
        b = old.get(r["deck"])
        was = "-" if b is None else f"{b['wins']}/{b['games']}"
        lines.append(f"| {r['deck']} | {was} | {r['wins']}/{r['games']} |")
    tb, ta = sum(r["wins"] for r in before), sum(r["wins"] for r in after)
    gb, ga = sum(r["games"] for r in before), sum(r["games"] for r in after)
    lines.append(f"| all | {tb}/{gb} ({tb / max(1, gb):.1%}) | {ta}/{ga} ({ta / max(1, ga):.1%}) |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--agent", default="heuristic")
    ap.add_argument("--games", type=int, default=40, help="games per starter deck")
    ap.add_argument("--seed", type=int, default=100)
    ap.add_argument("--ruleset", default="classic")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--before", type=Path, default=None, help="another tree's --json output: wins before and after")
    args = ap.parse_args()
    rows = run(args.agent, args.games, args.seed, args.ruleset)
    if args.before is not None:
        print(compare(json.loads(args.before.read_text(encoding="utf-8")), rows))
        return
    print(json.dumps(rows, indent=1) if args.json else table(rows))


if __name__ == "__main__":
    main()
