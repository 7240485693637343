"""ISMCTS against the heuristic: head-to-head 2-seat games and solitaire win rates per starter deck.

Run on demand (one core; hours at the default budget, so the published table used a smaller one):

    .venv/bin/python benchmarks/bench_ismcts.py --games 200 --solo 10 --budget 12 --out /tmp/ismcts.jsonl

Head-to-head: game ``i`` uses the seed ``seed + i``; the 2-player starter decks are paired in rotation
(pair ``i // 2``), and ISMCTS sits at seat ``i % 2``, so every pairing is played with ISMCTS on each side.
``--mirror``: both seats hold the same starter deck (rotated), and games ``2j`` and ``2j + 1`` share the seed
``seed + j``: the same deal twice, the agents swapped, so neither the deck pairing nor the deal decides the share;
the report then also compares the agents seat by seat on the same deals.
Solitaire: ``--solo`` games per starter deck (all nine), the same seeds for the heuristic and for ISMCTS.
``--shard K/N`` plays only the games whose index is K modulo N (run N processes, then ``--report`` on the
joined ``--out`` files). Every finished game is appended to ``--out`` as one JSON line (so a long run can be
read while it goes), and the tables are printed at the end as Markdown.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path
from typing import Any

from animayhem.agents.simulate import GameSpec, legal_starters, legal_starters_all, play_game


def h2h_specs(games: int, seed: int, budget: str, mirror: bool = False) -> list[GameSpec]:
    """Game ``i``: ISMCTS at seat ``i % 2``, the deck pairing ``i // 2`` of the rotation. ``mirror``: both
    seats hold the same starter deck (rotated) and the two games of a pairing share one seed, so they deal
    the same cards and differ only in which seat each agent plays."""
    pool = legal_starters(2)
    out = []
    for i in range(games):
        j = i // 2
        if mirror:
            decks = (pool[j % len(pool)], pool[j % len(pool)])
        else:
            decks = (pool[j % len(pool)], pool[(j + 1) % len(pool)])
        agents = ("ismcts", "heuristic") if i % 2 == 0 else ("heuristic", "ismcts")
        out.append(
            GameSpec(
                index=i,
                seed=seed + (j if mirror else i),
                agents=agents,
                decks=decks,
                ruleset="classic",
                layout="grid",
                budget=budget,
            )
        )
    return out


def paired(rows: list[dict[str, Any]]) -> str:
    """For mirrored games (one seed, one deck, the agents swapped): in each seat, on each deal, whether ISMCTS
    won where the heuristic, on the same deal in the same seat, did not, and the other way round."""
    by_seed: dict[int, dict[str, dict[str, Any]]] = {}
    for r in rows:
        if r["kind"] == "h2h" and r["finished"] and r["decks"][0] == r["decks"][1]:
            by_seed.setdefault(r["seed"], {})[r["agents"][0]] = r
    better = worse = same = 0
    for pair in by_seed.values():
        a, b = pair.get("ismcts"), pair.get("heuristic")  # ISMCTS at seat 0 in a, the heuristic there in b
        if a is None or b is None:
            continue
        for seat in (0, 1):
            won_i = seat in (a if a["agents"][seat] == "ismcts" else b)["winners"]
            won_h = seat in (a if a["agents"][seat] == "heuristic" else b)["winners"]
            better += won_i and not won_h
            worse += won_h and not won_i
            same += won_i == won_h
    if not better + worse + same:
        return ""
    n = better + worse
    p = sum(math.comb(n, k) for k in range(better, n + 1)) / 2**n if n else 1.0
    shown = "p < 0.001" if p < 0.001 else f"p = {p:.3f}"
    return (
        f"Mirrored deals, seat by seat: ISMCTS won where the heuristic did not {better} times, the other way "
        f"{worse} (one-sided sign test {shown}); the same outcome {same} times."
    )


def solo_specs(per_deck: int, seed: int, budget: str) -> list[GameSpec]:
    out: list[GameSpec] = []
    for deck in legal_starters_all():  # every starter deck, as the heuristic's solitaire table above
        for agent in ("heuristic", "ismcts"):
            for i in range(per_deck):
                out.append(
                    GameSpec(
                        index=len(out),
                        seed=seed + i,
                        agents=(agent,),
                        decks=(deck,),
                        ruleset="classic",
                        layout="grid",
                        budget=budget,
                    )
                )
    return out


def run(specs: list[GameSpec], kind: str, out: Path | None) -> list[dict[str, Any]]:
    rows = []
    for sp in specs:
        t = time.perf_counter()
        o = play_game(sp)
        row = {
            "kind": kind,
            "seed": sp.seed,
            "agents": list(sp.agents),
            "decks": list(sp.decks),
            "budget": sp.budget,
            "finished": o.finished,
            "winners": o.winners,
            "disasters_win": o.disasters_win,
            "items": o.items_players,
            "decisions": o.decisions,
            "seconds": round(time.perf_counter() - t, 2),
            "error": None if o.error is None else o.error["error"],
        }
        rows.append(row)
        if out is not None:
            with out.open("a") as f:
                f.write(json.dumps(row) + "\n")
    return rows


def tables(rows: list[dict[str, Any]]) -> str:
    lines = []
    h2h = [r for r in rows if r["kind"] == "h2h" and r["finished"]]
    if h2h:
        ism = heu = dis = none = 0
        for r in h2h:
            k = r["agents"].index("ismcts")
            if r["disasters_win"]:
                dis += 1
            elif k in r["winners"] and 1 - k in r["winners"]:
                ism += 1
                heu += 1
            elif k in r["winners"]:
                ism += 1
            elif 1 - k in r["winners"]:
                heu += 1
            else:
                none += 1
        n = len(h2h)
        lines += [
            f"Head-to-head, {n} games (budget {h2h[0]['budget']}):",
            "",
            "| | wins | rate |",
            "|---|---|---|",
            f"| ISMCTS | {ism} | {ism / n:.1%} |",
            f"| heuristic | {heu} | {heu / n:.1%} |",
            f"| Disasters | {dis} | {dis / n:.1%} |",
            f"| nobody | {none} | {none / n:.1%} |",
            "",
        ]
        pairs: dict[tuple[str, str], list[int]] = {}
        for r in h2h:
            k = r["agents"].index("ismcts")
            st = pairs.setdefault((r["decks"][0], r["decks"][1]), [0, 0, 0, 0])
            st[0] += 1
            st[1] += k in r["winners"]
            st[2] += (1 - k) in r["winners"]
            st[3] += r["disasters_win"]
        lines += [
            "| decks (seat 1 v seat 2) | games | ISMCTS wins | heuristic wins | Disasters |",
            "|---|---|---|---|---|",
        ]
        for (a, b), (g, wi, wh, wd) in sorted(pairs.items()):
            lines.append(f"| {a} v {b} | {g} | {wi} | {wh} | {wd} |")
        lines.append("")
        items_i = sum(r["items"][r["agents"].index("ismcts")] for r in h2h) / n
        items_h = sum(r["items"][r["agents"].index("heuristic")] for r in h2h) / n
        lines += [f"Items a game at the end: ISMCTS {items_i:.2f}, heuristic {items_h:.2f}", ""]
        if line := paired(h2h):
            lines += [line, ""]
    solo = [r for r in rows if r["kind"] == "solo" and r["finished"]]
    if solo:
        lines += ["| deck | heuristic wins | ISMCTS wins | heuristic Items | ISMCTS Items |", "|---|---|---|---|---|"]
        for deck in sorted({r["decks"][0] for r in solo}):
            cells = []
            for agent in ("heuristic", "ismcts"):
                rs = [r for r in solo if r["decks"][0] == deck and r["agents"][0] == agent]
                w = sum(1 for r in rs if r["winners"])
                cells.append(f"{w}/{len(rs)}")
            for agent in ("heuristic", "ismcts"):
                rs = [r for r in solo if r["decks"][0] == deck and r["agents"][0] == agent]
                cells.append(f"{sum(r['items'][0] for r in rs) / max(1, len(rs)):.2f}")
            lines.append(f"| {deck} | " + " | ".join(cells) + " |")
    errors = [r for r in rows if r["error"]]
    if errors:
        lines += ["", f"{len(errors)} games raised: " + "; ".join(str(r["error"]) for r in errors[:3])]
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200, help="head-to-head games")
    ap.add_argument("--solo", type=int, default=10, help="solitaire games per starter deck and agent")
    ap.add_argument(
        "--budget",
        default="12",
        help="ISMCTS budget: iterations (12) or seconds (0.5s), then /rollout length if any (12/8)",
    )
    ap.add_argument("--seed", type=int, default=5000)
    ap.add_argument("--out", type=Path, default=None, help="append one JSON line per game here")
    ap.add_argument("--only", choices=("h2h", "solo"), default=None)
    ap.add_argument("--report", type=Path, default=None, help="print the tables of an --out file and stop")
    ap.add_argument(
        "--mirror", action="store_true", help="both seats hold the same deck; each pair of games shares a seed"
    )
    ap.add_argument("--shard", default="0/1", help="K/N: play only the games whose index is K modulo N")
    args = ap.parse_args()
    if args.report is not None:
        saved = [json.loads(line) for line in args.report.read_text().splitlines() if line.strip()]
        print(tables(saved))
        return
    k, n = (int(x) for x in args.shard.split("/"))
    rows: list[dict[str, Any]] = []
    if args.only in (None, "solo"):
        specs = solo_specs(args.solo, args.seed, args.budget)
        rows += run([sp for sp in specs if sp.index % n == k], "solo", args.out)
    if args.only in (None, "h2h"):
        specs = h2h_specs(args.games, args.seed, args.budget, args.mirror)
        rows += run([sp for sp in specs if sp.index % n == k], "h2h", args.out)
    print(tables(rows))


if __name__ == "__main__":
    main()
