"""The verdict: do two head counts differ by more than the seeds disagree among themselves?

Rule (the study note's): head counts ``a`` and ``b`` **differ** on a task and level only when the
gap between their mean validation accuracies is larger than the seed spread, i.e.

    |mean_a - mean_b| > max(std_a, std_b)

with ``std`` the sample standard deviation over seeds (``ddof=1``). On top of that, a stricter
check is reported: the 95 % Welch interval of the difference of means excludes 0 (``confident``).
With fewer than 3 seeds per head count the verdict is ``too_few_seeds``: nothing is claimed.
When no pair differs the verdict is ``no_difference`` and the experiment may move one step up the
task's ladder. When a run diverged (its accuracy is ``None``) the verdict is ``diverged``:
nothing is claimed about the head counts, and the ladder is not climbed.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

MIN_SEEDS = 3

# Two-sided 95 % quantiles of Student's t (0.975), by degrees of freedom.
_T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306,
         9: 2.262, 10: 2.228, 12: 2.179, 15: 2.131, 20: 2.086, 30: 2.042, 60: 2.000}  # fmt: skip

RULE = (
    "two head counts differ only when the gap between their seed-mean validation accuracies is "
    "larger than the larger of their two seed standard deviations (sample std, ddof=1); "
    f"fewer than {MIN_SEEDS} seeds: too few to tell; 'confident' additionally requires the 95% "
    "Welch interval of the difference to exclude 0"
)


def mean_std(values: Sequence[float]) -> tuple[float, float]:
    """Mean and sample standard deviation (``ddof=1``; 0 for a single value)."""
    n = len(values)
    if n == 0:
        raise ValueError("values: expected at least one value, got none")
    m = sum(values) / n
    if n == 1:
        return m, 0.0
    return m, math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1))


def t_quantile_975(df: float) -> float:
    """A conservative 97.5 % Student-t quantile: the table entry at the largest df <= ``df``."""
    if df >= 60:
        return 1.96 if df == math.inf else _T975[60]
    key = max((k for k in _T975 if k <= max(df, 1)), default=1)
    return _T975[key]


def welch_interval(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """95 % Welch interval for ``mean(a) - mean(b)``."""
    (ma, sa), (mb, sb) = mean_std(a), mean_std(b)
    va, vb = sa**2 / len(a), sb**2 / len(b)
    gap = ma - mb
    se = math.sqrt(va + vb)
    if se == 0.0:
        return gap, gap
    num = (va + vb) ** 2
    den = sum(var**2 / (n - 1) for var, n in ((va, len(a)), (vb, len(b))) if n > 1)
    df = num / den if den > 0 else math.inf
    half = t_quantile_975(df) * se
    return gap - half, gap + half


def compare(a: Sequence[float], b: Sequence[float]) -> dict[str, Any]:
    """Apply the rule to two lists of per-seed accuracies.

    Returns
    -------
    dict
        ``gap`` (mean a - mean b), ``spread`` (max of the two stds), ``differ`` (the rule),
        ``welch_95`` ([low, high]) and ``confident`` (``differ`` and the interval excludes 0).

    Examples
    --------
    >>> compare([0.5, 0.52, 0.54], [0.8, 0.81, 0.79])["differ"]
    True
    >>> compare([0.5, 0.6, 0.7], [0.55, 0.65, 0.75])["differ"]
    False
    """
    (ma, sa), (mb, sb) = mean_std(a), mean_std(b)
    gap, spread = ma - mb, max(sa, sb)
    low, high = welch_interval(a, b)
    differ = abs(gap) > spread
    return {
        "gap": gap,
        "spread": spread,
        "differ": differ,
        "welch_95": [low, high],
        "confident": differ and (low > 0 or high < 0),
    }


def verdict(accuracies: Mapping[int, Sequence[float | None]]) -> dict[str, Any]:
    """The verdict for one task and level.

    Parameters
    ----------
    accuracies : mapping
        Head count -> validation accuracy of each seed; ``None`` for a seed whose training
        diverged.

    Returns
    -------
    dict
        ``status`` (``"differ"``, ``"no_difference"``, ``"too_few_seeds"`` or ``"diverged"``),
        ``n_seeds`` (the smallest seed count), ``pairs`` (one :func:`compare` record per pair of
        head counts, with ``a`` and ``b``; empty when a run diverged), ``best`` (head counts with
        the highest mean; empty when a run diverged), ``diverged`` (``[{"n_heads": h, "runs":
        n}]`` for each head count with diverged runs) and ``rule``.

    Raises
    ------
    ValueError
        Fewer than two head counts, or a head count with no accuracies.

    Examples
    --------
    >>> verdict({1: [0.5, 0.5], 4: [0.9, 0.9]})["status"]
    'too_few_seeds'
    >>> verdict({1: [0.5, 0.51, 0.52], 4: [0.9, 0.91, 0.9]})["status"]
    'differ'
    >>> verdict({1: [1.0, 1.0, 1.0], 4: [1.0, 1.0, 1.0]})["status"]
    'no_difference'
    >>> verdict({1: [0.5, None, 0.52], 4: [0.9, 0.91, 0.9]})["status"]
    'diverged'
    """
    if len(accuracies) < 2:
        raise ValueError(f"accuracies: need at least two head counts, got {sorted(accuracies)}")
    for h, values in accuracies.items():
        if len(values) == 0:
            raise ValueError(f"accuracies: head count {h} has no accuracies")
    heads = sorted(accuracies)
    n_seeds = min(len(accuracies[h]) for h in heads)
    diverged = [{"n_heads": h, "runs": sum(v is None for v in accuracies[h])} for h in heads
                if any(v is None for v in accuracies[h])]  # fmt: skip
    if diverged:
        # A diverged run has no accuracy: any comparison would rest on the seeds that happened
        # to survive, so nothing is claimed.
        return {"status": "diverged", "n_seeds": n_seeds, "pairs": [], "best": [],
                "diverged": diverged, "rule": RULE}  # fmt: skip
    means = {h: mean_std(accuracies[h])[0] for h in heads}
    top = max(means.values())
    pairs = [
        {"a": a, "b": b, **compare(accuracies[a], accuracies[b])} for a, b in combinations(heads, 2)
    ]
    if n_seeds < MIN_SEEDS:
        status = "too_few_seeds"
    elif any(p["differ"] for p in pairs):
        status = "differ"
    else:
        status = "no_difference"
    return {
        "status": status,
        "n_seeds": n_seeds,
        "pairs": pairs,
        "best": [h for h in heads if means[h] == top],
        "diverged": [],
        "rule": RULE,
    }


def describe(task: str, level: int, v: Mapping[str, Any]) -> str:
    """One English sentence for the command's output."""
    if v["status"] == "too_few_seeds":
        return (
            f"{task} L{level}: {v['n_seeds']} seed(s) per head count is too few to tell "
            f"(need {MIN_SEEDS})"
        )
    if v["status"] == "diverged":
        runs = ", ".join(f"{d['runs']} with {d['n_heads']} head(s)" for d in v["diverged"])
        return (
            f"{task} L{level}: training diverged (NaN or infinite loss) in {runs}; nothing is "
            "claimed about head counts (try a smaller --lr)"
        )
    if v["status"] == "no_difference":
        return f"{task} L{level}: no pair of head counts differs by more than the seed spread"
    if v["status"] != "differ":
        return f"{task} L{level}: {v['status'].replace('_', ' ')}"
    parts = [
        f"{p['a']} vs {p['b']} heads (gap {p['gap']:+.3f} > spread {p['spread']:.3f}"
        + (", confident)" if p["confident"] else ")")
        for p in v["pairs"]
        if p["differ"]
    ]
    return f"{task} L{level}: differ: " + "; ".join(parts)


__all__ = ["MIN_SEEDS", "RULE", "compare", "describe", "mean_std", "verdict", "welch_interval"]
