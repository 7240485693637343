"""Scenarios: a readable YAML file that sets up any position, plays a list of decisions and checks results.

Scenarios are how rule tests, card tests, worked examples, bug reports and puzzles are written. See
``docs/scenarios.md`` for the format; in short::

    name: EX-27 — Bugrom, the Run Away branch
    rules: [COMBAT-19, DIS-18]
    ruleset: classic            # and optionally overrides: {kill_rule: damage_3x}
    seed: 1
    seats:
      - name: Tom
        combat: [parry-handsome-lad, smash-stupefaction]     # piles are listed top first
    field:
      - {cell: [0, 0], card: hot-springs-house, owner: 0, under: [bugrom-type-1, keys]}  # top first
      - {cell: [1, 0], card: masaki-house, owner: 0, haven: true}
    characters:
      - {card: nene-romanova, owner: 0, at: [0, 0]}
    start: {active: 0, phase: scavenge}
    scripted: {targets: [nene-romanova]}     # fixes the random choices that matter
    actions:                                 # card ids (keys#2, item@nene-romanova) stand for instances
      - scavenge 0,0
      - expect: {decision: combat, legal: [run]}       # checked at this point of the script
      - run
      - runto 1,0
    expect:
      events: [{e: ran_away}, {e: item_taken, card: bugrom-type-1}]   # in this order, other events between
      legal: [done]
      characters: {nene-romanova: {at: [1, 0]}}

Reading is hardened (:mod:`animayhem.records.scenario_model`): a size cap, UTF-8 only, no YAML aliases, capped
depth and numbers, pydantic models that refuse unknown keys and out-of-range values. Every error names the
file, the line and the field, and nothing runs half-way.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from animayhem.cards.database import CardDB, CardFileError
from animayhem.cards.frozen import error_text, evolve, validate_record
from animayhem.cards.model import Card, CardType, printed_id
from animayhem.engine.core.actions import ActionSyntaxError, parse_action
from animayhem.engine.core.config import ConfigError, DeckList, GameConfig, SeatConfig
from animayhem.engine.core.state import (
    BONKS_COUNTER,
    CAPTIVE,
    OFF,
    SLOTS,
    CharacterState,
    DisasterState,
    GameState,
    Place,
    PlayerState,
)
from animayhem.engine.core.win import tallies
from animayhem.engine.effects import lasting
from animayhem.engine.effects.energy import available
from animayhem.engine.effects.transform import skill_card
from animayhem.engine.faces import narration
from animayhem.engine.game import Game, IllegalAction
from animayhem.engine.procedures import stays, turn
from animayhem.engine.procedures.flash import FlashStack
from animayhem.records.scenario_model import (
    PHASES,
    CharacterExpect,
    DisasterExpect,
    Expect,
    Lines,
    ScenarioError,
    ScenarioSpec,
    WhereExpect,
    decode,
    field_name,
    parse_yaml,
    read_bytes,
    validate,
)
from animayhem.rules.ruleset import Ruleset, RulesetError, get_ruleset

_Lines = Lines  # the name older callers used


@dataclass
class Outcome:
    """What running a scenario gave: the game, and the expectations that failed (empty: all passed)."""

    name: str
    game: Game
    failures: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    case: str | None = None  # card scenarios: "applies" or "fails"

    @property
    def passed(self) -> bool:
        return not self.failures


def load(path: Path | str, db: CardDB | None = None) -> tuple[Game, dict[str, Any], Lines, str]:
    p = Path(path)
    return loads(decode(read_bytes(p), str(p)), str(p), db)


def loads(text: str, source: str = "<scenario>", db: CardDB | None = None) -> tuple[Game, dict[str, Any], Lines, str]:
    data, node = parse_yaml(text.removeprefix("\ufeff"), source)
    lines = Lines(node)
    spec = validate(data, source, lines)
    base = db or CardDB.bundled()
    if spec.cards:
        base = _with_fixture_cards(base, spec.cards, source, lines)
    if not spec.haven_text and any(f.card == PLAIN_HAVEN for f in spec.field):
        base = _plain_haven(base)
    game = _Builder(spec, source, lines, base).build()
    return game, data, lines, source


PLAIN_HAVEN = "masaki-house"
"""The Haven most scenarios set as a plain home base, written before its text was executed: in a scenario it is
the Haven with no text (its printed card, no ability), unless the scenario says ``haven_text: true``. One default
here keeps those positions what they were written to be, instead of a stand-in in every file."""
_PLAIN: dict[int, tuple[CardDB, CardDB]] = {}


def _plain_haven(db: CardDB) -> CardDB:
    """``db`` with the plain Haven's ability left out (worked out once per database)."""
    found = _PLAIN.get(id(db))
    if found is None or found[0] is not db:
        if len(_PLAIN) > 8:
            _PLAIN.clear()
        cards = [evolve(c, effects=(), rulings=(), unexecuted=()) if c.id == PLAIN_HAVEN else c for c in db.cards]
        found = _PLAIN[id(db)] = (db, CardDB(cards, f"{db.source} (plain {PLAIN_HAVEN})"))
    return found[1]


def _with_fixture_cards(db: CardDB, records: list[dict[str, Any]], source: str, lines: Lines) -> CardDB:
    """Cards a worked example needs that no bundled set has (5E's later sets): records in the card format,
    valid for this scenario only. They may not reuse a database id or number."""
    extra: list[Card] = []
    for i, rec in enumerate(records):
        where = f"{source}:{lines.line('cards', i)}: field cards[{i}]"
        try:
            card = validate_record(Card, rec)
        except ValidationError as exc:
            err = exc.errors(include_url=False)[0]
            loc = ".".join(str(p) for p in err["loc"])
            raise ScenarioError(f"{where}.{loc}: {error_text(err)}") from exc
        except (ValueError, TypeError) as exc:  # a record the card model's own checks refuse
            raise ScenarioError(f"{where}: {exc}") from exc
        if card.id in db.ids or card.number in db.numbers:
            raise ScenarioError(f"{where}: id {card.id!r} or number {card.number} is already a bundled card")
        if any(c.id == card.id or c.number == card.number for c in extra):
            raise ScenarioError(f"{where}: id {card.id!r} or number {card.number} is given twice")
        extra.append(card)
    try:
        return CardDB([*db.cards, *extra], f"{source} (fixture cards)")
    except (CardFileError, ValueError) as exc:
        raise ScenarioError(f"{source}:{lines.line('cards')}: field cards: {exc}") from exc


def run(path: Path | str, db: CardDB | None = None) -> Outcome:
    game, data, lines, source = load(path, db)
    return play(game, data, lines, source)


def play(game: Game, data: dict[str, Any], lines: Lines, source: str) -> Outcome:
    """Apply the script's steps; check each step's expectations where it stands and the final ones at the end.

    A step whose expectations fail stops the script there (what follows would test a different position)."""
    spec = validate(data, source, lines)
    out = Outcome(name=spec.name or source, game=game, rules=list(spec.rules), case=spec.case)
    mark = 0  # events a step's expectations look at start here (those since the previous checkpoint)
    for i, step in enumerate(spec.actions):
        if step.do is not None:
            where = f"{source}:{lines.line('actions', i)}: field actions[{i}]"
            path: tuple[str | int, ...] = ("actions", i, "do") if isinstance(data["actions"][i], dict) else ()
            if path:
                where = f"{source}:{lines.line(*path)}: field actions[{i}].do"
            text = _resolve_action(game, step.do, where)
            try:
                game.apply(text)
            except IllegalAction as exc:
                raise ScenarioError(f"{where} ({step.do!r}): {exc}") from exc
            except ValueError as exc:  # an impossible scripted choice met while applying this action
                raise ScenarioError(
                    f"{source}:{lines.line('scripted', 'targets')}: field scripted.targets (at actions[{i}]): {exc}"
                ) from exc
        if step.expect is not None:
            fails = _Checker(game, source, lines, ("actions", i, "expect"), mark).check(step.expect)
            mark = len(game.log)
            if fails:
                out.failures = [*fails, f"{source}:{lines.line('actions', i)}: the script stopped at actions[{i}]"]
                return out
    out.failures = _Checker(game, source, lines, ("expect",), 0).check(spec.expect)
    return out


# ---------------------------------------------------------------------- building the position

_DISASTER_TYPES = (CardType.MAJOR_DISASTER, CardType.MINOR_DISASTER)
_NOT_ITEMS = tuple(t for t in CardType if t is not CardType.ITEM)  # Items never enter a hand or a Draw pile (SETUP-31)
_PILE_KINDS: dict[str, tuple[CardType, ...]] = {
    "hand": _NOT_ITEMS,
    "draw": _NOT_ITEMS,
    "combat": (CardType.COMBAT,),
    "discard": (),
}
_HELD_KINDS = (CardType.ITEM, CardType.EQUIPMENT)  # carried by a Character (a Haven also stores Characters, CARD-5)


class _Builder:
    def __init__(self, spec: ScenarioSpec, source: str, lines: Lines, db: CardDB) -> None:
        self.spec, self.source, self.lines, self.db = spec, source, lines, db
        self.cards: list[str] = []
        self.owner: list[int] = []
        self.seats = len(spec.seats)

    def err(self, message: str, *path: str | int) -> ScenarioError:
        return ScenarioError(f"{self.source}:{self.lines.line(*path)}: field {field_name(path)}: {message}")

    def seat(self, seat: int, *path: str | int) -> int:
        if not 0 <= seat < self.seats:
            raise self.err(f"no seat {seat} (the scenario has {self.seats}: 0 to {self.seats - 1})", *path)
        return seat

    def new(self, card_id: str, seat: int, *path: str | int, types: tuple[CardType, ...] = ()) -> int:
        card = self.db.ids.get(card_id)
        if card is None:
            try:
                card = self.db.get(card_id)
            except LookupError as exc:
                raise self.err(str(exc), *path) from exc
        if types and card.type not in types:
            label = card.type.label
            article = "an" if label[:1] in "AEIOU" else "a"
            want = " or ".join(sorted({t.label for t in types})) if len(types) < 4 else "another kind of card"
            raise self.err(f"{card.name} is {article} {label}, not {want}", *path)
        self.cards.append(card.id)
        self.owner.append(seat)
        return len(self.cards) - 1

    def is_item(self, uid: int) -> bool:
        return self.db.ids[self.cards[uid]].type is CardType.ITEM

    def ruleset(self) -> Ruleset:
        spec = self.spec
        try:
            preset = get_ruleset(spec.ruleset)
        except RulesetError as exc:
            raise self.err(str(exc), "ruleset") from exc
        try:
            return preset.with_overrides(**spec.overrides) if spec.overrides else preset
        except (RulesetError, TypeError) as exc:
            raise self.err(str(exc), "overrides") from exc

    def build(self) -> Game:
        spec = self.spec
        ruleset = self.ruleset()
        players: list[PlayerState] = []
        aside: list[int] = []
        destroyed: list[int] = []
        for i, sd in enumerate(spec.seats):
            p = PlayerState(seat=i, name=sd.name if sd.name is not None else f"Player {i + 1}")
            for zone in ("hand", "draw", "combat", "discard"):
                kinds = _PILE_KINDS[zone]
                ids = [self.new(c, i, "seats", i, zone, k, types=kinds) for k, c in enumerate(getattr(sd, zone))]
                setattr(p, zone, ids if zone == "hand" else list(reversed(ids)))  # piles: top first, top last
            p.turns = sd.turns
            players.append(p)
            aside += [  # second forms kept out of play (CONF-55, 5E)
                self.new(c, i, "seats", i, "aside", k, types=(CardType.CHARACTER,)) for k, c in enumerate(sd.aside)
            ]
            destroyed += [self.new(c, i, "seats", i, "destroyed", k) for k, c in enumerate(sd.destroyed)]
        state = GameState(cards=self.cards, owner=self.owner, players=players, rng=spec.seed)
        state.set_aside = aside
        state.destroyed = destroyed
        # a Destroyed or Discarded Item counts for the Disasters (DIS-6, WIN-2)
        discarded = [u for p in players for u in p.discard if self.is_item(u)]
        state.disaster_items = [u for u in destroyed if self.is_item(u)] + discarded
        items = len(state.disaster_items)
        for k, fd in enumerate(spec.field):
            seat = self.seat(fd.owner, "field", k, "owner")
            under_owner = self.seat(fd.under_owner, "field", k, "under_owner") if fd.under_owner is not None else seat
            cell = fd.cell
            if cell in state.grid:
                raise self.err(f"cell {list(cell)} is used twice", "field", k, "cell")
            kinds = (CardType.HAVEN, CardType.LOCATION) if fd.haven else (CardType.LOCATION,)
            uid = self.new(fd.card, seat, "field", k, "card", types=kinds)
            place = Place(uid=uid, cell=cell, owner=seat, haven=fd.haven, destroyed=fd.destroyed)
            under = [self.new(c, under_owner, "field", k, "under", j) for j, c in enumerate(fd.under)]
            place.under = list(reversed(under))
            place.stored = [self.new(c, seat, "field", k, "stored", j) for j, c in enumerate(fd.stored)]
            if fd.admitted and not fd.haven:
                raise self.err("only a Haven admits visitors (CARD-7)", "field", k, "admitted")
            for j, a in enumerate(fd.admitted):
                other = self.seat(a, "field", k, "admitted", j)
                if other == seat or other in place.admitted:
                    raise self.err(f"seat {a} is its owner or listed twice", "field", k, "admitted", j)
                place.admitted.append(other)
            items += sum(1 for u in (*place.under, *place.stored) if self.is_item(u))
            state.places[uid] = place
            state.grid[cell] = uid
            if fd.haven:
                players[seat].havens.append(uid)
        damaged: list[tuple[int, int]] = []
        for k, cd in enumerate(spec.characters):
            seat = self.seat(cd.owner, "characters", k, "owner")
            uid = self.new(cd.card, seat, "characters", k, "card", types=(CardType.CHARACTER,))
            if cd.at is not None and cd.off_at is not None:
                raise self.err("give at: or off_at:, not both", "characters", k, "off_at")
            if cd.bonked:  # Bonked at the owner's current turn, waiting to come back (COMBAT-15)
                if cd.at is not None or cd.off_at is not None or cd.carried or cd.enhancements or cd.damage:
                    raise self.err("a Bonked Character stands nowhere and holds nothing", "characters", k, "bonked")
                ch = CharacterState(uid=uid, owner=seat, bonked_at=players[seat].turns)
                players[seat].bonked.append(uid)
                state.characters[uid] = ch
                continue
            key = "at" if cd.at is not None else "off_at"
            at = cd.at if cd.at is not None else cd.off_at
            assert at is not None  # the model requires one of them
            if at not in state.grid:
                raise self.err(f"no Location or Haven at {list(at)}", "characters", k, key)
            ch = CharacterState(uid=uid, owner=seat, pos=state.grid[at], damage=cd.damage)
            if key == "off_at":  # off the Field, stepped off at that Place (TURN-20)
                ch.pos, ch.off_at = OFF, state.grid[at]
            ch.carried = [
                self.new(c, seat, "characters", k, "carried", j, types=_HELD_KINDS) for j, c in enumerate(cd.carried)
            ]
            ch.enhancements = [
                self.new(c, seat, "characters", k, "enhancements", j, types=(CardType.ENHANCEMENT,))
                for j, c in enumerate(cd.enhancements)
            ]
            ch.moved = cd.moved
            if cd.form and not self.db.ids[self.cards[uid]].two_forms:
                raise self.err(f"{self.cards[uid]} prints one set of values: form is 0", "characters", k, "form")
            ch.form = cd.form  # 1: the right-hand values (CARD-5)
            ch.idle = cd.idle  # complete turns spent building a Haven (CARD-8)
            if cd.stayed:  # turns it has stayed at its Location (engine/procedures/stays.py)
                ch.stayed, ch.stayed_at = cd.stayed, ch.pos
            ch.energy_spent = cd.energy_spent
            if cd.bonks:  # Bonks earlier in the game, where a card counts them (Super Saiyan Goku)
                state.counters[uid * SLOTS + BONKS_COUNTER] = cd.bonks
            items += sum(1 for u in ch.carried if self.is_item(u))
            state.characters[uid] = ch
            if cd.damage:
                damaged.append((k, uid))
        for k, dd in enumerate(spec.disasters):
            seat = self.seat(dd.owner, "disasters", k, "owner")
            controller = self.seat(dd.controller, "disasters", k, "controller") if dd.controller is not None else seat
            uid = self.new(dd.card, seat, "disasters", k, "card", types=_DISASTER_TYPES)
            state.arrivals += 1
            ds = DisasterState(uid=uid, owner=seat, controller=controller, arrived=state.arrivals)
            if dd.off_field:
                if dd.at is not None:
                    raise self.err("an Off-the-Field Disaster has no cell: give at: or off_field:", "disasters", k)
                ds.off_field = ds.entered = True
            elif dd.at is not None:
                if dd.at not in state.grid:
                    raise self.err(f"no Location at {list(dd.at)}", "disasters", k, "at")
                ds.pos, ds.entered = state.grid[dd.at], True
            if dd.item is not None:
                ds.item = self.new(dd.item, seat, "disasters", k, "item", types=(CardType.ITEM,))
                items += 1
            if dd.hoard and dd.item is None:
                raise self.err("a Disaster's hoard comes after its first Item: give item: too", "disasters", k, "hoard")
            for j, ref in enumerate(dd.hoard):
                ds.hoard.append(self.new(ref, seat, "disasters", k, "hoard", j, types=(CardType.ITEM,)))
                items += 1
            if dd.expires is not None:
                ds.expires = dd.expires
            state.disasters[uid] = ds
        for i, p in enumerate(players):
            if not p.havens:
                raise self.err("every seat needs a Haven on the field (haven: true)", "seats", i)
        state.items_total = spec.items_total if spec.items_total is not None else items
        self._start(state)
        self._check_expect_seats()
        seats = tuple(SeatConfig(deck=DeckList(name="scenario"), name=p.name) for p in players)
        config = GameConfig(seats=seats, ruleset=ruleset, layout=spec.layout, seed=spec.seed)
        game = Game(config, self.db, _state=state)
        for uid in state.disasters:  # Disasters set up in play: their effects are in force (engine/effects/lasting.py)
            state.disasters[uid].acted = True
            lasting.entered(game, uid)
        for uid, pl in state.places.items():  # so are the Locations' and Havens' own static effects
            if not pl.destroyed:
                lasting.entered(game, uid)
        for k, uid in damaged:  # damage must leave the Character standing (Health above 0)
            top = game.max_health(uid)
            if state.characters[uid].damage >= top:
                raise self.err(
                    f"damage {state.characters[uid].damage} leaves no Health (Health {top})", "characters", k, "damage"
                )
        game.scripted_targets = list(spec.scripted.targets)
        try:
            game._advance()
        except ValueError as exc:  # an impossible scripted choice
            raise self.err(str(exc), "scripted", "targets") from exc
        return game

    def _start(self, state: GameState) -> None:
        st = self.spec.start
        active = self.seat(st.active, "start", "active")
        state.active = state.first = active
        state.round = st.round - 1
        state.turn = st.turn
        frames: list[Any] = [
            turn.Discard(active),
            turn.Reload(active),
            turn.Maintenance(active),
            turn.Equip(active),
            turn.Move(active),
            turn.ScavengePhase(active),
        ][PHASES.index(st.phase) :]
        state.agenda = [turn.TurnLoop(started=True), turn.EndTurn(active), *reversed(frames)]
        state.phase = st.phase

    def _check_expect_seats(self) -> None:
        """Seat numbers in expectations exist, and a pile shorthand is used only where one seat is meant."""
        blocks: list[tuple[tuple[str | int, ...], Expect]] = [(("expect",), self.spec.expect)]
        blocks += [(("actions", i, "expect"), s.expect) for i, s in enumerate(self.spec.actions) if s.expect]
        for path, ex in blocks:
            for key in ("to_move", "seat"):
                value = getattr(ex, key)
                if value is not None:
                    self.seat(value, *path, key)
            for seat in ex.seats:
                self.seat(seat, *path, "seats", seat)
            for k, w in enumerate(ex.where):
                if w.seat is not None:
                    self.seat(w.seat, *path, "where", k, "seat")
            shorthand = [f for f in _PILE_FIELDS if getattr(ex, f) is not None]
            if shorthand and self.seats > 1:
                raise self.err(
                    f"with {self.seats} seats, say whose piles: seats: {{0: {{{shorthand[0]}: …}}}}",
                    *path,
                    shorthand[0],
                )


_PILE_FIELDS = ("hand", "draw", "draw_top", "discard", "hand_count", "draw_count", "discard_count", "known")


# ---------------------------------------------------------------------- naming cards


class RefError(ValueError):
    """A card reference (``keys#2``, ``item@goku``) that names no card, or more than one."""


_REF = re.compile(r"^(?P<what>[a-z0-9][a-z0-9-]*)(?:#(?P<n>[0-9]{1,3}))?(?:@(?P<where>\S+))?$")
_WHERE_PILE = re.compile(r"^(?P<zone>hand|draw|discard|combat|destroyed|aside|bonked|off_field)(?::(?P<seat>[0-4]))?$")
_CELL = re.compile(r"^(-?\d{1,3}),(-?\d{1,3})$")
KINDS: dict[str, tuple[CardType, ...]] = {
    "card": tuple(CardType),
    "item": (CardType.ITEM,),
    "equipment": (CardType.EQUIPMENT,),
    "enhancement": (CardType.ENHANCEMENT,),
    "character": (CardType.CHARACTER,),
    "disaster": _DISASTER_TYPES,
    "location": (CardType.LOCATION,),
    "haven": (CardType.HAVEN,),
    "combat": (CardType.COMBAT,),
}


def is_ref(word: str) -> bool:
    """A word that uses the reference forms (``#n`` or ``@where``) rather than a plain card id."""
    return "#" in word or "@" in word


def resolve(game: Game, word: str, *, in_play: bool = False) -> list[int]:
    """The instances ``word`` names, in order.

    * ``id``: every instance of that card; with ``in_play`` (what a plain id in an action has always meant)
      those in play, in a hand, stored, carried or set aside, or every instance when none is there;
    * ``id#n``: the n-th instance of that card in the order the file lists them (instance order);
    * ``what@where``: the cards of that id, or of that kind (``item``, ``equipment``, ``enhancement``,
      ``character``, ``disaster``, ``location``, ``haven``, ``combat``, ``card``), at a cell (``@2,1``),
      carried by, worn by or held by a card (``@goku``, ``@goku#2``), or in a pile (``@hand``, ``@discard:1``);
    * ``what#n@where``: the n-th of those.

    Raises :class:`RefError` when the reference cannot name anything."""
    m = _REF.match(word)
    if m is None:
        raise RefError(f"{word!r} is not a card reference (card-id, card-id#2, item@card-id, card-id@x,y)")
    what, n, where = m["what"], m["n"], m["where"]
    kinds = KINDS.get(what)
    if kinds is None and what not in game.db.ids:
        raise RefError(f"{word!r}: no card has the id {what!r}")
    if where is None:
        if kinds is not None:
            raise RefError(f"{word!r}: a kind ({what}) needs a place: {what}@card-id or {what}@x,y")
        everywhere = [u for u, c in enumerate(game.state.cards) if printed_id(c) == what]
        pool = (_in_play(game, what) or everywhere) if in_play and n is None else everywhere
        desc = "in the game"
    else:
        pool = [u for u in _contents(game, where, word) if _is(game, u, what, kinds)]
        desc = f"at {where}"
    if n is None:
        return pool
    k = int(n)
    if not 1 <= k <= len(pool):
        raise RefError(f"{word!r}: there {'is' if len(pool) == 1 else 'are'} {len(pool)} such {desc}, not {k}")
    return [pool[k - 1]]


def resolve_one(game: Game, word: str, *, in_play: bool = False) -> int:
    found = resolve(game, word, in_play=in_play)
    if len(found) != 1:
        many = f"names {len(found)} cards" if found else "names no card"
        raise RefError(f"{word!r} {many}; write {word}#2 or {word}@place (docs/scenarios.md)")
    return found[0]


def _is(game: Game, uid: int, what: str, kinds: tuple[CardType, ...] | None) -> bool:
    if kinds is None:
        return printed_id(game.state.cards[uid]) == what
    return game.card(uid).type in kinds


def _contents(game: Game, where: str, word: str) -> list[int]:
    """The cards at a place, held by a card or in a pile, in a stable order."""
    s = game.state
    if m := _CELL.match(where):
        cell = (int(m[1]), int(m[2]))
        if cell not in s.grid:
            raise RefError(f"{word!r}: no Location or Haven at {where}")
        return _at_place(game, s.grid[cell])
    if m := _WHERE_PILE.match(where):
        zone, seat = m["zone"], m["seat"]
        seats = [s.players[int(seat)]] if seat is not None and int(seat) < len(s.players) else s.players
        if seat is not None and int(seat) >= len(s.players):
            raise RefError(f"{word!r}: no seat {seat}")
        owned = [p.seat for p in seats]
        if zone in ("hand", "draw", "discard", "combat"):
            return [u for p in seats for u in (p.hand if zone == "hand" else reversed(getattr(p, zone)))]
        if zone == "destroyed":
            return [u for u in s.destroyed if s.owner[u] in owned]
        if zone == "aside":
            return [u for u in s.set_aside if s.owner[u] in owned]
        if zone == "bonked":
            return [c.uid for c in s.characters.values() if c.bonked_at >= 0 and c.owner in owned]
        return [d.uid for d in s.disasters.values() if d.off_field and d.owner in owned] + [
            c.uid for c in s.characters.values() if c.pos == OFF and c.off_at != OFF and c.owner in owned
        ]
    if "@" in where:
        raise RefError(f"{word!r}: one @ only")
    holder = resolve_one(game, where)
    if holder in s.characters:
        ch = s.characters[holder]
        return [*ch.carried, *ch.enhancements]
    if holder in s.disasters:
        d = s.disasters[holder]
        return d.items()
    if holder in s.places:
        return _at_place(game, holder)
    raise RefError(f"{word!r}: {where} is not in play (a Character, a Disaster or a Location holds cards)")


def _at_place(game: Game, place: int) -> list[int]:
    s = game.state
    pl = s.places[place]
    chars = [c.uid for c in s.characters.values() if c.pos == place and c.bonked_at < 0]
    dis = [d.uid for d in sorted(s.disasters.values(), key=lambda d: d.arrived) if d.pos == place]
    held = [u for c in chars for u in (*s.characters[c].carried, *s.characters[c].enhancements)]
    held += [u for d in dis for u in s.disasters[d].items()]
    return [place, *chars, *dis, *held, *pl.stored, *reversed(pl.under)]


def _in_play(game: Game, card_id: str) -> list[int]:
    """Instances of the card in play, in a hand, stored, carried or set aside (what a plain id in an action
    has always meant)."""
    s = game.state
    zones: list[Iterable[int]] = [s.characters, s.disasters, s.places]
    zones += [p.hand for p in s.players]
    zones += [pl.stored for pl in s.places.values()]
    zones += [pl.traps for pl in s.places.values()]
    zones += [s.set_aside]
    zones += [ch.carried for ch in s.characters.values()]
    found: list[int] = []
    for zone in zones:
        found += [u for u in zone if printed_id(s.cards[u]) == card_id and u not in found]
    return found


def _resolve_action(game: Game, text: str, where: str) -> str:
    """The action with every card reference replaced by its instance (``c12``), resolved now."""
    words = text.split()
    out = words[:1]
    for w in words[1:]:
        try:
            parse_action(f"done {w}")
            out.append(w)
            continue
        except ActionSyntaxError:
            pass
        try:
            if "+" in w and not is_ref(w):  # a group: move ryoko+tenchi-masaki 1,0 (TURN-18)
                out.append("+".join(f"c{resolve_one(game, part, in_play=True)}" for part in w.split("+")))
            else:
                out.append(f"c{resolve_one(game, w, in_play=not is_ref(w))}")
        except RefError as exc:
            raise ScenarioError(f"{where}: {exc}") from exc
    return " ".join(out)


def locate(game: Game, uid: int) -> dict[str, Any]:
    """Where a card instance is: ``zone`` (see docs/scenarios.md), ``seat``, ``at`` (a cell) and ``by``
    (the instance that carries it or wears it)."""
    s = game.state
    for p in s.players:
        for zone in ("hand", "draw", "discard", "combat", "combat_used"):
            if uid in getattr(p, zone):
                return {"zone": zone, "seat": p.seat}
        if uid in p.globals:
            return {"zone": "globals", "seat": p.seat}
        for setup_zone in ("locations_left", "items_left", "disasters_left", "starting_left"):
            if uid in getattr(p, setup_zone):
                return {"zone": "set_aside", "seat": p.seat}
    seat = s.owner[uid]
    if uid in s.places:
        return {"zone": "field", "seat": seat, "at": s.places[uid].cell}
    for pl in s.places.values():
        if uid in pl.under:
            return {"zone": "under", "seat": seat, "at": pl.cell}
        if uid in pl.stored:
            return {"zone": "stored", "seat": seat, "at": pl.cell}
    if uid in s.characters:
        ch = s.characters[uid]
        if ch.bonked_at >= 0:
            return {"zone": "bonked", "seat": seat}
        if ch.off_at == CAPTIVE:  # held by a Disaster (its ``capture`` text)
            return {"zone": "captive", "seat": seat, "by": lasting.captor_of(game, uid)}
        if ch.pos == OFF:
            return {
                "zone": "off_field",
                "seat": seat,
                "at": s.places[ch.off_at].cell if ch.off_at in s.places else None,
            }
        return {"zone": "field", "seat": seat, "at": s.places[ch.pos].cell}
    if uid in s.disasters:
        d = s.disasters[uid]
        if d.off_field:
            return {"zone": "off_field", "seat": seat}
        if d.pos == OFF:
            return {"zone": "entering", "seat": seat}
        return {"zone": "field", "seat": seat, "at": s.places[d.pos].cell}
    for ch in s.characters.values():
        if uid in ch.carried or uid in ch.enhancements:
            zone = "carried" if uid in ch.carried else "enhancement"
            return {"zone": zone, "seat": seat, "by": ch.uid, "at": _cell(game, ch.pos)}
    for d in s.disasters.values():
        if d.item == uid or uid in d.hoard:
            return {"zone": "carried", "seat": seat, "by": d.uid, "at": _cell(game, d.pos)}
        if uid in d.held:  # an Enhancement it took (Vegeta), the Equipment it kept (Dracula's victim)
            zone = "enhancement" if game.card(uid).type is CardType.ENHANCEMENT else "carried"
            return {"zone": zone, "seat": seat, "by": d.uid, "at": _cell(game, d.pos)}
    if uid in s.destroyed:
        return {"zone": "destroyed", "seat": seat}
    if uid in s.set_aside:
        return {"zone": "set_aside", "seat": seat}
    if any(isinstance(f, FlashStack) and uid in f.cards for f in s.agenda):
        return {"zone": "flash_stack", "seat": seat}
    return {"zone": "nowhere", "seat": seat}


def _cell(game: Game, place: int) -> tuple[int, int] | None:
    return game.state.places[place].cell if place in game.state.places else None


# ---------------------------------------------------------------------- expectations


class _Checker:
    """Checks one ``expect`` block (the final one, or a step's) and collects the failures."""

    def __init__(self, game: Game, source: str, lines: Lines, prefix: tuple[str | int, ...], since: int) -> None:
        self.game, self.source, self.lines, self.prefix, self.since = game, source, lines, prefix, since
        self.fails: list[str] = []

    def at(self, *path: str | int) -> str:
        return f"{self.source}:{self.lines.line(*self.prefix, *path)}"

    def fail(self, message: str, *path: str | int) -> None:
        self.fails.append(f"{self.at(*path)}: {message}")

    def check(self, ex: Expect) -> list[str]:
        self.events(ex)
        self.legal(ex)
        self.characters(ex)
        self.disasters(ex)
        self.places(ex)
        self.piles(ex)
        self.where(ex)
        self.position(ex)
        return self.fails

    def events(self, ex: Expect) -> None:
        events = self.game.log
        pos = self.since
        for k, want in enumerate(ex.events):
            for j in range(pos, len(events)):
                if _match(events[j], want):
                    pos = j + 1
                    break
            else:
                self.fail(f"no event {want} after event {pos}", "events", k)
        for k, want in enumerate(ex.no_events):
            if any(_match(e, want) for e in events[self.since :]):
                self.fail(f"unexpected event {want}", "no_events", k)
        self.says(ex)

    def says(self, ex: Expect) -> None:
        """``says`` / ``not_says``: text that one of the sentences of those events (engine/faces/narration.py, the
        whole log's words) holds, or none of them holds."""
        if not (ex.says or ex.not_says):
            return
        told = narration.sentences(self.game, None, self.game.log[self.since :])
        for k, text in enumerate(ex.says):
            if not any(text in line for line in told):
                self.fail(f"no sentence says {text!r} (sentences: {told})", "says", k)
        for k, text in enumerate(ex.not_says):
            if any(text in line for line in told):
                self.fail(f"a sentence says {text!r}", "not_says", k)

    def _action(self, text: str, *path: str | int) -> str | None:
        try:
            return _resolve_action(self.game, text, self.at(*path))
        except ScenarioError as exc:
            self.fails.append(str(exc))
            return None

    def legal(self, ex: Expect) -> None:
        legal = self.game.legal_actions()
        for k, a in enumerate(ex.legal):
            text = self._action(a, "legal", k)
            if text is not None and text not in legal:
                self.fail(f"{a!r} is not legal (legal: {legal})", "legal", k)
        for k, a in enumerate(ex.not_legal):
            text = self._action(a, "not_legal", k)
            if text is not None and text in legal:
                self.fail(f"{a!r} is legal", "not_legal", k)
        if ex.legal_exactly is not None:
            want: set[str] = set()
            for k, a in enumerate(ex.legal_exactly):
                text = self._action(a, "legal_exactly", k)
                if text is None:
                    return
                want.add(text)
            missing, extra = sorted(want - set(legal)), [a for a in legal if a not in want]
            if missing or extra:
                self.fail(f"legal actions differ: missing {missing}, also legal {extra}", "legal_exactly")
        d = self.game.decision
        if "decision" in ex.model_fields_set and (d.kind if d else None) != ex.decision:
            self.fail(f"the decision is {d.kind if d else None!r}, expected {ex.decision!r}", "decision")
        for key in ("to_move", "seat"):
            if key in ex.model_fields_set and self.game.to_move != getattr(ex, key):
                self.fail(f"seat {self.game.to_move} must move, expected {getattr(ex, key)}", key)

    def _pick(self, key: str, section: str, pool: dict[int, Any]) -> int | None:
        """The instance an expectation key names among ``pool`` (None: none in it); a reference form
        (``#n``, ``@where``) names one instance, a plain id the first in play."""
        if is_ref(key):
            try:
                uid = resolve_one(self.game, key)
            except RefError as exc:
                self.fail(str(exc), section, key)
                return None
            return uid if uid in pool else None
        return next((u for u in pool if printed_id(self.game.state.cards[u]) == key), None)

    def characters(self, ex: Expect) -> None:
        s, game = self.game.state, self.game
        for key, want in ex.characters.items():
            n = len(self.fails)
            uid = self._pick(key, "characters", s.characters)
            if len(self.fails) > n:
                continue
            if want.killed:
                if uid is not None:
                    self.fail(f"{key} is not Killed", "characters", key)
                continue
            if uid is None:
                self.fail(f"{key} is not in play", "characters", key)
                continue
            ch = s.characters[uid]
            actual: dict[str, Any] = {
                "killed": False,
                "at": None if ch.pos == OFF else s.places[ch.pos].cell,
                "off_at": s.places[ch.off_at].cell if ch.off_at in s.places else None,  # TURN-20
                "bonked": ch.bonked_at >= 0,
                "damage": ch.damage,
                "health": game.max_health(uid) - ch.damage,
                "max_health": game.max_health(uid),
                "items": len(game.carried_items(ch)),
                "carried": [s.cards[u] for u in ch.carried],
                "enhancements": [s.cards[u] for u in ch.enhancements],
                "attack": game.ability(uid, "attack"),
                "defense": game.ability(uid, "defense"),
                "movement": game.ability(uid, "movement"),
                "charm": game.ability(uid, "charm"),
                "form": ch.form,
                "idle": ch.idle,
                "stayed": stays.turns_here(ch),
                "skills": [str(sk) for sk in skill_card(game, uid).skills],
                "energy": available(game, ch),  # what it can still spend (CARD-16)
                "energy_spent": ch.energy_spent,
            }
            self._compare("characters", key, actual, want)

    def disasters(self, ex: Expect) -> None:
        s, game = self.game.state, self.game
        for key, want in ex.disasters.items():
            n = len(self.fails)
            uid = self._pick(key, "disasters", s.disasters)
            if len(self.fails) > n:
                continue
            if want.gone:
                if uid is not None:
                    self.fail(f"{key} is still in play", "disasters", key)
                continue
            if uid is None:
                self.fail(f"{key} is not in play", "disasters", key)
                continue
            ds = s.disasters[uid]
            actual = {
                "gone": False,
                "at": None if ds.pos == OFF else s.places[ds.pos].cell,
                "carries_item": ds.item != OFF,
                "item": None if ds.item == OFF else s.cards[ds.item],
                "items": len(ds.items()),
                "off_field": ds.off_field,
                "attack": game.ability(uid, "attack"),
                "defense": game.ability(uid, "defense"),
                "movement": game.ability(uid, "movement"),
                "health": game.max_health(uid) - ds.damage,
                "damage": ds.damage,
                "owner": ds.owner,
                "controller": ds.controller,
                "ally_of": s.cards[ds.ally_of] if ds.ally_of in s.disasters else None,  # DIS-26
            }
            self._compare("disasters", key, actual, want)

    def _compare(self, section: str, key: str, actual: dict[str, Any], want: CharacterExpect | DisasterExpect) -> None:
        for name in sorted(want.model_fields_set, key=list(type(want).model_fields).index):
            value = getattr(want, name)
            if isinstance(value, tuple):
                value = list(value)
            got = actual[name]
            if isinstance(got, tuple):
                got = list(got)
            if got != (list(value) if isinstance(value, list) else value):
                self.fail(f"{key}.{name} is {got!r}, expected {value!r}", section, key)

    def places(self, ex: Expect) -> None:
        s = self.game.state
        for cell_text, want in ex.under.items():
            x, y = (int(v) for v in cell_text.split(","))
            if (x, y) not in s.grid:
                self.fail(f"no Location at {cell_text}", "under", cell_text)
                continue
            actual = [s.cards[u] for u in reversed(s.places[s.grid[(x, y)]].under)]
            if actual != list(want):
                self.fail(f"under {cell_text} (top first) is {actual}, expected {list(want)}", "under", cell_text)
        if ex.tally is not None:
            t = tallies(self.game)
            for key in sorted(ex.tally.model_fields_set):
                value = getattr(ex.tally, key)
                if t.get(key) != value:
                    self.fail(f"tally {key} is {t.get(key)}, expected {value}", "tally", key)
        if ex.destroyed is not None:
            self._multiset("the Destroyed cards are", [s.cards[u] for u in s.destroyed], ex.destroyed, "destroyed")
        if ex.off_field is not None:
            off = [s.cards[d.uid] for d in s.disasters.values() if d.off_field]
            self._multiset("the Off-the-Field Disasters are", off, ex.off_field, "off_field")

    def _multiset(self, what: str, actual: list[str], want: list[str], *path: str | int) -> None:
        if Counter(actual) != Counter(want):
            self.fail(f"{what} {sorted(actual)}, expected {sorted(want)} (in any order)", *path)

    def piles(self, ex: Expect) -> None:
        blocks: list[tuple[int, Any, tuple[str | int, ...]]] = [(0, ex, ())]
        blocks += [(seat, piles, ("seats", seat)) for seat, piles in ex.seats.items()]
        for seat, want, path in blocks:
            p = self.game.state.players[seat]
            ids = self.game.state.cards
            hand = [ids[u] for u in p.hand]
            draw = [ids[u] for u in reversed(p.draw)]  # top first
            discard = [ids[u] for u in reversed(p.discard)]
            if want.hand is not None:
                self._multiset(f"seat {seat}'s hand holds", hand, want.hand, *path, "hand")
            if want.discard is not None:
                self._multiset(f"seat {seat}'s Discard pile holds", discard, want.discard, *path, "discard")
            if want.draw is not None and draw != list(want.draw):
                self.fail(f"seat {seat}'s Draw pile (top first) is {draw}, expected {list(want.draw)}", *path, "draw")
            if want.draw_top is not None and draw[: len(want.draw_top)] != list(want.draw_top):
                top = draw[: len(want.draw_top)]
                self.fail(f"seat {seat}'s Draw pile starts {top}, expected {list(want.draw_top)}", *path, "draw_top")
            if want.known is not None:  # what the seat has looked at (engine/effects/looks.py), as its view says
                seen = [str(k["card"]) for k in self.game.view(seat).get("known", [])]
                self._multiset(f"seat {seat} knows", seen, want.known, *path, "known")
            for name, actual in (("hand_count", hand), ("draw_count", draw), ("discard_count", discard)):
                value = getattr(want, name)
                if value is not None and len(actual) != value:
                    self.fail(f"seat {seat} has {len(actual)} cards ({name}), expected {value}", *path, name)

    def where(self, ex: Expect) -> None:
        s = self.game.state
        for k, w in enumerate(ex.where):
            try:
                uid = resolve_one(self.game, w.card)
                holder = resolve_one(self.game, w.by) if w.by is not None and is_ref(w.by) else None
            except RefError as exc:
                self.fail(str(exc), "where", k)
                continue
            got = locate(self.game, uid)
            problems = self._where_problems(w, got, holder)
            if problems:
                shown = {k2: (s.cards[v] if k2 == "by" else v) for k2, v in got.items() if v is not None}
                self.fail(f"{w.card} is {shown}: {', '.join(problems)}", "where", k)

    def _where_problems(self, w: WhereExpect, got: dict[str, Any], holder: int | None) -> list[str]:
        s = self.game.state
        out = []
        if got["zone"] != w.zone:
            out.append(f"zone is {got['zone']}, expected {w.zone}")
        if w.seat is not None and got.get("seat") != w.seat:
            out.append(f"seat is {got.get('seat')}, expected {w.seat}")
        if w.at is not None and got.get("at") != w.at:
            out.append(f"at is {got.get('at')}, expected {list(w.at)}")
        if w.by is not None:
            by = got.get("by")
            ok = by is not None and (by == holder if holder is not None else s.cards[by] == w.by)
            if not ok:
                out.append(f"by is {None if by is None else s.cards[by]}, expected {w.by}")
        return out

    def position(self, ex: Expect) -> None:
        s = self.game.state
        if ex.phase is not None and s.phase != ex.phase:
            self.fail(f"phase is {s.phase}, expected {ex.phase}", "phase")
        if "result" in ex.model_fields_set:
            want = None if ex.result is None else ex.result.model_dump()
            got = None if s.result is None else {k: s.result[k] for k in ("winners", "disasters_win")}
            if got != want:
                self.fail(f"result is {got}, expected {want}", "result")


def _match(event: dict[str, Any], want: Any) -> bool:
    if not isinstance(want, dict):
        return False
    for key, value in want.items():
        if key not in event:
            return False
        got = event[key]
        if isinstance(value, dict) and isinstance(got, dict):
            if not _match(got, value):
                return False
        elif isinstance(got, tuple) and isinstance(value, list):
            if list(got) != value:
                return False
        elif got != value:
            return False
    return True


__all__ = [
    "ConfigError",
    "Outcome",
    "RefError",
    "ScenarioError",
    "load",
    "loads",
    "locate",
    "play",
    "resolve",
    "resolve_one",
    "run",
]
