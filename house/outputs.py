"""Where a command may write its results, checked before it does any work.

A benchmark measures for minutes, an experiment trains for longer: a ``--out`` that cannot be
written must cost one line and exit status 2 at the start, not the whole run at the end. These
checks create nothing; each answers with one sentence naming the path and the problem, or
``None``. What may be replaced is a regular file, written atomically (:mod:`house.files`):
a folder, a device, a FIFO, a socket or a symbolic link in its place is refused (replacing a
link to ``/dev/null`` would write a file where the user meant a device).
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TextIO

__all__ = [
    "EXIT_USAGE",
    "count_problem",
    "file_problem",
    "folder_problem",
    "refuse",
    "replaceable_problem",
    "writable_folder_problem",
]

#: The exit status of a command refused by its arguments (as argparse's own errors).
EXIT_USAGE = 2


def replaceable_problem(path: Path, advice: str = "") -> str | None:
    """Why ``path`` is not new and not a regular file (one sentence), or ``None``.

    Parameters
    ----------
    path : Path
        What a file is to be written at.
    advice : str
        Appended after ``"; "`` when something else stands at ``path`` (what to do instead).

    Examples
    --------
    >>> replaceable_problem(Path("/dev/null"))
    '/dev/null is not a regular file (a device, FIFO or socket)'
    >>> replaceable_problem(Path("/"), "give a file path")
    '/ is a folder; give a file path'
    >>> replaceable_problem(Path("/no/such/file")) is None
    True
    """
    path = Path(path)
    try:
        mode = path.lstat().st_mode
    except FileNotFoundError:
        return None
    except OSError as e:
        return f"cannot inspect {path}: {e.strerror or e}"
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISLNK(mode):
        what = f"{path} is a symbolic link"
    elif stat.S_ISDIR(mode):
        what = f"{path} is a folder"
    else:
        what = f"{path} is not a regular file (a device, FIFO or socket)"
    return f"{what}; {advice}" if advice else what


def writable_folder_problem(folder: Path) -> str | None:
    """Why no file can be made in ``folder`` (it is missing, not a folder, not writable), or
    ``None``.

    Examples
    --------
    >>> writable_folder_problem(Path("/no/such/folder"))
    'the folder /no/such/folder does not exist'
    """
    folder = Path(folder)
    if not folder.exists():
        return f"the folder {folder} does not exist"
    if not folder.is_dir():
        return f"{folder} is not a folder"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"cannot write in the folder {folder}"
    return None


def file_problem(path: Path) -> str | None:
    """Why a results file cannot be written at ``path`` (one sentence), or ``None``.

    ``path`` may be new or a regular file (it will be replaced atomically); its folder must
    exist and be writable.

    Examples
    --------
    >>> file_problem(Path("/dev/null"))
    '/dev/null is not a regular file (a device, FIFO or socket); give the path of a regular file'
    >>> import tempfile
    >>> file_problem(Path(tempfile.mkdtemp()) / "new.json") is None
    True
    """
    path = Path(path)
    why = replaceable_problem(path, "give the path of a regular file")
    return why if why is not None else writable_folder_problem(path.parent)


def folder_problem(out: Path, names: Iterable[str]) -> str | None:
    """Why the files ``names`` cannot be written into the folder ``out`` (one sentence), or
    ``None``.

    ``out`` is an existing folder or a new one inside an existing, writable folder; each
    ``out / name`` is new or a regular file.

    Examples
    --------
    >>> folder_problem(Path("/dev/null"), ["a.json"])
    '/dev/null is not a folder; give a folder for a.json'
    """
    out, names = Path(out), list(names)
    if out.exists():
        if not out.is_dir():
            return f"{out} is not a folder; give a folder for {' and '.join(names)}"
        folder = out
    else:
        if out.is_symlink():
            return f"{out} is a broken symbolic link; give a folder"
        folder = out.parent
        if not folder.exists():
            return f"the folder {folder} (where {out} would be made) does not exist"
    why = writable_folder_problem(folder)
    if why is not None:
        return why
    for name in names:
        why = replaceable_problem(out / name, "it would be replaced by a file")
        if why is not None:
            return why
    return None


def count_problem(value: object, least: int = 1) -> str | None:
    """Why ``value`` is not a count of at least ``least`` (one sentence), or ``None``.

    Examples
    --------
    >>> count_problem(0), count_problem(3), count_problem(-1, least=0)
    ('expected an int >= 1, got 0', None, 'expected an int >= 0, got -1')
    """
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        return f"expected an int >= {least}, got {value}"
    return None


def refuse(problems: Iterable[tuple[str, str | None]], stream: TextIO | None = None) -> int:
    """Print the first problem of the arguments as ``error: OPTION: PROBLEM`` on one line.

    Parameters
    ----------
    problems : iterable of (option, problem or None)
        The checks in the order the user should hear of them; a generator is consumed only up
        to the first problem, so later checks need not run.
    stream : text stream, optional
        Where the line goes (default: ``sys.stderr``).

    Returns
    -------
    int
        :data:`EXIT_USAGE` when a problem was printed, else 0.

    Examples
    --------
    >>> import io
    >>> err = io.StringIO()
    >>> refuse([("--repeats", None), ("--out", "the folder /x does not exist")], err)
    2
    >>> err.getvalue()
    'error: --out: the folder /x does not exist\\n'
    """
    for option, problem in problems:
        if problem is not None:
            print(f"error: {option}: {problem}", file=sys.stderr if stream is None else stream)
            return EXIT_USAGE
    return 0
