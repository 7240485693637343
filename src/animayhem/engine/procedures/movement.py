"""Moving Characters (RULES.md TURN-16 … TURN-21, SCAV-18 … SCAV-20; CONF-37): where a Character may end a
move, what it costs, and taking a stored card. The Move phase (procedures/turn.py), vehicles, Havens,
Running Away and leaving the Field ask these.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from animayhem.cards.effects import Stray, Transport
from animayhem.engine.core.events import cell_list
from animayhem.engine.core.field import NEIGHBOURS_4, NEIGHBOURS_8, distances
from animayhem.engine.core.state import OFF, SLOTS, STRAY_COUNTER
from animayhem.engine.core.statics import of_kind
from animayhem.engine.effects import bearer, lasting, pins, transform, triggers, uses
from animayhem.engine.effects.primitives import emit_card_event
from animayhem.engine.procedures import traps

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context
    from animayhem.engine.core.state import CharacterState


def reach(
    g: Context, start: tuple[int, int], limit: int, movers: list[CharacterState], vehicle: int = OFF
) -> dict[tuple[int, int], int]:
    """Steps from ``start`` to every cell within ``limit`` for ``movers`` (core.field.distances), where a card's
    passage rule lets them stop on its Location but not go on past it (``passage``: Bugrom Bridge Bashers, Locked
    Gate; lasting.passage_walls); the cell they start from never holds them."""
    s = g.state
    walls = lasting.passage_walls(g, movers, vehicle)
    if not walls - {start}:
        return distances(s, start, g.rules.adjacency, limit)
    steps = NEIGHBOURS_8 if g.rules.adjacency == 8 else NEIGHBOURS_4
    seen = {start: 0}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        d = seen[cell]
        if d == limit or (cell in walls and cell != start):
            continue
        x, y = cell
        for dx, dy in steps:
            n = (x + dx, y + dy)
            if n in s.grid and n not in seen:
                seen[n] = d + 1
                queue.append(n)
    return seen


def movement_left(g: Context, ch: CharacterState) -> int:
    """TURN-17: a Character moves up to its Movement a turn, in as many moves as it likes."""
    return g.ability(ch.uid, "movement") - ch.spent


def move_character(g: Context, seat: int, uid: int, cell: tuple[int, int]) -> None:
    """Move one Character and count the Movement it used (TURN-17). Stopping where a Combat Disaster stands
    ends its move: it fights there when the phase ends (COMBAT-1; it may not walk on past the Disaster)."""
    s = g.state
    ch = s.characters[uid]
    src = s.places[ch.pos].cell
    left = movement_left(g, ch)
    cost = reach(g, src, max(left, 0), [ch]).get(cell)
    dest = s.grid[cell]
    if s.statics and s.places[ch.pos].haven and not s.places[dest].haven:
        lasting.brought_onto_field(g, seat)  # No Help!: one a turn
    if not ch.moved and (n := _stray_every(g, ch)):
        key = uid * SLOTS + STRAY_COUNTER  # a Move phase it walks in: counted for its ``stray`` (Ryoga Hibiki)
        s.counters[key] = s.counters.get(key, 0) % n + 1
    ch.pos = dest
    ch.moved = True
    if cost is None or any(d.pos == dest and g.is_combat_disaster(d.uid) for d in s.disasters.values()):
        ch.spent = g.ability(uid, "movement")  # the move is over (also for moves counted elsewhere)
    else:
        ch.spent += cost
    g.emit("character_moved", seat=seat, card=g.card(uid).id, uid=uid, source=cell_list(src), dest=cell_list(cell))
    if s.players[ch.owner].globals and g.card(dest).icons:
        uses.arrived(g, ch, dest, lambda i: own_icon(g, ch, i))  # a Global whose use it spends (Great King Yemma)
    if s.places[dest].traps:
        traps.sprung(g, ch)  # a trap laid there hurts it (Razor Balls)
    if s.disasters and ch.bonked_at < 0 and any(d.pos == dest for d in s.disasters.values()):
        triggers.caught(g, ch)  # a Disaster there is caught by whoever stops on it (Catch Bubbles)
    if s.counters:
        pins.arrived(g, ch)  # a Disaster pinned here by another Character is free (Patiently Waiting)
    if s.lasting:
        lasting.release_holds(g)  # rescuers arriving free a held Character (Captured!, C-ko's Cooking)


def _stray_every(g: Context, ch: CharacterState) -> int:
    found = of_kind(g.card(ch.uid), Stray)
    return found[0].every if found else 0


def stray_due(g: Context, ch: CharacterState) -> bool:
    """Whether the Character's next walk starts one of the Move phases in which its own card sends it at random
    (``stray``, every N-th Move phase it walks in: Ryoga Hibiki, P-chan)."""
    n = _stray_every(g, ch)
    return bool(n) and not ch.moved and g.state.counters.get(ch.uid * SLOTS + STRAY_COUNTER, 0) + 1 == n


def stray(g: Context, seat: int, ch: CharacterState, asked: tuple[int, int]) -> bool:
    """The Character's player asked it to walk to ``asked`` in a Move phase where its card sends it at random: it
    goes to a Location drawn among those its move could reach (another player's Haven left out: stopping there
    asks leave), and the move uses up its Movement (``stray``; the event ``strayed``). With no such Location in
    reach it does not stray (False): the move asked is made as any move is, asking leave to stop in another
    player's Haven (CARD-7; found by random play: it went into one without leave)."""
    pool = [c for c in destinations(g, ch, movement_left(g, ch)) if not _foreign_haven(g, seat, c)]
    if not pool:
        return False
    cell = pool[g.rand_below(len(pool))] if len(pool) > 1 else pool[0]
    g.emit("strayed", seat=seat, card=g.card(ch.uid).id, uid=ch.uid, asked=list(asked), dest=cell_list(cell))
    move_character(g, seat, ch.uid, cell)
    ch.spent = max(ch.spent, g.ability(ch.uid, "movement"))
    return True


def _foreign_haven(g: Context, seat: int, cell: tuple[int, int]) -> bool:
    place = g.state.places[g.state.grid[cell]]
    return place.haven and place.owner != seat


def transporter(g: Context, group: list[CharacterState]) -> CharacterState | None:
    """The member of a group moving as one that carries the others (``transport``, in the form it names, with no
    more others than its count: Ryo-Ohki's ship form); None for most groups."""
    for c in group:
        for t in of_kind(g.card(c.uid), Transport):
            if (c.form == 1) == (t.form == "right") and len(group) - 1 <= t.count:
                return c
    return None


def take_stored(g: Context, seat: int, card: int, to: int) -> None:
    taker = g.state.characters[to]
    g.state.places[taker.pos].stored.remove(card)
    taker.carried.append(card)
    # the Haven's owner knows what was stored there; the taker and the others see a face-down Item (MISC-7)
    owner = g.state.places[taker.pos].owner
    emit_card_event(g, "card_taken", owner, card, seat=seat, character=g.card(to).id)


def destinations(g: Context, ch: CharacterState, movement: int | None = None) -> list[tuple[int, int]]:
    """Cells where a Character may end its move (TURN-17, TURN-19, TURN-21, SCAV-18 … SCAV-20), within
    ``movement`` (default: its whole Movement)."""
    s = g.state
    if (s.statics or s.lasting) and lasting.kept_by(g, ch.uid) != OFF:
        return []  # CARD-22: held where it stands
    places, grid = s.places, s.grid
    here = places[ch.pos]
    speed = g.ability(ch.uid, "movement") if movement is None else movement
    found = reach(g, here.cell, speed, [ch])
    out = []
    # TURN-16: six Characters on the Field at most; counted once (nothing moves while the cells are listed)
    full = here.haven and g.on_field(ch.owner) >= 6
    closed = lasting.groups_closed(g)  # No Help! (forbid: join_groups, enter_many)
    if s.statics and here.haven and lasting.entries_left(g, ch.owner) < 1:
        full = True
    for cell, d in found.items():
        if d == 0:
            continue
        place = places[grid[cell]]
        if s.statics and lasting.no_entry(g, place.uid) is not None:
            continue  # a card in play bars the way in (Natsumi and Karume)
        # a Haven: one's own, or another player's, where stopping asks its owner (CARD-7)
        if not place.haven:
            if place.destroyed or full:
                continue
            if not may_stop(g, ch, place.uid):
                continue
            if closed and lasting.joins_group(g, ch.owner, place.uid, (ch.uid,)):
                continue
        out.append(cell)
    return sorted(out)


def may_stop(g: Context, ch: CharacterState, place: int) -> bool:
    """Planetary and Dimensional Locations (SCAV-18, SCAV-19; CONF-37); what a Location asks of a Character
    going onto it (Floristica Marketplace)."""
    if not lasting.may_enter(g, ch, place):
        return False
    icons = g.card(place).icons
    if not icons:
        return True  # most Locations: nothing to check
    names = {i.value for i in icons}
    if "dimensional" in names and not has_icon(g, ch, "dimensional"):
        return False
    if "dimensional" in names and g.state.statics and lasting.forbidden(g, "dimensional", ch) is not None:
        return False  # a card in play forbids Dimensional travel (Lady Tokimi)
    if "planetary" in names:
        group = [*g.characters_at(place, ch.owner), ch]
        if g.rules.planetary == "every":
            return all(has_icon(g, c, "planetary") for c in group)
        return any(has_icon(g, c, "planetary") for c in group)
    return True


def own_icon(g: Context, ch: CharacterState, icon: str) -> bool:
    """The icon from the Character's own card, a card it carries or wears (printed, or a ``gains``), or a lasting
    gain: anything but its owner's Global Effects."""
    if any(i.value == icon for uid in (ch.uid, *ch.carried, *ch.enhancements) for i in g.card(uid).icons):
        return True
    return bearer.has_icon(g, ch, icon, globals_too=False) or transform.gained_icon(g, ch.uid, icon)


def has_icon(g: Context, ch: CharacterState, icon: str) -> bool:
    """The icon on its card or a card it holds, or given by a card it holds (``gains``: Computer Link)."""
    if any(i.value == icon for uid in (ch.uid, *ch.carried, *ch.enhancements) for i in g.card(uid).icons):
        return True
    return bearer.has_icon(g, ch, icon) or transform.gained_icon(g, ch.uid, icon)
