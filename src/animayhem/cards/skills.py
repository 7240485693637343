"""Skills as printed on Characters: ``Computer x2``, anti-skills ``Cooking -1``, the wildcard ``*Any Skill``.

RULES.md SCAV-4 (multiplicity), SCAV-6 (anti-skills). A skill entry is written in the card files exactly as
it is printed, and :func:`parse_skill` turns it into a :class:`SkillEntry`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

WILDCARD = "Any Skill"

# The six elemental skills that "Any Element" stands for (RULES.md SCAV-8).
ELEMENTS: tuple[str, ...] = (
    "Air Element",
    "Earth Element",
    "Fire Element",
    "Ice Element",
    "Lightning Element",
    "Water Element",
)

_SKILL = re.compile(r"^(?P<wild>\*)?(?P<name>[A-Za-z][A-Za-z' .-]*?)(?:\s+(?:x(?P<count>\d+)|-(?P<anti>\d+)))?$")


@dataclass(frozen=True, slots=True)
class SkillEntry:
    """One printed skill. ``count`` is the multiplicity; negative for an anti-skill (``Cooking -1``)."""

    name: str
    count: int = 1
    wildcard: bool = False

    @property
    def is_anti(self) -> bool:
        return self.count < 0

    def __str__(self) -> str:
        if self.wildcard:
            return f"*{self.name}"
        if self.count == 1:
            return self.name
        if self.count < 0:
            return f"{self.name} {self.count}"
        return f"{self.name} x{self.count}"


def parse_skill(text: str) -> SkillEntry:
    """Parse one skill entry; raises ValueError naming the text."""
    m = _SKILL.match(text.strip())
    if m is None:
        raise ValueError(f"not a skill entry: {text!r} (expected e.g. 'Chi x2', 'Cooking -1', '*Any Skill')")
    name = m["name"].strip()
    if m["wild"]:
        if name != WILDCARD:
            raise ValueError(f"unknown wildcard skill {text!r}: only '*{WILDCARD}' exists")
        return SkillEntry(name=name, wildcard=True)
    if m["count"] is not None:
        count = int(m["count"])
        if count < 1:
            raise ValueError(f"skill multiplicity must be at least 1 in {text!r}")
        return SkillEntry(name=name, count=count)
    if m["anti"] is not None:
        return SkillEntry(name=name, count=-int(m["anti"]))
    return SkillEntry(name=name)


def parse_skill_list(text: str) -> list[SkillEntry]:
    """Parse a comma-separated list as printed in the Skills field."""
    return [parse_skill(part) for part in text.split(",") if part.strip()]
