"""A card a player plays comes into play here, whatever plays it: the Equip phase (TURN-14), a Flash Effect that
equips a Character from the hand or the Draw pile (Hidden Weapon), a wish (Shen Lon). One test says who may
take a Power card (:func:`may_take`: CARD-16, CARD-23), one says where an extra Haven may go (:func:`haven_cells`:
CARD-8, TURN-15), and one step of each kind puts a card in play.

The caller takes the card out of its pile first and keeps what is its own: the Equip phase's limits and its
extra steps (a card played away from a Haven, a choice asked as the card comes in, the Character who names its
Skill), and the card's ``play`` effects, which the interpreter runs (effects/triggers.py sits above this module).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from animayhem.cards.evaluate import meets
from animayhem.cards.model import CardType
from animayhem.engine.core.events import cell_list
from animayhem.engine.core.field import haven_cells as free_haven_cells
from animayhem.engine.core.field import neighbours
from animayhem.engine.core.state import OFF, SLOTS, TIMED_COUNTER, WAITING, Cell, CharacterState, Place
from animayhem.engine.effects import bearer, energy, lasting, primitives, uses
from animayhem.engine.effects.transform import held_cards, skill_card

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


def may_take(g: Context, card_uid: int, ch: CharacterState) -> bool:
    """Whether the Character ``ch`` may take the Enhancement or Equipment ``card_uid`` (or, for a Global Effect,
    be the one who meets its requirement) now: it can pay the card's Energy (CARD-16: what it has not spent yet,
    CONF-52), holds nothing that refuses a second copy (Clean Livin'), and meets the requirement (CARD-23), or a
    card lets it take any such card (Makoto Mizuhara), waives the requirement (Specs: Science cards) or lends it
    the Skill (Data Stream)."""
    card = g.card(card_uid)
    if not energy.can_pay(g, ch, card_uid) or bearer.refuses(g, card_uid, ch):
        return False
    if card.requirements is None or bearer.fits(g, ch, card.type.value) or bearer.waives_card(g, ch, card):
        return True
    if meets(card.requirements, [skill_card(g, ch.uid)], held_cards(g, ch), anti_skill=g.rules.anti_skill):
        return True
    return lasting.borrowing_meets(g, [ch], card.requirements)


def _by(g: Context, by: int) -> dict[str, Any]:
    """The ``by`` of an event: the card that played this one, when another card did."""
    return {} if by == OFF else {"by": g.card(by).id}


def put_on(g: Context, seat: int, uid: int, ch: CharacterState, *, by: int = OFF) -> None:
    """The Enhancement or Equipment ``uid``, out of ``seat``'s pile already, goes on ``ch``: it has all its uses
    (CARD-17), a card counting the turns it is on starts counting, ``ch`` pays its Energy (CARD-16; before the
    card is attached, so a held Enhancement's cost is not counted twice), and the event ``power_played`` says it
    (``by``: the card that played it). The caller runs :func:`sweep` once its own steps are done."""
    card = g.card(uid)
    uses.renew(g, uid)
    bearer.worn_start(g, uid, seat)
    energy.pay(g, ch, uid)
    (ch.enhancements if card.type is CardType.ENHANCEMENT else ch.carried).append(uid)
    g.emit(
        "power_played",
        seat=seat,
        card=card.id,
        uid=uid,
        character=g.card(ch.uid).id,
        status=card.ability_status.value,
        applies=card.gives_in_play,
        **_by(g, by),
    )


def global_in(g: Context, seat: int, uid: int, *, by: int = OFF) -> None:
    """The Global Effect ``uid``, out of ``seat``'s pile already, is in force (CARD-14): for the turns its card or
    the ruleset gives it (for good while a card of ``seat``'s keeps it, or with no limit), its effects for every
    player in force (engine/core/statics.py); the event ``global_played``."""
    s = g.state
    p = s.players[seat]
    card = g.card(uid)
    uses.renew(g, uid)
    bearer.worn_start(g, uid, seat)
    turns = card.turns or g.rules.global_turns
    p.globals[uid] = -1 if turns is None or uses.allowed(g, uid) else p.turns + turns - 1
    lasting.entered(g, uid)
    g.emit(
        "global_played",
        seat=seat,
        card=card.id,
        uid=uid,
        status=card.ability_status.value,
        applies=card.gives_in_play,
        **_by(g, by),
    )


def waiting_or_home(seat: int, uid: int, havens: list[int]) -> CharacterState:
    """A new Character, its move unused: in its player's first Haven, or (002, no Haven yet) waiting beside the
    Field (AMB-59). The set-up's starting Characters (SETUP-7) and every Character played later come in here."""
    if havens:
        return CharacterState(uid=uid, owner=seat, pos=havens[0])
    return CharacterState(uid=uid, owner=seat, pos=OFF, off_at=WAITING)


def character_in(g: Context, seat: int, uid: int) -> CharacterState:
    """The Character ``uid``, out of ``seat``'s pile already, comes into play in its player's Haven with its move
    unused (TURN-17), or (002, no Haven yet) waits beside the Field (AMB-59): a card that stays a number of its
    owner's turns counts this one as the first (Future Trunks), one whose values switch with the rounds starts in
    the round's form (Lunch); the event ``character_played``, then the sweeps (a Character who cancels or sees
    through other cards)."""
    s = g.state
    p = s.players[seat]
    card = g.card(uid)
    uses.renew(g, uid)
    ch = s.characters[uid] = waiting_or_home(seat, uid, p.havens)
    if card.turns is not None:
        s.counters[uid * SLOTS + TIMED_COUNTER] = p.turns
    if every := bearer.alternates(card):
        ch.form = (s.round // every) % 2
    g.emit("character_played", seat=seat, card=card.id, uid=uid)
    sweep(g)
    return ch


BUILDERS: Final = 3  # Characters that build a Haven (CARD-8)
BUILD_TURNS: Final = 2  # complete turns they wait


def building_sites(g: Context, seat: int) -> list[int]:
    """Locations where at least three of ``seat``'s Characters have waited two complete turns (CARD-8)."""
    s = g.state
    count: dict[int, int] = {}
    for c in s.characters.values():
        if c.owner != seat or c.pos == OFF or c.bonked_at >= 0 or c.idle < BUILD_TURNS:
            continue
        if not s.places[c.pos].haven:
            count[c.pos] = count.get(c.pos, 0) + 1
    return sorted(p for p, n in count.items() if n >= BUILDERS)


def cells_beside(g: Context, place: int) -> list[Cell]:
    """The empty cells beside the Place ``place``."""
    s = g.state
    return sorted(n for n in neighbours(s.places[place].cell, g.rules.adjacency) if n not in s.grid)


def haven_cells(g: Context, seat: int) -> list[Cell]:
    """Empty cells where ``seat`` may put an extra Haven now: any free Haven cell under ``extra_havens: play``,
    else beside a Location its Characters have built on (CARD-8, TURN-15)."""
    if g.rules.extra_havens == "play":
        return free_haven_cells(g.state, g.rules.adjacency)
    out: set[Cell] = set()
    for place in building_sites(g, seat):
        out.update(cells_beside(g, place))
    return sorted(out)


def haven_in(g: Context, seat: int, uid: int, cell: Cell, *, by: int = OFF) -> None:
    """The Haven card ``uid``, out of ``seat``'s pile already, goes on the empty ``cell``: the builders beside it are
    done building (CARD-8), its static effects are in force, the event ``haven_placed``; a player's first Haven
    takes in the Characters waiting beside the Field (002, AMB-59)."""
    s = g.state
    p = s.players[seat]
    if g.rules.extra_havens == "build":
        for place in building_sites(g, seat):
            if cell in cells_beside(g, place):
                for c in g.characters_at(place, seat):
                    c.idle = 0
                break
    s.places[uid] = Place(uid=uid, cell=cell, owner=seat, haven=True)
    s.grid[cell] = uid
    s.field_version += 1
    lasting.entered(g, uid)
    first = not p.havens
    p.havens.append(uid)
    g.emit("haven_placed", seat=seat, card=g.card(uid).id, cell=cell_list(cell), extra=not first, **_by(g, by))
    if first:
        for c in s.characters.values():
            if c.owner == seat and c.off_at == WAITING:
                c.pos, c.off_at = uid, OFF


def sweep(g: Context) -> None:
    """After a card comes into play: each card a Character in play cancels is Discarded (Nanami Jinnai: the
    Disguises), and a Character whose powers another sees through loses them (Galus)."""
    primitives.cancel_sweep(g)
    primitives.unmask_sweep(g)
