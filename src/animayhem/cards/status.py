"""A card's ability status in words, for every face: how far the engine executes its text (implemented, partial,
not executed), the clauses it leaves out and the printed numbers it withholds, with why.

The one place these sentences are made: ``animayhem cards show`` and the terminal's ``show`` (cards/render.py),
the web table's card panel (web/render.py), and the log and the replays (engine/faces/narration.py, a played
card's sentence) all read them from here, so no face can say less, or otherwise, than another.
"""

from __future__ import annotations

from animayhem.cards.model import AbilityStatus, Card
from animayhem.cards.wording import UNEXECUTED, WITHHELD, prose, speaking, stat_word, tr
from animayhem.i18n import pgettext

# What each status is called where people read it (``not-implemented`` reads "not executed")
STATUS_WORDS: dict[AbilityStatus, str] = {
    AbilityStatus.IMPLEMENTED: "implemented",
    AbilityStatus.PARTIAL: "partial",
    AbilityStatus.NOT_IMPLEMENTED: "not executed",
    AbilityStatus.NONE: "no text",
}


def withheld_text(card: Card) -> str:
    """What the engine does not apply of a card's printed numbers, e.g. ``-2 Defense (opponent) not applied``."""
    said = []
    for w in card.withheld:
        if w == "skills":
            said.append(tr("the skills it grants ({skills})", skills=", ".join(card.grants_skills)))
        else:
            sv = card.stat(w)
            whose = "" if sv is None or sv.target.value == "self" else f" ({sv.target.value})"
            said.append(f"{'' if sv is None else sv.notation()} {stat_word(w)}{whose}".strip())
    return tr("{numbers} not applied", numbers=", ".join(said))


def status_line(card: Card, lang: str | None = None) -> str | None:
    """One sentence naming the status, or None for a card with no text beyond its printed values (in ``lang``,
    default the language in force: animayhem.i18n; the JSON form asks for English)."""
    status = card.ability_status
    if status is AbilityStatus.IMPLEMENTED:
        return pgettext("status", "Ability: implemented: the engine executes its text.", lang)
    if status is AbilityStatus.PARTIAL:
        return pgettext(
            "status", "Ability: partial: the engine executes part of its text; the rest is named below.", lang
        )
    if status is AbilityStatus.NOT_IMPLEMENTED:
        if card.withheld:
            return pgettext(
                "status",
                "Ability: not executed by the engine yet: in play only its printed values count, less the withheld"
                " ones.",
                lang,
            )
        return pgettext(
            "status", "Ability: not executed by the engine yet: in play only its printed values count.", lang
        )
    return None


def unexecuted_lines(card: Card, lang: str | None = None) -> list[str]:
    """A line per clause of its text the engine does not execute yet (the clause as the card data says it)."""
    return [
        pgettext("status", "Not executed yet: {clause}", lang).format(clause=prose(UNEXECUTED, c))
        for c in card.unexecuted
    ]


def withheld_line(card: Card, lang: str | None = None) -> str | None:
    """The printed numbers the engine withholds and why, or None."""
    if not card.withheld:
        return None
    return pgettext("status", "Withheld: {numbers}. {reason}", lang).format(
        numbers=withheld_text(card), reason=prose(WITHHELD, card.withheld_reason or "")
    )


def status_lines(card: Card, lang: str | None = None) -> list[str]:
    """Every sentence about the card's status, in order: the status, each clause not executed, the withheld
    numbers. Empty for a card with no text and nothing withheld."""
    out = [line] if (line := status_line(card, lang)) is not None else []
    out += unexecuted_lines(card, lang)
    if (held := withheld_line(card, lang)) is not None:
        out.append(held)
    return out


def status_note(card: Card, lang: str | None = None) -> str:
    """The same in a few words for a sentence of the log: the clauses not executed and the numbers withheld,
    joined by semicolons ('' when there are none), in ``lang`` (default: the language in force)."""
    with speaking(lang):
        parts = [prose(UNEXECUTED, u) for u in card.unexecuted]
        if card.withheld:
            parts.append(withheld_text(card))
    return "; ".join(p.rstrip(".") for p in parts)
