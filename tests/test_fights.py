"""Fights between players' Characters and protection (engine/procedures/fights.py): the parts a scenario file shows
poorly (rounding switches, refused actions, views, the end of a fight nobody pursues)."""

from __future__ import annotations

import pytest

from animayhem.engine.game import Game, IllegalAction
from animayhem.records.scenario import loads
from animayhem.rules.ruleset import RULESETS, RulesetError, get_ruleset

BASE = """
name: fight
rules: [COMBAT-22]
ruleset: {ruleset}
{overrides}
seed: 1
seats:
  - name: Ann
  - name: Bob
field:
  - {{cell: [0, 0], card: genom-tower, owner: 0}}
  - {{cell: [1, 0], card: island-restaurant, owner: 0}}
  - {{cell: [0, 1], card: masaki-house, owner: 0, haven: true}}
  - {{cell: [1, 1], card: masaki-house, owner: 1, haven: true}}
characters:
  - {{card: mr-masamichi-fujisawa, owner: 0, at: [0, 0]}}
  - {{card: mousse, owner: 0, at: [0, 0]}}
  - {{card: kiriya, owner: 1, at: [0, 0]}}
  - {{card: mr-panda, owner: 1, at: [0, 0]}}
start: {{active: 0, phase: scavenge}}
"""


def _game(ruleset: str = "classic", overrides: str = "") -> Game:
    game, _data, _lines, _src = loads(BASE.format(ruleset=ruleset, overrides=overrides))
    return game


def _uid(game: Game, card_id: str) -> int:
    return next(c.uid for c in game.state.characters.values() if game.state.cards[c.uid] == card_id)


def _start(game: Game) -> None:
    """Start the fight at 0,0; both players decline round 1's charm part (COMBAT-2, COMBAT-34)."""
    game.apply("fight 0,0")
    while game.decision is not None and game.decision.kind == "charm_open":
        game.apply("decline")


def _hit(game: Game, a: str, t: str, verb: str = "hit") -> None:
    game.apply(f"{verb} c{_uid(game, a)} c{_uid(game, t)}")


@pytest.mark.parametrize(("rounding", "share"), [("up", 2), ("down", 1)])
def test_protector_half_rounds_as_the_switch_says(rounding: str, share: int) -> None:
    text = BASE.format(ruleset="classic", overrides=f"overrides: {{protector_rounding: {rounding}}}")
    text = text.replace("  - {card: kiriya,", "  - {card: p-chan, owner: 0, at: [0, 0]}\n  - {card: kiriya,")
    game, _data, _lines, _src = loads(text)
    _start(game)
    game.apply("stay")
    _hit(game, "mr-masamichi-fujisawa", "kiriya")
    _hit(game, "mousse", "kiriya")
    _hit(game, "p-chan", "kiriya")
    _hit(game, "mr-panda", "kiriya", "protect")
    game.apply("done")  # Kiriya does not counter-strike
    # Fujisawa 5 + Mousse 3 + P-Chan 1 = 9 against Kiriya 3 + Panda 3 = 6: 3 through, Panda takes 3/2 rounded
    hit = [e for e in game.log if e["e"] == "fight_hit"][-1]
    assert (hit["attack"], hit["defense"], hit["damage"]) == (9, 6, 3)
    assert game.state.characters[_uid(game, "mr-panda")].damage == share
    kiriya = game.state.characters[_uid(game, "kiriya")]
    assert kiriya.bonked_at >= 0  # Health 3 -> 0: Bonked, not Killed (3 < 2 x 3)


def test_odd_damage_rounding() -> None:
    from animayhem.engine.procedures.fights import protector_share

    up = _game()
    down = _game(overrides="overrides: {protector_rounding: down}")
    assert [protector_share(up, d) for d in (0, 1, 2, 3, 5)] == [1, 1, 1, 2, 3]
    assert [protector_share(down, d) for d in (0, 1, 2, 3, 5)] == [1, 1, 1, 1, 2]


def test_illegal_declarations_leave_the_state_untouched() -> None:
    game = _game()
    _start(game)
    game.apply("stay")
    before = game.state_hash()
    mousse, fujisawa, kiriya = (_uid(game, c) for c in ("mousse", "mr-masamichi-fujisawa", "kiriya"))
    for bad in (f"hit c{mousse} c{fujisawa}", f"protect c{mousse} c{kiriya}", "run", f"hit c{kiriya} c{mousse}"):
        with pytest.raises(IllegalAction, match="not legal now"):
            game.apply(bad)
        assert game.state_hash() == before


def test_a_round_without_attacks_ends_the_fight_and_everyone_heals() -> None:
    game = _game()
    _start(game)
    game.apply("stay")
    _hit(game, "mousse", "mr-panda")  # 3 on D3: nothing
    game.apply("done")
    game.apply("done")  # Bob: no counter-strike
    assert [e["round"] for e in game.log if e["e"] == "fight_hit"] == [1]
    # round 2: both are asked whether to Run Away (Bob first), then nobody attacks
    assert game.decision is not None and game.decision.kind == "fight_run" and game.to_move == 1
    game.apply("stay")
    assert game.decision is not None and game.decision.kind == "fight_run" and game.to_move == 0
    game.apply("stay")
    game.apply("done")
    game.apply("done")
    ended = [e for e in game.log if e["e"] == "fight_ended"]
    assert ended and ended[-1]["reason"] == "no_attack" and ended[-1]["rounds"] == 2
    assert all(c.damage == 0 for c in game.state.characters.values())
    assert "fight 0,0" not in game.legal_actions()  # once per Location and turn (AMB-20)


def test_views_show_the_declarations_to_everyone() -> None:
    game = _game()
    _start(game)
    game.apply("stay")
    _hit(game, "mousse", "mr-panda")
    for seat in (0, 1):
        fight = game.view(seat)["fight"]
        assert fight["round"] == 1 and fight["seats"] == [0, 1]
        assert fight["hits"] == [[_uid(game, "mousse"), _uid(game, "mr-panda")]]


def test_fifth_alternates_single_declarations() -> None:
    game = _game("fifth")
    _start(game)
    game.apply("stay")
    assert game.to_move == 0
    _hit(game, "mousse", "mr-panda")
    assert game.to_move == 1  # one declaration, then the other player


def test_fight_switches_per_preset() -> None:
    values = {
        name: (r.fight_attackers, r.protection, r.protector_rounding, r.fight_declarations)
        for name, r in RULESETS.items()
    }
    assert values == {
        "classic": (3, "characters", "up", "sides"),
        "dbz": (3, "characters", "up", "sides"),
        "guia": (3, "characters", "up", "sides"),
        "fifth": (3, "all", "up", "alternate"),
    }
    with pytest.raises(RulesetError):
        get_ruleset("classic").with_overrides(protection="sometimes")
