"""Timing side by side, and the facts of the machine a timing or a run was made on: the one timer
of both domains' benchmarks.

The benchmarks (``mha.tools.bench``, ``mha.experiments.heads.bench``, ``graphs.tools.bench``,
``graphs.drill.bench``) time their contenders in one process, interleaved: every repeat runs each
contender once, in an order rotated by one at each repeat, so a moment when the machine is slow
falls on all of them alike. The median over repeats is the number reported
(:func:`interleaved`, :func:`medians`; :func:`median_per_call` for calls too short to time one
by one). :func:`loglog_slope` turns times at growing sizes into a growth exponent, and
:func:`machine`, :func:`load_average` and :func:`versions` say where the numbers were made.

Nothing here imports a package it reports on: :func:`versions` reads the installed
distributions' metadata, so naming ``"torch"`` does not import torch.
"""

from __future__ import annotations

import gc
import math
import os
import platform
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from importlib import metadata
from pathlib import Path
from typing import Any

__all__ = [
    "calls_per_sample",
    "cpu_model",
    "interleaved",
    "load_average",
    "loglog_slope",
    "machine",
    "median_per_call",
    "medians",
    "versions",
]

#: Student's t for a two-sided 95% interval, by degrees of freedom (points - 2).
T_95 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26}


def _positive_int(name: str, value: object, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name}: expected an int, got {type(value).__name__}")
    if value < least:
        raise ValueError(f"{name}: expected an int >= {least}, got {value}")
    return value


def interleaved(
    contenders: Mapping[str, Callable[..., object]],
    repeats: int,
    warmup: int = 0,
    after_each: Callable[[int, str, float], None] | None = None,
    *,
    args: Sequence[Any] = (),
    number: int | Mapping[str, int] = 1,
    before_each: Callable[[], object] | None = None,
) -> dict[str, list[float]]:
    """Seconds per call of each contender, over interleaved repeats.

    Parameters
    ----------
    contenders : mapping
        Name -> a function; what is timed is ``number`` calls ``f(*args)``.
    repeats : int
        Timed samples of every contender, >= 1.
    warmup : int
        Untimed rounds before (each calls every contender once).
    after_each : callable, optional
        ``(repeat, name, seconds)`` after each timed sample (for progress lines).
    args : sequence
        The arguments of every call (the same objects each time).
    number : int or mapping
        Calls per sample, >= 1, for all contenders or by name (a sample's time is divided by
        it): a call of a few microseconds is lost in the timer's noise, a loop of them is not.
    before_each : callable, optional
        Called, untimed, before each sample (``gc.collect`` keeps one contender's garbage from
        being collected in another's time).

    Returns
    -------
    dict
        Name -> ``repeats`` seconds per call, in the order of the repeats. Repeat ``r`` runs the
        contenders in their order rotated by ``r`` (with two: A B, then B A, ...), so every
        contender gets the same number of samples and of first places, give or take one.

    Raises
    ------
    ValueError
        ``repeats < 1``, ``warmup < 0``, a ``number < 1``, no contenders, or ``number`` missing
        a contender.
    TypeError
        ``repeats``, ``warmup`` or a ``number`` is not an int.

    Examples
    --------
    >>> times = interleaved({"a": lambda: None, "b": lambda: None}, repeats=3)
    >>> [len(t) for t in times.values()]
    [3, 3]
    >>> med = medians(interleaved({"sum": sum}, 5, args=([1, 2, 3],), number=100))
    >>> list(med)
    ['sum']
    """
    _positive_int("repeats", repeats, 1)
    _positive_int("warmup", warmup, 0)
    names = list(contenders)
    if not names:
        raise ValueError("contenders: expected at least one, got none")
    loops = {name: number for name in names} if isinstance(number, int) else dict(number)
    missing = [name for name in names if name not in loops]
    if missing:
        raise ValueError(f"number: expected a count for every contender, {missing[0]!r} has none")
    for name in names:
        _positive_int(f"number[{name!r}]", loops[name], 1)
    args = tuple(args)
    for _ in range(warmup):
        for name in names:
            contenders[name](*args)
    times: dict[str, list[float]] = {name: [] for name in names}
    for r in range(repeats):
        shift = r % len(names)
        for name in names[shift:] + names[:shift]:
            f, n = contenders[name], loops[name]
            if before_each is not None:
                before_each()
            start = time.perf_counter()
            for _ in range(n):
                f(*args)
            times[name].append((time.perf_counter() - start) / n)
            if after_each is not None:
                after_each(r, name, times[name][-1])
    return times


def medians(times: Mapping[str, Sequence[float]]) -> dict[str, float]:
    """The median of each contender's samples (as :func:`interleaved` returns them).

    Raises
    ------
    ValueError
        A contender has no samples.

    Examples
    --------
    >>> medians({"a": [3.0, 1.0, 2.0], "b": [4.0, 5.0]})
    {'a': 2.0, 'b': 4.5}
    """
    empty = [name for name, samples in times.items() if len(samples) == 0]
    if empty:
        raise ValueError(f"times: expected samples for every contender, {empty[0]!r} has none")
    return {name: statistics.median(samples) for name, samples in times.items()}


def calls_per_sample(seconds: float, min_sample: float, most: int = 1000) -> int:
    """How many calls of ``seconds`` each one sample should loop over to last ``min_sample``.

    Examples
    --------
    >>> calls_per_sample(0.001, 0.02), calls_per_sample(1.0, 0.02), calls_per_sample(0.0, 0.02)
    (20, 1, 1000)
    """
    if min_sample < 0:
        raise ValueError(f"min_sample: expected seconds >= 0, got {min_sample}")
    return max(1, min(most, int(min_sample / max(seconds, 1e-7))))


def median_per_call(
    contenders: Mapping[str, Callable[..., Any]],
    args: Sequence[Any],
    repeats: int,
    min_sample: float = 0.02,
) -> tuple[dict[str, float], dict[str, Any]]:
    """Median seconds per call of each contender, repeats interleaved; plus each one's answer.

    The first call of each contender (after a garbage collection) warms it up, gives its answer
    (for a check that the contenders agree), and sets how many calls one sample loops over: at
    least ``min_sample`` seconds a sample, at most 1000 calls (:func:`calls_per_sample`). Every
    sample then follows a ``gc.collect()`` (untimed).

    Parameters
    ----------
    contenders : mapping
        Name -> a function of ``*args``.
    args : sequence
        The input, the same for every contender.
    repeats : int
        Samples of every contender, >= 1.
    min_sample : float
        Seconds a sample should at least last.

    Returns
    -------
    (dict, dict)
        Name -> median seconds per call, and name -> the answer of its first call.

    Raises
    ------
    ValueError
        As :func:`interleaved`.

    Examples
    --------
    >>> med, answers = median_per_call({"sum": sum, "len": len}, ([1, 2, 3],), repeats=3,
    ...                                min_sample=0.001)
    >>> sorted(med), answers
    (['len', 'sum'], {'sum': 6, 'len': 3})
    """
    _positive_int("repeats", repeats, 1)
    args = tuple(args)
    answers: dict[str, Any] = {}
    number: dict[str, int] = {}
    for name, f in contenders.items():
        gc.collect()
        start = time.perf_counter()
        answers[name] = f(*args)
        number[name] = calls_per_sample(time.perf_counter() - start, min_sample)
    times = interleaved(contenders, repeats, args=args, number=number, before_each=gc.collect)
    return medians(times), answers


def loglog_slope(
    points: Sequence[tuple[float, float]], min_sizes: int = 3
) -> tuple[float, float] | None:
    """Least-squares slope of ``log(seconds)`` on ``log(size)`` and its 95% half-width.

    Parameters
    ----------
    points : sequence of (size, seconds)
        Sizes and times.
    min_sizes : int
        Fewest distinct sizes to fit, >= 2. With two points the slope is exact and the
        half-width infinite (no degree of freedom is left to estimate the spread).

    Returns
    -------
    (slope, half_width) or None
        ``None`` with fewer than ``min_sizes`` distinct sizes, or a size or a time <= 0.

    Examples
    --------
    >>> slope, half = loglog_slope([(1000, 0.001), (2000, 0.002), (4000, 0.004), (8000, 0.008)])
    >>> round(slope, 6), round(half, 6)
    (1.0, 0.0)
    >>> loglog_slope([(10, 1.0), (100, 100.0)], min_sizes=2)
    (2.0, inf)
    """
    _positive_int("min_sizes", min_sizes, 2)
    if len({size for size, _ in points}) < min_sizes:
        return None
    if any(size <= 0 or seconds <= 0 for size, seconds in points):
        return None
    xs = [math.log(size) for size, _ in points]
    ys = [math.log(seconds) for _, seconds in points]
    slope, intercept = statistics.linear_regression(xs, ys)
    mx = statistics.fmean(xs)
    sxx = sum((x - mx) ** 2 for x in xs)
    dof = len(points) - 2
    residual = sum((y - (intercept + slope * x)) ** 2 for x, y in zip(xs, ys, strict=True))
    se = math.sqrt(residual / dof / sxx) if dof > 0 else math.inf
    return slope, T_95.get(dof, 1.96 if dof > 30 else 2.2) * se


def versions(*packages: str) -> dict[str, str | None]:
    """Python's version and each installed distribution's (``None`` when it is not installed).

    Parameters
    ----------
    *packages : str
        Distribution names (``"torch"``, ``"networkx"``); none is imported.

    Examples
    --------
    >>> sorted(versions("torch"))
    ['python', 'torch']
    >>> versions("no-such-distribution-here")["no-such-distribution-here"] is None
    True
    """
    found: dict[str, str | None] = {"python": platform.python_version()}
    for name in packages:
        try:
            found[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            found[name] = None
    return found


def load_average() -> list[float] | None:
    """The 1, 5 and 15 minute load averages (2 decimals), or ``None`` where the platform has
    none: a busy machine's timings are noisy, so each results file records it."""
    try:
        return [round(v, 2) for v in os.getloadavg()]
    except (AttributeError, OSError):
        return None


def cpu_model(cpuinfo: Path = Path("/proc/cpuinfo")) -> str:
    """The processor's model name (``model name`` of ``/proc/cpuinfo`` on Linux), else what
    :func:`platform.processor` says, else ``"unknown"``.

    The model is why one run's bytes differ between machines: another CPU takes other kernels
    and rounds in another order.

    Examples
    --------
    >>> isinstance(cpu_model(), str) and cpu_model() != ""
    True
    """
    try:
        for line in cpuinfo.read_text(encoding="utf-8", errors="replace").splitlines():
            key, _, value = line.partition(":")
            if key.strip() == "model name" and value.strip():
                return value.strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def machine() -> dict[str, Any]:
    """Facts of this machine and interpreter, as the results files record them.

    Returns
    -------
    dict
        ``platform``, ``system``, ``machine`` (architecture), ``processor`` (the architecture
        where the platform names no processor), ``cpu_model`` (:func:`cpu_model`),
        ``cpu_count``, ``python`` (version), ``implementation`` and ``load_average``
        (:func:`load_average`, now).

    Examples
    --------
    >>> sorted(machine())  # doctest: +NORMALIZE_WHITESPACE
    ['cpu_count', 'cpu_model', 'implementation', 'load_average', 'machine', 'platform',
     'processor', 'python', 'system']
    """
    return {
        "platform": platform.platform(),
        "system": platform.system(),
        "machine": platform.machine(),
        "processor": platform.processor() or platform.machine(),
        "cpu_model": cpu_model(),
        "cpu_count": os.cpu_count(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "load_average": load_average(),
    }
