"""Card definitions: the typed model, the requirement grammar, the database and its importers."""

from animayhem.cards.database import AmbiguousCard, CardDB, CardFileError, CardNotFound
from animayhem.cards.model import Card, CardSet, CardType

__all__ = ["AmbiguousCard", "Card", "CardDB", "CardFileError", "CardNotFound", "CardSet", "CardType"]
