"""The head-count experiment's verdict: the shared rule (:mod:`mha.experiments.verdict`) with
head counts as the variants and validation accuracy as the score, and its sentences."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mha.experiments import verdict as rule_of_seeds
from mha.experiments.verdict import MIN_SEEDS

#: The rule as results.json states it.
RULE = rule_of_seeds.rule("head counts", "validation accuracies")


def verdict(
    accuracies: Mapping[int, Sequence[float | None]], converged: Mapping[int, bool] | None = None
) -> dict[str, Any]:
    """The verdict for one task and level (see :func:`mha.experiments.verdict.verdict`), with
    the trade-off's cost side: ``fewer_heads_win`` lists the converged pairs where fewer, wider
    heads beat more, narrower heads confidently.

    Parameters
    ----------
    accuracies : mapping
        Head count -> validation accuracy of each seed; ``None`` for a seed whose training
        diverged.
    converged : mapping, optional
        Head count -> whether it finished learning (all by default).

    Raises
    ------
    ValueError
        Fewer than two head counts, or a head count with no accuracies.

    Examples
    --------
    >>> verdict({1: [0.5, 0.51, 0.52], 4: [0.9, 0.91, 0.9]})["status"]
    'differ'
    >>> verdict({1: [0.5, None, 0.52], 4: [0.9, 0.91, 0.9]})["diverged"]
    [{'n_heads': 1, 'runs': 1}]
    >>> v = verdict({1: [0.99, 0.99, 0.98], 64: [0.9, 0.91, 0.9]})
    >>> [(p["a"], p["b"]) for p in v["fewer_heads_win"]]
    [(1, 64)]
    """
    v = rule_of_seeds.verdict(accuracies, RULE, variants="head counts", key="n_heads",
                              argument="accuracies", converged=converged)  # fmt: skip
    # pairs come as (a, b) with a < b: fewer heads win when the gap a - b is positive
    v["fewer_heads_win"] = [p for p in v["pairs"] if p["confident"] and p["gap"] > 0]
    return v


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
    still = ""
    if v.get("still_learning"):
        heads = ", ".join(str(h) for h in v["still_learning"])
        still = f"; still learning at the budget: {heads} head(s)"
    if v["status"] == "no_difference":
        return f"{task} L{level}: no pair of head counts differs by more than the seed spread"
    if v["status"] == "still_learning":
        return f"{task} L{level}: no converged pair differs{still}"
    if v["status"] != "differ":
        return f"{task} L{level}: {v['status'].replace('_', ' ')}"
    parts = [
        f"{p['a']} vs {p['b']} heads (gap {p['gap']:+.3f} > spread {p['spread']:.3f}"
        + (", confident)" if p["confident"] else ")")
        for p in v["pairs"]
        if p["differ"]
    ]
    return f"{task} L{level}: differ: " + "; ".join(parts) + still


__all__ = ["MIN_SEEDS", "RULE", "describe", "verdict"]
