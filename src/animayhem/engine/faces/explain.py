"""Rules explained: why an action is legal or not, in words and RULES.md ids (``Game.explain(action)``).

:func:`explain` answers for any action text, legal or not. :func:`refusal` is what :class:`IllegalAction`
carries when ``Game.apply`` refuses: every refusal names at least one rule id. A known kind of action gets a
precise reason ("Goku can't stop at Planet Freeza (1,0): it is Planetary and no one in the group has the
Planetary symbol (SCAV-18)"); any other falls back to the decision being asked and the rule of that
decision. Nothing here changes the game, and the words come from the catalogue (engine/faces/messages_en.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from animayhem.engine.core.actions import Action, ActionSyntaxError, parse_action
from animayhem.engine.core.field import distances
from animayhem.engine.core.state import OFF, CharacterState
from animayhem.engine.effects import lasting
from animayhem.engine.faces.narration import action_text, catalogue
from animayhem.engine.faces.terms import phase, question, requirement, syntax_error
from animayhem.engine.faces.views import known_cards
from animayhem.engine.procedures import stays
from animayhem.engine.procedures.movement import may_stop, movement_left
from animayhem.engine.procedures.scavenge import group_meets, location_defense
from animayhem.engine.procedures.turn import group_may_stop
from animayhem.engine.procedures.vehicles import own_value
from animayhem.i18n import polish

if TYPE_CHECKING:
    from animayhem.engine.core.context import Table

# the rules behind each kind of decision (docs/engine.md's table)
DECISION_RULES: dict[str, tuple[str, ...]] = {
    "place": ("SETUP-23", "SETUP-24"),
    "line": ("SETUP-35",),
    "haven": ("SETUP-26", "SETUP-36"),
    "item": ("SETUP-28",),
    "disasters": ("SETUP-29",),
    "start": ("SETUP-7", "SETUP-33"),
    "discard": ("TURN-6",),
    "equip": ("TURN-13", "TURN-14"),
    "move": ("TURN-17", "TURN-18"),
    "scavenge": ("TURN-23", "SCAV-11"),
    "combat": ("COMBAT-5", "COMBAT-19"),
    "protect": ("COMBAT-22",),
    "fight_run": ("COMBAT-19",),
    "declare": ("COMBAT-21", "COMBAT-22"),
    "runto": ("COMBAT-19",),
    "scavenge_consent": ("SCAV-14",),
    "permission": ("CARD-7",),
    "scavenge_more": ("SCAV-11", "SCAV-12"),
    "give": ("SCAV-24",),
    "charm_break": ("COMBAT-37",),
    "charm_command": ("COMBAT-31", "COMBAT-36"),
    "charm_open": ("COMBAT-34", "COMBAT-38"),
    "flash_answer": ("CARD-15",),
    "window": ("CARD-15", "CARD-21"),
    "flee": ("CARD-18",),
    "draw": ("TURN-7", "CARD-17"),
    "use_choice": ("CARD-17", "CARD-23"),
}
GAME_OVER_RULES = ("WIN-3",)
ONE_SEAT_RULES = ("TURN-3",)  # one seat decides at a time, in turn order


@dataclass(frozen=True)
class Explanation:
    legal: bool
    text: str
    rules: tuple[str, ...]
    specific: bool = False  # a reason of its own, not just "not possible now" (engine/faces/explain.py's diagnoses)

    def __str__(self) -> str:
        return f"{self.text} ({', '.join(self.rules)})" if self.rules else self.text


class _Words:
    def __init__(self, g: Table, lang: str | None) -> None:
        self.g = g
        self.lang = lang
        self.cat = catalogue(lang)

    def seat(self, seat: int) -> str:
        return self.cat.words["player"].format(n=seat + 1)

    def cell(self, cell: tuple[int, int]) -> str:
        uid = self.g.state.grid.get(cell)
        if uid is None:
            return self.cat.words["empty_cell"].format(x=cell[0], y=cell[1])
        key = "haven_of" if self.g.state.places[uid].haven else "cell"
        return self.cat.words[key].format(name=self.g.name(uid), x=cell[0], y=cell[1])

    def say(self, key: str, rules: tuple[str, ...], legal: bool = False, **fields: object) -> Explanation:
        generic = key in ("not_now", "legal", "syntax", "game_over", "not_yours")
        return Explanation(legal, polish(self.cat.refusals[key].format(**fields), self.lang), rules, not generic)


def _prompt(g: Table, lang: str | None) -> str:
    p = g.state.pending
    if p is None:
        return ""
    found = catalogue(lang).decisions.get(p.kind)
    return found if found is not None else question(p.kind, p.prompt, lang)


def explain(g: Table, action: str | Action, seat: int | None = None, lang: str | None = None) -> Explanation:
    """Why ``action`` is (or is not) legal now for ``seat`` (default: the seat to move)."""
    w = _Words(g, lang)
    p = g.state.pending
    if p is None:
        return w.say("game_over", GAME_OVER_RULES)
    rules = DECISION_RULES.get(p.kind, ("TURN-2",))
    if seat is not None and seat != p.seat:
        return w.say("not_yours", ONE_SEAT_RULES + rules, seat=w.seat(seat), who=w.seat(p.seat))
    try:
        parsed = parse_action(action) if isinstance(action, str) else action
    except ActionSyntaxError as exc:
        error = syntax_error(str(action), exc, lang)
        return w.say("syntax", rules, error=error[:1].upper() + error[1:])
    text = str(parsed)
    if text in p.actions:
        what = action_text(g, parsed, p.seat, lang)
        return w.say("legal", rules, legal=True, action=what, seat=w.seat(p.seat), prompt=_prompt(g, lang))
    reason = _diagnose(g, w, p.seat, p.kind, parsed)
    if reason is not None:
        return reason
    return w.say("not_now", rules, action=text, seat=w.seat(p.seat), prompt=_prompt(g, lang))


def refusal(g: Table, action: str | Action, lang: str | None = None) -> Explanation:
    """The reason ``Game.apply`` gives for refusing ``action`` (always with at least one rule id)."""
    out = explain(g, action, None, lang)
    if out.legal:  # pragma: no cover - apply only asks about refused actions
        return Explanation(False, out.text, out.rules)
    return out


# ---------------------------------------------------------------------- precise reasons


def _diagnose(g: Table, w: _Words, seat: int, kind: str, a: Action) -> Explanation | None:
    if a.verb == "move" and a.cards and any(isinstance(x, tuple) for x in a.args):
        if kind == "flee":  # CARD-18: a thief's free move has its own list
            return None
        if kind != "move":
            return w.say(
                "wrong_phase", DECISION_RULES.get(kind, ("TURN-2",)), phase=phase(g.state.phase, w.lang), verb=a.verb
            )
        return _why_not_move(g, w, seat, list(a.cards), a.cell)
    if a.verb in ("drive", "leave", "return", "run") and (g.state.lasting or g.state.statics):
        return _why_kept(g, w, seat, a)
    if a.verb == "scavenge" and any(isinstance(x, tuple) for x in a.args):
        if kind != "scavenge":
            return w.say("wrong_phase", ("TURN-2", "TURN-23"), phase=phase(g.state.phase, w.lang), verb=a.verb)
        return _why_not_scavenge(g, w, seat, a.cell)
    return None


def _character(g: Table, w: _Words, seat: int, uid: int) -> tuple[CharacterState | None, Explanation | None]:
    s = g.state
    ch = s.characters.get(uid)
    if ch is None:
        if uid in known_cards(g.view(seat)):  # a card this seat may name (MISC-7), not a Character
            return None, w.say("not_your_character", ("TURN-17",), card=g.name(uid), seat=w.seat(seat))
        return None, w.say("no_such_card", ("TURN-17", "MISC-7"), uid=uid)
    if ch.owner != seat:
        return None, w.say("not_your_character", ("TURN-17", "MISC-9"), card=g.name(uid), seat=w.seat(seat))
    if ch.bonked_at >= 0:
        return None, w.say("bonked", ("COMBAT-15",), card=g.name(uid))
    if ch.pos == OFF:
        return None, w.say("off_field", ("TURN-19", "TURN-20"), card=g.name(uid))
    return ch, None


def _why_not_move(g: Table, w: _Words, seat: int, uids: list[int], cell: tuple[int, int]) -> Explanation | None:
    s = g.state
    group: list[CharacterState] = []
    for uid in uids:
        ch, why = _character(g, w, seat, uid)
        if why is not None:
            return why
        assert ch is not None
        if movement_left(g, ch) <= 0 or (ch.moved and ch.spent == 0):
            return w.say("moved", ("TURN-17", "TURN-22"), card=g.name(uid))
        kept = _kept(g, w, ch)
        if kept is not None:
            return kept
        group.append(ch)
    names = [g.name(c.uid) for c in group]
    if len({c.pos for c in group}) > 1:
        return w.say("group_apart", ("TURN-18",), cards=", ".join(names))
    lone = [c for c in group if s.lasting and len(group) > 1 and lasting.alone(g, c.uid)]
    if lone:
        return w.say("acts_alone", ("CARD-1", "TURN-18"), card=g.name(lone[0].uid))
    place_uid = s.grid.get(cell)
    if place_uid is None:
        return w.say("no_such_cell", ("TURN-17", "MISC-2"), x=cell[0], y=cell[1])
    lead = group[0]
    who = names[0] if len(names) == 1 else ", ".join(names)
    here = s.places[lead.pos]
    if here.cell == cell:
        return w.say("same_place", ("TURN-17",), card=who, cell=w.cell(cell))
    speed = min(movement_left(g, c) for c in group)
    far = distances(s, here.cell, g.rules.adjacency, 99)
    steps = far.get(cell)
    rules: tuple[str, ...]
    if steps is not None and steps > speed:
        rules = ("TURN-17", "TURN-18") if len(group) > 1 else ("TURN-17",)
        return w.say("too_far", rules, card=who, cell=w.cell(cell), distance=steps, movement=speed)
    place = s.places[place_uid]
    if place.haven:
        if place.owner != seat:
            return w.say("haven_refused", ("CARD-7", "TURN-21"), card=who, cell=w.cell(cell))
        return None
    if place.destroyed:
        return w.say("destroyed", ("SCAV-20", "TURN-21"), card=who, cell=w.cell(cell))
    icons = {i.value for i in g.card(place_uid).icons}
    blocked = not (group_may_stop(g, group, place_uid) if len(group) > 1 else may_stop(g, lead, place_uid))
    if blocked and "dimensional" in icons:
        return w.say("dimensional", ("SCAV-19", "TURN-21"), card=who, cell=w.cell(cell))
    if blocked and "planetary" in icons:
        key = "planetary_every" if g.rules.planetary == "every" else "planetary"
        rules = ("SCAV-18", "TURN-21", "CONF-37") if key == "planetary_every" else ("SCAV-18", "TURN-21")
        return w.say(key, rules, card=who, cell=w.cell(cell))
    if here.haven and g.on_field(seat) + len(group) > 6:
        return w.say("six_cap", ("TURN-16",), card=who, seat=w.seat(seat))
    return None


def _kept(g: Table, w: _Words, ch: CharacterState, ride: int = -1) -> Explanation | None:
    """The card that keeps ``ch`` from moving away (lasting.kept_by, CARD-22), named; None when it may leave."""
    by = lasting.kept_by(g, ch.uid, ride=ride)
    place = g.state.places.get(ch.pos if ch.pos != OFF else ch.off_at)  # off the Field: where it stepped off
    if by == OFF or place is None:
        return None
    return w.say("kept", ("CARD-22",), card=g.name(ch.uid), by=g.name(by), cell=w.cell(place.cell))


def _why_kept(g: Table, w: _Words, seat: int, a: Action) -> Explanation | None:
    """Driving, riding, stepping off the Field or back, Running Away: a card that keeps one of the Characters
    concerned where it stands is the reason (the one permission query of leaving, lasting.kept_by)."""
    s = g.state
    if a.verb == "run":
        frame = s.agenda[-1] if s.agenda else None
        place = getattr(frame, "place", OFF)
        for c in sorted(g.characters_at(place, seat), key=lambda c: c.uid) if place != OFF else []:
            by = lasting.kept_by(g, c.uid, "run")
            if by != OFF:
                cell = w.cell(s.places[place].cell)
                return w.say(
                    "kept_run",
                    ("CARD-22", "COMBAT-19"),
                    seat=w.seat(seat),
                    cell=cell,
                    by=g.name(by),
                    card=g.name(c.uid),
                )
        return None
    if not a.cards or not all(0 <= u < len(s.cards) for u in a.cards):
        return None
    ride = -1
    if a.verb == "drive":
        ride = own_value(g, a.cards[0], "movement") or 0
        holder = next((c for c in s.characters.values() if a.cards[0] in c.carried), None)
        concerned = ([holder] if holder is not None else []) + [
            s.characters[u] for u in a.cards[1:] if u in s.characters
        ]
    else:
        concerned = [s.characters[a.cards[0]]] if a.cards[0] in s.characters else []
    for c in concerned:
        if c.owner == seat:
            kept = _kept(g, w, c, ride)
            if kept is not None:
                return kept
    return None


def _why_not_scavenge(g: Table, w: _Words, seat: int, cell: tuple[int, int]) -> Explanation | None:
    s = g.state
    place_uid = s.grid.get(cell)
    if place_uid is None:
        return w.say("no_such_cell", ("SCAV-11", "MISC-2"), x=cell[0], y=cell[1])
    place = s.places[place_uid]
    where = w.cell(cell)
    if place.haven:
        return w.say("haven_scavenge", ("SCAV-21",), cell=where)
    if place.destroyed:
        return w.say("destroyed_scavenge", ("SCAV-20",), cell=where)
    group = g.characters_at(place_uid, seat)
    if not group:
        return w.say("no_characters", ("SCAV-11", "TURN-18"), seat=w.seat(seat), cell=where)
    if g.rules.scavenge_limit == "once_per_turn" and s.players[seat].scavenges:
        return w.say("once_per_turn", ("TURN-23", "CONF-57"), seat=w.seat(seat))
    if any(c.no_scavenge != OFF for c in group):
        return w.say("ran_away", ("SCAV-15", "COMBAT-19"), seat=w.seat(seat), cell=where)
    if any(c.scavenged for c in group):
        return w.say("scavenged", ("SCAV-13", "TURN-23"), seat=w.seat(seat), cell=where)
    if not place.under:
        return w.say("nothing_under", ("SCAV-11",), cell=where)
    for d in s.disasters.values():
        if d.pos == place_uid and g.is_combat_disaster(d.uid):
            return w.say("disaster_here", ("COMBAT-1", "DIS-13"), disaster=g.name(d.uid), cell=where)
    card = g.card(place_uid)
    defense = location_defense(g, place_uid)
    if card.requirements is not None and defense is None and not group_meets(g, seat, place_uid):
        turns = stays.remain_turns(card.requirements)
        if turns is not None:  # "remain on Location for N turns" (Campground): say how long it has stayed
            stayed = stays.group_stayed(group)
            return w.say(
                "requirement_remain",
                ("SCAV-1",),
                seat=w.seat(seat),
                cell=where,
                requirement=requirement(card.requirements, w.lang),
                stayed=stayed,
                turns=turns,
            )
        return w.say(
            "requirement",
            ("SCAV-1", "SCAV-6"),
            seat=w.seat(seat),
            cell=where,
            requirement=requirement(card.requirements, w.lang),
        )
    if defense is not None:
        return _why_not_break_in(g, w, seat, place_uid, group, defense)
    return None


def _why_not_break_in(
    g: Table, w: _Words, seat: int, place_uid: int, group: list[CharacterState], defense: int
) -> Explanation | None:
    """SCAV-16: a Location with Defense, worked out as the Scavenge check does (engine/procedures/scavenge.py): under
    ``wear_down`` (5E) its Defense must be worn to 0 first; under ``beat_once`` one attack must beat it, made by
    Characters that act together (one acting alone, Loner, attacks on its own)."""
    place = g.state.places[place_uid]
    where = w.cell(place.cell)
    if g.rules.location_defense == "wear_down":
        worn = place.wear if place.worn_by == seat else 0
        if worn >= defense:
            return None
        return w.say(
            "worn",
            ("SCAV-16", "CONF-36"),
            seat=w.seat(seat),
            cell=where,
            defense=defense,
            worn=worn,
            left=defense - worn,
        )
    parts = lasting.apart(g, group)
    attack = max(sum(g.ability(c.uid, "attack") for c in part) for part in parts)
    if attack > defense:
        return None
    key = "defense" if len(parts) == 1 else "defense_apart"
    return w.say(key, ("SCAV-16",), seat=w.seat(seat), cell=where, attack=attack, defense=defense)
