"""Disasters on the Field (RULES.md DIS-1 … DIS-25): entering, the path, leaving, Items, time limits.

Each Disaster has a *controller* (AMB-4): the player who drew it, or whose Characters turned it up. It
follows that player's path (DIS-5) and, under ``disasters_move = "controller"``, moves only in that player's
Maintenance phase; under ``"all"`` every Disaster moves once in the shared Disaster phase.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from animayhem.cards.model import Movement
from animayhem.engine.core.actions import Action
from animayhem.engine.core.events import cell_list
from animayhem.engine.core.field import disaster_path, seat_side
from animayhem.engine.core.state import OFF, RETURN_COUNTER, SLOTS, WAIT_COUNTER, Cell, DisasterState, game_over
from animayhem.engine.core.win import check
from animayhem.engine.effects import allies, bearer, lasting, pins, primitives, triggers
from animayhem.engine.procedures import agenda, pursuit, recruit
from animayhem.engine.procedures import special_disasters as special  # used on every Disaster step: imported once

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


def _path_key(g: Context, controller: int) -> tuple[str, bool, int]:
    """What a controller's Disaster path depends on: its side, the ruleset's switch, the Field version."""
    side = seat_side(g.state, controller, g.config.layout)
    return side, not g.rules.destroyed_count_for_disasters, g.state.field_version


def path(g: Context, controller: int) -> list[int]:
    """The controller's Disaster path (cached until the Field changes)."""
    key = _path_key(g, controller)
    cached = g._paths.get(key)
    if cached is None:
        cached = g._paths[key] = disaster_path(g.state, key[0], skip_destroyed=key[1])
    return cached


def path_cells(g: Context, controller: int) -> list[Cell]:
    """The cells of :func:`path`, in order (cached with it; read only)."""
    key = _path_key(g, controller)
    cached = g._path_cells.get(key)
    if cached is None:
        places = g.state.places
        cached = g._path_cells[key] = [places[u].cell for u in path(g, controller)]
    return cached


def path_left(g: Context, d: DisasterState) -> int:
    """Steps left before it leaves the Field along its own path (AMB-55)."""
    p = path(g, d.controller)
    if d.pos in p:
        return len(p) - p.index(d.pos)
    return len(p) + 1


def movement_of(g: Context, uid: int) -> int:
    return allies.pair_movement(g, uid, g.ability(uid, "movement"))


def moves_in_maintenance(g: Context, d: DisasterState, seat: int | None) -> bool:
    card = g.card(d.uid)
    if seat is not None and g.rules.disasters_move == "controller" and d.controller != seat:
        return False
    if d.off_field:
        return False
    if card.disaster is None:  # a Character come back as a Disaster walks the path as any (Dracula's victim)
        turned = bool(g.state.lasting) and (lasting.undead(g, d.uid) > 0 or lasting.were(g, d.uid) >= 0)  # (Gohan)
        return turned and d.pos != OFF and movement_of(g, d.uid) > 0
    if d.ally_of != OFF and d.ally_of in g.state.disasters:
        return False  # DIS-26: an ally moves with its primary
    if not d.entered:
        return True  # drawn this Reload: it enters now (DIS-4)
    kind = card.disaster.movement
    if kind is not Movement.NORMAL and g.state.lasting and (model := lasting.copied(g, d.uid)) != OFF:
        copy = g.card(model).disaster  # it moves as the Disaster it has taken on (The Mass)
        kind = copy.movement if copy is not None else kind
    if kind is Movement.NONE or movement_of(g, d.uid) <= 0:
        return False
    if kind is Movement.ONCE:
        return False  # "Moves Once": its one move was its entry (DIS-24)
    s = g.state
    if d.uid in s.statics and d.pos != OFF and lasting.halts(g, d.uid) and g.characters_at(d.pos):
        return False  # its text: it stays while Characters are at its Location (Mez)
    if s.counters and s.counters.get(d.uid * SLOTS + WAIT_COUNTER, -1) >= s.players[d.controller].turns:
        return False  # its text keeps it where it is for a while (Red Commandos, engine/hooks/waiting.py)
    if s.counters and pins.pinned(g, d):
        return False  # a Character's card holds it here (Patiently Waiting, engine/effects/pins.py)
    if s.lasting and lasting.disaster_held(g, d.uid, "move") != OFF:
        return False  # a Flash Effect holds it for a while (Pay Attention, Temporal Disturbance)
    return d.pos != OFF


def bring_into_play(g: Context, uid: int, seat: int) -> None:
    """A Disaster drawn in Reload comes into play under ``seat``'s control (DIS-4, DIS-21, DIS-23)."""
    s = g.state
    lasting.as_printed(g, uid)  # what it took on when last in play is over (The Mass)
    card = g.card(uid)
    assert card.disaster is not None
    s.arrivals += 1
    d = DisasterState(uid=uid, owner=s.owner[uid], controller=seat, arrived=s.arrivals)
    s.disasters[uid] = d
    recruit.came(g, d)  # the turn it came, where a card may win it over (Bump on the Head)
    turns = card.turns
    player_turns = s.players[seat].turns
    if turns is not None:
        d.expires = player_turns + turns - 1  # EX-1: the turn of play counts as the first
    if card.disaster.off_field:
        d.off_field = True
        d.entered = True
        if d.expires < 0 and not card.effects:
            d.expires = player_turns  # its effect is not executed yet, so it leaves at the end of the turn
        g.emit("disaster_off_field", card=card.id, uid=uid, seat=seat, implemented=bool(card.effects))
        if card.effects:
            triggers.enters(g, d, seat, OFF)  # DIS-23: it acts from Off the Field at once
        if len(s.disasters) > 1 and uid in s.disasters:
            triggers.other_enters(g, d)
    elif card.text and not card.effects and not g.is_combat_disaster(uid) and d.expires < 0:
        d.expires = player_turns  # a non-Combat Disaster leaves once its (not yet executed) action is done


def back_from_lying_low(g: Context, seat: int) -> None:
    """At ``seat``'s Reload: a Disaster of theirs set aside instead of being Defeated (``revive`` with ``later``:
    Vampiric Ambush) whose turn has come returns as a new Disaster, entering the Field in Maintenance."""
    s = g.state
    for uid in list(s.set_aside):
        at = s.counters.get(uid * SLOTS + RETURN_COUNTER)
        if at is None or at % 8 != seat or at // 8 > s.players[seat].turns:
            continue
        del s.counters[uid * SLOTS + RETURN_COUNTER]
        s.set_aside.remove(uid)
        g.emit("disaster_returns", seat=seat, card=g.card(uid).id, uid=uid)
        bring_into_play(g, uid, seat)


def expire(g: Context, seat: int) -> None:
    """Time-limited Disasters leave at the end of their controller's last turn (DIS-19, EX-1)."""
    s = g.state
    for d in list(s.disasters.values()):  # (an ally not in Combat leaves with its primary, DIS-26: skipped then)
        if d.controller == seat and 0 <= d.expires <= s.players[seat].turns and d.uid in s.disasters:
            primitives.leave_play(g, d, "expired")


def expire_all(g: Context) -> None:
    """001 (AMB-61): in the Disaster phase, Disasters whose last round is over leave."""
    s = g.state
    for d in list(s.disasters.values()):
        if 0 <= d.expires < s.players[d.controller].turns and d.uid in s.disasters:  # (as in :func:`expire`)
            primitives.leave_play(g, d, "expired")


def _carriers_here(g: Context, place: int) -> bool:
    return any(bearer.detectable(g, c) for c in g.characters_at(place))


@dataclass(slots=True)
class DisasterMove:
    """One Disaster's move through the Field (DIS-4 … DIS-9, DIS-12 … DIS-14)."""

    uid: int
    remaining: int = -1
    stage: str = "start"
    stole: bool = False  # CARD-18: a thief has stolen in this move (the rest is its free move)
    drop_item: bool = False  # its text: where this move ends it leaves its Item under the Location (Sahara Demon)

    def run(self, g: Context) -> None:
        s = g.state
        d = s.disasters.get(self.uid)
        if d is None or game_over(s):
            g.pop()
            return
        card = g.card(d.uid)
        if self.stage == "start" and d.entered and s.lasting and (by := lasting.disaster_held(g, d.uid, "move")) != OFF:
            g.emit("disaster_held", card=card.id, uid=d.uid, by=g.card(by).id, action="move")
            g.pop()  # a Flash Effect holds it where it is: no step, whatever sends it (CARD-22)
            return
        if self.stage == "start":
            p = path(g, d.controller)
            if not p:
                g.pop()
                return
            if not d.entered:
                if special.seek(g, d, p[0]):  # DIS-26: it goes at once to the nearest Combat Disaster
                    g.pop()
                    return
                d.entered = True
                lasting.entered(g, d.uid)  # its static effects apply from now on
                if len(s.disasters) > 1:
                    triggers.other_enters(g, d)  # other Disasters' text about one coming into play (Demon Hordes)
                if card.disaster is not None and (card.disaster.movement is Movement.NONE or not card.movement):
                    d.pos = _nearest_characters(g, d.controller, p)
                    g.emit(
                        "disaster_entered", card=card.id, uid=d.uid, cell=cell_list(s.places[d.pos].cell), moving=False
                    )
                    _passes(g, d)
                    self.stage = "stop"
                    return
                d.pos = p[0]
                self.remaining = movement_of(g, d.uid) - g.rules.disaster_entry_cost
                g.emit("disaster_entered", card=card.id, uid=d.uid, cell=cell_list(s.places[d.pos].cell), moving=True)
                _passes(g, d)
            elif self.remaining < 0:
                self.remaining = movement_of(g, d.uid)
            self.stage = "walk"
        if self.stage == "walk":
            while self.remaining > 0:
                if d.uid in s.statics and lasting.halts(g, d.uid) and g.characters_at(d.pos):
                    self.remaining = 0  # its text: it halts where Characters are (Mez)
                    break
                if d.uid in s.statics and lasting.snipes(g, d.uid) and (aim := pursuit.snipe_step(g, d)) is not None:
                    self.remaining = 0 if aim == d.pos else self.remaining - 1  # its text: it keeps 1 away (Acid Head)
                    if aim != d.pos:
                        d.pos = aim
                        g.emit("disaster_moved", card=card.id, uid=d.uid, cell=cell_list(s.places[d.pos].cell))
                    continue
                if d.uid in s.statics and (chase := pursuit.step(g, d)) is not None:  # its text: it chases
                    self.remaining = 0 if chase == d.pos else self.remaining - 1
                    if chase != d.pos:
                        d.pos = chase
                        g.emit("disaster_moved", card=card.id, uid=d.uid, cell=cell_list(s.places[d.pos].cell))
                        special.follow(g, d)
                        _passes(g, d)
                    continue
                p = path(g, d.controller)
                if s.lasting and lasting.reversed_path(g, d.uid):
                    p = p[::-1]  # a card turned it around (Change Direction)
                i = p.index(d.pos) if d.pos in p else _index_off_path(g, d, p)
                self.remaining -= 1
                if i + 1 >= len(p):  # off the Field (DIS-6)
                    if triggers.effects_of(card, "exits"):  # its text about leaving the Field (Class C Female Boomer)
                        triggers.exits(g, d)
                        if game_over(s) or d.uid not in s.disasters:
                            return
                    if d.item != OFF:
                        primitives.destroy_items(g, d, d.uid)
                        check(g)
                        if game_over(s):
                            return
                    if not g.is_major(d.uid):
                        d.pos = OFF
                        primitives.leave_play(g, d, "exit")  # DIS-7
                        g.pop()
                        return
                    d.pos = p[0]  # DIS-8: a Major re-enters (AMB-50: the jump costs 1 in all)
                    g.emit("disaster_reentered", card=card.id, uid=d.uid, cell=cell_list(s.places[d.pos].cell))
                    if card.effects:
                        triggers.reentered(g, d)  # its text after a full trip (Garlic, Jr.)
                        if d.uid not in s.disasters or game_over(s):
                            g.pop()
                            return
                else:
                    d.pos = p[i + 1]
                    g.emit("disaster_moved", card=card.id, uid=d.uid, cell=cell_list(s.places[d.pos].cell))
                    under = s.places[d.pos].under
                    if under and d.uid in s.statics and lasting.halts_on_items(g, d.uid):
                        self.remaining = 0 if any(g.is_item(u) for u in under) else self.remaining  # Red Commandos
                special.follow(g, d)
                _passes(g, d)
                if self.remaining == 0 and s.lasting and lasting.hidden_at(g, d.pos):
                    self.remaining = 1  # a card hides the Characters here: it passes on (Hiding Out)
                    continue
                if self.remaining > 0 and (self.stole or special.steal_on_move(g, d, self)):
                    if game_over(s):
                        return
                    continue  # CARD-18: it flees its full Movement; nobody attacks it on the way
                if self.remaining > 0 and g.is_combat_disaster(d.uid):
                    if g.rules.item_pickup == "pass":
                        primitives.take_item(g, d)
                    if (
                        g.rules.attack_carriers_passing
                        and _carriers_here(g, d.pos)
                        and not (s.lasting and lasting.hidden_at(g, d.pos))
                    ):
                        # 000 L127: it drops its own Item here and attacks the carrier (one that hoards keeps it);
                        # a Character turned Disaster with more Items than one drops them all (Baby Gohan)
                        if d.item != OFF and not lasting.hoards(g, d.uid):
                            primitives.drop_items(g, d)
                        self.remaining = 0
                        self.stage = "after"
                        agenda.push(g, agenda.COMBAT, dis=d.uid, place=d.pos)
                        return
            self.stage = "stop"
        if self.stage == "stop":
            self.stage = "after"
            if card.effects:
                if not d.acted:
                    special.acts_or_aimed(g, d, d.controller, d.pos)  # DIS-21: it acts where it meets them
                triggers.lands(g, d)
                if game_over(s) or d.uid not in s.disasters:
                    return
            if self.drop_item:  # its text: it leaves the Item it took here and fights nobody
                if d.pos != OFF:
                    primitives.drop_first_item(g, d)
                return
            if special.is_magnet(g, d.uid):  # DIS-25: every Disaster jumps here, then it is done
                place = d.pos
                fighters = special.land_magnet(g, d)
                if g.characters_at(place):
                    for uid in fighters[::-1]:
                        agenda.push(g, agenda.COMBAT, dis=uid, place=place)
                return
            if special.join_here(g, d):  # DIS-26: it lands where a Combat Disaster stands
                return
            if self.stole:
                return  # CARD-18: the thief has fled; it fights nobody where its free move ends
            if special.steal_on_move(g, d, self):
                return
            if g.is_combat_disaster(d.uid):
                primitives.take_item(g, d)
                if game_over(s):
                    return
                if g.characters_at(d.pos) and not (s.lasting and lasting.hidden_at(g, d.pos)):
                    agenda.push(g, agenda.COMBAT, dis=d.uid, place=d.pos)
                    return
                if d.uid in s.statics and lasting.snipes(g, d.uid):  # its text: it attacks from 1 away
                    mark = pursuit.nearest_carrier(g, d)
                    if mark is not None and mark[1] == 1:
                        agenda.push(g, agenda.COMBAT, dis=d.uid, place=mark[0], ranged=True)
                        return
            return
        g.pop()

    def resume(self, g: Context, action: Action) -> None:  # pragma: no cover
        raise AssertionError("a Disaster's move takes no decision")


def _passes(g: Context, d: DisasterState) -> None:
    """It moved onto a Location: its ``passes`` text acts there (Kidnapped); nothing for other cards."""
    card = g.card(d.uid)
    if card.effects and triggers.effects_of(card, "passes"):
        triggers.passes(g, d)


def _index_off_path(g: Context, d: DisasterState, p: list[int]) -> int:
    """Where a Disaster standing off its path (on a Location Destroyed under it, SCAV-20) goes on from: the
    step before the next Location of its path after that one (-1: it starts the path again)."""
    s = g.state
    if d.pos == OFF or not s.places[d.pos].destroyed:
        return -1
    full = disaster_path(s, seat_side(s, d.controller, g.config.layout), skip_destroyed=False)
    if d.pos not in full:
        return -1
    later = [u for u in full[full.index(d.pos) + 1 :] if u in p]
    return p.index(later[0]) - 1 if later else len(p) - 1


def _nearest_characters(g: Context, seat: int, p: list[int]) -> int:
    """DIS-21 / AMB-8: the first Location on the path with the drawer's Characters, else anyone's, else entry."""
    for who in (seat, None):
        for uid in p:
            if g.characters_at(uid, who):
                return uid
    return p[0]


agenda.frame(agenda.DISASTER_MOVE)(DisasterMove)


@dataclass(slots=True)
class DisasterPlayed:
    """A Disaster a card took from its player's Draw pile and played at once (``play_from_draw``: Shen Lon) comes
    into play under that player's control as one drawn in Reload does (:func:`bring_into_play`): it enters the
    Field in that player's next Maintenance (DIS-4); one Off the Field acts at once (DIS-23)."""

    uid: int
    seat: int

    def run(self, g: Context) -> None:
        g.pop()
        bring_into_play(g, self.uid, self.seat)

    def resume(self, g: Context, action: Action) -> None:  # pragma: no cover
        raise AssertionError("a Disaster played at once takes no decision")


agenda.frame(agenda.DISASTER_PLAYED)(DisasterPlayed)
