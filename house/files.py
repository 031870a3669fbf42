"""Writing files so that an interruption never leaves half a file: the one atomic writer of both
domains' tools, experiments and drill, and of the site's generators.

A plain ``path.write_text`` truncates the file first: an interrupt, a full disk or an encoding
error half-way leaves an empty or cut file behind. Here the bytes go to a temporary file in the
same folder (same file system), are flushed to disk, and ``os.replace`` swaps it in, which is
atomic on POSIX: a reader sees the old file or the new one, never a part of one. The new file
keeps the old one's permission bits (a new file gets the usual ``0o666`` less the umask, not
``mkstemp``'s ``0o600``).
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

__all__ = [
    "atomic_write_bytes",
    "atomic_write_json",
    "atomic_write_text",
    "check_writable",
    "replacing",
]


def _mode_for(path: Path) -> int:
    """The permission bits the file should get: the old file's, or the default for new files."""
    try:
        return path.stat().st_mode & 0o777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


@contextlib.contextmanager
def replacing(path: Path, mode: int | None = None) -> Iterator[Path]:
    """Yield a temporary path beside ``path``; when the body succeeds, move it onto ``path``.

    Parameters
    ----------
    path : Path
        The file to replace (or create); its folder is created if needed.
    mode : int, optional
        Permission bits of the new file (default: the old file's, or the usual ones for a new
        file).

    Yields
    ------
    Path
        An empty temporary file in the same folder, for the body to fill.

    Raises
    ------
    OSError
        The folder cannot be created or written. If the body raises (``KeyboardInterrupt``
        included), the temporary file is removed, ``path`` is left as it was and the exception
        goes on.

    Examples
    --------
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     target = Path(folder) / "out.txt"
    ...     with replacing(target) as tmp:
    ...         _ = tmp.write_text("done")
    ...     print(target.read_text(), sorted(p.name for p in Path(folder).iterdir()))
    done ['out.txt']
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    os.close(fd)
    tmp = Path(name)
    try:
        yield tmp
        os.chmod(tmp, _mode_for(path) if mode is None else mode)
        os.replace(tmp, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()


def atomic_write_bytes(path: Path, data: bytes, mode: int | None = None) -> None:
    """Write ``data`` to ``path`` atomically, flushed to disk (see :func:`replacing`).

    Raises
    ------
    OSError
        The write failed; the old file (if any) is untouched and no temporary file is left.

    Examples
    --------
    >>> folder = Path(tempfile.mkdtemp())
    >>> atomic_write_bytes(folder / "a.bin", b"\\x00\\x01", mode=0o600)
    >>> (folder / "a.bin").read_bytes(), oct((folder / "a.bin").stat().st_mode & 0o777)
    (b'\\x00\\x01', '0o600')
    """
    with replacing(path, mode) as tmp, open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically, flushed to disk (see :func:`replacing`).

    Parameters
    ----------
    path : Path
        The file to write; its folder is created if needed.
    text : str
        The whole new content.

    Raises
    ------
    OSError, UnicodeEncodeError
        The write failed; the old file (if any) is untouched and no temporary file is left.

    Examples
    --------
    >>> folder = Path(tempfile.mkdtemp())
    >>> atomic_write_text(folder / "a.txt", "hello")
    >>> (folder / "a.txt").read_text()
    'hello'
    """
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_json(path: Path, obj: Any, indent: int | None = 1) -> None:
    """Write ``obj`` as indented JSON with a final newline, atomically.

    Parameters
    ----------
    path : Path
        The file to write; its folder is created if needed.
    obj : Any
        Anything ``json.dumps`` takes, without NaN or infinities.
    indent : int
        Spaces per level.

    Raises
    ------
    ValueError
        ``obj`` holds NaN or an infinity (JSON has neither); nothing is written.
    TypeError
        ``obj`` holds something JSON cannot represent; nothing is written.

    Examples
    --------
    >>> folder = Path(tempfile.mkdtemp())
    >>> atomic_write_json(folder / "r.json", {"a": [1, 2]}, indent=None)
    >>> (folder / "r.json").read_text()
    '{"a": [1, 2]}\\n'
    """
    atomic_write_text(path, json.dumps(obj, indent=indent, allow_nan=False) + "\n")


def check_writable(folder: Path) -> None:
    """Create ``folder`` if needed and prove a file can be written there (a probe file is made
    and removed).

    Raises
    ------
    OSError
        The folder cannot be created or written.

    Examples
    --------
    >>> folder = Path(tempfile.mkdtemp()) / "new"
    >>> check_writable(folder)
    >>> list(folder.iterdir())
    []
    """
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".probe.", dir=folder)
    os.close(fd)
    Path(tmp).unlink()
