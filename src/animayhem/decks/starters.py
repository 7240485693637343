"""The bundled starter decks (``animayhem/decks/starters/*.deck``), each legal under ``classic`` for the
player counts its header declares."""

from __future__ import annotations

from functools import cache
from importlib import resources

from animayhem.cards.database import CardDB
from animayhem.decks.model import Deck
from animayhem.decks.textformat import parse_deck


@cache
def starter_decks() -> dict[str, Deck]:
    """Every starter deck by its file stem (``z-fighters``), in name order."""
    db = CardDB.bundled()
    root = resources.files("animayhem.decks").joinpath("starters")
    out: dict[str, Deck] = {}
    for f in sorted(root.iterdir(), key=lambda t: t.name):
        if f.name.endswith(".deck"):
            stem = f.name.removesuffix(".deck")
            out[stem] = parse_deck(f.read_text(encoding="utf-8"), db, path=f"starters/{f.name}")
    return out


def find_starter(name: str) -> Deck | None:
    """The starter deck whose file stem or deck name is ``name`` (case-insensitive), or None."""
    key = name.strip().lower()
    decks = starter_decks()
    if key.removesuffix(".deck") in decks:
        return decks[key.removesuffix(".deck")]
    for deck in decks.values():
        if deck.name.lower() == key:
            return deck
    return None
