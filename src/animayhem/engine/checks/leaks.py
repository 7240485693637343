"""The leak check (MISC-7): does anything given to a seat name a card that seat may not know?

:func:`hidden_uids` says, from the state alone (not from the view code it checks), which card instances a
seat may not see now. :func:`leaks` searches everything a seat is given at one moment (its view, the events
it receives, and when it decides, the prompt and every legal action's text) for the instance number or the
identity (card id, card name) of any of them. Used by the property tests and benchmarks/soak.py.

A card id or name counts as a leak only when no card the seat may see has the same id (two copies of a card
are one name): what is checked is that the seat learns nothing it could not already read off the table.
A seat remembers: a card it once saw (its own Equipment it then drops face down, an Item it was made to
hand over) may still be named to it; :class:`LeakCheck` keeps that memory over a game.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from animayhem.cards.effects import EquipFrom, EquipFromHand, PlayFromDraw, Retrieve
from animayhem.cards.model import COPY_MARK, printed_id
from animayhem.engine.core.actions import SKILL_WORDS
from animayhem.engine.core.state import OFF
from animayhem.engine.effects import bearer, control, lasting, lent, looks

if TYPE_CHECKING:
    from animayhem.engine.core.context import Event
    from animayhem.engine.game import Game

_CARD_WORD = re.compile(r"\bc([0-9]+)\b")
# events that show a card to their audience by rule: what they name is revealed, not leaked
# (the Combat cards turned up in a round are shown to everyone, then go back to their pile; the Item a card lets a
# Character take from a Disaster by its name is shown as it is taken, the only way the table can tell it is that
# Item: Makoto Mizuhara and Ifurita's Power Key Staff, ``item_won``)
REVEALS = {  # event kind -> its field naming the card shown
    "disaster_without_effect": "card",
    "fight_card": "card",
    "combat_card_half": "card",
    "combat_card_more": "card",
    "item_won": "item",
}
# fields of a ``combat_round`` event naming the Combat cards turned up beside the first in that round (Brian J.
# Mason's, Crazy Eyes'): shown to everyone as the first, even when the pile is reshuffled in the same step
REVEALED_LISTS = ("more_disaster_cards", "more_target_cards")
_UID_FIELD = re.compile(r'"(?:uid|ally_of|[a-z_]+_uid)": ([0-9]+)')
_STRING = re.compile(r'"([^"\\]*)"')


def hidden_uids(g: Game, seat: int) -> set[int]:
    """Every card instance ``seat`` may not see now (MISC-7), read from the state."""
    s = g.state
    hidden: set[int] = set()
    for p in s.players:
        hidden.update(p.items_left)  # face down even to the player placing them (SETUP-28)
        hidden.update(p.disasters_left)
        hidden.update(p.draw)  # pile order is secret, even to the owner
        hidden.update(p.combat)
        if p.seat != seat:
            if not (s.lasting and lasting.hand_open(g, p.seat)):  # a card may turn a hand face up
                hidden.update(p.hand)
            hidden.update(p.locations_left)
            hidden.update(p.starting_left)
    # unused Items (SETUP-31) are face down to all; a second form waiting is its owner's own card (CONF-55)
    hidden.update(u for u in s.set_aside if s.owner[u] != seat or g.is_item(u))
    for pl in s.places.values():
        hidden.update(pl.under)  # face down (SETUP-30)
        if pl.haven and pl.owner != seat:
            hidden.update(pl.stored)  # another player's Haven shows only how many cards it holds
    lent_now = lent.shown(g)  # named by a Pass Around: turned up as it is lent
    for c in s.characters.values():
        if control.seat_of(g, c) != seat:  # one another player controls keeps its Items face down to it
            # carried Items stay face down (SCAV-24) unless their text acts while carried (CARD-10: in use)
            hidden.update(
                u for u in c.carried if g.is_item(u) and not bearer.face_up_item(g.card(u)) and u not in lent_now
            )
    for d in s.disasters.values():
        if d.item != OFF:
            hidden.add(d.item)
            hidden.update(d.hoard)
    ask = s.pending
    if ask is not None and ask.seat == seat and ask.kind == "give":  # its group retrieved them (SCAV-24)
        hidden.difference_update(getattr(s.agenda[-1], "cards", ()))
    if ask is not None and ask.seat == seat and ask.kind == "use_choice" and _searching(g):  # it searches its pile
        hidden.difference_update(s.players[seat].draw)  # (Servant, Guru: it looks through it, then shuffles it)
    if ask is not None and ask.seat == seat and ask.kind == "line":  # it chooses its line from them (SETUP-35)
        hidden.difference_update(s.players[seat].locations_left)
    if hidden and (s.looked or looks.static_known(g, seat)):  # cards it looked at, still where it saw them
        hidden.difference_update(u for u, _, _ in looks.known(g, seat))
    return hidden


def _searching(g: Game) -> bool:
    """Whether the decision asked now is the choice of a card from the chooser's own Draw pile (a ``retrieve`` with
    ``pile: draw`` being used or resolving: procedures/activated.py, procedures/flash.py ``FlashChoosing``; an
    ``equip_from`` with ``draw`` resolving: Hidden Weapon)."""
    frame = g.state.agenda[-1] if g.state.agenda else None
    card, index = getattr(frame, "card", None), getattr(frame, "index", None)
    if not isinstance(card, int) or not isinstance(index, int):
        return False
    effects = g.card(card).effects
    v = effects[index].do if 0 <= index < len(effects) else None
    if isinstance(v, PlayFromDraw):  # Shen Lon's wish: a card of the Draw pile played at once
        return True
    return (isinstance(v, Retrieve) and v.pile == "draw") or (isinstance(v, EquipFromHand | EquipFrom) and v.draw)


_SKILLS = frozenset(SKILL_WORDS)


def _named(x: Any) -> tuple[set[int], set[str]]:
    """The instance numbers (under ``uid``, ``*_uid``, ``ally_of``) and the strings in ``x`` (one JSON pass)."""
    blob = json.dumps(x)
    return {int(m) for m in _UID_FIELD.findall(blob)}, set(_STRING.findall(blob))


# events that turn a card face up for every seat (its number and id are known from then on)
_SHOWN_TO_ALL = frozenset({"ability_used", "flash_played", "item_worth_revealed", "disaster_revealed"})


class LeakCheck:
    """The leak check over one game, with each seat's memory of the cards it has seen."""

    def __init__(self, seats: int) -> None:
        self.seen: list[set[int]] = [set() for _ in range(seats)]
        self.revealed: list[set[str]] = [set() for _ in range(seats)]

    def check(self, g: Game, seat: int, view: dict[str, Any], events: list[Event]) -> list[str]:
        """What ``seat`` is given now (its view, its new events, its decision) that names a card it may not
        know; then remember every card it may see now."""
        hidden = hidden_uids(g, seat)
        for ev in events:
            if ev["e"] == "card_drawn" and seat in ev.get("to", ()):  # drawn by this seat: it saw the card, even
                self.seen[seat].add(ev["uid"])  # if a card effect put it back into the pile since (Red Tape)
            if ev["e"] in REVEALS:
                self.revealed[seat].add(ev[REVEALS[ev["e"]]])
            # a card used is shown to all (CARD-10: an Item is turned up when used), and so is a Flash Effect played
            # (CARD-15), even when a card then shuffles it into a Draw pile in the same step (Toma), an Item
            # turned up for the final count (C-ko Kotobuki, WIN-4), and a Disaster turned up under a Location
            # (SCAV-11), even when it is Defeated and its text shuffles it into a Draw pile in that step (Sudden Stop)
            if ev["e"] in _SHOWN_TO_ALL and "uid" in ev:
                self.seen[seat].add(ev["uid"])
                self.revealed[seat].add(ev["card"])
            if ev["e"] == "cards_looked" and seat in ev.get("to", ()):  # shown to this seat by a card's look: it saw
                self.seen[seat].update(x["uid"] for x in ev.get("seen", ()))  # them, even if they moved since (Go Fish)
            if ev["e"] == "cards_dropped" and seat in ev.get("to", ()):  # its own Character's cards (it carried them,
                self.revealed[seat].update(ev.get("cards", ()))  # if only for a moment: an Item it robbed as it fell)
            self.revealed[seat].update(v for k, v in ev.items() if k.endswith("_card") and isinstance(v, str))
            for k in REVEALED_LISTS:
                self.revealed[seat].update(ev.get(k, ()))
        found = leaks(g, seat, view, events, hidden - self.seen[seat], self.revealed[seat])
        self.seen[seat].update(set(range(len(g.state.cards))) - hidden)
        return found


def leaks(
    g: Game,
    seat: int,
    view: dict[str, Any],
    events: list[Event],
    hidden: set[int] | None = None,
    revealed: set[str] = frozenset(),  # type: ignore[assignment]
) -> list[str]:
    """What ``seat`` is given that names a card of ``hidden`` (default: every card it may not see now)."""
    if hidden is None:
        hidden = hidden_uids(g, seat)
    if not hidden:
        return []
    s = g.state
    out: list[str] = []
    decision = view.get("decision")
    if decision is not None and _SKILLS.intersection(decision["actions"]):
        # a Skill named as a choice (Kiriya's) is a word of the game, not a card id, though a card may share it
        # (Speed): the decision's actions are read below, by the card numbers and names they hold
        words = [a for a in decision["actions"] if a not in _SKILLS]
        view = {**view, "decision": {**decision, "actions": words}}
    # a phase's name is a word of the game, not a card id, though a card may share it (001's Reload phase and
    # the Flash Effect Reload)
    if "phase" in view:
        view = {**view, "phase": None}
    if any("phase" in ev for ev in events):
        events = [{k: v for k, v in ev.items() if k != "phase"} if "phase" in ev else ev for ev in events]
    uids, strings = _named([view, events])
    for c in view.get("charms", []):
        uids.update((c["a"], c["b"]))
    for f in view.get("flash_stack", []):
        if f["target"] is not None:
            uids.add(f["target"])
    texts: list[str] = []
    p = s.pending
    if p is not None and p.seat == seat:
        texts = [p.prompt, *p.actions]
        for t in p.actions:
            uids.update(int(m) for m in _CARD_WORD.findall(t))
    for u in sorted(uids & hidden):
        out.append(f"seat {seat} is given the number of the hidden card c{u} ({s.cards[u]})")
    hidden_ids = {s.cards[u] for u in hidden} - revealed
    cards = g._cards
    named_ids = strings & hidden_ids
    joined = "\n".join(texts)
    named_in_text = {cid for cid in hidden_ids if cards[cid].name in joined} if joined else set()
    if not named_ids and not named_in_text:
        return out
    visible_ids = {cid for u, cid in enumerate(s.cards) if u not in hidden}
    # a card in view that took on another's text shows its printed card too (The Mass, named by both): the
    # printed id an event gave it earlier in the step, before it took on the other, tells nothing hidden
    visible_ids |= {printed_id(cid) for cid in visible_ids if COPY_MARK in cid}
    for cid in sorted(named_ids - visible_ids):
        out.append(f"seat {seat} is given the id of a hidden card: {cid}")
    if named_in_text - visible_ids:
        visible_names = sorted({cards[cid].name for cid in visible_ids}, key=len, reverse=True)
        for t in texts:
            for name in visible_names:
                t = t.replace(name, "")
            for cid in sorted(named_in_text - visible_ids):
                name = cards[cid].name
                if name in t:
                    out.append(f"seat {seat} is told the name of a hidden card: {name!r} in {t!r}")
    return out
