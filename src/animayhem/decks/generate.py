"""Build a legal deck from the card database: :func:`new_deck`, deterministic from its seed.

The builder follows the rules it is given (RULES.md SETUP-4 … SETUP-21 through :class:`Ruleset`): it
picks the starting and extra Characters first, then the Locations whose requirements those Characters
can meet (so the deck can Scavenge its own field), the Items, Power cards in the numbers of the 000
sample decks (EX-13) or the 5E standard deck (EX-21), exactly the Disasters SETUP-16 asks for with the
SETUP-17 mix, and a Combat pile. With a ``theme`` (a series) it takes that series' cards first and fills
from the rest of the database only where the series has too few.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

from animayhem.cards.database import CardDB
from animayhem.cards.evaluate import best_group
from animayhem.cards.model import Card, CardType
from animayhem.cards.stats import StatKind
from animayhem.decks.legality import (
    check_deck,
    copy_limit,
    disaster_minimums,
    is_combat_disaster,
    required_draw_disasters,
    required_items,
    required_locations,
)
from animayhem.decks.model import POWER_TYPES, Deck, Entry, Section, identity, is_super_saiyan
from animayhem.decks.stats import STOP_ICONS, icon_bearers
from animayhem.rules.ruleset import Ruleset, get_ruleset

# Power cards plus extra Characters of the 000 sample decks (EX-13), by player count; 4 players: as 3.
SAMPLE_DRAW_CARDS = {1: 14, 2: 20, 3: 26, 4: 26, 5: 32}
FIFTH_DRAW_CARDS = 21  # the 5E standard deck's Power cards (EX-21)
EXTRA_CHARACTERS = 3  # 001 L17 suggests 2-4 extra Characters
COMBAT_CARDS = 21


class DeckBuildError(ValueError):
    """The request cannot be met (an unknown series, or a ruleset the card pool cannot satisfy)."""


def series_names(db: CardDB | None = None) -> list[str]:
    db = db or CardDB.bundled()
    return sorted({c.series for c in db if c.series and c.type is not CardType.COMBAT})


def _ordered(cards: Iterable[Card], rng: random.Random, theme: str | None) -> list[Card]:
    """Theme cards first, each group in a seeded random order."""
    pool = sorted(cards, key=lambda c: c.number)
    rng.shuffle(pool)
    if theme is None:
        return pool
    return [c for c in pool if c.series == theme] + [c for c in pool if c.series != theme]


def _take(
    pool: list[Card], n: int, limit: Callable[[Card], int], counts: dict[str, int] | None = None
) -> dict[str, int]:
    """Up to ``n`` copies from ``pool`` in order: one of each card first, then further copies."""
    counts = {} if counts is None else counts
    taken = 0
    for rounds in range(1, 4):
        for c in pool:
            if taken >= n:
                return counts
            if counts.get(c.id, 0) < min(rounds, limit(c)):
                counts[c.id] = counts.get(c.id, 0) + 1
                taken += 1
    return counts


def _take_themed(
    pool: list[Card],
    n: int,
    limit: Callable[[Card], int],
    theme: str | None,
    counts: dict[str, int] | None = None,
) -> dict[str, int]:
    """As :func:`_take`, but a theme's cards give all their copies before other series are used."""
    counts = {} if counts is None else counts
    if theme is None:
        return _take(pool, n, limit, counts)
    before = sum(counts.values())
    _take([c for c in pool if c.series == theme], n, limit, counts)
    rest = n - (sum(counts.values()) - before)
    return _take([c for c in pool if c.series != theme], rest, limit, counts)


def new_deck(
    players: int,
    ruleset: Ruleset | str | None = None,
    theme: str | None = None,
    seed: int = 0,
    db: CardDB | None = None,
) -> Deck:
    """A legal deck for ``players`` under ``ruleset``, optionally built around one ``theme`` series."""
    db = db or CardDB.bundled()
    r = ruleset if isinstance(ruleset, Ruleset) else get_ruleset(ruleset)
    if theme is not None:
        known = {s.lower(): s for s in series_names(db)}
        if theme.lower() not in known:
            raise DeckBuildError(f"unknown series {theme!r} (known: {', '.join(known.values())})")
        theme = known[theme.lower()]
    rng = random.Random(seed)
    by_id = {c.id: c for c in db}
    entries: list[Entry] = []

    def usable(c: Card) -> bool:
        return r.charm_combat or c.charm is None or c.charm.kind not in (StatKind.COST, StatKind.UPKEEP)

    def limit(c: Card) -> int:
        lim, _, _ = copy_limit(c, r)
        return 3 if lim is None else lim

    # Characters: starting, then extra; one per Character; a transformer brings its second card.
    chars = _ordered((c for c in db.of_type(CardType.CHARACTER) if not is_super_saiyan(c)), rng, theme)
    used: set[str] = set()
    chosen: list[Card] = []
    partners: list[Card] = []
    for c in chars:
        if len(chosen) >= r.starting_characters_max + EXTRA_CHARACTERS:
            break
        if identity(c) in used or c.id in used:
            continue
        used.add(identity(c))
        chosen.append(c)
        if c.transforms_into is not None:
            used.add(c.transforms_into)
            partners.append(by_id[c.transforms_into])
    starters = chosen[: r.starting_characters_max]
    extras = chosen[r.starting_characters_max :]
    entries += [Entry(Section.CHARACTERS, c) for c in starters]
    draw_chars = list(extras)
    aside: list[Card] = []
    for p in partners:
        (aside if r.second_form == "aside" else draw_chars).append(p)
    entries += [Entry(Section.DRAW, c) for c in draw_chars]
    entries += [Entry(Section.ASIDE, c) for c in aside]

    # Locations the Characters can Scavenge come first (theme first within each): the requirement met by some of
    # them and, for a Planetary or Dimensional Location, the icon borne by one of them (SCAV-18, SCAV-19).
    n_loc = required_locations(r, players) or 7
    roster = starters + extras
    borne = icon_bearers(roster)

    def open_to_roster(c: Card) -> bool:
        if any(i in c.icons and not borne[i] for i in STOP_ICONS):
            return False
        return c.requirements is None or best_group(c.requirements, roster) is not None

    theme_locs: list[Card] = []
    other_locs: list[Card] = []
    for c in _ordered(db.of_type(CardType.LOCATION), rng, theme):
        (theme_locs if theme is None or c.series == theme else other_locs).append(c)
    picked: list[Card] = []
    for group in (theme_locs, other_locs):
        unmet: list[Card] = []
        for c in group:
            if len(picked) >= n_loc:
                break
            if open_to_roster(c):
                picked.append(c)
            else:
                unmet.append(c)
        if group is theme_locs and theme is not None:
            picked += unmet[: max(0, n_loc - len(picked))]
    if len(picked) < n_loc:
        picked += [c for c in theme_locs + other_locs if c not in picked][: n_loc - len(picked)]
    entries += [Entry(Section.LOCATIONS, c) for c in picked[:n_loc]]

    havens = _ordered(db.of_type(CardType.HAVEN), rng, theme)
    entries.append(Entry(Section.HAVEN, havens[0]))

    items = _take_themed(_ordered(db.of_type(CardType.ITEM), rng, theme), required_items(r, n_loc), limit, theme)
    entries += [Entry(Section.ITEMS, by_id[i], n) for i, n in items.items()]

    if r.draw_disaster_divisor == 3:
        n_power = FIFTH_DRAW_CARDS - len(draw_chars)
    else:
        n_power = SAMPLE_DRAW_CARDS[min(players, 5)] - len(draw_chars)
    power_pool = _ordered((c for c in db.of_type(*POWER_TYPES) if usable(c)), rng, theme)
    power = _take_themed(power_pool, max(0, n_power), lambda c: min(2, limit(c)), theme)
    entries += [Entry(Section.DRAW, by_id[i], n) for i, n in power.items()]

    draw = required_draw_disasters(
        r,
        players,
        starters=len(starters),
        power=sum(power.values()),
        extra_characters=len(draw_chars),
        extra_havens=0,
    )
    total = 2 * n_loc + draw
    min_combat, min_major = disaster_minimums(r, total)
    dis_pool = _ordered((c for c in db if c.type.is_disaster and usable(c)), rng, theme)
    majors = [c for c in dis_pool if c.type is CardType.MAJOR_DISASTER]
    majors.sort(key=lambda c: not is_combat_disaster(c, r))  # stable: Combat Majors first
    dis = _take_themed(majors, min_major, limit, theme)
    have_combat = sum(n for i, n in dis.items() if is_combat_disaster(by_id[i], r))
    combat_minors = [c for c in dis_pool if c.type is CardType.MINOR_DISASTER and is_combat_disaster(c, r)]
    dis = _take_themed(combat_minors, max(0, min_combat - have_combat), limit, theme, dis)
    rest = total - sum(dis.values())
    dis = _take_themed([c for c in dis_pool if c.type is CardType.MINOR_DISASTER], rest, limit, theme, dis)
    entries += [Entry(Section.DISASTERS, by_id[i], n) for i, n in dis.items()]

    n_combat = max(r.combat_min, COMBAT_CARDS)
    combat = _take(_ordered(db.of_type(CardType.COMBAT), rng, None), n_combat, limit)
    entries += [Entry(Section.COMBAT, by_id[i], n) for i, n in combat.items()]

    order = {s: k for k, s in enumerate(Section)}
    entries.sort(key=lambda e: order[e.section])
    label = theme or "Mixed"
    deck = Deck(
        name=f"{label} ({r.name}, {players}p, seed {seed})",
        description=f"Generated {label} deck for {players} player(s) under {r.name}, seed {seed}.",
        players=(players,),
        ruleset=r.name,
        series=theme,
        entries=tuple(entries),
    )
    problems = check_deck(deck, r, players)
    if problems:
        raise DeckBuildError("could not build a legal deck: " + "; ".join(str(p) for p in problems))
    return deck
