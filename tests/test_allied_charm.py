"""Charm against an allied pair (RULES.md COMBAT-39, DIS-26's charm bullet) where a scenario is awkward:
playing on past a scenario's end, the bonus read against one Character, ties, and the end of the fight."""

from __future__ import annotations

from pathlib import Path

from animayhem.engine.effects import abilities
from animayhem.engine.game import Game
from animayhem.engine.procedures import allied_charm, charm
from animayhem.records.scenario import loads, play, run

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


def _played(name: str) -> Game:
    outcome = run(SCENARIOS / name)
    assert outcome.passed, outcome.failures
    return outcome.game


def _uid(g: Game, card_id: str) -> int:
    return next(
        u for u, c in enumerate(g.state.cards) if c == card_id and (u in g.state.characters or u in g.state.disasters)
    )


def test_the_loser_strikes_again_once_the_pair_attacks_it() -> None:
    g = _played("combat-39-charm-lost-to-ally-classic.yaml")
    ryoko, akane = _uid(g, "ryoko"), _uid(g, "akane-tendo")
    kiriya, kodachi = _uid(g, "kiriya-the-phantom-assassin"), _uid(g, "kodachi-kuno-the-black-rose")
    assert not charm.may_strike(g, akane, kiriya, 1)  # lost to the ally: barred from the primary too
    g.scripted_targets = ["akane-tendo"]
    g.apply(f"strike c{ryoko}")  # round 1: Kiriya 7 against Ryoko's 4
    assert g.state.characters[ryoko].damage == 3
    legal = g.legal_actions()
    assert f"strike c{ryoko} c{akane}" in legal  # round 2: Kiriya attacked Akane, she is free
    assert f"strike c{akane}" in legal
    assert charm.may_strike(g, akane, kiriya, 2)
    assert not [x for x in g.state.charms if x.kind == "lost" and x.b == kodachi]


def test_the_bonus_is_withheld_only_against_the_charmer_of_the_ally() -> None:
    g = _played("ex-09-allied-disasters-charm-classic.yaml")
    ryoko, akane = _uid(g, "ryoko"), _uid(g, "akane-tendo")
    kiriya = _uid(g, "kiriya-the-phantom-assassin")
    for ability in ("attack", "defense"):
        assert abilities.value(g, kiriya, ability, against=ryoko) == 5
        assert abilities.value(g, kiriya, ability, against=akane) == 7
        assert abilities.value(g, kiriya, ability) == 7
        assert g.ability(kiriya, ability) == 7  # what the views show: the pair as everyone else meets it
    view = g.view(0)
    assert {"kind": "unallied", "a": ryoko, "b": _uid(g, "kodachi-kuno-the-black-rose"), "margin": 0} in view["charms"]


def test_the_relations_end_with_the_fight_and_the_freed_ally_charms_afresh() -> None:
    g = _played("ex-09-allied-disasters-charm-classic.yaml")
    ryoko, akane = _uid(g, "ryoko"), _uid(g, "akane-tendo")
    kodachi = _uid(g, "kodachi-kuno-the-black-rose")
    g.scripted_targets = ["ryoko"]  # Kodachi's own charm part, once she fights alone
    g.apply(f"strike c{ryoko} c{akane}")  # round 3: 8 against Kiriya's 5 (against Ryoko): Health 2 -> -1
    kinds = [e["e"] for e in g.log]
    assert "disaster_defeated" in kinds and "ally_freed" in kinds
    assert not [x for x in g.state.charms if x.kind == "unallied"]
    assert g.state.disasters[kodachi].ally_of < 0
    contests = [e for e in g.log if e["e"] == "charm_contest"]
    assert len(contests) == 2 and contests[-1]["attacker_uid"] == kodachi  # a new fight opens with charm


def test_a_tie_in_charm_goes_to_the_primary() -> None:
    """The position of EX-9 with 33-S Sexaroid (Charm 7) as the primary instead of Kiriya (no Charm): Kodachi
    (Charm 7) allies with it, the two tie, and the primary plays the pair's charm part (COMBAT-39)."""
    text = (SCENARIOS / "ex-09-allied-disasters-charm-classic.yaml").read_text()
    text = text.replace("kiriya-the-phantom-assassin", "33-s-sexaroid").split("actions:")[0]
    text += "actions:\n  - done\n  - move ryoko 2,1\n  - move akane-tendo 2,1\n  - done\n"
    game, data, lines, source = loads(text)
    outcome = play(game, data, lines, source)
    assert not outcome.failures
    g = outcome.game
    sexaroid, kodachi = _uid(g, "33-s-sexaroid"), _uid(g, "kodachi-kuno-the-black-rose")
    assert allied_charm.pair(g, sexaroid) == [sexaroid, kodachi]
    assert [abilities.printed(g, u, "charm") for u in (sexaroid, kodachi)] == [7, 7]
    assert allied_charm.charmer(g, sexaroid) == sexaroid
    contests = [e for e in g.log if e["e"] == "charm_contest"]
    assert len(contests) == 1 and contests[0]["attacker_uid"] == sexaroid
    # where the primary has no Charm (EX-9 itself), the ally plays it
    ex9 = _played("ex-09-allied-disasters-charm-classic.yaml")
    kiriya = _uid(ex9, "kiriya-the-phantom-assassin")
    assert allied_charm.charmer(ex9, kiriya) == _uid(ex9, "kodachi-kuno-the-black-rose")


def test_everyone_charmed_by_the_ally_the_primary_takes_the_item_and_leaves() -> None:
    """DIS-33 with a pair: the primary (which carries the pair's Item, AMB-35) steals, spares and leaves."""
    text = (SCENARIOS / "combat-39-charm-lost-to-ally-classic.yaml").read_text()
    text = text.replace("  - {card: ryoko, owner: 0, at: [4, 2]}\n", "")
    text = text.replace(
        "{card: akane-tendo, owner: 0, at: [4, 2]}", "{card: akane-tendo, owner: 0, at: [4, 2], carried: [keys]}"
    )
    text = text.replace("  - move ryoko 2,1\n", "").replace("  - decline   # no break attempt\n", "")
    text = text.split("expect:")[0]
    game, data, lines, source = loads(text)
    outcome = play(game, data, lines, source)
    assert not outcome.failures
    g = outcome.game
    kiriya, kodachi = _uid(g, "kiriya-the-phantom-assassin"), _uid(g, "kodachi-kuno-the-black-rose")
    akane = _uid(g, "akane-tendo")
    lost = [e for e in g.log if e["e"] == "charm_all_lost"]
    assert len(lost) == 1 and lost[0]["uid"] == kiriya
    assert g.state.cards[g.state.disasters[kiriya].item] == "keys"
    assert g.state.disasters[kodachi].item < 0
    assert not g.carried_items(g.state.characters[akane])
    assert g.state.disasters[kiriya].expires >= 0
    assert not [e for e in g.log if e["e"] == "disaster_attacks"]  # it leaves her alone: the fight ends


def test_guia_beating_the_ally_gives_no_unanswered_attack_and_no_theft() -> None:
    """002: the target is the lowest Charm, ties to the highest Attack (Ryoko C3 A4 before Tenchi C3 A2).
    Ryoko beats Kodachi 3 + 3 = 6 against 7 - 3 = 4: the ally's bonus goes against her only; 002's win
    (an unanswered attack, stealing the Disaster's Item) is not played on an attached ally."""
    text = (SCENARIOS / "combat-39-charm-allied-pair-guia.yaml").read_text()
    text = text.replace(
        "{card: super-saiyan-goku, owner: 0, at: [1, 1], carried: [keys]}",
        "{card: tenchi-masaki, owner: 0, at: [1, 1]}",
    )
    text = text.replace("move super-saiyan-goku 2,1", "move tenchi-masaki 2,1")
    text = text.replace("    combat: []\n", "    combat: [too-much-sun-nabbed, be-with-you-hangin-around]\n")
    text = text.split("expect:")[0]
    game, data, lines, source = loads(text)
    outcome = play(game, data, lines, source)
    assert not outcome.failures
    g = outcome.game
    ryoko, tenchi = _uid(g, "ryoko"), _uid(g, "tenchi-masaki")
    kiriya = _uid(g, "kiriya-the-phantom-assassin")
    contest = next(e for e in g.log if e["e"] == "charm_contest")
    assert (contest["target_uid"], contest["attacker_charm"], contest["target_charm"]) == (ryoko, 4, 6)
    assert [e["uid"] for e in g.log if e["e"] == "ally_charmed"] == [ryoko]
    kinds = {e["e"] for e in g.log}
    assert not kinds & {"charm_unanswered", "disaster_robbed", "charm_command", "charm_spared"}
    assert abilities.value(g, kiriya, "attack", against=ryoko) == 5
    assert abilities.value(g, kiriya, "attack", against=tenchi) == 7
    attacks = [e for e in g.log if e["e"] == "disaster_attacks"]
    assert attacks[-1]["uid"] == tenchi  # 002: the weakest, Defense 2
