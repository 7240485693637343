"""Winning (RULES.md WIN-1 … WIN-5; CONF-5, CONF-6; AMB-13 … AMB-16, AMB-51).

Each player is one scorer and the Disasters together are another (WIN-1). A player's Items are those its
Characters carry plus those stored in its Havens (AMB-16); the Disasters' are every Item Destroyed or
Discarded (WIN-2); Items a Disaster on the Field carries count for nobody yet (AMB-15).

Under ``dragon_ball_win`` (001) a player also wins at once with 7 Dragon Balls on one Location or Haven
while Kami, Guru or Guardian of the Earth is in play (WIN-5, counted as AMB-51 says: :func:`dragon_ball_win`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from animayhem.cards.effects import WinsTies
from animayhem.engine.core.events import cell_list
from animayhem.engine.core.state import CONTROL_OWNER_COUNTER, OFF, SLOTS, game_over
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
        players[seat] += _count(items, c.carried)
    under = 0
    for p in s.places.values():
        if p.haven and p.stored:
            players[p.owner] += _count(items, p.stored)
        if p.under:
            under += _count(items, p.under)
    held_by_disasters = 0
    for d in s.disasters.values():
        if d.item != OFF:
            held_by_disasters += 1 + len(d.hoard)  # (more than one: a Disaster that hoards, 7 Lucky Gods)
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


def _count(items: frozenset[int], uids: list[int]) -> int:
    """How many of ``uids`` (a card lies in one place once) are Items: a loop, not ``len(items.intersection(uids))``,
    which builds a set each time. For lists this short the loop costs pure Python about as much; in the compiled
    engine the sets were four fifths of what tallies cost."""
    n = 0
    for u in uids:
        if u in items:
            n += 1
    return n


def _weigh(g: Context, worth: dict[int, int], t: dict[str, Any]) -> None:
    """Items that count as more than one (C-ko Kotobuki), only in games holding such a card: once Discarded or
    Destroyed (face up, the Disasters') each adds what it counts beyond one to the Disasters' tally and to the
    total; carried face up by a Character (its text acts while carried, CARD-10), to its player's tally and the
    total. A face-down one (under a Location, stored in a Haven, a Disaster's) counts once in the tallies every seat
    sees, as a larger count would tell them which face-down Item it is (MISC-7); it counts fully in the final
    count only (:func:`revealed`)."""
    s = g.state
    shown = g.item_worth_shown()
    for u, n in worth.items():
        if u in s.disaster_items:
            t["disasters"] += n - 1
            t["total"] += n - 1
        elif u in shown and (seat := carrier_seat(g, u)) is not None:
            t["players"][seat] += n - 1
            t["total"] += n - 1


def carrier_seat(g: Context, uid: int) -> int | None:
    """The owner of the Character carrying the card ``uid`` (its owner also while another player controls it), or
    None when no Character carries it."""
    s = g.state
    for c in s.characters.values():
        if uid in c.carried:
            key = c.uid * SLOTS + CONTROL_OWNER_COUNTER
            return s.counters[key] - 1 if key in s.counters else c.owner
    return None


def holder_seat(g: Context, uid: int) -> int | None:
    """The seat whose tally a face-down Item counts for: the owner of the Character carrying it (its owner also
    while another player controls it) or of the Haven storing it; None for one under a Location or a Disaster's."""
    s = g.state
    seat = carrier_seat(g, uid)
    if seat is not None:
        return seat
    for p in s.places.values():
        if p.haven and uid in p.stored:
            return p.owner
    return None


def hidden_worth(g: Context, uid: int) -> bool:
    """Whether the Item ``uid`` counting as more than one still counts once in the tallies every seat sees: in play
    face down (not Discarded or Destroyed, not carried face up by a Character)."""
    s = g.state
    if uid in s.disaster_items or uid in s.destroyed:
        return False
    return not (uid in g.item_worth_shown() and carrier_seat(g, uid) is not None)


def revealed(g: Context, t: dict[str, Any]) -> list[dict[str, Any]]:
    """The final Item count (WIN-4): each face-down Item that counts as more than one (C-ko Kotobuki) is turned
    up and counts fully: for the player carrying or storing it, in the total wherever it lies. Returns what was
    turned up (the event ``item_worth_revealed``); ``t`` is changed in place."""
    s = g.state
    out = []
    for u, n in sorted(g.item_worth().items()):
        if not hidden_worth(g, u):
            continue  # counted fully already (face up), or out of the game
        seat = holder_seat(g, u)
        where = [p for p in s.places.values() if u in p.under]
        if seat is None and not where and not any(d.item == u or u in d.hoard for d in s.disasters.values()):
            continue  # not in play: set aside, in a pile (Items never go into hands or Draw piles)
        t["total"] += n - 1
        if seat is not None:
            t["players"][seat] += n - 1
        found: dict[str, Any] = {"card": s.cards[u], "uid": u, "worth": n}
        if seat is not None:
            found["seat"] = seat
        out.append(found)
    return out


def check(g: Context) -> None:
    """End the game when the ruleset's end condition holds (called after every change of Items)."""
    if game_over(g.state) or dragon_ball_win(g):
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
    if game_over(s):
        return
    t = tallies(g)
    for r in revealed(g, t) if g.item_worth() else ():  # the face-down Items counting as more (C-ko Kotobuki)
        g.emit("item_worth_revealed", **r)
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

BALLS: Final = {"dragon-ball": 1, "gohans-dragon-ball": 1, "2-dragon-balls": 2, "3-dragon-balls": 3}
THREE_BALLS: Final = "3-dragon-balls"
SUMMONERS: Final = frozenset({"kami", "guru", "guardian-of-the-earth"})  # a Character and two Global Effects


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
    if not g.rules.dragon_ball_win or game_over(s):
        return False
    _note_revealed(g)
    if not summoner_in_play(g):
        return False
    gathered = sorted((seat, place, n) for (seat, place), n in ball_counts(g).items() if n >= 7)
    if not gathered:
        return False
    winners = sorted({seat for seat, _, _ in gathered})
    for seat, place, n in gathered:
        g.emit("dragon_balls_gathered", seat=seat, cell=cell_list(s.places[place].cell), balls=n)
    _declare(g, winners, False, tallies(g), "seven Dragon Balls")
    return True
