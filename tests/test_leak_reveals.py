"""An event that shows a card by rule names it without leaking it (engine/checks/leaks.py ``REVEALS``): the Item
Makoto Mizuhara takes from a Disaster by its name is shown as he takes it (MISC-7 gives way by his card)."""

from __future__ import annotations

import pytest

from animayhem.engine.checks import leaks
from animayhem.engine.checks.leaks import LeakCheck
from scenario_kit import MASS_SETUP, game_of, uid_of

POSITION = """\
name: staff
ruleset: classic
seed: 1
seats:
  - {name: Ann, combat: [head-butt-sad-eyes, assault-shining-knight]}
  - {name: Ben, combat: []}
field:
  - {cell: [0, 0], card: genom-tower, owner: 0}
  - {cell: [1, 0], card: island-restaurant, owner: 0}
  - {cell: [2, 2], card: masaki-house, owner: 0, haven: true}
  - {cell: [0, 2], card: hot-springs-house, owner: 1, haven: true}
characters:
  - {card: makoto-mizuhara, owner: 0, at: [0, 0]}
disasters:
  - {card: kagato, owner: 0, at: [0, 0], item: ifuritas-power-key-staff}
start: {active: 0, phase: move}
scripted:
  targets: [makoto-mizuhara]
"""


def _seat_one_after_the_contest() -> list[str]:
    g = game_of(POSITION)
    check = LeakCheck(2)
    assert check.check(g, 1, g.view(1), g.events_for(1)) == []
    g.apply("done")
    staff = uid_of(g, "ifuritas-power-key-staff")
    assert staff in g.state.characters[uid_of(g, "makoto-mizuhara")].carried
    assert any(e["e"] == "item_won" and e["item"] == "ifuritas-power-key-staff" for e in g.events_for(1))
    return check.check(g, 1, g.view(1), g.events_for(1))


def test_the_staff_makoto_takes_is_shown_to_every_seat() -> None:
    assert _seat_one_after_the_contest() == []


def test_without_the_reveal_the_check_would_call_it_a_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(leaks, "REVEALS", {k: v for k, v in leaks.REVEALS.items() if k != "item_won"})
    assert _seat_one_after_the_contest() == ["seat 1 is given the id of a hidden card: ifuritas-power-key-staff"]


# two seats on a small Field, Future Trunks on the Genom Tower (the positions below add their seats and phase)
TWO_SEAT_FIELD = """\
field:
  - {cell: [0, 0], card: genom-tower, owner: 0}
  - {cell: [1, 0], card: island-restaurant, owner: 0}
  - {cell: [2, 2], card: masaki-house, owner: 0, haven: true}
  - {cell: [0, 2], card: hot-springs-house, owner: 1, haven: true}
characters:
  - {card: future-trunks, owner: 0, at: [0, 0]}
"""

RELOAD_PHASE = (
    """\
name: reload
ruleset: dbz
seed: 1
seats:
  - {name: Ann, hand: [reload], combat: []}
  - {name: Ben, combat: []}
start: {active: 0, phase: reload}
"""
    + TWO_SEAT_FIELD
)


def test_a_phase_named_as_a_hidden_card_is_no_leak() -> None:
    """001's Reload phase shares its word with the Flash Effect Reload (found by the soak: 18 false leaks in a
    5-seat dbz game): the view's phase, and an event's, is a word of the game; the card named elsewhere is a leak."""
    g = game_of(RELOAD_PHASE)
    reload = uid_of(g, "reload")
    assert reload in leaks.hidden_uids(g, 1)
    view = {**g.view(1), "phase": "reload"}
    assert leaks.leaks(g, 1, view, [{"e": "phase_started", "turn": 1, "phase": "reload"}]) == []
    told = leaks.leaks(g, 1, view, [{"e": "card_shown", "turn": 1, "card": "reload"}])
    assert told == ["seat 1 is given the id of a hidden card: reload"]


SHUFFLED_AWAY = (
    """\
name: shuffled away
ruleset: dbz
seed: 1
seats:
  - {name: Ann, combat: []}
  - {name: Ben, draw: [sudden-stop, speed], combat: []}
start: {active: 0, phase: move}
"""
    + TWO_SEAT_FIELD
)


def test_a_disaster_turned_up_then_shuffled_away_in_one_step_was_seen() -> None:
    """A Disaster turned up under a Location is face up to every seat (SCAV-11). Sudden Stop, turned up, Defeated
    at once and shuffled by its text into its owner's Draw pile in the same step, ends the step hidden again: the
    events that named it were no leak (found by random play: dbz, 4 seats, grid, seed 2366846401, a false leak).
    Named by an event that does not turn it up, it still is one."""
    g = game_of(SHUFFLED_AWAY)
    stop = uid_of(g, "sudden-stop")
    assert stop in leaks.hidden_uids(g, 0)
    turned_up = [
        {"e": "disaster_revealed", "turn": 1, "card": "sudden-stop", "uid": stop, "cell": [1, 0], "combat": False},
        {"e": "disaster_defeated", "turn": 1, "card": "sudden-stop", "uid": stop},
        {"e": "card_shuffled_into_deck", "turn": 1, "seat": 1, "card": "sudden-stop", "by": "sudden-stop"},
    ]
    assert LeakCheck(2).check(g, 0, g.view(0), turned_up) == []
    told = LeakCheck(2).check(g, 0, g.view(0), turned_up[1:])
    assert told == [
        f"seat 0 is given the number of the hidden card c{stop} (sudden-stop)",
        "seat 0 is given the id of a hidden card: sudden-stop",
    ]


RESHUFFLED = (
    """\
name: reshuffled
ruleset: fifth
seed: 1
seats:
  - {name: Ann, combat: []}
  - {name: Ben, combat: [take-cover-ecstasy, head-butt-sad-eyes]}
start: {active: 0, phase: move}
"""
    + TWO_SEAT_FIELD
)


def _round(**extra: object) -> dict[str, object]:
    return {"e": "combat_round", "turn": 6, "round": 1, "disaster": "33-s-sexaroid", "target": "washu", **extra}


def test_extra_combat_cards_turned_up_then_reshuffled_in_one_step_were_seen() -> None:
    """A Disaster drawing more than one Combat card a round (Brian J. Mason in play) turns them all up; the
    round's event names the extra ones in ``more_disaster_cards``. When the pile runs out later in the same step
    (a Charm Combat right after), COMBAT-8 shuffles them back into the face-down pile: the event that named them
    was no leak (found by the soak: fifth, 5 seats, grid, starter decks, heuristic, seed 12000, 5 false leaks).
    Named by an event that does not turn it up, the card still is one."""
    g = game_of(RESHUFFLED)
    card = uid_of(g, "take-cover-ecstasy")
    assert card in leaks.hidden_uids(g, 0)
    for field in leaks.REVEALED_LISTS:
        assert LeakCheck(2).check(g, 0, g.view(0), [_round(**{field: ["take-cover-ecstasy"]})]) == []
    told = LeakCheck(2).check(g, 0, g.view(0), [_round(others=["take-cover-ecstasy"])])
    assert told == ["seat 0 is given the id of a hidden card: take-cover-ecstasy"]


MASS_WITH_ANOTHER_HIDDEN = MASS_SETUP.replace(
    "    discard: [kidnapped, largo]\n", "    draw: [the-mass]\n    discard: [kidnapped]\n"
)


def test_the_printed_id_of_a_copy_in_view_is_no_leak() -> None:
    """The Mass is turned up (an event names ``the-mass``) and takes on Kidnapped in the same step, while the
    other The Mass lies hidden in the Draw pile (found by a soak of Masaki Household decks: the check saw the
    printed id named and only ``the-mass~kidnapped`` in view). The copy in view shows its printed card too; the
    same id named while no copy is in view is still a leak."""
    g = game_of(MASS_WITH_ANOTHER_HIDDEN)
    check = LeakCheck(1)
    named = [{"e": "disaster_drawn", "seat": 0, "card": "the-mass"}]
    assert check.check(g, 0, g.view(0), named) == ["seat 0 is given the id of a hidden card: the-mass"]
    g.apply("scavenge 0,0")
    events = g.events_for(0)
    assert any(e["e"] == "disaster_revealed" and e["card"] == "the-mass" for e in events)
    assert sorted(c for c in g.state.cards if c.startswith("the-mass")) == ["the-mass", "the-mass~kidnapped"]
    assert LeakCheck(1).check(g, 0, g.view(0), events) == []
