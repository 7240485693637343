"""Issue 14: the fixed action space, observations, information sets, ISMCTS, and the research adapters."""

from __future__ import annotations

import random

import pytest

from animayhem.agents import make_agent
from animayhem.agents.infoset import InfoSet, decide
from animayhem.agents.ismcts import DEFAULT_ROLLOUT, SEARCHED, Budget, BudgetError, IsmctsAgent
from animayhem.agents.simulate import GameSpec, legal_starters
from animayhem.cards.database import CardDB
from animayhem.engine.core.actions import SKILL_WORDS
from animayhem.engine.core.state import Lasting
from animayhem.engine.effects.triggers import option_word
from animayhem.engine.faces.views import known_cards
from animayhem.engine.game import Game
from animayhem.research import encoding, observation
from animayhem.research.core import OptionsError, legal_codes, make_config


def _game(players: int, seed: int, ruleset: str = "classic", layout: str = "grid") -> Game:
    pool = legal_starters(players)
    decks = tuple(pool[(seed + k) % len(pool)] for k in range(players))
    return Game(GameSpec(0, seed, ("random",) * players, decks, ruleset, layout).config())


# ---------------------------------------------------------------------- the action space


@pytest.mark.parametrize(
    ("ruleset", "players", "layout"),
    [("classic", 1, "grid"), ("classic", 2, "lines"), ("dbz", 2, "grid"), ("guia", 3, "grid"), ("fifth", 2, "grid")],
)
def test_every_decision_encodes_to_distinct_integers_and_back(ruleset: str, players: int, layout: str) -> None:
    g = _game(players, 3, ruleset, layout)
    rng = random.Random(3)
    seen_templates: set[str] = set()
    while not g.over and len(g.history) < 600:
        actions = g.legal_actions()
        codes = encoding.encode(actions)
        assert len(set(codes)) == len(actions)
        assert all(0 <= n < encoding.NUM_DISTINCT_ACTIONS for n in codes)
        for i, (n, a) in enumerate(zip(codes, actions, strict=True)):
            if i < 4:
                assert encoding.decode(n, actions) == a
            t, _ = encoding.template_of(n)
            assert t.verb == a.split()[0]
            seen_templates.add(str(t))
        assert sum(encoding.mask(actions)) == len(actions)
        g.apply(actions[rng.randrange(len(actions))])
    assert "done" in seen_templates
    assert ("line C" if layout == "lines" else "place X") in seen_templates


def test_encoding_is_structural_and_rejects_what_it_cannot_hold() -> None:
    # the same structure gives the same integers whatever the instance numbers are
    a = encoding.encode(["move c3 1,0", "move c3 2,1", "move c9 1,0", "done"])
    b = encoding.encode(["move c40 1,0", "move c40 2,1", "move c77 1,0", "done"])
    assert a == b
    assert encoding.describe(a[1]) == "move card#0 cell#1"
    s = encoding.encode(["strike c4", "strike c4 c9", "run"])
    assert encoding.describe(s[1]) == "strike {0,1}"
    with pytest.raises(encoding.EncodingError, match="no template"):
        encoding.encode(["move 1,0 c3"])
    with pytest.raises(encoding.EncodingError, match="more than 32"):
        encoding.encode([f"discard c{u}" for u in range(40)])
    with pytest.raises(ValueError, match="not legal"):
        encoding.decode(a[0] + 7, ["move c3 1,0"])
    with pytest.raises(ValueError, match="outside"):
        encoding.template_of(encoding.NUM_DISTINCT_ACTIONS)


def test_hidden_cards_are_ranked_by_a_key_not_by_instance_number() -> None:
    actions = ["yield c40", "yield c41", "decline"]
    plain = encoding.encode(actions, hidden={40, 41})
    assert plain[0] != plain[1]
    orders = {tuple(encoding.encode(actions, {40, 41}, encoding.hidden_key(f"state {i}"))[:2]) for i in range(12)}
    assert len(orders) == 2  # which hidden Item gets rank 0 depends on the (secret) key, not on its number


# ---------------------------------------------------------------------- observations and hidden cards


def _swap_hidden(g: Game, owner: int) -> Game:
    """A copy of ``g`` where two hidden, different cards of ``owner`` trade places (hand and Draw pile, or two
    places in the Draw pile)."""
    s = g.state
    p = s.players[owner]
    db = g._cards
    pairs = [(h, d) for h in p.hand for d in p.draw] + [(a, b) for a in p.draw for b in p.draw if a < b]
    for h, d in pairs:
        if s.cards[h] != s.cards[d] and (h in p.draw or not db[s.cards[d]].type.is_disaster):
            other = g.clone()
            cards = list(s.cards)
            cards[h], cards[d] = cards[d], cards[h]
            other.state.cards = cards
            return other
    raise AssertionError("no two different hidden cards to swap")


def _play_to(g: Game, until: int, seed: int = 1) -> Game:
    agents = [make_agent("heuristic", seed + k) for k in range(len(g.state.players))]
    while not g.over and len(g.history) < until:
        seat = g.to_move
        assert seat is not None
        g.apply(agents[seat].choose(g.view(seat), g.legal_actions()))
    return g


def test_observation_shape_and_other_seats_hidden_cards_do_not_change_it() -> None:
    """MISC-7: a seat's observation holds only what it may know."""
    g = _play_to(_game(2, 5), 120)
    other = _swap_hidden(g, 1)
    assert other.state_hash() != g.state_hash()
    assert other.view(1) != g.view(1)  # seat 1 sees its own hand change…
    obs = observation.observation(g.view(0))
    assert len(obs) == observation.SIZE == sum(n for _, n in observation.LAYOUT)
    assert observation.observation(other.view(0)) == obs  # …seat 0 sees nothing
    assert observation.observation_string(other.view(0)) == observation.observation_string(g.view(0))
    assert observation.observation(other.view(1)) != observation.observation(g.view(1))


# ---------------------------------------------------------------------- information sets and ISMCTS


def _to_search(g: Game, seat: int, budget: Budget) -> Game:
    agents = [make_agent("heuristic", 11 + k) for k in range(len(g.state.players))]
    while not g.over:
        d = g.decision
        assert d is not None
        small = len(d.actions) > 1 and len(d.actions) * 3 <= (budget.iterations or 0)
        if d.seat == seat and d.kind in SEARCHED and small:
            return g
        g.apply(agents[d.seat].choose(g.view(d.seat), g.legal_actions()))
    raise AssertionError("the game ended before a searched decision")


def test_infoset_names_nothing_hidden_and_samples_ignore_where_hidden_cards_are() -> None:
    g = _play_to(_game(2, 7), 150)
    seat = g.to_move
    assert seat is not None
    other = _swap_hidden(g, 1 - seat)
    a, b = InfoSet(g, seat), InfoSet(other, seat)
    assert a.hidden > 0
    known = known_cards(g.view(seat))
    assert all(a._base.state.cards[u] in ("", cid) for u, cid in enumerate(g.state.cards) if u not in known)
    for k in range(3):
        sa, sb = a.sample(random.Random(k)), b.sample(random.Random(k))
        assert sa.state_hash() == sb.state_hash()
        assert sorted(sa.state.cards) == sorted(g.state.cards)  # the same cards, dealt anew
        assert sa.legal_actions() == g.legal_actions()
        while not sa.over and len(sa.history) < 60:  # a sample plays on like a game
            sa.apply(sa.legal_actions()[0])


def test_samples_keep_the_card_of_a_lasting_effect_gone_back_into_a_pile() -> None:
    """A lasting effect outlives its card, which may be shuffled back into a Draw pile: every seat saw that
    card act, so a sample keeps it in its slot (another card there would have no such effect: IndexError
    in a search before this was fixed)."""
    g = _play_to(_game(2, 7), 150)
    seat = g.to_move
    assert seat is not None
    s = g.state
    source = s.players[1 - seat].draw[0]
    card_id = next(c.id for c in g._cards.values() if len(c.effects) > 2)
    s.cards[source] = card_id
    target = next(iter(s.characters))
    s.lasting.append(Lasting(source, 2, (target,), seat, s.players[seat].turns + 5))
    info = InfoSet(g, seat)
    for k in range(8):
        sample = info.sample(random.Random(k))
        assert sample.state.cards[source] == card_id
        sample.view(seat)  # the lasting effect's card is read in every value query
        abilities_of = [sample.ability(target, a) for a in ("attack", "defense")]
        assert all(v >= 0 for v in abilities_of)
    sampled = {info.sample(random.Random(k)).state.cards[s.players[1 - seat].draw[1]] for k in range(8)}
    assert len(sampled) > 1  # the other hidden slots are still dealt afresh


def test_ismcts_decision_does_not_depend_on_a_hidden_card() -> None:
    """MISC-7: the search AI never reads cards its seat cannot see."""
    budget = Budget(iterations=9)
    g = _to_search(_game(2, 4), 0, budget)
    other = _swap_hidden(g, 1)
    assert other.state_hash() != g.state_hash()
    picks = []
    for game in (g, other):
        agent = IsmctsAgent(seed=21, budget=budget)
        picks.append(agent.choose_infoset(InfoSet(game, 0)))
        assert agent.last_iterations == 9
    assert picks[0] == picks[1]
    again = IsmctsAgent(seed=21, budget=budget).choose_infoset(InfoSet(g, 0))
    assert again == picks[0]  # seeded: reproducible


def test_ismcts_plays_a_game_through_the_agent_interface() -> None:
    g = _game(1, 2)
    agent = make_agent("ismcts", 3, "6")
    assert isinstance(agent, IsmctsAgent)
    searched = 0
    while not g.over and len(g.history) < 300:
        seat = g.to_move
        assert seat is not None
        action = decide(agent, g, seat)
        assert action in g.legal_actions()
        searched += agent.last_iterations > 0
        g.apply(action)
    assert searched > 0


def test_budget_parsing() -> None:
    assert Budget.parse("100") == Budget(iterations=100)
    assert Budget.parse("0.5s") == Budget(iterations=None, seconds=0.5)
    assert Budget.parse(None) == Budget()
    assert Budget.parse("32/8") == Budget(iterations=32, rollout=8)
    assert Budget.parse(" 0.5s / 4 ") == Budget(iterations=None, seconds=0.5, rollout=4)
    assert str(Budget.parse("32/8")) == "32 iterations, rollouts of 8"
    for bad in ("0", "-3", "fast", "0s", "32/0", "32/x", "/8", "32/", "32/8/2"):
        with pytest.raises(BudgetError, match="neither"):
            Budget.parse(bad)


def test_budget_rollout_length_bounds_the_rollouts() -> None:
    """A rollout plays at most the budget's rollout length of decisions (the agent's own length without one)."""
    g = Game(make_config(2, seed=3))
    for _ in range(40):  # into the game, past the set-up
        g.apply(g.legal_actions()[0])
    assert IsmctsAgent(1).rollout == DEFAULT_ROLLOUT == 8
    for length in (1, 5):
        agent = IsmctsAgent(1, Budget.parse(f"4/{length}"))
        assert agent.rollout == length
        sample = g.clone()
        before = len(sample.history)
        agent._rollout(sample, random.Random(7))
        played = len(sample.history) - before
        assert 0 < played <= length or sample.over
    with pytest.raises(ValueError, match="only to search AIs"):
        make_agent("heuristic", 0, "100")


def test_research_options_are_checked() -> None:
    with pytest.raises(OptionsError, match="1 to 5"):
        make_config(players=6)
    with pytest.raises(OptionsError, match="unknown starter deck"):
        make_config(players=1, decks=["no-such-deck"])
    with pytest.raises(OptionsError, match="layout"):
        make_config(layout="ring")
    assert len(make_config(players=3).seats) == 3
    g = Game(make_config(players=2, seed=4))
    codes = legal_codes(g)
    assert sorted(codes.values()) == sorted(g.legal_actions())


def test_every_ability_and_skill_word_a_choice_may_offer_is_encoded() -> None:
    """A card that has its player choose an ability (Training Partner: Attack, Defense, Movement, Charm or Energy)
    or a Skill (Kiriya) offers the word as the action: each has its integer, and decodes back."""
    words = ["attack", "defense", "movement", "charm", "energy", *SKILL_WORDS]
    codes = encoding.encode(words)
    assert len(set(codes)) == len(words)
    assert [encoding.decode(n, words) for n in codes] == words


def test_every_option_word_of_the_card_data_is_encoded() -> None:
    """A Flash Effect whose player chooses one of its clauses as it resolves offers that clause's word (Shen Lon's
    wishes 'play', 'move' and 'haven'; the ability a ``modify`` option raises): every such word of the bundled
    cards has its integer (the wishes had none for as long as the card was executed)."""
    db = CardDB.bundled()
    words = sorted({option_word(e) for c in db for e in c.effects if e.option})
    assert {"play", "move", "haven"} <= set(words)
    codes = encoding.encode(words)
    assert [encoding.decode(n, words) for n in codes] == words
