"""The :class:`Ruleset`: one flat, frozen record of switches, each settling one conflict of RULES.md §11.

Four presets are named after the rulebooks they follow (RULES.md §0):

* ``classic`` (the default): the 1997 Set Zero rules (seed 000); where 000 is silent, the Dragon Ball Z
  rulebook (001) fills the gap.
* ``dbz``: the Dragon Ball Z rulebook (001); where its text is lost or silent, it falls back on ``classic``.
* ``guia``: the Spanish player's guide (002); where it is silent, it falls back on ``classic``.
* ``fifth``: the 2018 fan-consolidated Fifth Edition (5E).

House rules are a preset plus overrides: ``get_ruleset("classic").with_overrides(combat_min=10)``. Rule code
reads a switch and never the preset's name. For now the record holds the deck-construction switches only
(RULES.md §1a, §1e); the engine adds its own switches to the same record. Every field is listed in
:data:`SWITCH_DOCS` with the CONF (or SETUP/AMB) id it settles.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Literal, get_args

HavenRule = Literal["any", "one_starting", "from_hand"]
ItemRule = Literal["per_location", "at_least_per_location", "one_and_a_half"]
Rounding = Literal["up", "down"]
CombatDisasterRule = Literal["attack_defense", "attack_defense_movement"]
SecondFormRule = Literal["hand_or_haven", "aside"]
PlaceRule = Literal["any", "own", "others"]
TurnStructure = Literal["turns", "rounds"]
FirstTurn = Literal["full", "skip_maintenance", "start_at_equip"]
DisastersMove = Literal["controller", "all"]
Pickup = Literal["stop", "pass"]
Target = Literal["random", "weakest"]
AntiSkillRule = Literal["cancel_all", "cancel_n"]
PlanetaryRule = Literal["any", "every"]
ScavengeLimit = Literal["per_group", "once_per_turn"]
KillRule = Literal["damage_2x", "damage_3x", "raw_attack_3x", "minus_health"]
RunAway = Literal["one", "full"]
WinRule = Literal["classic", "dbz", "fifth"]
TimedLeave = Literal["end_of_turn", "disaster_phase"]
Overlap = Literal["block_piece", "per_ability"]
AlliedDisasters = Literal["bonus", "group"]
LocationDefense = Literal["beat_once", "wear_down"]
EquipTargets = Literal["haven", "any"]
GlobalScope = Literal["field", "all"]
ExtraHavens = Literal["build", "play"]
StartingHaven = Literal["setup", "hand"]
VehicleCombat = Literal["soak", "riders_hit", "vehicle_only"]
CharmTarget = Literal["random", "lowest", "each"]
CharmOutcomes = Literal["classic", "guia", "fifth"]
CharmBackfire = Literal["base_at_least", "base_exact", "double"]
CharmRange = Literal["location", "movement"]
CharmLimits = Literal["classic", "fifth"]
EnergyCosts = Literal["per_use", "held"]
FlashEnergy = Literal["spent", "turn"]
FlashForbidden = Literal["own_reload", "draw_phase"]
FlashPayer = Literal["at_location", "user"]
ProtectionRule = Literal["characters", "all"]
Declarations = Literal["sides", "alternate"]
BonkReturn = Literal["hand", "hand_or_haven"]


class RulesetError(ValueError):
    """An unknown preset, an unknown switch or a value of the wrong kind."""


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A preset of rule switches. Frozen; derive variants with :meth:`with_overrides`."""

    name: str = "classic"

    # --- players and Locations (SETUP-2, SETUP-4; CONF-9, CONF-59)
    min_players: int = 1
    max_players: int | None = 5  # None: no upper bound (002 "more than 5")
    # Locations per deck for 1, 2, 3, 4 and 5 (or more) players; None: the player chooses (5E).
    locations: tuple[int, int, int, int, int] | None = (9, 7, 5, 5, 4)
    locations_must_be_odd: bool = False

    # --- Havens (SETUP-8, SETUP-27; CONF-7)
    havens: HavenRule = "any"
    location_as_haven: bool = True  # a spare Location may stand in for a missing Haven (000 L111)

    # --- Items (SETUP-9; CONF-10)
    items: ItemRule = "per_location"

    # --- copies per card (SETUP-5, -6, -10, -13, -14, -15; CONF-8)
    copies_location: int = 1
    copies_character: int = 1
    copies_haven: int = 1
    copies_item: int = 3
    copies_power: int = 3
    copies_disaster: int = 3
    copies_combat: int | None = None  # None: unlimited (000 L80)
    parenthesised_versions: bool = False  # SETUP-12 (5E): versions share one allowance

    # --- Combat cards (SETUP-14; CONF-11)
    combat_min: int = 0

    # --- draw Disasters (SETUP-16; CONF-12, AMB-9): round(counted / divisor) - minus_per_player * players
    draw_disaster_divisor: int = 2
    draw_disaster_rounding: Rounding = "up"
    draw_disaster_minus_per_player: int = 2
    draw_disasters_count_starters: bool = True
    draw_disasters_count_havens: bool = True  # extra Havens count with the Power cards (000 L86, 5E p.43)

    # --- Disaster mix (SETUP-17; §12 000 footnote; AMB-9) and Combat Disasters (CONF-12b)
    combat_disasters_min: tuple[int, int] = (1, 2)  # at least this fraction of all Disasters are Combat
    major_disasters_min: tuple[int, int] = (1, 3)  # at least this fraction are Major
    combat_disaster: CombatDisasterRule = "attack_defense"

    # --- starting Characters (SETUP-7; CONF-54)
    starting_characters_min: int = 1  # 000 L114: "up to 4"
    starting_characters_max: int = 4

    # --- special Characters (SETUP-20, SETUP-21; CONF-55) and Charm cards (SETUP-19)
    super_saiyans_aside: bool = True
    second_form: SecondFormRule = "hand_or_haven"
    charm_combat: bool = True  # False: cards with a Charm cost may not be used (5E p.42)

    # ===== engine switches (RULES.md §2-§7) =====
    # --- the Field (CONF-17, AMB-1) and set-up (CONF-15)
    adjacency: int = 8
    items_under: PlaceRule = "any"
    disasters_under: PlaceRule = "any"
    # --- turns (CONF-13, CONF-14, TURN-4)
    turn_structure: TurnStructure = "turns"
    rotate_first_player: bool = False
    first_turn: FirstTurn = "full"
    # --- hand and Draw pile (CONF-3, CONF-58, CONF-51, CONF-33)
    hand_size: int = 7
    hand_size_from_locations: bool = False
    hand_limit: int | None = None  # TURN-11, AMB-43: never more cards in hand than this (None: no limit)
    reload_stop_all: bool = False
    characters_per_equip: int | None = None
    # --- Disasters (CONF-19, CONF-21, CONF-22, CONF-23, CONF-25, CONF-40)
    disaster_entry_cost: int = 0
    disasters_move: DisastersMove = "controller"
    item_pickup: Pickup = "stop"
    attack_carriers_passing: bool = True
    destroyed_count_for_disasters: bool = False
    disaster_target: Target = "random"
    move_after_swap: bool = False
    timed_leave: TimedLeave = "end_of_turn"
    allied_disasters: AlliedDisasters = "bonus"
    # --- Scavenging (CONF-38, CONF-37, CONF-57)
    anti_skill: AntiSkillRule = "cancel_all"
    planetary: PlanetaryRule = "any"
    scavenge_limit: ScavengeLimit = "per_group"
    location_defense: LocationDefense = "beat_once"
    # --- combat (CONF-1, CONF-4, CONF-29)
    kill_rule: KillRule = "damage_2x"
    bonk_return_next_turn: bool = False
    bonk_return: BonkReturn = "hand"  # CONF-4, AMB-19: where a recovered Character goes
    run_away: RunAway = "one"
    run_away_ends_turn: bool = False
    # --- fights between players' Characters and protection (CONF-27, CONF-28, COMBAT-27, AMB-21, AMB-48)
    fight_attackers: int = 3
    protection: ProtectionRule = "characters"
    protector_rounding: Rounding = "up"
    fight_declarations: Declarations = "sides"
    # --- Power cards (CONF-30, CONF-34, CONF-31, CONF-64)
    equipment_overlap: Overlap = "block_piece"
    equip_targets: EquipTargets = "haven"
    global_turns: int | None = 5
    global_scope: GlobalScope = "field"
    # --- Energy and Flash Effects (CONF-52, CONF-32, AMB-37)
    energy_costs: EnergyCosts = "per_use"
    flash_energy: FlashEnergy = "spent"
    energy_back_end_of_turn: bool = True
    flash_forbidden: FlashForbidden = "own_reload"
    flash_payer: FlashPayer = "at_location"
    flash_answers: bool = False
    # --- winning (CONF-5, CONF-6)
    win_rule: WinRule = "classic"
    # --- extra Havens (CONF-35) and the Dragon Ball win (WIN-5)
    extra_havens: ExtraHavens = "build"
    starting_haven: StartingHaven = "setup"  # SETUP-26, CONF-16: placed in set-up, or played from the hand
    dragon_ball_win: bool = False
    # --- vehicles (CONF-49)
    vehicle_combat: VehicleCombat = "soak"
    # --- Charm Combat (CONF-25, CONF-41, CONF-42, CONF-43, AMB-23, AMB-46; on/off: charm_combat, CONF-44)
    charm_target: CharmTarget = "random"
    charm_outcomes: CharmOutcomes = "classic"
    charm_backfire: CharmBackfire = "base_at_least"
    charm_range: CharmRange = "location"
    charm_limits: CharmLimits = "classic"
    # --- leaving the Field (TURN-20, CONF-60)
    leave_field: bool = False
    # --- several players' groups at one Location (SCAV-14, AMB-30)
    scavenge_consent: bool = False

    def with_overrides(self, **switches: Any) -> Ruleset:
        """A copy with some switches changed (house rules). Unknown switches raise :class:`RulesetError`."""
        known = {f.name for f in fields(self)}
        unknown = sorted(set(switches) - known)
        if unknown:
            raise RulesetError(f"unknown switch(es): {', '.join(unknown)} (known: {', '.join(sorted(known))})")
        for key, value in switches.items():
            _check_value(key, getattr(self, key), value)
        return replace(self, **switches)

    def locations_for(self, players: int) -> int | None:
        """How many Locations a deck brings for ``players`` (None when the player chooses)."""
        if self.locations is None:
            return None
        return self.locations[min(max(players, 1), 5) - 1]

    def switches(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


def _check_value(key: str, old: Any, new: Any) -> None:
    choices = CHOICES.get(key)
    if choices is not None and new not in choices:
        raise RulesetError(f"switch {key}: expected one of {', '.join(choices)}, got {new!r}")
    _check_number(key, new)
    if new is None and "None" not in str(_FIELD_TYPES.get(key, "None")):
        raise RulesetError(f"switch {key}: a value is needed, not null")
    if old is None or new is None:
        return
    if isinstance(old, bool) != isinstance(new, bool) or not isinstance(new, type(old)):
        raise RulesetError(f"switch {key}: expected {type(old).__name__}, got {new!r}")
    if isinstance(old, tuple) and len(new) != len(old):
        raise RulesetError(f"switch {key}: expected {len(old)} numbers, got {len(new)}")


_FIELD_TYPES: dict[str, object] = {}  # filled below, once Ruleset exists


# house rules stay within what a table could play: counts are whole numbers in these bounds
_BOUNDS: dict[str, tuple[int, int]] = {
    "min_players": (1, 5),
    "max_players": (1, 5),
    "adjacency": (4, 8),
    "draw_disaster_divisor": (1, 100),
    "hand_size": (0, 60),
    "hand_limit": (0, 60),
    "starting_characters_min": (0, 20),
    "starting_characters_max": (1, 20),
}


def _check_number(key: str, new: Any) -> None:
    values = new if isinstance(new, tuple) else (new,)
    low, high = _BOUNDS.get(key, (0, 1000))
    for v in values:
        if isinstance(v, int) and not isinstance(v, bool) and not low <= v <= high:
            raise RulesetError(f"switch {key}: {v} is out of range ({low} to {high})")
        if isinstance(new, tuple) and not (isinstance(v, int) and not isinstance(v, bool)):
            raise RulesetError(f"switch {key}: expected whole numbers, got {v!r}")
    if key == "adjacency" and new not in (4, 8):
        raise RulesetError(f"switch adjacency: expected 4 or 8, got {new!r}")


CHOICES: dict[str, tuple[str, ...]] = {
    "havens": get_args(HavenRule),
    "items": get_args(ItemRule),
    "draw_disaster_rounding": get_args(Rounding),
    "combat_disaster": get_args(CombatDisasterRule),
    "second_form": get_args(SecondFormRule),
    "extra_havens": get_args(ExtraHavens),
    "starting_haven": get_args(StartingHaven),
    "vehicle_combat": get_args(VehicleCombat),
    "charm_target": get_args(CharmTarget),
    "charm_outcomes": get_args(CharmOutcomes),
    "charm_backfire": get_args(CharmBackfire),
    "charm_range": get_args(CharmRange),
    "charm_limits": get_args(CharmLimits),
    "allied_disasters": get_args(AlliedDisasters),
    "protection": get_args(ProtectionRule),
    "protector_rounding": get_args(Rounding),
    "fight_declarations": get_args(Declarations),
    "bonk_return": get_args(BonkReturn),
}

SWITCH_DOCS: dict[str, tuple[str, str]] = {
    "name": ("-", "Preset name (or the preset a house-rule set derives from)."),
    "min_players": ("CONF-59", "Fewest players a game may have (solitaire = 1)."),
    "max_players": ("CONF-59", "Most players (None: no limit; 002 plays with more than 5)."),
    "locations": ("CONF-9", "Locations per deck for 1-5 players (None: player's choice, 5E)."),
    "locations_must_be_odd": ("CONF-9", "The number of Locations must be odd (5E p.43)."),
    "havens": (
        "CONF-7",
        "any: any number, 1 of each; one_starting: exactly 1 starting Haven; from_hand: played from hand.",
    ),
    "location_as_haven": ("SETUP-27", "A spare Location may stand in as the Haven when the deck has none."),
    "items": (
        "CONF-10",
        "per_location: exactly 1 per Location; at_least_per_location; one_and_a_half: ceil(1.5 x L).",
    ),
    "copies_location": ("CONF-8", "Copies of any one Location (SETUP-5)."),
    "copies_character": ("CONF-8", "Copies of any one Character (SETUP-6)."),
    "copies_haven": ("CONF-8", "Copies of any one Haven (SETUP-8)."),
    "copies_item": ("CONF-8", "Copies of any one Item (SETUP-9)."),
    "copies_power": ("CONF-8", "Copies of any one Power card (SETUP-10; 001: 2)."),
    "copies_disaster": ("CONF-8", "Copies of any one Disaster (SETUP-15)."),
    "copies_combat": ("CONF-8", "Copies of any one Combat card (SETUP-14; None: unlimited)."),
    "parenthesised_versions": (
        "SETUP-12",
        "Versions 'Name (x)' share one allowance: the type limit in total, or 1 each.",
    ),
    "combat_min": ("CONF-11", "Fewest Combat cards in a deck (SETUP-14)."),
    "draw_disaster_divisor": ("CONF-12", "Draw Disasters = counted cards / this (2: 000/002, 3: 5E)."),
    "draw_disaster_rounding": ("AMB-9", "How the division rounds (half up; thirds down)."),
    "draw_disaster_minus_per_player": ("CONF-12", "Draw Disasters lost per player (000/002: 2; 5E: 0)."),
    "draw_disasters_count_starters": (
        "CONF-12",
        "The starting Characters count in the draw-Disaster formula.",
    ),
    "draw_disasters_count_havens": (
        "CONF-12",
        "Extra Havens count in the draw-Disaster formula (000 L86; 5E).",
    ),
    "combat_disasters_min": ("SETUP-17", "Fraction of Disasters that must be Combat (rounded up, AMB-9)."),
    "major_disasters_min": ("SETUP-17", "Fraction of Disasters that must be Major (rounded up, AMB-9)."),
    "combat_disaster": ("CONF-12b", "What makes a Combat Disaster: Attack & Defense (000) or also Movement."),
    "starting_characters_min": ("CONF-54", "Fewest starting Characters (000: 'up to 4')."),
    "starting_characters_max": ("CONF-54", "Most starting Characters (SETUP-7)."),
    "super_saiyans_aside": ("SETUP-20", "Super-Saiyan cards are set aside and left out of every count."),
    "second_form": (
        "CONF-55",
        "Second card of a two-card transformer: in hand/Haven (000) or set aside (5E).",
    ),
    "charm_combat": (
        "SETUP-19",
        "Charm Combat is played; if not, cards with a Charm cost are barred (5E; CONF-44: on in every preset).",
    ),
    "adjacency": ("CONF-17", "Neighbouring cells: 8 (sides and corners; 000, 001, 5E) or 4 (002) (AMB-1)."),
    "items_under": ("CONF-15", "Under whose Locations Items go at set-up: any, own."),
    "disasters_under": ("CONF-15", "Under whose Locations Disasters go: any, own, others (001; solitaire: own)."),
    "turn_structure": (
        "CONF-13",
        "turns: each player a whole turn (000, 5E); rounds: phases shared by round (001, 002).",
    ),
    "rotate_first_player": ("TURN-4", "The first player moves one seat to the left every round (001, 002)."),
    "first_turn": (
        "CONF-14",
        "full; skip_maintenance (001: round 1 skips Discard, Draw, Disasters); start_at_equip (5E).",
    ),
    "hand_size": ("CONF-3", "Reload draws up to this many cards."),
    "hand_size_from_locations": ("CONF-3", "002: draw up to the number of your Locations in play (at most hand_size)."),
    "hand_limit": (
        "AMB-43",
        "Most cards a hand may ever hold (None: no limit; 002: 7, the opening hand's Haven included, TURN-11).",
    ),
    "reload_stop_all": ("CONF-58", "002: a Disaster drawn by anyone ends every player's Reload that round."),
    "characters_per_equip": ("CONF-33", "Characters played per Equip phase (None: any number; 5E: 1)."),
    "disaster_entry_cost": ("CONF-19", "Movement a drawn Disaster spends to enter the Field (000: 0; 001: 1)."),
    "disasters_move": (
        "CONF-21",
        "controller: each moves in its controller's Maintenance (AMB-4); all: every Disaster once a round.",
    ),
    "item_pickup": (
        "CONF-22",
        "A Disaster takes an Item where it stops (000, 5E; AMB-7) or where it passes (001, 002).",
    ),
    "attack_carriers_passing": (
        "CONF-23",
        "A Disaster passing Characters that carry Items stops and attacks them (000 L127).",
    ),
    "destroyed_count_for_disasters": (
        "CONF-40",
        "Destroyed Locations stay on the Disaster path (5E) or are skipped (000).",
    ),
    "disaster_target": ("CONF-25", "random: a random Item-carrier, else anyone; weakest: 002's weakest-first."),
    "move_after_swap": (
        "DIS-17",
        "A Disaster that takes a defeated Character's Item moves its full Movement at once (001).",
    ),
    "timed_leave": (
        "CONF-63",
        "A time-limited Disaster leaves at the end of its last turn (000, 5E) or in the next Disaster phase (001).",
    ),
    "allied_disasters": (
        "CONF-45",
        "bonus: the primary gains the ally's bonus (000); group: combined Attack, the slower one's speed (5E).",
    ),
    "anti_skill": (
        "CONF-38",
        "cancel_all: 'Skill -1' cancels the Skill for everyone there (000); cancel_n: N copies (5E).",
    ),
    "planetary": (
        "CONF-37",
        "Stopping on a Planetary Location: any one of the group has the icon (000), or every one (5E).",
    ),
    "scavenge_limit": (
        "CONF-57",
        "per_group: each group once a turn (000, 002); once_per_turn: one Scavenge a turn (5E).",
    ),
    "location_defense": (
        "CONF-36",
        "Breaking into a Location with Defense: one attack above it (000), or wearing its Health down (5E).",
    ),
    "kill_rule": ("CONF-1", "damage_2x (AMB-18, 000 and 002), damage_3x, raw_attack_3x, minus_health (5E)."),
    "bonk_return_next_turn": (
        "CONF-4",
        "A Bonked Character may come back the next turn (002) instead of after a full turn.",
    ),
    "bonk_return": (
        "CONF-4",
        "hand: a recovered Character comes back to the hand at Reload; hand_or_haven (002): to the hand while it "
        "has room under hand_limit, else it may be played from the Bonked pile into the Haven in the Equip phase.",
    ),
    "run_away": ("CONF-29", "Characters that Run Away move one Location (000, 5E) or their full Movement (002)."),
    "run_away_ends_turn": ("CONF-29", "Running Away ends the player's turn (5E)."),
    "fight_attackers": ("CONF-27", "Most Characters attacking one Character in a round (000 L157, 5E p.61: 3)."),
    "protection": (
        "CONF-28",
        "characters: protectors only in fights between Characters (000); all: against Disasters too (5E).",
    ),
    "protector_rounding": ("AMB-48", "A protector's half of the damage rounds up (000; AMB-48 for 5E) or down."),
    "fight_declarations": (
        "COMBAT-27",
        "sides: one side declares all, the first declarer alternating each round (AMB-21); alternate: 5E.",
    ),
    "equipment_overlap": (
        "CONF-30",
        "Two pieces of Equipment boosting one ability: the second is unusable (000, 5E) or gives its other bonuses.",
    ),
    "equip_targets": ("CONF-34", "Enhancements and Equipment go on Characters in your Haven (000, 5E) or any (002)."),
    "global_turns": ("CONF-31", "A Global with no other limit stays this many of its owner's turns (None: no limit)."),
    "global_scope": ("CONF-64", "A Global helps your Characters on the Field (000, 001) or all of them (002, 5E)."),
    "energy_costs": (
        "CONF-52",
        "per_use: a Power card's cost is spent on each use (000); held: an Enhancement's cost is reserved while on.",
    ),
    "flash_energy": (
        "CONF-52",
        "spent: a Flash cost is spent Energy (back in and after combat); turn: held to the end of the turn (001).",
    ),
    "energy_back_end_of_turn": ("CONF-52", "Spent Energy also comes back when the owner's turn ends (000, AMB-37)."),
    "flash_forbidden": (
        "CONF-32",
        "own_reload: no Flash Effects in your own Reload (000); draw_phase: none in any Draw phase (001, 5E).",
    ),
    "flash_payer": (
        "CONF-32",
        "at_location: a Character of yours where the Flash lands pays (000, 001); user: the one using it pays (5E).",
    ),
    "flash_answers": ("CONF-32", "A Flash Effect may be answered before it resolves, last in, first out (5E)."),
    "win_rule": ("CONF-5", "classic (000), dbz (001: Disasters win ties) or fifth (5E p.63) end and winner rules."),
    "extra_havens": (
        "CONF-35",
        "build: 3 Characters idle 2 turns at a Location, then a Haven beside it (000, 5E); play: 1 per Equip (002).",
    ),
    "starting_haven": (
        "CONF-16",
        "setup: the starting Haven is placed while the Field is built (000, 001, 5E); hand: none in set-up, it "
        "starts in the hand and is played in an Equip phase, the Characters waiting beside the Field (002).",
    ),
    "vehicle_combat": (
        "CONF-49",
        "An armed vehicle takes the Disaster's damage (000); riders_hit: each rider takes 1 when it falls (5E); "
        "vehicle_only: riders may not strike, Attack 5+ deals it in full (002).",
    ),
    "dragon_ball_win": (
        "WIN-5",
        "7 Dragon Balls on one Location or Haven win at once while Kami/Guru/Guardian is in play.",
    ),
    "charm_target": (
        "CONF-25",
        "Whom a Disaster charm-attacks: one random Character (000), the lowest Charm (002), each once (5E, AMB-23).",
    ),
    "charm_outcomes": (
        "CONF-41",
        "Results of charm against a Disaster: classic (000), guia (002: rounds, steals, unanswered attacks), fifth.",
    ),
    "charm_backfire": (
        "CONF-42",
        "A failed charm backfires: lost by at least (AMB-46) or exactly its base Charm; double: defender has 2x.",
    ),
    "charm_range": ("CONF-43", "Charm another Character at the same Location (000, 5E) or within Movement (002)."),
    "charm_limits": (
        "CONF-43",
        "classic: start 1 a turn, not the same target 2 turns running; fifth: base Charm >= 1, 1 attack each way.",
    ),
    "leave_field": (
        "CONF-60",
        "A Character on its owner's Location or Haven may step off the Field for 1 Movement and come back (002).",
    ),
    "scavenge_consent": (
        "AMB-30",
        "002: other players' groups at the Location must allow a Scavenge; a refusal is settled by a fight (SCAV-14).",
    ),
}

CLASSIC = Ruleset()

DBZ = replace(
    CLASSIC,
    name="dbz",
    locations=(7, 7, 7, 7, 7),  # 001 L19 step 4: each player places 7 (CONF-9)
    havens="one_starting",  # 001 L13: one Haven in each starter deck (CONF-7)
    location_as_haven=False,
    items="at_least_per_location",  # 001 L19 step 5: surplus Items are put away (CONF-10)
    copies_power=2,  # 001 L15 (CONF-8)
    copies_combat=3,  # 001 L16 (CONF-8)
    combat_disaster="attack_defense_movement",  # 001 L14 (CONF-12b)
    starting_characters_min=4,  # 001 L18 step 1 (CONF-54)
    items_under="own",  # 001 L19 step 5 (CONF-15)
    disasters_under="others",  # 001 L19 step 6 (CONF-15)
    turn_structure="rounds",  # 001 L20-L21 (CONF-13)
    rotate_first_player=True,  # 001 L20 (TURN-4)
    first_turn="skip_maintenance",  # 001 L20 (CONF-14)
    disaster_entry_cost=1,  # 001 L22 (CONF-19)
    disasters_move="all",  # 001 L22 (CONF-21)
    item_pickup="pass",  # 001 L23 "comes upon" (CONF-22, AMB-7)
    win_rule="dbz",  # 001 L12 (CONF-5, CONF-6)
    move_after_swap=True,  # 001 L23 (DIS-17)
    equipment_overlap="per_ability",  # 001 L15 (CONF-30, AMB-36)
    energy_costs="held",  # 001 L14: an Enhancement's cost is held while it is on (CONF-52, AMB-37)
    flash_energy="turn",  # 001 L14: a Flash Effect's cost is held until the end of the turn (CONF-52)
    flash_forbidden="draw_phase",  # 001 L15 (CONF-32)
    timed_leave="disaster_phase",  # 001 L23 (CONF-63, AMB-61)
    dragon_ball_win=True,  # 001 L12 (WIN-5, AMB-51)
)

GUIA = replace(
    CLASSIC,
    name="guia",
    max_players=None,  # 002 L7 (CONF-59)
    havens="from_hand",  # 002 L38: a Haven is played from the hand (CONF-7)
    location_as_haven=False,
    copies_combat=3,  # 002 L15 (CONF-8)
    combat_min=5,  # 002 L15 (CONF-11)
    draw_disasters_count_havens=False,  # 002 L18 names Power cards and Characters only (CONF-12)
    starting_characters_min=4,  # 002 L27 (CONF-54)
    adjacency=4,  # 002 L24 (CONF-17)
    items_under="own",  # 002 L25 (CONF-15)
    disasters_under="own",  # 002 L26 (CONF-15)
    turn_structure="rounds",  # 002 L61 (CONF-13; interleaving approximated by whole seats, AMB-64)
    rotate_first_player=True,  # 002 L36 (TURN-4)
    hand_size_from_locations=True,  # 002 L36 (CONF-3, AMB-52)
    reload_stop_all=True,  # 002 L36 (CONF-58)
    disaster_entry_cost=1,  # 002 L37 (AMB-6)
    disasters_move="all",  # 002 L37 (AMB-4)
    item_pickup="pass",  # 002 L37 (CONF-22)
    disaster_target="weakest",  # 002 L47 (CONF-25)
    bonk_return_next_turn=True,  # 002 L49 (CONF-4)
    bonk_return="hand_or_haven",  # 002 L49: to the hand or the Haven (CONF-4, AMB-19)
    hand_limit=7,  # 002 L49: never more than 7 cards in hand (TURN-11, AMB-43)
    run_away="full",  # 002 L49 (CONF-29)
    equip_targets="any",  # 002 L38 (CONF-34)
    global_scope="all",  # 002 L38 (CONF-64, AMB-63)
    extra_havens="play",  # 002 L38: one Haven from hand per Equip phase (TURN-15, CONF-35)
    starting_haven="hand",  # 002 L27, L38: no Haven in set-up; played from the hand (SETUP-26, CONF-16)
    vehicle_combat="vehicle_only",  # 002 L59 (COMBAT-24, CONF-49)
    charm_target="lowest",  # 002 L51 (CONF-25)
    charm_outcomes="guia",  # 002 L51 (CONF-41)
    charm_range="movement",  # 002 L53 (CONF-43)
    leave_field=True,  # 002 L39 (TURN-20, CONF-60)
    scavenge_consent=True,  # 002 L40 (SCAV-14, AMB-30)
)

FIFTH = replace(
    CLASSIC,
    name="fifth",
    locations=None,  # 5E p.43: player's choice (CONF-9)
    locations_must_be_odd=True,
    havens="one_starting",  # 5E p.43 (CONF-7)
    location_as_haven=False,
    items="one_and_a_half",  # 5E p.43 (CONF-10)
    copies_combat=3,  # 5E p.44 (CONF-8)
    parenthesised_versions=True,  # 5E p.42 (SETUP-12)
    combat_min=21,  # 5E p.44 (CONF-11)
    draw_disaster_divisor=3,  # 5E p.43: 1 per 3 Power cards (CONF-12)
    draw_disaster_rounding="down",  # AMB-9
    draw_disaster_minus_per_player=0,
    draw_disasters_count_starters=False,
    combat_disaster="attack_defense_movement",  # 5E p.35 (CONF-12b)
    starting_characters_min=4,  # 5E p.42 (CONF-54)
    second_form="aside",  # 5E p.20-21 (CONF-55)
    first_turn="start_at_equip",  # 5E p.46 (CONF-14, AMB-58)
    characters_per_equip=1,  # 5E p.48 (CONF-33)
    attack_carriers_passing=False,  # 5E p.36: only where it stops (CONF-23)
    destroyed_count_for_disasters=True,  # 5E p.34 (CONF-40)
    anti_skill="cancel_n",  # 5E p.14-15 (CONF-38)
    planetary="every",  # 5E p.33 (CONF-37)
    scavenge_limit="once_per_turn",  # 5E p.50 (CONF-57)
    location_defense="wear_down",  # 5E p.34-35 (CONF-36, EX-17)
    kill_rule="minus_health",  # 5E p.9 (CONF-1)
    run_away_ends_turn=True,  # 5E p.10 (CONF-29)
    protection="all",  # 5E p.57, p.59 (CONF-28)
    fight_declarations="alternate",  # 5E p.61 (COMBAT-27)
    win_rule="fifth",  # 5E p.63 (CONF-5, CONF-6)
    allied_disasters="group",  # 5E p.37-38 (CONF-45)
    global_turns=None,  # 5E p.28: limited by uses only (CONF-31)
    global_scope="all",  # 5E p.27 (CONF-64, AMB-63)
    vehicle_combat="riders_hit",  # 5E p.24 (COMBAT-24, CONF-49)
    charm_target="each",  # 5E p.52-55 (CONF-25, AMB-23)
    charm_outcomes="fifth",  # 5E p.53 (CONF-41)
    charm_backfire="double",  # 5E p.56 (CONF-42)
    charm_limits="fifth",  # 5E p.52, p.56 (CONF-43)
    energy_costs="held",  # 5E p.22 (CONF-52, AMB-37)
    energy_back_end_of_turn=False,  # 5E p.51: Energy comes back in and after combat only (CONF-52, AMB-37)
    flash_forbidden="draw_phase",  # 5E p.26 (CONF-32)
    flash_payer="user",  # 5E p.26 (CONF-32)
    flash_answers=True,  # 5E p.26: last in, first out (CONF-32, EX-26)
)

RULESETS: dict[str, Ruleset] = {r.name: r for r in (CLASSIC, DBZ, GUIA, FIFTH)}
DEFAULT_RULESET = "classic"


_FIELD_TYPES.update({f.name: f.type for f in fields(Ruleset)})


def get_ruleset(name: str | None = None) -> Ruleset:
    """The preset called ``name`` (``classic`` when None); raises :class:`RulesetError` for unknown names."""
    key = (name or DEFAULT_RULESET).strip().lower()
    try:
        return RULESETS[key]
    except KeyError:
        raise RulesetError(f"unknown ruleset {name!r} (known: {', '.join(RULESETS)})") from None
