"""Whether output goes to a person: progress bars are drawn on a terminal only, never in logs."""

from __future__ import annotations

from typing import Any

__all__ = ["is_terminal"]


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
