"""Set-up, turn structure and Field geometry driven through the engine (RULES.md §1b-§1f, §2, §3b)."""

from __future__ import annotations

import dataclasses
import random
from itertools import pairwise

import pytest

from animayhem.cards.model import CardType
from animayhem.decks.starters import starter_decks
from animayhem.engine import DeckList, Game, GameConfig, SeatConfig
from animayhem.engine.core.field import neighbours
from animayhem.engine.procedures.disasters import path
from animayhem.engine.procedures.scavenge import scavengeable
from animayhem.engine.procedures.turn import destinations
from animayhem.rules.ruleset import get_ruleset


def decks_for(players: int) -> list[DeckList]:
    fitting = [d for d in starter_decks().values() if players in d.players]
    return [DeckList.from_deck(fitting[i % len(fitting)]) for i in range(players)]


def new_game(players: int = 2, ruleset: str = "classic", layout: str = "grid", seed: int = 1) -> Game:
    seats = tuple(SeatConfig(d) for d in decks_for(players))
    return Game(GameConfig(seats=seats, ruleset=get_ruleset(ruleset), layout=layout, seed=seed))  # type: ignore[arg-type]


def through_setup(g: Game, rnd: random.Random, check: object = None) -> None:
    while g.state.phase == "setup" and not g.over:
        if callable(check):
            check(g)
        g.apply(rnd.choice(g.legal_actions()))


@pytest.mark.parametrize(("ruleset", "adjacency"), [("classic", 8), ("guia", 4)])
def test_setup_23_24_locations_touch_a_location(ruleset: str, adjacency: int) -> None:
    """SETUP-23, SETUP-24, AMB-1: the first Location goes at 0,0; every later one touches a Location."""
    g = new_game(2, ruleset)
    rnd = random.Random(3)
    seen_first = False

    def check(game: Game) -> None:
        nonlocal seen_first
        d = game.decision
        if d is None or d.kind != "place":
            return
        cells = [tuple(int(v) for v in a.split()[1].split(",")) for a in d.actions]
        locs = {p.cell for p in game.state.places.values() if not p.haven}
        if not locs:
            assert cells == [(0, 0)]
            seen_first = True
            return
        for c in cells:
            assert c not in game.state.grid
            assert any(n in locs for n in neighbours(c, adjacency)), c

    through_setup(g, rnd, check)
    assert seen_first


def test_setup_25_26_28_29_30_stacks_and_owners() -> None:
    """SETUP-25 (owners), SETUP-26 (Haven next to a Location), SETUP-28, SETUP-29, SETUP-30 (1 Item at the
    bottom, 2 Disasters on top), SETUP-22 (separate Combat piles), SETUP-32 (7 cards, no Disaster),
    SETUP-33 (starting Characters in the Haven), SETUP-41 (000's order of steps)."""
    g = new_game(2)
    through_setup(g, random.Random(5))
    s = g.state
    for place in s.places.values():
        assert place.owner == s.owner[place.uid]
        if place.haven:
            assert any(n in s.grid and not s.places[s.grid[n]].haven for n in neighbours(place.cell, 8)), (
                "a Haven touches a Location"
            )
            continue
        kinds = [g.card(u).type for u in place.under]
        assert kinds[0] is CardType.ITEM and kinds.count(CardType.ITEM) == 1
        assert sum(1 for k in kinds if k.is_disaster) == 2 and all(k.is_disaster for k in kinds[1:])
    for p in s.players:
        assert len(p.hand) == 7 and not any(g.is_disaster(u) for u in p.hand)
        assert all(g.card(u).type is CardType.COMBAT for u in p.combat)
        assert not any(g.card(u).type is CardType.COMBAT for u in p.draw)
        mine = [c for c in s.characters.values() if c.owner == p.seat]
        assert 1 <= len(mine) <= 4 and all(c.pos == p.havens[0] for c in mine)  # "up to 4" (CONF-54)
    order = [e["e"] for e in g.log]
    firsts = [
        order.index(k)
        for k in (
            "location_placed",
            "haven_placed",
            "item_placed",
            "disasters_placed",
            "character_started",
            "hand_drawn",
            "turn_started",
        )
    ]
    assert firsts == sorted(firsts)


def test_conf_15_dbz_places_items_under_own_and_disasters_under_others() -> None:
    """CONF-15 / SETUP-28 / SETUP-29 under dbz: Items under your own Locations, Disasters under others'."""
    g = new_game(2, "dbz")
    through_setup(g, random.Random(2))
    s = g.state
    for place in s.places.values():
        if place.haven:
            continue
        items = [u for u in place.under if g.is_item(u)]
        disasters = [u for u in place.under if g.is_disaster(u)]
        assert all(s.owner[u] == place.owner for u in items)
        assert all(s.owner[u] != place.owner for u in disasters)


def test_setup_35_36_37_38_lines_layout() -> None:
    """SETUP-35, SETUP-36, SETUP-37, SETUP-38, AMB-3: one row of lines, each Haven next to its owner's
    line, Items and Disasters under one's own Locations, one chained Disaster path from right to left."""
    g = new_game(2, "classic", "lines")
    through_setup(g, random.Random(4))
    s = g.state
    locations = sorted((p for p in s.places.values() if not p.haven), key=lambda p: p.cell)
    assert {p.cell[1] for p in locations} == {0}
    owners = [p.owner for p in locations]
    assert owners == sorted(owners, key=lambda o: owners.index(o))  # each player's line is contiguous
    for place in s.places.values():
        if place.haven:
            assert any(
                n in s.grid and s.places[s.grid[n]].owner == place.owner and not s.places[s.grid[n]].haven
                for n in neighbours(place.cell, 8)
            )
        else:
            assert all(s.owner[u] == place.owner for u in place.under)
    assert [s.places[u].cell for u in path(g, 0)] == [p.cell for p in reversed(locations)]


def test_turn_2_3_28_sequential_turns_and_phase_order() -> None:
    """TURN-2 (phase order), TURN-3 (classic: whole turns one after another), TURN-28 / AMB-53 (first player
    drawn by the game's RNG, then to the left)."""
    firsts = {new_game(2, seed=s).state.first for s in range(12)}
    assert firsts == {0, 1}
    g = new_game(2, seed=7)
    rnd = random.Random(7)
    phases: list[tuple[int, str]] = []
    while not g.over and g.state.round < 3:
        if g.state.phase != "setup" and (not phases or phases[-1] != (g.state.active, g.state.phase)):
            phases.append((g.state.active, g.state.phase))
        g.apply(rnd.choice(g.legal_actions()))
    starts = [e["seat"] for e in g.log if e["e"] == "turn_started"]
    assert starts[:4] == [g.state.first, 1 - g.state.first] * 2
    rank = {"discard": 0, "equip": 3, "move": 4, "scavenge": 5}
    for seat in (0, 1):
        mine = [rank[p] for s, p in phases if s == seat and p in rank]
        # within a turn the phases only go forward; a new turn starts again at discard
        assert all(b >= a or b == 0 for a, b in pairwise(mine))


def test_turn_4_dbz_rotates_the_first_player_every_round() -> None:
    """TURN-4, CONF-13, CONF-14: under dbz the first seat moves left each round and round 1 skips the
    Maintenance phases."""
    g = new_game(3, "dbz", seed=2)
    rnd = random.Random(2)
    firsts = []
    while not g.over and g.state.round < 4:
        if not firsts or firsts[-1][0] != g.state.round:
            firsts.append((g.state.round, g.state.first))
        g.apply(rnd.choice(g.legal_actions()))
    seq = [f for _, f in firsts if _ >= 0]
    assert all((b - a) % 3 == 1 for a, b in pairwise(seq))
    first_round = [e for e in g.log if e["turn"] == 1]
    assert not any(e["e"] in ("discarded", "disaster_drawn", "card_drawn") for e in first_round)


def test_dis_5_34_11_paths_skip_havens_and_destroyed_locations() -> None:
    """DIS-5, DIS-34 (Havens never on the path), DIS-11 / CONF-40 (Destroyed Locations: skipped under
    classic, kept under fifth), SCAV-20 (nobody stops on a Destroyed Location), SCAV-21 (no Scavenging a
    Haven), AMB-2 (the second seat walks the other way)."""
    for ruleset, kept in (("classic", False), ("fifth", True)):
        g = new_game(2, ruleset, seed=3)
        through_setup(g, random.Random(3))
        s = g.state
        p0, p1 = path(g, 0), path(g, 1)
        assert not any(s.places[u].haven for u in p0)
        assert sorted(p0) == sorted(p1) and p0 != p1
        victim = p0[1]
        s.places[victim].destroyed = True
        s.field_version += 1
        assert (victim in path(g, 0)) is kept
        for ch in s.characters.values():
            assert s.places[victim].cell not in destinations(g, ch)
        for seat in (0, 1):
            assert all(not s.places[s.grid[c]].haven for c in scavengeable(g, seat))


def test_dis_2_combat_disaster_definition_per_preset() -> None:
    """DIS-2, CONF-12b: 000 calls a Disaster with Attack and Defense a Combat Disaster; 001 and 5E also need
    Movement. Checked for every Disaster instance of games under both readings."""
    from animayhem.cards.build import load_curation

    curated = set(load_curation().combat_disasters)
    for ruleset in ("classic", "dbz"):
        g = new_game(3, ruleset)
        for uid, card_id in enumerate(g.state.cards):
            card = g.db.by_id(card_id)
            if card.disaster is None or card.number in curated:
                continue
            expected = card.attack is not None and card.defense is not None
            if ruleset == "dbz":
                expected = expected and card.movement is not None
            assert g.is_combat_disaster(uid) == expected, card.name


def test_win_1_the_disasters_are_a_scorer() -> None:
    """WIN-1, WIN-2: each player scores, and the Disasters score every Item Destroyed or Discarded."""
    g = new_game(1, seed=11)
    rnd = random.Random(11)
    while not g.over:
        g.apply(rnd.choice(g.legal_actions()))
    res = g.result
    assert res is not None
    t = res["tally"]
    assert t["disasters"] == len(g.state.disaster_items)
    assert res["disasters_win"] == (not res["winners"])


def test_dis_28_horde_bonuses_ex_8() -> None:
    """DIS-28, EX-8a (000 L280) and EX-8b (5E p.16): each other like Horde gives +1/+1; Hordes of one kind
    boost each other; a Horde does not boost itself; Alien Invasion Force and Bugrom Horde share only Horde."""
    from animayhem.engine.effects import abilities
    from animayhem.records.scenario import loads

    text = """
seats: [{name: Solo}]
field:
  - {cell: [0, 0], card: genom-tower, owner: 0}
  - {cell: [0, 1], card: masaki-house, owner: 0, haven: true}
disasters:
  - {card: bugrom-type-1, owner: 0, at: [0, 0]}
  - {card: bugrom-horde, owner: 0, at: [0, 0]}
  - {card: bugrom-horde, owner: 0, at: [0, 0]}
  - {card: alien-invasion-force, owner: 0, at: [0, 0]}
  - {card: dr-weelos-bio-men, owner: 0, at: [0, 0]}
  - {card: dr-weelos-bio-men, owner: 0, at: [0, 0]}
  - {card: ebi-furiya, owner: 0, at: [0, 0]}
start: {active: 0, phase: move}
"""
    game, _, _, _ = loads(text)
    bonus: dict[str, list[int]] = {}
    for d in game.state.disasters.values():
        bonus.setdefault(game.state.cards[d.uid], []).append(abilities.horde_bonus(game, d.uid))
    assert bonus["bugrom-type-1"] == [2]
    assert bonus["bugrom-horde"] == [1, 1]
    assert bonus["alien-invasion-force"] == [0]
    assert bonus["dr-weelos-bio-men"] == [1, 1]
    assert bonus["ebi-furiya"] == [2]
    t1 = next(d.uid for d in game.state.disasters.values() if game.state.cards[d.uid] == "bugrom-type-1")
    assert (game.ability(t1, "attack"), game.ability(t1, "defense")) == (5, 5)


def test_setup_31_unused_items_are_out_of_the_game() -> None:
    """SETUP-31: Items not placed under a Location during set-up leave the game (set aside, face down to
    all); none reaches a Draw pile or a hand. Each seat here brings two Items more than its Locations take."""
    decks = decks_for(2)
    extra = [dataclasses.replace(d, items=(*d.items, *d.items[:2])) for d in decks]
    g = Game(GameConfig(seats=tuple(SeatConfig(d) for d in extra), ruleset=get_ruleset("classic"), seed=4))
    through_setup(g, random.Random(4))
    s = g.state
    items = {u for u in range(len(s.cards)) if g.is_item(u)}
    placed = {u for pl in s.places.values() for u in pl.under if u in items}
    left = items - placed
    assert len(left) == 4 and left <= set(s.set_aside)
    assert not any(u in items for p in s.players for u in (*p.draw, *p.hand))
    assert s.items_total == len(placed)
