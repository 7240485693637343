"""MISC-7 for a Character another player controls (engine/effects/control.py: Possession): the cards it carries stay
face down to the player controlling it, who is offered none of them and whose view and actions do not depend on
which cards they are."""

from __future__ import annotations

import json

from animayhem.engine.checks import invariants
from animayhem.engine.checks.leaks import LeakCheck, hidden_uids
from animayhem.engine.core.state import copy_state
from animayhem.engine.core.win import tallies
from animayhem.engine.effects import control, transform
from animayhem.engine.game import Game
from animayhem.engine.procedures import activated
from animayhem.records.scenario import loads

POSSESSION = """\
name: possession of a Character carrying face-down Items
ruleset: classic
seats:
  - name: Ann
    hand: [possession]
    draw: [speed, speed, speed, speed, speed, speed, speed]
  - name: Ben
    draw: [speed, speed, speed, speed, speed, speed, speed]
field:
  - {cell: [0, 0], card: genom-tower, owner: 0, under: [keys, keys, keys]}
  - {cell: [1, 0], card: masaki-house, owner: 0, haven: true}
  - {cell: [0, 1], card: ravens-garage, owner: 1, haven: true}
characters:
  - {card: tenchi-masaki, owner: 0, at: [1, 0]}
  - {card: a-ko-magami, owner: 1, at: [0, 1], carried: [keys, antiques]}
  - {card: ryoko, owner: 1, at: [0, 1]}
start: {active: 0, phase: move}
"""


def _uid(g: Game, card: str) -> int:
    return next(u for u in g.state.characters if g.state.cards[u] == card)


def _possessed() -> tuple[Game, int, list[int]]:
    g, _, _, _ = loads(POSSESSION)
    ako = _uid(g, "a-ko-magami")
    g.apply(f"flash c{g.state.players[0].hand[0]} c{ako}")
    assert g.state.characters[ako].owner == 0
    return g, ako, g.carried_items(g.state.characters[ako])


def _entry(g: Game, seat: int, uid: int) -> dict[str, object]:
    chars: list[dict[str, object]] = g.view(seat)["characters"]
    return next(c for c in chars if c["uid"] == uid)


def _given(g: Game, seat: int) -> str:
    out: dict[str, object] = {"view": g.view(seat)}
    if g.to_move == seat and g.decision is not None:
        out["prompt"], out["actions"] = g.decision.prompt, g.legal_actions()
    return json.dumps(out, sort_keys=True, default=str)


def test_the_controller_sees_and_is_offered_none_of_its_carried_cards() -> None:
    g, ako, items = _possessed()
    assert len(items) == 2 and set(items) <= hidden_uids(g, 0)
    mine = _entry(g, 0, ako)
    assert mine["owner"] == 0 and mine["owned_by"] == 1 and mine["items"] == 2 and "item_cards" not in mine
    assert not any(f"c{u}" in a.split() for a in g.legal_actions() for u in items)  # no give, drop or store
    seen = [e for e in g.log if e.get("to") is None or 0 in e["to"]]
    assert LeakCheck(2).check(g, 0, g.view(0), seen) == []
    assert tallies(g)["players"] == [0, 2]  # they still count for their owner


def test_what_the_controller_is_given_does_not_depend_on_which_cards_they_are() -> None:
    """The counterfactual check (tests/test_hidden_counterfactual.py) on this position: the two face-down Items
    swapped, the controller is given exactly the same."""
    g, _, items = _possessed()
    state = copy_state(g.state)
    state.cards = list(state.cards)
    state.cards[items[0]], state.cards[items[1]] = state.cards[items[1]], state.cards[items[0]]
    assert state.cards[items[0]] != g.state.cards[items[0]]
    other = Game(g.config, g.db, _state=state)
    assert _given(other, 0) == _given(g, 0)


def test_back_with_its_owner_the_cards_are_shown_to_it_again() -> None:
    g, ako, items = _possessed()
    while g.state.active == 0:
        g.apply("done")
    assert g.state.characters[ako].owner == 1
    assert "owned_by" not in _entry(g, 1, ako)
    shown: list[dict[str, object]] = _entry(g, 1, ako)["item_cards"]  # type: ignore[assignment]
    assert sorted(c["uid"] for c in shown) == sorted(items)  # type: ignore[type-var]
    assert set(items) <= hidden_uids(g, 0)


STORED = """\
name: C-ko Kotobuki stored face down
ruleset: classic
seats:
  - name: Ann
  - name: Ben
field:
  - {cell: [0, 0], card: shinonome-high-school, owner: 0, under: [keys]}
  - {cell: [0, 1], card: genom-tower, owner: 1, under: [antiques, barbells]}
  - {cell: [1, 0], card: masaki-house, owner: 0, haven: true, stored: [c-ko-kotobuki, alarm-clock]}
  - {cell: [2, 0], card: masaki-house, owner: 1, haven: true}
characters:
  - {card: tenchi-masaki, owner: 0, at: [0, 0]}
  - {card: ryoga-hibiki, owner: 1, at: [2, 0], carried: [earrings]}
start: {active: 0, phase: scavenge}
"""


def _swapped(g: Game, a: int, b: int) -> Game:
    state = copy_state(g.state)
    state.cards = list(state.cards)
    state.cards[a], state.cards[b] = state.cards[b], state.cards[a]
    return Game(g.config, g.db, _state=state)


def test_a_face_down_item_worth_two_tells_the_other_seats_nothing() -> None:
    """C-ko Kotobuki stored in Ann's Haven counts once in the tallies Ben sees, so his view is the same whichever of
    Ann's stored Items she is; Ann, who sees her, is told the extra she will count in the final count."""
    g, _, _, _ = loads(STORED)
    stored = next(p for p in g.state.places.values() if p.haven and p.owner == 0).stored
    assert {g.state.cards[u] for u in stored} == {"c-ko-kotobuki", "alarm-clock"}
    assert set(stored) <= hidden_uids(g, 1)
    assert tallies(g)["players"] == [2, 1] and tallies(g)["total"] == 6
    assert _given(_swapped(g, stored[0], stored[1]), 1) == _given(g, 1)
    assert g.view(0)["items_worth_more"] == 1 and g.view(1)["items_worth_more"] == 0
    # under a Location she is face down to every seat: no view tells which of the cards there she is
    ck = next(u for u in stored if g.state.cards[u] == "c-ko-kotobuki")
    under = next(p for p in g.state.places.values() if p.owner == 1 and not p.haven).under
    moved = _swapped(g, ck, under[0])  # she lies under Genom Tower, Antiques is stored instead
    assert moved.state.cards[under[0]] == "c-ko-kotobuki" and moved.view(0)["items_worth_more"] == 0
    assert tallies(moved) == tallies(g)
    for seat in (0, 1):
        assert _given(_swapped(moved, under[0], under[1]), seat) == _given(moved, seat)


LENDING = """\
name: Pass Around on a face-down Item
ruleset: classic
seats:
  - name: Solo
    hand: [pass-around]
    draw: [speed, speed, speed, speed, speed, speed, speed]
  - name: Rival
    draw: [speed, speed, speed, speed, speed, speed, speed]
field:
  - {cell: [0, 0], card: masaki-house, owner: 0, haven: true}
  - {cell: [1, 0], card: museum, owner: 0, under: [keys, keys]}
  - {cell: [2, 0], card: hot-springs-house, owner: 1, haven: true}
characters:
  - {card: akane-tendo, owner: 0, at: [0, 0]}
  - {card: lisa-vannett, owner: 1, at: [2, 0], carried: [breather-mask, antiques]}
start: {active: 0, phase: equip}
"""


def test_pass_around_names_a_face_down_item_by_its_place_and_turns_it_up_as_it_is_lent() -> None:
    g, _, _, _ = loads(LENDING)
    lisa, akane = _uid(g, "lisa-vannett"), _uid(g, "akane-tendo")
    items = g.carried_items(g.state.characters[lisa])
    g.apply(f"play c{g.state.players[0].hand[0]} c{akane}")
    assert g.legal_actions() == [f"choose item1@c{lisa}", f"choose item2@c{lisa}"]
    assert _given(_swapped(g, items[0], items[1]), 0) == _given(g, 0)  # nothing tells which is which
    assert LeakCheck(2).check(g, 0, g.view(0), [e for e in g.log if e.get("to") is None or 0 in e["to"]]) == []
    g.apply(f"choose item2@c{lisa}")
    shown = _entry(g, 0, lisa)["shown_items"]
    assert shown == [{"uid": items[1], "card": "antiques"}]  # turned up for every seat while it is lent
    assert items[1] not in hidden_uids(g, 0) and items[0] in hidden_uids(g, 0)


TRANSFORMER = """\
name: possession of a two-card transformer whose other card waits in its owner's hand
ruleset: classic
seats:
  - name: Ann
    hand: [possession]
    draw: [speed, speed, speed, speed, speed, speed, speed]
  - name: Ben
    hand: [little-washu]
    draw: [speed, speed, speed, speed, speed, speed, speed]
field:
  - {cell: [0, 0], card: genom-tower, owner: 0}
  - {cell: [1, 0], card: masaki-house, owner: 0, haven: true}
  - {cell: [0, 1], card: ravens-garage, owner: 1, haven: true}
characters:
  - {card: tenchi-masaki, owner: 0, at: [1, 0]}
  - {card: washu, owner: 1, at: [0, 0], carried: [keys]}
start: {active: 0, phase: move}
"""


def test_a_card_that_transforms_a_controlled_character_gives_it_back_to_its_owner() -> None:
    """A forced transformation (card text) of a Character another player controls: the owner's other card takes
    its place, the owner's again (the controller's hold ends with the card it held); the controller is never
    offered the transformation itself (tests/test_engine_property.py)."""
    g, _, _, _ = loads(TRANSFORMER)
    s = g.state
    washu, little = _uid(g, "washu"), s.players[1].hand[0]
    g.apply(f"flash c{s.players[0].hand[0]} c{washu}")
    assert control.controlled(g, washu) and s.characters[washu].owner == 0
    assert not any(a.startswith(f"transform c{washu}") for a in g.legal_actions())
    new = transform.force(g, washu)
    assert new == little and s.cards[new] == "little-washu"
    assert s.characters[new].owner == 1 and not control.controlled(g, new) and not control.controlled(g, washu)
    assert washu in s.players[1].hand and washu not in s.players[0].hand  # the old form goes to its owner's hand
    assert g.carried_items(s.characters[new])  # it keeps the Keys
    assert invariants.problems(g) == []


def test_a_forced_transformation_of_a_character_nobody_else_controls_changes_no_owner() -> None:
    g, _, _, _ = loads(TRANSFORMER)
    s = g.state
    washu, little = _uid(g, "washu"), s.players[1].hand[0]
    new = transform.force(g, washu)
    assert new == little and s.characters[new].owner == 1 and washu in s.players[1].hand
    assert invariants.problems(g) == []


def test_the_controller_uses_a_controlled_characters_face_up_equipment_not_its_items() -> None:
    """Activated abilities (CARD-17) of what a controlled Character carries: its Items are face down to the player
    controlling it, who uses none of them (MISC-7); its Equipment is face up and the controller may use it. Its
    owner, in its own turn, has both."""
    sc = POSSESSION.replace("carried: [keys, antiques]", "carried: [sleepy-grass, tracer-bug]")
    g, _, _, _ = loads(sc)
    s = g.state
    ako = _uid(g, "a-ko-magami")
    g.apply(f"flash c{s.players[0].hand[0]} c{ako}")
    assert [(c.uid, s.cards[u]) for c, u in activated._bearers(g, 0, "move")] == [(ako, "tracer-bug")]
    own, _, _, _ = loads(sc.replace("start: {active: 0, phase: move}", "start: {active: 1, phase: move}"))
    bears = [(c.uid, own.state.cards[u]) for c, u in activated._bearers(own, 1, "move")]
    assert bears == [(ako, "sleepy-grass"), (ako, "tracer-bug")]


GOZ = """\
name: goz and a possessed character
ruleset: classic
seed: 1
seats:
  - name: Ann
    hand: [possession]
    draw: [speed, speed, speed, speed, speed, speed, speed]
  - name: Ben
    draw: [speed, speed, speed, speed, speed, speed, speed]
field:
  - {cell: [0, 0], card: genom-tower, owner: 0}
  - {cell: [1, 0], card: island-restaurant, owner: 0, under: [antiques]}
  - {cell: [2, 0], card: hot-springs-house, owner: 1}
  - {cell: [2, 2], card: masaki-house, owner: 0, haven: true}
  - {cell: [0, 2], card: ravens-garage, owner: 1, haven: true}
characters:
  - {card: tenchi-masaki, owner: 0, at: [2, 2]}
  - {card: a-ko-magami, owner: 1, at: [2, 0], carried: [c-kos-lunch, tracer-bug]}
disasters:
  - {card: goz, owner: 0, at: [2, 0]}
start: {active: 0, phase: move}
"""


def test_a_bribe_from_a_controlled_character_is_one_of_its_face_up_cards() -> None:
    """Goz takes an Item or an Equipment as a bribe (COMBAT-23, its text). He attacks seat 1's A-ko while seat 0
    controls her: seat 0 may hand him her Equipment (face up) but not her Item, face down to it (MISC-7)."""
    g, _, _, _ = loads(GOZ)
    s = g.state
    ako, lunch, bug = _uid(g, "a-ko-magami"), *(u for u, c in enumerate(s.cards) if c in ("c-kos-lunch", "tracer-bug"))
    assert s.cards[lunch] == "c-kos-lunch" and s.cards[bug] == "tracer-bug"
    goz = next(iter(s.disasters))
    g.apply(f"flash c{s.players[0].hand[0]} c{ako}")
    g.apply("done")
    assert s.pending is not None and (s.pending.seat, s.pending.kind) == (0, "combat")
    assert f"give c{bug} c{goz}" in g.legal_actions()
    assert not any(f"c{lunch}" in a.split() for a in g.legal_actions())
    seen = [e for e in g.log if e.get("to") is None or 0 in e["to"]]
    assert LeakCheck(2).check(g, 0, g.view(0), seen) == []
