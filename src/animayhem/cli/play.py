"""``animayhem play``: a game at the terminal for 1-5 seats, each a person or an AI.

With no arguments it starts a solitaire game (one person against the Disasters) under ``classic`` with a
bundled starter deck. At the prompt: a number picks a listed action; action text (``move c3 1,0``) works
too; ``help``, ``show CARD``, ``log``, ``save [FILE]``, ``undo`` and ``quit`` are commands. Ctrl-C offers
to save. A save is the engine's game record; ``--resume FILE`` continues it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from animayhem.agents import Agent, make_agent
from animayhem.agents.base import BUDGETED
from animayhem.agents.infoset import decide
from animayhem.cards.database import CardDB
from animayhem.cards.render import render_card
from animayhem.cli.records import describe
from animayhem.cli.table import render
from animayhem.decks.model import Deck
from animayhem.decks.starters import find_starter, starter_decks
from animayhem.decks.textformat import DeckFileError, read_deck
from animayhem.engine.config import ConfigError, DeckList, GameConfig, SeatConfig
from animayhem.engine.game import Game, IllegalAction
from animayhem.engine.views import known_cards
from animayhem.records import record
from animayhem.rules.ruleset import RulesetError, get_ruleset

console = Console()
HELP = (
    "Type the number of an action, or the action itself (e.g. 'move c3 1,0').\n"
    "Commands: help | show CARD (a name, id or cN) | log | save [FILE] | undo | quit"
)


def _deck(source: str | None, players: int, index: int) -> Deck:
    if source:
        path = Path(source)
        if path.is_file():
            try:
                return read_deck(path)
            except DeckFileError as exc:
                raise typer.BadParameter(str(exc)) from exc
        deck = find_starter(source)
        if deck is None:
            names = ", ".join(starter_decks())
            raise typer.BadParameter(f"no deck file or starter deck called {source!r} (starters: {names})")
        return deck
    fitting = [d for d in starter_decks().values() if players in d.players]
    if not fitting:
        raise typer.BadParameter(f"no starter deck is built for {players} players; give --deck")
    return fitting[index % len(fitting)]


def play(
    players: Annotated[int, typer.Option("--players", "-n", min=1, max=5, help="Number of seats (1-5).")] = 1,
    seat: Annotated[
        list[str] | None, typer.Option("--seat", help="Per seat: 'human' or an AI (random, heuristic, ismcts).")
    ] = None,
    deck: Annotated[
        list[str] | None, typer.Option("--deck", help="Per seat: a starter deck name or a .deck file.")
    ] = None,
    ruleset: Annotated[str, typer.Option("--ruleset", "-r", help="classic, dbz, guia or fifth.")] = "classic",
    layout: Annotated[str, typer.Option("--layout", help="grid or lines.")] = "grid",
    seed: Annotated[int, typer.Option("--seed", help="The game's random seed.")] = 1,
    max_rounds: Annotated[int, typer.Option("--max-rounds", help="End the game after this many rounds.")] = 150,
    resume: Annotated[Path | None, typer.Option("--resume", help="Continue a saved game.")] = None,
    budget: Annotated[
        str | None, typer.Option("--budget", help="ismcts seats' budget: iterations (100) or seconds (0.5s).")
    ] = None,
    save_to: Annotated[Path, typer.Option("--save", help="Where 'save' and Ctrl-C write.")] = Path(
        "animayhem-save.json"
    ),
) -> None:
    """Play a game at the terminal (default: solitaire against the Disasters)."""
    db = CardDB.bundled()
    if resume is not None:
        try:
            game = record.load(resume)
        except record.RecordError as exc:
            console.print(f"[red]error:[/red] {exc}")
            raise typer.Exit(2) from exc
        players = len(game.config.seats)
    else:
        if layout not in ("grid", "lines"):
            raise typer.BadParameter("layout is grid or lines")
        try:
            rules = get_ruleset(ruleset)
        except RulesetError as exc:
            raise typer.BadParameter(str(exc)) from exc
        given = list(deck or [])
        decks = [_deck(given[i] if i < len(given) else None, players, i) for i in range(players)]
        seats_cfg = tuple(SeatConfig(DeckList.from_deck(d), name=f"Player {i + 1}") for i, d in enumerate(decks))
        try:
            config = GameConfig(seats=seats_cfg, ruleset=rules, layout=layout, seed=seed, max_rounds=max_rounds)  # type: ignore[arg-type]
            game = Game(config)
        except ConfigError as exc:
            console.print(f"[red]error:[/red] {exc}")
            raise typer.Exit(2) from exc
    kinds = list(seat or [])
    kinds += ["human"] * (players - len(kinds))
    if len(kinds) != players:
        raise typer.BadParameter(f"{len(kinds)} --seat values for {players} players")
    agents: dict[int, Agent] = {}
    for i, kind in enumerate(kinds):
        if kind != "human":
            try:
                agents[i] = make_agent(kind, seed * 31 + i, budget if kind in BUDGETED else None)
            except ValueError as exc:
                raise typer.BadParameter(str(exc)) from exc
    Session(game, db, agents, save_to).loop()


class Session:
    def __init__(self, game: Game, db: CardDB, agents: dict[int, Agent], save_to: Path) -> None:
        self.game, self.db, self.agents, self.save_to = game, db, agents, save_to
        self.humans = [i for i in range(len(game.config.seats)) if i not in agents]
        self.last_human: int | None = None

    def loop(self) -> None:
        try:
            while not self.game.over:
                seat = self.game.to_move
                assert seat is not None
                if seat in self.agents:
                    self.game.apply(decide(self.agents[seat], self.game, seat))
                    continue
                if not self.human_turn(seat):
                    return
            self.finish()
        except KeyboardInterrupt:
            console.print("\n[yellow]Interrupted.[/yellow]")
            try:
                answer = input(f"Save the game to {self.save_to}? [Y/n] ").strip().lower()
            except (EOFError, KeyboardInterrupt):
                answer = "n"
            if answer in ("", "y", "yes"):
                self.save(self.save_to)

    def human_turn(self, seat: int) -> bool:
        g = self.game
        if len(self.humans) > 1 and self.last_human is not None and self.last_human != seat:
            console.clear()
            try:
                input(f"Pass to Player {seat + 1} and press Enter… ")
            except EOFError:
                return False
        self.last_human = seat
        self.draw(seat)
        while True:
            try:
                line = input(f"Player {seat + 1}> ").strip()
            except EOFError:
                console.print("no more input: leaving the game (use --save and 'save' to keep it)")
                return False
            if not line:
                continue
            cmd, _, arg = line.partition(" ")
            legal = g.legal_actions()
            if cmd == "help":
                console.print(HELP)
            elif cmd == "quit":
                return False
            elif cmd == "log":
                for ev in g.events_for(seat)[-25:]:
                    console.print(describe(ev, g), highlight=False)
            elif cmd == "show":
                self.show(arg.strip(), seat)
            elif cmd == "save":
                self.save(Path(arg.strip()) if arg.strip() else self.save_to)
            elif cmd == "undo":
                if self.undo(seat):
                    return True
            else:
                action = line
                if line.isdigit():
                    n = int(line)
                    if not 1 <= n <= len(legal):
                        console.print(f"[red]no action {n}[/red]: choose 1 to {len(legal)}")
                        continue
                    action = legal[n - 1]
                try:
                    g.apply_as(seat, action)
                except IllegalAction as exc:
                    console.print(f"[red]not possible:[/red] {exc}")
                    continue
                return True

    def draw(self, seat: int) -> None:
        g = self.game
        view = g.view(seat)
        lines = [describe(e, g) for e in g.events_for(seat)[-6:]]
        console.print(render(view, self.db, lines))
        decision = g.decision
        assert decision is not None
        console.print(f"[bold]Player {seat + 1}[/bold]: {decision.prompt}")
        acts = g.legal_actions()
        shown = [f"[bold]{i + 1}[/bold] {self.label(a, seat)}" for i, a in enumerate(acts)]
        console.print("   ".join(shown), highlight=False)

    def label(self, action: str, seat: int | None = None) -> str:
        """The action with card names, but only for cards the deciding seat may see (MISC-7): a face-down
        Item named by an order (``yield c40``) stays "a face-down card"."""
        if seat is None:
            seat = self.game.to_move
        known = known_cards(self.game.view(seat)) if seat is not None else {}
        out = []
        for w in action.split():
            if w.startswith("c") and w[1:].isdigit():
                uid = int(w[1:])
                out.append(f"{w}:{self.db.by_id(known[uid]).name}" if uid in known else f"{w}:face-down card")
                continue
            out.append(w)
        return " ".join(out)

    def show(self, what: str, seat: int) -> None:
        if what.startswith("c") and what[1:].isdigit():
            uid = int(what[1:])
            visible = str(self.game.view(seat)).count(f"'uid': {uid},") > 0
            if not visible:
                console.print("that card is not visible to you")
                return
            console.print(render_card(self.db.by_id(self.game.state.cards[uid])))
            return
        try:
            console.print(render_card(self.db.get(what)))
        except LookupError as exc:
            console.print(f"[red]{exc}[/red]")

    def save(self, path: Path) -> None:
        record.save(self.game, path)
        console.print(f"saved to {path} (resume with: animayhem play --resume {path})")

    def undo(self, seat: int) -> bool:
        """Take back this seat's last decision (and the AI decisions after it), as a new game from the record."""
        if len(self.humans) > 1:
            console.print("undo is only for games where no other person would be affected")
            return False
        g = self.game
        # find the last decision this seat took
        replay = Game(g.config, self.db)
        last = None
        for i, a in enumerate(g.history):
            if replay.to_move == seat:
                last = i
            replay.apply(a)
        if last is None:
            console.print("nothing to undo")
            return False
        self.game = Game.restore(g.config, g.history[:last], self.db)
        console.print("[yellow]took back your last decision[/yellow]")
        return True

    def finish(self) -> None:
        g = self.game
        res = g.result
        assert res is not None
        lines = [describe(e, g) for e in g.log[-8:]]
        console.print(render(g.view(self.humans[0] if self.humans else 0), self.db, lines))
        t = res["tally"]
        if res["disasters_win"]:
            console.print(f"[bold red]The Disasters win[/bold red] with {t['disasters']} of {t['total']} Items.")
        else:
            who = ", ".join(f"Player {w + 1}" for w in res["winners"])
            console.print(f"[bold green]{who} win(s)[/bold green]: Items {t['players']}, Disasters {t['disasters']}.")
        console.print(f"({res['reason']}, round {res['round']})")
