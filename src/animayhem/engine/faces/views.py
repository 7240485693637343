"""What one seat may know (RULES.md MISC-7): its own hand and Items, every face-up card, and only counts
of what is hidden from it (other hands, pile orders, face-down stacks, other players' Items).

Hidden cards are never named, not even by their instance number: a number would tell a deck's owner
which card it is.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Final

from animayhem.cards.effects import ACTIONS
from animayhem.engine.core.actions import parse_action
from animayhem.engine.core.state import CAPTIVE, OFF, WAITING, game_over
from animayhem.engine.core.win import hidden_worth, holder_seat, tallies
from animayhem.engine.effects import abilities, bearer, control, lasting, lent, looks
from animayhem.engine.effects.energy import available
from animayhem.engine.procedures.disasters import path as seat_path
from animayhem.engine.procedures.disasters import path_cells
from animayhem.engine.procedures.fights import public_fight
from animayhem.engine.procedures.flash import FlashStack

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


_uid = attrgetter("uid")


def _own_worth(g: Context, seat: int) -> dict[str, Any]:
    """``items_worth_more``: what the face-down Items the seat's own Characters carry or its Havens store add to its
    final count beyond one each (C-ko Kotobuki: +1); the tallies every seat sees count them once (MISC-7). Only in
    games holding such a card, and only to the seat that holds them (it sees them)."""
    more = sum(n - 1 for u, n in g.item_worth().items() if hidden_worth(g, u) and holder_seat(g, u) == seat)
    return {"items_worth_more": more}


def _kept(g: Context, owner: int, seat: int) -> dict[str, Any]:
    """The view's ``kept`` (the cards, to their owner) or ``kept_count`` (to the others) of the Flash Effects
    ``owner`` keeps on its Globals; nothing in most games."""
    found = lasting.kept_flash(g, owner)
    if not found:
        return {}
    if owner == seat:
        return {"kept": [{"uid": u, "card": g.state.cards[u]} for u in found]}
    return {"kept_count": len(found)}


def view(g: Context, seat: int) -> dict[str, Any]:
    s = g.state

    ids = s.cards

    def card(uid: int) -> dict[str, Any]:
        return {"uid": uid, "card": ids[uid]}

    places = []
    all_places = s.places
    for u, cell, place_card, owner, haven in g.places_in_order():
        pl = all_places[u]
        entry: dict[str, Any] = {
            "cell": [*cell],
            "card": place_card,
            "uid": u,
            "owner": owner,
            "haven": haven,
            "destroyed": pl.destroyed,
            "under": len(pl.under),
        }
        if pl.traps:  # laid face up: every seat sees them (Razor Balls)
            entry["traps"] = [card(u) for u in pl.traps]
        if haven:
            if owner == seat:
                entry["stored"] = [card(u) for u in pl.stored]
            else:
                entry["stored_count"] = len(pl.stored)
        places.append(entry)
    characters = []
    item_uids = g.item_uids()
    cards = g._cards
    r = abilities.reading(g)  # the effects in force and the Disasters' bonuses, worked out once for every value shown
    f = r.effects
    lent_now = lent.shown(g)  # cards lent by a Pass Around: turned up as they were named
    for c in sorted(s.characters.values(), key=_uid):
        if c.pos == OFF and c.bonked_at < 0 and c.off_at == OFF:
            continue
        uid = c.uid
        carried = c.carried
        # (empty lists skip their comprehensions: a view is built at every decision)
        items = [u for u in carried if u in item_uids] if carried else []
        attack, defense, movement, energy, health = abilities.character_shown(g, c, r)
        entry = {
            "uid": uid,
            "card": ids[uid],
            "owner": c.owner,
            "cell": None if c.pos == OFF else [*s.places[c.pos].cell],
            "bonked": c.bonked_at >= 0,
            "damage": c.damage,
            "health": health - c.damage,
            "attack": attack,
            "defense": defense,
            "movement": movement,
            "energy": available(g, c, energy),  # left to spend (CARD-16); spending is public
            "moved": c.moved,
            "enhancements": [{"uid": u, "card": ids[u]} for u in c.enhancements] if c.enhancements else [],
            "equipment": [{"uid": u, "card": ids[u]} for u in carried if u not in item_uids]
            if len(items) < len(carried)
            else [],
            "items": len(items),
        }
        if c.off_at == WAITING:  # 002: beside the Field until its player's first Haven (AMB-59)
            entry["waiting"] = True
        elif c.off_at == CAPTIVE:  # held by a Disaster, off the Field (its ``capture`` text)
            entry["captive_of"] = lasting.captor_of(g, uid)
        elif c.off_at != OFF:  # stepped off the Field there (TURN-20)
            entry["off_at"] = list(s.places[c.off_at].cell)
        if f.holds or uid in f.on:  # what card effects forbid it now (CARD-22): public, the cards are face up
            held = lasting.held(g, uid, ACTIONS, f)
            if held:
                entry["held"] = held
        mine = c.owner == seat
        if control.controlled(g, uid):  # another player controls it for a while (Possession): public, face up
            entry["owned_by"] = owner = control.seat_of(g, c)
            mine = owner == seat  # its Items stay face down to the one controlling it, known to its owner
        if mine:
            entry["item_cards"] = [{"uid": u, "card": ids[u]} for u in items] if items else []
        elif items and (shown := [u for u in items if bearer.face_up_item(cards[ids[u]]) or u in lent_now]):
            entry["shown_items"] = [{"uid": u, "card": ids[u]} for u in shown]  # in use while carried (CARD-10)
        characters.append(entry)
    disasters = []
    for d in sorted(s.disasters.values(), key=_uid):
        if not d.entered and not d.off_field:
            continue
        d_attack, d_defense, d_movement, d_health = abilities.disaster_shown(g, d.uid, r)
        disasters.append(
            {
                "uid": d.uid,
                "card": s.cards[d.uid],
                "owner": d.owner,
                "controller": d.controller,
                "cell": None if d.pos == OFF else [*s.places[d.pos].cell],
                "off_field": d.off_field,
                "carries_item": d.item != OFF,
                "damage": d.damage,
                "ally_of": d.ally_of if d.ally_of in s.disasters else None,  # DIS-26: its primary (face up)
                # its current values, card effects included (a Disaster in play is face up)
                "attack": d_attack,
                "defense": d_defense,
                "movement": d_movement,
                "health": d_health - d.damage,
            }
        )
        if d.hoard:  # more Items than one, face down (7 Lucky Gods Martial Artists): how many, never which
            disasters[-1]["items_carried"] = 1 + len(d.hoard)
        if d.held:  # Enhancements it took and wears (face up, as on a Character)
            disasters[-1]["enhancements"] = [{"uid": u, "card": ids[u]} for u in d.held]
    players = []
    for p in s.players:
        entry = {
            "seat": p.seat,
            "name": p.name,
            "hand_count": len(p.hand),
            "draw_count": len(p.draw),
            "combat_count": len(p.combat),
            "discard": [{"uid": u, "card": ids[u]} for u in p.discard] if p.discard else [],
            "bonked": [{"uid": u, "card": ids[u]} for u in p.bonked] if p.bonked else [],
            "globals": [{"uid": u, "card": ids[u]} for u in p.globals] if p.globals else [],
            # Flash Effects kept on a Global (Refuge): named to their owner, counted for the others
            **_kept(g, p.seat, seat),
        }
        if p.seat != seat and s.lasting and lasting.hand_open(g, p.seat):
            entry["hand"] = [{"uid": u, "card": ids[u]} for u in p.hand]  # face up by a card (Observation Droid)
            entry["hand_open"] = True
        if p.seat == seat:
            entry["hand"] = [{"uid": u, "card": ids[u]} for u in p.hand]
            if p.starting_left:
                entry["starting_choices"] = [card(u) for u in p.starting_left]
            if p.locations_left and s.phase == "setup":
                entry["next_location"] = s.cards[p.locations_left[-1]]  # revealed as it is placed
                if g.config.layout == "lines":  # SETUP-35: the player lays out its own Locations, face up to it
                    entry["line_choices"] = [card(u) for u in sorted(p.locations_left)]
        players.append(entry)
    pending = s.pending
    out: dict[str, Any] = {
        "disaster_path": list(map(list, path_cells(g, seat))) if s.places else [],
        "seat": seat,
        "round": s.round + 1,
        "turn": s.turn,
        "active": s.active,
        "phase": s.phase,
        "places": places,
        "characters": characters,
        "disasters": disasters,
        "lasting": [
            {
                "card": s.cards[rec.source],
                "targets": [s.cards[t] if t in s.characters or t in s.disasters else None for t in rec.targets],
                "cells": [list(s.places[t].cell) for t in rec.targets if t in s.places],
                "until_turn": rec.until if rec.until >= 0 else None,
                "seat": rec.seat,
            }
            for rec in s.lasting
        ]
        if s.lasting
        else [],
        "players": players,
        "items": tallies(g),
        **(_own_worth(g, seat) if g.item_worth() else {}),
        "to_move": None if pending is None else pending.seat,
        "result": None if not game_over(s) else copy.deepcopy(s.result),
        # Charm Combat relations (public; engine/procedures/charm.py): lost, spared, charmed, truce
        "charms": [
            {"kind": x.kind, "a": x.a, "b": x.b, "margin": x.margin}
            for x in s.charms
            if x.kind in ("lost", "spared", "charmed", "truce", "unallied")
        ]
        if s.charms
        else [],
        "flash_stack": [  # played Flash Effects waiting to resolve, bottom first: face up (CARD-15)
            {"uid": u, "card": s.cards[u], "seat": f.seats[i], "target": None if f.targets[i] == OFF else f.targets[i]}
            for f in s.agenda
            if type(f) is FlashStack
            for i, u in enumerate(f.cards)
        ],
    }
    known = looks.view_entries(g, seat) if seat >= 0 and (s.looked or looks.static_uids(g)) else None
    if known:  # hidden cards this seat has looked at, where they still lie (MISC-7 gives way by a card)
        out["known"] = known
    fight = public_fight(g)
    if fight is not None:
        out["fight"] = fight
    if pending is not None and pending.seat == seat:
        out["decision"] = {"kind": pending.kind, "prompt": pending.prompt, "actions": list(pending.actions)}
        if pending.kind == "give":  # SCAV-24: the cards this seat's group just retrieved, still to share out
            frame = s.agenda[-1]
            out["retrieved"] = [card(u) for u in getattr(frame, "cards", ())]
        elif pending.kind == "line":  # SETUP-35: the Locations this seat chooses its line from
            out["location_choices"] = [card(u) for u in sorted(s.players[seat].locations_left)]
        elif pending.kind == "use_choice" and (draw := s.players[seat].draw):
            # cards of its own Draw pile it chooses among as it searches the pile (Shen Lon's wish, Hidden Weapon):
            # named to it, as the sentences of its actions name them (the leak check allows it only then)
            in_draw = set(draw)
            found = [u for a in pending.actions for u in parse_action(a).cards if u in in_draw]
            if found:
                out["decision"]["cards"] = [card(u) for u in dict.fromkeys(found)]
    return out


SPECTATOR: Final = -1  # not a seat: the view of someone who watches (no hand, no Items, no decision)


def public_view(g: Context) -> dict[str, Any]:
    """What every seat may know (MISC-7): the view of a spectator. ``seat`` is None; every seat's Disaster
    path is public (``disaster_paths``, by seat), so no single ``disaster_path`` is given."""
    out = view(g, SPECTATOR)
    out["seat"] = None
    out["disaster_path"] = []
    out["disaster_paths"] = (
        [[list(g.state.places[u].cell) for u in seat_path(g, p.seat)] for p in g.state.players]
        if g.state.places
        else []
    )
    return out


def usual_cards(view: dict[str, Any]) -> dict[int, str]:
    """The cards a view names where actions usually point, uid -> card id: a subset of :func:`known_cards`
    found without walking the whole view (the Places and what they store, the Characters and the cards on
    them, the Disasters, every player's hand, starting choices, discard, Bonked pile and Globals)."""
    out = {pl["uid"]: pl["card"] for pl in view["places"]}
    for pl in view["places"]:
        for x in pl.get("stored", ()):
            out[x["uid"]] = x["card"]
    for c in view["characters"]:
        out[c["uid"]] = c["card"]
        for k in ("enhancements", "equipment", "item_cards"):
            for x in c.get(k, ()):
                out[x["uid"]] = x["card"]
    for d in view["disasters"]:
        out[d["uid"]] = d["card"]
    for p in view["players"]:
        for k in ("hand", "starting_choices", "discard", "bonked", "globals"):
            for x in p.get(k, ()):
                out[x["uid"]] = x["card"]
    return out


class KnownCards:
    """:func:`known_cards` of one view, looked up by uid (``get``) and walked only when asked for a card outside
    :func:`usual_cards` (an AI asks for the few cards its actions name, at most decisions). The view must not
    change while this is in use."""

    __slots__ = ("_full", "_usual", "view")

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self._usual: dict[int, str] | None = None
        self._full: dict[int, str] | None = None

    def get(self, uid: int, default: str | None = None) -> str | None:
        usual = self._usual
        if usual is None:
            usual = self._usual = usual_cards(self.view)
        found = usual.get(uid)
        if found is not None:
            return found
        full = self._full
        if full is None:
            full = self._full = known_cards(self.view)
        return full.get(uid, default)


def known_cards(view: dict[str, Any]) -> dict[int, str]:
    """Every card instance a view names, uid -> card id: what its seat may put a name to (MISC-7). A view is
    plain data (dicts, lists, scalars, as JSON reads back): the walk goes into dicts and lists only, asked by
    their exact type (the AIs call this at most decisions; ``isinstance`` made it a third slower)."""
    out: dict[int, str] = {}

    def walk(x: dict[str, Any] | list[Any]) -> None:
        if type(x) is dict:
            uid = x.get("uid")
            if uid is not None and isinstance(uid, int):
                card = x.get("card")
                if isinstance(card, str):
                    out[uid] = card
            values: Iterable[Any] = x.values()
        else:
            values = x
        for v in values:
            kind = type(v)
            if kind is dict or kind is list:  # scalars hold no card: skip the call
                walk(v)

    walk(view)
    return out
