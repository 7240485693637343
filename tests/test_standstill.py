"""A fight that cannot end (COMBAT-4 with cards; procedures/combat.py ``_standstill``, docs/rulesets.md): Dr. Tofu
keeps his group from being Bonked, Kasumi in play keeps him (and so his group, COMBAT-19) from Running Away, and
Kagato's Defense 8 is beyond their blows. Found by the soak: such fights ran for ever (a 3-seat dbz game past
19,000 rounds). After STANDSTILL rounds in a row that change nothing the fight ends with no result; a fight
whose rounds change something goes on (the condition failing)."""

from __future__ import annotations

from animayhem.engine.game import Game
from animayhem.engine.procedures import combat
from scenario_kit import game_of, uid_of

POSITION = """\
ruleset: classic
overrides: {charm_combat: false}
seats:
  - {name: Ann, hand: [kasumi], draw: [speed, speed, speed, speed], combat: []}
field:
  - {cell: [0, 0], card: masaki-house, owner: 0, haven: true}
  - {cell: [1, 0], card: genom-tower, owner: 0}
  - {cell: [2, 0], card: island-restaurant, owner: 0}
characters:
  - {card: dr-tofu, owner: 0, at: [1, 0]}
  - {card: tenchi-masaki, owner: 0, at: [1, 0]}
disasters:
  - {card: kagato, owner: 0, at: [1, 0]}
start: {active: 0, phase: equip}
"""


def _fight(g: Game, rounds: int) -> int:
    """Plays the fight (strikes only, never a card), at most ``rounds`` decisions; how many it took."""
    n = 0
    while g.decision is not None and g.decision.kind == "combat" and n < rounds:
        assert "run" not in g.legal_actions()  # Kasumi holds Dr. Tofu: his group may not run (CARD-22, COMBAT-19)
        g.apply(next(a for a in g.legal_actions() if a.startswith("strike")))
        n += 1
    return n


def test_a_fight_nobody_can_end_ends_after_rounds_that_change_nothing() -> None:
    g = game_of(POSITION)
    g.apply(f"play c{uid_of(g, 'kasumi')}")
    g.apply("done")  # to the Move phase
    g.apply("done")  # the fight with Kagato starts
    assert g.decision is not None and g.decision.kind == "combat"
    played = _fight(g, 200)
    assert played < 200
    (still,) = [e for e in g.log if e["e"] == "combat_standstill"]
    assert still["card"] == "kagato" and combat.STANDSTILL < still["rounds"] <= combat.STANDSTILL + 3
    assert any(e["e"] == "bonk_warded" for e in g.log)  # Dr. Tofu kept them in play all along
    s = g.state
    assert not any(type(f).__name__ == "Combat" for f in s.agenda)
    kagato, tofu, tenchi = (uid_of(g, c) for c in ("kagato", "dr-tofu", "tenchi-masaki"))
    assert s.disasters[kagato].pos == s.grid[(1, 0)] and s.disasters[kagato].damage == 0
    assert all(s.characters[u].bonked_at < 0 and s.characters[u].damage == 0 for u in (tofu, tenchi))


def test_a_fight_whose_rounds_change_something_goes_on() -> None:
    g = game_of(POSITION)
    g.apply(f"play c{uid_of(g, 'kasumi')}")
    g.apply("done")
    g.apply("done")
    combat_frame = next(f for f in g.state.agenda if type(f).__name__ == "Combat")
    kagato = g.state.disasters[uid_of(g, "kagato")]
    for _ in range(combat.STANDSTILL + 10):  # a blow lands every round: the Disaster's damage keeps changing
        kagato.damage = (kagato.damage + 1) % 3
        if _fight(g, 1) == 0:
            break
    assert not any(e["e"] == "combat_standstill" for e in g.log)
    assert combat_frame in g.state.agenda and combat_frame.still == 0
