"""The named slots of ``state.counters`` (engine/core/state.py): every rule's slot is its own, and a card's
effects never reach them."""

from __future__ import annotations

import re
from pathlib import Path

from animayhem.cards.database import CardDB
from animayhem.engine.core import state

SRC = Path(state.__file__).resolve().parents[2]


def test_named_slots_are_apart_and_above_the_effects() -> None:
    taken: dict[int, str] = {}
    for name, (first, many) in state.NAMED_SLOTS.items():
        assert getattr(state, name) == first
        for slot in range(first, first + many):
            assert state.EFFECT_SLOTS <= slot < state.SLOTS, name
            assert slot not in taken, f"{name} and {taken[slot]} share the slot {slot}"
            taken[slot] = name


def test_every_named_slot_is_listed_and_defined_only_in_state() -> None:
    listed = set(state.NAMED_SLOTS)
    defined = {n for n in dir(state) if n.endswith("_COUNTER") or n.startswith("PIN_")}
    assert defined == listed
    pattern = re.compile(r"^([A-Z_]+(?:_COUNTER|PIN_UNTIL|PIN_BY)) = \d+", re.M)
    for path in SRC.rglob("*.py"):
        if path.name == "state.py":
            continue
        found = pattern.findall(path.read_text())
        assert not found, f"{path.name} defines {found}: define counter slots in engine/core/state.py"


def test_no_card_reaches_the_named_slots() -> None:
    # an effect's slots are its index and the index + 1 (engine/hooks/disa_copy.py)
    most = max(len(c.effects) for c in CardDB.bundled().cards)
    assert most + 1 < state.EFFECT_SLOTS
