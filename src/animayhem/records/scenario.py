"""Scenarios: a readable YAML file that sets up any position, plays a list of decisions and checks results.

Scenarios are how rule tests, worked examples, bug reports and puzzles are written. See
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
    actions: [scavenge 0,0, run, runto 1,0]  # card ids may stand for the one such card in play
    expect:
      events: [{e: ran_away}, {e: item_taken, card: bugrom-type-1}]   # in this order, other events between
      legal: [done]
      characters: {nene-romanova: {at: [1, 0]}}

Every error names the file, the line and the field, and nothing runs half-way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from animayhem.cards.database import CardDB, CardFileError
from animayhem.cards.model import Card, CardType
from animayhem.engine.actions import ActionSyntaxError, parse_action
from animayhem.engine.config import ConfigError, DeckList, GameConfig, SeatConfig
from animayhem.engine.energy import available
from animayhem.engine.game import Game, IllegalAction
from animayhem.engine.state import OFF, CharacterState, DisasterState, GameState, Place, PlayerState
from animayhem.engine.transform import skill_card
from animayhem.rules.ruleset import RulesetError, get_ruleset

PHASES = ("discard", "reload", "maintenance", "equip", "move", "scavenge")
TOP_KEYS = {
    "name",
    "rules",
    "source",
    "notes",
    "ruleset",
    "overrides",
    "seed",
    "layout",
    "seats",
    "field",
    "characters",
    "disasters",
    "start",
    "scripted",
    "actions",
    "expect",
    "items_total",
    "cards",
}
ENTRY_KEYS = {
    "seats": {"name", "hand", "draw", "combat", "discard", "turns", "aside"},
    "field": {"cell", "card", "owner", "haven", "under", "under_owner", "stored", "destroyed"},
    "characters": {
        "card",
        "owner",
        "at",
        "off_at",
        "carried",
        "enhancements",
        "damage",
        "moved",
        "form",
        "idle",
        "energy_spent",
    },
    "disasters": {"card", "owner", "controller", "at", "off_field", "item", "expires"},
}
START_KEYS = {"active", "phase", "round", "turn"}
EXPECT_KEYS = {
    "events",
    "no_events",
    "legal",
    "not_legal",
    "characters",
    "disasters",
    "under",
    "tally",
    "to_move",
    "phase",
    "result",
}


class ScenarioError(ValueError):
    """A scenario that cannot be read or set up; names the file, line and field."""


@dataclass
class Outcome:
    """What running a scenario gave: the game, and the expectations that failed (empty: all passed)."""

    name: str
    game: Game
    failures: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.failures


class _Lines:
    """Maps a field path (``characters.2.card``) to a line of the YAML file."""

    def __init__(self, node: yaml.Node | None) -> None:
        self.node = node

    def line(self, *path: str | int) -> int:
        node = self.node
        best = node.start_mark.line + 1 if node is not None else 0
        for key in path:
            if isinstance(node, yaml.MappingNode):
                nxt = next((v for k, v in node.value if k.value == key), None)
            elif isinstance(node, yaml.SequenceNode) and isinstance(key, int) and key < len(node.value):
                nxt = node.value[key]
            else:
                nxt = None
            if nxt is None:
                break
            node = nxt
            best = node.start_mark.line + 1
        return best


def load(path: Path | str, db: CardDB | None = None) -> tuple[Game, dict[str, Any], _Lines, str]:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError(f"{p}: cannot read: {exc}") from exc
    return loads(text, str(p), db)


def loads(text: str, source: str = "<scenario>", db: CardDB | None = None) -> tuple[Game, dict[str, Any], _Lines, str]:
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else 0
        raise ScenarioError(f"{source}:{line}: not valid YAML: {getattr(exc, 'problem', exc)}") from exc
    lines = _Lines(node)
    if not isinstance(data, dict):
        raise ScenarioError(f"{source}:1: a scenario is a mapping of fields (name, seats, field, …)")
    unknown = sorted(set(data) - TOP_KEYS)
    if unknown:
        raise ScenarioError(f"{source}:{lines.line(unknown[0])}: field {unknown[0]}: unknown field")
    base = db or CardDB.bundled()
    if data.get("cards"):
        base = _with_fixture_cards(base, data["cards"], source, lines)
    builder = _Builder(data, source, lines, base)
    builder.check_keys()
    game = builder.build()
    return game, data, lines, source


def _with_fixture_cards(db: CardDB, records: Any, source: str, lines: _Lines) -> CardDB:
    """Cards a worked example needs that no bundled set has (5E's later sets): records in the card format,
    valid for this scenario only. They may not reuse a database id or number."""
    if not isinstance(records, list):
        raise ScenarioError(f"{source}:{lines.line('cards')}: field cards: expected a list of card records")
    extra: list[Card] = []
    for i, rec in enumerate(records):
        where = f"{source}:{lines.line('cards', i)}: field cards[{i}]"
        if not isinstance(rec, dict):
            raise ScenarioError(f"{where}: expected a card record (a mapping)")
        try:
            card = Card.model_validate(rec)
        except ValidationError as exc:
            err = exc.errors()[0]
            loc = ".".join(str(p) for p in err["loc"])
            raise ScenarioError(f"{where}.{loc}: {err['msg'].removeprefix('Value error, ')}") from exc
        if card.id in db.ids or card.number in db.numbers:
            raise ScenarioError(f"{where}: id {card.id!r} or number {card.number} is already a bundled card")
        extra.append(card)
    try:
        return CardDB([*db.cards, *extra], f"{source} (fixture cards)")
    except (CardFileError, ValueError) as exc:
        raise ScenarioError(f"{source}:{lines.line('cards')}: field cards: {exc}") from exc


def run(path: Path | str, db: CardDB | None = None) -> Outcome:
    game, data, lines, source = load(path, db)
    return play(game, data, lines, source)


def play(game: Game, data: dict[str, Any], lines: _Lines, source: str) -> Outcome:
    out = Outcome(name=str(data.get("name", source)), game=game, rules=[str(r) for r in data.get("rules", [])])
    for i, raw in enumerate(data.get("actions", []) or []):
        text = _resolve_action(game, str(raw), f"{source}:{lines.line('actions', i)}: field actions[{i}]")
        try:
            game.apply(text)
        except IllegalAction as exc:
            raise ScenarioError(f"{source}:{lines.line('actions', i)}: field actions[{i}] ({raw!r}): {exc}") from exc
        except ValueError as exc:  # an impossible scripted choice met while applying this action
            raise ScenarioError(
                f"{source}:{lines.line('scripted', 'targets')}: field scripted.targets (at actions[{i}]): {exc}"
            ) from exc
    out.failures = _check(game, data.get("expect") or {}, source, lines)
    return out


# ---------------------------------------------------------------------- building the position


class _Builder:
    def __init__(self, data: dict[str, Any], source: str, lines: _Lines, db: CardDB) -> None:
        self.data, self.source, self.lines, self.db = data, source, lines, db
        self.cards: list[str] = []
        self.owner: list[int] = []

    def check_keys(self) -> None:
        """Unknown keys are typos: refuse them, naming the line (nothing is silently ignored)."""
        for section, allowed in ENTRY_KEYS.items():
            entries = self.data.get(section) or []
            if not isinstance(entries, list):
                raise self.err("expected a list", section)
            for i, entry in enumerate(entries):
                if not isinstance(entry, dict):
                    raise self.err("expected a mapping", section, i)
                for key in entry:
                    if key not in allowed:
                        raise self.err(f"unknown key {key!r} (known: {', '.join(sorted(allowed))})", section, i, key)
        for name, allowed in (("start", START_KEYS), ("expect", EXPECT_KEYS), ("scripted", {"targets"})):
            block = self.data.get(name) or {}
            if not isinstance(block, dict):
                raise self.err("expected a mapping", name)
            for key in block:
                if key not in allowed:
                    raise self.err(f"unknown key {key!r} (known: {', '.join(sorted(allowed))})", name, key)

    def err(self, message: str, *path: str | int) -> ScenarioError:
        where = ".".join(str(p) if isinstance(p, str) else f"[{p}]" for p in path).replace(".[", "[")
        return ScenarioError(f"{self.source}:{self.lines.line(*path)}: field {where}: {message}")

    def new(self, card_id: Any, seat: int, *path: str | int, types: tuple[CardType, ...] = ()) -> int:
        card = self.db.ids.get(str(card_id))
        if card is None:
            try:
                card = self.db.get(str(card_id))
            except LookupError as exc:
                raise self.err(str(exc), *path) from exc
        if types and card.type not in types:
            raise self.err(f"{card.name} is a {card.type.label}", *path)
        self.cards.append(card.id)
        self.owner.append(seat)
        return len(self.cards) - 1

    def cell(self, value: Any, *path: str | int) -> tuple[int, int]:
        if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value)):
            raise self.err(f"a cell is [x, y], not {value!r}", *path)
        return (value[0], value[1])

    def build(self) -> Game:
        d = self.data
        try:
            ruleset = get_ruleset(d.get("ruleset"))
            if d.get("overrides"):
                ruleset = ruleset.with_overrides(**d["overrides"])
        except RulesetError as exc:
            raise self.err(str(exc), "ruleset") from exc
        seats_data = d.get("seats") or []
        if not isinstance(seats_data, list) or not 1 <= len(seats_data) <= 5:
            raise self.err("give 1 to 5 seats", "seats")
        players = []
        aside: list[int] = []
        for i, sd in enumerate(seats_data):
            if not isinstance(sd, dict):
                raise self.err("a seat is a mapping", "seats", i)
            p = PlayerState(seat=i, name=str(sd.get("name", f"Player {i + 1}")))
            for zone in ("hand", "draw", "combat", "discard"):
                ids = [self.new(c, i, "seats", i, zone, k) for k, c in enumerate(sd.get(zone) or [])]
                setattr(p, zone, ids if zone in ("hand", "discard") else list(reversed(ids)))
            p.turns = int(sd.get("turns", 1))
            players.append(p)
            aside += [  # second forms kept out of play (CONF-55, 5E)
                self.new(c, i, "seats", i, "aside", k, types=(CardType.CHARACTER,))
                for k, c in enumerate(sd.get("aside") or [])
            ]
        n = len(players)
        state = GameState(cards=self.cards, owner=self.owner, players=players, rng=int(d.get("seed", 0)))
        state.set_aside = aside
        items = 0
        for k, fd in enumerate(d.get("field") or []):
            seat = int(fd.get("owner", 0))
            if not 0 <= seat < n:
                raise self.err(f"no seat {seat}", "field", k, "owner")
            cell = self.cell(fd.get("cell"), "field", k, "cell")
            if cell in state.grid:
                raise self.err(f"cell {list(cell)} is used twice", "field", k, "cell")
            haven = bool(fd.get("haven", False))
            kinds = (CardType.HAVEN, CardType.LOCATION) if haven else (CardType.LOCATION,)
            uid = self.new(fd.get("card"), seat, "field", k, "card", types=kinds)
            place = Place(uid=uid, cell=cell, owner=seat, haven=haven, destroyed=bool(fd.get("destroyed", False)))
            under = [
                self.new(c, int(fd.get("under_owner", seat)), "field", k, "under", j)
                for j, c in enumerate(fd.get("under") or [])
            ]
            place.under = list(reversed(under))
            place.stored = [self.new(c, seat, "field", k, "stored", j) for j, c in enumerate(fd.get("stored") or [])]
            items += sum(1 for u in (*place.under, *place.stored) if self.db.ids[self.cards[u]].type is CardType.ITEM)
            state.places[uid] = place
            state.grid[cell] = uid
            if haven:
                players[seat].havens.append(uid)
        for k, cd in enumerate(d.get("characters") or []):
            seat = int(cd.get("owner", 0))
            uid = self.new(cd.get("card"), seat, "characters", k, "card", types=(CardType.CHARACTER,))
            key = "off_at" if "off_at" in cd and "at" not in cd else "at"  # off_at: off the Field (TURN-20)
            at = self.cell(cd.get(key), "characters", k, key)
            if at not in state.grid:
                raise self.err(f"no Location or Haven at {list(at)}", "characters", k, key)
            ch = CharacterState(uid=uid, owner=seat, pos=state.grid[at], damage=int(cd.get("damage", 0)))
            if key == "off_at":
                ch.pos, ch.off_at = OFF, state.grid[at]
            ch.carried = [
                self.new(c, seat, "characters", k, "carried", j) for j, c in enumerate(cd.get("carried") or [])
            ]
            ch.enhancements = [
                self.new(c, seat, "characters", k, "enhancements", j, types=(CardType.ENHANCEMENT,))
                for j, c in enumerate(cd.get("enhancements") or [])
            ]
            ch.moved = bool(cd.get("moved", False))
            ch.form = int(cd.get("form", 0))  # 1: the right-hand values (CARD-5)
            ch.idle = int(cd.get("idle", 0))  # complete turns spent building a Haven (CARD-8)
            ch.energy_spent = int(cd.get("energy_spent", 0))
            items += sum(1 for u in ch.carried if self.db.ids[self.cards[u]].type is CardType.ITEM)
            state.characters[uid] = ch
        disaster_types = (CardType.MAJOR_DISASTER, CardType.MINOR_DISASTER)
        for k, dd in enumerate(d.get("disasters") or []):
            seat = int(dd.get("owner", 0))
            uid = self.new(dd.get("card"), seat, "disasters", k, "card", types=disaster_types)
            state.arrivals += 1
            ds = DisasterState(uid=uid, owner=seat, controller=int(dd.get("controller", seat)), arrived=state.arrivals)
            if dd.get("off_field"):
                ds.off_field = ds.entered = True
            elif "at" in dd:
                at = self.cell(dd["at"], "disasters", k, "at")
                if at not in state.grid:
                    raise self.err(f"no Location at {list(at)}", "disasters", k, "at")
                ds.pos, ds.entered = state.grid[at], True
            if dd.get("item"):
                ds.item = self.new(dd["item"], seat, "disasters", k, "item", types=(CardType.ITEM,))
                items += 1
            if "expires" in dd:
                ds.expires = int(dd["expires"])
            state.disasters[uid] = ds
        for i, p in enumerate(players):
            if not p.havens:
                raise self.err("every seat needs a Haven on the field (haven: true)", "seats", i)
        state.items_total = int(d.get("items_total", items))
        self._start(state, n)
        seats = tuple(SeatConfig(deck=DeckList(name="scenario"), name=p.name) for p in players)
        layout = d.get("layout", "grid")
        if layout not in ("grid", "lines"):
            raise self.err("layout is grid or lines", "layout")
        config = GameConfig(seats=seats, ruleset=ruleset, layout=layout, seed=int(d.get("seed", 0)))
        game = Game(config, self.db, _state=state)
        scripted = d.get("scripted") or {}
        if not isinstance(scripted, dict) or set(scripted) - {"targets"}:
            raise self.err("only 'targets' can be scripted", "scripted")
        game.scripted_targets = [str(t) for t in scripted.get("targets", [])]
        try:
            game._advance()
        except ValueError as exc:  # an impossible scripted choice
            raise self.err(str(exc), "scripted", "targets") from exc
        return game

    def _start(self, state: GameState, n: int) -> None:
        from animayhem.engine import turn

        st = self.data.get("start") or {}
        active = int(st.get("active", 0))
        if not 0 <= active < n:
            raise self.err(f"no seat {active}", "start", "active")
        phase = str(st.get("phase", "move"))
        if phase not in PHASES:
            raise self.err(f"phase is one of {', '.join(PHASES)}", "start", "phase")
        state.active = state.first = active
        state.round = int(st.get("round", 1)) - 1
        state.turn = int(st.get("turn", 1))
        frames: list[Any] = [
            turn.Discard(active),
            turn.Reload(active),
            turn.Maintenance(active),
            turn.Equip(active),
            turn.Move(active),
            turn.ScavengePhase(active),
        ][PHASES.index(phase) :]
        state.agenda = [turn.TurnLoop(started=True), turn.EndTurn(active), *reversed(frames)]
        state.phase = phase


# ---------------------------------------------------------------------- actions naming cards


def _resolve_action(game: Game, text: str, where: str) -> str:
    words = text.split()
    out = []
    for w in words:
        try:
            parse_action(f"done {w}")
            out.append(w)
            continue
        except ActionSyntaxError:
            pass
        if out and "+" in w:  # a group: move ryoko+tenchi-masaki 1,0 (TURN-18)
            out.append("+".join(_resolve_action(game, f"done {part}", where).split()[1] for part in w.split("+")))
            continue
        if out:
            matches = _instances(game, w)
            if len(matches) == 1:
                out.append(f"c{matches[0]}")
                continue
            if len(matches) > 1:
                raise ScenarioError(f"{where}: {w!r} names {len(matches)} cards in play; write c<uid> instead")
        out.append(w)
    return " ".join(out)


def _instances(game: Game, card_id: str) -> list[int]:
    s = game.state
    zones = [list(s.characters), list(s.disasters), list(s.places)]
    for p in s.players:
        zones += [p.hand]
    for pl in s.places.values():
        zones += [pl.stored]
    zones += [s.set_aside]
    for ch in s.characters.values():
        zones += [ch.carried]
    found: list[int] = []
    for zone in zones:
        found += [u for u in zone if s.cards[u] == card_id and u not in found]
    return found


# ---------------------------------------------------------------------- expectations


def _check(game: Game, expect: dict[str, Any], source: str, lines: _Lines) -> list[str]:
    fails: list[str] = []
    s = game.state
    events = game.log
    pos = 0
    for k, want in enumerate(expect.get("events") or []):
        for j in range(pos, len(events)):
            if _match(events[j], want):
                pos = j + 1
                break
        else:
            fails.append(f"{source}:{lines.line('expect', 'events', k)}: no event {want} after event {pos}")
    for k, want in enumerate(expect.get("no_events") or []):
        if any(_match(e, want) for e in events):
            fails.append(f"{source}:{lines.line('expect', 'no_events', k)}: unexpected event {want}")
    legal = game.legal_actions()
    for k, a in enumerate(expect.get("legal") or []):
        text = _resolve_action(game, str(a), source)
        if text not in legal:
            fails.append(f"{source}:{lines.line('expect', 'legal', k)}: {a!r} is not legal (legal: {legal})")
    for k, a in enumerate(expect.get("not_legal") or []):
        text = _resolve_action(game, str(a), source)
        if text in legal:
            fails.append(f"{source}:{lines.line('expect', 'not_legal', k)}: {a!r} is legal")
    for card_id, want in (expect.get("characters") or {}).items():
        found = [c for c in s.characters.values() if s.cards[c.uid] == card_id]
        where = f"{source}:{lines.line('expect', 'characters', card_id)}"
        if want == "killed" or (isinstance(want, dict) and want.get("killed")):
            if found:
                fails.append(f"{where}: {card_id} is not Killed")
            continue
        if not found:
            fails.append(f"{where}: {card_id} is not in play")
            continue
        ch = found[0]
        actual: dict[str, Any] = {
            "at": None if ch.pos == OFF else list(s.places[ch.pos].cell),
            "off_at": None if ch.off_at < 0 else list(s.places[ch.off_at].cell),  # TURN-20 (WAITING: AMB-59)
            "bonked": ch.bonked_at >= 0,
            "damage": ch.damage,
            "health": game.max_health(ch.uid) - ch.damage,
            "items": len(game.carried_items(ch)),
            "carried": [s.cards[u] for u in ch.carried],
            "enhancements": [s.cards[u] for u in ch.enhancements],
            "attack": game.ability(ch.uid, "attack"),
            "defense": game.ability(ch.uid, "defense"),
            "movement": game.ability(ch.uid, "movement"),
            "form": ch.form,
            "idle": ch.idle,
            "skills": [str(sk) for sk in skill_card(game, ch.uid).skills],
            "energy": available(game, ch),  # what it can still spend (CARD-16)
            "energy_spent": ch.energy_spent,
        }
        _compare(where, card_id, actual, want, fails)
    for card_id, want in (expect.get("disasters") or {}).items():
        where = f"{source}:{lines.line('expect', 'disasters', card_id)}"
        dfound = [d for d in s.disasters.values() if s.cards[d.uid] == card_id]
        if want == "gone":
            if dfound:
                fails.append(f"{where}: {card_id} is still in play")
            continue
        if not dfound:
            fails.append(f"{where}: {card_id} is not in play")
            continue
        ds = dfound[0]
        actual = {
            "at": None if ds.pos == OFF else list(s.places[ds.pos].cell),
            "carries_item": ds.item != OFF,
            "off_field": ds.off_field,
            "attack": game.ability(ds.uid, "attack"),
            "defense": game.ability(ds.uid, "defense"),
            "movement": game.ability(ds.uid, "movement"),
            "health": game.max_health(ds.uid) - ds.damage,
            "ally_of": s.cards[ds.ally_of] if ds.ally_of in s.disasters else None,  # DIS-26
        }
        _compare(where, card_id, actual, want, fails)
    for cell_text, want in (expect.get("under") or {}).items():
        where = f"{source}:{lines.line('expect', 'under', cell_text)}"
        x, y = (int(v) for v in str(cell_text).split(","))
        place = s.places[s.grid[(x, y)]]
        actual_under = [s.cards[u] for u in reversed(place.under)]
        if actual_under != list(want):
            fails.append(f"{where}: under {cell_text} (top first) is {actual_under}, expected {want}")
    if "tally" in expect:
        from animayhem.engine.win import tallies

        t = tallies(game)
        for key, value in expect["tally"].items():
            if t.get(key) != value:
                fails.append(
                    f"{source}:{lines.line('expect', 'tally', key)}: tally {key} is {t.get(key)}, expected {value}"
                )
    if "to_move" in expect and game.to_move != expect["to_move"]:
        fails.append(
            f"{source}:{lines.line('expect', 'to_move')}: seat {game.to_move} must move, expected {expect['to_move']}"
        )
    if "phase" in expect and s.phase != expect["phase"]:
        fails.append(f"{source}:{lines.line('expect', 'phase')}: phase is {s.phase}, expected {expect['phase']}")
    if "result" in expect:
        want = expect["result"]
        got = None if s.result is None else {k: s.result[k] for k in ("winners", "disasters_win")}
        if got != want:
            fails.append(f"{source}:{lines.line('expect', 'result')}: result is {got}, expected {want}")
    return fails


def _compare(where: str, card_id: str, actual: dict[str, Any], want: Any, fails: list[str]) -> None:
    for key, value in (want or {}).items():
        if key not in actual:
            fails.append(f"{where}: unknown check {key!r} (known: {', '.join(actual)})")
        elif actual[key] != value:
            fails.append(f"{where}: {card_id}.{key} is {actual[key]!r}, expected {value!r}")


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
        elif got != value:
            return False
    return True


__all__ = ["ConfigError", "Outcome", "ScenarioError", "load", "loads", "play", "run"]
