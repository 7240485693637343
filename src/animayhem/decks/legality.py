"""Deck legality: every deck-construction rule of RULES.md SETUP-2 … SETUP-21 under a :class:`Ruleset`.

:func:`check_deck` returns a list of :class:`Problem` (empty: legal). Each names the rule (and the
conflict row it depends on), what was found, what is required and a concrete fix. The arithmetic helpers
(:func:`required_locations`, :func:`required_items`, :func:`required_draw_disasters`,
:func:`disaster_minimums`) are public so tests can run the books' own tables (EX-13, EX-21, EX-22).

Rounding follows AMB-9: "at least ½ Combat" and "at least ⅓ Major" round up; half of an odd sub-total
rounds up; 5E's "1 per 3 Power cards" rounds down; a negative draw-Disaster result means none.
SETUP-18 (5E: no non-Combat Disasters that cannot affect their owner) depends on the game a deck will
meet, not on its list, so it is not checked here (docs/decks.md).
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import asdict, dataclass

from animayhem.cards.model import Card, CardType
from animayhem.cards.stats import StatKind
from animayhem.decks.model import POWER_TYPES, SECTION_TYPES, Deck, Section, identity, is_super_saiyan
from animayhem.rules.ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class Problem:
    """One broken rule. ``rule`` is a RULES.md id (SETUP-n); ``conf`` the CONF row the ruleset settles."""

    rule: str
    message: str
    found: str
    required: str
    fix: str
    conf: str | None = None

    def to_json(self) -> dict[str, str | None]:
        return asdict(self)

    def __str__(self) -> str:
        ref = f"{self.rule}/{self.conf}" if self.conf else self.rule
        return f"[{ref}] {self.message} (found {self.found}, required {self.required}); fix: {self.fix}"


def _plural(n: int, word: str) -> str:
    if n == 1:
        return f"1 {word}"
    if word.endswith("y") and not word.endswith("ey"):
        return f"{n} {word[:-1]}ies"
    return f"{n} {word}s"


def _adjust(diff: int, word: str, where: str = "") -> str:
    """'add 2 Items' / 'remove 1 Item'."""
    tail = f" {where}" if where else ""
    return f"add {_plural(diff, word)}{tail}" if diff > 0 else f"remove {_plural(-diff, word)}{tail}"


# ------------------------------------------------------------------ arithmetic


def required_locations(ruleset: Ruleset, players: int) -> int | None:
    """SETUP-4 / CONF-9: Locations per deck (None: the player chooses, subject to ``locations_must_be_odd``)."""
    return ruleset.locations_for(players)


def required_items(ruleset: Ruleset, locations: int) -> int:
    """SETUP-9 / CONF-10: the Items a deck with ``locations`` Locations needs (the minimum for 001)."""
    if ruleset.items == "one_and_a_half":
        return math.ceil(locations * 3 / 2)
    return locations


def required_draw_disasters(
    ruleset: Ruleset, players: int, *, starters: int, power: int, extra_characters: int, extra_havens: int
) -> int:
    """SETUP-16 / CONF-12: Disasters shuffled into the Draw pile (beyond the 2 under each Location)."""
    counted = power + extra_characters
    if ruleset.draw_disasters_count_starters:
        counted += starters
    if ruleset.draw_disasters_count_havens:
        counted += extra_havens
    d = ruleset.draw_disaster_divisor
    base = -(-counted // d) if ruleset.draw_disaster_rounding == "up" else counted // d
    return max(0, base - ruleset.draw_disaster_minus_per_player * players)


def disaster_minimums(ruleset: Ruleset, total: int) -> tuple[int, int]:
    """SETUP-17: (fewest Combat Disasters, fewest Major Disasters) among ``total`` Disasters (rounded up)."""
    cn, cd = ruleset.combat_disasters_min
    mn, md = ruleset.major_disasters_min
    return -(-total * cn // cd), -(-total * mn // md)


def is_combat_disaster(card: Card, ruleset: Ruleset) -> bool:
    """CONF-12b: a Combat Disaster has Attack and Defense (000), or also Movement (001, 5E).

    The card data's ``combat`` flag is the Attack/Defense/Movement reading with curated exceptions; under
    000 a Disaster with a printed base Attack and Defense but no Movement also counts.
    """
    if card.disaster is None:
        return False
    if card.disaster.combat:
        return True
    if ruleset.combat_disaster == "attack_defense":
        a, d = card.attack, card.defense
        return a is not None and d is not None and a.kind is StatKind.BASE and d.kind is StatKind.BASE
    return False


def copy_limit(card: Card, ruleset: Ruleset) -> tuple[int | None, str, str | None]:
    """(limit, rule id, conf id) for copies of one card (SETUP-5 … SETUP-15). None: unlimited."""
    if card.unique:
        return 1, "SETUP-13", None
    if card.deck_limit is not None:
        return card.deck_limit, "SETUP-11", None
    t = card.type
    if t is CardType.LOCATION:
        return ruleset.copies_location, "SETUP-5", "CONF-8"
    if t is CardType.CHARACTER:
        return ruleset.copies_character, "SETUP-6", "CONF-8"
    if t is CardType.HAVEN:
        return ruleset.copies_haven, "SETUP-8", "CONF-7"
    if t is CardType.ITEM:
        return ruleset.copies_item, "SETUP-9", "CONF-8"
    if t is CardType.COMBAT:
        return ruleset.copies_combat, "SETUP-14", "CONF-8"
    if t.is_disaster:
        return ruleset.copies_disaster, "SETUP-15", "CONF-8"
    return ruleset.copies_power, "SETUP-10", "CONF-8"


def base_name(name: str) -> str:
    """``Gren Clone (2nd form)`` → ``Gren Clone`` (SETUP-12)."""
    return name.split(" (", 1)[0].strip() if name.endswith(")") and " (" in name else name


# ------------------------------------------------------------------ the check


def check_deck(deck: Deck, ruleset: Ruleset, players: int) -> list[Problem]:
    """Every construction rule the deck breaks for a game of ``players`` under ``ruleset``."""
    out: list[Problem] = []
    _players(out, ruleset, players)
    _sections(out, deck)
    _special_characters(out, deck, ruleset)
    _starting_characters(out, deck, ruleset)
    _havens(out, deck, ruleset)
    n_locations = _locations(out, deck, ruleset, players)
    _items(out, deck, ruleset, n_locations)
    _copies(out, deck, ruleset)
    _combat(out, deck, ruleset)
    _disasters(out, deck, ruleset, players, n_locations)
    _charm_costs(out, deck, ruleset)
    return out


def is_legal(deck: Deck, ruleset: Ruleset, players: int) -> bool:
    return not check_deck(deck, ruleset, players)


def _players(out: list[Problem], r: Ruleset, players: int) -> None:
    hi = r.max_players
    if players < r.min_players or (hi is not None and players > hi):
        rng = f"{r.min_players} to {hi}" if hi is not None else f"{r.min_players} or more"
        out.append(
            Problem(
                "SETUP-2",
                f"{players} players is outside this ruleset's range",
                str(players),
                rng,
                f"play with {rng} players",
                "CONF-59",
            )
        )


def _sections(out: list[Problem], deck: Deck) -> None:
    for e in deck.entries:
        if e.card.type not in SECTION_TYPES[e.section]:
            out.append(
                Problem(
                    "SETUP-3",
                    f"{e.card.name} is a {e.card.type.label} in [{e.section.heading}]",
                    e.section.heading,
                    "a section for its type",
                    f"move {e.card.name} to its own section",
                )
            )


def _special_characters(out: list[Problem], deck: Deck, r: Ruleset) -> None:
    ids = deck.copies()
    playing = {e.card.id for e in deck.entries if e.section in (Section.CHARACTERS, Section.DRAW)}
    for e in deck.entries:
        c = e.card
        if is_super_saiyan(c):
            if r.super_saiyans_aside and e.section is not Section.ASIDE:
                out.append(
                    Problem(
                        "SETUP-20",
                        f"{c.name} is a Super-Saiyan: it is set aside, not played from [{e.section.heading}]",
                        e.section.heading,
                        "[Aside]",
                        f"move {c.name} to [Aside]",
                    )
                )
            continue
        if e.section is not Section.ASIDE:
            continue
        partner = c.transforms_into
        if partner is None:
            out.append(
                Problem(
                    "SETUP-21",
                    f"{c.name} is neither a Super-Saiyan nor the second card of a two-card Character",
                    "[Aside]",
                    "[Characters] or [Draw]",
                    f"move {c.name} to [Draw]",
                    "CONF-55",
                )
            )
        elif r.second_form != "aside":
            out.append(
                Problem(
                    "SETUP-21",
                    f"{c.name} (second card of a transforming Character) is swapped in "
                    "from hand or Haven under this ruleset, so it is not set aside",
                    "[Aside]",
                    "[Draw]",
                    f"move {c.name} to [Draw]",
                    "CONF-55",
                )
            )
        elif partner not in playing:
            out.append(
                Problem(
                    "SETUP-21",
                    f"{c.name} is set aside, but its other form is not in the deck",
                    "0 of its partner",
                    f"{partner} in [Characters] or [Draw]",
                    f"add {partner} or remove {c.name}",
                    "CONF-55",
                )
            )
    if r.second_form == "aside":
        aside = {e.card.id for e in deck.section(Section.ASIDE)}
        for e in deck.entries:
            c = e.card
            if e.section not in (Section.CHARACTERS, Section.DRAW) or c.transforms_into is None:
                continue
            if c.transforms_into in playing and c.id in playing:
                # both forms in play: keep the first listed, the other belongs aside
                first = next(x for x in deck.entries if x.card.id in (c.id, c.transforms_into))
                if first.card.id != c.id:
                    out.append(
                        Problem(
                            "SETUP-21",
                            f"{c.name} is the second card of {first.card.name}; it waits "
                            "outside play and does not count",
                            e.section.heading,
                            "[Aside]",
                            f"move {c.name} to [Aside]",
                            "CONF-55",
                        )
                    )
            elif c.transforms_into not in aside and ids[c.transforms_into] == 0:
                out.append(
                    Problem(
                        "SETUP-21",
                        f"{c.name} transforms into a second card, which the deck needs",
                        "0",
                        f"1 {c.transforms_into} in [Aside]",
                        f"add {c.transforms_into} to [Aside]",
                        "CONF-55",
                    )
                )


def _starting_characters(out: list[Problem], deck: Deck, r: Ruleset) -> None:
    n = deck.count(Section.CHARACTERS)
    lo, hi = r.starting_characters_min, r.starting_characters_max
    if lo <= n <= hi:
        return
    req = f"exactly {hi}" if lo == hi else f"{lo} to {hi}"
    diff = (lo - n) if n < lo else (hi - n)
    out.append(
        Problem(
            "SETUP-7",
            "wrong number of starting Characters",
            str(n),
            req,
            _adjust(diff, "starting Character", "in [Characters]"),
            "CONF-54",
        )
    )


def _havens(out: list[Problem], deck: Deck, r: Ruleset) -> None:
    start = deck.section(Section.HAVEN)
    n = sum(e.count for e in start)
    extra = deck.count(Section.DRAW, CardType.HAVEN)
    if r.havens == "from_hand":
        if n > 1:
            out.append(
                Problem(
                    "SETUP-8",
                    "more than one card in [Haven]",
                    str(n),
                    "at most 1",
                    _adjust(1 - n, "Haven", "from [Haven] (extra Havens go in [Draw])"),
                    "CONF-7",
                )
            )
    elif n != 1:
        fix = _adjust(1 - n, "Haven", "in [Haven]")
        if n == 0 and extra:
            fix = "move one Haven from [Draw] to [Haven]"
        elif n == 0 and r.location_as_haven:
            fix += " (or a spare Location to stand in for it)"
        out.append(Problem("SETUP-8", "a deck starts with exactly one Haven", str(n), "exactly 1", fix, "CONF-7"))
    for e in start:
        if e.card.type is CardType.LOCATION and not r.location_as_haven:
            out.append(
                Problem(
                    "SETUP-27",
                    f"{e.card.name} is a Location; this ruleset has no stand-in Havens",
                    "a Location",
                    "a Haven card",
                    f"replace {e.card.name} in [Haven] with a Haven",
                    "CONF-7",
                )
            )


def _locations(out: list[Problem], deck: Deck, r: Ruleset, players: int) -> int:
    n = deck.count(Section.LOCATIONS)
    need = required_locations(r, players)
    if need is not None and n != need:
        out.append(
            Problem(
                "SETUP-4",
                f"a {players}-player deck brings {need} Locations",
                str(n),
                f"exactly {need}",
                _adjust(need - n, "Location"),
                "CONF-9",
            )
        )
    if need is None and r.locations_must_be_odd and n % 2 == 0:
        out.append(
            Problem(
                "SETUP-4",
                "the number of Locations must be odd",
                str(n),
                "an odd number",
                "add 1 Location" if n == 0 else "add or remove 1 Location",
                "CONF-9",
            )
        )
    return n


def _items(out: list[Problem], deck: Deck, r: Ruleset, n_locations: int) -> None:
    n = deck.count(Section.ITEMS)
    need = required_items(r, n_locations)
    if r.items == "at_least_per_location":
        if n < need:
            out.append(
                Problem(
                    "SETUP-9",
                    "fewer Items than Locations",
                    str(n),
                    f"at least {need}",
                    _adjust(need - n, "Item"),
                    "CONF-10",
                )
            )
    elif n != need:
        basis = "1.5 per Location, rounded up" if r.items == "one_and_a_half" else "1 per Location"
        out.append(
            Problem(
                "SETUP-9", f"Items must number {basis}", str(n), f"exactly {need}", _adjust(need - n, "Item"), "CONF-10"
            )
        )


def _copies(out: list[Problem], deck: Deck, r: Ruleset) -> None:
    copies = deck.copies()
    cards = {e.card.id: e.card for e in deck.entries}
    grouped: dict[str, list[Card]] = {}
    if r.parenthesised_versions:
        for c in cards.values():
            if c.type is not CardType.CHARACTER and base_name(c.name) != c.name:
                grouped.setdefault(f"{c.type.value}:{base_name(c.name)}", []).append(c)
    versioned = {c.id for group in grouped.values() if len(group) > 1 for c in group}
    for cid, n in copies.items():
        c = cards[cid]
        if c.type is CardType.CHARACTER or cid in versioned:
            continue
        limit, rule, conf = copy_limit(c, r)
        if limit is not None and n > limit:
            out.append(
                Problem(
                    rule,
                    f"too many copies of {c.name}",
                    str(n),
                    f"at most {limit}",
                    f"remove {n - limit} {c.name}",
                    conf,
                )
            )
    # SETUP-12: versions of one card share the type's allowance, or 1 of each
    for group in grouped.values():
        if len(group) < 2:
            continue
        limit, _, _ = copy_limit(group[0], r)
        total = sum(copies[c.id] for c in group)
        one_each = all(copies[c.id] == 1 for c in group)
        if limit is not None and total > limit and not one_each:
            name = base_name(group[0].name)
            out.append(
                Problem(
                    "SETUP-12",
                    f"the versions of {name} share an allowance of {limit} (or 1 of each version)",
                    str(total),
                    f"at most {limit} in total, or 1 of each",
                    f"remove {total - limit} {name} cards",
                    "CONF-8",
                )
            )
    # SETUP-6: one copy of each Character (both Goku cards are one Character)
    per_identity: Counter[str] = Counter()
    names: dict[str, str] = {}
    for e in deck.entries:
        if e.card.type is CardType.CHARACTER:
            per_identity[identity(e.card)] += e.count
            names[identity(e.card)] = e.card.character or e.card.name
    for ident, n in per_identity.items():
        limit = r.copies_character
        if n > limit:
            out.append(
                Problem(
                    "SETUP-6",
                    f"{names[ident]} appears {n} times (starting and extra Characters together)",
                    str(n),
                    f"at most {limit}",
                    f"remove {n - limit} {names[ident]}",
                    "CONF-8",
                )
            )


def _combat(out: list[Problem], deck: Deck, r: Ruleset) -> None:
    n = deck.count(Section.COMBAT)
    if n < r.combat_min:
        out.append(
            Problem(
                "SETUP-14",
                "too few Combat cards",
                str(n),
                f"at least {r.combat_min}",
                _adjust(r.combat_min - n, "Combat card"),
                "CONF-11",
            )
        )


def draw_disaster_inputs(deck: Deck, r: Ruleset) -> dict[str, int]:
    """The card counts SETUP-16's formula reads from a deck (Super-Saiyans and set-aside cards excluded)."""
    draw = [e for e in deck.section(Section.DRAW) if not (r.super_saiyans_aside and is_super_saiyan(e.card))]
    starters = sum(e.count for e in deck.section(Section.CHARACTERS) if not is_super_saiyan(e.card))
    return {
        "starters": starters,
        "power": sum(e.count for e in draw if e.card.type in POWER_TYPES),
        "extra_characters": sum(e.count for e in draw if e.card.type is CardType.CHARACTER),
        "extra_havens": sum(e.count for e in draw if e.card.type is CardType.HAVEN),
    }


def _disasters(out: list[Problem], deck: Deck, r: Ruleset, players: int, n_locations: int) -> None:
    disasters = deck.cards(Section.DISASTERS)
    total = len(disasters)
    draw = required_draw_disasters(r, players, **draw_disaster_inputs(deck, r))
    need = 2 * n_locations + draw
    if total != need:
        out.append(
            Problem(
                "SETUP-16",
                f"Disasters must number 2 per Location ({2 * n_locations}) plus {draw} for the Draw pile",
                str(total),
                f"exactly {need}",
                _adjust(need - total, "Disaster"),
                "CONF-12",
            )
        )
    if total == 0:
        return
    min_combat, min_major = disaster_minimums(r, total)
    combat = sum(1 for c in disasters if is_combat_disaster(c, r))
    major = sum(1 for c in disasters if c.type is CardType.MAJOR_DISASTER)
    if combat < min_combat:
        out.append(
            Problem(
                "SETUP-17",
                f"at least half of the {total} Disasters must be Combat Disasters",
                str(combat),
                f"at least {min_combat}",
                f"replace {_plural(min_combat - combat, 'non-Combat Disaster')} with Combat Disasters",
                "CONF-12b",
            )
        )
    if major < min_major:
        out.append(
            Problem(
                "SETUP-17",
                f"at least a third of the {total} Disasters must be Major",
                str(major),
                f"at least {min_major}",
                f"replace {_plural(min_major - major, 'Minor Disaster')} with Major Disasters",
            )
        )


def _charm_costs(out: list[Problem], deck: Deck, r: Ruleset) -> None:
    if r.charm_combat:
        return
    for e in deck.entries:
        c = e.card
        if c.type is CardType.COMBAT or c.charm is None:
            continue
        if c.charm.kind in (StatKind.COST, StatKind.UPKEEP):
            out.append(
                Problem(
                    "SETUP-19",
                    f"{c.name} has a Charm cost, and Charm Combat is not played",
                    str(e.count),
                    "0",
                    f"remove {c.name}",
                )
            )
