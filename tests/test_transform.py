"""Transforming Characters (RULES.md CARD-5, SCAV-23, TURN-22): the forced transformation, which only card
texts trigger (so no scenario can reach it yet), and the bookkeeping around the swap."""

from __future__ import annotations

import pytest

from animayhem.engine.effects import transform
from animayhem.engine.game import Game, IllegalAction
from animayhem.records.scenario import loads

BASE = """
name: transform test
ruleset: classic
seats:
  - name: Tom
    hand: [{hand}]
field:
  - {{cell: [0, 0], card: floristica-marketplace, owner: 0, under: [compact]}}
  - {{cell: [1, 1], card: masaki-house, owner: 0, haven: true}}
characters:
  - {{card: {card}, owner: 0, at: [0, 0], carried: [keys]}}
start: {{active: 0, phase: move}}
"""


def game(card: str, hand: str = "") -> Game:
    g, _, _, _ = loads(BASE.format(card=card, hand=hand))
    return g


def uid_of(g: Game, card_id: str) -> int:
    return next(c.uid for c in g.state.characters.values() if g.state.cards[c.uid] == card_id)


def test_forced_without_partner_flips_to_right_hand_values_and_loses_skills() -> None:
    g = game("ryo-ohki-cabbit")
    u = uid_of(g, "ryo-ohki-cabbit")
    assert (g.ability(u, "attack"), g.ability(u, "defense"), g.max_health(u)) == (1, 2, 2)
    assert transform.force(g, u) == u
    assert g.state.characters[u].form == 1
    assert (g.ability(u, "attack"), g.ability(u, "defense"), g.max_health(u)) == (6, 7, 7)
    assert transform.skill_card(g, u).skills == ()
    assert g.log[-1]["e"] == "transformed" and g.log[-1]["forced"] and g.log[-1]["form"] == 1
    # only a further transformation turns it back
    transform.force(g, u)
    assert g.state.characters[u].form == 0
    assert [str(s) for s in transform.skill_card(g, u).skills] == ["Computer", "Phase", "Flying"]


def test_forced_with_partner_at_hand_swaps_the_cards() -> None:
    g = game("washu", hand="little-washu")
    u = uid_of(g, "washu")
    new = transform.force(g, u)
    assert g.state.cards[new] == "little-washu"
    assert u not in g.state.characters and u in g.state.players[0].hand
    ch = g.state.characters[new]
    assert ch.form == 0 and ch.moved and [g.state.cards[c] for c in ch.carried] == ["keys"]
    assert g.log[-1]["forced"] is True


def test_one_card_transformer_keeps_its_skills() -> None:
    g = game("lunch")
    u = uid_of(g, "lunch")
    transform.force(g, u)
    assert (g.ability(u, "attack"), g.ability(u, "charm"), g.ability(u, "movement")) == (1, 2, 2)
    assert "Streetwise" in [s.name for s in transform.skill_card(g, u).skills]


def test_a_plain_character_is_not_transformed() -> None:
    g = game("tenchi-masaki")
    u = uid_of(g, "tenchi-masaki")
    transform.force(g, u)
    assert g.state.characters[u].form == 0


def test_swap_action_puts_the_old_form_in_hand_and_clones_keep_the_form() -> None:
    g = game("washu", hand="little-washu")
    u, partner = uid_of(g, "washu"), g.state.players[0].hand[0]
    before = g.state_hash()
    with pytest.raises(IllegalAction):
        g.apply(f"transform c{partner} c{u}")
    assert g.state_hash() == before
    g.apply(f"transform c{u} c{partner}")
    assert g.state.players[0].hand == [u]
    assert not any(a.startswith(f"move c{partner}") for a in g.legal_actions())
    g.state.characters[partner].form = 1
    g.state.characters[partner].idle = 2
    c = g.clone()
    assert (c.state.characters[partner].form, c.state.characters[partner].idle) == (1, 2)
    assert c.state_hash() == g.state_hash()


def test_a_decks_aside_section_waits_out_of_play_and_can_be_swapped_in() -> None:
    """CONF-55 (5E): the second card of a two-card transformer comes into the game set aside."""
    import dataclasses
    import random

    from animayhem.decks.generate import new_deck
    from animayhem.engine.core.config import DeckList, GameConfig, SeatConfig
    from animayhem.rules.ruleset import get_ruleset

    base = DeckList.from_deck(new_deck(1, "fifth", seed=3))
    d = dataclasses.replace(
        base, characters=("ranma-saotome-boy-type", *base.characters), aside=("ranma-saotome-girl-type",)
    )
    g = Game(GameConfig(seats=(SeatConfig(deck=d),), ruleset=get_ruleset("fifth"), seed=1))
    s = g.state
    girl = next(u for u in s.set_aside if s.cards[u] == "ranma-saotome-girl-type")
    assert s.owner[girl] == 0  # its instance number is drawn like every other (engine/core/handles.py)
    rng = random.Random(0)
    while not g.over and s.phase != "move":
        acts = g.legal_actions()
        starts = [a for a in acts if a.startswith("start ") and s.cards[int(a.split()[1][1:])].startswith("ranma")]
        g.apply(starts[0] if starts else rng.choice(acts))
    boy = next((c for c in s.characters.values() if s.cards[c.uid] == "ranma-saotome-boy-type"), None)
    assert boy is not None and s.phase == "move"
    assert f"transform c{boy.uid} c{girl}" in g.legal_actions()
    g.apply(f"transform c{boy.uid} c{girl}")
    assert girl in s.characters and boy.uid in s.set_aside
