"""``animayhem play``: a game at the terminal for 1-5 seats, each a person or an AI.

With no arguments it starts a solitaire game (one person against the Disasters) under ``classic`` with a
bundled starter deck. At the prompt: a number picks a listed action; action text (``move c3 1,0``) works
too; ``help``, ``show CARD``, ``log``, ``save [FILE]``, ``undo`` and ``quit`` are commands. Ctrl-C offers
to save. A save is the engine's game record; ``--resume FILE`` continues it.
"""

from __future__ import annotations

import os
import secrets
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from animayhem.agents import Agent, make_agent
from animayhem.cards.database import CardDB
from animayhem.cards.render import render_card
from animayhem.cli.table import Extras, actions_block, render
from animayhem.decks.model import Deck
from animayhem.decks.starters import find_starter, starter_decks
from animayhem.decks.textformat import DeckFileError, read_deck
from animayhem.engine import narration, quick_setup
from animayhem.engine.config import ConfigError, DeckList, GameConfig, SeatConfig
from animayhem.engine.disasters import path as disaster_path
from animayhem.engine.game import Game, IllegalAction
from animayhem.engine.views import known_cards
from animayhem.records import record
from animayhem.rules.ruleset import RulesetError, get_ruleset

console = Console()
HELP = (
    "Type the number of an action, or the action itself (e.g. 'move c3 1,0', a group: 'move c3+c5 1,0').\n"
    "Commands: help | show CARD (a name, id or cN) | log | why | why ACTION (or its number) | quick (set-up)"
    " | save [FILE] | undo | quit"
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
        list[str] | None, typer.Option("--seat", help="Per seat: 'human' or an AI (random, heuristic).")
    ] = None,
    deck: Annotated[
        list[str] | None, typer.Option("--deck", help="Per seat: a starter deck name or a .deck file.")
    ] = None,
    ruleset: Annotated[str, typer.Option("--ruleset", "-r", help="classic, dbz, guia or fifth.")] = "classic",
    layout: Annotated[str, typer.Option("--layout", help="grid or lines.")] = "grid",
    seed: Annotated[
        int | None, typer.Option("--seed", help="The game's random seed (default: a new one, printed).")
    ] = None,
    max_rounds: Annotated[int, typer.Option("--max-rounds", help="End the game after this many rounds.")] = 150,
    resume: Annotated[Path | None, typer.Option("--resume", help="Continue a saved game.")] = None,
    save_to: Annotated[Path, typer.Option("--save", help="Where 'save' and Ctrl-C write.")] = Path(
        "animayhem-save.json"
    ),
    quick: Annotated[
        bool, typer.Option("--quick", help="Quick set-up: place your Locations, Haven, Items and Disasters for you.")
    ] = False,
    record_to: Annotated[
        Path | None, typer.Option("--record", help="Where the finished game's record goes (default: a new file).")
    ] = None,
) -> None:
    """Play a game at the terminal (default: solitaire against the Disasters)."""
    db = CardDB.bundled()
    seed = _announce_seed(seed, resume)
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
                agents[i] = make_agent(kind, game.config.seed * 31 + i)
            except ValueError as exc:
                raise typer.BadParameter(str(exc)) from exc
    session = Session(game, db, agents, save_to)
    session.quick = set(range(players)) if quick else set()
    session.record_to = record_to
    session.loop()


def _announce_seed(seed: int | None, resume: Path | None) -> int:
    """A new game every time: without --seed the seed is random, and printed so the game can be replayed."""
    if resume is not None:
        return seed if seed is not None else 0
    if seed is None:
        seed = secrets.randbelow(1_000_000)
        console.print(f"Seed {seed} (play this game again with --seed {seed})", highlight=False)
    return seed


class Session:
    def __init__(self, game: Game, db: CardDB, agents: dict[int, Agent], save_to: Path) -> None:
        self.game, self.db, self.agents, self.save_to = game, db, agents, save_to
        self.humans = [i for i in range(len(game.config.seats)) if i not in agents]
        self.last_human: int | None = None
        self.quick: set[int] = set()  # seats whose set-up the quick policy answers (engine/quick_setup.py)
        self.record_to: Path | None = None  # where the finished game is recorded (None: a new file)
        self.seen: dict[int, int] = {}  # seat -> length of the log at its last decision

    def loop(self) -> None:
        try:
            while not self.game.over:
                seat = self.game.to_move
                assert seat is not None
                if seat in self.agents:
                    self.game.apply(self.ai_choice(seat))
                    continue
                if seat in self.quick and quick_setup.run(self.game, [seat]):
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
                for line in narration.sentences(g, seat)[-25:]:
                    console.print(line, highlight=False)
            elif cmd == "show":
                self.show(arg.strip(), seat)
            elif cmd == "save":
                self.save(Path(arg.strip()) if arg.strip() else self.save_to)
            elif cmd == "undo":
                if self.undo(seat):
                    return True
            elif cmd in ("why", "quick"):
                if self.extra_command(cmd, arg.strip(), seat):
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
        console.print(render(view, self.db, [], self.extras(seat)))
        decision = g.decision
        assert decision is not None
        console.print(f"[bold]Player {seat + 1}[/bold]: {decision.prompt}", highlight=False)
        acts = g.legal_actions()
        console.print(actions_block([narration.action_text(g, a, seat) for a in acts], acts), highlight=False)
        self.seen[seat] = len(g.log)

    def extras(self, seat: int) -> Extras:
        """What happened since this seat's last decision, in words (AI turns summarised), every seat's
        Disaster path, and the combat in progress."""
        g = self.game
        start = self.seen.get(seat, 0)
        lines = summarise(g, seat, g.log[start:], set(self.agents))
        shown = 8
        earlier = max(0, len(lines) - shown)
        paths = {s: [list(g.state.places[u].cell) for u in disaster_path(g, s)] for s in range(len(g.state.players))}
        combat: list[str] = []
        cell: tuple[int, int] | None = None
        p = g.decision
        if p is not None and p.kind in COMBAT_KINDS:
            for ev in reversed(g.events_for(seat)):
                if ev["e"] in ("combat_started", "fight_started"):
                    cell = (int(ev["cell"][0]), int(ev["cell"][1]))
                    break
                if ev["e"] in ("combat_round", "disaster_attacks", "fight_hit", "charm_contest", "vehicle_round"):
                    text = narration.sentence(g, ev, seat)
                    if text:
                        combat.insert(0, text)
            combat = [*combat[-4:], p.prompt]
        return Extras(paths=paths, events=lines[earlier:], earlier=earlier, combat=combat, combat_cell=cell)

    def ai_choice(self, seat: int) -> str:
        """An AI seat's decision; its set-up is the quick set-up policy, the same as a person's."""
        if self.game.decision is not None and self.game.decision.kind in quick_setup.SETUP_KINDS:
            choice = quick_setup.answer(self.game)
            if choice is not None:
                return choice
        return self.agents[seat].choose(self.game.view(seat), self.game.legal_actions())

    def extra_command(self, cmd: str, arg: str, seat: int) -> bool:
        """``why`` (the last thing that happened, and the rules behind it), ``why ACTION`` or ``why N`` (is
        that action legal, and by which rule), ``quick`` (let the quick set-up finish this seat's set-up).
        True when the decision was taken."""
        g = self.game
        if cmd == "quick":
            if g.decision is None or g.decision.kind not in quick_setup.SETUP_KINDS:
                console.print("quick set-up is only for set-up decisions")
                return False
            self.quick.add(seat)
            quick_setup.run(g, [seat])
            return True
        if not arg:
            for ev in reversed(g.events_for(seat)):
                text = narration.why(g, ev, seat)
                if text:
                    console.print(text, highlight=False)
                    return False
            console.print("nothing has happened yet")
            return False
        legal = g.legal_actions()
        action = legal[int(arg) - 1] if arg.isdigit() and 1 <= int(arg) <= len(legal) else arg
        console.print(str(g.explain(action, seat)), highlight=False)
        return False

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
        seat = self.humans[0] if self.humans else 0
        console.print(render(g.view(seat), self.db, [], self.extras(seat)))
        for line in end_summary(g):
            console.print(line, highlight=False)
        self.record_finished()

    def record_finished(self) -> None:
        """The finished game is saved as a record, automatically; its path is printed (replay it with
        ``animayhem replay PATH``)."""
        path = self.record_to or _record_path(self.game)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            record.save(self.game, path)
        except OSError as exc:
            console.print(f"[yellow]could not save the game record to {path}:[/yellow] {exc}")
            return
        console.print(f"Game record saved to {path} (replay it with: animayhem replay {path})", highlight=False)


KEY_EVENTS = frozenset(  # what an AI turn's summary keeps (the rest is one `log` away)
    {
        "bonked",
        "killed",
        "item_retrieved",
        "item_retrieved_hidden",
        "card_retrieved",
        "disaster_defeated",
        "item_taken",
        "item_stolen",
        "disaster_robbed",
        "fight_started",
        "scavenge_started",
        "disaster_revealed",
        "character_played",
        "game_over",
    }
)


def summarise(g: Game, seat: int, events: list[dict[str, Any]], ai: set[int]) -> list[str]:
    """The events in words for ``seat``; an AI seat's turn becomes one line of what mattered in it."""
    out: list[str] = []
    turn_of: int | None = None
    held: list[str] = []
    count = 0

    def flush() -> None:
        if turn_of is not None and count:
            what = " ".join(held[:4]) + (" …" if len(held) > 4 else "") if held else "nothing of note."
            out.append(f"Player {turn_of + 1}'s turn ({count} events; 'log' for all): {what}")

    for ev in events:
        if ev["e"] == "turn_started":
            flush()
            turn_of, held, count = (ev["seat"] if ev["seat"] in ai and ev["seat"] != seat else None), [], 0
        text = narration.sentence(g, ev, seat)
        if text is None:
            continue
        if turn_of is None or ev["e"] == "game_over":
            out.append(text)
            continue
        count += 1
        if ev["e"] in KEY_EVENTS:
            held.append(text)
    flush()
    return out


COMBAT_KINDS = frozenset({"combat", "protect", "runto", "fight_run", "declare", "charm_open", "charm_break"})


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


def _record_path(g: Game) -> Path:
    """A new file for a finished game: $ANIMAYHEM_RECORDS, or the user's data folder."""
    base = os.environ.get("ANIMAYHEM_RECORDS")
    root = Path(base) if base else Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    folder = root if base else root / "animayhem" / "records"
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return folder / f"game-{stamp}-seed{g.config.seed}.json"
