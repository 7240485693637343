"""The heuristic protects Items (WIN-2: every Item Destroyed counts for the Disasters): a carrier its group can
do without banks its Items in the Haven, groups without Items hunt a Disaster carrying one off, and a fight
the target loses either way is fought rather than run from. Each case has its counterpart where the
condition fails and the heuristic does the other thing."""

from __future__ import annotations

from animayhem.agents.heuristic import HeuristicAgent
from animayhem.engine.game import Game
from scenario_kit import game_of, uid_of

# Cest Lavie (Streetwise or Seduction) has a card under it; the Haven is next door. Lunch (Streetwise,
# Seduction) carries Keys; the mate named here stands with her.
BANK = """\
ruleset: classic
seed: 1
seats:
  - name: Solo
field:
  - {{cell: [0, 0], card: cest-lavie, owner: 0, under: [cross]}}
  - {{cell: [3, 0], card: island-restaurant, owner: 0, under: [compact]}}
  - {{cell: [1, 0], card: masaki-house, owner: 0, haven: true}}
characters:
  - {{card: lunch, owner: 0, at: [0, 0], carried: [{items}]}}
  - {{card: {mate}, owner: 0, at: [0, 0]}}
start: {{active: 0, phase: move}}
"""


def _choice(g: Game, agent: HeuristicAgent | None = None) -> str:
    seat = g.to_move
    assert seat is not None
    return (agent or HeuristicAgent(0)).choose(g.view(seat), g.legal_actions())


def test_a_carrier_its_group_can_do_without_walks_home_to_bank_the_item() -> None:
    g = game_of(BANK.format(items="keys", mate="sylvie"))  # Sylvie's Seduction meets Cest Lavie alone
    home = f"move c{uid_of(g, 'lunch')} 1,0"
    assert home in g.legal_actions()
    assert _choice(g) == home
    g.apply(home)
    assert _choice(g) == f"store c{uid_of(g, 'keys')}"  # in the Haven the Item is stored (DIS-34)


def test_a_carrier_the_requirement_needs_stays_unless_it_carries_several_items() -> None:
    # Bubbles (Strength, Speed) cannot meet Cest Lavie: Lunch, with one Item, stays to Scavenge it
    g = game_of(BANK.format(items="keys", mate="bubbles"))
    assert _choice(g) != f"move c{uid_of(g, 'lunch')} 1,0"
    # with two Items she is worth more at home than in the Scavenge
    g = game_of(BANK.format(items="keys, cross", mate="bubbles"))
    assert _choice(g) == f"move c{uid_of(g, 'lunch')} 1,0"


# A Combat Disaster carries Cross away from Cest Lavie (nothing under it any more); our group stands next to
# it at Genom Tower, whose requirement it does not meet, so nothing else calls it.
HUNT = """\
ruleset: classic
seed: 1
seats:
  - name: Solo
field:
  - {{cell: [0, 0], card: cest-lavie, owner: 0}}
  - {{cell: [1, 0], card: genom-tower, owner: 0, under: [keys]}}
  - {{cell: [2, 0], card: masaki-house, owner: 0, haven: true}}
characters:
  - {{card: lunch, owner: 0, at: [1, 0]}}
  - {{card: agent-d, owner: 0, at: [1, 0]}}
  - {{card: kiriya, owner: 0, at: [1, 0]}}
disasters:
  - {{card: {disaster}, owner: 0, at: [0, 0], item: cross}}
start: {{active: 0, phase: move}}
"""


def test_a_group_hunts_a_disaster_carrying_an_item_it_can_defeat() -> None:
    g = game_of(HUNT.format(disaster="goons"))  # Attack 3, Defense 3: our 3 + 3 + 3 Defeat it in a round
    assert _choice(g).endswith(" 0,0") and _choice(g).startswith("move c")
    no_hunt = HeuristicAgent(0)
    no_hunt.hunt = 0.0
    assert not _choice(g, no_hunt).endswith(" 0,0")  # the bonus is what sends it


def test_a_disaster_too_strong_to_defeat_is_left_alone_even_with_an_item() -> None:
    g = game_of(HUNT.format(disaster="recoom"))  # Defense 6, Health 14: 3 damage a round, 5 rounds: too slow
    assert not _choice(g).endswith(" 0,0")


# Our one Character walks onto a Combat Disaster: when the Move phase ends it attacks (COMBAT-23).
COMBAT = """\
ruleset: classic
seed: 1
seats:
  - name: Solo
field:
  - {{cell: [0, 0], card: cest-lavie, owner: 0, under: [cross]}}
  - {{cell: [1, 0], card: genom-tower, owner: 0, under: [keys]}}
  - {{cell: [2, 0], card: masaki-house, owner: 0, haven: true}}
characters:
  - {{card: {character}, owner: 0, at: [1, 0]}}
disasters:
  - {{card: {disaster}, owner: 0, at: [0, 0]}}
start: {{active: 0, phase: move}}
"""


def _combat(character: str, disaster: str) -> Game:
    g = game_of(COMBAT.format(character=character, disaster=disaster))
    g.apply(f"move c{uid_of(g, character)} 0,0")
    while g.decision is not None and g.decision.kind != "combat":
        g.apply("done")
    assert g.decision is not None and g.decision.kind == "combat"
    return g


def test_strikes_when_running_away_would_bonk_the_target_anyway() -> None:
    # Happy Tanks' Attack 5 against Tenchi's Defense 2 and Health 2: its parting shot Bonks him (COMBAT-19)
    g = _combat("tenchi-masaki", "happy-tanks")
    assert _choice(g) == f"strike c{uid_of(g, 'tenchi-masaki')}"


def test_runs_when_the_parting_shot_leaves_the_target_standing() -> None:
    # Goons' Attack 3 against Bubbles' Defense 3: running costs nothing, and her Attack 0 cannot win
    g = _combat("bubbles", "goons")
    assert _choice(g) == "run"
