"""Limited uses (RULES.md CARD-17; engine/effects/uses.py): the uses a bonus has spent are plain data in the
state, the one value pipeline gives nothing for a bonus with no use left, only a bonus that counts is used,
and clone, replay and a card played again from the hand behave. The card scenarios (scenarios/cards/
<weapon>-applies/fails.yaml, speed-*.yaml) play the rounds and moves themselves."""

from __future__ import annotations

from animayhem.agents import make_agent
from animayhem.decks.starters import starter_decks
from animayhem.engine import DeckList, Game, GameConfig, SeatConfig
from animayhem.engine.core.state import USES_COUNTER
from animayhem.engine.effects import abilities, uses
from animayhem.records import record
from animayhem.rules.ruleset import get_ruleset
from scenario_kit import game_of, uid_of

BATTLE = """
    name: uses
    ruleset: {ruleset}
    overrides: {{charm_combat: false}}
    seats:
      - name: Solo
        combat: []
        hand: [{hand}]
    field:
      - {{cell: [0, 0], card: genom-tower, owner: 0}}
      - {{cell: [1, 0], card: masaki-house, owner: 0, haven: true}}
    characters:
      - {{card: adult-gohan, owner: 0, at: [0, 0], carried: [{carried}]}}
    disasters:
      - {{card: happy-tanks, owner: 0, at: [0, 0]}}
    start: {{active: 0, phase: move}}
    """


def _battle(carried: str, ruleset: str = "classic", hand: str = "") -> Game:
    return game_of(BATTLE.format(carried=carried, ruleset=ruleset, hand=hand))


def test_a_carried_bonus_always_has_a_use_left_its_last_use_discards_it() -> None:
    """The value pipeline does not count uses: a card whose last use is spent leaves its bearer at once, so the
    bonus of a card still carried always has a use left; with it gone the bearer's Attack is its own again."""
    g = _battle("leons-boomer-rifle")
    gohan, rifle = uid_of(g, "adult-gohan"), uid_of(g, "leons-boomer-rifle")
    bearer = g.state.characters[gohan]
    assert g.ability(gohan, "attack") == 7 and uses.left(g, rifle) == 3
    for left in (2, 1):
        uses.spend(g, [gohan], "attack")
        assert uses.left(g, rifle) == left and rifle in bearer.carried and g.ability(gohan, "attack") == 7
    uses.spend(g, [gohan], "attack")  # the last use
    assert rifle not in bearer.carried and rifle in g.state.players[0].discard
    assert rifle * 100 + USES_COUNTER not in g.state.counters
    assert g.ability(gohan, "attack") == 5
    assert abilities.values(g, gohan, ("attack",), abilities.reading(g)) == [5]  # the view's path agrees
    uses.spend(g, [gohan], "defense")  # nothing limited boosts its Defense: nothing is spent
    assert g.ability(gohan, "attack") == 5


def test_only_a_bonus_that_counts_is_used() -> None:
    """CARD-12 (000, block_piece): of two guns boosting Attack the second gives nothing, so it spends nothing;
    once the first is gone the second counts."""
    g = _battle("leons-missle-gun, leons-boomer-rifle")
    gohan, gun, rifle = (uid_of(g, c) for c in ("adult-gohan", "leons-missle-gun", "leons-boomer-rifle"))
    assert g.rules.equipment_overlap == "block_piece"
    assert abilities.counted(g, g.state.characters[gohan], "attack") == [gun]
    g.apply("done")
    g.apply(f"strike c{gohan}")
    assert uses.left(g, rifle) == 3 and gun in g.state.players[0].discard
    assert abilities.counted(g, g.state.characters[gohan], "attack") == [rifle]
    assert g.ability(gohan, "attack") == 7


def test_a_game_without_limited_cards_spends_nothing() -> None:
    g = _battle("hand-gun")  # no uses printed: never counted down (its card scenario)
    gohan = uid_of(g, "adult-gohan")
    before = dict(g.state.counters)
    uses.spend(g, [gohan], "attack")
    assert g.state.counters == before and not any(e["e"] == "use_spent" for e in g.log)


def test_a_card_played_again_from_the_hand_has_all_its_uses() -> None:
    g = game_of("""
        name: renew
        ruleset: classic
        seats:
          - name: Solo
            hand: [leons-boomer-rifle]
        field:
          - {cell: [0, 0], card: genom-tower, owner: 0}
          - {cell: [1, 0], card: masaki-house, owner: 0, haven: true}
        characters:
          - {card: adult-gohan, owner: 0, at: [1, 0]}
        start: {active: 0, phase: equip}
        """)
    rifle = uid_of(g, "leons-boomer-rifle")
    g.state.counters[rifle * 100 + USES_COUNTER] = 2  # as if used before it left play
    g.apply(next(a for a in g.legal_actions() if a.startswith(f"play c{rifle}")))
    assert uses.left(g, rifle) == 3


def test_attacking_a_location_uses_an_attack_bonus_fifth() -> None:
    """5E wear (SCAV-16): the group's attack on a Location is a use of each limited Attack bonus in it."""
    g = game_of("""
        name: wear
        ruleset: fifth
        seats:
          - name: Solo
            hand: [yajirobe, al, eddie, farmer-with-shotgun, lunch, kiriya, specs]
        field:
          - {cell: [0, 0], card: hot-legs, owner: 0, under: [keys]}
          - {cell: [1, 0], card: masaki-house, owner: 0, haven: true}
        characters:
          - {card: adult-gohan, owner: 0, at: [0, 0], carried: [leons-boomer-rifle]}
        start: {active: 0, phase: scavenge}
        """)
    rifle = uid_of(g, "leons-boomer-rifle")
    g.apply("assault 0,0")
    hit = next(e for e in g.log if e["e"] == "location_attacked")
    assert hit["attack"] == 7
    assert uses.left(g, rifle) == 2
    assert any(e["e"] == "use_spent" and e["card"] == "leons-boomer-rifle" for e in g.log)


def _seeded_with_a_use() -> Game:
    """A seeded all-AI game with starter decks that hold limited cards, stopped just after a use is spent."""
    decks = starter_decks()
    for seed in range(40):
        seats = tuple(SeatConfig(DeckList.from_deck(decks[n])) for n in ("schoolyard-mayhem", "knight-sabers"))
        g = Game(GameConfig(seats=seats, ruleset=get_ruleset("classic"), seed=seed, max_rounds=30))
        agents = [make_agent("random", seed * 3 + i) for i in range(2)]
        while not g.over:
            seat = g.to_move
            assert seat is not None
            g.apply(agents[seat].choose(g.view(seat), g.legal_actions()))
            if any(e["e"] == "use_spent" for e in g.log[-12:]) and any(
                k % 100 == USES_COUNTER for k in g.state.counters
            ):
                return g
    raise AssertionError("no seeded game spent a use")


def test_uses_spent_survive_clone_and_replay() -> None:
    g = _seeded_with_a_use()
    spent = {k: v for k, v in g.state.counters.items() if k % 100 == USES_COUNTER}
    assert spent
    twin = g.clone()
    assert twin.state_hash() == g.state_hash()
    key = next(iter(spent))
    twin.state.counters[key] += 1  # the clone's counters are its own
    assert g.state.counters[key] == spent[key]
    replayed = record.from_json(record.to_json(g))
    assert replayed.state_hash() == g.state_hash()
    assert {k: v for k, v in replayed.state.counters.items() if k % 100 == USES_COUNTER} == spent
