"""Time against input size: the slope of a log-log fit, with its spread, and what it says.

The judge times a passing solution on a ladder of sizes (the fastest of a few calls each) and
fits ``log(seconds) = a + slope * log(V + E)`` by least squares
(:func:`docs.tools.timing.loglog_slope`, on three sizes at least). A slope near 1 is linear. The
fit reports its 95% interval, and says nothing when that interval is wide, as it is on a busy
machine: a linear solution is never called steeper than linear because of a noisy point.
"""

from __future__ import annotations

from typing import Any

from docs.tools.timing import loglog_slope  # the house's one log-log fit, with its interval

__all__ = ["MIN_SIZES", "STEEPER", "WIDE_SLOPE", "fit"]

WIDE_SLOPE = 0.25  # a fitted slope whose 95% half-width is larger says nothing
STEEPER = 1.3  # slopes above this are "steeper than linear"
MIN_SIZES = 3  # two sizes give a slope but no interval: nothing to judge by


def fit(timings: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The fitted slope of time against ``V + E`` and what it says: ``"linear"`` (its 95%
    interval below 1.3), ``"steeper"`` (above), ``"unclear"`` (across), ``"wide"`` (an interval
    wider than ±0.25: a busy machine). None without three sizes."""
    fitted = loglog_slope([(t["V"] + t["E"], t["seconds"]) for t in timings], MIN_SIZES)
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
