"""Whether output goes to a person: progress bars are drawn on a terminal only, never in logs;
Ctrl-C ends a command with one line, never a traceback.

A progress bar redraws itself with carriage returns; in a log file or a CI transcript those pile
up as one long line. :func:`is_terminal` is the one test of "a person is watching", and
:func:`progress_bar` the one way the commands draw a bar: on stderr, only on a terminal, never
with ``--quiet``.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Iterable
from typing import Any

__all__ = ["ctrl_c_ends", "is_terminal", "progress_bar"]


def is_terminal(stream: Any) -> bool:
    """Whether ``stream`` is an interactive terminal.

    Parameters
    ----------
    stream : Any
        Usually ``sys.stderr``; anything else (``None``, a closed or replaced stream) is allowed.

    Returns
    -------
    bool
        ``True`` only when ``stream.isatty()`` says so; a stream without ``isatty``, a closed one
        (``ValueError``) or a broken one (``OSError``) is not a terminal.

    Examples
    --------
    >>> import io
    >>> is_terminal(io.StringIO()), is_terminal(None)
    (False, False)
    """
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def progress_bar(iterable: Iterable[Any] | None = None, *, quiet: bool = False, **options: Any):
    """A ``tqdm`` bar on ``sys.stderr`` (as it is now), disabled unless that is a terminal.

    Parameters
    ----------
    iterable : iterable, optional
        What the bar counts (or give ``total=`` in ``options`` and call ``update``).
    quiet : bool
        No bar even on a terminal (the commands' ``--quiet``).
    **options
        Passed to ``tqdm`` (``desc``, ``unit``, ``total``, ...).

    Returns
    -------
    tqdm.tqdm
        The bar; a disabled one still iterates ``iterable`` and accepts every call.

    Examples
    --------
    >>> list(progress_bar(range(3), desc="demo"))  # stderr is not a terminal under doctest
    [0, 1, 2]
    """
    from tqdm import tqdm  # a third-party import only for the commands that draw a bar

    stream = sys.stderr
    return tqdm(iterable, file=stream, disable=quiet or not is_terminal(stream), **options)


def ctrl_c_ends(command: Callable[..., int], said: str) -> Callable[..., int]:
    r"""``command`` (a command's ``main``), ended by Ctrl-C with exit status 130 (128 + SIGINT,
    as a shell reports it) and the one line ``interrupted: SAID`` on stderr, never a traceback.

    Parameters
    ----------
    command : callable
        The command's work; returns its exit status.
    said : str
        What the line says was left, e.g. ``"nothing was written"``.

    Returns
    -------
    callable
        The same command with the same arguments and docstring.

    Examples
    --------
    >>> def work(argv=None):
    ...     raise KeyboardInterrupt
    >>> import contextlib, io
    >>> with contextlib.redirect_stderr(io.StringIO()) as err:
    ...     status = ctrl_c_ends(work, "nothing was written")([])
    >>> status, err.getvalue()
    (130, 'interrupted: nothing was written\n')
    """

    @functools.wraps(command)
    def main(*args: Any, **kwargs: Any) -> int:
        try:
            return command(*args, **kwargs)
        except KeyboardInterrupt:
            print(f"interrupted: {said}", file=sys.stderr)
            return 130

    return main
