"""``animayhem play``: a game at the terminal for 1-5 seats, each a person or an AI.

With no arguments it starts a solitaire game (one person against the Disasters) under ``classic`` with a
bundled starter deck. In a terminal the table stays on screen (cli/screen.py); piped, or with ``--plain``,
it is printed line by line. At the prompt: a number picks a choice of the menu, in steps for a move (who,
then where, then who rides: cli/menu.py); action text (``move c3 1,0``) works too; ``help``, ``show CARD``,
``log``, ``menu``, ``why``, ``save [FILE] [--force]``, ``undo`` and ``quit`` are commands. Ctrl-C offers to
save. A save is the engine's game record with who plays each seat; ``--resume FILE`` continues it.

Nothing typed ends the game by accident: a bad number, any Unicode, a save that fails (a missing folder, a
folder, a full disk: the reason is printed and play goes on). Saves are atomic (animayhem/files.py) and never
replace a file this session did not write unless ``--force``. The game is also autosaved at the start of
every turn (``--autosave``; default ``$ANIMAYHEM_AUTOSAVE`` or ``~/.local/state/animayhem/autosave.json``),
so a crash loses at most one turn; ``--resume autosave`` continues it.
"""

from __future__ import annotations

import os
import secrets
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.text import Text

from animayhem.agents import AGENTS, Agent, make_agent
from animayhem.agents.base import BUDGETED
from animayhem.agents.infoset import decide
from animayhem.cards.database import CardDB
from animayhem.cards.render import render_card
from animayhem.cli.errors import fail, print_error
from animayhem.cli.lang import LangOpt, use_language
from animayhem.cli.menu import Entry, build, finish, number
from animayhem.cli.screen import Frame, LineFace, MenuView, ScreenFace, compose, menu_lines, wants_screen
from animayhem.cli.summary import end_summary
from animayhem.cli.table import VERB_GROUPS, Extras, render
from animayhem.decks.model import Deck
from animayhem.decks.starters import find_starter, starter_decks
from animayhem.decks.textformat import DeckFileError, read_deck
from animayhem.engine.core.actions import Action, ActionSyntaxError, parse_action
from animayhem.engine.core.config import ConfigError, DeckList, GameConfig, SeatConfig
from animayhem.engine.faces import narration, quick_setup, terms
from animayhem.engine.faces.views import known_cards
from animayhem.engine.game import Game, IllegalAction
from animayhem.engine.procedures.disasters import path as disaster_path
from animayhem.files import FileError
from animayhem.i18n import gettext as _
from animayhem.i18n import polish
from animayhem.records import record
from animayhem.rules.ruleset import RulesetError, get_ruleset

console = Console()


def help_text() -> str:
    """What can be typed at the prompt (``help``), in the language in force."""
    return _(
        "A number picks a choice; a choice ending in '…' opens the next step (who, then where, then who rides);"
        " 0 or 'back' goes back a step. The action itself works too: 'move c3 1,0', a group: 'move c3+c5 1,0'.\n"
        "Commands: help | show CARD (a name, id or cN) | log | menu (every choice) | why | why ACTION (or its"
        " number: what blocks it) | quick (set-up) | save [FILE] [--force] | undo | quit"
    )


HELP = help_text()  # the English text (the prompt says help_text(), in the language in force)
MAX_LINE = 500  # longer input is refused, not parsed

# the events a combat panel shows: the rounds and contests, and what each drawn Combat card's half did
COMBAT_LINES = frozenset(
    {
        "combat_round",
        "disaster_attacks",
        "fight_hit",
        "charm_contest",
        "vehicle_round",
        "combat_card_half",
        "combat_card_more",
    }
)


def default_autosave() -> Path:
    """Where the game is autosaved every turn: ``$ANIMAYHEM_AUTOSAVE``, else the user's state folder."""
    env = os.environ.get("ANIMAYHEM_AUTOSAVE")
    if env:
        return Path(env)
    base = Path(os.environ.get("XDG_STATE_HOME") or Path.home() / ".local" / "state")
    return base / "animayhem" / "autosave.json"


def choice_number(line: str, count: int) -> int | str | None:
    """The action index a typed number picks (0-based); None when ``line`` is not a number; an error
    message when it is a number but names no action. Only ASCII digits count (``²`` and ``①`` are text)."""
    if not (line.isascii() and line.isdigit()):
        return None
    if len(line) > 6 or not 1 <= int(line) <= count:
        return _("no action {n}: choose 1 to {count}").format(
            n=line[:12] + ("…" if len(line) > 12 else ""), count=count
        )
    return int(line) - 1


def card_number(word: str) -> int | None:
    """The instance number of ``cN`` (ASCII digits, at most 9), else None."""
    digits = word[1:]
    if word.startswith("c") and digits.isascii() and digits.isdigit() and len(digits) <= 9:
        return int(digits)
    return None


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
    seed: Annotated[
        int | None,
        typer.Option("--seed", min=0, max=2**63 - 1, help="The game's random seed (default: a new one, printed)."),
    ] = None,
    max_rounds: Annotated[
        int, typer.Option("--max-rounds", min=1, max=100_000, help="End the game after this many rounds.")
    ] = 150,
    resume: Annotated[
        str | None, typer.Option("--resume", help="Continue a saved game: a save file, or 'autosave'.")
    ] = None,
    budget: Annotated[
        str | None,
        typer.Option(
            "--budget",
            help="ismcts seats' budget: iterations (100) or seconds (0.5s), then /rollout length if any (32/8).",
        ),
    ] = None,
    save_to: Annotated[Path, typer.Option("--save", help="Where 'save' and Ctrl-C write.")] = Path(
        "animayhem-save.json"
    ),
    quick: Annotated[
        bool, typer.Option("--quick", help="Quick set-up: place your Locations, Haven, Items and Disasters for you.")
    ] = False,
    record_to: Annotated[
        Path | None, typer.Option("--record", help="Where the finished game's record goes (default: a new file).")
    ] = None,
    autosave: Annotated[
        Path | None, typer.Option("--autosave", help="Autosave file, written every turn (default: see docs).")
    ] = None,
    plain: Annotated[
        bool, typer.Option("--plain", help="Line by line output, as when piped (no table that stays on screen).")
    ] = False,
    lang: LangOpt = None,
) -> None:
    """Play a game at the terminal (default: solitaire against the Disasters).

    Exit codes: 0 the game ended or you quit, 2 bad input (an option, a deck or a save that cannot be
    used), 1 a failure of the program itself."""
    if lang is not None:
        use_language(lang)
    db = CardDB.bundled()
    seed = _announce_seed(seed, resume)
    auto = autosave or default_autosave()
    owned = [auto]
    saved_kinds: list[str] | None = None
    if resume is not None:
        source = auto if resume == "autosave" else Path(resume)
        if not source.exists():
            hint = f"; an autosaved game is at {auto} (--resume autosave)" if auto.is_file() else ""
            fail(f"{source}: no such save file{hint}")
        try:
            game, saved_kinds, saved_budget = record.load_save(source)
        except record.RecordError as exc:
            fail(exc)
        if not seat and saved_kinds is not None:  # the save says who played each seat; --seat overrides it
            seat = _known_kinds(saved_kinds, source)
            budget = budget if budget is not None else saved_budget
        if game.over:
            fail(f"{source}: that game is over ({game.result and game.result['reason']}); replay it instead")
        players = len(game.config.seats)
        owned.append(source)
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
            fail(exc)
        _mention_autosave(auto)
    kinds = list(seat or [])
    kinds += ["human"] * (players - len(kinds))
    if len(kinds) != players:
        raise typer.BadParameter(f"{len(kinds)} --seat values for {players} players")
    agents: dict[int, Agent] = {}
    for i, kind in enumerate(kinds):
        if kind != "human":
            try:
                agents[i] = make_agent(kind, game.config.seed * 31 + i, budget if kind in BUDGETED else None)
            except ValueError as exc:
                raise typer.BadParameter(str(exc)) from exc
    face = ScreenFace() if agents.keys() != set(range(players)) and wants_screen(plain) else None
    session = Session(game, db, agents, save_to, autosave=auto, owned=owned, face=face)
    session.kinds, session.budget = kinds, budget
    session.quick = set(range(players)) if quick else set()
    session.record_to = record_to
    session.loop()


def _known_kinds(kinds: list[str], source: Path) -> list[str]:
    """A save's seat kinds, each a person or an AI this program knows (else exit 2 naming the field)."""
    for kind in kinds:
        if kind != "human" and kind not in AGENTS:
            known = ", ".join(["human", *sorted(AGENTS)])
            fail(f"{source}: field 'seat_kinds': unknown player {kind!r} (known: {known})")
    return list(kinds)


def _announce_seed(seed: int | None, resume: str | None) -> int:
    """A new game every time: without --seed the seed is random, and printed so the game can be replayed."""
    if resume is not None:
        return seed if seed is not None else 0
    if seed is None:
        seed = secrets.randbelow(1_000_000)
        console.print(_("Seed {seed} (play this game again with --seed {seed})").format(seed=seed), highlight=False)
    return seed


def _mention_autosave(auto: Path) -> None:
    """Offer an unfinished autosaved game before it is replaced by the new one's first autosave."""
    if not auto.is_file():
        return
    try:
        old = record.load(auto)
    except record.RecordError:
        return
    if not old.over:
        console.print(
            _(
                "note: an unfinished game is autosaved at {path} ({count} decisions);"
                " it will be replaced at this game's first turn: 'animayhem play --resume autosave' continues it"
            ).format(path=escape(str(auto)), count=len(old.history)),
            highlight=False,
        )


class Session:
    def __init__(
        self,
        game: Game,
        db: CardDB,
        agents: dict[int, Agent],
        save_to: Path,
        *,
        autosave: Path | None = None,
        owned: list[Path] | None = None,
        face: LineFace | ScreenFace | None = None,
    ) -> None:
        self.game, self.db, self.agents, self.save_to = game, db, agents, save_to
        self.humans = [i for i in range(len(game.config.seats)) if i not in agents]
        self.last_human: int | None = None
        self.quick: set[int] = set()  # seats whose set-up the quick policy answers (engine/faces/quick_setup.py)
        self.record_to: Path | None = None  # where the finished game is recorded (None: a new file)
        self.seen: dict[int, int] = {}  # seat -> length of the log at its last decision
        self.autosave_path = autosave
        self.autosaved_turn = game.state.turn
        self.autosave_failed = False
        self.owned = {p.resolve() for p in (owned or [])}  # files this session may replace without --force
        self.kinds: list[str] = [agents[i].name if i in agents else "human" for i in range(len(game.config.seats))]
        self.budget: str | None = None  # the search AIs' budget, kept in saves with the seat kinds
        self.face: LineFace | ScreenFace = face or LineFace(console)
        self.since: dict[int, int] = {}  # seat -> where in the log the events of its current decision start
        # the menu of the decision being taken (cli/menu.py): worked out once, numbers kept through a phase
        self.menu_key: tuple[int, int, int] | None = None
        self.entries: list[Entry] = []
        self.path: list[Entry] = []  # the steps taken into the menu
        self.numbered: list[tuple[int, Entry]] = []  # the top level, numbered once per decision

    def loop(self) -> None:
        try:
            while not self.game.over:
                seat = self.game.to_move
                assert seat is not None
                if seat in self.agents:
                    self.game.apply(self.ai_choice(seat))
                    self.autosave()
                    continue
                if seat in self.quick and quick_setup.run(self.game, [seat]):
                    continue
                if not self.human_turn(seat):
                    self.face.close()
                    return
                self.autosave()
            self.autosave()
            self.face.close()
            self.finish()
        except KeyboardInterrupt:
            self.face.close()
            self.interrupted()
        finally:
            self.face.close()

    def interrupted(self) -> None:
        """Ctrl-C: offer to save, then save safely (never over a file this session did not write)."""
        console.print("\n[yellow]" + _("Interrupted.") + "[/yellow]")
        try:
            answer = input(_("Save the game to {path}? [Y/n] ").format(path=self.save_to)).strip().lower()
        except (EOFError, KeyboardInterrupt):
            answer = "n"
        if (
            answer in ("", "y", "yes", _("y"), _("yes"))
            and not self.save(self.save_to)
            and self.autosave_path is not None
        ):
            self.autosave(force=True)
            if not self.autosave_failed:
                console.print(
                    _("the game is autosaved at {path}").format(path=escape(str(self.autosave_path))), highlight=False
                )

    def autosave(self, force: bool = False) -> None:
        """Write the autosave when a new turn has begun (or ``force``); a failure is said once, not fatal."""
        path = self.autosave_path
        if path is None or not self.humans:  # nobody to lose a game: AI-only tables are not autosaved
            return
        if not force and self.game.state.turn == self.autosaved_turn and not self.game.over:
            return
        self.autosaved_turn = self.game.state.turn
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            record.save(self.game, path, replace=True, seat_kinds=self.kinds, budget=self.budget)
            self.autosave_failed = False
        except (OSError, FileError) as exc:
            if not self.autosave_failed:
                print_error(_("autosave failed: {error}").format(error=exc), console=console)
            self.autosave_failed = True

    def say(self, message: RenderableType, *, tail: bool = False) -> None:
        """A message for the player: printed (line by line), or shown above the menu (on screen)."""
        self.face.say(message, tail=tail)

    def human_turn(self, seat: int) -> bool:
        if len(self.humans) > 1 and self.last_human is not None and self.last_human != seat:
            self.face.close()
            console.clear()
            try:
                input(_("Pass to Player {n} and press Enter… ").format(n=seat + 1))
            except EOFError:
                return False
        self.last_human = seat
        self.draw(seat)
        while True:
            try:
                line = self.face.ask(_("Player {n}> ").format(n=seat + 1), lambda: self.frame(seat)).strip()
            except UnicodeDecodeError:  # bytes the terminal could not decode
                self.say(
                    Text.assemble((_("not possible: "), "red"), _("that input is not text this terminal can read"))
                )
                continue
            except EOFError:
                self.face.close()
                console.print(_("no more input: leaving the game (use --save and 'save' to keep it)"))
                return False
            if not line:
                continue
            cmd, _sep, arg = line.partition(" ")
            if cmd == "help":
                self.say(help_text())
            elif cmd == "quit":
                return False
            elif cmd == "log":
                self.show_log(seat)
            elif cmd == "menu":
                self.say(Group(*menu_lines(self.menu_view(seat), 10_000)))
            elif cmd in ("back", "0") and not arg:
                self.step_back(seat)
            elif cmd == "show":
                self.show(arg.strip(), seat)
            elif cmd == "save":
                words = arg.split()
                force = "--force" in words
                names = [w for w in words if w != "--force"]
                if len(names) > 1:
                    self.say(_("save takes one file name (a name with spaces: not supported)"))
                else:
                    self.save(Path(names[0]) if names else self.save_to, force=force)
            elif cmd == "undo":
                if self.undo(seat):
                    return True
            elif cmd in ("why", "quick"):
                if self.extra_command(cmd, arg.strip(), seat):
                    return True
            else:
                actions = self.read_choice(line, seat)
                if actions is None:
                    continue
                if self.apply_all(seat, actions):
                    return True

    def show_log(self, seat: int) -> None:
        lines = narration.sentences(self.game, seat)
        if self.face.screen:
            self.say(Text("\n".join(lines[-200:]) or _("nothing has happened yet")), tail=True)
            return
        for text in lines[-25:]:
            self.say(text)

    def apply_all(self, seat: int, actions: list[str]) -> bool:
        """Apply the actions one after another (one, except a group typed from among more Characters); each is
        checked on a copy first, so a refusal leaves the game as it was. True when the decision was taken."""
        g = self.game
        trial = g.clone()
        for action in actions:
            try:
                trial.apply_as(seat, action)
            except IllegalAction as exc:
                self.refuse(action, exc, seat, trial)
                return False
        for action in actions:
            g.apply_as(seat, action)
        if len(actions) > 1:
            self.say(
                _("moved one after another: {moves}").format(moves="; ".join(self.words(a, seat) for a in actions))
            )
        return True

    def refuse(self, action: str, exc: IllegalAction, seat: int, game: Game | None = None) -> None:
        """Why an action typed or chosen is not possible: the engine's own reason, complete, with its rules
        (``Game.explain``: the card, the Location or the rule that blocks it)."""
        g = game or self.game
        try:
            parse_action(action)
        except ActionSyntaxError:
            self.say(Text.assemble((_("not possible: "), "red"), terms.syntax_error(action, exc)))
            return
        why = g.explain(action, seat)
        self.say(
            Text.assemble(
                (_("not possible: "), "red"), _("{action} is not legal now: {why}").format(action=repr(action), why=why)
            )
        )

    def words(self, action: str, seat: int) -> str:
        return narration.action_text(self.game, action, seat)

    # ------------------------------------------------------------------ the menu, in steps

    def menu_entries(self, seat: int) -> list[Entry]:
        """The top level of this decision's menu (worked out once per decision: numbers do not move)."""
        g = self.game
        key = (len(g.history), seat, g.state.turn)
        if self.menu_key != key:
            self.menu_key = key
            self.path = []
            self.since[seat] = self.seen.get(seat, 0)  # the events to tell: those since its last decision
            self.seen[seat] = len(g.log)
            view = g.view(seat)
            self.entries = finish(build(g.legal_actions(), view, self.db, lambda a: self.words(a, seat)))
            self.numbered = number(self.entries, RANK)
        return self.entries

    def level(self, seat: int) -> list[tuple[int, Entry]]:
        """The choices shown now, with their numbers."""
        self.menu_entries(seat)
        if self.path:
            return [(i + 1, e) for i, e in enumerate(self.path[-1].children)]
        return self.numbered

    def menu_view(self, seat: int) -> MenuView:
        level = self.level(seat)
        decision = self.game.decision
        question = (
            self.path[-1].question
            if self.path
            else (terms.question(decision.kind, decision.prompt) if decision else "")
        )
        who = _("Player {n}").format(n=seat + 1) + ": "
        choices = [
            (n, e.label + (" …" if e.action is None and not e.label.endswith("…") else ""), _group(e)) for n, e in level
        ]
        return MenuView(who + question, choices, back=bool(self.path))

    def step_back(self, seat: int) -> None:
        if self.path:
            self.path.pop()
        else:
            self.say(_("already at the first step of this decision"))
        if not self.face.screen:
            self.print_menu(seat)

    def read_choice(self, line: str, seat: int) -> list[str] | None:
        """The actions a typed line asks for: a number picks a choice of the menu (a step opens the next
        step and returns None), action text is taken as it is (a group in any order, or standing among more
        Characters, is moved as the rules allow). None after saying why not."""
        if len(line) > MAX_LINE:
            self.say(
                Text.assemble(
                    (_("not possible: "), "red"),
                    _("a line of {n} characters (at most {most})").format(n=len(line), most=MAX_LINE),
                )
            )
            return None
        level = self.level(seat)
        numbers = dict(level)
        n = choice_number(line, len(level))
        if isinstance(n, str):
            self.say(Text(n, style="red"))
            return None
        if n is not None:
            entry = numbers[n + 1]
            if entry.action is not None:
                return [entry.action]
            self.path.append(entry)
            if not self.face.screen:
                self.print_menu(seat)
            return None
        return self.typed(line, seat)

    def typed(self, line: str, seat: int) -> list[str] | None:
        legal = self.game.legal_actions()
        try:
            parsed = parse_action(line)
        except ActionSyntaxError:
            return [line]  # refused with the parser's reason
        text = str(parsed)
        if text in legal or parsed.verb != "move" or len(parsed.cards) < 2:
            return [text]
        return group_moves(self.game, seat, parsed) or [text]

    def draw(self, seat: int) -> None:
        """A new decision: line by line, the table and the menu are printed (on screen, every key redraws)."""
        g = self.game
        self.menu_entries(seat)
        if self.face.screen:
            return
        view = g.view(seat)
        console.print(render(view, self.db, [], self.extras(seat)))
        self.print_menu(seat)

    def print_menu(self, seat: int) -> None:
        for line in menu_lines(self.menu_view(seat), console.width):
            console.print(line, highlight=False)

    def frame(self, seat: int) -> list[Text]:
        """The whole screen for ``seat``: the table, the messages since the last key, the menu."""
        g = self.game
        width, height = self.face_size()
        messages, tail = self.face.take_messages() if isinstance(self.face, ScreenFace) else ([], False)
        extras = self.extras(seat)
        # one column is left free: a line that fills the last column makes some terminals wrap (tmux)
        return compose(g.view(seat), self.db, extras, Frame(self.menu_view(seat), messages, tail), width - 1, height)

    def face_size(self) -> tuple[int, int]:
        if isinstance(self.face, ScreenFace):
            return self.face.size()
        return console.width, console.height

    def extras(self, seat: int) -> Extras:
        """What happened since this seat's last decision, in words (AI turns summarised), every seat's
        Disaster path, and the combat in progress."""
        g = self.game
        start = self.since.get(seat, 0)
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
                if ev["e"] in COMBAT_LINES:
                    text = narration.sentence(g, ev, seat)
                    if text:
                        combat.insert(0, text)
            combat = [*combat[-6:], terms.question(p.kind, p.prompt)]
        recent = summarise(g, seat, g.log[max(0, start - 40) : start], set(self.agents)) if self.face.screen else []
        return Extras(
            paths=paths, events=lines[earlier:], earlier=earlier, combat=combat, combat_cell=cell, recent=recent[-12:]
        )

    def ai_choice(self, seat: int) -> str:
        """An AI seat's decision; its set-up is the quick set-up policy, the same as a person's."""
        if self.game.decision is not None and self.game.decision.kind in quick_setup.SETUP_KINDS:
            choice = quick_setup.answer(self.game)
            if choice is not None:
                return choice
        return decide(self.agents[seat], self.game, seat)  # a search AI searches from the seat's view

    def extra_command(self, cmd: str, arg: str, seat: int) -> bool:
        """``why`` (the last thing that happened, and the rules behind it), ``why ACTION`` or ``why N`` (is
        that action legal, and if not, the card, Location or rule that blocks it), ``quick`` (let the quick
        set-up finish this seat's set-up). True when the decision was taken."""
        g = self.game
        if cmd == "quick":
            if g.decision is None or g.decision.kind not in quick_setup.SETUP_KINDS:
                self.say(_("quick set-up is only for set-up decisions"))
                return False
            self.quick.add(seat)
            quick_setup.run(g, [seat])
            return True
        if not arg:
            for ev in reversed(g.events_for(seat)):
                text = narration.why(g, ev, seat)
                if text:
                    self.say(text)
                    return False
            self.say(_("nothing has happened yet"))
            return False
        if arg.isascii() and arg.isdigit() and len(arg) <= 6:
            entry = dict(self.level(seat)).get(int(arg))
            if entry is None:
                self.say(_("no choice {n} now").format(n=arg))
                return False
            if entry.action is None:
                self.say(
                    polish(
                        _("{n} is a step: {question} ({count} legal action(s) under it)").format(
                            n=arg, question=entry.question, count=len(entry.actions)
                        )
                    )
                )
                return False
            arg = entry.action
        self.say(str(g.explain(arg, seat)))
        if arg not in g.legal_actions():
            actions = self.typed(arg, seat)
            if actions and len(actions) > 1:
                self.say(_("typed, it is done one Character after another: {moves}").format(moves="; ".join(actions)))
        return False

    def label(self, action: str, seat: int | None = None) -> str:
        """The action with card names, but only for cards the deciding seat may see (MISC-7): a face-down
        Item named by an order (``yield c40``) stays "a face-down card"."""
        if seat is None:
            seat = self.game.to_move
        known = known_cards(self.game.view(seat)) if seat is not None else {}
        out = []
        for w in action.split():
            uid = card_number(w)
            if uid is not None:
                out.append(f"{w}:{self.db.by_id(known[uid]).name}" if uid in known else f"{w}:face-down card")
                continue
            if "@c" in w:  # a handle (engine/core/handles.py): a card the seat may not see, named by where it is
                what, _sep, holder = w.partition("@")
                h = card_number(holder)
                who = self.db.by_id(known[h]).name if h is not None and h in known else holder
                kind = "Item" if what.startswith("item") else "stored card"
                out.append(f"{w}:{kind} {what.lstrip('itemsord')} of {who}")
                continue
            out.append(w)
        return " ".join(out)

    def show(self, what: str, seat: int) -> None:
        if len(what) > MAX_LINE:
            self.say(_("no card has a name that long"))
            return
        uid = card_number(what)
        if uid is not None:
            known = known_cards(self.game.view(seat))
            if uid not in known:
                self.say(_("that card is not visible to you"))
                return
            self.say(render_card(self.db.by_id(known[uid])))
            return
        try:
            self.say(render_card(self.db.get(what)))
        except LookupError as exc:
            self.say(Text(str(exc), style="red"))

    def save(self, path: Path, force: bool = False) -> bool:
        """Save atomically; an existing file is replaced only if this session wrote it, or ``force``. A
        failure is reported and play goes on (the previous file, if any, is intact)."""
        try:
            replace = force or path.resolve() in self.owned
            record.save(self.game, path, replace=replace, seat_kinds=self.kinds, budget=self.budget)
        except (OSError, FileError) as exc:
            hint = _(" (add --force to replace it)") if path.exists() and not path.is_dir() else ""
            message = _("not saved: {error}").format(error=exc) + (hint if "force" not in str(exc) else "")
            if self.face.screen:
                self.say(Text.assemble((_("error: "), "bold red"), message))
            else:
                print_error(message, console=console)
            return False
        self.owned.add(path.resolve())
        self.say(_("saved to {path} (resume with: animayhem play --resume {path})").format(path=path))
        return True

    def undo(self, seat: int) -> bool:
        """Take back this seat's last decision (and the AI decisions after it), as a new game from the record."""
        if len(self.humans) > 1:
            self.say(_("undo is only for games where no other person would be affected"))
            return False
        g = self.game
        last = g.last_decision_of(seat)
        if last is None:
            self.say(_("nothing to undo"))
            return False
        self.game = Game.restore(g.config, g.history[:last], self.db)
        self.say(Text(_("took back your last decision"), style="yellow"))
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
            console.print(
                "[yellow]" + _("could not save the game record to {path}:").format(path=path) + f"[/yellow] {exc}"
            )
            return
        console.print(
            _("Game record saved to {path} (replay it with: animayhem replay {path})").format(path=path),
            highlight=False,
        )


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
            what = " ".join(held[:4]) + (" …" if len(held) > 4 else "") if held else _("nothing of note.")
            out.append(
                _("Player {n}'s turn ({count} events; 'log' for all): {what}").format(
                    n=turn_of + 1, count=count, what=what
                )
            )

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


RANK = {v: i for i, (_name, verbs) in enumerate(VERB_GROUPS) for v in verbs}  # the menu's order of kinds
GROUP_NAMES = {v: name for name, verbs in VERB_GROUPS for v in verbs}


def _group(entry: Entry) -> str:
    return terms.group(GROUP_NAMES.get(entry.verb, "Other"))


def group_moves(g: Game, seat: int, typed: Action) -> list[str] | None:
    """A group move typed in any order, or for some of the Characters standing together (the engine offers
    the whole group as one move, TURN-18): the legal group move it is, or the single moves that take each
    member there, one after another (each legal when its turn comes, tried on a copy). None when there are none."""
    legal = g.legal_actions()
    members = sorted(set(typed.cards))
    cell = typed.cell
    whole = "move " + "+".join(f"c{u}" for u in members) + f" {cell[0]},{cell[1]}"
    if whole in legal:
        return [whole]
    trial = g.clone()
    steps: list[str] = []
    left = list(members)
    while left:
        now = trial.legal_actions() if trial.to_move == seat else []
        nxt = next((u for u in left if f"move c{u} {cell[0]},{cell[1]}" in now), None)
        if nxt is None:
            return None
        step = f"move c{nxt} {cell[0]},{cell[1]}"
        trial.apply_as(seat, step)
        steps.append(step)
        left.remove(nxt)
    return steps


COMBAT_KINDS = frozenset({"combat", "protect", "runto", "fight_run", "declare", "charm_open", "charm_break"})


def _record_path(g: Game) -> Path:
    """A new file for a finished game: $ANIMAYHEM_RECORDS, or the user's data folder."""
    base = os.environ.get("ANIMAYHEM_RECORDS")
    root = Path(base) if base else Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    folder = root if base else root / "animayhem" / "records"
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return folder / f"game-{stamp}-seed{g.config.seed}.json"
