"""Winning (RULES.md WIN-1 … WIN-5; CONF-5, CONF-6; AMB-13 … AMB-16, AMB-51).

Each player is one scorer and the Disasters together are another (WIN-1). A player's Items are those its
Characters carry plus those stored in its Havens (AMB-16); the Disasters' are every Item Destroyed or
Discarded (WIN-2); Items a Disaster on the Field carries count for nobody yet (AMB-15).

Under ``dragon_ball_win`` (001) a player also wins at once with 7 Dragon Balls on one Location or Haven
while Kami, Guru or Guardian of the Earth is in play (WIN-5, counted as AMB-51 says: :func:`dragon_ball_win`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from animayhem.cards.effects import WinsTies
from animayhem.engine.core.state import CONTROL_OWNER_COUNTER, OFF, SLOTS
from animayhem.engine.core.statics import in_play

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


def tallies(g: Context) -> dict[str, Any]:
    s = g.state
    items = g.item_uids()  # called after every change and in every view: set lookups only
    players = [0] * len(s.players)
    counters = s.counters
    for c in s.characters.values():
        if not c.carried:
            continue
        seat = c.owner  # what a Character another player controls carries counts for its owner (Possession)
        if counters and (key := c.uid * SLOTS + CONTROL_OWNER_COUNTER) in counters:
            seat = counters[key] - 1
        for u in c.carried:
            if u in items:
                players[seat] += 1
    under = 0
    for p in s.places.values():
        if p.haven:
            for u in p.stored:
                if u in items:
                    players[p.owner] += 1
        for u in p.under:
            if u in items:
                under += 1
    held_by_disasters = 0
    for d in s.disasters.values():
        if d.item != OFF:
            held_by_disasters += 1
    t = {
        "total": s.items_total,
        "players": players,
        "disasters": len(s.disaster_items),
        "under_locations": under,
        "carried_by_disasters": held_by_disasters,
    }
    worth = g.item_worth()
    if worth:
        _weigh(g, worth, t)
    return t


def _weigh(g: Context, worth: dict[int, int], t: dict[str, Any]) -> None:
    """Items that count as more than one (C-ko Kotobuki): once Discarded or Destroyed (face up, the Disasters'),
    each adds what it counts beyond one to the Disasters' tally and to the total (only in games holding such a
    card). A face-down one (under a Location, carried, stored) counts once: every seat sees the tallies, and a
    larger count would tell them which face-down Item it is (MISC-7)."""
    s = g.state
    for u, n in worth.items():
        if u in s.disaster_items:
            t["disasters"] += n - 1
            t["total"] += n - 1


def check(g: Context) -> None:
    """End the game when the ruleset's end condition holds (called after every change of Items)."""
    if g.state.result is not None or dragon_ball_win(g):
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


def finish(g: Context, reason: str) -> None:
    """Score the game and stop it (WIN-4)."""
    s = g.state
    if s.result is not None:
        return
    t = tallies(g)
    players, dis, n = t["players"], t["disasters"], t["total"]
    best = max(players) if players else 0
    rule = g.rules.win_rule
    why: dict[str, Any] = {}  # how a result the bare counts do not explain came about (engine/faces/narration.py)
    if rule == "dbz":
        disasters_win = dis >= best  # 001: the Disasters win ties
        if dis == best:
            why["decided_by"] = "tie_to_disasters"
    elif dis * 2 > n:
        disasters_win = True
    elif sum(players) * 2 >= n and best > 0:
        disasters_win = False
        if dis >= best:
            why["decided_by"] = "players_together"
    else:
        disasters_win = dis > best  # no book settles it: compare the best player with the Disasters
    # nobody scored at all (e.g. a round-limit game where no Item moved): nobody wins
    winners = [] if disasters_win or best == 0 else [i for i, p in enumerate(players) if p == best]
    if s.statics:
        favoured = _favoured(g, players, dis, disasters_win, winners)
        if favoured is not None:
            seat, card = favoured
            winners, disasters_win = [seat], False
            why = {"decided_by": "card", "card": card}
    _declare(g, winners, disasters_win, t, reason, **why)


def _favoured(
    g: Context, players: list[int], dis: int, disasters_win: bool, winners: list[int]
) -> tuple[int, str] | None:
    """The seat a ``wins_ties`` card in play makes the sole winner, with that card's id (Happy Ending): its owner
    tied for the lead with other players, or the Disasters winning with at most ``disasters_by`` Items more than
    it holds (a tie with them included). A copy owned by each of the tied players settles nothing."""
    found = [(g.state.owner[src], src, v) for src, v in in_play(g).of(WinsTies)]
    seats = {seat for seat, _, _ in found}
    for seat, src, v in found:
        mine = players[seat] if seat < len(players) else 0
        if disasters_win and mine > 0 and dis - mine <= v.disasters_by:
            return seat, g.card(src).id
        if not disasters_win and seat in winners and len(winners) > 1 and not seats.intersection(winners) - {seat}:
            return seat, g.card(src).id
    return None


def _declare(g: Context, winners: list[int], disasters_win: bool, t: dict[str, Any], reason: str, **why: Any) -> None:
    """The game is over: record the result, stop every procedure, tell the table."""
    s = g.state
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
    g.emit("game_over", winners=winners, disasters_win=disasters_win, tally=t, reason=reason, **why)


# ---------------------------------------------------------------------- the Dragon Ball win (WIN-5, AMB-51)

BALLS = {"dragon-ball": 1, "gohans-dragon-ball": 1, "2-dragon-balls": 2, "3-dragon-balls": 3}
THREE_BALLS = "3-dragon-balls"
SUMMONERS = frozenset({"kami", "guru", "guardian-of-the-earth"})  # a Character and two Global Effects


def balls(g: Context, uid: int) -> int:
    """Dragon Balls a card counts for (AMB-51): as printed, but a "3 Dragon Balls" is fake (0) when another
    "3 Dragon Balls" card was revealed before it (the card's text)."""
    s = g.state
    n = BALLS.get(s.cards[uid], 0)
    if n == 3 and s.balls_revealed and s.balls_revealed[0] != uid:
        return 0
    return n


def summoner_in_play(g: Context) -> bool:
    """Kami (a Character on the Field or in a Haven, not Bonked) or Guru / Guardian of the Earth (Global
    Effects) in play, whoever owns it (AMB-51)."""
    s = g.state
    if any(c.pos != OFF and c.bonked_at < 0 and s.cards[c.uid] in SUMMONERS for c in s.characters.values()):
        return True
    return any(s.cards[u] in SUMMONERS for p in s.players for u in p.globals)


def _note_revealed(g: Context) -> None:
    """A "3 Dragon Balls" card counts as revealed once a player holds it (retrieved, or held from the start);
    several at once in card order."""
    s = g.state
    held = [u for c in s.characters.values() for u in c.carried if s.cards[u] == THREE_BALLS]
    held += [u for p in s.places.values() if p.haven for u in p.stored if s.cards[u] == THREE_BALLS]
    for u in sorted(held):
        if u not in s.balls_revealed:
            s.balls_revealed.append(u)


def ball_counts(g: Context) -> dict[tuple[int, int], int]:
    """(seat, place uid) -> Dragon Balls: what the seat's Characters carry there, plus what is stored in a
    Haven of that seat (AMB-51)."""
    s = g.state
    out: dict[tuple[int, int], int] = {}
    for c in s.characters.values():
        if c.pos == OFF or c.bonked_at >= 0:
            continue
        n = sum(balls(g, u) for u in c.carried)
        if n:
            out[(c.owner, c.pos)] = out.get((c.owner, c.pos), 0) + n
    for p in s.places.values():
        if p.haven:
            n = sum(balls(g, u) for u in p.stored)
            if n:
                out[(p.owner, p.uid)] = out.get((p.owner, p.uid), 0) + n
    return out


def dragon_ball_win(g: Context) -> bool:
    """WIN-5: end the game when a player has 7 Dragon Balls on one Location or Haven while a summoner is in
    play; checked after every decision and every change of Items. True when the game ended."""
    s = g.state
    if not g.rules.dragon_ball_win or s.result is not None:
        return False
    _note_revealed(g)
    if not summoner_in_play(g):
        return False
    gathered = sorted((seat, place, n) for (seat, place), n in ball_counts(g).items() if n >= 7)
    if not gathered:
        return False
    winners = sorted({seat for seat, _, _ in gathered})
    for seat, place, n in gathered:
        g.emit("dragon_balls_gathered", seat=seat, cell=list(s.places[place].cell), balls=n)
    _declare(g, winners, False, tallies(g), "seven Dragon Balls")
    return True
