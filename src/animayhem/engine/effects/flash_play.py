"""Who may pay for a Flash Effect played from hand, and what its special verbs name (RULES.md CARD-15, CARD-16;
procedures/flash.py asks). The Characters and Disasters a card names, and the decisions it is offered at (its
``window``), are engine/effects/flash_targets.py's.

An effect on ``who: {among: payer, has: REQ}`` may be paid for only by a Character that meets it. A card played
in a combat round (``window: [combat]``) is paid for by a Character of that fight (with a ``payer`` selector: one
of the attacked player's; with ``no_damage``: the Character attacked, whom it spares). This is a bottom layer: it
reads the state and card facts only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from animayhem.cards.effects import (
    Admit,
    Advance,
    Ascend,
    CharmBonus,
    DestroyFromDraw,
    DestroyTarget,
    DiscardHand,
    DrawCard,
    EquipFrom,
    FromDiscard,
    Gains,
    Grab,
    Halt,
    KeepOut,
    Look,
    NameSkill,
    NoDamage,
    OnAnyone,
    OnlyEffects,
    PullCards,
    Recruit,
    Release,
    Retrieve,
    ReturnItem,
    ReversePath,
    ShiftItem,
    Trap,
    Who,
)
from animayhem.cards.evaluate import meets
from animayhem.cards.model import Card, CardType, Movement
from animayhem.engine.core.events import cell_list
from animayhem.engine.core.field import distances, neighbours
from animayhem.engine.core.state import (
    FLASH_TURN_COUNTER,
    OFF,
    ONCE_COUNTER,
    OWN_TURN,
    SLOTS,
    CharacterState,
)
from animayhem.engine.core.statics import of_kind
from animayhem.engine.core.win import check
from animayhem.engine.effects import (
    bearer,
    energy,
    flash_targets,
    lasting,
    lent,
    looks,
    pins,
    primitives,
    put_in_play,
    uses,
)
from animayhem.engine.effects.transform import partner_in_play, skill_card

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context

_PAYERS: dict[str, tuple[Card, tuple[Who, ...]]] = {}


def _payer(card: Card) -> tuple[Who, ...]:
    """The ``payer`` selectors of the card's play effects (cached per card)."""
    found = _PAYERS.get(card.id)
    if found is None or found[0] is not card:
        whos = (getattr(e.do, "who", None) for e in card.effects if e.when == "play")
        found = _PAYERS[card.id] = (card, tuple(w for w in whos if isinstance(w, Who) and w.among == "payer"))
    return found[1]


def users(g: Context, card_uid: int, chars: list[CharacterState]) -> list[CharacterState]:
    """Of ``chars``, those that may pay for and use the card now (its ``payer`` selectors; in a combat-only card:
    those in the fight, the attacked player's for a ``payer`` effect, the attacked one for ``no_damage``)."""
    card = g.card(card_uid)
    payer = _payer(card)
    if payer:
        chars = [c for c in chars if all(lasting.matches(g, c, w) for w in payer)]
    if chars and energy.cost(g, card_uid) > 0:  # a Character that uses only some kinds of them (Nanami Rokugo)
        chars = [c for c in chars if _may_pay(g, c, card)]
    if not flash_targets.in_combat(card):
        return chars
    now = flash_targets.fight(g)
    if now is None:
        between = flash_targets.duel(g)  # a fight between players: its Characters of the seat that plays
        return [] if between is None else [c for c in chars if c.pos == between.place and c.owner in between.seats]
    if any(e.when == "play" and isinstance(e.do, NoDamage) for e in card.effects):
        return [c for c in chars if c.uid == now.target]
    t = g.state.characters.get(now.target)
    owner = OFF if t is None else t.owner
    return [c for c in chars if c.pos == now.place and (not payer or c.owner == owner)]


def needs_payer(g: Context, card_uid: int) -> bool:
    """Whether the Flash Effect needs one of its player's Characters to pay for it and use it: an Energy cost or a
    requirement (CARD-15, CARD-16)."""
    return energy.cost(g, card_uid) > 0 or g.card(card_uid).requirements is not None


def landing(g: Context, target: int) -> int | None:
    """The Place where an effect on ``target`` lands (None: off the Field, e.g. a Global or a Flash Effect)."""
    s = g.state
    if target in s.characters:
        return s.characters[target].pos
    if target in s.disasters:
        pos = s.disasters[target].pos
        return None if pos == OFF else pos
    for c in s.characters.values():
        if target in c.carried or target in c.enhancements:
            return c.pos
    return None


def payers(g: Context, seat: int, card_uid: int, target: int | None) -> list[CharacterState]:
    """The seat's Characters that may pay for and use the Flash Effect (CARD-15, CARD-16)."""
    card = g.card(card_uid)
    mine = users(g, card_uid, standing(g, seat))  # its ``payer`` selectors; in combat: a Character of that fight
    if g.rules.flash_payer == "at_location" and target is not None:
        where = landing(g, target)
        if where is not None:
            mine = [c for c in mine if c.pos == where]
    out = []
    for c in mine:
        if not energy.can_pay(g, c, card_uid):
            continue
        if card.requirements is not None and not bearer.waives_card(g, c, card):  # Specs: Science cards
            held = [g.card(u) for u in (*c.carried, *c.enhancements)]
            if not meets(card.requirements, [g.card(c.uid)], held, anti_skill=g.rules.anti_skill) and not (
                lasting.borrowing_meets(g, [c], card.requirements)  # a Skill its card lends it (Data Stream)
            ):
                continue
        out.append(c)
    return out


def _may_pay(g: Context, ch: CharacterState, card: Card) -> bool:
    """Whether the Character's own card lets it pay for the Flash Effect ``card``, which costs Energy
    (``only_effects``: only those of some kinds)."""
    only = of_kind(g.card(ch.uid), OnlyEffects)
    return not only or any(lasting.is_kind(card, k) for x in only for k in x.kinds)


_SPECIAL_VERBS: Final = (DrawCard, DiscardHand, Halt, Release, Look, Retrieve, DestroyFromDraw, FromDiscard, Grab)
_SPECIAL: dict[str, tuple[Card, tuple[object, ...]]] = {}


def _special(card: Card) -> tuple[object, ...]:
    """The card's ``play`` effects with a special verb :func:`targets` reads (cached per card; most have none)."""
    found = _SPECIAL.get(card.id)
    if found is None or found[0] is not card:
        verbs = tuple(e.do for e in card.effects if e.when == "play" and isinstance(e.do, _SPECIAL_VERBS))
        found = _SPECIAL[card.id] = (card, verbs)
    return found[1]


def targets(g: Context, card_uid: int) -> list[int] | None:
    """What a ``halt``, ``release``, ``look`` at another's pile, ``retrieve``, ``destroy_from_draw``, an opponent's
    ``discard_hand`` or ``draw_card`` names, in uid order ([]: nothing to do now, as when its player's Draw pile is
    empty); None when the card has none of them (a Character it is played on: flash_targets.named)."""
    card = g.card(card_uid)
    plays = _special(card)
    if not plays:
        return None  # a Character it is played on: engine/effects/flash_targets.py
    s = g.state
    seat = s.owner[card_uid]
    if any(isinstance(v, DrawCard) for v in plays) and not s.players[seat].draw:
        return []
    if any(isinstance(v, DiscardHand) and v.opponent for v in plays):  # an opponent named by a Haven of theirs
        havens: dict[int, int] = {}
        for pl in sorted(s.places.values(), key=lambda pl: pl.uid):
            if pl.haven and not pl.destroyed and pl.owner != seat and s.players[pl.owner].hand:
                havens.setdefault(pl.owner, pl.uid)
        return sorted(havens.values())
    halt = next((v for v in plays if isinstance(v, Halt)), None)
    if halt is not None:
        return holding(g, halt)
    if any(isinstance(v, Release) for v in plays):
        return held_captive(g)
    look = next((v for v in plays if isinstance(v, Look)), None)
    if look is not None:  # another player's pile, named by a Haven of theirs (Mindtap)
        return sorted({u for spot in look.at if spot.where == "others_draw" for u in looks.others_draw(g, seat, spot)})
    back = next((v for v in plays if isinstance(v, Retrieve)), None)
    if back is not None and back.pile == "draw":  # a search of its own Draw pile: chosen as it resolves
        limit = g.rules.hand_limit  # a hand at its limit takes no card (TURN-11, AMB-43), this card aside
        full = back.to == "hand" and limit is not None and sum(u != card_uid for u in s.players[seat].hand) >= limit
        return [] if not s.players[seat].draw or full else None
    if back is not None:
        return retrievable(g, back, seat)
    if any(isinstance(v, DestroyFromDraw) for v in plays):
        return [p.havens[0] for p in s.players if p.draw and p.havens]
    grab_v = next((v for v in plays if isinstance(v, Grab)), None)
    if grab_v is not None:  # an opponent's group riding such a vehicle, named by its first Character
        return riders(g, grab_v, seat)
    back_from = [v for v in plays if isinstance(v, FromDiscard)]
    if back_from:  # a card of its own Discard pile: the first to shuffle in, or a Character to bring back
        return discarded(g, back_from, seat)
    return None  # a Character it is played on: engine/effects/flash_targets.py


# state.counters[uid * SLOTS + FLASH_TURN_COUNTER]: the game turn (+1) in which the owner of ``uid`` last played a
# copy of that card limited to once a turn (``limit: turn``); ``uid`` is the owner's first copy of it (lowest uid)


def once_a_turn(card: Card) -> bool:
    """Whether each player may play at most one copy of the card a turn (a ``play`` effect with ``limit: turn``)."""
    return any(e.when == "play" and e.limit == "turn" for e in card.effects)


def _first_copy(g: Context, card_uid: int) -> int:
    """The lowest uid of the cards of the same id that the owner of ``card_uid`` owns (one key for all copies)."""
    s = g.state
    seat, cid = s.owner[card_uid], s.cards[card_uid]
    return next(u for u, c in enumerate(s.cards) if c == cid and s.owner[u] == seat)


def played_this_turn(g: Context, card_uid: int) -> bool:
    """Whether the owner of a once-a-turn card already played a copy of it this turn."""
    return g.state.counters.get(_first_copy(g, card_uid) * SLOTS + FLASH_TURN_COUNTER) == g.state.turn + 1


def mark_played(g: Context, card_uid: int) -> None:
    """Record that the owner of a once-a-turn card plays a copy of it this turn."""
    g.state.counters[_first_copy(g, card_uid) * SLOTS + FLASH_TURN_COUNTER] = g.state.turn + 1


# state.counters[uid * SLOTS + ONCE_COUNTER]: 1 once any player has played a copy of a card limited to once a game
# (``limit: game``); ``uid`` is the game's first copy of it (lowest uid, whoever owns it)


def once_a_game(card: Card) -> bool:
    """Whether no player may play the card again this game once a copy of it has been played (``limit: game``)."""
    return any(e.when == "play" and e.limit == "game" for e in card.effects)


def _game_copy(g: Context, card_uid: int) -> int:
    """The lowest uid of the cards of the same id in the game, whoever owns them (one key for every copy)."""
    cid = g.state.cards[card_uid]
    return g.state.cards.index(cid)


def played_this_game(g: Context, card_uid: int) -> bool:
    """Whether a copy of a once-a-game card has been played this game, by any player."""
    return g.state.counters.get(_game_copy(g, card_uid) * SLOTS + ONCE_COUNTER) == 1


def mark_played_in_game(g: Context, card_uid: int) -> None:
    """Record that a copy of a once-a-game card is played: no player may play it again this game."""
    g.state.counters[_game_copy(g, card_uid) * SLOTS + ONCE_COUNTER] = 1


def _return_item(card: Card) -> ReturnItem | None:
    return next((e.do for e in card.effects if e.when == "play" and isinstance(e.do, ReturnItem)), None)


def homeward(g: Context, ch: CharacterState) -> int:
    """The Item ``ch`` carries that may go back under the Location it was first taken from: of those whose first
    Location is known and still in play, the one it took last; OFF when none."""
    for u in ch.carried[::-1]:
        if g.is_item(u) and primitives.origin(g, u) != OFF:
            return u
    return OFF


def returnable(g: Context, card_uid: int, named: list[int]) -> list[int]:
    """Of the Characters a card with ``return_item`` may name, those carrying such an Item (:func:`homeward`) and
    standing with nobody who meets its ``not_with`` (all of ``named`` for any other card)."""
    v = _return_item(g.card(card_uid))
    if v is None:
        return named
    s = g.state
    out = []
    for u in named:
        ch = s.characters.get(u)
        if ch is None or ch.pos == OFF or homeward(g, ch) == OFF:
            continue
        if v.not_with is not None and any(
            meets(v.not_with, [skill_card(g, c.uid)], [], anti_skill=g.rules.anti_skill)
            for c in g.characters_at(ch.pos)
            if c.bonked_at < 0
        ):
            continue  # not played where such a Character stands (Nanami Jinnai)
        out.append(u)
    return out


def return_item(g: Context, target: int, by: int) -> None:
    """Carry out a ``return_item`` on the Character ``target``: its Item that may go back (:func:`homeward`) is put
    face down at the bottom of the pile under the Location it was first taken from. Only its carrier's player learns
    which Item it is (it was hidden from the others as it was carried, MISC-7); the others that one of the carrier's
    Items went there."""
    s = g.state
    ch = s.characters.get(target)
    if ch is None or ch.pos == OFF:
        return
    item = homeward(g, ch)
    if item == OFF:
        return
    home = primitives.origin(g, item)
    ch.carried.remove(item)
    s.places[home].under.insert(0, item)
    seat = s.owner[by]
    knows = [ch.owner]
    cell = list(s.places[home].cell)
    who = g.card(ch.uid).id
    by_id = g.card(by).id
    g.emit("item_returned", to=knows, seat=seat, card=g.card(item).id, uid=item, character=who, cell=cell, by=by_id)
    others = [x for x in range(len(s.players)) if x not in knows]
    g.emit("item_returned_hidden", to=others, seat=seat, character=who, cell=cell, by=by_id)
    check(g)


def shift_item_of(card: Card) -> tuple[int, ShiftItem] | None:
    """The card's ``shift_item`` with its index (Telekinese), or None."""
    return next(
        ((i, e.do) for i, e in enumerate(card.effects) if e.when == "play" and isinstance(e.do, ShiftItem)), None
    )


def item_sources(g: Context, ch: CharacterState, v: ShiftItem) -> dict[tuple[int, int], int]:
    """The Locations' cells a ``shift_item`` by ``ch`` may take an Item from, with the Energy each costs: cards lie
    under it (what every seat counts), it is no Haven nor Destroyed, it has a Location next to it to send the Item
    to, and it is at most as many Locations away as ``ch`` has Energy left for (``per_step`` a Location)."""
    s = g.state
    if ch.pos == OFF or ch.bonked_at >= 0:
        return {}
    reach = energy.available(g, ch) // v.per_step
    out = {}
    for cell, n in distances(s, s.places[ch.pos].cell, g.rules.adjacency, reach).items():
        pl = s.places[s.grid[cell]]
        if pl.haven or pl.destroyed or not pl.under or not item_targets(g, cell):
            continue
        out[cell] = n * v.per_step
    return out


def item_targets(g: Context, cell: tuple[int, int]) -> list[tuple[int, int]]:
    """The cells next to ``cell`` an Item may be sent to: Locations of the Field, not Havens nor Destroyed."""
    s = g.state
    out = []
    for c in neighbours(cell, g.rules.adjacency):
        p = s.grid.get(c)
        if p is not None and not s.places[p].haven and not s.places[p].destroyed:
            out.append(c)
    return sorted(out)


def telekinetic(g: Context, card_uid: int, named: list[int]) -> list[int]:
    """Of the Characters a card with ``shift_item`` may name, those with a Location in reach to take an Item from
    (all of ``named`` for any other card)."""
    found = shift_item_of(g.card(card_uid))
    if found is None:
        return named
    s = g.state
    return [u for u in named if u in s.characters and item_sources(g, s.characters[u], found[1])]


def shift_item(g: Context, card_uid: int, index: int, v: ShiftItem, target: int, cells: list[tuple[int, int]]) -> None:
    """Carry out a ``shift_item``: the Character ``target`` takes the first Item face down under ``cells[0]`` to the
    bottom of the pile under ``cells[1]`` (both checked again: the state may have changed) and pays the Energy, lost
    until its player's next turn begins (a lasting record counted ``OWN_TURN``)."""
    s = g.state
    ch = s.characters.get(target)
    if ch is None or len(cells) < 2:
        return
    src, dest = cells[0], cells[1]
    costs = item_sources(g, ch, v)
    if src not in costs or dest not in item_targets(g, src):
        return
    paid = costs[src]
    here, there = s.grid[src], s.grid[dest]
    item = next((u for u in s.places[here].under[::-1] if g.is_item(u)), OFF)
    if item != OFF:
        primitives.move_under(g, item, here, there)
    if paid:
        lasting.add(g, card_uid, index, [ch.uid], ch.owner, None, OWN_TURN, count=paid)
    g.emit(
        "item_shifted",
        seat=ch.owner,
        character=g.card(ch.uid).id,
        by=g.card(card_uid).id,
        cell=cell_list(src),
        dest=cell_list(dest),
        moved=item != OFF,
        energy=paid,
    )


def removed_after(card: Card) -> bool:
    """Whether the card is removed from the game once it has resolved, rather than Discarded."""
    return any(
        isinstance(e.do, DestroyTarget | Admit | Retrieve) and e.do.remove_self
        for e in card.effects
        if e.when == "play"
    )


def closed_havens(g: Context, seat: int) -> list[int]:
    """The other players' Havens in play ``seat`` is not admitted to yet, in uid order (``admit``)."""
    s = g.state
    return [
        u
        for u, pl in sorted(s.places.items())
        if pl.haven and not pl.destroyed and pl.owner != seat and seat not in pl.admitted
    ]


def admit(g: Context, seat: int, by: int) -> None:
    """``seat`` is admitted to every other player's Haven, as if each owner had let it stop there (CARD-7)."""
    s = g.state
    opened = closed_havens(g, seat)
    for u in opened:
        s.places[u].admitted.append(seat)
    g.emit("havens_opened", seat=seat, card=g.card(by).id, cells=[list(s.places[u].cell) for u in opened])


def holding(g: Context, v: Halt) -> list[int]:
    """The cards of ``v``'s categories (or names) whose effect holds Characters now: the sources of lasting
    records on Characters, and such Disasters in play (their static effects), in uid order."""
    s = g.state
    found = {r.source for r in s.lasting if any(t in s.characters for t in r.targets)}
    found |= set(s.disasters)
    if v.named:
        return sorted(u for u in found if g.card(u).name in v.named)
    return sorted(u for u in found if any(k in g.card(u).category_set for k in v.has))


def halt(g: Context, uid: int) -> None:
    """The effect of ``uid`` ends: its lasting records go, and the card, if it is a Disaster in play, is Discarded."""
    s = g.state
    ended = any(r.source == uid for r in s.lasting)
    if ended:
        g.emit("effect_ended", card=g.card(uid).id)
    if uid in s.disasters:  # its records still there: leaving play reads them (the captives it frees)
        primitives.leave_play(g, s.disasters[uid], "removed")
    if ended:
        s.lasting = [r for r in s.lasting if r.source != uid]


def held_captive(g: Context) -> list[int]:
    """The Characters a Disaster holds captive or keeps out of play (a jail), in uid order."""
    s = g.state
    if not s.lasting:
        return []
    return [
        u
        for u, ch in sorted(s.characters.items())
        if (ch.pos == OFF and lasting.captor_of(g, u) in s.disasters) or lasting.kept_out(g, u) is not None
    ]


def release(g: Context, uid: int) -> None:
    """Free the Character ``uid``: a captive where its captor stands, a jailed one from what keeps it out."""
    s = g.state
    ch = s.characters[uid]
    captor = lasting.captor_of(g, uid)
    if captor != OFF and captor in s.disasters:
        lasting.drop_captives(g, captor, [uid])
        primitives.release(g, ch, s.disasters[captor])
    jails = [r for r in s.lasting if uid in r.targets and isinstance(lasting.effect_of(g, r).do, KeepOut)]
    if jails:
        s.lasting = [r for r in s.lasting if r not in jails]
        for r in jails:
            g.emit("effect_ended", card=g.card(r.source).id)


def destroy_from_draw(g: Context, v: DestroyFromDraw, haven: int, by: int) -> None:
    """Destroy ``v.count`` cards at random (the game's seeded RNG) from the Draw pile of the Haven's owner."""
    s = g.state
    seat = next(i for i, p in enumerate(s.players) if haven in p.havens)
    pile = s.players[seat].draw
    for _ in range(min(v.count, len(pile))):
        u = pile.pop(g.rand_below(len(pile)))
        g.destroy(u)
        g.emit("card_destroyed", card=g.card(u).id, uid=u, by=g.card(by).id, where="draw")
    check(g)


def look(g: Context, v: Look, haven: int, payer: int, by: int) -> None:
    """The paying Character's player looks at the pile of the Haven's owner (engine/effects/looks.py)."""
    ch = g.state.characters.get(payer)
    if ch is not None:
        looks.resolve(g, ch, by, v, haven, None)


def retrievable(g: Context, v: Retrieve, seat: int) -> list[int]:
    """The cards of ``seat`` a play ``retrieve`` may take back: of its Discard pile, and (``destroyed``) those of its
    cards removed from the game; one of each card id, in uid order."""
    s = g.state
    pool = list(s.players[seat].discard)
    if v.destroyed:
        pool += [u for u in s.destroyed if s.owner[u] == seat]
    out: dict[str, int] = {}
    for u in sorted(pool):
        card = g.card(u)
        if not v.takes(card.type.value) or (v.vehicle and card.vehicle is None):
            continue
        out.setdefault(card.id, u)
    return sorted(out.values())


def retrieve(g: Context, uid: int, seat: int, by: int) -> None:
    """Put the card ``uid`` back into ``seat``'s hand, from its Discard pile or from the cards removed."""
    s = g.state
    p = s.players[seat]
    if uid in p.discard:
        p.discard.remove(uid)
        lasting.as_printed(g, uid)  # a card that took on another's text is its own again (The Mass)
    elif uid in s.destroyed:
        s.destroyed.remove(uid)
    p.hand.append(uid)
    g.emit("card_recovered", seat=seat, card=g.card(uid).id, uid=uid, where="hand", by=g.card(by).id)


# ---------------------------------------------------------------------- choices made while a Flash Effect resolves


def discarded(g: Context, verbs: list[FromDiscard], seat: int) -> list[int]:
    """The cards of ``seat``'s Discard pile a ``from_discard`` may name as it is played: cards other than Characters
    (``shuffle``), Character cards (``revive``, only with a Haven to come back to); one of each card id, uid order."""
    s = g.state
    p = s.players[seat]
    others = any(v.shuffle for v in verbs)
    chars = any(v.revive for v in verbs) and bool(p.havens)
    out: dict[str, int] = {}
    for u in sorted(p.discard):
        if g.is_item(u):
            continue  # a Discarded Item counts for the Disasters and stays where it is (the card's ruling)
        is_char = g.card(u).type is CardType.CHARACTER
        if (is_char and chars) or (not is_char and others):
            out.setdefault(g.card(u).id, u)
    return sorted(out.values())


def weapons(g: Context, v: EquipFrom, seat: int, ch: CharacterState) -> list[int]:
    """The Equipment of ``v``'s categories in ``seat``'s hand (and, with ``draw``, its Draw pile) that ``ch`` may
    take, hand first; one of each card id in each place, in uid order."""
    s = g.state
    p = s.players[seat]
    out: list[int] = []
    for pile in (p.hand, p.draw) if v.draw else (p.hand,):
        seen: set[str] = set()
        for u in sorted(pile):
            card = g.card(u)
            if card.type is not CardType.EQUIPMENT or card.id in seen:
                continue
            words = card.name.lower().replace("'", " ").split()
            kind = any(k in card.category_set for k in v.has) or any(w.lower() in words for w in v.named)
            if kind and put_in_play.may_take(g, u, ch):
                seen.add(card.id)
                out.append(u)
    return out


def _equip_from(card: Card) -> EquipFrom | None:
    return next((e.do for e in card.effects if e.when == "play" and isinstance(e.do, EquipFrom)), None)


def armed(g: Context, card_uid: int, named: list[int]) -> list[int]:
    """Of the Characters a card with ``equip_from`` may name, those some Equipment it reaches fits (all of
    ``named`` for any other card)."""
    v = _equip_from(g.card(card_uid))
    if v is None:
        return named
    s = g.state
    seat = s.owner[card_uid]
    return [u for u in named if u in s.characters and weapons(g, v, seat, s.characters[u])]


def reshuffled(g: Context, card_uid: int, seat: int, taken: list[int]) -> list[int]:
    """The further cards a ``from_discard`` with ``shuffle`` may take from ``seat``'s Discard pile, the first of
    ``taken`` being the card the Flash Effect named: none when that is a Character card (it is revived instead)."""
    s = g.state
    pile = s.players[seat].discard
    if not taken or taken[0] not in pile or g.card(taken[0]).type is CardType.CHARACTER:
        return []
    return [u for u in sorted(pile) if u not in taken and u != card_uid and g.card(u).type is not CardType.CHARACTER]


def from_discard(g: Context, v: FromDiscard, target: int, picked: tuple[int, ...], seat: int, by: int) -> None:
    """Carry out a ``from_discard``: the card named (and those picked) shuffled into the Draw pile, or the Character
    named back into play in the Haven; the clause that does not fit the card named does nothing."""
    s = g.state
    p = s.players[seat]
    if target not in p.discard:
        return
    is_char = g.card(target).type is CardType.CHARACTER
    if v.revive and is_char and p.havens:
        p.discard.remove(target)
        s.characters[target] = CharacterState(uid=target, owner=seat, pos=p.havens[0])  # healed, its move unused
        uses.renew(g, target)
        g.emit("character_revived", seat=seat, card=g.card(target).id, uid=target, by=g.card(by).id)
        return
    if v.shuffle and not is_char:
        moved = [u for u in (target, *picked) if u in p.discard and not g.is_item(u)][: v.shuffle]
        for u in moved:
            p.discard.remove(u)
            lasting.as_printed(g, u)
            p.draw.append(u)
        g.shuffle(p.draw)
        g.emit("discard_reshuffled", seat=seat, cards=[g.card(u).id for u in moved], by=g.card(by).id)


def equip_from(g: Context, target: int, got: int, seat: int, by: int) -> None:
    """Put the Equipment ``got`` (from ``seat``'s hand or Draw pile) on the Character ``target`` (both checked
    again: the state may have changed); taken from the Draw pile, the pile is shuffled and only ``seat`` learns
    which card it was."""
    s = g.state
    p = s.players[seat]
    ch = s.characters.get(target)
    if ch is None or ch.pos == OFF or ch.bonked_at >= 0 or not put_in_play.may_take(g, got, ch):
        return
    if got in p.hand:
        p.hand.remove(got)
    elif got in p.draw:
        p.draw.remove(got)
        g.shuffle(p.draw)
        g.emit("card_searched", to=[seat], seat=seat, card=g.card(got).id, uid=got, where="play", by=g.card(by).id)
        others = [x for x in range(len(s.players)) if x != seat]
        g.emit("card_searched_hidden", to=others, seat=seat, where="play", by=g.card(by).id)
    else:
        return
    put_in_play.put_on(g, ch.owner, got, ch, by=by)
    put_in_play.sweep(g)  # a card played cancels some in play (Nanami Jinnai: the Disguises)


def played_plainly(card: Card) -> bool:
    """Whether the card is played the plain way of its kind, so a ``play_from_draw`` may play it: not a Character
    that names a Skill as it comes in (Kiriya) or comes only in its base's place (a Super Saiyan); not a Power
    card laid elsewhere than on a Character (a trap, a vehicle's boost, one played on a Disaster or on anyone's
    Character) or asking its player a choice as it is played (Algebra, Pass Around)."""
    if card.type is CardType.CHARACTER:
        return not any(isinstance(e.do, NameSkill | Ascend) for e in card.effects)
    if card.on_vehicle is not None or bearer.choices(card) or lent.lends(card) is not None:
        return False
    return not any(isinstance(e.do, Trap | Recruit | OnAnyone) for e in card.effects)


def standing(g: Context, seat: int) -> list[CharacterState]:
    """``seat``'s Characters in play (in a Haven or on the Field), not Bonked, by uid: those who may pay for a card,
    take one, or use one."""
    return sorted(
        (c for c in g.state.characters.values() if c.owner == seat and c.pos != OFF and c.bonked_at < 0),
        key=lambda c: c.uid,
    )


def standing_havens(g: Context, seat: int) -> list[int]:
    """``seat``'s Havens on the Field, not Destroyed."""
    s = g.state
    return [h for h in s.players[seat].havens if h in s.places and not s.places[h].destroyed]


def draw_firsts(g: Context, seat: int) -> list[int]:
    """The lowest instance of each card id in ``seat``'s Draw pile, by uid (never the pile's order): the cards a
    search of the pile offers, one a name."""
    firsts: dict[str, int] = {}
    ids = g.state.cards
    for u in sorted(g.state.players[seat].draw):
        firsts.setdefault(ids[u], u)
    return sorted(firsts.values())


def wishes(g: Context, seat: int) -> dict[int, list[int]]:
    """The cards of ``seat``'s Draw pile a ``play_from_draw`` may play now (the lowest instance of each card id,
    never the pile's order), each with the Characters it may go on (empty for a card that goes on none): a
    Character while the player has a Haven standing (and not while its other form is in play, CARD-5); an
    Enhancement or Equipment on each of the player's Characters in play, not Bonked, that meets its requirement
    and can pay its cost (``put_in_play.may_take``); a Global Effect while one of them meets its requirement; a
    Haven while a cell is free for it (``put_in_play.haven_cells``: chosen next); any Disaster."""
    mine = standing(g, seat)
    havens = standing_havens(g, seat)
    out: dict[int, list[int]] = {}
    for u in draw_firsts(g, seat):
        card = g.card(u)
        t = card.type
        if g.is_disaster(u):
            out[u] = []
        elif not played_plainly(card):
            continue
        elif t is CardType.CHARACTER:
            if havens and not partner_in_play(g, seat, u):
                out[u] = []
        elif t in (CardType.ENHANCEMENT, CardType.EQUIPMENT):
            if looks.one_at_a_time(card) and looks.in_play(g, card.id):
                continue  # no second card of this name while one is in play (its text: Dragon Radar)
            targets = [c.uid for c in mine if put_in_play.may_take(g, u, c)]
            if targets:
                out[u] = targets
        elif t is CardType.GLOBAL_EFFECT:
            if any(put_in_play.may_take(g, u, c) for c in mine):
                out[u] = []
        elif t is CardType.HAVEN and put_in_play.haven_cells(g, seat):  # on a cell it chooses next (CARD-8)
            out[u] = []
    return out


def play_from_draw(g: Context, seat: int, picked: list[int], by: int, cells: Sequence[tuple[int, int]] = ()) -> int:
    """Carry out a ``play_from_draw``: the card ``picked[0]`` (and the Character ``picked[1]`` it goes on, for an
    Enhancement or Equipment; the cell ``cells[0]`` it goes on, for a Haven), checked again, leaves ``seat``'s Draw
    pile, which is shuffled, and is played at once (a Disaster only leaves the pile: the caller brings it into play
    as if drawn, procedures/flash.py). Returns the card played, or OFF."""
    s = g.state
    offers = wishes(g, seat) if picked else {}
    u = picked[0] if picked else OFF
    if u not in offers:
        return OFF
    targets = offers[u]
    if targets and (len(picked) < 2 or picked[1] not in targets):
        return OFF
    haven = g.card(u).type is CardType.HAVEN
    if haven and (not cells or cells[0] not in put_in_play.haven_cells(g, seat)):
        return OFF
    card = g.card(u)
    take_wished(g, seat, u, by)
    if g.is_disaster(u):
        return u
    if card.type is CardType.CHARACTER:
        put_in_play.character_in(g, seat, u)  # its move unused
        return u
    if haven:
        put_in_play.haven_in(g, seat, u, cells[0], by=by)  # outside the Equip phase's one Haven
        return u
    if card.type is CardType.GLOBAL_EFFECT:
        put_in_play.global_in(g, seat, u, by=by)
    else:
        put_in_play.put_on(g, seat, u, s.characters[picked[1]], by=by)
    put_in_play.sweep(g)  # a card played cancels some in play (Nanami Jinnai: the Disguises)
    return u


def take_wished(g: Context, seat: int, u: int, by: int) -> None:
    """The card ``u`` a ``play_from_draw`` plays leaves ``seat``'s Draw pile, which is shuffled; it is played face
    up, so every seat learns which card it is (the event ``card_wished``)."""
    p = g.state.players[seat]
    p.draw.remove(u)
    g.shuffle(p.draw)
    g.emit("card_wished", seat=seat, card=g.card(u).id, uid=u, by=g.card(by).id)


def advance_of(card: Card) -> Advance | None:
    """The card's ``advance`` (a Disaster it moves on: Jan-Ken-Pon), or None."""
    return next((e.do for e in card.effects if e.when == "play" and isinstance(e.do, Advance)), None)


def movable(g: Context, card_uid: int, named: list[int]) -> list[int]:
    """Of what a card with ``advance`` or ``reverse_path`` may name, the Disasters on the Field that move along their
    path each turn (all of ``named`` for any other card)."""
    card = g.card(card_uid)
    if advance_of(card) is None and not any(e.when == "play" and isinstance(e.do, ReversePath) for e in card.effects):
        return named
    s = g.state
    out = []
    for u in named:
        d = s.disasters.get(u)
        kind = g.card(u).disaster
        if d is None or kind is None or not d.entered or d.pos == OFF or d.off_field:
            continue
        if kind.movement is not Movement.NORMAL or g.ability(u, "movement") <= 0:
            continue
        if (d.ally_of != OFF and d.ally_of in s.disasters) or (s.counters and pins.pinned(g, d)):
            continue  # it moves with its primary (DIS-26); a Character's card holds it (Patiently Waiting)
        out.append(u)
    return out


def rock_paper_scissors(g: Context, card_uid: int, seat: int, rival: int | None = None) -> bool:
    """``seat`` plays rock-paper-scissors for the card against ``rival`` (None: the player to its left; MISC-6: ties
    are played again, an even chance; a coin flip in a game of one): whether it wins (the game's seeded RNG)."""
    n = len(g.state.players)
    if rival is None and n > 1:
        rival = (seat + 1) % n
    won = g.rand_below(2) == 0
    g.emit("rock_paper_scissors", card=g.card(card_uid).id, uid=card_uid, seat=seat, won=won, rival=rival)
    return won


def charming(g: Context, card_uid: int, named: list[int]) -> list[int]:
    """A card giving a Charm bonus against some opponents (``charm_bonus`` with ``who``: Loving You) names a
    Character only while such an opponent is in play: another player's Character, or a Disaster (on the Field or
    Off it); all of ``named`` for any other card."""
    card = g.card(card_uid)
    bonus = next((e.do for e in card.effects if e.when == "play" and isinstance(e.do, CharmBonus)), None)
    if bonus is None or bonus.foe is None:
        return named
    s = g.state
    anti = g.rules.anti_skill
    foes = [d for d in s.disasters.values() if d.pos != OFF or d.off_field]
    out = []
    for u in named:
        ch = s.characters.get(u)
        if ch is None:
            continue
        rivals = [g.card(c.uid) for c in s.characters.values() if c.owner != ch.owner and c.pos != OFF]
        rivals += [g.card(d.uid) for d in foes]
        if any(meets(bonus.foe, [c], [], anti_skill=anti) for c in rivals):
            out.append(u)
    return out


def alternatives(g: Context, card_uid: int, target: int) -> list[tuple[str, int]]:
    """The words naming the card's ``gains`` clauses of one Skill each that the Character ``target`` may take, with
    their indexes, when more than one may: its player chooses one as the card resolves (Sunshine Daydream: Music or
    Pure Heart for a Character lacking both); empty otherwise (every clause that fits acts)."""
    ch = g.state.characters.get(target)
    if ch is None:
        return []
    out = []
    for index, e in enumerate(g.card(card_uid).effects):
        v = e.do
        if e.when != "play" or not isinstance(v, Gains) or len(v.skills) != 1 or v.who.among != "target":
            continue
        if lasting.matches(g, ch, v.who):
            out.append((v.skills[0].lower().replace(" ", "-"), index))
    return out if len(out) > 1 else []


def wandering(g: Context) -> list[int]:
    """The Disasters on the Field a ``place_disaster`` may move (each on a Location of the Field), in uid order."""
    s = g.state
    return sorted(u for u, d in s.disasters.items() if d.pos != OFF and not d.off_field and d.pos in s.places)


def landing_cells(g: Context, uid: int) -> list[tuple[int, int]]:
    """The Locations' cells a ``place_disaster`` may put the Disaster ``uid`` on: any other Location of the Field
    that is not a Haven (nor Destroyed)."""
    s = g.state
    d = s.disasters.get(uid)
    if d is None or d.pos == OFF:
        return []
    return sorted(
        cell for cell, p in s.grid.items() if p != d.pos and not s.places[p].haven and not s.places[p].destroyed
    )


def place_disaster(g: Context, uid: int, cell: tuple[int, int]) -> None:
    """Put the Disaster ``uid`` on the Location at ``cell`` at once (both checked again: the state may have
    changed)."""
    s = g.state
    d = s.disasters.get(uid)
    if d is None or d.pos == OFF or d.off_field or cell not in landing_cells(g, uid):
        return
    primitives.move_disaster(g, d, s.grid[cell])


def pull_cards(g: Context, v: PullCards, seat: int, by: int) -> None:
    """Carry out a ``pull_cards``: the top cards of ``seat``'s Draw pile, Disasters Discarded, Items and Equipment
    stored in its first Haven (none: into its hand), the others into its hand. The player learns every card; the
    others only the Disasters Discarded (face up) and how many cards went where."""
    s = g.state
    p = s.players[seat]
    took = [p.draw.pop() for _ in range(min(v.count, len(p.draw)))]  # the pile's last card is its top one
    if not took:
        return
    haven = next((h for h in p.havens if h in s.places and not s.places[h].destroyed), OFF)
    dropped: list[int] = []
    stored: list[int] = []
    back: list[int] = []
    for u in took:
        card = g.card(u)
        if card.disaster is not None:
            g.discard(u)
            dropped.append(u)
        elif haven != OFF and card.type in (CardType.ITEM, CardType.EQUIPMENT):
            s.places[haven].stored.append(u)
            stored.append(u)
        elif g.rules.hand_limit is None or len(p.hand) < g.rules.hand_limit:
            p.hand.append(u)
        else:  # no room in a hand at its limit (TURN-11, AMB-43): back into the pile, shuffled below
            back.append(u)
    if back:
        p.draw.extend(back)
        g.shuffle(p.draw)
    ids = [g.card(u).id for u in dropped]
    by_id = g.card(by).id
    kept = [g.card(u).id for u in stored]
    every = [g.card(u).id for u in took if u not in back]  # those shuffled back are not named (MISC-7)
    g.emit("cards_pulled", to=[seat], seat=seat, by=by_id, cards=every, disasters=ids, stored=kept, returned=len(back))
    others = [x for x in range(len(s.players)) if x != seat]
    g.emit("cards_pulled_hidden", to=others, seat=seat, by=by_id, count=len(took), disasters=ids)
    check(g)


def _group_of(g: Context, uid: int) -> list[CharacterState]:
    """The Characters of the owner of ``uid`` standing with it (not Bonked), in uid order."""
    ch = g.state.characters[uid]
    return sorted((c for c in g.characters_at(ch.pos, ch.owner) if c.bonked_at < 0), key=lambda c: c.uid)


def riders(g: Context, v: Grab, seat: int) -> list[int]:
    """The groups a ``grab`` may name: another player's Characters at one Location of the Field (not a Haven), one of
    them carrying a vehicle of ``v``'s kind and one of them an Item; each named by its first Character."""
    s = g.state
    out: list[int] = []
    seen: set[tuple[int, int]] = set()
    for c in sorted(s.characters.values(), key=lambda c: c.uid):
        if c.owner == seat or c.pos == OFF or c.bonked_at >= 0 or (c.owner, c.pos) in seen:
            continue
        seen.add((c.owner, c.pos))
        if s.places[c.pos].haven:
            continue
        group = _group_of(g, c.uid)
        rides = any((kind := vehicle_kind(g, u)) is not None and kind == v.vehicle for m in group for u in m.carried)
        if rides and any(g.carried_items(m) for m in group):
            out.append(group[0].uid)
    return out


def vehicle_kind(g: Context, uid: int) -> str | None:
    """The kind of vehicle an Equipment card is (its card data), or None."""
    card = g.card(uid)
    return card.vehicle.kind.value if card.type is CardType.EQUIPMENT and card.vehicle is not None else None


def grab(g: Context, target: int, seat: int, by: int) -> list[CharacterState]:
    """Carry out a ``grab`` on the group ``target`` names: one of its Items, at random (the game's RNG), is stored
    in ``seat``'s Haven, named to ``seat`` and to the group's player only; returns the group (its Haven next)."""
    s = g.state
    ch = s.characters.get(target)
    if ch is None or ch.pos == OFF:
        return []
    group = _group_of(g, target)
    items = [(m, u) for m in group for u in g.carried_items(m)]
    haven = next((h for h in s.players[seat].havens if h in s.places and not s.places[h].destroyed), OFF)
    if items and haven != OFF:
        carrier, got = items[g.rand_below(len(items))]
        carrier.carried.remove(got)
        s.places[haven].stored.append(got)
        knows = sorted({seat, ch.owner})
        g.emit(
            "item_grabbed",
            to=knows,
            seat=seat,
            card=g.card(got).id,
            uid=got,
            character=g.card(carrier.uid).id,
            by=g.card(by).id,
        )
        others = [x for x in range(len(s.players)) if x not in knows]
        g.emit("item_grabbed_hidden", to=others, seat=seat, character=g.card(carrier.uid).id, by=g.card(by).id)
        check(g)
    return group


def lost_key(seat: int) -> int:
    """``state.counters[lost_key(seat)]``: the number of the seat's turn it loses (``lose_turn``, read by
    procedures/turn.py); a key below every card's (uid * SLOTS + N)."""
    return -2000 - seat


def lose_turn(g: Context, target: int, by: int) -> None:
    """The player of the Character ``target`` loses its next turn, the next one to start (``lose_turn``)."""
    s = g.state
    ch = s.characters.get(target)
    if ch is None:
        return
    s.counters[lost_key(ch.owner)] = s.players[ch.owner].turns + 1
    g.emit("turn_to_lose", seat=ch.owner, by=g.card(by).id)
