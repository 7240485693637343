"""Special Disasters (RULES.md DIS-25 Magnet, DIS-26 Ally, CARD-18 stealing): card traits, the cases the
scenarios do not reach, and random play with the special Disasters in every deck."""

from __future__ import annotations

import dataclasses
import random
import textwrap

import pytest

from animayhem.cards.database import CardDB
from animayhem.decks.generate import new_deck
from animayhem.engine.checks import invariants
from animayhem.engine.core.config import DeckList, GameConfig, SeatConfig
from animayhem.engine.game import Game
from animayhem.engine.procedures import special_disasters
from animayhem.records.scenario import loads, play
from animayhem.rules.ruleset import get_ruleset

FIELD = """
field:
  - {cell: [0, 0], card: island-restaurant, owner: 0}
  - {cell: [1, 0], card: genom-tower, owner: 0}
  - {cell: [2, 0], card: tank-police-hq, owner: 0}
  - {cell: [3, 0], card: hot-springs-house, owner: 0}
  - {cell: [0, 1], card: ifuritas-tomb, owner: 0}
  - {cell: [1, 1], card: desert-of-bleached-white-bones, owner: 0}
  - {cell: [2, 1], card: tank-police-hq, owner: 0}
  - {cell: [3, 1], card: hot-springs-house, owner: 0}
  - {cell: [4, 2], card: masaki-house, owner: 0, haven: true}
"""  # bottom seat: the path is 3,0 3,1 2,0 2,1 1,0 1,1 0,0 0,1


def _game(body: str, field: str = FIELD) -> tuple[Game, list[str]]:
    game, data, lines, source = loads(textwrap.dedent(body) + field)
    outcome = play(game, data, lines, source)
    assert not outcome.failures, outcome.failures
    return game, outcome.failures


def _uid(game: Game, card_id: str) -> int:
    return next(d.uid for d in game.state.disasters.values() if game.state.cards[d.uid] == card_id)


def test_card_traits_come_from_curation(db: CardDB) -> None:
    magnet = db.get("Everyone's After Me").disaster
    assert magnet is not None and magnet.magnet and magnet.executed and not magnet.combat
    kodachi = db.get("Kodachi Kuno (The Black Rose)")
    assert kodachi.disaster is not None and kodachi.disaster.ally is not None
    assert (kodachi.disaster.ally.attack, kodachi.disaster.ally.defense, kodachi.disaster.ally.seeks) == (2, 2, True)
    assert [e.source for e in kodachi.errata if e.field == "disaster"] == ["rules-000"]  # the rulebook's 2,2
    najato = db.get("Najato (Phantom Prince)").disaster
    assert najato is not None and najato.thief and not najato.executed  # its redirection is not executed
    plain = db.get("Kiriya, The Phantom Assassin").disaster
    assert plain is not None and not (plain.magnet or plain.ally or plain.thief)


def test_ally_without_a_partner_walks_and_attaches_where_it_lands() -> None:
    """000 L284: Kodachi, already on the Field, walks 3,1 -> 2,0 -> 2,1 and lands on Surgical Laser (a
    "Moves Once" Disaster that stays put): she allies with it there; it becomes A6 D6, Health still 4.
    AMB-35: the Item she carried goes to the primary, which had none."""
    game, _ = _game(
        """
        ruleset: classic
        seats:
          - name: Solo
        disasters:
          - {card: kodachi-kuno-the-black-rose, owner: 0, at: [3, 0], item: compact}
          - {card: surgical-laser, owner: 0, at: [2, 1]}
        start: {active: 0, phase: maintenance}
        """
    )
    kodachi, laser = _uid(game, "kodachi-kuno-the-black-rose"), _uid(game, "surgical-laser")
    assert any(e["e"] == "disaster_allied" and e["primary"] == "surgical-laser" for e in game.log)
    assert game.state.disasters[kodachi].ally_of == laser
    assert (game.ability(laser, "attack"), game.ability(laser, "defense"), game.max_health(laser)) == (6, 6, 4)
    assert game.state.disasters[laser].item != -1 and game.state.disasters[kodachi].item == -1
    assert game.clone().state.disasters[kodachi].ally_of == laser  # copy_state keeps the link
    view = game.view(0)
    assert next(d for d in view["disasters"] if d["uid"] == kodachi)["ally_of"] == laser


def test_magnet_landing_on_characters_starts_the_fights() -> None:
    """DIS-25 + DIS-13: the Goons (3,0 -> 3,1 -> 2,0) are pulled to 1,0 where the Magnet lands on Goku; the
    Magnet is Discarded and the Goons attack Goku there."""
    game, _ = _game(
        """
        ruleset: classic
        seats:
          - name: Solo
            hand: [speed, speed, speed, speed, speed, speed]
            draw: [everyones-after-me, speed]
        characters:
          - {card: goku-common, owner: 0, at: [1, 0]}
        disasters:
          - {card: goons, owner: 0, at: [3, 0]}
        start: {active: 0, phase: reload}
        """
    )
    kinds = [(e["e"], e.get("card")) for e in game.log]
    assert ("disaster_pulled", "goons") in kinds
    assert kinds.index(("disaster_discarded", "everyones-after-me")) < kinds.index(("combat_started", "goons"))
    assert game.decision is not None and game.decision.kind == "combat"
    assert game.state.places[game.state.disasters[_uid(game, "goons")].pos].cell == (1, 0)


def test_thief_that_flees_off_the_field_destroys_the_item() -> None:
    """CARD-18 + DIS-6/DIS-7: Najato (2,1 -> 1,0 -> 1,1) steals Goku's Keys on 1,1; its free move of 3 (0,0, 0,1, off)
    takes it off the Field: a Minor leaves and the Item is Destroyed (it counts for the Disasters). Two
    Items wait under 3,1 so the game goes on."""
    game, _ = _game(
        """
        ruleset: classic
        seats:
          - name: Solo
        characters:
          - {card: goku-common, owner: 0, at: [1, 1], carried: [keys]}
        disasters:
          - {card: najato-phantom-prince, owner: 0, at: [2, 1]}
        start: {active: 0, phase: maintenance}
        """,
        FIELD.replace(
            "[3, 1], card: hot-springs-house, owner: 0}",
            "[3, 1], card: hot-springs-house, owner: 0, under: [cross, compact]}",
        ),
    )
    kinds = [e["e"] for e in game.log]
    assert kinds.index("item_stolen") < kinds.index("item_destroyed")
    assert not game.state.disasters
    assert len(game.state.disaster_items) == 1


SPECIAL = (
    "najato-phantom-prince",
    "kodachi-kuno-the-black-rose",
    "everyones-after-me",
    "3-way-rumble",
    "kiriya-the-phantom-assassin",
)


@pytest.mark.parametrize("preset", ["classic", "dbz", "guia", "fifth"])
@pytest.mark.parametrize("seats", [1, 2])
def test_random_play_with_special_disasters(preset: str, seats: int) -> None:
    """Random play terminates with every invariant holding, and replays identically (MISC-5)."""
    seed = 3 + seats
    decks = []
    for i in range(seats):
        d = DeckList.from_deck(new_deck(seats, preset, seed=seed * 10 + i))
        dis = list(d.disasters)
        dis[: len(SPECIAL)] = SPECIAL[: len(dis)]
        decks.append(dataclasses.replace(d, disasters=tuple(dis)))
    config = GameConfig(
        seats=tuple(SeatConfig(deck=d, name=f"P{i}") for i, d in enumerate(decks)),
        ruleset=get_ruleset(preset),
        seed=seed,
    )
    game = Game(config)
    rnd = random.Random(seed)
    actions: list[str] = []
    while not game.over:
        assert len(actions) < 20_000
        action = rnd.choice(game.legal_actions())
        actions.append(action)
        game.apply(action)
        assert invariants.problems(game) == [], (preset, seats, len(actions))
    again = Game.restore(config, actions)
    assert again.state_hash() == game.state_hash()


def test_non_combat_ally_with_no_partner_has_no_effect() -> None:
    """TURN-9 + DIS-26: 3 Way Rumble drawn with no Combat Disaster in play has nothing to act on: it is
    Discarded and Reload goes on (the next card is drawn)."""
    game, _ = _game(
        """
        ruleset: classic
        seats:
          - name: Solo
            hand: [speed, speed, speed, speed, speed, speed]
            draw: [3-way-rumble, speed]
        start: {active: 0, phase: reload}
        """
    )
    events = [(e["e"], e.get("card")) for e in game.log]
    assert ("disaster_without_effect", "3-way-rumble") in events
    assert ("card_drawn", "speed") in events
    assert not game.state.disasters


def _robbery(carried: str) -> tuple[Game, int, int]:
    game, _ = _game(
        f"""
        ruleset: classic
        seats:
          - name: Solo
        characters:
          - {{card: goku-common, owner: 0, at: [2, 0], carried: {carried}}}
        disasters:
          - {{card: goons, owner: 0, at: [2, 0], item: compact}}
          - {{card: bugrom-type-1, owner: 0, at: [1, 0]}}
        start: {{active: 0, phase: move}}
        """,
        FIELD.replace(
            "[0, 0], card: island-restaurant, owner: 0}",
            "[0, 0], card: island-restaurant, owner: 0, under: [cross, antiques, earrings]}",
        ),
    )
    goku = next(iter(game.state.characters))
    goons = _uid(game, "goons")
    game.state.pending = None  # a card effect (not yet written) would make the theft here
    special_disasters.character_steals(game, goku, goons)
    game._advance()
    return game, goku, goons


def test_character_thief_already_holding_an_item_gets_no_free_move() -> None:
    """EX-10d / CARD-18: Goku, carrying the Keys, steals the Goons' Compact: no free move, the Goons attack
    him at once (for the Item he already carried)."""
    game, goku, goons = _robbery("[keys]")
    robbed = [e for e in game.log if e["e"] == "disaster_robbed"]
    assert robbed and robbed[0]["free_move"] is False
    assert game.decision is not None and game.decision.kind == "combat"
    assert [e for e in game.log if e["e"] == "combat_started"][-1]["card"] == "goons"
    assert len(game.carried_items(game.state.characters[goku])) == 2
    assert game.state.disasters[goons].item == -1


def test_character_thief_with_empty_hands_makes_a_full_move_first() -> None:
    """CARD-18: Goku, carrying nothing, steals the Compact and may make one full move before anyone attacks;
    stopping where the Bugrom stands, the Bugrom fights him for it (the robbed Goons never attacked)."""
    game, goku, _ = _robbery("[]")
    assert game.decision is not None and game.decision.kind == "flee"
    assert "done" in game.legal_actions() and f"move c{goku} 1,0" in game.legal_actions()
    game.apply(f"move c{goku} 1,0")
    started = [e["card"] for e in game.log if e["e"] == "combat_started"]
    assert started == ["bugrom-type-1"]
    assert game.decision is not None and game.decision.kind == "combat"
    with pytest.raises(ValueError):
        special_disasters.character_steals(game, goku, _uid(game, "goons"))  # not at the Goons' Location


def test_heuristic_thief_flees_rather_than_stays() -> None:
    """The heuristic's free move (decision ``flee``) takes the thief away instead of waiting to be attacked."""
    from animayhem.agents.heuristic import HeuristicAgent

    game, goku, _ = _robbery("[]")
    choice = HeuristicAgent().choose(game.view(0), game.legal_actions())
    assert choice.startswith(f"move c{goku} ")


def test_non_combat_ally_turned_up_with_no_partner_is_met() -> None:
    """DIS-20 + DIS-26: 3 Way Rumble turned up while Scavenging with no Combat Disaster in play has nothing
    to ally with: it is met and Discarded (its text is executed, so no ``ability_not_implemented``)."""
    game, _ = _game(
        """
        ruleset: classic
        seats:
          - name: Solo
        characters:
          - {card: ryoga-hibiki, owner: 0, at: [1, 0]}
          - {card: mr-panda, owner: 0, at: [1, 0]}
          - {card: specs, owner: 0, at: [1, 0]}
        start: {active: 0, phase: scavenge}
        actions:
          - scavenge 1,0
        """,
        FIELD.replace(
            "[1, 0], card: genom-tower, owner: 0}", "[1, 0], card: genom-tower, owner: 0, under: [3-way-rumble, goons]}"
        ).replace(
            "[0, 0], card: island-restaurant, owner: 0}", "[0, 0], card: island-restaurant, owner: 0, under: [cross]}"
        ),
    )
    events = [(e["e"], e.get("card"), e.get("reason")) for e in game.log]
    assert ("disaster_discarded", "3-way-rumble", "met") in events
    assert ("disaster_without_effect", "3-way-rumble", None) in events
    assert not any(e["e"] == "ability_not_implemented" for e in game.log)
    assert game.decision is not None and game.decision.kind == "scavenge_more"
