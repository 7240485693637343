"""Charm Combat (RULES.md §5c: COMBAT-28 … COMBAT-41, COMBAT-2, COMBAT-25, DIS-32, DIS-33).

A charm contest (COMBAT-29) sets each side's Charm plus bonuses plus the *charm half* of one Combat card
against the other's: first the card drawn for the side itself, then the effects of the opponent's card on
it (COMBAT-7: 5E Kagato (5+1)/2 = 3). The higher total wins by the difference; a tie does nothing (AMB-12).

* **Against a Disaster with Charm** (DIS-32): before physical round 1 the ``Combat`` frame
  frame pushes :class:`DisasterCharm`. The Disaster charm-attacks one random Character (``charm_target:
  random``, 000), the lowest Charm (``lowest``, 002) or each Character once in random order (``each``, 5E,
  AMB-23); the cards come from the fighting player's pile, the Disaster's first (COMBAT-6, COMBAT-33). The
  outcomes follow ``charm_outcomes`` (CONF-41); they are kept as :class:`~animayhem.engine.core.state.CharmLink`
  relations (``lost``, ``spared``) that the physical rounds read, and are cleared when the combat ends.
* **Between Characters** (COMBAT-34 … COMBAT-38): the active player may ``charm cA cT`` in the Scavenge phase
  (AMB-20); the fight module calls :func:`open_charm` in round 1 of a fight between players (COMBAT-34).
  The winner gives one order (``charm_command``): ``yield`` an Item to the charmer, ``drop`` an Item, or
  ``hold`` (the victim may not attack the charmer next turn; :func:`may_attack` is what the fight module
  asks). None has a cost (COMBAT-25). Before the order, the victim's owner may try to break the charm
  (COMBAT-37, ``charm_break``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from animayhem.cards.effects import CharmBonus, CharmTakes
from animayhem.cards.evaluate import meets
from animayhem.cards.stats import StatKind, StatTarget, StatValue, modifier
from animayhem.engine.core.actions import Action, act
from animayhem.engine.core.events import cell_list
from animayhem.engine.core.field import distances
from animayhem.engine.core.state import OFF, CharacterState, CharmLink, game_over
from animayhem.engine.core.statics import of_kind
from animayhem.engine.core.win import check
from animayhem.engine.effects import abilities, bearer, lasting, triggers
from animayhem.engine.effects.allies import pair
from animayhem.engine.effects.primitives import bonk, drop_first_item, gain_item, give_up_item, kill
from animayhem.engine.procedures import windows
from animayhem.engine.procedures.allied_charm import charm_ally, charmer
from animayhem.engine.procedures.combat_cards import draw_combat, resolve
from animayhem.engine.procedures.defeat import defeat, killed

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


# ---------------------------------------------------------------------- the contest (COMBAT-29, COMBAT-7)


@dataclass(frozen=True, slots=True)
class Contest:
    attacker: int
    target: int
    attacker_charm: int
    target_charm: int
    attacker_card: int | None
    target_card: int | None
    before_cards: tuple[int, int] | None = None  # both Charms without the Combat cards, when they changed one

    @property
    def margin(self) -> int:
        """How much the attacker won by (negative: it lost)."""
        return self.attacker_charm - self.target_charm


def _side(g: Context, uid: int | None, holder: int, foe: int, seat: int) -> tuple[list[StatValue], list[StatValue]]:
    """A Combat card's charm half as (Charm modifiers for its holder, Charm modifiers for the opponent); a half
    with text (``drawn`` effects) is read for ``holder`` against ``foe`` (procedures/combat_cards.py)."""
    own: list[StatValue] = []
    opp: list[StatValue] = []
    if uid is None:
        return own, opp
    if g.card(uid).effects:
        r = resolve(g, uid, "charm", holder, foe, seat)
        return r.own.get("charm", []), r.opp.get("charm", [])
    side = g.card(uid).charm_side
    if side is None:
        return own, opp
    sv = side.mods.get("charm")
    if sv is not None:
        (opp if sv.target is StatTarget.OPPONENT else own).append(sv)
    return own, opp


def contest(g: Context, attacker: int, target: int, attacker_seat: int, target_seat: int) -> Contest:
    """One charm contest. Cards: the attacker's first, each from its player's Combat pile (COMBAT-6); they
    are set aside afterwards (COMBAT-8)."""
    s = g.state
    a_card = draw_combat(g, attacker_seat)
    t_card = draw_combat(g, target_seat)
    a_own, a_opp = _side(g, a_card, attacker, target, attacker_seat)
    t_own, t_opp = _side(g, t_card, target, attacker, target_seat)
    a_total = abilities.value(g, attacker, "charm", [*a_own, *t_opp, *_bonus(g, attacker, target, True)])
    t_total = abilities.value(g, target, "charm", [*t_own, *a_opp, *_bonus(g, target, attacker, False)])
    plain = None
    if a_own or a_opp or t_own or t_opp:  # what the cards did, for the sentence (engine/faces/narration.py)
        plain = (abilities.value(g, attacker, "charm"), abilities.value(g, target, "charm"))
    if a_card is not None:
        s.players[attacker_seat].combat_used.append(a_card)
    if t_card is not None:
        s.players[target_seat].combat_used.append(t_card)
    return Contest(attacker, target, a_total, t_total, a_card, t_card, plain)


def _bonus(g: Context, uid: int, foe: int, attacking: bool) -> list[StatValue]:
    """What the Character ``uid``'s own card adds to its Charm in a contest against ``foe`` (``charm_bonus``:
    P-chan, Yamcha); ``attacking``: ``uid`` started the contest. For a Disaster: what the Characters in play
    take from every Disaster's Charm (``disasters``: Nanami Jinnai). Empty for almost every card."""
    s = g.state
    if uid not in s.characters:
        if uid not in s.disasters:
            return []
        return [
            modifier(StatKind.ADD, b.by)
            for c in s.characters.values()
            if c.bonked_at < 0 and c.pos != OFF
            for b in of_kind(g.card(c.uid), CharmBonus)
            if b.disasters
        ]
    found = of_kind(g.card(uid), CharmBonus)
    if s.lasting:  # a Flash Effect's bonus on it (Loving You)
        found = (*found, *lasting.charm_bonuses(g, uid))
    if not found:
        return []
    foe_card = [g.card(foe)]
    anti = g.rules.anti_skill
    return [
        modifier(StatKind.ADD, b.by)
        for b in found
        if b.foe is not None and (attacking or not b.attacking) and meets(b.foe, foe_card, [], anti_skill=anti)
    ]


def _emit_contest(g: Context, c: Contest, purpose: str, result: str, needed: int | None = None) -> None:
    """The ``charm_contest`` event; ``needed``: the margin a break attempt had to reach (COMBAT-37)."""
    plain = c.before_cards or (c.attacker_charm, c.target_charm)
    extra: dict[str, Any] = {} if needed is None else {"needed": needed}
    changed = {
        k: v
        for k, v, shown in (("attacker_charm", plain[0], c.attacker_charm), ("target_charm", plain[1], c.target_charm))
        if v != shown
    }
    if changed:
        extra["before_cards"] = changed
    g.emit(
        "charm_contest",
        purpose=purpose,
        attacker=g.card(c.attacker).id,
        attacker_uid=c.attacker,
        target=g.card(c.target).id,
        target_uid=c.target,
        attacker_card=None if c.attacker_card is None else g.card(c.attacker_card).id,
        target_card=None if c.target_card is None else g.card(c.target_card).id,
        attacker_charm=c.attacker_charm,
        target_charm=c.target_charm,
        margin=c.margin,
        result=result,
        **extra,
    )


def base_charm(g: Context, uid: int) -> int:
    if g.state.lasting and uid in g.state.disasters and (body := lasting.possessed(g, uid)) != OFF:
        return abilities.printed(g, body, "charm")  # it charms with the body it took over (Ginyu)
    return abilities.printed(g, uid, "charm")


def takes_part(g: Context, uid: int) -> bool:
    """5E: a card whose base Charm is 0 or less never takes part in Charm Combat (COMBAT-28)."""
    return g.rules.charm_limits != "fifth" or base_charm(g, uid) > 0


def backfires(g: Context, c: Contest) -> bool:
    """COMBAT-36 (CONF-42, AMB-45, AMB-46): does the attacker's failed attempt turn on it?"""
    if c.margin >= 0:
        return False
    rule = g.rules.charm_backfire
    if rule == "double":
        return c.target_charm >= 2 * c.attacker_charm
    lost_by = -c.margin
    base = base_charm(g, c.attacker)
    return lost_by == base if rule == "base_exact" else lost_by >= base


# ---------------------------------------------------------------------- relations


def _links(g: Context, kind: str, a: int | None = None, b: int | None = None) -> list[CharmLink]:
    return [x for x in g.state.charms if x.kind == kind and (a is None or x.a == a) and (b is None or x.b == b)]


def _add(g: Context, link: CharmLink) -> None:
    _prune(g)
    g.state.charms.append(link)


def _prune(g: Context) -> None:
    """Forget Character-to-Character relations that no longer matter: a charm started before the charmer's
    owner's previous turn (COMBAT-34), and the rest older than the previous game turn."""
    s = g.state
    keep = []
    for x in s.charms:
        if x.kind == "started":
            if x.seat_turn < s.players[s.owner[x.a]].turns - 1:
                continue
        elif x.kind in ("charmed", "truce", "break_tried") and x.turn < s.turn - 1:
            continue
        keep.append(x)
    s.charms = keep


def may_strike(g: Context, char: int, dis: int, round_no: int) -> bool:
    """COMBAT-30: a Character that lost a charm contest to ``dis`` may not strike it (000, 5E: until it is
    attacked by it; 002: for as many rounds as it lost by). A loss to either member of an allied pair
    counts for both (COMBAT-39)."""
    members = pair(g, dis)
    lost = [x for x in g.state.charms if x.kind == "lost" and x.a == char and x.b in members]
    return not any(x.rounds < 0 or round_no <= x.rounds for x in lost)


def spared(g: Context, char: int, dis: int) -> bool:
    """COMBAT-32, DIS-33: ``dis`` leaves ``char`` alone until ``char`` strikes it."""
    return bool(_links(g, "spared", char, dis))


def attacked(g: Context, dis: int, char: int) -> None:
    """The Disaster attacks ``char``: a charm lost to it no longer stops ``char`` striking back (000, 5E).
    The primary of an allied pair attacks for the pair (COMBAT-39: "until one of them attacks it")."""
    members = pair(g, dis)
    if any(x.rounds < 0 for x in g.state.charms if x.kind == "lost" and x.a == char and x.b in members):
        g.state.charms = [x for x in g.state.charms if not (x.kind == "lost" and x.a == char and x.b in members)]


def struck(g: Context, dis: int, strikers: list[int]) -> None:
    """Characters strike ``dis``: it no longer leaves them alone (COMBAT-32)."""
    g.state.charms = [x for x in g.state.charms if not (x.kind == "spared" and x.b == dis and x.a in strikers)]


def combat_over(g: Context, dis: int) -> None:
    """The combat with ``dis`` ended: its charm relations (and its allies', COMBAT-39) end with it."""
    members = pair(g, dis)
    g.state.charms = [x for x in g.state.charms if not (x.kind in ("lost", "spared", "unallied") and x.b in members)]


def may_attack(g: Context, attacker: int, target: int) -> bool:
    """For the fight module: may Character ``attacker`` attack Character ``target`` now?

    No when it was ordered to ``hold`` against its charmer (this turn and the next), and (000, COMBAT-35)
    during the turn after a charm, no other Character of the victim's owner at the victim's Location may
    attack the charmer."""
    s = g.state
    for x in _links(g, "truce", attacker, target):
        if s.turn <= x.turn + 1:
            return False
    ch = s.characters.get(attacker)
    if ch is None:
        return True
    for x in _links(g, "charmed", None, target):
        victim = s.characters.get(x.a)
        if victim is not None and victim.owner == ch.owner and victim.pos == ch.pos and s.turn <= x.turn + 1:
            return False
    return True


# ---------------------------------------------------------------------- who may charm whom (COMBAT-34)


def _on_location(g: Context, ch: CharacterState) -> bool:
    return ch.pos != OFF and ch.bonked_at < 0 and not g.state.places[ch.pos].haven


def _in_range(g: Context, a: CharacterState, t: CharacterState) -> bool:
    if g.rules.charm_range == "location":
        return a.pos == t.pos
    s = g.state
    reach = distances(s, s.places[a.pos].cell, g.rules.adjacency, g.ability(a.uid, "movement"))
    return s.places[t.pos].cell in reach  # 002 L53: within the attacker's Movement in Locations


def may_start(g: Context, a: int, t: int) -> bool:
    """The limits on starting a charm against a Character (COMBAT-34, COMBAT-38; CONF-43)."""
    s = g.state
    ch = s.characters[a]
    if not (takes_part(g, a) and takes_part(g, t)):
        return False
    if bearer.untouchable(g, s.characters[t], "charm") is not None or bearer.spares(g, ch, s.characters[t]):
        return False  # a card keeps others from charm-attacking it (Alielle), or ``a`` from attacking it
    if any(x.turn == s.turn for x in _links(g, "started", a)):
        return False  # one started per turn (000); one charm attack each (5E)
    if g.rules.charm_limits == "fifth":
        return not any(x.turn == s.turn for x in _links(g, "started", None, t))  # charm-attacked once
    turns = s.players[ch.owner].turns
    return not any(x.seat_turn == turns - 1 for x in _links(g, "started", a, t))  # not two turns running


def _started(g: Context, a: int, t: int) -> None:
    s = g.state
    _add(g, CharmLink("started", a, t, turn=s.turn, seat_turn=s.players[s.characters[a].owner].turns))


def charm_options(g: Context, seat: int) -> list[str]:
    """``charm cA cT`` for the active player outside combat (AMB-20: Scavenge phase)."""
    if not g.rules.charm_combat:
        return []
    s = g.state
    if s.statics and lasting.forbidden(g, "fight_players") is not None:
        return []  # a card in play forbids attacks between players (One World)
    mine = [c for c in s.characters.values() if c.owner == seat and _on_location(g, c)]
    theirs = [c for c in s.characters.values() if c.owner != seat and _on_location(g, c)]
    out = []
    for a in sorted(mine, key=lambda c: c.uid):
        for t in sorted(theirs, key=lambda c: c.uid):
            if _in_range(g, a, t) and may_start(g, a.uid, t.uid):
                out.append(act("charm", a.uid, t.uid))
    return out


def start_charm(g: Context, action: Action) -> None:
    """Take a ``charm cA cT`` chosen outside combat."""
    a, t = action.cards
    g.push(CharmContest(attacker=a, target=t))


def open_charm(g: Context, place: int, first: int, second: int) -> None:
    """For the fight module (engine/procedures/fights.py): run the charm part of round 1 of a fight between the
    Characters of seats ``first`` (who started the fight) and ``second`` at ``place`` (COMBAT-34, COMBAT-38).

    Push it before the physical declarations of round 1. ``first`` may open with ``charm cA cT`` or
    ``decline``; then ``second``; the seats alternate until both decline in a row. Each contest runs as
    outside combat (break attempts, then the winner's order). 002 allows no charm inside a physical combat,
    so under ``charm_range: movement`` nothing is pushed."""
    if g.rules.charm_combat and g.rules.charm_range == "location":
        g.push(CharmRound(place=place, seats=[first, second]))


@dataclass(slots=True)
class CharmRound:
    """Alternating charm openings in round 1 of a fight between players (decision ``charm_open``)."""

    place: int
    seats: list[int]
    turn: int = 0
    passes: int = 0

    def run(self, g: Context) -> None:
        s = g.state
        if self.passes >= 2 or game_over(s):
            g.pop()
            return
        seat = self.seats[self.turn % 2]
        other = self.seats[(self.turn + 1) % 2]
        mine = sorted(c.uid for c in g.characters_at(self.place, seat))
        theirs = sorted(c.uid for c in g.characters_at(self.place, other))
        options = [act("charm", a, t) for a in mine for t in theirs if may_start(g, a, t)]
        if not options:
            self.passes += 1
            self.turn += 1
            return
        g.ask(seat, "charm_open", "charm-attack one of their Characters, or decline", [*options, act("decline")])

    def resume(self, g: Context, action: Action) -> None:
        self.turn += 1
        if action.verb == "decline":
            self.passes += 1
            return
        self.passes = 0
        start_charm(g, action)


# ---------------------------------------------------------------------- between Characters (COMBAT-35 … 37)


@dataclass(slots=True)
class CharmContest:
    """``attacker`` charm-attacks the Character ``target``; then break attempts; then the winner's order."""

    attacker: int
    target: int
    stage: str = "contest"
    victim: int = OFF
    charmer: int = OFF
    # a contest decided, its result waiting for the ``charm`` window (procedures/windows.py): [margin, backfire];
    # ``reversed_``: a card turned it around (``reverse_charm``: Following Orders)
    pending: list[int] = field(default_factory=list, metadata={"hash": "if_set"})
    reversed_: bool = field(default=False, metadata={"hash": "if_set"})
    voided: bool = field(default=False, metadata={"hash": "if_set"})  # a card cancelled its result (``call_off``)

    def run(self, g: Context) -> None:
        s = g.state
        if self.stage == "result":  # the window after the contest is closed: its result now
            (margin, backfired), flip = self.pending, self.reversed_
            self.pending, self.reversed_, self.stage = [], False, "contest"
            a, t = s.characters.get(self.attacker), s.characters.get(self.target)
            if self.voided or a is None or t is None or a.bonked_at >= 0 or t.bonked_at >= 0:
                g.pop()
                return
            self._result(g, margin, bool(backfired), flip)
            return
        if self.stage == "contest":
            a = s.characters.get(self.attacker)
            t = s.characters.get(self.target)
            if a is None or t is None or a.bonked_at >= 0 or t.bonked_at >= 0:
                g.pop()
                return
            _started(g, self.attacker, self.target)
            c = contest(g, self.attacker, self.target, a.owner, t.owner)
            backfire = c.margin < 0 and backfires(g, c)
            result = "win" if c.margin > 0 else "backfire" if backfire else "draw" if c.margin == 0 else "lose"
            _emit_contest(g, c, "charm", result)
            if c.margin != 0 and windows.possible(g, "charm"):  # a card may turn it around first (Following Orders)
                self.pending, self.stage = [c.margin, int(backfire)], "result"
                winner, loser = (self.attacker, self.target) if c.margin > 0 else (self.target, self.attacker)
                if windows.open(g, "charm", f"{g.name(winner)} won the Charm contest against {g.name(loser)}"):
                    return
                self.pending, self.stage = [], "contest"
            self._result(g, c.margin, backfire, False)
            return
        self._command(g)

    def _result(self, g: Context, margin: int, backfire: bool, flip: bool) -> None:
        """The contest's result (COMBAT-35, COMBAT-36): ``margin`` > 0, the attacker won; < 0, the target did
        (``backfire``: by enough to charm the attacker). Turned around (``flip``), the loser wins by as much and
        charms the winner."""
        s = g.state
        if flip:
            lost, won = (self.attacker, self.target) if margin > 0 else (self.target, self.attacker)
            self.victim, self.charmer, margin = lost, won, abs(margin)
        elif margin > 0:
            self.victim, self.charmer = self.target, self.attacker
        elif backfire:
            self.victim, self.charmer, margin = self.attacker, self.target, -margin
        else:
            g.pop()
            return
        # the charm, then its break attempts and the winner's order
        _add(g, CharmLink("charmed", self.victim, self.charmer, margin=margin, turn=s.turn))
        g.emit(
            "charmed",
            victim=g.card(self.victim).id,
            victim_uid=self.victim,
            charmer=g.card(self.charmer).id,
            charmer_uid=self.charmer,
            margin=margin,
        )
        self.stage = "command"
        g.push(BreakWindow(victim=self.victim, charmer=self.charmer))

    def _command(self, g: Context) -> None:
        """The order (COMBAT-35, COMBAT-36): only if the charm still holds."""
        s = g.state
        victim = s.characters.get(self.victim)
        charmer = s.characters.get(self.charmer)
        if (
            victim is None
            or charmer is None
            or victim.bonked_at >= 0
            or not _links(g, "charmed", self.victim, self.charmer)
        ):
            g.pop()
            return
        items = sorted(g.carried_items(victim))
        options = [act("yield", u) for u in items] + [act("drop", u) for u in items]
        options += [act("hold"), act("decline")]
        g.ask(
            charmer.owner,
            "charm_command",
            f"{g.name(self.charmer)} Charmed {g.name(self.victim)}: give one order",
            options,
        )

    def resume(self, g: Context, action: Action) -> None:
        s = g.state
        victim = s.characters[self.victim]
        charmer = s.characters[self.charmer]
        g.pop()
        if action.verb == "yield":  # hand over an Item (AMB-44: at once)
            victim.carried.remove(action.cards[0])
            charmer.carried.append(action.cards[0])
        elif action.verb == "drop":
            victim.carried.remove(action.cards[0])
            if victim.pos != OFF:
                s.places[victim.pos].under.insert(0, action.cards[0])
        elif action.verb == "hold":
            _add(g, CharmLink("truce", self.victim, self.charmer, turn=s.turn))
        g.emit(
            "charm_command",
            seat=charmer.owner,
            victim=g.card(self.victim).id,
            charmer=g.card(self.charmer).id,
            order=action.verb,
        )
        _check(g)


@dataclass(slots=True)
class BreakWindow:
    """COMBAT-37: the victim's owner may try to free it (decision ``charm_break``): charm-attack the victim
    and win by at least twice the margin it was Charmed by, or (000) beat the charmer, a Character, in a
    contest now. 5E: only an uncharmed Character may try, and each victim gets one attempt."""

    victim: int
    charmer: int
    tried: list[int] = field(default_factory=list)

    def _link(self, g: Context) -> CharmLink | None:
        for x in g.state.charms:
            if x.kind in ("charmed", "lost") and x.a == self.victim and x.b == self.charmer:
                return x
        return None

    def run(self, g: Context) -> None:
        s = g.state
        victim = s.characters.get(self.victim)
        fifth = g.rules.charm_limits == "fifth"
        if (
            game_over(s)
            or victim is None
            or victim.bonked_at >= 0
            or self._link(g) is None
            or (fifth and (self.tried or _links(g, "break_tried", self.victim)))
        ):
            g.pop()
            return
        charmer_ch = s.characters.get(self.charmer)
        options = []
        for c in sorted(s.characters.values(), key=lambda c: c.uid):
            if c.owner != victim.owner or c.uid in (self.victim, self.charmer) or c.uid in self.tried:
                continue
            if not _on_location(g, c) or not takes_part(g, c.uid):
                continue
            if fifth and any(x.kind in ("charmed", "lost") and x.a == c.uid for x in s.charms):
                continue  # 5E: only a Character that is not Charmed
            if _in_range(g, c, victim):
                options.append(act("charm", c.uid, self.victim))
            if not fifth and charmer_ch is not None and charmer_ch.bonked_at < 0 and _in_range(g, c, charmer_ch):
                options.append(act("charm", c.uid, self.charmer))
        if not options:
            g.pop()
            return
        g.ask(
            victim.owner,
            "charm_break",
            f"{g.name(self.victim)} is Charmed by {g.name(self.charmer)}: try to break it, or decline",
            [*options, act("decline")],
        )

    def resume(self, g: Context, action: Action) -> None:
        s = g.state
        if action.verb == "decline":
            g.pop()
            return
        breaker, target = action.cards
        self.tried.append(breaker)
        link = self._link(g)
        assert link is not None
        _add(g, CharmLink("break_tried", self.victim, breaker, turn=s.turn))
        _started(g, breaker, target)
        target_seat = s.characters[target].owner
        c = contest(g, breaker, target, s.characters[breaker].owner, target_seat)
        # twice the margin it was Charmed by; or (000 L176) beat the original charmer in the same round
        broken = c.margin > 0 and (target != self.victim or c.margin >= 2 * link.margin)
        needed = 2 * link.margin if target == self.victim else None
        _emit_contest(g, c, "break", "broken" if broken else ("draw" if c.margin == 0 else "held"), needed)
        if broken:
            s.charms = [x for x in s.charms if x is not link]
            g.emit(
                "charm_broken",
                victim=g.card(self.victim).id,
                victim_uid=self.victim,
                by=g.card(breaker).id,
                by_uid=breaker,
            )
            g.pop()


# ---------------------------------------------------------------------- against a Disaster (DIS-32, COMBAT-30 … 33)


def charm_before_combat(g: Context, dis: int, place: int, pool: list[CharacterState]) -> bool:
    """DIS-32: a Disaster with Charm opens with charm attacks before physical round 1. Pushes the frame and
    returns True when there is a charm part to play. With an allied pair, the member with the higher
    Charm plays it (COMBAT-39)."""
    by = charmer(g, dis)
    if not g.rules.charm_combat or base_charm(g, by) <= 0:
        return False
    uids = sorted(c.uid for c in pool if takes_part(g, c.uid))
    if g.state.statics:
        uids = lasting.charm_pool(g, by, uids)  # its text: whom it charm-attacks (Princess Snake: males)
    if not uids:
        return False
    g.push(DisasterCharm(dis=by, place=place, pool=uids, fought=dis))
    return True


@dataclass(slots=True)
class DisasterCharm:
    dis: int
    place: int
    pool: list[int]  # the Characters it may charm-attack
    left: list[int] = field(default_factory=list)  # not yet charm-attacked (5E)
    won: list[int] = field(default_factory=list)
    lost: list[int] = field(default_factory=list)
    stage: str = "start"
    fought: int = OFF  # the Disaster the fight is with (an allied pair's primary when ``dis`` is its ally)
    # a contest decided, its result waiting for the ``charm`` window (procedures/windows.py): [Character, margin,
    # its Charm]; ``reversed_``: a card turned it around (``reverse_charm``: Following Orders)
    pending: list[int] = field(default_factory=list, metadata={"hash": "if_set"})
    reversed_: bool = field(default=False, metadata={"hash": "if_set"})
    voided: bool = field(default=False, metadata={"hash": "if_set"})  # a card cancelled its result (``call_off``)

    def _lead(self) -> int:
        """The pair's primary (AMB-35: it carries the pair's Item), or the charmer itself."""
        return self.dis if self.fought == OFF else self.fought

    def _alive(self, g: Context) -> list[int]:
        s = g.state
        return [u for u in self.pool if u in s.characters and s.characters[u].pos == self.place]

    def run(self, g: Context) -> None:
        s = g.state
        d = s.disasters.get(self.dis)
        if d is None or d.pos != self.place or game_over(s):
            g.pop()
            return
        if self.stage == "start":
            self.left = self._alive(g)
            self.stage = "contest"
        if self.stage == "result":  # the window after the contest is closed: its result now
            self.stage = "contest"
            (target, margin, own), flip, void = self.pending, self.reversed_, self.voided
            self.pending, self.reversed_, self.voided = [], False, False
            if target in self._alive(g) and not void:
                self._result(g, target, -margin if flip else margin, own)
            return
        if self.stage == "contest":
            self.left = [u for u in self.left if u in self._alive(g)]
            if not self.left:
                self.stage = "breaks"
                return
            target = self._pick(g)
            self.left.remove(target)
            if g.rules.charm_target != "each":
                self.left = []  # 000, 002: one contest (AMB-23)
            self._contest(g, target)
            return
        if self.stage == "breaks":
            self.stage = "after"
            for u in self.lost[::-1]:
                if _links(g, "lost", u, self.dis) and g.rules.charm_outcomes != "guia":
                    g.push(BreakWindow(victim=u, charmer=self.dis))
            return
        if self.stage == "after":
            self.stage = "done"
            self._after(g)
            return
        g.pop()

    def _pick(self, g: Context) -> int:
        """COMBAT-33 (CONF-25, AMB-23): the Disaster's charm target."""
        s = g.state
        cands = sorted(self.left)
        if g.scripted_targets:  # a scenario fixes this random choice
            want = g.scripted_targets.pop(0)
            for u in cands:
                if s.cards[u] == want:
                    return u
            names = [s.cards[u] for u in cands]
            raise ValueError(f"scripted charm target {want!r} is not possible now (possible: {names})")
        if g.rules.charm_target == "lowest":  # 002 L51: lowest Charm, ties to the highest Attack
            return min(cands, key=lambda u: (g.ability(u, "charm"), -g.ability(u, "attack"), u))
        return cands[g.rand_below(len(cands))]

    def _contest(self, g: Context, target: int) -> None:
        s = g.state
        ch = s.characters[target]
        c = contest(g, self.dis, target, ch.owner, ch.owner)  # the fighting player's pile, Disaster first
        if c.margin == 0:
            _emit_contest(g, c, "disaster", "draw")
            return
        _emit_contest(g, c, "disaster", "win" if c.margin > 0 else "lose")
        if windows.possible(g, "charm"):  # a card may turn the result around first (Following Orders)
            self.pending, self.stage = [target, c.margin, c.target_charm], "result"
            winner, loser = (self.dis, target) if c.margin > 0 else (target, self.dis)
            if windows.open(g, "charm", f"{g.name(winner)} won the Charm contest against {g.name(loser)}"):
                return
            self.pending, self.stage = [], "contest"
        self._result(g, target, c.margin, c.target_charm)

    def _result(self, g: Context, target: int, margin: int, own: int) -> None:
        """The contest's result (COMBAT-30 … COMBAT-32): ``margin`` > 0, the Character lost; < 0, it won (``own``:
        its Charm in the contest)."""
        s = g.state
        ch = s.characters[target]
        outcomes = g.rules.charm_outcomes
        if margin > 0:  # the Character lost (COMBAT-30)
            self.lost.append(target)
            rounds = margin if outcomes == "guia" else -1
            _add(g, CharmLink("lost", target, self.dis, margin=margin, rounds=rounds, turn=s.turn))
            g.emit(
                "charmed",
                victim=g.card(target).id,
                victim_uid=target,
                charmer=g.card(self.dis).id,
                charmer_uid=self.dis,
                margin=margin,
                rounds=None if rounds < 0 else rounds,
            )
            if outcomes == "guia":
                _steal_from(g, self._lead(), ch)
            if g.card(self.dis).effects:
                triggers.charms(g, self.dis, target)  # its text about one it charms (Princess Snake)
            return
        self.won.append(target)
        if g.card(self.dis).effects:
            triggers.charmed_by(g, self.dis, target, own)  # its text about one that beat it
            if self.dis not in s.disasters or game_over(s):
                return  # its text took it out of play (Ginyu, the body he took freed): nothing is left to beat
        if of_kind(g.card(target), CharmTakes):  # the winner's text: it takes the Item it wins (Makoto Mizuhara)
            _charm_takes(g, self.dis, target)
        if self._lead() != self.dis:  # COMBAT-39: the Character charmed the ally
            charm_ally(g, target, self.dis, self._lead())
            return
        if outcomes == "guia":
            _guia_win(g, self.dis, ch)
            return
        if outcomes == "fifth" or g.is_major(self.dis):
            _add(g, CharmLink("spared", target, self.dis, turn=s.turn))  # COMBAT-32
            g.emit("charm_spared", disaster=g.card(self.dis).id, character=g.card(target).id, uid=target)
        if outcomes == "classic" and not g.is_major(self.dis):
            g.push(DisasterCommand(dis=self.dis, seat=ch.owner))  # COMBAT-31 (000)

    def _after(self, g: Context) -> None:
        s = g.state
        outcomes = g.rules.charm_outcomes
        if outcomes == "guia":
            return
        lead = self._lead()  # an allied pair: its primary takes the Item, leaves and spares (COMBAT-39)
        d = s.disasters.get(lead)
        alive = self._alive(g)
        if d is None or not alive:
            return
        still = [u for u in alive if _links(g, "lost", u, self.dis)]
        if len(still) == len(alive):
            # DIS-33: every Character lost: it takes an Item from them and leaves on the following turn;
            # it ignores them unless they attack it (000)
            carriers = [s.characters[u] for u in alive if bearer.detectable(g, s.characters[u])]
            if carriers:
                _steal_from(g, lead, carriers[g.rand_below(len(carriers))])
            for u in alive:
                _add(g, CharmLink("spared", u, lead, turn=s.turn))
            last = s.players[d.controller].turns + 1
            if d.expires < 0 or d.expires > last:
                d.expires = last
            g.emit(
                "charm_all_lost",
                disaster=g.card(lead).id,
                uid=lead,
                charmer=g.card(self.dis).id,  # COMBAT-39: an allied pair's ally may be the one that charmed
                leaves_after_turn=last,
            )
            return
        if lead != self.dis:
            return  # beating the ally withholds its bonus and nothing more (COMBAT-39)
        if outcomes == "fifth" and not g.is_major(self.dis) and len(self.won) == len(alive) and self.won:
            g.push(DisasterCommand(dis=self.dis, seat=s.characters[alive[0]].owner))  # COMBAT-31 (5E)


def _check(g: Context) -> None:
    """Items changed hands: the end condition may hold now (WIN rules)."""
    check(g)


def _charm_takes(g: Context, dis: int, winner: int) -> None:
    """The Character ``winner``, having beaten the Disaster ``dis`` in a Charm contest, takes the Item the Disaster
    carries when its card names it (``charm_takes``: Makoto Mizuhara and Ifurita's Power Key Staff)."""
    s = g.state
    d, ch = s.disasters.get(dis), s.characters.get(winner)
    if d is None or ch is None or d.item == OFF or ch.bonked_at >= 0:
        return
    name = g.card(d.item).name.lower()
    if any(w.lower() in name for x in of_kind(g.card(winner), CharmTakes) for w in x.named):
        item = give_up_item(d)
        ch.carried.append(item)
        g.emit(
            "item_won", seat=ch.owner, card=g.card(winner).id, uid=winner, disaster=g.card(dis).id, item=g.card(item).id
        )
        _check(g)


def _steal_from(g: Context, dis: int, ch: CharacterState) -> None:
    """The Disaster takes one random Item the Character carries (002 COMBAT-30; DIS-33); one it carried
    already drops under the Location (DIS-12)."""
    s = g.state
    items = bearer.detectable(g, ch)  # one a card hides is not taken (Assassin Disquise)
    if not items:
        return
    d = s.disasters[dis]
    item = items[g.rand_below(len(items))]
    ch.carried.remove(item)
    old = gain_item(g, d, item)
    if old != OFF:
        s.places[d.pos].under.insert(0, old)
    g.emit("item_taken", card=g.card(dis).id, uid=dis, cell=cell_list(s.places[d.pos].cell), from_character=True)
    _check(g)


def _guia_win(g: Context, dis: int, ch: CharacterState) -> None:
    """002 L51 (COMBAT-32, CONF-41): the winner's group makes one unanswered attack on the Disaster; the
    winner steals its Item, and the Disaster at once makes an unanswered physical attack on the thief. No
    Combat cards are drawn for these attacks (the guide names none)."""
    s = g.state
    d = s.disasters[dis]
    group = [c for c in g.characters_at(d.pos, ch.owner)]
    limit = 4 if g.is_major(dis) else 3  # COMBAT-10
    group.sort(key=lambda c: (c.uid != ch.uid, -g.ability(c.uid, "attack"), c.uid))
    group = group[:limit]
    strike = sum(g.ability(c.uid, "attack") for c in group)
    defense = g.ability(dis, "defense")
    damage = max(0, strike - defense)
    d.damage += damage
    g.emit(
        "charm_unanswered",
        by="characters",
        disaster=g.card(dis).id,
        strikers=[g.card(c.uid).id for c in group],
        attack=strike,
        defense=defense,
        damage=damage,
        disaster_health=g.max_health(dis) - d.damage,
    )
    if g.max_health(dis) - d.damage <= 0:
        defeat(g, dis, d.pos)
        return
    if d.item == OFF:
        return
    ch.carried.append(give_up_item(d))
    g.emit(  # 002 (CONF-41): the charm winner takes the Disaster's Item; no free move, it hits back at once
        "disaster_robbed",
        card=g.card(dis).id,
        uid=dis,
        cell=cell_list(s.places[ch.pos].cell),
        seat=ch.owner,
        character=g.card(ch.uid).id,
        free_move=False,
    )
    _check(g)
    if game_over(s):
        return
    attack = g.ability(dis, "attack")
    defense = g.ability(ch.uid, "defense")
    dmg = max(0, attack - defense)
    before = g.max_health(ch.uid) - ch.damage
    ch.damage += dmg
    after = g.max_health(ch.uid) - ch.damage
    g.emit(
        "charm_unanswered",
        by="disaster",
        disaster=g.card(dis).id,
        target=g.card(ch.uid).id,
        attack=attack,
        defense=defense,
        damage=dmg,
        target_health=after,
    )
    if killed(g, g.max_health(ch.uid), before, after, dmg, attack, ch.uid):
        kill(g, ch, dis)
    elif after <= 0:
        bonk(g, ch, dis)
    _check(g)


@dataclass(slots=True)
class DisasterCommand:
    """COMBAT-31: the winner makes the charmed Minor Disaster do one action (AMB-49: the winning player
    picks): ``drop`` its Item, ``send`` it up to its full Movement to a Location the player picks (the
    combat then ends, as it has left), or ``decline``."""

    dis: int
    seat: int

    def run(self, g: Context) -> None:

        s = g.state
        d = s.disasters.get(self.dis)
        if d is None or d.pos == OFF or game_over(s):
            g.pop()
            return
        options = []
        if d.item != OFF:
            options.append(act("drop", d.item))
        start = s.places[d.pos].cell
        reach = distances(s, start, g.rules.adjacency, g.ability(self.dis, "movement"))
        for cell, steps in sorted(reach.items()):
            p = s.places[s.grid[cell]]
            if steps > 0 and not p.haven and not p.destroyed:
                options.append(act("send", cell))
        g.ask(self.seat, "charm_command", f"{g.name(self.dis)} is Charmed: give it one order", [*options, "decline"])

    def resume(self, g: Context, action: Action) -> None:
        s = g.state
        d = s.disasters[self.dis]
        g.pop()
        if action.verb == "drop":
            drop_first_item(g, d)
        elif action.verb == "send":
            d.pos = s.grid[action.cell]
            g.emit("disaster_moved", card=g.card(self.dis).id, uid=self.dis, cell=cell_list(action.cell))
        g.emit("charm_command", seat=self.seat, victim=g.card(self.dis).id, charmer=None, order=action.verb)
        _check(g)
