"""No Help! (forbid: join_groups, enter_many; RULES.md TURN-16, TURN-18, DIS-19): the limit of one Character
onto the Field counts each player's own turn, vehicles and groups leaving a Haven count every Character aboard,
and the state keeps it as plain data (clone and hash stay exact)."""

from __future__ import annotations

from animayhem.engine.effects import lasting
from animayhem.engine.game import Game
from animayhem.records.scenario import loads

BOARD = """
name: no help test
ruleset: classic
seats:
  - name: Tom
  - name: Ann
field:
  - {cell: [0, 0], card: genom-tower, owner: 0}
  - {cell: [1, 0], card: hot-springs-house, owner: 0}
  - {cell: [1, 1], card: island-restaurant, owner: 0}
  - {cell: [0, 1], card: masaki-house, owner: 0, haven: true}
  - {cell: [3, 3], card: tank-police-hq, owner: 1}
  - {cell: [3, 4], card: masaki-house, owner: 1, haven: true}
characters:
  - {card: tenchi-masaki, owner: 0, at: [0, 1], carried: [desert-skimmer]}  # no requirement (CARD-13)
  - {card: ryoga-hibiki, owner: 0, at: [0, 1]}
  - {card: kiriya, owner: 0, at: [0, 1]}
disasters:
  - {card: no-help, owner: 0, controller: 0, off_field: true}
start: {active: 0, phase: move}
"""


def _moves(g: Game) -> list[str]:
    return [a for a in g.legal_actions() if a.startswith(("move ", "drive "))]


def test_one_character_a_turn_leaves_the_haven_and_the_limit_is_per_turn() -> None:
    g, _, _, _ = loads(BOARD)
    s = g.state
    tenchi, ryoga, kiriya = (
        next(c.uid for c in s.characters.values() if g.card(c.uid).id == n)
        for n in ("tenchi-masaki", "ryoga-hibiki", "kiriya")
    )
    assert lasting.entries_left(g, 0) == 1 and lasting.entries_left(g, 1) == 1
    legal = _moves(g)
    assert f"move c{ryoga} 1,1" in legal
    assert not any("+" in a for a in legal)  # no group of two or more leaves the Haven for the Field
    skimmer = next(iter(s.characters[tenchi].carried))
    drives = [a for a in legal if a.startswith(f"drive c{skimmer}")]
    assert drives and all(len(a.split()) == 3 for a in drives)  # the vehicle leaves with its driver alone
    copy = g.clone()
    g.apply(f"move c{ryoga} 1,1")
    assert lasting.entries_left(g, 0) == 0 and lasting.entries_left(g, 1) == 1  # only the mover's player
    assert g.state_hash() != copy.state_hash() and g.clone().state_hash() == g.state_hash()
    legal = _moves(g)
    assert not any(a.startswith((f"move c{kiriya} ", f"drive c{skimmer}")) for a in legal)
    assert f"move c{ryoga} 1,0" in legal  # on the Field already, Ryoga may go on with the Movement left
    s.players[0].turns += 1  # the player's next turn: one more may come
    assert lasting.entries_left(g, 0) == 1
    place = s.grid[(1, 1)]
    assert lasting.joins_group(g, 0, place, (kiriya,))  # Ryoga's group there is closed to Kiriya ...
    assert not lasting.joins_group(g, 0, place, (ryoga,)) and not lasting.joins_group(g, 1, place, (kiriya,))
    assert not lasting.joins_group(g, 0, s.grid[(0, 1)], (ryoga,))  # ... and the Haven forms no group


def test_without_the_card_in_play_nothing_is_limited() -> None:
    g, _, _, _ = loads(BOARD.replace("disasters:\n  - {card: no-help, owner: 0, controller: 0, off_field: true}\n", ""))
    assert lasting.entries_left(g, 0) == 6
    assert any("+" in a for a in _moves(g))


RETURN = """
name: no help return test
ruleset: guia
seats:
  - name: Ann
  - name: Bob
field:
  - {cell: [0, 0], card: genom-tower, owner: 0}
  - {cell: [1, 0], card: island-restaurant, owner: 1}
  - {cell: [2, 0], card: tank-police-hq, owner: 0}
  - {cell: [0, 1], card: masaki-house, owner: 0, haven: true}
  - {cell: [2, 1], card: masaki-house, owner: 1, haven: true}
characters:
  - {card: ryoga-hibiki, owner: 0, off_at: [0, 0]}
  - {card: tenchi-masaki, owner: 0, at: [0, 1]}
  - {card: kiriya, owner: 0, at: [2, 0]}
disasters:
  - {card: no-help, owner: 1, controller: 1, off_field: true}
start: {active: 0, phase: move}
"""


def test_coming_back_onto_the_field_is_the_one_entry_and_may_not_join_a_group() -> None:
    g, _, _, _ = loads(RETURN)
    s = g.state
    ryoga, tenchi = (
        next(c.uid for c in s.characters.values() if g.card(c.uid).id == n) for n in ("ryoga-hibiki", "tenchi-masaki")
    )
    legal = g.legal_actions()
    assert f"return c{ryoga} 0,0" in legal and f"return c{ryoga} 1,0" in legal
    assert f"return c{ryoga} 2,0" not in legal  # Kiriya's group stands there (TURN-18 read with No Help!)
    assert f"move c{tenchi} 0,0" in legal
    g.apply(f"return c{ryoga} 1,0")
    assert lasting.entries_left(g, 0) == 0
    assert g.to_move == 0
    assert not any(a.startswith(f"move c{tenchi} ") for a in g.legal_actions())  # Tenchi stays in the Haven
