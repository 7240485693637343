"""What the engine's layers may see of a game: the narrow interfaces that :class:`~animayhem.engine.game.Game`
implements.

Rule procedures, effect verbs, card hooks and the faces' helpers never import ``game.py``: they take a
:class:`Context` (or, for the faces' helpers, a :class:`Table`), a :class:`typing.Protocol` naming exactly
what they use: the state, the ruleset, card facts, the event stream, the agenda of frames, the seeded RNG
and a few position queries. ``Game`` names :class:`Table` as its base (mypy checks that it implements both),
so the arrows inside the engine point one way: ``game.py`` on top, everything else below it. Naming the base
costs pure Python nothing measurable and lets the compiled core (tools/compile_core.py) reach a ``Game``'s
attributes and methods through a ``Context`` directly, without a lookup by name (about 4 % of a decision's
instructions).

The ``_``-names are caches kept beside the state (never part of it: a clone shares or drops them); only the
modules named beside each may read or fill them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

from animayhem.engine.core.events import Event

if TYPE_CHECKING:
    from animayhem.cards.database import CardDB
    from animayhem.cards.model import Card
    from animayhem.engine.core.actions import Action
    from animayhem.engine.core.config import GameConfig
    from animayhem.engine.core.state import Cell, CharacterState, Decision, GameState
    from animayhem.engine.core.statics import InPlay
    from animayhem.rules.ruleset import Ruleset

PlaceFacts = tuple[int, "Cell", str, int, bool]  # a Place's uid, cell, card id, owner, Haven or not (never change)


class Context(Protocol):
    """A game as the rules see it: what a procedure, an effect verb or a card hook may read and change."""

    config: GameConfig
    rules: Ruleset
    db: CardDB
    state: GameState
    log: list[Event]
    actor: int  # the seat whose decision is being applied
    scripted_targets: list[str]  # scenarios: card ids that replace random Disaster targets

    # caches kept beside the state (see the module's docstring)
    _cards: Mapping[str, Card]  # the card database by id
    _paths: dict[tuple[str, bool, int], list[int]]  # Disaster paths (procedures/disasters.py)
    _path_cells: dict[tuple[str, bool, int], list[Cell]]  # their cells (procedures/disasters.py)
    _reach: dict[tuple[Cell, int, int], tuple[dict[Cell, int], dict[Cell, Cell]]]  # procedures/pursuit.py
    _statics: InPlay | None  # the static effects in play by kind (core/statics.py)

    # the agenda, decisions and events
    def ask(self, seat: int, kind: str, prompt: str, actions: Iterable[str]) -> None: ...

    def push(self, frame: Any) -> None: ...

    def pop(self) -> None: ...

    def emit(self, kind: str, to: Iterable[int] | None = None, **data: Any) -> None: ...

    # the seeded RNG (the only source of chance)
    def rand_below(self, n: int) -> int: ...

    def shuffle(self, items: list[int]) -> None: ...

    # card facts
    def card(self, uid: int) -> Card: ...

    def name(self, uid: int) -> str: ...

    def is_item(self, uid: int) -> bool: ...

    def is_disaster(self, uid: int) -> bool: ...

    def is_combat_disaster(self, uid: int) -> bool: ...

    def is_major(self, uid: int) -> bool: ...

    def item_uids(self) -> frozenset[int]: ...

    def item_worth(self) -> dict[int, int]: ...

    def item_worth_shown(self) -> frozenset[int]: ...

    def aura_uids(self) -> frozenset[int]: ...

    def places_in_order(self) -> list[PlaceFacts]: ...

    # positions and values
    def characters_at(self, place: int, seat: int | None = None) -> list[CharacterState]: ...

    def on_field(self, seat: int) -> int: ...

    def carried_items(self, ch: CharacterState) -> list[int]: ...

    def ability(self, uid: int, name: str) -> int: ...

    def max_health(self, uid: int) -> int: ...

    # where cards go
    def discard(self, uid: int) -> None: ...

    def destroy(self, uid: int) -> None: ...


class Table(Context, Protocol):
    """A game as the faces' helpers see it (views, explanations, quick set-up): the rules' context plus the
    interface a face drives."""

    history: list[str]

    @property
    def to_move(self) -> int | None: ...

    @property
    def decision(self) -> Decision | None: ...

    def view(self, seat: int) -> dict[str, Any]: ...

    def apply(self, action: str | Action) -> None: ...


class Frame(Protocol):
    """One step of a rule procedure on the state's agenda: ``run`` advances it until it finishes, pushes a
    sub-procedure or poses a decision; ``resume`` takes the decision."""

    def run(self, g: Context) -> None: ...

    def resume(self, g: Context, action: Action) -> None: ...


__all__ = ["Context", "Event", "Frame", "PlaceFacts", "Table"]
