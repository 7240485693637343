"""Events in sentences for the web table.

:func:`event_text` is the only place in the web face where an engine event becomes text: the table, the
event API and replays all call it. The words come from the engine's narration (engine/faces/narration.py), the
same catalogue the terminal and replays use, so every face tells the same story. :func:`event_html` is the
same sentence with each card it names made a link that opens the card's frame.

An event only ever names what its seat may see: the engine sends hidden facts only to the seats in its
``to`` list, the callers pass only the events the seat may see, and the narration prints nothing that is not
in the event.
"""

from __future__ import annotations

import re
from typing import Any

from markupsafe import Markup, escape

from animayhem.cards.database import CardDB
from animayhem.engine.faces import narration

Event = dict[str, Any]


def shown(event: Event) -> Event:
    """The event as the table shows it: Health below 0 reads 0 (the engine keeps the true number, which the
    rules need: exactly 0 and below 0 are not the same, COMBAT-14)."""
    return {
        k: max(0, v) if k.endswith("health") and isinstance(v, int) and not isinstance(v, bool) else v
        for k, v in event.items()
    }


def _names(seat_names: list[str] | None) -> list[str] | None:
    return list(seat_names) if seat_names else None


def event_text(event: Event, db: CardDB, seat_names: list[str] | None = None) -> str:
    """One event as a sentence (card ids become card names; seats by the names chosen in the lobby)."""
    return narration.render(db, shown(event), names=_names(seat_names))[0]


def event_cards(event: Event, db: CardDB) -> dict[str, str]:
    """The cards an event names, name -> card id (only the cards in the event itself, so only what the seat
    may see)."""
    out: dict[str, str] = {}
    for k, v in event.items():
        if k in ("e", "turn", "to"):
            continue
        for c in v if isinstance(v, list) else [v]:
            if isinstance(c, str) and c in db.ids:
                out[db.ids[c].name] = c
    return out


def link_cards(text: str, cards: dict[str, str]) -> Markup:
    """``text`` escaped, each card name in it a link (``data-card``) that opens the card's frame."""
    safe = str(escape(text))
    if not cards:
        return Markup(safe)  # escaped just above
    by_escaped = {str(escape(name)): card for name, card in cards.items()}
    pattern = re.compile("|".join(re.escape(n) for n in sorted(by_escaped, key=len, reverse=True)))

    def link(m: re.Match[str]) -> str:
        card = by_escaped[m[0]]
        return f'<a class="cardref" href="/cards/{escape(card)}" data-card="{escape(card)}">{m[0]}</a>'

    return Markup(pattern.sub(link, safe))  # escaped text, escaped ids


def event_html(event: Event, db: CardDB, seat_names: list[str] | None = None) -> Markup:
    """:func:`event_text` with its card names as links."""
    return link_cards(event_text(event, db, seat_names), event_cards(event, db))
