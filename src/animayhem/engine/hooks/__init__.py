"""The named card hooks (engine/card_hooks.py), one module per family of cards.

Importing this package registers every hook; engine/game.py imports it once. A hook module sits above the
rule primitives and may use the procedures (combat, Disaster moves): the interpreter reaches hooks through the
registry only, so no import cycle forms.
"""

from __future__ import annotations

from animayhem.engine.hooks import (
    combat_countdowns,  # noqa: F401 - DD J1 Battlemover
    field_changes,  # noqa: F401 - Galaxy Destroyer
    leave_conditions,  # noqa: F401 - Brian J. Mason
    waiting,  # noqa: F401 - Red Commandos
)
