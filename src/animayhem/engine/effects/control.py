"""Characters a player controls for a while (the verb ``control``: Possession, Alliance; RULES.md CARD-15, MISC-7).

Control is a lasting record (``state.lasting``) of the card's ``control`` clause whose ``seat`` is the controller and
whose targets are the Characters it holds; while it lasts the Character's ``owner`` (``CharacterState.owner``, the
seat every rule reads as "whose Character") is the controller, so it moves, Scavenges and fights for that player
with no rule knowing why. Two per-card numbers say how to give it back, both plain data:
``state.counters[uid * SLOTS + CONTROL_OWNER_COUNTER]`` (its owner's seat + 1, set while anyone controls it) and
``[uid * SLOTS + CONTROL_FROM_COUNTER]`` (the Place + 1 it was brought from, for a ``join``: it goes back there).

:func:`settle` gives every Character whose records have all ended back to its owner (or to the controller of the
record still in force); it is called where records end (the end of a turn, of a fight, a Character leaving play),
and does nothing in a game where nobody controls anyone. :func:`release` gives one back at once (before a Bonk or a
Kill sends it to its owner's piles). The cards it carries stay face down to the controller (:func:`seat_of`, read by
the views, the handles and the leak check) and it hands none of them over (procedures/turn.py).

A bottom layer: it imports the state and card facts only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from animayhem.cards.effects import Control
from animayhem.engine.core.events import cell_list
from animayhem.engine.core.state import CONTROL_FROM_COUNTER, CONTROL_OWNER_COUNTER, OFF, SLOTS, CharacterState, Lasting

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


def controlled(g: Context, uid: int) -> bool:
    """Whether another player than its owner controls the Character ``uid`` now."""
    counters = g.state.counters
    return bool(counters) and uid * SLOTS + CONTROL_OWNER_COUNTER in counters


def seat_of(g: Context, c: CharacterState) -> int:
    """The seat the Character belongs to: its owner, also while another player controls it (who sees what it
    carries)."""
    counters = g.state.counters
    if not counters:
        return c.owner
    return counters.get(c.uid * SLOTS + CONTROL_OWNER_COUNTER, c.owner + 1) - 1


def usable_carried(g: Context, c: CharacterState) -> list[int]:
    """What the player in charge of ``c`` may use, give or Discard of what it carries: all of it, or, while another
    player controls it, its face-up cards only (its Items stay face down to that player, MISC-7)."""
    carried = c.carried
    if not carried or not controlled(g, c.uid):
        return carried
    return [u for u in carried if not g.is_item(u)]


def may_control(g: Context, c: CharacterState, seat: int, at: int = OFF) -> bool:
    """Whether a card may give ``seat`` the Character ``c`` now: in play (on a Location or in a Haven, not Bonked),
    and not as a seventh Character of ``seat``'s on the Field (TURN-16) where it stands or, with ``at``, is brought."""
    if c.pos == OFF or c.bonked_at >= 0:
        return False
    return g.state.places[at if at != OFF else c.pos].haven or g.on_field(seat) < 6


def take(g: Context, c: CharacterState, seat: int, source: int, join: int = OFF) -> None:
    """``seat`` controls ``c`` from now on, through ``source``'s card (its record is added by the caller); ``join``:
    the Place it is brought to straight away (it comes back from there to where it stood, :func:`settle`)."""
    s = g.state
    key = c.uid * SLOTS + CONTROL_OWNER_COUNTER
    if key not in s.counters:
        s.counters[key] = c.owner + 1
    was = c.owner
    c.owner = seat
    if join != OFF and join != c.pos:
        s.counters.setdefault(c.uid * SLOTS + CONTROL_FROM_COUNTER, c.pos + 1)
        c.pos = join
    g.emit(
        "control_taken",
        seat=seat,
        rival=was,
        card=g.card(c.uid).id,
        uid=c.uid,
        by=g.card(source).id,
        cell=cell_list(s.places[c.pos].cell) if c.pos != OFF else None,
    )


def _records(g: Context, uid: int) -> list[Lasting]:
    return [r for r in g.state.lasting if uid in r.targets and isinstance(_verb(g, r), Control)]


def _verb(g: Context, r: Lasting) -> object:
    return g.card(r.source).effects[r.effect].do


def release(g: Context, uid: int) -> None:
    """The Character ``uid`` leaves play (Bonked, Killed, Destroyed, taken captive): it is its owner's again at
    once, and the records that held it no longer do."""
    s = g.state
    if not s.counters or uid * SLOTS + CONTROL_OWNER_COUNTER not in s.counters:
        return
    s.counters.pop(uid * SLOTS + CONTROL_FROM_COUNTER, None)  # it goes back to nowhere: it has left play
    s.lasting = [r for r in s.lasting if not (uid in r.targets and isinstance(_verb(g, r), Control))]
    c = s.characters.get(uid)
    if c is None:  # already gone from play (Destroyed)
        del s.counters[uid * SLOTS + CONTROL_OWNER_COUNTER]
        return
    _give_back(g, c)


def settle(g: Context) -> None:
    """Give back every controlled Character no ``control`` record holds any more; one still held by a later
    record is that record's controller's."""
    s = g.state
    if not s.counters:
        return
    for uid in sorted(s.characters):
        if uid * SLOTS + CONTROL_OWNER_COUNTER not in s.counters:
            continue
        c = s.characters[uid]
        live = _records(g, uid)
        if live:
            c.owner = live[-1].seat
            continue
        back = s.counters.pop(uid * SLOTS + CONTROL_FROM_COUNTER, 0) - 1
        if back != OFF and c.pos != OFF and c.bonked_at < 0 and back in s.places and not s.places[back].destroyed:
            src = c.pos
            c.pos = back  # where it came from, if it is still in play (Alliance)
            g.emit(
                "character_sent_back",
                seat=s.counters[uid * SLOTS + CONTROL_OWNER_COUNTER] - 1,
                card=g.card(uid).id,
                uid=uid,
                source=cell_list(s.places[src].cell),
                dest=cell_list(s.places[back].cell),
            )
        _give_back(g, c)


def _give_back(g: Context, c: CharacterState) -> None:
    s = g.state
    owner = s.counters.pop(c.uid * SLOTS + CONTROL_OWNER_COUNTER) - 1
    was = c.owner
    c.owner = owner
    g.emit("control_ended", seat=owner, rival=was, card=g.card(c.uid).id, uid=c.uid)
    here = s.places.get(c.pos) if c.pos != OFF else None
    havens = [u for u in s.players[owner].havens if u in s.places and not s.places[u].destroyed]
    if here is None or not havens:
        return
    # left in the controller's Haven: it goes home to its owner's (CARD-7); or back to an owner who has six
    # Characters on the Field without it: it waits in its owner's Haven (TURN-16, where the number is unlimited)
    away = here.haven and here.uid not in s.players[owner].havens and owner not in here.admitted
    if away or (not here.haven and g.on_field(owner) > 6):
        c.pos = havens[0]
        g.emit(
            "character_sent_back",
            seat=owner,
            card=g.card(c.uid).id,
            uid=c.uid,
            source=cell_list(here.cell),
            dest=cell_list(s.places[havens[0]].cell),
        )
