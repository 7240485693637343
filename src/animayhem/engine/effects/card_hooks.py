"""Named hooks: the few card abilities no verb of the effect language says yet (RULES.md CARD-1, MISC-12).

A card's effect names a hook (``do: {hook: {name: NAME, text: ...}}``); the interpreter (engine/effects/triggers.py)
calls the function registered here under that name, with the trigger's context, exactly where it would run a
verb. A hook is ordinary rule code: it changes the state only through the rule primitives
(engine/effects/primitives.py) and the lasting-effect records (engine/effects/lasting.py), it emits events, and it draws
randomness only from the game's RNG, so clone, save and replay keep working. Each hook has a test that drives
the engine through it. When several cards need the same hook, it becomes a verb.

Register with :func:`hook`; :func:`names` lists them (a test checks every hook the card data names exists).
The numbers a hook uses are the card's data, not Python constants: the hook declares their names
(``@hook("backlash", numbers=("damage",))``), the card's effect gives them (``with: {damage: 2}``, shown in
its text) and the hook reads them with :meth:`HookCall.number`; a test checks each card gives exactly the
numbers its hook declares.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from animayhem.cards.effects import Effect, Hook

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context
    from animayhem.engine.core.state import CharacterState


@dataclass(frozen=True, slots=True)
class HookCall:
    """Where a hook was triggered: the card instance, which of its effects, the seat it acts for, and the Place
    it acts at (OFF when none). ``about``: the Characters the trigger concerns (``round``: who struck it;
    ``beats``: the one beaten); ``amount``: ``round``: the damage it took that round; ``round``: the round number."""

    source: int
    index: int
    effect: Effect
    seat: int | None
    place: int
    about: tuple[int, ...] = ()
    amount: int = 0
    round: int = 0

    def number(self, name: str) -> int:
        """The number ``name`` the card's data gives this hook (its effect's ``with``)."""
        do = self.effect.do
        assert isinstance(do, Hook)
        return do.number(name)


HookFn = Callable[["Context", HookCall], bool]
# whether a hook used as an activated ability has something to do now: (game, the card used, its user)
ReadyFn = Callable[["Context", int, "CharacterState"], bool]
_HOOKS: dict[str, HookFn] = {}
_NUMBERS: dict[str, frozenset[str]] = {}
_READY: dict[str, ReadyFn] = {}


def hook(name: str, numbers: tuple[str, ...] = (), ready: ReadyFn | None = None) -> Callable[[HookFn], HookFn]:
    """Register ``fn`` as the hook ``name`` (it returns True when it did something); ``numbers``: the names of
    the numbers the card's data gives it (``with``); ``ready``: for a hook an activated ability (``when: use``)
    runs, whether it has something to do now (the use is offered only then)."""

    def register(fn: HookFn) -> HookFn:
        if name in _HOOKS:  # pragma: no cover - a programming error caught at import
            raise ValueError(f"hook {name!r} registered twice")
        _HOOKS[name] = fn
        _NUMBERS[name] = frozenset(numbers)
        if ready is not None:
            _READY[name] = ready
        return fn

    return register


def ready(g: Context, name: str, source: int, user: CharacterState) -> bool:
    """Whether the hook ``name``, used through ``user`` (the card ``source``'s activated ability), has something
    to do now (True for a hook that does not say)."""
    fn = _READY.get(name)
    return fn is None or fn(g, source, user)


def names() -> frozenset[str]:
    return frozenset(_HOOKS)


def numbers(name: str) -> frozenset[str]:
    """The names of the numbers the hook ``name`` reads from its card's data."""
    return _NUMBERS.get(name, frozenset())


def call(g: Context, name: str, ctx: HookCall) -> bool:
    fn = _HOOKS.get(name)
    if fn is None:
        raise ValueError(f"{g.card(ctx.source).id}: no hook named {name!r} (engine/effects/card_hooks.py)")
    return fn(g, ctx)
