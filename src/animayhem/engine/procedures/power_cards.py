"""Playing a Power card (RULES.md TURN-14, CARD-13, CARD-16, CARD-23): where an Enhancement or Equipment may go
and what happens as it comes in, whoever plays it — the Equip phase (procedures/turn.py ``Equip``) or a wish that
plays a card at once from the Draw pile (Shen Lon, procedures/flash.py).

Most cards go on a Character (engine/effects/put_in_play.py). Some say otherwise, and are played their own way:
a trap is laid on a Location (Razor Balls), an Enhancement for vehicles goes on a vehicle (Turbo Boost), one card
goes on a Disaster, which becomes a Character (Bump on the Head), one on anyone's Character (I'm Buyin'); some
ask their player a choice as they come in (Algebra: which ability; Pass Around: which card of another player's
it uses), as a Character may (Kiriya names a Skill). :func:`plays` gives a card's plays, :func:`play` carries one
out, and :func:`wish_plays` / :func:`wished` let a wish play these cards too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from animayhem.cards.effects import NameSkill, Who
from animayhem.cards.model import Card, CardType
from animayhem.engine.core.actions import Action, act, parse_action
from animayhem.engine.core.state import CHOSEN_COUNTER, OFF, SLOTS, Cell, CharacterState
from animayhem.engine.core.statics import of_kind, per_card
from animayhem.engine.effects import bearer, flash_play, lasting, looks, put_in_play, triggers, uses
from animayhem.engine.effects.transform import partner_in_play
from animayhem.engine.procedures import equip_anywhere, lending, naming, on_anyone, recruit, traps

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


_APART: dict[str, tuple[Card, bool]] = {}


def played_apart(card: Card) -> bool:
    """Whether the card's text changes where or when it is played (Pass Around, Razor Balls, I'm Buyin')."""
    return per_card(
        _APART,
        card,
        lambda c: bool(
            lending.asks(c) or traps.trap_of(c) is not None or on_anyone.lets(c) or recruit.recruit_of(c) is not None
        ),
    )


def plays(g: Context, seat: int, u: int, targets: list[CharacterState], mine: list[CharacterState]) -> list[str]:
    """The ``play cU ...`` actions of the Enhancement or Equipment ``u`` of ``seat``: on each of ``targets`` that
    may take it (``put_in_play.may_take``), or where its own text says: a Disaster (Bump on the Head), a Location
    as a trap (Razor Balls), anyone's Character (I'm Buyin'), a vehicle one of ``mine`` carries (CARD-13); none
    while a card it needs is missing (Pass Around: no card of another player's to use) or while a card of its name
    is in play that allows one at a time (Dragon Radar)."""
    card = g.card(u)
    if looks.one_at_a_time(card) and looks.in_play(g, card.id):
        return []  # no second card of this name while one is in play (its text: Dragon Radar)
    t = card.type
    special = played_apart(card)  # one cached look-up for most cards
    if special and not lending.offered(g, seat, u):
        return []  # no card of another player's to use (Pass Around)
    if special and t is CardType.ENHANCEMENT and recruit.recruit_of(card) is not None:
        return recruit.options(g, seat, u)  # played on a Disaster, not a Character (Bump on the Head)
    if special and t is CardType.EQUIPMENT and traps.trap_of(card) is not None:
        return traps.options(g, u)  # laid on a Location, not a Character (Razor Balls)
    out: list[str] = []
    boost = card.on_vehicle  # CARD-13: an Enhancement for vehicles (Turbo Boost, Robot Flight Crew)
    if boost is None or boost.characters:
        if special and t is CardType.ENHANCEMENT and on_anyone.lets(card):
            targets = on_anyone.targets(g)  # its text: on anyone's Character (I'm Buyin')
        out += [act("play", u, c.uid) for c in targets if put_in_play.may_take(g, u, c)]
    if boost is not None:
        out += boost_options(g, u, mine)
    return out


def boost_options(g: Context, enhancement: int, holders: list[CharacterState]) -> list[str]:
    """``play cE cV``: an Enhancement that goes on vehicles (``Card.on_vehicle``) on a vehicle of a kind it
    names, carried by one of ``holders`` (the Characters the Equip phase may equip), unless the vehicle is
    unaffected by cards of its category (Bonaparte and Move cards)."""
    card = g.card(enhancement)
    boost = card.on_vehicle
    if boost is None or card.energy is not None or card.requirements is not None:
        return []
    out = []
    for c in holders:
        for v in sorted(c.carried):
            spec = g.card(v).vehicle
            if spec is None or spec.kind not in boost.kinds or set(spec.unaffected_by) & card.category_set:
                continue
            out.append(act("play", enhancement, v))
    return out


def equip_aboard(g: Context, seat: int) -> list[CharacterState]:
    """The Characters ``seat`` may equip away from its Haven (The Masaki Van, ``equip_aboard``): at the Location
    of one of its Characters carrying such a vehicle, that Character and the others of ``seat`` there."""
    s = g.state
    mine = [c for c in s.characters.values() if c.owner == seat and c.pos != OFF and c.bonked_at < 0]
    vans = {c.pos for c in mine for u in c.carried if (v := g.card(u).vehicle) is not None and v.equip_aboard}
    return [c for c in mine if c.pos in vans and not s.places[c.pos].haven]


def play_status(card: Card) -> dict[str, Any]:
    """What a played Power card's event says of it (MISC-12): its ability status, and whether anything of it
    applies in play (printed numbers, granted skills, vehicle facts, executed text; ``Card.gives_in_play``)."""
    return {"status": card.ability_status.value, "applies": card.gives_in_play}


def play(g: Context, seat: int, action: Action, *, equip: bool, by: int = OFF) -> None:
    """``seat`` plays the Enhancement, Equipment or Global Effect ``action.cards[0]``, out of its pile already, as
    ``action`` says (one of :func:`plays`, or ``play cU`` for a Global Effect). ``equip``: in the Equip phase,
    where a card played away from a Haven spends what let it go there (CONF-34: Control Cube, Servant); ``by``:
    the card that plays it (a wish)."""
    s = g.state
    uid = action.cards[0]
    card = g.card(uid)
    if card.type is CardType.GLOBAL_EFFECT:
        put_in_play.global_in(g, seat, uid, by=by)
        return
    trap = traps.trap_of(card) is not None
    if trap or action.cards[1] not in s.characters:  # laid elsewhere than on a Character
        uses.renew(g, uid)  # CARD-17: a card played from the hand has all its uses
        bearer.worn_start(g, uid, seat)
        if trap:  # on a Location as a trap (Razor Balls)
            traps.lay(g, seat, uid, s.grid[action.cell])
        elif action.cards[1] in s.disasters:  # its text: the Disaster becomes a Character (Bump on the Head)
            recruit.played(g, seat, uid, action.cards[1])
        else:  # CARD-13: an Enhancement played on a vehicle (vehicles.py)
            s.vehicle_cards[uid] = action.cards[1]
            vehicle = g.card(action.cards[1]).id
            g.emit("power_played", seat=seat, card=card.id, uid=uid, character=vehicle, **play_status(card))
        return
    ch = s.characters[action.cards[1]]
    # played away from a Haven through its card (Control Cube), which spends one of its pieces
    through = equip and card.type is CardType.EQUIPMENT and _through(g, ch) and bearer.equipped_through(g, ch)
    put_in_play.put_on(g, seat, uid, ch, by=by)
    on_anyone.played(g, seat, uid, ch)  # on another player's Character: its turns count (I'm Buyin')
    for index, e in triggers.effects_of(card, "play"):  # its text reaches someone else too (I'm Buyin')
        who = getattr(e.do, "who", None)
        if not (isinstance(who, Who) and lasting.matches(g, ch, who)):  # not its bearer a second time
            triggers.run(g, uid, index, e, seat, ch.pos)
    away = equip and g.rules.equip_targets == "haven" and not s.places[ch.pos].haven  # away: Servant's use
    away = away and not on_anyone.lets(card)  # its own text lets it go there (I'm Buyin')
    if away and not through and (card.type is CardType.ENHANCEMENT or ch not in equip_aboard(g, seat)):
        equip_anywhere.spend(g, ch)
    if bearer.choices(card):  # its player chooses now the ability it raises (Algebra)
        g.push(ChooseAbility(seat, uid))
    if lending.asks(card):  # its player names now the card of another player's it uses (Pass Around)
        g.push(lending.ChooseLent(seat, uid))
    put_in_play.sweep(g)  # a card played while a Character cancels its kind (Nanami Jinnai: the Disguises)


def _through(g: Context, ch: CharacterState) -> bool:
    """Whether Equipment played on ``ch`` now goes through a card it carries: it stands away from the Havens,
    where only such a card lets it be equipped (no van there, CARD-13; the Havens rule, CONF-34)."""
    s = g.state
    if g.rules.equip_targets != "haven" or ch.pos == OFF or s.places[ch.pos].haven:
        return False
    return ch not in equip_aboard(g, ch.owner)


@dataclass(slots=True)
class ChooseAbility:
    """A card just played raises one ability of its bearer, the one its player chooses now, for good (a bearer
    ``modify`` with ``chosen``: Algebra); the choice is ``state.counters[uid * SLOTS + CHOSEN_COUNTER]``."""

    seat: int
    card: int

    def run(self, g: Context) -> None:
        names = bearer.choices(g.card(self.card))
        g.ask(self.seat, "use_choice", f"{g.name(self.card)}: which ability it raises", list(names))

    def resume(self, g: Context, action: Action) -> None:
        names = bearer.choices(g.card(self.card))
        g.state.counters[self.card * SLOTS + CHOSEN_COUNTER] = names.index(action.verb) + 1
        g.emit("ability_chosen", seat=self.seat, card=g.card(self.card).id, uid=self.card, ability=action.verb)
        g.pop()


# ---------------------------------------------------------------------- a wish (Shen Lon)


def _choice(a: str) -> str:
    """The ``choose`` action naming where a ``play cU ...`` action puts its card (a card, or a Location's cell)."""
    parsed = parse_action(a)
    return act("choose", parsed.cards[1]) if len(parsed.cards) > 1 else act("choose", parsed.cell)


def wish_plays(g: Context, seat: int) -> dict[int, list[str]]:
    """The cards of ``seat``'s Draw pile that a wish plays their own way (those ``flash_play.wishes`` leaves out),
    each with its ``choose`` actions naming where it goes (none: nothing more to choose). One of each card id, the
    lowest instance, never the pile's order. An Enhancement or Equipment goes where the Equip phase would put it,
    its targets among all the player's Characters in play, not Bonked (a wish is outside the Equip phase and its
    Havens rule, as for the other cards): a Disaster, a Location, anyone's Character, a vehicle, or a Character
    whose card then asks a choice (Algebra, Pass Around). A Character that names a Skill as it comes in (Kiriya)
    goes into its player's Haven. A card that only ever takes its base Character's place (a Super Saiyan) is never
    played, so no wish takes it."""
    mine = flash_play.standing(g, seat)
    havens = flash_play.standing_havens(g, seat)
    out: dict[int, list[str]] = {}
    for u in flash_play.draw_firsts(g, seat):
        card = g.card(u)
        if flash_play.played_plainly(card):
            continue
        t = card.type
        if t is CardType.CHARACTER:
            if of_kind(card, NameSkill) and havens and not partner_in_play(g, seat, u):
                out[u] = []
        elif t in (CardType.ENHANCEMENT, CardType.EQUIPMENT):
            found = list(dict.fromkeys(_choice(a) for a in plays(g, seat, u, mine, mine)))
            if found:
                out[u] = found
    return out


def wished(g: Context, seat: int, picked: list[int], cells: list[Cell], by: int) -> None:
    """Carry out a wish that plays the card ``picked[0]`` its own way (:func:`wish_plays`; ``picked[1]`` or
    ``cells[0]``: where it goes), checked again: it leaves the Draw pile, which is shuffled, and is played at once;
    a choice its card asks as it comes in (which Skill, which ability, which card) is asked next."""
    u = picked[0]
    offers = wish_plays(g, seat)
    if u not in offers:
        return
    where = act("choose", picked[1]) if len(picked) > 1 else act("choose", cells[0]) if cells else ""
    if offers[u] and where not in offers[u]:
        return
    flash_play.take_wished(g, seat, u, by)
    if g.card(u).type is CardType.CHARACTER:
        put_in_play.character_in(g, seat, u)  # its move unused
        g.push(naming.NameASkill(seat, u))  # it names its Skill as it comes in (Kiriya)
        return
    target: int | Cell = picked[1] if len(picked) > 1 else cells[0]
    play(g, seat, parse_action(act("play", u, target)), equip=False, by=by)
