"""Havens: visiting another player's Haven (RULES.md CARD-7) and extra Havens (CARD-8, TURN-15, SETUP-32,
SETUP-36; CONF-35).

Visits. Anyone may move *through* a Haven. Stopping in another player's Haven needs its owner's permission,
asked when a Character tries to end its move there (a ``permission`` decision for the owner: ``allow`` or
``refuse``). An admitted player may take the Items and Equipment stored there; when the owner has Characters
in the Haven, each take is asked again, since they may keep visitors from taking what the owner wants to
keep. Admission lasts while the visitor has Characters in the Haven; a refusal holds for the rest of that
Move phase, so the phase always ends. A refused take while the owner's Characters are there is fought over
(COMBAT-26): a fight between players in the Haven; the visitor takes the card only if none of the owner's
Characters is left there.

Extra Havens.
A deck's further Haven cards are shuffled into the Draw pile (SETUP-32), so they reach the hand. How one
gets onto the Field is ``extra_havens``:

* ``build`` (000, 5E): three of a player's Characters "build" it by staying at one Location through two
  complete turns of their owner without moving or Scavenging. ``CharacterState.idle`` counts those turns
  (:func:`end_turn`); in the owner's next Equip phase (5E; 000 names no phase, and the Equip phase of the
  third turn is one of its moments) the player may put a Haven card from hand on an empty cell beside that
  Location. While the builders keep waiting, a later Equip phase still may. Placing it uses up their
  building (their counts start again).
* ``play`` (002, TURN-15): one Haven card per Equip phase goes from the hand onto the Field like a
  Location, on any empty cell beside a Location.

The action is ``play cH x,y`` in the Equip phase; the event is ``haven_placed`` with ``extra: true``.

Locations that become Havens (SCAV-22, CARD-6). A Location whose card has ``becomes_haven`` may be taken as a
Haven by a player whose Characters stand on it (not Bonked) and have, between them and with what they carry, the
cards its ``needs`` names, once nothing is left under it (every Disaster there revealed; a Haven is never
Scavenged, SCAV-21) and no Disaster stands on it. The player takes it in their own Move or Scavenge phase
(``haven x,y``, the event ``haven_claimed``). From then on it is that player's Haven for good (5E: "once a
Location becomes a Haven"): it joins their Havens (``PlayerState.havens``, after the first), its owner is that
player, Disasters pass it by (they never stop in a Haven, DIS-5, DIS-34), other players need leave to stop there
(CARD-7, TURN-21), what is stored there counts for that player (WIN-2), and the card's other static effects come
into force for that player (engine/effects/lasting.py ``entered``; ``state.counters[uid * SLOTS + 87]`` keeps who
holds it). Other players' Characters standing there when it is taken stay, admitted (CARD-7: visitors leave when
they like).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from animayhem.cards.effects import BecomesHaven
from animayhem.cards.evaluate import meets
from animayhem.cards.model import Card, CardType
from animayhem.engine.core.actions import Action, act
from animayhem.engine.core.events import cell_list
from animayhem.engine.core.state import CLAIMED_COUNTER, OFF, SLOTS, Cell, game_over
from animayhem.engine.core.statics import instances_where, of_kind, per_card_list
from animayhem.engine.effects import control, lasting, put_in_play
from animayhem.engine.effects.transform import held_cards, skill_card
from animayhem.engine.procedures.fights import Fight
from animayhem.engine.procedures.movement import move_character, take_stored

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


def end_turn(g: Context, seat: int) -> None:
    """At the end of ``seat``'s turn: each of its Characters on a Location that neither moved nor Scavenged
    this turn has waited one more complete turn there; every other one starts again."""
    s = g.state
    for c in s.characters.values():
        if c.owner != seat:
            continue
        waiting = c.pos != OFF and c.bonked_at < 0 and not s.places[c.pos].haven
        c.idle = c.idle + 1 if waiting and not c.moved and not c.scavenged else 0


def cells(g: Context, seat: int) -> list[Cell]:
    """Empty cells where ``seat`` may put an extra Haven now (effects/put_in_play.py)."""
    return put_in_play.haven_cells(g, seat)


def options(g: Context, seat: int) -> list[str]:
    """``play cH x,y`` for each Haven card in hand and allowed cell (one Haven per Equip phase)."""
    p = g.state.players[seat]
    if CardType.HAVEN.value in p.power_played:
        return []
    havens = sorted(u for u in p.hand if g.card(u).type is CardType.HAVEN)
    if not havens:
        return []
    where = cells(g, seat)
    return [act("play", u, cell) for u in havens for cell in where]


def play(g: Context, seat: int, uid: int, cell: Cell) -> None:
    """Put the Haven card ``uid`` from ``seat``'s hand on ``cell`` (its one Haven of the Equip phase)."""
    p = g.state.players[seat]
    p.hand.remove(uid)
    p.power_played.append(CardType.HAVEN.value)
    put_in_play.haven_in(g, seat, uid, cell)


# ---------------------------------------------------------------------- Locations that become Havens (SCAV-22)

_CLAIMABLE: dict[int, tuple[list[str], tuple[int, ...]]] = {}


def _claims(card: Card) -> bool:
    return bool(of_kind(card, BecomesHaven))


def _claimable(g: Context) -> tuple[int, ...]:
    """The instances whose card may become a Haven (``becomes_haven``): once per card list, so a game without
    such a Location pays one look-up per decision."""
    cards = g._cards

    return per_card_list(
        _CLAIMABLE, g.state.cards, lambda listed: tuple(instances_where(cards, listed, "becomes_haven", _claims))
    )


def claimed_by(g: Context, place: int) -> int:
    """The seat that took the Location ``place`` as its Haven (SCAV-22), or OFF."""
    return g.state.counters.get(place * SLOTS + CLAIMED_COUNTER, 0) - 1


def claim_cells(g: Context, seat: int) -> list[Cell]:
    """The cells of the Locations ``seat`` may take as its Haven now (``haven x,y``)."""
    found = _claimable(g)
    if not found:
        return []
    s = g.state
    out = []
    for uid in found:
        pl = s.places.get(uid)
        if pl is None or pl.haven or pl.destroyed or pl.under:
            continue
        if any(d.pos == uid for d in s.disasters.values()):
            continue
        group = g.characters_at(uid, seat)
        if not group:
            continue
        need = of_kind(g.card(uid), BecomesHaven)[0].needs
        held = [h for c in group for h in held_cards(g, c)]
        if meets(need, [skill_card(g, c.uid) for c in group], held, anti_skill=g.rules.anti_skill):
            out.append(pl.cell)
    return sorted(out)


def claim(g: Context, seat: int, cell: Cell) -> None:
    """``seat`` takes the Location at ``cell`` as its Haven, for the rest of the game (SCAV-22)."""
    s = g.state
    uid = s.grid[cell]
    pl = s.places[uid]
    pl.haven = True
    pl.owner = seat
    pl.worn_by, pl.wear = -1, 0
    pl.admitted = sorted({c.owner for c in s.characters.values() if c.pos == uid and c.owner != seat})
    s.players[seat].havens.append(uid)
    s.counters[uid * SLOTS + CLAIMED_COUNTER] = seat + 1
    s.field_version += 1  # the Disaster paths and the Places' fixed facts change
    lasting.entered(g, uid)  # its other static effects are in force from now on, for this player
    g.emit("haven_claimed", seat=seat, card=g.card(uid).id, cell=cell_list(cell), rule="SCAV-22")


# ---------------------------------------------------------------------- visits (CARD-7)


def admitted(g: Context, seat: int, place: int) -> bool:
    pl = g.state.places[place]
    return pl.owner == seat or seat in pl.admitted


def guarded(g: Context, place: int) -> bool:
    """The owner has Characters in the Haven (CARD-7: they may keep visitors from taking things)."""
    pl = g.state.places[place]
    return bool(g.characters_at(place, pl.owner))


def forget_visitors(g: Context, seat: int) -> None:
    """A player whose Characters have all left a Haven must ask again next time. A Character of the player's that
    another player controls for a while (Possession) and that stays there keeps the permission it stopped with."""
    s = g.state
    for pl in s.places.values():
        if (
            pl.haven
            and seat in pl.admitted
            and not g.characters_at(pl.uid, seat)
            and not any(c.pos == pl.uid and control.seat_of(g, c) == seat for c in s.characters.values())
        ):
            pl.admitted.remove(seat)


@dataclass(slots=True)
class Permission:
    """The owner of a Haven answers a visitor: may its Character stop there (``what == "stop"``), or take
    the stored card ``card`` (``what == "take"``)?"""

    owner: int
    visitor: int
    place: int
    character: int
    what: str
    card: int = -1
    cell: tuple[int, int] = (0, 0)

    def run(self, g: Context) -> None:
        who = g.name(self.character)
        if self.what == "stop":
            prompt = f"may {who} ({g.state.players[self.visitor].name}) stop in your Haven?"
        else:
            prompt = f"may {who} ({g.state.players[self.visitor].name}) take a card stored in your Haven?"
        g.ask(self.owner, "permission", prompt, [act("allow"), act("refuse")])

    def resume(self, g: Context, action: Action) -> None:
        s = g.state
        g.pop()
        allowed = action.verb == "allow"
        g.emit(
            "haven_permission",
            seat=self.owner,
            visitor=self.visitor,
            cell=cell_list(s.places[self.place].cell),
            what=self.what,
            allowed=allowed,
        )
        if not allowed:
            if self.what == "take":  # COMBAT-26: the owner's Characters there fight the visitor for it
                g.push(HavenDefence(self.owner, self.visitor, self.place, self.character, self.card))
            return
        if self.what == "stop":
            s.places[self.place].admitted.append(self.visitor)
            move_character(g, self.visitor, self.character, self.cell)
            return
        take_stored(g, self.visitor, self.card, self.character)


@dataclass(slots=True)
class HavenDefence:
    """COMBAT-26: a refused take is fought over. The owner's Characters in the Haven fight the visitor's
    there (a fight between players, the owner's side declaring first); if the owner has no Character left in
    the Haven afterwards and the taker is still there, it takes the card, else the card stays."""

    owner: int
    visitor: int
    place: int
    character: int
    card: int
    fought: bool = False

    def run(self, g: Context) -> None:
        if not self.fought:
            self.fought = True
            g.emit(
                "haven_defended", seat=self.owner, visitor=self.visitor, cell=cell_list(g.state.places[self.place].cell)
            )
            g.push(Fight(place=self.place, seats=[self.owner, self.visitor]))
            return
        g.pop()
        s = g.state
        taker = s.characters.get(self.character)
        if game_over(s) or taker is None or taker.pos != self.place or taker.bonked_at >= 0:
            return
        if not guarded(g, self.place) and self.card in s.places[self.place].stored:
            take_stored(g, self.visitor, self.card, self.character)

    def resume(self, g: Context, action: Action) -> None:  # pragma: no cover - never asks
        raise AssertionError("HavenDefence poses no decision")
