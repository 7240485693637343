"""The terminal table that stays on screen, at 100x30, with scripted keystrokes: every frame fills the screen
with the header on top and the menu at the bottom, the board is drawn again after ``log`` and ``help``, a move
is chosen in steps (who, then where), ``why`` names what blocks a move, a group typed from the Haven moves.
The last test runs the real command in a pseudo-terminal and reads the screen with a terminal emulator."""

from __future__ import annotations

import io
import os
import pty
import select
import struct
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from animayhem.cli import play as play_module
from animayhem.cli.play import Session
from animayhem.cli.screen import ScreenFace
from animayhem.decks.starters import starter_decks
from animayhem.engine import DeckList, Game, GameConfig, SeatConfig
from animayhem.engine.faces import quick_setup
from scenario_kit import game_of, uid_of

WIDTH, HEIGHT = 100, 30


def _game(seed: int = 3, max_rounds: int = 150) -> Game:
    deck = next(d for d in starter_decks().values() if 1 in d.players)
    g = Game(GameConfig(seats=(SeatConfig(DeckList.from_deck(deck)),), seed=seed, max_rounds=max_rounds))
    quick_setup.run(g, [0])
    return g


def _session(g: Game, keys: Iterator[str], tmp_path: Path) -> tuple[Session, ScreenFace]:
    def read(prompt: str) -> str:
        assert prompt == "Player 1> "
        try:
            return next(keys)
        except StopIteration:
            raise EOFError from None

    face = ScreenFace(out=io.StringIO(), read=read, size=lambda: (WIDTH, HEIGHT), color_system=None)
    face.keep_frames = True
    session = Session(g, g.db, {}, tmp_path / "save.json", face=face)
    session.record_to = tmp_path / "record.json"
    return session, face


def _menu(frame: list[str]) -> list[str]:
    """The menu region: from its question ("Player 1: …") to the bottom."""
    start = max(i for i, line in enumerate(frame) if line.startswith("Player 1: "))
    return frame[start:]


def _check_frame(frame: list[str]) -> None:
    assert len(frame) == HEIGHT - 1  # the prompt has the last line: nothing scrolls
    assert all(len(line) < WIDTH for line in frame)
    assert frame[0].startswith(" Round ") and "decides" in frame[0] and "Items:" in frame[0]


def test_a_quick_solitaire_game_to_its_end_on_a_100x30_screen(tmp_path: Path) -> None:
    g = _game(max_rounds=3)
    keys = iter(["log", "help", *(["done", "1"] * 400)])
    session, face = _session(g, keys, tmp_path)
    with play_module.console.capture() as cap:
        session.loop()
    assert session.game.over
    assert "The game is over." in cap.get()  # the last screen, after the table is closed
    assert len(face.frames) > 10
    for frame in face.frames:
        _check_frame(frame)
    first, after_log, after_help = face.frames[:3]
    assert any("x0" in line for line in first[1:3])  # the Field, right under the header
    # the log is shown in the message region and the board is drawn again under the same header and menu
    assert "Round 1: Player 1 begins turn 1." in "\n".join(after_log)
    assert after_log[0] == first[0] and after_log[-1] == first[-1]
    assert "Commands: help" in "\n".join(after_help) and after_help[0] == first[0]
    assert any("x0" in line for line in after_help[1:3])  # help is short: the Field stays
    # the values in use are on screen: every Character with its Attack, Defense, Movement, Health, Energy
    assert any("c43 Goku A5 D5 M3 H5 E4" in line for line in first)


def test_a_move_chosen_in_steps_keeps_its_numbers(tmp_path: Path) -> None:
    g = _game()
    keys = iter(["done", "done", "3", "why 1", "0", "log", "3", "3", "quit"])
    session, face = _session(g, keys, tmp_path)
    session.loop()
    frames = face.frames
    top = frames[2]  # the Move phase: who moves?
    assert _menu(top)[0].startswith("Player 1: move Characters")
    assert "3 Goku at Gohan's Cave …" in " ".join(_menu(top))
    step = frames[3]
    assert any("Player 1: Goku: where to?   (0: back)" in line for line in step)
    assert "3 to Arena (0,-1)" in " ".join(step)
    why = frames[4]  # why 1 answers for the first choice of this step, and the step stays
    assert "'move Goku to Goku & Chi-Chi's House (-1,-1)' is legal" in " ".join(why)
    assert _menu(why) == _menu(step)
    back, after_log, again = frames[5], frames[6], frames[7]
    assert _menu(back) == _menu(top) and _menu(after_log) == _menu(top)  # the same numbers at every key
    assert _menu(again) == _menu(step)
    assert session.game.history[-1] == "move c43 0,-1"  # 3 (Goku), then 3 (Arena)
    for frame in frames:
        _check_frame(frame)


def test_why_names_what_blocks_a_move_and_a_group_typed_from_the_haven_moves(tmp_path: Path) -> None:
    g = _game()
    keys = iter(
        ["done", "done", "why move c43 -1,0", "why move c43 0,-1", "move c65+c43 -1,0", "move c65+c43 0,-1", "quit"]
    )
    session, face = _session(g, keys, tmp_path)
    session.loop()
    frames = ["\n".join(f) for f in face.frames]
    flat = [" ".join(f.split()) for f in frames]
    assert "Goku can't stop at Planet Freeza (-1,0): it is Planetary and no one in the group has the" in flat[3]
    assert "(SCAV-18, TURN-21)" in flat[3]
    assert "'move Goku to Arena (0,-1)' is legal" in flat[4]  # the condition fails: nothing blocks that one
    assert "not possible: 'move c65+c43 -1,0' is not legal now:" in flat[5] and "Planetary" in flat[5]
    # four Characters stand in the Haven; two of them, typed as a group, move there one after another
    history = session.game.history
    assert history[-2:] == ["move c43 0,-1", "move c65 0,-1"]
    assert "moved one after another" in flat[6]
    view = session.game.view(0)
    at = {c["uid"]: c["cell"] for c in view["characters"]}
    assert at[43] == at[65] == [0, -1] and at[10] == at[34] == [0, -2]


def test_a_refused_group_leaves_the_game_as_it_was(tmp_path: Path) -> None:
    g = _game()
    keys = iter(["done", "done", "move c65+c43 -1,0", "quit"])
    session, face = _session(g, keys, tmp_path)
    session.loop()
    assert "Planetary" in " ".join(face.frames[-1])
    assert session.game.history[-1] == "done" and all(not a.startswith("move") for a in session.game.history)
    assert session.game.state_hash() == _after_two_dones().state_hash()


def _after_two_dones() -> Game:
    g = _game()
    g.apply("done")
    g.apply("done")
    return g


# ---------------------------------------------------------------------- a real terminal


def _read_screen(fd: int, stream: object, screen: object, until: str, timeout: float = 20.0) -> None:
    pyte = pytest.importorskip("pyte")
    assert isinstance(stream, pyte.ByteStream) and isinstance(screen, pyte.Screen)
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                data = os.read(fd, 65536)
            except OSError:
                return
            if not data:
                return
            stream.feed(data)
        elif screen.display[-1].startswith(until):
            return
    raise AssertionError("the screen did not settle:\n" + "\n".join(screen.display))


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal is POSIX")
def test_the_real_command_in_a_100x30_terminal(tmp_path: Path) -> None:
    pyte = pytest.importorskip("pyte")
    import fcntl
    import termios

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", HEIGHT, WIDTH, 0, 0))
    env = {
        **os.environ,
        "TERM": "xterm-256color",
        "ANIMAYHEM_AUTOSAVE": str(tmp_path / "auto.json"),
        "ANIMAYHEM_RECORDS": str(tmp_path),
        "COLUMNS": str(WIDTH),
        "LINES": str(HEIGHT),
    }
    env.pop("ANIMAYHEM_PLAIN", None)
    code = "from animayhem.cli.main import main; main()"
    proc = subprocess.Popen(
        [sys.executable, "-c", code, "play", "--quick", "--seed", "3"],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        close_fds=True,
    )
    os.close(slave)
    screen = pyte.Screen(WIDTH, HEIGHT)
    stream = pyte.ByteStream(screen)
    try:
        _read_screen(master, stream, screen, "Player 1>")
        shown = screen.display
        assert shown[0].startswith(" Round 1 · Player 1's discard phase")
        assert "x0" in shown[1] and shown[-1].startswith("Player 1>")
        for key in ("done", "done", "log", "1"):
            os.write(master, key.encode() + b"\r")
            time.sleep(0.3)
            _read_screen(master, stream, screen, "Player 1>")
            shown = screen.display
            assert shown[0].startswith(" Round 1 · Player 1's move phase") or key == "done"
            assert shown[-1].startswith("Player 1>")  # the prompt stays on the last line
        assert "Player 1: Ox-King: where to?" in "\n".join(shown)  # 1: the first Character, then where
        os.write(master, b"quit\r")
        proc.wait(timeout=20)
        assert proc.returncode == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)


def test_why_names_mez_on_a_100x30_screen(tmp_path: Path) -> None:
    """Issue 20's case: a Character Mez holds where it stands. At the terminal, ``why move …`` names Mez and
    the rule (CARD-22) and the move is refused with the same reason; with Mez not in play the move is legal."""
    held, free = _mez_game(True), _mez_game(False)
    akane = uid_of(held, "akane-tendo")
    for game, expected in ((held, "Mez"), (free, "is legal")):
        keys = iter([f"why move c{akane} 1,0", f"move c{akane} 1,0", "quit"])
        session, face = _session(game, keys, tmp_path)
        session.loop()
        flat = [" ".join("\n".join(f).split()) for f in face.frames]
        for frame in face.frames:
            _check_frame(frame)
        assert expected in flat[1]
        if expected == "Mez":
            assert "CARD-22" in flat[1]
            assert "Mez" in flat[2] and "not possible" in flat[2]  # the refused move says why, too
            assert f"move c{akane} 1,0" not in session.game.history
        else:
            assert session.game.history[-1].startswith(f"move c{akane}")


def _mez_game(mez: bool) -> Game:
    text = """ruleset: classic
seats:
  - name: Player 1
field:
  - {cell: [0, 0], card: genom-tower, owner: 0}
  - {cell: [1, 0], card: island-restaurant, owner: 0}
  - {cell: [2, 0], card: arena, owner: 0, under: [cross]}
  - {cell: [0, 1], card: masaki-house, owner: 0, haven: true}
characters:
  - {card: akane-tendo, owner: 0, at: [0, 0]}
"""
    if mez:
        text += "disasters:\n  - {card: mez, owner: 0, at: [0, 0]}\n"
    return game_of(text + "start: {phase: move}\n")
