"""Where the Items go: 2-seat AI games traced Item by Item, to see how Items end up Destroyed (WIN-2).

Run on demand (a heuristic game takes a few tenths of a second)::

    .venv/bin/python benchmarks/bench_items.py --games 40                 # heuristic v heuristic
    .venv/bin/python benchmarks/bench_items.py --games 20 --detail        # also the losses, one by one

After every decision it notes where each Item is (under a Location, carried by a player's Character, stored
in a Haven, carried by a Disaster, Destroyed) and, for every change, the decision that was answered and the
events it caused. It prints the share of games the Disasters won, Items Destroyed a game, the routes by
which the Destroyed Items left the players or the Locations, the Disaster cards that took or Destroyed them,
and the decisions after which a carried Item passed to a Disaster. Game ``i`` uses the seed ``seed + i``
and the 2-player starter decks in rotation, as benchmarks/bench_ismcts.py's head-to-head does. It reads the
true game state (it is a referee's tool, not an AI).
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from typing import Any

from animayhem.agents.base import make_agent
from animayhem.agents.simulate import GameSpec, legal_starters
from animayhem.engine.game import Game

OFF = -1


def where_items(g: Game) -> dict[int, tuple[Any, ...]]:
    s = g.state
    out: dict[int, tuple[Any, ...]] = {}
    for p in s.places.values():
        for u in p.under:
            if g.is_item(u):
                out[u] = ("under", p.uid)
        for u in p.stored:
            if g.is_item(u):
                out[u] = ("haven", p.owner)
    for c in s.characters.values():
        for u in c.carried:
            if g.is_item(u):
                out[u] = ("char", c.owner, c.uid)
    for d in s.disasters.values():
        if d.item != OFF:
            out[d.item] = ("dis", d.uid)
    for u in s.disaster_items:
        out[u] = ("gone",)
    return out


def specs(games: int, seed: int, agents: tuple[str, str]) -> list[GameSpec]:
    pool = legal_starters(2)
    out = []
    for i in range(games):
        j = i // 2
        decks = (pool[j % len(pool)], pool[(j + 1) % len(pool)])
        out.append(GameSpec(index=i, seed=seed + i, agents=agents, decks=decks, ruleset="classic", layout="grid"))
    return out


def trace(spec: GameSpec) -> dict[str, Any]:
    """Play one game and return its Item transitions and result."""
    g = Game(spec.config())
    agents = [make_agent(name, spec.seed * 10 + k) for k, name in enumerate(spec.agents)]
    before = where_items(g)
    moves: list[dict[str, Any]] = []
    setup_over = False
    thinking = 0.0  # seconds spent in the agents' choose
    while not g.over:
        seat = g.to_move
        assert seat is not None
        dec = g.decision
        kind = dec.kind if dec is not None else "?"
        n_log = len(g.log)
        view, legal = g.view(seat), g.legal_actions()
        t0 = time.perf_counter()
        action = agents[seat].choose(view, legal)
        thinking += time.perf_counter() - t0
        g.apply(action)
        after = where_items(g)
        if not setup_over:
            setup_over = any(e["e"] == "setup_done" for e in g.log)
            before = after
            continue
        new_events = g.log[n_log:]
        for u, now in after.items():
            was = before.get(u)
            if was is not None and was != now:
                moves.append(
                    {
                        "item": u,
                        "from": was,
                        "to": now,
                        "seat": seat,
                        "kind": kind,
                        "action": action,
                        "turn": g.state.turn,
                        "events": [
                            {k: v for k, v in e.items() if k in ("e", "card", "by", "how", "cell", "reason")}
                            for e in new_events
                            if e["e"]
                            in (
                                "item_destroyed",
                                "item_removed",
                                "location_wiped",
                                "item_taken",
                                "item_stolen",
                                "charm_all_lost",
                                "bonked",
                                "killed",
                                "disaster_revealed",
                                "disaster_moved",
                                "disaster_off_field",
                                "disaster_discarded",
                                "ran_away",
                                "character_moved",
                                "scavenge_started",
                                "combat_started",
                            )
                        ],
                    }
                )
        before = after
    r = g.result
    assert r is not None
    return {
        "seed": spec.seed,
        "decks": list(spec.decks),
        "winners": list(r["winners"]),
        "disasters_win": bool(r["disasters_win"]),
        "tally": r["tally"],
        "turns": r["turn"],
        "decisions": len(g.history),
        "thinking": thinking,
        "moves": moves,
        "card_names": {},
        "_game": g,
    }


def route(item_moves: list[dict[str, Any]]) -> str:
    """The Item's path as place kinds: under > dis > gone, under > char > dis > gone …"""
    kinds = [item_moves[0]["from"][0]] + [m["to"][0] for m in item_moves]
    out: list[str] = []
    for k in kinds:
        if not out or out[-1] != k:
            out.append(k)
    return " > ".join(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=5000)
    ap.add_argument("--agents", default="heuristic,heuristic")
    ap.add_argument("--detail", action="store_true", help="print every carried Item lost to a Disaster")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    a, b = args.agents.split(",")
    routes: Counter[str] = Counter()
    takers: Counter[str] = Counter()  # the Disaster (or card) that took a Destroyed Item
    destroyers: Counter[str] = Counter()
    char_losses: Counter[str] = Counter()  # decision kind / cause when a carried Item went to a Disaster
    pickups: Counter[str] = Counter()  # decision answered when a Disaster took an Item from under a Location
    dis_wins = games = destroyed = retrieved = decisions = 0
    thinking = 0.0
    winners_items = Counter[str]()
    for sp in specs(args.games, args.seed, (a, b)):
        t = trace(sp)
        g: Game = t["_game"]
        games += 1
        decisions += t["decisions"]
        thinking += t["thinking"]
        dis_wins += t["disasters_win"]
        destroyed += t["tally"]["disasters"]
        winners_items["players"] += sum(t["tally"]["players"])
        by_item: dict[int, list[dict[str, Any]]] = {}
        for m in t["moves"]:
            by_item.setdefault(m["item"], []).append(m)
            if m["from"][0] == "under" and m["to"][0] == "char":
                retrieved += 1
            if m["from"][0] == "under" and m["to"][0] == "dis":
                evs = {e["e"] for e in m["events"]}
                how = "revealed" if "disaster_revealed" in evs else "moving" if "disaster_moved" in evs else "other"
                pickups[f"{m['kind']}:{m['action'].split()[0]} ({how})"] += 1
            if m["from"][0] == "char" and m["to"][0] in ("dis", "gone", "under"):
                evs = {e["e"] for e in m["events"]}
                cause = (
                    "stolen"
                    if "item_stolen" in evs
                    else "charmed"
                    if "charm_all_lost" in evs
                    else "bonked"
                    if evs & {"bonked", "killed"}
                    else "removed"
                    if evs & {"item_removed", "location_wiped"}
                    else "other"
                )
                line = f"{m['kind']}:{m['action'].split()[0]} -> {m['to'][0]} ({cause})"
                char_losses[line] += 1
                if args.detail:
                    print(sp.seed, t["turns"], line, [e for e in m["events"] if e["e"] != "disaster_moved"])
        for _u, ms in by_item.items():
            if ms[-1]["to"][0] != "gone":
                continue
            routes[route(ms)] += 1
            last = ms[-1]
            by = next((e.get("by") for e in last["events"] if e["e"] in ("item_destroyed", "item_removed")), None)
            wiped = next((e.get("card") for e in last["events"] if e["e"] == "location_wiped"), None)
            name = by or wiped
            destroyers[g.db.by_id(name).name if name else f"? {last['kind']}"] += 1
            dis = next((m for m in ms if m["to"][0] == "dis"), None)
            if dis is not None:
                takers[g.db.by_id(g.state.cards[dis["to"][1]]).name] += 1
    summary = {
        "games": games,
        "disasters_win": dis_wins,
        "disasters_win_share": round(dis_wins / max(1, games), 3),
        "items_destroyed_per_game": round(destroyed / max(1, games), 2),
        "items_players_per_game": round(winners_items["players"] / max(1, games), 2),
        "retrieved_per_game": round(retrieved / max(1, games), 2),
        "decisions_per_game": round(decisions / max(1, games), 1),
        "agent_decisions_per_s": round(decisions / max(1e-9, thinking)),
    }
    if args.json:
        print(
            json.dumps(
                {
                    **summary,
                    "routes": routes,
                    "destroyers": destroyers,
                    "takers": takers,
                    "carried_losses": char_losses,
                    "pickups": pickups,
                },
                indent=1,
            )
        )
        return
    print(summary)
    print("\nRoutes of the Destroyed Items:")
    for k, v in routes.most_common():
        print(f"  {v:4d}  {k}")
    print("\nDestroyed by:")
    for k, v in destroyers.most_common(15):
        print(f"  {v:4d}  {k}")
    print("\nDisasters that carried a Destroyed Item:")
    for k, v in takers.most_common(15):
        print(f"  {v:4d}  {k}")
    print("\nItems a Disaster took from under a Location (decision answered, how):")
    for k, v in pickups.most_common():
        print(f"  {v:4d}  {k}")
    print("\nCarried Items lost (decision answered: where it went, cause):")
    for k, v in char_losses.most_common():
        print(f"  {v:4d}  {k}")


if __name__ == "__main__":
    main()
