"""Physical combat between Characters and a Disaster (RULES.md COMBAT-1 … COMBAT-23, DIS-29, DIS-30).

Each round the Disaster initiates (COMBAT-23): it picks a target (a random Item-carrier, else a random
Character; DIS-29), the target's owner either Runs Away or names who strikes with the target (up to 3
against a Minor, 4 against a Major; COMBAT-10), one Combat card is drawn for the Disaster and one for the
target from that player's Combat pile (COMBAT-6), and all attacks land at once (COMBAT-3).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import TYPE_CHECKING, Any, Final

from animayhem.cards.effects import DefeatNeeds, RunAlone, Splash
from animayhem.cards.model import CardType
from animayhem.cards.stats import StatValue
from animayhem.engine.core.actions import Action, act
from animayhem.engine.core.events import cell_list
from animayhem.engine.core.field import distances, neighbours
from animayhem.engine.core.fight import FightFrame
from animayhem.engine.core.state import (
    KEPT_DAMAGE_COUNTER,
    NEXT_ROUND,
    OFF,
    SLOTS,
    CharacterState,
    DisasterState,
    game_over,
)
from animayhem.engine.core.statics import of_kind
from animayhem.engine.core.win import check
from animayhem.engine.effects import (
    abilities,
    answers,
    bearer,
    flash_aims,
    in_fight,
    lasting,
    primitives,
    triggers,
    uses,
)
from animayhem.engine.effects.energy import round_back
from animayhem.engine.effects.primitives import bonk, kill
from animayhem.engine.effects.transform import force, skill_count
from animayhem.engine.procedures import activated, agenda, charm, vehicles, windows
from animayhem.engine.procedures.combat_cards import (
    Held,
    combat_mods,
    draw_combat,
    extras,
    for_the_combat,
    held,
    removed,
)
from animayhem.engine.procedures.defeat import defeat, killed
from animayhem.engine.procedures.disasters import DisasterMove
from animayhem.engine.procedures.movement import may_stop
from animayhem.engine.procedures.protection import guard_defense, guard_options, protector_share

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


def meetings(g: Context, seat: int) -> None:
    """After a Move phase: every Location where ``seat``'s Characters stand with Combat Disasters starts a
    fight, Disasters in order of arrival (DIS-13, DIS-14, DIS-30)."""
    s = g.state
    frames = []
    places = sorted({c.pos for c in s.characters.values() if c.owner == seat and c.pos != OFF and c.bonked_at < 0})
    for place in places:
        if s.places[place].haven:
            continue
        here = [d for d in s.disasters.values() if d.pos == place and g.is_combat_disaster(d.uid)]
        here = [d for d in here if d.ally_of == OFF or d.ally_of not in s.disasters]  # DIS-26: primary first
        here.sort(key=lambda d: (d.arrived, *_power(g, d.uid)))
        frames += [Combat(dis=d.uid, place=place, seats=[seat]) for d in here]
    if s.statics:
        frames += _reached(g, seat, places)
    for f in frames[::-1]:
        g.push(f)


def _reached(g: Context, seat: int, places: list[int]) -> list[Combat]:
    """The fights a Disaster starts from where it stands with ``seat``'s groups that stopped near it after moving
    (``reach``: Surgical Laser): nobody strikes it there (``ranged``)."""
    s = g.state
    out = []
    for d in sorted(s.disasters.values(), key=lambda d: d.arrived):
        if d.pos == OFF or d.uid not in s.statics or not (n := lasting.reach(g, d.uid)):
            continue
        near = distances(s, s.places[d.pos].cell, g.rules.adjacency, n)
        for place in places:
            if place == d.pos or s.places[place].haven or s.places[place].cell not in near:
                continue
            if any(c.moved for c in g.characters_at(place, seat)):
                out.append(Combat(dis=d.uid, place=place, seats=[seat], ranged=True))
    return out


def _power(g: Context, uid: int) -> tuple[int, int, int]:
    return (-g.ability(uid, "attack"), -g.ability(uid, "defense"), -g.ability(uid, "movement"))


STANDSTILL: Final = 20  # rounds in a row that change nothing, after which a fight against a Disaster ends (_standstill)


@dataclass(slots=True)
class Combat(FightFrame):
    dis: int
    place: int
    seats: list[int] | None = None  # who fights it (None: every player with Characters there)
    scavenging: bool = False
    stage: str = "round"
    target: int = OFF
    round: int = 0
    ran: list[int] = field(default_factory=list)
    charm_done: bool = False  # the Disaster's charm part (DIS-32) has been played
    strikers: list[int] = field(default_factory=list)  # 5E protection (CONF-28): the strikers named this round
    guards: list[int] = field(default_factory=list)  # and the target's protectors
    ranged: bool = False  # its text: it attacks from 1 Location away and cannot be struck (``snipe``: Acid Head)
    fought: list[int] = field(default_factory=list)  # the attacked groups, for a ``survived`` text (Furry Eyes)
    kept: Held = field(default_factory=list)  # Combat cards holding for the rest of the fight (Screwed / Hero)
    used: list[int] = field(default_factory=list)  # activated abilities used in it: uid * 1000 + round (activated.py)
    between: int = 0  # the last round after which the window between rounds was opened (procedures/windows.py)
    # a card called the fight off (``call_off``: Washu's Space Time Converter): it ends at once, with no result
    called_off: bool = field(default=False, metadata={"hash": "if_set"})
    # the attacked Character, held, takes this round's blow (CARD-22) once its protectors are named (CONF-28)
    held_blow: bool = field(default=False, metadata={"hash": "if_set"})
    cancelled: int = field(default=0, metadata={"hash": "if_set"})  # Boosts its text cancelled in it (Toma)
    # 1 + the Character a player aimed its first attack at (``steer`` ``aim``: Galaxy Destroyer Remote); 0: none
    aimed: int = field(default=0, metadata={"hash": "if_set"})
    # Characters building a bonus up while they sit the fight out (Power Up; activated.charge)
    charging: list[int] = field(default_factory=list, metadata={"hash": "if_set"})
    # the card whose use takes the attacked Character out of the fight: its last attack now is halved (Goz')
    halving: int = field(default=OFF, metadata={"hash": "if_set"})
    # a standstill (:data:`STANDSTILL`): the fighters and their damage after the last round, and for how many
    # rounds in a row they have stayed so
    last: list[int] = field(default_factory=list, metadata={"hash": "if_set"})
    still: int = field(default=0, metadata={"hash": "if_set"})

    def pool(self, g: Context) -> list[CharacterState]:
        return [
            c
            for c in g.characters_at(self.place)
            if (self.seats is None or c.owner in self.seats) and c.owner not in self.ran
        ]

    def run(self, g: Context) -> None:
        s = g.state
        d = s.disasters.get(self.dis)
        if self.called_off:  # engine/effects/answers.py ``call_off``: no more blows, no result
            self._end(g)
            return
        if self.stage == "round":
            pool = self.pool(g)
            if d is None or (d.pos != self.place and not self.ranged) or not pool or game_over(s):
                self._end(g)
                return
            if self.round == 0 and not self.charm_done and s.lasting and d is not None:
                by = lasting.disaster_held(g, d.uid, "attack")
                if by != OFF:  # a Flash Effect has it take no action (Time Out!): no fight starts
                    g.emit("disaster_held", card=g.card(d.uid).id, uid=d.uid, by=g.card(by).id, action="attack")
                    g.pop()
                    return
            if self.round == 0 and not self.charm_done:
                g.emit(
                    "combat_started",
                    card=g.card(self.dis).id,
                    uid=self.dis,
                    cell=cell_list(s.places[self.place].cell),
                    seats=sorted({c.owner for c in pool}),
                )
                self.charm_done = True
                spared = bearer.disasters_spare(g, pool, self.dis)  # those it may not attack (Katsuhiko Jinnai)
                if spared and charm.charm_before_combat(g, self.dis, self.place, spared):  # DIS-32
                    return
            targets = [c for c in pool if not charm.spared(g, c.uid, self.dis)]  # COMBAT-32, DIS-33
            if s.statics or s.lasting:  # its own targeting text (CARD-1); those a Haven's use shields (Ross')
                targets = lasting.target_pool(g, self.dis, targets)
            # those a card keeps it from attacking: their own (Sylvie, Katsuhiko Jinnai), one they hold (Cynthia)
            targets = bearer.disasters_spare(g, targets, self.dis)
            if not targets:
                self._end(g)
                return
            if self.round and self._standstill(g, d, pool):
                return
            if self.round > self.between:  # between two rounds: a window (procedures/windows.py)
                self.between = self.round
                if windows.possible(g, "round") and windows.open(
                    g, "round", f"Round {self.round} against {g.name(self.dis)} is over"
                ):
                    return
            self.round += 1
            if triggers.effects_of(g.card(self.dis), "round_start"):  # its text acts at the start of a round
                triggers.combat_round(g, self.dis, self.place)
                if self.dis not in s.disasters or game_over(s) or not self.pool(g):
                    return  # the next step ends the fight
            self.strikers, self.guards = [], []
            aimed = next((c for c in targets if c.uid == self.aimed - 1), None) if self.aimed else None
            target = aimed if aimed is not None else _pick_target(g, targets)  # DIS-29, unless a player aimed it
            self.aimed = 0
            self.target = target.uid
            if triggers.effects_of(g.card(self.dis), "survived"):
                self.fought += [c.uid for c in pool if c.owner == target.owner and c.uid not in self.fought]
            charm.attacked(g, self.dis, target.uid)  # COMBAT-30
            limit = 4 if g.is_major(self.dis) else 3
            others = sorted(
                c.uid for c in pool if c.owner == target.owner and c.uid != target.uid and self._may_strike(g, c.uid)
            )
            lead = (target.uid,) if self._may_strike(g, target.uid) else ()
            options = [] if _run_held(g, target, self.place) else [act("run")]  # CARD-22: held
            if options:  # a card Discarded as they run keeps the Disaster from its last attack (Yosho Masaki)
                options += [act("run", u) for u in bearer.retreat_covers(g, g.characters_at(self.place, target.owner))]
            side = sum(1 for c in pool if c.owner == target.owner)
            if options and side > 1 and of_kind(g.card(target.uid), RunAlone):  # its text: it runs alone (Yajirobe)
                options.append(act("run", target.uid))
            if options and side > 1:  # one of its side that runs alone while another is attacked (Yajirobe)
                mates = sorted(c.uid for c in pool if c.owner == target.owner and c.uid != target.uid)
                options += [act("run", u) for u in mates if runs_alone(g, u)]
            armed = vehicles.fighters(g, target.owner, self.place)  # COMBAT-24: a vehicle may fight instead
            if s.lasting and (others or armed):  # a Character acting alone (Loner) fights with no other one
                others, armed = lasting.alone_fighters(g, target, others, armed)
            if s.statics and (most := lasting.strikers_limit(g, self.dis)) is not None:
                limit = min(limit, most)  # its text: so many Characters at a time
            if self.ranged:
                lead, others, armed = (), [], []  # out of reach: nobody strikes it (they may Run Away)
            if not (armed and g.rules.vehicle_combat == "vehicle_only"):  # 002: riders may not strike
                for k in range(min(limit - 1, len(others)) + 1):
                    for group in combinations(others, k):
                        if k and s.lasting and not lasting.may_team(g, (*lead, *group)):
                            continue  # two who may not team up (Female Jealousy)
                        options.append(act("strike", *sorted((*lead, *group))))
            options += [act("strike", v) for v in armed]
            if self.dis in s.statics or any(c.carried for c in pool):
                # its text, or a carried card's: Discarding such a card Defeats it (Happosai, Horned Mongoose Whistle)
                own = [c for c in pool if c.owner == target.owner]
                options += [act("discard", *us) for us in triggers.defeat_discards(g, self.dis, own)]
                if self.dis in s.statics:
                    options += [act("give", u, self.dis) for u in triggers.bribes(g, self.dis, own)]
            if not options:
                options = [act("strike")]  # held from running and striking: it takes the blow (CARD-22)
            g.emit(
                "disaster_attacks",
                card=g.card(self.dis).id,
                target=g.card(target.uid).id,
                uid=target.uid,
                round=self.round,
            )
            prompt = f"{g.name(self.dis)} attacks {g.name(target.uid)}: run, or strike with whom"
            if options == [act("strike")]:  # held from running, nobody may strike (CARD-22): no 'strike' by nobody
                options = [act("done")]
                prompt = (
                    f"{g.name(self.dis)} attacks {g.name(target.uid)}: nobody may run or strike; done: take the blow"
                )
            if windows.possible(g, "attack"):  # the other seats may answer the attack first (procedures/windows.py)
                pending = f"{g.name(self.dis)} is about to attack {g.name(target.uid)}"
                then = windows.Asked(target.owner, "combat", prompt, options)
                if windows.open(g, "attack", pending, skip=target.owner, then=then):
                    return
            g.ask(target.owner, "combat", prompt, options)
            return
        if self.stage == "runto":
            self.stage = "round"
            return
        if self.stage == "protect":  # CONF-28 (5E): protectors for the target, one at a time
            options = guard_options(g, self)
            if options:
                owner = s.characters[self.target].owner
                g.ask(owner, "protect", "who protects the attacked Character", [*options, act("done")])
                return
            self._protected_exchange(g)
            return
        if self.stage == "bribed":  # it took the bribe: a full move at once, attacking nobody (CARD-18)
            self._end(g)
            if d is not None and d.pos != OFF and not game_over(s):
                g.push(DisasterMove(d.uid, stage="walk", remaining=g.ability(d.uid, "movement"), stole=True))
            return
        if self.stage == "swap_move":
            # DIS-17 (001): having taken a beaten Character's Item, it moves its full Movement at once
            self._end(g)
            if d is not None and d.pos != OFF and not game_over(s):
                drop = d.uid in s.statics and lasting.steals_and_runs(g, d.uid)  # its text: it leaves the Item there
                g.push(DisasterMove(d.uid, stage="walk", remaining=g.ability(d.uid, "movement"), drop_item=drop))
            return

    def resume(self, g: Context, action: Action) -> None:
        s = g.state
        target = s.characters[self.target]
        if action.verb == "done" and self.stage == "round":  # nothing else was possible: nobody strikes
            g.emit("takes_the_blow", seat=target.owner, card=g.card(target.uid).id, uid=target.uid)
            if g.rules.protection != "all":
                self._take_the_blow(g, target, [])
                return
            self.held_blow = True  # its protectors are asked first (CONF-28); then the round, checked as below
            action = Action("strike", ())
        if action.verb == "run" and action.cards and action.cards[0] != target.uid and action.cards[0] in s.characters:
            # one of the side, not the one attacked, runs alone before the blows (Yajirobe): no last attack on him,
            # and the round starts again without him
            g.emit("ran_away", seat=target.owner, round=self.round, alone=g.card(action.cards[0]).id)
            self.round -= 1
            self.between = min(self.between, self.round)
            if run_away(g, target.owner, self.place, [action.cards[0]]):
                self.stage = "runto"
            return
        if action.verb == "run" and action.cards and action.cards[0] == target.uid:  # alone (Yajirobe)
            g.emit("ran_away", seat=target.owner, round=self.round, alone=g.card(target.uid).id)
            self._exchange(g, [], unanswered=True)
            standing = target.uid in s.characters and target.pos == self.place and target.bonked_at < 0
            if standing and run_away(g, target.owner, self.place, [target.uid]):
                self.stage = "runto"
            return
        if action.verb == "run":
            seat = target.owner
            g.emit("ran_away", seat=seat, round=self.round)
            if action.cards:  # its card is Discarded: no last attack (bearer.retreat_covers)
                primitives.remove_from_play(g, action.cards[0], "discard", action.cards[0])
                g.emit("retreat_covered", seat=seat, card=g.card(action.cards[0]).id, uid=action.cards[0])
            else:
                self._exchange(g, [], unanswered=True)
            self.ran.append(seat)
            if run_away(g, seat, self.place, [c.uid for c in g.characters_at(self.place, seat)]):
                self.stage = "runto"
            return
        if action.verb == "protect":
            self.guards.append(action.cards[0])
            return
        if action.verb == "discard":  # its text: this Discard Defeats it (triggers.defeat_discards)
            g.emit("disaster_defeated_by_discard", card=g.card(self.dis).id, uid=self.dis, seat=target.owner)
            for u in action.cards:
                if not game_over(s):
                    primitives.remove_from_play(g, u, "discard", self.dis)
            if self.dis in s.disasters and not game_over(s):
                defeat(g, self.dis, self.place, target.owner)
            return
        if action.verb == "give":  # its text: a bribe ends the fight; it moves on at once (triggers.bribed)
            triggers.bribed(g, self.dis, action.cards[0], target.owner)
            self.stage = "bribed"
            return
        if action.verb == "done":
            self._protected_exchange(g)
            return
        strikers = [u for u in action.cards]
        if len(strikers) == 1 and vehicles.is_vehicle(g, strikers[0]):
            vehicles.exchange(g, self, strikers[0])
            return
        charm.struck(g, self.dis, strikers)
        if g.rules.protection == "all":
            self.strikers, self.stage = strikers, "protect"
            return
        self._exchange(g, strikers, unanswered=False)

    def parting_blow(self, g: Context, by: int) -> None:
        """The attacked Character leaves the fight by the card ``by`` (Goz' Flying Machine): the Disaster's last
        attack on it, unanswered, its damage halved (rounded down); the fight then goes on without it."""
        self.halving = by
        self._exchange(g, [], unanswered=True)
        self.halving = OFF

    def mark_called_off(self) -> None:
        self.called_off = True

    def count_cancelled(self) -> None:
        self.cancelled += 1

    def _protected_exchange(self, g: Context) -> None:
        """The round once the protectors are named (CONF-28)."""
        self.stage = "round"
        if self.held_blow:
            self.held_blow = False
            self._take_the_blow(g, g.state.characters[self.target], self.strikers)
        else:
            self._exchange(g, self.strikers, unanswered=False)

    def _take_the_blow(self, g: Context, target: CharacterState, strikers: list[int]) -> None:
        """A round in which the attacked Character, held, takes the blow and nobody strikes (CARD-22). When it
        leaves both sides as they were (no damage either way, its protectors' included), every later round would
        be the same: the Disaster breaks the fight off (decided, so that a hold and a Defense the Disaster cannot
        pierce do not make an endless fight; COMBAT-18 ends a fight between players after a round in which nobody
        attacked)."""
        s = g.state
        d = s.disasters.get(self.dis)
        guards = [c for u in self.guards if (c := s.characters.get(u)) is not None]
        before = (target.damage, -1 if d is None else d.damage, [c.damage for c in guards])
        self._exchange(g, strikers, unanswered=False)
        d = s.disasters.get(self.dis)
        still = s.characters.get(target.uid) is target and target.pos == self.place and target.bonked_at < 0
        after = (target.damage, -1 if d is None else d.damage, [c.damage for c in guards])
        if not game_over(s) and d is not None and still and after == before and self.pool(g):
            self.ran = sorted({*self.ran, *(c.owner for c in self.pool(g))})
            g.emit("disaster_breaks_off", card=g.card(self.dis).id, uid=self.dis, round=self.round)

    def _may_strike(self, g: Context, uid: int) -> bool:
        return charm.may_strike(g, uid, self.dis, self.round) and (
            not (g.state.statics or g.state.lasting)
            or (
                lasting.may_strike(g, uid, self.dis)
                # a card keeps it from helping another Character (Striptease): it strikes only when attacked itself
                and (uid == self.target or not g.state.lasting or lasting.forbids(g, uid, "assist") is None)
            )
        )

    # -- one exchange of blows

    def _exchange(self, g: Context, strikers: list[int], *, unanswered: bool) -> None:
        s = g.state
        d = s.disasters[self.dis]
        target = s.characters[self.target]
        if self.charging:  # those sitting the round out build their bonus up (Power Up); a side that runs stops
            activated.charge(g, self, [*self.charging] if unanswered else [target.uid, *strikers, *self.guards])
        seat = target.owner
        dis_card = draw_combat(g, seat)
        extra = lasting.extra_combat_cards(g) - 1 if s.statics else 0  # e.g. Brian J. Mason: 2 a round
        dis_more = [u for u in (draw_combat(g, seat) for _ in range(extra)) if u is not None]
        barred = s.lasting and lasting.forbids(g, target.uid, "combat_cards") is not None  # Broken Back
        tgt_card = None if barred else draw_combat(g, seat)
        tgt_extra = flash_aims.combat_cards(g, target.uid)[0] - 1 if s.lasting else 0  # Crazy Eyes: 2 for it
        tgt_more = [u for u in (draw_combat(g, seat) for _ in range(tgt_extra)) if u is not None]
        dis_self, dis_opp = combat_mods(g, dis_card, self.dis, target.uid, seat)
        for extra_card in dis_more:
            more_self, more_opp = combat_mods(g, extra_card, self.dis, target.uid, seat)
            for ab, svs in more_self.items():
                dis_self.setdefault(ab, []).extend(svs)
            for ab, svs in more_opp.items():
                dis_opp.setdefault(ab, []).extend(svs)
        tgt_self, tgt_opp = combat_mods(g, tgt_card, target.uid, self.dis, seat)
        for extra_card in tgt_more:
            more_self, more_opp = combat_mods(g, extra_card, target.uid, self.dis, seat)
            for ab, svs in more_self.items():
                tgt_self.setdefault(ab, []).extend(svs)
            for ab, svs in more_opp.items():
                tgt_opp.setdefault(ab, []).extend(svs)
        rules = bool(s.statics) and self.dis in s.statics  # the Disaster's own combat text (effects/lasting.py)
        notes: dict[str, Any] = {}  # what the event adds so that its numbers add up (engine/faces/narration.py)
        if dis_more:  # its extra Combat cards (Brian J. Mason in play)
            notes["more_disaster_cards"] = [g.card(u).id for u in dis_more]
        if tgt_more:  # the target's extra Combat cards (Crazy Eyes)
            notes["more_target_cards"] = [g.card(u).id for u in tgt_more]
        if rules and lasting.combat_cards_void(g, self.dis):
            dis_self, dis_opp, tgt_opp = {}, {}, {}  # Combat cards do nothing for it or against it
            notes["cards_void"] = True
        fx = extras(dis_self, dis_opp, tgt_self, tgt_opp)  # the cards' text beyond modifiers (A: the Disaster)
        if fx is not None and fx.void:  # one card's text removed the other (Hammer)
            dis_self, dis_opp, tgt_self, tgt_opp, gone = removed(dis_self, dis_opp, tgt_self, tgt_opp)
            lost = dis_card if gone == 1 else tgt_card
            if gone and lost is not None:  # (none when that side drew no card: an empty pile, Broken Back)
                notes["card_removed"] = g.card(lost).id
            fx = extras(dis_self, dis_opp, tgt_self, tgt_opp)
        if fx is not None and fx.heal:  # its text: both sides healed to full Health before the blows
            target.damage = d.damage = 0
            notes["healed"] = True
        kept = self.kept  # earlier rounds' cards that hold for the whole fight come first
        d_mods = (
            held(kept, self.dis, "attack") + dis_self.get("attack", []) + tgt_opp.get("attack", []),
            held(kept, self.dis, "defense") + dis_self.get("defense", []) + tgt_opp.get("defense", []),
        )
        d_att = abilities.value(g, self.dis, "attack", d_mods[0], against=target.uid)  # COMBAT-39: against whom
        d_def = abilities.value(g, self.dis, "defense", d_mods[1], against=target.uid)
        if s.lasting:  # it attacks a Character a card guards (High Ground: -1 Defense)
            d_def += lasting.on_attackers(g, target.uid, "defense")
        t_mods = held(kept, target.uid, "defense") + tgt_self.get("defense", []) + dis_opp.get("defense", [])
        t_def = abilities.value(g, target.uid, "defense", t_mods, against=self.dis)
        strike = 0
        detail = []
        hits: list[int] = []
        for uid in strikers:
            mods = [*tgt_self.get("attack", []), *dis_opp.get("attack", [])] if uid == target.uid else []
            if fx is not None and uid != target.uid:  # its side's card gives every striker Attack (Stomp)
                mods = list(fx.party)
            mods += in_fight.attack_mods(g, uid, self.round, tgt_self.get("attack", []) if uid == target.uid else [])
            a = abilities.value(g, uid, "attack", held(kept, uid, "attack") + mods, against=self.dis)
            more = activated.extra_attacks(g, uid) if s.lasting else 0
            if fx is not None and uid == target.uid:  # its Combat card: more attacks, or none at all
                more += fx.b_attacks
                a = 0 if fx.b_idle else a
            a *= 1 + more  # an ability used for more attacks this round (Power Chi): its Attack counts again
            strike += a
            no_harm = rules and lasting.immune(g, self.dis, uid)  # its text: this one's strikes do it no harm
            hits.append(0 if no_harm else a)
            detail.append({"card": g.card(uid).id, "uid": uid, "attack": a, **({"no_damage": True} if no_harm else {})})
            if more:
                detail[-1]["extra_attacks"] = more
        if rules and lasting.attack_is_strike(g, self.dis, self.round):
            d_att = max(0, abilities.apply_mods(strike, d_mods[0]))  # its text: the total Attack striking it
            notes["attack_is_strike"] = True
        if rules and hits and (ignored := lasting.ignored_strikes(g, self.dis)):
            _ignore_strongest(hits, detail, ignored)  # it ignores its strongest attacks a round
        if rules and strikers and (more_def := lasting.armour(g, self.dis, strikers)):
            d_def += more_def  # its text: more Defense against some weapons (Assassin-Bot)
            notes["armour"] = more_def
        guards = [] if unanswered else guard_defense(g, self)
        to_target = max(0, d_att - t_def - sum(gd for _u, gd in guards))
        if unanswered:
            to_dis = 0
        elif rules and lasting.separate_defense(g, self.dis):
            to_dis = sum(max(0, a - d_def) for a in hits)  # each strike meets its Defense on its own
            if len(hits) > 1:  # with one strike it makes no difference
                notes["separate_defense"] = True
                for one, a in zip(detail, hits, strict=True):
                    one["dealt"] = max(0, a - d_def)
        else:
            to_dis = max(0, sum(hits) - d_def)
        rally = in_fight.any_rally(g)  # a card that adds damage after a friend fell (Baby Gohan)
        if rally and not unanswered and (more := in_fight.rally_bonus(g, strikers, self.round, were(g, strikers))):
            to_dis, notes["rally"] = to_dis + more, more  # its text: more damage after a friend fell (Baby Gohan)
        if not unanswered and (least := in_fight.least_damage(g, strikers)) > to_dis:
            to_dis, notes["least_damage"] = least, least  # a card its striker holds (Priss' Hardsuit)
        if to_dis and s.lasting and (dis_taken := flash_aims.damage_taken(g, self.dis))[0] != 1:  # Frozen, Shield
            notes.update(disaster_damage_factor=dis_taken[0], unfactored_disaster_damage=to_dis)
            notes["disaster_damage_by"] = g.card(dis_taken[1]).id
            to_dis *= dis_taken[0]
        if (
            to_dis
            and s.lasting
            and (fell := flash_aims.fells(g, self.dis)) != OFF
            and to_dis < (left := g.max_health(self.dis) - d.damage)
        ):  # Meltdown: any damage deals it all the Health it has left
            notes.update(felled_from=to_dis, felled_by=g.card(fell).id)
            to_dis = left
        diverted: tuple[CharacterState, int, int] | None = None  # its text: the strike goes at another (Najato)
        other = None
        if rules and strikers and not unanswered and lasting.diverts(g, self.dis, self.place):
            other = _nearest_other(g, self.place, seat)
        if other is not None:
            v_def = abilities.value(g, other.uid, "defense", [], against=self.dis)
            diverted = (other, v_def, max(0, sum(hits) - v_def))
            to_dis = 0
        if sum(hits) != strike and not unanswered:
            notes["counted"] = sum(hits)  # strikes it ignores or takes no harm from
        also: list[tuple[CharacterState, int, int]] = []  # its text: every Character here is hit (Big Bug)
        factor = 1
        if rules:
            factor = lasting.damage_factor(g, self.dis, self.round)  # its text: more damage in some rounds
            falls = g.max_health(self.dis) - d.damage - to_dis <= 0
            if lasting.holds_fire(g, self.dis, self.round, falls):
                factor = 0
            if factor != 1:
                notes.update(damage_factor=factor, unfactored_damage=to_target)
            to_target *= factor
            if lasting.hits_all(g, self.dis):
                shielded = {gu for gu, _gd in guards}
                for c in sorted(self.pool(g), key=lambda c: c.uid):
                    if c.uid != target.uid and c.uid not in shielded:
                        c_def = abilities.value(g, c.uid, "defense", held(kept, c.uid, "defense"), against=self.dis)
                        also.append((c, c_def, factor * max(0, d_att - c_def)))
        if (
            to_target
            and s.lasting
            and not unanswered
            and g.max_health(self.dis) - d.damage - to_dis <= 0
            and (first := activated.strikes_first(g, [target.uid, *strikers])) != OFF
        ):  # its side struck first and Defeated it: its attack never lands (Sleepy Grass)
            notes.setdefault("unfactored_damage", to_target)
            notes.update(struck_first=g.card(first).id, damage_factor=0, damage_by=g.card(first).id)
            to_target = 0
            also = [(c, c_def, 0) for c, c_def, _n in also]
        if s.lasting and (taken := flash_aims.damage_taken(g, target.uid))[0] != 1:  # Flying Block: none
            notes.setdefault("unfactored_damage", to_target)
            notes.update(damage_factor=factor * taken[0], damage_by=g.card(taken[1]).id)
            if to_target and flash_aims.reflects(g, taken[1]):  # turned back on the Disaster (Reverse Attack)
                to_dis, notes["reflected"] = to_dis + to_target, to_target
            to_target *= taken[0]
        if fx is not None and (fx.a_idle or fx.a_attacks):  # a Combat card: it attacks more times, or not at all
            times = 0 if fx.a_idle else 1 + fx.a_attacks
            notes.update(card_factor=times)  # on the attack at the target only (not a text's second attack)
            notes.setdefault("unfactored_damage", to_target)
            notes["factor_card"] = g.card(tgt_card if fx.a_from_b else dis_card).id  # type: ignore[arg-type]
            to_target *= times
        if to_target and self.halving != OFF:
            half = self.halving  # flown out of the fight, the last attack on it halved (Goz' Flying Machine)
        else:
            half = flash_aims.halved(g, target.uid, unanswered) if to_target and s.lasting else OFF
        if to_target and half != OFF:
            notes.update(halved_from=to_target, halved_by=g.card(half).id)  # Know When to Run: half, rounded down
            to_target //= 2
        steer, steer_by = flash_aims.steered(g, self.dis, unanswered) if s.lasting else ("", OFF)
        if steer and to_target:  # a player holds back or halves every attack it makes this round (Introduction)
            if steer == "hold":
                notes.setdefault("unfactored_damage", to_target)
                notes.update(damage_factor=0, damage_by=g.card(steer_by).id)
                to_target = 0
            elif "halved_by" not in notes:
                notes.update(halved_from=to_target, halved_by=g.card(steer_by).id)
                to_target //= 2
        second = self._second_attack(g, target, guards, also, factor) if s.statics or s.lasting else None
        if second is not None and s.lasting:  # a factor on the damage its Character takes (Frozen, Shield)
            second = (second[0], second[1], second[2], second[3] * _factor(g, second[0].uid), second[4])
        if steer and second is not None:  # its second attack too (Introduction, Know When to Run)
            second = (second[0], second[1], second[2], _steer_cut(steer, second[3]), second[4])
            notes.update(steered=steer, steered_by=g.card(steer_by).id)
        if to_target and (stop := in_fight.stopper(g, target.uid, self.used)) is not None:
            self.used.append(stop * 1000 + self.round)  # a card its target holds stops it (Wings of the Light Hawk)
            to_target, notes["stopped_by"] = 0, g.card(stop).id
        if second is not None and second[0] is target:
            to_target += second[3]  # allied, it hits the one it fights alone twice (Mystery Foe)
        if to_target and s.lasting and (spared := lasting.spares(g, target.uid)) != OFF:
            raw = notes.get("unfactored_damage", to_target)
            notes.update(damage_factor=0, unfactored_damage=raw, spared_by=g.card(spared).id)
            to_target = 0  # a card spares it this attack (Just a Scratch)
        moved: list[tuple[int, int, int]] = []  # damage a player moved off its attack onto another card (Divert Attack)
        if to_target and s.lasting:
            for onto, n, by in flash_aims.diverted_to(g, self.place):
                if onto != target.uid and to_target:
                    k = min(n, to_target)
                    to_target -= k
                    moved.append((onto, k, by))
                    to_dis += k if onto == self.dis else 0
        before = g.max_health(target.uid) - target.damage
        target.damage += to_target
        if also and s.lasting:  # a factor on the damage one of them takes (Frozen, Shield)
            also = [(c, c_def, n * _factor(g, c.uid)) for c, c_def, n in also]
        if also and steer:  # its attack on every other Character there too (Introduction, Know When to Run)
            also = [(c, c_def, _steer_cut(steer, n)) for c, c_def, n in also]
            notes.update(steered=steer, steered_by=g.card(steer_by).id)
        for c, _c_def, n in also:
            c.damage += n
        if second is not None and second[0] is not target:
            second[0].damage += second[3]
        if rules and to_dis and (needs := lasting.defeat_needs(g, self.dis)) is not None:
            allowed = _defeat_needs(g, self.dis, d, to_dis, strikers, needs)  # its text: who may Defeat it
            if allowed != to_dis:
                notes["held_from"] = to_dis
            to_dis = allowed
        d.damage += to_dis
        if diverted is not None:
            diverted[0].damage += diverted[2]
            notes["diverted"] = {
                "card": g.card(diverted[0].uid).id,
                "uid": diverted[0].uid,
                "defense": diverted[1],
                "damage": diverted[2],
                "health": g.max_health(diverted[0].uid) - diverted[0].damage,
            }
        for onto, k, by in moved:
            if onto in s.characters:
                s.characters[onto].damage += k
            notes.setdefault("moved", []).append(
                {
                    "card": g.card(onto).id,
                    "uid": onto,
                    "damage": k,
                    "by": g.card(by).id,
                    **({"disaster": True} if onto in s.disasters else {}),
                }
            )
        after = g.max_health(target.uid) - target.damage
        shares = [(gu, protector_share(g, to_target) * _factor(g, gu)) for gu, _gd in guards]
        for gu, share in shares:  # COMBAT-22
            s.characters[gu].damage += share
        g.emit(
            "combat_round",
            round=self.round,
            disaster=g.card(self.dis).id,
            target=g.card(target.uid).id,
            disaster_card=None if dis_card is None else g.card(dis_card).id,
            target_card=None if tgt_card is None else g.card(tgt_card).id,
            disaster_attack=d_att,
            disaster_defense=d_def,
            target_defense=t_def,
            strikers=detail,
            strike=strike,
            damage_to_target=to_target,
            damage_to_disaster=to_dis,
            target_health=after,
            disaster_health=g.max_health(self.dis) - d.damage,
            unanswered=unanswered,
            **_guard_report(g, guards, shares),
            **_also_report(g, also),
            **_second_report(g, second),
            **_before_cards(g, self, target.uid, d_mods, tgt_self, dis_opp, detail, (d_att, d_def, t_def), notes),
            **notes,
        )
        if strikers:
            uses.spend(g, strikers, "attack")  # CARD-17: a limited Attack bonus is used in each round it strikes
        if to_target or also or shares:  # a card that wears out with its bearer's damage (Ross' Battle Suit)
            wear_out(g, [target, *(c for c, _c_def, _n in also), *(s.characters[gu] for gu, _n in shares)], False)
        for used in (dis_card, *dis_more, tgt_card, *tgt_more):
            if used is not None:
                s.players[seat].combat_used.append(used)
                mine = used == tgt_card or used in tgt_more  # the target's (Crazy Eyes: more than one)
                if mine or dis_self:  # (a text that voids Combat cards voids them for the fight)
                    self.kept += for_the_combat(g, used, target.uid if mine else self.dis)
        if second is not None and second[1] is not None:
            s.players[second[0].owner].combat_used.append(second[1])
        if triggers.effects_of(g.card(self.dis), "hurts"):  # its text when its attack deals Health damage
            hurt = [(target, to_target), *((c, n) for c, _c_def, n in also)]
            if second is not None and second[0] is not target:
                hurt.append((second[0], second[3]))
            for c, n in hurt:
                if n > 0 and not game_over(s) and self.dis in s.disasters:
                    triggers.hurts(g, self.dis, c.uid, n)
        # simultaneous results (COMBAT-3)
        mh = g.max_health(target.uid)
        took = False
        beaten = []
        if target.uid not in s.characters or target.pos == OFF:
            pass  # its text took it out already
        elif killed(g, mh, before, after, to_target, d_att, target.uid):
            took = kill(g, target, self.dis)
            beaten.append((seat, target.uid))
        elif after <= 0:
            took = bonk(g, target, self.dis)
            beaten.append((seat, target.uid))
        if beaten and target.uid in s.characters and target.bonked_at < 0:
            beaten.pop()  # a card it carried saved it (Robot Slave): it was not beaten
        if second is not None and second[0] is not target:
            also = [*also, (second[0], second[2], second[3])]
        for c, _c_def, n in also:
            if c.uid not in s.characters or c.pos == OFF:
                continue  # its text took it out already
            mh = g.max_health(c.uid)
            after_c = mh - c.damage
            if killed(g, mh, after_c + n, after_c, n, d_att, c.uid):
                took = kill(g, c, self.dis) or took
                beaten.append((c.owner, c.uid))
            elif after_c <= 0:
                took = bonk(g, c, self.dis) or took
                beaten.append((c.owner, c.uid))
            if beaten and beaten[-1][1] == c.uid and c.uid in s.characters and c.bonked_at < 0:
                beaten.pop()  # saved by a card it carried (Robot Slave)
        for gu, share in shares:
            ch = s.characters[gu]
            mh = g.max_health(gu)
            if killed(g, mh, mh - ch.damage + share, mh - ch.damage, share, 0, gu) or (
                g.rules.kill_rule == "raw_attack_3x" and share >= 3 * mh
            ):
                took = kill(g, ch, self.dis) or took
            elif mh - ch.damage <= 0:
                took = bonk(g, ch, self.dis) or took
            if gu not in s.characters or s.characters[gu].bonked_at >= 0:
                beaten.append((seat, gu))
        hit = diverted[0] if diverted is not None else None
        if hit is not None and hit.uid in s.characters and hit.pos != OFF and hit.bonked_at < 0:  # noqa: SIM102
            if g.max_health(hit.uid) - hit.damage <= 0:
                bonk(g, hit, self.dis)  # brought down by the strike turned on it (Najato)
        for onto, k, _by in moved:  # the cards a player moved damage onto (Divert Attack)
            if onto in s.characters:
                took_it = s.characters[onto]
                if took_it.pos != OFF and took_it.bonked_at < 0 and g.max_health(onto) - took_it.damage <= 0:
                    bonk(g, took_it, self.dis)
                continue
            o = s.disasters.get(onto)
            if onto != self.dis and o is not None and o.pos != OFF and g.max_health(onto) - o.damage - k <= 0:
                defeat(g, onto, o.pos, seat)  # (short of that it heals at once, as after a fight: COMBAT-13)
        for victim_owner, victim in beaten:
            triggers.beats(g, self.dis, victim_owner, victim)  # e.g. Kiriya: a hand card for each one it beats
        if g.card(self.dis).effects and not game_over(s):  # its text after each round (Zarbon, Guldo)
            triggers.round_over(g, self.dis, self.place, seat, self.round, [] if unanswered else strikers, to_dis)
        if self.dis not in s.disasters:
            pass  # its own text took it out of play
        elif g.max_health(self.dis) - d.damage <= 0 and not unanswered:
            defeat(g, self.dis, self.place, seat)
        elif took and not unanswered and (g.rules.move_after_swap or (rules and lasting.steals_and_runs(g, self.dis))):
            self.stage = "swap_move"
        elif rules and lasting.breaks_off_after(g, self.dis, self.round):
            self.ran = sorted({*self.ran, *(c.owner for c in self.pool(g))})  # its text: it breaks off the fight
            g.emit("disaster_breaks_off", card=g.card(self.dis).id, uid=self.dis, round=self.round)
        if s.lasting and strikers and to_dis and not unanswered:  # an Energy Attack that spreads (Nanami Rokugo)
            for c in energy_splash(g, self.place, strikers, to_dis, OFF):
                bonk(g, c, None)
        if s.lasting:
            lasting.round_over(g, [self.dis, *(c.uid for c in g.characters_at(self.place))])
        round_back(g, [c.uid for c in g.characters_at(self.place, seat)])  # COMBAT-9: 1 Energy back a round
        in_fight.heal_after_round(g, [c.uid for c in g.characters_at(self.place, seat)])  # its text (Tien)
        for c in in_fight.scorch(g, self.place):  # a Super Saiyan there: 1 damage to the others each round
            bonk(g, c, None)
        dealt = [target.uid] if to_target else []
        dealt += [c.uid for c, _c_def, n in also if n] + [gu for gu, share in shares if share]
        for u in in_fight.reverting(g, dealt):  # its text: hurt, it takes its lower values (Oolong)
            force(g, u)
            if g.max_health(u) - s.characters[u].damage <= 0:
                bonk(g, s.characters[u], None)
        if rally and dealt and not game_over(s):  # a friend of its fell low: more damage next round (Baby Gohan)
            here = [c.uid for c in g.characters_at(self.place)]
            in_fight.rally_marks(g, self.place, dealt, self.round, were(g, here))
        check(g)

    def _second_attack(
        self,
        g: Context,
        target: CharacterState,
        guards: list[tuple[int, int]],
        also: list[tuple[CharacterState, int, int]],
        factor: int,
    ) -> tuple[CharacterState, int | None, int, int, int] | None:
        """Its second attack of the round (``two_targets``; an ``ally`` record on it: Mystery Foe), as (the
        Character hit, the Disaster's Combat card for it, that Character's Defense, the damage, the Attack); None
        when it makes none. It goes at another Character fighting it (DIS-29 picks); allied, at the same one
        again when it fights one alone."""
        s = g.state
        twice = self.dis in s.statics and lasting.targets_per_round(g, self.dis) > 1
        allied = bool(s.lasting) and bool(lasting.allies_of(g, self.dis))
        if not (twice or allied):
            return None
        taken = {target.uid, *(gu for gu, _gd in guards), *(c.uid for c, _d, _n in also)}
        others = [c for c in self.pool(g) if c.uid not in taken]
        if s.statics or s.lasting:
            others = lasting.target_pool(g, self.dis, others)
        others = bearer.disasters_spare(g, others, self.dis)
        if others:
            victim = _pick_target(g, others)
        elif allied:
            victim = target
        else:
            return None
        card = draw_combat(g, victim.owner)
        own, opp = combat_mods(g, card, self.dis, victim.uid, victim.owner)
        if self.dis in s.statics and lasting.combat_cards_void(g, self.dis):
            own, opp = {}, {}
        att = abilities.value(
            g, self.dis, "attack", held(self.kept, self.dis, "attack") + own.get("attack", []), against=victim.uid
        )
        dfn = abilities.value(
            g, victim.uid, "defense", held(self.kept, victim.uid, "defense") + opp.get("defense", []), against=self.dis
        )
        return victim, card, dfn, factor * max(0, att - dfn), att

    def _standstill(self, g: Context, d: DisasterState, pool: list[CharacterState]) -> bool:
        """Rounds are unlimited (COMBAT-4), but cards can make a fight impossible to end: a group that can never
        be Bonked and may not Run Away (Dr. Tofu under Kasumi) against a Disaster its blows cannot hurt. After
        :data:`STANDSTILL` rounds in a row that change nothing (the same fighters, the same damage on each and
        on the Disaster) the fight ends with no result (engine decision, docs/rulesets.md): nobody is Defeated,
        nobody Runs Away, and everyone heals as after any fight (COMBAT-13)."""
        now = [d.damage, *(x for c in sorted(pool, key=lambda c: c.uid) for x in (c.uid, c.damage))]
        self.still = self.still + 1 if now == self.last else 0
        self.last = now
        if self.still < STANDSTILL:
            return False
        s = g.state
        g.emit(
            "combat_standstill",
            card=g.card(self.dis).id,
            uid=self.dis,
            cell=cell_list(s.places[self.place].cell),
            rounds=self.round,
        )
        self._end(g)
        return True

    def _end(self, g: Context) -> None:
        s = g.state
        g.pop()
        wear_out(g, [c for c in s.characters.values() if c.damage], True)  # the damage counts before it heals
        for c in s.characters.values():  # COMBAT-13: survivors heal at once (runners too)
            c.damage = s.counters.get(c.uid * SLOTS + KEPT_DAMAGE_COUNTER, 0) if s.counters and c.bonked_at < 0 else 0
            c.energy_spent = 0
        d = s.disasters.get(self.dis)
        charm.combat_over(g, self.dis)
        if s.lasting and self.round:
            for ally in lasting.allies_of(g, self.dis):  # its ally's help was for this one fight (Mystery Foe)
                if ally in s.disasters:
                    s.disasters[ally].ally_of = OFF
                    primitives.leave_play(g, s.disasters[ally], "done")
        if s.lasting and self.round:  # effects lasting until the fighters' next fight are over (e.g. No Way Out)
            lasting.combat_over(
                g, [self.dis, *(c.uid for c in s.characters.values() if c.pos == self.place or c.owner in self.ran)]
            )
        if self.round or self.charm_done:
            g.emit("combat_ended", card=g.card(self.dis).id, defeated=d is None and _defeated_in_fight(g, self.dis))
        if self.round and any(p.globals for p in s.players):
            uses.after_fight(g, self.dis)  # a Global whose use a fight spends (Dr. Stingray)
        if (
            d is not None
            and self.round
            and self.stage != "bribed"
            and not self.called_off
            and triggers.effects_of(g.card(self.dis), "survived")
        ):
            alive = tuple(u for u in self.fought if u in s.characters and s.characters[u].bonked_at < 0)
            triggers.survived(g, self.dis, self.place, alive)  # its text (Furry Eyes)
            d = s.disasters.get(self.dis)
        if d is not None:
            d.damage = 0
            if self.scavenging and d.pos == self.place and not self.pool(g):
                # DIS-18: a revealed Disaster that survives takes the Item and moves its full Movement now
                primitives.take_item(g, d)
                card = g.card(d.uid)
                if card.disaster is not None and card.disaster.movement.value == "normal" and not game_over(s):
                    g.push(DisasterMove(d.uid, stage="walk", remaining=g.ability(d.uid, "movement")))
        after_combat(g, self)  # DIS-26: a Defeated primary's ally fights on


def _guard_report(g: Context, guards: list[tuple[int, int]], shares: list[tuple[int, int]]) -> dict[str, Any]:
    """The ``protectors`` field of a combat round's event (only when someone protects, CONF-28)."""
    if not guards:
        return {}
    chars = g.state.characters
    return {
        "protectors": [
            {
                "card": g.card(u).id,
                "uid": u,
                "defense": gd,
                "damage": share,
                "health": g.max_health(u) - chars[u].damage,
            }
            for (u, gd), (_u, share) in zip(guards, shares, strict=True)
        ]
    }


def _ignore_strongest(hits: list[int], detail: list[dict[str, Any]], n: int) -> None:
    """Its text: it ignores the ``n`` strongest strikes of the round (``ignores``: Cloud Monster). Each counts
    0 and its entry in the round's report says so."""
    for _ in range(min(n, len(hits))):
        i = hits.index(max(hits))
        if hits[i] > 0:
            detail[i]["ignored"] = True
        hits[i] = 0


def _before_cards(
    g: Context,
    combat: Combat,
    target: int,
    d_mods: tuple[list[StatValue], list[StatValue]],
    tgt_self: dict[str, list[StatValue]],
    dis_opp: dict[str, list[StatValue]],
    detail: list[dict[str, Any]],
    values: tuple[int, int, int],
    notes: dict[str, Any],
) -> dict[str, Any]:
    """The ``before_cards`` field of a combat round's event: the values the round's Combat cards changed, as
    they were without them (only those that differ), so that a sentence can show what the cards did. The
    target's own strike is marked in its striker entry (``before_cards``)."""
    t_mods = tgt_self.get("defense", []) + dis_opp.get("defense", [])
    a_mods = tgt_self.get("attack", []) + dis_opp.get("attack", [])
    if not (d_mods[0] or d_mods[1] or t_mods or a_mods):
        return {}
    d_att, d_def, t_def = values
    out: dict[str, int] = {}
    if d_mods[0]:
        strike = sum(int(one["attack"]) for one in detail)
        plain = max(0, strike) if notes.get("attack_is_strike") else None
        before = plain if plain is not None else abilities.value(g, combat.dis, "attack", against=target)
        if before != d_att:
            out["disaster_attack"] = before
    if d_mods[1] and (before := abilities.value(g, combat.dis, "defense", against=target)) != d_def:
        out["disaster_defense"] = before
    if t_mods and (before := abilities.value(g, target, "defense", against=combat.dis)) != t_def:
        out["target_defense"] = before
    if a_mods:
        for one in detail:
            if (
                one["uid"] == target
                and (before := abilities.value(g, target, "attack", against=combat.dis)) != one["attack"]
            ):
                one["before_cards"] = before
    return {"before_cards": out} if out else {}


def _defeat_needs(g: Context, dis: int, d: DisasterState, to_dis: int, strikers: list[int], needs: DefeatNeeds) -> int:
    """Its text lets only a strong enough defence Defeat it (``defeat_needs``: Dai-Kokusei and Dai-Hakusei):
    the damage it takes this round, kept short of its last Health point when the strikers fall short."""
    left = g.max_health(dis) - d.damage
    if to_dis < left:
        return to_dis
    total = sum(abilities.value(g, u, "defense") for u in strikers)
    for skill, bonus in needs.per_skill.items():
        total += bonus * sum(skill_count(g, u, skill) for u in strikers)
    if total > needs.over:
        return to_dis
    g.emit("disaster_holds_on", card=g.card(dis).id, uid=dis, defense=total, needed=needs.over + 1)
    return max(0, left - 1)


def _second_report(g: Context, second: tuple[CharacterState, int | None, int, int, int] | None) -> dict[str, Any]:
    """The ``second_attack`` field of a combat round's event (``two_targets``, ``ally``)."""
    if second is None:
        return {}
    c, card, dfn, n, att = second
    return {
        "second_attack": {
            "card": g.card(c.uid).id,
            "uid": c.uid,
            "disaster_card": None if card is None else g.card(card).id,
            "attack": att,
            "defense": dfn,
            "damage": n,
            "health": g.max_health(c.uid) - c.damage,
        }
    }


def _also_report(g: Context, also: list[tuple[CharacterState, int, int]]) -> dict[str, Any]:
    """The ``also_hit`` field of a combat round's event: the others its attack reached (``hits_all``)."""
    if not also:
        return {}
    return {
        "also_hit": [
            {
                "card": g.card(c.uid).id,
                "uid": c.uid,
                "defense": c_def,
                "damage": n,
                "health": g.max_health(c.uid) - c.damage,
            }
            for c, c_def, n in also
        ]
    }


def _pick_target(g: Context, pool: list[CharacterState]) -> CharacterState:
    carriers = [c for c in pool if bearer.detectable(g, c)]  # an Item a card hides is not seen
    candidates = sorted(carriers or pool, key=lambda c: c.uid)
    if g.scripted_targets:  # a scenario fixes this random choice
        want = g.scripted_targets.pop(0)
        for c in candidates:
            if g.state.cards[c.uid] == want:
                return c
        names = [g.state.cards[c.uid] for c in candidates]
        raise ValueError(f"scripted target {want!r} is not a possible target now (possible: {names})")
    if g.rules.disaster_target == "weakest":  # 002 (CONF-25)
        return min(
            candidates,
            key=lambda c: (*(g.ability(c.uid, a) for a in ("defense", "attack", "energy", "movement")), c.uid),
        )
    return candidates[g.rand_below(len(candidates))]


_DEFEAT_EVENTS: Final = frozenset({"disaster_defeated", "disaster_defeated_by_discard"})


def _defeated_in_fight(g: Context, uid: int) -> bool:
    """Whether the Disaster ``uid`` was Defeated in the fight now ending (not merely gone: its own text may
    have Discarded it, Acid Head after its third round): the log back to the fight's start says."""
    for ev in g.log[::-1]:
        if ev.get("uid") == uid:
            if ev["e"] in _DEFEAT_EVENTS:
                return True
            if ev["e"] == "combat_started":
                return False
    return False


def _run_held(g: Context, target: CharacterState, place: int) -> bool:
    """Whether the attacked Character's side may not Run Away (CARD-22): a card forbids one of the side's
    Characters there to run, or keeps it at its Location (lasting.kept_by); they run together (COMBAT-19)."""
    if not (g.state.lasting or g.state.statics):
        return False
    return any(lasting.kept_by(g, c.uid, "run") != OFF for c in g.characters_at(place, target.owner))


def _energy_attacking(g: Context, uid: int) -> bool:
    """Whether a Flash Effect that is an Energy Attack holds on the Character ``uid`` for this round (a lasting
    record until its next round is over: Panic Attack)."""
    return any(
        uid in r.targets
        and r.until == NEXT_ROUND
        and g.card(r.source).type is CardType.FLASH_EFFECT
        and answers.is_energy_attack(g, r.source)
        for r in g.state.lasting
    )


def energy_splash(g: Context, place: int, strikers: list[int], dealt: int, target: int) -> list[CharacterState]:
    """After a physical round at ``place`` whose strike dealt ``dealt`` damage: for each striker whose card
    ``splash``es an Energy Attack it struck with, every other Character there but ``target`` (the Character struck,
    OFF for a Disaster) flips a coin (rock-paper-scissors, MISC-6) and each that loses takes its share of the damage
    (Nanami Rokugo); the event ``energy_splash``. Returns those left with no Health, for the caller to Bonk."""
    s = g.state
    out: list[CharacterState] = []
    for u in strikers:
        found = of_kind(g.card(u), Splash)
        if not found or u not in s.characters or not _energy_attacking(g, u):
            continue
        n = dealt // found[0].share
        for c in sorted(g.characters_at(place), key=lambda c: c.uid):
            if c.uid in (u, target) or c.bonked_at >= 0:
                continue
            lost = g.rand_below(2) == 0
            if lost and n:
                c.damage += n
            g.emit(
                "energy_splash",
                card=g.card(c.uid).id,
                uid=c.uid,
                by=g.card(u).id,
                lost=lost,
                damage=n if lost else 0,
                health=g.max_health(c.uid) - c.damage,
            )
            if lost and n and g.max_health(c.uid) - c.damage <= 0 and c not in out:
                out.append(c)
    return out


def were(g: Context, uids: list[int]) -> list[int]:
    """Those of ``uids`` showing their right-hand values (their own form, or a card in play switching it: Full
    Moon)."""
    s = g.state
    return [
        u
        for u in uids
        if (c := s.characters.get(u)) is not None and (c.form or ((s.statics or s.lasting) and lasting.alt_form(g, u)))
    ]


def runs_alone(g: Context, uid: int) -> bool:
    """Whether the Character may Run Away alone from a fight (``run_alone``: Yajirobe), no card holding it there
    (CARD-22)."""
    if not of_kind(g.card(uid), RunAlone):
        return False
    return not (g.state.lasting or g.state.statics) or lasting.kept_by(g, uid, "run") == OFF


def run_away(g: Context, seat: int, place: int, runners: list[int]) -> bool:
    """After the last attack on a side that Ran Away (COMBAT-19): its Characters still there (``runners``) may
    not Scavenge this turn, neither where they run to nor anywhere else (SCAV-15; 5E: the turn ends), and they
    move off (:class:`RunTo`). False when nobody is left."""
    s = g.state
    for uid in runners:
        s.characters[uid].no_scavenge = place
    if g.rules.run_away_ends_turn and seat == s.active:
        s.players[seat].turn_over = True
    if runners:
        g.push(RunTo(seat=seat, place=place, runners=runners))
    return bool(runners)


@dataclass(slots=True)
class RunTo:
    """Characters that Ran Away move 1 Location (COMBAT-19; CONF-29 'full' moves up to their Movement)."""

    seat: int
    place: int
    runners: list[int]

    def run(self, g: Context) -> None:
        s = g.state
        here = [u for u in self.runners if u in s.characters and s.characters[u].pos == self.place]
        if not here:
            g.pop()
            return
        cells = _escape_cells(g, self.seat, self.place, here)
        if not cells:
            g.emit("no_escape", seat=self.seat)
            g.pop()
            return
        g.ask(self.seat, "runto", "where your Characters run to", [act("runto", c) for c in cells])

    def resume(self, g: Context, action: Action) -> None:
        s = g.state
        dest = s.grid[action.cell]
        for u in self.runners:
            ch = s.characters.get(u)
            if ch is not None and ch.pos == self.place:
                ch.pos = dest
                ch.moved = True
        g.emit("ran_to", seat=self.seat, cell=cell_list(action.cell))
        g.pop()


def _escape_cells(g: Context, seat: int, place: int, runners: list[int]) -> list[tuple[int, int]]:
    s = g.state
    start = s.places[place].cell
    if g.rules.run_away == "full":
        speed = min(g.ability(u, "movement") for u in runners)
        cells = [c for c, d in distances(s, start, g.rules.adjacency, max(1, speed)).items() if d > 0]
    else:
        cells = [c for c in neighbours(start, g.rules.adjacency) if c in s.grid]
    out = []
    for c in cells:
        p = s.places[s.grid[c]]
        if p.haven and p.uid not in s.players[seat].havens:
            continue
        if not p.haven and (p.destroyed or not may_stop(g, s.characters[runners[0]], p.uid)):
            continue
        out.append(c)
    return sorted(out)


def wear_out(g: Context, chars: list[CharacterState], healing: bool) -> None:
    """Discard the cards whose bearer has taken their ``wears_out`` damage in all (effects/bearer.py)."""
    for u in bearer.worn_out(g, chars, healing):
        if not game_over(g.state):
            primitives.remove_from_play(g, u, "discard", u)


def after_combat(g: Context, combat: Combat) -> None:
    """DIS-26: a fight is over: if the primary was Defeated, its freed allies fight the same Characters now."""
    s = g.state
    if combat.dis in s.disasters or game_over(s):
        return
    freed = [a for a in s.disasters.values() if a.ally_of == combat.dis]
    for a in freed:
        a.ally_of = OFF
        g.emit("ally_freed", card=g.card(a.uid).id, uid=a.uid)
    if not combat.pool(g):
        return
    for a in sorted(freed, key=lambda a: a.arrived, reverse=True):
        if a.pos == combat.place:
            g.push(Combat(dis=a.uid, place=combat.place, seats=combat.seats))


def _nearest_other(g: Context, place: int, seat: int) -> CharacterState | None:
    """The Character of another player than ``seat`` nearest to ``place`` on the Field (not Bonked, not in a Haven),
    ties broken at random (the game's RNG); None when there is none (``combat_rule`` ``diverts``: Najato)."""
    s = g.state
    others = [
        c
        for c in sorted(s.characters.values(), key=lambda c: c.uid)
        if c.owner != seat and c.pos != OFF and c.bonked_at < 0 and not s.places[c.pos].haven
    ]
    if not others:
        return None
    steps = distances(s, s.places[place].cell, g.rules.adjacency, 64)
    far = {c.uid: steps.get(s.places[c.pos].cell, 999) for c in others}
    least = min(far.values())
    nearest = [c for c in others if far[c.uid] == least]
    return nearest[0] if len(nearest) == 1 else nearest[g.rand_below(len(nearest))]


def _steer_cut(steer: str, n: int) -> int:
    """The damage ``n`` of one of its attacks once a ``steer`` holds it back or halves it (flash_aims.steered)."""
    return 0 if steer == "hold" else n // 2


def _factor(g: Context, uid: int) -> int:
    """The factor a Flash Effect lasting on ``uid`` puts on the damage it takes from another source than the
    round's attack on it (a protector's share, a Disaster's text hitting everyone there: Frozen 2, Shield 0)."""
    return flash_aims.damage_taken(g, uid)[0] if g.state.lasting else 1


agenda.frame(agenda.COMBAT)(Combat)
