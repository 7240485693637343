"""What a Flash Effect played from hand names, and when it is offered (RULES.md CARD-15; procedures/flash.py asks,
engine/effects/triggers.py's ``targets`` answers through :func:`named`).

A ``play`` effect names one Character with ``who: {among: target}`` (the last word of ``flash cF [cPayer]
cTarget``): ``side`` keeps the player's own (``own``) or an opponent's (``opponent``); ``fighting`` keeps one
Character of the combat being fought now (``attacked``: the one its Disaster attacks), so such a card is played
at a combat decision and its target stays valid while the card waits on the stack above it; ``has`` / ``lacks``
filter as everywhere. ``target_here`` names the Characters at one Location, by a Character (or a Disaster)
standing there; ``target_place`` the player's Characters at a Place named by the Location card itself. A
Disaster is named by ``modify`` or ``damage_taken`` on ``disasters: {target: true}``, a weapon by
``restore_uses``. Every clause names the same target. A card that sends home names a Character away from a
Haven, one that heals a hurt Character, one that gives a move back a Character that has moved.

A ``window`` on a ``play`` effect lists the decisions the card is offered at (:func:`offered`; ``combat``: the
run-or-strike choice of a combat round, :func:`fight`); none: every Flash Effect decision. Facts are worked out
once per card (the card data never changes), so a card without such effects costs a dictionary look-up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from animayhem.cards.effects import (
    Advance,
    DamageTaken,
    DestroyDisaster,
    Disasters,
    Effect,
    EquipFrom,
    ExtraMove,
    Gains,
    Heal,
    Hold,
    Modify,
    RestoreUses,
    ReversePath,
    SendHome,
    Steer,
    Swap,
    Waive,
    Who,
    Wound,
)
from animayhem.cards.model import Card, CardType
from animayhem.engine.core.fight import DuelFrame, FightFrame
from animayhem.engine.core.fight import duel as _duel
from animayhem.engine.core.state import (
    EMPTIED_BY_COUNTER,
    EMPTIED_TURN_COUNTER,
    OFF,
    SLOTS,
    USES_COUNTER,
    CharacterState,
)
from animayhem.engine.effects import energy, lasting

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


def fight(g: Context) -> FightFrame | None:
    """The combat against a Disaster whose decision is being asked now (under the Flash Effects played at it)."""
    for frame in g.state.agenda[::-1]:
        if hasattr(frame, "payers") and hasattr(frame, "cards"):
            continue  # the Flash Effects waiting above the combat decision
        return frame if isinstance(frame, FightFrame) else None
    return None


def duel(g: Context) -> DuelFrame | None:
    """The fight between players whose window is open now (procedures/fights.py; its blows declared, not dealt)."""
    return _duel(g.state.agenda)


@dataclass(frozen=True, slots=True)
class _Facts:
    whos: tuple[tuple[Who, bool], ...]  # the Character selectors, with whether it must stand away from a Haven
    dis: tuple[Disasters, ...]  # the Disaster selectors (``disasters: {target: true}``)
    # the same, of the clauses for a fight between players (``window`` with ``fight``, or none), and of those for
    # the other decisions (a ``window`` other than ``fight`` alone, or none): :func:`clauses`
    duel_whos: tuple[tuple[Who, bool], ...]
    duel_dis: tuple[Disasters, ...]
    other_whos: tuple[tuple[Who, bool], ...]
    other_dis: tuple[Disasters, ...]
    heals: bool  # every effect on the target heals: only a hurt Character is worth naming
    moves: bool  # it gives back the Movement a Character used: only one that has moved
    windows: frozenset[str]  # the decisions it is offered at (empty: every Flash Effect decision)
    reload: RestoreUses | None  # its first ``restore_uses`` (it names a weapon: :func:`reloadable`)
    low: int | None  # a ``waive`` with ``below``: only a Character standing on such a Location (Get Around)
    revives: bool  # a ``heal`` with ``bonked``: a Bonked Character may be named too (Medical Treatment)
    field_only: bool  # a ``hold`` on Disasters: only a Disaster on the Field may be named (Pay Attention)
    # ``gains`` of one Skill each on the Character named, alternatives (Sunshine Daydream): a Character fitting one
    alts: tuple[Who, ...]
    at_and_window: bool  # played both at windows (``at``) and at decisions (``window``): :func:`at_and_window`


_FACTS: dict[str, tuple[Card, _Facts]] = {}


def mixed(card: Card) -> bool:
    """Whether the card's ``play`` clauses are offered at different decisions (their ``window``s differ): two ways
    of playing it, one in a combat round and one outside (Assisted Shot); each clause acts only at its own."""
    found = _MIXED.get(card.id)
    if found is None or found[0] is not card:
        windows = {e.window for e in card.effects if e.when == "play"}
        found = _MIXED[card.id] = (card, len(windows) > 1 and any(windows))
    return found[1]


_MIXED: dict[str, tuple[Card, bool]] = {}


def context(g: Context) -> str:
    """The kind of decision a Flash Effect is played (or resolves) at, for a :func:`mixed` card's clauses: a
    combat round against a Disaster, a fight between players (its window), or any other."""
    return "combat" if fight(g) is not None else "fight" if duel(g) is not None else "other"


def _fits_context(e: Effect, ctx: str) -> bool:
    if not e.window:
        return True
    if ctx == "other":
        return not (set(e.window) & _FIGHTING)
    return ctx in e.window


_FIGHTING: Final = frozenset({"combat", "fight"})


def in_context(g: Context, card: Card, e: Effect) -> bool:
    """Whether the clause ``e`` of the card acts at the decision now (every clause but a :func:`mixed` card's)."""
    return not mixed(card) or _fits_context(e, context(g))


def _facts(card: Card, ctx: str = "") -> _Facts:
    key = card.id if not ctx else f"{card.id}@{ctx}"
    found = _FACTS.get(key)
    if found is None or found[0] is not card:
        plays: list[Effect] = [e for e in card.effects if e.when == "play" and (not ctx or _fits_context(e, ctx))]
        aimed = [e for e in plays if isinstance(w := getattr(e.do, "who", None), Who) and w.among == "target"]
        whos_of = [
            (e, (w, isinstance(e.do, SendHome | EquipFrom) or w.among == "target_here"))
            for e in plays
            if isinstance(w := getattr(e.do, "who", None), Who)
            and w.among in ("target", "target_here", "target_place", "target_player")
            and not _alternative(e)
        ]
        dis_of = [
            (e, e.do.disasters)
            for e in plays
            if isinstance(e.do, Modify | DamageTaken | Wound | Swap | Advance | ReversePath | Hold | Steer)
            and e.do.disasters is not None
            and (e.do.disasters.target or e.do.disasters.around)
        ]
        facts = _Facts(
            tuple(x for _, x in whos_of),
            tuple(x for _, x in dis_of),
            tuple(x for e, x in whos_of if _in_duel(e)),
            tuple(x for e, x in dis_of if _in_duel(e)),
            tuple(x for e, x in whos_of if _outside_duel(e)),
            tuple(x for e, x in dis_of if _outside_duel(e)),
            bool(aimed) and all(isinstance(e.do, Heal) for e in aimed),
            any(isinstance(e.do, ExtraMove) for e in aimed),
            frozenset(w for e in plays for w in e.window),
            next((e.do for e in plays if isinstance(e.do, RestoreUses)), None),
            next((e.do.below for e in aimed if isinstance(e.do, Waive)), None),
            any(isinstance(e.do, Heal) and e.do.bonked for e in aimed),
            any(isinstance(e.do, Hold) and e.do.disasters is not None for e in plays),
            tuple(e.do.who for e in plays if _alternative(e) and isinstance(e.do, Gains)),
            any(e.at for e in plays) and any(e.window for e in plays),
        )
        found = _FACTS[key] = (card, facts)
    return found[1]


def _alternative(e: Effect) -> bool:
    """A ``gains`` of one Skill on the Character a Flash Effect names, when its card has several: the player takes
    one of them (flash_play.alternatives), so a Character need fit only one."""
    v = e.do
    return isinstance(v, Gains) and len(v.skills) == 1 and v.who.among == "target" and e.when == "play"


COMBAT_WINDOWS: Final = frozenset({"combat", "fight"})


def _in_duel(e: Effect) -> bool:
    """Whether the clause acts in a fight between players (its ``window`` names ``fight``, or it has none)."""
    return not e.window or "fight" in e.window


def _outside_duel(e: Effect) -> bool:
    """Whether the clause acts outside a fight between players (its ``window`` is not ``fight`` alone)."""
    return tuple(e.window) != ("fight",)


def at_and_window(card: Card) -> bool:
    """Whether the card is played both at windows (``at``) and at decisions (``window``): Washu's Space Time
    Converter, at a fight's decisions and at the ``charm`` window. Each clause then acts only where it is played."""
    return _facts(card).at_and_window


def clause_here(g: Context, e: Effect, card: Card) -> bool:
    """Whether the ``play`` clause ``e`` of the Flash Effect ``card`` acts now: a clause for a fight between
    players (``window: [fight]``) only in one, a clause for a combat round against a Disaster (``window`` without
    ``fight``) only outside one; on a card that is also played at windows (:func:`mixed`), a clause with ``at``
    only at those windows and the others only elsewhere (engine/effects/triggers.py ``resolve``)."""
    if _facts(card).at_and_window:
        point = window_point(g)
        if e.at or (point is not None and point != "fight"):
            return point in e.at
    if not e.window:
        return True
    return _in_duel(e) if duel(g) is not None else _outside_duel(e)


def window_point(g: Context) -> str | None:
    """The window (procedures/windows.py) whose decision the Flash Effects resolving now were played at, or
    None (they were played at a decision of their player's)."""
    for frame in g.state.agenda[::-1]:
        if hasattr(frame, "payers") and hasattr(frame, "cards"):
            continue  # the Flash Effects waiting on the stack
        point = getattr(frame, "point", None)
        return point if isinstance(point, str) and hasattr(frame, "pending") else None
    return None


def windows_of(card: Card) -> frozenset[str]:
    """The decisions the card is offered at (its ``play`` effects' ``window``; empty: every Flash Effect one)."""
    return _facts(card).windows


def in_combat(card: Card) -> bool:
    """Whether the card is played only in a combat round (``window: [combat]``; ``fight``: a round of a fight
    between players, procedures/fights.py)."""
    windows = _facts(card).windows
    return bool(windows) and windows <= COMBAT_WINDOWS


def offered(g: Context, card_uid: int, kind: str) -> bool:
    """Whether the card may be played at a decision of ``kind`` (its ``window``; a card with none: at any;
    ``fight``: the window of a fight between players, opened by procedures/fights.py)."""
    windows = _facts(g.card(card_uid)).windows
    if not windows:
        return kind != "fight"
    if kind == "window":  # a card played at windows too (``at``, checked by procedures/flash.py): Washu's Converter
        return True
    if kind == "fight":
        return "fight" in windows and duel(g) is not None
    return kind in windows and (kind != "combat" or fight(g) is not None)


def named(g: Context, card_uid: int) -> list[int] | None:
    """The Characters and Disasters the card's ``play`` effects may name now, in a stable order ([]: none, so
    the card is not offered); None when they name none."""
    card = g.card(card_uid)
    facts = _facts(card, context(g)) if mixed(card) else _facts(card)
    if facts.reload is not None:
        return reloadable(g, facts.reload)
    whos, dis, alts = facts.whos, facts.dis, facts.alts
    if not whos and not dis and not alts:
        return None
    s = g.state
    combat = bool(facts.windows) and facts.windows <= COMBAT_WINDOWS
    fights = combat or any(w.fighting for w, _ in whos) or any(d.fighting for d in dis)
    now = fight(g) if fights else None
    between = duel(g) if fights and now is None else None  # a fight between players (its window)
    if "fight" in facts.windows:  # the clauses for where it is played: a fight between players or not
        whos, dis = (facts.duel_whos, facts.duel_dis) if between is not None else (facts.other_whos, facts.other_dis)
    out: set[int] = set()
    havens = {u for p in s.players for u in p.havens} if any(away for _, away in whos) else set()
    places = [w for w, _ in whos if w.among == "target_place"]
    if places:  # a Location or Haven, named by itself, where such Characters stand (Haste's group)
        whos = tuple((w, away) for w, away in whos if w.among != "target_place")
        out.update(_places(g, places, s.owner[card_uid]))
    if whos or alts:  # a Character every clause may name (and one of the alternatives, if any)
        for c in s.characters.values():
            if c.pos == OFF or c.bonked_at >= 0:
                if facts.revives and revivable(g, c) and all(_side(c, w, s.owner[card_uid]) for w, _ in whos):
                    out.add(c.uid)  # a Bonked Character, healed back into play (Medical Treatment)
                continue
            if (facts.heals and c.damage <= 0) or (facts.moves and not c.moved):
                continue  # nothing to heal; a Character that has not moved has its whole move already
            if facts.low is not None and not lasting.low_location(g, c.pos, facts.low):
                continue  # a waive names a Character where it may be used (Get Around)
            if combat and not _in_fight(c, now, between):
                continue  # a card played in a combat round names a Character of that fight
            if alts and not any(_names(g, c, who, False, now, havens, s.owner[card_uid], between) for who in alts):
                continue
            if all(_names(g, c, who, away, now, havens, s.owner[card_uid], between) for who, away in whos):
                out.add(c.uid)
        if any(w.among == "target_player" for w, _ in whos):  # a player: named by its first Character in play
            firsts: dict[int, int] = {}
            for u in sorted(out):
                firsts.setdefault(s.characters[u].owner, u)
            out = set(firsts.values())
    if dis and between is None:  # a fight between players has no Disaster in it
        for d in s.disasters.values():
            if d.pos == OFF and (facts.field_only or not d.off_field):
                continue
            if all(_names_disaster(g, card_uid, d.uid, d.pos, sel, now) for sel in dis):
                out.add(d.uid)
    return sorted(out)


def _places(g: Context, whos: list[Who], owner: int) -> set[int]:
    """The Places where a Character stands that every ``target_place`` clause reaches (its ``side``, ``has``...)."""
    s = g.state
    out: set[int] = set()
    for c in s.characters.values():
        if c.pos == OFF or c.bonked_at >= 0 or c.pos in out or s.places[c.pos].destroyed:
            continue
        if all(_side(c, w, owner) and lasting.matches(g, c, w) for w in whos):
            out.add(c.pos)
    return out


def at_place(g: Context, about: tuple[int, ...], who: Who, owner: int) -> list[CharacterState]:
    """The Characters a ``target_place`` clause reaches at the Place named (its ``side``, ``has``...), in order."""
    s = g.state
    if not about or about[0] not in s.places:
        return []
    chars = sorted(g.characters_at(about[0]), key=lambda c: c.uid)
    return [c for c in chars if _side(c, who, owner) and lasting.matches(g, c, who)]


def revivable(g: Context, c: CharacterState) -> bool:
    """Whether the Character is Bonked (in its owner's Bonked pile, not Killed) with a Haven to come back to and no
    card keeping it out (Tatewaki Kuno, Medical Regenerator)."""
    s = g.state
    p = s.players[c.owner]
    if (
        c.bonked_at < 0
        or c.uid not in p.bonked
        or not any(h in s.places and not s.places[h].destroyed for h in p.havens)
    ):
        return False
    return not s.lasting or (lasting.kept_out(g, c.uid) is None and lasting.regenerating(g, c.uid) is None)


def _side(c: CharacterState, who: Who, owner: int) -> bool:
    return not ((who.side == "own" and c.owner != owner) or (who.side == "opponent" and c.owner == owner))


def _in_fight(c: CharacterState, now: FightFrame | None, between: DuelFrame | None) -> bool:
    """Whether ``c`` fights in the combat against a Disaster ``now`` (stands where it is fought) or in the fight
    between players ``between`` (one of its two players' Characters at its Location)."""
    if now is not None:
        return c.pos == now.place
    return between is not None and c.pos == between.place and c.owner in between.seats


def _names(
    g: Context,
    c: CharacterState,
    who: Who,
    away: bool,
    now: FightFrame | None,
    havens: set[int],
    owner: int,
    between: DuelFrame | None = None,
) -> bool:
    if away and c.pos in havens:
        return False
    if (who.side == "own" and c.owner != owner) or (who.side == "opponent" and c.owner == owner):
        return False
    if who.among in ("target_here", "target_player"):  # a Location or a player, named by a Character of it
        return True
    if who.fighting:
        if not _in_fight(c, now, between):
            return False
        if now is not None and who.side == "opponent":
            return False  # against a Disaster, the opponent is the Disaster: no other player's Character fights it
        if who.fighting == "attacked" and c.uid != (now.target if now is not None else c.uid):
            return False
        if who.fighting == "attacked" and between is not None and c.uid not in between.hit_at:
            return False  # between players: one of the Characters attacked this round
    return lasting.matches(g, c, who)


def _names_disaster(g: Context, source: int, uid: int, pos: int, sel: Disasters, now: FightFrame | None) -> bool:
    if sel.fighting and (now is None or uid != now.dis or pos != now.place):
        return False
    if sel.around:  # it names a Location by a Disaster standing there
        return pos != OFF
    return lasting.disaster_matches(g, source, uid, sel)


def reloadable(g: Context, v: RestoreUses) -> list[int]:
    """The weapons ``v`` may give their uses back: of its ``cards``, one carried or worn in play with a use spent,
    or (``empty``) one emptied this game turn, Discarded, whose Character still stands in play (:func:`emptied_by`)."""
    s = g.state
    out = []
    for c in s.characters.values():
        if c.pos == OFF or c.bonked_at >= 0:
            continue
        for u in (*c.carried, *c.enhancements):
            if s.cards[u] in v.cards and s.counters.get(u * SLOTS + USES_COUNTER, 0) > 0:
                out.append(u)
    if v.empty and s.counters:
        out += [u for p in s.players for u in p.discard if s.cards[u] in v.cards and emptied_by(g, u) is not None]
    return sorted(out)


def emptied_by(g: Context, uid: int) -> CharacterState | None:
    """The Character that emptied the weapon ``uid`` this game turn (its last use spent, it was Discarded), when it
    still stands in play and could take it back (its Energy cost paid again); None otherwise."""
    s = g.state
    if s.counters.get(uid * SLOTS + EMPTIED_TURN_COUNTER) != s.turn:
        return None
    ch = s.characters.get(s.counters.get(uid * SLOTS + EMPTIED_BY_COUNTER, OFF))
    if ch is None or ch.pos == OFF or ch.bonked_at >= 0 or not energy.can_pay(g, ch, uid):
        return None
    return ch


def named_place(g: Context, about: tuple[int, ...]) -> int:
    """The Location of the Character or Disaster a Flash Effect names (OFF: none on the Field)."""
    s = g.state
    for u in about:
        if u in s.characters and s.characters[u].pos != OFF:
            return s.characters[u].pos
        if u in s.disasters and s.disasters[u].pos != OFF:
            return s.disasters[u].pos
    return OFF


def standing_with(g: Context, about: tuple[int, ...]) -> list[CharacterState]:
    """The Characters at the Location of the Character (or Disaster) a Flash Effect names (``target_here``), in a
    stable order."""
    where = named_place(g, about)
    if where == OFF:
        return []
    return sorted(g.characters_at(where), key=lambda c: c.uid)


def fought(g: Context, source: int, v: DestroyDisaster) -> list[int]:
    """The Disasters a ``destroy_disaster`` reaches now: with ``fighting``, the one of the combat being fought."""
    s = g.state
    now = fight(g) if v.disasters.fighting else None
    out = []
    for u, d in sorted(s.disasters.items()):
        if v.disasters.fighting and (now is None or u != now.dis or d.pos != now.place):
            continue
        if v.combat and not g.is_combat_disaster(u):
            continue
        if lasting.disaster_matches(g, source, u, v.disasters):
            out.append(u)
    return out


def restore(g: Context, uid: int, by: int) -> bool:
    """Give ``uid`` all its printed uses back (Reload); an empty weapon Discarded this turn first goes back onto
    the Character that emptied it ("Discard or Reload")."""
    s = g.state
    ch = emptied_by(g, uid) if s.counters.get(uid * SLOTS + EMPTIED_TURN_COUNTER) is not None else None
    if ch is not None and uid in s.players[s.owner[uid]].discard:
        s.players[s.owner[uid]].discard.remove(uid)
        del s.counters[uid * SLOTS + EMPTIED_BY_COUNTER], s.counters[uid * SLOTS + EMPTIED_TURN_COUNTER]
        energy.pay(g, ch, uid)
        (ch.enhancements if g.card(uid).type is CardType.ENHANCEMENT else ch.carried).append(uid)
        g.emit(
            "weapon_reloaded",
            card=g.card(uid).id,
            uid=uid,
            character=g.card(ch.uid).id,
            by=g.card(by).id,
            uses=g.card(uid).uses,
        )
        return True
    spent = s.counters.pop(uid * SLOTS + USES_COUNTER, 0)
    if spent:
        g.emit("uses_restored", card=g.card(uid).id, uid=uid, by=g.card(by).id, uses=g.card(uid).uses)
    return spent > 0
