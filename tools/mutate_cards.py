"""Mutation check of the card scenarios: do they pin the numbers of the cards they test?

For every card whose ability the engine executes (``ability_status`` implemented or partial), each number of
its effect data is changed by one, the card database is built again with that one change (in memory: the
repository's files are never touched), and the card's own scenarios (``scenarios/cards/<card-id>-*.yaml``)
are played against it. A change that makes one of them fail (an expectation that no longer holds, or an error)
is *caught*; one that leaves them all passing *survives*: no scenario notices that number, so a wrong number
there would go unseen.

The numbers changed, per card:

* every integer inside its ``effects`` records (the ability files under ``cards/data/abilities/``), as
  ``effects[0].do.modify.by.attack``;
* for a card whose ``facts`` say its typed fields are executed: its printed modifiers (``attack`` ``+1`` →
  ``+2``, ``movement`` ``x2`` → ``x3``, an Energy ``cost 2`` → ``cost 3``; not its base values nor a withheld
  number), ``uses``, ``health`` and ``vehicle.capacity``. A printed number its effect data states again is
  not counted twice (the effect's number is the one changed): a modifier a use gives (Ready to Go's +3
  Movement), an Energy cost each use pays, and the Health of a card that wears out (``wears_out``: Ross'
  Battle Suit's Health 8 is its ``damage: 8``; an Equipment's own Health is read by nothing else).

A number the engine cannot observe in any game is not changed: it is listed as not run ("not observable") and
left out of the figure, by a rule on the kind of card or verb, never by card id:

* a Disaster's Energy (the ``energy`` of a ``join`` effect's ``by``: Demon Hordes' +2): a Disaster pays no
  cost and no rule reads or shows its Energy;
* a vehicle's own Charm or Energy (an ``=`` value of a card with ``vehicle`` data: Bonaparte's Charm 3): the
  engine reads a vehicle's own Attack, Defense and Movement only (it fights and moves, COMBAT-24; it never
  charms), and a vehicle's own values are never its carrier's (CARD-13).

Each number is raised by one; where that gives a value the records refuse (a limit, a bound), it is lowered
by one instead; where both are refused, where the card has no scenario, or where its scenarios already fail
with the card unchanged (the control run made before its mutants), the number is listed as not run and left
out of the figure.

Usage::

    .venv/bin/python tools/mutate_cards.py                       # every executed card (6-13 min, shared machine)
    .venv/bin/python tools/mutate_cards.py --sample 10 --seed 3  # a deterministic sample of 10 cards
    .venv/bin/python tools/mutate_cards.py --card speed --card spirit
    .venv/bin/python tools/mutate_cards.py --sample 10 --json    # the figures and every mutant as JSON

It prints the numbers caught out of the numbers changed, then every survivor (card, path of the number,
original → changed) so its scenarios can be strengthened. Exit status 0 (the figure is a report, not a
gate), 2 for bad arguments. The test suite runs a small sample (tests/test_mutate_cards.py); docs/cards.md
says how to read the full run.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from animayhem.cards.database import ABILITIES_DIR, CardDB
from animayhem.cards.effects import Abilities, WearsOut, paid_on_use, use_printed
from animayhem.cards.frozen import evolve, validate_record
from animayhem.cards.model import AbilityStatus, Card
from animayhem.cards.stats import ABILITIES, StatKind
from animayhem.records.scenario import run
from animayhem.records.scenario_model import ScenarioError

ROOT = Path(__file__).resolve().parents[1]
CARD_SCENARIOS = ROOT / "scenarios" / "cards"
EXECUTED = (AbilityStatus.IMPLEMENTED, AbilityStatus.PARTIAL)
MODIFIER_KINDS = (StatKind.ADD, StatKind.MUL, StatKind.DIV, StatKind.SET, StatKind.COST, StatKind.UPKEEP)

Path_ = tuple[str | int, ...]


@dataclass(frozen=True)
class Mutant:
    """One number of one card changed by one, and what its scenarios made of it."""

    card: str
    path: str  # e.g. effects[0].do.modify.by.attack, attack, uses, vehicle.capacity
    before: int
    after: int | None  # None: neither +1 nor -1 is a valid value (not run)
    caught: bool = False
    by: str = ""  # the scenario that failed first (caught), or why it was not run
    ran: bool = True  # False: not run (no valid change, no scenario, or the scenarios fail unchanged)


# ---------------------------------------------------------------------- the numbers of a card


def raw_abilities() -> dict[str, dict[str, Any]]:
    """Every card's abilities record as written in the bundled ability files (card id → mapping)."""
    out: dict[str, dict[str, Any]] = {}
    folder = resources.files("animayhem.cards").joinpath("data").joinpath(ABILITIES_DIR)
    for f in sorted(folder.iterdir(), key=lambda f: f.name):
        if f.name.endswith(".yaml"):
            out.update(yaml.safe_load(f.read_text(encoding="utf-8")) or {})
    return out


def _ints(node: Any, path: Path_) -> Iterator[tuple[Path_, int]]:
    if isinstance(node, bool):
        return
    if isinstance(node, int):
        yield path, node
    elif isinstance(node, dict):
        for k, v in node.items():
            yield from _ints(v, (*path, str(k)))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _ints(v, (*path, i))


def path_text(path: Path_) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else p)
    return out


def _typed_numbers(card: Card) -> Iterator[tuple[str, int]]:
    """The typed fields a card's facts say are executed: printed modifiers, uses, Health, vehicle capacity. A
    printed number its effect data states again is left out (the effect's number is the one changed): a modifier
    a use gives (an effect's ``printed``: Ready to Go's +3 Movement), an Energy cost each use pays, and the Health
    of a card that wears out (its ``wears_out`` damage: Ross' Battle Suit's 8)."""
    if not card.executed_facts:
        return
    restated = use_printed(card.effects) | ({"energy"} if paid_on_use(card.effects) else set())
    if any(isinstance(e.do, WearsOut) for e in card.effects):
        restated |= {"health"}
    for ab in ABILITIES:
        sv = card.stat(ab)
        if sv is None or sv.value is None or ab in card.withheld or sv.kind not in MODIFIER_KINDS or ab in restated:
            continue
        yield ab, sv.value
    if card.uses is not None:
        yield "uses", card.uses
    if card.health is not None and "health" not in restated:
        yield "health", card.health
    if card.vehicle is not None and card.vehicle.capacity is not None:
        yield "vehicle.capacity", card.vehicle.capacity


# What the engine never reads, by kind of card or verb (the number may be printed, but no rule looks at it):
VEHICLE_READS = ("attack", "defense", "movement")  # procedures/vehicles.py own_value: all a vehicle's own values read
UNREAD_JOIN = ("energy",)  # a `join` gives a Disaster its `by`; a Disaster has no Energy to spend or compare


def unobservable(card: Card, path: str) -> str:
    """Why the engine can never observe the number at ``path`` of ``card`` ('' when it can):

    * a Disaster's Energy: a ``join`` effect's bonus to ``energy`` (Demon Hordes' +2); a Disaster pays no cost,
      and no rule compares or shows its Energy (only its Attack, Defense, Movement, Charm and Health);
    * a vehicle's own value other than its Attack, Defense and Movement (Bonaparte's Charm =3): a vehicle's own
      (``=``) values are never its carrier's (CARD-13), and the engine reads only those three of a vehicle
      (it fights and moves, COMBAT-24, it never charms)."""
    parts = path.split(".")
    if len(parts) >= 3 and parts[-3:-1] == ["join", "by"] and parts[-1] in UNREAD_JOIN:
        return f"a Disaster's {parts[-1].capitalize()} is never read"
    if card.vehicle is not None and path in ABILITIES and path not in VEHICLE_READS:
        sv = card.stat(path)
        if sv is not None and sv.kind is StatKind.SET:
            return f"a vehicle's own {path.capitalize()} is never read"
    return ""


def numbers(card: Card, raw: dict[str, Any] | None) -> list[tuple[str, int]]:
    """Every number of the card that the tool changes, as (path, value)."""
    out = [(path_text(p), v) for p, v in _ints((raw or {}).get("effects", []), ("effects",))]
    return out + list(_typed_numbers(card))


# ---------------------------------------------------------------------- one change


def _set_in(node: Any, path: Path_, value: int) -> Any:
    """A copy of ``node`` with the number at ``path`` replaced."""
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(node, list):
        assert isinstance(head, int)
        return [_set_in(v, rest, value) if i == head else v for i, v in enumerate(node)]
    assert isinstance(node, dict)
    return {k: (_set_in(v, rest, value) if str(k) == head else v) for k, v in node.items()}


def _parse_path(text: str) -> Path_:
    out: list[str | int] = []
    for part in text.replace("[", ".[").split("."):
        if not part:
            continue
        out.append(int(part[1:-1]) if part.startswith("[") else part)
    return tuple(out)


def mutated_card(card: Card, raw: dict[str, Any] | None, path: str, value: int) -> Card | None:
    """The card with the number at ``path`` set to ``value``, or None when the records refuse that value."""
    if path.startswith("effects"):
        rec = _set_in(raw or {}, _parse_path(path), value)
        try:
            ab = validate_record(Abilities, rec)
        except ValidationError:
            return None
        return evolve(card, effects=ab.effects)
    if path in ("uses", "health", "vehicle.capacity"):
        if value < (0 if path == "health" else 1):
            return None
        if path == "vehicle.capacity":
            assert card.vehicle is not None
            return evolve(card, vehicle=evolve(card.vehicle, capacity=value))
        return evolve(card, **{path: value})
    sv = card.stat(path)
    assert sv is not None
    if sv.kind in (StatKind.MUL, StatKind.DIV) and value < 1:
        return None
    if sv.kind in (StatKind.COST, StatKind.UPKEEP) and value < 0:
        return None
    return evolve(card, **{path: evolve(sv, value=value)})


def mutated_db(base: CardDB, card: Card) -> CardDB:
    """The database with one card replaced (its requirements resolved again, the rest as they were)."""
    return CardDB([card if c.id == card.id else c for c in base.cards], base.source)


def scenarios_of(card_id: str, ids: set[str]) -> list[Path]:
    """The card's scenarios: files named <card-id>-*.yaml whose longest matching card id is this one."""
    out = []
    for p in sorted(CARD_SCENARIOS.glob(f"{card_id}-*.yaml")):
        longest = max((i for i in ids if p.stem.startswith(i + "-")), key=len)
        if longest == card_id:
            out.append(p)
    return out


def first_failure(paths: list[Path], db: CardDB) -> str:
    """The first scenario that fails against ``db`` (its file name), or '' when all pass."""
    for p in paths:
        try:
            outcome = run(p, db)
        except ScenarioError:
            return p.name
        except Exception:  # a mutant may break the engine itself: a crash counts as caught
            return p.name
        if not outcome.passed:
            return p.name
    return ""


def mutate_card(base: CardDB, card: Card, raw: dict[str, Any] | None) -> list[Mutant]:
    ids = set(base.ids)
    paths = scenarios_of(card.id, ids)
    out: list[Mutant] = []
    found = numbers(card, raw)
    if found and paths:  # the control: unchanged, the card's scenarios must pass, or no mutant means anything
        broken = first_failure(paths, mutated_db(base, card))
        if broken:
            return [Mutant(card.id, p, v, None, by=f"fails unchanged: {broken}", ran=False) for p, v in found]
    for path, value in found:
        why = unobservable(card, path)
        if why:
            out.append(Mutant(card.id, path, value, None, by=f"not observable: {why}", ran=False))
            continue
        changed: Card | None = None
        after: int | None = None
        for cand in (value + 1, value - 1):
            changed = mutated_card(card, raw, path, cand)
            if changed is not None:
                after = cand
                break
        if changed is None or after is None:
            out.append(Mutant(card.id, path, value, None, by="neither +1 nor -1 is a valid value", ran=False))
            continue
        if not paths:
            out.append(Mutant(card.id, path, value, after, by="no scenario", ran=False))
            continue
        failed = first_failure(paths, mutated_db(base, changed))
        out.append(Mutant(card.id, path, value, after, caught=bool(failed), by=failed))
    return out


# ---------------------------------------------------------------------- the run


def executed_cards(db: CardDB) -> list[Card]:
    return [c for c in db if c.ability_status in EXECUTED]


def choose(db: CardDB, cards: list[str], sample: int | None, seed: int) -> list[Card]:
    pool = executed_cards(db)
    if cards:
        by_id = {c.id: c for c in pool}
        unknown = [c for c in cards if c not in by_id]
        if unknown:
            raise SystemExit(f"not a card whose ability is executed: {', '.join(unknown)}")
        return [by_id[c] for c in cards]
    if sample is not None and sample < len(pool):
        return sorted(random.Random(seed).sample(pool, sample), key=lambda c: c.id)
    return pool


def mutate(db: CardDB, cards: list[Card], progress: bool = False) -> dict[str, Any]:
    raw = raw_abilities()
    mutants: list[Mutant] = []
    t0 = time.perf_counter()
    for n, card in enumerate(cards, 1):
        mine = mutate_card(db, card, raw.get(card.id))
        mutants += mine
        if progress:
            caught = sum(m.caught for m in mine)
            tried = sum(m.ran for m in mine)
            print(f"[{n}/{len(cards)}] {card.id}: {caught}/{tried} caught", file=sys.stderr, flush=True)
    ran = [m for m in mutants if m.ran]
    return {
        "cards": len(cards),
        "cards_with_numbers": len({m.card for m in mutants}),
        "changed": len(ran),
        "caught": sum(m.caught for m in ran),
        "not_run": [asdict(m) for m in mutants if not m.ran],
        "seconds": round(time.perf_counter() - t0, 1),
        "survivors": [asdict(m) for m in ran if not m.caught],
        "mutants": [asdict(m) for m in mutants],
    }


def report(result: dict[str, Any]) -> str:
    changed, caught = result["changed"], result["caught"]
    share = f" ({100 * caught / changed:.0f} %)" if changed else ""
    lines = [
        f"{caught} of {changed} numbers changed were caught{share}: {result['cards']} card(s), "
        f"{result['cards_with_numbers']} with numbers; {len(result['not_run'])} number(s) not run; "
        f"{result['seconds']} s",
    ]
    for m in result["not_run"]:
        lines.append(f"  not run: {m['card']}  {m['path']}  ({m['by']})")
    if result["survivors"]:
        lines.append(f"survivors ({len(result['survivors'])}):")
        for m in result["survivors"]:
            why = f"  [{m['by']}]" if m["by"] else ""
            lines.append(f"  {m['card']}  {m['path']}  {m['before']} -> {m['after']}{why}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--card", action="append", default=[], help="a card id (repeatable); default: every card")
    ap.add_argument("--sample", type=int, default=None, help="a deterministic sample of N cards")
    ap.add_argument("--seed", type=int, default=0, help="the sample's seed")
    ap.add_argument("--json", action="store_true", help="the figures and every mutant as JSON")
    ap.add_argument("--progress", action="store_true", help="a line per card on stderr")
    args = ap.parse_args(argv)
    if args.sample is not None and args.sample < 1:
        ap.error("--sample must be at least 1")
    db = CardDB.bundled()
    result = mutate(db, choose(db, args.card, args.sample, args.seed), progress=args.progress)
    print(json.dumps(result, indent=1) if args.json else report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
