"""How a game ended, in words: the terminal's last screen and the end of ``animayhem replay``."""

from __future__ import annotations

from animayhem.engine.faces import narration
from animayhem.engine.game import Game


def end_summary(g: Game) -> list[str]:
    """How the game ended and why (with the rule), and the Items of every player and of the Disasters."""
    res = g.result
    assert res is not None
    t = res["tally"]
    over = next((e for e in reversed(g.log) if e["e"] == "game_over"), None)
    lines = ["[bold]The game is over.[/bold]"]
    if over is not None:
        lines.append(narration.why(g, over, None) or "")
    if res["disasters_win"]:
        lines.append(f"[bold red]The Disasters win[/bold red] with {t['disasters']} of {t['total']} Items.")
    elif res["winners"]:
        who = " and ".join(f"Player {w + 1}" for w in res["winners"])
        lines.append(f"[bold green]{who} win{'s' if len(res['winners']) == 1 else ''}[/bold green].")
    else:
        lines.append("Nobody wins.")
    for i, n in enumerate(t["players"]):
        lines.append(f"  Player {i + 1}: {n} Item(s)")
    lines.append(f"  the Disasters: {t['disasters']} Item(s)")
    lines.append(
        f"  still under Locations: {t['under_locations']}, carried by Disasters: {t['carried_by_disasters']}"
        f" (of {t['total']})"
    )
    lines.append(f"  ended in round {res['round']} ({res['reason']})")
    return lines
