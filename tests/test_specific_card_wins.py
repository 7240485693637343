"""SCAV-9 (and CARD-1's second sentence): when two cards disagree, the one naming a specific card wins.

Kozo Karino's text lets his group Scavenge every Police Location without its requirement (a card about a group
of cards); Shinjuku Police Building, a Police Location, names him as barred. The engine reads a Location's bar
before any requirement or waiver, so the Building's bar wins: a group with Kozo in it may not Scavenge it, though
his text covers the Building and his own Police meets its requirement. Where no card names him, his text acts:
he Scavenges the Murder Scene, another Police Location, whose requirement he does not meet.
"""

from __future__ import annotations

from animayhem.cards.evaluate import meets
from animayhem.engine.effects import bearer
from animayhem.engine.game import Game
from animayhem.engine.procedures import scavenge
from scenario_kit import game_of, uid_of

POSITION = """\
name: precedence
ruleset: classic
seats:
  - name: Solo
field:
  - {{cell: [0, 0], card: shinjuku-police-building, owner: 0, under: [keys]}}
  - {{cell: [1, 0], card: shinjuku-police-building, owner: 0, under: [keys]}}
  - {{cell: [2, 0], card: murder-scene, owner: 0, under: [keys]}}
  - {{cell: [2, 1], card: the-silky-doll, owner: 0, haven: true}}
characters:
  - {{card: kozo-karino, owner: 0, at: [{kozo}]}}
  - {{card: dailey-wong, owner: 0, at: [1, 0]}}
start: {{active: 0, phase: scavenge}}
"""


def _place(g: Game, x: int) -> int:
    return next(u for u, pl in g.state.places.items() if pl.cell == (x, 0))


def test_the_building_that_names_kozo_bars_him_against_his_own_text() -> None:
    g = game_of(POSITION.format(kozo="0, 0"))
    kozo = uid_of(g, "kozo-karino")
    building = g.card(_place(g, 0))
    assert "Police" in building.category_set
    # both general routes would let him in: his text covers this Police Location, and his Police meets it
    assert bearer.waives(g, [g.state.characters[kozo]], building) == "Kozo Karino"
    assert building.requirements is not None and meets(building.requirements, [g.card(kozo)], [])
    # the card that names him wins: his Building is not offered; Dailey's, the same card without him, is
    assert g.decision is not None and g.decision.kind == "scavenge"
    assert "scavenge 0,0" not in g.legal_actions()
    assert "scavenge 1,0" in g.legal_actions()
    assert scavenge.scavengeable(g, 0) == [(1, 0)]


def test_where_no_card_names_him_his_text_acts() -> None:
    """The condition fails: no specific card speaks at the Murder Scene, so the general one (Kozo's) decides."""
    g = game_of(POSITION.format(kozo="2, 0"))
    kozo = uid_of(g, "kozo-karino")
    scene = g.card(_place(g, 2))
    assert "Police" in scene.category_set
    assert scene.requirements is not None and not meets(scene.requirements, [g.card(kozo)], [])  # Police x2 & ...
    assert bearer.waives(g, [g.state.characters[kozo]], scene) == "Kozo Karino"
    assert "scavenge 2,0" in g.legal_actions()
    g.apply("scavenge 2,0")
    assert any(e["e"] == "scavenge_started" for e in g.events_for(0))
