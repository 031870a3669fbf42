"""Writing files so that an interruption never leaves half a file: the one atomic writer of
``mha``'s tools and experiments.

Every write goes to a temporary file in the same folder and is moved into place with
``os.replace`` (atomic on POSIX): a reader sees either the old file or the new one, never half.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` through a temporary file and ``os.replace``.

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
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> atomic_write_text(folder / "a.txt", "hello")
    >>> (folder / "a.txt").read_text()
    'hello'
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # mkstemp makes 0600; give the usual permissions
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def atomic_write_json(path: Path, obj: Any, indent: int = 1) -> None:
    """Write ``obj`` as indented JSON (no NaN: ``ValueError`` instead), atomically."""
    atomic_write_text(path, json.dumps(obj, indent=indent, allow_nan=False) + "\n")


def check_writable(folder: Path) -> None:
    """Create ``folder`` if needed and prove a file can be written there.

    Raises
    ------
    OSError
        The folder cannot be created or written.
    """
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".probe.", dir=folder)
    os.close(fd)
    Path(tmp).unlink()


__all__ = ["atomic_write_json", "atomic_write_text", "check_writable"]
