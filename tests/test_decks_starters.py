"""Bundled starter decks, the deck builder, deck statistics and the Ruleset presets (SETUP-4 … SETUP-21)."""

from __future__ import annotations

import dataclasses
import re

import pytest

from animayhem.cards.database import CardDB
from animayhem.cards.model import CardType
from animayhem.decks.generate import DeckBuildError, new_deck, series_names
from animayhem.decks.legality import check_deck
from animayhem.decks.model import Section
from animayhem.decks.starters import find_starter, starter_decks
from animayhem.decks.stats import deck_stats
from animayhem.decks.textformat import format_deck
from animayhem.rules import RULESETS, SWITCH_DOCS, Ruleset, RulesetError, get_ruleset

STARTERS = starter_decks()


def test_at_least_eight_starters_with_the_required_series() -> None:
    assert len(STARTERS) >= 8
    series = [d.series for d in STARTERS.values()]
    for s in ("Bubblegum Crisis", "Ranma 1/2", "Tenchi Muyo!", "El Hazard"):
        assert series.count(s) >= 1
    assert series.count("Dragon Ball Z") >= 2
    assert series.count(None) >= 2  # mixed decks
    for deck in STARTERS.values():
        assert deck.name and deck.description and deck.players and deck.ruleset == "classic"


@pytest.mark.parametrize("key", sorted(STARTERS))
def test_starter_is_legal_for_its_declared_players_setup_4_to_21(key: str) -> None:
    deck = STARTERS[key]
    for players in deck.players:
        assert check_deck(deck, get_ruleset(deck.ruleset), players) == [], (key, players)


# Z Fighters holds three Locations (Planet Namek, King Kai's Planetoid, Snake Way) none of its cards lets a group
# stop on: no card bears or gives their Planetary or Dimensional icon (SCAV-18, SCAV-19). Mending the deck changes
# the engine's standard benchmark batch (its 2-seat games), so it is left to a decision; the coverage says so.
_UNMENDED = {"z-fighters"}


@pytest.mark.parametrize(
    "key",
    [
        pytest.param(k, marks=pytest.mark.xfail(strict=True, reason="Locations its cards cannot stop on (SCAV-18)"))
        if k in _UNMENDED
        else k
        for k in sorted(STARTERS)
    ],
)
def test_starter_characters_can_scavenge_its_locations_scav_1(key: str) -> None:
    """A fair share (at least two thirds) of each starter's Locations is open to its own Characters: its
    requirement met by some of them, and, for a Planetary or Dimensional Location, the icon borne or given by a card
    of the deck (SCAV-18, SCAV-19)."""
    stats = deck_stats(STARTERS[key])
    assert len(stats.coverage) == STARTERS[key].count(Section.LOCATIONS)
    assert stats.coverage_share >= 2 / 3, [c.location for c in stats.coverage if not c.met]


def test_themed_starters_stay_in_their_series() -> None:
    for deck in STARTERS.values():
        if deck.series is None:
            continue
        off = {e.card.series for e in deck.entries if e.card.type is not CardType.COMBAT} - {deck.series}
        assert off == set(), (deck.name, off)


def test_find_starter_by_stem_or_name() -> None:
    assert find_starter("knight-sabers") is STARTERS["knight-sabers"]
    assert find_starter("Knight Sabers") is STARTERS["knight-sabers"]
    assert find_starter("knight-sabers.deck") is STARTERS["knight-sabers"]
    assert find_starter("nothing") is None


@pytest.mark.parametrize("preset", sorted(RULESETS))
@pytest.mark.parametrize("theme", [None, "Ranma 1/2", "Dragon Ball Z", "Phantom Quest Corp."])
def test_new_deck_is_legal_and_deterministic(preset: str, theme: str | None) -> None:
    for players in (1, 3, 5):
        a = new_deck(players, preset, theme, seed=7)
        assert check_deck(a, get_ruleset(preset), players) == []
        assert new_deck(players, preset, theme, seed=7) == a
    assert new_deck(2, preset, theme, seed=1) != new_deck(2, preset, theme, seed=2)


@pytest.mark.parametrize("preset", sorted(RULESETS))
def test_new_deck_picks_locations_its_characters_can_stop_on_scav_18(preset: str) -> None:
    """Without a theme, every Location the builder picks is open to the deck's Characters: a Planetary or
    Dimensional one only when one of them bears its icon (SCAV-18, SCAV-19); before, 100 of the 1,060 Locations
    of these 160 decks could never be stopped on."""
    for players in (1, 2, 3, 5):
        for seed in range(10):
            deck = new_deck(players, preset, None, seed=seed)
            missing = [c.location for c in deck_stats(deck).coverage if c.icon_missing]
            assert missing == [], (players, seed, missing)


def test_new_deck_theme_prefers_its_series(db: CardDB) -> None:
    deck = new_deck(2, "classic", "tenchi muyo!", seed=3)
    assert deck.series == "Tenchi Muyo!"
    chars = deck.cards(Section.CHARACTERS)
    assert all(c.series == "Tenchi Muyo!" for c in chars)
    assert deck_stats(deck).coverage_share >= 0.5
    with pytest.raises(DeckBuildError, match="unknown series"):
        new_deck(2, "classic", "Sailor Moon")
    assert "El Hazard" in series_names(db)


def test_stats_breakdown(db: CardDB) -> None:
    deck = STARTERS["z-fighters"]
    s = deck_stats(deck)
    assert s.total == deck.count() == sum(s.by_type.values())
    assert s.by_section["Aside"] == 1  # Super Saiyan (Goku), SETUP-20
    assert s.disasters["total"] == 22 == s.disasters["major"] + s.disasters["minor"]
    assert s.disasters["combat"] + s.disasters["non_combat"] == 22
    assert s.draw_inputs == {"starters": 4, "power": 17, "extra_characters": 3, "extra_havens": 0}
    chars = deck.characters()
    assert len(chars) == 7
    assert s.average_abilities["attack"] == round(sum(c.attack.value for c in chars if c.attack) / 7, 2)  # type: ignore[misc]
    # every requirement met by its Characters, but 3 of its 7 Locations need an icon none of its cards has
    assert s.to_json()["coverage_share"] == round(4 / 7, 3)
    assert all(c.group for c in s.coverage if c.requirement)


# ------------------------------------------------------------------ rulesets


def test_presets_and_switch_docs() -> None:
    assert set(RULESETS) == {"classic", "dbz", "guia", "fifth"}
    assert get_ruleset() is RULESETS["classic"] and get_ruleset("FIFTH").name == "fifth"
    with pytest.raises(RulesetError):
        get_ruleset("chess")
    names = {f.name for f in dataclasses.fields(Ruleset)}
    assert names == set(SWITCH_DOCS)
    for conf, text in SWITCH_DOCS.values():
        assert text and (conf == "-" or re.fullmatch(r"[A-Z]+-\d+[a-z]?", conf)), conf


def test_presets_differ_where_the_books_conflict() -> None:
    c, d, g, f = (get_ruleset(n) for n in ("classic", "dbz", "guia", "fifth"))
    assert (c.copies_power, d.copies_power) == (3, 2)  # CONF-8
    assert (c.copies_combat, d.copies_combat, g.copies_combat, f.copies_combat) == (None, 3, 3, 3)  # CONF-8
    assert (c.combat_min, g.combat_min, f.combat_min) == (0, 5, 21)  # CONF-11
    assert (c.items, d.items, f.items) == ("per_location", "at_least_per_location", "one_and_a_half")  # CONF-10
    assert (c.havens, d.havens, g.havens, f.havens) == ("any", "one_starting", "from_hand", "one_starting")  # CONF-7
    assert f.draw_disaster_divisor == 3 and not f.draw_disasters_count_starters  # CONF-12


def test_with_overrides_house_rules() -> None:
    house = get_ruleset("classic").with_overrides(combat_min=10, copies_combat=3)
    assert (house.combat_min, house.copies_combat, house.name) == (10, 3, "classic")
    assert get_ruleset("classic").combat_min == 0  # the preset is unchanged
    with pytest.raises(RulesetError, match="unknown switch"):
        get_ruleset().with_overrides(combat_minimum=3)
    with pytest.raises(RulesetError, match="expected int"):
        get_ruleset().with_overrides(combat_min="many")
    with pytest.raises(RulesetError, match="expected one of"):
        get_ruleset().with_overrides(items="lots")
    deck = new_deck(2, "classic", seed=4)
    combat = deck.count(Section.COMBAT)
    stricter = get_ruleset().with_overrides(combat_min=combat + 1)
    assert {p.rule for p in check_deck(deck, stricter, 2)} == {"SETUP-14"}


def test_generated_deck_text_mentions_the_ruleset() -> None:
    text = format_deck(new_deck(3, "guia", seed=1))
    assert "ruleset: guia" in text and "players: 3" in text


def test_coverage_counts_the_icon_a_planetary_location_asks_for_scav_18() -> None:
    """A Location whose requirement the Characters meet is still closed when no card of the deck lets a group stop
    on it: Z Fighters' Planetary ones; Masaki Household's open through Ryo-Ohki's ship form and the Tsunami."""
    z = {c.location: c for c in deck_stats(STARTERS["z-fighters"]).coverage}
    assert z["Planet Namek"].icon_missing == "Planetary" and not z["Planet Namek"].met
    masaki = deck_stats(STARTERS["masaki-household"])
    jurai = next(c for c in masaki.coverage if c.location == "Planet Jurai")
    assert jurai.met and jurai.icon_missing is None
    assert masaki.to_json()["coverage"][0]["icon_missing"] is None
