"""Shared by the card-hook tests: a position built from scenario text (records/scenario.py ``loads``, the
same loader as every scenario file) and the instance of a card it holds."""

from __future__ import annotations

import textwrap

from animayhem.engine.game import Game
from animayhem.records.scenario import loads


def game_of(*parts: str) -> Game:
    """The game a scenario made of ``parts`` sets up (each part dedented, then joined)."""
    game, *_ = loads("".join(textwrap.dedent(p) for p in parts))
    return game


def uid_of(g: Game, card_id: str) -> int:
    """The instance of ``card_id`` in play as a Character or a Disaster, else its first instance."""
    s = g.state
    found = [u for u, c in enumerate(s.cards) if c == card_id]
    return next((u for u in found if u in s.characters or u in s.disasters), found[0])


# One player (no Combat pile, no Charm Combat) with three Locations in a row and a Haven apart: the field of the
# Disaster-hook tests. A test adds its own parts (hand, piles, characters, disasters, start).
SOLO_FIELD = """\
ruleset: classic
seed: 1
overrides: {charm_combat: false}
seats:
  - name: Solo
    combat: []
field:
  - {cell: [0, 0], card: genom-tower, owner: 0}
  - {cell: [0, 1], card: island-restaurant, owner: 0}
  - {cell: [0, 2], card: tank-police-hq, owner: 0}
  - {cell: [2, 2], card: masaki-house, owner: 0, haven: true}
"""

# The Mass under a Location, a group Scavenging it, Kidnapped then Largo the latest Disasters in the Discard pile
MASS_SETUP = """\
ruleset: classic
overrides: {charm_combat: false}
seed: 1
seats:
  - name: Solo
    combat: []
    discard: [kidnapped, largo]
field:
  - {cell: [0, 0], card: desert-of-bleached-white-bones, owner: 0, under: [the-mass, antiques]}
  - {cell: [0, 1], card: island-restaurant, owner: 0, under: [keys]}
  - {cell: [2, 2], card: masaki-house, owner: 0, haven: true}
characters:
  - {card: super-saiyan-goku, owner: 0, at: [0, 0]}
  - {card: future-trunks, owner: 0, at: [0, 0]}
  - {card: miz-mishtal, owner: 0, at: [0, 0]}
start: {active: 0, phase: scavenge}
"""
