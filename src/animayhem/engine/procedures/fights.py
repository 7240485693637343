"""Fights between players' Characters, and protection (RULES.md COMBAT-1, COMBAT-5, COMBAT-6, COMBAT-10,
COMBAT-11, COMBAT-13, COMBAT-16, COMBAT-18, COMBAT-19, COMBAT-21, COMBAT-22, COMBAT-27; AMB-20, AMB-21,
AMB-48; CONF-27, CONF-28).

Starting (AMB-20): the active player may start a fight at a Location where its Characters stand with another
player's, in the Move phase at a Location one of them moved to this turn, or in the Scavenge phase; once per
Location and turn (``fight x,y``; ``fight x,y cN`` names the defending player by one of its Characters when
several players stand there). All of both players' Characters at that Location take part.

A round:

1. Running Away (COMBAT-19): each side, the round's first declarer first, answers ``run`` or ``stay`` (in
   round 1 only the defender is asked: the other side has just chosen to fight). A side that runs takes one
   last attack from the other side, with no counter-strike and no protection, then moves away (``RunTo``).
2. Declarations, one at a time (``hit cA cT``: cA attacks cT; ``protect cA cP``: cA protects cP; ``done``).
   Under ``fight_declarations: sides`` (000) a side declares as many as it likes, then the other side, and so
   on until both have said ``done`` with nothing new in between; the first declarer alternates each round,
   starting with the player who began the fight (COMBAT-27, AMB-21). Under ``alternate`` (5E p.61) the sides
   take turns with single declarations, the player who began the fight first in every round. Each Character
   has one role a round (COMBAT-21): a Character under attack may only counter-strike one of its attackers;
   one that is not may attack any opposing Character or protect a Character of its own side. At most
   ``fight_attackers`` attack one Character (COMBAT-10, CONF-27) and at most 2 protect one (COMBAT-22).
3. Combat cards (COMBAT-6, AMB-22): one for each Character under attack, from its owner's Combat pile; the
   round's first declarer draws first, in the order its Characters came under attack. A card's physical half
   modifies its holder, and its "opponent" modifiers every Character engaged with the holder (those
   attacking it and the one it attacks), in the COMBAT-7 order.
4. Resolution, all at once (COMBAT-3, COMBAT-11): the Attack of everyone attacking a Character, against its
   Defense plus each protector's; what is left is dealt in full to it, and each protector takes half of it
   (``protector_rounding``, AMB-48), at least 1 a round (COMBAT-22). Then the Bonk and Kill tests (COMBAT-14,
   COMBAT-16); what a beaten Character carried drops under the Location.

The fight ends (COMBAT-18) when one side has no Character left there, after a side ran, or after a round in
which nobody attacked; the survivors heal at once (COMBAT-13).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from animayhem.cards.effects import Avenges, TargetRule
from animayhem.cards.model import CardType
from animayhem.cards.stats import StatKind, StatValue, modifier
from animayhem.engine.core.actions import Action, act
from animayhem.engine.core.events import cell_list
from animayhem.engine.core.fight import DuelFrame
from animayhem.engine.core.state import OFF, SLOTS, SPARED_COUNTER, CharacterState, game_over
from animayhem.engine.core.statics import of_kind, per_card_list
from animayhem.engine.core.win import check
from animayhem.engine.effects import abilities, bearer, energy, flash_aims, in_fight, lasting, uses
from animayhem.engine.effects.primitives import bonk, kill
from animayhem.engine.effects.transform import force
from animayhem.engine.procedures import activated, charm, windows
from animayhem.engine.procedures.combat import energy_splash, run_away, runs_alone, wear_out, were
from animayhem.engine.procedures.combat_cards import (
    HEAL,
    VOID,
    Held,
    combat_mods,
    draw_combat,
    fight_times,
    for_the_combat,
    held,
    party_mods,
    textual,
)
from animayhem.engine.procedures.defeat import killed
from animayhem.engine.procedures.protection import MAX_PROTECTORS, may_guard, protector_share

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


# ---------------------------------------------------------------------- starting a fight (AMB-20)


def fight_options(g: Context, seat: int, phase: str) -> list[str]:
    """The ``fight`` actions open to the active ``seat`` in the Move (``phase='move'``) or Scavenge phase."""
    s = g.state
    if s.statics and lasting.forbidden(g, "fight_players") is not None:
        return []  # a card in play forbids attacks between players (One World)
    p = s.players[seat]
    out: list[str] = []
    places = sorted({c.pos for c in s.characters.values() if c.owner == seat and c.pos != OFF and c.bonked_at < 0})
    for place in places:
        pl = s.places[place]
        if pl.haven or place in p.fights:
            continue
        mine = g.characters_at(place, seat)
        if phase == "move" and not any(c.moved for c in mine):
            continue
        # a Character no one may start a fight with (Don't Touch, effects/bearer.py) gives no reason to fight here
        others = sorted({c.owner for c in g.characters_at(place) if c.owner != seat and _touchable(g, c)})
        if len(others) == 1:
            out.append(act("fight", pl.cell))
        else:
            for other in others:
                out.append(act("fight", pl.cell, min(c.uid for c in g.characters_at(place, other))))
    return out


def _touchable(g: Context, ch: CharacterState) -> bool:
    """Whether another Character may start a fight with ``ch`` (no card it holds forbids it: ``untouchable``)."""
    return bearer.untouchable(g, ch) is None


def _spares(g: Context, uid: int, target: CharacterState) -> bool:
    """Whether the Character ``uid``'s own card says it never attacks ``target`` (a Character card's static
    ``target_rule`` with ``never``: Ryoko and Tenchi, Ukyo and Ranma)."""
    rules = of_kind(g.card(uid), TargetRule)
    return any(r.never is not None and lasting.matches(g, target, r.never) for r in rules)


def start_fight(g: Context, seat: int, action: Action) -> None:
    s = g.state
    place = s.grid[action.cell]
    if action.cards:
        defender = s.characters[action.cards[0]].owner
    else:
        defender = next(c.owner for c in g.characters_at(place) if c.owner != seat)
    s.players[seat].fights.append(place)
    g.push(Fight(place=place, seats=[seat, defender]))


def public_fight(g: Context) -> dict[str, Any] | None:
    """What everyone at the table sees of the fight in progress (for views and agents)."""
    for f in g.state.agenda[::-1]:
        if isinstance(f, Fight):
            return {
                "cell": list(g.state.places[f.place].cell),
                "seats": list(f.seats),
                "round": f.round,
                "stage": f.stage,
                "hits": [[a, t] for a, t in zip(f.hit_by, f.hit_at, strict=True)],
                "protects": [[p, t] for p, t in zip(f.guard_by, f.guard_at, strict=True)],
                "dealt": list(f.dealt),
            }
    return None


# ---------------------------------------------------------------------- the fight


@dataclass(slots=True)
class Fight(DuelFrame):
    place: int
    seats: list[int]  # [the player who started the fight, the defender]
    round: int = 0
    stage: str = "start"  # start, run, declare, last (the final attack on a side that ran), runto
    asked: int = 0  # run questions answered this round
    turn: int = 0  # whose declaration turn it is: index into this round's order
    mark: int = -1  # declarations made when the last side said done (-1: nobody has yet)
    runner: int = -1  # the seat that Ran Away this round
    hit_by: list[int] = field(default_factory=list)  # attackers, in the order declared
    hit_at: list[int] = field(default_factory=list)  # their targets
    guard_by: list[int] = field(default_factory=list)  # protectors
    guard_at: list[int] = field(default_factory=list)  # whom they protect
    dealt: list[int] = field(default_factory=lambda: [0, 0])  # damage each side dealt in the last round
    kept: Held = field(default_factory=list)  # Combat cards holding for the rest of the fight (Screwed / Hero)
    stopped: list[int] = field(default_factory=list)  # attacks stopped by a card (in_fight): its uid * 1000 + round
    # its window is open: the round's blows are declared and not yet dealt (the ``fight`` window, :meth:`_window`)
    flashing: bool = field(default=False, metadata={"hash": "if_set"})
    # a card called it off (``call_off``: Washu's Space Time Converter): it ends at once, with no result
    called_off: bool = field(default=False, metadata={"hash": "if_set"})

    def mark_called_off(self) -> None:
        self.called_off = True

    # -- who is who

    def order(self, g: Context) -> list[int]:
        """This round's declaration order (COMBAT-27; AMB-21 for ``sides``)."""
        if g.rules.fight_declarations == "sides" and self.round % 2 == 0:
            return [self.seats[1], self.seats[0]]
        return list(self.seats)

    def side(self, g: Context, seat: int) -> list[CharacterState]:
        return sorted(g.characters_at(self.place, seat), key=lambda c: c.uid)

    def _other(self, seat: int) -> int:
        return self.seats[1] if seat == self.seats[0] else self.seats[0]

    def _declarers(self, g: Context) -> list[int]:
        return [self._other(self.runner)] if self.stage == "last" else self.order(g)

    # -- the frame

    def run(self, g: Context) -> None:
        s = g.state
        if game_over(s):
            return
        if self.called_off:  # a card ended it (``call_off``): no blows, no result
            self._end(g, "called_off")
            return
        if self.flashing:  # its window is closed: the blows land now, but those a card played there stopped
            self.flashing = False
            self._drop_held(g)
            self._resolve(g, windowed=True)
            return
        if self.stage == "runto":
            self._end(g, "ran_away")
            return
        if self.stage == "alone":  # one ran alone (Yajirobe): its player is asked again for the rest of the side
            self.stage = "run"
        if self.stage == "start":
            if not all(self.side(g, seat) for seat in self.seats):
                self._end(g, "side_out")
                return
            opening = self.round == 0
            if opening:
                g.emit("fight_started", cell=cell_list(s.places[self.place].cell), seats=list(self.seats))
            self.round += 1
            self.hit_by, self.hit_at, self.guard_by, self.guard_at = [], [], [], []
            self.runner, self.asked, self.stage = -1, 0, "run"
            if opening:  # COMBAT-2, COMBAT-34: the charm part comes first, in round 1 only
                depth = len(s.agenda)
                charm.open_charm(g, self.place, self.seats[0], self.seats[1])
                if len(s.agenda) > depth:
                    return
        if self.stage == "run":
            askers = self.order(g) if self.round > 1 else [self.seats[1]]
            while self.asked < len(askers) and _kept_here(g, askers[self.asked], self.place):
                self.asked += 1  # CARD-22: a card keeps one of its Characters here, so the side may not run
            if self.asked < len(askers):
                side = self.side(g, askers[self.asked])
                alone = [act("run", c.uid) for c in side if len(side) > 1 and runs_alone(g, c.uid)]  # Yajirobe
                g.ask(
                    askers[self.asked],
                    "fight_run",
                    f"round {self.round} of the fight at {_cell(g, self.place)}: run away, or stay",
                    [act("run"), *alone, act("stay")],
                )
                return
            self.stage, self.turn, self.mark = "declare", 0, -1
        while True:
            order = self._declarers(g)
            seat = order[self.turn % len(order)]
            options = self._options(g, seat)
            if not options:
                if self._done(g):
                    return
                continue
            g.ask(
                seat,
                "declare",
                f"round {self.round}: hit cA cT (cA attacks cT) or protect cA cP, one at a time; then done",
                [*options, act("done")],
            )
            return

    def resume(self, g: Context, action: Action) -> None:
        seat = g.actor
        if action.verb == "stay":
            self.asked += 1
            return
        if action.verb == "run" and action.cards:  # one Character runs alone; its side stays (Yajirobe)
            g.emit("ran_away", seat=seat, round=self.round, alone=g.card(action.cards[0]).id)
            if run_away(g, seat, self.place, [action.cards[0]]):
                self.stage = "alone"
            return
        if action.verb == "run":
            self.runner = seat
            g.emit("ran_away", seat=seat, round=self.round)
            self.stage, self.turn, self.mark = "last", 0, -1
            return
        if action.verb == "done":
            self._done(g)
            return
        a, t = action.cards
        if action.verb == "hit":
            self.hit_by.append(a)
            self.hit_at.append(t)
        else:
            self.guard_by.append(a)
            self.guard_at.append(t)
        g.emit(
            "fight_declared",
            seat=seat,
            round=self.round,
            role=action.verb,
            card=g.card(a).id,
            uid=a,
            target=g.card(t).id,
            target_uid=t,
        )
        if g.rules.fight_declarations == "alternate" and self.stage == "declare":
            self.turn += 1  # 5E: one declaration, then the other player

    def _done(self, g: Context) -> bool:
        """The side whose turn it is says done (or has nothing to declare). Returns True when the round was
        resolved: the declarations end when a side says done and nothing was declared since the last done
        (or at once for the final attack on a side that ran)."""
        count = len(self.hit_by) + len(self.guard_by)
        if self.stage == "last" or count == self.mark:
            if not self._window(g):
                self._resolve(g)
            return True
        self.mark = count
        self.turn += 1
        return False

    def _options(self, g: Context, seat: int) -> list[str]:
        s = g.state
        limit = g.rules.fight_attackers
        declared = set(self.hit_by) | set(self.guard_by)
        theirs = self.side(g, self._other(seat))
        mine = self.side(g, seat)
        out: list[str] = []
        for x in mine:
            if x.uid in declared or lasting.forbids(g, x.uid, "attack") is not None:
                continue  # held from attacking (CARD-22): it neither strikes nor protects this round (Chiao-Tzu)
            attackers = list(dict.fromkeys(a for a, t in zip(self.hit_by, self.hit_at, strict=True) if t == x.uid))
            # COMBAT-21: a Character under attack may only counter-strike one of its attackers
            targets = [c.uid for c in theirs] if self.stage == "last" or not attackers else sorted(attackers)
            # a card keeps others from starting a fight with its bearer (Don't Touch): only strike back at it
            targets = [t for t in targets if t in attackers or _touchable(g, s.characters[t])]
            out += [
                act("hit", x.uid, t)
                for t in targets
                if self.hit_at.count(t) < limit
                and charm.may_attack(g, x.uid, t)  # a charm's order (COMBAT-35)
                and not bearer.spares(g, x, s.characters[t])  # a Character it never attacks (Agent "D")
                and not _spares(g, x.uid, s.characters[t])  # its own card: it never attacks t (Ryoko)
                and (not s.lasting or _may_join(g, x.uid, t, self.hit_by, self.hit_at))  # Female Jealousy
            ]
            if self.stage == "declare" and not attackers and not _kept_from_helping(g, x.uid):
                out += [
                    act("protect", x.uid, p.uid)
                    for p in mine
                    if p.uid != x.uid
                    and p.uid not in self.guard_by
                    and self.guard_at.count(p.uid) < MAX_PROTECTORS
                    and may_guard(g, x.uid, p)  # its own card: whom it protects (Piccolo)
                ]
        return out

    def _window(self, g: Context) -> bool:
        """Open the ``fight`` window (procedures/windows.py) once the round's blows are declared, before the Combat
        cards are drawn: the fight's two players, in turn order from the active seat's left (the active seat
        last), may play their Flash Effects with ``window: [fight]``, on this fight's Characters (RULES.md
        CARD-15). False, with nothing pushed and nothing asked, when neither holds one it could play now, or
        nobody attacks (the round then ends the fight: COMBAT-18)."""
        if not self.hit_by or not windows.possible(g, "fight"):
            return False
        self.flashing = True
        x, y = g.state.places[self.place].cell
        if windows.open(
            g, "fight", f"round {self.round} of the fight at {x},{y}: the blows are declared", only=self.seats
        ):
            return True
        self.flashing = False
        return False

    # -- resolution

    def _avengers(self, g: Context) -> dict[int, int]:
        """The Characters whose card makes them attack at once whoever attacks one of their side (``avenges``:
        Chi-Chi for Gohan), each added to this round's hits against that attacker; returns the Attack bonus of
        each, by uid (also one that already hits that attacker)."""
        s = g.state
        out: dict[int, int] = {}
        declared = set(self.hit_by) | set(self.guard_by)
        for a, t in list(zip(self.hit_by, self.hit_at, strict=True)):
            victim = s.characters.get(t)
            if victim is None or a not in s.characters or s.characters[a].owner == victim.owner:
                continue
            for c in self.side(g, victim.owner):
                if c.uid == t or c.uid in out:
                    continue
                for x in of_kind(g.card(c.uid), Avenges):
                    if not lasting.one_meets(g, victim, x.whom):
                        continue
                    if c.uid in declared:
                        if (c.uid, a) in zip(self.hit_by, self.hit_at, strict=True):
                            out[c.uid] = x.attack  # it hits that attacker already: the bonus only
                        continue
                    if lasting.forbids(g, c.uid, "attack") is not None or not charm.may_attack(g, c.uid, a):
                        continue
                    self.hit_by.append(c.uid)
                    self.hit_at.append(a)
                    declared.add(c.uid)
                    out[c.uid] = x.attack
                    g.emit(
                        "fight_declared",
                        seat=c.owner,
                        round=self.round,
                        role="hit",
                        card=g.card(c.uid).id,
                        uid=c.uid,
                        target=g.card(a).id,
                        target_uid=a,
                        avenging=g.card(t).id,
                    )
        return out

    def _resolve(self, g: Context, *, windowed: bool = False) -> None:
        """The round's blows (``windowed``: after its window, where a Flash Effect may have dealt Health damage)."""
        s = g.state
        unanswered = self.stage == "last"
        avenging = {} if unanswered or not _avenging_game(g) else self._avengers(g)  # its text (Chi-Chi)
        rally = in_fight.any_rally(g)  # a card that adds damage after a friend fell (Baby Gohan)
        pairs = list(zip(self.hit_by, self.hit_at, strict=True))
        if not pairs and not unanswered:
            if windowed:  # Health damage a Flash Effect dealt (Destructo Disk) counts with the round's blows
                self._worn_out(g, set())
            self._end(g, "no_attack")  # nobody attacked this round: the fight is over (see docs/rulesets.md)
            return
        attackers_of: dict[int, list[int]] = {}
        target_of: dict[int, int] = {}
        for a, t in pairs:
            attackers_of.setdefault(t, []).append(a)
            target_of[a] = t
        # COMBAT-6, AMB-22: a card for each Character under attack, from its owner's pile
        drawn: list[tuple[int, int]] = []
        for seat in self.order(g):
            for t in attackers_of:
                if s.characters[t].owner != seat:
                    continue
                if s.lasting and lasting.forbids(g, t, "combat_cards") is not None:
                    continue  # a card keeps it from playing Combat cards (Broken Back)
                card = draw_combat(g, seat)
                if card is not None:
                    drawn.append((t, card))
                    g.emit("fight_card", seat=seat, round=self.round, card=g.card(card).id, character=g.card(t).id)
        own: dict[int, dict[str, list[StatValue]]] = {}
        opp: dict[int, dict[str, list[StatValue]]] = {}
        for ch, card in drawn:  # its text reads the first Character attacking it as its opponent
            own[ch], opp[ch] = combat_mods(g, card, ch, attackers_of[ch][0], s.characters[ch].owner)

        def engaged(x: int) -> set[int]:
            out = set(attackers_of.get(x, []))
            if x in target_of:
                out.add(target_of[x])
            return out

        texts = textual(own, opp) if drawn else []  # cards whose text does more than modifiers (combat_cards.py)
        for ch in [c for c in texts if VOID in opp[c]]:  # its text removes its opponents' cards (Hammer)
            for x in engaged(ch):
                if x in own and VOID not in opp[x]:
                    own[x], opp[x] = {}, {}
        texts = textual(own, opp) if texts else []
        for ch in texts:
            if HEAL in own[ch]:  # its text: both sides healed to full Health before the blows
                for x in (ch, *engaged(ch)):
                    s.characters[x].damage = 0

        def val(y: int, ability: str) -> int:  # COMBAT-7: its own card first, then its opponents' cards
            mods = held(self.kept, y, ability) + own.get(y, {}).get(ability, [])  # earlier rounds' cards first
            if texts and ability == "attack":  # a card of its side for the whole side (Stomp)
                mods += party_mods(y, s.characters[y].owner, texts, own, lambda c: s.characters[c].owner)
            for ch, _card in drawn:
                if ch != y and y in engaged(ch):
                    mods += opp[ch].get(ability, [])
            # its opponents' cards (Pruning Shears; the Bugrom Big Raid Medal against a Bugrom)
            mods += bearer.opponent_mods(g, sorted(engaged(y)), ability, y)
            if ability == "attack":  # the cards it holds, in this round (effects/in_fight.py: Sylia's, Linna's suits)
                mods += in_fight.attack_mods(g, y, self.round, own.get(y, {}).get("attack", []))
                if avenging.get(y):  # its text: it attacks whoever attacked one of its side (Chi-Chi)
                    mods.append(modifier(StatKind.ADD, avenging[y]))
            extra = lasting.on_attackers(g, target_of[y], ability) if s.lasting and y in target_of else 0
            # it attacks one a card guards (High Ground); a card's bonus against a kind reads its foe (Lemlia)
            return abilities.value(g, y, ability, mods, against=foe(y, ability)) + extra

        def foe(y: int, ability: str) -> int | None:  # whom a card's bonus against a kind reads (Lemlia)
            struck, by = target_of.get(y), attackers_of.get(y, [None])[0]
            return (struck if struck is not None else by) if ability == "attack" else (by if by is not None else struck)

        guards: dict[int, list[int]] = {}
        if not unanswered:
            for p, t in zip(self.guard_by, self.guard_at, strict=True):
                guards.setdefault(t, []).append(p)
        taken: dict[int, int] = {}
        raw: dict[int, int] = {}
        shared: set[int] = set()
        felled: set[int] = set()  # an attack on it dealt damage: Bonked (Meltdown)
        absorbed: list[tuple[int, list[int], int]] = []  # (card, attackers, Attack) for the next round (Yoiko)
        reports: list[dict[str, Any]] = []
        # a side that strikes first (Sleepy Grass): its blows land first, and those they fell strike back with none
        first, first_by = self._first_side(g) if s.lasting and not unanswered else (-1, OFF)
        fallen: set[int] = set()
        items = list(attackers_of.items())
        if first >= 0:  # the blows on the other side's Characters first
            items.sort(key=lambda kv: s.characters[kv[0]].owner == first)
        for t, atts in items:
            if first >= 0 and s.characters[t].owner == first:
                if not fallen:
                    fallen = self._fallen_first(g, first, taken, felled) or {OFF}
                atts = [a for a in atts if a not in fallen]
                if not atts:  # every one attacking it fell first: no blow lands on it
                    continue
            detail: list[dict[str, Any]] = [
                {
                    "card": g.card(a).id,
                    "uid": a,
                    "attack": (v := val(a, "attack") * (fight_times(a, texts, own, opp, engaged) if texts else 1)),
                    **_before_cards(g, a, "attack", v),
                }
                for a in atts
            ]
            charged = False
            if s.lasting:  # a charged attack: its Attack is the banked Energy times the card's factor (Makkankoupousou)
                for d in detail:
                    if (found := lasting.charge_of(g, int(d["uid"]))) is not None and found[0].count > 0:
                        d["attack"], d["charged"], charged = found[1].factor * found[0].count, found[0].count, True
                        d.pop("before_cards", None)
            total = sum(int(d["attack"]) for d in detail)
            proof = lasting.weapon_proof(g, t) if s.lasting else OFF  # a Weapon's strike harms it not (Missile Walk)
            unarmed = total
            if proof != OFF:
                unarmed = sum(int(d["attack"]) for d in detail if not lasting.armed(g, int(d["uid"])))
            t_def = val(t, "defense")
            if charged and (gear := _gear_defense(g, t)):  # a charged attack ignores its Equipment's Defense bonuses
                t_def = max(0, t_def - gear)
                notes_gear = {"gear_ignored": gear}
            else:
                notes_gear = {}
            plain = _before_cards(g, t, "defense", t_def)  # what its Defense was without the Combat cards
            wards: list[dict[str, Any]] = [
                {"card": g.card(p).id, "uid": p, "defense": val(p, "defense")} for p in guards.get(t, [])
            ]
            defense = t_def + sum(int(w["defense"]) for w in wards)
            damage = max(0, unarmed - defense)
            notes: dict[str, Any] = dict(notes_gear)  # a card its attackers or it holds (effects/in_fight.py)
            if rally and not unanswered and (more := in_fight.rally_bonus(g, atts, self.round, were(g, atts))):
                damage, notes["rally"] = damage + more, more  # more damage after a friend fell (Baby Gohan)
            if unarmed != total:
                notes.update(weapons_harmless=total - unarmed, weapons_harmless_by=g.card(proof).id)
            if (least := in_fight.least_damage(g, atts)) > damage:
                damage, notes["least_damage"] = least, least
            if damage and (stop := in_fight.stopper(g, t, self.stopped)) is not None:
                self.stopped.append(stop * 1000 + self.round)
                damage, notes["stopped_by"] = 0, g.card(stop).id
            if damage and s.lasting:  # a Flash Effect played on it this round (Shield, Reverse Attack, Meltdown)
                damage, back = _flash_damage(g, t, damage, unanswered, notes)
                if back:  # turned back on its first attacker (Reverse Attack)
                    taken[atts[0]] = taken.get(atts[0], 0) + back
                if notes.get("felled_by"):
                    felled.add(t)
                    fell = flash_aims.fells(g, t)
                    if lasting.absorbs(g, fell) >= 0:  # its Attack goes to those who felled it (Yoiko-no-taiso)
                        absorbed.append((fell, list(atts), val(t, "attack")))
            if damage and s.lasting and (spared := lasting.equipment_spared(g, t)) != OFF:
                bare = sum(int(d["attack"]) for d in detail if not lasting.armed(g, int(d["uid"])))
                if part := damage - min(damage, max(0, bare - defense)):  # what the Weapons' strikes add (Avoid Fire)
                    notes.update(equipment_spared=part, equipment_spared_by=g.card(spared).id)
                    key = t * SLOTS + SPARED_COUNTER
                    s.counters[key] = s.counters.get(key, 0) + part
            taken[t] = taken.get(t, 0) + damage
            raw[t] = raw.get(t, 0) + total
            for w in wards:
                share = protector_share(g, damage)
                if share and s.lasting:  # a factor on what the protector takes (Frozen, Shield)
                    share *= flash_aims.damage_taken(g, int(w["uid"]))[0]
                w["damage"] = share
                taken[int(w["uid"])] = taken.get(int(w["uid"]), 0) + share
                shared.add(int(w["uid"]))
            reports.append(
                {
                    "target": g.card(t).id,
                    "uid": t,
                    "attackers": detail,
                    "attack": total,
                    "target_defense": t_def,
                    "defense": defense,
                    "protectors": wards,
                    "damage": damage,
                    **notes,
                    **({"before_cards": {"target_defense": plain["before_cards"]}} if plain else {}),
                }
            )
        before: dict[int, int] = {}
        for y, dmg in taken.items():
            hurt = s.characters[y]
            before[y] = g.max_health(y) - hurt.damage
            hurt.damage += dmg
        for r in reports:
            uid = int(r["uid"])
            g.emit(
                "fight_hit",
                round=self.round,
                **r,
                health=g.max_health(uid) - s.characters[uid].damage,
                unanswered=unanswered,
            )
        silenced = sorted(a for a in dict.fromkeys(self.hit_by) if a in fallen)
        if silenced:  # the other side struck first and felled them: their blows never landed (Sleepy Grass)
            g.emit(
                "struck_first",
                seat=first,
                card=g.card(first_by).id,
                round=self.round,
                characters=[g.card(a).id for a in silenced],
            )
        for y in sorted(shared):
            g.emit(
                "protector_hit",
                round=self.round,
                card=g.card(y).id,
                uid=y,
                damage=taken[y],
                health=g.max_health(y) - s.characters[y].damage,
            )
        uses.spend(g, list(dict.fromkeys(self.hit_by)), "attack")  # CARD-17: a limited Attack bonus, once a round
        wear_out(g, [s.characters[y] for y, dmg in taken.items() if dmg], False)  # Ross' Battle Suit
        self.dealt = [0, 0]
        for y, dmg in taken.items():
            self.dealt[1 if s.characters[y].owner == self.seats[0] else 0] += dmg
        for ch, card in drawn:  # COMBAT-8: set aside
            s.players[s.owner[card]].combat_used.append(card)
            self.kept += for_the_combat(g, card, ch)
        for y in taken:  # simultaneous results (COMBAT-3)
            beaten = s.characters[y]
            mh = g.max_health(y)
            after = mh - beaten.damage
            dead = killed(g, mh, before[y], after, taken[y], raw.get(y, 0), y)
            if g.rules.kill_rule == "raw_attack_3x" and y in shared:  # AMB-18: a protector is not the target
                dead = dead or taken[y] >= 3 * mh
            if dead:
                kill(g, beaten, None)
            elif after <= 0 or y in felled:
                bonk(g, beaten, None)
        if s.lasting and not unanswered:  # an Energy Attack that spreads beyond its target (Nanami Rokugo)
            for a, t in pairs:
                if taken.get(t) and a not in fallen:
                    for c in energy_splash(g, self.place, [a], taken[t], t):
                        if c.uid in s.characters and c.bonked_at < 0:
                            bonk(g, c, None)
        if windowed:
            self._worn_out(g, set(taken))
        in_fight.heal_after_round(g, [c.uid for c in g.characters_at(self.place) if c.owner in self.seats])
        for c in in_fight.scorch(g, self.place):  # a Super Saiyan there: 1 damage to the others each round
            bonk(g, c, None)
        hurt_now = [y for y, dmg in taken.items() if dmg] if rally else []
        if hurt_now and not game_over(s):  # a friend of its fell low: more damage next round (Baby Gohan)
            here = [c.uid for c in g.characters_at(self.place)]
            in_fight.rally_marks(g, self.place, hurt_now, self.round, were(g, here))
        for u in in_fight.reverting(g, [y for y, dmg in taken.items() if dmg]):  # hurt, its lower values (Oolong)
            force(g, u)
            if g.max_health(u) - s.characters[u].damage <= 0:
                bonk(g, s.characters[u], None)
        if s.lasting:  # effects lasting for their targets' next physical combat round end (``next_round``)
            lasting.round_over(g, [c.uid for c in g.characters_at(self.place) if c.owner in self.seats])
        for fell, atts, attack in absorbed:  # those who felled it add its Attack next round (Yoiko-no-taiso)
            lasting.absorb(g, fell, atts, attack)
        if s.lasting:  # charges: banked by those who stayed out of the round, spent by those who struck
            self._charges(g)
        check(g)
        if unanswered:
            if run_away(g, self.runner, self.place, [c.uid for c in self.side(g, self.runner)]):
                self.stage = "runto"
            else:
                self._end(g, "ran_away")
            return
        self.stage = "start"

    def _charges(self, g: Context) -> None:
        """The round is over: a charging Character of the fight (``charge``: Makkankoupousou) that declared no blow
        and protected nobody banks ``store`` more of the Energy it has left; one that struck with Energy banked
        spends it (its ``energy_spent``) and its charge is over."""
        s = g.state
        for c in sorted(g.characters_at(self.place), key=lambda c: c.uid):
            found = lasting.charge_of(g, c.uid) if c.owner in self.seats else None
            if found is None:
                continue
            rec, v = found
            if c.uid in self.hit_by:
                if rec.count:
                    c.energy_spent += rec.count
                    s.lasting = [r for r in s.lasting if r is not rec]
                    g.emit("effect_ended", card=g.card(rec.source).id)
                continue
            if c.uid in self.guard_by or c.bonked_at >= 0:
                continue
            more = min(v.store, energy.available(g, c))
            if more:
                lasting.recharge(g, rec, rec.count + more)
                g.emit(
                    "energy_banked",
                    seat=c.owner,
                    card=g.card(c.uid).id,
                    uid=c.uid,
                    by=g.card(rec.source).id,
                    amount=more,
                    banked=rec.count + more,
                )

    def _first_side(self, g: Context) -> tuple[int, int]:
        """The seat whose side strikes first this round, with the card that says so (a ``strike_first`` record on
        one of its Characters here: Sleepy Grass); (-1, OFF) when neither or both do (the blows land together)."""
        found = [(seat, activated.strikes_first(g, [c.uid for c in self.side(g, seat)])) for seat in self.seats]
        firsts = [(seat, by) for seat, by in found if by != OFF]
        return firsts[0] if len(firsts) == 1 else (-1, OFF)

    def _fallen_first(self, g: Context, first: int, taken: dict[int, int], felled: set[int]) -> set[int]:
        """The other side's Characters the first side's blows (in ``taken`` so far) Bonk or Kill this round."""
        s = g.state
        out = set()
        for y, dmg in taken.items():
            c = s.characters[y]
            if c.owner != first and (y in felled or g.max_health(y) - c.damage - dmg <= 0):
                out.add(y)
        return out

    def _drop_held(self, g: Context) -> None:
        """After the window: drop the declarations of the Characters a card played there keeps from striking
        (``hold`` on ``attack``: Genki-Dama, Introduction; a protector also on ``assist``), or that left the fight,
        and the attacks on those that left it."""
        s = g.state

        def here(u: int) -> bool:
            c = s.characters.get(u)
            return c is not None and c.pos == self.place and c.bonked_at < 0

        hits = [
            (a, t)
            for a, t in zip(self.hit_by, self.hit_at, strict=True)
            if here(a) and here(t) and lasting.forbids(g, a, "attack") is None
        ]
        guards = [
            (p, t)
            for p, t in zip(self.guard_by, self.guard_at, strict=True)
            if here(p)
            and here(t)
            and lasting.forbids(g, p, "attack") is None
            and lasting.forbids(g, p, "assist") is None
        ]
        self.hit_by, self.hit_at = [a for a, _ in hits], [t for _, t in hits]
        self.guard_by, self.guard_at = [p for p, _ in guards], [t for _, t in guards]

    def _worn_out(self, g: Context, tested: set[int]) -> None:
        """Bonk the fight's Characters (but ``tested``, already tested with the round's blows) a Flash Effect's
        Health damage left with no Health (Destructo Disk: counted with the round's blows, COMBAT-3)."""
        for c in sorted(g.characters_at(self.place), key=lambda c: c.uid):
            if c.owner not in self.seats or c.uid in tested or c.bonked_at >= 0 or not c.damage:
                continue
            if g.max_health(c.uid) - c.damage <= 0:
                bonk(g, c, None)

    def _end(self, g: Context, reason: str) -> None:
        s = g.state
        g.pop()
        if s.lasting:  # effects lasting until their next fight of any kind (Missile Walk)
            lasting.fight_over(g, [c.uid for c in g.characters_at(self.place) if c.owner in self.seats])
        wear_out(g, [c for c in s.characters.values() if c.owner in self.seats and c.damage], True)
        if s.counters:  # the damage no Equipment counts goes with the damage (Avoid Fire)
            for c in s.characters.values():
                if c.owner in self.seats:
                    s.counters.pop(c.uid * SLOTS + SPARED_COUNTER, None)
        for c in s.characters.values():  # COMBAT-13, COMBAT-9: survivors heal, Energy comes back
            if c.owner in self.seats:
                c.damage = 0
                c.energy_spent = 0
        g.emit("fight_ended", cell=cell_list(s.places[self.place].cell), rounds=self.round, reason=reason)


_AVENGERS: dict[int, tuple[list[str], bool]] = {}


def _avenging_game(g: Context) -> bool:
    """Whether the game holds a Character card that ``avenges`` (Chi-Chi), found once per card list."""
    cards = g._cards

    def make(listed: list[str]) -> bool:
        return any(c in cards and of_kind(cards[c], Avenges) for c in set(listed))

    return per_card_list(_AVENGERS, g.state.cards, make)


def _flash_damage(g: Context, t: int, damage: int, unanswered: bool, notes: dict[str, Any]) -> tuple[int, int]:
    """What a Flash Effect lasting on the Character ``t`` (``damage_taken``) makes of the ``damage`` the round's
    attacks on it deal: a factor (Frozen 2, Shield 0), turned back (Reverse Attack: returned as the second number,
    for its first attacker), halved as its side Runs Away (Know When to Run), or, for a Meltdown, noted in
    ``notes`` (``felled_by``): it is Bonked. The notes name the card for the sentence."""
    back = 0
    factor, by = flash_aims.damage_taken(g, t)
    if factor != 1:
        notes.update(unfactored_damage=damage, damage_factor=factor, damage_by=g.card(by).id)
        if flash_aims.reflects(g, by):
            back = notes["reflected"] = damage
        damage *= factor
    if damage and (half := flash_aims.halved(g, t, unanswered)) != OFF:
        notes.update(halved_from=damage, halved_by=g.card(half).id)
        damage //= 2
    if damage and (fell := flash_aims.fells(g, t)) != OFF:
        notes["felled_by"] = g.card(fell).id
    return damage, back


def _before_cards(g: Context, uid: int, ability: str, shown: int) -> dict[str, int]:
    """``{"before_cards": value}`` when the round's Combat cards changed the value shown (for the sentence,
    engine/faces/narration.py), else nothing."""
    plain = abilities.value(g, uid, ability)
    return {} if plain == shown else {"before_cards": plain}


def _may_join(g: Context, uid: int, t: int, hit_by: list[int], hit_at: list[int]) -> bool:
    """Whether ``uid`` may attack ``t`` beside those who declared a blow on it this round: not when two of them may
    not team up (``rivals``: Female Jealousy, lasting.may_team)."""
    return lasting.may_team(g, (uid, *(a for a, at in zip(hit_by, hit_at, strict=True) if at == t)))


def _gear_defense(g: Context, uid: int) -> int:
    """The Defense bonuses (``+N``) of the Equipment the Character ``uid`` carries that count for it now."""
    ch = g.state.characters.get(uid)
    if ch is None or not ch.carried:
        return 0
    out = 0
    for u in abilities.counted(g, ch, "defense"):
        card = g.card(u)
        sv = card.stat("defense")
        if card.type is CardType.EQUIPMENT and sv is not None and sv.kind is StatKind.ADD and (sv.value or 0) > 0:
            out += sv.value or 0
    return out


def _kept_from_helping(g: Context, uid: int) -> bool:
    """Whether a card keeps the Character ``uid`` from helping another in a fight (``hold`` on ``assist``:
    Striptease), so that it protects nobody."""
    return bool(g.state.lasting or g.state.statics) and lasting.forbids(g, uid, "assist") is not None


def _kept_here(g: Context, seat: int, place: int) -> bool:
    """Whether a card keeps one of ``seat``'s Characters at ``place`` (lasting.kept_by), so that its side may not
    Run Away from the fight there (its Characters run together, COMBAT-19)."""
    s = g.state
    if not (s.lasting or s.statics):
        return False
    return any(lasting.kept_by(g, c.uid, "run") != OFF for c in g.characters_at(place, seat))


def _cell(g: Context, place: int) -> str:
    x, y = g.state.places[place].cell
    return f"{x},{y}"


# ---------------------------------------------------------------------- protection against a Disaster (5E)
