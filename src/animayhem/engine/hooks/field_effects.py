"""Hooks of Disasters whose text depends on what lies where on the Field: Defense Forces settling on an Item,
Dimensional Vortex sending everyone away, Short Out blocking a Computer Location when there is no Computer card.

A hook that only decides *whether* something happens runs the ``chained`` effect that follows it in the card's
data, so what happens stays written in the effect language (its text and numbers rendered from the record).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from animayhem.cards.effects import What
from animayhem.engine.core.events import cell_list
from animayhem.engine.core.field import distances
from animayhem.engine.core.state import OFF
from animayhem.engine.effects import primitives, triggers
from animayhem.engine.effects.card_hooks import HookCall, hook

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context

_COMPUTER: Final = What(types=("equipment", "enhancement", "item", "vehicle", "global-effect"), has=("Computer",))


def _chained(g: Context, ctx: HookCall) -> bool:
    """Run the ``chained`` effect right after the hook's own effect."""
    i = ctx.index + 1
    fx = g.card(ctx.source).effects
    if i >= len(fx) or fx[i].when != "chained":  # pragma: no cover - a data error, caught by the hook tests
        raise ValueError(f"{g.card(ctx.source).id}: hook {ctx.effect.do.verb} needs a chained effect after it")
    return triggers.run(g, ctx.source, i, fx[i], ctx.seat, ctx.place)


@hook("settle_on_item")
def settle_on_item(g: Context, ctx: HookCall) -> bool:
    """Defense Forces: where it stops with an Item face down under the Location, the chained effect acts (it
    stops for good and gains its bonus; the effect lasts once, so stopping again changes nothing)."""
    if ctx.place == OFF:
        return False
    if not any(g.is_item(u) for u in g.state.places[ctx.place].under):
        return False
    return _chained(g, ctx)


@hook("without_computer")
def without_computer(g: Context, ctx: HookCall) -> bool:
    """Short Out: only when no Computer card is in play (one a Character carries or wears, or a Global Effect;
    cards stored in a Haven or face down under a Location do not count), the chained effect acts."""
    if triggers.cards(g, _COMPUTER, OFF):
        return False
    return _chained(g, ctx)


@hook("vortex")
def vortex(g: Context, ctx: HookCall) -> bool:
    """Dimensional Vortex: with Characters at its Location, every one of them and every Item face down there go
    to the nearest Dimensional Location (another one than its own), else to the farthest Location from it.
    Carried cards go with their carriers. Ties go to the Location with the lowest cell (row, then column)."""
    s = g.state
    place = ctx.place
    if place == OFF or s.places[place].haven:
        return False
    group = triggers.free_to_leave(g, sorted(g.characters_at(place), key=lambda c: c.uid))
    if not group:
        return False  # nobody there, or a card keeps them all there (CARD-22)
    cell = s.places[place].cell
    far = distances(s, cell, g.rules.adjacency, 99)
    options = [
        (far[pl.cell], pl.cell[1], pl.cell[0], uid)
        for uid, pl in s.places.items()
        if uid != place and not pl.haven and not pl.destroyed and pl.cell in far and s.grid.get(pl.cell) == uid
    ]
    if not options:
        return False
    dimensional = [o for o in options if any(i.value == "dimensional" for i in g.card(o[3]).icons)]
    if dimensional:
        dest = min(dimensional)[3]
        how = "dimensional"
    else:
        best = max(o[0] for o in options)
        dest = min(o for o in options if o[0] == best)[3]
        how = "farthest"
    items = [u for u in s.places[place].under if g.is_item(u)]
    for ch in group:
        primitives.place_character(g, ch, dest, ctx.source)
    for u in items[::-1]:
        primitives.move_under(g, u, place, dest)
    g.emit(
        "vortex",
        card=g.card(ctx.source).id,
        source=cell_list(cell),
        dest=cell_list(s.places[dest].cell),
        characters=[g.card(c.uid).id for c in group],
        items=len(items),
        how=how,
    )
    return True
