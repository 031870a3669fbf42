"""Timing side by side, and the facts of the machine a timing or a run was made on.

The benchmarks of ``mha`` (``mha.tools.bench``, ``mha.experiments.heads.bench``) time their
contenders in one process, interleaved: every repeat runs each contender once, in an order
rotated by one at each repeat, so a moment when the machine is slow falls on all of them alike.
The median over repeats is the number reported.
"""

from __future__ import annotations

import os
import platform
import time
from collections.abc import Callable, Mapping
from importlib import metadata
from typing import Any


def interleaved(
    contenders: Mapping[str, Callable[[], object]],
    repeats: int,
    warmup: int = 0,
    after_each: Callable[[int, str, float], None] | None = None,
) -> dict[str, list[float]]:
    """Seconds of each call of each contender, over interleaved repeats.

    Parameters
    ----------
    contenders : mapping
        Name -> a function of no arguments (what is timed is one call).
    repeats : int
        Timed calls of every contender, >= 1.
    warmup : int
        Untimed rounds before (each calls every contender once).
    after_each : callable, optional
        ``(repeat, name, seconds)`` after each timed call (for progress lines).

    Returns
    -------
    dict
        Name -> ``repeats`` durations in seconds, in the order of the repeats. Repeat ``r`` runs
        the contenders in their order rotated by ``r`` (with two: A B, then B A, ...).

    Raises
    ------
    ValueError
        ``repeats < 1``, ``warmup < 0`` or no contenders.

    Examples
    --------
    >>> times = interleaved({"a": lambda: None, "b": lambda: None}, repeats=3)
    >>> [len(t) for t in times.values()]
    [3, 3]
    """
    if repeats < 1:
        raise ValueError(f"repeats: expected an int >= 1, got {repeats}")
    if warmup < 0:
        raise ValueError(f"warmup: expected an int >= 0, got {warmup}")
    names = list(contenders)
    if not names:
        raise ValueError("contenders: expected at least one, got none")
    for _ in range(warmup):
        for name in names:
            contenders[name]()
    times: dict[str, list[float]] = {name: [] for name in names}
    for r in range(repeats):
        shift = r % len(names)
        for name in names[shift:] + names[:shift]:
            start = time.perf_counter()
            contenders[name]()
            times[name].append(time.perf_counter() - start)
            if after_each is not None:
                after_each(r, name, times[name][-1])
    return times


def versions(*packages: str) -> dict[str, str]:
    """Python's version and each installed package's (``None`` when it is not installed).

    Examples
    --------
    >>> sorted(versions("torch"))
    ['python', 'torch']
    """
    found: dict[str, Any] = {"python": platform.python_version()}
    for name in packages:
        try:
            found[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            found[name] = None
    return found


def machine() -> dict[str, Any]:
    """Facts of this machine: platform, operating system, architecture, processor, CPU count."""
    return {
        "platform": platform.platform(),
        "system": platform.system(),
        "machine": platform.machine(),
        "processor": platform.processor() or None,
        "cpu_count": os.cpu_count(),
    }


def load_average() -> list[float] | None:
    """The 1, 5 and 15 minute load averages, or ``None`` where the platform has none."""
    try:
        return [round(v, 2) for v in os.getloadavg()]
    except (AttributeError, OSError):
        return None


__all__ = ["interleaved", "load_average", "machine", "versions"]
