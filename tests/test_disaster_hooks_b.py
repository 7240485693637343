"""Disaster abilities of the combat family that a scenario file cannot reach on its own: BU-12B Cyberdroid's
self-destruction on its 4th stop, Funky Muggers' pick among several Clothing cards surviving a clone, and the
``next_round`` / ``halve`` / ``ally`` records staying exact under clone and hash (engine/hooks/disb_combat.py)."""

from __future__ import annotations

from animayhem.engine.effects import triggers
from animayhem.engine.hooks.disb_combat import PickClothing
from scenario_kit import game_of, uid_of

FIELD = """\
ruleset: classic
seed: 1
seats:
  - name: Solo
field:
  - {cell: [0, 0], card: genom-tower, owner: 0, under: [dirty-laundry, earrings]}
  - {cell: [1, 0], card: island-restaurant, owner: 0, under: [keys]}
  - {cell: [2, 0], card: hot-springs-house, owner: 0, under: [breather-mask]}
  - {cell: [0, 1], card: tank-police-hq, owner: 0, under: [gohans-supplies]}
  - {cell: [2, 1], card: masaki-house, owner: 0, haven: true}
"""


def test_bu_12b_destroys_items_equipment_and_itself_on_its_fourth_stop() -> None:
    g = game_of(
        FIELD,
        """\
        characters:
          - {card: dr-tofu, owner: 0, at: [1, 0], carried: [compact]}
        disasters:
          - {card: bu-12b-cyberdroid, owner: 0, at: [1, 0]}
        start: {active: 0, phase: equip}
        """,
    )
    uid = uid_of(g, "bu-12b-cyberdroid")
    tofu = g.state.characters[uid_of(g, "dr-tofu")]
    place = g.state.grid[(1, 0)]
    for _ in range(3):  # stops 1 to 3: nothing happens
        triggers.lands(g, g.state.disasters[uid])
    assert uid in g.state.disasters and tofu.carried and g.state.places[place].under
    triggers.lands(g, g.state.disasters[uid])  # the 4th stop
    assert uid not in g.state.disasters
    assert not tofu.carried and not any(g.is_item(u) for u in g.state.places[place].under)
    assert uid not in g.state.players[0].discard  # Destroyed, not Discarded
    assert tofu.uid in g.state.characters and tofu.bonked_at < 0  # the Characters stay
    kinds = [e["e"] for e in g.log]
    assert "disaster_self_destructs" in kinds and kinds.count("item_removed") == 2


def test_funky_muggers_pick_is_a_decision_that_survives_clone() -> None:
    g = game_of(
        FIELD,
        """\
        characters:
          - {card: dr-tofu, owner: 0, at: [1, 0], carried: [compact, earrings]}
        disasters:
          - {card: funky-muggers, owner: 0, at: [1, 0]}
        start: {active: 0, phase: equip}
        """,
    )
    src, tofu = uid_of(g, "funky-muggers"), uid_of(g, "dr-tofu")
    triggers.hurts(g, src, tofu, 1)
    assert isinstance(g.state.agenda[-1], PickClothing)
    g.state.agenda[-1].run(g)
    assert g.state.pending is not None and [str(a) for a in g.state.pending.actions] == [
        f"yield c{u}" for u in sorted(g.state.characters[tofu].carried)
    ]
    twin = g.clone()
    assert twin.state_hash() == g.state_hash()
    first = sorted(g.state.characters[tofu].carried)[0]
    g.apply(f"yield c{first}")
    assert len(g.state.characters[tofu].carried) == 1 and first not in g.state.characters[tofu].carried
    assert len(twin.state.characters[tofu].carried) == 2  # the clone is untouched
    assert not any(e["e"] == "item_removed" and "card" in e for e in g.log)  # no Item is named


def test_ebi_furiya_needs_damage() -> None:
    g = game_of(
        FIELD,
        """\
        characters:
          - {card: akane-tendo, owner: 0, at: [0, 0]}
        disasters:
          - {card: ebi-furiya, owner: 0, at: [0, 0]}
        start: {active: 0, phase: equip}
        """,
    )
    src, akane = uid_of(g, "ebi-furiya"), uid_of(g, "akane-tendo")
    before = g.ability(akane, "movement")
    triggers.hurts(g, src, akane, 2)
    triggers.hurts(g, src, akane, 1)
    assert g.ability(akane, "movement") == before - 2
    twin = g.clone()
    assert twin.state_hash() == g.state_hash() and twin.ability(akane, "movement") == before - 2
