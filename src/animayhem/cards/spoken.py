"""Card sentences a game's record keeps in English, said again in another language (the record holds no
language: docs/translations.md)."""

from __future__ import annotations

from animayhem.cards.effects import Half
from animayhem.cards.model import Card
from animayhem.cards.wording import in_english, speaking


def half_clause(card: Card | None, side: object, english: str, lang: str | None) -> str:
    """The clause of a Combat card's half that the record names in English (``combat_card_half``'s ``clause``),
    in ``lang``: the card's ``drawn`` alternative on that side whose English text it is; as recorded otherwise."""
    if card is None:
        return english
    for e in card.effects:
        h = e.do
        if e.when == "drawn" and isinstance(h, Half) and h.side == side and in_english(h.text) == english:
            with speaking(lang):
                return h.text()
    return english
