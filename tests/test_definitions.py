"""The definition rules of RULES.md (MISC-1, MISC-3, MISC-8, MISC-10, MISC-11, CARD-6, CARD-24, SETUP-1,
SETUP-34, SETUP-40, WIN-6, WIN-7): each test drives the engine (or the deck checker) through the rule.
MISC-4, DIS-22 and DIS-31 are scenarios (scenarios/misc-04-*, dis-22-*, dis-31-*).

"In play" (MISC-1, MISC-8) is probed with the one card the engine executes that names "any card in play":
Wrath of the Eye of God (Destroy any card in play except Havens). The cards it may name are exactly the
cards the engine treats as in play.
"""

from __future__ import annotations

import random
import textwrap
from collections import Counter
from dataclasses import replace

import pytest

from animayhem.cards.database import CardDB
from animayhem.cards.model import CardSet, CardType
from animayhem.decks.generate import new_deck
from animayhem.decks.legality import check_deck, required_locations
from animayhem.decks.model import Deck, Entry, Section
from animayhem.decks.textformat import DeckFileError, parse_deck
from animayhem.engine.checks import invariants
from animayhem.engine.core.config import DeckList, GameConfig, SeatConfig
from animayhem.engine.core.state import OFF
from animayhem.engine.game import Game
from animayhem.records.scenario import loads, play
from animayhem.rules import get_ruleset

PRESETS = ["classic", "dbz", "guia", "fifth"]


def _scenario(body: str) -> Game:
    game, data, lines, source = loads(textwrap.dedent(body))
    outcome = play(game, data, lines, source)
    assert not outcome.failures, outcome.failures
    return game


def _uid(game: Game, card_id: str) -> int:
    return next(u for u, c in enumerate(game.state.cards) if c == card_id)


def _flash_targets(game: Game, wrath: int) -> set[str]:
    out = set()
    for a in game.legal_actions():
        verb, *cards = a.split()
        if verb == "flash" and cards[0] == f"c{wrath}":
            out.add(game.state.cards[int(cards[1][1:])])
    return out


# ---------------------------------------------------------------------- "in play" (MISC-1, MISC-8)

IN_PLAY = """
name: in play
rules: [MISC-1, MISC-8]
ruleset: classic
seats:
  - name: Solo
    combat: []
  - name: Other
    hand: [wrath-of-the-eye-of-god]
    draw: [goons, goons, goons, goons, goons, goons, goons, goons]
    discard: [furry-eyes]
field:
  - {cell: [0, 0], card: genom-tower, owner: 0}
  - {cell: [1, 0], card: island-restaurant, owner: 0, under: [kodachi-kuno-the-black-rose, antiques]}
  - {cell: [2, 2], card: masaki-house, owner: 0, haven: true}
  - {cell: [2, -2], card: masaki-house, owner: 1, haven: true}
characters:
  - {card: tenchi-masaki, owner: 0, at: [0, 0]}
  - {card: ryoko, owner: 0, at: [2, 2]}
  - {card: ryoga-hibiki, owner: 1, at: [2, -2]}
disasters:
  - {card: furry-eyes, owner: 0, at: [0, 0]}
  - {card: willpower, owner: 1, off_field: true}
start: {active: 0, phase: move}
actions:
  - done                  # Furry Eyes (4) against Tenchi (Defense 2, Health 2): Bonked
  - strike tenchi-masaki
"""


def test_misc_1_misc_8_what_is_in_play() -> None:
    """MISC-1: the Field's cards and the Off-the-Field ones are in play; a Bonked Character (000), a
    Disaster still face down under a Location, and the cards in hands, Draw and Discard piles are not.
    AMB-28: Characters in a Haven count as in play for card effects (Wrath excepts only the Haven itself).
    MISC-8: Willpower, played Off the Field, is still in play, and Wrath may Destroy it."""
    game = _scenario(IN_PLAY)
    s = game.state
    tenchi = s.characters[_uid(game, "tenchi-masaki")]
    assert tenchi.pos == OFF and tenchi.bonked_at >= 0
    assert game.decision is not None and game.decision.seat == 1  # the Other's Discard phase
    wrath = _uid(game, "wrath-of-the-eye-of-god")
    assert _flash_targets(game, wrath) == {"ryoko", "ryoga-hibiki", "furry-eyes", "willpower"}
    on_field = next(d for d in s.disasters if s.cards[d] == "furry-eyes")
    discarded = next(u for u in s.players[1].discard if s.cards[u] == "furry-eyes")
    assert f"flash c{wrath} c{on_field}" in game.legal_actions()
    assert f"flash c{wrath} c{discarded}" not in game.legal_actions()
    # not offered: tenchi-masaki (Bonked), kodachi (under a Location), the goons (Draw pile), the
    # furry-eyes copy in the Discard pile (only the one on the Field is named), Havens and Locations
    willpower = _uid(game, "willpower")
    assert s.disasters[willpower].off_field and s.disasters[willpower].pos == OFF
    game.apply(f"flash c{wrath} c{willpower}")
    assert willpower in s.destroyed and willpower not in s.players[1].discard  # Destroyed (MISC-3)
    assert willpower not in s.disasters
    assert wrath in s.players[1].discard  # the Flash Effect itself is Discarded (CARD-15)


def test_misc_1_bonked_character_is_not_on_the_field() -> None:
    """MISC-1 (000): a Bonked Character is out of play: not counted on the Field (six-Character cap) nor
    standing anywhere a Disaster could find it."""
    game = _scenario(IN_PLAY)
    tenchi = _uid(game, "tenchi-masaki")
    assert game.on_field(0) == 0  # Ryoko in the Haven does not count (AMB-28) and Tenchi is Bonked
    view = game.view(0)
    shown = next(c for c in view["characters"] if c["uid"] == tenchi)
    assert shown["bonked"] is True and shown["cell"] is None


# ---------------------------------------------------------------------- Destroy, Discard, Defeat (MISC-3)


def test_misc_3_defeated_disaster_goes_to_its_owners_discard_pile() -> None:
    """MISC-3: Discard puts a card in its OWNER's Discard pile. Solo's Ryoga, Mr. Panda and Specs Defeat the
    Goons (3/3) the Other player brought (Solo controls them, AMB-4): 3 + 4 + 2 = 9 against Defense 3; the
    Goons go to the Other's pile, their owner's, not to the controller's."""
    game = _scenario(
        """
        name: owner's discard
        rules: [MISC-3]
        ruleset: classic
        overrides: {charm_combat: false}
        seats:
          - name: Solo
            combat: []
          - name: Other
            combat: []
        field:
          - {cell: [0, 0], card: genom-tower, owner: 0}
          - {cell: [1, 0], card: island-restaurant, owner: 1, under: [antiques]}
          - {cell: [2, 2], card: masaki-house, owner: 0, haven: true}
          - {cell: [2, -2], card: masaki-house, owner: 1, haven: true}
        characters:
          - {card: ryoga-hibiki, owner: 0, at: [0, 0]}
          - {card: mr-panda, owner: 0, at: [0, 0]}
          - {card: specs, owner: 0, at: [0, 0]}
        disasters:
          - {card: goons, owner: 1, controller: 0, at: [0, 0]}
        start: {active: 0, phase: move}
        scripted:
          targets: [ryoga-hibiki]
        actions:
          - done
          - strike ryoga-hibiki mr-panda specs
        """
    )
    goons = _uid(game, "goons")
    assert any(e["e"] == "disaster_defeated" and e["card"] == "goons" for e in game.log)
    s = game.state
    assert goons in s.players[1].discard
    assert goons not in s.players[0].discard and goons not in s.destroyed


def test_misc_3_killed_character_goes_to_its_owners_discard_pile() -> None:
    """MISC-3 and COMBAT-16: Killed means Defeated for good; the card goes to its owner's Discard pile (it
    is not removed from the game). The Other player's Max 5000 (a Minor, 8/3) against Tenchi (D2, Health 2):
    it makes no attack in round 1 (its text); in round 2, 8 - 2 = 6 damage, at least 2x his Health, kills him
    (classic, kill_rule damage_2x)."""
    game = _scenario(
        """
        name: killed
        rules: [MISC-3]
        ruleset: classic
        overrides: {charm_combat: false}
        seats:
          - name: Solo
            combat: []
          - name: Other
        field:
          - {cell: [0, 0], card: genom-tower, owner: 0}
          - {cell: [1, 0], card: island-restaurant, owner: 0, under: [antiques]}
          - {cell: [2, 2], card: masaki-house, owner: 0, haven: true}
          - {cell: [2, -2], card: masaki-house, owner: 1, haven: true}
        characters:
          - {card: tenchi-masaki, owner: 0, at: [0, 0]}
        disasters:
          - {card: max-5000, owner: 1, controller: 1, at: [0, 0]}
        start: {active: 0, phase: move}
        actions:
          - done
          - strike tenchi-masaki
          - strike tenchi-masaki
        """
    )
    tenchi = _uid(game, "tenchi-masaki")
    assert any(e["e"] == "killed" and e["card"] == "tenchi-masaki" for e in game.log)
    s = game.state
    assert tenchi not in s.characters
    assert tenchi in s.players[0].discard and tenchi not in s.players[1].discard and tenchi not in s.destroyed


# ---------------------------------------------------------------------- Locations are never Discarded (CARD-6)


def _random_game(preset: str, seats: int, seed: int) -> tuple[Game, GameConfig]:
    config = GameConfig(
        seats=tuple(
            SeatConfig(deck=DeckList.from_deck(new_deck(seats, preset, seed=seed * 10 + i)), name=f"P{i}")
            for i in range(seats)
        ),
        ruleset=get_ruleset(preset),
        seed=seed,
        max_rounds=40,
    )
    game = Game(config)
    rnd = random.Random(seed)
    steps = 0
    while not game.over:
        steps += 1
        assert steps < 20_000
        game.apply(rnd.choice(game.legal_actions()))
    return game, config


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize(("seats", "seed"), [(1, 3), (2, 7), (3, 11)])
def test_card_6_locations_are_never_discarded_win_7_every_card_goes_back(preset: str, seats: int, seed: int) -> None:
    """CARD-6: Locations are never Discarded (only card text may Destroy one, and no executed card does):
    after a whole random game no Location or Haven card is in a Discard pile or removed from the game, and
    each one still lies on the table. WIN-7: after the game every card can go back to its owner: the cards
    each seat owns are exactly its deck list, each in exactly one zone."""
    game, config = _random_game(preset, seats, seed=seed)
    s = game.state
    assert invariants.problems(game) == []
    places = [u for u, c in enumerate(s.cards) if game.card(u).type in (CardType.LOCATION, CardType.HAVEN)]
    assert places
    for p in s.players:
        assert not [u for u in p.discard if u in places], f"a Location in seat {p.seat}'s Discard pile"
    assert not [u for u in s.destroyed if u in places]
    on_table = set(s.places) | {h for p in s.players for h in p.havens} | set(s.set_aside)
    assert all(u in on_table for u in places)
    for seat, sc in enumerate(config.seats):
        deck = sc.deck
        sections = (deck.characters, deck.havens, deck.locations, deck.items, deck.disasters, deck.draw)
        listed = Counter(c for section in (*sections, deck.combat, deck.aside) for c in section)
        owned = Counter(c for u, c in enumerate(s.cards) if s.owner[u] == seat)
        assert owned == listed, seat


def test_card_6_discard_phase_never_offers_a_location() -> None:
    """CARD-6: the Discard phase offers cards from hand and Characters in the Haven, never a Location or a
    Haven card."""
    game = _scenario(IN_PLAY)
    assert game.decision is not None and game.decision.kind == "discard"
    offered = {game.state.cards[int(a.split()[1][1:])] for a in game.legal_actions() if a.startswith("discard ")}
    assert offered == {"wrath-of-the-eye-of-god", "ryoga-hibiki"}


# ---------------------------------------------------------------------- Charm Combat is an option (MISC-10)


PARLAY = """
name: two players at one Location
rules: [WIN-6, MISC-10]
ruleset: {ruleset}
overrides: {overrides}
seats:
  - name: Solo
    combat: []
    draw: [goons, goons, goons, goons, goons, goons, goons, goons]
  - name: Other
    combat: []
    draw: [goons, goons, goons, goons, goons, goons, goons, goons]
field:
  - {{cell: [0, 0], card: genom-tower, owner: 0}}
  - {{cell: [1, 0], card: island-restaurant, owner: 1, under: [antiques]}}
  - {{cell: [2, 2], card: masaki-house, owner: 0, haven: true}}
  - {{cell: [2, -2], card: masaki-house, owner: 1, haven: true}}
characters:
  - {{card: tenchi-masaki, owner: 0, at: [0, 0]}}
  - {{card: ryoga-hibiki, owner: 1, at: [0, 0]}}
start: {{active: 0, phase: scavenge}}
"""


@pytest.mark.parametrize("preset", PRESETS)
def test_misc_10_charm_combat_is_always_on_outside_5e_and_a_switch_in_5e(preset: str) -> None:
    """MISC-10: 000, 001 and 002 always play Charm Combat, and 5E by default; 5E's option to leave it out is
    the ``charm_combat`` switch. Tenchi and the Other's Ryoga share Genom Tower in Solo's Scavenge phase:
    with Charm Combat Solo may charm-attack Ryoga; without it no charm is offered (the fight still is)."""
    assert get_ruleset(preset).charm_combat
    charm = "charm c{} c{}"
    game = _scenario(PARLAY.format(ruleset=preset, overrides="{}"))
    legal = game.legal_actions()
    assert charm.format(_uid(game, "tenchi-masaki"), _uid(game, "ryoga-hibiki")) in legal
    game = _scenario(PARLAY.format(ruleset=preset, overrides="{charm_combat: false}"))
    legal = game.legal_actions()
    assert not [a for a in legal if a.startswith("charm ")] and "fight 0,0" in legal


# ---------------------------------------------------------------------- solitaire (MISC-11)


def _setup_field(preset: str, seats: int, seed: int) -> Game:
    config = GameConfig(
        seats=tuple(
            SeatConfig(deck=DeckList.from_deck(new_deck(seats, preset, seed=seed + i)), name=f"P{i}")
            for i in range(seats)
        ),
        ruleset=get_ruleset(preset),
        seed=seed,
    )
    game = Game(config)
    rnd = random.Random(seed)
    while game.state.phase == "setup":
        game.apply(rnd.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize(("preset", "locations"), [("classic", 9), ("guia", 9), ("dbz", 7)])
def test_misc_11_solitaire_field_has_the_one_player_location_count(preset: str, locations: int) -> None:
    """MISC-11 and SETUP-4: one player builds the Field from the 1-player count: 9 Locations (000, 002) or 7
    (001); the only opponents are the Disasters, so no charm or fight against another player is offered (a
    charm to free one's own Character from a Disaster's charm, COMBAT-37, is not against a player)."""
    assert required_locations(get_ruleset(preset), 1) == locations
    game = _setup_field(preset, 1, seed=5)
    assert sum(1 for pl in game.state.places.values() if not pl.haven) == locations
    rnd = random.Random(5)
    for _ in range(300):
        if game.over:
            break
        legal = game.legal_actions()
        assert game.decision is not None
        breaking = game.decision.kind == "charm_break"  # freeing one's own Character from a Disaster's charm
        # (a bare "attack" answers which ability a card raises, Algebra or Heavy Gravity Training: not a fight)
        assert not [
            a
            for a in legal
            if a.split()[0] == "fight" or a.startswith("attack ") or (a.startswith("charm ") and not breaking)
        ]
        game.apply(rnd.choice(legal))


def test_misc_11_solitaire_fifth_any_odd_number_of_locations(db: CardDB) -> None:
    """MISC-11 (5E): the solitaire player picks any odd number of Locations; an even number is refused."""
    fifth = get_ruleset("fifth")
    assert required_locations(fifth, 1) is None
    deck = new_deck(1, fifth, seed=4)
    assert check_deck(deck, fifth, 1) == []
    n = deck.count(Section.LOCATIONS)
    assert n % 2 == 1
    ids = {e.card.id for e in deck.entries}
    extra = next(c for c in db.of_type(CardType.LOCATION) if c.id not in ids and c.deck_limit is None)
    more = replace(deck, entries=(*deck.entries, Entry(Section.LOCATIONS, extra, 1)))
    assert "SETUP-4" in {p.rule for p in check_deck(more, fifth, 1)}


# ---------------------------------------------------------------------- deck building (SETUP-1, SETUP-40)


@pytest.mark.parametrize("preset", PRESETS)
def test_setup_1_sets_can_be_mixed_in_one_deck(preset: str) -> None:
    """SETUP-1: Set 0, Set 1 and the DBZ set mix freely in one personal deck; the checker accepts such a
    deck under every preset and the engine deals a game from it."""
    deck = new_deck(2, preset, seed=2)
    sets = {e.card.set for e in deck.entries}
    assert {CardSet.ZERO, CardSet.ONE, CardSet.TWO} <= sets
    assert check_deck(deck, get_ruleset(preset), 2) == []
    game = _setup_field(preset, 2, seed=2)
    assert game.state.phase != "setup"


def _with_more_combat(db: CardDB, deck: Deck, n: int) -> Deck:
    ids = {e.card.id for e in deck.entries}
    extra = [c for c in db.of_type(CardType.COMBAT) if c.id not in ids and c.deck_limit is None][:n]
    assert len(extra) == n
    return replace(deck, entries=(*deck.entries, *(Entry(Section.COMBAT, c, 1) for c in extra)))


def _size(deck: Deck) -> int:
    return sum(e.count for e in deck.entries)


@pytest.mark.parametrize("preset", PRESETS)
def test_setup_40_no_fixed_deck_size(db: CardDB, preset: str) -> None:
    """SETUP-40: no source fixes a deck's total. The checker tests the per-type rules only: a legal deck with
    10 more Combat cards (an open-ended type) is still legal, and none of its problems is about size."""
    r = get_ruleset(preset)
    deck = new_deck(2, r, seed=6)
    bigger = _with_more_combat(db, deck, 10)
    assert _size(bigger) == _size(deck) + 10
    assert check_deck(deck, r, 2) == [] and check_deck(bigger, r, 2) == []


# ---------------------------------------------------------------------- chit card and tokens (CARD-24, SETUP-34)


def test_card_24_the_chit_card_is_no_card_of_the_game(db: CardDB) -> None:
    """CARD-24: the DBZ chit card has no rules effect: it is not in the card data, so a deck file naming it
    is refused, and no deck can bring it into a game."""
    assert not [c for c in db if "chit" in c.name.lower() or "token" in c.name.lower()]
    with pytest.raises(DeckFileError, match="unknown card 'Chit Card'"):
        parse_deck("name: chits\n\n[Draw]\n1 Chit Card\n", db)
    assert len(parse_deck("name: speed\n\n[Draw]\n1 Speed\n", db).entries) == 1  # the same file with a card


def test_setup_34_a_characters_position_is_separate_from_its_card() -> None:
    """SETUP-34: a Character's place on the Field is kept apart from its card (as a token would stand in for
    it): moving changes the instance's position only; the card instance, owner and carried cards stay."""
    game = _scenario(
        """
        name: tokens
        rules: [SETUP-34]
        ruleset: classic
        seats:
          - name: Solo
        field:
          - {cell: [0, 0], card: genom-tower, owner: 0}
          - {cell: [1, 0], card: island-restaurant, owner: 0, under: [antiques]}
          - {cell: [2, 2], card: masaki-house, owner: 0, haven: true}
        characters:
          - {card: tenchi-masaki, owner: 0, at: [0, 0], carried: [keys]}
        start: {active: 0, phase: move}
        """
    )
    s = game.state
    tenchi = _uid(game, "tenchi-masaki")
    before = (s.cards[tenchi], s.owner[tenchi], list(s.characters[tenchi].carried))
    game.apply(f"move c{tenchi} 1,0")
    ch = s.characters[tenchi]
    assert s.places[ch.pos].cell == (1, 0)
    assert (s.cards[tenchi], s.owner[tenchi], list(ch.carried)) == before


# ---------------------------------------------------------------------- cooperation (WIN-6)


def test_win_6_players_may_share_a_location_without_fighting_and_no_deal_binds() -> None:
    """WIN-6: players may agree to leave each other alone (a "Parlay"), and nothing binds them. Two players'
    Characters share Genom Tower: a fight between them is only ever offered, never forced; Solo passes it up
    and nothing happens, and on the Other's turn the same fight is still open to the Other."""
    game = _scenario(PARLAY.format(ruleset="classic", overrides="{charm_combat: false}"))
    assert game.decision is not None and game.decision.seat == 0
    legal = game.legal_actions()
    assert "fight 0,0" in legal and "done" in legal
    game.apply("done")
    assert not any(e["e"] in ("fight_started", "combat_started") for e in game.log)
    for _ in range(20):  # the Other's turn up to its Scavenge phase
        d = game.decision
        assert d is not None
        if d.seat == 1 and "fight 0,0" in game.legal_actions():
            break
        game.apply("done")
    else:
        raise AssertionError("the Other is never offered the fight")
    s = game.state
    assert s.active == 1
    assert {s.places[c.pos].cell for c in s.characters.values()} == {(0, 0)}
