"""The named card hooks (engine/effects/card_hooks.py), one module per family of cards.

Importing this package registers every hook; engine/game.py imports it once. A hook module sits above the
rule primitives and may use the procedures (combat, Disaster moves): the interpreter reaches hooks through the
registry only, so no import cycle forms.
"""

from __future__ import annotations

from animayhem.engine.hooks import (
    caught,  # Catch Bubbles
    combat_countdowns,  # DD J1 Battlemover
    combat_rounds,  # Guldo, Miso-Cutsun
    disa_copy,  # The Mass
    disa_possession,  # Ginyu
    disb_combat,  # Funky Muggers, BU-12B Cyberdroid
    disc_delayed,  # Bio Ball
    disc_loot,  # Class C Female Boomer
    disc_summons,  # Impending Doom, Alien Battleship
    disc_takers,  # Furry Eyes
    field_changes,  # Galaxy Destroyer
    field_effects,  # Defense Forces, Dimensional Vortex, Short Out
    leave_conditions,  # Brian J. Mason
    waiting,  # Red Commandos
)

__all__ = [
    "caught",
    "combat_countdowns",
    "combat_rounds",
    "disa_copy",
    "disa_possession",
    "disb_combat",
    "disc_delayed",
    "disc_loot",
    "disc_summons",
    "disc_takers",
    "field_changes",
    "field_effects",
    "leave_conditions",
    "waiting",
]
