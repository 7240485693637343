"""The scenario format's fields for card tests (docs/scenarios.md): expectations at points of the script,
piles in set-up and expectations, Destroyed cards, card references (``keys#2``, ``item@nene-romanova``),
``where`` and Off-the-Field expectations, and the errors each one gives."""

from __future__ import annotations

import textwrap

import pytest

from animayhem.engine.game import Game
from animayhem.records.scenario import Outcome, RefError, ScenarioError, loads, locate, play, resolve, resolve_one

MOVE = """\
name: format
rules: [TURN-17]
seats:
  - name: Solo
    hand: [wrath-of-the-eye-of-god]
field:
  - {cell: [0, 0], card: genom-tower, owner: 0}
  - {cell: [0, 1], card: masaki-house, owner: 0, haven: true}
characters:
  - {card: tenchi-masaki, owner: 0, at: [0, 1]}
start: {active: 0, phase: move}
"""

# uids: hand c0 c1 c2, draw c3 c4, discard c5 c6, destroyed c7, genom c8, under c9 c10, hot springs c11,
# masaki c12, stored c13, nene c14 (carries c15, wears c16), tenchi c17 (c18), goons c19 (c20)
PILES = """\
name: piles
rules: [MISC-3]
seats:
  - name: Solo
    hand: [speed, speed, wrath-of-the-eye-of-god]
    draw: [kiriya, p-chan]
    discard: [lunch, al]
    destroyed: [keys]
field:
  - {cell: [0, 0], card: genom-tower, owner: 0, under: [bugrom-type-1, keys]}
  - {cell: [1, 0], card: hot-springs-house, owner: 0}
  - {cell: [0, 1], card: masaki-house, owner: 0, haven: true, stored: [cross]}
characters:
  - {card: nene-romanova, owner: 0, at: [0, 0], carried: [keys], enhancements: [speed]}
  - {card: tenchi-masaki, owner: 0, at: [1, 0], carried: [keys]}
disasters:
  - {card: goons, owner: 0, at: [1, 0], item: keys}
start: {active: 0, phase: move}
"""


def _play(text: str) -> Outcome:
    game, data, lines, source = loads(textwrap.dedent(text), "test.yaml")
    return play(game, data, lines, source)


def _game(text: str) -> Game:
    return loads(textwrap.dedent(text), "test.yaml")[0]


def _error(text: str) -> str:
    with pytest.raises(ScenarioError) as info:
        _play(text)
    return str(info.value)


# ---------------------------------------------------------------------- steps


def test_a_step_checks_legal_actions_the_decision_and_the_seat_where_it_stands() -> None:
    out = _play(
        MOVE
        + """\
actions:
  - expect:
      decision: move
      seat: 0
      legal: ["move tenchi-masaki 0,0", "flash wrath-of-the-eye-of-god tenchi-masaki"]
      not_legal: ["flash wrath-of-the-eye-of-god masaki-house"]
      legal_exactly: ["move tenchi-masaki 0,0", done, "flash wrath-of-the-eye-of-god tenchi-masaki"]
  - move tenchi-masaki 0,0
  - expect:  # Movement 2: he may go on with the point he has left (TURN-17), back to the Haven
      legal_exactly: ["move tenchi-masaki 0,1", done, "flash wrath-of-the-eye-of-god tenchi-masaki"]
      characters: {tenchi-masaki: {at: [0, 0]}}
"""
    )
    assert out.passed, out.failures


def test_a_failing_step_stops_the_script_and_names_its_line() -> None:
    out = _play(
        MOVE
        + """\
actions:
  - expect: {decision: scavenge}
  - move tenchi-masaki 0,0
expect:
  characters: {tenchi-masaki: {at: [0, 0]}}
"""
    )
    assert len(out.failures) == 2
    assert out.failures[0].startswith("test.yaml:13:") and "'move', expected 'scavenge'" in out.failures[0]
    assert "stopped at actions[0]" in out.failures[1]
    assert out.game.state.characters[3].pos == 2  # the move after the failed step never ran: still in the Haven


def test_decision_null_means_the_game_is_over() -> None:
    out = _play(MOVE + "expect:\n  decision: null\n")
    assert out.failures == ["test.yaml:13: the decision is 'move', expected None"]


def test_legal_exactly_names_what_is_missing_and_what_is_also_legal() -> None:
    out = _play(MOVE + "expect:\n  legal_exactly: [done, stop]\n")
    [fail] = out.failures
    assert "missing ['stop']" in fail and "also legal ['move c3 0,0', 'flash c0 c3']" in fail


def test_step_events_are_those_since_the_previous_step() -> None:
    text = MOVE + "actions:\n  - move tenchi-masaki 0,0\n  - expect: {events: [{e: character_moved}]}\n"
    assert _play(text).passed
    again = text + "  - expect: {events: [{e: character_moved}]}\n"
    out = _play(again)
    assert not out.passed and "no event" in out.failures[0]
    # the final expect still looks at the whole log
    assert _play(text + "expect: {events: [{e: character_moved}]}\n").passed


def test_says_looks_for_text_in_the_sentences_of_the_step_events() -> None:
    text = MOVE + "actions:\n  - move tenchi-masaki 0,0\n  - expect: {says: [Tenchi Masaki moves from the Haven]}\n"
    assert _play(text).passed
    out = _play(text + "  - expect: {says: [Tenchi Masaki moves]}\n")  # no event since the previous step
    assert not out.passed and "no sentence says 'Tenchi Masaki moves'" in out.failures[0]
    out = _play(MOVE + 'actions: ["move tenchi-masaki 0,0"]\nexpect: {not_says: [Genom Tower], says: [to Genom]}\n')
    [fail] = out.failures
    assert fail.startswith("test.yaml:13:") and "a sentence says 'Genom Tower'" in fail
    assert "field expect.says[0]" in _error(MOVE + "expect: {says: ['']}\n")


def test_a_step_may_act_and_check_at_once() -> None:
    out = _play(
        MOVE + "actions:\n  - {do: 'move tenchi-masaki 0,0', expect: {characters: {tenchi-masaki: {at: [0, 0]}}}}\n"
    )
    assert out.passed, out.failures


def test_an_illegal_step_names_its_line_and_field() -> None:
    msg = _error(MOVE + "actions:\n  - {do: 'move tenchi-masaki 5,5'}\n")
    assert msg.startswith("test.yaml:13: field actions[0].do") and "not legal" in msg


# ---------------------------------------------------------------------- piles and Destroyed cards


def test_piles_and_destroyed_cards_are_set_up_and_checked() -> None:
    out = _play(
        PILES
        + """\
expect:
  hand: [wrath-of-the-eye-of-god, speed, speed]
  hand_count: 3
  draw: [kiriya, p-chan]
  draw_top: [kiriya]
  draw_count: 2
  discard: [al, lunch]
  discard_count: 2
  destroyed: [keys]
  tally: {total: 6, disasters: 1, under_locations: 1, carried_by_disasters: 1, players: [3]}
"""
    )
    assert out.passed, out.failures
    p = out.game.state.players[0]
    assert [out.game.state.cards[u] for u in (p.draw[-1], p.discard[-1])] == ["kiriya", "lunch"]  # tops: listed first
    assert out.game.state.disaster_items == [7]  # a Destroyed Item counts for the Disasters (DIS-6, WIN-2)


def test_pile_expectations_fail_with_what_was_found() -> None:
    out = _play(PILES + "expect:\n  hand: [speed]\n  draw: [p-chan, kiriya]\n  draw_count: 5\n  destroyed: []\n")
    assert len(out.failures) == 4
    for words in (
        "hand holds ['speed', 'speed', 'wrath-of-the-eye-of-god'], expected ['speed']",
        "Draw pile (top first) is ['kiriya', 'p-chan'], expected ['p-chan', 'kiriya']",
        "has 2 cards (draw_count), expected 5",
        "the Destroyed cards are ['keys'], expected []",
    ):
        assert any(words in f for f in out.failures), (words, out.failures)


def test_pile_shorthand_needs_one_seat_and_seats_names_the_others() -> None:
    text = MOVE.replace(
        "    hand: [wrath-of-the-eye-of-god]\n",
        "    hand: [wrath-of-the-eye-of-god]\n  - name: Other\n    hand: [speed]\n",
    ).replace("field:\n", "field:\n  - {cell: [1, -1], card: masaki-house, owner: 1, haven: true}\n")
    msg = _error(text + "expect:\n  hand: [speed]\n")
    assert "field expect.hand" in msg and "seats: {0:" in msg
    assert _play(text + "expect:\n  seats: {0: {hand: [wrath-of-the-eye-of-god]}, 1: {hand: [speed]}}\n").passed
    assert "no seat 2" in _error(text + "expect:\n  seats: {2: {hand: []}}\n")


# ---------------------------------------------------------------------- card references


def test_references_name_copies_holders_cells_and_piles() -> None:
    g = _game(PILES)
    assert resolve(g, "keys") == [7, 10, 15, 18, 20]  # every instance, in the file's order
    assert resolve(g, "keys#2") == [10]
    assert resolve(g, "keys@nene-romanova") == [15]
    assert resolve(g, "item@tenchi-masaki") == [18]
    assert resolve(g, "item@goons") == [20]
    assert resolve(g, "enhancement@nene-romanova") == [16]
    assert resolve(g, "keys@0,0") == [15, 10]  # carried there first, then the stack under it (top first)
    assert resolve(g, "keys#2@0,0") == [10]
    assert resolve(g, "bugrom-type-1@0,0") == [9]
    assert resolve(g, "goons@1,0") == [19]
    assert resolve(g, "speed@hand") == [0, 1]
    assert resolve(g, "speed#2@hand:0") == [1]
    assert resolve(g, "card@draw") == [3, 4]  # top first
    assert resolve(g, "al@discard") == [6]
    assert resolve(g, "keys@destroyed") == [7]
    assert resolve(g, "cross@0,1") == [13]  # stored in the Haven
    assert resolve(g, "keys", in_play=True) == [15, 18]  # a plain id in an action: carried, in hand, stored…


@pytest.mark.parametrize(
    ("ref", "words"),
    [
        ("keys#7", "there are 5 such in the game, not 7"),
        ("item", "needs a place"),
        ("no-such-card", "no card has the id"),
        ("keys@9,9", "no Location or Haven at 9,9"),
        ("keys@hand:3", "no seat 3"),
        ("keys@lunch", "not in play"),
        ("Keys", "not a card reference"),
    ],
)
def test_a_reference_that_names_nothing_says_why(ref: str, words: str) -> None:
    g = _game(PILES)
    with pytest.raises(RefError, match=words):
        resolve(g, ref)


def test_a_reference_naming_several_cards_asks_for_more() -> None:
    with pytest.raises(RefError, match="names 2 cards; write keys@0,0#2"):
        resolve_one(_game(PILES), "keys@0,0")


def test_actions_resolve_references_when_the_step_runs() -> None:
    out = _play(
        PILES
        + """\
actions:
  - expect:
      legal: ["flash wrath-of-the-eye-of-god goons@1,0", "flash card#3@hand nene-romanova"]
      not_legal: ["flash wrath-of-the-eye-of-god keys#2", "move nene-romanova@0,0 0,0"]
  - done
expect:
  characters: {nene-romanova#1: {carried: [keys], enhancements: [speed]}}
"""
    )
    assert out.passed, out.failures
    msg = _error(PILES + "actions:\n  - move keys#9 0,0\n")
    assert msg.startswith("test.yaml:20: field actions[0]") and "there are 5" in msg


# ---------------------------------------------------------------------- where, Off the Field, Characters


def test_locate_names_every_zone() -> None:
    g = _game(PILES)
    assert locate(g, 0) == {"zone": "hand", "seat": 0}
    assert locate(g, 3) == {"zone": "draw", "seat": 0}
    assert locate(g, 5) == {"zone": "discard", "seat": 0}
    assert locate(g, 7) == {"zone": "destroyed", "seat": 0}
    assert locate(g, 8) == {"zone": "field", "seat": 0, "at": (0, 0)}
    assert locate(g, 10) == {"zone": "under", "seat": 0, "at": (0, 0)}
    assert locate(g, 13) == {"zone": "stored", "seat": 0, "at": (0, 1)}
    assert locate(g, 15) == {"zone": "carried", "seat": 0, "by": 14, "at": (0, 0)}
    assert locate(g, 16) == {"zone": "enhancement", "seat": 0, "by": 14, "at": (0, 0)}
    assert locate(g, 20) == {"zone": "carried", "seat": 0, "by": 19, "at": (1, 0)}
    assert locate(g, 19) == {"zone": "field", "seat": 0, "at": (1, 0)}


def test_where_expectations_pass_and_fail_with_the_actual_place() -> None:
    text = PILES + (
        "expect:\n  where:\n"
        "    - {card: keys#3, zone: carried, by: nene-romanova, at: [0, 0], seat: 0}\n"
        "    - {card: item@goons, zone: carried, by: goons}\n"
        "    - {card: cross, zone: stored, at: [0, 1]}\n"
        "    - {card: lunch, zone: discard}\n"
    )
    assert _play(text).passed
    out = _play(PILES + "expect:\n  where:\n    - {card: lunch, zone: hand}\n    - {card: keys, zone: hand}\n")
    assert len(out.failures) == 2
    assert "lunch is {'zone': 'discard', 'seat': 0}: zone is discard, expected hand" in out.failures[0]
    assert "'keys' names 5 cards" in out.failures[1]


def test_off_field_and_disaster_expectations() -> None:
    text = MOVE.replace(
        "start:",
        "disasters:\n  - {card: brian-j-mason, owner: 0, off_field: true}\n  - {card: goons, at: [0, 0]}\nstart:",
    )
    out = _play(
        text
        + "expect:\n  off_field: [brian-j-mason]\n  disasters:\n"
        + "    brian-j-mason: {off_field: true, at: null, owner: 0, controller: 0}\n"
        + "    goons@0,0: {attack: 3, defense: 3, damage: 0, health: 3, item: null}\n"
        + "  where: [{card: brian-j-mason, zone: off_field}]\n"
    )
    assert out.passed, out.failures
    out = _play(text + "expect:\n  off_field: []\n")
    assert out.failures == [
        "test.yaml:16: the Off-the-Field Disasters are ['brian-j-mason'], expected [] (in any order)"
    ]


def test_character_expectations_read_charm_health_and_bonked_state() -> None:
    text = MOVE.replace(
        "start:", "  - {card: little-washu, owner: 0, at: [0, 1]}\n  - {card: nene-romanova, bonked: true}\nstart:"
    )
    out = _play(
        text
        + "expect:\n  characters:\n"
        + "    tenchi-masaki: {max_health: 3, health: 3, charm: 3, bonked: false}\n"
        + "    nene-romanova: {bonked: true, at: null}\n"
    )
    assert out.passed, out.failures
    assert out.game.state.players[0].bonked == [5]


def test_an_unknown_character_check_is_refused_at_load_naming_the_field() -> None:
    msg = _error(MOVE + "expect:\n  characters: {tenchi-masaki: {hitpoints: 3}}\n")
    assert msg.startswith("test.yaml:13: field expect.characters.tenchi-masaki.hitpoints: unknown field (known:")
