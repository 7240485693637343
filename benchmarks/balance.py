"""Balance, first look: win rates per starter deck and the cards most present in wins and in losses.

Run on demand (a `heuristic` solitaire game takes a few tenths of a second, a 2-seat game about twice that)::

    .venv/bin/python benchmarks/balance.py                       # 40 solitaire games a deck, 2 a pairing and seat order
    .venv/bin/python benchmarks/balance.py --solo 20 --duel 1    # a quicker look
    .venv/bin/python benchmarks/balance.py --json > balance.json

Two batches, both `heuristic` on every seat, `classic`, grid layout, and the same seeds for every deck:

* **solitaire**: every starter deck alone against the Disasters, ``--solo`` games (seeds ``--seed`` on);
* **2-seat**: every pair of starter decks, each deck in each seat, ``--duel`` games a pairing and order (a deck
  whose starter box is meant for another number of players is played anyway: the point is the cards).

Per deck: games, wins, win rate (a shared win counts for every winner), the Disasters' wins. Per card: in how
many of a deck's games its owner put it into play (played from hand as a Character, Power card, Flash or
Global Effect, or started with), and its *lift*: the win rate of the games where it came into play minus the
win rate of that deck's games where it did not (averaged over the decks that hold it, weighted by games). A
card with a large positive lift is present in wins, a large negative one in losses; both need at least
``--min-games`` games on each side to be listed. Everything is a pure function of the arguments.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import defaultdict
from itertools import permutations
from typing import Any

from animayhem.agents.base import make_agent
from animayhem.agents.infoset import decide
from animayhem.agents.simulate import MAX_DECISIONS, GameSpec, legal_starters_all
from animayhem.engine.game import Game

PLAYED = frozenset({"character_played", "character_started", "power_played", "flash_played", "global_played"})


def play(spec: GameSpec) -> dict[str, Any]:
    """One game: its result and, per seat, the cards that seat put into play."""
    game = Game(spec.config())
    agents = [make_agent(name, spec.seed * 10 + k) for k, name in enumerate(spec.agents)]
    out: dict[str, Any] = {"decks": list(spec.decks), "seed": spec.seed, "error": None}
    try:
        while not game.over:
            if len(game.history) >= MAX_DECISIONS:
                raise RuntimeError("no result")
            seat = game.to_move
            assert seat is not None
            game.apply(decide(agents[seat], game, seat))
    except Exception as exc:  # recorded, the batch goes on
        out["error"] = f"{type(exc).__name__}: {exc}"
        return out
    result = game.result
    assert result is not None
    played: list[set[str]] = [set() for _ in spec.decks]
    for ev in game.log:
        if ev["e"] in PLAYED and isinstance(ev.get("seat"), int) and ev.get("card"):
            played[ev["seat"]].add(str(ev["card"]))
    out["winners"] = list(result["winners"])
    out["disasters_win"] = bool(result["disasters_win"])
    out["played"] = [sorted(p) for p in played]
    out["decisions"] = len(game.history)
    return out


def batches(solo: int, duel: int, seed: int) -> list[tuple[str, GameSpec]]:
    decks = legal_starters_all()
    specs: list[tuple[str, GameSpec]] = []
    for deck in decks:
        for i in range(solo):
            specs.append(
                ("solitaire", GameSpec(i, seed + i, ("heuristic",), (deck,), "classic", "grid")),
            )
    for a, b in permutations(decks, 2):
        for i in range(duel):
            specs.append(("2-seat", GameSpec(i, seed + i, ("heuristic", "heuristic"), (a, b), "classic", "grid")))
    return specs


def summarise(games: list[tuple[str, dict[str, Any]]], min_games: int) -> dict[str, Any]:
    decks: dict[str, dict[str, dict[str, int]]] = {}  # batch -> deck -> counts
    # (deck, card) -> [games with it, wins with it, games without, wins without]
    cards: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    deck_cards: dict[str, set[str]] = defaultdict(set)
    errors = 0
    for batch, g in games:
        if g["error"] is not None:
            errors += 1
            continue
        for seat, deck in enumerate(g["decks"]):
            row = decks.setdefault(batch, {}).setdefault(deck, {"games": 0, "wins": 0, "disasters": 0})
            won = seat in g["winners"]
            row["games"] += 1
            row["wins"] += won
            row["disasters"] += g["disasters_win"]
            deck_cards[deck].update(g["played"][seat])
    for _batch, g in games:
        if g["error"] is not None:
            continue
        for seat, deck in enumerate(g["decks"]):
            won = seat in g["winners"]
            here = set(g["played"][seat])
            for card in deck_cards[deck]:
                c = cards[(deck, card)]
                if card in here:
                    c[0] += 1
                    c[1] += won
                else:
                    c[2] += 1
                    c[3] += won
    per_card: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])  # weighted lift, weight, games in play
    for (_deck, card), (n_in, w_in, n_out, w_out) in cards.items():
        if n_in < min_games or n_out < min_games:
            continue
        lift = w_in / n_in - w_out / n_out
        weight = min(n_in, n_out)
        p = per_card[card]
        p[0] += lift * weight
        p[1] += weight
        p[2] += n_in
    lifts = sorted(((p[0] / p[1], int(p[2]), card) for card, p in per_card.items() if p[1]), reverse=True)
    return {"decks": decks, "lifts": lifts, "errors": errors}


def table(summary: dict[str, Any], top: int) -> str:
    decks = summary["decks"]
    names = sorted({d for rows in decks.values() for d in rows})
    lines = ["| starter deck | solitaire wins | 2-seat wins (seats played) | 2-seat win rate |", "|---|---|---|---|"]
    for d in names:
        s = decks.get("solitaire", {}).get(d, {"games": 0, "wins": 0})
        t = decks.get("2-seat", {}).get(d, {"games": 0, "wins": 0})
        rate = f"{t['wins'] / t['games']:.0%}" if t["games"] else "-"
        lines.append(f"| {d} | {s['wins']}/{s['games']} | {t['wins']}/{t['games']} | {rate} |")
    for batch in ("solitaire", "2-seat"):
        rows = decks.get(batch, {})
        n = sum(r["games"] for r in rows.values())
        w = sum(r["wins"] for r in rows.values())
        if n:
            lines.append(f"| all, {batch} | {w}/{n} ({w / n:.1%}) | | |")
    lifts = summary["lifts"]
    lines += ["", "| cards most present in wins | lift | games in play |", "|---|---|---|"]
    lines += [f"| {c} | {lift:+.0%} | {n} |" for lift, n, c in lifts[:top]]
    lines += ["", "| cards most present in losses | lift | games in play |", "|---|---|---|"]
    lines += [f"| {c} | {lift:+.0%} | {n} |" for lift, n, c in reversed(lifts[-top:])]
    lines.append(f"\nerrors: {summary['errors']}")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--solo", type=int, default=40, help="solitaire games per starter deck")
    ap.add_argument("--duel", type=int, default=2, help="2-seat games per ordered pair of starter decks")
    ap.add_argument("--seed", type=int, default=100)
    ap.add_argument("--top", type=int, default=10, help="cards listed each way")
    ap.add_argument("--min-games", type=int, default=5, help="games a card needs in play and out of play")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    t0 = time.process_time()
    games = [(batch, play(spec)) for batch, spec in batches(args.solo, args.duel, args.seed)]
    summary = summarise(games, args.min_games)
    summary["cpu_seconds"] = round(time.process_time() - t0, 1)
    summary["games"] = len(games)
    if args.json:
        print(json.dumps(summary, indent=1))
        return
    print(table(summary, args.top))
    print(f"games: {len(games)}, CPU {summary['cpu_seconds']} s")


if __name__ == "__main__":
    main()
