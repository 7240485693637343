"""The engine's dataclasses whose constructor is written out (``init=False``: the compiled engine compiles a method
it is given, never the one ``@dataclass`` generates) take their fields in order, set each, and give the same
defaults as the field declarations: the state copier (engine/core/state.py) and ``dataclasses.replace`` call
them by the fields."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import pkgutil
from typing import Any

import pytest

import animayhem.engine


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


def test_the_hot_ones_are_written_out() -> None:
    names = {c.__name__ for c in WRITTEN_OUT}
    assert {"Decision", "InForce", "Reading"} <= names


@pytest.mark.parametrize("cls", WRITTEN_OUT, ids=lambda c: c.__name__)
def test_a_written_out_constructor_takes_the_fields_in_order(cls: type[Any]) -> None:
    assert "__init__" in vars(cls), f"{cls.__name__}: init=False but no constructor of its own"
    fields = dataclasses.fields(cls)
    params = list(inspect.signature(cls.__init__).parameters.values())[1:]
    assert [p.name for p in params] == [f.name for f in fields]
    # every field set from its argument, by position and by keyword
    marks = [object() for _ in fields]
    by_position = cls(*marks)
    by_keyword = cls(**{f.name: m for f, m in zip(fields, marks, strict=True)})
    for f, m in zip(fields, marks, strict=True):
        assert getattr(by_position, f.name) is m
        assert getattr(by_keyword, f.name) is m
    # a field left out takes its declared default (a fresh one from a factory)
    required = [f for f in fields if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING]
    assert all(p.default is inspect.Parameter.empty for p in params[: len(required)])
    made = cls(*marks[: len(required)])
    again = cls(*marks[: len(required)])
    for f in fields[len(required) :]:
        if f.default_factory is not dataclasses.MISSING:
            assert getattr(made, f.name) == f.default_factory()
            assert getattr(made, f.name) is not getattr(again, f.name)  # not shared between instances
        else:
            assert getattr(made, f.name) == f.default
