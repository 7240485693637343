"""Looking at hidden cards (MISC-7; engine/effects/looks.py): the seat that looks learns exactly the cards seen,
every other seat only that a look was made; the knowledge lasts while the card stays where it was seen, and
clone, replay and records keep it. One case per kind of look: under a Location (used and static), a Draw pile,
a hand, what a Character carries, what every player holds."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest

from animayhem.agents.heuristic import HeuristicAgent
from animayhem.cli.table import hand_line
from animayhem.decks.generate import new_deck
from animayhem.engine.checks.leaks import LeakCheck, hidden_uids, leaks
from animayhem.engine.core.config import DeckList, GameConfig, SeatConfig
from animayhem.engine.faces import narration
from animayhem.engine.game import Game
from animayhem.records import record
from animayhem.records.scenario import loads
from animayhem.rules.ruleset import get_ruleset

LOOK_CARDS = ("light", "scouter", "survey", "jacking-in", "peep-hole", "dream-mirror", "dragon-radar")

TWO = """\
name: looks
ruleset: classic
seats:
  - name: Ann
    combat: []
    draw: [{draw0}]
  - name: Ben
    combat: []
    hand: [{hand1}]
field:
  - {{cell: [0, 0], card: genom-tower, owner: 0, under: [{under0}, keys]}}
  - {{cell: [1, 0], card: hot-springs-house, owner: 1, under: [{under1}, cross]}}
  - {{cell: [0, 1], card: masaki-house, owner: 0, haven: true, stored: [{stored0}]}}
  - {{cell: [1, 1], card: a-kos-house, owner: 1, haven: true}}
characters:
  - {{card: adult-gohan, owner: 0, at: [0, 0], carried: [{carried0}], enhancements: [{worn0}]}}
  - {{card: tenchi-masaki, owner: 1, at: [1, 0], carried: [{carried1}]}}
start: {{active: 0, phase: move}}
"""

BASE = {
    "draw0": "speed",
    "hand1": "hand-gun",
    "under0": "bugrom-type-1",
    "under1": "happy-tanks",
    "stored0": "gohans-dragon-ball",
    "carried0": "dream-mirror",
    "worn0": "survey",
    "carried1": "keys",
}


def _game(**changes: str) -> Game:
    g, _, _, _ = loads(TWO.format(**{**BASE, **changes}))
    return g


def _uid(g: Game, card: str) -> int:
    return next(u for u, c in enumerate(g.state.cards) if c == card)


def _look(g: Game, card: str, target: str) -> None:
    """Use ``card`` (seat 0) and choose ``target`` (a cell or a card id)."""
    g.apply(f"use c{_uid(g, card)}")
    g.apply(f"choose {target}" if "," in target else f"choose c{_uid(g, target)}")


def _known(g: Game, seat: int) -> list[str]:
    return sorted(str(k["card"]) for k in g.view(seat).get("known", []))


def _no_leak(g: Game, since: int) -> None:
    check = LeakCheck(len(g.state.players))
    for seat in range(len(g.state.players)):
        mine = [e for e in g.log[since:] if e.get("to") is None or seat in e["to"]]
        assert check.check(g, seat, g.view(seat), mine) == [], seat


def _private_and_public(g: Game, since: int) -> tuple[dict[str, Any], dict[str, Any]]:
    private = next(e for e in g.log[since:] if e["e"] == "cards_looked")
    public = next(e for e in g.log[since:] if e["e"] == "look_made")
    assert private["to"] == [0] and "to" not in public
    assert "seen" not in public and not {"card", "uid"} & set(public)  # the public event names no card seen
    return private, public


def test_a_look_under_a_location_is_the_lookers_alone() -> None:
    """Survey: seat 0 learns the Disaster under 1,0; seat 1 is told a look was made there, nothing more."""
    g = _game()
    since = len(g.log)
    _look(g, "survey", "1,0")
    private, public = _private_and_public(g, since)
    assert [c["card"] for c in private["seen"]] == ["happy-tanks"]
    assert public["cell"] == [1, 0]
    assert _known(g, 0) == ["happy-tanks"] and _known(g, 1) == []
    tanks = _uid(g, "happy-tanks")
    assert tanks not in hidden_uids(g, 0) and tanks in hidden_uids(g, 1)
    _no_leak(g, since)
    assert "happy-tanks" not in json.dumps([g.view(1), g.events_for(1)])
    words = [narration.sentence(g, e, 1) for e in g.log[since:]]
    assert "Adult Gohan (Player 1) looks under Hot Springs House (1,0) with Survey." in words
    assert not any("Happy Tanks" in w for w in words if w)
    assert "Survey: under Hot Springs House (1,0) you see Happy Tanks." in [
        narration.sentence(g, e, 0) for e in g.log[since:]
    ]


def test_a_look_at_a_hand_and_at_ones_own_draw_pile() -> None:
    """Dream Mirror's hand look (the mirror is Discarded) and Peep Hole's own Draw pile: only seat 0 knows."""
    g = _game(worn0="peep-hole")
    since = len(g.log)
    _look(g, "dream-mirror", "a-kos-house")
    assert _known(g, 0) == ["hand-gun"]
    _no_leak(g, since)
    assert "hand-gun" not in json.dumps(g.events_for(1))  # (seat 1 holds it, but no event names it)
    since = len(g.log)
    _look(g, "peep-hole", "masaki-house")
    private, _ = _private_and_public(g, since)
    assert [c["card"] for c in private["seen"]] == ["speed"]
    assert _known(g, 0) == ["hand-gun", "speed"]
    _no_leak(g, since)


def test_a_look_at_what_a_character_carries() -> None:
    """Scouter: the Item Tenchi carries next door, to seat 0 only."""
    g = _game(carried0="scouter")
    since = len(g.log)
    _look(g, "scouter", "tenchi-masaki")
    assert _known(g, 0) == ["keys"] and _known(g, 1) == []
    _no_leak(g, since)


def test_static_looks_show_while_the_card_is_held() -> None:
    """Light: the top Item under the bearer's Location; Dragon Radar: every Dragon Ball held, to every seat."""
    g = _game(carried0="light")
    assert _known(g, 0) == ["keys"] and _known(g, 1) == []
    _no_leak(g, 0)
    g = _game(carried0="dragon-radar", carried1="dragon-ball")
    assert _known(g, 0) == ["dragon-ball"] and _known(g, 1) == ["gohans-dragon-ball"]
    _no_leak(g, 0)


def test_the_leak_check_counts_only_what_was_seen() -> None:
    """Guard: naming a card the seat has not looked at (Keys, below the Disaster seen) is still a leak."""
    g = _game()
    _look(g, "survey", "1,0")
    view = g.view(0)
    view["known"].append({"uid": _uid(g, "cross"), "card": "cross", "zone": "under"})
    assert leaks(g, 0, view, [])


def test_a_seat_learns_nothing_from_anothers_look() -> None:
    """Seat 1's view and events are the same whatever the card seat 0 looked at (only seat 0's knowledge
    differs)."""
    seen = []
    for card in ("happy-tanks", "bugrom-type-1"):
        g = _game(under1=card)
        _look(g, "survey", "1,0")
        seen.append(json.dumps([g.view(1), g.events_for(1)], sort_keys=True))
        assert _known(g, 0) == [card]
    assert seen[0] == seen[1]


def test_knowledge_goes_when_the_card_moves_or_its_pile_is_shuffled() -> None:
    """A card turned up or drawn is no longer where it was seen; a shuffled pile's order is secret again."""
    g = _game(worn0="peep-hole")
    _look(g, "peep-hole", "masaki-house")
    assert _known(g, 0) == ["speed"] and g.state.looked
    g.shuffle(g.state.players[0].draw)
    assert _known(g, 0) == [] and not g.state.looked
    g = _game()
    _look(g, "survey", "1,0")
    tanks = _uid(g, "happy-tanks")
    place = g.state.grid[(1, 0)]
    g.state.places[place].under.remove(tanks)  # as when it is turned up
    assert _known(g, 0) == []
    g.apply(g.legal_actions()[-1])  # the next decision drops the stale knowledge from the state
    assert not g.state.looked


def _look_config(seed: int, seats: int = 2, preset: str = "classic") -> GameConfig:
    decks = []
    for i in range(seats):
        d = DeckList.from_deck(new_deck(2, preset, seed=seed + i))
        decks.append(dataclasses.replace(d, draw=(*LOOK_CARDS, *d.draw[len(LOOK_CARDS) :])))
    return GameConfig(
        seats=tuple(SeatConfig(deck=d, name=f"P{i}") for i, d in enumerate(decks)),
        ruleset=get_ruleset(preset),
        seed=seed,
    )


def _played_to_a_look(seed: int) -> Game | None:
    g = Game(_look_config(seed))
    rng = random.Random(seed)
    while not g.over and len(g.history) < 1500:
        uses = [a for a in g.legal_actions() if a.startswith("use ")]
        g.apply(uses[0] if uses else rng.choice(g.legal_actions()))
        if g.state.looked and g.decision is not None and g.decision.kind != "use_choice":
            return g
    return None


def test_clone_replay_and_record_keep_what_was_seen() -> None:
    g = next(x for x in map(_played_to_a_look, range(30)) if x is not None)
    seat = g.state.looked[0][0]
    assert g.view(seat).get("known")
    assert g.clone().view(seat)["known"] == g.view(seat)["known"]
    again = Game.restore(g.config, g.history)
    assert again.state_hash() == g.state_hash() and again.state.looked == g.state.looked
    loaded = record.from_json(json.loads(json.dumps(record.to_json(g))))
    assert loaded.state_hash() == g.state_hash() and loaded.view(seat)["known"] == g.view(seat)["known"]


@pytest.mark.parametrize("seed", range(3))
def test_random_games_with_every_look_card_leak_nothing(seed: int) -> None:
    """Every step of random 2-seat games whose decks hold every look card: no seat is given a card it may not
    know, and some look is made."""
    g = Game(_look_config(seed))
    rng = random.Random(seed)
    check = LeakCheck(2)
    since = 0
    while not g.over and len(g.history) < 1500:
        for seat in range(2):
            mine = [e for e in g.log[since:] if e.get("to") is None or seat in e["to"]]
            assert check.check(g, seat, g.view(seat), mine) == []
        since = len(g.log)
        wanted = [a for a in g.legal_actions() if a.startswith("use ") or _plays_a_look_card(g, a)]
        g.apply(rng.choice(wanted) if wanted and rng.random() < 0.7 else rng.choice(g.legal_actions()))
    assert any(e["e"] == "look_made" for e in g.log)


def _plays_a_look_card(g: Game, action: str) -> bool:
    words = action.split()
    return words[0] == "play" and len(words) == 3 and g.state.cards[int(words[1][1:])] in LOOK_CARDS


def test_the_heuristic_looks_before_it_scavenges_and_never_peeps_for_nothing() -> None:
    """The heuristic uses a look under a Location it may Scavenge (Dream Mirror here), and does not spend
    Peep Hole, which tells it nothing about where to go."""
    text = TWO.format(**{**BASE, "worn0": "peep-hole"}).replace("genom-tower", "forest-glade")
    g, _, _, _ = loads(text.replace("phase: move", "phase: scavenge"))
    assert g.decision is not None and g.decision.kind == "scavenge"
    ai = HeuristicAgent()
    choice = ai.choose(g.view(0), g.legal_actions())
    assert choice == f"use c{_uid(g, 'dream-mirror')}"
    g.apply(choice)
    g.apply(ai.choose(g.view(0), g.legal_actions()))
    assert _known(g, 0) == ["bugrom-type-1"]
    while g.decision is not None and g.decision.kind == "use_choice":
        g.apply(ai.choose(g.view(0), g.legal_actions()))
    assert not any(a.startswith("use ") for a in g.legal_actions() if "peep" in a)
    assert ai.choose(g.view(0), g.legal_actions()) != f"use c{_uid(g, 'peep-hole')}"


def test_the_terminal_table_says_what_the_seat_has_seen() -> None:
    """The terminal's hand line lists the cards seen, and where, to the seat that looked only."""
    g = _game()
    _look(g, "survey", "1,0")
    assert "Seen: Happy Tanks (under Hot Springs House, on top)" in hand_line(g.view(0), g.db).plain
    assert "Seen" not in hand_line(g.view(1), g.db).plain


def test_the_heuristic_does_not_look_where_it_will_not_scavenge() -> None:
    """Survey looks next door only: before Scavenging its own Location the heuristic keeps it (a use is offered,
    but it would tell nothing about this Scavenge)."""
    text = TWO.format(**{**BASE, "carried0": "hand-gun"}).replace("genom-tower", "forest-glade")
    g, _, _, _ = loads(text.replace("phase: move", "phase: scavenge"))
    survey = f"use c{_uid(g, 'survey')}"
    assert g.decision is not None and g.decision.kind == "scavenge" and survey in g.legal_actions()
    assert HeuristicAgent().choose(g.view(0), g.legal_actions()) != survey


GLOBALS = """\
name: looks by Global Effects
ruleset: classic
seats:
  - name: Ann
    hand: [{card}]
    combat: [parry-handsome-lad]
    draw: [speed, algebra, peep-hole, light]
  - name: Ben
    hand: [hand-gun]
    combat: [smash-stupefaction]
    draw: [survey, speed]
field:
  - {{cell: [0, 0], card: genom-tower, owner: 0, under: [bugrom-type-1]}}
  - {{cell: [0, 1], card: masaki-house, owner: 0, haven: true}}
  - {{cell: [1, 1], card: a-kos-house, owner: 1, haven: true, stored: [gohans-dragon-ball]}}
characters:
  - {{card: adult-gohan, owner: 0, at: [0, 0]}}
  - {{card: tenchi-masaki, owner: 1, at: [0, 0], carried: [keys]}}
start: {{active: 0, phase: equip}}
"""


def _global(card: str) -> Game:
    g, _, _, _ = loads(GLOBALS.format(card=card))
    g.apply(f"play c{_uid(g, card)}")
    return g


def _seen_by_zero(g: Game, since: int) -> list[str]:
    private, _public = _private_and_public(g, since)
    return [str(c["card"]) for c in private["seen"]]


@pytest.mark.parametrize(
    ("target", "seen"),
    [("a-kos-house", ["hand-gun"]), ("tenchi-masaki", ["keys"]), ("1,1", ["gohans-dragon-ball"])],
)
def test_power_sense_shows_one_zone_of_another_player_to_the_looker_alone(target: str, seen: list[str]) -> None:
    """Power Sense: Ben's hand (by his Haven), what his Characters carry (by one of them), what his Haven stores
    (by its cell): seat 0 learns exactly those cards; seat 1 learns nothing new."""
    g = _global("power-sense")
    since = len(g.log)
    g.apply(f"use c{_uid(g, 'power-sense')}")
    choices = set(g.legal_actions())
    assert choices == {f"choose c{_uid(g, 'a-kos-house')}", f"choose c{_uid(g, 'tenchi-masaki')}", "choose 1,1"}
    g.apply(f"choose {target}" if "," in target else f"choose c{_uid(g, target)}")
    assert _seen_by_zero(g, since) == seen
    assert _known(g, 0) == seen and _known(g, 1) == []
    _no_leak(g, since)
    assert not any(c in json.dumps(g.events_for(1)) for c in seen if c != "hand-gun")


def test_security_camera_looks_at_the_top_of_another_players_draw_or_combat_pile() -> None:
    """Security Camera: the top of Ben's Draw pile, or of Ben's Combat pile; one card, to seat 0 alone."""
    for target, seen in (("a-kos-house", ["survey"]), ("1,1", ["smash-stupefaction"])):
        g = _global("security-camera")
        since = len(g.log)
        g.apply(f"use c{_uid(g, 'security-camera')}")
        assert {"choose 0,0", "choose 0,1", "choose 1,1", f"choose c{_uid(g, 'masaki-house')}"} <= set(
            g.legal_actions()
        )
        g.apply(f"choose {target}" if "," in target else f"choose c{_uid(g, target)}")
        assert _seen_by_zero(g, since) == seen
        assert _known(g, 0) == seen and _known(g, 1) == []
        _no_leak(g, since)
        assert seen[0] not in json.dumps([g.view(1), g.events_for(1)])


def test_briefing_reorders_the_lookers_own_pile_and_tells_nobody_else() -> None:
    """Briefing: seat 0 sees its top 4 cards and chooses their order; seat 1's view and events are the same
    whatever order seat 0 chose."""
    outcomes = []
    for first in ("light", "speed"):
        g = _global("briefing")
        since = len(g.log)
        g.apply(f"use c{_uid(g, 'briefing')}")
        g.apply(f"choose c{_uid(g, 'masaki-house')}")
        g.apply(f"choose c{_uid(g, first)}")
        g.apply("done")
        assert g.state.cards[g.state.players[0].draw[-1]] == first
        assert _known(g, 0) == ["algebra", "light", "peep-hole", "speed"] and _known(g, 1) == []
        _no_leak(g, since)
        outcomes.append(json.dumps([g.view(1), g.events_for(1)], sort_keys=True))
    assert outcomes[0] == outcomes[1]


def test_interference_blinds_another_players_light_and_the_leak_check_follows() -> None:
    """Ben's Light shows him the Keys under Genom Tower; once Ann's Interference is in play it shows nothing: the
    Keys are hidden from Ben again (his view names them nowhere), and Ann learns nothing either."""
    text = GLOBALS.format(card="interference").replace("carried: [keys]", "carried: [light]")
    text = text.replace("under: [bugrom-type-1]", "under: [keys]")
    g, _, _, _ = loads(text)
    keys = _uid(g, "keys")
    assert _known(g, 1) == ["keys"] and keys not in hidden_uids(g, 1)
    since = len(g.log)
    g.apply(f"play c{_uid(g, 'interference')}")
    assert _known(g, 1) == [] and _known(g, 0) == []
    assert keys in hidden_uids(g, 1) and keys in hidden_uids(g, 0)
    assert leaks(g, 1, g.view(1), g.events_for(1)) == []
    _no_leak(g, since)


REFUGE = """\
name: refuge
ruleset: classic
seats:
  - {name: Ann, hand: [refuge, lucky-shot, mindtap], combat: [], draw: [speed, speed, speed, speed, speed, speed]}
  - {name: Ben, combat: [], draw: [speed, speed, speed, speed, speed, speed]}
field:
  - {cell: [0, 0], card: genom-tower, owner: 0}
  - {cell: [0, 1], card: masaki-house, owner: 0, haven: true}
  - {cell: [1, 1], card: a-kos-house, owner: 1, haven: true}
characters:
  - {card: nanami-rokugo, owner: 0, at: [0, 0], carried: [hand-gun]}
  - {card: tenchi-masaki, owner: 1, at: [1, 1]}
start: {active: 0, phase: discard}
"""


def test_flash_effects_kept_on_refuge_are_named_to_their_owner_alone() -> None:
    """Refuge: the Flash Effects Ann keeps on it are listed in her view (kept); Ben's view counts them, names none,
    and the leak check finds nothing."""
    g, _, _, _ = loads(REFUGE.replace("phase: discard", "phase: equip"))
    g.apply(f"play c{_uid(g, 'refuge')}")
    for _ in range(12):
        if g.decision is not None and g.decision.kind == "discard" and g.to_move == 0:
            break
        g.apply("done")
    since = len(g.log)
    g.apply(f"store c{_uid(g, 'lucky-shot')}")
    g.apply(f"store c{_uid(g, 'mindtap')}")
    mine = next(p for p in g.view(0)["players"] if p["seat"] == 0)
    theirs = next(p for p in g.view(1)["players"] if p["seat"] == 0)
    assert sorted(k["card"] for k in mine["kept"]) == ["lucky-shot", "mindtap"]
    assert theirs["kept_count"] == 2 and "kept" not in theirs
    assert "lucky-shot" not in json.dumps([g.view(1), g.events_for(1)])
    _no_leak(g, since)
