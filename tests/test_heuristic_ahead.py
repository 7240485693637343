"""The heuristic's look-ahead (agents/infoset.py ``Ahead``, agents/heuristic.py ``HeuristicAgent._weigh``): a Flash
Effect or an activated ability is played when playing it forward on sampled games leaves a better position than
not playing it, and never when it would do nothing. Each case has a position where the card helps and one where
it does not; the card ids are only the positions' material (the agent reads the cards' effects, not their ids)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import yaml

from animayhem.agents.heuristic import HeuristicAgent, position_score
from animayhem.agents.infoset import Ahead, decide
from animayhem.agents.ismcts import IsmctsAgent
from animayhem.engine.game import Game
from animayhem.records.scenario import loads

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios" / "cards"

_FIGHT = """
name: heuristic fight window
ruleset: classic
overrides: {{charm_combat: false}}
seats:
  - name: Ann
    hand: []
    combat: []
  - name: Ben
    hand: [shield]
    combat: []
field:
  - {{cell: [0, 0], card: genom-tower, owner: 0}}
  - {{cell: [1, 0], card: island-restaurant, owner: 0}}
  - {{cell: [0, 1], card: masaki-house, owner: 0, haven: true}}
  - {{cell: [1, 1], card: masaki-house, owner: 1, haven: true}}
characters:
  - {{card: {striker}, owner: 0, at: [0, 0]}}
  - {{card: krillin, owner: 1, at: [0, 0]}}
start: {{active: 0, phase: scavenge}}
"""


def _fight_window(striker: str) -> Game:
    """Ann's ``striker`` and Ben's Krillin strike each other in a fight between players; Ben holds Shield (the
    damage a Character takes this round, times 0) and is asked at the fight's window."""
    g, *_ = loads(_FIGHT.format(striker=striker))
    krillin = next(u for u, c in g.state.characters.items() if c.owner == 1)
    other = next(u for u, c in g.state.characters.items() if c.owner == 0)
    g.apply(next(a for a in g.legal_actions() if a.startswith("fight 0,0")))
    for action in ("stay", f"hit c{other} c{krillin}", f"hit c{krillin} c{other}"):
        g.apply(action)
    assert g.decision is not None and g.decision.kind == "window" and g.decision.seat == 1
    return g


def test_fight_window_shields_the_character_a_blow_would_hurt() -> None:
    g = _fight_window("future-trunks")  # Attack 7 against Krillin's Defense 4: the blow hurts
    krillin = next(u for u, c in g.state.characters.items() if c.owner == 1)
    assert decide(HeuristicAgent(0), g, 1) == f"flash c0 c{krillin} c{krillin}"
    assert HeuristicAgent(0).choose(g.view(1), g.legal_actions()) == "pass"  # the view alone: it passed


def test_fight_window_passes_when_the_blow_does_nothing() -> None:
    g = _fight_window("nene-romanova")  # Attack 1 against Defense 4: Shield would save nothing
    assert g.legal_actions()[-1] != "pass"  # the card is offered
    assert decide(HeuristicAgent(0), g, 1) == "pass"


_SOLO = """
ruleset: classic
seats:
  - name: A
    hand: [{hand}]
field:
  - {{cell: [0, 0], card: genom-tower, owner: 0, under: [keys]}}
  - {{cell: [0, 1], card: masaki-house, owner: 0, haven: true}}
characters:
  - {{card: {char}, owner: 0, at: [0, 0], damage: {damage}}}
disasters:
  - {{card: pterodactyl, owner: 0, controller: 0, at: [0, 0]}}
start: {{active: 0, phase: {phase}}}
"""

# a Flash Effect whose only effect is an Attack bonus for the next combat: nothing at once
_PEP = """
cards:
  - {id: test-pep, number: 90002, name: Test Pep, set: demo, type: flash-effect, rarity: promotional,
     effects: [{when: play, until: next_combat, do: {modify: {who: {among: target}, by: {attack: 2}}}}]}
"""


def _solo(hand: str, char: str, phase: str, damage: int = 0, extra: str = "") -> Game:
    g, *_ = loads(_SOLO.format(hand=hand, char=char, phase=phase, damage=damage) + textwrap.dedent(extra))
    return g


def test_a_heal_is_played_on_a_hurt_character() -> None:
    g = _solo("medical-treatment", "future-trunks", "equip", damage=2)
    assert g.decision is not None and g.decision.kind == "equip" and "flash c0 c4" in g.legal_actions()
    assert HeuristicAgent(0).choose(g.view(0), g.legal_actions()) == "done"  # the view alone never heals
    assert decide(HeuristicAgent(0), g, 0) == "flash c0 c4"


def test_a_card_that_does_nothing_now_is_kept() -> None:
    g = _solo("test-pep", "future-trunks", "equip", extra=_PEP)
    assert any(a.startswith("flash c0") for a in g.legal_actions())
    assert decide(HeuristicAgent(0), g, 0) == "done"


def test_ismcts_weighs_its_cards_ahead_as_the_heuristic_does() -> None:
    """ISMCTS's own choice at a decision it does not search is the heuristic's with its cards weighed ahead (on
    samples of the information set it built): it heals the hurt Character, and keeps a card that does nothing now.
    Before, it asked the heuristic without look-ahead, which never heals: a handicap against the heuristic."""
    g = _solo("medical-treatment", "future-trunks", "equip", damage=2)
    assert decide(IsmctsAgent(0), g, 0) == "flash c0 c4"
    assert IsmctsAgent(0).choose(g.view(0), g.legal_actions()) == "done"  # no information set: the view alone
    g = _solo("test-pep", "future-trunks", "equip", extra=_PEP)
    assert decide(IsmctsAgent(0), g, 0) == "done"


def test_combat_destroys_a_disaster_it_cannot_beat_and_keeps_the_card_otherwise() -> None:
    """Wrath of the Eye of God Destroys a card: against the Pterodactyl, Tenchi (Attack 2) would lose, so the card
    goes on the Disaster; Future Trunks Defeats it anyway, so the card stays in hand."""
    for char, expect in (("tenchi-masaki", "flash c0 c5"), ("future-trunks", "strike c4")):
        g = _solo("wrath-of-the-eye-of-god", char, "move")
        g.apply("done")
        assert g.decision is not None and g.decision.kind == "combat"
        assert decide(HeuristicAgent(0), g, 0) == expect, char


def test_position_score_counts_items_characters_and_cards() -> None:
    g = _solo("medical-treatment", "future-trunks", "equip", damage=2)
    view = g.view(0)
    healthier = _solo("medical-treatment", "future-trunks", "equip", damage=0).view(0)
    assert position_score(healthier) > position_score(view)


def test_ahead_leaves_the_game_untouched_and_is_reproducible() -> None:
    """The look-ahead plays on games sampled from the seat's information set (agents/infoset.py), never on the
    game itself: the game's state is unchanged, and the same position and seed give the same scores."""
    g = _fight_window("future-trunks")
    before = g.state_hash(), len(g.log), list(g.history)
    runs = [
        Ahead(g, 1, seed=7).scores([None, "pass"], HeuristicAgent(0).choose, position_score, frozenset({"fight_hit"}))
        for _ in range(2)
    ]
    assert runs[0] == runs[1]
    assert (g.state_hash(), len(g.log), list(g.history)) == before


_EQUIP = """
ruleset: classic
seats:
  - name: A
    hand: [nenes-hardsuit]
field:
  - {{cell: [0, 0], card: genom-tower, owner: 0, under: [keys]}}
  - {{cell: [0, 1], card: masaki-house, owner: 0, haven: true}}
characters:
  - {{card: priss-asagiri, owner: 0, at: [0, 1]}}
  - {{card: {second}, owner: 0, at: [0, 1]}}
start: {{active: 0, phase: equip}}
"""


def test_a_power_card_goes_where_the_engine_shows_it_helps_most() -> None:
    """Nene's Hardsuit prints +1 Attack, Defense and Movement, and gives +2 of each instead to Nene Romanova (a
    bearer condition): read one step ahead, it goes on Nene; by its printed numbers alone, on the stronger Priss.
    With another second Character the bonus is the same for both and the stronger one takes it."""
    g, *_ = loads(_EQUIP.format(second="nene-romanova"))
    priss, nene = sorted(g.state.characters)
    assert HeuristicAgent(0).choose(g.view(0), g.legal_actions()) == f"play c0 c{priss}"
    assert decide(HeuristicAgent(0), g, 0) == f"play c0 c{nene}"
    g, *_ = loads(_EQUIP.format(second="sylia-stingray"))
    priss, _sylia = sorted(g.state.characters)
    assert decide(HeuristicAgent(0), g, 0) == f"play c0 c{priss}"


_RECRUIT = """
ruleset: classic
seats:
  - name: A
    hand: [gregory, mackie-stingray]
field:
  - {{cell: [0, 0], card: genom-tower, owner: 0, under: {under}}}
  - {{cell: [0, 1], card: masaki-house, owner: 0, haven: true}}
characters:
  - {{card: future-trunks, owner: 0, at: [0, 0]}}
start: {{active: 0, phase: equip}}
"""


def test_recruits_first_the_character_that_opens_a_location() -> None:
    """Genom Tower asks Computer & Tech (or Police & Strength 4+); Future Trunks has Computer. Mackie Stingray
    brings Tech (and fewer new skills than Gregory): while the Tower has cards under it, Mackie comes first; once
    it is empty, Gregory's new skills win."""
    for under, first in (("[keys]", "mackie-stingray"), ("[]", "gregory")):
        g, *_ = loads(_RECRUIT.format(under=under))
        choice = decide(HeuristicAgent(0), g, 0)
        assert choice.startswith("play ") and g.state.cards[int(choice.split()[1][1:])] == first, under


_BANK = """
ruleset: classic
seats:
  - name: A
    hand: []
field:
  - {{cell: [0, 0], card: island-restaurant, owner: 0, under: {under}}}
  - {{cell: [0, 1], card: masaki-house, owner: 0, haven: true}}
characters:
  - {{card: priss-asagiri, owner: 0, at: [0, 1], carried: [mrs-tendos-cookbook]}}
start: {{active: 0, phase: move}}
"""


def test_an_item_whose_skill_opens_a_location_is_carried_not_banked() -> None:
    """Island Restaurant asks Cooking & Survival (or & Acrobatics); Priss has Survival and carries Mrs. Tendo's
    Cookbook (Cooking). While the Restaurant has cards under it she keeps the book and walks there; once it is
    empty, the book is stored in the Haven like any Item."""
    g, *_ = loads(_BANK.format(under="[keys]"))
    book = next(u for u, c in enumerate(g.state.cards) if c == "mrs-tendos-cookbook")
    assert f"store c{book}" in g.legal_actions()
    assert not decide(HeuristicAgent(0), g, 0).startswith("store ")
    g, *_ = loads(_BANK.format(under="[]"))
    book = next(u for u, c in enumerate(g.state.cards) if c == "mrs-tendos-cookbook")
    assert decide(HeuristicAgent(0), g, 0) == f"store c{book}"


def _scenario_position(name: str, characters: list[dict[str, object]] | None = None) -> Game:
    """A card scenario's position (scenarios/cards/), without its actions, after its first ``done``."""
    data = yaml.safe_load((SCENARIOS / f"{name}.yaml").read_text(encoding="utf-8"))
    data.pop("actions", None)
    data.pop("expect", None)
    if characters is not None:
        data["characters"] = characters
    g, *_ = loads(yaml.safe_dump(data))
    g.apply("done")
    return g


def test_answers_a_disasters_attack_only_when_the_answer_saves_someone() -> None:
    """Stand Up Straight, played as a Disaster attacks, saves a Character brought to exactly 0 Health (not one
    Killed). Tenchi against Furry Eyes: brought to 0, the card is played. Future Trunks there is not hurt enough:
    he strikes and keeps the card. Tenchi against Kirin is Killed outright: the card would be spent for nothing,
    and it is kept (the view-only rule, which cannot tell a Kill from a Bonk, would play it)."""
    g = _scenario_position("stand-up-straight-applies")
    assert decide(HeuristicAgent(0), g, 0) == "flash c0"
    g = _scenario_position("stand-up-straight-applies", [{"card": "future-trunks", "owner": 0, "at": [0, 0]}])
    assert decide(HeuristicAgent(0), g, 0).startswith("strike ")
    g = _scenario_position("stand-up-straight-fails")
    assert "flash c0" in g.legal_actions() and HeuristicAgent(0).choose(g.view(0), g.legal_actions()) == "flash c0"
    assert decide(HeuristicAgent(0), g, 0).startswith("strike ")
