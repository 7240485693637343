"""Events in sentences for the web table.

:func:`event_text` is the only place in the web face where an engine event becomes text: the table, the
event API and replays all call it. (A shared narrator for every face is being written for the engine; when it
lands, this function becomes a call to it.)

An event only ever names what its seat may see: the engine sends hidden facts only to the seats in its
``to`` list, and this function prints nothing that is not in the event.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from animayhem.cards.database import CardDB

Event = dict[str, Any]


def _cell(v: Any) -> str:
    if isinstance(v, list | tuple) and len(v) == 2:
        return f"{v[0]},{v[1]}"
    return "?"


class _Namer:
    def __init__(self, db: CardDB, seat_names: list[str]) -> None:
        self.db = db
        self.seat_names = seat_names

    def card(self, card_id: Any) -> str:
        if not isinstance(card_id, str):
            return "a face-down card"
        try:
            return self.db.by_id(card_id).name
        except (KeyError, LookupError):
            return card_id

    def seat(self, seat: Any) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.seat_names):
            return self.seat_names[seat]
        return "the Disasters" if seat is None else f"Player {seat}"


def _combat_round(e: Event, n: _Namer) -> str:
    strikers = " + ".join(f"{n.card(s['card'])} ({s['attack']})" for s in e.get("strikers", [])) or "nobody"
    text = (
        f"Round {e['round']}: {n.card(e['disaster'])} hits {n.card(e['target'])} with Attack "
        f"{e['disaster_attack']} against Defense {e['target_defense']}: {e['damage_to_target']} damage, Health "
        f"{e['target_health']} left. {strikers} strike for {e['strike']} against Defense {e['disaster_defense']}: "
        f"{e['damage_to_disaster']} damage, the Disaster has {e['disaster_health']} Health left."
    )
    if e.get("disaster_card") or e.get("target_card"):
        text += f" Combat cards: {n.card(e.get('disaster_card'))} for the Disaster, {n.card(e.get('target_card'))}."
    for w in e.get("protectors", []):
        text += f" {n.card(w['card'])} protects (Defense {w['defense']}) and takes {w['damage']}."
    if e.get("unanswered"):
        text += " The blow went unanswered."
    return text


def _fight_hit(e: Event, n: _Namer) -> str:
    attackers = " + ".join(f"{n.card(a['card'])} ({a['attack']})" for a in e.get("attackers", []))
    text = (
        f"Fight round {e['round']}: {attackers} attack {n.card(e['target'])} for {e['attack']} against Defense "
        f"{e['defense']}: {e['damage']} damage, Health {e['health']} left."
    )
    for w in e.get("protectors", []):
        text += f" {n.card(w['card'])} protects and takes {w['damage']}."
    return text


def _game_over(e: Event, n: _Namer) -> str:
    t = e.get("tally", {})
    if e.get("disasters_win"):
        who = "The Disasters win"
    else:
        who = " and ".join(n.seat(w) for w in e.get("winners", [])) + " win" if e.get("winners") else "Nobody wins"
    return (
        f"Game over ({e.get('reason', '')}): {who}. Items: players {t.get('players')}, "
        f"Disasters {t.get('disasters')} of {t.get('total')}."
    )


_Fmt = Callable[[Event, _Namer], str]

_SENTENCES: dict[str, _Fmt] = {
    "location_placed": lambda e, n: f"{n.seat(e['seat'])} places {n.card(e['card'])} at {_cell(e['cell'])}.",
    "haven_placed": lambda e, n: f"{n.seat(e['seat'])} places the Haven {n.card(e['card'])} at {_cell(e['cell'])}.",
    "item_placed": lambda e, n: f"{n.seat(e['seat'])} puts a face-down Item under {_cell(e['cell'])}.",
    "disasters_placed": lambda e, n: f"{n.seat(e['seat'])} puts 2 Disasters under {_cell(e['cell'])}.",
    "character_started": lambda e, n: f"{n.seat(e['seat'])} starts with {n.card(e['card'])}.",
    "character_played": lambda e, n: f"{n.seat(e['seat'])} plays {n.card(e['card'])} into the Haven.",
    "hand_drawn": lambda e, n: f"{n.seat(e['seat'])} draws a hand of {e['count']} cards.",
    "setup_done": lambda e, n: f"Set-up done: {e['items']} Items on the Field; {n.seat(e['first'])} goes first.",
    "turn_started": lambda e, n: f"Round {e.get('round')}: {n.seat(e['seat'])}'s turn begins.",
    "turn_ended": lambda e, n: f"{n.seat(e['seat'])}'s turn ends.",
    "discarded": lambda e, n: f"{n.seat(e['seat'])} Discards {n.card(e.get('card'))}.",
    "card_drawn": lambda e, n: f"You draw {n.card(e.get('card'))}.",
    "card_drawn_hidden": lambda e, n: f"{n.seat(e['seat'])} draws a card.",
    "disaster_drawn": lambda e, n: f"{n.seat(e['seat'])} draws the Disaster {n.card(e['card'])}.",
    "draw_pile_reshuffled": lambda e, n: f"{n.seat(e['seat'])} reshuffles the Discard pile into a new Draw pile.",
    "draw_pile_empty": lambda e, n: f"{n.seat(e['seat'])}'s Draw pile is empty.",
    "bonked_returned": lambda e, n: f"{n.card(e['card'])} recovers and returns to {n.seat(e['seat'])}'s hand.",
    "disaster_entered": lambda e, n: f"{n.card(e['card'])} enters the Field at {_cell(e['cell'])}.",
    "disaster_moved": lambda e, n: f"{n.card(e['card'])} moves to {_cell(e['cell'])}.",
    "disaster_reentered": lambda e, n: f"{n.card(e['card'])} comes back onto the Field at {_cell(e['cell'])}.",
    "disaster_off_field": lambda e, n: f"{n.card(e['card'])} acts from off the Field.",
    "item_taken": lambda e, n: f"{n.card(e['card'])} takes an Item at {_cell(e['cell'])}.",
    "item_dropped": lambda e, n: f"An Item is dropped at {_cell(e['cell'])}.",
    "cards_dropped": lambda e, n: f"{e.get('count')} card(s) dropped at {_cell(e['cell'])}.",
    "item_destroyed": lambda e, n: f"{n.card(e.get('by'))} Destroys an Item.",
    "disaster_discarded": lambda e, n: f"{n.card(e['card'])} is Discarded ({e.get('reason')}).",
    "disaster_pulled": lambda e, n: f"{n.card(e.get('by'))} pulls {n.card(e['card'])} to {_cell(e['cell'])}.",
    "disaster_allied": lambda e, n: f"{n.card(e['card'])} allies with {n.card(e.get('primary'))}.",
    "ally_freed": lambda e, n: f"{n.card(e['card'])} is no longer allied.",
    "item_stolen": lambda e, n: f"{n.card(e['card'])} steals an Item from {n.card(e.get('character'))}.",
    "disaster_robbed": lambda e, n: f"{n.card(e.get('character'))} steals the Item {n.card(e['card'])} carried.",
    "character_moved": lambda e, n: (
        f"{n.card(e['card'])} moves from {_cell(e.get('source'))} to {_cell(e.get('dest'))}."
    ),
    "scavenge_started": lambda e, n: (
        f"{n.seat(e['seat'])} Scavenges {n.card(e.get('location'))} with "
        + ", ".join(n.card(c) for c in e.get("group", []))
        + "."
    ),
    "scavenge_ended": lambda e, n: f"The Scavenge at {_cell(e.get('cell'))} ends ({e.get('how')}).",
    "disaster_revealed": lambda e, n: f"{n.card(e['card'])} is turned up at {_cell(e['cell'])}.",
    "ability_not_implemented": lambda e, n: f"{n.card(e['card'])}'s text is not carried out by the engine yet.",
    "combat_started": lambda e, n: f"Combat with {n.card(e['card'])} at {_cell(e.get('cell'))}.",
    "combat_ended": lambda e, n: (
        f"The combat with {n.card(e['card'])} ends" + (": it is defeated." if e.get("defeated") else ".")
    ),
    "disaster_attacks": lambda e, n: f"{n.card(e['card'])} attacks {n.card(e.get('target'))}.",
    "combat_round": _combat_round,
    "ran_away": lambda e, n: f"{n.seat(e['seat'])}'s group Runs Away.",
    "ran_to": lambda e, n: f"They run to {_cell(e.get('cell'))}.",
    "no_escape": lambda e, n: f"{n.seat(e['seat'])}'s group has nowhere to run.",
    "fight_started": lambda e, n: (
        f"A fight breaks out at {_cell(e.get('cell'))} between " + " and ".join(n.seat(s) for s in e["seats"]) + "."
    ),
    "fight_ended": lambda e, n: f"The fight at {_cell(e.get('cell'))} ends after {e.get('rounds')} round(s).",
    "fight_declared": lambda e, n: (
        f"{n.card(e['card'])} will {'hit' if e.get('role') == 'hit' else 'protect'} {n.card(e.get('target'))}."
    ),
    "fight_card": lambda e, n: f"{n.card(e.get('character'))} draws the Combat card {n.card(e['card'])}.",
    "fight_hit": _fight_hit,
    "protector_hit": lambda e, n: f"{n.card(e['card'])} takes {e['damage']} protecting (Health {e['health']}).",
    "bonked": lambda e, n: f"{n.card(e['card'])} is Bonked.",
    "killed": lambda e, n: f"{n.card(e['card'])} is killed.",
    "disaster_defeated": lambda e, n: f"{n.card(e['card'])} is defeated.",
    "item_retrieved": lambda e, n: f"{n.card(e.get('character'))} retrieves the Item {n.card(e.get('card'))}.",
    "item_retrieved_hidden": lambda e, n: f"{n.card(e.get('character'))} retrieves a face-down Item.",
    "card_retrieved": lambda e, n: f"{n.card(e.get('character'))} retrieves {n.card(e['card'])}.",
    "card_stored": lambda e, n: (
        f"{n.card(e.get('character'))} stores {'an Item' if e.get('card') is None else n.card(e['card'])} in the Haven."
    ),
    "card_taken": lambda e, n: (
        f"{n.card(e.get('character'))} takes {'an Item' if e.get('card') is None else n.card(e['card'])} "
        "from the Haven."
    ),
    "power_played": lambda e, n: f"{n.seat(e['seat'])} plays {n.card(e['card'])} on {n.card(e.get('character'))}.",
    "energy_paid": lambda e, n: f"{n.card(e.get('character'))} pays {e.get('amount')} Energy for {n.card(e['card'])}.",
    "flash_played": lambda e, n: f"{n.seat(e['seat'])} plays the Flash Effect {n.card(e['card'])}.",
    "flash_resolved": lambda e, n: f"{n.card(e['card'])} resolves.",
    "flash_fizzled": lambda e, n: f"{n.card(e['card'])} fizzles: its target left play.",
    "card_destroyed": lambda e, n: f"{n.card(e['card'])} is Destroyed by {n.card(e.get('by'))}.",
    "global_played": lambda e, n: f"{n.seat(e['seat'])} plays the Global Effect {n.card(e['card'])}.",
    "global_ended": lambda e, n: f"{n.card(e['card'])} ends.",
    "disaster_without_effect": lambda e, n: f"{n.card(e['card'])} has nothing to act on.",
    "transformed": lambda e, n: f"{n.card(e['card'])} transforms into {n.card(e.get('into'))}.",
    "vehicle_moved": lambda e, n: f"{n.card(e.get('vehicle'))} drives to {_cell(e.get('dest'))}.",
    "vehicle_destroyed": lambda e, n: f"{n.card(e.get('vehicle'))} is wrecked.",
    "dragon_balls_gathered": lambda e, n: f"{n.seat(e['seat'])} has gathered the seven Dragon Balls!",
    "charm_contest": lambda e, n: (
        f"Charm: {n.card(e.get('attacker'))} ({e.get('attacker_charm')}) against {n.card(e.get('target'))} "
        f"({e.get('target_charm')}): {e.get('result')}."
    ),
    "charmed": lambda e, n: f"{n.card(e.get('victim'))} is Charmed by {n.card(e.get('charmer'))}.",
    "charm_broken": lambda e, n: f"{n.card(e.get('by'))} frees {n.card(e.get('victim'))} from the charm.",
    "charm_spared": lambda e, n: f"{n.card(e.get('disaster'))} leaves {n.card(e.get('character'))} alone.",
    "charm_all_lost": lambda e, n: f"{n.card(e.get('disaster'))} is charmed by everyone and will leave.",
    "charm_command": lambda e, n: f"{n.card(e.get('victim'))} is ordered: {e.get('order')}.",
    "haven_permission": lambda e, n: (
        f"{n.seat(e['seat'])} {'allows' if e.get('allowed') else 'refuses'} {n.seat(e.get('visitor'))} "
        f"at the Haven ({e.get('what')})."
    ),
    "location_attacked": lambda e, n: f"{n.card(e.get('location'))} takes {e.get('damage')} damage.",
    "location_strikes": lambda e, n: f"{n.card(e.get('location'))} strikes {n.card(e.get('target'))}.",
    "game_over": _game_over,
}

_NAMED_FIELDS = ("card", "character", "target", "disaster", "location", "victim", "by")


def event_text(event: Event, db: CardDB, seat_names: list[str] | None = None) -> str:
    """One event as a sentence (card ids become card names; cells read ``x,y``)."""
    namer = _Namer(db, seat_names or [])
    fmt = _SENTENCES.get(str(event.get("e")))
    if fmt is not None:
        try:
            return fmt(event, namer)
        except (KeyError, TypeError, IndexError):
            pass  # an event of an older or newer shape: fall through to the plain form
    kind = str(event.get("e", "event")).replace("_", " ")
    parts = []
    for k, v in event.items():
        if k in ("e", "turn", "to", "uid") or k.endswith("_uid"):
            continue
        if k in _NAMED_FIELDS and isinstance(v, str):
            v = namer.card(v)
        elif k == "seat":
            v = namer.seat(v)
        elif k == "cell":
            v = _cell(v)
        parts.append(f"{k.replace('_', ' ')} {v}")
    return kind[:1].upper() + kind[1:] + (": " + ", ".join(parts) if parts else "") + "."
