"""Cards of the second wave of issue 21 (part a) whose behaviour spans more than one scenario can show: Ross'
Battle Suit keeps its count of damage from one fight to the next (engine/effects/bearer.py ``worn_out``)."""

from __future__ import annotations

from animayhem.engine.core.state import EQUIP_COUNTER, USES_COUNTER, WEAR_COUNTER
from animayhem.engine.game import Game
from scenario_kit import game_of, uid_of


def _suit_fight() -> Game:
    """Naomi Armitage in the suit (Defense 4, Health 8) at Genom Tower with Happy Tanks (Attack 5: 1 damage a
    round, nothing taken back)."""
    return game_of(
        """
        name: suit
        ruleset: classic
        seats:
          - name: Solo
            combat: []
        field:
          - {cell: [0, 0], card: genom-tower, owner: 0}
          - {cell: [1, 0], card: masaki-house, owner: 0, haven: true}
          - {cell: [0, 1], card: genom-tower, owner: 0}
        characters:
          - {card: naomi-armitage, owner: 0, at: [0, 0], carried: [ross-battle-suit]}
        disasters:
          - {card: happy-tanks, owner: 0, at: [0, 0]}
        start: {active: 0, phase: move}
        """,
    )


def test_the_damage_of_a_fight_is_kept_against_the_suit_after_it_heals() -> None:
    g = _suit_fight()
    suit = uid_of(g, "ross-battle-suit")
    naomi = g.state.characters[uid_of(g, "naomi-armitage")]
    g.apply("done")
    for _ in range(3):
        g.apply(next(a for a in g.legal_actions() if a.startswith("strike c")))
    assert naomi.damage == 3 and g.state.counters.get(suit * 100 + WEAR_COUNTER) is None  # counted at the end
    g.apply("run")  # the last attack: 4 in all
    g.apply(next(a for a in g.legal_actions() if a.startswith("runto")))
    assert naomi.damage == 0  # healed (COMBAT-13)
    assert g.state.counters[suit * 100 + WEAR_COUNTER] == 4
    assert suit in naomi.carried


def test_a_later_fight_finishes_the_suit_off() -> None:
    """With 7 counted from earlier fights, the first point of damage of the next fight Discards it."""
    g = _suit_fight()
    suit = uid_of(g, "ross-battle-suit")
    naomi = g.state.characters[uid_of(g, "naomi-armitage")]
    g.state.counters[suit * 100 + WEAR_COUNTER] = 7
    g.apply("done")
    g.apply(next(a for a in g.legal_actions() if a.startswith("strike c")))
    assert suit not in naomi.carried and suit in g.state.players[0].discard
    assert suit * 100 + WEAR_COUNTER not in g.state.counters
    assert any(e["e"] == "card_removed" and e["card"] == "ross-battle-suit" for e in g.log)


def _cube(spent: int) -> Game:
    """Nene Romanova carries a Control Cube through which ``spent`` pieces have been played already."""
    g = game_of("""
        name: cube
        ruleset: classic
        seats:
          - name: Solo
            hand: [comm-goggles]
        field:
          - {cell: [0, 0], card: genom-tower, owner: 0}
          - {cell: [1, 0], card: masaki-house, owner: 0, haven: true}
        characters:
          - {card: nene-romanova, owner: 0, at: [0, 0], carried: [control-cube]}
        start: {active: 0, phase: discard}
        """)
    assert g.decision is not None and g.decision.kind == "discard", g.decision
    if spent:
        g.state.counters[uid_of(g, "control-cube") * 100 + EQUIP_COUNTER] = spent
    g.apply("done")  # on to the Equip phase, its options worked out with the count
    assert g.decision is not None and g.decision.kind == "equip", g.decision
    return g


def test_three_pieces_go_through_a_control_cube_and_no_more() -> None:
    g = _cube(2)
    cube, goggles = uid_of(g, "control-cube"), uid_of(g, "comm-goggles")
    nene = uid_of(g, "nene-romanova")
    g.apply(f"play c{goggles} c{nene}")  # the third piece
    assert goggles in g.state.characters[nene].carried
    assert g.state.counters[cube * 100 + EQUIP_COUNTER] == 3
    g = _cube(3)
    assert not any(a.startswith("play ") for a in g.legal_actions())  # a fourth is refused


def test_a_piece_played_in_the_haven_is_not_counted() -> None:
    g = _cube(0)
    nene = g.state.characters[uid_of(g, "nene-romanova")]
    nene.pos = next(p.uid for p in g.state.places.values() if p.haven)
    g.apply(f"play c{uid_of(g, 'comm-goggles')} c{nene.uid}")
    assert uid_of(g, "control-cube") * 100 + EQUIP_COUNTER not in g.state.counters


def test_the_day_planner_is_discarded_with_its_second_use() -> None:
    """Two Scavenges with one Skill missing spend its two printed uses; the second Discards it (CARD-17)."""
    g = game_of("""
        name: planner
        ruleset: classic
        seats:
          - name: Solo
        field:
          - {cell: [0, 0], card: funaho-the-holy-tree, owner: 0, under: [keys]}
          - {cell: [1, 0], card: masaki-house, owner: 0, haven: true}
        characters:
          - {card: nene-romanova, owner: 0, at: [0, 0], carried: [electronic-day-planner]}
        start: {active: 0, phase: scavenge}
        """)
    planner = uid_of(g, "electronic-day-planner")
    nene = g.state.characters[uid_of(g, "nene-romanova")]
    g.state.counters[planner * 100 + USES_COUNTER] = 1  # one use spent already
    g.apply("scavenge 0,0")
    assert planner not in nene.carried and planner in g.state.players[0].discard
    assert any(e["e"] == "uses_run_out" and e["card"] == "electronic-day-planner" for e in g.log)
