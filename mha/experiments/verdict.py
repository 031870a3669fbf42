"""The verdict rule of every experiment: do two variants differ by more than the seeds disagree?

Rule (the study note's): variants ``a`` and ``b`` (head counts, say) **differ** on a setting only
when the gap between their mean scores over seeds is larger than the seed spread, i.e.

    |mean_a - mean_b| > max(std_a, std_b)

with ``std`` the sample standard deviation over seeds (``ddof=1``). On top of that, a stricter
check is reported: the 95 % Welch interval of the difference of means excludes 0 (``confident``).
With fewer than 3 seeds per variant the verdict is ``too_few_seeds``: nothing is claimed. When a
run diverged (its score is ``None``) the verdict is ``diverged``: nothing is claimed about the
variants.

Only variants that finished learning are compared. A variant has **converged** when its seed-mean
score moved by less than :data:`CONVERGENCE_TOL` over the last quarter of its training budget
(:func:`converged`); a pair with a variant still learning is reported with its gap at the budget,
but a difference is only claimed between converged variants (``differ``). When no converged pair
differs and some variant is still learning the verdict is ``still_learning``; when every variant
converged and no pair differs it is ``no_difference``.

An experiment names its variants (:func:`rule`) and keeps its own sentences; the numbers are
judged here.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

MIN_SEEDS = 3

#: Converged: the seed-mean score moved by less than this over the last quarter of the budget.
CONVERGENCE_TOL = 0.005

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
        "95% Welch interval of the difference to exclude 0; a difference is only claimed "
        f"between converged {variants} (seed-mean score moved by less than {CONVERGENCE_TOL} "
        "over the last quarter of the training budget), the others are 'still learning'"
    )


def converged(
    at_three_quarters: Sequence[float], at_budget: Sequence[float], tol: float = CONVERGENCE_TOL
) -> bool:
    """Whether a variant has finished learning: its seed-mean score moved by less than ``tol``
    between three quarters of the training budget and the whole budget.

    Parameters
    ----------
    at_three_quarters, at_budget : sequence of float
        The score of each seed at 3/4 of the budget and at the budget.
    tol : float
        Largest change still called a plateau.

    Examples
    --------
    >>> converged([0.97, 0.98, 0.99], [0.972, 0.981, 0.99])
    True
    >>> converged([0.90, 0.91], [0.93, 0.94])
    False
    """
    return abs(mean_std(at_budget)[0] - mean_std(at_three_quarters)[0]) < tol


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
    converged: Mapping[Any, bool] | None = None,
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
    converged : mapping, optional
        Variant -> whether it finished learning (:func:`converged`); every variant by default.

    Returns
    -------
    dict
        ``status`` (``"differ"``, ``"still_learning"``, ``"no_difference"``,
        ``"too_few_seeds"`` or ``"diverged"``), ``n_seeds`` (the smallest seed count),
        ``pairs`` (one :func:`compare` record per pair of variants, with ``a``, ``b`` and
        ``converged`` (both variants converged); ``differ`` and ``confident`` are only true for
        converged pairs, ``differ_at_budget`` is the rule at the budget whatever the
        convergence; empty when a run diverged), ``best`` (variants with the highest mean; empty
        when a run diverged), ``still_learning`` (variants that have not converged),
        ``diverged`` (``[{key: variant, "runs": n}]`` for each variant with diverged runs) and
        ``rule``.

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
    >>> scores = {1: [0.5, 0.51, 0.52], 4: [0.9, 0.91, 0.9]}
    >>> verdict(scores, converged={1: True, 4: False})["status"]
    'still_learning'
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
                "still_learning": [], "diverged": diverged, "rule": text}  # fmt: skip
    done = {n: True if converged is None else bool(converged[n]) for n in names}
    means = {n: mean_std(scores[n])[0] for n in names}
    top = max(means.values())
    pairs = []
    for a, b in combinations(names, 2):
        c = compare(scores[a], scores[b])
        both = done[a] and done[b]
        pairs.append(
            {
                "a": a,
                "b": b,
                **c,
                "converged": both,
                "differ_at_budget": c["differ"],
                "differ": c["differ"] and both,
                "confident": c["confident"] and both,
            }
        )
    still = [n for n in names if not done[n]]
    if n_seeds < MIN_SEEDS:
        status = "too_few_seeds"
    elif any(p["differ"] for p in pairs):
        status = "differ"
    elif still:
        status = "still_learning"
    else:
        status = "no_difference"
    return {
        "status": status,
        "n_seeds": n_seeds,
        "pairs": pairs,
        "best": [n for n in names if means[n] == top],
        "still_learning": still,
        "diverged": [],
        "rule": text,
    }


__all__ = ["CONVERGENCE_TOL", "MIN_SEEDS", "compare", "converged", "mean_std", "rule",
           "t_quantile_975", "verdict", "welch_interval"]  # fmt: skip
