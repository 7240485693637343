"""Turns and phases (RULES.md TURN-1 … TURN-29).

Under ``turn_structure = "turns"`` (000, 5E) each player takes a whole turn: Discard → Reload →
Maintenance → Equip → Move → Scavenge → end of turn. Under ``"rounds"`` (001, 002) a turn is a round:
every player discards, every player reloads, the Disasters move once, then each player plays Equip, Move
and Scavenge in seat order (AMB-64); the first player rotates each round when the ruleset says so.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from animayhem.cards.effects import Cycle, Hold, NameSkill
from animayhem.cards.model import Card, CardType
from animayhem.engine.core.actions import Action, act, parse_action
from animayhem.engine.core.events import cell_list
from animayhem.engine.core.state import (
    MOVED_FROM_COUNTER,
    OFF,
    SLOTS,
    TIMED_COUNTER,
    WAITING,
    CharacterState,
    game_over,
)
from animayhem.engine.core.statics import instances_where, of_kind, per_card_list, static_effects
from animayhem.engine.core.win import check, finish
from animayhem.engine.effects import (
    bearer,
    control,
    flash_play,
    lasting,
    primitives,
    put_in_play,
    triggers,
    uses,
)
from animayhem.engine.effects.energy import end_of_turn
from animayhem.engine.effects.primitives import emit_card_event
from animayhem.engine.effects.transform import force, partner_in_play, transform
from animayhem.engine.effects.transform import options as transform_options
from animayhem.engine.procedures import (
    activated,
    agenda,
    ascend,
    equip_anywhere,
    naming,
    power_cards,
    recruit,
    scan,
    stays,
    training,
    traps,
    windows,
)
from animayhem.engine.procedures.charm import charm_options, start_charm
from animayhem.engine.procedures.combat import meetings
from animayhem.engine.procedures.disasters import (
    DisasterMove,
    back_from_lying_low,
    bring_into_play,
    expire,
    expire_all,
    moves_in_maintenance,
    path_left,
)
from animayhem.engine.procedures.fights import fight_options, start_fight
from animayhem.engine.procedures.hand_limit import haven_options as recovered_options
from animayhem.engine.procedures.hand_limit import held_back, regenerated, to_haven
from animayhem.engine.procedures.havens import Permission, admitted, claim, claim_cells, forget_visitors, guarded
from animayhem.engine.procedures.havens import end_turn as end_turn_building
from animayhem.engine.procedures.havens import options as haven_options
from animayhem.engine.procedures.havens import play as play_haven
from animayhem.engine.procedures.leave_field import come_back, leave
from animayhem.engine.procedures.leave_field import options as leave_options
from animayhem.engine.procedures.movement import (
    destinations,
    has_icon,
    may_stop,
    move_character,
    reach,
    stray,
    stray_due,
    take_stored,
    transporter,
)
from animayhem.engine.procedures.scavenge import (
    Scavenge,
    assault,
    assaultable,
    location_attacks,
    scanned,
    scavengeable,
    skipped_skill,
    vehicles_needed,
    waived_once,
)
from animayhem.engine.procedures.shared_scavenge import ScavengeConsent, blocked, rivals
from animayhem.engine.procedures.special_disasters import partner_in_play as ally_has_partner
from animayhem.engine.procedures.vehicles import drive
from animayhem.engine.procedures.vehicles import options as vehicle_options

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


@dataclass(slots=True)
class TurnLoop:
    """The bottom of the agenda: starts turns (or rounds) one after another."""

    started: bool = False

    def run(self, g: Context) -> None:

        s = g.state
        n = len(s.players)
        if self.started:
            # the previous turn (or round) is over: pick who is next
            if g.rules.turn_structure == "rounds" or s.active == (s.first - 1) % n:
                if s.round + 1 >= g.config.max_rounds:
                    finish(g, "round limit")  # the last allowed round is over
                    return
                s.round += 1
                if g.rules.rotate_first_player:
                    s.first = (s.first + 1) % n
                s.active = s.first
            else:
                s.active = (s.active + 1) % n
        self.started = True
        steps: list[Any] = []
        if g.rules.turn_structure == "rounds":
            seats = [(s.first + i) % n for i in range(n)]
            s.turn += 1
            for seat in seats:
                _start_turn(g, seat)
            skip = s.round == 0 and g.rules.first_turn != "full"
            if not skip:
                steps += [Discard(seat) for seat in seats]
                steps += [Reload(seat) for seat in seats]
                steps.append(Maintenance(None))
            lost = {seat for seat in seats if s.counters and _lost(g, seat)}
            if lost:  # a seat that loses this turn takes no phase of its own (Rock/Paper/Scissors)
                steps = [x for x in steps if not isinstance(x, Discard | Reload) or x.seat not in lost]
            for seat in seats:
                steps += (
                    [EndTurn(seat)] if seat in lost else [Equip(seat), Move(seat), ScavengePhase(seat), EndTurn(seat)]
                )
        else:
            seat = s.active
            s.turn += 1
            _start_turn(g, seat)
            first_turn = s.players[seat].turns == 1
            if s.counters and _lost(g, seat):  # it loses this turn: its Disasters still move (Rock/Paper/Scissors)
                steps += [Maintenance(seat), EndTurn(seat)]
            else:
                if not (first_turn and g.rules.first_turn != "full"):
                    steps += [Discard(seat), Reload(seat), Maintenance(seat)]
                steps += [Equip(seat), Move(seat), ScavengePhase(seat), EndTurn(seat)]
        for frame in steps[::-1]:
            g.push(frame)

    def resume(self, g: Context, action: Action) -> None:  # pragma: no cover - never asks
        raise AssertionError("the turn loop takes no decision")


def _lost(g: Context, seat: int) -> bool:
    """Whether ``seat`` loses the turn just started (then the record is spent) and says so."""
    s = g.state
    key = flash_play.lost_key(seat)
    if s.counters.get(key) != s.players[seat].turns:
        return False
    del s.counters[key]
    g.emit("turn_lost", seat=seat)
    return True


def _start_turn(g: Context, seat: int) -> None:
    s = g.state
    p = s.players[seat]
    p.turns += 1
    p.characters_played = 0
    p.scavenges = 0
    p.turn_over = False
    p.power_played.clear()
    p.fights.clear()
    for place in s.places.values():
        place.assaulted = False
    for c in s.characters.values():
        if c.owner == seat:
            c.moved = False
            c.spent = 0
            c.scavenged = False
            c.no_scavenge = OFF
            if every := bearer.alternates(g.card(c.uid)):  # its values switch with the rounds (Lunch)
                c.form = (s.round // every) % 2
    g.emit("turn_started", seat=seat, round=s.round + 1, number=p.turns)
    if s.lasting:
        lasting.turn_begins(g, seat)  # effects lasting until this player's turn (Telekinese's Energy lost)
    for c in list(s.characters.values()):  # a Character whose own text changes its form with the turns (Fujisawa)
        cyc = of_kind(g.card(c.uid), Cycle) if c.owner == seat else ()
        if cyc and c.form != (1 if p.turns % cyc[0].every == 0 else 0):
            force(g, c.uid)
    if s.disasters:
        triggers.turn_started(g, seat)  # ``turn`` effects of its Disasters (e.g. Dodoria's Movement grows)
    primitives.cancel_sweep(g)  # a Character in play cancels some cards (Nanami Jinnai: the Disguises)
    primitives.spoil_sweep(g)  # a Character removes the Items of a kind it carries (Kozo Karino: Food)
    primitives.unmask_sweep(g)  # a Character's powers gone once one of a kind stands with it (Galus)


# ---------------------------------------------------------------------- Discard (TURN-6)


@dataclass(slots=True)
class Discard:
    seat: int

    def run(self, g: Context) -> None:
        s = g.state
        s.phase = "discard"
        p = s.players[self.seat]
        keep = (CardType.LOCATION, CardType.HAVEN)  # CARD-6: a Haven card in the hand is never Discarded
        options = [act("discard", u) for u in sorted(p.hand) if g.card(u).type not in keep]
        options += [act("discard", c.uid) for c in _in_haven(g, self.seat)]
        if p.globals and lasting.keeper(g, self.seat)[0] != OFF:  # Flash Effects kept on a Global (Refuge)
            ids = {g.card(u).id: u for u in sorted(p.hand, reverse=True) if g.card(u).type is CardType.FLASH_EFFECT}
            options += [act("store", u) for u in sorted(ids.values())]
        g.ask(
            self.seat,
            "discard",
            "discard cards from hand or Characters from your Haven, then done",
            [*options, act("done")],
        )

    def resume(self, g: Context, action: Action) -> None:
        s = g.state
        if action.verb == "done":
            g.pop()
            return
        uid = action.cards[0]
        p = s.players[self.seat]
        if action.verb == "store":
            lasting.keep_flash(g, self.seat, uid)
            return
        if uid in p.hand:
            p.hand.remove(uid)
            g.emit("discarded", seat=self.seat, card=g.card(uid).id)
        else:
            ch = s.characters.pop(uid)
            for c in ch.carried:  # what it carried stays in the Haven
                s.places[ch.pos].stored.append(c)
            for e in ch.enhancements:  # CARD-11: Enhancements leave with their Character
                g.discard(e)
            g.emit("discarded", seat=self.seat, card=g.card(uid).id, character=True)
        g.discard(uid)


def _in_haven(g: Context, seat: int) -> list[CharacterState]:
    places = g.state.places
    return sorted(
        (
            c
            for c in g.state.characters.values()
            if c.owner == seat and c.pos != OFF and places[c.pos].haven and c.bonked_at < 0
        ),
        key=lambda c: c.uid,
    )


# ---------------------------------------------------------------------- Reload (TURN-7 … TURN-11)


@dataclass(slots=True)
class Reload:
    seat: int
    # the player was asked whether to use a card in its Draw phase (``window: [draw]``: Presents)
    asked: bool = field(default=False, metadata={"hash": "if_set"})

    def run(self, g: Context) -> None:
        s = g.state
        s.phase = "reload"
        p = s.players[self.seat]
        if not self.asked:
            self.asked = True
            if activated.options(g, self.seat, "draw"):  # a card used in the Draw phase (Presents)
                g.ask(self.seat, "draw", "Draw phase: use a card now, or done", [act("done")])
                return
        g.pop()
        # Bonked Characters that sat out a full turn of their owner come back to hand, healed (COMBAT-15).
        wait = 1 if g.rules.bonk_return_next_turn else 2
        for uid in list(p.bonked):
            ch = s.characters[uid]
            if s.lasting and (regen := lasting.regenerating(g, uid)) is not None:  # in Medical Regenerator
                if p.turns >= ch.bonked_at + regen.turns and p.havens:
                    regenerated(g, self.seat, uid)
                continue
            if p.turns >= ch.bonked_at + wait:
                if s.lasting and lasting.kept_out(g, uid) is not None:
                    continue  # a card keeps it out longer (Tatewaki Kuno)
                if recruit.back_from_bonk(g, self.seat, uid):
                    continue  # a Disaster won over comes back into the Haven (Bump on the Head)
                if held_back(g, self.seat, uid):
                    continue  # TURN-11 (002): the hand is full; it may go into the Haven in Equip
                p.bonked.remove(uid)
                for e in ch.enhancements:  # one that stayed on through the Bonk (Immortality) cannot go to hand
                    g.discard(e)
                del s.characters[uid]
                p.hand.append(uid)
                g.emit("bonked_returned", seat=self.seat, card=g.card(uid).id)
        if s.set_aside and s.counters:
            back_from_lying_low(g, self.seat)  # a Disaster that lay low comes back (Vampiric Ambush)
        if s.reload_stopped:
            return
        target = g.rules.hand_size
        if g.rules.hand_size_from_locations:  # 002: the Locations this player has in play (AMB-52)
            target = min(target, sum(1 for pl in s.places.values() if not pl.haven and pl.owner == self.seat))
        fruitless = False  # the pile was reshuffled and nothing has reached the hand since
        while len(p.hand) < target:
            if not p.draw:
                # TURN-10: an empty pile is the Discard pile reshuffled; but a reshuffled pile that gave only
                # Disasters with nothing to act on (TURN-9) is not reshuffled again: drawing stops
                if fruitless or not _reshuffle(g, p.seat):
                    g.emit("draw_pile_empty", seat=self.seat)
                    return
                fruitless = True
            uid = p.draw.pop()
            card = g.card(uid)
            if card.type.is_disaster:
                if not can_affect_field(g, uid, self.seat):  # TURN-9: Discard it and keep drawing
                    g.discard(uid)
                    g.emit("disaster_without_effect", seat=self.seat, card=card.id)
                    continue
                g.emit("disaster_drawn", seat=self.seat, card=card.id, uid=uid)
                bring_into_play(g, uid, self.seat)
                if g.rules.reload_stop_all:
                    s.reload_stopped = True
                return  # TURN-8: go straight to Maintenance
            p.hand.append(uid)
            fruitless = False
            g.emit("card_drawn", to=[self.seat], seat=self.seat, card=card.id, uid=uid)
            g.emit("card_drawn_hidden", to=[x for x in range(len(s.players)) if x != self.seat], seat=self.seat)

    def resume(self, g: Context, action: Action) -> None:
        """``done``: the Draw phase goes on (a ``use`` is played by procedures/activated.py, then this runs again)."""


def can_affect_field(g: Context, uid: int, seat: int) -> bool:
    """TURN-9: a drawn Disaster with nothing to act on does not stop Reload. Combat Disasters always can; a
    non-Combat ally needs a partner (DIS-26); every other card decides from its effects (engine/effects/triggers.py),
    or, with none written yet, from its curated ``needs_in_play`` (e.g. Have a Nice Trip: a hardsuit)."""
    card = g.card(uid)
    if g.is_combat_disaster(uid):
        return True
    if card.disaster is not None and card.disaster.ally is not None:  # DIS-26: a non-Combat ally needs a partner
        return ally_has_partner(g, uid)
    return triggers.can_affect_field(g, uid, seat)


def _reshuffle(g: Context, seat: int) -> bool:
    """TURN-10: an empty Draw pile is the Discard pile reshuffled. Discarded Items stay in the Discard pile
    under every preset (CONF-51): 001 and 5E say so, and no rule lets an Item in a hand be played."""
    p = g.state.players[seat]
    keep = [u for u in p.discard if g.is_item(u)]
    cards = [u for u in p.discard if u not in keep]
    if not cards:
        return False
    p.discard = keep
    p.draw = cards
    g.shuffle(p.draw)
    g.emit("draw_pile_reshuffled", seat=seat, count=len(cards))
    return True


# ---------------------------------------------------------------------- Maintenance (TURN-12)


@dataclass(slots=True)
class Maintenance:
    seat: int | None  # None: every Disaster moves (the shared Disaster phase of 001 / 002)
    queued: bool = False

    def run(self, g: Context) -> None:

        s = g.state
        s.phase = "maintenance"
        if self.queued:
            s.reload_stopped = False
            g.pop()
            return
        self.queued = True
        if g.rules.timed_leave == "disaster_phase":  # 001 (AMB-61): expired ones leave in the Disaster phase
            expire_all(g)
        movers = [d for d in s.disasters.values() if moves_in_maintenance(g, d, self.seat)]
        waiting = sorted((d for d in movers if not d.entered), key=lambda d: d.arrived)
        on_field = sorted((d for d in movers if d.entered), key=lambda d: (path_left(g, d), d.arrived))
        for d in (on_field + waiting)[::-1]:  # nearest to the exit first; drawn ones last (DIS-10)
            g.push(DisasterMove(d.uid))

    def resume(self, g: Context, action: Action) -> None:  # pragma: no cover
        raise AssertionError("Maintenance takes no decision")


# ---------------------------------------------------------------------- Equip (TURN-13 … TURN-15)


@dataclass(slots=True)
class Equip:
    seat: int
    named: bool = False  # its Characters that name a Skill as it starts have been asked (Kiriya)

    def run(self, g: Context) -> None:
        s = g.state
        s.phase = "equip"
        s.active = self.seat
        if not self.named:
            self.named = True
            if asking := naming.namers(g, self.seat):  # each names its Skill first (procedures/naming.py)
                for uid in asking[::-1]:
                    g.push(naming.NameASkill(self.seat, uid))
                return
        p = s.players[self.seat]
        options = []
        limit = g.rules.characters_per_equip
        if limit is None or p.characters_played < limit:
            options = [
                act("play", u)
                for u in sorted(p.hand)
                if g.card(u).type is CardType.CHARACTER
                and not partner_in_play(g, self.seat, u)  # CARD-5
                and not ascend.never_played(g, u)  # it comes in only in its base's place (Super Saiyans)
            ]
            options += recovered_options(g, self.seat)  # 002: a recovered Character into the Haven (CONF-4)
        options += power_options(g, self.seat)
        options += haven_options(g, self.seat)  # CARD-8, TURN-15: an extra Haven
        g.ask(self.seat, "equip", "play Characters into your Haven and Power cards, then done", [*options, act("done")])

    def resume(self, g: Context, action: Action) -> None:
        s = g.state
        if action.verb == "done":
            g.pop()
            return
        uid = action.cards[0]
        p = s.players[self.seat]
        if g.card(uid).type is CardType.HAVEN:
            play_haven(g, self.seat, uid, action.cell)
            return
        if uid in p.bonked:  # 002: from the Bonked pile straight into the Haven (engine/procedures/hand_limit.py)
            to_haven(g, self.seat, uid)
            return
        p.hand.remove(uid)
        card = g.card(uid)
        if card.type is CardType.CHARACTER:
            put_in_play.character_in(g, self.seat, uid)  # 0 Movement (TURN-17)
            p.characters_played += 1
            if of_kind(card, NameSkill):  # it names its Skill as it comes in (Kiriya; procedures/naming.py)
                g.push(naming.NameASkill(self.seat, uid))
            return
        p.power_played.append(card.type.value)
        power_cards.play(g, self.seat, action, equip=True)


def timed_characters(g: Context, seat: int) -> None:
    """The end of ``seat``'s turn: each of its Characters in play whose card prints a number of turns (``turns``)
    and has now stayed that many of its owner's turns (the one it came into play in counting as the first; one
    put in play otherwise counts from this turn) leaves play into its owner's Draw pile (Future Trunks)."""
    s = g.state
    p = s.players[seat]
    cards, ids = g._cards, s.cards
    for c in list(s.characters.values()):
        limit = cards[ids[c.uid]].turns
        if limit is None or c.owner != seat or c.pos == OFF or c.bonked_at >= 0:
            continue
        key = c.uid * SLOTS + TIMED_COUNTER
        start = s.counters.setdefault(key, p.turns)
        if p.turns - start + 1 >= limit:
            del s.counters[key]
            g.emit("character_timed_out", seat=seat, card=cards[ids[c.uid]].id, uid=c.uid, turns=limit)
            primitives.character_to_draw_pile(g, c.uid, c.uid)


def power_options(g: Context, seat: int) -> list[str]:
    """TURN-14: at most one Enhancement, one Equipment and one Global Effect per Equip phase. Enhancements and
    Equipment go on a Character in your Haven (002: any of yours in play, CONF-34) that meets the card's
    requirements (CARD-23) and has the Energy its cost asks (CARD-16); a Global needs one such Character."""
    s = g.state
    p = s.players[seat]
    mine = [c for c in s.characters.values() if c.owner == seat and c.pos != OFF and c.bonked_at < 0]
    if g.rules.equip_targets == "haven":
        mine = [c for c in mine if s.places[c.pos].haven]
    mine.sort(key=lambda c: c.uid)

    aboard = power_cards.equip_aboard(g, seat) if g.rules.equip_targets == "haven" else []  # The Masaki Van (CARD-13)
    anywhere = equip_anywhere.bearers(g, seat) if g.rules.equip_targets == "haven" else []  # Servant
    if g.rules.equip_targets == "haven":  # a card Equipment may be played through (Control Cube)
        aboard = list({c.uid: c for c in (*aboard, *bearer.equip_through(g, seat))}.values())
    out = []
    for u in sorted(p.hand):
        t = g.card(u).type
        if t.value in p.power_played and p.power_played.count(t.value) > bearer.extra_plays(g, seat, t.value):
            continue  # TURN-14: one of each type (a Character may allow more: Bulma)
        if t in (CardType.ENHANCEMENT, CardType.EQUIPMENT):
            targets = sorted(mine + aboard, key=lambda c: c.uid) if aboard and t is CardType.EQUIPMENT else mine
            if anywhere:
                targets = sorted({c.uid: c for c in targets + anywhere}.values(), key=lambda c: c.uid)
            out += power_cards.plays(g, seat, u, targets, mine)  # or where its own text says (power_cards.py)
        elif t is CardType.GLOBAL_EFFECT and any(
            put_in_play.may_take(g, u, c) for c in s.characters.values() if c.owner == seat
        ):
            out.append(act("play", u))
    return out


# ---------------------------------------------------------------------- Move (TURN-16 … TURN-22)


@dataclass(slots=True)
class Move:
    seat: int
    handled: list[int] = field(default_factory=list)  # cards stored or taken this phase
    asked: list[int] = field(default_factory=list)  # other players' Havens asked for permission this phase

    def run(self, g: Context) -> None:
        s = g.state
        s.phase = "move"
        s.active = self.seat
        if s.players[self.seat].turn_over:
            g.pop()
            return
        options = []
        free = movers(g, self.seat)
        kept = together(g, self.seat)  # parties that walk only all together (Group Photo); empty in most games
        for c, left in free:
            if kept and c.pos in kept and len(kept[c.pos]) > 1:
                continue  # it would leave its party behind
            for cell in destinations(g, c, left):
                dest = s.grid[cell]
                if dest in self.asked and not admitted(g, self.seat, dest):
                    continue  # CARD-7: refused this phase
                options.append(act("move", c.uid, cell))
        options += group_options(g, free, kept)  # TURN-18: a group standing together moves as one
        options += leave_options(g, self.seat)  # TURN-20 (002)
        options += enter_options(g, self.seat)  # AMB-59 (002): waiting Characters step onto the Field
        options += _haven_handling(g, self.seat, self.handled)
        options += transform_options(g, self.seat)  # CARD-5, TURN-22
        options += ascend.options(g, self.seat)  # a card in its base's place for a turn (Super Saiyans)
        if s.statics:  # a card lets a Character Bonk itself on purpose (The Mass Humanoid Form)
            options += [act("bonk", u) for u in lasting.self_bonks(g, self.seat)]
        drives = vehicle_options(g, self.seat)  # CARD-13: a vehicle carries its riders
        options += [a for a in drives if _whole(g, a, kept)] if kept else drives
        options += fight_options(g, self.seat, "move")  # AMB-20
        options += [act("haven", cell) for cell in claim_cells(g, self.seat)]  # SCAV-22: a Location becomes a Haven
        g.ask(
            self.seat,
            "move",
            "move Characters (or store and take cards in your Haven), then done",
            [*options, act("done")],
        )

    def resume(self, g: Context, action: Action) -> None:
        s = g.state
        if action.verb == "done":
            g.pop()
            walked = [c.uid for c in s.characters.values() if c.owner == self.seat and c.spent > 0]
            uses.spend(g, walked, "movement")  # CARD-17: a limited Movement bonus is used in a Move phase it walks
            for place in s.places.values():  # EX-17: leaving a Location undoes the wear on it
                if place.worn_by == self.seat and not g.characters_at(place.uid, self.seat):
                    place.worn_by, place.wear = -1, 0
            location_attacks(g, self.seat)
            forget_visitors(g, self.seat)
            meetings(g, self.seat)
            return
        if action.verb == "transform":
            if ascend.never_played(g, action.cards[1]):
                ascend.ascend(g, *action.cards)
            else:
                transform(g, *action.cards)
            return
        if action.verb == "bonk":  # on purpose, where a card allows it (Ryo-Ohki: The Mass Humanoid Form)
            g.emit("self_bonk", seat=self.seat, card=g.card(action.cards[0]).id, uid=action.cards[0])
            primitives.bonk(g, s.characters[action.cards[0]], None)
            return
        if action.verb == "drive":
            drive(g, self.seat, action.cards[0], action.cell, action.cards[1:])
            if g.state.lasting:
                lasting.release_holds(g)  # rescuers arriving free a held Character (Captured!, C-ko's Cooking)
            return
        if action.verb in ("leave", "return"):  # TURN-20 (002)
            (leave if action.verb == "leave" else come_back)(g, self.seat, action.cards[0], action.cell)
            return
        if action.verb == "fight":
            start_fight(g, self.seat, action)
            return
        if action.verb == "haven":  # SCAV-22: the player takes the Location as its Haven
            claim(g, self.seat, action.cell)
            return
        if action.verb == "store":
            card = action.cards[0]
            ch = next(c for c in s.characters.values() if card in c.carried)
            ch.carried.remove(card)
            s.places[ch.pos].stored.append(card)
            self.handled.append(card)
            # an Item stays face down to the others, not to its owner (MISC-7)
            emit_card_event(g, "card_stored", self.seat, card, seat=self.seat, character=g.card(ch.uid).id)
            return
        if action.verb == "give":  # TURN-25: hand a carried card to another Character where it stands
            card, to = action.cards
            giver = next(c for c in s.characters.values() if card in c.carried)
            giver.carried.remove(card)
            s.characters[to].carried.append(card)
            self.handled.append(card)
            primitives.spoil_sweep(g)  # its taker removes such Items from the game (Kozo Karino: Food)
            emit_card_event(
                g, "card_handed", self.seat, card, seat=self.seat, source=g.card(giver.uid).id, character=g.card(to).id
            )
            return
        if action.verb == "drop":  # TURN-25: a dropped card lies under the Location until Scavenged again
            card = action.cards[0]
            ch = next(c for c in s.characters.values() if card in c.carried)
            ch.carried.remove(card)
            if g.is_disaster(card):  # a kept Disaster is Discarded, never left face down (its ``keep``)
                g.discard(card)
            else:
                s.places[ch.pos].under.insert(0, card)
            self.handled.append(card)
            emit_card_event(
                g,
                "card_dropped",
                self.seat,
                card,
                seat=self.seat,
                character=g.card(ch.uid).id,
                cell=cell_list(s.places[ch.pos].cell),
            )
            return
        if action.verb == "take":
            card, to = action.cards
            self.handled.append(card)
            place = s.places[s.characters[to].pos]
            if place.owner != self.seat and guarded(g, place.uid):  # CARD-7: the owner's Characters are there
                g.push(Permission(place.owner, self.seat, place.uid, to, "take", card=card))
                return
            take_stored(g, self.seat, card, to)
            primitives.spoil_sweep(g)  # its taker removes such Items from the game (Kozo Karino: Food)
            return
        if action.cards and action.cards[0] in s.characters and windows.possible(g, "moved"):
            _setting_out(g, action.cards)  # where the move sets out from, for a card that steers it (Misdirection)
        if len(action.cards) > 1:  # TURN-18: the group moves as one, at its slowest member's Movement
            move_group(g, self.seat, list(action.cards), action.cell)
            triggers.stopped_on(g, list(action.cards))  # the Location's own text on those who stop there
            _moved(g, action)
            return
        uid = action.cards[0]
        if stray_due(g, s.characters[uid]) and stray(g, self.seat, s.characters[uid], action.cell):
            _moved(g, action)  # its card sent it at random this Move phase (Ryoga Hibiki)
            return
        dest = s.grid[action.cell]
        if s.places[dest].haven and not admitted(g, self.seat, dest):  # CARD-7: stopping needs permission
            self.asked.append(dest)
            g.push(Permission(s.places[dest].owner, self.seat, dest, uid, "stop", cell=action.cell))
            return
        move_character(g, self.seat, uid, action.cell)
        triggers.stopped_on(g, [uid])  # the Location's own text on who stops there (Crystal Tunnels)
        _moved(g, action)


def _setting_out(g: Context, uids: tuple[int, ...]) -> None:
    """Mark where the Characters' move sets out from, this game turn (``state.counters``, :data:`MOVED_FROM_COUNTER`:
    turn * 10000 + 1 + the Place): a card played at the ``moved`` window may steer that move (Misdirection)."""
    s = g.state
    for u in uids:
        if u in s.characters and s.characters[u].pos != OFF:
            s.counters[u * SLOTS + MOVED_FROM_COUNTER] = s.turn * 10_000 + s.characters[u].pos + 1


def _moved(g: Context, action: Action) -> None:
    """A window after a move (procedures/windows.py): the Move decision is asked again after it."""
    primitives.unmask_sweep(g)  # one who sees through a Character's powers may stand with it now (Galus)
    if not windows.possible(g, "moved"):
        return
    s = g.state
    who = " and ".join(g.name(u) for u in action.cards if u in s.characters)
    if who and action.cell is not None:
        windows.open(g, "moved", f"{who} moved to {g.name(s.grid[action.cell])}")


def movers(g: Context, seat: int) -> list[tuple[CharacterState, int]]:
    """The seat's Characters on the Field or in a Haven that may still move this Move phase, with the
    Movement each has left: not moved yet, or moved on their own with Movement left (running away, driving,
    transforming or leaving the Field use up the move)."""
    out = []
    for c in sorted(g.state.characters.values(), key=lambda c: c.uid):
        if c.owner != seat or c.pos == OFF or c.bonked_at >= 0 or (c.moved and c.spent == 0):
            continue
        left = g.ability(c.uid, "movement") - c.spent
        if left > 0:
            out.append((c, left))
    return out


def groups(free: list[tuple[CharacterState, int]]) -> list[list[tuple[CharacterState, int]]]:
    """TURN-18: movers standing together, two or more at one place (by place, then uid)."""
    by_place: dict[int, list[tuple[CharacterState, int]]] = {}
    for c, left in free:
        by_place.setdefault(c.pos, []).append((c, left))
    return [group for _, group in sorted(by_place.items()) if len(group) > 1]


def group_destinations(g: Context, group: list[CharacterState], speed: int) -> list[tuple[int, int]]:
    """Where a group may move as one: within ``speed``, its slowest member's Movement left (TURN-18), a cell
    where every member may stop (TURN-21; Planetary counts the whole group, SCAV-18), its own Haven but no
    other player's (a visit asks one Character at a time, CARD-7), and no more than six of its player's on the
    Field (TURN-16)."""
    s = g.state
    if (s.statics or s.lasting) and any(lasting.kept_by(g, c.uid) != OFF for c in group):
        return []  # CARD-22: a held member holds the group where it stands
    places, grid = s.places, s.grid
    lead = group[0]
    here = places[lead.pos]
    found = reach(g, here.cell, speed, group)  # a card's passage rule may stop them short
    out = []
    full = here.haven and g.on_field(lead.owner) + len(group) > 6
    closed = lasting.groups_closed(g)  # No Help! (forbid: join_groups, enter_many)
    if s.statics and here.haven and lasting.entries_left(g, lead.owner) < len(group):
        full = True
    uids = tuple(c.uid for c in group)
    for cell, d in found.items():
        if d == 0:
            continue
        place = places[grid[cell]]
        if s.statics and lasting.no_entry(g, place.uid) is not None:
            continue  # a card in play bars the way in (Natsumi and Karume)
        if place.haven:
            if place.owner != lead.owner:
                continue
        elif place.destroyed or full or not group_may_stop(g, group, place.uid):
            continue
        if closed and lasting.joins_group(g, lead.owner, place.uid, uids):
            continue  # No Help!: groups are closed (a Haven never is)
        out.append(cell)
    return sorted(out)


_TOGETHER: dict[int, tuple[list[str], frozenset[int]]] = {}


def _together(card: Card) -> bool:
    return any(isinstance(e.do, Hold) and e.do.together for e in static_effects(card))


def together(g: Context, seat: int) -> dict[int, list[int]]:
    """The places where ``seat``'s party walks only all together (a carried card's ``hold`` with ``together``:
    Group Photo), with the uids of that party (its Characters there, not Bonked); empty when it carries none."""
    s = g.state
    cards = g._cards

    found = per_card_list(
        _TOGETHER, s.cards, lambda listed: frozenset(instances_where(cards, listed, "together", _together))
    )
    if not found:
        return {}
    out: dict[int, list[int]] = {}
    for c in s.characters.values():
        if c.owner == seat and c.pos != OFF and c.bonked_at < 0 and not found.isdisjoint(c.carried):
            out[c.pos] = sorted(x.uid for x in g.characters_at(c.pos, seat) if x.bonked_at < 0)
    return out


def _whole(g: Context, action: str, kept: dict[int, list[int]]) -> bool:
    """Whether a drive (``drive cV [cR …] x,y``) leaves no member of a party that walks only all together behind
    (Group Photo): its driver and riders are all of that party."""
    words = action.split()
    if words[0] != "drive":
        return True
    uids = [int(w[1:]) for w in words[1:] if w.startswith("c")]
    driver = next((c for c in g.state.characters.values() if uids and uids[0] in c.carried), None)
    if driver is None or driver.pos not in kept:
        return True
    return not set(kept[driver.pos]) - {driver.uid, *uids[1:]}


def group_options(
    g: Context, free: list[tuple[CharacterState, int]], kept: dict[int, list[int]] | None = None
) -> list[str]:
    out = []
    for group in groups(free):
        if kept and group[0][0].pos in kept and sorted(c.uid for c, _ in group) != kept[group[0][0].pos]:
            continue  # not the whole party: it may not be split up (Group Photo)
        if g.state.lasting:  # a Character acting alone (Loner) moves only on its own
            group = [(c, left) for c, left in group if not lasting.alone(g, c.uid)]
            if len(group) < 2:
                continue
        group = [(c, left) for c, left in group if not stray_due(g, c)]  # it walks alone then (Ryoga Hibiki)
        if len(group) < 2:
            continue
        members = [c for c, _ in group]
        ship = transporter(g, members)  # one carries the others as far as its own Movement goes (Ryo-Ohki)
        speed = next(left for c, left in group if c is ship) if ship is not None else min(left for _, left in group)
        cards = "+".join(f"c{c.uid}" for c in members)
        out += [f"move {cards} {x},{y}" for x, y in group_destinations(g, members, speed)]
    return out


def group_may_stop(g: Context, group: list[CharacterState], place: int) -> bool:
    """TURN-21 for a group: Dimensional asks each member (SCAV-19), Planetary the whole group (SCAV-18); what the
    Location asks of a Character going onto it, each member (Floristica Marketplace)."""
    if not all(lasting.may_enter(g, c, place) for c in group):
        return False
    icons = g.card(place).icons
    if not icons:
        return True
    names = {i.value for i in icons}
    if "dimensional" in names and not all(has_icon(g, c, "dimensional") for c in group):
        return False
    if "planetary" in names:
        if (ship := transporter(g, group)) is not None and has_icon(g, ship, "planetary"):
            return True  # its Planetary icon lands those it carries (Ryo-Ohki's ship form)
        everyone = [*g.characters_at(place, group[0].owner), *group]
        if g.rules.planetary == "every":
            return all(has_icon(g, c, "planetary") for c in everyone)
        return any(has_icon(g, c, "planetary") for c in everyone)
    return True


def move_group(g: Context, seat: int, uids: list[int], cell: tuple[int, int]) -> None:
    for uid in uids:
        move_character(g, seat, uid, cell)


def _haven_handling(g: Context, seat: int, handled: list[int]) -> list[str]:
    """TURN-25 (in part), CARD-7: Characters in their own Haven may leave carried cards there (Items stored in
    a Haven still count for its owner, AMB-16) and take stored ones, as may visitors there. A Character another
    player controls takes for that player, so only where that player was let in (Possession: not from its
    owner's Haven it was taken over in). Free, but each card moves at most once a Move phase, so the
    phase always ends."""
    s = g.state
    out = []
    for c in _in_haven(g, seat):
        # a visitor takes, it does not leave cards behind; nor does one another player controls (Possession)
        if s.places[c.pos].owner == seat and not control.controlled(g, c.uid):
            out += [act("store", u) for u in sorted(c.carried) if u not in handled]
        if control.controlled(g, c.uid) and not admitted(g, seat, c.pos):
            continue  # CARD-7: taken over where it stood (Possession), its controller never let in: nothing to take
        out += [
            act("take", u, c.uid)
            for u in sorted(s.places[c.pos].stored)
            if u not in handled
            and g.card(u).type is not CardType.CHARACTER  # a second form waits (CARD-5)
            and not (bearer.limited(g, u) and bearer.refuses(g, u, c))  # Power Gem
        ]
    return out + _hand_over(g, seat, handled)


def _hand_over(g: Context, seat: int, handled: list[int]) -> list[str]:
    """TURN-25: Characters hand carried Items and Equipment to another of their player's Characters where they
    stand, or drop them under the Location (from where only a Scavenge recovers them). Free, and each card
    moves at most once a Move phase."""
    s = g.state
    out = []
    mine = sorted(
        (c for c in s.characters.values() if c.owner == seat and c.pos != OFF and c.bonked_at < 0),
        key=lambda c: c.uid,
    )
    for c in mine:
        if c.carried and control.controlled(g, c.uid):
            continue  # what a Character another player controls carries stays with it (Possession)
        mates = [m.uid for m in mine if m.pos == c.pos and m.uid != c.uid]
        for u in sorted(c.carried):
            if u in handled:
                continue
            if bearer.limited(g, u):  # one Character carries at most so many of its name (Power Gem)
                out += [act("give", u, m) for m in mates if not bearer.refuses(g, u, s.characters[m])]
                if not s.places[c.pos].haven:
                    out.append(act("drop", u))
                continue
            out += [act("give", u, m) for m in mates]
            if not s.places[c.pos].haven:
                out.append(act("drop", u))
    return out


def enter_options(g: Context, seat: int) -> list[str]:
    """AMB-59 (002, ``starting_haven: hand``): a Character waiting beside the Field for its player's first
    Haven steps onto one of its player's Locations for 1 Movement (``return cN x,y``), and may go on with the
    Movement it has left (TURN-17)."""
    s = g.state
    out = []
    full = g.on_field(seat) >= 6 or (bool(s.statics) and lasting.entries_left(g, seat) < 1)  # TURN-16, No Help!
    for c in sorted(s.characters.values(), key=lambda c: c.uid):
        if c.owner != seat or c.off_at != WAITING or c.bonked_at >= 0 or c.moved or full:
            continue
        if g.ability(c.uid, "movement") < 1:
            continue
        for place in sorted(s.places.values(), key=lambda p: p.cell):
            if place.owner == seat and not place.haven and not place.destroyed and may_stop(g, c, place.uid):
                if s.statics and lasting.joins_group(g, seat, place.uid, (c.uid,)):
                    continue
                out.append(act("return", c.uid, place.cell))
    return out


# ---------------------------------------------------------------------- Scavenge phase (TURN-23)


@dataclass(slots=True)
class ScavengePhase:
    seat: int
    refused: list[tuple[int, int]] = field(default_factory=list)  # 002: (Location, seat) refusals (SCAV-14)

    def run(self, g: Context) -> None:

        s = g.state
        s.phase = "scavenge"
        s.active = self.seat
        p = s.players[self.seat]
        options = []
        if not p.turn_over and not (g.rules.scavenge_limit == "once_per_turn" and p.scavenges):
            options = [act("scavenge", cell) for cell in scavengeable(g, self.seat)]
            if self.refused:  # SCAV-14 (002): closed while a refusing player's Characters are there
                options = [a for a in options if not blocked(g, s.grid[parse_action(a).cell], self.refused)]
            options += [act("assault", cell) for cell in assaultable(g, self.seat)]
        if not p.turn_over:
            options += charm_options(g, self.seat)  # COMBAT-34, AMB-20
            options += fight_options(g, self.seat, "scavenge")  # AMB-20
            options += [act("haven", cell) for cell in claim_cells(g, self.seat)]  # SCAV-22
        if not options and (p.turn_over or not activated.location_uses(g, self.seat, "scavenge")):
            g.pop()  # (a Location's own use, Julian's Gravesite, still asks: the decision then offers it)
            return
        g.ask(self.seat, "scavenge", "choose a Location to Scavenge, or done", [*options, act("done")])

    def resume(self, g: Context, action: Action) -> None:

        if action.verb == "done":
            g.pop()
            return
        s = g.state
        if action.verb == "charm":
            start_charm(g, action)
            return
        if action.verb == "fight":
            start_fight(g, self.seat, action)
            return
        if action.verb == "assault":
            assault(g, self.seat, s.grid[action.cell])
            return
        if action.verb == "haven":  # SCAV-22: the player takes the Location as its Haven
            claim(g, self.seat, action.cell)
            return
        clock = waived_once(g, self.seat, s.grid[action.cell])
        planner = -1 if clock >= 0 else skipped_skill(g, self.seat, s.grid[action.cell])
        if clock >= 0:  # its group Scavenges here only through a once-a-game card, now spent (Alarm Clock)
            bearer.spend_waive(g, clock)
        elif planner >= 0:  # it Scavenges with one Skill missing: one use of the card (Electronic Day Planner)
            holder = next(c for c in s.characters.values() if planner in c.carried)
            uses.spend_one(g, holder, planner, "skill")
        elif (copied := scanned(g, self.seat, s.grid[action.cell])) is not None:
            scan.spend(g, *copied)  # one Skill of a bearer copied for this test: its use this turn (Mind Scanner)
        if g.rules.scavenge_consent:  # SCAV-14 (002): the other groups there must agree
            others = rivals(g, self.seat, s.grid[action.cell])
            if others:
                g.push(ScavengeConsent(self.seat, s.grid[action.cell], others))
                return
        s.players[self.seat].scavenges += 1
        place = s.grid[action.cell]
        if triggers.effects_of(g.card(place), "scavenged"):
            triggers.scavenged_with(g, self.seat, place, vehicles_needed(g, self.seat, place))  # Seito Bridge
            if s.places[place].destroyed or game_over(s):  # it came down: nothing is left to Scavenge
                for c in g.characters_at(place, self.seat):
                    c.scavenged = True
                return
        g.push(Scavenge(place=place, seat=self.seat))


# ---------------------------------------------------------------------- End of turn (TURN-24)


@dataclass(slots=True)
class EndTurn:
    seat: int

    def run(self, g: Context) -> None:

        s = g.state
        s.phase = "end"
        if training.pending(g, self.seat):  # a card trains its bearer in the Haven (Heavy Gravity Training)
            return
        g.pop()
        end_of_turn(g, self.seat)  # CARD-16, COMBAT-9 (CONF-52)
        traps.heal(g)  # the damage traps did this turn heals (Razor Balls)
        end_turn_building(g, self.seat)  # CARD-8: turns spent building a Haven
        stays.end_turn(g, self.seat)  # turns spent at a Location ("remain on Location for N turns")
        stays.away_limits(g, self.seat)  # a Character's own limit on its turns away from a Haven (Young Belldandy)
        if g.rules.timed_leave == "end_of_turn":
            expire(g, self.seat)
        lasting.expire(g, self.seat)  # DIS-19: card effects whose last turn this was
        timed_characters(g, self.seat)
        ascend.end_turn(g, self.seat)  # a Super Saiyan gives its base's place back
        if s.counters:
            primitives.revived_leave(g, self.seat)  # one brought back for a while goes back (Baba)
        p = s.players[self.seat]
        for uid, last in list(p.globals.items()):
            if 0 <= last <= p.turns:  # CARD-14 (000): a Global with no other limit lasts 5 turns
                del p.globals[uid]
                lasting.left(g, uid)
                g.discard(uid)
                g.emit("global_ended", seat=self.seat, card=g.card(uid).id)
        g.emit("turn_ended", seat=self.seat)
        check(g)

    def resume(self, g: Context, action: Action) -> None:  # pragma: no cover
        raise AssertionError("the end of turn takes no decision")


agenda.frame(agenda.TURN_LOOP)(TurnLoop)
