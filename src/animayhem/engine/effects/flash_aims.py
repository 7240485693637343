"""The verbs of Flash Effects played from hand that act on their own (RULES.md CARD-15; engine/effects/triggers.py
runs them): ``draw_card`` (Go Fish), ``extra_move`` (Ambulance), the ``damage_taken`` factor read in the combat
exchange (Flying Block), and the blocking Disasters a ``destroy_target: {blocking: true}`` may name (Forceful
Passage). What a card names and when it is offered are engine/effects/flash_targets.py's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from animayhem.cards.effects import Block, DamageTaken, DrawCard, Effect, ExtraCombatCards, ExtraMove, Steer
from animayhem.engine.core.state import NEXT_ROUND, OFF, PAID_ENERGY_COUNTER, SLOTS, CharacterState
from animayhem.engine.core.statics import in_play
from animayhem.engine.effects import lasting

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


def draw(g: Context, seat: int, source: int, v: DrawCard) -> bool:
    """``draw_card``: the seat draws ``v.count`` cards from its Draw pile into its hand (only it learns which); a
    Disaster drawn is Discarded face up instead (it does not come into play). False when the pile is empty."""
    s = g.state
    p = s.players[seat]
    n = 0
    for _ in range(v.count):
        if not p.draw:
            break
        u = p.draw.pop()
        n += 1
        card = g.card(u)
        if card.type.is_disaster:
            g.discard(u)
            g.emit("drawn_disaster_discarded", seat=seat, card=card.id, uid=u, by=g.card(source).id)
            continue
        p.hand.append(u)
        g.emit("card_drawn", to=[seat], seat=seat, card=card.id, uid=u)
        g.emit("card_drawn_hidden", to=[x for x in range(len(s.players)) if x != seat], seat=seat)
    return n > 0


def blockers(g: Context, seat: int) -> list[int]:
    """The Disasters in play whose ``block`` holds a Location where ``seat``'s Characters stand (a lasting
    block on that Location, or a Disaster there that blocks where it stands): Forceful Passage."""
    s = g.state
    mine = {c.pos for c in s.characters.values() if c.owner == seat and c.pos != OFF and c.bonked_at < 0}
    out: set[int] = set()
    for rec in s.lasting:
        blocks = rec.source in s.disasters and isinstance(lasting.effect_of(g, rec).do, Block)
        if blocks and any(t in mine for t in rec.targets):
            out.add(rec.source)
    if s.statics:
        for src, b in in_play(g).of(Block):
            d = s.disasters.get(src)
            if b.where == "here" and d is not None and d.pos in mine:
                out.add(src)
    return sorted(out)


def damage_taken(g: Context, uid: int) -> tuple[int, int]:
    """The factor on the damage attacks deal to the Character or Disaster ``uid`` now (a ``damage_taken`` effect
    lasting on it: Flying Block, Frozen), with the card that sets it (1, OFF: none)."""
    factor, by = 1, OFF
    for rec in g.state.lasting:
        if uid in rec.targets:
            v = lasting.effect_of(g, rec).do
            if isinstance(v, DamageTaken) and v.how in ("times", "reflect") and not v.weapons:
                factor, by = factor * v.times, rec.source
    return factor, by


def fells(g: Context, uid: int) -> int:
    """The card whose ``damage_taken`` effect lasting on the Disaster ``uid`` makes a strike that deals it damage
    Defeat it (``how: fells``: Meltdown), or OFF."""
    for rec in g.state.lasting:
        if uid in rec.targets:
            v = lasting.effect_of(g, rec).do
            if isinstance(v, DamageTaken) and v.how == "fells":
                return rec.source
    return OFF


def halved(g: Context, uid: int, running: bool) -> int:
    """The card whose ``damage_taken`` effect lasting on the Character ``uid`` halves the damage of the attack on it
    now (``halve``; ``halve_running`` only on the last attack as its side Runs Away: Know When to Run), or OFF."""
    for rec in g.state.lasting:
        if uid in rec.targets:
            v = lasting.effect_of(g, rec).do
            if isinstance(v, DamageTaken) and (v.how == "halve" or (running and v.how == "halve_running")):
                return rec.source
    return OFF


def steered(g: Context, dis: int, running: bool) -> tuple[str, int]:
    """How a ``steer`` effect lasting on the Disaster ``dis`` changes every attack it makes this round: ``hold`` (none
    deals damage: Introduction), ``halve`` (halved, rounded down, on a side that Runs Away: Know When to Run), or
    ``""``; with the card that does it (OFF: none)."""
    for rec in g.state.lasting:
        if dis in rec.targets:
            v = lasting.effect_of(g, rec).do
            if isinstance(v, Steer) and v.how == "hold":
                return "hold", rec.source
            if isinstance(v, Steer) and v.how == "halve_running" and running:
                return "halve", rec.source
    return "", OFF


def divert(g: Context, source: int, index: int, e: Effect, about: tuple[int, ...]) -> bool:
    """``steer`` with ``how: divert`` resolves: a record on the card named (a Character or a Disaster in the fight)
    for the round, counting the Energy paid for the card (:data:`PAID_ENERGY_COUNTER`), which the combat exchange
    reads (:func:`diverted_to`)."""
    s = g.state
    n = s.counters.pop(source * SLOTS + PAID_ENERGY_COUNTER, 0)
    onto = [
        u
        for u in about
        if (u in s.characters and s.characters[u].pos != OFF) or (u in s.disasters and s.disasters[u].pos != OFF)
    ]
    if not onto or n <= 0:
        return False
    lasting.add(g, source, index, onto[:1], s.owner[source], e.turns, NEXT_ROUND, count=n)
    named = [g.card(onto[0]).id]
    if onto[0] in s.characters:
        g.emit("effect_started", card=g.card(source).id, uid=source, characters=named, turns=None)
    else:
        g.emit("effect_started", card=g.card(source).id, uid=source, disasters=named, turns=None)
    return True


def diverted_to(g: Context, place: int) -> list[tuple[int, int, int]]:
    """The ``steer`` ``divert`` records lasting now on cards at ``place``: (the card the damage goes to, how many
    points, the card that moves them), in the order they were played."""
    s = g.state
    out = []
    for rec in s.lasting:
        u = rec.targets[0] if rec.targets else OFF
        if u in s.characters:
            there = s.characters[u].pos == place and s.characters[u].bonked_at < 0
        else:
            there = u in s.disasters and s.disasters[u].pos == place
        if there:
            v = lasting.effect_of(g, rec).do
            if isinstance(v, Steer) and v.how == "divert":
                out.append((u, rec.count, rec.source))
    return out


def reflects(g: Context, source: int) -> bool:
    """Whether the ``damage_taken`` effect of ``source`` lasting now turns the attack back on the Disaster that made it
    (``how: reflect``: Reverse Attack)."""
    for rec in g.state.lasting:
        if rec.source == source:
            v = lasting.effect_of(g, rec).do
            if isinstance(v, DamageTaken) and v.how == "reflect":
                return True
    return False


def extra_move(g: Context, source: int, named: list[CharacterState], v: ExtraMove) -> bool:
    """``extra_move``: the Characters named (and, with ``group``, their player's others at that Location that
    have moved) get back the Movement they used this turn (TURN-17), once again free to move."""
    chosen = {c.uid: c for c in named}
    if v.group:
        for c in named:
            chosen.update({o.uid: o for o in g.characters_at(c.pos, c.owner) if o.moved})
    fresh = sorted(chosen.values(), key=lambda c: c.uid)
    for c in fresh:
        c.moved, c.spent = False, 0
    if fresh:
        g.emit("effect_started", card=g.card(source).id, uid=source, characters=[g.card(c.uid).id for c in fresh])
    return bool(fresh)


def combat_cards(g: Context, uid: int) -> tuple[int, int]:
    """How many Combat cards are drawn for the Character ``uid`` when it is attacked now (an
    ``extra_combat_cards`` effect lasting on it: Crazy Eyes), with the card that sets it (1, OFF: none)."""
    count, by = 1, OFF
    for rec in g.state.lasting:
        if uid in rec.targets:
            v = lasting.effect_of(g, rec).do
            if isinstance(v, ExtraCombatCards) and v.count > count:
                count, by = v.count, rec.source
    return count, by
