from __future__ import annotations

import os

import pytest
from hypothesis import settings

from animayhem.cards.database import CardDB

# CI runs the property tests with fixed examples (a red run must be reproducible); developers get fresh
# random seeds on every run, and a failing seed is replayed first the next time.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture(autouse=True)
def _autosave_in_tmp(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """`animayhem play` autosaves every turn: into a temporary folder under the tests, never the home folder."""
    monkeypatch.setenv("ANIMAYHEM_AUTOSAVE", str(tmp_path_factory.mktemp("autosave") / "autosave.json"))


@pytest.fixture(scope="session")
def db() -> CardDB:
    return CardDB.bundled()


@pytest.fixture(autouse=True)
def _records_in_tmp(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game finished at the terminal saves its record (cli/play.py): in tests, into a temporary folder."""
    monkeypatch.setenv("ANIMAYHEM_RECORDS", str(tmp_path_factory.getbasetemp() / "records"))


@pytest.fixture(autouse=True)
def _english_unless_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tests read English unless one asks for another language (--lang, animayhem.i18n.activate): the
    machine's locale does not choose it, and a language a test set does not stay for the next test."""
    from animayhem import i18n

    monkeypatch.setenv("ANIMAYHEM_LANG", "en")
    i18n.activate("en")
