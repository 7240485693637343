"""Hooks and verbs behind Zarbon, Dr. Weelo, Guldo, Miso-Cutsun, Tatewaki Kuno, Defense Forces, Dimensional
Vortex and Short Out: what their scenarios (scenarios/cards/) cannot see from the outside."""

from __future__ import annotations

from pathlib import Path

from animayhem.engine.effects import lasting, triggers
from animayhem.records.scenario import load, loads, play, run

CARDS = Path(__file__).resolve().parent.parent / "scenarios" / "cards"


def _uid(game: object, card_id: str) -> int:
    s = game.state  # type: ignore[attr-defined]
    return next(u for u, c in enumerate(s.cards) if c == card_id)


def test_short_out_block_stops_scavenging_the_computer_location_for_four_turns() -> None:
    out = run(CARDS / "short-out-applies.yaml")
    assert out.passed, out.failures
    g = out.game
    s = g.state
    tower = s.grid[(1, 0)]
    group = g.characters_at(s.grid[(0, 0)])
    why = lasting.scavenge_block(g, tower, group)
    assert why is not None and "Short Out" in why
    assert lasting.scavenge_block(g, s.grid[(3, 0)], group) is None  # Washu's Lab needs Computer too, but is farther
    (rec,) = s.lasting
    assert rec.until == s.players[0].turns + 3  # this turn and 3 more


def test_dr_weelo_counts_as_major_only_in_its_planetary_form() -> None:
    g, data, lines, source = load(CARDS / "dr-weelo-fails.yaml")
    weelo = _uid(g, "dr-weelo")
    assert not g.is_major(weelo)
    out = play(g, data, lines, source)
    assert out.passed, out.failures
    d = g.state.disasters[weelo]
    assert g.max_health(weelo) - d.damage == 1
    assert g.is_major(weelo)
    assert g.ability(weelo, "attack") == 8


def test_zarbon_keeps_his_form_once_and_clones_exactly() -> None:
    out = run(CARDS / "zarbon-applies.yaml")
    g = out.game
    zarbon = _uid(g, "zarbon")
    recs = [r for r in g.state.lasting if r.source == zarbon]
    assert len(recs) == 1  # round 4 (the next 2nd round) adds nothing
    c = g.clone()
    assert c.state_hash() == g.state_hash()
    assert c.ability(zarbon, "defense") == 10


def test_vortex_without_a_dimensional_location_sends_them_to_the_farthest() -> None:
    text = (CARDS / "dimensional-vortex-applies.yaml").read_text()
    text = text.replace("card: washus-lab", "card: island-restaurant").replace(
        "card: the-reversed-world", "card: hot-springs-house"
    )
    text = text[: text.index("expect:")]
    g, data, lines, source = loads(text, "vortex-farthest")
    out = play(g, data, lines, source)
    assert out.passed, out.failures
    (ev,) = [e for e in g.log if e["e"] == "vortex"]
    assert ev["how"] == "farthest"
    assert ev["dest"] == [3, 0]  # 3 steps away along the row; the Haven never counts
    assert {c.pos for c in g.state.characters.values()} == {g.state.grid[(3, 0)]}


def test_kuno_keep_out_ends_even_after_he_left_play() -> None:
    out = run(CARDS / "tatewaki-kuno-applies.yaml")
    assert out.passed, out.failures
    kinds = [e["e"] for e in out.game.log]
    assert kinds.index("disaster_discarded") < kinds.index("bonked_returned")


def test_willpower_marks_three_then_leaves_and_the_marks_stay() -> None:
    text = """
name: willpower-three
rules: [DIS-23]
seats: [{name: Solo, combat: []}]
field:
  - {cell: [0, 0], card: tank-police-hq, owner: 0}
  - {cell: [0, 2], card: masaki-house, owner: 0, haven: true}
disasters:
  - {card: willpower, owner: 0, off_field: true}
  - {card: furry-eyes, owner: 0, at: [0, 0]}
  - {card: bugrom-type-1, owner: 0, at: [0, 0]}
  - {card: goons, owner: 0, at: [0, 0]}
  - {card: miso-cutsun, owner: 0, at: [0, 0]}
start: {active: 0, phase: scavenge}
actions: []
"""
    g, *_ = loads(text, "willpower-three")
    s = g.state
    will = _uid(g, "willpower")
    others = [_uid(g, c) for c in ("furry-eyes", "bugrom-type-1", "goons", "miso-cutsun")]
    for u in others[:3]:
        triggers.revealed(g, s.disasters[u])
    assert will not in s.disasters  # Discarded after its 3rd mark
    assert [lasting.recycled(g, u) for u in others] == [True, True, True, False]
    triggers.revealed(g, s.disasters[others[3]])  # nobody marks the 4th
    assert not lasting.recycled(g, others[3])


def test_demon_hordes_gives_movement_too_and_joins_only_once() -> None:
    g, *_ = load(CARDS / "demon-hordes-applies.yaml")
    g.apply("scavenge 0,0")  # the scenario's first step only: Furry Eyes turned up, Demon Hordes joins it
    s = g.state
    furry = _uid(g, "furry-eyes")
    hordes = _uid(g, "demon-hordes")
    assert g.ability(furry, "movement") == 6  # 4 + 2: the Horde bonus of DIS-28 is Attack and Defense only
    assert g.max_health(furry) == 4
    (rec,) = [r for r in s.lasting if r.source == hordes]
    triggers.other_enters(g, s.disasters[furry])  # a second call joins nothing more
    assert [r for r in s.lasting if r.source == hordes] == [rec]


def test_observation_droid_shows_the_hand_to_the_other_seat_for_two_turns() -> None:
    out = run(CARDS / "observation-droid-applies.yaml")
    assert out.passed, out.failures
    g = out.game
    tom = g.view(1)["players"][0]
    assert tom.get("hand_open") is True
    assert [c["card"] for c in tom["hand"]] == [g.state.cards[u] for u in g.state.players[0].hand]
    assert "hand" not in g.view(0)["players"][1]  # Ann's hand stays hidden
    (rec,) = g.state.lasting
    assert rec.until == g.state.players[0].turns + 1  # this turn and Tom's next one (DIS-19)
    g.state.players[0].turns = rec.until
    lasting.expire(g, 0)  # the end of Tom's second turn
    assert "hand" not in g.view(1)["players"][0]
