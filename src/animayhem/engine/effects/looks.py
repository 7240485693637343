"""Looking at hidden cards (RULES.md MISC-7; the effect language's ``look``, cards/effects.py).

A look shows some face-down cards to one seat: the cards under a Location, a card of its own Draw pile, another
player's hand, the Items a Character carries. That seat learns exactly those cards; every other seat learns only
that a look was made, and where (the public event ``look_made`` never names or counts what was seen). The looking
seat is told what it saw in a private event (``cards_looked``, ``to: [seat]``), and as long as a card stays where it
was seen its view lists it (``known``): the state keeps ``looked``, plain ``(seat, uid, zone, holder)`` tuples, so
clone, save, replay and the state hash keep the knowledge. A tuple whose card has left its place is dropped after
the decision (:func:`prune`), and at once when its pile is shuffled (:func:`forget`); readers test it anyway.

Static looks are read from the cards held, never stored: while a Light is carried, its owner sees the top Item
under the bearer's Location; while a Dragon Radar is in play, every seat sees the Dragon Balls every player holds.

Where a look may be made by an activated ability (``use``, engine/procedures/activated.py): :func:`targets` lists
the ``choose`` actions (a Location's cell, a Character, a player's Haven for that player's pile), :func:`resolve`
makes the look. Nothing here depends on what lies hidden: a target is offered when its pile is not empty (a count
every seat sees) and holds a card the seat does not know yet.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from animayhem.cards.effects import FoilLook, Look, LookSpot
from animayhem.cards.model import Card, CardType
from animayhem.engine.core import statics
from animayhem.engine.core.actions import act
from animayhem.engine.core.field import distances
from animayhem.engine.core.state import OFF, SLOTS, USES_COUNTER, CharacterState
from animayhem.engine.effects import lasting

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from animayhem.engine.core.context import Context

Known = tuple[int, str, int]  # (uid, zone, holder): zone under (holder a Place), draw / hand (a seat), carried, stored
_NONE: tuple[Known, ...] = ()  # (what is asked at every view allocates nothing when nothing is known)
UNDER: Final = ("under_here", "under_adjacent", "under_any")


# ---------------------------------------------------------------------- what a seat knows


def still_there(g: Context, uid: int, zone: str, holder: int) -> bool:
    """Whether the card seen there is still there (so the knowledge still holds)."""
    s = g.state
    if zone == "under":
        pl = s.places.get(holder)
        return pl is not None and uid in pl.under
    if zone == "draw":
        return uid in s.players[holder].draw
    if zone == "hand":
        return uid in s.players[holder].hand
    if zone == "combat":
        return uid in s.players[holder].combat
    if zone == "carried":
        ch = s.characters.get(holder)
        return ch is not None and uid in ch.carried
    if zone == "stored":
        pl = s.places.get(holder)
        return pl is not None and uid in pl.stored
    return False


def learn(g: Context, seat: int, seen: Iterable[tuple[int, str, int]]) -> None:
    """``seat`` now knows these cards where they are."""
    s = g.state
    for uid, zone, holder in seen:
        entry = (seat, uid, zone, holder)
        if entry not in s.looked:
            s.looked.append(entry)


def forget(g: Context, uids: Iterable[int]) -> None:
    """The cards were shuffled (their order is secret again): nobody knows where they lie any more."""
    s = g.state
    if s.looked:
        gone = set(uids)
        s.looked = [x for x in s.looked if x[1] not in gone]


def prune(g: Context) -> None:
    """Drop the knowledge of cards that have left the place they were seen in."""
    s = g.state
    if s.looked:
        kept = [x for x in s.looked if still_there(g, x[1], x[2], x[3])]
        if len(kept) != len(s.looked):
            s.looked = kept


# per card list (never changes once dealt; clones share it): the instances whose card has a static look
_STATIC: dict[int, tuple[list[str], frozenset[int]]] = {}


def _looks(card: Card) -> bool:
    return bool(statics.of_kind(card, Look))


def static_uids(g: Context) -> frozenset[int]:
    """The instances whose card has a static look (empty in most games: then a view pays one lookup)."""
    cards = g._cards

    return statics.per_card_list(
        _STATIC, g.state.cards, lambda listed: frozenset(statics.instances_where(cards, listed, "look", _looks))
    )


def in_play(g: Context, card_id: str) -> bool:
    """Whether a card of that id is carried or worn by a Character in play (a Dragon Radar: one at a time)."""
    ids = g.state.cards
    return any(ids[u] == card_id for c in g.state.characters.values() for u in (*c.carried, *c.enhancements))


def one_at_a_time(card: Card) -> bool:
    """Whether the card may not come into play while another of its name is (its ``look`` says ``alone``)."""
    return any(v.alone for v in statics.of_kind(card, Look))


def static_known(g: Context, seat: int, found: frozenset[int] | None = None) -> Sequence[Known]:
    """What ``seat`` sees now by the static looks of cards held in play (``found``: :func:`static_uids`)."""
    if found is None:
        found = static_uids(g)
    if not found:
        return _NONE
    s = g.state
    held: list[tuple[int, CharacterState]] | None = None  # the static look cards held in play, with their bearers
    for c in s.characters.values():
        carries = (c.carried and not found.isdisjoint(c.carried)) or (
            c.enhancements and not found.isdisjoint(c.enhancements)
        )
        if carries and c.pos != OFF and c.bonked_at < 0:
            if held is None:
                held = []
            held += [(u, c) for u in (*c.carried, *c.enhancements) if u in found]
    if held is None:
        return _NONE
    out: list[Known] = []
    foils = _static_foils(g)
    for uid, ch in sorted(held, key=lambda x: x[0]):
        shielded: set[int] = set()  # the seats whose cards this look may not show (Satellite Observation)
        if foils:
            card = g.card(uid)
            mine = [
                (o, f)
                for o, f in foils
                if o != ch.owner and (not f.named or any(lasting.is_kind(card, n) for n in f.named))
            ]
            if any(not f.aimed for _, f in mine):
                continue  # another player's Global cancels every look this card makes while both are in play
            shielded = {o for o, _ in mine}
        for v in statics.of_kind(g.card(uid), Look):
            spot = v.at[0]
            if spot.where == "held" and spot.everyone:  # (a seat sees its own cards anyway)
                for c in sorted(s.characters.values(), key=lambda c: c.uid):
                    if c.owner != seat and c.owner not in shielded:
                        out += [(u, "carried", c.uid) for u in c.carried if _fits(g, u, spot)]
                for pl in s.places.values():
                    if pl.haven and pl.owner != seat and pl.owner not in shielded:
                        out += [(u, "stored", pl.uid) for u in pl.stored if _fits(g, u, spot)]
            elif spot.where == "under_here" and ch.owner == seat and not s.places[ch.pos].haven:
                out += [(u, "under", ch.pos) for u in _pick(g, s.places[ch.pos].under[::-1], spot)]
    return out


def _static_foils(g: Context) -> list[tuple[int, FoilLook]]:
    """The ``foil_look`` effects of the Globals in play, with their owners (none in most games: a look at each
    player's Globals)."""
    s = g.state
    return [
        (p.seat, v)
        for p in s.players
        if p.globals
        for u in sorted(p.globals)
        for v in statics.of_kind(g.card(u), FoilLook)
    ]


def known(g: Context, seat: int) -> Sequence[Known]:
    """Every hidden card ``seat`` knows now by a look, and where (stored looks still true, then static ones)."""
    s = g.state
    found = static_uids(g)
    if not s.looked:
        return static_known(g, seat, found) if found else _NONE
    out = [(u, z, h) for (k, u, z, h) in s.looked if k == seat and still_there(g, u, z, h)]
    if found:
        out += [x for x in static_known(g, seat, found) if x not in out]
    return out


def view_entries(g: Context, seat: int) -> list[dict[str, object]]:
    """The view's ``known`` list: each card ``seat`` knows by a look, with where it lies (``depth``: 0 for the top
    card under a Location)."""
    s = g.state
    entries = known(g, seat)
    if not entries:
        return []
    out: list[dict[str, object]] = []
    for uid, zone, holder in entries:
        entry: dict[str, object] = {"uid": uid, "card": s.cards[uid], "zone": zone}
        if zone in ("under", "stored"):
            pl = s.places[holder]
            entry["cell"] = list(pl.cell)
            if zone == "under":
                entry["depth"] = len(pl.under) - 1 - pl.under.index(uid)
        elif zone == "carried":
            entry["character"] = holder
        else:
            entry["seat"] = holder
        out.append(entry)
    return out


# ---------------------------------------------------------------------- looking (activated abilities)


def _fits(g: Context, uid: int, spot: LookSpot) -> bool:
    card = g.card(uid)
    if spot.kinds:
        kind = (
            "item"
            if card.type is CardType.ITEM
            else "equipment"
            if card.type is CardType.EQUIPMENT
            else "disaster"
            if g.is_disaster(uid)
            else ""
        )
        if kind not in spot.kinds:
            return False
    return not spot.named or any(lasting.is_kind(card, n) for n in spot.named)


def _pick(g: Context, top_first: list[int], spot: LookSpot) -> list[int]:
    """The cards of a pile (top first) the spot looks at: those that fit, the top ``count`` or ``count`` at random."""
    fit = [u for u in top_first if _fits(g, u, spot)]
    if not spot.count or len(fit) <= spot.count:
        return fit
    if spot.pick == "top":
        return fit[: spot.count]
    chosen: list[int] = []
    for _ in range(spot.count):
        chosen.append(fit.pop(g.rand_below(len(fit))))
    return chosen


def _unknown(g: Context, seat: int, uids: Iterable[int]) -> bool:
    have = {x[1] for x in g.state.looked if x[0] == seat}
    return any(u not in have for u in uids)


def _locations(g: Context, ch: CharacterState, spot: LookSpot) -> list[int]:
    """The Locations (Place uids) whose stacks the spot may look under, for the bearer ``ch``."""
    s = g.state
    if spot.where == "under_here":
        return [ch.pos]
    if spot.where == "under_adjacent":
        near = distances(s, s.places[ch.pos].cell, g.rules.adjacency, 1)
        return [s.grid[c] for c, n in sorted(near.items()) if n == 1]
    out = []
    for pl in sorted(s.places.values(), key=lambda p: p.cell):
        req = g.card(pl.uid).requirements
        if spot.needs is None or (req is not None and any(a.word == spot.needs for a in req.atoms())):
            out.append(pl.uid)
    return out


def targets(g: Context, ch: CharacterState, look: Look) -> list[str]:
    """The ``choose`` actions of the targets the bearer's player may look at now (empty: nothing to look at)."""
    s = g.state
    seat = ch.owner
    out: list[str] = []
    if ch.pos == OFF:
        return out
    for spot in look.at:
        if spot.where in UNDER:
            for u in _locations(g, ch, spot):
                pl = s.places[u]
                if not pl.haven and not pl.destroyed and pl.under and _unknown(g, seat, pl.under):
                    out.append(act("choose", pl.cell))
        elif spot.where == "draw":
            p = s.players[seat]
            if p.havens and p.draw and _unknown(g, seat, p.draw):
                out.append(act("choose", p.havens[0]))
        elif spot.where == "hand":
            for p in s.players:
                if p.seat != seat and p.havens and p.hand and _unknown(g, seat, p.hand):
                    out.append(act("choose", p.havens[0]))
        elif spot.where == "others_draw":
            out += [act("choose", u) for u in others_draw(g, seat, spot)]
        elif spot.where == "stored":
            for pl in sorted(s.places.values(), key=lambda p: p.cell):
                if pl.haven and pl.owner != seat and not pl.destroyed and pl.stored and _unknown(g, seat, pl.stored):
                    out.append(act("choose", pl.cell))
        elif spot.where == "combat":
            for p in s.players:
                if p.havens and p.combat and _unknown(g, seat, _pick_top(g, p.combat, spot)):
                    out.append(act("choose", s.places[p.havens[0]].cell))
        elif spot.where == "carried" and spot.player:
            for p in s.players:
                if p.seat == seat:
                    continue
                standing = [c for c in sorted(s.characters.values(), key=lambda c: c.uid) if _stands(c, p.seat)]
                hidden = [u for c in standing for u in g.carried_items(c)]
                if hidden and _unknown(g, seat, hidden):
                    out.append(act("choose", standing[0].uid))
        elif spot.where == "carried":
            near = distances(s, s.places[ch.pos].cell, g.rules.adjacency, spot.within)
            cells = {s.grid[c] for c in near}
            for c in sorted(s.characters.values(), key=lambda c: c.uid):
                if c.owner == seat or c.pos not in cells or c.bonked_at >= 0 or s.places[c.pos].haven:
                    continue
                hidden = g.carried_items(c)
                if hidden and _unknown(g, seat, hidden):
                    out.append(act("choose", c.uid))
    return list(dict.fromkeys(out))


def _stands(c: CharacterState, seat: int) -> bool:
    """A Character of ``seat``'s in play (in a Haven or on the Field, not Bonked)."""
    return c.owner == seat and c.pos != OFF and c.bonked_at < 0


def others_draw(g: Context, seat: int, spot: LookSpot) -> list[int]:
    """The first Haven of each other player whose Draw pile holds cards ``seat`` has not seen (``others_draw``)."""
    return [
        p.havens[0]
        for p in g.state.players
        if p.seat != seat and p.havens and p.draw and _unknown(g, seat, _pick_top(g, p.draw, spot))
    ]


def _pick_top(g: Context, pile: list[int], spot: LookSpot) -> list[int]:
    """The cards of a pile (stored bottom first) a look at its top would show, without the game's chance."""
    fit = [u for u in pile[::-1] if _fits(g, u, spot)]
    return fit[: spot.count] if spot.count else fit


def spot_for(g: Context, ch: CharacterState, look: Look, picked: int | None, cell: tuple[int, int] | None) -> LookSpot:
    """Which of the look's spots a chosen target belongs to."""
    s = g.state
    for spot in look.at:
        under = cell is not None and spot.where in UNDER and s.grid.get(cell) in _locations(g, ch, spot)
        if under and cell is not None and not s.places[s.grid[cell]].haven:  # (a Haven's cell names its piles)
            return spot
        if cell is not None and spot.where in ("stored", "combat") and cell in s.grid:
            pl = s.places[s.grid[cell]]
            if pl.haven and (spot.where == "combat" or pl.owner != ch.owner):
                return spot
        if picked is not None and picked in s.places:
            if spot.where == "draw" and s.places[picked].owner == ch.owner:
                return spot
            if spot.where in ("hand", "others_draw") and s.places[picked].owner != ch.owner:
                return spot
        if picked is not None and picked in s.characters and spot.where == "carried":
            return spot
    return look.at[0]


def resolve(
    g: Context, ch: CharacterState, card_uid: int, look: Look, picked: int | None, cell: tuple[int, int] | None
) -> tuple[LookSpot, list[int], int]:
    """Make the look at the chosen target: the seat learns the cards, the events say so. Returns the spot, the
    cards seen (top first) and the Place looked under (OFF for another pile)."""
    s = g.state
    seat = ch.owner
    spot = spot_for(g, ch, look, picked, cell)
    if spot.where in ("stored", "combat") and cell is not None:
        picked = s.grid[cell]  # the Haven named: whose cards they are
    if _foiled(g, seat, card_uid, spot, picked):
        return spot, [], OFF
    public: dict[str, Any] = {}
    place = OFF
    if spot.where == "stored" and picked is not None:
        seen = [u for u in s.places[picked].stored[::-1] if _fits(g, u, spot)]
        zone, holder = "stored", picked
        public["cell"] = list(s.places[picked].cell)
        public["of"] = s.places[picked].owner
    elif spot.where == "combat" and picked is not None:
        holder = s.places[picked].owner
        seen = _pick(g, s.players[holder].combat[::-1], spot)
        zone = "combat"
        public["of"] = holder
    elif spot.where == "carried" and spot.player and picked is not None:
        owner = s.characters[picked].owner
        group = [c for c in sorted(s.characters.values(), key=lambda c: c.uid) if _stands(c, owner)]
        found = [(u, c.uid) for c in group for u in c.carried if _fits(g, u, spot)]
        seen = [u for u, _ in found]
        zone, holder = "carried", picked
        public["of"] = owner
        learn(g, seat, [(u, zone, c) for u, c in found if _hidden_from(g, seat, u)])
    elif spot.where in UNDER and cell is not None:
        place = s.grid[cell]
        seen = _pick(g, s.places[place].under[::-1], spot)
        zone, holder = "under", place
        public["cell"] = list(cell)
        public["location"] = s.cards[place]
    elif spot.where in ("draw", "hand", "others_draw") and picked is not None:
        holder = s.places[picked].owner
        pile = s.players[holder].hand if spot.where == "hand" else s.players[holder].draw
        seen = _pick(g, pile[::-1], spot)
        zone = "hand" if spot.where == "hand" else "draw"
        public["of"] = holder
    else:
        assert picked is not None
        target = s.characters[picked]
        group = [target]
        if spot.party:  # every other player's Character standing there (Lisa Vanett's Camera)
            here = [c for c in g.characters_at(target.pos) if c.owner != seat and c.bonked_at < 0]
            group = sorted(here, key=lambda c: c.uid) or group
        found = [(u, c.uid) for c in group for u in c.carried if _fits(g, u, spot)]
        seen = [u for u, _ in found]
        zone, holder = "carried", picked
        public["target"] = s.cards[picked]
        public["target_uid"] = picked
        if spot.party:
            public["cell"] = list(s.places[target.pos].cell)
        learn(g, seat, [(u, zone, c) for u, c in found if _hidden_from(g, seat, u)])
    if zone != "carried":
        learn(g, seat, [(u, zone, holder) for u in seen if _hidden_from(g, seat, u)])
    by = g.card(card_uid).id
    who = s.cards[ch.uid]
    shown = "carried_all" if spot.where == "carried" and spot.player else zone  # the words of the events
    g.emit("look_made", seat=seat, by=by, character=who, where=shown, **public)
    cards = [{"uid": u, "card": s.cards[u]} for u in seen]
    if zone == "under":
        pl = s.places[place]
        for c in cards:
            c["depth"] = len(pl.under) - 1 - pl.under.index(int(str(c["uid"])))
    g.emit("cards_looked", to=[seat], seat=seat, by=by, character=who, where=shown, seen=cards, **public)
    return spot, seen, place


def _aimed_at(g: Context, spot: LookSpot, picked: int | None) -> int:
    """The seat whose cards the look shows (its hand, its Draw pile, the Items its Character carries); -1 for the
    stack under a Location, which is nobody's."""
    s = g.state
    if spot.where in UNDER or picked is None:
        return -1
    if picked in s.places:
        return s.places[picked].owner
    ch = s.characters.get(picked)
    return -1 if ch is None else ch.owner


def _foiled(g: Context, seat: int, card_uid: int, spot: LookSpot, picked: int | None) -> bool:
    """Whether another player's Global in play cancels the look ``seat`` makes with ``card_uid`` (``foil_look``:
    Interference, Satellite Observation); if so it spends one of its uses (its last takes it out of play) and the
    table is told that the look showed nothing."""
    s = g.state
    aimed: int | None = None  # worked out when a card asks
    for p in s.players:
        if p.seat == seat or not p.globals:
            continue
        for uid in sorted(p.globals):
            for v in statics.of_kind(g.card(uid), FoilLook):
                if v.aimed:
                    if aimed is None:
                        aimed = _aimed_at(g, spot, picked)
                    if aimed != p.seat:
                        continue
                if v.named and not any(lasting.is_kind(g.card(card_uid), n) for n in v.named):
                    continue
                left = _spend(g, uid)
                g.emit("look_foiled", seat=seat, by=g.card(card_uid).id, source=g.card(uid).id, left=left)
                if left == 0:
                    lasting.global_spent(g, uid)
                return True
    return False


def _spend(g: Context, uid: int) -> int | None:
    """One printed use of the Global ``uid`` is spent (CARD-17); the uses it has left (None: it prints none)."""
    uses = g.card(uid).uses
    if uses is None:
        return None
    s = g.state
    key = uid * SLOTS + USES_COUNTER
    s.counters[key] = s.counters.get(key, 0) + 1
    return max(0, uses - s.counters[key])


def _hidden_from(g: Context, seat: int, uid: int) -> bool:
    """Whether the card is face down to ``seat`` where it lies (a carried Equipment is face up: nothing to learn)."""
    return not (g.card(uid).type is CardType.EQUIPMENT and any(uid in c.carried for c in g.state.characters.values()))


def second_below(g: Context, place: int, first: int, spot: LookSpot) -> int:
    """The card of the spot's kinds right below ``first`` under the Location (OFF: none of them)."""
    under = g.state.places[place].under
    if first not in under:
        return OFF
    i = under.index(first)
    below = under[i - 1] if i > 0 else OFF
    return below if below != OFF and _fits(g, below, spot) else OFF


def swap(g: Context, place: int, first: int) -> None:
    """Put the card right below ``first`` on top of it (the next one turned up is that one)."""
    under = g.state.places[place].under
    i = under.index(first)
    under[i - 1], under[i] = under[i], under[i - 1]
