"""An Item whose text acts while it is carried is carried face up (RULES.md CARD-10: an Item stays face down
until it is used; one that changes its carrier's values is in use, and those values are public)."""

from __future__ import annotations

from animayhem.cards.database import CardDB
from animayhem.engine.checks.leaks import hidden_uids
from animayhem.engine.effects.bearer import face_up_item
from scenario_kit import game_of, uid_of


def test_which_items_are_carried_face_up() -> None:
    db = CardDB.bundled()
    assert face_up_item(db.by_id("compact"))  # +1 Charm to a female carrier: in use while carried
    assert face_up_item(db.by_id("training-book"))
    assert not face_up_item(db.by_id("ancient-pottery"))  # nothing while carried
    assert not face_up_item(db.by_id("bills-and-calculator"))  # acts only as a Money Disaster picks its target
    assert not face_up_item(db.by_id("hand-gun"))  # a bonus, but Equipment: never an Item


_TWO_SEATS = """
ruleset: classic
seats:
  - name: One
  - name: Two
field:
  - {cell: [0, 0], card: masaki-house, owner: 0, haven: true}
  - {cell: [1, 0], card: genom-tower, owner: 0}
  - {cell: [2, 0], card: a-kos-house, owner: 1, haven: true}
characters:
  - {card: nene-romanova, owner: 1, at: [1, 0], carried: [training-book, 5-yen-coin]}
start: {active: 0, phase: equip}
"""


def test_another_players_item_that_acts_while_carried_is_shown_the_rest_stays_face_down() -> None:
    g = game_of(_TWO_SEATS)
    book, coin = uid_of(g, "training-book"), uid_of(g, "5-yen-coin")
    assert face_up_item(g.card(book)) and not face_up_item(g.card(coin))
    nene = next(c for c in g.view(0)["characters"] if c["card"] == "nene-romanova")
    assert nene["items"] == 2
    assert nene["shown_items"] == [{"uid": book, "card": "training-book"}]  # its +1 Attack is public anyway
    assert "item_cards" not in nene
    hidden = hidden_uids(g, 0)
    assert book not in hidden and coin in hidden
    own = next(c for c in g.view(1)["characters"] if c["card"] == "nene-romanova")
    assert {i["card"] for i in own["item_cards"]} == {"training-book", "5-yen-coin"} and "shown_items" not in own
