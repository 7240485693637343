"""Build the compiled core: the rules engine's modules compiled to C extension modules with mypyc, in place.

Optional. The engine is plain Python and stays so: every face, test and record runs on it as it is. This
tool compiles the same sources (the engine's ``core``, ``effects``, ``procedures`` and ``hooks`` packages,
``faces/views.py`` and ``game.py``; not ``core/config.py``, a pydantic model) into extension modules beside
them (one shared library for all of them, ``core_native__mypyc``, and a small module for each), which Python
then imports instead of the ``.py`` files; ``--clean`` removes them and the pure-Python engine is back. The
same games come out (``benchmarks/fingerprint.py``) for about half the instructions a decision
(benchmarks/README.md).

    .venv/bin/python tools/compile_core.py            # build (optimised, ~12 minutes on one core, 2.5 GB)
    .venv/bin/python tools/compile_core.py --opt 1    # quicker to build, a little slower to run
    .venv/bin/python tools/compile_core.py --separate # a library per module, built in parallel
    .venv/bin/python tools/compile_core.py --clean    # back to pure Python
    .venv/bin/python tools/compile_core.py --status   # which engine is in use
    .venv/bin/python tools/compile_core.py --can-build  # whether this machine has what the build needs

``make compiled`` and ``make pure`` do the first and the third. A manifest of the sources compiled
(``src/animayhem/engine/compiled.json``) lets the engine refuse to start from extension modules older than
their sources (``animayhem.engine.compiled``): after a source changes, build again or clean.

Needs a C compiler and the Python headers (Debian: ``apt install gcc python3-dev``), mypy and setuptools
77 or later (``pip install -e '.[compiled]'``).
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import importlib.metadata
import importlib.util
import json
import os
import shutil
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "src" / "animayhem" / "engine"
MANIFEST = ENGINE / "compiled.json"
PACKAGES = ("core", "effects", "procedures", "hooks")
SINGLE = ("faces/views.py", "game.py")
LEFT_OUT = {"core/config.py"}  # a pydantic model: mypyc compiles no pydantic class
GROUP = "animayhem.engine.core_native"  # the shared library of a one-group build (core_native__mypyc.*.so)


def sources() -> list[Path]:
    """The engine's modules the tool compiles, in a fixed order."""
    found = [
        p
        for pkg in PACKAGES
        for p in sorted((ENGINE / pkg).glob("*.py"))
        if p.name != "__init__.py" and p.relative_to(ENGINE).as_posix() not in LEFT_OUT
    ]
    return found + [ENGINE / s for s in SINGLE]


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def extensions() -> list[Path]:
    """The extension modules built here (any left from an earlier build included)."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    return sorted(p for p in ENGINE.rglob(f"*{suffix}"))


def clean() -> int:
    gone = extensions()
    for p in gone:
        p.unlink()
    MANIFEST.unlink(missing_ok=True)
    print(f"removed {len(gone)} extension modules: the engine is pure Python")
    return 0


def status() -> int:
    built = extensions()
    try:
        from animayhem.engine import compiled
    except ImportError as exc:  # a build older than its sources (engine/compiled_core.py)
        print(f"compiled core: {len(built)} extension modules built, refused: {exc}")
        return 1
    print(f"compiled core: {'in use' if compiled() else 'not in use'} ({len(built)} extension modules built)")
    return 0


def _missing() -> str | None:
    """Why this machine cannot build, or None."""
    include = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not include.exists():
        return f"no Python headers ({include} missing; Debian: apt install python3-dev)"
    if shutil.which(os.environ.get("CC", "gcc")) is None and shutil.which("cc") is None:
        return "no C compiler (Debian: apt install gcc)"
    for need in ("mypyc", "setuptools"):
        if importlib.util.find_spec(need) is None:
            return f"{need} is not installed (pip install -e '.[compiled]')"
    version = importlib.metadata.version("setuptools")
    if int(version.split(".")[0]) < 77:
        return f"setuptools {version} is too old to read pyproject.toml (pip install -e '.[compiled]')"
    return None


def build(opt: int, jobs: int, separate: bool = False) -> int:
    why = _missing()
    if why is not None:
        print(f"cannot build the compiled core: {why}", file=sys.stderr)
        return 2
    from mypyc.build import mypycify

    setup = importlib.import_module("setuptools").setup  # (untyped, depending on its version)

    clean()
    files = sources()
    rel = [p.relative_to(ROOT).as_posix() for p in files]
    here = Path.cwd()
    os.chdir(ROOT)  # mypy reads pyproject.toml's settings; the module names come from the src/ layout
    try:
        with tempfile.TemporaryDirectory(prefix="animayhem-core-") as tmp:
            # a fresh mypy cache: C generated from an older analysis of a changed module would be stale
            options = [f"--cache-dir={Path(tmp) / 'cache'}"]
            # one shared library for every module (GROUP): calls between modules stay native C calls, which
            # saves about 7 % of a decision's instructions over a library per module (``--separate``: less
            # memory to build, one C file per module compiled in parallel; benchmarks/README.md)
            groups: bool | list[tuple[list[str], str | None]] = True if separate else [(rel, GROUP)]
            modules = mypycify([*options, *rel], opt_level=str(opt), separate=groups, target_dir=str(Path(tmp) / "c"))
            out = ["--build-temp", str(Path(tmp) / "o"), "--build-lib", str(Path(tmp) / "lib")]
            setup(
                name="animayhem-compiled-core",
                ext_modules=modules,
                script_args=["-q", "build_ext", "--inplace", "-j", str(jobs), *out],
            )
    finally:
        os.chdir(here)
    MANIFEST.write_text(
        json.dumps({p.relative_to(ENGINE).as_posix(): digest(p) for p in files}, indent=1, sort_keys=True) + "\n",
        encoding="utf-8",
    )
    print(f"compiled {len(files)} modules of the engine (opt level {opt}); `{Path(__file__).name} --clean` undoes it")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--opt", type=int, choices=(0, 1, 2, 3), default=3, help="the C compiler's optimisation level")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="C files compiled at once")
    ap.add_argument(
        "--separate", action="store_true", help="a library per module (quicker to build on many cores, a little slower)"
    )
    ap.add_argument("--clean", action="store_true", help="remove the extension modules (pure Python again)")
    ap.add_argument("--status", action="store_true", help="say whether the compiled core is built and in use")
    ap.add_argument("--can-build", action="store_true", help="exit 0 if this machine can build it, else say why")
    args = ap.parse_args(argv)
    if args.clean:
        return clean()
    if args.can_build:
        why = _missing()
        print("this machine can build the compiled core" if why is None else f"cannot build the compiled core: {why}")
        return 0 if why is None else 1
    if args.status:
        return status()
    return build(args.opt, args.jobs, args.separate)


if __name__ == "__main__":
    raise SystemExit(main())
