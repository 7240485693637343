"""A Disaster that hoards Items (``hoard``: 7 Lucky Gods Martial Artists; DIS-12 gives way by its card, CARD-1):
what a scenario file cannot reach on its own. It keeps what it carried when it beats a Character carrying
Items, and when it passes a carrier under the 000 rule; every Item it carries drops when it leaves play, is
Destroyed with it off the Field, counts for the Disasters, stays face down in every view (only how many is
shown) and is named by a handle; the state stays exact under clone and hash. Another Combat Disaster keeps to
one Item (the condition failing)."""

from __future__ import annotations

from animayhem.engine.checks.invariants import problems
from animayhem.engine.checks.leaks import hidden_uids, leaks
from animayhem.engine.core.handles import handle_for
from animayhem.engine.core.state import OFF
from animayhem.engine.core.win import tallies
from animayhem.engine.effects import primitives
from animayhem.engine.faces.views import known_cards
from animayhem.engine.game import Game
from scenario_kit import game_of, uid_of

FIELD = """\
ruleset: classic
seed: 1
overrides: {charm_combat: false}
seats:
  - name: One
    combat: []
  - name: Two
    combat: []
field:
  - {cell: [0, 0], card: genom-tower, owner: 0, under: [cross]}
  - {cell: [0, 1], card: island-restaurant, owner: 0}
  - {cell: [2, 2], card: masaki-house, owner: 0, haven: true}
  - {cell: [2, 0], card: tank-police-hq, owner: 1, haven: true}
"""


def _gods(disaster: str = "7-lucky-gods-martial-artists") -> tuple[Game, int]:
    g = game_of(
        FIELD,
        f"""\
        characters:
          - {{card: future-trunks, owner: 1, at: [0, 0], carried: [keys, antiques]}}
        disasters:
          - {{card: {disaster}, owner: 0, at: [0, 0], item: earrings}}
        start: {{active: 0, phase: equip}}
        """,
    )
    return g, uid_of(g, disaster)


def test_it_keeps_its_item_when_it_takes_one_from_a_character_it_beats() -> None:
    g, gods = _gods()
    s = g.state
    d = s.disasters[gods]
    trunks = uid_of(g, "future-trunks")
    took = primitives.drop_carried(g, s.characters[trunks], d.pos, gods)
    assert took
    assert len(d.items()) == 2 and d.item == uid_of(g, "earrings")
    assert problems(g) == []
    assert tallies(g)["carried_by_disasters"] == 2


def test_another_disaster_gives_up_its_item_for_the_one_it_takes() -> None:
    g, goons = _gods(disaster="goons")
    s = g.state
    d = s.disasters[goons]
    earrings = uid_of(g, "earrings")
    primitives.drop_carried(g, s.characters[uid_of(g, "future-trunks")], d.pos, goons)
    assert d.items() == [d.item] and d.item != earrings and d.hoard == []
    assert earrings in s.places[d.pos].under
    primitives.take_item(g, d)  # it carries one: Cross stays under Genom Tower (DIS-12)
    assert len(d.items()) == 1 and uid_of(g, "cross") in s.places[d.pos].under


def test_items_it_hoards_stay_face_down_and_are_counted_not_named() -> None:
    g, gods = _gods()
    s = g.state
    d = s.disasters[gods]
    primitives.take_item(g, d)  # Cross, under Genom Tower, though it carries Earrings
    cross = uid_of(g, "cross")
    assert d.hoard == [cross] and cross not in s.places[d.pos].under
    for seat in (0, 1):
        view = g.view(seat)
        (shown,) = [x for x in view["disasters"] if x["uid"] == gods]
        assert shown["carries_item"] and shown["items_carried"] == 2
        assert cross not in known_cards(view) and d.item not in known_cards(view)
        assert {cross, d.item} <= hidden_uids(g, seat)
        assert leaks(g, seat, view, g.log) == []
        handle = handle_for(g, seat, cross)
        assert handle is not None and handle.index == 2 and handle.holder == gods
    copy = g.clone()
    assert copy.state_hash() == g.state_hash() and copy.state.disasters[gods].hoard == [cross]


def test_a_disaster_carrying_one_item_shows_no_count() -> None:
    g, gods = _gods()
    view = g.view(0)
    (shown,) = [x for x in view["disasters"] if x["uid"] == gods]
    assert shown["carries_item"] and "items_carried" not in shown


def test_walking_off_the_field_destroys_every_item_it_carries() -> None:
    g, gods = _gods()
    s = g.state
    d = s.disasters[gods]
    primitives.take_item(g, d)
    carried = d.items()
    d.pos = OFF
    primitives.leave_play(g, d, "exit")
    assert all(u in s.destroyed for u in carried) and len(carried) == 2
    assert problems(g) == []


def test_its_first_item_taken_the_next_one_becomes_its_first() -> None:
    g, gods = _gods()
    s = g.state
    d = s.disasters[gods]
    primitives.take_item(g, d)
    first, second = d.items()
    assert primitives.give_up_item(d) == first
    assert d.item == second and d.hoard == []
    assert primitives.give_up_item(d) == second and d.item == OFF
    assert primitives.give_up_item(d) == OFF
