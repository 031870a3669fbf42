"""Figures of the head-count experiment, drawn from the results file (matplotlib, Agg).

Each function takes plain data from ``results.json`` and returns a ``matplotlib`` figure; saving
is the caller's job (the page generator renders PNG bytes that do not change between runs).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
from matplotlib.figure import Figure

COLORS = {1: "#d62728", 2: "#9467bd", 4: "#1f77b4", 8: "#2ca02c", 16: "#ff7f0e"}


def heatmap_figure(
    weights: Sequence[Sequence[Sequence[float]]],
    tokens: Sequence[int],
    title: str = "",
) -> Figure:
    """One panel per head: the attention weights ``(T, T)`` with tokens on both axes.

    Parameters
    ----------
    weights : nested sequence
        ``(h, T, T)``: row = query position, column = key position.
    tokens : sequence of int
        The ``T`` tokens of the sequence (axis labels).
    title : str
        Figure title.

    Returns
    -------
    matplotlib.figure.Figure

    Raises
    ------
    ValueError
        ``weights`` is empty or its maps do not match ``len(tokens)``.
    """
    h = len(weights)
    if h == 0:
        raise ValueError("weights: expected at least one head, got none")
    T = len(tokens)
    if any(len(w) != T or any(len(row) != T for row in w) for w in weights):
        raise ValueError(f"weights: every head's map must be ({T}, {T}) to match tokens")
    cols = min(h, 4)
    rows = (h + cols - 1) // cols
    size = 2.6 if T <= 16 else 3.4
    fig, axes = plt.subplots(rows, cols, figsize=(size * cols + 0.6, size * rows + 0.5),
                             squeeze=False)  # fmt: skip
    labels = [str(t) for t in tokens]
    image = None
    for i in range(rows * cols):
        ax = axes[i // cols][i % cols]
        if i >= h:
            ax.axis("off")
            continue
        image = ax.imshow(weights[i], vmin=0.0, vmax=1.0, cmap="viridis", interpolation="nearest")
        ax.set_title(f"head {i}", fontsize=9)
        step = 1 if T <= 16 else 2
        ax.set_xticks(range(0, T, step), labels[::step], fontsize=6)
        ax.set_yticks(range(0, T, step), labels[::step], fontsize=6)
        ax.set_xlabel("key token", fontsize=7)
        if i % cols == 0:
            ax.set_ylabel("query token", fontsize=7)
    if image is not None:
        fig.colorbar(image, ax=axes.ravel().tolist(), shrink=0.8, label="weight")
    if title:
        fig.suptitle(title, fontsize=10)
    return fig


def curves_figure(runs: Sequence[Mapping[str, Any]], curve_every: int, title: str = "") -> Figure:
    """Training-loss curves: the seed mean per head count with a min-max band over seeds.

    One panel per ladder level present in ``runs``. Diverged runs (``diverged: true``, their
    curves end in a non-finite loss) are left out.

    Parameters
    ----------
    runs : sequence of dict
        Run records of one task, each with ``level``, ``n_heads`` and ``curve``.
    curve_every : int
        Steps per curve point.
    title : str

    Returns
    -------
    matplotlib.figure.Figure

    Raises
    ------
    ValueError
        ``runs`` is empty.
    """
    if not runs:
        raise ValueError("runs: expected at least one run, got none")
    by_level: dict[int, dict[int, list[list[float]]]] = defaultdict(lambda: defaultdict(list))
    for r in runs:
        by_level[r["level"]]  # a level whose runs all diverged still gets its (empty) panel
        if not r.get("diverged", False):
            by_level[r["level"]][r["n_heads"]].append(r["curve"])
    levels = sorted(by_level)
    fig, axes = plt.subplots(1, len(levels), figsize=(5.2 * len(levels), 3.6), squeeze=False)
    for ax, level in zip(axes[0], levels, strict=True):
        for h, curves in sorted(by_level[level].items()):
            n = min(len(c) for c in curves)
            steps = [(i + 1) * curve_every for i in range(n)]
            cols = list(zip(*(c[:n] for c in curves), strict=True))
            mean = [sum(col) / len(col) for col in cols]
            color = COLORS.get(h)
            ax.plot(steps, mean, color=color, label=f"{h} head{'s' if h > 1 else ''}")
            low = [max(min(c), 1e-6) for c in cols]
            ax.fill_between(steps, low, [max(c) for c in cols], color=color, alpha=0.2,
                            linewidth=0)  # fmt: skip
        ax.set_xlabel("step")
        ax.set_ylabel("train loss (cross-entropy)")
        ax.set_yscale("log")
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=8)
        ax.set_title(f"level {level}", fontsize=9)
    if title:
        fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    return fig


__all__ = ["curves_figure", "heatmap_figure"]
