"""MISC-7 at the root (issue 12): instance numbers say nothing, hidden cards are offered by handle only, and
``Game.apply`` refuses malformed structured actions with the state untouched."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from animayhem.decks.generate import new_deck
from animayhem.engine import compiled
from animayhem.engine.checks.leaks import LeakCheck, leaks
from animayhem.engine.core.actions import Action, Handle, parse_action
from animayhem.engine.core.config import DeckList, GameConfig, SeatConfig
from animayhem.engine.game import Game, IllegalAction
from animayhem.records import record
from animayhem.records.scenario import loads

CHARM = """\
name: charm order
ruleset: classic
seats:
  - name: Tom
    combat: [screwed-hero]
  - name: Ann
    combat: []
field:
  - {cell: [0, 0], card: genom-tower, owner: 0}
  - {cell: [2, 2], card: masaki-house, owner: 0, haven: true}
  - {cell: [1, -1], card: masaki-house, owner: 1, haven: true}
characters:
  - {card: dailey-wong, owner: 0, at: [0, 0]}
  - {card: makoto-mizuhara, owner: 1, at: [0, 0], carried: [ifuritas-power-key-staff, cross]}
start: {active: 0, phase: scavenge}
"""

HAVEN = """\
name: take from another Haven
ruleset: classic
seats:
  - name: Ann
  - name: Ben
field:
  - {cell: [0, 0], card: masaki-house, owner: 0, haven: true}
  - {cell: [1, 0], card: genom-tower, owner: 0}
  - {cell: [2, 0], card: a-kos-house, owner: 1, haven: true, stored: [cross, keys]}
characters:
  - {card: tenchi-masaki, owner: 0, at: [1, 0]}
start: {active: 0, phase: move}
"""


def _uid(g: Game, card: str) -> int:
    return next(u for u in g.state.characters if g.state.cards[u] == card)


def _charmed() -> tuple[Game, int]:
    g, _, _, _ = loads(CHARM)
    dailey, makoto = _uid(g, "dailey-wong"), _uid(g, "makoto-mizuhara")
    g.apply(f"charm c{dailey} c{makoto}")
    assert g.decision is not None and g.decision.kind == "charm_command"
    return g, makoto


def test_charm_orders_name_face_down_items_by_handle() -> None:
    """COMBAT-35, MISC-7: the charmer orders "the 2nd Item Makoto carries", never a card number."""
    g, makoto = _charmed()
    items = g.carried_items(g.state.characters[makoto])
    assert g.legal_actions()[:4] == [f"yield item{i}@c{makoto}" for i in (1, 2)] + [
        f"drop item{i}@c{makoto}" for i in (1, 2)
    ]
    for u in items:
        assert not any(f"c{u}" in a.split() for a in g.legal_actions())
    assert LeakCheck(2).check(g, 0, g.view(0), []) == []
    g.apply_as(0, f"yield item2@c{makoto}")
    assert items[1] in g.state.characters[_uid(g, "dailey-wong")].carried
    assert g.history[-1] == f"yield item2@c{makoto}"  # the record holds what the seat chose


def test_the_leak_check_catches_a_card_number_in_an_action() -> None:
    """Guard: the check fails on the old notation (``yield c40`` naming the face-down Item)."""
    g, _ = _charmed()
    p = g.decision
    assert p is not None
    p.actions = [p.handles.get(a, a) for a in p.actions]  # what the engine offered before issue 12
    found = leaks(g, 0, g.view(0), [])
    assert found and all("hidden card" in f for f in found)


def test_a_face_may_not_use_the_engine_text_of_a_hidden_card() -> None:
    """``apply_as`` (a seat's door) takes only what the seat was shown; ``apply`` (the referee) also takes
    the engine's text, so scenarios and old records still run."""
    g, makoto = _charmed()
    staff = g.carried_items(g.state.characters[makoto])[0]
    before = g.state_hash()
    with pytest.raises(IllegalAction):
        g.apply_as(0, f"yield c{staff}")
    assert g.state_hash() == before
    g.apply(f"yield c{staff}")
    assert g.history[-1] == f"yield item1@c{makoto}"


def test_cards_stored_in_another_players_haven_are_offered_by_place() -> None:
    """CARD-7, MISC-7: a visitor takes "the 2nd card stored in Ben's Haven", not c17."""
    g, _, _, _ = loads(HAVEN)
    tenchi = _uid(g, "tenchi-masaki")
    g.apply(f"move c{tenchi} 2,0")
    g.apply("allow")
    haven = g.state.grid[(2, 0)]
    takes = [a for a in g.legal_actions() if a.startswith("take ")]
    assert takes == [f"take stored1@c{haven} c{tenchi}", f"take stored2@c{haven} c{tenchi}"]
    keys = g.state.places[haven].stored[1]
    g.apply_as(0, takes[1])
    assert keys in g.state.characters[tenchi].carried


def _config(seed: int) -> GameConfig:
    deck = DeckList.from_deck(new_deck(2, "classic", seed=5))
    return GameConfig(seats=(SeatConfig(deck), SeatConfig(deck)), seed=seed)


def test_instance_numbers_are_drawn_from_the_seed() -> None:
    """MISC-7: the number of a card says nothing about its place in the deck list; the same config gives
    the same numbers (MISC-5)."""
    firsts = set()
    for seed in range(8):
        g = Game(_config(seed))
        first_item = _config(seed).seats[0].deck.items[0]
        firsts.add(tuple(u for u, c in enumerate(g.state.cards) if c == first_item and g.state.owner[u] == 0))
        assert Game(_config(seed)).state.cards == g.state.cards
    assert len(firsts) > 4


def test_handles_round_trip_and_records_replay_exactly() -> None:
    assert str(parse_action("drop item1@c5")) == "drop item1@c5"
    assert parse_action("take stored2@c7 c3").args == (Handle("stored", 2, 7), 3)
    game = Game(_config(3))
    while not game.over and len(game.history) < 120:
        game.apply(game.legal_actions()[-1])
    again = record.from_json(json.loads(json.dumps(record.to_json(game))))
    assert again.state_hash() == game.state_hash()


@pytest.mark.parametrize(
    "make",
    [
        lambda: Action("place", ((0, 0, 0),)),
        lambda: Action("place", ((0,),)),
        lambda: Action("place", (("0", "0"),)),  # type: ignore[arg-type]
        lambda: Action("start", (True,)),
        lambda: Action("start", (-1,)),
        lambda: Action("start", (10**30,)),
        lambda: Action("nonsense"),
        lambda: Action("place", [(0, 0)]),  # type: ignore[arg-type]
        lambda: Action("yield", (Handle("bogus", 1, 0),)),
        lambda: Action("yield", (Handle("item", 0, 0),)),
        lambda: "place 0,0,0",
        lambda: "start c" + "9" * 5000,
        lambda: "x" * 10_000,
    ],
)
def test_malformed_actions_are_refused_and_change_nothing(make: Callable[[], Action | str]) -> None:
    """Issue 12: ``Action("place", ((0, 0, 0),))`` printed as the legal ``place 0,0`` and corrupted the game.
    The compiled engine (tools/compile_core.py) checks an Action's field types as it is built: one of the wrong
    type is refused there, before it can reach the game."""
    g = Game(_config(1))
    assert g.legal_actions()[0].startswith("place ")
    before, history, log = g.state_hash(), list(g.history), len(g.log)
    try:
        bad = make()
    except TypeError:
        assert compiled(), "only the compiled engine refuses a malformed Action as it is built"
    else:
        with pytest.raises(IllegalAction):
            g.apply(bad)
    assert (g.state_hash(), g.history, len(g.log)) == (before, history, log)
    g.apply(g.legal_actions()[0])  # and the game goes on
    assert len(g.history) == 1


def test_a_well_formed_structured_action_is_applied() -> None:
    g = Game(_config(1))
    g.apply(parse_action(g.legal_actions()[0]))
    assert len(g.history) == 1


def test_a_version_1_record_still_replays_exactly() -> None:
    """A save in the version-1 format (tests/data/v1-record.json, numbered in deck-list order) loads with
    deck-list numbering and replays to the very same event log (its SHA-256 below). Its first decisions
    are those the engine before seeded numbering recorded; the effect language then changed what the cards do
    (an unexecuted Flash Effect is no longer offered), so the rest were played again under the current rules.
    The combat and charm events later gained fields for their sentences (before_cards, needed: what the Combat
    cards changed, what a break needed), and the played Power cards' events their status (status, applies,
    instead of implemented), whose status changes as a card's text comes to be executed (Sylia's Hardsuit, Power
    Pole, Heavy Gravity Training, King Kai, Training with Kami, Dr. Raven; No Help! and Dobermans, whose texts
    became executed in full, no longer announce a partial ability); the log is otherwise event for event the
    same, and its hash changed with them (and when Combat cards' events dropped their instance numbers, and when
    King Kai and Training with Kami, leaving play, came to leave what they gave with the Characters they reached:
    an ``effect_started`` each; and when Head Butt / Sad Eyes's charm half came to double its opponent's Charm:
    two charm contests won by wider margins, their results the same). Once Combat
    cards' halves were executed (abilities/combat.yaml) a fight went
    otherwise from decision 172 on (with Flash Effects and Globals executed, from 232; with the Characters', Items',
    Locations' and the last Disasters' texts, from 210): from there each recorded
    decision is kept where it is still legal, else the first legal one is taken."""
    import hashlib
    from pathlib import Path

    path = Path(__file__).parent / "data" / "v1-record.json"
    game = record.load(path)
    assert game.config.numbering == "deck" and len(game.history) == 250
    log = hashlib.sha256(json.dumps(game.log).encode()).hexdigest()
    assert log == "b21c35b4a48b2f14c69236b330c2d1911fbbb5f36be8a4ce1d22a220e8347564"
    again = record.from_json(json.loads(json.dumps(record.to_json(game))))  # saved again as version 2
    assert record.to_json(again)["version"] == 2 and again.state_hash() == game.state_hash()
