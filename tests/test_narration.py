"""Events in words (engine/faces/narration.py): every event kind the engine emits has a sentence, with card names
and never ids, and a seat gets no sentence for an event it may not see."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from animayhem.agents import make_agent
from animayhem.cards.database import CardDB
from animayhem.cards.model import printed_id
from animayhem.decks.starters import starter_decks
from animayhem.engine import DeckList, Game, GameConfig, SeatConfig
from animayhem.engine.faces import narration
from animayhem.rules.ruleset import get_ruleset
from sums_kit import sums_wrong

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "src" / "animayhem" / "engine"
_EMIT = re.compile(r'emit(?:_card_event)?\(\s*(?:g,\s*)?"([a-z_]+)"')  # g.emit("kind"), emit_card_event(g, "kind")
_DOC_ROW = re.compile(r"^\| ([^|]*`[a-z_]+`[^|]*) \|", re.M)


def emitted_in_code() -> set[str]:
    kinds: set[str] = set()
    for path in ENGINE.glob("**/*.py"):  # the named card hooks (engine/hooks/) emit events too
        kinds |= set(_EMIT.findall(path.read_text()))
    return kinds


def listed_in_docs() -> set[str]:
    text = (ROOT / "docs" / "engine.md").read_text()
    events = text[text.index("## Events") :]
    events = events[: events.index("## Game records")]
    return {k for row in _DOC_ROW.findall(events) for k in re.findall(r"`([a-z_]+)`", row)}


def _seeded_events() -> list[dict[str, Any]]:
    decks = list(starter_decks().values())
    out: list[dict[str, Any]] = []
    for k, rs in enumerate(("classic", "dbz", "guia", "fifth")):
        for n in (1, 2):
            fit = [d for d in decks if n in d.players]
            seats = tuple(SeatConfig(DeckList.from_deck(fit[(k + i) % len(fit)])) for i in range(n))
            g = Game(GameConfig(seats=seats, ruleset=get_ruleset(rs), seed=k, max_rounds=12))
            agents = [make_agent("heuristic", k * 7 + i) for i in range(n)]
            while not g.over:
                s = g.to_move
                assert s is not None
                g.apply(agents[s].choose(g.view(s), g.legal_actions()))
            out += g.log
    return out


SEEDED = _seeded_events()

# kinds rare in short seeded games: one hand-made event each, with the fields the engine gives them
RARE: list[dict[str, Any]] = [
    {"e": "disaster_robbed", "turn": 3, "card": "najato-phantom-prince", "uid": 9, "cell": [0, 0], "seat": 0,
     "character": "ryoko", "free_move": True},
    {"e": "dragon_balls_gathered", "turn": 9, "seat": 1, "cell": [1, 1], "balls": 7},
    {"e": "draw_pile_empty", "turn": 40, "seat": 0},
    {"e": "flash_fizzled", "turn": 4, "seat": 0, "card": "wrath-of-the-eye-of-god", "uid": 70},
    {"e": "haven_defended", "turn": 8, "seat": 0, "visitor": 1, "cell": [2, 2]},
    {"e": "rider_hit", "turn": 5, "seat": 0, "card": "ryoko", "uid": 3, "damage": 1, "health": 2},
    {"e": "scavenge_consent", "turn": 6, "seat": 1, "scavenger": 0, "cell": [1, 0], "allowed": False},
    {"e": "transformed", "turn": 2, "seat": 0, "card": "ryoga-hibiki", "into": "p-chan", "uid": 4, "cell": [0, 0],
     "forced": True, "form": 0},
    {"e": "charm_unanswered", "turn": 3, "by": "disaster", "disaster": "tatewaki-kuno", "target": "ryoko",
     "attack": 5, "defense": 3, "damage": 2, "target_health": 1},
    *({"e": "charm_contest", "turn": 4, "purpose": "break", "attacker": "dr-tofu", "attacker_uid": 5,
       "target": "little-washu", "target_uid": 6, "attacker_card": "assault-shining-knight", "target_card": None,
       "attacker_charm": 5, "target_charm": 3, "margin": 2, "result": result, "needed": 4,
       "before_cards": {"attacker_charm": 3}} for result in ("held", "broken", "backfire")),
    {"e": "charm_all_lost", "turn": 4, "disaster": "kiriya-the-phantom-assassin", "uid": 9,
     "charmer": "kodachi-kuno-the-black-rose", "leaves_after_turn": 5},
    {"e": "game_over", "turn": 30, "winners": [], "disasters_win": True, "reason": "end condition",
     "decided_by": "tie_to_disasters", "tally": {"total": 4, "players": [1, 0], "disasters": 1}},
    {"e": "game_over", "turn": 30, "winners": [0], "disasters_win": False, "reason": "end condition",
     "decided_by": "players_together", "tally": {"total": 4, "players": [1, 1], "disasters": 1}},
    {"e": "vehicle_round", "turn": 5, "round": 1, "disaster": "happy-tanks", "vehicle": "bonaparte",
     "disaster_card": None, "vehicle_card": None, "disaster_attack": 5, "disaster_defense": 7,
     "vehicle_attack": 5, "vehicle_defense": 5, "damage_to_vehicle": 0, "damage_to_disaster": 5,
     "vehicle_health": 5, "disaster_health": 2, "full_attack": True},
    # a combat round with every note a card's text can add (engine/procedures/combat.py), one variant each
    *({"e": "combat_round", "turn": 2, "round": 2, "disaster": "toma", "target": "ryoko", "disaster_card": None,
       "target_card": None, "disaster_attack": 5, "disaster_defense": 5, "target_defense": 4,
       "strikers": [{"card": "ryoko", "uid": 3, "attack": 4, "no_damage": True},
                    {"card": "tenchi-masaki", "uid": 4, "attack": 7, "dealt": 2}],
       "strike": 11, "counted": counted, "damage_to_target": 2 * factor, "unfactored_damage": 2,
       "damage_factor": factor, "damage_to_disaster": max(0, counted - 5), "target_health": 4 - 2 * factor,
       "disaster_health": 3,
       "unanswered": False, **extra}
      for counted, factor, extra in (
          (7, 2, {}), (0, 0, {}), (7, 3, {"separate_defense": True}), (7, 2, {"held_from": 2}),
          (7, 2, {"before_cards": {"disaster_attack": 3, "target_defense": 2}, "cards_void": True,
                  "more_disaster_cards": ["club-stunning-smile"], "attack_is_strike": True}),
      )),
    # a Disaster's attack turned back on it (Reverse Attack), struck back and not
    *({"e": "combat_round", "turn": 2, "round": 1, "disaster": "kirin", "target": "tenchi-masaki",
       "disaster_card": None, "target_card": None, "disaster_attack": 6, "disaster_defense": 5, "target_defense": 2,
       "strikers": strikers, "strike": 2 if strikers else 0, "damage_to_target": 0, "unfactored_damage": 4,
       "damage_factor": 0, "damage_by": "reverse-attack", "reflected": 4, "damage_to_disaster": 4,
       "target_health": 2, "disaster_health": 1, "unanswered": not strikers}
      for strikers in ([{"card": "tenchi-masaki", "uid": 3, "attack": 2}], [])),
    {"e": "disaster_wounded", "turn": 2, "card": "desert-skeletons", "uid": 4, "by": "daylight", "damage": 3,
     "health": 1},
    {"e": "combat_called_off", "turn": 2, "card": "kirin", "uid": 4, "by": "washus-space-time-converter"},
    *({"e": "charm_reversed", "turn": 2, "disaster": "kagato", "character": "ryoko", "uid": 4, "by": "following-orders",
       "winner": w} for w in ("character", "disaster")),
    {"e": "look_foiled", "turn": 2, "seat": 0, "by": "mindtap", "source": "interference", "left": 2},
    {"e": "game_over", "turn": 30, "winners": [0, 1], "disasters_win": False, "reason": "seven Dragon Balls",
     "tally": {"total": 9, "players": [3, 3], "disasters": 1}},
]  # fmt: skip

DB = CardDB.bundled()


def test_every_kind_the_code_emits_is_documented_and_has_a_sentence() -> None:
    code = emitted_in_code()
    assert len(code) > 80  # the scan found the engine's events
    cat = narration.catalogue("en")
    bases = {k.split(".")[0] for k in cat.events}
    assert not code - bases, f"event kinds with no sentence: {sorted(code - bases)}"
    docs = listed_in_docs()
    assert not code - docs, f"event kinds missing from docs/engine.md: {sorted(code - docs)}"
    assert not bases - code, f"sentences for kinds the engine never emits: {sorted(bases - code)}"
    assert set(narration.RULES) >= code, f"kinds with no rule ids: {sorted(code - set(narration.RULES))}"


def test_every_event_seen_in_seeded_games_and_every_rare_kind_renders_completely() -> None:
    seen = {e["e"] for e in SEEDED}
    assert len(seen) > 50
    assert not seen - emitted_in_code()  # the scan misses nothing the games produce
    for ev in [*SEEDED, *RARE]:
        text, missing = narration.render(DB, ev)
        assert not missing, f"{ev['e']}: the sentence lacks {missing}: {text}"
        assert text and (text[0].isupper() or text[0].isdigit()) and text.endswith((".", "!")), text


def test_the_numbers_of_every_combat_sentence_in_seeded_games_add_up() -> None:
    assert not sums_wrong(SEEDED)
    assert not sums_wrong([ev for ev in RARE if ev.get("reflected")])  # Reverse Attack's numbers too


def test_sentences_name_cards_never_ids() -> None:
    ids = {v for ev in SEEDED for k, v in ev.items() if isinstance(v, str) and "-" in v and v in DB.ids}
    assert ids
    for ev in SEEDED:
        text, _ = narration.render(DB, ev)
        for value in ev.values():
            if isinstance(value, str) and value in ids:
                assert value not in text.split(), f"{text!r} names the id {value!r}"
                # a card that took on another's text (the-mass~largo) may go by its printed name
                assert DB.ids[value].name in text or DB.ids[printed_id(value)].name in text
        assert not re.search(r"\bc\d+\b", text), text


def test_a_seat_gets_no_sentence_for_what_it_may_not_see() -> None:
    drawn = {"e": "card_drawn", "turn": 1, "seat": 0, "card": "yajirobe", "uid": 50, "to": [0]}
    assert narration.sentence(DB, drawn, 0) == "Player 1 draws Yajirobe."
    assert narration.sentence(DB, drawn, 1) is None
    hidden = {"e": "card_drawn_hidden", "turn": 1, "seat": 0, "to": [1]}
    assert narration.sentence(DB, hidden, 1) == "Player 1 draws a card."
    assert narration.sentence(DB, hidden, 0) is None
    stored = {"e": "card_stored", "turn": 4, "seat": 0, "character": "ryoko", "item": True, "card": None}
    assert narration.sentence(DB, stored, 1) == "Ryoko stores a face-down Item in the Haven."


def test_sentences_of_a_game_follow_the_seat_view_and_name_locations() -> None:
    decks = [d for d in starter_decks().values() if 2 in d.players][:2]
    g = Game(GameConfig(seats=tuple(SeatConfig(DeckList.from_deck(d)) for d in decks), seed=5))
    agents = [make_agent("random", i) for i in range(2)]
    for _ in range(300):
        s = g.to_move
        if s is None:
            break
        g.apply(agents[s].choose(g.view(s), g.legal_actions()))
    for seat in (0, 1):
        mine = narration.sentences(g, seat)
        told = [e for e in g.events_for(seat) if not narration.told_already(e, seat)]  # a twin is told once
        assert len(mine) == len(told)
    private = [e for e in g.log if e.get("to") == [0]]
    assert private
    assert all(narration.sentence(g, e, 1) is None for e in private)
    moved = next(e for e in g.log if e["e"] == "character_moved")
    text = narration.sentence(g, moved, None)
    assert text is not None
    dest = g.name(g.state.grid[tuple(moved["dest"])])
    assert dest in text


def test_why_names_the_rules_behind_an_event() -> None:
    bonk = {"e": "bonked", "turn": 1, "seat": 0, "card": "princess-ayeka", "uid": 3}
    assert narration.why(DB, bonk, 0) == "Princess Ayeka (Player 1) is Bonked. Rule: COMBAT-14, COMBAT-15."
    end = {"e": "game_over", "turn": 9, "winners": [], "disasters_win": True, "reason": "round limit",
           "tally": {"total": 9, "players": [1], "disasters": 5}}  # fmt: skip
    assert narration.rules_for(end) == ("WIN-4",)


def test_an_unknown_language_is_refused_clearly() -> None:
    with pytest.raises(ValueError, match="no message catalogue for 'xx'"):
        narration.catalogue("xx")
