"""Flash Effects (RULES.md CARD-15, CARD-16, CARD-21; CONF-32, EX-26).

A Flash Effect in hand is offered as ``flash cF [cPayer] [cTarget]`` on top of its owner's phase decisions
(Discard, Equip, Move, Scavenge, whose procedures ask again after an interruption, and the choice of
run-or-strike in a combat round, asked again by core/fight.py :func:`ask_again`: :data:`FLASH_KINDS`), except in
the ruleset's forbidden phase (``flash_forbidden``). A Flash Effect with an Energy
cost or a requirement needs a payer: one of the player's Characters in play that has the Energy left and
meets the requirement; under ``flash_payer = "at_location"`` (000, 001) it must stand where the effect lands
(the target's Location) and under ``"user"`` (5E) any of them may use it. A card that needs neither names no
payer. Two copies of one card in a hand are offered once (the first), which keeps the list short.

Playing one puts it on a :class:`FlashStack`. Under ``flash_answers`` (5E) the other seats may answer before
it resolves: each seat in turn order after the last player is asked once (decision ``flash_answer``:
``pass`` or a Flash Effect of its own), and only seats that hold a Flash Effect they could play now are
asked, so the question itself tells the table that seat holds a playable Flash Effect (as a player
saying "wait" would at a real table). An answer goes on top and everyone else is asked again. When all
have passed, the stack resolves last in, first out; each card then goes to the Discard pile (a card
Destroyed while waiting never resolves). A Flash Effect whose target has left play fizzles.

A card that says it answers another (``at: [played]``, a ``cancel``: Don't Move, Pentacle) is played against a
Flash Effect waiting on the stack in every preset: outside ``flash_answers`` the same questions go only to the
seats holding such a card that can answer the top card, and only such cards are offered (the card takes
precedence over the ruleset). A card played at other windows (``at``) is offered there only
(engine/procedures/windows.py; the attacked player's ``combat`` decision is its ``attack`` window), unless its
``window`` also names decisions (Washu's Space Time Converter). In a fight between players the ``fight`` window
offers the cards whose ``window`` names ``fight`` (procedures/fights.py opens it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from animayhem.cards.effects import Modify, PlayFromDraw, ReplayFlash
from animayhem.cards.model import Card, CardType
from animayhem.engine.core.actions import Action, act
from animayhem.engine.core.fight import ADDED, FightFrame, ask_again, under_way
from animayhem.engine.core.state import OFF, SLOTS, Decision, game_over
from animayhem.engine.effects import answers, energy, flash_play, flash_targets, lasting, primitives, triggers
from animayhem.engine.procedures import agenda, power_cards

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context

FLASH_KINDS: Final = frozenset({"discard", "equip", "move", "scavenge", "combat"})
_FLASH: Final = CardType.FLASH_EFFECT  # read for every card in hand at most decisions (abilities.py: why)


def forbidden(g: Context, seat: int) -> bool:
    """CARD-15, CONF-32: 000 bars Flash Effects in the player's own Reload; 001 and 5E in every Draw phase."""
    s = g.state
    if s.phase != "reload":
        return False
    return g.rules.flash_forbidden == "draw_phase" or s.active == seat


# the window a decision of these kinds is (engine/procedures/windows.py): the attacked player's own ``combat``
# decision is its ``attack`` window; ``flash_answer`` answers a Flash Effect waiting on the stack
POINT_OF: Final = {"combat": "attack", "flash_answer": "played"}


def options(g: Context, seat: int, kind: str, point: str | None = None) -> list[str]:
    """The ``flash`` actions ``seat`` may add to a decision of ``kind`` (empty when none is legal); ``point``:
    the window of a ``window`` decision. A card played at windows (``at``) is offered only at those; at a
    window, and at ``flash_answer`` outside ``flash_answers`` (5E), only such cards are."""
    if kind not in FLASH_KINDS and kind != "flash_answer" and kind != "window":
        return []
    duel = kind == "window" and point == "fight"  # a fight between players: the cards with ``window: [fight]``
    if duel:
        kind, point = "fight", None
    s = g.state
    if game_over(s) or forbidden(g, seat):
        return []
    cards, ids = g._cards, s.cards
    # the Flash Effects in hand whose text is executed, one per card name (a card not executed would do nothing,
    # so it is not offered); most decisions stop here
    held: dict[str, int] = {}
    for f in (*s.players[seat].hand, *lasting.kept_flash(g, seat)):  # and those kept on a Global (Refuge)
        card = cards[ids[f]]
        if card.type is _FLASH and card.effects:
            first = held.get(card.id)
            if first is None or f < first:
                held[card.id] = f
    if not held:
        return []
    stack = _stack(g)
    out: list[str] = []
    for f in sorted(held.values()):
        card = cards[ids[f]]
        at = answers.points(card)
        only_at = (at and not answers.also_own(card)) or kind == "window"
        only_at = only_at or (kind == "flash_answer" and not g.rules.flash_answers)
        if only_at and (duel or (point or POINT_OF.get(kind)) not in at) and not _also_at(card, kind):
            continue  # played at its windows only (procedures/windows.py)
        if not flash_targets.offered(g, f, kind):
            continue  # it is played only at other decisions (its ``window``: a combat round)
        if flash_play.once_a_turn(card) and flash_play.played_this_turn(g, f):
            continue  # its player already played a copy of it this turn (Destructo Disk)
        if flash_play.once_a_game(card) and flash_play.played_this_game(g, f):
            continue  # a copy of it was played this game, by any player (Fake Item)
        tg = triggers.targets(g, f, stack)
        if tg == []:
            continue  # nothing to name now
        for t in [None] if tg is None else tg:
            rest = () if t is None else (t,)
            if not flash_play.needs_payer(g, f):
                out.append(act("flash", f, *rest))
                continue
            out += [act("flash", f, c.uid, *rest) for c in flash_play.payers(g, seat, f, t)]
    return out


def _also_at(card: Card, kind: str) -> bool:
    """Whether a card played at windows (``at``) is also offered at this decision by its ``window``
    (flash_targets.at_and_window: Washu's Space Time Converter, at a fight's decisions and at the ``charm`` window)."""
    return kind in ("combat", "fight") and flash_targets.at_and_window(card)


def _answers_held(g: Context) -> bool:
    """Whether any hand holds a card played in answer to a Flash Effect (``at: [played]``)."""
    for p in g.state.players:
        for u in (*p.hand, *lasting.kept_flash(g, p.seat)):
            card = g.card(u)
            if card.type is CardType.FLASH_EFFECT and card.effects and "played" in answers.points(card):
                return True
    return False


def _stack(g: Context) -> FlashStack | None:
    agenda = g.state.agenda
    return agenda[-1] if agenda and isinstance(agenda[-1], FlashStack) else None


def play(g: Context, decision: Decision, action: Action) -> None:
    """Play a Flash Effect chosen from ``decision``'s legal actions: pay, then put it on the stack."""
    s = g.state
    seat = decision.seat
    f, *rest = action.cards
    payer = rest.pop(0) if flash_play.needs_payer(g, f) else OFF
    target = rest[0] if rest else OFF
    if f in s.players[seat].hand:
        s.players[seat].hand.remove(f)
    else:
        lasting.unkeep_flash(g, f)  # played from the Global it was kept on (Refuge)
    stack = _stack(g)
    if stack is None:
        stack = FlashStack(seat=seat, kind=decision.kind, prompt=decision.prompt)
        stack.actions = [decision.handles.get(a, a) for a in decision.actions if not a.startswith(ADDED)]
        g.push(stack)
    _stacked(g, stack, f, seat, target, payer)


def _stacked(g: Context, stack: FlashStack, f: int, seat: int, target: int, payer: int) -> None:
    """The Flash Effect ``f``, out of its pile already, is played by ``seat``: counted where it may be played once a
    turn or a game, announced, paid by ``payer`` (OFF: nobody pays), and put on top of ``stack``, where the other
    seats may answer it."""
    s = g.state
    if flash_play.once_a_turn(g.card(f)):
        flash_play.mark_played(g, f)
    if flash_play.once_a_game(g.card(f)):
        flash_play.mark_played_in_game(g, f)
    g.emit(
        "flash_played",
        seat=seat,
        card=g.card(f).id,
        uid=f,
        payer=None if payer == OFF else g.card(payer).id,
        target=None if target == OFF else g.card(target).id,
        target_uid=None if target == OFF else target,
    )
    if payer != OFF:
        energy.pay(g, s.characters[payer], f)
    stack.cards.append(f)
    stack.seats.append(seat)
    stack.targets.append(target)
    stack.payers.append(payer)
    stack.last = seat
    stack.asked = []


@dataclass(slots=True)
class FlashStack:
    """Flash Effects played and not yet resolved, the last on top (5E: last in, first out)."""

    cards: list[int] = field(default_factory=list)
    seats: list[int] = field(default_factory=list)
    targets: list[int] = field(default_factory=list)  # OFF: no target
    payers: list[int] = field(default_factory=list)  # the Character that paid (OFF: none)
    last: int = 0  # the seat that played the top card
    asked: list[int] = field(default_factory=list)  # seats asked to answer the top card
    seat: int = 0  # the decision the first Flash Effect interrupted (asked again once the stack is done)
    kind: str = ""
    prompt: str = ""
    actions: list[str] = field(default_factory=list)

    def remove(self, uid: int) -> None:
        i = self.cards.index(uid)
        del self.cards[i], self.seats[i], self.targets[i], self.payers[i]

    def run(self, g: Context) -> None:
        s = g.state
        if g.rules.flash_answers or _answers_held(g):  # an answer card is played against it in every preset
            n = len(s.players)
            for k in range(1, n):
                other = (self.last + k) % n
                if other in self.asked:
                    continue
                self.asked.append(other)
                opts = options(g, other, "flash_answer")
                if opts:
                    top = self.cards[-1]
                    g.ask(
                        other,
                        "flash_answer",
                        f"{g.name(top)} was played: pass, or answer it with a Flash Effect",
                        [act("pass"), *opts],
                    )
                    return
        while self.cards and not game_over(s):
            f, seat, target, payer = self.cards.pop(), self.seats.pop(), self.targets.pop(), self.payers.pop()
            _resolve(g, f, seat, target, self, payer)
            if not game_over(s) and s.agenda and s.agenda[-1] is not self:
                return  # its player chooses as it resolves (FlashChoosing), or a Disaster it names moves: the
                # rest of the stack waits
        if game_over(s):
            return  # the game ended while the stack resolved: the agenda is already cleared (WIN-3)
        g.pop()
        if self.kind == "combat" and not game_over(s):
            # the combat decision, without who left the fight or may no longer strike (CARD-22)
            ask_again(
                g, self, None, lambda u: lasting.forbids(g, u, "attack") is None, lambda us: lasting.may_team(g, us)
            )

    def resume(self, g: Context, action: Action) -> None:
        pass  # ``pass``: the next seat is asked (``flash`` actions go through :func:`play`)


def _boost(card: Card) -> bool:
    """A Boost: a Flash Effect whose play raises a Character's ability (Toma cancels one a fight)."""
    if card.type is not CardType.FLASH_EFFECT:
        return False
    return any(
        e.when == "play"
        and isinstance(e.do, Modify)
        and e.do.disasters is None
        and any(v > 0 for v in e.do.by.values())
        for e in card.effects
    )


def _boost_stopped(g: Context, f: int) -> FightFrame | None:
    """The fight whose Disaster cancels the Flash Effect ``f`` as one of its Boosts (``combat_rule`` ``cancels``:
    Toma), or None."""
    s = g.state
    if not s.statics or not _boost(g.card(f)):
        return None
    fight = under_way(s.agenda)
    if fight is not None and fight.dis in s.statics and fight.cancelled < lasting.boosts_cancelled(g, fight.dis):
        return fight
    return None


def _resolve(g: Context, f: int, seat: int, target: int, stack: FlashStack, payer: int) -> None:
    card = g.card(f)
    if (fight := _boost_stopped(g, f)) is not None:  # the Disaster fought cancels it (Toma)
        fight.count_cancelled()
        g.emit("flash_cancelled", card=card.id, uid=f, by=g.card(fight.dis).id)
        primitives.to_draw_pile(g, f, fight.dis)
        return
    if not card.effects:
        g.emit("ability_not_implemented", card=card.id)
        g.emit("flash_resolved", seat=seat, card=card.id, uid=f, implemented=False, status=card.ability_status.value)
    elif target != OFF and target not in (triggers.targets(g, f, stack) or []):
        g.emit("flash_fizzled", seat=seat, card=card.id, uid=f)
    else:
        g.emit("flash_resolved", seat=seat, card=card.id, uid=f, implemented=True, status=card.ability_status.value)
        adv = flash_play.advance_of(card)
        won = adv is not None and (not adv.rps or flash_play.rock_paper_scissors(g, f, seat))
        if adv is not None and won and target in g.state.disasters:  # the Disaster named moves on (Jan-Ken-Pon)
            agenda.push(g, agenda.DISASTER_MOVE, uid=target, remaining=adv.steps)
        if triggers.asks(card):  # choices made as it resolves: each a decision of its player's
            g.push(FlashChoosing(card=f, seat=seat, target=target, payer=payer))
            return
        if alts := flash_play.alternatives(g, f, target):  # which of its ways its player takes (FlashAlternative)
            _spent(g, f)
            g.push(FlashAlternative(card=f, seat=seat, target=target, payer=payer, alternatives=alts))
            return
        triggers.resolve(g, f, target, stack, seat, payer)
    _spent(g, f)


def _spent(g: Context, f: int) -> None:
    """A Flash Effect that has resolved leaves: Discarded (CARD-15), or removed from the game by its text."""
    if flash_play.removed_after(g.card(f)):
        g.destroy(f)  # its text removes it from the game (Over the Edge)
    elif not _replayed(g, f):
        g.discard(f)  # CARD-15: it resolves, then is Discarded


def _replayed(g: Context, f: int) -> bool:
    """Whether a Haven of the Flash Effect's player lets it be played again (``replay_flash``: The Citadel and
    Wrath of the Eye of God): then it goes back to the hand, and the play is counted on the Haven."""
    s = g.state
    seat = s.owner[f]
    for h in s.players[seat].havens:
        for i, e in enumerate(g.card(h).effects):
            v = e.do
            if e.when != "static" or not isinstance(v, ReplayFlash) or v.card != s.cards[f]:
                continue
            key = h * SLOTS + i
            played = s.counters.get(key, 0) + 1
            s.counters[key] = played
            if played >= v.times:
                return False
            s.players[seat].hand.append(f)
            g.emit("flash_replayed", seat=seat, card=g.card(f).id, uid=f, by=g.card(h).id, left=v.times - played)
            return True
    return False


@dataclass(slots=True)
class FlashChoosing:
    """A Flash Effect resolving whose player chooses as it does: each choice a ``use_choice`` decision of the seat
    that played it, one at a time (engine/effects/triggers.py ``flash_choices``: which of its options, where the
    Character it names goes, which other Disaster, which further cards of the player's own piles, which Equipment;
    only that seat's own cards are offered, and one taken from its Draw pile is named to that seat only). The card
    stays here, off the stack and in no pile, while its player chooses; then its effects run, it is Discarded
    (CARD-15), and the rest of the stack resolves."""

    card: int
    seat: int
    target: int
    payer: int
    cards: list[int] = field(default_factory=list)
    cells: list[tuple[int, int]] = field(default_factory=list)
    word: str = ""
    index: int = -1  # the effect whose choice is asked now (the leak check reads a search of the Draw pile)

    def _chosen(self) -> triggers.Chosen:
        return triggers.Chosen(list(self.cards), list(self.cells), self.word)

    def run(self, g: Context) -> None:
        s = g.state
        below = s.agenda[-2] if len(s.agenda) > 1 else None  # the stack it came from (a wish may add to it)
        stack = below if isinstance(below, FlashStack) else None
        wish = _wish_index(g.card(self.card))
        apart = power_cards.wish_plays(g, self.seat) if wish >= 0 and not game_over(s) else {}
        own_way = bool(self.cards) and self.cards[0] in apart  # a card the wish plays its own way (Razor Balls)
        if own_way and apart[self.cards[0]] and len(self.cards) == 1 and not self.cells:
            self.index = wish
            where = f"{g.name(self.card)}: where {g.name(self.cards[0])} is played"
            g.ask(self.seat, "use_choice", where, apart[self.cards[0]])
            return
        if not own_way:
            self.index, prompt, opts = triggers.flash_choices(
                g, self.card, self.seat, self.target, self._chosen(), stack, list(apart)
            )
            if opts and not game_over(s):
                g.ask(self.seat, "use_choice", f"{g.name(self.card)}: {prompt}", opts)
                return
        g.pop()
        chosen = self._chosen()
        if own_way:  # played first, as the wish's other cards are (its other clauses follow)
            power_cards.wished(g, self.seat, chosen.cards, chosen.cells, self.card)
        triggers.resolve(g, self.card, self.target, _stack(g), self.seat, self.payer, chosen)
        _spent(g, self.card)
        if chosen.wished == OFF:
            return
        if g.is_disaster(chosen.wished):  # a Disaster it took from the Draw pile comes into play as if drawn
            agenda.push(g, agenda.DISASTER_PLAYED, uid=chosen.wished, seat=self.seat)
        elif (stack := _stack(g)) is not None and not game_over(s):  # a Flash Effect it took: on top of the stack
            _stacked(g, stack, chosen.wished, self.seat, chosen.wished_target, chosen.wished_payer)

    def resume(self, g: Context, action: Action) -> None:
        if action.cards:
            self.cards.append(action.cards[0])
        elif action.args:
            self.cells.append(action.cell)
        else:
            self.word = action.verb


def _wish_index(card: Card) -> int:
    """The index of the card's ``play_from_draw`` effect (Shen Lon's wish 'play'), or -1."""
    return next((i for i, e in triggers.effects_of(card, "play") if isinstance(e.do, PlayFromDraw)), -1)


@dataclass(slots=True)
class FlashAlternative:
    """A Flash Effect resolving whose clauses are alternatives its player chooses between (a ``use_choice``
    decision named by the Skill's word: Sunshine Daydream's Music or Pure Heart, for a Character lacking both).
    The card has left the stack already (Discarded); the chosen clause runs, the others are skipped."""

    card: int
    seat: int
    target: int
    payer: int
    alternatives: list[tuple[str, int]] = field(default_factory=list)

    def run(self, g: Context) -> None:
        words = [w for w, _ in self.alternatives]
        g.ask(self.seat, "use_choice", f"{g.name(self.card)}: which one", words)

    def resume(self, g: Context, action: Action) -> None:
        pick = next(i for w, i in self.alternatives if w == action.verb)
        skip = tuple(i for _, i in self.alternatives if i != pick)
        g.pop()
        if not game_over(g.state):
            triggers.resolve(g, self.card, self.target, None, self.seat, self.payer, skip=skip)
