"""The engine's dataclasses whose constructor is written out (``init=False``: the compiled engine compiles a method
it is given, never the one ``@dataclass`` generates) take their fields in order, set each, and give the same
defaults as the field declarations: the state copier (engine/core/state.py) and ``dataclasses.replace`` call
them by the fields."""

from __future__ import annotations

import ast
import copy
import dataclasses
import importlib
import pickle
import pkgutil
import random
from pathlib import Path
from typing import Any

import pytest

import animayhem.engine
from animayhem.decks.starters import starter_decks
from animayhem.engine import compiled
from animayhem.engine.core import state
from animayhem.engine.core.config import DeckList, GameConfig, SeatConfig
from animayhem.engine.game import Game
from animayhem.rules.ruleset import get_ruleset


def _written_out() -> list[type[Any]]:
    found: dict[str, type[Any]] = {}
    for mod in pkgutil.walk_packages(animayhem.engine.__path__, "animayhem.engine."):
        module = importlib.import_module(mod.name)
        for obj in vars(module).values():
            if (
                isinstance(obj, type)
                and dataclasses.is_dataclass(obj)
                and obj.__module__ == module.__name__
                and not obj.__dataclass_params__.init  # type: ignore[attr-defined]
            ):
                found[f"{obj.__module__}.{obj.__qualname__}"] = obj
    return [found[k] for k in sorted(found)]


WRITTEN_OUT = _written_out()


def _parsed_source(module: str) -> ast.Module:
    """The source of the engine module ``module`` as written, found beside its package (a compiled module's own
    file is its extension module)."""
    package, *parts = module.split(".")
    source = Path(importlib.import_module(package).__file__ or "").parent.joinpath(*parts).with_suffix(".py")
    return ast.parse(source.read_text(encoding="utf-8"))


def _init_source(cls: type[Any]) -> ast.FunctionDef:
    """``cls.__init__`` as written in its module's source (a compiled method has no signature to inspect, and
    checks the types of its arguments; the source beside it is the one compiled)."""
    tree = _parsed_source(cls.__module__)
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__:
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == "__init__":
                    return item
    raise AssertionError(f"{cls.__name__}: no __init__ in the source of {cls.__module__}")


def _mid_game(seed: int, decisions: int) -> Game:
    """A two-seat game of starter decks after ``decisions`` random legal actions."""
    decks = starter_decks()
    seats = tuple(SeatConfig(deck=DeckList.from_deck(decks[n]), name=n) for n in ("z-fighters", "knight-sabers"))
    g = Game(GameConfig(seats=seats, ruleset=get_ruleset("classic"), seed=seed))
    rng = random.Random(seed)
    for _ in range(decisions):
        acts = g.legal_actions()
        g.apply(acts[rng.randrange(len(acts))])
    return g


def test_the_hot_ones_are_written_out() -> None:
    names = {c.__name__ for c in WRITTEN_OUT}
    assert {"Decision", "InForce", "Reading"} <= names


@pytest.mark.parametrize("cls", WRITTEN_OUT, ids=lambda c: c.__name__)
def test_a_written_out_constructor_takes_the_fields_in_order(cls: type[Any]) -> None:
    assert "__init__" in vars(cls), f"{cls.__name__}: init=False but no constructor of its own"
    fields = dataclasses.fields(cls)
    init = _init_source(cls)
    args = init.args
    assert not args.kwonlyargs and args.vararg is None and args.kwarg is None
    names = [a.arg for a in args.args[1:]]
    assert names == [f.name for f in fields]
    required = [f for f in fields if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING]
    assert len(args.defaults) == len(fields) - len(required)
    # each field is set once, from its own parameter
    set_from: dict[str, set[str]] = {}
    for st in init.body:
        if isinstance(st, ast.Assign) and isinstance(target := st.targets[0], ast.Attribute):
            assert isinstance(target.value, ast.Name) and target.value.id == "self"
            assert target.attr not in set_from, f"{cls.__name__}.{target.attr} set twice"
            set_from[target.attr] = {n.id for n in ast.walk(st.value) if isinstance(n, ast.Name)}
    assert list(set_from) == names
    assert all(name in used for name, used in set_from.items())


@pytest.mark.skipif(compiled(), reason="a compiled constructor checks its arguments' types (marks are objects)")
@pytest.mark.parametrize("cls", WRITTEN_OUT, ids=lambda c: c.__name__)
def test_a_written_out_constructor_sets_its_fields_and_defaults(cls: type[Any]) -> None:
    fields = dataclasses.fields(cls)
    # every field set from its argument, by position and by keyword
    marks = [object() for _ in fields]
    by_position = cls(*marks)
    by_keyword = cls(**{f.name: m for f, m in zip(fields, marks, strict=True)})
    for f, m in zip(fields, marks, strict=True):
        assert getattr(by_position, f.name) is m
        assert getattr(by_keyword, f.name) is m
    # a field left out takes its declared default (a fresh one from a factory)
    required = [f for f in fields if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING]
    made = cls(*marks[: len(required)])
    again = cls(*marks[: len(required)])
    for f in fields[len(required) :]:
        if f.default_factory is not dataclasses.MISSING:
            assert getattr(made, f.name) == f.default_factory()
            assert getattr(made, f.name) is not getattr(again, f.name)  # not shared between instances
        else:
            assert getattr(made, f.name) == f.default


def test_a_state_with_written_out_constructors_pickles_and_copies_whole() -> None:
    """Pickle and ``copy`` rebuild the state classes through their constructors (``state._rebuilt``): the compiled
    engine has no other way to make them."""
    g = _mid_game(3, 150)
    s = g.state
    assert s.places and s.characters and s.pending is not None
    for again in (pickle.loads(pickle.dumps(s)), copy.deepcopy(s)):
        assert again is not s and again.places is not s.places
        twin = g.clone()
        twin.state = again
        assert twin.state_hash() == g.state_hash()
        assert again.pending is not None and again.pending.actions == s.pending.actions


def test_the_state_copier_names_every_field_of_the_game_state() -> None:
    """``copy_state`` builds the copy by the fields' keywords: a field added to ``GameState`` and left out there
    would silently start from its default in every clone."""
    tree = _parsed_source(state.__name__)
    copier = next(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == "copy_state")
    calls = [
        n
        for n in ast.walk(copier)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "GameState"
    ]
    assert len(calls) == 1 and not calls[0].args
    assert [k.arg for k in calls[0].keywords] == [f.name for f in dataclasses.fields(state.GameState)]


def test_a_copied_state_equals_its_original_and_shares_nothing_that_changes() -> None:
    g = _mid_game(5, 120)
    s = g.state
    new = state.copy_state(s)
    assert new == s and len(new.agenda) > 1
    for f in dataclasses.fields(state.GameState):
        mine, theirs = getattr(new, f.name), getattr(s, f.name)
        assert mine == theirs, f.name
        if f.name not in ("cards", "owner") and type(theirs) in (list, dict):
            assert mine is not theirs, f"{f.name} is shared"
    for mine, theirs in zip(new.agenda, s.agenda, strict=True):  # the procedures in progress: copies, lists too
        assert type(mine) is type(theirs) and mine == theirs and mine is not theirs
        for f in dataclasses.fields(theirs):
            if type(getattr(theirs, f.name)) in (list, dict):
                assert getattr(mine, f.name) is not getattr(theirs, f.name), f"{type(theirs).__name__}.{f.name}"
