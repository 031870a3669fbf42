"""How a drill record is opened: regular files only, never blocking, one writer at a time.

A record is read or appended to only if it is a regular file (or the null device, which reads
as empty): a FIFO, a socket, a device or a directory where a record should be is refused
without waiting on it (:func:`open_regular` opens with ``O_NONBLOCK`` and checks what it opened
with ``fstat``). Writers take an exclusive ``flock`` on the record and readers a shared one
(:func:`lock`), waiting at most :data:`LOCK_SECONDS` for a command that holds it.
:mod:`graphs.drill.record` builds the reader and the writer on these.
"""

from __future__ import annotations

import errno
import fcntl
import os
import stat
import time
from pathlib import Path

__all__ = [
    "LOCK_SECONDS",
    "NotARecord",
    "RecordError",
    "fsync_dir",
    "kind",
    "lock",
    "open_regular",
    "read_whole",
]

#: How long a command waits for another one to finish with the same record.
LOCK_SECONDS = 10.0


class RecordError(ValueError):
    """The record cannot be read or written (a full disk, a directory in the way, no permission).

    ``path`` is the record file, ``reason`` the system's words for what went wrong, ``action``
    what was tried ("read", "append to") and ``option`` the command-line option that names it.
    """

    def __init__(
        self, path: Path, reason: str, action: str = "append to", option: str = "--record"
    ) -> None:
        super().__init__(f"{option}: cannot {action} {path} ({reason})")
        self.path = Path(path)
        self.reason = reason
        self.action = action
        self.option = option


class NotARecord(RecordError):
    """The path is there but is not a regular file (a directory, a FIFO, a device, a socket)."""


def kind(mode: int) -> str | None:
    """What a file of ``st_mode`` ``mode`` is, or None for a regular file.

    Examples
    --------
    >>> kind(os.stat(".").st_mode)
    'a directory'
    >>> kind(os.stat(__file__).st_mode) is None
    True
    """
    if stat.S_ISREG(mode):
        return None
    kinds = [(stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO"),
             (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a character device"),
             (stat.S_ISBLK, "a block device")]  # fmt: skip
    return next((name for test, name in kinds if test(mode)), "not a regular file")


def _is_null(st: os.stat_result) -> bool:
    """Whether ``st`` is the null device (``--record /dev/null``)."""
    try:
        null = os.stat(os.devnull)
    except OSError:
        return False
    return stat.S_ISCHR(st.st_mode) and st.st_rdev == null.st_rdev


def _refuse(st: os.stat_result, path: Path, action: str) -> None:
    what = kind(st.st_mode)
    if what is not None and not _is_null(st):
        raise NotARecord(path, f"{what}, not a regular file", action)


def open_regular(path: Path, flags: int, action: str) -> tuple[int, bool] | None:
    """``path`` opened with ``flags`` as ``(fd, is the null device)``, never blocking; None if
    it does not exist and ``flags`` do not create it.

    The path is looked at first (``os.stat``) so that a FIFO or a socket is refused by name
    before it is opened; it is opened with ``O_NONBLOCK`` (opening a FIFO never waits) and
    ``O_CLOEXEC`` (no child inherits it or its lock), and what was opened is checked again
    with ``fstat``, whatever the path pointed to a moment before.

    Raises
    ------
    NotARecord
        If it is not a regular file (nor the null device): nothing is read or written.
    RecordError
        If it cannot be opened, with the system's reason.
    """
    creating = bool(flags & os.O_CREAT)
    try:
        _refuse(os.stat(path), path, action)
    except (FileNotFoundError, NotADirectoryError):
        if not creating:
            return None
    except OSError as err:
        raise RecordError(path, err.strerror or str(err), action) from None
    try:
        fd = os.open(path, flags | os.O_NONBLOCK | os.O_CLOEXEC, 0o666)
    except FileNotFoundError:
        if not creating:
            return None
        raise RecordError(path, os.strerror(errno.ENOENT), action) from None
    except OSError as err:
        raise RecordError(path, err.strerror or str(err), action) from None
    try:
        st = os.fstat(fd)
        _refuse(st, path, action)
    except BaseException:
        os.close(fd)
        raise
    return fd, _is_null(st)


def read_whole(fd: int) -> bytes:
    """Everything in the file behind ``fd``, read from its start (the offset is left alone)."""
    chunks = []
    offset = 0
    while chunk := os.pread(fd, 1 << 20, offset):
        chunks.append(chunk)
        offset += len(chunk)
    return b"".join(chunks)


def lock(fd: int, path: Path, how: int, action: str) -> None:
    """Take ``flock`` ``how`` (``fcntl.LOCK_SH`` or ``LOCK_EX``) on ``fd``, waiting at most
    :data:`LOCK_SECONDS`; on a file system without locks, go on without one.

    Raises
    ------
    RecordError
        If another process holds the record for longer (a command stopped with Ctrl-Z, say).
    """
    deadline = time.monotonic() + LOCK_SECONDS
    while True:
        try:
            fcntl.flock(fd, how | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() >= deadline:
                reason = f"another command has held it for over {LOCK_SECONDS:g} s"
                raise RecordError(path, reason, action) from None
            time.sleep(0.01)
        except OSError as err:
            if err.errno in (errno.ENOLCK, errno.EOPNOTSUPP, errno.EINVAL):
                return
            raise RecordError(path, err.strerror or str(err), action) from None


def fsync_dir(folder: Path) -> None:
    """Make a new file's directory entry durable too (best effort: not every system can)."""
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
