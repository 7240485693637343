"""The base of the card data's records (a card, its values, its effects): frozen pydantic dataclasses.

Each subclass of :class:`Frozen` is made a frozen pydantic dataclass when it is defined: its fields are given by
keyword and validated as a ``BaseModel``'s are (a class may set ``model_config`` for more, ``populate_by_name``
say). The card files are read with :func:`validate_record`, written with :func:`dump_record`; :func:`evolve`
copies one with some fields changed.

Why not ``BaseModel``: a model class defines ``__getattr__`` (for private attributes), and CPython then reads
every attribute of its instances through a slower hook, without the specialised reads of 3.11; ``isinstance``
against a model class also goes through ``ABCMeta``. The engine reads these records' fields hundreds of times
a decision (benchmarks/README.md: 6 % of a decision's instructions went to that hook); a dataclass's fields are
read as any object's.
"""

from __future__ import annotations

import copy
from typing import Any, ClassVar, Final, TypeVar, cast, dataclass_transform

from pydantic import ConfigDict, Field, TypeAdapter
from pydantic.dataclasses import dataclass as pydantic_dataclass
from pydantic.fields import FieldInfo
from pydantic_core import ErrorDetails

_CONFIG: Final = ConfigDict(extra="forbid")


@dataclass_transform(frozen_default=True, kw_only_default=True, field_specifiers=(Field,))
class Frozen:
    """A frozen record of the card data, validated as it is made (see the module's docstring)."""

    # the fields and their defaults, as pydantic sees them (pydantic sets it on each subclass)
    __pydantic_fields__: ClassVar[dict[str, FieldInfo]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # frozen always, by the decorator (pydantic warns when the config says so too)
        config = cast(ConfigDict, {k: v for k, v in getattr(cls, "model_config", _CONFIG).items() if k != "frozen"})
        made: object = pydantic_dataclass(frozen=True, kw_only=True, config=config)(cls)
        if made is not cls:  # pragma: no cover - pydantic made another class: the subclass would be lost
            raise TypeError(f"{cls.__name__}: pydantic did not make the record a dataclass in place")


R = TypeVar("R", bound=Frozen)


def evolve(rec: R, **changes: Any) -> R:
    """A copy of ``rec`` with ``changes`` to its fields, not validated again (as ``BaseModel.model_copy``: a
    text may put a word of the reader's language where the field takes a fixed one). A name that is not one of
    its fields is a TypeError (a misspelt field would otherwise ride along unseen). What the record worked out
    from its fields and keeps (a ``cached_property``: ``Card.category_set``) is not copied: the copy works it
    out again from its own fields."""
    fields = record_fields(rec)
    unknown = [name for name in changes if name not in fields]
    if unknown:
        raise TypeError(f"{type(rec).__name__} has no field {', '.join(map(repr, unknown))}")
    new = copy.copy(rec)
    kept = new.__dict__
    for name in [k for k in kept if k not in fields]:
        del kept[name]
    for name, value in changes.items():
        object.__setattr__(new, name, value)
    return new


def record_fields(rec: Frozen | type[Frozen]) -> dict[str, FieldInfo]:
    """A record's fields by name, in order, with their defaults (pydantic's view of the dataclass)."""
    return (rec if isinstance(rec, type) else type(rec)).__pydantic_fields__


def validate_record(cls: type[R], data: Any) -> R:
    """A record of ``cls`` from plain data (a card file's mapping), validated: pydantic's ``ValidationError`` names
    the field at fault."""
    out: R = _adapter(cls).validate_python(data)
    return out


def error_text(err: ErrorDetails) -> str:
    """One error of a :func:`validate_record` as a reader of the card file wants it: a key the record does not
    know is an "unknown field" (pydantic words it one way for a model and another for a dataclass); a check of
    the record's own says its reason alone."""
    if err["type"] in ("extra_forbidden", "unexpected_keyword_argument"):
        return "unknown field"
    return str(err["msg"]).removeprefix("Value error, ")


def dump_record(rec: Frozen, **options: Any) -> Any:
    """``rec`` as plain data (``options`` as pydantic's: ``mode="json"``, ``by_alias``, ``exclude_defaults``,
    ``exclude``)."""
    return _adapter(type(rec)).dump_python(rec, **options)


_ADAPTERS: dict[type[Frozen], TypeAdapter[Any]] = {}


def _adapter(cls: type[Frozen]) -> TypeAdapter[Any]:
    found = _ADAPTERS.get(cls)
    if found is None:
        found = _ADAPTERS[cls] = TypeAdapter(cls)
    return found
