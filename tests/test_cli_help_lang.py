"""``--help`` in Spanish (issue 25; cli/help_lang.py): every help text of the command tree is in the
catalogue, and the installed command speaks the language ``--lang`` or ``ANIMAYHEM_LANG`` asks for."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest
import typer

from animayhem import i18n
from animayhem.cli.help_lang import HELP_CONTEXT, fixed_texts, help_texts, lang_in_argv
from animayhem.cli.main import app, main

SAME_IN_SPANISH = {"Error"}


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.activate(i18n.SOURCE)  # main() activates the language it was asked for


def test_lang_in_argv() -> None:
    assert lang_in_argv(["--lang", "es", "play"]) == "es"
    assert lang_in_argv(["play", "--lang=es"]) == "es"
    assert lang_in_argv(["--lang", "en", "play", "--lang", "es"]) == "es"  # the last one wins, as for Typer
    assert lang_in_argv(["play", "--", "--lang", "es"]) is None
    assert lang_in_argv(["play", "--lang"]) is None


def test_every_help_text_has_a_spanish_line() -> None:
    texts = {*help_texts(typer.main.get_command(app)), *fixed_texts()}
    assert len(texts) > 80  # the whole tree, sub-commands and options included
    missing = [t for t in texts if t not in SAME_IN_SPANISH and i18n.pgettext(HELP_CONTEXT, t, "es") == t]
    assert not missing, missing[:5]


def _run(argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> str:
    monkeypatch.setattr(sys, "argv", ["animayhem", *argv])
    monkeypatch.setenv("COLUMNS", "200")
    try:
        main()
    except SystemExit as done:  # --help exits; a command that ran to its end returns
        assert done.code in (0, None)
    return capsys.readouterr().out


def test_help_speaks_spanish_and_english_again(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("ANIMAYHEM_LANG", raising=False)
    monkeypatch.setenv("LANGUAGE", "en")
    es = _run(["--lang", "es", "play", "--help"], monkeypatch, capsys)
    assert "Número de asientos (1-5)." in es and "Opciones" in es and "Muestra este mensaje y sale." in es
    assert "Number of seats" not in es and "--players" in es  # the option names stay as typed
    en = _run(["play", "--help"], monkeypatch, capsys)
    assert "Number of seats (1-5)." in en and "Options" in en and "Opciones" not in en
    monkeypatch.setenv("ANIMAYHEM_LANG", "es")
    listing = _run(["cards", "--help"], monkeypatch, capsys)
    assert "Lista las cartas" in listing and "Órdenes" in listing


@pytest.mark.parametrize(
    ("argv", "spanish", "english"),
    [
        (["rules", "show", "guia"], ["opción", "significado", "Mínimo de jugadores"], ["meaning", "Fewest players"]),
        (["rules", "list"], ["reglamento", "La guía del jugador en español"], ["what it follows"]),
        (["cards", "stats"], ["habilidades ejecutadas", "en juego usan solo sus valores impresos"], ["of them have"]),
        (["deck", "list"], ["Mazos de inicio", "jugadores"], ["Starter decks"]),
        (["cards", "list", "--name", "washu"], ["5 cartas", "colección"], ["card(s)", "cards"]),
    ],
)
def test_other_commands_speak_spanish(
    argv: list[str],
    spanish: list[str],
    english: list[str],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = _run(["--lang", "es", *argv], monkeypatch, capsys)
    for word in spanish:
        assert word in out
    for word in english:
        assert word not in out
