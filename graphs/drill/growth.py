"""Time against input size: the slope of a log-log fit, with its spread, and what it says.

The judge times a passing solution on a ladder of sizes (the fastest of a few calls each) and
fits ``log(seconds) = a + slope * log(V + E)`` by least squares
(:func:`house.timing.loglog_slope`, on three sizes at least). A slope near 1 is linear. The
fit reports its 95% interval: the solution is linear when the whole interval is, by the one
rule of :mod:`graphs.tools.linear`, and steeper when none of it is. It says nothing when that
interval is wide, as it is on a busy machine: a linear solution is never called steeper than
linear because of a noisy point.

Some problems' LeetCode limits leave nothing to fit. When the largest input allowed is below the
ladder's usual start (994's grid has at most 100 cells, ``V + E = 280``), a call takes hundredths
of a millisecond and the cost of a call, not the algorithm, sets the time: a bias that no interval
shows, so the verdict is ``"small"`` and no slope is fitted. A narrow range of sizes (a ladder
over ``n = 500 .. 1000``) needs no rule of its own: the interval widens by itself, since a
point 10% off moves the slope by about ``log(1.1 / 0.9) / log(2) = 0.29`` over a 2-fold range
but ``0.14`` over a 4-fold one. The fit returns its range, so that a wide interval is said to
come from the range rather than from a busy machine when the range is under :data:`MIN_RANGE`.
"""

from __future__ import annotations

from typing import Any

from graphs.drill.kinds import TIMING_FROM
from graphs.tools.linear import is_linear  # the one definition of linear, on every page
from house.timing import loglog_slope  # the house's one log-log fit, with its interval

__all__ = ["MIN_RANGE", "MIN_SIZES", "WIDE_SLOPE", "fit"]

WIDE_SLOPE = 0.25  # a fitted slope whose 95% half-width is larger says nothing
MIN_SIZES = 3  # two sizes give a slope but no interval: nothing to judge by
MIN_RANGE = 4.0  # sizes spanning less (largest V + E / smallest) are called a narrow range


def fit(timings: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The fitted slope of time against ``V + E`` and what it says.

    Parameters
    ----------
    timings : list of dict
        ``{"V", "E", "seconds"}`` per timed size, smallest first.

    Returns
    -------
    dict or None
        ``{"slope", "half_width", "verdict", "smallest", "largest"}`` with the verdict
        ``"linear"`` (the whole 95% interval linear by :func:`graphs.tools.linear.is_linear`),
        ``"steeper"`` (the whole interval above it), ``"unclear"`` (across) or ``"wide"``
        (wider than ±0.25), and the smallest and largest ``V + E``;
        ``{"verdict": "small", "largest"}`` when the largest ``V + E`` is below
        :data:`~graphs.drill.kinds.TIMING_FROM`; None with fewer than three sizes.

    Examples
    --------
    >>> fit([{"V": 100, "E": 180, "seconds": 1e-4}])
    {'verdict': 'small', 'largest': 280}
    >>> fit([{"V": n, "E": n, "seconds": n * n * 1e-9} for n in (500, 750, 1000)])["verdict"]
    'steeper'
    """
    if not timings:
        return None
    sizes = [t["V"] + t["E"] for t in timings]
    if max(sizes) < TIMING_FROM:
        return {"verdict": "small", "largest": max(sizes)}
    fitted = loglog_slope(list(zip(sizes, (t["seconds"] for t in timings), strict=True)), MIN_SIZES)
    if fitted is None:
        return None
    slope, half = fitted
    if half > WIDE_SLOPE:
        verdict = "wide"
    elif is_linear(slope + half):
        verdict = "linear"
    elif not is_linear(slope - half):
        verdict = "steeper"
    else:
        verdict = "unclear"
    return {"slope": slope, "half_width": half, "verdict": verdict,
            "smallest": min(sizes), "largest": max(sizes)}  # fmt: skip
