"""Writing files so that a reader sees the old file or the new one, never a part of one: the one
atomic writer of ``graphs``'s tools and drill.

The benchmark and the counterexample search write tracked results (``docs/results/*.json``,
``*.png``), and the drill puts its record back with :func:`replacing`. A plain
``path.write_text`` truncates the file first: an interrupt, a full disk or an encoding error
half-way leaves an empty or cut file behind. Here the bytes go to a temporary file
in the same directory (same file system) and ``os.replace`` swaps it in, which is atomic on POSIX
and Windows.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

__all__ = ["replacing", "write_text_atomic"]


def _mode_for(path: Path) -> int:
    """The permission bits the file should get: the old file's, or the default for new files."""
    try:
        return path.stat().st_mode & 0o777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


@contextlib.contextmanager
def replacing(path: Path) -> Iterator[Path]:
    """Yield a temporary path beside ``path``; on success move it onto ``path`` atomically.

    If the body raises (``KeyboardInterrupt`` included), the temporary file is removed and
    ``path`` is left as it was.

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     target = Path(folder) / "out.txt"
    ...     with replacing(target) as tmp:
    ...         _ = tmp.write_text("done")
    ...     print(target.read_text(), sorted(p.name for p in Path(folder).iterdir()))
    done ['out.txt']
    """
    path = Path(path)
    fd, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=path.suffix)
    os.close(fd)
    tmp = Path(name)
    try:
        yield tmp
        os.chmod(tmp, _mode_for(path))
        os.replace(tmp, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()


def write_text_atomic(path: Path, text: str, encoding: str = "utf-8") -> None:
    """Write ``text`` to ``path`` atomically (see :func:`replacing`), flushed to disk."""
    with replacing(path) as tmp, open(tmp, "w", encoding=encoding) as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
