"""Events in words: one sentence per event, for the seat that may see it, with card and Location names.

Every face (the terminal, replays, the web table) calls :func:`sentence` or :func:`sentences`::

    narration.sentence(game, event, seat)     # -> "Bugrom, Type 1 attacks Nene." or None (not for that seat)
    narration.sentences(game, seat)           # the seat's whole log in words
    narration.why(game, event, seat)          # the sentence and the RULES.md ids behind it

``source`` may be a :class:`~animayhem.engine.game.Game` (cells are named by the Location there) or a bare
:class:`~animayhem.cards.database.CardDB` (cells stay ``x,y``). An event whose ``to`` does not name the seat
gets no sentence, and nothing hidden is ever in an event other seats see (the engine's rule, MISC-7), so a
sentence never tells a seat what it may not know. The words live in a catalogue per language
(:data:`CATALOGUES`; English in ``messages_en``), ready for translation.
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from animayhem.cards.database import CardDB
from animayhem.cards.model import printed_id
from animayhem.cards.spoken import half_clause
from animayhem.cards.status import status_note
from animayhem.cards.wording import SUMMARY, prose, speaking
from animayhem.engine.core.actions import Action, parse_action
from animayhem.engine.faces import messages_en
from animayhem.engine.faces.views import known_cards
from animayhem.i18n import SOURCE, chosen, languages, pgettext, polish, translated_dict

if TYPE_CHECKING:
    from animayhem.cards.model import Card
    from animayhem.engine.core.context import Context, Table

Event = Mapping[str, Any]


@dataclass(frozen=True)
class Catalogue:
    events: Mapping[str, str]
    words: Mapping[str, str]
    reasons: Mapping[str, str]
    refusals: Mapping[str, str]
    decisions: Mapping[str, str]


CATALOGUES: dict[str, Catalogue] = {
    "en": Catalogue(
        messages_en.EVENTS, messages_en.WORDS, messages_en.REASONS, messages_en.REFUSALS, messages_en.DECISIONS
    ),
}

# fields that hold a card id (a string) or a list of card ids
_CARD_FIELDS = frozenset(
    {
        "card",
        "character",
        "target",
        "disaster",
        "vehicle",
        "driver",
        "into",
        "victim",
        "charmer",
        "ally",
        "primary",
        "attacker",
        "location",
        "attacker_card",
        "target_card",
        "disaster_card",
        "vehicle_card",
        "payer",
        "group",
        "riders",
        "strikers",
        "by",
        "source",
        "characters",
        "host",
        "disasters",
        "because",
        "copies",
        "enhancements",
        "equipment",
        "summoned",
        "holder",
        "opponent",
    }
)
_COMBAT_CARD_FIELDS = frozenset({"attacker_card", "target_card", "disaster_card", "vehicle_card"})
_CELL_FIELDS = frozenset({"cell", "source", "dest", "point", "asked"})
_SEAT_FIELDS = frozenset({"seat", "visitor", "scavenger", "first", "rival"})
_HEALTH_FIELDS = frozenset({"health", "target_health", "disaster_health", "vehicle_health"})

# the rules behind each event kind (RULES.md ids), for "why did that happen"
RULES: dict[str, tuple[str, ...]] = {
    "location_placed": ("SETUP-23", "SETUP-35"),
    "haven_placed": ("SETUP-26", "CARD-8"),
    "haven_claimed": ("SCAV-22", "CARD-7"),
    "laid_to_rest": ("TURN-6",),
    "card_sent_home": ("SCAV-24",),
    "item_placed": ("SETUP-28",),
    "disasters_placed": ("SETUP-29",),
    "character_started": ("SETUP-7", "SETUP-33"),
    "character_played": ("TURN-13",),
    "hand_drawn": ("SETUP-32",),
    "setup_done": ("SETUP-41", "TURN-28"),
    "turn_started": ("TURN-1", "TURN-2"),
    "turn_ended": ("TURN-24",),
    "discarded": ("TURN-6",),
    "card_drawn": ("TURN-7",),
    "card_drawn_hidden": ("TURN-7", "MISC-7"),
    "disaster_drawn": ("TURN-8", "DIS-4"),
    "draw_pile_reshuffled": ("TURN-10",),
    "draw_pile_empty": ("TURN-10",),
    "bonked_returned": ("COMBAT-15", "TURN-7"),
    "bonked_waits": ("TURN-11", "AMB-43", "AMB-19"),
    "disaster_entered": ("DIS-4", "DIS-5"),
    "disaster_moved": ("DIS-5", "DIS-9"),
    "attack_aimed": ("CARD-10", "DIS-29"),
    "action_aimed": ("CARD-10", "DIS-20"),
    "disaster_reentered": ("DIS-8",),
    "disaster_off_field": ("DIS-23", "MISC-8"),
    "item_taken": ("DIS-12", "DIS-17"),
    "item_dropped": ("DIS-16",),
    "cards_dropped": ("DIS-17",),
    "item_destroyed": ("DIS-6",),
    "disaster_discarded": ("DIS-6", "DIS-7", "DIS-35"),
    "disaster_pulled": ("DIS-25",),
    "disaster_allied": ("DIS-26",),
    "ally_freed": ("DIS-26",),
    "item_stolen": ("CARD-18", "SCAV-25"),
    "item_seized": ("CARD-14", "CARD-18"),
    "disaster_robbed": ("CARD-18",),
    "disaster_without_effect": ("TURN-9",),
    "character_moved": ("TURN-17", "TURN-18"),
    "left_field": ("TURN-20",),
    "character_entered": ("TURN-19", "SETUP-26"),
    "returned_to_field": ("TURN-20",),
    "haven_permission": ("CARD-7",),
    "havens_opened": ("CARD-7", "CARD-15"),
    "haven_defended": ("CARD-7", "COMBAT-26"),
    "card_handed": ("TURN-25",),
    "card_dropped": ("TURN-25",),
    "card_stored": ("CARD-7", "TURN-25"),
    "card_taken": ("CARD-7", "TURN-25"),
    "transformed": ("CARD-5", "TURN-22"),
    "vehicle_moved": ("CARD-13",),
    "scavenge_consent": ("SCAV-14",),
    "scavenge_started": ("SCAV-1", "SCAV-11"),
    "scavenge_ended": ("SCAV-11", "SCAV-12"),
    "disaster_revealed": ("SCAV-11",),
    "item_retrieved": ("SCAV-24",),
    "item_retrieved_hidden": ("SCAV-24", "MISC-7"),
    "card_retrieved": ("SCAV-24",),
    "location_attacked": ("SCAV-16",),
    "location_strikes": ("SCAV-17",),
    "combat_started": ("COMBAT-1", "DIS-13", "DIS-14"),
    "combat_ended": ("COMBAT-18",),
    "disaster_attacks": ("DIS-29", "COMBAT-5"),
    "combat_round": ("COMBAT-5", "COMBAT-6", "COMBAT-11"),
    "vehicle_round": ("COMBAT-24", "CARD-13"),
    "vehicle_destroyed": ("CARD-13",),
    "vehicle_salvaged": ("CARD-13", "CARD-1"),
    "destroy_resisted": ("CARD-1", "MISC-3"),
    "rider_hit": ("COMBAT-24",),
    "ran_away": ("COMBAT-19",),
    "retreat_covered": ("COMBAT-19",),
    "fight_healed": ("COMBAT-3",),
    "scorched": ("COMBAT-3", "COMBAT-14"),
    "away_too_long": ("COMBAT-14",),
    "ability_chosen": ("CARD-12",),
    "skill_named": ("TURN-13", "SCAV-1"),
    "card_lent": ("TURN-14", "DIS-19"),
    "control_taken": ("CARD-15", "DIS-19"),
    "control_ended": ("CARD-15", "MISC-9"),
    "character_sent_back": ("CARD-15",),
    "skill_copied": ("SCAV-1", "CARD-17"),
    "trap_laid": ("TURN-14",),
    "trap_sprung": ("TURN-17", "COMBAT-14"),
    "trap_escaped": ("TURN-17",),
    "ability_trained": ("CARD-12", "TURN-24"),
    "ran_to": ("COMBAT-19", "SCAV-15"),
    "no_escape": ("COMBAT-19",),
    "bonked": ("COMBAT-14", "COMBAT-15"),
    "self_bonk": ("CARD-1", "COMBAT-15"),
    "strayed": ("CARD-1", "TURN-17"),
    "disaster_caught": ("CARD-1",),
    "killed": ("COMBAT-16",),
    "disaster_defeated": ("COMBAT-17", "DIS-16"),
    "fight_started": ("COMBAT-1",),
    "fight_ended": ("COMBAT-18",),
    "fight_declared": ("COMBAT-21", "COMBAT-22"),
    "fight_card": ("COMBAT-6",),
    "combat_card_half": ("COMBAT-6", "COMBAT-7", "CARD-19"),
    "combat_card_more": ("COMBAT-6", "CARD-19"),
    "fight_hit": ("COMBAT-11", "COMBAT-22"),
    "protector_hit": ("COMBAT-22",),
    "power_played": ("TURN-14",),
    "use_spent": ("CARD-17",),
    "global_use_spent": ("CARD-17",),
    "powered_up": ("CARD-14", "COMBAT-9"),
    "item_planted": ("CARD-10", "WIN-2"),
    "struck_from_afar": ("CARD-17", "COMBAT-13", "COMBAT-14"),
    "struck_first": ("COMBAT-3", "CARD-10"),
    "bout_started": ("CARD-1", "SCAV-11"),
    "bout_won": ("CARD-1", "COMBAT-17"),
    "bout_empty": ("CARD-1",),
    "flash_kept": ("CARD-14", "TURN-6"),
    "flash_replayed": ("CARD-15", "SCAV-22"),
    "destroy_prevented": ("CARD-14", "MISC-3"),
    "uses_run_out": ("CARD-17", "MISC-3"),
    "energy_paid": ("CARD-16",),
    "energy_waived": ("CARD-16", "CARD-15"),
    "flash_played": ("CARD-15",),
    "ability_used": ("CARD-16", "CARD-17"),
    "look_made": ("MISC-7", "CARD-17"),
    "cards_looked": ("MISC-7", "CARD-17"),
    "cards_shown": ("MISC-7", "WIN-6"),
    "look_foiled": ("MISC-7", "CARD-14", "CARD-17"),
    "disaster_wounded": ("CARD-15", "COMBAT-3", "COMBAT-17"),
    "combat_called_off": ("CARD-15", "COMBAT-13", "COMBAT-18"),
    "combat_standstill": ("COMBAT-4", "COMBAT-13"),
    "fight_called_off": ("CARD-15", "COMBAT-13", "COMBAT-18"),
    "charm_reversed": ("CARD-15", "COMBAT-29"),
    "charm_contest_reversed": ("CARD-15", "COMBAT-35", "COMBAT-36"),
    "charm_called_off": ("CARD-15", "COMBAT-29"),
    "cards_reordered": ("MISC-7", "SETUP-30", "SCAV-11"),
    "card_recovered": ("CARD-1", "MISC-3"),
    "card_searched": ("CARD-1", "MISC-7"),
    "card_searched_hidden": ("CARD-1", "MISC-7"),
    "character_revived": ("CARD-15", "COMBAT-16"),
    "discard_reshuffled": ("CARD-15",),
    "cards_pulled": ("CARD-15", "MISC-7"),
    "turn_to_lose": ("CARD-15", "MISC-6"),
    "turn_lost": ("CARD-15", "TURN-1"),
    "item_grabbed": ("CARD-15", "CARD-18", "SCAV-24"),
    "item_returned": ("CARD-15", "SCAV-24"),
    "item_shifted": ("CARD-15", "CARD-16"),
    "energy_banked": ("CARD-15", "CARD-16", "COMBAT-9"),
    "item_returned_hidden": ("CARD-15", "SCAV-24", "MISC-7"),
    "item_grabbed_hidden": ("CARD-15", "CARD-18", "SCAV-24"),
    "cards_pulled_hidden": ("CARD-15", "MISC-7"),
    "disaster_item_taken": ("CARD-1", "DIS-12"),
    "flash_resolved": ("CARD-15",),
    "flash_fizzled": ("CARD-15",),
    "flash_cancelled": ("CARD-15", "CARD-21"),
    "back_on_feet": ("CARD-15", "COMBAT-14"),
    "card_destroyed": ("MISC-3",),
    "equipment_recycled": ("MISC-3", "CARD-14"),
    "effect_started": ("CARD-1", "CARD-22", "DIS-19"),
    "effect_ended": ("DIS-19",),
    "disaster_held": ("CARD-22", "DIS-19"),
    "effect_cancelled": ("CARD-15", "CARD-21"),
    "disaster_overcome": ("DIS-20",),
    "disaster_in_force": ("DIS-4", "CARD-1"),
    "disaster_negated": ("CARD-1", "DIS-20"),
    "disaster_outmatched": ("CARD-1", "DIS-20"),
    "character_timed_out": ("CARD-1", "TURN-27"),
    "item_removed": ("MISC-3", "WIN-2"),
    "card_removed": ("MISC-3",),
    "card_shuffled_into_deck": ("TURN-27",),
    "character_moved_by_card": ("CARD-1",),
    "character_sent_home": ("CARD-1",),
    "character_healed": ("CARD-1", "COMBAT-12"),
    "uses_restored": ("CARD-17",),
    "weapon_reloaded": ("CARD-15", "CARD-17"),
    "discarded_at_random": ("CARD-1",),
    "drawn_disaster_discarded": ("CARD-15",),
    "hand_reshuffled": ("TURN-27",),
    "health_damage": ("COMBAT-12", "COMBAT-14"),
    "location_blocked": ("CARD-1", "SCAV-1"),
    "location_wiped": ("MISC-3",),
    "ability_partial": ("CARD-1",),
    "disaster_transformed": ("CARD-5",),
    "kept_out": ("CARD-1",),
    "disaster_revived": ("CARD-1",),
    "disaster_lies_low": ("CARD-1",),
    "disaster_returns": ("CARD-1",),
    "disaster_kept": ("CARD-1",),
    "disaster_copies": ("CARD-1",),
    "disaster_recruited": ("CARD-1", "CARD-11", "TURN-14"),
    "undead_risen": ("CARD-1", "COMBAT-16"),
    "card_wished": ("CARD-15", "TURN-27"),
    "turned_disaster": ("CARD-1", "CARD-5"),
    "turned_back": ("CARD-1", "CARD-5"),
    "card_attacks_as_disaster": ("CARD-1", "CARD-17"),
    "disaster_possesses": ("CARD-1",),
    "enhancements_taken": ("CARD-1", "CARD-11"),
    "character_captured": ("CARD-1",),
    "character_freed": ("CARD-1",),
    "disaster_joined": ("DIS-26",),
    "cards_discarded_face_down": ("MISC-3", "MISC-7"),
    "countdown": ("CARD-1",),
    "disaster_defeated_by_discard": ("CARD-1",),
    "disaster_defeated_by_card": ("CARD-1", "CARD-10"),
    "disaster_bribed": ("CARD-1", "CARD-18"),
    "hold_released": ("CARD-1", "CARD-22"),
    "kill_prevented": ("CARD-1", "COMBAT-16"),
    "regenerating": ("CARD-1", "COMBAT-16"),
    "values_absorbed": ("CARD-1", "COMBAT-16"),
    "item_won": ("CARD-1", "COMBAT-31"),
    "energy_splash": ("CARD-1", "MISC-6", "COMBAT-3"),
    "character_revived_at": ("CARD-1", "MISC-3"),
    "revived_left": ("CARD-1", "MISC-3"),
    "disaster_revived_at": ("CARD-1", "DIS-19"),
    "rallied": ("CARD-1", "COMBAT-3"),
    "bonk_prevented": ("CARD-1", "COMBAT-15", "COMBAT-16"),
    "bonk_warded": ("CARD-1", "COMBAT-15", "COMBAT-16"),
    "disaster_summoned": ("CARD-1", "DIS-4"),
    "summon_failed": ("CARD-1",),
    "rock_paper_scissors": ("CARD-1", "MISC-6"),
    "takes_the_blow": ("CARD-22", "COMBAT-19", "COMBAT-30"),
    "equipment_stolen": ("CARD-1", "CARD-18"),
    "equipment_returned": ("CARD-1", "DIS-16"),
    "disaster_detonates": ("MISC-3",),
    "disaster_leaves_for": ("CARD-1",),
    "disaster_sets_off": ("CARD-1",),
    "disaster_waits": ("CARD-1",),
    "disaster_pinned": ("CARD-1", "CARD-22"),
    "disaster_released": ("CARD-1", "CARD-22"),
    "disaster_breaks_off": ("CARD-1", "COMBAT-23"),
    "disaster_holds_on": ("CARD-1", "COMBAT-12"),
    "disaster_self_destructs": ("CARD-1", "MISC-3"),
    "location_destroyed": ("SCAV-20", "CONF-40"),
    "vortex": ("CARD-1", "SCAV-19"),
    "disaster_marked": ("CARD-1",),
    "hand_opened": ("MISC-7",),
    "global_played": ("CARD-14",),
    "global_ended": ("CARD-14",),
    "ability_not_implemented": ("MISC-12",),
    "charm_contest": ("COMBAT-29",),
    "charmed": ("COMBAT-31", "COMBAT-35"),
    "charm_broken": ("COMBAT-37",),
    "charm_spared": ("COMBAT-32",),
    "charm_all_lost": ("DIS-33",),
    "ally_charmed": ("COMBAT-39",),
    "charm_command": ("COMBAT-31", "COMBAT-36"),
    "charm_unanswered": ("CONF-41",),
    "dragon_balls_gathered": ("WIN-5",),
    "game_over": ("WIN-3", "WIN-4"),
    "item_worth_revealed": ("WIN-4", "MISC-7"),
}

# the end of the game, by reason: the rule that ended it
END_RULES: dict[str, tuple[str, ...]] = {
    "end condition": ("WIN-3", "WIN-4"),
    "no Item left to take": ("WIN-3",),
    "round limit": ("WIN-4",),
    "seven Dragon Balls": ("WIN-5",),
    "no more play": ("WIN-3",),
}


class _Fields(dict[str, Any]):
    """Format fields; a missing one shows as "?" and is remembered (tests fail on it)."""

    def __init__(self, data: dict[str, Any]) -> None:
        super().__init__(data)
        self.missing: list[str] = []

    def __missing__(self, key: str) -> str:
        self.missing.append(key)
        return "?"


def catalogue(lang: str | None = None) -> Catalogue:
    """The words of ``lang`` (default: the language in force, animayhem.i18n): English from messages_en, any
    other language from its gettext catalogue (each sentence English where it has no translation yet)."""
    code = chosen(lang)
    found = CATALOGUES.get(code)
    if found is not None:
        return found
    if code not in languages():
        raise ValueError(f"no message catalogue for {code!r} (known: {', '.join(languages())})")
    en = CATALOGUES[SOURCE]
    found = Catalogue(
        translated_dict("EVENTS", en.events, code),
        translated_dict("WORDS", en.words, code),
        translated_dict("REASONS", en.reasons, code),
        translated_dict("REFUSALS", en.refusals, code),
        translated_dict("DECISIONS", en.decisions, code),
    )
    CATALOGUES[code] = found
    return found


# the English dictionaries by the name their gettext context uses (tools/i18n.py, tests/test_i18n.py)
DICTIONARIES: dict[str, Mapping[str, str]] = {
    "WORDS": messages_en.WORDS,
    "EVENTS": messages_en.EVENTS,
    "REASONS": messages_en.REASONS,
    "REFUSALS": messages_en.REFUSALS,
    "DECISIONS": messages_en.DECISIONS,
}


def visible(event: Event, seat: int | None) -> bool:
    """May ``seat`` see this event (None: the whole log, for replays and tests)?"""
    to = event.get("to")
    return seat is None or to is None or seat in to


def _db(source: Context | CardDB) -> CardDB:
    return source if isinstance(source, CardDB) else source.db


class _Namer:
    def __init__(
        self, source: Context | CardDB, cat: Catalogue, lang: str | None = None, names: Sequence[str] | None = None
    ) -> None:
        self.names = names or ()  # the seats' names chosen at the table (the web's lobby); else "Player N"
        self.lang = chosen(lang)
        self.db = _db(source)
        self.game = None if isinstance(source, CardDB) else source
        self.w = cat.words

    def card(self, card_id: Any) -> str:
        if card_id is None:
            return self.w["face_down"]
        card = self.db.ids.get(str(card_id))
        return card.name if card is not None else str(card_id)

    def cards(self, ids: Iterable[Any]) -> str:
        return self.join([self.card(c) for c in ids])

    def join(self, names: list[str]) -> str:
        if not names:
            return self.w["nobody"]
        if len(names) == 1:
            return names[0]
        return self.w["and"].format(a=self.w["list_sep"].join(names[:-1]), b=names[-1])

    def poss(self, name: str) -> str:
        """``name`` as an owner ("Goku's", "Future Trunks'")."""
        return self.w["possessive_s" if name.endswith("s") else "possessive"].format(name=name)

    def seat(self, seat: Any) -> str:
        i = int(seat)
        if 0 <= i < len(self.names) and self.names[i]:
            return self.names[i]
        return self.w["player"].format(n=i + 1)

    def cell(self, cell: Any, location: Any = None) -> str:
        x, y = int(cell[0]), int(cell[1])
        if self.game is not None:
            uid = self.game.state.grid.get((x, y))
            if uid is not None:
                place = self.game.state.places[uid]
                name = self.game.name(uid)
                return self.w["haven_of" if place.haven else "cell"].format(name=name, x=x, y=y)
            return self.w["empty_cell"].format(x=x, y=y)
        if location is not None:  # the event names the Location itself
            return self.w["cell"].format(name=self.card(location), x=x, y=y)
        return f"{x},{y}"


def _is_cell(v: Any) -> bool:
    return isinstance(v, list | tuple) and len(v) == 2 and all(isinstance(i, int) for i in v)


def _fields(ev: Event, n: _Namer) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in ev.items():
        if k in ("e", "turn", "to"):
            continue
        if k in _CELL_FIELDS and _is_cell(v):
            out[k] = n.cell(v, ev.get("location") if k == "cell" else None)
            if k == "cell":
                out["xy"] = f"{v[0]},{v[1]}"
        elif k in _SEAT_FIELDS and isinstance(v, int) and not isinstance(v, bool):
            out[k] = n.seat(v)
        elif k in _COMBAT_CARD_FIELDS and v is None:
            out[k] = n.w["no_card"]
        elif k in _CARD_FIELDS and (isinstance(v, str) or v is None):
            out[k] = n.card(v)
        elif k in _CARD_FIELDS and isinstance(v, list) and all(isinstance(c, str) for c in v):
            out[k] = n.cards(v)
        elif k in _HEALTH_FIELDS and isinstance(v, int):
            out[k] = v  # the true number: "exactly 0" and "below 0" are not the same (COMBAT-14, CONF-2)
        elif k == "seats" and isinstance(v, list):
            out[k] = n.join([n.seat(s) for s in v])
        else:
            out[k] = v
    return out


def _half_variant(ev: Event) -> str:
    if ev.get("clause") is None:
        return "none"
    if int(ev.get("alternative", 1)) > 1:
        return "otherwise"
    return "held" if ev.get("conditioned") else "plain"


def _variant(kind: str, ev: Event, db: CardDB) -> list[str]:
    """Catalogue keys to try, most specific first."""
    keys: list[str] = []
    if kind == "disaster_overcome" and _overcome_in_part(db, ev):
        keys.append(f"{kind}.clause")
    elif kind == "haven_permission":
        keys.append(f"{kind}.{ev.get('what')}.{'allowed' if ev.get('allowed') else 'refused'}")
    elif kind == "scavenge_consent":
        keys.append(f"{kind}.{'allowed' if ev.get('allowed') else 'refused'}")
    elif kind in ("disaster_discarded",):
        keys.append(f"{kind}.{ev.get('reason')}")
    elif kind in ("card_recovered", "card_searched", "card_searched_hidden", "look_made", "cards_looked"):
        keys.append(f"{kind}.{ev.get('where')}")
    elif kind == "cards_reordered" and ev.get("where") == "draw":
        keys.append(f"{kind}.draw")  # its own Draw pile's top cards (Briefing)
    elif kind == "cards_reordered" and ev.get("swapped"):
        keys.append(f"{kind}.swapped")
    elif kind == "charm_reversed" and ev.get("winner") == "character":
        keys.append(f"{kind}.character")
    elif kind == "charm_contest_reversed" and ev.get("winner") == "attacker":
        keys.append(f"{kind}.attacker")
    elif kind in ("scavenge_ended", "item_removed", "card_removed"):
        keys.append(f"{kind}.{ev.get('how')}")
    elif kind == "fight_ended":
        keys.append(f"{kind}.{ev.get('reason')}")
    elif kind == "fight_hit" and ev.get("stopped_by"):
        keys.append(f"{kind}.stopped")  # a card the target holds (effects/in_fight.py)
    elif kind == "fight_hit" and ev.get("weapons_harmless"):
        keys.append(f"{kind}.weapons")  # Missile Walk
    elif kind == "item_shifted" and not ev.get("moved"):
        keys.append(f"{kind}.none")  # no Item lay there (Telekinese)
    elif kind == "fight_hit" and ev.get("equipment_spared"):
        keys.append(f"{kind}.equipment")  # Avoid Fire
    elif kind == "fight_hit" and ev.get("least_damage") is not None:
        keys.append(f"{kind}.least")
    elif kind == "fight_hit" and ev.get("rally") is not None:
        keys.append(f"{kind}.rally")
    elif kind == "fight_hit" and ev.get("reflected"):
        keys.append(f"{kind}.reflected")  # a Flash Effect played on the target (Reverse Attack)
    elif kind == "fight_hit" and (ev.get("damage_by") or ev.get("halved_by")):
        keys.append(f"{kind}.flash")  # Frozen, Shield, Know When to Run
    elif kind == "fight_declared":
        keys.append(f"{kind}.{ev.get('role')}")
    elif kind in ("charm_command",):
        keys.append(f"{kind}.{ev.get('order')}")
    elif kind == "charm_unanswered":
        keys.append(f"{kind}.{ev.get('by')}")
    elif kind == "bonked_returned" and ev.get("where") == "haven":
        keys.append(f"{kind}.haven")  # 002: from the Bonked pile into the Haven (CONF-4)
    elif kind == "bonked_waits" and ev.get("haven"):
        keys.append(f"{kind}.haven")
    elif kind == "charm_all_lost" and ev.get("charmer") not in (None, ev.get("disaster")):
        keys.append(f"{kind}.ally")  # COMBAT-39: the ally charmed them, its primary acts
    elif kind == "haven_placed" and ev.get("extra"):
        keys.append(f"{kind}.extra")
    elif kind == "kept_out" and ev.get("turns") is None:
        keys.append(f"{kind}.while_in_play")
    elif kind == "item_taken" and ev.get("from_character"):
        keys.append(f"{kind}.from_character")
    elif kind in ("combat_ended", "turned_back") and ev.get("defeated"):
        keys.append(f"{kind}.defeated")
    elif kind == "transformed" and ev.get("forced"):
        keys.append(f"{kind}.forced")
    elif kind == "energy_splash" and not ev.get("lost"):
        keys.append(f"{kind}.won")
    elif kind == "cards_pulled_hidden" and not ev.get("disasters"):
        keys.append(f"{kind}.none")
    elif kind == "rock_paper_scissors" and ev.get("rival") is not None:  # a Flash Effect's, against a player
        keys.append(f"{kind}.{'player_won' if ev.get('won') else 'player_lost'}")
    elif kind == "rock_paper_scissors" and "rival" in ev:  # a Flash Effect's, in a game of one: a coin flip
        keys.append(f"{kind}.{'won' if ev.get('won') else 'lost'}_card")
    elif kind == "rock_paper_scissors" and "character" in ev:
        keys.append(f"{kind}.{'won' if ev.get('won') else 'lost'}")
    elif kind == "effect_started" and "disasters" in ev:
        keys.append(f"{kind}.disasters")
    elif kind == "destroy_prevented" and "card" not in ev:
        keys.append(f"{kind}.item")  # an Item is face down (MISC-7)
    elif kind == "cards_dropped" and "cards" in ev:
        keys.append(f"{kind}.named")
    elif kind == "vehicle_moved" and ev.get("riders"):
        keys.append(f"{kind}.riders")
    elif kind in ("power_played", "global_played", "flash_resolved") and "status" in ev:
        keys += _status_variant(kind, ev)
    elif kind == "ability_partial" and ev.get("unexecuted"):
        keys.append(f"{kind}.named")
    elif kind == "disaster_off_field" and ev.get("implemented") is False:
        keys.append(f"{kind}.not_implemented")
    elif kind == "combat_card_half":  # which clause of a Combat card's half applied (procedures/combat_cards.py)
        keys.append(f"{kind}.{_half_variant(ev)}")
    elif kind == "game_over":
        if ev.get("decided_by"):  # a tie the Disasters win (001), players who hold half together (AMB-13)
            keys.append(f"{kind}.{ev.get('decided_by')}")
        if ev.get("disasters_win"):
            keys.append(f"{kind}.disasters")
        elif ev.get("winners"):
            keys.append(f"{kind}.players")
        else:
            keys.append(f"{kind}.nobody")
    keys.append(kind)
    return keys


def _look(ev: Event, f: dict[str, Any], n: _Namer) -> None:
    """A look's words: whose pile (``of``), the cards seen (only the private event names them, to its seat)."""
    if isinstance(ev.get("of"), int):
        f["of"] = n.w["your"] if ev["of"] == ev.get("seat") and ev["e"] == "cards_looked" else n.poss(n.seat(ev["of"]))
        if ev["e"] == "look_made" and ev["of"] == ev.get("seat"):
            f["of"] = n.w["their"]
    if "seen" in ev:
        f["seen"] = n.cards([c["card"] for c in ev["seen"]]) if ev["seen"] else n.w["nothing_seen"]
    if "looked_at" in ev:
        f["looked_at"] = n.card(ev["looked_at"])


def _effect_sentence(card: Card | None, index: int, lang: str | None) -> str:
    """The sentence the card's effect ``index`` renders from its data (cards/effects.py), in ``lang``."""
    if card is None or not 0 <= index < len(card.effects):
        return ""
    with speaking(lang):
        return card.effects[index].do.text()


def _overcome_in_part(db: CardDB, ev: Event) -> bool:
    """Whether a ``disaster_overcome`` stops one clause of its card only: the group has what one of its effects on
    entering play names in ``unless``, and the card has others on entering that do not name it (Ibuprofen And
    Quickly!: with a Medic there the -2 clause does nothing, the -1 clause acts). A static effect's ``unless``
    overcomes the whole card, which leaves play (engine/effects/triggers.py ``enters``)."""
    card = db.ids.get(str(ev.get("card")))
    if card is None:
        return False
    named = ev.get("requirement")
    effects = card.effects
    if any(e.when == "static" and e.unless is not None and e.unless.text == named for e in effects):
        return False
    return any(e.when == "enters" and (e.unless is None or e.unless.text != named) for e in effects)


def _status_variant(kind: str, ev: Event) -> list[str]:
    """A played card's sentence by its status (MISC-12): part of its text not executed; none of it executed
    but its printed numbers or skills apply; nothing of it applies. Nothing to add when it is all executed."""
    status = ev.get("status")
    if status == "partial":
        return [f"{kind}.partial"]
    if status == "not-implemented":
        return [f"{kind}.printed_only" if ev.get("applies") else f"{kind}.not_implemented"]
    return []


def _status_words(ev: Event, f: dict[str, Any], n: _Namer, cat: Catalogue) -> None:
    """A card's status in its sentence: the clauses it leaves out and the numbers it withholds, in the words
    every face uses (cards/status.py), where the card is known."""
    card = n.db.ids.get(str(ev.get("card")))
    if card is None:
        return
    w = cat.words
    note = status_note(card, n.lang)
    f["clauses"] = note or w["nobody"]
    if not note:
        return
    f["partial"] = w["partial_named"].format(clauses=note)
    more = w["withheld_too"].format(withheld=note)  # not executed: these clauses, and the numbers withheld
    f["printed_only"] = w["printed_only"][:-1] + more + ")"
    f["not_implemented"] = w["not_implemented"][:-1] + more + ")"


def _extra(kind: str, ev: Event, f: dict[str, Any], n: _Namer, cat: Catalogue) -> None:
    """Phrases some sentences are built from (lists of strikers, outcomes …)."""
    t, w = cat.events, cat.words
    f["not_implemented"] = w["not_implemented"]
    f["partial"] = w["partial"]
    f["printed_only"] = w["printed_only"]
    if kind in ("power_played", "global_played", "flash_resolved", "ability_partial"):
        _status_words(ev, f, n, cat)
    if kind == "disaster_in_force":  # the effect's own sentence, in the narration's language
        f["effect"] = _effect_sentence(n.db.ids.get(str(ev.get("card"))), int(ev.get("index", -1)), n.lang)
    if kind == "combat_card_half" and ev.get("clause"):  # the record keeps it in English
        f["clause"] = half_clause(n.db.ids.get(str(ev.get("card"))), ev.get("side"), str(ev["clause"]), n.lang)
    if "side" in ev and kind in ("combat_card_half", "combat_card_more"):
        f["side"] = _side(str(ev["side"]), n.lang)
    if kind == "disaster_copies":  # by its printed name: "The Mass (Largo) takes on the form of Largo" says it twice
        f["card"] = n.card(printed_id(str(ev.get("card"))))
    if kind == "combat_round":
        _combat_round(ev, f, n, cat)
    elif kind in ("discard_reshuffled", "cards_pulled"):
        f["cards"] = n.join([n.card(c) for c in ev.get("cards", [])])
    elif kind == "cards_dropped" and "cards" in ev:  # the cards the seat may see, and the face-down Items
        named = [n.card(c) for c in ev.get("cards", [])]
        hidden = int(ev.get("hidden", 0))
        if hidden:
            named.append(w["face_down"] if hidden == 1 else w["face_down_items"].format(count=hidden))
        f["cards"] = n.join(named)
    elif kind == "card_searched" and "cards" in ev:  # the cards put back on top (Royal Librarian)
        f["cards"] = n.join([n.card(c) for c in ev.get("cards", [])])
    elif kind == "fight_hit":
        f["attackers"] = w["plus"].join(
            w["striker"].format(card=n.card(a["card"]), attack=_shown(a["attack"], a.get("before_cards"), w))
            for a in ev.get("attackers", [])
        )
        own = _shown(ev.get("target_defense"), ev.get("before_cards", {}).get("target_defense"), w)
        if ev.get("protectors"):  # COMBAT-22: the protectors' Defense is added to the target's
            guards = w["plus"].join(
                w["striker"].format(card=n.card(p["card"]), attack=p["defense"]) for p in ev["protectors"]
            )
            f["defense"] = w["guarded_sum"].format(defense=own, guards=guards, total=f["defense"])
        elif "before_cards" in ev:
            f["defense"] = own
        if ev.get("stopped_by"):
            f["stopper"] = n.card(ev["stopped_by"])
        if ev.get("damage_by") or ev.get("halved_by"):
            f["changed_by"] = n.card(ev.get("damage_by") or ev["halved_by"])
        if ev.get("weapons_harmless_by"):
            f["weapons_harmless_by"] = n.card(ev["weapons_harmless_by"])
        if ev.get("equipment_spared_by"):
            f["equipment_spared_by"] = n.card(ev["equipment_spared_by"])
    elif kind == "vehicle_round" and ev.get("full_attack"):
        f["vehicle_attack"] = w["full_attack"].format(attack=ev.get("vehicle_attack"))
    elif kind == "flash_played":
        f["paid"] = t["flash_played.paid"].format(payer=f["payer"]) if ev.get("payer") else ""
        f["aimed"] = t["flash_played.aimed"].format(target=f["target"]) if ev.get("target") else ""
    elif kind in ("look_made", "cards_looked", "cards_reordered", "cards_shown"):  # a look (effects/looks.py)
        _look(ev, f, n)
    elif kind == "ability_used":  # an activated ability: what its bearer paid, the uses left (activated.py)
        paid = [t["ability_used.energy"].format(energy=ev["energy"])] if ev.get("energy") else []
        if ev.get("health_to") is not None:
            paid.append(t["ability_used.health"].format(health=ev["health_to"]))
        f["paid"] = t["ability_used.paid"].format(paid=w["list_sep"].join(paid)) if paid else ""
        f["left"] = t["ability_used.left"].format(left=ev["left"]) if ev.get("left") is not None else ""
    elif kind == "charm_contest":
        before = ev.get("before_cards", {})
        f["attacker_charm"] = _shown(ev.get("attacker_charm"), before.get("attacker_charm"), w)
        f["target_charm"] = _shown(ev.get("target_charm"), before.get("target_charm"), w)
        f["lost_by"] = -int(ev.get("margin", 0))
        key = f"charm_contest.{ev.get('result')}"
        if ev.get("needed") is not None and f"{key}.needed" in t:  # COMBAT-37: a break must win by twice
            key += ".needed"
        f["outcome"] = t.get(key, str(ev.get("result"))).format_map(_Fields(f))
    elif kind == "charm_command" and ev.get("charmer") is None:
        f["charmer"] = n.seat(ev.get("seat", 0))
    elif kind == "game_over":
        tally = ev.get("tally", {})
        players = list(tally.get("players", []))
        f["reason"] = cat.reasons.get(str(ev.get("reason")), str(ev.get("reason")))
        f["players"] = w["list_sep"].join(f"{n.seat(i)} {v}" for i, v in enumerate(players)) or "0"
        f["disasters"] = tally.get("disasters", 0)
        f["total"] = tally.get("total", 0)
        f["best"] = max(players) if players else 0
        f["together"] = sum(players)
        f["winners"] = n.join([n.seat(s) for s in ev.get("winners", [])])


def _side(side: str, lang: str) -> str:
    """A Combat card's half (``physical``, ``charm``) in words."""
    words = {"physical": pgettext("half", "physical", lang), "charm": pgettext("half", "charm", lang)}
    return words.get(side, side)


def _shown(value: Any, before: Any, w: Mapping[str, str]) -> str:
    """A value the round's Combat cards changed, with what it was without them."""
    return str(value) if before is None else w["before_cards"].format(value=value, before=before)


def _why_text(n: _Namer, card_id: Any) -> str:
    """The reason a rule of a Disaster's own text applies: its card text, quoted."""
    card = n.db.ids.get(str(card_id))
    if card is None or not card.text:
        return n.w["its_text"].format(card=n.poss(n.card(card_id)))
    return n.w["card_text"].format(card=n.poss(card.name), text=prose(SUMMARY, card.text.strip()))


def _combat_round(ev: Event, f: dict[str, Any], n: _Namer, cat: Catalogue) -> None:
    """The phrases of a combat round's sentence (``hit``, ``strikes``), built so that the numbers shown add
    up: what the Combat cards changed, protectors' Defense, strikes that do not count against the Disaster
    (its text: Kishiime, Cloud Monster) and why, Defense met strike by strike (Toma's Guards), damage its
    text doubles or holds back (Toma, Max 5000), a Defeat it holds off (Dai-Kokusei), the other Characters
    its attack reaches (Big Bug) and a second attack (Saibamen, Mystery Foe)."""
    t, w = cat.events, cat.words
    before = ev.get("before_cards", {})
    two = ev.get("second_attack")
    again = two is not None and two.get("card") == ev.get("target")  # allied: it hits the same one twice
    more = int(two["damage"]) if two is not None and again else 0
    damage = int(ev.get("damage_to_target", 0)) - more
    health = int(ev.get("target_health", 0)) + more
    attack = _shown(ev.get("disaster_attack"), before.get("disaster_attack"), w)
    if ev.get("attack_is_strike"):
        attack = w["attack_is_strike"].format(attack=attack)
    defense = _shown(ev.get("target_defense"), before.get("target_defense"), w)
    if ev.get("protectors"):  # CONF-28 (5E): the protectors' Defense stands with the target's
        guards = w["plus"].join(
            w["striker"].format(card=n.card(p["card"]), attack=p["defense"]) for p in ev["protectors"]
        )
        defense = w["guarded"].format(defense=defense, guards=guards)
    hit = dict(f, attack=attack, defense=defense, damage=damage, health=health)
    factor = ev.get("damage_factor")
    if ev.get("card_factor") is not None:  # a Combat card's text: its attack at the target more times, or none
        factor = int(factor or 1) * int(ev["card_factor"])
    key = "combat_round.hit"
    if factor is not None:
        # a card that spares the target (Just a Scratch), a Flash Effect's factor (Flying Block), a Combat card's text,
        # or the Disaster's own
        why = _why_text(n, ev.get("spared_by") or ev.get("damage_by") or ev.get("factor_card") or ev.get("disaster"))
        hit.update(base=ev.get("unfactored_damage"), factor=factor, why=why)
        key = {0: "combat_round.hit.held", 2: "combat_round.hit.doubled"}.get(int(factor), "combat_round.hit.times")
        if ev.get("spared_by"):
            key = "combat_round.hit.spared"
        elif ev.get("reflected"):  # turned back on the Disaster (Reverse Attack)
            key = "combat_round.hit.reflected"
    if ev.get("halved_by"):  # a Flash Effect halves the attack on it (Know When to Run)
        hit.update(base=ev.get("halved_from"), why=_why_text(n, ev["halved_by"]))
        key = "combat_round.hit.halved"
    if ev.get("stopped_by"):  # a card the target holds stops the attack (Wings of the Light Hawk)
        hit.update(stopper=n.card(ev["stopped_by"]))
        key = "combat_round.hit.stopped"
    text = t[key].format_map(_Fields(hit))
    for p in ev.get("protectors", []):
        text += t["combat_round.protectors"].format(
            card=n.card(p["card"]), damage=p["damage"], health=int(p.get("health", 0))
        )
    for o in ev.get("also_hit", []):  # hits_all (Big Bug, Soja Guardians)
        text += t["combat_round.also"].format(
            card=n.card(o["card"]), attack=ev.get("disaster_attack"), defense=o["defense"], damage=o["damage"],
            health=int(o["health"]),
        )  # fmt: skip
    if two is not None:  # two_targets, ally (Saibamen, Mystery Foe)
        text += t["combat_round.second.again" if again else "combat_round.second"].format(
            card=n.card(two["card"]), attack=two["attack"], defense=two["defense"], damage=two["damage"],
            health=int(two["health"]),
        )  # fmt: skip
    for m in ev.get("moved", []):  # damage a player moved off its attack onto another card (Divert Attack)
        text += t["combat_round.moved"].format(card=n.card(m["card"]), damage=m["damage"], why=_why_text(n, m["by"]))
    if ev.get("steered_by"):  # a player held back or halved every attack it made this round (Introduction)
        text += t[f"combat_round.steered.{ev['steered']}"].format(why=_why_text(n, ev["steered_by"]))
    f["hit"] = text
    f["strikes"] = _strikes(ev, f, n, cat)
    if ev.get("more_disaster_cards"):  # its extra Combat cards (Brian J. Mason)
        f["disaster_card"] = w["plus"].join([f["disaster_card"], *(n.card(c) for c in ev["more_disaster_cards"])])
    if ev.get("more_target_cards"):  # the target's extra Combat cards (Crazy Eyes)
        f["target_card"] = w["plus"].join([f["target_card"], *(n.card(c) for c in ev["more_target_cards"])])
    if ev.get("cards_void"):  # its text: Combat cards do nothing in a fight with it (Kirin)
        f["target_card"] = w["cards_void"].format(card=f["target_card"], why=_why_text(n, ev.get("disaster")))


def _strikes(ev: Event, f: dict[str, Any], n: _Namer, cat: Catalogue) -> str:
    """The strike back of a combat round: who struck with what, what of it counted and why, and the damage."""
    t, w = cat.events, cat.words
    detail = list(ev.get("strikers", []))
    if ev.get("unanswered") or not detail:
        return t["combat_round.unanswered"]
    before = ev.get("before_cards", {})
    parts = dict(f)
    parts["strikers"] = w["plus"].join(
        w["striker"].format(card=n.card(s["card"]), attack=_shown(s["attack"], s.get("before_cards"), w))
        for s in detail
    )
    parts["disaster_defense"] = _shown(ev.get("disaster_defense"), before.get("disaster_defense"), w)
    parts["why"] = _why_text(n, ev.get("disaster"))
    held = "combat_round.taken.held" if ev.get("held_from") is not None else "combat_round.taken"
    if ev.get("least_damage") is not None:  # a card a striker holds (Priss' Hardsuit)
        held = "combat_round.taken.least"
    elif ev.get("rally") is not None:  # a striker's card after a friend fell (Baby Gohan)
        held = "combat_round.taken.rally"
    if ev.get("disaster_damage_factor") is not None:  # a Flash Effect on the Disaster (Frozen, Shield)
        held = "combat_round.taken.factored"
        parts["damage_why"] = _why_text(n, ev.get("disaster_damage_by"))
    elif ev.get("reflected"):  # its own attack turned back on it (Reverse Attack)
        held = "combat_round.taken.reflected"
    if ev.get("felled_by"):  # a Flash Effect: any damage Defeats it (Meltdown)
        held = "combat_round.taken.felled"
        parts["damage_why"] = _why_text(n, ev["felled_by"])
    parts["taken"] = t[held].format_map(_Fields(parts))
    if (turned := ev.get("diverted")) is not None:  # its text: the strike goes at another player's Character (Najato)
        parts.update(
            victim=n.card(turned["card"]),
            counted=ev.get("counted", ev["strike"]),
            victim_defense=turned["defense"],
            victim_damage=turned["damage"],
            victim_health=int(turned["health"]),
        )
        return t["combat_round.strikes.diverted"].format_map(_Fields(parts))
    if ev.get("separate_defense"):  # its text: each strike meets its Defense on its own (Toma's Guards)
        parts["each"] = w["list_sep"].join(
            w["dealt"].format(card=n.card(s["card"]), attack=s["attack"], dealt=s.get("dealt", 0)) for s in detail
        )
        return t["combat_round.strikes.separate"].format_map(_Fields(parts))
    if ev.get("counted") is None:
        return t["combat_round.strikes"].format_map(_Fields(parts))
    counting = [s for s in detail if not (s.get("no_damage") or s.get("ignored"))]
    parts["counting"] = n.join(
        [w["whose"].format(card=n.poss(n.card(s["card"])), attack=s["attack"]) for s in counting]
    )
    key = {0: "combat_round.strikes.counted_none", 1: "combat_round.strikes.counted_one"}.get(
        len(counting), "combat_round.strikes.counted_many"
    )
    return t[key].format_map(_Fields(parts))


def render(
    source: Context | CardDB, event: Event, lang: str | None = None, names: Sequence[str] | None = None
) -> tuple[str, list[str]]:
    """The sentence for an event (ignoring who may see it) and the template fields it lacked; ``names``: the
    seats' own names, when the players chose some (else "Player N")."""
    cat = catalogue(lang)
    n = _Namer(source, cat, lang, names)
    kind = str(event.get("e"))
    key = next((k for k in _variant(kind, event, n.db) if k in cat.events), None)
    if key is None:
        return kind.replace("_", " ") + ".", [kind]
    f = _fields(event, n)
    _extra(kind, event, f, n, cat)
    fields = _Fields(f)
    text = polish(cat.events[key].format_map(fields), lang)
    return text, fields.missing


def sentence(source: Context | CardDB, event: Event, seat: int | None, lang: str | None = None) -> str | None:
    """The event in words for ``seat`` (None: for the record), or None when that seat may not see it."""
    if not visible(event, seat) or told_already(event, seat):
        return None
    return render(source, event, lang)[0]


def told_already(event: Event, seat: int | None) -> bool:
    """A ``twin`` event says with a face-down card what another event (seen by the seat named ``twin``)
    says with the card's name: that seat, and the whole log (``seat`` None), are told the named one only."""
    twin = event.get("twin")
    return twin is not None and (seat is None or seat == twin)


def sentences(
    game: Context, seat: int | None, events: Iterable[Event] | None = None, lang: str | None = None
) -> list[str]:
    """Sentences for the events ``seat`` may see (default: the game's whole log)."""
    out = []
    for ev in game.log if events is None else events:
        text = sentence(game, ev, seat, lang)
        if text is not None:
            out.append(text)
    return out


def rules_for(event: Event) -> tuple[str, ...]:
    """The RULES.md ids behind an event (for a game's end, the rule that ended it)."""
    kind = str(event.get("e"))
    if kind == "game_over":
        return END_RULES.get(str(event.get("reason")), RULES["game_over"])
    return RULES.get(kind, ())


def why(source: Context | CardDB, event: Event, seat: int | None, lang: str | None = None) -> str | None:
    """The event in words with the rules that made it happen ("… Rule: COMBAT-14, COMBAT-15.")."""
    text = sentence(source, event, seat, lang)
    if text is None:
        return None
    ids = rules_for(event)
    if not ids:
        return text
    return catalogue(lang).words["because"].format(sentence=text, ids=", ".join(ids))


def template_fields(lang: str | None = None) -> dict[str, set[str]]:
    """Each catalogue entry's field names (for checking a translation against English)."""
    cat = catalogue(lang)
    out: dict[str, set[str]] = {}
    for key, text in cat.events.items():
        out[key] = {name for _, name, _, _ in string.Formatter().parse(text) if name}
    return out


def action_text(game: Table, action: str | Action, seat: int | None, lang: str | None = None) -> str:
    """An action named with card and Location names, as ``seat`` may see them: cards it may not see stay
    "a face-down card" (MISC-7). ``move c3+c5 1,0`` -> "move Goku + Krillin to Campground (1,0)"."""
    cat = catalogue(lang)
    n = _Namer(game, cat, lang)
    parsed = parse_action(action) if isinstance(action, str) else action
    known = known_cards(game.view(seat)) if seat is not None else {u: c for u, c in enumerate(game.state.cards)}
    cards = [n.card(known[u]) if u in known else cat.words["hidden_card"] for u in parsed.cards]
    cells = [n.cell(a) for a in parsed.args if isinstance(a, tuple)]
    verb = cat.words.get(f"verb_{parsed.verb}") or pgettext("verb", parsed.verb, lang)  # tools/i18n.py lists them
    parts = [verb]
    if cards:
        parts.append(cat.words["plus"].join(cards) if parsed.verb == "move" else ", ".join(cards))
    if cells:
        parts.append(cat.words["to_cell"].format(cell=cells[0]) if cards else cells[0])
    return polish(" ".join(parts), lang)
