"""Charm Combat (RULES.md §5c) where a scenario is awkward: limits across turns, the fight-module entry point,
the relations the fight module reads, 002's range, switching Charm Combat off."""

from __future__ import annotations

import pytest

from animayhem.engine.core.state import CharmLink
from animayhem.engine.game import Game, IllegalAction
from animayhem.engine.procedures import charm
from animayhem.records.scenario import loads

TWO = """\
name: charm
ruleset: {ruleset}
seed: 1
seats:
  - name: Tom
    combat: []
  - name: Ann
    combat: []
field:
  - {{cell: [0, 0], card: genom-tower, owner: 0}}
  - {{cell: [1, 0], card: island-restaurant, owner: 1}}
  - {{cell: [2, 0], card: hot-springs-house, owner: 1}}
  - {{cell: [3, 0], card: planet-namek, owner: 1}}
  - {{cell: [2, 2], card: masaki-house, owner: 0, haven: true}}
  - {{cell: [1, -1], card: masaki-house, owner: 1, haven: true}}
characters:
  - {{card: dailey-wong, owner: 0, at: [0, 0]}}
  - {{card: tenchi-masaki, owner: 0, at: [0, 0]}}
  - {{card: dr-tofu, owner: 1, at: [0, 0]}}
  - {{card: ryoko, owner: 1, at: [{ryoko_x}, 0]}}
start: {{active: 0, phase: scavenge}}
"""


def _game(ruleset: str = "classic", ryoko_x: int = 0) -> Game:
    game, _, _, _ = loads(TWO.format(ruleset=ruleset, ryoko_x=ryoko_x))
    return game


def _uid(g: Game, card_id: str) -> int:
    return next(u for u in g.state.characters if g.state.cards[u] == card_id)


def _next_turn_of(g: Game, seat: int) -> None:
    """Pretend the other player's turn and then ``seat``'s next turn have started."""
    g.state.turn += 2
    g.state.players[seat].turns += 1


def test_not_the_same_target_two_turns_running_classic() -> None:
    g = _game()
    dailey, tofu, ryoko = _uid(g, "dailey-wong"), _uid(g, "dr-tofu"), _uid(g, "ryoko")
    g.apply(f"charm c{dailey} c{tofu}")  # 4 against 3: Tofu Charmed
    g.apply("decline")  # no break attempt
    g.apply("decline")  # no order
    assert not charm.may_start(g, dailey, ryoko)  # one started per turn (COMBAT-34)
    _next_turn_of(g, 0)
    g.state.charms.append(CharmLink("truce", tofu, ryoko, turn=g.state.turn))
    charm._prune(g)  # the seat's previous turn was two game turns ago: its charm is still remembered
    assert not charm.may_start(g, dailey, tofu)  # not the same Character two turns running
    assert charm.may_start(g, dailey, ryoko)
    _next_turn_of(g, 0)
    assert charm.may_start(g, dailey, tofu)


def test_fifth_has_no_two_turn_rule_but_needs_base_charm() -> None:
    g = _game("fifth")
    dailey, tofu = _uid(g, "dailey-wong"), _uid(g, "dr-tofu")
    g.apply(f"charm c{dailey} c{tofu}")
    g.apply("decline")
    g.apply("decline")
    _next_turn_of(g, 0)
    assert charm.may_start(g, dailey, tofu)
    assert charm.takes_part(g, dailey)
    naomi = g.db.by_id("naomi-armitage")
    assert naomi.charm is not None and naomi.charm.value == 2  # a base Charm above 0 takes part


def test_open_charm_alternates_until_both_decline() -> None:
    g = _game()
    place = g.state.characters[_uid(g, "dailey-wong")].pos
    g.state.pending = None
    charm.open_charm(g, place, 1, 0)  # Ann started the fight: she may open first (COMBAT-34)
    g._advance()
    assert g.decision is not None and (g.decision.seat, g.decision.kind) == (1, "charm_open")
    g.apply("decline")
    assert g.decision is not None and (g.decision.seat, g.decision.kind) == (0, "charm_open")
    dailey, tofu = _uid(g, "dailey-wong"), _uid(g, "dr-tofu")
    assert f"charm c{dailey} c{tofu}" in g.legal_actions()
    g.apply(f"charm c{dailey} c{tofu}")
    assert g.decision is not None and (g.decision.seat, g.decision.kind) == (1, "charm_break")  # Ryoko may try
    g.apply("decline")
    assert g.decision is not None and (g.decision.seat, g.decision.kind) == (0, "charm_command")
    g.apply("hold")
    assert g.decision is not None and (g.decision.seat, g.decision.kind) == (1, "charm_open")
    g.apply("decline")
    assert g.decision is not None and (g.decision.seat, g.decision.kind) == (0, "charm_open")
    g.apply("decline")  # two declines in a row: the charm part is over
    assert g.decision is not None and g.decision.kind == "scavenge"


def test_open_charm_does_nothing_under_guia() -> None:
    g = _game("guia")
    before = len(g.state.agenda)
    charm.open_charm(g, g.state.characters[_uid(g, "dailey-wong")].pos, 0, 1)
    assert len(g.state.agenda) == before  # 002: no charm in the middle of a physical combat


def test_hold_and_the_charmers_safe_turn() -> None:
    g = _game()
    dailey, tenchi, tofu, ryoko = (_uid(g, c) for c in ("dailey-wong", "tenchi-masaki", "dr-tofu", "ryoko"))
    g.apply(f"charm c{dailey} c{tofu}")
    g.apply("decline")  # Ann does not try to break it
    g.apply("hold")
    assert not charm.may_attack(g, tofu, dailey)  # ordered to hold
    assert not charm.may_attack(g, ryoko, dailey)  # 000: others of the victim's owner there, next turn
    assert charm.may_attack(g, tofu, tenchi)
    assert charm.may_attack(g, dailey, tofu)
    shown = g.view(1)["charms"]  # public: every seat sees who Charmed whom
    assert {"kind": "charmed", "a": tofu, "b": dailey, "margin": 1} in shown
    assert {"kind": "truce", "a": tofu, "b": dailey, "margin": 0} in shown
    g.state.turn += 2
    assert charm.may_attack(g, tofu, dailey)
    assert charm.may_attack(g, ryoko, dailey)


def test_guia_range_is_the_attackers_movement() -> None:
    near = _game("guia", ryoko_x=2)  # Dailey has Movement 2: two steps away is in range
    far = _game("guia", ryoko_x=3)
    for g, expected in ((near, True), (far, False)):
        dailey, ryoko = _uid(g, "dailey-wong"), _uid(g, "ryoko")
        assert (f"charm c{dailey} c{ryoko}" in g.legal_actions()) is expected
    classic = _game("classic", ryoko_x=2)
    assert f"charm c{_uid(classic, 'dailey-wong')} c{_uid(classic, 'ryoko')}" not in classic.legal_actions()


def test_charm_combat_off() -> None:
    g = _game()
    g.rules = g.rules.with_overrides(charm_combat=False)
    assert charm.charm_options(g, 0) == []


def test_illegal_charm_leaves_the_state_untouched() -> None:
    g = _game()
    tofu, dailey = _uid(g, "dr-tofu"), _uid(g, "dailey-wong")
    before = g.state_hash()
    with pytest.raises(IllegalAction):
        g.apply(f"charm c{tofu} c{dailey}")  # Ann's Character on Tom's turn
    assert g.state_hash() == before


def test_links_are_copied_with_the_state() -> None:
    g = _game()
    copy = g.clone()
    copy.state.charms.append(CharmLink("truce", 1, 2))
    assert g.state.charms == []


def test_everyone_charmed_disaster_leaves_after_the_next_turn() -> None:
    text = """\
name: dis-33
ruleset: classic
seats:
  - name: Solo
    combat: []
field:
  - {cell: [0, 0], card: genom-tower, owner: 0}
  - {cell: [1, 0], card: island-restaurant, owner: 0}
  - {cell: [2, 2], card: masaki-house, owner: 0, haven: true}
characters:
  - {card: tenchi-masaki, owner: 0, at: [0, 0], carried: [keys]}
disasters:
  - {card: kagato, owner: 0, controller: 0, at: [0, 0]}
start: {active: 0, phase: move}
"""
    g, _, _, _ = loads(text)
    g.apply("done")  # the fight: Kagato 5 against Tenchi 3, everyone lost; then the turn ends
    kagato = next(iter(g.state.disasters.values()))
    assert kagato.expires == 2  # DIS-33: it leaves at the end of the following turn (Solo's 2nd)
    assert kagato.item >= 0
    assert g.state.players[0].turns == 2  # turn 2 has begun and Kagato is still here


def test_no_order_uses_a_card_with_a_cost() -> None:
    """COMBAT-25 (charm part), EX-25: Makoto, Charmed, holds Ifurita's Power Key Staff and the Interdimensional
    Teleport (cost *). The orders are to hand over or drop the Staff, hold, or nothing: never the Teleport."""
    text = """\
name: ex-25
ruleset: fifth
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
  - {card: makoto-mizuhara, owner: 1, at: [0, 0], carried: [ifuritas-power-key-staff],
     enhancements: [interdimensional-teleport]}
start: {active: 0, phase: scavenge}
"""
    g, _, _, _ = loads(text)
    dailey, makoto = _uid(g, "dailey-wong"), _uid(g, "makoto-mizuhara")
    g.apply(f"charm c{dailey} c{makoto}")  # Dailey 4 + 4 = 8 against Makoto 5
    assert g.decision is not None and g.decision.kind == "charm_command"
    staff = g.state.characters[makoto].carried[0]
    # MISC-7: the face-down Item is offered by where it is (the 1st Item Makoto carries), not by number
    assert g.legal_actions() == [f"yield item1@c{makoto}", f"drop item1@c{makoto}", "hold", "decline"]
    assert g.decision.handles[f"yield item1@c{makoto}"] == f"yield c{staff}"


@pytest.mark.parametrize(("ruleset", "offered"), [("classic", True), ("fifth", False)])
def test_base_charm_zero_takes_no_part_in_fifth(ruleset: str, offered: bool) -> None:
    """COMBAT-28 (5E): Nail (base Charm 0) never takes part in Charm Combat, as charmer or target; 000 has no
    such limit."""
    text = f"""\
name: nail
ruleset: {ruleset}
seats:
  - name: Tom
    combat: []
  - name: Ann
    combat: []
field:
  - {{cell: [0, 0], card: genom-tower, owner: 0}}
  - {{cell: [2, 2], card: masaki-house, owner: 0, haven: true}}
  - {{cell: [1, -1], card: masaki-house, owner: 1, haven: true}}
characters:
  - {{card: nail, owner: 0, at: [0, 0]}}
  - {{card: dailey-wong, owner: 0, at: [0, 0]}}
  - {{card: ryoko, owner: 1, at: [0, 0]}}
start: {{active: 0, phase: scavenge}}
"""
    g, _, _, _ = loads(text)
    nail, dailey, ryoko = _uid(g, "nail"), _uid(g, "dailey-wong"), _uid(g, "ryoko")
    assert (f"charm c{nail} c{ryoko}" in g.legal_actions()) is offered
    assert f"charm c{dailey} c{ryoko}" in g.legal_actions()
    assert charm.takes_part(g, nail) is offered


def test_guia_loser_sits_out_as_many_rounds_as_the_margin() -> None:
    """COMBAT-30 (002, CONF-41): lost by 2, the Character may not strike in physical rounds 1 and 2."""
    g = _game("guia")
    tofu = _uid(g, "dr-tofu")
    g.state.charms.append(CharmLink("lost", tofu, 99, margin=2, rounds=2))
    assert [charm.may_strike(g, tofu, 99, r) for r in (1, 2, 3)] == [False, False, True]
    charm.attacked(g, 99, tofu)  # being attacked does not lift 002's count
    assert not charm.may_strike(g, tofu, 99, 2)
    charm.combat_over(g, 99)
    assert g.state.charms == []
