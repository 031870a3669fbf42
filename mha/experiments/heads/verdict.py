"""The head-count experiment's verdict: the shared rule (:mod:`mha.experiments.verdict`) with
head counts as the variants and validation accuracy as the score, and its sentences."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mha.experiments import verdict as rule_of_seeds
from mha.experiments.verdict import MIN_SEEDS

#: The rule as results.json states it.
RULE = rule_of_seeds.rule("head counts", "validation accuracies")


def verdict(accuracies: Mapping[int, Sequence[float | None]]) -> dict[str, Any]:
    """The verdict for one task and level (see :func:`mha.experiments.verdict.verdict`).

    Parameters
    ----------
    accuracies : mapping
        Head count -> validation accuracy of each seed; ``None`` for a seed whose training
        diverged.

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
    """
    return rule_of_seeds.verdict(
        accuracies, RULE, variants="head counts", key="n_heads", argument="accuracies"
    )


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


__all__ = ["MIN_SEEDS", "RULE", "describe", "verdict"]
