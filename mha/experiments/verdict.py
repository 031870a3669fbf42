"""The verdict rule of every experiment: do two variants differ by more than the seeds disagree?

Rule (the study note's): variants ``a`` and ``b`` (head counts, say) **differ** on a setting only
when the gap between their mean scores over seeds is larger than the seed spread, i.e.

    |mean_a - mean_b| > max(std_a, std_b)

with ``std`` the sample standard deviation over seeds (``ddof=1``). On top of that, a stricter
check is reported: the 95 % Welch interval of the difference of means excludes 0 (``confident``).
With fewer than 3 seeds per variant the verdict is ``too_few_seeds``: nothing is claimed. When no
pair differs the verdict is ``no_difference``. When a run diverged (its score is ``None``) the
verdict is ``diverged``: nothing is claimed about the variants.

An experiment names its variants (:func:`rule`) and keeps its own sentences; the numbers are
judged here.
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


def rule(variants: str = "variants", score: str = "validation accuracies") -> str:
    """The rule in one sentence, with the experiment's words for its variants and its score.

    Examples
    --------
    >>> rule("head counts").startswith("two head counts differ only when")
    True
    """
    return (
        f"two {variants} differ only when the gap between their seed-mean {score} is "
        "larger than the larger of their two seed standard deviations (sample std, ddof=1); "
        f"fewer than {MIN_SEEDS} seeds: too few to tell; 'confident' additionally requires the "
        "95% Welch interval of the difference to exclude 0"
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


def verdict(
    scores: Mapping[Any, Sequence[float | None]],
    rule_text: str | None = None,
    variants: str = "variants",
    key: str = "variant",
    argument: str = "scores",
) -> dict[str, Any]:
    """The verdict for one setting: the rule applied to every pair of variants.

    Parameters
    ----------
    scores : mapping
        Variant (sortable, e.g. a head count) -> score of each seed; ``None`` for a seed whose
        training diverged.
    rule_text : str, optional
        The rule as the experiment states it (default: ``rule(variants)``).
    variants : str
        What the variants are, in error messages (e.g. ``"head counts"``).
    key : str
        Name of the variant in the ``diverged`` entries (e.g. ``"n_heads"``).
    argument : str
        The caller's name for ``scores``, in error messages.

    Returns
    -------
    dict
        ``status`` (``"differ"``, ``"no_difference"``, ``"too_few_seeds"`` or ``"diverged"``),
        ``n_seeds`` (the smallest seed count), ``pairs`` (one :func:`compare` record per pair of
        variants, with ``a`` and ``b``; empty when a run diverged), ``best`` (variants with the
        highest mean; empty when a run diverged), ``diverged`` (``[{key: variant, "runs": n}]``
        for each variant with diverged runs) and ``rule``.

    Raises
    ------
    ValueError
        Fewer than two variants, or a variant with no scores.

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
    text = rule(variants) if rule_text is None else rule_text
    if len(scores) < 2:
        raise ValueError(f"{argument}: need at least two {variants}, got {sorted(scores)}")
    for name, values in scores.items():
        if len(values) == 0:
            raise ValueError(f"{argument}: {key} {name!r} has no values")
    names = sorted(scores)
    n_seeds = min(len(scores[n]) for n in names)
    diverged = [{key: n, "runs": sum(v is None for v in scores[n])} for n in names
                if any(v is None for v in scores[n])]  # fmt: skip
    if diverged:
        # A diverged run has no score: any comparison would rest on the seeds that happened
        # to survive, so nothing is claimed.
        return {"status": "diverged", "n_seeds": n_seeds, "pairs": [], "best": [],
                "diverged": diverged, "rule": text}  # fmt: skip
    means = {n: mean_std(scores[n])[0] for n in names}
    top = max(means.values())
    pairs = [{"a": a, "b": b, **compare(scores[a], scores[b])} for a, b in combinations(names, 2)]
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
        "best": [n for n in names if means[n] == top],
        "diverged": [],
        "rule": text,
    }


__all__ = ["MIN_SEEDS", "compare", "mean_std", "rule", "t_quantile_975", "verdict",
           "welch_interval"]  # fmt: skip
