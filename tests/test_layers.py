"""The engine's layers (docs/architecture.md): what `lint-imports` checks from the import graph (make lint),
read here as text too, so that a test run alone also catches an arrow pointing up."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import animayhem.engine
from animayhem.engine.procedures import agenda

ENGINE = Path(animayhem.engine.__file__).parent
# game.py is the top of the engine; checks/ (invariants, leaks) sit above it; the package's __init__ re-exports
ABOVE_GAME = {ENGINE / "game.py", ENGINE / "__init__.py", *(ENGINE / "checks").glob("*.py")}


def _engine_files() -> list[Path]:
    return sorted(p for p in ENGINE.rglob("*.py") if "__pycache__" not in p.parts)


def test_no_engine_file_below_game_imports_it() -> None:
    """Read as text, every import included (TYPE_CHECKING too): only game.py's own users import it."""
    pattern = re.compile(
        r"^\s*(from\s+animayhem\.engine\.game\s+import|from\s+animayhem\.engine\s+import\s+.*\bgame\b"
        r"|import\s+animayhem\.engine\.game)",
        re.M,
    )
    offenders = [
        str(p.relative_to(ENGINE)) for p in _engine_files() if p not in ABOVE_GAME and pattern.search(p.read_text())
    ]
    assert offenders == []


def test_no_import_inside_a_function_in_the_engine() -> None:
    """No import hides inside a function or method to dodge a cycle: the arrows are visible at the top."""
    found = []
    for p in _engine_files():
        tree = ast.parse(p.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                found += [
                    f"{p.relative_to(ENGINE)}:{inner.lineno}"
                    for inner in ast.walk(node)
                    if isinstance(inner, ast.Import | ast.ImportFrom)
                ]
    assert found == []


def test_every_frame_started_by_kind_is_registered() -> None:
    """A procedure lower in the engine starts one above it by kind: each kind it may name is registered once
    the engine is loaded, and a second registration of a kind under another class is refused."""
    assert {agenda.COMBAT, agenda.DISASTER_MOVE, agenda.TURN_LOOP} <= agenda.registered()

    class Other:
        pass

    try:
        agenda.frame(agenda.COMBAT)(Other)
    except ValueError as exc:
        assert "registered twice" in str(exc)
    else:  # pragma: no cover - the registry must refuse
        raise AssertionError("a second class was registered under 'combat'")
    assert agenda.COMBAT in agenda.registered()


def test_the_layers_contract_lists_every_engine_folder() -> None:
    """The contract (pyproject.toml) is exhaustive, so a new folder or procedure module must be placed in it;
    here: the folders on disk are the ones the contract names."""
    text = (ENGINE.parents[2] / "pyproject.toml").read_text()
    folders = {p.name for p in ENGINE.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert folders == {"core", "effects", "procedures", "faces", "hooks", "checks"}
    for name in folders:
        assert f'"{name}"' in text or f"| {name}" in text or f"{name} |" in text, name
