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
from animayhem.i18n import N_, Msg, localize
from animayhem.rules.ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class Problem:
    """One broken rule. ``rule`` is a RULES.md id (SETUP-n); ``conf`` the CONF row the ruleset settles. The four
    texts are English (:class:`~animayhem.i18n.Msg`: :meth:`text` shows them in another language)."""

    rule: str
    message: str
    found: str
    required: str
    fix: str
    conf: str | None = None

    def to_json(self) -> dict[str, str | None]:
        return {k: None if v is None else str(v) for k, v in asdict(self).items()}

    def part(self, name: str, lang: str | None = None) -> str:
        """One of ``message``, ``found``, ``required``, ``fix`` in ``lang`` (default: the language in force)."""
        text: str = getattr(self, name)
        return localize(text, lang)

    def text(self, lang: str | None = None) -> str:
        """The whole problem in one line, in ``lang`` (default: the language in force)."""
        ref = f"{self.rule}/{self.conf}" if self.conf else self.rule
        parts = {k: self.part(k, lang) for k in ("message", "found", "required", "fix")}
        return f"[{ref}] " + localize(Msg("{message} (found {found}, required {required}); fix: {fix}", **parts), lang)

    def __str__(self) -> str:
        return self.text("en")


# how many of a kind of card: the singular and the plural (the deck file's section names stay as written)
_COUNTED: dict[str, tuple[str, str]] = {
    "starting Character": (N_("1 starting Character"), N_("{n} starting Characters")),
    "Haven": (N_("1 Haven"), N_("{n} Havens")),
    "Location": (N_("1 Location"), N_("{n} Locations")),
    "Item": (N_("1 Item"), N_("{n} Items")),
    "Combat card": (N_("1 Combat card"), N_("{n} Combat cards")),
    "Disaster": (N_("1 Disaster"), N_("{n} Disasters")),
    "non-Combat Disaster": (N_("1 non-Combat Disaster"), N_("{n} non-Combat Disasters")),
    "Minor Disaster": (N_("1 Minor Disaster"), N_("{n} Minor Disasters")),
}

_A_TYPE: dict[CardType, str] = {
    CardType.CHARACTER: N_("a Character"),
    CardType.LOCATION: N_("a Location"),
    CardType.HAVEN: N_("a Haven"),
    CardType.ITEM: N_("an Item"),
    CardType.COMBAT: N_("a Combat card"),
    CardType.MAJOR_DISASTER: N_("a Major Disaster"),
    CardType.MINOR_DISASTER: N_("a Minor Disaster"),
    CardType.ENHANCEMENT: N_("an Enhancement"),
    CardType.EQUIPMENT: N_("an Equipment"),
    CardType.GLOBAL_EFFECT: N_("a Global Effect"),
    CardType.FLASH_EFFECT: N_("a Flash Effect"),
}


def _plural(n: int, word: str) -> Msg:
    one, many = _COUNTED[word]
    return Msg(one) if n == 1 else Msg(many, n=n)


def _adjust(diff: int, word: str, where: Msg | None = None) -> Msg:
    """'add 2 Items' / 'remove 1 Item', and where."""
    count = _plural(abs(diff), word)
    if where is None:
        return Msg("add {count}", count=count) if diff > 0 else Msg("remove {count}", count=count)
    if diff > 0:
        return Msg("add {count} {where}", count=count, where=where)
    return Msg("remove {count} {where}", count=count, where=where)


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
        rng = Msg("{lo} to {hi}", lo=r.min_players, hi=hi) if hi is not None else Msg("{lo} or more", lo=r.min_players)
        out.append(
            Problem(
                "SETUP-2",
                Msg("{n} players is outside this ruleset's range", n=players),
                str(players),
                rng,
                Msg("play with {range} players", range=rng),
                "CONF-59",
            )
        )


def _sections(out: list[Problem], deck: Deck) -> None:
    for e in deck.entries:
        if e.card.type not in SECTION_TYPES[e.section]:
            out.append(
                Problem(
                    "SETUP-3",
                    Msg(
                        "{card} is {a_type} in [{section}]",
                        card=e.card.name,
                        a_type=Msg(_A_TYPE[e.card.type]),
                        section=e.section.heading,
                    ),
                    f"[{e.section.heading}]",
                    Msg("a section for its type"),
                    Msg("move {card} to its own section", card=e.card.name),
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
                        Msg(
                            "{card} is a Super-Saiyan: it is set aside, not played from [{section}]",
                            card=c.name,
                            section=e.section.heading,
                        ),
                        f"[{e.section.heading}]",
                        "[Aside]",
                        Msg("move {card} to [Aside]", card=c.name),
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
                    Msg("{card} is neither a Super-Saiyan nor the second card of a two-card Character", card=c.name),
                    "[Aside]",
                    Msg("[Characters] or [Draw]"),
                    Msg("move {card} to [Draw]", card=c.name),
                    "CONF-55",
                )
            )
        elif r.second_form != "aside":
            out.append(
                Problem(
                    "SETUP-21",
                    Msg(
                        "{card} (second card of a transforming Character) is swapped in from hand or Haven under "
                        "this ruleset, so it is not set aside",
                        card=c.name,
                    ),
                    "[Aside]",
                    "[Draw]",
                    Msg("move {card} to [Draw]", card=c.name),
                    "CONF-55",
                )
            )
        elif partner not in playing:
            out.append(
                Problem(
                    "SETUP-21",
                    Msg("{card} is set aside, but its other form is not in the deck", card=c.name),
                    Msg("0 of its partner"),
                    Msg("{partner} in [Characters] or [Draw]", partner=partner),
                    Msg("add {partner} or remove {card}", partner=partner, card=c.name),
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
                            Msg(
                                "{card} is the second card of {first}; it waits outside play and does not count",
                                card=c.name,
                                first=first.card.name,
                            ),
                            f"[{e.section.heading}]",
                            "[Aside]",
                            Msg("move {card} to [Aside]", card=c.name),
                            "CONF-55",
                        )
                    )
            elif c.transforms_into not in aside and ids[c.transforms_into] == 0:
                out.append(
                    Problem(
                        "SETUP-21",
                        Msg("{card} transforms into a second card, which the deck needs", card=c.name),
                        "0",
                        Msg("1 {partner} in [Aside]", partner=c.transforms_into),
                        Msg("add {partner} to [Aside]", partner=c.transforms_into),
                        "CONF-55",
                    )
                )


def _starting_characters(out: list[Problem], deck: Deck, r: Ruleset) -> None:
    n = deck.count(Section.CHARACTERS)
    lo, hi = r.starting_characters_min, r.starting_characters_max
    if lo <= n <= hi:
        return
    req = Msg("exactly {n}", n=hi) if lo == hi else Msg("{lo} to {hi}", lo=lo, hi=hi)
    diff = (lo - n) if n < lo else (hi - n)
    out.append(
        Problem(
            "SETUP-7",
            Msg("wrong number of starting Characters"),
            str(n),
            req,
            _adjust(diff, "starting Character", Msg("in [Characters]")),
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
                    Msg("more than one card in [Haven]"),
                    str(n),
                    Msg("at most {n}", n=1),
                    _adjust(1 - n, "Haven", Msg("from [Haven] (extra Havens go in [Draw])")),
                    "CONF-7",
                )
            )
    elif n != 1:
        fix = _adjust(1 - n, "Haven", Msg("in [Haven]"))
        if n == 0 and extra:
            fix = Msg("move one Haven from [Draw] to [Haven]")
        elif n == 0 and r.location_as_haven:
            fix = Msg("{fix} (or a spare Location to stand in for it)", fix=fix)
        out.append(
            Problem(
                "SETUP-8", Msg("a deck starts with exactly one Haven"), str(n), Msg("exactly {n}", n=1), fix, "CONF-7"
            )
        )
    for e in start:
        if e.card.type is CardType.LOCATION and not r.location_as_haven:
            out.append(
                Problem(
                    "SETUP-27",
                    Msg("{card} is a Location; this ruleset has no stand-in Havens", card=e.card.name),
                    Msg("a Location"),
                    Msg("a Haven card"),
                    Msg("replace {card} in [Haven] with a Haven", card=e.card.name),
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
                Msg("a {players}-player deck brings {need} Locations", players=players, need=need),
                str(n),
                Msg("exactly {n}", n=need),
                _adjust(need - n, "Location"),
                "CONF-9",
            )
        )
    if need is None and r.locations_must_be_odd and n % 2 == 0:
        out.append(
            Problem(
                "SETUP-4",
                Msg("the number of Locations must be odd"),
                str(n),
                Msg("an odd number"),
                Msg("add 1 Location") if n == 0 else Msg("add or remove 1 Location"),
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
                    Msg("fewer Items than Locations"),
                    str(n),
                    Msg("at least {n}", n=need),
                    _adjust(need - n, "Item"),
                    "CONF-10",
                )
            )
    elif n != need:
        basis = Msg("1.5 per Location, rounded up") if r.items == "one_and_a_half" else Msg("1 per Location")
        out.append(
            Problem(
                "SETUP-9",
                Msg("Items must number {basis}", basis=basis),
                str(n),
                Msg("exactly {n}", n=need),
                _adjust(need - n, "Item"),
                "CONF-10",
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
                    Msg("too many copies of {card}", card=c.name),
                    str(n),
                    Msg("at most {n}", n=limit),
                    Msg("remove {n} {card}", n=n - limit, card=c.name),
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
                    Msg("the versions of {card} share an allowance of {n} (or 1 of each version)", card=name, n=limit),
                    str(total),
                    Msg("at most {n} in total, or 1 of each", n=limit),
                    Msg("remove {n} {card} cards", n=total - limit, card=name),
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
                    Msg("{card} appears {n} times (starting and extra Characters together)", card=names[ident], n=n),
                    str(n),
                    Msg("at most {n}", n=limit),
                    Msg("remove {n} {card}", n=n - limit, card=names[ident]),
                    "CONF-8",
                )
            )


def _combat(out: list[Problem], deck: Deck, r: Ruleset) -> None:
    n = deck.count(Section.COMBAT)
    if n < r.combat_min:
        out.append(
            Problem(
                "SETUP-14",
                Msg("too few Combat cards"),
                str(n),
                Msg("at least {n}", n=r.combat_min),
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
                Msg(
                    "Disasters must number 2 per Location ({locations}) plus {draw} for the Draw pile",
                    locations=2 * n_locations,
                    draw=draw,
                ),
                str(total),
                Msg("exactly {n}", n=need),
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
                Msg("at least half of the {n} Disasters must be Combat Disasters", n=total),
                str(combat),
                Msg("at least {n}", n=min_combat),
                Msg("replace {count} with Combat Disasters", count=_plural(min_combat - combat, "non-Combat Disaster")),
                "CONF-12b",
            )
        )
    if major < min_major:
        out.append(
            Problem(
                "SETUP-17",
                Msg("at least a third of the {n} Disasters must be Major", n=total),
                str(major),
                Msg("at least {n}", n=min_major),
                Msg("replace {count} with Major Disasters", count=_plural(min_major - major, "Minor Disaster")),
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
                    Msg("{card} has a Charm cost, and Charm Combat is not played", card=c.name),
                    str(e.count),
                    "0",
                    Msg("remove {card}", card=c.name),
                )
            )
