"""A played card is announced by its status (Card.ability_status), not by whether it has text: a card whose
skill grant or printed number applies is never said to do nothing; one whose text is not executed says that
only its printed numbers and skills count; a partial one says part of its text is not executed."""

from __future__ import annotations

from typing import Any

from animayhem.cards.database import CardDB
from animayhem.engine.faces import narration
from animayhem.engine.game import Game
from scenario_kit import game_of

DB = CardDB.bundled()
NOTHING = "does nothing"
PRINTED = "only its printed numbers and skills count"
PART = "part of its text is not executed"


def _equip(card: str) -> Game:
    return game_of(f"""
        name: play status
        ruleset: classic
        seats:
          - name: Solo
            hand: [{card}]
        field:
          - {{cell: [0, 0], card: genom-tower, owner: 0}}
          - {{cell: [1, 0], card: masaki-house, owner: 0, haven: true}}
        characters:
          - {{card: tenchi-masaki, owner: 0, at: [1, 0]}}
        start: {{active: 0, phase: equip}}
        """)


def _played(card: str, kind: str) -> tuple[dict[str, Any], str]:
    g = _equip(card)
    uid = next(u for u in g.state.players[0].hand if g.state.cards[u] == card)
    action = next(a for a in g.legal_actions() if a.startswith(f"play c{uid}"))
    g.apply(action)
    ev = next(e for e in g.log if e["e"] == kind)
    text, missing = narration.render(g, ev)
    assert not missing, text
    return ev, text


def test_a_skill_grant_that_applies_is_not_announced_as_doing_nothing() -> None:
    """Comm Goggles' grant of Communications applies: its play never says the card does nothing."""
    card = DB.ids["comm-goggles"]
    ev, text = _played("comm-goggles", "power_played")
    assert ev["status"] == card.ability_status.value
    assert NOTHING not in text
    assert ev["applies"] is True


def test_a_card_whose_text_is_not_executed_says_only_its_printed_values_count() -> None:
    """A piece of Equipment that grants a skill and whose text the engine does not execute (a card of the
    scenario's own, as the bundled examples get executed one by one: Yosho Masaki was the example until its
    Discard-to-protect text was): its skill applies, and its play says only its printed values count."""
    g = game_of("""
        name: play status
        ruleset: classic
        cards:
          - {id: test-gadget, number: 90001, name: Test Gadget, set: demo, type: equipment, rarity: promotional,
             grants_skills: [Teacher], text: Once a turn the gadget does something the engine does not know.}
        seats:
          - name: Solo
            hand: [test-gadget]
        field:
          - {cell: [0, 0], card: genom-tower, owner: 0}
          - {cell: [1, 0], card: masaki-house, owner: 0, haven: true}
        characters:
          - {card: tenchi-masaki, owner: 0, at: [1, 0]}
        start: {active: 0, phase: equip}
        """)
    uid = g.state.players[0].hand[0]
    assert g.card(uid).ability_status.value == "not-implemented"
    g.apply(next(a for a in g.legal_actions() if a.startswith(f"play c{uid}")))
    ev = next(e for e in g.log if e["e"] == "power_played")
    text, missing = narration.render(g, ev)
    assert not missing, text
    assert ev["status"] == "not-implemented" and ev["applies"] is True
    assert PRINTED in text and NOTHING not in text


def test_a_card_of_which_nothing_applies_says_it_does_nothing_yet() -> None:
    """An Enhancement that prints no number and grants nothing, whose text is not executed: playing it does nothing.
    (A card of the test's own: Servant, Mind Scanner and then Bump on the Head, the bundled examples before, are
    executed now.)"""
    g = game_of("""
        name: play status
        ruleset: classic
        cards:
          - {id: test-trinket, number: 90001, name: Test Trinket, set: demo, type: enhancement, rarity: promotional,
             text: Once a game the trinket does something the engine does not know.}
        seats:
          - name: Solo
            hand: [test-trinket]
        field:
          - {cell: [0, 0], card: genom-tower, owner: 0}
          - {cell: [1, 0], card: masaki-house, owner: 0, haven: true}
        characters:
          - {card: tenchi-masaki, owner: 0, at: [1, 0]}
        start: {active: 0, phase: equip}
        """)
    uid = g.state.players[0].hand[0]
    card = g.card(uid)
    assert card.ability_status.value == "not-implemented" and not card.gives_in_play
    g.apply(next(a for a in g.legal_actions() if a.startswith(f"play c{uid}")))
    ev = next(e for e in g.log if e["e"] == "power_played")
    text, missing = narration.render(g, ev)
    assert not missing, text
    assert ev["status"] == "not-implemented" and ev["applies"] is False
    assert NOTHING in text and PRINTED not in text


def test_a_global_effect_is_announced_by_its_status_too() -> None:
    """A Global Effect whose text is not executed (a card of the test's own: Power Up, the bundled example before,
    is executed now): its play says so."""
    g = game_of("""
        name: play status
        ruleset: classic
        cards:
          - {id: test-aura, number: 90001, name: Test Aura, set: demo, type: global-effect, rarity: promotional,
             text: While in play the aura does something the engine does not know.}
        seats:
          - name: Solo
            hand: [test-aura]
        field:
          - {cell: [0, 0], card: genom-tower, owner: 0}
          - {cell: [1, 0], card: masaki-house, owner: 0, haven: true}
        characters:
          - {card: tenchi-masaki, owner: 0, at: [1, 0]}
        start: {active: 0, phase: equip}
        """)
    uid = g.state.players[0].hand[0]
    card = g.card(uid)
    assert card.ability_status.value == "not-implemented"
    g.apply(next(a for a in g.legal_actions() if a.startswith(f"play c{uid}")))
    ev = next(e for e in g.log if e["e"] == "global_played")
    text, missing = narration.render(g, ev)
    assert not missing, text
    assert ev["status"] == "not-implemented"
    assert (NOTHING in text) is (not card.gives_in_play)


def test_partial_and_executed_plays_in_words() -> None:
    """The sentences for a partial card and an executed one (hand-made events with the engine's fields)."""
    base = {"turn": 2, "seat": 0, "card": "comm-goggles", "uid": 9, "character": "tenchi-masaki"}
    partial = narration.sentence(DB, {"e": "power_played", **base, "status": "partial", "applies": True}, None)
    assert partial is not None and PART in partial and NOTHING not in partial
    done = narration.sentence(DB, {"e": "power_played", **base, "status": "implemented", "applies": True}, None)
    assert done == "Player 1 plays Comm Goggles on Tenchi Masaki."
    plain = narration.sentence(DB, {"e": "global_played", **base, "status": "none", "applies": True}, None)
    assert plain == "Player 1 plays the Global Effect Comm Goggles."
    flash = {"e": "flash_resolved", "turn": 2, "seat": 0, "card": "reload", "uid": 4, "implemented": False}
    part_flash = narration.sentence(DB, {**flash, "implemented": True, "status": "partial"}, None)
    assert part_flash is not None and PART in part_flash
    none_flash = narration.sentence(DB, {**flash, "status": "not-implemented"}, None)
    assert none_flash is not None and NOTHING in none_flash


def test_flash_resolved_carries_the_status() -> None:
    """Water Spear's text is executed: it resolves with its status and no caveat. (A Flash Effect whose text
    is not executed is never offered: playing it would do nothing, flash.options.)"""
    g = game_of("""
        name: flash status
        ruleset: classic
        seats:
          - name: Solo
            hand: [water-spear]
        field:
          - {cell: [0, 0], card: genom-tower, owner: 0}
          - {cell: [1, 0], card: masaki-house, owner: 0, haven: true}
        characters:
          - {card: tenchi-masaki, owner: 0, at: [1, 0]}
        start: {active: 0, phase: move}
        """)
    g.apply(next(a for a in g.legal_actions() if a.startswith("flash")))
    ev = next(e for e in g.log if e["e"] == "flash_resolved")
    assert ev["status"] == DB.ids["water-spear"].ability_status.value == "implemented"
    text = narration.sentence(g, ev, None)
    assert text == "Water Spear resolves."
