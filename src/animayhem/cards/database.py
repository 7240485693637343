"""The card database: every card, validated, with lookups by id, number, name and alias.

``CardDB.bundled()`` loads the cards shipped in the package (``animayhem/cards/data/cards-*.yaml``);
``CardDB.load(DIR)`` loads another set of card files of the same form (for instance one written by
``animayhem cards import-lackey``). Loading validates every record and resolves every requirement; a bad
record raises :class:`CardFileError` naming the file, the line, the card and the field, and nothing loads.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator, Mapping
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from animayhem.cards.build import SET_FILES, load_curation
from animayhem.cards.effects import Abilities, map_requirements
from animayhem.cards.frozen import error_text, evolve, validate_record
from animayhem.cards.model import COPY_MARK, Card, CardType
from animayhem.cards.requirements import RequirementError, Vocabulary, resolve
from animayhem.cards.skills import ELEMENTS
from animayhem.files import FileError, read_text

_Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when available


class CardFileError(ValueError):
    """A card file that does not validate. ``line`` is 1-based (0 when unknown)."""

    def __init__(self, path: str, line: int, card: str, field: str, message: str) -> None:
        where = f"{path}:{line}" if line else path
        what = f"card {card}: " if card else ""
        fld = f"field {field}: " if field else ""
        super().__init__(f"{where}: {what}{fld}{message}")
        self.path, self.line, self.card, self.field = path, line, card, field


class CardNotFound(LookupError):
    def __init__(self, query: str, suggestions: list[str]) -> None:
        hint = f" Did you mean: {', '.join(suggestions)}?" if suggestions else ""
        shown = query if len(query) <= 80 else query[:80] + "…"
        super().__init__(f"no card named {shown!r}.{hint}")
        self.query = query
        self.suggestions = suggestions


class AmbiguousCard(LookupError):
    def __init__(self, query: str, cards: list[Card]) -> None:
        options = ", ".join(f"{c.id} (#{c.number}, {c.rarity.value})" for c in cards)
        super().__init__(f"{query!r} names {len(cards)} cards: {options}. Use the id or the number.")
        self.query = query
        self.cards = cards


def _read_file(name: str, text: str) -> list[tuple[int, dict[str, Any]]]:
    try:
        loader = _Loader(text)
        try:
            node = loader.get_single_node()
            data = loader.construct_document(node) if node is not None else []
        finally:
            loader.dispose()
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else 0
        raise CardFileError(name, line, "", "", f"not valid YAML: {getattr(exc, 'problem', exc)}") from exc
    except RecursionError as exc:
        raise CardFileError(name, 0, "", "", "nested too deeply to be a card file") from exc
    except ValueError as exc:  # a number longer than Python's int-string limit
        raise CardFileError(name, 0, "", "", f"not valid YAML: {exc}") from exc
    if not isinstance(data, list):
        raise CardFileError(name, 1, "", "", "expected a list of card records")
    if node is None:  # an empty file: no cards
        return []
    out = []
    for item, rec in zip(node.value, data, strict=True):
        line = item.start_mark.line + 1
        if not isinstance(rec, dict):
            raise CardFileError(name, line, "", "", "expected a card record (a mapping)")
        out.append((line, rec))
    return out


def _validate(name: str, line: int, rec: dict[str, Any]) -> Card:
    try:
        return validate_record(Card, rec)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(str(p) for p in err["loc"])
        label = f"{rec.get('name', '?')!s} (#{rec.get('number', '?')})"
        raise CardFileError(name, line, label, field, error_text(err)) from exc


ABILITIES_DIR = "abilities"


def _read_abilities(name: str, text: str) -> dict[str, tuple[int, Abilities]]:
    """An abilities file: a mapping of card id to its :class:`Abilities` (cards/effects.py)."""
    try:
        loader = _Loader(text)
        try:
            node = loader.get_single_node()
            data = loader.construct_document(node) if node is not None else {}
        finally:
            loader.dispose()
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else 0
        raise CardFileError(name, line, "", "", f"not valid YAML: {getattr(exc, 'problem', exc)}") from exc
    if not isinstance(data, dict):
        raise CardFileError(name, 1, "", "", "expected a mapping of card id to abilities")
    out: dict[str, tuple[int, Abilities]] = {}
    assert node is not None
    for (key_node, _), (cid, rec) in zip(node.value, data.items(), strict=True):
        line = key_node.start_mark.line + 1
        try:
            out[str(cid)] = (line, validate_record(Abilities, rec))
        except ValidationError as exc:
            err = exc.errors()[0]
            field = ".".join(str(p) for p in err["loc"])
            raise CardFileError(name, line, str(cid), field, error_text(err)) from exc
    return out


def _with_abilities(cards: list[Card], root: Traversable | Path, label: str) -> list[Card]:
    """Attach each card's abilities (the files under ``abilities/``; the bundled ones when ``root`` has none)."""
    d = root.joinpath(ABILITIES_DIR)
    bundled = not d.is_dir()
    if bundled:  # a directory of card files alone (an import's output): the bundled abilities, where they fit
        d = resources.files("animayhem.cards").joinpath("data").joinpath(ABILITIES_DIR)
        label = "animayhem/cards/data"
    found: dict[str, tuple[str, int, Abilities]] = {}
    for f in sorted(d.iterdir(), key=lambda f: f.name):
        if not f.name.endswith(".yaml"):
            continue
        name = f"{label}/{ABILITIES_DIR}/{f.name}"
        for cid, (line, ab) in _read_abilities(name, f.read_text(encoding="utf-8")).items():
            if cid in found:
                raise CardFileError(name, line, cid, "", f"abilities already given in {found[cid][0]}")
            found[cid] = (name, line, ab)
    by_id = {c.id: c for c in cards}
    for cid, (name, line, _) in found.items():
        if cid not in by_id and not bundled:
            raise CardFileError(name, line, cid, "", "no card has this id")
    out = []
    for c in cards:
        hit = found.get(c.id)
        if hit is None:
            out.append(c)
            continue
        ab = hit[2]
        out.append(evolve(c, effects=ab.effects, unexecuted=ab.unexecuted, rulings=ab.rulings, executed_facts=ab.facts))
    return out


class CardDB:
    """An immutable, validated collection of cards."""

    def __init__(self, cards: Iterable[Card], source: str = "") -> None:
        ordered = sorted(cards, key=lambda c: c.number)
        self.source = source
        self._by_id: dict[str, Card] = {}
        self._by_number: dict[int, Card] = {}
        for c in ordered:
            if c.id in self._by_id:
                raise CardFileError(source, 0, c.name, "id", f"duplicate id {c.id!r}")
            if c.number in self._by_number:
                raise CardFileError(source, 0, c.name, "number", f"duplicate number {c.number}")
            self._by_id[c.id] = c
            self._by_number[c.number] = c
        self._by_name: dict[str, list[Card]] = {}
        for c in ordered:
            self._by_name.setdefault(c.name.lower(), []).append(c)
        cur = load_curation()
        self._aliases: dict[str, list[Card]] = {}
        for alias, nums in cur.aliases.items():
            self._aliases[alias.lower()] = [self._by_number[n] for n in nums if n in self._by_number]
        self.vocabulary = self._make_vocabulary(cur.extra_skills)
        self._cards = tuple(self._resolve_requirements(ordered))
        self._by_id = {c.id: c for c in self._cards}
        self._by_number = {c.number: c for c in self._cards}
        self._by_name = {}
        for c in self._cards:
            self._by_name.setdefault(c.name.lower(), []).append(c)
        self._check_references()

    # -- loading

    @staticmethod
    @cache
    def bundled() -> CardDB:
        """The cards shipped with animayhem (loaded once per process)."""
        root = resources.files("animayhem.cards").joinpath("data")
        return CardDB._load_tree(root, "animayhem/cards/data")

    @staticmethod
    def load(directory: Path | str) -> CardDB:
        d = Path(directory)
        if not d.is_dir():
            raise CardFileError(str(d), 0, "", "", "not a directory of card files")
        return CardDB._load_tree(d, str(d))

    @staticmethod
    def _load_tree(root: Traversable | Path, label: str) -> CardDB:
        cards = []
        found = False
        for fname in SET_FILES.values():
            f = root.joinpath(fname)
            if not f.is_file():
                continue
            found = True
            name = f"{label}/{fname}"
            if isinstance(f, Path):  # a user's folder: capped, BOM-tolerant, says where it is not UTF-8
                try:
                    text = read_text(f)
                except FileError as exc:
                    raise CardFileError(name, 0, "", "", str(exc).removeprefix(f"{f}: ")) from exc
            else:
                text = f.read_text(encoding="utf-8")
            for line, rec in _read_file(name, text):
                cards.append(_validate(name, line, rec))
        if not found:
            raise CardFileError(label, 0, "", "", f"no card files ({', '.join(SET_FILES.values())})")
        return CardDB(_with_abilities(cards, root, label), label)

    def _make_vocabulary(self, extra_skills: Iterable[str]) -> Vocabulary:
        skills = {s.name for c in self._by_number.values() for s in c.skills if not s.wildcard}
        skills |= {g for c in self._by_number.values() for g in c.grants_skills}
        skills |= set(extra_skills) | set(ELEMENTS)
        cats = {cat for c in self._by_number.values() for cat in c.category_set}
        names: dict[str, tuple[str, ...]] = {}
        for name, cards in self._by_name.items():
            names[name] = tuple(c.id for c in cards)
        for alias, cards in self._aliases.items():
            names.setdefault(alias, tuple(c.id for c in cards))
        return Vocabulary(frozenset(skills), frozenset(cats), names, {"Streewise": "Streetwise"})

    def _resolve_requirements(self, cards: list[Card]) -> Iterator[Card]:
        for c in cards:
            update: dict[str, Any] = {}
            if c.effects:
                try:
                    update["effects"] = tuple(
                        map_requirements(e, lambda r: resolve(r, self.vocabulary)) for e in c.effects
                    )
                except RequirementError as exc:
                    raise CardFileError(self.source, 0, f"{c.name} (#{c.number})", "effects", str(exc)) from exc
            for field in ("requirements", "needs_in_play"):
                req = getattr(c, field)
                if req is None:
                    continue
                try:
                    update[field] = resolve(req, self.vocabulary)
                except RequirementError as exc:
                    raise CardFileError(self.source, 0, f"{c.name} (#{c.number})", field, str(exc)) from exc
            yield evolve(c, **update) if update else c

    def _check_references(self) -> None:
        for c in self._cards:
            if c.transforms_into is not None:
                other = self._by_id.get(c.transforms_into)
                if other is None or other.transforms_into != c.id:
                    raise CardFileError(
                        self.source,
                        0,
                        c.name,
                        "transforms_into",
                        f"{c.transforms_into!r} is not its partner card",
                    )

    # -- lookups

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards)

    @property
    def cards(self) -> tuple[Card, ...]:
        return self._cards

    def by_id(self, card_id: str) -> Card:
        found = self._by_id.get(card_id)
        if found is None and COPY_MARK in card_id:  # a card that took on another's text, named by both
            base, _, model = card_id.partition(COPY_MARK)
            if base in self._by_id and model in self._by_id:
                return self.copying(base, model)
        if found is None:
            raise KeyError(card_id)
        return found

    def copying(self, base: str, model: str) -> Card:
        """The card ``base`` as it is once it has taken on the card ``model`` (The Mass): ``base``'s card with
        ``model``'s effects after its own (its own keep their indexes), ``model``'s unexecuted clauses, and both
        names. Its id is ``base~model`` (:func:`~animayhem.cards.model.printed_id` gives ``base`` back); made
        once and kept beside the printed cards (:attr:`ids` finds it; iterating the database, or :attr:`cards`,
        never lists it). Games in other threads may add one at any time: walk the printed cards, not :attr:`ids`."""
        card_id = f"{base}{COPY_MARK}{model}"
        found = self._by_id.get(card_id)
        if found is None:
            own, other = self._by_id[base], self._by_id[model]
            found = evolve(
                own,
                id=card_id,
                name=f"{own.name} ({other.name})",
                effects=(*own.effects, *other.effects),
                unexecuted=other.unexecuted,
            )
            self._by_id[card_id] = found
        return found

    def by_number(self, number: int) -> Card:
        return self._by_number[number]

    @property
    def ids(self) -> Mapping[str, Card]:
        return self._by_id

    @property
    def numbers(self) -> Mapping[int, Card]:
        return self._by_number

    def find(self, query: str) -> list[Card]:
        """Every card the query names: an id, a number (``97`` or ``#97``), a name, or an alias."""
        q = query.strip()
        if q in self._by_id:
            return [self._by_id[q]]
        if COPY_MARK in q:
            try:
                return [self.by_id(q)]
            except KeyError:
                return []
        digits = q.removeprefix("#")
        if digits.isascii() and digits.isdigit() and len(digits) <= 6 and int(digits) in self._by_number:
            return [self._by_number[int(digits)]]
        low = q.lower()
        if low in self._by_name:
            return list(self._by_name[low])
        if low in self._aliases:
            return list(self._aliases[low])
        return []

    def get(self, query: str) -> Card:
        """The one card the query names.

        Raises :class:`CardNotFound` (with suggestions) or :class:`AmbiguousCard`.
        """
        found = self.find(query)
        if not found:
            raise CardNotFound(query, self.suggest(query))
        if len(found) > 1:
            raise AmbiguousCard(query, found)
        return found[0]

    def suggest(self, query: str, n: int = 5) -> list[str]:
        names = sorted({c.name for c in self._cards})
        low = {name.lower(): name for name in names}
        close = difflib.get_close_matches(query.lower(), list(low), n=n, cutoff=0.55)
        sub = [name for name in names if query.lower() in name.lower() and name.lower() not in close]
        return [low[c] for c in close] + sub[: max(0, n - len(close))]

    def of_type(self, *types: CardType) -> list[Card]:
        return [c for c in self._cards if c.type in types]
