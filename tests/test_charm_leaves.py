"""A Disaster whose own text takes it out of play as it loses a Charm contest (Ginyu: beaten above 5, he frees the
body he took and is Discarded) leaves nothing for the contest's result to act on. Under the Spanish guide's
outcomes (002, COMBAT-32) the winner's group attacked the Disaster next and the engine looked it up after it had
gone: a KeyError. Found by random play (guia, 3 seats, lines, seed 2702929053, the property test's look decks);
this test plays that game and checks it reaches Ginyu's exit."""

from __future__ import annotations

from test_engine_property import looks_config, play


def test_a_disaster_its_text_discards_as_it_loses_the_charm_contest_is_not_attacked_afterwards() -> None:
    seed = 2702929053
    g = play("guia", 3, "lines", seed, looks_config("guia", 3, "lines", seed))
    log = list(g.log)
    lost = [
        i for i, e in enumerate(log) if e["e"] == "charm_contest" and e["attacker"] == "ginyu" and e["result"] == "lose"
    ]
    assert lost, "the game no longer reaches Ginyu's lost contest: pick the position again"
    after = log[lost[0] + 1 : lost[0] + 4]
    assert [e["e"] for e in after[:2]] == ["character_freed", "disaster_discarded"]
    assert not any(e["e"] == "charm_unanswered" for e in after)  # nobody attacks a Disaster gone
