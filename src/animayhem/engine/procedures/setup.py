"""Set-up (RULES.md SETUP-22 … SETUP-41): piles, building the Field, Havens, Items and Disasters under the
Locations, starting Characters, the opening hand and the Draw pile.

The engine follows 000's order (SETUP-41): Combat piles; Locations in turns; Havens; Items in turns;
Disasters two at a time in turns; starting Characters; the hand of 7; the remaining Disasters shuffled into
the Draw pile. Every placement is the player's decision; the first player is drawn at random (AMB-53) and
starts every placement round (AMB-62).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from animayhem.cards.model import CardType
from animayhem.engine.core.actions import Action, act
from animayhem.engine.core.config import ConfigError
from animayhem.engine.core.events import cell_list
from animayhem.engine.core.field import haven_cells, placement_cells
from animayhem.engine.core.rng import make_rng
from animayhem.engine.core.state import GameState, Place, PlayerState
from animayhem.engine.effects import lasting
from animayhem.engine.effects.put_in_play import waiting_or_home
from animayhem.engine.procedures import agenda
from animayhem.engine.procedures.hand_limit import opening_draws

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


def new_state(g: Context) -> GameState:
    cfg = g.config
    if not 1 <= len(cfg.seats) <= 5:
        raise ConfigError(f"a game has 1 to 5 seats, not {len(cfg.seats)}")
    r = cfg.ruleset
    if len(cfg.seats) < r.min_players or (r.max_players is not None and len(cfg.seats) > r.max_players):
        raise ConfigError(f"the {r.name} rules allow {r.min_players} to {r.max_players} players, not {len(cfg.seats)}")
    if cfg.layout not in ("grid", "lines"):
        raise ConfigError(f"layout must be 'grid' or 'lines', not {cfg.layout!r}")
    if cfg.max_rounds < 1:
        raise ConfigError(f"max_rounds must be at least 1, not {cfg.max_rounds}")
    cards: list[str] = []
    owner: list[int] = []
    players: list[PlayerState] = []

    def add(card_id: str, seat: int, section: str, allowed: set[CardType]) -> int:
        card = g.db.ids.get(card_id)
        if card is None:
            raise ConfigError(f"seat {seat} deck, {section}: unknown card id {card_id!r}")
        if card.type not in allowed:
            raise ConfigError(f"seat {seat} deck, {section}: {card.name} is a {card.type.label}, not allowed here")
        cards.append(card_id)
        owner.append(seat)
        return len(cards) - 1

    power = {t for t in CardType if t.is_power} | {CardType.CHARACTER, CardType.HAVEN}
    disasters = {CardType.MAJOR_DISASTER, CardType.MINOR_DISASTER}
    for seat, sc in enumerate(cfg.seats):
        d = sc.deck
        p = PlayerState(seat=seat, name=sc.name or f"Player {seat + 1}")
        p.starting_left = [add(c, seat, "characters", {CardType.CHARACTER}) for c in d.characters]
        havens = [add(c, seat, "havens", {CardType.HAVEN, CardType.LOCATION}) for c in d.havens]
        if not havens:
            raise ConfigError(f"seat {seat} deck has no Haven: the engine needs one to start the Characters in")
        p.havens = havens[:1]
        if r.starting_haven == "hand":  # SETUP-26 (002): no Haven in set-up; it is played from the hand
            p.hand, p.havens = havens[:1], []
        p.locations_left = [add(c, seat, "locations", {CardType.LOCATION}) for c in d.locations]
        if not p.locations_left:
            raise ConfigError(f"seat {seat} deck has no Locations")
        p.items_left = [add(c, seat, "items", {CardType.ITEM}) for c in d.items]
        p.disasters_left = [add(c, seat, "disasters", disasters) for c in d.disasters]
        p.draw = [add(c, seat, "draw", power) for c in d.draw] + havens[1:]
        p.combat = [add(c, seat, "combat", {CardType.COMBAT}) for c in d.combat]
        if not p.starting_left:
            raise ConfigError(f"seat {seat} deck has no starting Characters")
        if not p.items_left:  # nothing to Scavenge from this seat: a game nobody can play to its end
            raise ConfigError(
                f"seat {seat} deck has no Items: every player puts Items under the Locations (SETUP-9, SETUP-28)"
                " and the game is won on Items (WIN-2)"
            )
        players.append(p)
    set_aside = [
        add(c, seat, "aside", {CardType.CHARACTER}) for seat, sc in enumerate(cfg.seats) for c in sc.deck.aside
    ]
    rng = make_rng(cfg.rng, cfg.seed)
    # MISC-7: instance numbers drawn from the seeded RNG, so a number never tells a card's place in a deck
    # list (engine/core/handles.py); the same config numbers its cards the same way every time
    new_uid = list(range(len(cards)))
    if cfg.numbering == "seeded":  # "deck": the old order, only for replaying version 1 records
        rng.shuffle(new_uid)
    renumbered_cards, renumbered_owner = cards[:], owner[:]
    for old, new in enumerate(new_uid):
        renumbered_cards[new], renumbered_owner[new] = cards[old], owner[old]
    cards, owner = renumbered_cards, renumbered_owner
    for p in players:
        for name in (
            "starting_left",
            "havens",
            "hand",
            "locations_left",
            "items_left",
            "disasters_left",
            "draw",
            "combat",
        ):
            setattr(p, name, [new_uid[u] for u in getattr(p, name)])
    set_aside = [new_uid[u] for u in set_aside]
    for p in players:
        for pile in (p.combat, p.locations_left, p.items_left, p.disasters_left, p.draw):
            rng.shuffle(pile)
    state = GameState(cards=cards, owner=owner, players=players, rng=rng.state)
    state.set_aside = set_aside
    state.first = rng.below(len(players))
    state.rng = rng.state
    state.active = state.first
    state.agenda.append(Setup())
    return state


def order(g: Context) -> list[int]:
    """Seats from the first player, to the left (AMB-53)."""
    n = len(g.state.players)
    return [(g.state.first + i) % n for i in range(n)]


@dataclass(slots=True)
class Setup:
    stage: str = "locations"
    turn: int = 0  # index into the placement order

    def run(self, g: Context) -> None:
        s = g.state
        seats = order(g)
        if self.stage == "locations":
            if g.config.layout == "lines":
                for seat in seats:
                    p = s.players[seat]
                    if p.locations_left:
                        names = sorted(p.locations_left)
                        listed = ", ".join(g.name(u) for u in names)  # SETUP-35: the player sees its own
                        prompt = f"choose the next Location of your line ({listed})"
                        g.ask(seat, "line", prompt, [act("line", u) for u in names])
                        return
            else:
                for _ in range(len(seats)):
                    seat = seats[self.turn % len(seats)]
                    p = s.players[seat]
                    if p.locations_left:
                        top = p.locations_left[-1]
                        cells = placement_cells(s, g.rules.adjacency)
                        g.ask(seat, "place", f"place {g.name(top)} on the Field", [act("place", c) for c in cells])
                        return
                    self.turn += 1
            self.stage, self.turn = "havens", 0
        if self.stage == "havens":
            for seat in seats:
                p = s.players[seat]
                if p.havens and p.havens[0] not in s.places:
                    own = seat if g.config.layout == "lines" else None
                    cells = haven_cells(s, g.rules.adjacency, own) or haven_cells(s, g.rules.adjacency)
                    g.ask(seat, "haven", f"place your Haven {g.name(p.havens[0])}", [act("haven", c) for c in cells])
                    return
            self.stage, self.turn = "items", 0
        if self.stage == "items":
            if self._ask_under(g, seats, "item"):
                return
            self.stage, self.turn = "disasters", 0
        if self.stage == "disasters":
            if self._ask_under(g, seats, "disasters"):
                return
            self.stage = "characters"
        if self.stage == "characters":
            r = g.rules
            for seat in seats:
                p = s.players[seat]
                if p.starting_left and p.starting_chosen < r.starting_characters_max:
                    acts = [act("start", u) for u in sorted(p.starting_left)]
                    if p.starting_chosen >= r.starting_characters_min:
                        acts.append(act("done"))
                    g.ask(seat, "start", "choose your starting Characters", acts)
                    return
            self._finish(g)

    def _ask_under(self, g: Context, seats: list[int], what: str) -> bool:
        s = g.state
        locations = [p for p in s.places.values() if not p.haven]
        for _ in range(len(seats)):
            seat = seats[self.turn % len(seats)]
            p = s.players[seat]
            stack = p.items_left if what == "item" else p.disasters_left
            if stack:
                targets = [loc.cell for loc in locations if self._may_place(g, seat, loc, what)]
                if targets:
                    noun = "your next Item" if what == "item" else "your next 2 Disasters"
                    g.ask(seat, what, f"put {noun} face down under a Location", [act(what, c) for c in sorted(targets)])
                    return True
            self.turn += 1
        return False

    @staticmethod
    def _may_place(g: Context, seat: int, loc: Place, what: str) -> bool:
        if what == "item":
            if any(g.is_item(u) for u in loc.under):
                return False
            rule = g.rules.items_under
            if g.config.layout == "lines":
                rule = "own"  # SETUP-37: in the Lines layout each player fills their own line
        else:
            if any(g.is_disaster(u) for u in loc.under):
                return False
            rule = g.rules.disasters_under
            if rule == "others" and len(g.state.players) == 1:
                rule = "own"  # AMB-41: solitaire places under its own Locations
            if g.config.layout == "lines":
                rule = "own"  # SETUP-37
        return rule == "any" or (rule == "own") == (loc.owner == seat)

    def resume(self, g: Context, action: Action) -> None:
        s = g.state
        verb = action.verb
        if verb == "place":
            p = s.players[self._seat(g)]
            uid = p.locations_left.pop()
            _put(g, uid, action.cell, haven=False)
            g.emit("location_placed", seat=p.seat, card=g.card(uid).id, cell=cell_list(action.cell))
            self.turn += 1
        elif verb == "line":
            p = s.players[self._seat(g)]
            uid = action.cards[0]
            p.locations_left.remove(uid)
            x = max((c[0] for c in s.grid), default=-1) + 1
            _put(g, uid, (x, 0), haven=False)
            g.emit("location_placed", seat=p.seat, card=g.card(uid).id, cell=[x, 0])
        elif verb == "haven":
            p = s.players[self._seat(g)]
            _put(g, p.havens[0], action.cell, haven=True)
            g.emit("haven_placed", seat=p.seat, card=g.card(p.havens[0]).id, cell=cell_list(action.cell))
        elif verb == "item":
            p = s.players[self._seat(g)]
            loc = s.places[s.grid[action.cell]]
            loc.under.insert(0, p.items_left.pop())
            s.items_total += 1
            g.emit("item_placed", seat=p.seat, cell=cell_list(action.cell))
            self.turn += 1
        elif verb == "disasters":
            p = s.players[self._seat(g)]
            loc = s.places[s.grid[action.cell]]
            for _ in range(min(2, len(p.disasters_left))):
                loc.under.append(p.disasters_left.pop())
            g.emit("disasters_placed", seat=p.seat, cell=cell_list(action.cell))
            self.turn += 1
        elif verb == "start":
            p = s.players[self._seat(g)]
            uid = action.cards[0]
            p.starting_left.remove(uid)
            p.starting_chosen += 1
            s.characters[uid] = waiting_or_home(p.seat, uid, p.havens)
            g.emit("character_started", seat=p.seat, card=g.card(uid).id, uid=uid)
        elif verb == "done":
            p = s.players[self._seat(g)]
            p.draw.extend(p.starting_left)
            p.starting_left.clear()
            p.starting_chosen = g.rules.starting_characters_max

    @staticmethod
    def _seat(g: Context) -> int:
        return g.actor

    def _finish(self, g: Context) -> None:
        s = g.state
        for p in s.players:
            p.draw.extend(p.starting_left)
            p.starting_left.clear()
            g.shuffle(p.draw)
            for _ in range(opening_draws(g, p.seat)):  # SETUP-32; 002: the Haven dealt in counts (TURN-11)
                p.hand.append(p.draw.pop())
            p.draw.extend(p.disasters_left)  # SETUP-32: the hand never holds a Disaster
            p.disasters_left.clear()
            s.set_aside.extend(p.items_left)  # unused Items are out of the game (SETUP-31)
            p.items_left.clear()
            p.locations_left.clear()
            g.shuffle(p.draw)
            g.emit("hand_drawn", seat=p.seat, count=len(p.hand))
        g.emit("setup_done", items=s.items_total, first=s.first)
        g.pop()
        agenda.push(g, agenda.TURN_LOOP)


def _put(g: Context, uid: int, cell: tuple[int, int], *, haven: bool) -> None:
    s = g.state
    s.places[uid] = Place(uid=uid, cell=cell, owner=s.owner[uid], haven=haven)
    s.grid[cell] = uid
    s.field_version += 1
    lasting.entered(g, uid)  # a Location's own static effects are in force while it stands (King Kai's Planetoid)
