"""An Enhancement that wins a Disaster over to its player's side (``recruit``: Bump on the Head; RULES.md
TURN-14, CARD-11, COMBAT-12).

In its player's Equip phase the card is played (``play cE cD``) on a Combat Disaster standing on the Field that
came into play this game turn (``DisasterState.came``: drawn in a Reload or turned up by a Scavenge) and whose
Attack plus Defense, as they are now, is under the card's ``below``. The Disaster leaves the Disaster side (its
Item drops under its Location, its allies and captives are freed, its text stops) and is from then on a
Character of the card's player at that Location, with the card on it as an Enhancement: its Attack, Defense and
Movement are its card's (Health its Defense, COMBAT-12), Charm and Energy 0 and no Skills, as the value pipeline
reads them off any card. Its card stays its owner's (Killed, or Discarded from a Haven, it goes to its owner's
Discard pile). A player has at most ``at_most`` such Disasters at once, Bonked ones counted. Bonked, it sits out
like any Character, the card staying on it (``stays_on``), and comes back straight into its player's Haven rather
than to the hand, which holds no Disaster. A game without such a card pays one cached look-up per Enhancement in
hand, in the Equip phase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from animayhem.cards.effects import Recruit
from animayhem.cards.model import Card
from animayhem.engine.core.actions import act
from animayhem.engine.core.events import cell_list
from animayhem.engine.core.state import OFF, WAITING, CharacterState, DisasterState
from animayhem.engine.core.statics import none_in, per_card, per_card_list
from animayhem.engine.effects import abilities
from animayhem.engine.effects.primitives import leave_play

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context

_FACTS: dict[str, tuple[Card, Recruit | None]] = {}


def recruit_of(card: Card) -> Recruit | None:
    """The card's ``recruit`` effect (None for nearly every card)."""
    return per_card(
        _FACTS,
        card,
        lambda c: next((e.do for e in c.effects if e.when == "static" and isinstance(e.do, Recruit)), None),
    )


_IN_GAME: dict[int, tuple[list[str], bool]] = {}


def in_game(g: Context) -> bool:
    """Whether a card of the game can win a Disaster over: worked out once per card list (core/statics.py), so
    every Disaster coming into play costs one look-up."""
    cards = g._cards
    return per_card_list(_IN_GAME, g.state.cards, lambda listed: not none_in(cards, listed, "recruit", _recruits))


def _recruits(card: Card) -> bool:
    return recruit_of(card) is not None


def came(g: Context, d: DisasterState) -> None:
    """The Disaster ``d`` has just come into play (drawn or turned up): where a card of the game may win it over,
    the game turn is kept on it. Other games keep nothing, so their states hash as before."""
    if in_game(g):
        d.came = g.state.turn


def recruited(g: Context, seat: int) -> list[int]:
    """The seat's Characters that are Disasters won over (Bonked ones too), by uid."""
    s = g.state
    return sorted(u for u, c in s.characters.items() if c.owner == seat and g.is_disaster(u))


def targets(g: Context, seat: int, uid: int) -> list[int]:
    """The Disasters ``seat`` may play the card ``uid`` on now: Combat Disasters on the Field (not attached to
    another as its ally), come into play this game turn, whose Attack plus Defense is under the card's number.
    None while the seat has its limit of won-over Disasters, or six Characters on the Field (TURN-16)."""
    rec = recruit_of(g.card(uid))
    s = g.state
    if rec is None or len(recruited(g, seat)) >= rec.at_most or g.on_field(seat) >= 6:
        return []
    out = []
    for d in s.disasters.values():
        if d.came != s.turn or d.pos == OFF or d.off_field or d.ally_of != OFF or not g.is_combat_disaster(d.uid):
            continue
        if abilities.value(g, d.uid, "attack") + abilities.value(g, d.uid, "defense") < rec.below:
            out.append(d.uid)
    return sorted(out)


def options(g: Context, seat: int, uid: int) -> list[str]:
    """``play cE cD`` for each Disaster the card may be played on."""
    return [act("play", uid, d) for d in targets(g, seat, uid)]


def played(g: Context, seat: int, uid: int, target: int) -> None:
    """``seat`` has played the card ``uid`` on the Disaster ``target``: it becomes the seat's Character there."""
    s = g.state
    d = s.disasters[target]
    place = d.pos
    leave_play(g, d, "recruited", keep=True)  # its Item drops, its allies and captives go free, its text stops
    s.charms = [x for x in s.charms if target not in (x.a, x.b)]  # charm links with it as a Disaster are over
    s.characters[target] = CharacterState(uid=target, owner=seat, pos=place, enhancements=[uid])
    g.emit(
        "disaster_recruited",
        seat=seat,
        card=g.card(target).id,
        uid=target,
        by=g.card(uid).id,
        cell=cell_list(s.places[place].cell),
    )


def back_from_bonk(g: Context, seat: int, uid: int) -> bool:
    """A Bonked Character that is a Disaster won over comes back into its player's Haven (beside the Field with
    none yet, AMB-59), healed, the cards that stayed on it still on, instead of going to the hand. False for any
    other Character (it goes to the hand as usual)."""
    s = g.state
    if not g.is_disaster(uid):
        return False
    p = s.players[seat]
    p.bonked.remove(uid)
    kept = s.characters[uid].enhancements
    havens = [h for h in p.havens if h in s.places and not s.places[h].destroyed]
    ch = CharacterState(uid=uid, owner=seat, pos=havens[0]) if havens else CharacterState(uid, seat, off_at=WAITING)
    ch.enhancements = kept
    s.characters[uid] = ch
    g.emit("bonked_returned", seat=seat, card=g.card(uid).id, uid=uid, where="haven")
    return True
