"""Timing side by side, and the facts of the machine a timing was made on.

The benchmark (:mod:`graphs.tools.bench`) times its contenders in one process, interleaved:
every repeat runs each contender once, in an order rotated by one at each repeat, so a moment
when the machine is slow falls on all of them alike. The median over repeats is the number
reported, and :func:`loglog_slope` turns times at growing sizes into a growth exponent.
"""

from __future__ import annotations

import gc
import math
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

__all__ = ["loglog_slope", "machine", "time_interleaved"]


def _time_once(func: Callable[..., Any], args: tuple[Any, ...], number: int) -> float:
    gc.collect()
    t0 = time.perf_counter()
    for _ in range(number):
        func(*args)
    return (time.perf_counter() - t0) / number


def time_interleaved(
    solvers: dict[str, Callable[..., Any]],
    args: tuple[Any, ...],
    repeats: int,
    min_sample: float = 0.02,
) -> tuple[dict[str, float], dict[str, Any]]:
    """Median seconds per call of each solver, repeats interleaved; plus each one's answer.

    The first call of each solver (untimed in the result) warms it up, gives its answer for the
    agreement check, and sets how many calls one sample loops over (at least ``min_sample``
    seconds per sample, so sub-millisecond calls are not lost in timer noise).
    """
    answers: dict[str, Any] = {}
    number: dict[str, int] = {}
    for name, f in solvers.items():
        gc.collect()
        t0 = time.perf_counter()
        answers[name] = f(*args)
        t = time.perf_counter() - t0
        number[name] = max(1, min(1000, int(min_sample / max(t, 1e-7))))
    samples: dict[str, list[float]] = {name: [] for name in solvers}
    names = list(solvers)
    for rep in range(repeats):
        k = rep % len(names)  # rotate who goes first
        for name in names[k:] + names[:k]:
            samples[name].append(_time_once(solvers[name], args, number[name]))
    return {name: statistics.median(s) for name, s in samples.items()}, answers


def loglog_slope(xs: list[float], ts: list[float]) -> float | None:
    """Least-squares slope of ``log t`` against ``log x``."""
    if len(xs) < 2:
        return None
    lx = [math.log(x) for x in xs]
    lt = [math.log(t) for t in ts]
    mx, mt = statistics.fmean(lx), statistics.fmean(lt)
    sxx = sum((a - mx) ** 2 for a in lx)
    sxt = sum((a - mx) * (b - mt) for a, b in zip(lx, lt, strict=True))
    return sxt / sxx


def machine() -> dict[str, Any]:
    """The machine and the versions of the peers, as recorded in ``graphs_bench.json``."""
    import matplotlib
    import networkx
    import numpy
    import scipy

    return {
        "machine": {
            "platform": platform.platform(),
            "processor": platform.processor() or platform.machine(),
            "cpu_count": os.cpu_count(),
            "python": sys.version.split()[0],
            "implementation": platform.python_implementation(),
            # 1, 5 and 15 minute load averages when the run started: a busy machine is noisy
            "load_average": list(os.getloadavg()) if hasattr(os, "getloadavg") else None,
        },
        "versions": {
            "python": sys.version.split()[0],
            "networkx": networkx.__version__,
            "scipy": scipy.__version__,
            "numpy": numpy.__version__,
            "matplotlib": matplotlib.__version__,
        },
    }
