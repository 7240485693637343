"""The combat against a Disaster as the cards and the other procedures see it (RULES.md COMBAT-1 …).

A fight keeps one frame on the agenda (procedures/combat.py ``Combat``). The cards played into it (Flash
Effects, activated abilities, answers, vehicles) live below that procedure in the engine's layers, so they find
the frame through the base class here rather than by the names of its fields, and a card played at one of its
decisions asks that decision again through :func:`ask_again`, the one place that decides what is still
offered once the card has resolved.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final, Protocol

from animayhem.engine.core.actions import parse_action

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


class FightFrame:
    """Base of the frame of a combat against a Disaster: what the cards read and change of it."""

    __slots__ = ()  # the frames are slotted dataclasses: the fields declared below are theirs

    dis: int  # the Disaster fought
    place: int  # where
    target: int  # the Character it attacks this round (OFF between rounds)
    round: int
    used: list[int]  # activated abilities used in it: card uid * 1000 + round (procedures/activated.py)
    called_off: bool  # a card ended it with no result (``call_off``)
    cancelled: int  # the Boosts its Disaster's text cancelled in it (``combat_rule`` ``cancels``: Toma)

    def parting_blow(self, g: Context, by: int) -> None:
        """The Disaster's last attack on the Character it attacks this round, which leaves the fight by the card
        ``by`` (its damage halved, rounded down: Goz' Flying Machine); procedures/combat.py deals it."""
        raise NotImplementedError

    def mark_called_off(self) -> None:
        """A card ends the fight at once, with no result (``call_off``); its procedure ends it at its next step."""
        raise NotImplementedError

    def count_cancelled(self) -> None:
        """One more Boost cancelled in it by its Disaster's text (Toma)."""
        raise NotImplementedError


class DuelFrame:
    """Base of the frame of a fight between players' Characters (procedures/fights.py ``Fight``): what the Flash
    Effects played in it read and change. ``flashing`` is set while its window is open (the round's blows are
    declared and not yet dealt), so a card offered at a combat decision names the Characters of this fight."""

    __slots__ = ()

    place: int
    seats: list[int]  # [the player who started the fight, the defender]
    round: int
    hit_by: list[int]  # the round's attackers, in the order declared
    hit_at: list[int]  # their targets
    flashing: bool  # its window is open: the blows are declared, not yet dealt
    called_off: bool  # a card ended it with no result (``call_off``)

    def mark_called_off(self) -> None:
        """A card ends the fight at once, with no result (``call_off``), before the round's blows."""
        raise NotImplementedError


def duel(agenda: list[object]) -> DuelFrame | None:
    """The fight between players whose window is open now (under the window and the Flash Effects played in it),
    or None."""
    for frame in agenda[::-1]:
        if isinstance(frame, DuelFrame):
            return frame if frame.flashing else None
        if isinstance(frame, FightFrame):
            return None
    return None


def on_top(agenda: list[object]) -> FightFrame | None:
    """The fight whose decision is being asked now: the frame on top of the agenda, when it is one."""
    top = agenda[-1] if agenda else None
    return top if isinstance(top, FightFrame) else None


def under_way(agenda: list[object]) -> FightFrame | None:
    """The innermost fight on the agenda, wherever it lies under what was pushed above it."""
    for frame in agenda[::-1]:
        if isinstance(frame, FightFrame):
            return frame
    return None


ADDED: Final = ("use ", "flash ")
"""How the actions begin that Game.ask adds to a decision by itself (activated abilities, Flash Effects): a
decision asked again offers them afresh, never the ones it held when it was first asked."""


class Asked(Protocol):
    """A decision asked at a fight, kept by what was played at it so it can be asked again."""

    seat: int
    kind: str
    prompt: str
    actions: list[str]


def ask_again(
    g: Context,
    asked: Asked,
    fallback: str | None,
    striking: Callable[[int], bool] | None = None,
    together: Callable[[tuple[int, ...]], bool] | None = None,
) -> None:
    """Ask the fight's decision again once a card played at it has resolved, without the actions naming a
    Character that has left the fight (Bonked, or moved away). Nothing is asked when the fight is over for
    that decision: called off, the Disaster gone, or the attacked Character gone (the fight's procedure then
    goes on by itself, on a new round or to its end). ``fallback``: the action offered when none is left.
    ``striking``: whether a Character may still strike (a card just resolved may forbid it: Genki-Dama); a
    ``strike`` naming one that may not is dropped, and with every such one gone, striking with nobody is left.
    ``together``: whether Characters may strike together (a card just resolved may keep some apart: Female
    Jealousy); a ``strike`` naming several that may not is dropped. The activated abilities and Flash Effects
    the decision held (:data:`ADDED`) are left out: Game.ask adds those usable now."""
    s = g.state
    fight = on_top(s.agenda)
    if fight is None or fight.called_off:
        return
    place, dis = fight.place, fight.dis
    d, t = s.disasters.get(dis), s.characters.get(fight.target)
    if d is None or d.pos != place or t is None or t.pos != place or t.bonked_at >= 0:
        return
    chars = s.characters

    def present(u: int) -> bool:
        if u == dis:
            return True
        c = chars.get(u)
        return c is not None and c.pos == place and c.bonked_at < 0

    keep = [a for a in asked.actions if not a.startswith(ADDED) and all(present(u) for u in parse_action(a).cards)]
    if striking is not None:
        strikes = [a for a in keep if a.startswith("strike")]
        ok = [a for a in strikes if all(u not in chars or striking(u) for u in parse_action(a).cards)]
        if len(ok) < len(strikes):
            keep = [a for a in keep if not a.startswith("strike") or a in ok] + ([] if ok else ["strike"])
    if together is not None and s.lasting:
        keep = [
            a
            for a in keep
            if not a.startswith("strike ") or together(tuple(u for u in parse_action(a).cards if u in chars))
        ]
    if not keep and fallback is not None:
        keep = [fallback]
    g.ask(asked.seat, asked.kind, asked.prompt, keep)


__all__ = ["ADDED", "Asked", "DuelFrame", "FightFrame", "ask_again", "duel", "on_top", "under_way"]
