"""Time against input size: the slope of a log-log fit, with its spread, and what it says.

The judge times a passing solution on a ladder of sizes (the fastest of a few calls each) and
fits ``log(seconds) = a + slope * log(V + E)`` by least squares. A slope near 1 is linear. The
fit reports its 95% interval, and says nothing when that interval is wide, as it is on a busy
machine: a linear solution is never called steeper than linear because of a noisy point.
"""

from __future__ import annotations

import math
import statistics
from typing import Any

__all__ = ["STEEPER", "WIDE_SLOPE", "fit", "loglog_slope"]

WIDE_SLOPE = 0.25  # a fitted slope whose 95% half-width is larger says nothing
STEEPER = 1.3  # slopes above this are "steeper than linear"
# Student's t for a two-sided 95% interval, by degrees of freedom (len(points) - 2).
T_95 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26}


def loglog_slope(points: list[tuple[float, float]]) -> tuple[float, float] | None:
    """Least-squares slope of ``log(seconds)`` on ``log(size)`` and its 95% half-width.

    Parameters
    ----------
    points : list of (size, seconds)
        Sizes and times, at least three distinct sizes.

    Returns
    -------
    (slope, half_width) or None
        None with fewer than three distinct sizes or a time of 0.

    Examples
    --------
    >>> slope, half = loglog_slope([(1000, 0.001), (2000, 0.002), (4000, 0.004), (8000, 0.008)])
    >>> round(slope, 6), round(half, 6)
    (1.0, 0.0)
    """
    if len({size for size, _ in points}) < 3 or any(s <= 0 for _, s in points):
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


def fit(timings: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The fitted slope of time against ``V + E`` and what it says: ``"linear"`` (its 95%
    interval below 1.3), ``"steeper"`` (above), ``"unclear"`` (across), ``"wide"`` (an interval
    wider than ±0.25: a busy machine). None without three sizes."""
    fitted = loglog_slope([(t["V"] + t["E"], t["seconds"]) for t in timings])
    if fitted is None:
        return None
    slope, half = fitted
    if half > WIDE_SLOPE:
        verdict = "wide"
    elif slope + half < STEEPER:
        verdict = "linear"
    elif slope - half > STEEPER:
        verdict = "steeper"
    else:
        verdict = "unclear"
    return {"slope": slope, "half_width": half, "verdict": verdict}
