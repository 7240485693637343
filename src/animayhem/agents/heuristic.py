"""``heuristic``: a sensible Ani-Mayhem player that reads only its seat's view and the printed card facts.

What it does, decision by decision:

* **set-up**: Locations compactly (the cell touching most Locations, near the centre); the Haven next to the
  Locations easiest to Scavenge (estimated from the Characters of each Location's series); its Items under
  easy Locations near its Haven, its Disasters under Locations without Items, far from its Haven; every
  starting Character it may, most new Skills first (when the view names them).
* **Discard**: keeps everything (a full hand draws nothing, so no Disaster comes out of the Draw pile), except
  that with a full hand it lets go of one card it cannot use, so that Reload draws again.
* **Equip**: plays every Character from its hand, most new Skills first.
* **Move**: Items first: a Character carrying Items that its group can do without walks home and stores them
  (no Disaster enters a Haven; on the Field a Combat Disaster attacks Item carriers first and takes the Item
  when it wins). Then it sends groups to Locations that still have cards under them and whose requirement
  the group would meet (:func:`animayhem.cards.evaluate.meets`), adding members (carriers last, and only when
  the requirement needs them) until the group is strong, sooner where a Disaster will stop next (it would
  take the Item); and groups carrying no Item to Combat Disasters that carry an Item off and that they can
  Defeat (the Item then drops there, DIS-16). It keeps out of the way of Combat Disasters it cannot beat
  (where they stand, and where their next move ends); the others walk towards Locations the whole team
  could Scavenge.
* **Scavenge**: always, where it can; ``continue`` while the group is healthy, else ``stop``.
* **Combat**: strikes with the strongest allowed group when the odds favour it (its Attack against the
  Disaster's Defense and Health, the Disaster's Attack against the target's Defense and Health), or when
  the Disaster's parting shot would Bonk the target anyway (Running Away gives it that attack unanswered,
  COMBAT-19), else Runs Away, towards its Haven.
* **give**: Items to the sturdiest Character of the group.
* **Fights between players** (engine/procedures/fights.py): starts one in the Scavenge phase only when it has nothing to
  Scavenge and its group can Bonk an opposing Character in one round while none of theirs can Bonk one of its
  own; declares the attacks that get through (teaming up on one target), counter-strikes, protects a Character
  under attack; Runs Away when its side did no damage in the last round. Against a Disaster under 5E it
  protects the target with its sturdiest free Character.

* **Cards weighed one step ahead** (when the face running the game gives it an
  :class:`~animayhem.agents.infoset.Ahead`, as ``simulate`` and ``play`` do through ``infoset.decide``): at a
  combat decision, a window (fights between players' Characters included) and a Scavenge choice, each Flash
  Effect or activated ability offered is played on games sampled from the seat's information and the round
  (or Scavenge) played on; it is played for real only when the position it leaves (:func:`position_score`:
  Items, Characters standing and their Health, the Disasters and opposing Characters left, cards in hand) beats
  the heuristic's own choice without it. At the end of an Equip or Move phase the same test against doing
  nothing more. A card that changes nothing costs a card and is kept. Without an ``Ahead`` (the web's AI seats,
  ISMCTS rollouts) the view-only rules below decide (``_round_saver``, ``_spare_play``).
* **What cards do**: a Power card with several possible bearers goes on the one whose values, as the engine
  shows them right after the play, gain most (bearer conditions and group bonuses included); Characters are
  recruited (and started) first when they open a Location with cards under it to the team, bring new skills,
  strengthen the group (seen one step ahead) or have text the engine runs; an Item whose skill opens such a
  Location stays carried (or is taken back out of the Haven), the others are banked.

Any decision it does not understand, or any surprise, falls back to a safe action (``done``, ``stop``, else
the first one): the agent never raises.
"""

from __future__ import annotations

import math
import random
import re
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from itertools import combinations
from typing import Any

from animayhem.agents.base import register
from animayhem.agents.infoset import Ahead
from animayhem.cards.database import CardDB
from animayhem.cards.effects import (
    DamageTaken,
    Immune,
    Look,
    Modify,
    OnAnyone,
    Recruit,
    Spare,
    Steer,
    Trap,
    Who,
    attacks_as_disaster,
)
from animayhem.cards.evaluate import meets
from animayhem.cards.model import Card, CardType
from animayhem.engine.faces.views import KnownCards

Cell = tuple[int, int]
_N8 = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))
# (facing, right-hand) per side of the table and the sides by player count (the engine's AMB-2 layout).
_SIDES: dict[str, tuple[Cell, Cell]] = {
    "bottom": ((0, -1), (1, 0)),
    "top": ((0, 1), (-1, 0)),
    "right": ((-1, 0), (0, -1)),
    "left": ((1, 0), (0, 1)),
}
_SEAT_SIDES = {
    1: ("bottom",),
    2: ("bottom", "top"),
    3: ("bottom", "right", "top"),
    4: ("bottom", "right", "top", "left"),
    5: ("bottom", "right", "top", "left", "bottom"),
}
STRONG_GROUP = 12  # strike total (top 3 Attacks) a group aims for before it stops adding members
CONTINUE_STRIKE = 6  # a Scavenging group goes on turning up Disasters while its strike total is this high


@lru_cache(maxsize=1)
def _db() -> CardDB:
    return CardDB.bundled()


def _cell(v: Any) -> Cell | None:
    return None if v is None else (int(v[0]), int(v[1]))


def _parse_cell(word: str) -> Cell:
    x, y = word.split(",")
    return (int(x), int(y))


def _uid(word: str) -> int:
    return int(word.removeprefix("c"))


def _cell_word(word: str) -> Cell | None:
    return _parse_cell(word) if "," in word else None


def _look_first(ctx: _Ctx, actions: Sequence[str], options: Sequence[str]) -> str | None:
    """A ``use`` of a card that looks under Locations, when the group may Scavenge a Location it knows nothing
    of yet (so the look is never spent for nothing)."""
    uses = [a for a in actions if a.startswith("use ")]
    if not uses or not options:
        return None
    known = {tuple(k["cell"]) for k in ctx.view.get("known", []) if k.get("zone") == "under"}
    blind = [c for c in (_parse_cell(a.split()[1]) for a in options) if c not in known]
    if not blind:
        return None
    cards = ctx.known
    for a in uses:
        uid = _uid(a.split()[1])
        cid = cards.get(uid)
        bearer = next(
            (ch for ch in ctx.mine.values() if any(x["uid"] == uid for x in (*ch["equipment"], *ch["enhancements"]))),
            None,
        )
        if cid is None or bearer is None:
            continue
        here = _cell(bearer["cell"])
        looks = [e.do for e in ctx.card(cid).effects if e.when == "use" and isinstance(e.do, Look)]
        for spot in (spot for v in looks for spot in v.at):
            if spot.where == "under_here" and here in blind:
                return a
            if spot.where == "under_adjacent" and here is not None and any(ctx.dist(here, c) == 1 for c in blind):
                return a
            if spot.where == "under_any" and any(_names(ctx, c, spot.needs) for c in blind):
                return a
    return None


def _raid(ctx: _Ctx, actions: Sequence[str]) -> str | None:
    """A ``use`` of a card that attacks as a Disaster (Robot Guard), when it pays: an opponent's Character at its
    bearer's Location has a Defense under its Attack (it deals damage) and that group cannot Defeat it in one round
    (its three strongest strikes together do not beat its Defense by its Health)."""
    uses = [a for a in actions if a.startswith("use ")]
    if not uses:
        return None
    cards = ctx.known
    for a in uses:
        uid = _uid(a.split()[1])
        cid = cards.get(uid)
        if cid is None or attacks_as_disaster(ctx.card(cid).effects) is None:
            continue
        card = ctx.card(cid)
        att = card.attack.value if card.attack is not None and card.attack.value is not None else 0
        dfn = card.defense.value if card.defense is not None and card.defense.value is not None else 0
        bearer = next((ch for ch in ctx.mine.values() if any(x["uid"] == uid for x in ch["enhancements"])), None)
        if bearer is None:
            continue
        here = _cell(bearer["cell"])
        foes = [c for c in ctx.chars.values() if c.get("owner") != ctx.seat and _cell(c["cell"]) == here]
        if not foes or not any(int(c.get("defense") or 0) < att for c in foes):
            continue
        strikes = sorted((int(c.get("attack") or 0) for c in foes), reverse=True)[:3]
        if sum(strikes) - dfn >= dfn:  # Defeated at once (its Health is its Defense): wasted
            continue
        return a
    return None


def _names(ctx: _Ctx, cell: Cell, skill: str | None) -> bool:
    """Whether the Location's Scavenge requirement names ``skill`` (any Location when None)."""
    req = ctx.card(str(ctx.places[cell]["card"])).requirements
    return skill is None or (req is not None and any(x.word == skill for x in req.atoms()))


def _seen_under(ctx: _Ctx, action: str) -> float:
    """What the seat knows of the cards under the Location a ``scavenge`` names: an Item it saw there is worth
    going for; a Disaster it saw on top that outclasses the group is not."""
    cell = _parse_cell(action.split()[1])
    out = 0.0
    for k in ctx.view.get("known", []):
        if k.get("zone") != "under" or _cell(k.get("cell")) != cell:
            continue
        card = ctx.card(str(k["card"]))
        if card.type is CardType.ITEM:
            out += 2.0
        elif k.get("depth") == 0 and card.attack is not None and card.attack.value:
            mine = [u for u in ctx.at(cell) if u in ctx.mine]
            if card.attack.value > ctx.strike_total(mine):
                out -= 3.0
    return out


def _spare_play(ctx: _Ctx, actions: list[str], dis: dict[str, Any], target: int) -> str | None:
    """A ``spare`` answer (Hey, you're not dead!, Stand Up Straight) to play at our ``combat`` decision when the
    Disaster's attack would fell the target; None otherwise (it would be spent for nothing)."""
    plays = [a for a in actions if a.startswith("flash ")]
    if not plays or not ctx.parting_shot_fells(dis, target):
        return None
    known = ctx.known
    for a in plays:
        cid = known.get(_uid(a.split()[1]))
        if cid is not None and any(isinstance(e.do, Spare) for e in ctx.card(cid).effects):
            return a
    return None


def fallback(actions: Sequence[str]) -> str:
    """The safe action: ``done``, else ``stop``, else the first one."""
    for safe in ("done", "stop"):
        if safe in actions:
            return safe
    return actions[0]


@lru_cache(maxsize=4096)
def location_ease(card_id: str) -> float:
    """How easy a Location is to Scavenge, 0..1: the share of its series' Characters (all Characters when it
    has no series) that meet its requirement alone, smoothed so that no Location scores 0."""
    db = _db()
    card = db.by_id(card_id)
    req = card.requirements
    if req is None:
        return 1.0
    chars = _series_characters(card.series)
    if not chars:
        return 0.3
    hits = sum(1 for c in chars if _safe_meets(req, [c], []))
    return (hits + 0.5) / (len(chars) + 1)


@lru_cache(maxsize=1)
def _disaster_tests() -> tuple[Any, ...]:
    """The requirement tests of every Disaster whose text the engine runs (``unless``: a group that has it
    overcomes the card, DIS-20): what a group turning up an unknown Disaster would want to have."""
    return tuple(e.unless for c in _db() if c.type.is_disaster for e in c.effects if e.unless is not None)


def overcome_share(chars: Sequence[Card], held: Sequence[Card]) -> float:
    """The share of those tests this group passes, 0..1: how ready it is for the Disasters' texts."""
    tests = _disaster_tests()
    if not tests:
        return 0.0
    return sum(1 for t in tests if _safe_meets(t, chars, held)) / len(tests)


@lru_cache(maxsize=256)
def _series_characters(series: str | None) -> tuple[Card, ...]:
    db = _db()
    chars = db.of_type(CardType.CHARACTER)
    same = [c for c in chars if series is not None and c.series == series]
    return tuple(same or chars)


@lru_cache(maxsize=1024)
def _immunities(card_id: str) -> tuple[Who, ...]:
    """The selectors of the Characters whose strikes do the card no damage (its static ``immune`` effects)."""
    card = _db().by_id(card_id)
    return tuple(e.do.who for e in card.effects if e.when == "static" and isinstance(e.do, Immune))


def _safe_meets(req: Any, chars: Sequence[Card], held: Sequence[Card], foreign: Sequence[Any] = ()) -> bool:
    try:
        return meets(req, chars, held, foreign_anti=list(foreign))
    except Exception:  # a requirement the evaluator cannot read: treat as not met
        return False


class _Ctx:
    """The view, parsed once per decision."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.db = _db()
        self.view = view
        self.seat: int = int(view["seat"])
        self.n_players = len(view.get("players", [])) or 1
        self.places: dict[Cell, dict[str, Any]] = {}
        self.haven: Cell | None = None
        for pl in view.get("places", []):
            cell = _cell(pl["cell"])
            assert cell is not None
            self.places[cell] = pl
            if pl.get("haven") and pl.get("owner") == self.seat and self.haven is None:
                self.haven = cell
        self.chars: dict[int, dict[str, Any]] = {}
        for ch in view.get("characters", []):
            if ch.get("bonked") or ch.get("cell") is None:
                continue
            self.chars[int(ch["uid"])] = ch
        self.mine = {u: c for u, c in self.chars.items() if c.get("owner") == self.seat}
        self.disasters = [d for d in view.get("disasters", []) if d.get("cell") is not None and not d.get("off_field")]
        self._dist: dict[Cell, dict[Cell, int]] = {}
        self._paths: dict[int, list[Cell]] = {}
        self._threats: dict[Cell, list[tuple[dict[str, Any], str]]] | None = None
        self._meets: dict[tuple[Cell, tuple[int, ...]], bool] = {}
        self._foreign: dict[Cell, list[Any]] = {}  # anti-Skills of other players' Characters, by cell
        self._held: dict[int, list[Card]] = {}  # held_cards, by Character
        self._goal_gap: dict[Cell, int] | None = None
        self._known: KnownCards | None = None

    @property
    def known(self) -> KnownCards:
        """The cards the view names, uid -> card id (``known_cards``), looked up where actions point first and the
        view walked at most once a decision."""
        if self._known is None:
            self._known = KnownCards(self.view)
        return self._known

    # -- card facts

    def card(self, card_id: str) -> Card:
        return self.db.by_id(card_id)

    def char_card(self, uid: int) -> Card:
        return self.card(self.chars[uid]["card"])

    def held_cards(self, uid: int) -> list[Card]:
        hit = self._held.get(uid)
        if hit is not None:
            return hit  # callers only read it
        ch = self.chars[uid]
        out = []
        for key in ("item_cards", "equipment", "enhancements"):
            for entry in ch.get(key, []) or []:
                out.append(self.card(entry["card"]))
        self._held[uid] = out
        return out

    def is_location(self, cell: Cell) -> bool:
        pl = self.places.get(cell)
        return pl is not None and not pl.get("haven") and not pl.get("destroyed")

    def group_meets(self, cell: Cell, uids: Iterable[int]) -> bool:
        key = (cell, tuple(sorted(uids)))
        hit = self._meets.get(key)
        if hit is None:
            hit = self._meets[key] = self._group_meets(cell, list(key[1]))
        return hit

    def _group_meets(self, cell: Cell, uids: list[int]) -> bool:
        pl = self.places[cell]
        req = self.card(pl["card"]).requirements
        if not uids:
            return False
        if req is None:
            return True
        chars = [self.char_card(u) for u in uids]
        held = [h for u in uids for h in self.held_cards(u)]
        foreign = self._foreign.get(cell)
        if foreign is None:
            foreign = self._foreign[cell] = [
                sk
                for u, c in self.chars.items()
                if c.get("owner") != self.seat and _cell(c["cell"]) == cell
                for sk in self.char_card(u).skills
                if sk.is_anti
            ]
        return _safe_meets(req, chars, held, foreign)

    def can_stop(self, cell: Cell, uids: Iterable[int]) -> bool:
        """Planetary and Dimensional Locations (SCAV-18, SCAV-19): someone (everyone, for Dimensional) in the
        group must carry the icon."""
        pl = self.places.get(cell)
        if pl is None:
            return False
        icons = {i.value for i in self.card(pl["card"]).icons}
        if not icons & {"planetary", "dimensional"}:
            return True
        uids = list(uids)
        have = [{i.value for c in (self.char_card(u), *self.held_cards(u)) for i in c.icons} for u in uids]
        if "dimensional" in icons and not (have and all("dimensional" in h for h in have)):
            return False
        return not ("planetary" in icons and not any("planetary" in h for h in have))

    def at(self, cell: Cell) -> list[int]:
        return sorted(u for u, c in self.mine.items() if _cell(c["cell"]) == cell)

    def items(self, u: int) -> int:
        """How many Items the Character carries (public: SCAV-24)."""
        return int(self.chars[u].get("items", 0) or 0)

    def loot(self) -> dict[Cell, list[dict[str, Any]]]:
        """Combat Disasters carrying an Item, by the cell they stand on: Defeated there, the Item drops under
        that Location (DIS-16) instead of leaving the Field with them (DIS-6, WIN-2)."""
        out: dict[Cell, list[dict[str, Any]]] = {}
        for d in self.disasters:
            card = self.card(d["card"])
            if d.get("carries_item") and card.disaster is not None and card.disaster.combat:
                cell = _cell(d["cell"])
                if cell is not None and self.is_location(cell):
                    out.setdefault(cell, []).append(d)
        return out

    # -- geometry

    def dist(self, a: Cell, b: Cell) -> int:
        table = self._dist.get(a)
        if table is None:
            table = self._dist[a] = _steps([a], self.places)
        return table.get(b, 99)

    def goal_gap(self) -> dict[Cell, int]:
        """Steps from every cell to the nearest Location with cards under it that the whole team meets."""
        if self._goal_gap is None:
            team = sorted(self.mine)
            goals = [
                c
                for c, pl in self.places.items()
                if self.is_location(c)
                and int(pl.get("under", 0)) > 0
                and self.group_meets(c, team)
                and self.can_stop(c, team)
            ]
            self._goal_gap = _steps(goals, self.places)
        return self._goal_gap

    def path(self, controller: int) -> list[Cell]:
        """The Disaster path of ``controller`` (DIS-5): right-most column first, far end first."""
        p = self._paths.get(controller)
        if p is None:
            sides = _SEAT_SIDES.get(self.n_players, _SEAT_SIDES[5])
            facing, right = _SIDES[sides[controller % len(sides)]]
            cells = [c for c, pl in self.places.items() if not pl.get("haven") and not pl.get("destroyed")]
            cells.sort(key=lambda c: (-(c[0] * right[0] + c[1] * right[1]), -(c[0] * facing[0] + c[1] * facing[1])))
            p = self._paths[controller] = cells
        return p

    def threats(self) -> dict[Cell, list[tuple[dict[str, Any], str]]]:
        """Combat Disasters by the cell they threaten: ``here`` (stands there), ``stop`` (its next move ends
        there), ``pass`` (it walks through: attacks Item carriers)."""
        if self._threats is not None:
            return self._threats
        out: dict[Cell, list[tuple[dict[str, Any], str]]] = {}
        for d in self.disasters:
            card = self.card(d["card"])
            if card.disaster is None or not card.disaster.combat:
                continue
            cell = _cell(d["cell"])
            assert cell is not None
            out.setdefault(cell, []).append((d, "here"))
            move = card.movement.value if card.movement is not None and card.movement.value else 0
            if card.disaster.movement.value != "normal" or move <= 0:
                continue
            p = self.path(int(d.get("controller", d.get("owner", 0))))
            if cell not in p:
                continue
            i = p.index(cell)
            for k in range(1, move + 1):
                j = i + k
                if j >= len(p):
                    if card.type is CardType.MAJOR_DISASTER and p:
                        j %= len(p)
                    else:
                        break
                out.setdefault(p[j], []).append((d, "stop" if k == move else "pass"))
        self._threats = out
        return out

    # -- combat estimates

    def strike_total(self, uids: Iterable[int], limit: int = 3) -> int:
        attacks = sorted((int(self.chars[u]["attack"]) for u in uids), reverse=True)
        return sum(attacks[:limit])

    def fight_odds(self, dis: dict[str, Any], uids: Sequence[int], target: int | None = None) -> bool:
        """Whether a fight of these Characters against the Disaster is in their favour: they Defeat it before
        it can Bonk the Character it attacks (the target, else the weakest)."""
        if not uids:
            return False
        card = self.card(dis["card"])
        major = card.type is CardType.MAJOR_DISASTER
        # the view gives its current values, card effects included; printed ones otherwise
        d_att = int(dis.get("attack", card.attack.value if card.attack is not None and card.attack.value else 0))
        d_def = int(dis.get("defense", card.defense.value if card.defense is not None and card.defense.value else 0))
        d_health = max(1, int(dis.get("health", max(1, card.base_health or 0) - int(dis.get("damage", 0)))))
        strikers = list(uids)
        if target is not None and target in strikers:
            others = sorted((u for u in strikers if u != target), key=lambda u: -int(self.chars[u]["attack"]))
            strikers = [target, *others[: (3 if major else 2)]]
        dmg = self.strike_total(self.hurting(dis, strikers), 4 if major else 3) - d_def
        if dmg <= 0:
            return False
        if dmg >= d_health:
            return True
        rounds = math.ceil(d_health / dmg)
        victims = [target] if target is not None else list(uids)

        def hits_to_bonk(u: int) -> float:
            ch = self.chars[u]
            hurt = d_att - int(ch["defense"])
            if hurt <= 0:
                return math.inf
            return math.ceil(max(1, int(ch["health"])) / hurt)

        worst = min(hits_to_bonk(u) for u in victims)
        # a group shares the blows (the Disaster picks a random target each round)
        spread = max(1, len(uids)) if target is None else 1
        return rounds <= worst * spread and rounds <= 4

    def hurting(self, dis: dict[str, Any], uids: Iterable[int]) -> list[int]:
        """The Characters among ``uids`` whose strikes can hurt the Disaster: its card's static ``immune`` (Kishiime:
        strikes by Characters without Speed do it no damage) leaves the others' blows at nothing. Read from the
        ``has`` and ``lacks`` of its selector, on each Character's card and the cards it holds."""
        immune = _immunities(str(dis["card"]))
        if not immune:
            return list(uids)
        return [u for u in uids if not any(self._picked(u, who) for who in immune)]

    def _picked(self, uid: int, who: Who) -> bool:
        if who.has is None and who.lacks is None:
            return True
        chars, held = [self.char_card(uid)], self.held_cards(uid)
        if who.has is not None and not _safe_meets(who.has, chars, held):
            return False
        return who.lacks is None or not _safe_meets(who.lacks, chars, held)

    def parting_shot_fells(self, dis: dict[str, Any], target: int) -> bool:
        """Whether the Disaster's attack on ``target`` Bonks it (its view values: Combat cards aside)."""
        card = self.card(dis["card"])
        d_att = int(dis.get("attack", card.attack.value if card.attack is not None and card.attack.value else 0))
        ch = self.chars[target]
        return d_att - int(ch["defense"]) >= max(1, int(ch["health"]))

    def danger(self, cell: Cell, uids: Sequence[int], carrying: bool) -> float:
        """How bad it is for these Characters to end their move at ``cell``."""
        if not self.is_location(cell):
            return 0.0
        total = 0.0
        for d, how in self.threats().get(cell, []):
            win = self.fight_odds(d, uids)
            if how == "here":
                total += -2.0 if win else 100.0
            elif how == "stop":
                total += 0.0 if win else 30.0
            elif carrying and not win:
                total += 10.0
        return total


def _futile(fight: dict[str, Any], seat: int) -> bool:
    """A fight between players in which the seat's side dealt nothing in the last round: no new attack (the
    same blows against the same Defense and Combat cards would only go on for ever: rounds are unlimited,
    COMBAT-4); it counter-strikes and protects, or lets the fight end."""
    seats = list(fight.get("seats", []))
    if int(fight.get("round", 1)) <= 1 or seat not in seats:
        return False
    dealt = list(fight.get("dealt", [0, 0]))
    return not dealt[seats.index(seat)]


class HeuristicAgent:
    name = "heuristic"
    bank_items = 1  # a carrier of this many Items that no group needs walks home (0: never)
    max_target_risk = 30.0  # a Location this dangerous (see _Ctx.danger) is no target
    risk_weight = 1.0
    urgency = 3.0  # bonus for a Location a Disaster will walk over next (grab its Item first)
    strike_when_doomed = True  # strike rather than run when the parting shot would Bonk the target anyway
    discard_from = 7  # with this many cards in hand it discards the ones it cannot use (Reload then draws)
    hunt = 4.0  # bonus a Disaster carrying an Item that a group can Defeat (0: no hunting)

    look_ahead = True  # weigh Flash Effects and activated abilities by playing them forward (when given an Ahead)
    ahead_margin = 0.25  # what a card must gain over not playing it, in position points (see position_score)

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self._ahead: Ahead | None = None
        self._tried: set[tuple[Any, ...]] = set()  # phase decisions whose cards were weighed and kept

    def choose(self, view: dict[str, Any], actions: list[str]) -> str:
        if not actions:  # no decision is ever posed without actions; answer something rather than raise
            return "done"
        try:
            kind = (view.get("decision") or {}).get("kind", "")
            handler = getattr(self, f"_on_{kind}", None)
            if handler is not None:
                ctx = _Ctx(view)
                if self._ahead is not None and kind in _WEIGHED and _card_plays(actions):
                    choice = self._weigh(ctx, kind, handler, actions)
                else:
                    choice = handler(ctx, actions)
                if choice in actions:
                    return str(choice)
        except Exception:
            pass
        return fallback(actions)

    def choose_ahead(self, view: dict[str, Any], actions: list[str], ahead: Ahead) -> str:
        """:meth:`choose`, weighing the Flash Effects and activated abilities offered by playing them one step
        forward on games sampled from the seat's information (:class:`~animayhem.agents.infoset.Ahead`)."""
        if not self.look_ahead:
            return self.choose(view, actions)
        self._ahead = ahead
        try:
            return self.choose(view, actions)
        finally:
            self._ahead = None

    def _weigh(self, ctx: _Ctx, kind: str, handler: Any, actions: list[str]) -> str:
        """The decision's choice with its cards weighed by look-ahead (:class:`Ahead`):

        * in a fight (``combat``, a ``window``, a fight between players' declarations, ``scavenge``), the
          heuristic's choice without any card (``pass`` at a window) against each card played first and the fight
          or the Scavenge played on to the end of the round (or of the Scavenge);
        * in a phase (``equip``, ``move``, ``discard``), when the heuristic is done with the phase: doing nothing
          more against each card played and resolved.

        A card is played only when its position scores at least ``ahead_margin`` better (a card spent counts
        against it: one that does nothing is never played). Without an Ahead, the view-only rules decide."""
        ahead = self._ahead
        assert ahead is not None
        plain = [a for a in actions if not a.startswith(("flash ", "use "))] or ["pass"]
        cands = _card_plays(actions)
        if kind in _PHASES:
            choice = handler(ctx, actions)
            if choice not in ("done", "stop") or choice not in actions:
                return str(choice)
            key = (kind, tuple(cands), _signature(ctx))
            if key in self._tried:  # the same cards in the same position: weighed already, and kept
                return str(choice)
            if len(self._tried) >= 64:
                self._tried.clear()
            self._tried.add(key)
            base: str | None = None
            back: str | None = kind
            stop, samples = _PHASE_STOP, 1  # what a card does at once hardly depends on the hidden cards
        else:
            choice = "pass" if kind == "window" else handler(ctx, plain)
            if kind == "combat" and not _at_stake(ctx, choice):
                return str(choice)
            base, back, stop, samples = choice, None, _FIGHT_STOP, 2
        policy = _rollout_policy(ahead.seat)
        scores = ahead.scores([base, *cands], policy, position_score, stop, back_at=back, samples=samples)
        best = max(range(1, len(scores)), key=lambda i: (scores[i], -i))
        if scores[best] >= scores[0] + self.ahead_margin:
            return cands[best - 1]
        return str(choice)

    # ---------------------------------------------------------------- set-up

    def _on_place(self, ctx: _Ctx, actions: list[str]) -> str:
        locations = [c for c, pl in ctx.places.items() if not pl.get("haven")]

        def score(a: str) -> tuple[int, int, str]:
            x, y = _parse_cell(a.split()[1])
            touching = sum(1 for dx, dy in _N8 if (x + dx, y + dy) in locations)
            return (-touching, abs(x) + abs(y), a)

        return min(actions, key=score)

    def _on_line(self, ctx: _Ctx, actions: list[str]) -> str:
        return actions[0]

    def _on_haven(self, ctx: _Ctx, actions: list[str]) -> str:
        def score(a: str) -> tuple[float, str]:
            cell = _parse_cell(a.split()[1])
            total = 0.0
            for c, pl in ctx.places.items():
                if pl.get("haven"):
                    continue
                d = max(abs(c[0] - cell[0]), abs(c[1] - cell[1]))
                weight = 1.0 if d == 1 else 0.4 if d == 2 else 0.1 if d == 3 else 0.0
                own = 1.2 if pl.get("owner") == ctx.seat else 1.0
                total += weight * own * location_ease(pl["card"])
            return (-total, a)

        return min(actions, key=score)

    def _on_item(self, ctx: _Ctx, actions: list[str]) -> str:
        def score(a: str) -> tuple[float, str]:
            cell = _parse_cell(a.split()[1])
            ease = location_ease(ctx.places[cell]["card"])
            d = ctx.dist(ctx.haven, cell) if ctx.haven is not None else 0
            return (-(ease * 3 - 0.5 * d), a)

        return min(actions, key=score)

    def _on_disasters(self, ctx: _Ctx, actions: list[str]) -> str:
        solo = ctx.n_players == 1

        def score(a: str) -> tuple[float, str]:
            cell = _parse_cell(a.split()[1])
            pl = ctx.places[cell]
            under = int(pl.get("under", 0))
            d = ctx.dist(ctx.haven, cell) if ctx.haven is not None else 0
            ease = location_ease(pl["card"])
            if solo:  # keep them off our own Items: under a Location with nothing, far, hard
                value = -5.0 * under + d - 2 * ease
            else:  # on somebody's Items, far from our Haven
                value = 2.0 * under + d + (1.0 if pl.get("owner") != ctx.seat else 0.0)
            return (-value, a)

        return min(actions, key=score)

    def _on_start(self, ctx: _Ctx, actions: list[str]) -> str:
        starts = [a for a in actions if a.startswith("start ")]
        if not starts:
            return fallback(actions)
        known = ctx.known
        cands = [(a, known.get(_uid(a.split()[1]))) for a in starts]
        if all(cid is not None for _, cid in cands):
            have = _skill_set(ctx.char_card(u) for u in ctx.mine)
            return max(cands, key=lambda t: _recruit_worth(ctx, ctx.card(str(t[1])), have))[0]
        return starts[0]

    # ---------------------------------------------------------------- turn phases

    def _on_discard(self, ctx: _Ctx, actions: list[str]) -> str:
        """Keep Characters; with a crowded hand, discard a card the engine cannot play yet (a Power card), so
        Reload draws again (a full hand draws nothing, and the game would stall)."""
        me = ctx.view["players"][ctx.seat]
        hand = me.get("hand", [])
        if len(hand) >= self.discard_from:
            for h in hand:
                act = f"discard c{h['uid']}"
                card = ctx.card(h["card"])
                if act in actions and card.type is not CardType.CHARACTER and not card.effects:
                    return act  # keep Characters and the cards whose effect the engine executes
        return fallback(actions)

    def _on_equip(self, ctx: _Ctx, actions: list[str]) -> str:
        plays = [a for a in actions if a.startswith("play ")]
        known = ctx.known
        traps = [a for a in plays if _is_trap(ctx, known, a)]  # laid on a Location (Razor Balls)
        plays = [a for a in plays if a not in traps]
        havens = [a for a in plays if "," in a]  # an extra Haven (CARD-8, TURN-15): a second way in
        if havens:
            return havens[0]
        if traps and (spot := _trap_spot(ctx, traps)) is not None:
            return spot
        if not plays:
            return fallback([a for a in actions if a not in traps])
        have = _skill_set(ctx.char_card(u) for u in ctx.mine)

        def is_character(a: str) -> bool:
            words = a.split()
            cid = known.get(_uid(words[1]))
            return len(words) == 2 and cid is not None and ctx.card(cid).type is CardType.CHARACTER

        chars = [a for a in plays if is_character(a)]
        if chars:
            auras = self._auras(ctx, chars)

            def score(a: str) -> tuple[float, str]:
                cid = known.get(_uid(a.split()[1]))
                return (-(_recruit_worth(ctx, ctx.card(cid), have) + auras.get(a, 0.0) if cid else 0.0), a)

            return min(chars, key=score)
        # Power cards the engine applies something of (never one whose text is all unexecuted: playing it
        # would change nothing), on the strongest Character offered (its bonuses then win fights), Globals as
        # they come
        plays = [a for a in plays if (cid := known.get(_uid(a.split()[1]))) is None or ctx.card(cid).gives_in_play]
        plays = [a for a in plays if not _hurts_own(ctx, known, a)]  # a drawback card goes on an opponent's
        if not plays:
            return fallback(actions)
        strength = {int(c["uid"]): int(c["attack"]) + int(c["defense"]) for c in ctx.view["characters"]}
        seen = self._bearer_gains(ctx, plays)  # what each card does on each bearer, seen one step ahead

        def power(a: str) -> tuple[float, str]:
            words = a.split()
            if len(words) != 3:
                return (-99.0, a)  # a Global Effect: as it comes
            bearer = _uid(words[2])
            cid = known.get(_uid(words[1]))
            if cid is not None and any(isinstance(e.do, Recruit) for e in ctx.card(cid).effects):
                return (-50.0, a)  # a Disaster won over: one Disaster less and one Character more (Bump on the Head)
            if cid is None:
                gain = 0.0
            elif a in seen:  # the values the engine shows after it, and the skills it grants
                gain = seen[a] + _gain(ctx.card(cid), ctx, bearer, have, numbers=False)
            else:
                gain = _gain(ctx.card(cid), ctx, bearer, have)
            return (-(gain + 0.05 * strength.get(bearer, 0)), a)

        return min(plays, key=power)

    def _auras(self, ctx: _Ctx, plays: list[str]) -> dict[str, float]:
        """For Characters that may be played: what each adds to the values of our other Characters as the engine
        shows them right after it is played (a Character's ability for its group or its Location), seen one step
        ahead. Empty without look-ahead or with a single choice."""
        if self._ahead is None or len(plays) < 2:
            return {}
        return self._seen_gains(ctx, plays[:MAX_BEARER_TRIES], gone_counts=False)

    def _bearer_gains(self, ctx: _Ctx, plays: list[str]) -> dict[str, float]:
        """For the Power cards that may go on several of our Characters: what each play adds to our Characters'
        values as the engine shows them right after it (:meth:`Ahead.after`), so that conditional bonuses ("+3,
        or +5 with Weapons", "Students only") and bonuses to a group are counted where they apply. Empty without
        look-ahead, or when no card has a choice of bearer."""
        if self._ahead is None:
            return {}
        by_card: dict[str, list[str]] = {}
        for a in plays:
            words = a.split()
            if len(words) == 3 and _uid(words[2]) in ctx.mine:
                by_card.setdefault(words[1], []).append(a)
        cands = [a for group in by_card.values() if len(group) > 1 for a in group][:MAX_BEARER_TRIES]
        if not cands:
            return {}
        return self._seen_gains(ctx, cands, gone_counts=True)

    def _seen_gains(self, ctx: _Ctx, cands: list[str], gone_counts: bool) -> dict[str, float]:
        """For each action of ``cands``: the weighted change of our Characters' values (:data:`_GAIN_WEIGHTS`) as
        the engine shows them right after it (:meth:`Ahead.after`), against now; an action it cannot play forward
        is left out. ``gone_counts``: a Character of ours no longer shown after it loses all its values (else it is
        not counted)."""
        assert self._ahead is not None
        now = _values(ctx.view, ctx.seat)
        out: dict[str, float] = {}
        for a, view in zip(cands, self._ahead.after(cands), strict=True):
            if view is not None:
                after = _values(view, ctx.seat)
                out[a] = sum(
                    w * (after.get(u, {}).get(k, 0) - now[u].get(k, 0))
                    for u in now
                    if gone_counts or u in after
                    for k, w in _GAIN_WEIGHTS.items()
                )
        return out

    def _on_move(self, ctx: _Ctx, actions: list[str]) -> str:
        claim = next((a for a in actions if a.startswith("haven ")), None)
        if claim is not None:  # a Location offered as a Haven of ours (SCAV-22): its bonuses last the whole game
            return claim
        raid = _raid(ctx, actions)  # a card attacking as a Disaster, when it pays (Robot Guard)
        if raid is not None:
            return raid
        # Items are safest in the Haven (they still count for us, and no Disaster can take them there)
        my_items = {
            int(i["uid"]) for ch in ctx.view["characters"] if ch["owner"] == ctx.seat for i in ch.get("item_cards", [])
        }
        keep = _item_keys(ctx)  # Items whose skills open a Location to our team: carried, not banked
        for a in actions:
            if a.startswith("store ") and _uid(a.split()[1]) in my_items and _uid(a.split()[1]) not in keep:
                return a
        for a in actions:  # and such an Item, stored, is taken out again by a Character in the Haven
            if a.startswith("take ") and _uid(a.split()[1]) in keep and _uid(a.split()[2]) in ctx.mine:
                return a
        actions = [a for a in actions if not a.startswith(("store ", "take ", "give ", "drop "))]
        swap = self._stronger_form(ctx, actions)  # CARD-5: transform when the other form is stronger
        if swap is not None:
            return swap
        dests: dict[int, set[Cell]] = {}
        for a in actions:
            if a.startswith("move "):
                _, who, where = a.split()
                if "+" in who or ctx.mine[_uid(who)].get("moved"):
                    continue  # one move per Character a turn, each on its own (its plan; TURN-17 allows more)
                dests.setdefault(_uid(who), set()).add(_parse_cell(where))
        unmoved = sorted(dests)
        if not unmoved:
            return fallback(actions)
        # Items first: a carrier its group can do without walks home to store them (no Disaster enters a
        # Haven, DIS-34, and stored Items still count, AMB-16); on the Field every Combat Disaster that meets
        # it attacks it first (DIS-13, DIS-29) and takes the Item when it wins (DIS-17)
        if self.bank_items and ctx.haven is not None:
            for u in unmoved:
                if ctx.items(u) >= self.bank_items and not self._needed_here(ctx, u):
                    home = ctx.haven if ctx.haven in dests[u] else self._toward(ctx, u, dests[u], ctx.haven)
                    if home is not None:
                        return f"move c{u} {home[0]},{home[1]}"
        committed: set[int] = set()
        targets = [c for c, pl in ctx.places.items() if ctx.is_location(c) and int(pl.get("under", 0)) > 0]
        if self.hunt:  # and Disasters carrying an Item off, where a group could Defeat them (DIS-16)
            targets += [c for c in sorted(ctx.loot()) if c not in targets]
        rides = _rides(ctx, actions)  # CARD-13: where a vehicle takes each Character, and by which drive
        reach = dests
        if rides:
            reach = {u: dests.get(u, set()) | set(rides.get(u, {})) for u in sorted({*dests, *rides})}
        while True:
            plan = self._best_target(ctx, targets, reach, committed)
            if plan is None:
                break
            cell, group = plan
            for u in group:
                if u in dests and cell in dests[u] and _cell(ctx.mine[u]["cell"]) != cell:
                    return f"move c{u} {cell[0]},{cell[1]}"
            drives = [a for u in group for a in rides.get(u, {}).get(cell, [])]
            if drives:  # only a vehicle takes them there: the drive with most of the group aboard
                return max(drives, key=lambda a: (sum(1 for w in a.split()[2:-1] if _uid(w) in group), a))
            committed.update(group)
            targets.remove(cell)
        # nobody can reach a Location to Scavenge this turn: get out of danger, then walk towards one
        for u in unmoved:
            if u in committed:
                continue
            here = _cell(ctx.mine[u]["cell"])
            assert here is not None
            group_here = ctx.at(here)
            carrying = any(int(ctx.chars[x].get("items", 0)) for x in group_here)
            if ctx.danger(here, group_here, carrying) >= 30:
                safe = self._safest(ctx, u, dests[u])
                if safe is not None:
                    return f"move c{u} {safe[0]},{safe[1]}"
        if self.bank_items and ctx.haven is not None:
            for u in unmoved:  # an Item carrier nobody needs goes home, where no Disaster goes
                if u not in committed and ctx.items(u) >= self.bank_items:
                    if ctx.haven in dests[u]:
                        return f"move c{u} {ctx.haven[0]},{ctx.haven[1]}"
                    step = self._toward(ctx, u, dests[u], ctx.haven)
                    if step is not None:
                        return f"move c{u} {step[0]},{step[1]}"
        for u in unmoved:
            if u in committed:
                continue
            step = self._approach(ctx, u, dests[u])
            if step is not None:
                return f"move c{u} {step[0]},{step[1]}"
        return fallback(actions)

    def _needed_here(self, ctx: _Ctx, u: int) -> bool:
        """Whether the group where ``u`` stands needs it to Scavenge there: it has cards left under it, the
        group meets its requirement and would not without ``u``. A carrier of several Items is never needed
        (losing them costs more than a Scavenge gains)."""
        here = _cell(ctx.mine[u]["cell"])
        if here is None or not ctx.is_location(here) or not int(ctx.places[here].get("under", 0)):
            return False
        if ctx.items(u) >= 2:
            return False
        group = ctx.at(here)
        rest = [x for x in group if x != u]
        return ctx.group_meets(here, group) and not (rest and ctx.group_meets(here, rest))

    def _best_target(
        self, ctx: _Ctx, targets: list[Cell], dests: dict[int, set[Cell]], committed: set[int]
    ) -> tuple[Cell, list[int]] | None:
        best: tuple[float, Cell, list[int]] | None = None
        loot = ctx.loot() if self.hunt else {}
        for cell in sorted(targets):
            stay = [u for u in ctx.at(cell) if u not in committed]
            # the strongest first, carriers last: a Disaster attacks Item carriers first (DIS-29)
            reach = sorted(
                (u for u in dests if u not in committed and cell in dests[u] and u not in stay),
                key=lambda u: (ctx.items(u) > 0, -int(ctx.chars[u]["attack"]), u),
            )
            under = int(ctx.places[cell].get("under", 0))
            group = self._form_group(ctx, cell, stay, reach) if under else None
            prey = loot.get(cell, [])
            if prey and (group is None or not all(ctx.fight_odds(d, group) for d in prey)):
                group = self._hunt_group(ctx, prey, stay, reach) or group
            if group is None:
                continue
            carrying = any(ctx.items(u) for u in group)
            risk = ctx.danger(cell, group, carrying)
            if risk >= self.max_target_risk:
                continue
            movers = sum(1 for u in group if u not in stay)
            urgent = any(how != "here" for _, how in ctx.threats().get(cell, []))
            value = 10.0 + min(under, 4) + 0.3 * ctx.strike_total(group) - self.risk_weight * risk - 0.5 * movers
            value += self.urgency if urgent else 0.0
            value += self.hunt * sum(1 for d in prey if ctx.fight_odds(d, group))
            if best is None or value > best[0]:
                best = (value, cell, group)
        return None if best is None else (best[1], best[2])

    def _hunt_group(self, ctx: _Ctx, prey: list[dict[str, Any]], stay: list[int], reach: list[int]) -> list[int] | None:
        """Who is there plus the fewest newcomers carrying no Item (the strongest first) that Defeat every
        Disaster there, or None."""
        group = list(stay)
        free = [u for u in reach if not ctx.items(u)]
        for u in [None, *free]:
            if u is not None:
                group.append(u)
            if group and all(ctx.fight_odds(d, group) for d in prey):
                return group
        return None

    def _form_group(self, ctx: _Ctx, cell: Cell, stay: list[int], reach: list[int]) -> list[int] | None:
        """The Characters to have at ``cell``: who is there, plus the fewest newcomers that make the group meet
        the requirement, plus more newcomers while the group is weak."""
        group: list[int] = []
        if stay and ctx.group_meets(cell, stay):
            group = list(stay)
        else:
            for k in range(1, min(3, len(reach)) + 1):
                options = [list(extra) for extra in combinations(reach, k) if ctx.group_meets(cell, [*stay, *extra])]
                if options:  # the fewest carriers, then the strongest
                    best = max(
                        options, key=lambda ex: (-sum(1 for u in ex if ctx.items(u)), ctx.strike_total([*stay, *ex]))
                    )
                    group = [*stay, *best]
                    break
            if not group:
                return None
        for u in reach:
            if ctx.strike_total(group) >= STRONG_GROUP:
                break
            if ctx.items(u):  # a carrier comes only when the requirement needs it
                continue
            if u not in group and ctx.group_meets(cell, [*group, u]):  # an anti-skill could spoil it
                group.append(u)
        return group

    def _safest(self, ctx: _Ctx, u: int, options: set[Cell]) -> Cell | None:
        def score(c: Cell) -> tuple[float, int, Cell]:
            group = [*ctx.at(c), u]
            risk = ctx.danger(c, group, bool(ctx.chars[u].get("items")))
            haven = 0 if c == ctx.haven else 1
            return (risk, haven, c)

        best = min(options, key=score)
        return best if score(best)[0] < 30 else None

    def _toward(self, ctx: _Ctx, u: int, options: set[Cell], goal: Cell) -> Cell | None:
        here = _cell(ctx.mine[u]["cell"])
        assert here is not None
        now = ctx.dist(goal, here)
        carrying = bool(ctx.chars[u].get("items"))
        scored = [(ctx.dist(goal, c), ctx.danger(c, [*ctx.at(c), u], carrying), c) for c in sorted(options)]
        scored = [t for t in scored if t[0] < now and t[1] < 10]
        return min(scored)[2] if scored else None

    def _approach(self, ctx: _Ctx, u: int, options: set[Cell]) -> Cell | None:
        """A step towards the nearest Location with cards under it that the whole team could Scavenge."""
        here = _cell(ctx.mine[u]["cell"])
        assert here is not None
        gaps = ctx.goal_gap()
        if not gaps:
            return None

        def gap(c: Cell) -> int:
            return gaps.get(c, 99)

        now = gap(here)
        carrying = bool(ctx.chars[u].get("items"))
        best: tuple[int, float, Cell] | None = None
        for c in sorted(options):
            g = gap(c)
            if g >= now:
                continue
            risk = ctx.danger(c, [*ctx.at(c), u], carrying)
            if risk >= 10:
                continue
            key = (g, risk, c)
            if best is None or key < best:
                best = key
        return None if best is None else best[2]

    def _stronger_form(self, ctx: _Ctx, actions: list[str]) -> str | None:
        """A ``transform`` whose new card prints more Attack + Defense than the Character has now."""

        def printed(card_id: str) -> int:
            card = ctx.card(card_id)
            return sum(sv.value or 0 for a in ("attack", "defense") if (sv := card.stat(a)) is not None)

        for a in actions:
            if not a.startswith("transform "):
                continue
            _, who, into = a.split()
            now, new = ctx.chars.get(_uid(who)), ctx.known.get(_uid(into))
            if now is not None and new is not None and printed(new) > int(now["attack"]) + int(now["defense"]):
                return a
        return None

    def _on_scavenge(self, ctx: _Ctx, actions: list[str]) -> str:
        claim = next((a for a in actions if a.startswith("haven ")), None)
        if claim is not None:  # a Location offered as a Haven of ours (SCAV-22)
            return claim
        charm = _charm_choice(ctx, actions, 2)
        if charm is not None:
            return charm
        options = [a for a in actions if a.startswith("scavenge ")]
        look = _look_first(ctx, actions, options)
        if look is not None:  # a look under a Location it may Scavenge first: what lies there decides
            return look
        if not options:
            # 5E: a group short of the Skills wears a Location's Defense down, one attack a turn
            assaults = [a for a in actions if a.startswith("assault ")]
            if assaults:
                return assaults[0]
            fights = [a for a in actions if a.startswith("fight ") and _fight_favours(ctx, a)]
            return fights[0] if fights else fallback(actions)

        def score(a: str) -> tuple[float, str]:
            group = ctx.at(_parse_cell(a.split()[1]))
            chars = [ctx.char_card(u) for u in group]
            held = [c for u in group for c in ctx.held_cards(u)]
            # strength for the Combat Disasters, readiness for the others' requirement tests (DIS-20)
            return (ctx.strike_total(group) + 4.0 * overcome_share(chars, held) + _seen_under(ctx, a), a)

        return max(options, key=score)

    def _on_look_choice(self, ctx: _Ctx, actions: list[str]) -> str:
        """A look's choices (engine/effects/looks.py): where to look (a Location its group may Scavenge first), then
        whether to face the Disaster below the one seen first (when the one seen is too strong for the group)."""
        prompt = str((ctx.view.get("decision") or {}).get("prompt", ""))
        if "done" in actions and "second" in prompt:
            top = next((k for k in ctx.view.get("known", []) if k.get("zone") == "under" and k.get("depth") == 0), None)
            if top is not None and f"choose c{top['uid']}" in actions:
                cell = _cell(top["cell"])
                card = ctx.card(str(top["card"]))
                mine = [u for u in ctx.at(cell) if u in ctx.mine] if cell is not None else []
                attack = card.attack.value if card.attack is not None and card.attack.value else 0
                defense = card.defense.value if card.defense is not None and card.defense.value else 0
                if attack + defense > 2 * ctx.strike_total(mine):
                    return f"choose c{top['uid']}"
            return "done"
        if "look at" not in prompt:
            return fallback(actions)
        ours = {c for c in ctx.places if any(u in ctx.mine for u in ctx.at(c))}
        cells = [a for a in actions if _cell_word(a.split()[-1]) in ours]
        return cells[0] if cells else actions[0]

    def _on_window(self, ctx: _Ctx, actions: list[str]) -> str:
        """A window (engine/procedures/windows.py) opened for something another player's Characters face or did:
        nothing there saves one of ours (the attacked player answers at its own ``combat`` decision), so pass."""
        return "pass"

    def _on_flash_answer(self, ctx: _Ctx, actions: list[str]) -> str:
        """CARD-15 (5E): a Flash Effect aimed at one of our cards is answered by Destroying it with a Flash
        Effect the engine executes (Wrath of the Eye of God); otherwise it may resolve. Flash Effects whose
        text the engine does not execute are never played (they would only cost a card and Energy)."""
        stack = ctx.view.get("flash_stack") or []
        if not stack or stack[-1]["seat"] == ctx.seat:
            return "pass"
        top = stack[-1]
        ours = set(ctx.mine)
        for ch in ctx.mine.values():
            ours |= {int(c["uid"]) for c in (*ch.get("enhancements", []), *ch.get("equipment", []))}
        if top.get("target") not in ours:
            return "pass"
        known = ctx.known
        for a in actions:
            words = a.split()
            cid = known.get(_uid(words[1])) if words[0] == "flash" else None
            if cid is not None and ctx.card(cid).effects and words[-1] == f"c{top['uid']}":
                return a
        return "pass"

    def _on_scavenge_more(self, ctx: _Ctx, actions: list[str]) -> str:
        # the group Scavenging stands at the Location whose cards are being turned up: our Characters there
        where = [c for c in ctx.places if ctx.at(c) and ctx.is_location(c) and int(ctx.places[c].get("under", 0))]
        where = where or [c for c in ctx.places if ctx.at(c) and ctx.is_location(c)]
        group: list[int] = []
        for c in where:
            if len(ctx.at(c)) > len(group):
                group = ctx.at(c)
        healthy = (
            bool(group)
            and ctx.strike_total(group) >= CONTINUE_STRIKE
            and all(int(ctx.chars[u]["health"]) > 0 for u in group)
        )
        if healthy and "continue" in actions:
            return "continue"
        return "stop" if "stop" in actions else fallback(actions)

    def _on_charm_open(self, ctx: _Ctx, actions: list[str]) -> str:
        return _charm_choice(ctx, actions, 2) or "decline"

    def _on_charm_break(self, ctx: _Ctx, actions: list[str]) -> str:
        return _charm_choice(ctx, actions, 1) or "decline"

    def _on_charm_command(self, ctx: _Ctx, actions: list[str]) -> str:
        for verb in ("yield", "send", "drop", "hold"):
            for a in actions:
                if a.split()[0] == verb:
                    return a
        return "decline"

    def _on_combat(self, ctx: _Ctx, actions: list[str]) -> str:
        strikes = [a for a in actions if a.startswith("strike ") or a == "strike"]
        vehicles = [a for a in strikes if not all(_uid(w) in ctx.chars for w in a.split()[1:])]
        strikes = [a for a in strikes if a not in vehicles]  # a vehicle fights only when nobody else may
        if not strikes:
            return vehicles[0] if vehicles else fallback(actions)
        groups = [[_uid(w) for w in a.split()[1:]] for a in strikes]
        # the target is in every strike group
        target_set = set(groups[0]).intersection(*map(set, groups))
        target = min(target_set) if target_set else None
        best_i = max(range(len(strikes)), key=lambda i: (ctx.strike_total(groups[i], 4), len(groups[i]), -i))
        if target is None or target not in ctx.chars:
            return strikes[best_i]
        cell = _cell(ctx.chars[target]["cell"])
        prompt = str((ctx.view.get("decision") or {}).get("prompt", ""))
        here = [d for d in ctx.disasters if _cell(d["cell"]) == cell]
        dis = next((d for d in here if prompt.startswith(ctx.card(d["card"]).name + " attacks")), None)
        if dis is None and here:
            dis = here[0]
        if dis is None:
            return strikes[best_i]
        spare = _spare_play(ctx, actions, dis, target)
        if spare is not None:  # an answer to the attack that keeps the target in play (Stand Up Straight)
            return spare
        if "run" not in actions:
            return strikes[best_i]
        if ctx.fight_odds(dis, groups[best_i], target=target):
            return strikes[best_i]
        # a fight we would not win: Destroy the Disaster with an executed Flash Effect when we hold one
        known = ctx.known
        saver = _round_saver(ctx, actions, known, dis, groups[best_i], target)
        if saver is not None:  # a Flash Effect that Defeats it this round, or keeps the target from a Bonk
            return saver
        uses = [a for a in actions if a.startswith("use ")]
        if uses:  # an activated ability (CARD-17): one that removes the Disaster, else one that adds to the strike
            return min(uses, key=lambda a: (not _removes_disasters(ctx, known.get(_uid(a.split()[1]))), a))
        for a in actions:
            words = a.split()
            if words[0] == "flash" and words[-1] == f"c{dis['uid']}":
                cid = known.get(_uid(words[1]))
                if cid is not None and ctx.card(cid).effects:
                    return a
        covered = [a for a in actions if a.startswith("run ")]
        if covered and ctx.parting_shot_fells(dis, target):
            return covered[0]  # a card Discarded so that the last attack never comes (Yosho Masaki)
        if self.strike_when_doomed and ctx.parting_shot_fells(dis, target):
            # Running Away costs the Disaster's attack unanswered (COMBAT-19): when that attack Bonks the
            # target anyway, striking this round loses nothing more and may Defeat it (or weaken it)
            return strikes[best_i]
        return "run"

    def _on_use_choice(self, ctx: _Ctx, actions: list[str]) -> str:
        """A choice while an ability resolves: a look's (:meth:`_on_look_choice`); the Disaster attacking, when it
        may be named; else the first."""
        decision = ctx.view.get("decision") or {}
        prompt = str(decision.get("prompt", ""))
        if "look at" in prompt or ("done" in actions and "second" in prompt):
            return self._on_look_choice(ctx, actions)
        if searched := decision.get("cards"):  # cards of our own Draw pile (a wish, Hidden Weapon): the kind worth most
            worth = {f"choose c{e['uid']}": _SEARCH_WORTH.get(ctx.card(e["card"]).type, -1) for e in searched}
            return max(actions, key=lambda a: worth.get(a, -1))  # the first of the best kind
        if "halt" in actions and _held_by_akanes_cooking(ctx):  # Kasumi: no Cooking frees them from that hold
            return "halt"
        if "its attack goes" in prompt:  # a Disaster's attack aimed (Galaxy Destroyer Remote): at an opponent's
            foes = [
                a
                for a in actions
                if a.startswith("choose c") and ctx.chars.get(_uid(a.split()[1]), {}).get("owner", ctx.seat) != ctx.seat
            ]
            if foes:
                return foes[0]
        for d in ctx.disasters:
            if f"choose c{d['uid']}" in actions and ctx.card(d["card"]).name in prompt:
                return f"choose c{d['uid']}"
        attacking = [d for d in ctx.disasters if f"choose c{d['uid']}" in actions]
        if attacking:  # the strongest Disaster it may remove
            best = max(attacking, key=lambda d: (d.get("attack") or 0) + (d.get("defense") or 0))
            return f"choose c{best['uid']}"
        return actions[0]

    # ---------------------------------------------------------------- fights between players

    def _on_fight_run(self, ctx: _Ctx, actions: list[str]) -> str:
        if _futile(ctx.view.get("fight") or {}, ctx.seat):  # the last round did nothing for us: leave
            return "run" if "run" in actions else fallback(actions)
        return "stay" if "stay" in actions else fallback(actions)

    def _on_declare(self, ctx: _Ctx, actions: list[str]) -> str:
        fight = ctx.view.get("fight") or {}
        hits = [(int(a), int(t)) for a, t in fight.get("hits", [])]
        guards = [(int(p), int(t)) for p, t in fight.get("protects", [])]
        declared = {a for a, _t in hits} | {p for p, _t in guards}
        free = [u for u in ctx.mine if u not in declared]

        def gain(a: str) -> tuple[int, int, str]:
            words = a.split()
            att, tgt = _uid(words[1]), _uid(words[2])
            if tgt not in ctx.chars or att not in ctx.chars:
                return (-99, 0, a)
            on = [x for x, t in hits if t == tgt]
            total = sum(int(ctx.chars[x]["attack"]) for x in on if x in ctx.chars)
            helpers = sorted((int(ctx.chars[u]["attack"]) for u in free if u != att), reverse=True)
            total += int(ctx.chars[att]["attack"]) + sum(helpers[: max(0, 2 - len(on))])
            cover = sum(int(ctx.chars[p]["defense"]) for p, t in guards if t == tgt and p in ctx.chars)
            through = total - int(ctx.chars[tgt]["defense"]) - cover
            return (through, -int(ctx.chars[tgt]["health"]), a)

        strikes = [a for a in actions if a.startswith("hit ")]
        if strikes and not _futile(fight, ctx.seat):
            best = max(strikes, key=gain)
            if gain(best)[0] > 0:
                return best
        attacked = {t for _a, t in hits}
        protects = [a for a in actions if a.startswith("protect ") and _uid(a.split()[2]) in attacked]
        if protects:
            return max(protects, key=lambda a: (int(ctx.chars.get(_uid(a.split()[1]), {}).get("defense", 0)), a))
        counters = [a for a in strikes if _uid(a.split()[1]) in attacked]  # a counter-strike costs nothing
        return counters[0] if counters else fallback(actions)

    def _on_protect(self, ctx: _Ctx, actions: list[str]) -> str:
        options = [a for a in actions if a.startswith("protect ") and _uid(a.split()[1]) in ctx.chars]
        # a protector takes at least 1 a round: only a sturdy one that carries no Item (a Disaster that beats
        # it would take the Item)
        sturdy = [
            a
            for a in options
            if int(ctx.chars[_uid(a.split()[1])]["health"]) >= 3 and not int(ctx.chars[_uid(a.split()[1])]["items"])
        ]
        if sturdy:
            return max(sturdy, key=lambda a: (int(ctx.chars[_uid(a.split()[1])]["defense"]), a))
        return fallback(actions)

    def _on_runto(self, ctx: _Ctx, actions: list[str]) -> str:
        def score(a: str) -> tuple[float, int, str]:
            c = _parse_cell(a.split()[1])
            risk = ctx.danger(c, ctx.at(c), False)
            d = ctx.dist(c, ctx.haven) if ctx.haven is not None else 0
            return (risk, d, a)

        return min(actions, key=score)

    def _on_permission(self, ctx: _Ctx, actions: list[str]) -> str:
        return "refuse"  # another player in our Haven only ever helps that player

    def _on_scavenge_consent(self, ctx: _Ctx, actions: list[str]) -> str:
        """SCAV-14 (002): refuse when our own group there could Scavenge the Location itself."""
        prompt = str((ctx.view.get("decision") or {}).get("prompt", ""))
        m = re.search(r"\((-?\d+),(-?\d+)\), where your Characters stand", prompt)
        if m is None:
            return "allow"
        cell = (int(m[1]), int(m[2]))
        pl = ctx.places.get(cell, {})
        mine = ctx.at(cell)
        return "refuse" if mine and pl.get("under") and ctx.group_meets(cell, mine) else "allow"

    def _on_flee(self, ctx: _Ctx, actions: list[str]) -> str:
        """CARD-18: a thief's free move: the safest cell nearest its Haven (staying means being attacked)."""

        def score(a: str) -> tuple[float, int, str]:
            _, who, where = a.split()
            c = _parse_cell(where)
            risk = ctx.danger(c, [*ctx.at(c), _uid(who)], True)
            d = ctx.dist(c, ctx.haven) if ctx.haven is not None else 0
            return (risk, d, a)

        moves = [a for a in actions if a.startswith("move ")]
        return min(moves, key=score) if moves else fallback(actions)

    def _on_give(self, ctx: _Ctx, actions: list[str]) -> str:
        def score(a: str) -> tuple[int, int, int, str]:
            u = _uid(a.split()[2])
            ch = ctx.chars.get(u)
            if ch is None:
                return (0, 0, 0, a)
            return (-int(ch["defense"]), -int(ch["health"]), -int(ch["attack"]), a)

        return min(actions, key=score)


def _rides(ctx: _Ctx, actions: Sequence[str]) -> dict[int, dict[Cell, list[str]]]:
    """For each of our unmoved Characters, the cells a ``drive`` takes it to and those drives (CARD-13): the
    driver (who carries the vehicle) and each rider named."""
    out: dict[int, dict[Cell, list[str]]] = {}
    for a in actions:
        if not a.startswith("drive "):
            continue
        words = a.split()
        vehicle = _uid(words[1])
        driver = next(
            (u for u, ch in ctx.mine.items() if any(int(e["uid"]) == vehicle for e in ch.get("equipment", []))), None
        )
        if driver is None:
            continue
        cell = _parse_cell(words[-1])
        for u in (driver, *(_uid(w) for w in words[2:-1])):
            out.setdefault(u, {}).setdefault(cell, []).append(a)
    return out


def _charm_choice(ctx: _Ctx, actions: Sequence[str], lead: int) -> str | None:
    """The ``charm cA cT`` whose printed Charm beats the target's by the most, if by at least ``lead``."""
    best: tuple[int, str] | None = None
    for a in actions:
        if not a.startswith("charm "):
            continue
        mine, theirs = (_uid(w) for w in a.split()[1:3])
        if mine not in ctx.chars or theirs not in ctx.chars:
            continue
        m, t = ctx.char_card(mine).charm, ctx.char_card(theirs).charm
        edge = (m.value or 0 if m is not None else 0) - (t.value or 0 if t is not None else 0)
        if edge >= lead and (best is None or edge > best[0]):
            best = (edge, a)
    return None if best is None else best[1]


def _fight_favours(ctx: _Ctx, action: str) -> bool:
    """A fight worth starting: our group there Bonks one of theirs in a round (up to 3 on it), and no 3 of
    theirs can Bonk one of ours in a round."""
    cell = _parse_cell(action.split()[1])
    mine = ctx.at(cell)
    theirs = [u for u, c in ctx.chars.items() if c.get("owner") != ctx.seat and _cell(c["cell"]) == cell]
    if not mine or not theirs:
        return False

    def top3(uids: Sequence[int]) -> int:
        return sum(sorted((int(ctx.chars[u]["attack"]) for u in uids), reverse=True)[:3])

    ours, their = top3(mine), top3(theirs)
    can_bonk = any(ours - int(ctx.chars[u]["defense"]) >= int(ctx.chars[u]["health"]) for u in theirs)
    safe = all(their - int(ctx.chars[u]["defense"]) < int(ctx.chars[u]["health"]) for u in mine)
    return can_bonk and safe


def _steps(starts: list[Cell], places: Mapping[Cell, Any]) -> dict[Cell, int]:
    """Steps from the nearest of ``starts`` to every occupied cell (breadth-first over 8 neighbours: a planning
    estimate; under 4-neighbour rules it is optimistic, and the engine's legal moves stay the authority)."""
    table = dict.fromkeys(starts, 0)
    queue = deque(starts)
    while queue:
        cur = queue.popleft()
        for dx, dy in _N8:
            n = (cur[0] + dx, cur[1] + dy)
            if n in places and n not in table:
                table[n] = table[cur] + 1
                queue.append(n)
    return table


def _skill_set(cards: Iterable[Card]) -> set[str]:
    return {s.name.lower() for c in cards for s in c.skills if s.count > 0}


_GAIN_WEIGHTS = {"attack": 1.0, "defense": 1.0, "movement": 0.5, "energy": 0.3, "charm": 0.3, "health": 0.5}
MAX_BEARER_TRIES = 8  # plays of a Power card on a bearer looked at one step ahead, at one Equip decision


# what a card taken from our own Draw pile is worth, by its kind: a Character first (a body on the Field), then
# the Power cards, a Disaster last (one wished comes into play, and may attack our own Characters)
_SEARCH_WORTH = {
    CardType.CHARACTER: 6,
    CardType.EQUIPMENT: 5,
    CardType.ENHANCEMENT: 5,
    CardType.GLOBAL_EFFECT: 4,
    CardType.HAVEN: 3,
    CardType.ITEM: 3,
    CardType.FLASH_EFFECT: 2,
    CardType.LOCATION: 1,
    CardType.MINOR_DISASTER: 0,
    CardType.MAJOR_DISASTER: 0,
}


def _is_trap(ctx: _Ctx, known: KnownCards, a: str) -> bool:
    """Whether the play ``a`` lays a trap on a Location (a card with a ``trap`` effect: Razor Balls)."""
    cid = known.get(_uid(a.split()[1]))
    return cid is not None and any(isinstance(e.do, Trap) for e in ctx.card(cid).effects)


def _trap_spot(ctx: _Ctx, plays: list[str]) -> str | None:
    """The play that lays a trap where an opponent's Character may walk next (1 or 2 steps away) and none of
    ours stands, the nearest such; None when there is no such Location (a trap is kept rather than laid
    blindly, where our own Characters may walk into it)."""
    ours = {_cell(c["cell"]) for c in ctx.mine.values()}
    theirs = [cell for u, c in ctx.chars.items() if u not in ctx.mine and (cell := _cell(c["cell"])) is not None]
    best: tuple[int, str] | None = None
    for a in plays:
        cell = _parse_cell(a.split()[2])
        if cell in ours or not theirs:
            continue
        d = min(ctx.dist(t, cell) for t in theirs)
        if 1 <= d <= 2 and (best is None or (d, a) < best):
            best = (d, a)
    return None if best is None else best[1]


def _hurts_own(ctx: _Ctx, known: KnownCards, a: str) -> bool:
    """Whether the play ``a`` puts a card meant for anyone's Character (``on_anyone``: I'm Buyin', a drawback)
    on one of ours."""
    words = a.split()
    cid = known.get(_uid(words[1]))
    if len(words) != 3 or cid is None or _uid(words[2]) not in ctx.mine:
        return False
    return any(isinstance(e.do, OnAnyone) for e in ctx.card(cid).effects)


def _values(view: Mapping[str, Any], seat: int) -> dict[int, dict[str, int]]:
    """The shown values of the seat's Characters on the Field, by uid (those :data:`_GAIN_WEIGHTS` weighs)."""
    return {
        int(ch["uid"]): {k: int(ch.get(k) or 0) for k in _GAIN_WEIGHTS}
        for ch in view.get("characters", [])
        if ch.get("owner") == seat and not ch.get("bonked") and ch.get("cell") is not None
    }


def _gain(card: Card, ctx: _Ctx, bearer: int, have: set[str], numbers: bool = True) -> float:
    """What a card would give this bearer, roughly: its printed bonuses (the ones it does not withhold; left out
    with ``numbers=False``, when the values were seen one step ahead) and the skills it grants that the bearer
    lacks, more for a skill none of our Characters has. So a card goes to the Character it helps most; among
    equals, to the strongest."""
    gain = 0.0
    for name, weight in _GAIN_WEIGHTS.items() if numbers else ():
        sv = getattr(card, name)
        if sv is not None and sv.value and sv.is_modifier and name not in card.withheld:
            gain += weight * sv.value
    if card.granted_skills:
        own = _skill_set([ctx.char_card(bearer), *ctx.held_cards(bearer)]) | {
            name for c in ctx.held_cards(bearer) for name, _n in c.granted_skills
        }
        for name, _copies in card.granted_skills:
            if name not in own:
                gain += 1.0 if name in have else 2.0
    return gain


def _item_keys(ctx: _Ctx) -> set[int]:
    """Our Items (carried, or stored in our Haven) that open a Location: with cards still under it, whose
    requirement our team meets with that Item held and not without it (an Item's skills count for its carrier's
    group, CARD-6). Such an Item is worth more carried than banked; every other Item is banked."""
    locs = [
        ctx.card(pl["card"]).requirements
        for cell, pl in ctx.places.items()
        if ctx.is_location(cell) and int(pl.get("under", 0))
    ]
    locs = [r for r in locs if r is not None]
    if not locs or not ctx.mine:
        return set()
    team = [ctx.char_card(u) for u in ctx.mine]
    carried = {int(e["uid"]): ctx.card(e["card"]) for u in ctx.mine for e in ctx.chars[u].get("item_cards", []) or []}
    stored = {
        int(e["uid"]): ctx.card(e["card"])
        for pl in ctx.places.values()
        if pl.get("haven") and pl.get("owner") == ctx.seat
        for e in pl.get("stored", []) or []
    }
    others = [h for u in ctx.mine for h in ctx.held_cards(u) if h.type is not CardType.ITEM]
    out: set[int] = set()
    for uid, item in {**carried, **stored}.items():
        if not item.skills and not item.granted_skills:
            continue
        rest = [*others, *(c for k, c in carried.items() if k != uid)]
        if any(_safe_meets(r, team, [*rest, item]) and not _safe_meets(r, team, rest) for r in locs):
            out.add(uid)
    return out


def _recruit_worth(ctx: _Ctx, card: Card, have: set[str]) -> float:
    """What a Character brings to the team, to choose which to play (or start with) first: the skills none of
    ours has and its Attack (:func:`_novelty`), the Locations with cards under them that the team could not
    Scavenge without it and can with it, and what its own text does (each effect the engine runs for it)."""
    worth = _novelty(card, have)
    if card.type is not CardType.CHARACTER:
        return worth
    team = [ctx.char_card(u) for u in ctx.mine]
    held = [h for u in ctx.mine for h in ctx.held_cards(u)]
    for cell, pl in ctx.places.items():
        if not ctx.is_location(cell) or not int(pl.get("under", 0)):
            continue
        req = ctx.card(pl["card"]).requirements
        if req is not None and not _safe_meets(req, team, held) and _safe_meets(req, [*team, card], held):
            worth += 1.0
    return worth + 0.3 * min(3, len(card.effects))


def _novelty(card: Card, have: set[str]) -> float:
    if card.type is not CardType.CHARACTER:
        return -1.0
    new = _skill_set([card]) - have
    attack = card.attack.value if card.attack is not None and card.attack.value else 0
    return len(new) + 0.1 * attack


@register("heuristic")
def _make(seed: int) -> HeuristicAgent:
    return HeuristicAgent(seed)


def _round_saver(
    ctx: _Ctx, actions: list[str], known: KnownCards, dis: dict[str, Any], group: list[int], target: int
) -> str | None:
    """A Flash Effect played in a combat round that changes this round's outcome (Dodonpa, Fire Shield, Flying
    Block): its bonus lets the strike Defeat the Disaster now, or keeps the attacked Character from being
    Bonked by this attack. None when no such card is offered (a bonus that changes nothing is never played)."""
    card = ctx.card(dis["card"])
    d_att = int(dis.get("attack", card.attack.value if card.attack is not None and card.attack.value else 0))
    d_def = int(dis.get("defense", card.defense.value if card.defense is not None and card.defense.value else 0))
    d_health = max(1, int(dis.get("health", max(1, card.base_health or 0) - int(dis.get("damage", 0)))))
    strike = ctx.strike_total(group, 4 if card.type is CardType.MAJOR_DISASTER else 3)
    t_def, t_health = int(ctx.chars[target]["defense"]), max(1, int(ctx.chars[target]["health"]))
    bonked = d_att - t_def >= t_health
    for a in actions:
        words = a.split()
        cid = known.get(_uid(words[1])) if words[0] == "flash" else None
        if cid is None:
            continue
        who = _uid(words[2]) if len(words) > 2 else None
        for e in ctx.card(cid).effects:
            v = e.do
            if e.when != "play" or "combat" not in e.window:
                continue
            if isinstance(v, DamageTaken) and v.times == 0 and bonked and who == target:
                return a
            if isinstance(v, Steer) and v.how == "hold" and bonked and who is not None and who not in group:
                return a  # the Disaster fought holds back its attacks this round (Introduction)
            if isinstance(v, Modify) and who in group:
                if strike + v.by.get("attack", 0) - d_def >= d_health > strike - d_def:
                    return a
                if who == target and bonked and d_att - t_def - v.by.get("defense", 0) < t_health:
                    return a
    return None


def _removes_disasters(ctx: _Ctx, card_id: str | None) -> bool:
    """Whether the card's activated ability takes a Disaster out of play (Exorcism Circle, Better Off Dead)."""
    if card_id is None:
        return False
    return any(e.when == "use" and e.verb == "remove_disaster" for e in ctx.card(card_id).effects)


# ---------------------------------------------------------------- look-ahead (agents/infoset.py ``Ahead``)

# the decisions whose cards are weighed (a card offered at the Discard phase is offered again at the Equip phase)
_WEIGHED = frozenset({"combat", "window", "scavenge", "equip", "move"})
_PHASES = frozenset({"equip", "move"})
# a fight's round is over (against a Disaster, or between players), or the Scavenge, turn or game
_FIGHT_STOP = frozenset(
    {
        "combat_round",
        "combat_ended",
        "fight_hit",
        "fight_ended",
        "ran_away",
        "scavenge_ended",
        "turn_ended",
        "game_over",
    }
)
_PHASE_STOP = frozenset({"turn_ended", "game_over"})
MAX_CANDIDATES = 4  # card plays weighed at one decision (the cost of a look-ahead grows with them)


def _card_plays(actions: Sequence[str]) -> list[str]:
    """The Flash Effects and activated abilities offered, one per card and target (the Character who pays for a
    Flash Effect changes nothing it does), at most :data:`MAX_CANDIDATES`, one per card first."""
    seen: set[tuple[str, str]] = set()
    firsts: list[str] = []
    rest: list[str] = []
    cards: set[str] = set()
    for a in actions:
        if not a.startswith(("flash ", "use ")):
            continue
        words = a.split()
        key = (words[1], words[-1])
        if key in seen:
            continue
        seen.add(key)
        (rest if words[1] in cards else firsts).append(a)
        cards.add(words[1])
    return (firsts + rest)[:MAX_CANDIDATES]


def _at_stake(ctx: _Ctx, choice: str) -> bool:
    """Whether a card could change a combat decision's round (from the view): the heuristic would Run Away, or
    the Disaster's attack would Bonk the Character it attacks, or the group striking would not Defeat it this
    round. A round already won without a Bonk needs no card."""
    words = choice.split()
    if not words or words[0] != "strike":
        return True
    group = [_uid(w) for w in words[1:] if _uid(w) in ctx.chars]
    prompt = str((ctx.view.get("decision") or {}).get("prompt", ""))
    cells = {_cell(ctx.chars[u]["cell"]) for u in group}
    here = [d for d in ctx.disasters if _cell(d["cell"]) in cells]
    dis = next((d for d in here if prompt.startswith(ctx.card(d["card"]).name + " attacks")), here[0] if here else None)
    if dis is None or not group:
        return True
    card = ctx.card(dis["card"])
    d_def = int(dis.get("defense", card.defense.value if card.defense is not None and card.defense.value else 0))
    d_health = max(1, int(dis.get("health", max(1, card.base_health or 0) - int(dis.get("damage", 0)))))
    major = card.type is CardType.MAJOR_DISASTER
    if ctx.strike_total(group, 4 if major else 3) - d_def < d_health:
        return True
    return any(ctx.parting_shot_fells(dis, u) for u in group)


def _signature(ctx: _Ctx) -> tuple[Any, ...]:
    """What a phase's card plays are weighed against: where our Characters stand and how hurt they are, the
    Disasters on the Field, our hand's size and our Items (a position with the same signature weighs the same)."""
    mine = tuple((u, tuple(c["cell"]), c.get("damage"), c.get("items")) for u, c in sorted(ctx.mine.items()))
    dis = tuple((d["uid"], tuple(d["cell"]), d.get("damage")) for d in ctx.disasters)
    return (mine, dis, _hand_size(ctx), ctx.view.get("phase"))


def _hand_size(ctx: _Ctx) -> int:
    return int(ctx.view["players"][ctx.seat].get("hand_count", 0))


def _rollout_policy(seat: int) -> Any:
    """The policy that plays a look-ahead on: the heuristic reading only its view (it never looks ahead itself)."""
    agent = HeuristicAgent(seat)
    return agent.choose


def position_score(view: dict[str, Any]) -> float:
    """How good a position is for the seat whose view this is, in rough points: a won game is everything; then
    its Items (and its rivals' and the Disasters' against it), its Characters standing and their Health, the
    opposing Characters and the Disasters on the Field (with their Health), the cards in its hand and the
    Energy of its Characters (what a card costs). Used by the look-ahead to compare a card played with none."""
    seat = int(view["seat"])
    res = view.get("result")
    if res:
        return 1000.0 if seat in (res.get("winners") or []) else -1000.0
    items = view.get("items") or {}
    players = list(items.get("players") or [])
    mine = players[seat] if seat < len(players) else 0
    rivals = max([int(x) for k, x in enumerate(players) if k != seat] + [int(items.get("disasters", 0) or 0)])
    score = 6.0 * mine - 2.0 * rivals
    for ch in view.get("characters", []):
        if ch.get("bonked") or ch.get("cell") is None:
            continue
        health = max(0, int(ch.get("health") or 0))
        if ch.get("owner") == seat:
            score += 3.0 + 0.5 * health + 0.05 * int(ch.get("energy") or 0)
        else:
            score -= 1.5 + 0.3 * health
    for d in view.get("disasters", []):
        if d.get("cell") is not None and not d.get("off_field") and d.get("ally_of") is None:
            score -= 2.0 + 0.3 * max(0, int(d.get("health") or 0))
    me = view["players"][seat] if seat < len(view.get("players", [])) else {}
    score += 0.5 * int(me.get("hand_count", 0) or 0)
    return score


def _held_by_akanes_cooking(ctx: _Ctx) -> bool:
    """Whether a hold of Akane's Cooking (which no Cooking releases, unlike C-ko's) holds one of the seat's
    Characters: the view's lasting records name their targets' cards, face up."""
    mine = {c["card"] for c in ctx.chars.values() if c.get("owner") == ctx.seat}
    lasting = ctx.view.get("lasting", ())
    return any(rec.get("card") == "akanes-cooking" and mine & set(rec.get("targets") or ()) for rec in lasting)
