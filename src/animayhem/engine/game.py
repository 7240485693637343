"""The one interface every face uses: :class:`Game`.

``Game(config)`` builds the starting state and runs it to the first decision. Then, repeatedly:
:attr:`Game.to_move` names the one seat that must act, :meth:`Game.legal_actions` lists what it may do,
and :meth:`Game.apply` takes one of them and runs the rules to the next decision (or the end).
:meth:`Game.view` is what one seat may know; :attr:`Game.log` is the typed event stream.

Rule procedures live in the modules named after the rulebook (``setup``, ``turn``, ``disasters``,
``scavenge``, ``combat``, ``win``); each is a *frame* on the state's agenda with ``run`` (advance until it
finishes or needs a decision) and ``resume`` (take the decision).
"""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import sys
from collections.abc import Iterable
from typing import Any, Final

from animayhem.cards.database import CardDB
from animayhem.cards.effects import Aura, ItemWorth, WereDisaster, attacks_as_disaster
from animayhem.cards.model import Card, CardType
from animayhem.engine import hooks  # noqa: F401 - registers the card hooks (effects/card_hooks.py)
from animayhem.engine.core import handles, statics
from animayhem.engine.core.actions import Action, ActionSyntaxError, parse_action, well_formed
from animayhem.engine.core.config import GameConfig
from animayhem.engine.core.context import Event, PlaceFacts, Table
from animayhem.engine.core.events import make_event
from animayhem.engine.core.rng import make_rng
from animayhem.engine.core.state import OFF, Cell, CharacterState, Decision, GameState, Place, copy_state, game_over
from animayhem.engine.core.win import dragon_ball_win, finish
from animayhem.engine.effects import abilities, bearer, lasting, looks
from animayhem.engine.faces.explain import (
    DECISION_RULES,
    GAME_OVER_RULES,
    ONE_SEAT_RULES,
    Explanation,
    explain,
    refusal,
)
from animayhem.engine.faces.views import view
from animayhem.engine.procedures import (
    activated,
    flash,
    turn,  # noqa: F401 - registers the frames started by kind (procedures/agenda.py)
    vehicles,
    were,
)
from animayhem.engine.procedures.setup import new_state
from animayhem.rules.ruleset import Ruleset

_DISASTER_TYPES: Final = (CardType.MAJOR_DISASTER, CardType.MINOR_DISASTER)
_ITEM: Final = CardType.ITEM  # asked of many cards a decision (effects/abilities.py: why a constant)


def _canonical(obj: Any) -> Any:
    """A plain, order-preserving image of the state for hashing (dataclasses by type name and fields)."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return (
            type(obj).__name__,
            tuple(
                _canonical(getattr(obj, f.name))
                for f in dataclasses.fields(obj)
                if f.metadata.get("hash") != "if_set" or getattr(obj, f.name)  # a later field, hashed when set
            ),
        )
    if isinstance(obj, dict):
        return tuple((_canonical(k), _canonical(v)) for k, v in obj.items())
    if isinstance(obj, list | tuple):
        return tuple(_canonical(v) for v in obj)
    return obj


class IllegalAction(ValueError):
    """An action that is not legal now. The game state is untouched; the message says why and names the
    rules (``rules``: RULES.md ids, at least one)."""

    def __init__(self, message: str, rules: tuple[str, ...] = ()) -> None:
        self.rules = rules
        named = all(r in message for r in rules)
        super().__init__(message if named else f"{message} ({', '.join(rules)})")


class Game(Table):
    """A game of Ani-Mayhem: a :class:`GameState` plus the read-only context that interprets it."""

    def __init__(self, config: GameConfig, db: CardDB | None = None, *, _state: GameState | None = None) -> None:

        self.config = config
        self.rules: Ruleset = config.ruleset
        self.db = db or CardDB.bundled()
        self._cards = self.db.ids
        self._paths: dict[tuple[str, bool, int], list[int]] = {}
        self._path_cells: dict[tuple[str, bool, int], list[Cell]] = {}  # the cells of those paths (views)
        # shortest ways from a cell through Locations (procedures/pursuit.py), by cell, adjacency and Field version
        self._reach: dict[tuple[Cell, int, int], tuple[dict[Cell, int], dict[Cell, Cell]]] = {}
        self._items: tuple[list[str], frozenset[int]] | None = None  # item_uids, with the card list it is of
        self._order: tuple[int, dict[int, Place], list[PlaceFacts]] | None = None  # places_in_order, its version
        self._auras: tuple[list[str], frozenset[int]] | None = None  # aura_uids, with the card list it is of
        # item_worth and item_worth_shown, with the card list they are of
        self._worth: tuple[list[str], dict[int, int], frozenset[int]] | None = None
        self._statics: statics.InPlay | None = None  # the static effects in play, by kind (engine/core/statics.py)
        # the Characters that are Disasters while transformed (procedures/were.py), with the card list they are of
        self._weres: tuple[list[str], tuple[tuple[int, int], ...]] | None = None
        self.log: list[Event] = []
        self.history: list[str] = []
        self.movers = bytearray()  # the seat that took each decision of ``history`` (one byte each)
        self.actor = 0  # the seat whose decision is being applied
        self.scripted_targets: list[str] = []  # scenarios: card ids that replace random Disaster targets
        if _state is not None:
            self.state = _state
        else:
            self.state = new_state(self)
            self._advance()

    # ------------------------------------------------------------------ the interface

    @property
    def over(self) -> bool:
        return game_over(self.state)

    @property
    def result(self) -> dict[str, Any] | None:
        return self.state.result

    @property
    def to_move(self) -> int | None:
        """The seat that must decide now (None when the game is over)."""
        p = self.state.pending
        return None if p is None else p.seat

    @property
    def decision(self) -> Decision | None:
        return self.state.pending

    def legal_actions(self) -> list[str]:
        p = self.state.pending
        return [] if p is None else list(p.actions)

    def apply(self, action: str | Action) -> None:
        """Apply one legal action; raise :class:`IllegalAction` (state untouched) otherwise.

        The referee's door (records, scenarios, AI players): besides the legal texts it also accepts the
        engine's own text for an action the decision shows with a handle (``yield c40`` for
        ``yield item1@c5``). A face acting for a seat uses :meth:`apply_as`, which accepts only the texts
        that seat was shown."""
        self._apply(action, referee=True)

    def apply_as(self, seat: int, action: str | Action) -> None:
        """Apply an action on behalf of ``seat``; refuses (state untouched) when another seat must act, and
        accepts only the action texts ``seat`` was shown."""
        if self.to_move != seat:
            who = "nobody" if self.to_move is None else f"seat {self.to_move}"
            rules = GAME_OVER_RULES if self.to_move is None else ONE_SEAT_RULES
            raise IllegalAction(f"seat {seat} may not act now: {who} must decide", rules)
        self._apply(action, referee=False)

    def _apply(self, action: str | Action, *, referee: bool) -> None:
        p = self.state.pending
        if p is None:
            raise IllegalAction("the game is over: no action is legal", GAME_OVER_RULES)
        if isinstance(action, str):
            try:
                parsed = parse_action(action)
            except ActionSyntaxError as exc:
                raise IllegalAction(str(exc), DECISION_RULES.get(p.kind, ("TURN-2",))) from exc
        elif well_formed(action):
            parsed = action
        else:  # a structured value that no text parses to (a cell of 3 numbers, a bool, a negative card)
            raise IllegalAction(
                f"malformed action {action!r}: see engine/core/actions.py for the notation",
                DECISION_RULES.get(p.kind, ("TURN-2",)),
            )
        text = str(parsed)
        parsed_text = text
        internal = text
        if text in p.actions:
            internal = p.handles.get(text, text)
        elif referee and p.handles and text in p.handles.values():
            internal = text
            text = next(k for k, v in p.handles.items() if v == text)
        else:
            why = refusal(self, parsed)  # engine/faces/explain.py: a reason and its rule ids
            reason = f"{why} " if why.specific else ""
            shown = p.actions[:12]
            raise IllegalAction(
                f"{text!r} is not legal now: {reason}seat {p.seat} must {p.prompt} ({', '.join(why.rules)}); "
                f"legal: {', '.join(shown)}" + (" …" if len(p.actions) > 12 else ""),
                why.rules,
            )
        if internal != parsed_text:
            parsed = parse_action(internal)
        self.state.pending = None
        self.actor = p.seat
        self.movers.append(p.seat)
        self.history.append(sys.intern(text))  # one string for each action text ("done" most of all): less memory
        if parsed.verb == "flash":  # CARD-15: a Flash Effect interrupts the decision (engine/procedures/flash.py)
            flash.play(self, p, parsed)
        elif parsed.verb == "use":  # CARD-17: an activated ability interrupts the decision (procedures/activated.py)
            activated.play(self, p, parsed)
        else:
            frame = self.state.agenda[-1]
            frame.resume(self, parsed)
        if self.state.vehicle_cards:  # CARD-13: an Enhancement leaves with its vehicle
            vehicles.settle(self)
        if self.rules.dragon_ball_win:  # WIN-5: checked after every decision (AMB-51)
            dragon_ball_win(self)
        self._advance()
        if self.state.looked:  # what a seat looked at and has moved since is no longer known (effects/looks.py)
            looks.prune(self)

    def explain(self, action: str | Action, seat: int | None = None) -> Explanation:
        """Why ``action`` is legal or not now, in words, with the RULES.md ids (engine/faces/explain.py)."""
        return explain(self, action, seat)

    def view(self, seat: int) -> dict[str, Any]:

        return view(self, seat)

    def events_for(self, seat: int | None) -> list[Event]:
        """The event log as ``seat`` may see it (None: everything, for replays and tests)."""
        if seat is None:
            return copy.deepcopy(self.log)
        return copy.deepcopy([e for e in self.log if e.get("to") is None or seat in e["to"]])

    def clone(self, with_log: bool = False) -> Game:
        g = Game(self.config, self.db, _state=copy_state(self.state))
        g.rules, g._paths = self.rules, dict(self._paths)
        g._path_cells = dict(self._path_cells)
        g._items, g._auras, g._statics, g._reach = self._items, self._auras, self._statics, dict(self._reach)
        g._worth, g._weres = self._worth, self._weres
        g._order = None
        g.log = list(self.log) if with_log else []
        g.history = list(self.history)
        g.movers = bytearray(self.movers)
        g.actor = self.actor
        g.scripted_targets = list(self.scripted_targets)
        return g

    def last_decision_of(self, seat: int) -> int | None:
        """The index in :attr:`history` of the last decision ``seat`` took (None: none yet): where an undo of
        that seat's last decision restores the game to (:meth:`restore` with the actions before it)."""
        i = self.movers.rfind(bytes((seat,)))
        return None if i < 0 else i

    def state_hash(self) -> str:
        """A short hash of the state's value (equal states hash equal, however they were built)."""
        return hashlib.sha256(repr(_canonical(self.state)).encode()).hexdigest()[:16]

    # ------------------------------------------------------------------ helpers for rule procedures

    def _advance(self) -> None:
        s = self.state
        guard = 0
        found = self._weres  # Characters that are Disasters while transformed: none in most games
        if found is None or found[0] is not s.cards:
            found = self._weres = (s.cards, were.weres(self))
        turned = found[1]
        while s.pending is None and not game_over(s) and s.agenda:
            if turned:
                were.sweep(self, turned)  # between two steps of a turn (procedures/were.py)
                if s.pending is not None or game_over(s) or not s.agenda:
                    break
            s.agenda[-1].run(self)
            guard += 1
            if guard > 1_000_000:  # pragma: no cover - a rule procedure that makes no progress
                raise RuntimeError("the rules engine made no progress")
        if s.pending is None and not game_over(s):
            finish(self, "no more play")

    def ask(self, seat: int, kind: str, prompt: str, actions: Iterable[str]) -> None:
        acts = list(dict.fromkeys(actions))
        if kind in flash.FLASH_KINDS:
            acts += flash.options(self, seat, kind)  # CARD-15: Flash Effects the seat may play now
        if kind in activated.USE_KINDS:
            acts += activated.options(self, seat, kind)  # CARD-17: activated abilities the seat may use now
        if not acts:  # pragma: no cover - every decision offers at least one action
            raise RuntimeError(f"decision {kind} for seat {seat} has no legal action")
        acts, hidden = handles.hide(self, seat, acts)  # MISC-7: cards the seat may not see by handle only
        self.state.pending = Decision(seat, kind, prompt, acts, hidden)

    def push(self, frame: Any) -> None:
        self.state.agenda.append(frame)

    def pop(self) -> None:
        self.state.agenda.pop()

    def emit(self, kind: str, to: Iterable[int] | None = None, **data: Any) -> None:
        """Record an event; ``to`` limits who may see it (None: everyone)."""
        self.log.append(make_event(kind, self.state.turn, to, data))

    def card(self, uid: int) -> Card:
        return self._cards[self.state.cards[uid]]

    def name(self, uid: int) -> str:
        return self.card(uid).name

    def rand_below(self, n: int) -> int:
        r = make_rng(self.config.rng, self.config.seed, self.state.rng)
        v = r.below(n)
        self.state.rng = r.state
        return v

    def shuffle(self, items: list[int]) -> None:
        r = make_rng(self.config.rng, self.config.seed, self.state.rng)
        r.shuffle(items)
        self.state.rng = r.state
        if self.state.looked:  # a shuffled card's place is secret again (effects/looks.py)
            looks.forget(self, items)

    # -- card facts

    def is_item(self, uid: int) -> bool:
        return self._cards[self.state.cards[uid]].type is _ITEM

    def item_uids(self) -> frozenset[int]:
        """Every Item instance of the game. The state's card list never changes once dealt (copies share it),
        so the set is worked out once per list; a state given another list (a search's sample) gets its own."""
        listed = self.state.cards
        if self._items is None or self._items[0] is not listed:
            cards, item = self._cards, CardType.ITEM
            self._items = (listed, frozenset(u for u, c in enumerate(listed) if c in cards and cards[c].type is item))
        return self._items[1]

    def places_in_order(self) -> list[PlaceFacts]:
        """The Places (Locations and Havens) by cell, row by row, with what never changes of each (uid, cell,
        card id, owner, Haven or not): kept until the Field changes."""
        s = self.state
        found = self._order
        if found is None or found[0] != s.field_version or found[1] is not s.places:
            ordered = sorted(s.places.values(), key=lambda pl: pl.cell)
            facts = [(pl.uid, pl.cell, s.cards[pl.uid], pl.owner, pl.haven) for pl in ordered]
            found = self._order = (s.field_version, s.places, facts)
        return found[2]

    def item_worth(self) -> dict[int, int]:
        """The Item instances that count as more than one Item in the tally, with what each counts as (C-ko
        Kotobuki's ``item_worth``): worked out once per card list, as :meth:`item_uids`; empty in most games."""
        listed = self.state.cards
        if self._worth is None or self._worth[0] is not listed:
            cards, worth = self._cards, {}
            for u in self.item_uids():
                found = statics.of_kind(cards[listed[u]], ItemWorth)
                if found:
                    worth[u] = found[0].count
            shown = frozenset(u for u in worth if bearer.face_up_item(cards[listed[u]]))
            self._worth = (listed, worth, shown)
        return self._worth[1]

    def item_worth_shown(self) -> frozenset[int]:
        """Those of :meth:`item_worth` that a Character carries face up (their text acts while carried, CARD-10:
        C-ko Kotobuki's -1 Attack): carried, they count fully in the tallies every seat sees."""
        self.item_worth()
        assert self._worth is not None
        return self._worth[2]

    def aura_uids(self) -> frozenset[int]:
        """The instances whose card has an ``aura`` effect (Little Washu, Washu): worked out once per card list,
        as :meth:`item_uids`."""
        listed = self.state.cards
        if self._auras is None or self._auras[0] is not listed:
            cards = self._cards
            self._auras = (
                listed,
                frozenset(u for u, c in enumerate(listed) if c in cards and statics.of_kind(cards[c], Aura)),
            )
        return self._auras[1]

    def is_disaster(self, uid: int) -> bool:
        return self._cards[self.state.cards[uid]].type in _DISASTER_TYPES

    def is_combat_disaster(self, uid: int) -> bool:
        card = self._cards[self.state.cards[uid]]
        if card.disaster is None:  # a Character come back as a Disaster (Dracula's victim)
            if card.effects and uid in self.state.disasters and attacks_as_disaster(card.effects) is not None:
                return True  # a card attacking as a Disaster (Robot Guard, procedures/activated.py)
            if not self.state.lasting or uid not in self.state.disasters:
                return False
            return lasting.undead(self, uid) > 0 or lasting.were(self, uid) >= 0  # or one turned Disaster (Gohan)
        if not card.disaster.combat and self.state.lasting and uid in self.state.disasters:
            model = lasting.copied(self, uid)  # it has taken on another Disaster (The Mass)
            if model != OFF:
                return self.is_combat_disaster(model)
        if self.rules.combat_disaster == "attack_defense_movement" and card.movement is None:
            return False
        return card.disaster.combat

    def is_major(self, uid: int) -> bool:
        card = self.card(uid)
        if card.type is CardType.MAJOR_DISASTER:
            return True
        if card.disaster is None:  # a Character turned Disaster while transformed (Baby Gohan under Full Moon)
            index = lasting.were(self, uid) if self.state.lasting and uid in self.state.disasters else -1
            v = card.effects[index].do if index >= 0 else None
            return isinstance(v, WereDisaster) and v.major
        return bool(self.state.statics) and uid in self.state.statics and lasting.counts_as_major(self, uid)

    # -- positions

    def characters_at(self, place: int, seat: int | None = None) -> list[CharacterState]:
        return [
            c
            for c in self.state.characters.values()
            if c.pos == place and c.bonked_at < 0 and (seat is None or c.owner == seat)
        ]

    def on_field(self, seat: int) -> int:
        """Characters of ``seat`` on Locations (the six-Character cap counts these, TURN-16, AMB-28)."""
        places = self.state.places
        return sum(
            1
            for c in self.state.characters.values()
            if c.owner == seat and c.pos != OFF and c.bonked_at < 0 and not places[c.pos].haven
        )

    def carried_items(self, ch: CharacterState) -> list[int]:
        cards, ids = self._cards, self.state.cards
        return [u for u in ch.carried if cards[ids[u]].type is _ITEM]

    def ability(self, uid: int, name: str) -> int:
        return abilities.value(self, uid, name)

    def max_health(self, uid: int) -> int:
        return abilities.max_health(self, uid)

    def discard(self, uid: int) -> None:
        """Put a card in its owner's Discard pile (MISC-3); a Discarded Item counts for the Disasters."""
        self.state.players[self.state.owner[uid]].discard.append(uid)
        if self.is_item(uid):
            self.state.disaster_items.append(uid)

    def destroy(self, uid: int) -> None:
        """Remove a card from the game (MISC-3); a Destroyed Item counts for the Disasters (DIS-6)."""
        self.state.destroyed.append(uid)
        if self.is_item(uid):
            self.state.disaster_items.append(uid)

    @staticmethod
    def restore(config: GameConfig, actions: Iterable[str], db: CardDB | None = None) -> Game:
        """Replay ``actions`` from the start of ``config``'s game."""
        g = Game(config, db)
        for i, a in enumerate(actions):
            try:
                g.apply(a)
            except IllegalAction as exc:
                raise IllegalAction(f"action {i + 1} ({a!r}): {exc}", exc.rules) from exc
        return g
