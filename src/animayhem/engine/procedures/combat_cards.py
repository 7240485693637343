"""Combat cards (RULES.md COMBAT-6 … COMBAT-8): drawing one, and its physical side as modifiers. Used by every
kind of fight (Disasters, players' Characters, Charm Combat, armed vehicles).

A card whose half has ``drawn`` effects (abilities/combat.yaml, ``half`` verb) is read by :func:`resolve`: the
first alternative of that half whose conditions hold (on its holder and on its opponent) gives the modifiers,
and the ``combat_card_half`` event says which clause applied and whether its condition held. A card with no
effects costs one attribute test (``card.effects``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from animayhem.cards.effects import Effect, Half
from animayhem.cards.evaluate import meets
from animayhem.cards.model import Card, Gender
from animayhem.cards.requirements import Requirement
from animayhem.cards.stats import StatKind, StatTarget, StatValue, modifier
from animayhem.cards.wording import in_english
from animayhem.engine.core.state import OFF
from animayhem.engine.core.statics import per_card
from animayhem.engine.effects import energy
from animayhem.engine.effects.transform import held_cards, skill_card

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


def draw_combat(g: Context, seat: int) -> int | None:
    p = g.state.players[seat]
    if not p.combat and p.combat_used:  # COMBAT-8: set-aside cards are reshuffled
        p.combat, p.combat_used = p.combat_used, []
        g.shuffle(p.combat)
    return p.combat.pop() if p.combat else None


def combat_mods(
    g: Context, uid: int | None, holder: int = OFF, foe: int = OFF, seat: int = -1
) -> tuple[dict[str, list[StatValue]], dict[str, list[StatValue]]]:
    """A Combat card's physical side as (modifiers for its holder, modifiers for the opponent). ``holder`` (the
    Character or Disaster it is drawn for), ``foe`` (whom it fights) and ``seat`` (whose Combat pile a further
    card comes from) are read by a half with effects (:func:`resolve`)."""
    own: dict[str, list[StatValue]] = {}
    opp: dict[str, list[StatValue]] = {}
    if uid is None:
        return own, opp
    card = g.card(uid)
    if card.effects and holder != OFF:  # its text (abilities/combat.yaml)
        r = resolve(g, uid, "physical", holder, foe, seat)
        return r.own, r.opp
    side = card.physical
    if side is None:
        return own, opp
    for ability, sv in side.mods.items():
        (opp if sv.target is StatTarget.OPPONENT else own).setdefault(ability, []).append(sv)
    return own, opp


Held = list[tuple[int, str, StatValue]]
"""Modifiers of Combat cards drawn in earlier rounds that hold for the rest of the fight, as (whom, ability,
modifier), in the order drawn (Screwed / Hero: "your Defense is divided by 3 for the rest of this Combat")."""


def for_the_combat(g: Context, uid: int | None, holder: int) -> Held:
    """The holder's own modifiers of a Combat card whose physical side holds for the rest of the Combat
    (``CombatSide.rest_of_combat``); empty for a card whose effect ends with its round."""
    if uid is None:
        return []
    side = g.card(uid).physical
    if side is None or not side.rest_of_combat:
        return []
    return [(holder, ability, sv) for ability, sv in side.mods.items() if sv.target is not StatTarget.OPPONENT]


def held(kept: Held, uid: int, ability: str) -> list[StatValue]:
    """What ``kept`` still applies to ``uid``'s ``ability``: earlier rounds' cards come before this round's
    (COMBAT-7 orders a round's cards; a card drawn earlier took effect earlier)."""
    return [sv for who, a, sv in kept if who == uid and a == ability] if kept else []


# ---------------------------------------------------------------------- halves with text (``when: drawn``)

_HALVES: dict[str, tuple[Card, dict[str, tuple[Effect, ...]]]] = {}


def _halves(card: Card) -> dict[str, tuple[Effect, ...]]:
    out: dict[str, list[Effect]] = {}
    for e in card.effects:
        if e.when == "drawn" and isinstance(e.do, Half):
            out.setdefault(e.do.side, []).append(e)
    return {k: tuple(v) for k, v in out.items()}


def alternatives(card: Card, side: str) -> tuple[Effect, ...]:
    """The card's ``drawn`` effects of one half, in order (worked out once per card)."""
    return per_card(_HALVES, card, _halves).get(side, ())


@dataclass(slots=True)
class Drawn:
    """What a drawn half does this round: modifiers for its holder and its opponent, and the rest."""

    own: dict[str, list[StatValue]] = field(default_factory=dict)
    opp: dict[str, list[StatValue]] = field(default_factory=dict)
    attacks: int = 0  # its holder's more attacks
    opponent_attacks: int = 0
    heal: bool = False
    idle: bool = False  # its opponent takes no action this round
    more: list[int] = field(default_factory=list)  # further Combat cards drawn for it (set aside already)
    void: bool = False  # the opponent's Combat card is removed
    party: int = 0  # Attack for every other Character of its holder's side that strikes this round


def _meets(g: Context, uid: int, req: Requirement) -> bool:
    s = g.state
    ch = s.characters.get(uid)
    if ch is None or uid in s.disasters:
        return meets(req, [g.card(uid)], anti_skill=g.rules.anti_skill)
    held = held_cards(g, ch)
    return meets(req, [skill_card(g, uid)], held, anti_skill=g.rules.anti_skill)


def _carries(g: Context, uid: int, category: str) -> bool:
    """Whether the Character carries or wears a card of ``category`` (a Disaster: the Item it carries)."""
    s = g.state
    ch = s.characters.get(uid)
    if ch is not None:
        held = (*ch.carried, *ch.enhancements)
    else:
        d = s.disasters.get(uid)
        held = tuple(d.items()) if d is not None and d.item != OFF else ()
    return any(category in g.card(u).category_set for u in held)


def _gender(g: Context, uid: int) -> Gender | None:
    return skill_card(g, uid).gender if uid in g.state.characters else g.card(uid).gender


def _holds(g: Context, e: Effect, h: Half, holder: int, foe: int) -> bool:
    s = g.state
    if e.if_ is not None and not _meets(g, holder, e.if_):
        return False
    if foe == OFF and (h.foe is not None or h.foe_kind or h.foe_gender or h.foe_carries):
        return False
    if h.foe is not None and not _meets(g, foe, h.foe):
        return False
    if h.foe_kind is not None and (h.foe_kind == "character") != (foe in s.characters and foe not in s.disasters):
        return False
    if h.foe_carries is not None and not _carries(g, foe, h.foe_carries):
        return False
    if h.foe_gender is not None:
        mine, theirs = _gender(g, holder), _gender(g, foe)
        sexed = (Gender.MALE, Gender.FEMALE)
        if mine not in sexed or theirs not in sexed or (mine == theirs) != (h.foe_gender == "same"):
            return False
    if h.pay:
        ch = s.characters.get(holder)
        if ch is None or energy.available(g, ch) < h.pay:
            return False
    return True


def _count(g: Context, h: Half, holder: int) -> int:
    s = g.state
    if h.each == "character_here":
        pos = s.characters[holder].pos if holder in s.characters else s.disasters[holder].pos
        return len(g.characters_at(pos)) if pos != OFF else 0
    ch = s.characters.get(holder)
    return energy.available(g, ch) if ch is not None else 0


def resolve(g: Context, uid: int, side: str, holder: int, foe: int, seat: int) -> Drawn:
    """The ``side`` half of Combat card ``uid`` drawn for ``holder`` against ``foe``: its first alternative whose
    conditions hold, or its printed modifiers when it has none (``seat``: whose pile a further card comes from)."""
    card = g.card(uid)
    alts = alternatives(card, side)
    if not alts:
        return _printed(g, uid, side)
    out = Drawn()
    chosen: Effect | None = None
    for e in alts:
        assert isinstance(e.do, Half)
        if _holds(g, e, e.do, holder, foe):
            chosen = e
            break
    conditioned = len(alts) > 1 or alts[0].if_ is not None or bool(alts[0].do.condition())  # type: ignore[union-attr]
    # no instance number: the card is shown to everyone as it is turned up, then goes back to its pile (face down)
    report: dict[str, Any] = {"card": card.id, "side": side, "holder": g.card(holder).id}
    report["opponent"] = g.card(foe).id if foe != OFF else None
    if chosen is None:
        g.emit("combat_card_half", clause=None, held=False, **report)
        return out
    h = chosen.do
    assert isinstance(h, Half)
    n = _count(g, h, holder) if h.each else 0
    for ability, v in h.set.items():  # "is N this round": whatever else it has, then N
        out.own.setdefault(ability, []).append(modifier(StatKind.MUL, 0))
        if v:
            out.own[ability].append(modifier(StatKind.ADD, v))
    for ability, v in h.by.items():
        total = v + h.per.get(ability, 0) * n
        out.own.setdefault(ability, []).append(modifier(StatKind.ADD, total))
    for ability, v in h.per.items():
        if ability not in h.by:
            out.own.setdefault(ability, []).append(modifier(StatKind.ADD, v * n))
    for ability, of in h.lose.items():
        out.own.setdefault(ability, []).append(modifier(StatKind.ADD, -max(0, g.ability(holder, of))))
    for ability, v in h.opponent.items():
        out.opp.setdefault(ability, []).append(modifier(StatKind.ADD, v))
    if h.idle and side == "charm":  # in a charm contest, taking no action: its opponent's Charm counts 0
        out.opp.setdefault("charm", []).append(modifier(StatKind.MUL, 0))
    if side == "charm":  # in a charm contest, an attack more is that side's Charm counted again (Head Butt)
        if h.attacks:
            out.own.setdefault("charm", []).append(modifier(StatKind.MUL, 1 + h.attacks))
        if h.opponent_attacks:
            out.opp.setdefault("charm", []).append(modifier(StatKind.MUL, 1 + h.opponent_attacks))
    out.attacks, out.opponent_attacks, out.heal, out.idle = h.attacks, h.opponent_attacks, h.heal, h.idle
    if side == "charm":
        out.attacks = out.opponent_attacks = 0  # counted in the Charm above
    if h.party:
        out.party = h.by.get("attack", 0)
    out.void = h.void
    if h.pay:
        g.state.characters[holder].energy_spent += h.pay
    extra: dict[str, Any] = {"count": n} if h.each else {}
    i = alts.index(chosen)
    g.emit(
        "combat_card_half",
        clause=in_english(h.text),  # data: the record stays English whatever the language shown
        held=True,
        alternative=i + 1,
        conditioned=conditioned,
        **extra,
        **report,
    )
    for _ in range(h.draw):  # its text: one more Combat card, whose same half applies too
        more = draw_combat(g, seat) if seat >= 0 else None
        if more is None:
            break
        g.state.players[seat].combat_used.append(more)
        out.more.append(more)
        g.emit("combat_card_more", card=g.card(more).id, holder=g.card(holder).id, side=side, by=card.id)
        r = resolve(g, more, side, holder, foe, seat) if g.card(more).effects else _printed(g, more, side)
        for ability, svs in r.own.items():
            out.own.setdefault(ability, []).extend(svs)
        for ability, svs in r.opp.items():
            out.opp.setdefault(ability, []).extend(svs)
        out.attacks += r.attacks
        out.opponent_attacks += r.opponent_attacks
        out.heal, out.idle = out.heal or r.heal, out.idle or r.idle
        out.party += r.party
        out.void = out.void or r.void
        out.more += r.more
    _mark(out)
    return out


# What a half does beyond modifiers travels with its modifiers, under these keys (never an ability's name), so
# that every fight reads one pair of dicts; a plain card has none of them (:func:`extras` answers None at once).
ATTACKS, IDLE, HEAL, PARTY, VOID = "more_attacks", "no_action", "healed", "party_attack", "card_removed"


def _mark(d: Drawn) -> None:
    if d.attacks:
        d.own[ATTACKS] = [modifier(StatKind.ADD, d.attacks)]
    if d.opponent_attacks:
        d.opp[ATTACKS] = [modifier(StatKind.ADD, d.opponent_attacks)]
    if d.idle:
        d.opp[IDLE] = [modifier(StatKind.ADD, 1)]
    if d.heal:
        d.own[HEAL] = [modifier(StatKind.ADD, 1)]
    if d.party:
        d.own[PARTY] = [modifier(StatKind.ADD, d.party)]
    if d.void:
        d.opp[VOID] = [modifier(StatKind.ADD, 1)]


def _n(mods: dict[str, list[StatValue]], key: str) -> int:
    return sum(m.value or 0 for m in mods.get(key, ()))


@dataclass(frozen=True, slots=True)
class Extras:
    """A round's Combat cards beyond modifiers, for the two sides A (the first pair) and B."""

    a_attacks: int  # more attacks of side A (its Attack counts again)
    b_attacks: int
    a_idle: bool  # side A takes no action this round
    b_idle: bool
    heal: bool  # both sides are healed to full Health first
    a_from_b: bool  # side B's card changed side A's attacks (else A's own card did)
    party: list[StatValue]  # Attack for every other striker of side B (its card's text: Stomp)
    void: bool  # one card removes the other (Hammer)


def extras(
    a_own: dict[str, list[StatValue]],
    a_opp: dict[str, list[StatValue]],
    b_own: dict[str, list[StatValue]],
    b_opp: dict[str, list[StatValue]],
) -> Extras | None:
    """What the round's two cards (A's, B's: each as its holder's and its opponent's dicts) do beyond modifiers;
    None when nothing (every plain card)."""
    if not any(k in d for d in (a_own, a_opp, b_own, b_opp) for k in (ATTACKS, IDLE, HEAL, PARTY, VOID)):
        return None
    return Extras(
        a_attacks=_n(a_own, ATTACKS) + _n(b_opp, ATTACKS),
        b_attacks=_n(b_own, ATTACKS) + _n(a_opp, ATTACKS),
        a_idle=IDLE in b_opp,
        b_idle=IDLE in a_opp,
        heal=HEAL in a_own or HEAL in b_own,
        a_from_b=IDLE in b_opp or ATTACKS in b_opp,
        party=b_own.get(PARTY, []),
        void=VOID in a_opp or VOID in b_opp,
    )


def _printed(g: Context, uid: int, side: str) -> Drawn:
    out = Drawn()
    printed = g.card(uid).physical if side == "physical" else g.card(uid).charm_side
    for ability, sv in printed.mods.items() if printed is not None else ():
        (out.opp if sv.target is StatTarget.OPPONENT else out.own).setdefault(ability, []).append(sv)
    return out


def textual(own: dict[int, dict[str, list[StatValue]]], opp: dict[int, dict[str, list[StatValue]]]) -> list[int]:
    """In a fight between players: the Characters whose Combat card this round does more than modifiers."""
    keys = (ATTACKS, IDLE, HEAL, PARTY, VOID)
    return [ch for ch in own if any(k in own[ch] or k in opp[ch] for k in keys)]


def fight_times(
    uid: int,
    texts: list[int],
    own: dict[int, dict[str, list[StatValue]]],
    opp: dict[int, dict[str, list[StatValue]]],
    engaged: Callable[[int], set[int]],
) -> int:
    """In a fight between players: how many times ``uid``'s Attack counts this round by the cards' text (0: an
    opponent's card took its action away; 2: one more attack)."""
    times = 1 + (_n(own[uid], ATTACKS) if uid in texts else 0)
    for ch in texts:
        if ch != uid and uid in engaged(ch):
            if IDLE in opp[ch]:
                return 0
            times += _n(opp[ch], ATTACKS)
    return times


def party_mods(
    uid: int, seat: int, texts: list[int], own: dict[int, dict[str, list[StatValue]]], owner: Callable[[int], int]
) -> list[StatValue]:
    """In a fight between players: the Attack that the cards of other Characters of ``seat`` give their whole side."""
    return [m for ch in texts if ch != uid and owner(ch) == seat for m in own[ch].get(PARTY, ())]


Mods = dict[str, list[StatValue]]


def removed(a_own: Mods, a_opp: Mods, b_own: Mods, b_opp: Mods) -> tuple[Mods, Mods, Mods, Mods, int]:
    """The round's two cards (A's and B's, as holder's and opponent's dicts) after a card's text removed the other
    one (Hammer): the removed card's dicts are emptied. The last number: 0 none removed, 1 A's, 2 B's."""
    if VOID in b_opp and VOID not in a_opp:
        return {}, {}, b_own, b_opp, 1
    if VOID in a_opp and VOID not in b_opp:
        return a_own, a_opp, {}, {}, 2
    return a_own, a_opp, b_own, b_opp, 0
