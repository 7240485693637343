"""The hand limit and where a recovered Character goes (RULES.md TURN-11, AMB-43, COMBAT-15, AMB-19, CONF-4).

Under a ruleset with ``hand_limit`` (002: 7 cards, "at any moment") no card enters a hand that already holds
that many:

* the opening hand (SETUP-32) draws only up to the limit, counting what the set-up dealt into the hand
  first (002's starting Haven, SETUP-26);
* Reload already draws only up to ``hand_size`` (and, in 002, the number of the player's Locations);
* a Bonked Character that may come back (COMBAT-15) goes to the hand at Reload only while the hand has room.
  Otherwise it stays out (event ``bonked_waits``). Under ``bonk_return = "hand_or_haven"`` (002: "to your hand
  or your Haven") such a Character may also be played straight from the Bonked pile into its owner's Haven
  in the Equip phase (``play cN``), healed, as a Character from the hand would be.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from animayhem.engine.core.actions import act
from animayhem.engine.core.state import CharacterState
from animayhem.engine.effects import lasting

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


def room(g: Context, seat: int) -> bool:
    """Whether ``seat``'s hand may take one more card (TURN-11, AMB-43)."""
    limit = g.rules.hand_limit
    return limit is None or len(g.state.players[seat].hand) < limit


def opening_draws(g: Context, seat: int) -> int:
    """How many cards ``seat`` draws for its opening hand (SETUP-32): ``hand_size`` if the pile has them, and
    never past the hand limit, counting the cards the set-up dealt into the hand already (the 002 Haven)."""
    p = g.state.players[seat]
    n = min(g.rules.hand_size, len(p.draw))
    limit = g.rules.hand_limit
    return n if limit is None else max(0, min(n, limit - len(p.hand)))


def may_return(g: Context, ch: CharacterState) -> bool:
    """Whether the Bonked Character ``ch`` has sat out long enough to come back (COMBAT-15, AMB-19; 002: the
    next turn) and no card keeps it out longer (Tatewaki Kuno)."""
    wait = 1 if g.rules.bonk_return_next_turn else 2
    if g.state.players[ch.owner].turns < ch.bonked_at + wait:
        return False
    if g.state.lasting and lasting.regenerating(g, ch.uid) is not None:
        return False  # it waits in a card and comes back by itself (Medical Regenerator, :func:`regenerated`)
    return not (g.state.lasting and lasting.kept_out(g, ch.uid) is not None)


def held_back(g: Context, seat: int, uid: int) -> bool:
    """At Reload: True when the recovered Character ``uid`` may not come back to the full hand; it stays out
    and the table is told why (``bonked_waits``)."""
    if room(g, seat):
        return False
    g.emit(
        "bonked_waits",
        seat=seat,
        card=g.card(uid).id,
        uid=uid,
        limit=g.rules.hand_limit,
        haven=g.rules.bonk_return == "hand_or_haven",
    )
    return True


def haven_options(g: Context, seat: int) -> list[str]:
    """Equip actions under ``bonk_return = "hand_or_haven"`` (002 L49): ``play cN`` brings a recovered Character
    from the Bonked pile into its owner's Haven (one is needed on the Field)."""
    s = g.state
    p = s.players[seat]
    if g.rules.bonk_return != "hand_or_haven" or not p.havens:
        return []
    return [act("play", u) for u in sorted(p.bonked) if may_return(g, s.characters[u])]


def regenerated(g: Context, seat: int, uid: int) -> None:
    """The Character ``uid`` has waited its turns in the card that took it in instead of its being Killed
    (``regenerate``: Medical Regenerator): it comes into its owner's Haven at full Health with its Enhancements,
    and the card is free for another."""
    s = g.state
    p = s.players[seat]
    s.lasting = [r for r in s.lasting if uid not in r.targets]
    p.bonked.remove(uid)
    kept = s.characters[uid].enhancements
    s.characters[uid] = CharacterState(uid=uid, owner=seat, pos=p.havens[0], enhancements=kept)  # healed (TURN-17)
    g.emit("bonked_returned", seat=seat, card=g.card(uid).id, uid=uid, where="haven")


def to_haven(g: Context, seat: int, uid: int) -> None:
    """The recovered Character ``uid`` comes back into its owner's Haven, healed (002 L49)."""
    s = g.state
    p = s.players[seat]
    p.bonked.remove(uid)
    kept = s.characters[uid].enhancements  # a card that stays on it through a Bonk (Immortality)
    # healed, its move unused (TURN-17)
    s.characters[uid] = CharacterState(uid=uid, owner=seat, pos=p.havens[0], enhancements=kept)
    p.characters_played += 1
    g.emit("bonked_returned", seat=seat, card=g.card(uid).id, uid=uid, where="haven")
