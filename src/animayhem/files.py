"""Reading and writing the project's files safely: the one place every writer and reader of the CLI uses.

It imports nothing of the project, so every layer (cards, decks, records, cli) may use it.

* :func:`write_atomic` writes a temporary file in the destination's folder, flushes and fsyncs it, then
  renames it over the destination (``os.replace``), so a write that fails half-way (a full disk, a file-size
  limit, a crash) leaves the previous file exactly as it was. It never replaces an existing file unless
  ``replace=True`` (the ``--force`` of the commands, or the game's own autosave).
* :func:`read_text` reads at most ``limit`` bytes (``/dev/zero`` is refused, not read into memory), accepts
  a UTF-8 byte-order mark, and says where a file is not UTF-8.

Errors are :class:`FileError` (a ``ValueError``): the message names the file and the reason.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

MAX_BYTES = 16 * 1024 * 1024  # far above any save, deck or card file the project writes


class FileError(ValueError):
    """A file that cannot be read or written; the message names it and says why."""


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc) or type(exc).__name__


def check_writable(path: Path | str, *, replace: bool = False) -> Path:
    """The destination, if a write there could succeed; raise :class:`FileError` saying why not."""
    p = Path(path)
    folder = p.parent
    if not str(p.name):
        raise FileError(f"{p}: not a file name")
    if p.is_dir():
        raise FileError(f"{p}: is a folder, not a file")
    if not folder.is_dir():
        raise FileError(f"{p}: the folder {folder} does not exist")
    if p.exists() and not replace:
        raise FileError(f"{p}: the file exists (use --force to replace it)")
    return p


def write_atomic(path: Path | str, data: str | bytes, *, replace: bool = False) -> None:
    """Write ``data`` to ``path`` all at once or not at all (see the module docstring)."""
    p = check_writable(path, replace=replace)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    try:
        fd, tmp = tempfile.mkstemp(dir=p.parent, prefix=f".{p.name}.", suffix=".tmp")
    except OSError as exc:
        raise FileError(f"{p}: cannot write in {p.parent}: {_reason(exc)}") from exc
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(raw)
            f.flush()
            os.fsync(f.fileno())
        if not replace and p.exists():  # appeared meanwhile
            raise FileError(f"{p}: the file exists (use --force to replace it)")
        os.replace(tmp, p)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise FileError(f"{p}: cannot write: {_reason(exc)} (nothing was changed)") from exc
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    with contextlib.suppress(OSError):  # make the rename itself durable where the platform allows
        dfd = os.open(p.parent, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)


def read_bytes(path: Path | str, limit: int = MAX_BYTES) -> bytes:
    """At most ``limit`` bytes of a regular file; raise :class:`FileError` otherwise."""
    p = Path(path)
    try:
        if p.is_dir():
            raise FileError(f"{p}: cannot read: is a folder, not a file")
        with open(p, "rb") as f:
            data = f.read(limit + 1)
    except OSError as exc:
        raise FileError(f"{p}: cannot read: {_reason(exc)}") from exc
    if len(data) > limit:
        raise FileError(f"{p}: larger than {limit:,} bytes: not a file this program writes")
    return data


def decode(data: bytes, source: str) -> str:
    """UTF-8 text (a leading byte-order mark is dropped); the error names the line and byte."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise FileError(f"{source}:{line}: not UTF-8 text (byte {exc.start + 1}: {exc.reason})") from exc
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        raise FileError(f"{source}:{line}: a NUL character: not a text file")
    return text


def read_text(path: Path | str, limit: int = MAX_BYTES) -> str:
    return decode(read_bytes(path, limit), str(path))
