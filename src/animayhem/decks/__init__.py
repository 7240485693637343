"""Decks: the deck file formats, legality, statistics, a deck builder and the starter decks."""

from animayhem.decks.generate import DeckBuildError, new_deck
from animayhem.decks.lackey import format_dek, parse_dek, read_dek, write_dek
from animayhem.decks.legality import Problem, check_deck, is_legal
from animayhem.decks.model import Deck, Entry, Section
from animayhem.decks.starters import find_starter, starter_decks
from animayhem.decks.stats import DeckStats, deck_stats
from animayhem.decks.textformat import DeckFileError, DeckIssue, format_deck, parse_deck, read_deck, write_deck

__all__ = [
    "Deck",
    "DeckBuildError",
    "DeckFileError",
    "DeckIssue",
    "DeckStats",
    "Entry",
    "Problem",
    "Section",
    "check_deck",
    "deck_stats",
    "find_starter",
    "format_deck",
    "format_dek",
    "is_legal",
    "new_deck",
    "parse_deck",
    "parse_dek",
    "read_deck",
    "read_dek",
    "starter_decks",
    "write_deck",
    "write_dek",
]
