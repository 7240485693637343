"""Scavenging (RULES.md SCAV-1 … SCAV-25): the skill test, turning up Disasters one by one, fighting or
meeting them, going on or stopping, and taking the Items and other cards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from animayhem.cards.effects import BecomesHaven, Block, SkipSkill, ToHaven
from animayhem.cards.evaluate import AntiSkill, meets
from animayhem.cards.frozen import evolve
from animayhem.cards.model import Card, VehicleClass
from animayhem.cards.requirements import AllOf, AnyElement, AtomKind, Has, Requirement, SkillWithAttack
from animayhem.cards.skills import SkillEntry
from animayhem.engine.core.actions import Action, act
from animayhem.engine.core.events import cell_list
from animayhem.engine.core.field import neighbours
from animayhem.engine.core.state import CLAIMED_COUNTER, OFF, SLOTS, CharacterState, DisasterState, game_over
from animayhem.engine.core.statics import in_play, of_kind, own
from animayhem.engine.core.win import check
from animayhem.engine.effects import bearer, lasting, primitives, triggers, uses
from animayhem.engine.effects.primitives import bonk, kill
from animayhem.engine.effects.transform import held_cards, skill_card
from animayhem.engine.procedures import bout, recruit, scan, stays, windows
from animayhem.engine.procedures.combat import Combat
from animayhem.engine.procedures.defeat import killed
from animayhem.engine.procedures.special_disasters import acts_or_aimed, on_revealed

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


def group_meets(g: Context, seat: int, place: int, *, once: bool = True) -> bool:
    """SCAV-1 … SCAV-8: the group's pooled Skills (and what it carries) against the requirement.

    Anti-skills: under ``anti_skill = "cancel_all"`` (000, AMB-29) a ``Skill -1`` of any Character at the
    Location, other players' included, cancels the Skill; under ``"cancel_n"`` (5E) only within the group.
    """
    loc = g.card(place)
    req = loc.requirements
    if req is None:
        return True
    group = g.characters_at(place, seat)
    if g.state.lasting:  # a Character acting alone (Loner) pools nothing with the others: each part on its own
        parts = lasting.apart(g, group)
        if len(parts) > 1:
            return any(_part_meets(g, seat, place, req, part, once=once) for part in parts)
    return _part_meets(g, seat, place, req, group, once=once)


def waived_once(g: Context, seat: int, place: int) -> int:
    """The once-a-game ``waive`` card (Alarm Clock) that ``seat``'s group at ``place`` needs to Scavenge it, the
    Scavenge spending it; -1 when the group meets the requirement without it, or has none."""
    if g.card(place).requirements is None:
        return -1
    found = bearer.once_waiver(g, g.characters_at(place, seat), g.card(place))
    if found < 0 or group_meets(g, seat, place, once=False):
        return -1
    return found


def _part_meets(
    g: Context,
    seat: int,
    place: int,
    req: Requirement,
    group: list[CharacterState],
    copy: tuple[CharacterState, str] | None = None,
    *,
    once: bool = True,
) -> bool:
    if bearer.waives(g, group, g.card(place), once=once) is not None or (
        g.state.lasting and lasting.waived(g, group, place)
    ):
        return True  # a card of the group lets it Scavenge here without the requirement (Swamp Boat)
    cards = [skill_card(g, c.uid) for c in group]  # SCAV-23: the Skills of the current form
    if copy is not None:  # one Character has a copy of another's Skill for this test (Mind Scanner)
        i = group.index(copy[0])
        cards[i] = evolve(cards[i], skills=(*cards[i].skills, SkillEntry(copy[1], 1)))
    held = [h for c in group for h in held_cards(g, c)]  # a Skill no Character may have is given by none (In the Hall)
    if held and lasting.vehicles_barred(g, place):  # no vehicle lends the group anything here (Forest Glade)
        held = [h for h in held if h.vehicle is None]
    stayed = stays.group_stayed(group)  # "remain on Location for N turns" (Campground)
    foreign = []
    if g.rules.anti_skill == "cancel_all":
        foreign = [
            sk for c in g.characters_at(place) if c.owner != seat for sk in skill_card(g, c.uid).skills if sk.is_anti
        ]
    anti: AntiSkill = "cancel_all" if g.rules.anti_skill == "cancel_all" else "cancel_n"
    if meets(req, cards, held, anti_skill=anti, foreign_anti=foreign, stayed=stayed):
        return True
    for i, gender in bearer.location_genders(g, group):  # one counting as another gender here (Leona Ozaki)
        more = evolve(cards[i], gender=gender)
        if meets(req, [*cards[:i], more, *cards[i + 1 :]], held, anti_skill=anti, foreign_anti=foreign, stayed=stayed):
            return True
    for ch, skill in bearer.borrowed(g, group):  # one Skill of another Character used (Data Stream)
        i = group.index(ch)
        more = evolve(cards[i], skills=(*cards[i].skills, SkillEntry(skill, 1)))
        if meets(req, [*cards[:i], more, *cards[i + 1 :]], held, anti_skill=anti, foreign_anti=foreign, stayed=stayed):
            return True
    return False


_LESS: dict[int, tuple[Requirement, Requirement | None]] = {}


def _one_skill_less(req: Requirement) -> Requirement | None:
    """The requirement with one Skill missing: each alternative that asks for more than one Skill, once without
    each of them (a Skill asked for several times, ``xN``, is one Skill); None when no alternative asks for
    two Skills."""
    found = _LESS.get(id(req))
    if found is None or found[0] is not req:
        alts = []
        for alt in req.alternatives:
            skills = [i for i, t in enumerate(alt.terms) if _is_skill(t)]
            if len(skills) > 1:
                alts += [AllOf(tuple(t for j, t in enumerate(alt.terms) if j != i)) for i in skills]
        if len(_LESS) > 10_000:
            _LESS.clear()
        found = _LESS[id(req)] = (req, Requirement(req.text, tuple(alts)) if alts else None)
    return found[1]


_ONE: dict[int, tuple[Requirement, Requirement | None]] = {}


def _one_skill_only(req: Requirement) -> Requirement | None:
    """The requirement with only one of its Skills asked for: each alternative that asks for more than one Skill,
    once with each of them alone (its other terms kept); None when no alternative asks for two Skills."""
    found = _ONE.get(id(req))
    if found is None or found[0] is not req:
        alts = []
        for alt in req.alternatives:
            skills = [i for i, t in enumerate(alt.terms) if _is_skill(t)]
            if len(skills) > 1:
                alts += [AllOf(tuple(t for j, t in enumerate(alt.terms) if j == i or j not in skills)) for i in skills]
        if len(_ONE) > 10_000:
            _ONE.clear()
        found = _ONE[id(req)] = (req, Requirement(req.text, tuple(alts)) if alts else None)
    return found[1]


def skills_waived(g: Context, seat: int, place: int) -> int:
    """The Global of ``seat``'s (``skip_skill`` with ``all_but_one``: Breaking and Entering) that lets its group at
    ``place`` Scavenge it with only one of the Skills an alternative of its requirement asks for; -1 when the group
    meets the requirement, or no such card helps."""
    s = g.state
    req = g.card(place).requirements
    if not s.statics or req is None:
        return -1
    found = [src for src, v in in_play(g).of(SkipSkill) if v.all_but_one and s.owner[src] == seat]
    if not found or group_meets(g, seat, place):
        return -1
    one = _one_skill_only(req)
    if one is None or not _part_meets(g, seat, place, one, g.characters_at(place, seat)):
        return -1
    return found[0]


def _is_skill(t: object) -> bool:
    if isinstance(t, Has):
        return t.atom.kind is AtomKind.SKILL
    return isinstance(t, SkillWithAttack | AnyElement)


def skipped_skill(g: Context, seat: int, place: int) -> int:
    """The card (Electronic Day Planner, ``skip_skill``) that lets ``seat``'s group at ``place`` Scavenge it
    although it lacks one of the Skills its requirement asks for; -1 when the group meets the requirement, or
    no such card helps."""
    req = g.card(place).requirements
    if req is None:
        return -1
    group = g.characters_at(place, seat)
    found = bearer.skips_skill(g, group)
    if found is None or group_meets(g, seat, place):
        return -1
    less = _one_skill_less(req)
    if less is None or not _part_meets(g, seat, place, less, group):
        return -1
    return found[1]


def scanned(g: Context, seat: int, place: int) -> tuple[int, CharacterState, str] | None:
    """The copy of a Skill (a ``copy_skill`` card of ``seat``'s, the Character of the group that takes it, the
    Skill: Mind Scanner) that lets ``seat``'s group at ``place`` meet its requirement; None when the group meets
    it by itself, or no copy helps."""
    req = g.card(place).requirements
    if req is None:
        return None
    group = g.characters_at(place, seat)
    found = scan.copies(g, seat, group)
    if not found or group_meets(g, seat, place):
        return None
    return next((f for f in found if _part_meets(g, seat, place, req, group, (f[1], f[2]))), None)


def vehicles_needed(g: Context, seat: int, place: int) -> list[int]:
    """The vehicles ``seat``'s group at ``place`` carries that its requirement test needs: all of them when the group
    meets the Location's requirement with them and not without them (a Location's ``scavenged`` effects: Seito
    Bridge), else none."""
    req = g.card(place).requirements
    if req is None:
        return []
    group = g.characters_at(place, seat)
    vehicles = [u for c in group for u in c.carried if g.card(u).vehicle is not None]
    if not vehicles:
        return []
    cards = [skill_card(g, c.uid) for c in group]
    held = held_cards_of(g, group)
    anti: AntiSkill = "cancel_all" if g.rules.anti_skill == "cancel_all" else "cancel_n"
    if meets(req, cards, [h for h in held if h.vehicle is None], anti_skill=anti):
        return []
    # the player uses a lesser vehicle when one serves: a Planetary one is then not needed (Seito Bridge)
    lesser = [h for h in held if h.vehicle is None or h.vehicle.kind is not VehicleClass.PLANETARY]
    if len(lesser) < len(held) and meets(req, cards, lesser, anti_skill=anti):
        return [u for u in vehicles if g.card(u).vehicle.kind is not VehicleClass.PLANETARY]  # type: ignore[union-attr]
    return vehicles


def held_cards_of(g: Context, group: list[CharacterState]) -> list[Card]:
    return [h for c in group for h in held_cards(g, c)]


def haven_support(g: Context, seat: int, place: int) -> tuple[int, int]:
    """The Attack and Defense ``seat``'s Locations taken as Havens add to its groups against the Location ``place``
    next to them (``becomes_haven`` with ``supports``: Bugrom Homeland, Galaxy Police HQ); (0, 0) for most."""
    s = g.state
    attack = defense = 0
    near = None
    for h in s.players[seat].havens:
        pl = s.places.get(h)
        if pl is None or pl.destroyed or h * SLOTS + CLAIMED_COUNTER not in s.counters:
            continue
        card = g.card(h)
        if not any(v.supports for v in of_kind(card, BecomesHaven)):
            continue
        if near is None:
            near = set(neighbours(s.places[place].cell, g.rules.adjacency))
        if pl.cell in near:
            attack += card.attack.value if card.attack is not None and card.attack.value is not None else 0
            defense += card.defense.value if card.defense is not None and card.defense.value is not None else 0
    return attack, defense


def location_defense(g: Context, place: int) -> int | None:
    """A Location's printed Defense (its Health when attacked, SCAV-16), or None."""
    d = g.card(place).defense
    return d.value if d is not None and d.kind.value == "base" else None


def _open_groups(g: Context, seat: int) -> list[tuple[int, list[CharacterState]]]:
    """The seat's groups that may act on their Location in the Scavenge phase now."""
    s = g.state
    out = []
    for place in sorted({c.pos for c in s.characters.values() if c.owner == seat and c.bonked_at < 0}):
        if place < 0:
            continue
        pl = s.places[place]
        if pl.haven or pl.destroyed or not pl.under:
            continue  # SCAV-20, SCAV-21: no Scavenging a Haven or a Destroyed Location
        if pl.owner != seat and s.statics and lasting.forbidden(g, "scavenge_others") is not None:
            continue  # a card in play: each player Scavenges only its own Locations (One World)
        group = g.characters_at(place, seat)
        if not group or any(c.scavenged or c.no_scavenge != OFF for c in group):
            continue  # SCAV-15, COMBAT-19: a group with a Character that Ran Away this turn Scavenges no more
        if any(d.pos == place and g.is_combat_disaster(d.uid) for d in s.disasters.values()):
            continue  # a Combat Disaster stands here: fight it first
        if (s.statics or s.lasting or own(g.card(place), Block)) and _held_or_blocked(g, place, group):
            continue  # card effects: held Characters, blocked Locations (engine/effects/lasting.py)
        out.append((place, group))
    return out


def _held_or_blocked(g: Context, place: int, group: list[CharacterState]) -> bool:
    return (
        any(lasting.forbids(g, c.uid, "scavenge") for c in group) or lasting.scavenge_block(g, place, group) is not None
    )


def scavengeable(g: Context, seat: int) -> list[tuple[int, int]]:
    """Locations where ``seat`` has a group that may start a Scavenge now (SCAV-11, SCAV-13, SCAV-16).

    A group meets the requirement, or (a Location with Defense) breaks in: under ``beat_once`` (000) with one
    attack greater than the Defense; under ``wear_down`` (5E) once its attacks have taken the Location's
    Health to 0 (see :func:`assaultable`). A Location with Defense and no requirement can only be broken into.
    """
    s = g.state
    out = []
    for place, group in _open_groups(g, seat):
        pl = s.places[place]
        defense = location_defense(g, place)
        if g.card(place).requirements is not None and (
            group_meets(g, seat, place)
            or skipped_skill(g, seat, place) >= 0
            or scanned(g, seat, place) is not None
            or skills_waived(g, seat, place) >= 0
        ):
            out.append(pl.cell)
        elif defense is not None:
            if g.rules.location_defense == "beat_once":
                parts = lasting.apart(g, group)  # a Character acting alone (Loner) breaks in on its own
                extra = haven_support(g, seat, place)[0]  # a held Haven next to it (Bugrom Homeland)
                if max(sum(g.ability(c.uid, "attack") for c in part) for part in parts) + extra > defense:
                    out.append(pl.cell)
            elif pl.worn_by == seat and pl.wear >= defense:
                out.append(pl.cell)
        elif g.card(place).requirements is None:
            out.append(pl.cell)
    return out


def assaultable(g: Context, seat: int) -> list[tuple[int, int]]:
    """5E (``wear_down``, SCAV-16, EX-17): Locations with Defense the group lacks the Skills for, that it may
    attack this turn (once a turn); damage beyond the Defense wears the Location's Health down."""
    if g.rules.location_defense != "wear_down":
        return []
    s = g.state
    out = []
    for place, _group in _open_groups(g, seat):
        pl = s.places[place]
        defense = location_defense(g, place)
        if defense is None or pl.assaulted or (pl.worn_by == seat and pl.wear >= defense):
            continue
        if g.card(place).requirements is not None and group_meets(g, seat, place):
            continue
        out.append(pl.cell)
    return out


def assault(g: Context, seat: int, place: int) -> None:
    s = g.state
    pl = s.places[place]
    defense = location_defense(g, place) or 0
    group = g.characters_at(place, seat)
    attack = sum(g.ability(c.uid, "attack") for c in group) + haven_support(g, seat, place)[0]
    if pl.worn_by != seat:
        pl.worn_by, pl.wear = seat, 0
    damage = max(0, attack - defense)
    pl.wear += damage
    pl.assaulted = True
    g.emit(
        "location_attacked",
        seat=seat,
        cell=cell_list(pl.cell),
        location=g.card(place).id,
        attack=attack,
        defense=defense,
        damage=damage,
        health=defense - pl.wear,
    )
    uses.spend(g, [c.uid for c in group], "attack")  # CARD-17: a limited Attack bonus is used in the attack


def location_attacks(g: Context, seat: int) -> None:
    """SCAV-17, AMB-57: a Location with Attack strikes each Character of a group that stops there without
    the required Skills, once a turn, with no Combat cards. (Its attack in every round of a combat there is
    not done yet.)"""
    s = g.state
    for place in sorted({c.pos for c in s.characters.values() if c.owner == seat and c.bonked_at < 0}):
        if place < 0 or s.places[place].haven or s.places[place].destroyed:
            continue
        card = g.card(place)
        if card.attack is None or card.attack.kind.value != "base" or card.attack.value is None:
            continue
        if card.requirements is not None and group_meets(g, seat, place):
            continue
        shield = haven_support(g, seat, place)[1]  # a held Haven next to it (Galaxy Police HQ)
        for ch in list(g.characters_at(place, seat)):
            attack = card.attack.value
            defense = g.ability(ch.uid, "defense") + shield
            damage = max(0, attack - defense)
            mh = g.max_health(ch.uid)
            g.emit(
                "location_strikes",
                cell=cell_list(s.places[place].cell),
                location=card.id,
                target=g.card(ch.uid).id,
                attack=attack,
                defense=defense,
                damage=damage,
            )
            if killed(g, mh, mh, mh - damage, damage, attack, ch.uid):
                kill(g, ch, None)
            elif damage >= mh:
                bonk(g, ch, None)


def _names(g: Context, group: list[CharacterState]) -> str:
    return " and ".join(g.name(c.uid) for c in group) or "Nobody"


def taking_part(g: Context, group: list[CharacterState]) -> list[CharacterState]:
    """Those of a Scavenging group that may go on Scavenging: not the ones a card holds from it (CARD-22; a
    captive of Raiichi & Zaakro can do nothing more). They turn up no more Disasters and retrieve nothing."""
    if not (g.state.statics or g.state.lasting):
        return group
    return [c for c in group if lasting.forbids(g, c.uid, "scavenge") is None]


def scavenging_part(g: Context, seat: int, place: int, group: list[CharacterState]) -> list[CharacterState]:
    """Who of ``group`` makes the Scavenge: all of them, unless one acts alone (Loner, ``lasting.apart``): then
    one part only, the others when they meet the Location's requirement without it, else the one alone that
    meets it (the first part otherwise: the Location opened another way)."""
    if not g.state.lasting:
        return group
    parts = lasting.apart(g, group)
    if len(parts) < 2:
        return group
    req = g.card(place).requirements
    for part in parts:
        if req is None or _part_meets(g, seat, place, req, part):
            return part
    return parts[0]


@dataclass(slots=True)
class Scavenge:
    place: int
    seat: int
    stage: str = "window"
    revealed: int = -1
    met: int = 0  # the Combat Disasters turned up and fought so far (a Location's ``first_met``)
    part: list[int] = field(default_factory=list)  # with one acting alone among them: those who Scavenge (Loner)

    def run(self, g: Context) -> None:
        s = g.state
        pl = s.places[self.place]
        group = g.characters_at(self.place, self.seat)
        if self.part:
            group = [c for c in group if c.uid in self.part]
        if self.stage == "window":  # before anything is turned up: a window (procedures/windows.py)
            self.stage = "start"
            if windows.possible(g, "scavenge") and windows.open(
                g, "scavenge", f"{_names(g, group)}: about to Scavenge {g.name(self.place)}"
            ):
                return
            group = g.characters_at(self.place, self.seat)
        if self.stage == "start":
            apart = s.lasting and len(group) > 1 and len(lasting.apart(g, group)) > 1
            if apart and pl.cell not in scavengeable(g, self.seat):  # kept apart at the window, no part opens it
                self._end(g, "apart")  # (Female Jealousy played as they were about to Scavenge)
                return
            if (
                s.lasting
                and len(group) > 1
                and len(part := scavenging_part(g, self.seat, self.place, group)) < len(group)
            ):
                self.part, group = [c.uid for c in part], part
            for c in group:
                c.scavenged = True
            g.emit(
                "scavenge_started",
                seat=self.seat,
                cell=cell_list(pl.cell),
                location=g.card(self.place).id,
                group=[g.card(c.uid).id for c in group],
            )
            self.stage = "reveal"
        if self.stage == "after_fight":
            d = s.disasters.get(self.revealed)
            if not group or (d is not None and d.pos == self.place):
                self._end(g, "stopped")  # everyone is out, or they Ran Away
                return
            self.stage = "ask"
        if self.stage == "ask":
            if (s.statics or s.lasting) and not taking_part(g, group):
                self._end(g, "held")  # CARD-22: a card holds every one of them (Raiichi & Zaakro's captives)
                return
            if not any(g.is_disaster(u) for u in pl.under):
                self.stage = "collect"
            else:
                g.ask(self.seat, "scavenge_more", "turn up the next Disaster, or stop", [act("continue"), act("stop")])
                return
        if self.stage == "reveal":
            top = pl.under[-1] if pl.under and g.is_disaster(pl.under[-1]) else None
            if top is None:
                self.stage = "collect"
            else:
                pl.under.pop()
                lasting.as_printed(g, top)  # what it took on when last in play is over (The Mass)
                s.arrivals += 1
                d = DisasterState(
                    uid=top,
                    owner=s.owner[top],
                    controller=self.seat,
                    pos=self.place,
                    arrived=s.arrivals,
                    entered=True,
                    revealed=True,
                )
                s.disasters[top] = d
                recruit.came(g, d)  # the turn it came, where a card may win it over (Bump on the Head)
                self.revealed = top
                card = g.card(top)
                g.emit(
                    "disaster_revealed",
                    card=card.id,
                    uid=top,
                    cell=cell_list(pl.cell),
                    combat=g.is_combat_disaster(top),
                )
                if len(s.disasters) > 1:
                    triggers.revealed(g, d)  # other Disasters' text about one turned up (Willpower)
                if on_revealed(g, d, self.seat):  # DIS-25, DIS-26, SCAV-25: it acts at once
                    self.stage = "after_fight"
                    return
                if card.effects:
                    if card.disaster is not None and card.disaster.off_field:
                        d.pos, d.off_field = OFF, True  # DIS-23: it goes Off the Field and acts from there
                    # DIS-20: the requirement test, then its action (a player may aim it elsewhere first: Cynthia)
                    acts_or_aimed(g, d, self.seat, self.place)
                    if game_over(s):
                        return
                if g.is_combat_disaster(top) and top in s.disasters:
                    self.met += 1
                    triggers.met_here(g, d, self.seat, self.place, self.met == 1)  # the Location's text on it
                    if game_over(s):
                        return
                    self.stage = "after_fight"
                    g.push(Combat(dis=top, place=self.place, seats=[self.seat], scavenging=True))
                    return
                if not card.effects:
                    # A non-Combat Disaster does what its text says, then is Discarded (DIS-20). This card's
                    # text is not executed yet: it is met and Discarded, and the event says so.
                    primitives.leave_play(g, d, "met")
                    g.emit("ability_not_implemented", card=card.id)
                self.stage = "ask"
                return
        if self.stage == "collect":
            cards = [u for u in pl.under if not g.is_disaster(u)]
            self._end(g, "cleared")
            if group and triggers.effects_of(g.card(self.place), "cleared"):  # after it (Pendulum Training Room)
                bout.after_scavenge(g, self.seat, self.place)
            if cards and group:
                g.push(Assign(seat=self.seat, place=self.place, cards=cards, part=self.part))
            return

    def resume(self, g: Context, action: Action) -> None:
        if action.verb == "stop":
            self._end(g, "stopped")
        else:
            self.stage = "reveal"

    def _end(self, g: Context, how: str) -> None:
        g.emit("scavenge_ended", seat=self.seat, cell=cell_list(g.state.places[self.place].cell), how=how)
        if g.state.lasting:  # a Skill lent for one Scavenge attempt is spent (Assisted Shot)
            lasting.scavenge_over(g, [c.uid for c in g.characters_at(self.place, self.seat)])
        g.pop()


@dataclass(slots=True)
class Assign:
    """SCAV-11 step 7, SCAV-24: each retrieved card goes to a Character of the group (AMB-56).

    The cards stay under the Location until each is given, so every card is always in one zone."""

    seat: int
    place: int
    cards: list[int] = field(default_factory=list)
    part: list[int] = field(default_factory=list)  # those who made the Scavenge, when not all of them (Loner)
    sent: int = 0  # cards sent straight into the player's Haven (``to_haven``: Planet Namek)

    def run(self, g: Context) -> None:
        group = taking_part(g, g.characters_at(self.place, self.seat))
        if self.part:
            group = [c for c in group if c.uid in self.part]
        while self.cards and group and bearer.limited(g, self.cards[0]):
            # only those that may carry one more of its name take it (Power Gem); with none, it stays under
            takers = [c for c in group if not bearer.refuses(g, self.cards[0], c)]
            if takers:
                group = takers
                break
            self.cards.pop(0)
        if not self.cards:
            g.pop()
            return
        if not group:
            g.pop()  # nobody left to take them: they stay under the Location
            return
        u = self.cards[0]
        what = "an Item" if g.is_item(u) else g.name(u)
        home = [act("store", u)] if self._home(g, u) != OFF else []
        g.ask(
            self.seat,
            "give",
            f"give {what} to a Character" + (" (or send it into your Haven)" if home else ""),
            [act("give", u, c.uid) for c in sorted(group, key=lambda c: c.uid)] + home,
        )

    def _home(self, g: Context, card: int) -> int:
        """The Haven the card may go straight into (``to_haven`` of the Location: Planet Namek), or OFF."""
        found = own(g.card(self.place), ToHaven)
        if not found or self.sent >= found[0].count:
            return OFF
        if not any(lasting.is_kind(g.card(card), w) for w in found[0].named):
            return OFF
        s = g.state
        havens = [h for h in s.players[self.seat].havens if h in s.places and not s.places[h].destroyed]
        return havens[0] if havens else OFF

    def resume(self, g: Context, action: Action) -> None:
        if action.verb == "store":  # straight into the player's Haven (Planet Namek)
            card = action.cards[0]
            home = self._home(g, card)
            self.cards.remove(card)
            self.sent += 1
            primitives.note_origin(g, card, self.place)  # where an Item was first taken from (Fake Item)
            g.state.places[self.place].under.remove(card)
            g.state.places[home].stored.append(card)
            primitives.emit_card_event(g, "card_sent_home", self.seat, card, seat=self.seat, by=g.card(self.place).id)
            check(g)
            return
        card, to = action.cards
        self.cards.remove(card)
        primitives.note_origin(g, card, self.place)  # where an Item was first taken from (Fake Item)
        g.state.places[self.place].under.remove(card)  # the cards stay under the Location until given
        g.state.characters[to].carried.append(card)
        if g.is_item(card):
            g.emit("item_retrieved", seat=self.seat, to=[self.seat], card=g.card(card).id, character=g.card(to).id)
            g.emit("item_retrieved_hidden", seat=self.seat, character=g.card(to).id, twin=self.seat)
            primitives.spoil_sweep(g)  # its taker's card removes such Items from the game (Kozo Karino: Food)
            check(g)
        else:
            g.emit("card_retrieved", seat=self.seat, card=g.card(card).id, character=g.card(to).id)
