"""Rules explained (engine/faces/explain.py, ``Game.explain``): every refusal the engine gives names at least one
RULES.md id, a refused action leaves the state untouched, and the reasons are the rule's own."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from animayhem.decks.starters import starter_decks
from animayhem.engine import DeckList, Game, GameConfig, IllegalAction, SeatConfig
from animayhem.engine.core.actions import VERBS
from animayhem.engine.faces import explain, narration
from animayhem.records.scenario import loads, play
from animayhem.records.scenario import run as run_scenario
from animayhem.rules.ruleset import get_ruleset

ROOT = Path(__file__).resolve().parent.parent
RULE_ID = re.compile(r"\b(?:SETUP|TURN|DIS|SCAV|COMBAT|CARD|WIN|MISC|CONF|AMB|EX)-\d+\b")
KNOWN = set(RULE_ID.findall((ROOT / "docs" / "coverage.md").read_text()))


def _valid(rule: str) -> bool:
    return rule in KNOWN or rule.startswith(("CONF-", "AMB-"))


def test_every_rule_id_the_explanations_name_is_a_rule_of_the_book() -> None:
    named = {r for ids in explain.DECISION_RULES.values() for r in ids}
    named |= {r for ids in narration.RULES.values() for r in ids} | {
        r for ids in narration.END_RULES.values() for r in ids
    }
    named |= set(explain.GAME_OVER_RULES) | set(explain.ONE_SEAT_RULES)
    source = (ROOT / "src" / "animayhem" / "engine" / "faces" / "explain.py").read_text()
    named |= set(RULE_ID.findall(source))
    bad = sorted(r for r in named if not _valid(r))
    assert not bad, f"ids not in RULES.md (docs/coverage.md): {bad}"


def _candidates(g: Game, rnd: random.Random) -> list[str]:
    """Illegal actions of every shape: garbage, unknown cards and cells, other verbs, mutated legal ones."""
    legal = g.legal_actions()
    out = ["xyzzy", "move", "move c99999 0,0", "move c0 99,99", "scavenge 99,99", "strike c77777", "c3 1,0", ""]
    out += [f"{v} c{rnd.randrange(len(g.state.cards))} {rnd.randint(-2, 3)},{rnd.randint(-2, 3)}" for v in VERBS]
    for a in rnd.sample(legal, min(4, len(legal))):
        words = a.split()
        out.append(" ".join([*words, "c1"]))
        out.append(" ".join(w if not re.match(r"^-?\d+,-?\d+$", w) else "42,42" for w in words))
    return [a for a in out if a not in legal]


@pytest.mark.parametrize("preset", ["classic", "dbz", "guia", "fifth"])
def test_every_refusal_names_a_rule_and_leaves_the_state_untouched(preset: str) -> None:
    rnd = random.Random(preset)
    decks = [d for d in starter_decks().values() if 2 in d.players][:2]
    g = Game(
        GameConfig(seats=tuple(SeatConfig(DeckList.from_deck(d)) for d in decks), ruleset=get_ruleset(preset), seed=11)
    )
    refusals = 0
    for step in range(400):
        if g.over:
            break
        if step % 7 == 0:
            before = g.state_hash()
            for a in _candidates(g, rnd):
                with pytest.raises(IllegalAction) as info:
                    g.apply(a)
                exc = info.value
                assert exc.rules, f"{a!r}: refusal without a rule id: {exc}"
                assert all(_valid(r) and r in str(exc) for r in exc.rules), str(exc)
                why = g.explain(a)
                assert not why.legal and why.rules and why.text
                refusals += 1
            seat = g.to_move
            assert seat is not None
            with pytest.raises(IllegalAction) as info:
                g.apply_as(1 - seat, g.legal_actions()[0])
            assert "TURN-3" in info.value.rules
            assert g.state_hash() == before
        g.apply(rnd.choice(g.legal_actions()))
    assert refusals > 300
    if g.over:
        with pytest.raises(IllegalAction) as info:
            g.apply("done")
        assert info.value.rules == ("WIN-3",)


PLANETARY = """\
name: planetary
seats:
  - name: Solo
field:
  - {cell: [0, 0], card: genom-tower, owner: 0}
  - {cell: [1, 0], card: planet-freeza, owner: 0, under: [cross]}
  - {cell: [2, 0], card: arena, owner: 0}
  - {cell: [0, 1], card: masaki-house, owner: 0, haven: true}
characters:
  - {card: goku-common, owner: 0, at: [0, 0]}
start: {active: 0, phase: move}
"""


def test_goku_can_not_stop_at_planet_freeza_and_is_told_why() -> None:
    game = loads(PLANETARY)[0]
    goku = next(c.uid for c in game.state.characters.values())
    why = game.explain(f"move c{goku} 1,0")
    assert not why.legal
    assert why.text == (
        "Goku can't stop at Planet Freeza (1,0): it is Planetary and no one in the group has the Planetary symbol."
    )
    assert why.rules == ("SCAV-18", "TURN-21")
    with pytest.raises(IllegalAction, match=r"Planetary .*SCAV-18"):
        game.apply(f"move c{goku} 1,0")
    assert game.explain(f"move c{goku} 2,0").legal  # passing through is allowed (AMB-26)
    assert "Arena (2,0)" in game.explain(f"move c{goku} 2,0").text
    far = game.explain(f"move c{goku} 9,9")
    assert far.rules == ("TURN-17", "MISC-2")


def test_a_group_that_ran_away_is_told_it_may_not_scavenge(tmp_path: Path) -> None:
    outcome = run_scenario(ROOT / "scenarios" / "scav-15-run-away-no-more-scavenging-classic.yaml")
    assert outcome.passed
    g = outcome.game
    why = g.explain("scavenge 2,1")
    assert not why.legal and "Ran Away" in why.text and "SCAV-15" in why.rules
    assert g.explain("scavenge 3,2").legal


def test_explaining_never_names_a_hidden_card() -> None:
    decks = [d for d in starter_decks().values() if 2 in d.players][:2]
    g = Game(GameConfig(seats=tuple(SeatConfig(DeckList.from_deck(d)) for d in decks), seed=4))
    rnd = random.Random(4)
    while g.state.phase == "setup":
        g.apply(rnd.choice(g.legal_actions()))
    seat = g.to_move
    assert seat is not None
    other = g.state.players[1 - seat]
    for uid in other.hand + other.draw:
        text = g.explain(f"move c{uid} 0,0").text
        assert g.name(uid) not in text, text


def test_scripted_scenario_position_explains_a_legal_move() -> None:
    game, data, lines, source = loads(PLANETARY)
    play(game, data, lines, source)
    goku = next(c.uid for c in game.state.characters.values())
    text = str(game.explain(f"move c{goku} 0,1"))
    assert text.startswith("'move Goku to the Haven Masaki House (0,1)' is legal") and "TURN-17" in text


# ---------------------------------------------------------------------- a Location with Defense (SCAV-16)

HOT_LEGS = """
name: a Location with Defense
rules: [SCAV-16]
ruleset: {ruleset}
seed: 3
seats:
  - name: Solo
    hand: [speed, speed, speed, speed, speed, speed, speed]
    draw: [speed, speed, speed, speed, speed]
field:
  - {{cell: [0, 0], card: cathedral, owner: 0, under: [{under}]}}
  - {{cell: [1, 0], card: hot-legs, owner: 0, under: [cross], destroyed: {destroyed}}}
  - {{cell: [2, 0], card: cathedral, owner: 0, under: [antiques]}}
  - {{cell: [0, 1], card: masaki-house, owner: 0, haven: true}}
characters:
  - {{card: bulma, owner: 0, at: [2, 0]}}
  - {{card: goku-common, owner: 0, at: [{at}]}}
  - {{card: ox-king, owner: 0, at: [{at}]}}
  - {{card: agent-d, owner: 0, at: [{at}]}}
start: {{active: 0, phase: scavenge}}
"""


def _hot_legs(ruleset: str, *, under: str = "keys", at: str = "1, 0", destroyed: str = "false") -> Game:
    return loads(HOT_LEGS.format(ruleset=ruleset, under=under, at=at, destroyed=destroyed))[0]


def test_5e_a_location_with_defense_says_how_much_is_left_to_wear_down() -> None:
    g = _hot_legs("fifth")
    why = g.explain("scavenge 1,0")  # 5 + 3 + 3 = 11 beats Defense 8, but under 5E it must be worn to 0 first
    assert not why.legal and why.rules == ("SCAV-16", "CONF-36")
    assert why.text == (
        "Player 1's group must first wear the Defense 8 of Hot Legs (1,0) down to 0 with assaults: worn by 0 so far, "
        "8 to go."
    )
    g.apply("assault 1,0")  # 11 against 8: 3 worn
    assert "scavenge 1,0" not in g.legal_actions()


def test_classic_a_group_that_beats_the_defense_only_all_together_is_told_a_loner_splits_it() -> None:
    """Loner (turned up at the Cathedral) makes Goku, the strongest, act alone: 5 + 3 + 3 = 11 would beat
    Hot Legs' Defense 8, but the most the Characters bring at once is Ox-King and Agent "D"'s 6."""
    text = HOT_LEGS.format(ruleset="classic", under="loner, keys", at="0, 0", destroyed="false") + (
        "actions: ['scavenge 0,0', give keys agent-d, done, done, done, 'move goku-common 1,0', "
        "'move ox-king+agent-d 1,0', done]\n"
    )
    game, data, lines, source = loads(text)
    out = play(game, data, lines, source)
    assert out.passed, out.failures
    why = game.explain("scavenge 1,0")
    assert why.text == (
        "Player 1's Characters at Hot Legs (1,0) do not all act together (one acts alone): the most Attack they "
        "bring at once is 6, not more than its Defense 8."
    )
    assert why.rules == ("SCAV-16",)


def test_classic_a_group_too_weak_for_the_defense_gets_the_plain_sum() -> None:
    assert _hot_legs("classic").explain("scavenge 1,0").legal  # 5 + 3 + 3 = 11 beats Defense 8
    weak = HOT_LEGS.format(ruleset="classic", under="keys", at="1, 0", destroyed="false").replace(
        "  - {card: goku-common, owner: 0, at: [1, 0]}\n", ""
    )
    why = loads(weak)[0].explain("scavenge 1,0")  # Ox-King 3 + Agent "D" 3 = 6
    assert why.text == "Player 1's group at Hot Legs (1,0) has Attack 6, not more than its Defense 8."


def test_a_destroyed_location_is_named_as_the_reason_not_to_scavenge() -> None:
    g = _hot_legs("classic", at="2, 0", destroyed="true")
    why = g.explain("scavenge 1,0")
    assert why.text == "Hot Legs (1,0) is Destroyed: nobody may Scavenge it." and why.rules == ("SCAV-20",)
