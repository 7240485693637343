"""Whether the engine runs compiled, and a guard against a compiled build older than its sources.

``tools/compile_core.py`` may compile the engine's modules into extension modules beside their sources
(optional: the engine is plain Python without them). It writes a manifest of the sources it compiled, with
their digests; :func:`check`, run when ``animayhem.engine`` is first imported, refuses to go on when a source
has changed since (Python would run the old compiled module in its place, silently). No manifest: nothing to
check, one file test. The package imports this module before any other of its own.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

MANIFEST = Path(__file__).with_name("compiled.json")


class StaleCore(ImportError):
    """The compiled engine is older than its sources."""


def check() -> None:
    if not MANIFEST.exists():
        return
    try:
        listed = json.loads(MANIFEST.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise StaleCore(f"{MANIFEST}: unreadable manifest of the compiled engine ({exc}); {_HOW}") from exc
    here = MANIFEST.parent
    for rel, want in sorted(listed.items()):
        path = here / rel
        try:
            got = hashlib.sha256(path.read_bytes()).hexdigest()
        except OSError:
            got = ""
        if got != want:
            raise StaleCore(f"the compiled engine is older than {path} (changed since it was built); {_HOW}")


_HOW = "build it again (make compiled) or go back to pure Python (make pure)"


def in_use() -> bool:
    """Whether the engine's modules run compiled in this process (``game.py`` stands for them all)."""
    game = sys.modules.get("animayhem.engine.game")
    return game is not None and not str(getattr(game, "__file__", "")).endswith(".py")


check()  # on the engine's first import: a compiled build older than its sources would run stale rules
