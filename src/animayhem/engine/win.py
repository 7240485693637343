"""Winning (RULES.md WIN-1 … WIN-4; CONF-5, CONF-6; AMB-13 … AMB-16).

Each player is one scorer and the Disasters together are another (WIN-1). A player's Items are those its
Characters carry plus those stored in its Havens (AMB-16); the Disasters' are every Item Destroyed or
Discarded (WIN-2); Items a Disaster on the Field carries count for nobody yet (AMB-15).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from animayhem.engine.state import OFF

if TYPE_CHECKING:
    from animayhem.engine.game import Game


def tallies(g: Game) -> dict[str, Any]:
    s = g.state
    players = [0] * len(s.players)
    for c in s.characters.values():
        players[c.owner] += len(g.carried_items(c))
    for p in s.places.values():
        if p.haven:
            players[p.owner] += sum(1 for u in p.stored if g.is_item(u))
    under = sum(1 for p in s.places.values() for u in p.under if g.is_item(u))
    held_by_disasters = sum(1 for d in s.disasters.values() if d.item != OFF)
    return {
        "total": s.items_total,
        "players": players,
        "disasters": len(s.disaster_items),
        "under_locations": under,
        "carried_by_disasters": held_by_disasters,
    }


def check(g: Game) -> None:
    """End the game when the ruleset's end condition holds (called after every change of Items)."""
    if g.state.result is not None:
        return
    t = tallies(g)
    n = t["total"]
    if n == 0:
        return
    players, dis, under = t["players"], t["disasters"], t["under_locations"]
    left = under + t["carried_by_disasters"]
    rule = g.rules.win_rule
    if rule == "dbz":
        if under == 0 or dis * 2 > n or any(p * 2 > n for p in players):
            finish(g, "end condition")
        return
    gone = n - under if rule == "classic" else sum(players) + dis
    if gone * 2 > n and (dis * 2 > n or sum(players) * 2 >= n or left == 0):
        finish(g, "end condition")
        return
    if left == 0:
        finish(g, "no Item left to take")


def finish(g: Game, reason: str) -> None:
    """Score the game and stop it (WIN-4)."""
    s = g.state
    if s.result is not None:
        return
    t = tallies(g)
    players, dis, n = t["players"], t["disasters"], t["total"]
    best = max(players) if players else 0
    rule = g.rules.win_rule
    if rule == "dbz":
        disasters_win = dis >= best  # 001: the Disasters win ties
    elif dis * 2 > n:
        disasters_win = True
    elif sum(players) * 2 >= n and best > 0:
        disasters_win = False
    else:
        disasters_win = dis > best  # no book settles it: compare the best player with the Disasters
    # nobody scored at all (e.g. a round-limit game where no Item moved): nobody wins
    winners = [] if disasters_win or best == 0 else [i for i, p in enumerate(players) if p == best]
    s.result = {
        "winners": winners,
        "disasters_win": disasters_win,
        "tally": t,
        "reason": reason,
        "round": s.round + 1,
        "turn": s.turn,
    }
    s.pending = None
    s.agenda.clear()
    g.emit("game_over", winners=winners, disasters_win=disasters_win, tally=t, reason=reason)
