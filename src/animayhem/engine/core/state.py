"""The game state: plain, copyable data and nothing else (no references to the engine, no callbacks).

Every physical card in a game is an *instance* with a small integer ``uid``; ``cards[uid]`` is its card id
and ``owner[uid]`` the seat that brought it (RULES.md SETUP-39, MISC-9). Zones are lists of uids. The
procedure in progress ("round 2 of a combat inside a Scavenge") is the ``agenda``: a stack of small
frames (see :mod:`animayhem.engine.frames`), so the whole game is a value that can be copied and stored.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

Cell = tuple[int, int]
OFF: Final = -1  # position of a card that is not on a Location or in a Haven
WAITING: Final = -2  # off_at of a Character waiting beside the Field for its player's first Haven (002, AMB-59)
CAPTIVE: Final = -3  # off_at of a Character held captive by a Disaster (a ``capture`` record says which one)


@dataclass(slots=True, init=False)
class Place:
    """A Location or a Haven on the table. ``under`` is the face-down stack, bottom first (SETUP-30)."""

    uid: int
    cell: Cell
    owner: int
    haven: bool = False
    destroyed: bool = False
    under: list[int] = field(default_factory=list)  # Items at the bottom, Disasters on top
    stored: list[int] = field(default_factory=list)  # a Haven's stored Items and Equipment
    worn_by: int = -1  # 5E: the seat whose attacks are wearing this Location's Health down (SCAV-16)
    wear: int = 0  # damage done to it so far by that seat's group
    assaulted: bool = False  # attacked this turn
    admitted: list[int] = field(default_factory=list)  # a Haven's visitors allowed to stop there (CARD-7)
    # Equipment laid on it as a trap, face up (Razor Balls); hashed only when there is one (Game.state_hash), so
    # the hashes of games without traps, and of records saved before them, stay the same
    traps: list[int] = field(default_factory=list, metadata={"hash": "if_set"})

    # written out, not generated: the compiled engine compiles a method it is given, never one @dataclass
    # makes (tests/test_constructors.py checks it takes the fields in order)
    def __init__(
        self,
        uid: int,
        cell: Cell,
        owner: int,
        haven: bool = False,
        destroyed: bool = False,
        under: list[int] | None = None,
        stored: list[int] | None = None,
        worn_by: int = -1,
        wear: int = 0,
        assaulted: bool = False,
        admitted: list[int] | None = None,
        traps: list[int] | None = None,
    ) -> None:
        self.uid = uid
        self.cell = cell
        self.owner = owner
        self.haven = haven
        self.destroyed = destroyed
        self.under = [] if under is None else under
        self.stored = [] if stored is None else stored
        self.worn_by = worn_by
        self.wear = wear
        self.assaulted = assaulted
        self.admitted = [] if admitted is None else admitted
        self.traps = [] if traps is None else traps

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return _rebuilt(self)


@dataclass(slots=True, init=False)
class CharacterState:
    uid: int
    owner: int
    pos: int = OFF  # uid of the Place it stands on; OFF when Bonked or not in play
    damage: int = 0  # damage taken in the current combat (COMBAT-13)
    carried: list[int] = field(default_factory=list)  # Items and Equipment carried
    enhancements: list[int] = field(default_factory=list)
    moved: bool = False  # has moved this turn
    scavenged: bool = False  # has Scavenged (or tried to) this turn
    no_scavenge: int = OFF  # where it Ran Away from this turn: it Scavenges nowhere more this turn (SCAV-15)
    bonked_at: int = -1  # owner's turn number when Bonked (-1: not Bonked)
    energy_spent: int = 0
    form: int = 0  # printed values in use: 0 the left-hand set, 1 the right-hand set (CARD-5)
    idle: int = 0  # complete owner turns spent at this Location without moving or Scavenging (CARD-8)
    energy_turn: int = 0  # Energy held until the end of the turn (001 Flash Effect costs, CARD-16)
    off_at: int = OFF  # 002: stepped off the Field at this Place (pos is then OFF; TURN-20, procedures/leave_field.py)
    spent: int = 0  # Movement used by its own moves this turn; it may go on with the rest (TURN-17)
    stayed: int = 0  # owner turns that ended with it at ``stayed_at`` since it came there (engine/procedures/stays.py)
    stayed_at: int = OFF  # the Location ``stayed`` counts for (a Character elsewhere has stayed 0 turns)

    # written out, not generated: the compiled engine compiles a method it is given, never one @dataclass
    # makes (tests/test_constructors.py checks it takes the fields in order)
    def __init__(
        self,
        uid: int,
        owner: int,
        pos: int = OFF,
        damage: int = 0,
        carried: list[int] | None = None,
        enhancements: list[int] | None = None,
        moved: bool = False,
        scavenged: bool = False,
        no_scavenge: int = OFF,
        bonked_at: int = -1,
        energy_spent: int = 0,
        form: int = 0,
        idle: int = 0,
        energy_turn: int = 0,
        off_at: int = OFF,
        spent: int = 0,
        stayed: int = 0,
        stayed_at: int = OFF,
    ) -> None:
        self.uid = uid
        self.owner = owner
        self.pos = pos
        self.damage = damage
        self.carried = [] if carried is None else carried
        self.enhancements = [] if enhancements is None else enhancements
        self.moved = moved
        self.scavenged = scavenged
        self.no_scavenge = no_scavenge
        self.bonked_at = bonked_at
        self.energy_spent = energy_spent
        self.form = form
        self.idle = idle
        self.energy_turn = energy_turn
        self.off_at = off_at
        self.spent = spent
        self.stayed = stayed
        self.stayed_at = stayed_at

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return _rebuilt(self)


@dataclass(slots=True, init=False)
class DisasterState:
    uid: int
    owner: int
    controller: int  # whose path and Maintenance phase it follows (AMB-4)
    pos: int = OFF  # uid of its Location; OFF when Off the Field or not yet entered
    item: int = OFF  # the Item it carries (DIS-12: one at a time)
    damage: int = 0
    arrived: int = 0  # arrival counter, for DIS-30 ordering
    entered: bool = False  # has been on the Field (drawn ones enter in Maintenance)
    off_field: bool = False
    expires: int = -1  # controller's turn number at whose end it leaves (-1: no time limit)
    revealed: bool = False  # came from under a Location (Moves Once ones then never move)
    ally_of: int = OFF  # DIS-26: the primary this Disaster is allied with (OFF: none)
    acted: bool = False  # its ``enters`` effects have resolved (engine/effects/triggers.py)
    held: list[int] = field(default_factory=list)  # Enhancements it took and wears (``take_enhancements``: Vegeta)
    # the game turn (``GameState.turn``) it came into play, drawn or turned up (0: not kept); read by Bump on the
    # Head (procedures/recruit.py); hashed only when set (Game.state_hash)
    came: int = field(default=0, metadata={"hash": "if_set"})
    # the Items it carries beside ``item`` (``hoard``: 7 Lucky Gods Martial Artists takes one wherever it lands,
    # DIS-12 notwithstanding), oldest first; hashed only when set
    hoard: list[int] = field(default_factory=list, metadata={"hash": "if_set"})

    # written out, not generated: the compiled engine compiles a method it is given, never one @dataclass
    # makes (tests/test_constructors.py checks it takes the fields in order)
    def __init__(
        self,
        uid: int,
        owner: int,
        controller: int,
        pos: int = OFF,
        item: int = OFF,
        damage: int = 0,
        arrived: int = 0,
        entered: bool = False,
        off_field: bool = False,
        expires: int = -1,
        revealed: bool = False,
        ally_of: int = OFF,
        acted: bool = False,
        held: list[int] | None = None,
        came: int = 0,
        hoard: list[int] | None = None,
    ) -> None:
        self.uid = uid
        self.owner = owner
        self.controller = controller
        self.pos = pos
        self.item = item
        self.damage = damage
        self.arrived = arrived
        self.entered = entered
        self.off_field = off_field
        self.expires = expires
        self.revealed = revealed
        self.ally_of = ally_of
        self.acted = acted
        self.held = [] if held is None else held
        self.came = came
        self.hoard = [] if hoard is None else hoard

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return _rebuilt(self)

    def items(self) -> list[int]:
        """Every Item it carries: ``item`` (when any), then its ``hoard``."""
        if self.item == OFF:
            return self.hoard[:]
        return [self.item, *self.hoard]


@dataclass(slots=True, init=False)
class PlayerState:
    seat: int
    name: str
    draw: list[int] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    combat: list[int] = field(default_factory=list)
    combat_used: list[int] = field(default_factory=list)
    # set-up stacks, emptied while the Field is built
    locations_left: list[int] = field(default_factory=list)
    items_left: list[int] = field(default_factory=list)
    disasters_left: list[int] = field(default_factory=list)
    starting_left: list[int] = field(default_factory=list)
    starting_chosen: int = 0
    havens: list[int] = field(default_factory=list)
    bonked: list[int] = field(default_factory=list)  # Bonked Characters waiting to come back
    turns: int = 0  # turns started
    characters_played: int = 0  # this Equip phase
    scavenges: int = 0  # this turn
    turn_over: bool = False  # the rest of this turn is lost (5E: Running Away ends the Turn)
    power_played: list[str] = field(default_factory=list)  # card types played this Equip phase (TURN-14)
    globals: dict[int, int] = field(default_factory=dict)  # Global Effects in play -> owner's last turn (-1: none)
    fights: list[int] = field(default_factory=list)  # Locations where this player started a fight this turn (AMB-20)

    # written out, not generated: the compiled engine compiles a method it is given, never one @dataclass
    # makes (tests/test_constructors.py checks it takes the fields in order)
    def __init__(
        self,
        seat: int,
        name: str,
        draw: list[int] | None = None,
        hand: list[int] | None = None,
        discard: list[int] | None = None,
        combat: list[int] | None = None,
        combat_used: list[int] | None = None,
        locations_left: list[int] | None = None,
        items_left: list[int] | None = None,
        disasters_left: list[int] | None = None,
        starting_left: list[int] | None = None,
        starting_chosen: int = 0,
        havens: list[int] | None = None,
        bonked: list[int] | None = None,
        turns: int = 0,
        characters_played: int = 0,
        scavenges: int = 0,
        turn_over: bool = False,
        power_played: list[str] | None = None,
        globals: dict[int, int] | None = None,
        fights: list[int] | None = None,
    ) -> None:
        self.seat = seat
        self.name = name
        self.draw = [] if draw is None else draw
        self.hand = [] if hand is None else hand
        self.discard = [] if discard is None else discard
        self.combat = [] if combat is None else combat
        self.combat_used = [] if combat_used is None else combat_used
        self.locations_left = [] if locations_left is None else locations_left
        self.items_left = [] if items_left is None else items_left
        self.disasters_left = [] if disasters_left is None else disasters_left
        self.starting_left = [] if starting_left is None else starting_left
        self.starting_chosen = starting_chosen
        self.havens = [] if havens is None else havens
        self.bonked = [] if bonked is None else bonked
        self.turns = turns
        self.characters_played = characters_played
        self.scavenges = scavenges
        self.turn_over = turn_over
        self.power_played = [] if power_played is None else power_played
        self.globals = {} if globals is None else globals
        self.fights = [] if fights is None else fights

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return _rebuilt(self)


@dataclass(frozen=True, slots=True)
class CharmLink:
    """A relation left by Charm Combat (RULES.md §5c; see engine/procedures/charm.py). Frozen, so copies may share it.

    ``kind``: ``lost`` (Character ``a`` lost to Disaster ``b``: it may not strike it), ``spared`` (Disaster
    ``b`` leaves ``a`` alone), ``charmed`` (``a`` is Charmed by the Character ``b``), ``started`` (``a``
    charm-attacked ``b``), ``truce`` (``a`` may not attack ``b``), ``break_tried`` (a break was tried on ``a``),
    ``unallied`` (``a`` charmed the ally ``b``: its bonus to the primary does not count against ``a``).
    """

    kind: str
    a: int
    b: int
    margin: int = 0
    rounds: int = -1  # lost (002): the last combat round it may not strike (-1: until the Disaster attacks it)
    turn: int = 0  # the game turn it was made
    seat_turn: int = 0  # started: the charmer's owner's turn number


@dataclass(frozen=True, slots=True)
class Lasting:
    """A card effect that lasts after it resolved (engine/effects/lasting.py). Frozen, so copies may share it.

    ``source`` is the card instance whose effect it is (``effect``: its index in the card's effects); ``targets``
    the Characters, Disasters or Places it holds; it ends at the end of ``seat``'s turn number ``until``
    (DIS-19), or: ``WHILE_IN_PLAY`` while ``source`` is in play, ``NEXT_COMBAT`` when its targets' next fight
    with a Combat Disaster is over, ``NEXT_ROUND`` when their next combat round is. ``count``: how many times
    it has grown (``grow``)."""

    source: int
    effect: int
    targets: tuple[int, ...]
    seat: int
    until: int
    count: int = 1


# ---------------------------------------------------------------- the named slots of ``state.counters``
# A card's per-instance numbers live in ``state.counters[uid * SLOTS + slot]``: slots below ``EFFECT_SLOTS`` are its
# effects' own (the effect's index, and the index + 1 for a second number of the same effect: how many times
# it triggered, the turn it began); the named slots above are the rules'. Every named slot is defined here, and
# only here, so no two rules share one (tests/test_counter_slots.py checks that the ranges are apart and that
# no card has as many effects as ``EFFECT_SLOTS``).
SLOTS: Final = 100  # the stride of a card's slots
EFFECT_SLOTS: Final = 40  # slots 0..39: a card's effects, by index (no card has more than a handful)
ABSORB_COUNTER: Final = 40  # + i (6 slots): the i-th ability (ABILITY_NAMES) a Character absorbed (effects/bearer.py)
BASE_COUNTER: Final = 46  # 1 + the uid of the base Character a transformation replaced (procedures/ascend.py)
BONKS_COUNTER: Final = 47  # times the Character has been Bonked this game (effects/transform.py)
ASCEND_COUNTER: Final = 48  # 1 + its owner's turn number it last came in (procedures/ascend.py)
UNMASKED_COUNTER: Final = 49  # 1 once its powers are gone for good (effects/primitives.py)
COMEBACK_COUNTER: Final = 50  # 1 once a ``never_killed`` with ``once`` is spent (effects/bearer.py)
REVIVED_COUNTER: Final = 51  # its owner's last turn in play, revived (Baba; effects/primitives.py)
RALLY_COUNTER: Final = 52  # game turn * SLOTS + the round its rally is for (effects/in_fight.py)
CLAIMED_COUNTER: Final = 53  # 1 + the seat that took the Location as a Haven (SCAV-22; procedures/havens.py)
PAID_ENERGY_COUNTER: Final = 54  # the Energy paid for a Flash Effect costing all its payer's Energy (Divert Attack)
# turn * 10000 + 1 + the Place its last move set out from (Misdirection; procedures/turn.py)
MOVED_FROM_COUNTER: Final = 55
# damage of this fight Weapons dealt a Character that counts against no Equipment (Avoid Fire)
SPARED_COUNTER: Final = 56
ORIGIN_COUNTER: Final = 57  # 1 + the Location an Item was first taken from under (Fake Item; effects/primitives.py)
# 1 + the seat of a Character's owner while another player controls it (effects/control.py)
CONTROL_OWNER_COUNTER: Final = 58
CONTROL_FROM_COUNTER: Final = (
    59  # 1 + the Place a controlled Character was brought from, where it goes back (effects/control.py)
)
# + i (6 slots): the turns a card raised its ``by``'s i-th ability (effects/bearer.py ``trained``)
TRAINED_COUNTER: Final = 60
AWAY_COUNTER: Final = 66  # its owner's turns in a row ended on a Location (procedures/stays.py)
STRAY_COUNTER: Final = 67  # its Move phases walked in, modulo its ``stray`` (procedures/movement.py)
WORN_COUNTER: Final = 68  # its owner's turn number when the card was played (effects/bearer.py)
WEAR_COUNTER: Final = 69  # damage its bearers took in earlier fights (effects/bearer.py)
JUMP_COUNTER: Final = 70  # the game turn a vehicle last jumped (procedures/vehicles.py)
WAIVED_COUNTER: Final = 71  # 1 once its once-a-game ``waive`` is spent (effects/bearer.py)
EVERY_COUNTER: Final = 72  # its owner's turn (+1) it was last used (``every``; procedures/activated.py)
SALVAGE_COUNTER: Final = 73  # vehicles a Character has saved this game (Al; effects/primitives.py)
TIMED_COUNTER: Final = 74  # its owner's turn number when it came into play (procedures/turn.py)
RETURN_COUNTER: Final = 75  # 8 x the controller's turn it returns in + seat (effects/primitives.py)
FORM_LOCK_COUNTER: Final = 76  # 1 while a card keeps a Character in its form
FLASH_TURN_COUNTER: Final = 77  # the game turn (+1) its player last played a copy of a once-a-turn Flash Effect
HURT_COUNTER: Final = 78  # trap damage a Character carries until the turn ends (procedures/traps.py)
KEPT_DAMAGE_COUNTER: Final = 79  # damage no fight heals before the turn ends
ENTRY_COUNTER: Final = 80  # + seat (5 slots): the seat's turn it brought one onto the Field
EMPTIED_BY_COUNTER: Final = 85  # the Character that carried or wore a weapon when its last use was spent (Reload)
# the game turn that last use was spent (Reload; only in games holding it, effects/uses.py)
EMPTIED_TURN_COUNTER: Final = 86
ARRIVAL_COUNTER: Final = 87  # the game turn (+1) a Global's arrival spent a use (Great King Yemma; effects/uses.py)
ONCE_COUNTER: Final = 88  # 1 once its ``limit: once`` use is spent (procedures/activated.py)
ASKED_COUNTER: Final = 89  # its owner's turn number when it last trained (procedures/training.py)
SCAN_COUNTER: Final = 90  # the game turn (+1) its copy was last used (procedures/scan.py)
LENT_TURN_COUNTER: Final = 91  # its owner's turn number when played (effects/lent.py)
LENT_COUNTER: Final = 92  # the uid (+1) of the card its bearer may use (effects/lent.py)
CHOSEN_COUNTER: Final = 93  # the ability chosen for it (1 + its index; effects/bearer.py)
EQUIP_COUNTER: Final = 94  # pieces of Equipment played through the card (effects/bearer.py)
PIN_UNTIL: Final = 95  # the last of its controller's turns a pinned Disaster stays (effects/pins.py)
PIN_BY: Final = 96  # the Character whose card pins it (effects/pins.py)
USE_TURN_COUNTER: Final = 97  # the game turn (+1) it was last used (procedures/activated.py)
USES_COUNTER: Final = 98  # uses of a limited bonus spent (effects/uses.py)
WAIT_COUNTER: Final = 99  # the last of its controller's turns a Disaster stays put (hooks/waiting.py)
# name -> (first slot, how many): what tests/test_counter_slots.py checks
NAMED_SLOTS: dict[str, tuple[int, int]] = {
    "ABSORB_COUNTER": (ABSORB_COUNTER, 6),
    "BASE_COUNTER": (BASE_COUNTER, 1),
    "BONKS_COUNTER": (BONKS_COUNTER, 1),
    "ASCEND_COUNTER": (ASCEND_COUNTER, 1),
    "UNMASKED_COUNTER": (UNMASKED_COUNTER, 1),
    "COMEBACK_COUNTER": (COMEBACK_COUNTER, 1),
    "REVIVED_COUNTER": (REVIVED_COUNTER, 1),
    "RALLY_COUNTER": (RALLY_COUNTER, 1),
    "CLAIMED_COUNTER": (CLAIMED_COUNTER, 1),
    "PAID_ENERGY_COUNTER": (PAID_ENERGY_COUNTER, 1),
    "MOVED_FROM_COUNTER": (MOVED_FROM_COUNTER, 1),
    "SPARED_COUNTER": (SPARED_COUNTER, 1),
    "ORIGIN_COUNTER": (ORIGIN_COUNTER, 1),
    "CONTROL_OWNER_COUNTER": (CONTROL_OWNER_COUNTER, 1),
    "CONTROL_FROM_COUNTER": (CONTROL_FROM_COUNTER, 1),
    "TRAINED_COUNTER": (TRAINED_COUNTER, 6),
    "AWAY_COUNTER": (AWAY_COUNTER, 1),
    "STRAY_COUNTER": (STRAY_COUNTER, 1),
    "WORN_COUNTER": (WORN_COUNTER, 1),
    "WEAR_COUNTER": (WEAR_COUNTER, 1),
    "JUMP_COUNTER": (JUMP_COUNTER, 1),
    "WAIVED_COUNTER": (WAIVED_COUNTER, 1),
    "EVERY_COUNTER": (EVERY_COUNTER, 1),
    "SALVAGE_COUNTER": (SALVAGE_COUNTER, 1),
    "TIMED_COUNTER": (TIMED_COUNTER, 1),
    "RETURN_COUNTER": (RETURN_COUNTER, 1),
    "FORM_LOCK_COUNTER": (FORM_LOCK_COUNTER, 1),
    "FLASH_TURN_COUNTER": (FLASH_TURN_COUNTER, 1),
    "HURT_COUNTER": (HURT_COUNTER, 1),
    "KEPT_DAMAGE_COUNTER": (KEPT_DAMAGE_COUNTER, 1),
    "ENTRY_COUNTER": (ENTRY_COUNTER, 5),
    "EMPTIED_BY_COUNTER": (EMPTIED_BY_COUNTER, 1),
    "EMPTIED_TURN_COUNTER": (EMPTIED_TURN_COUNTER, 1),
    "ARRIVAL_COUNTER": (ARRIVAL_COUNTER, 1),
    "ONCE_COUNTER": (ONCE_COUNTER, 1),
    "ASKED_COUNTER": (ASKED_COUNTER, 1),
    "SCAN_COUNTER": (SCAN_COUNTER, 1),
    "LENT_TURN_COUNTER": (LENT_TURN_COUNTER, 1),
    "LENT_COUNTER": (LENT_COUNTER, 1),
    "CHOSEN_COUNTER": (CHOSEN_COUNTER, 1),
    "EQUIP_COUNTER": (EQUIP_COUNTER, 1),
    "PIN_UNTIL": (PIN_UNTIL, 1),
    "PIN_BY": (PIN_BY, 1),
    "USE_TURN_COUNTER": (USE_TURN_COUNTER, 1),
    "USES_COUNTER": (USES_COUNTER, 1),
    "WAIT_COUNTER": (WAIT_COUNTER, 1),
}
WHILE_IN_PLAY: Final = -1
NEXT_COMBAT: Final = -2
WHILE_TARGET: Final = -3  # while its targets stay in play, even after its source has left (Willpower's marks)
NEXT_ROUND: Final = -4  # until the next physical combat round its targets fight is over (Kids These Days)
# until its targets' next fight of any kind is over: a Combat Disaster's or players' (Missile Walk)
NEXT_FIGHT: Final = -5
# until its seat's next turn begins (Telekinese's Energy lost; engine/effects/lasting.py turn_begins)
OWN_TURN: Final = -6


@dataclass(slots=True, init=False)
class Decision:
    """Who must act now, on what, and the legal actions (as notation strings, in a stable order).

    ``actions`` are the texts the deciding seat reads; ``handles`` maps each one that names a card hidden
    from it by a handle (``yield item1@c5``, engine/core/handles.py) to the engine's own text (``yield c40``)."""

    seat: int
    kind: str
    prompt: str
    actions: list[str]
    handles: dict[str, str] = field(default_factory=dict)

    # written out, not generated: the compiled engine compiles a method it is given, never one @dataclass
    # makes (tests/test_constructors.py checks it takes the fields in order)
    def __init__(
        self, seat: int, kind: str, prompt: str, actions: list[str], handles: dict[str, str] | None = None
    ) -> None:
        self.seat = seat
        self.kind = kind
        self.prompt = prompt
        self.actions = actions
        self.handles = {} if handles is None else handles

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return _rebuilt(self)


@dataclass(slots=True, init=False)
class GameState:
    cards: list[str]  # uid -> card id
    owner: list[int]  # uid -> seat
    players: list[PlayerState]
    rng: int
    places: dict[int, Place] = field(default_factory=dict)  # uid -> Location or Haven
    grid: dict[Cell, int] = field(default_factory=dict)  # cell -> Place uid
    field_version: int = 0  # changes whenever a Location is added or Destroyed (caches key on it)
    characters: dict[int, CharacterState] = field(default_factory=dict)
    disasters: dict[int, DisasterState] = field(default_factory=dict)  # Disasters in play
    destroyed: list[int] = field(default_factory=list)  # cards removed from the game
    set_aside: list[int] = field(default_factory=list)  # set-up cards not used (SETUP-31)
    disaster_items: list[int] = field(default_factory=list)  # Items Destroyed or Discarded (WIN-2)
    items_total: int = 0
    arrivals: int = 0
    round: int = 0
    turn: int = 0  # turns played in the game
    first: int = 0  # first player of the round
    active: int = 0  # whose turn it is
    phase: str = "setup"
    reload_stopped: bool = False  # 002: a Disaster drawn by anyone stops every Reload this round
    agenda: list[Any] = field(default_factory=list)  # stack of frames; the top one runs
    pending: Decision | None = None
    result: dict[str, Any] | None = None
    balls_revealed: list[int] = field(default_factory=list)  # "3 Dragon Balls" cards, first revealed first (AMB-51)
    vehicle_damage: dict[int, int] = field(default_factory=dict)  # vehicle uid -> damage; never heals (CARD-13)
    vehicle_cards: dict[int, int] = field(default_factory=dict)  # Enhancement uid -> the vehicle it is on (CARD-13)
    charms: list[CharmLink] = field(default_factory=list)  # Charm Combat relations (engine/procedures/charm.py)
    statics: list[int] = field(default_factory=list)  # Disasters in play whose static effects apply (lasting.py)
    lasting: list[Lasting] = field(default_factory=list)  # effects that outlast their resolution (lasting.py)
    counters: dict[int, int] = field(default_factory=dict)  # (source uid * SLOTS + effect index) -> times triggered
    # cards a seat has looked at (engine/effects/looks.py): (seat, uid, zone, holder), kept while the card stays
    # there (zone "under": holder the Place; "draw", "hand": the pile's seat; "carried": the Character)
    looked: list[tuple[int, int, str, int]] = field(default_factory=list)

    # written out, not generated: the compiled engine compiles a method it is given, never one @dataclass
    # makes (tests/test_constructors.py checks it takes the fields in order)
    def __init__(
        self,
        cards: list[str],
        owner: list[int],
        players: list[PlayerState],
        rng: int,
        places: dict[int, Place] | None = None,
        grid: dict[Cell, int] | None = None,
        field_version: int = 0,
        characters: dict[int, CharacterState] | None = None,
        disasters: dict[int, DisasterState] | None = None,
        destroyed: list[int] | None = None,
        set_aside: list[int] | None = None,
        disaster_items: list[int] | None = None,
        items_total: int = 0,
        arrivals: int = 0,
        round: int = 0,
        turn: int = 0,
        first: int = 0,
        active: int = 0,
        phase: str = "setup",
        reload_stopped: bool = False,
        agenda: list[Any] | None = None,
        pending: Decision | None = None,
        result: dict[str, Any] | None = None,
        balls_revealed: list[int] | None = None,
        vehicle_damage: dict[int, int] | None = None,
        vehicle_cards: dict[int, int] | None = None,
        charms: list[CharmLink] | None = None,
        statics: list[int] | None = None,
        lasting: list[Lasting] | None = None,
        counters: dict[int, int] | None = None,
        looked: list[tuple[int, int, str, int]] | None = None,
    ) -> None:
        self.cards = cards
        self.owner = owner
        self.players = players
        self.rng = rng
        self.places = {} if places is None else places
        self.grid = {} if grid is None else grid
        self.field_version = field_version
        self.characters = {} if characters is None else characters
        self.disasters = {} if disasters is None else disasters
        self.destroyed = [] if destroyed is None else destroyed
        self.set_aside = [] if set_aside is None else set_aside
        self.disaster_items = [] if disaster_items is None else disaster_items
        self.items_total = items_total
        self.arrivals = arrivals
        self.round = round
        self.turn = turn
        self.first = first
        self.active = active
        self.phase = phase
        self.reload_stopped = reload_stopped
        self.agenda = [] if agenda is None else agenda
        self.pending = pending
        self.result = result
        self.balls_revealed = [] if balls_revealed is None else balls_revealed
        self.vehicle_damage = {} if vehicle_damage is None else vehicle_damage
        self.vehicle_cards = {} if vehicle_cards is None else vehicle_cards
        self.charms = [] if charms is None else charms
        self.statics = [] if statics is None else statics
        self.lasting = [] if lasting is None else lasting
        self.counters = {} if counters is None else counters
        self.looked = [] if looked is None else looked

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return _rebuilt(self)


_COPIERS: dict[type, Callable[[Any], Any]] = {}
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _rebuilt(obj: Any) -> tuple[Any, tuple[Any, ...]]:
    """``__reduce__`` of a state class with a written-out constructor (pickle, ``copy``): its class and every field
    in order, for the constructor. A compiled class makes its instances only through its constructor, so the
    default way (an empty instance, then its slots) would call it with nothing."""
    cls = type(obj)
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return cls, tuple(getattr(obj, n) for n in names)


def _copier(cls: Any) -> Callable[[Any], Any]:
    """:func:`_shallow` for one class, as straight-line code (built once per class; the same result)."""
    params = getattr(cls, "__dataclass_params__", None)
    if params is not None and not hasattr(cls, "__slots__"):
        return _filled(cls)  # a class of the compiled engine (tools/compile_core.py)
    if params is None or params.frozen or not all(n.isidentifier() for n in cls.__slots__):
        return _shallow_any
    body = ["new = _new(_cls)", *(f"new.{name} = {_copied(name)}" for name in cls.__slots__), "return new"]
    return _straight_copier(cls, body)


def _filled(cls: Any) -> Callable[[Any], Any]:
    """:func:`_copier` for a dataclass compiled by mypyc (it has no ``__slots__``): a bare instance from the class's
    own ``__new__`` (compiled code, no constructor: a procedure frame's is the interpreted one ``@dataclass`` made),
    its fields set one by one, one level of lists and dicts copied, as for the others."""
    names = tuple(f.name for f in dataclasses.fields(cls))

    def copy(obj: Any) -> Any:
        new = cls.__new__(cls)
        for name in names:
            v = getattr(obj, name)
            if type(v) is list or type(v) is dict:
                v = v.copy()
            object.__setattr__(new, name, v)
        return new

    return copy


def _copied(name: str) -> str:
    """The expression for the field ``name`` of ``obj`` in a copy: its value, a list or dict copied one level."""
    return f"(v.copy() if type(v := obj.{name}) is list or type(v) is dict else v)"


def _straight_copier(cls: Any, body: list[str]) -> Callable[[Any], Any]:
    """``def copy(obj)`` with ``body``, as straight-line code for ``cls`` (built from its own field names only)."""
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    exec("\n".join(["def copy(obj):", *(f"    {line}" for line in body)]), scope)
    fn: Callable[[Any], Any] = scope["copy"]
    return fn


def _shallow_any(obj: Any) -> Any:
    cls = type(obj)
    new = object.__new__(cls)
    for name in cls.__slots__:
        v = getattr(obj, name)
        object.__setattr__(new, name, v.copy() if type(v) in (list, dict) else v)
    return new


def _shallow(obj: Any) -> Any:
    """A copy of a slotted dataclass whose list fields are copied too (one level deep)."""
    fn = _COPIERS.get(type(obj))
    if fn is None:
        fn = _COPIERS[type(obj)] = _copier(type(obj))
    return fn(obj)


def copy_state(s: GameState) -> GameState:
    """A copy of the state that shares nothing mutable with it (cards and owner never change). Every field is
    named here, by its keyword (tests/test_constructors.py checks none is left to its default)."""
    players = [
        PlayerState(
            p.seat,
            p.name,
            p.draw[:],
            p.hand[:],
            p.discard[:],
            p.combat[:],
            p.combat_used[:],
            p.locations_left[:],
            p.items_left[:],
            p.disasters_left[:],
            p.starting_left[:],
            p.starting_chosen,
            p.havens[:],
            p.bonked[:],
            p.turns,
            p.characters_played,
            p.scavenges,
            p.turn_over,
            p.power_played[:],
            p.globals.copy(),
            p.fights[:],
        )
        for p in s.players
    ]
    places = {
        k: Place(
            v.uid,
            v.cell,
            v.owner,
            v.haven,
            v.destroyed,
            v.under[:],
            v.stored[:],
            v.worn_by,
            v.wear,
            v.assaulted,
            v.admitted[:],
            v.traps[:],
        )
        for k, v in s.places.items()
    }
    characters = {
        k: CharacterState(
            v.uid,
            v.owner,
            v.pos,
            v.damage,
            v.carried[:],
            v.enhancements[:],
            v.moved,
            v.scavenged,
            v.no_scavenge,
            v.bonked_at,
            v.energy_spent,
            v.form,
            v.idle,
            v.energy_turn,
            v.off_at,
            v.spent,
            v.stayed,
            v.stayed_at,
        )
        for k, v in s.characters.items()
    }
    disasters = {
        k: DisasterState(
            v.uid,
            v.owner,
            v.controller,
            v.pos,
            v.item,
            v.damage,
            v.arrived,
            v.entered,
            v.off_field,
            v.expires,
            v.revealed,
            v.ally_of,
            v.acted,
            v.held[:],
            v.came,
            v.hoard[:],
        )
        for k, v in s.disasters.items()
    }
    result = s.result
    return GameState(
        cards=s.cards,
        owner=s.owner,
        players=players,
        rng=s.rng,
        places=places,
        grid=dict(s.grid),
        field_version=s.field_version,
        characters=characters,
        disasters=disasters,
        destroyed=s.destroyed[:],
        set_aside=s.set_aside[:],
        disaster_items=s.disaster_items[:],
        items_total=s.items_total,
        arrivals=s.arrivals,
        round=s.round,
        turn=s.turn,
        first=s.first,
        active=s.active,
        phase=s.phase,
        reload_stopped=s.reload_stopped,
        agenda=[_shallow(f) for f in s.agenda],
        pending=s.pending,  # a Decision is never changed once made
        result=None if result is None else dict(result),
        balls_revealed=s.balls_revealed[:],
        vehicle_damage=dict(s.vehicle_damage),
        vehicle_cards=dict(s.vehicle_cards),
        charms=s.charms[:],  # CharmLink is frozen
        statics=s.statics[:],
        lasting=s.lasting[:],  # Lasting is frozen
        counters=dict(s.counters),
        looked=s.looked[:],
    )


def game_over(s: GameState) -> bool:
    """Whether the game has ended (a call, not an attribute test, so no type checker narrows ``result``)."""
    return s.result is not None
