"""The compiled core's guard and module list (tools/compile_core.py; engine/compiled_core.py). The compiled
build itself is tested by running this whole suite on it (``make test-compiled``)."""

from __future__ import annotations

import ast
import hashlib
import json
import re
import sys
from pathlib import Path

import pytest

from animayhem.engine import compiled, compiled_core

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
import compile_core


def _manifest(tmp_path: Path, text: bytes, listed: bytes) -> Path:
    (tmp_path / "rules.py").write_bytes(text)
    m = tmp_path / "compiled.json"
    m.write_text(json.dumps({"rules.py": hashlib.sha256(listed).hexdigest()}), encoding="utf-8")
    return m


def test_a_build_of_the_same_sources_passes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(compiled_core, "MANIFEST", _manifest(tmp_path, b"x = 1\n", b"x = 1\n"))
    compiled_core.check()


def test_a_build_older_than_its_sources_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(compiled_core, "MANIFEST", _manifest(tmp_path, b"x = 2\n", b"x = 1\n"))
    with pytest.raises(compiled_core.StaleCore, match=r"older than .*rules\.py.*make compiled.*make pure"):
        compiled_core.check()


def test_a_missing_source_or_a_broken_manifest_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    m = _manifest(tmp_path, b"x = 1\n", b"x = 1\n")
    (tmp_path / "rules.py").unlink()
    monkeypatch.setattr(compiled_core, "MANIFEST", m)
    with pytest.raises(compiled_core.StaleCore, match=r"rules\.py"):
        compiled_core.check()
    m.write_text("{not json", encoding="utf-8")
    with pytest.raises(compiled_core.StaleCore, match="unreadable manifest"):
        compiled_core.check()


def test_no_manifest_no_check(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(compiled_core, "MANIFEST", tmp_path / "compiled.json")
    compiled_core.check()


def test_the_engine_runs_compiled_exactly_when_a_build_is_in_place() -> None:
    """Pure (``make test``): no manifest, the sources run. Compiled (``make test-compiled``): the manifest the
    tool wrote, and the extension modules it built are the ones Python imported."""
    assert compiled() == compiled_core.MANIFEST.exists()
    assert compiled() == bool(compile_core.extensions())


def test_the_tool_compiles_the_engine_but_its_pydantic_config() -> None:
    names = {p.relative_to(compile_core.ENGINE).as_posix() for p in compile_core.sources()}
    assert {"game.py", "faces/views.py", "core/state.py", "procedures/turn.py", "effects/lasting.py"} <= names
    assert "core/config.py" not in names
    assert not any(n.endswith("__init__.py") for n in names)
    assert all((compile_core.ENGINE / n).exists() for n in names)


def _unmarked_constants(source: str) -> list[str]:
    """The module-level constants (``NAME = value``, upper-case) a source assigns without ``Final``, type
    variables and type aliases aside."""
    out = []
    for node in ast.parse(source).body:
        if not isinstance(node, ast.Assign) or len(node.targets) != 1 or not isinstance(node.targets[0], ast.Name):
            continue
        name = node.targets[0].id
        if not re.fullmatch(r"_?[A-Z][A-Z0-9_]*", name):
            continue
        value = node.value
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in ("TypeVar", "NewType"):
            continue
        if isinstance(value, ast.Subscript):  # a type alias: tuple[int, int]
            continue
        out.append(f"{name} (line {node.lineno})")
    return out


def test_the_compiled_modules_mark_their_constants_final() -> None:
    """A module-level constant of a compiled module is ``Final``: the compiled core then reads a C value where it
    would look the name up in the module's dict at every use (``OFF``, ``SLOTS`` …). Pure Python ignores it."""
    found = {
        p.relative_to(compile_core.ENGINE).as_posix(): bad
        for p in compile_core.sources()
        if (bad := _unmarked_constants(p.read_text(encoding="utf-8")))
    }
    assert found == {}
    assert _unmarked_constants("OFF = -1\nT = TypeVar('T')\nCell = tuple[int, int]\nX: Final = 2\n") == ["OFF (line 1)"]
