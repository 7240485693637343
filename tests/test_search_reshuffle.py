"""TURN-27: a Draw pile a player has looked through is shuffled afterwards, so the search tells nobody its order.

Driven through the cards that search a pile: Equipment Retrieval (one Equipment put on a Character; the pile
shuffled), Royal Librarian (one card into the hand, two put back on top of the rest, which is shuffled first)
and Hidden Weapon with the weapon taken from the hand (no search: the pile keeps its order). The order after a
search is the seeded RNG's: a permutation of the cards left, the same on every run of the same seed. The other
seat learns only that a card was taken (MISC-7).
"""

from __future__ import annotations

from animayhem.engine.checks.leaks import LeakCheck
from animayhem.engine.game import Game
from scenario_kit import game_of, uid_of

PILE = "[speed, hand-gun, comm-goggles, spirit, combat-training, go-fish, blown-main-cpu, minor-injury]"


def _position(name: str, hand: str, character: str, cell: str, phase: str) -> str:
    """Seat 0 holds ``hand`` over the Draw pile ``PILE``; its one Character stands on ``cell``; seat 1 watches."""
    return f"""\
name: {name}
ruleset: classic
seed: 3
seats:
  - {{name: A, hand: [{hand}], combat: [], draw: {PILE}}}
  - {{name: B, combat: []}}
field:
  - {{cell: [0, 0], card: genom-tower, owner: 0}}
  - {{cell: [1, 0], card: masaki-house, owner: 0, haven: true}}
  - {{cell: [0, 1], card: a-kos-house, owner: 1, haven: true}}
characters:
  - {{card: {character}, owner: 0, at: {cell}}}
start: {{active: 0, phase: {phase}}}
"""


RETRIEVAL = _position("search", "equipment-retrieval", "nene-romanova", "[0, 0]", "equip")
LIBRARIAN = _position("librarian", "royal-librarian", "nanami-rokugo", "[1, 0]", "move")
FROM_HAND = _position("no search", "hidden-weapon, armitages-gun", "tenchi-masaki", "[0, 0]", "move")


def _do(g: Game, verb: str, *cards: str) -> None:
    """Apply ``verb`` naming each card (a card id: its instance in play, else its first) by its instance."""
    g.apply(" ".join([verb, *(f"c{uid_of(g, c)}" for c in cards)]))


def _retrieve(text: str) -> tuple[Game, list[int], list[int]]:
    """Equipment Retrieval takes the Comm Goggles out of seat 0's pile onto Nene: the game, the pile (top last)
    before the search without the Goggles, and the pile after."""
    g = game_of(text)
    goggles = uid_of(g, "comm-goggles")
    before = [u for u in g.state.players[0].draw if u != goggles]
    _do(g, "play", "equipment-retrieval")
    _do(g, "use", "equipment-retrieval")
    _do(g, "choose", "comm-goggles")
    _do(g, "choose", "nene-romanova")
    assert goggles in g.state.characters[uid_of(g, "nene-romanova")].carried
    return g, before, list(g.state.players[0].draw)


def test_the_rest_of_a_searched_pile_is_shuffled() -> None:
    """TURN-27: after the search the pile holds exactly the cards left, in another order, the seed's."""
    _, before, after = _retrieve(RETRIEVAL)
    assert sorted(after) == sorted(before)  # nothing lost or added: a permutation of what was left
    assert after != before  # shuffled: with this seed the order changes
    _, before_again, after_again = _retrieve(RETRIEVAL)
    assert (before_again, after_again) == (before, after)  # the same seed shuffles the same way
    _, _, other = _retrieve(RETRIEVAL.replace("seed: 3", "seed: 4"))
    assert sorted(other) == sorted(after) and other != after  # another seed, another order


def test_the_search_is_hidden_from_the_other_seat() -> None:
    """MISC-7 with TURN-27: seat 1 is told that a card was taken, not which, and nothing of the pile's order."""
    check = LeakCheck(2)
    g = game_of(RETRIEVAL)
    assert check.check(g, 1, g.view(1), g.events_for(1)) == []
    for verb, card in (("play", "equipment-retrieval"), ("use", "equipment-retrieval"), ("choose", "comm-goggles")):
        _do(g, verb, card)
        assert check.check(g, 1, g.view(1), g.events_for(1)) == []
    _do(g, "choose", "nene-romanova")
    theirs = [e for e in g.events_for(1) if e["e"].startswith("card_searched")]
    assert [e["e"] for e in theirs] == ["card_searched_hidden"]
    assert "card" not in theirs[0] and "uid" not in theirs[0]
    mine = [e for e in g.events_for(0) if e["e"] == "card_searched"]
    assert [e["card"] for e in mine] == ["comm-goggles"]
    assert check.check(g, 1, g.view(1), g.events_for(1)) == []
    assert g.view(1)["players"][0]["draw_count"] == 7


def test_cards_put_back_on_top_sit_over_the_shuffled_rest() -> None:
    """TURN-27 against Royal Librarian: the two cards it puts back keep the top in the order chosen; the rest of
    the pile it looked through is shuffled under them."""
    g = game_of(LIBRARIAN)
    pile = g.state.players[0].draw
    fish, gun, speed = uid_of(g, "go-fish"), uid_of(g, "hand-gun"), uid_of(g, "speed")
    rest = [u for u in pile if u not in (fish, gun, speed)]
    _do(g, "flash", "royal-librarian")
    for card in ("go-fish", "hand-gun", "speed"):
        _do(g, "choose", card)
    after = list(g.state.players[0].draw)
    assert after[-2:] == [speed, gun]  # the top is the pile's last card: the first chosen on top
    assert sorted(after[:-2]) == sorted(rest) and after[:-2] != rest
    assert fish in g.state.players[0].hand
    hidden = [e for e in g.events_for(1) if e["e"].startswith("card_searched")]
    assert hidden == [{**hidden[0], "e": "card_searched_hidden", "count": 2}]
    assert "card" not in hidden[0] and "cards" not in hidden[0]
    assert LeakCheck(2).check(g, 1, g.view(1), g.events_for(1)) == []


def test_a_card_not_taken_from_the_pile_leaves_its_order_alone() -> None:
    """The condition fails: Hidden Weapon equips the gun from the hand; nobody looked through the Draw pile, so
    it is not shuffled (same cards, same order) and no search is announced."""
    g = game_of(FROM_HAND)
    before = list(g.state.players[0].draw)
    _do(g, "flash", "hidden-weapon", "tenchi-masaki")
    _do(g, "choose", "armitages-gun")
    assert uid_of(g, "armitages-gun") in g.state.characters[uid_of(g, "tenchi-masaki")].carried
    assert g.state.players[0].draw == before
    assert not any(e["e"].startswith("card_searched") for e in g.events_for(None))
