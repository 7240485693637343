"""Activated abilities (engine/procedures/activated.py; RULES.md CARD-16, CARD-17): a use not in its window,
over its limit or unaffordable is refused with the state untouched and a rule id named; the counters survive
clone, save and replay; a game whose cards have no activated ability offers none. The card scenarios
(scenarios/cards/<card>-applies/fails.yaml) play each card."""

from __future__ import annotations

import pytest

from animayhem.engine import Game
from animayhem.engine.game import IllegalAction
from animayhem.engine.procedures import activated
from scenario_kit import game_of, uid_of

SWORD = """
    name: sword
    ruleset: classic
    overrides: {{charm_combat: false}}
    seats:
      - name: Solo
        combat: []
    field:
      - {{cell: [0, 0], card: genom-tower, owner: 0}}
      - {{cell: [1, 0], card: masaki-house, owner: 0, haven: true}}
    characters:
      - card: adult-gohan
        owner: 0
        at: [0, 0]
        carried: [red-dragon-spirit-capture-star-sword]
        energy_spent: {spent}
    disasters:
      - {{card: happy-tanks, owner: 0, at: [0, 0]}}
    start: {{active: 0, phase: move}}
    """


def _sword(spent: int = 0) -> tuple[Game, str]:
    g = game_of(SWORD.format(spent=spent))
    return g, f"use c{uid_of(g, 'red-dragon-spirit-capture-star-sword')}"


def _replay(text: str, g: Game) -> Game:
    """The same position played again from its start with the same decisions: the same state, hash included."""
    again = game_of(text)
    for a in g.history:
        again.apply(a)
    assert again.state_hash() == g.state_hash()
    return again


def _refused(g: Game, action: str) -> IllegalAction:
    before, history = g.state_hash(), list(g.history)
    with pytest.raises(IllegalAction) as exc:
        g.apply(action)
    assert g.state_hash() == before and g.history == history
    assert exc.value.rules
    return exc.value


def test_a_use_outside_its_window_is_refused_with_the_state_untouched() -> None:
    g, use = _sword()
    assert g.decision is not None and g.decision.kind == "move"  # the sword's window is a combat round
    assert use not in g.legal_actions()
    assert "TURN-17" in _refused(g, use).rules


def test_a_use_over_its_limit_is_refused() -> None:
    g, use = _sword()
    g.apply("done")
    assert use in g.legal_actions()
    g.apply(use)
    assert g.decision is not None and g.decision.kind == "combat"
    _refused(g, use)  # once a combat round (CARD-17)


def test_an_unaffordable_use_is_refused() -> None:
    g, use = _sword(spent=4)
    g.apply("done")
    assert g.decision is not None and g.decision.kind == "combat"
    _refused(g, use)


def test_a_use_survives_clone_save_and_replay() -> None:
    g, use = _sword()
    g.apply("done")
    g.apply(use)
    twin = g.clone()
    assert twin.state_hash() == g.state_hash()
    assert twin.legal_actions() == g.legal_actions()
    replayed = _replay(SWORD.format(spent=0), g)
    assert use in replayed.history
    assert replayed.legal_actions() == g.legal_actions()
    g.apply(g.legal_actions()[-1])
    twin.apply(twin.legal_actions()[-1])
    assert twin.state_hash() == g.state_hash()


EXORCISM = """
    name: exorcism
    ruleset: classic
    seats:
      - name: Solo
        combat: []
    field:
      - {cell: [0, 0], card: genom-tower, owner: 0}
      - {cell: [1, 0], card: masaki-house, owner: 0, haven: true}
    characters:
      - {card: adult-gohan, owner: 0, at: [1, 0], enhancements: [exorcism-circle]}
    disasters:
      - {card: happy-tanks, owner: 0, at: [0, 0]}
    start: {active: 0, phase: move}
    """


def test_a_choice_is_a_decision_of_its_own_and_replays() -> None:
    g = game_of(EXORCISM)
    g.apply(f"use c{uid_of(g, 'exorcism-circle')}")
    assert g.decision is not None and g.decision.kind == "use_choice"
    tanks = uid_of(g, "happy-tanks")
    assert g.legal_actions() == [f"choose c{tanks}"]
    _refused(g, "done")  # only the choice may be made now
    saved = _replay(EXORCISM, g)  # replayed to the middle of the use
    for game in (g, saved):
        game.apply(f"choose c{tanks}")
        assert tanks not in game.state.disasters
    assert saved.state_hash() == g.state_hash()


def test_a_game_without_activated_abilities_offers_none() -> None:
    g = game_of(EXORCISM.replace("enhancements: [exorcism-circle]", "enhancements: []"))
    assert activated.options(g, 0, "move") == []
    assert not any(a.startswith("use ") for a in g.legal_actions())


def test_every_word_naming_one_of_several_abilities_is_an_action_word() -> None:
    """A card offering one of several abilities names each by a word the action parser and the research encoding
    know: a Haven's Skill (engine/core/actions.py HAVEN_SKILLS), Kasumi's 'halt' (its ``option``); no card may
    offer a word nobody can play or encode."""
    from animayhem.cards.database import CardDB
    from animayhem.engine.core.actions import HAVEN_SKILLS, VERBS
    from animayhem.engine.procedures.activated import alternative_word
    from animayhem.research import encoding

    words: set[str] = set()
    for c in CardDB.bundled():
        named = [w for e in c.effects if e.when == "use" and (w := alternative_word(e)) is not None]
        if len(named) > 1:  # a choice among them is asked (activated.alternatives); a lone one is simply used
            words |= set(named)
    assert "halt" in words and words - {"halt"} <= set(HAVEN_SKILLS)
    assert words <= VERBS
    listed = sorted(words)
    assert [encoding.decode(n, listed) for n in encoding.encode(listed)] == listed
