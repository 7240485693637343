"""Checks that hold after every step of every game (used by the property tests and ``simulate``).

* every card instance is in exactly one zone (no card lost or duplicated);
* the Items add up: under Locations + carried or stored by players + carried by Disasters on the Field +
  Destroyed or Discarded = the Items placed at set-up;
* nobody has negative Health outside a combat, and damage is zero outside a combat (or a game that ended in one),
  but for a trap's, which lasts until the end of the turn;
* the decision names exactly one seat and offers at least one action, none twice (a decision asked again offers
  the activated abilities and Flash Effects afresh: engine/core/fight.py ``ask_again``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from animayhem.engine.core.state import (
    CAPTIVE,
    HURT_COUNTER,
    KEPT_DAMAGE_COUNTER,
    OFF,
    SLOTS,
    WAITING,
    GameState,
    game_over,
)
from animayhem.engine.core.win import tallies

if TYPE_CHECKING:
    from animayhem.engine.game import Game


def zones(state: GameState) -> dict[int, list[str]]:
    """Where each card instance is (a list, so duplicates show)."""
    where: dict[int, list[str]] = {}

    def put(uids: list[int], zone: str) -> None:
        for u in uids:
            where.setdefault(u, []).append(zone)

    for p in state.players:
        for name in (
            "draw",
            "hand",
            "discard",
            "combat",
            "combat_used",
            "locations_left",
            "items_left",
            "disasters_left",
            "starting_left",
        ):
            put(getattr(p, name), f"seat{p.seat}.{name}")
        put([h for h in p.havens if h not in state.places], f"seat{p.seat}.haven_card")
        put(list(p.globals), f"seat{p.seat}.globals")
    for pl in state.places.values():
        put([pl.uid], "field")
        put(pl.under, f"under{pl.cell}")
        put(pl.stored, f"stored{pl.cell}")
        put(pl.traps, f"trap{pl.cell}")
    for c in state.characters.values():
        put([c.uid], "character")
        put(c.carried, "carried")
        put(c.enhancements, "enhancement")
    for d in state.disasters.values():
        put([d.uid], "disaster")
        if d.item != OFF:
            put([d.item], "disaster_item")
        put(d.hoard, "disaster_item")
        put(d.held, "disaster_enhancement")
    put(list(state.vehicle_cards), "vehicle_enhancement")
    put(state.destroyed, "destroyed")
    for f in state.agenda:
        if type(f).__name__ == "FlashStack":  # played Flash Effects waiting to resolve (CARD-15)
            put(f.cards, "flash_stack")
        elif type(f).__name__ == "FlashChoosing":  # one taken off the stack, resolving while its player chooses
            put([f.card], "flash_stack")
    put(state.set_aside, "set_aside")
    return where


def problems(game: Game, in_combat: bool = False) -> list[str]:
    """Every broken invariant (empty when all hold)."""
    s = game.state
    out = []
    where = zones(s)
    for uid in range(len(s.cards)):
        z = where.get(uid, [])
        if len(z) != 1:
            out.append(f"card c{uid} ({s.cards[uid]}) is in {len(z)} zones: {z}")
    extra = set(where) - set(range(len(s.cards)))
    if extra:
        out.append(f"unknown card instances {sorted(extra)}")
    t = tallies(game)
    set_aside_items = sum(1 for u in s.set_aside if game.is_item(u))
    if s.phase != "setup":
        total = t["under_locations"] + sum(t["players"]) + t["carried_by_disasters"] + t["disasters"]
        if total != t["total"]:
            out.append(f"Items do not add up: {t} ({set_aside_items} set aside)")
    if len(set(s.disaster_items)) != len(s.disaster_items):
        out.append("an Item counts twice for the Disasters")
    for d in s.disasters.values():
        if d.hoard and d.item == OFF:  # a Disaster's first Item is ``item``, the rest its ``hoard``
            out.append(f"{s.cards[d.uid]} hoards {len(d.hoard)} Items but carries no first one")
    # a game can end in the middle of a fight (an Item changes hands and decides it): its damage stays
    combat_running = game_over(s) or any(type(f).__name__ in ("Combat", "Fight") for f in s.agenda)
    for c in s.characters.values():
        # a trap's damage stays until the end of the turn (procedures/traps.py: Razor Balls)
        kept = s.counters.get(c.uid * SLOTS + HURT_COUNTER, 0) + s.counters.get(c.uid * SLOTS + KEPT_DAMAGE_COUNTER, 0)
        if not combat_running and c.damage != 0 and c.damage != kept:
            out.append(f"{s.cards[c.uid]} has {c.damage} damage outside a combat")
        if c.bonked_at < 0 and c.pos == OFF and c.off_at not in s.places and c.off_at not in (WAITING, CAPTIVE):
            out.append(f"{s.cards[c.uid]} is nowhere")
    limit = game.rules.hand_limit
    for p in s.players:
        if limit is not None and len(p.hand) > limit:  # TURN-11, AMB-43
            out.append(f"seat {p.seat} holds {len(p.hand)} cards, more than the hand limit {limit}")
    for d in s.disasters.values():
        if not combat_running and d.damage != 0:
            out.append(f"Disaster {s.cards[d.uid]} has {d.damage} damage outside a combat")
    if not game_over(s):
        if s.pending is None:
            out.append("the game is not over but nobody must decide")
        elif not s.pending.actions:
            out.append("a decision without actions")
        elif len(set(s.pending.actions)) < len(s.pending.actions):
            out.append(f"a decision offers an action twice: {s.pending.actions}")
    elif s.pending is not None:
        out.append("the game is over but a decision is pending")
    return out
