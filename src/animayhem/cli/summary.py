"""How a game ended, in words: the terminal's last screen and the end of ``animayhem replay``."""

from __future__ import annotations

from animayhem import i18n
from animayhem.engine.faces import narration
from animayhem.engine.game import Game
from animayhem.i18n import gettext as _
from animayhem.i18n import polish


def end_summary(g: Game) -> list[str]:
    """How the game ended and why (with the rule), and the Items of every player and of the Disasters."""
    res = g.result
    assert res is not None
    t = res["tally"]
    over = next((e for e in reversed(g.log) if e["e"] == "game_over"), None)
    lines = ["[bold]" + _("The game is over.") + "[/bold]"]
    if over is not None:
        lines.append(narration.why(g, over, None) or "")
    if res["disasters_win"]:
        lines.append(
            _("[bold red]The Disasters win[/bold red] with {n} of {total} Items.").format(
                n=t["disasters"], total=t["total"]
            )
        )
    elif res["winners"]:
        who = _(" and ").join(_("Player {n}").format(n=w + 1) for w in res["winners"])
        won = _("{who} wins") if len(res["winners"]) == 1 else _("{who} win")
        lines.append("[bold green]" + won.format(who=who) + "[/bold green].")
    else:
        lines.append(_("Nobody wins."))
    for i, n in enumerate(t["players"]):
        lines.append("  " + polish(_("Player {n}: {count} Item(s)").format(n=i + 1, count=n)))
    lines.append("  " + polish(_("the Disasters: {count} Item(s)").format(count=t["disasters"])))
    lines.append(
        "  "
        + _("still under Locations: {under}, carried by Disasters: {carried} (of {total})").format(
            under=t["under_locations"], carried=t["carried_by_disasters"], total=t["total"]
        )
    )
    reason = narration.catalogue().reasons.get(str(res["reason"]), str(res["reason"]))
    if i18n.active() == i18n.SOURCE:
        reason = str(res["reason"])  # English keeps the engine's own name of the reason
    lines.append("  " + _("ended in round {round} ({reason})").format(round=res["round"], reason=reason))
    return lines
