"""Events in sentences for the web table.

:func:`event_text` is the only place in the web face where an engine event becomes text: the table, the
event API and replays all call it. The words come from the engine's narration (engine/faces/narration.py), the
same catalogue the terminal and replays use, so every face tells the same story.

An event only ever names what its seat may see: the engine sends hidden facts only to the seats in its
``to`` list, the callers pass only the events the seat may see, and the narration prints nothing that is not
in the event.
"""

from __future__ import annotations

from typing import Any

from animayhem.cards.database import CardDB
from animayhem.engine.faces import narration

Event = dict[str, Any]


def event_text(event: Event, db: CardDB, seat_names: list[str] | None = None) -> str:
    """One event as a sentence (card ids become card names; seats read "Player N")."""
    del seat_names  # the narration names seats "Player 1..N" on every face
    return narration.render(db, event)[0]
