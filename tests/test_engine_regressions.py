"""Regressions found by the scenario fuzzer (benchmarks/fuzz_scenarios.py)."""

from __future__ import annotations

from animayhem.cards.effects import Wipe
from animayhem.engine.effects import triggers
from animayhem.records.scenario import loads

RELOAD = """
name: reload-with-only-useless-disasters
rules: [TURN-9, TURN-10]
ruleset: classic
seats:
  - name: Solo
    discard: [3-way-rumble]
field:
  - {cell: [0, 0], card: genom-tower, owner: 0, under: [keys]}
  - {cell: [0, 1], card: masaki-house, owner: 0, haven: true}
characters:
  - {card: tenchi-masaki, owner: 0, at: [0, 0]}
start: {active: 0, phase: reload}
"""


def test_reload_stops_when_the_reshuffled_pile_gives_only_disasters_without_effect() -> None:
    """TURN-9, TURN-10: 3 Way Rumble has no Combat Disaster to join, so it is Discarded as it is drawn; the
    pile it came from is not reshuffled again and again: drawing stops (it used to loop for ever)."""
    game, *_ = loads(RELOAD)
    kinds = [e["e"] for e in game.log]
    assert kinds.count("draw_pile_reshuffled") == 1
    assert kinds.count("disaster_without_effect") == 1
    assert "draw_pile_empty" in kinds
    assert game.decision is not None  # the turn goes on


WRATH_ENDS = """
name: wrath-ends-the-game
rules: [CARD-15, WIN-3]
ruleset: classic
items_total: 2
seats:
  - name: Solo
    hand: [wrath-of-the-eye-of-god]
field:
  - {cell: [0, 0], card: genom-tower, owner: 0}
  - {cell: [0, 1], card: masaki-house, owner: 0, haven: true}
characters:
  - {card: tenchi-masaki, owner: 0, at: [0, 0], carried: [cross]}
disasters:
  - {card: pterodactyl, owner: 0, controller: 0, at: [0, 0], item: keys}
start: {active: 0, phase: move}
"""


def test_wrath_destroys_a_disaster_carrying_an_item() -> None:
    """CARD-15, DIS-16: Wrath of the Eye of God Destroys the Pterodactyl; the Item it carried drops there."""
    game, *_ = loads(WRATH_ENDS)
    ptero = next(u for u, c in enumerate(game.state.cards) if c == "pterodactyl")
    wrath = next(a for a in game.legal_actions() if a.startswith("flash") and a.endswith(f"c{ptero}"))
    game.apply(wrath)
    assert ptero in game.state.destroyed
    keys = next(u for u, c in enumerate(game.state.cards) if c == "keys")
    assert keys in game.state.places[game.state.grid[(0, 0)]].under


def test_a_stack_resolving_after_the_game_ended_touches_no_frame() -> None:
    """WIN-3: when a Flash Effect's resolution ends the game, the agenda is already cleared; the stack must not
    pop a frame that is gone (it raised IndexError)."""
    from animayhem.engine.procedures.flash import FlashStack

    game, *_ = loads(WRATH_ENDS)
    game.state.agenda = []
    game.state.result = {"winners": [], "disasters_win": True, "reason": "test", "turn": 1, "round": 1}
    FlashStack().run(game)  # nothing left to pop: no exception
    assert game.state.agenda == []


WIPE_WITH_ALLY = """
name: wipe-takes-a-primary-and-its-ally
rules: [DIS-26, CARD-1]
ruleset: fifth
seats:
  - name: Solo
field:
  - {cell: [0, 0], card: genom-tower, owner: 0}
  - {cell: [1, 0], card: island-restaurant, owner: 0}
  - {cell: [0, 1], card: masaki-house, owner: 0, haven: true}
characters:
  - {card: tenchi-masaki, owner: 0, at: [1, 0]}
disasters:
  - {card: largo, owner: 0, controller: 0, at: [0, 0]}
  - {card: goons, owner: 0, controller: 0, at: [0, 0]}
  - {card: bugrom-bridge-bashers, owner: 0, controller: 0, at: [0, 0]}
start: {active: 0, phase: move}
"""


def test_a_wipe_that_takes_a_primary_takes_its_ally_once() -> None:
    """DIS-26: a non-Combat ally leaves play with its primary. Largo's wipe Destroys every other Disaster at
    his Location; when the primary went first, the loop reached the ally it had already taken with it and
    raised KeyError (found by the soak, fifth 5 seats seed 156)."""
    game, *_ = loads(WIPE_WITH_ALLY)
    s = game.state
    uid = {c: next(u for u in s.disasters if s.cards[u] == c) for c in ("largo", "goons", "bugrom-bridge-bashers")}
    primary, ally = sorted((uid["goons"], uid["bugrom-bridge-bashers"]))
    s.disasters[ally].ally_of = primary  # the ally stands with its primary, the lower uid wiped first
    place = s.grid[(0, 0)]
    assert triggers.wipe(game, uid["largo"], place, Wipe())
    assert primary not in s.disasters and ally not in s.disasters and uid["largo"] in s.disasters
    assert primary in s.destroyed
