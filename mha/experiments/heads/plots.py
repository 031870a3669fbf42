"""Figures of the head-count experiment, drawn from the results file (matplotlib, Agg).

Each function takes plain data from ``results.json`` and returns a ``matplotlib`` figure; saving
is the caller's job (the page generator renders PNG bytes that do not change between runs).
Every figure comes in two layouts: the wide one (panels side by side, for a laptop) and, with
``narrow=True``, one panel a row, :data:`~house.figures.PHONE_INCHES` wide, for a phone.
Text is never smaller than :data:`~house.figures.TEXT_PT` in either, and the labels are
Korean when a Hangul font is installed (:func:`house.figures.labels`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.figure import Figure
from matplotlib.lines import Line2D

from house.figures import (
    PHONE_INCHES,
    TEXT_PT,
    TITLE_PT,
    labels,
    panel_grid,
    panels_figure,
    plain_ticks,
    style,
)

COLORS = {1: "#d62728", 2: "#9467bd", 4: "#1f77b4", 8: "#2ca02c", 16: "#ff7f0e", 32: "#8c564b",
          64: "#17becf"}  # fmt: skip

#: Every text the figures draw, in Korean, and in English for a machine without a Hangul font.
LABELS = {
    "ko": {"query": "query 위치:토큰", "key": "key 위치:토큰", "weight": "attention 가중치",
           "heads": "head 수", "d_head": "d_head", "accuracy": "검증 정확도",
           "steps": "학습 스텝 (예산)", "converged": "수렴", "learning": "아직 배우는 중",
           "step": "학습 스텝", "loss": "학습 손실 (교차 엔트로피)", "level": "수준 {}",
           "head": "head {}"},
    "en": {"query": "query position:token", "key": "key position:token", "weight": "weight",
           "heads": "heads", "d_head": "d_head", "accuracy": "validation accuracy",
           "steps": "training steps (budget)", "converged": "converged",
           "learning": "still learning", "step": "step", "loss": "train loss (cross-entropy)",
           "level": "level {}", "head": "head {}"},
}  # fmt: skip

#: Height of one accuracy, budget or curve panel in inches (axes, title and tick labels).
PANEL_HEIGHT = 2.9

#: Width of one panel of a wide figure, in inches (two side by side plus the 0.1 in pad on
#: each side are 680 CSS px, inside the 688 px article column at 1280 px), and the width of a
#: wide figure of one panel.
WIDE_PANEL = 3.3
WIDE_ALONE = 6.0


def _figure(
    panels: Sequence[Any],
    draw: Callable[[Any, Any], None],
    above: Callable[[Figure], None],
    narrow: bool,
    top: float,
) -> Figure:
    """A figure of accuracy, budget or curve panels, one per item of ``panels``
    (:func:`~house.figures.panels_figure`): :data:`WIDE_ALONE` wide when there is one,
    :data:`WIDE_PANEL` a column otherwise."""
    wide = WIDE_ALONE if len(panels) == 1 else WIDE_PANEL
    return panels_figure(panels, draw, narrow, wide, PANEL_HEIGHT, top, above)


def _head_legend(fig: Figure, heads: Sequence[int], text: Mapping[str, str]) -> None:
    """One legend above every panel: a line in each head count's colour, titled "head 수"."""
    handles = [Line2D([], [], color=COLORS.get(h), linewidth=2) for h in heads]
    fig.legend(handles, [str(h) for h in heads], loc="outside upper center", ncol=4,
               title=text["heads"], frameon=False, columnspacing=1.0,
               handlelength=1.5)  # fmt: skip


def position_labels(tokens: Sequence[int | str]) -> list[str]:
    """Axis labels ``"position:token"`` for every position.

    Examples
    --------
    >>> position_labels([7, 2, 7])
    ['0:7', '1:2', '2:7']
    """
    return [f"{i}:{t}" for i, t in enumerate(tokens)]


def _heatmap_side(labels_: Sequence[str]) -> tuple[float, float]:
    """``(left margin, panel side)`` in inches of a heatmap whose tick labels are ``labels_``:
    the margin holds the longest label and the axis label, the panel takes the rest of a phone's
    width (the same side in both layouts, so every figure shows panels of one size)."""
    longest = max(len(s) for s in labels_) * 0.6 * TEXT_PT / 72  # digits are ~0.6 em wide
    left = 0.3 + longest + 0.1
    return left, PHONE_INCHES - left - 0.1


def heatmap_figure(
    weights: Sequence[Sequence[Sequence[float]]],
    tokens: Sequence[int | str],
    title: str = "",
    panel_titles: Sequence[str] | None = None,
    narrow: bool = False,
) -> Figure:
    """One panel per head: the attention weights ``(T, T)``, every position labelled
    ``position:token`` on both axes, one colour bar under all panels.

    Every panel has the same size in inches whatever the number of heads and the layout (two
    panels a row, or one a row with ``narrow``), so figures of 1, 4 and 8 heads drawn at the
    same dpi show panels of the same size. The background is white, so the figure reads the
    same on a dark page.

    Parameters
    ----------
    weights : nested sequence
        ``(h, T, T)``: row = query position, column = key position, one map per panel in the
        order given.
    tokens : sequence of int or str
        The ``T`` tokens of the sequence, or their decoded labels (``k4=v2``): the axis labels
        are ``position:token``.
    title : str
        Figure title (a ``\\n`` breaks it).
    panel_titles : sequence of str, optional
        One title per panel; ``"head i"`` by default.
    narrow : bool
        One panel a row, for a phone.

    Returns
    -------
    matplotlib.figure.Figure
        The heads' maps above one colour bar of the weights.

    Raises
    ------
    ValueError
        ``weights`` is empty, its maps do not match ``len(tokens)``, or ``panel_titles`` does
        not have one title per map.
    """
    h = len(weights)
    if h == 0:
        raise ValueError("weights: expected at least one head, got none")
    T = len(tokens)
    if any(len(w) != T or any(len(row) != T for row in w) for w in weights):
        raise ValueError(f"weights: every head's map must be ({T}, {T}) to match tokens")
    if panel_titles is not None and len(panel_titles) != h:
        raise ValueError(f"panel_titles: expected {h} titles, got {len(panel_titles)}")
    text = labels(LABELS)
    titles = list(panel_titles) if panel_titles is not None else [
        text["head"].format(i) for i in range(h)]  # fmt: skip
    ticks = position_labels(tokens)
    rows, cols = panel_grid(h, narrow)
    left, side = _heatmap_side(ticks)
    # below a panel: its rotated tick labels and the axis label; above it: its title
    below, above, gap_w = left, 0.4, left
    lines = title.count("\n") + 1 if title else 0
    head = 0.15 + lines * TITLE_PT * 1.3 / 72
    bar = 0.95  # the colour bar under the panels, its ticks and its label
    width = left + cols * side + (cols - 1) * gap_w + 0.1
    height = head + rows * (above + side + below) + bar
    with plt.rc_context(style()):
        fig = plt.figure(figsize=(width, height))
        image = None
        for i in range(h):
            r, c = divmod(i, cols)
            x0 = left + c * (side + gap_w)
            y0 = height - head - (r + 1) * (above + side + below) + below
            ax = fig.add_axes((x0 / width, y0 / height, side / width, side / height))
            image = ax.imshow(weights[i], vmin=0.0, vmax=1.0, cmap="viridis",
                              interpolation="nearest")  # fmt: skip
            ax.set_title(titles[i], fontsize=TEXT_PT)
            ax.set_xticks(range(T), ticks, rotation=90)
            ax.set_yticks(range(T), ticks)
            ax.tick_params(length=2, pad=1)
            ax.set_xlabel(text["key"], labelpad=2)
            ax.set_ylabel(text["query"], labelpad=2)
        span = cols * side + (cols - 1) * gap_w
        cax = fig.add_axes((left / width, 0.55 / height, span / width, 0.14 / height))
        fig.colorbar(image, cax=cax, orientation="horizontal").set_label(text["weight"])
        if title:
            fig.suptitle(title, y=1 - 0.1 / height, va="top", linespacing=1.2)
    return fig


def curves_figure(
    runs: Sequence[Mapping[str, Any]], curve_every: int, title: str = "", narrow: bool = False
) -> Figure:
    """Training-loss curves: the seed mean per head count with a min-max band over seeds.

    One panel per level present in ``runs``, one legend of head counts above them. Diverged
    runs (``diverged: true``, their curves end in a non-finite loss) are left out.

    Parameters
    ----------
    runs : sequence of dict
        Run records of one task, each with ``level``, ``n_heads`` and ``curve``.
    curve_every : int
        Steps per curve point.
    title : str
        Figure title (a ``\\n`` breaks it).
    narrow : bool
        One panel a row, for a phone.

    Returns
    -------
    matplotlib.figure.Figure
        One panel per level, under one legend of the head counts' colours.

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
    text = labels(LABELS)
    heads = sorted({h for curves in by_level.values() for h in curves})

    def draw(ax: Any, level: int) -> None:
        for h, curves in sorted(by_level[level].items()):
            n = min(len(c) for c in curves)
            steps = [(i + 1) * curve_every for i in range(n)]
            cols = list(zip(*(c[:n] for c in curves), strict=True))
            color = COLORS.get(h)
            ax.plot(steps, [sum(col) / len(col) for col in cols], color=color)
            low = [max(min(c), 1e-6) for c in cols]
            ax.fill_between(steps, low, [max(c) for c in cols], color=color, alpha=0.2,
                            linewidth=0)  # fmt: skip
        ax.set_xlabel(text["step"])
        ax.set_ylabel(text["loss"])
        ax.set_yscale("log")
        plain_ticks(ax.yaxis, lambda v: f"{v:g}")
        ax.grid(True, alpha=0.3)
        ax.set_title(text["level"].format(level))

    def above(fig: Figure) -> None:
        _head_legend(fig, heads, text)
        if title:
            fig.suptitle(title, linespacing=1.2)

    return _figure(sorted(by_level), draw, above, narrow, top=1.2)


Rows = Sequence[Mapping[str, Any]]


def _accuracy_panels(
    panels: Sequence[tuple[str, Rows]],
    draw: Callable[[Any, Rows, Mapping[str, str]], None],
    legend: Callable[[Figure, Mapping[str, str]], None],
    narrow: bool,
) -> Figure:
    """One accuracy panel per setting (:func:`_figure`): ``draw(ax, rows, labels)`` plots a
    setting, ``legend(fig, labels)`` draws the one legend above them all; the title, the y label
    and the grid are the same for every panel."""
    if not panels:
        raise ValueError("panels: expected at least one setting, got none")
    text = labels(LABELS)

    def panel(ax: Any, setting: tuple[str, Rows]) -> None:
        title, rows = setting
        draw(ax, rows, text)
        ax.set_ylabel(text["accuracy"])
        ax.set_title(title, fontsize=TEXT_PT, linespacing=1.2)
        ax.grid(True, alpha=0.3)

    return _figure(panels, panel, lambda fig: legend(fig, text), narrow, top=0.9)


def sweep_figure(panels: Sequence[tuple[str, Rows]], d_model: int, narrow: bool = False) -> Figure:
    """Accuracy against head count, one panel per setting: the seed mean with the seed standard
    deviation as error bars, ``d_head = d_model / h`` on the top axis. A filled marker is a head
    count that converged, a hollow one a head count still learning at its budget.

    Parameters
    ----------
    panels : sequence of (title, rows)
        Rows of the results' ``summary`` of one setting (``n_heads``, ``val_accuracy_mean``,
        ``val_accuracy_std``, ``converged``); a ``\\n`` in a title breaks it.
    d_model : int
        Model width, for the ``d_head`` axis.
    narrow : bool
        One panel a row, for a phone.

    Returns
    -------
    matplotlib.figure.Figure
        The panels under one legend of the two markers (converged, still learning).

    Raises
    ------
    ValueError
        ``panels`` is empty.
    """

    def draw(ax: Any, rows: Rows, text: Mapping[str, str]) -> None:
        rows = [r for r in rows if r["val_accuracy_mean"] is not None]
        heads = [r["n_heads"] for r in rows]
        mean = [r["val_accuracy_mean"] for r in rows]
        ax.errorbar(heads, mean, yerr=[r["val_accuracy_std"] for r in rows], color="#1f77b4",
                    capsize=3, linewidth=1.2, zorder=1)  # fmt: skip
        for r in rows:
            ax.plot(r["n_heads"], r["val_accuracy_mean"], "o", color="#1f77b4",
                    markerfacecolor="#1f77b4" if r["converged"] else "white", markersize=7,
                    zorder=2)  # fmt: skip
        ax.set_xscale("log", base=2)
        ax.set_xticks(heads, [str(h) for h in heads])
        ax.minorticks_off()
        ax.set_xlabel(text["heads"])
        # d_head = d_model / h is its own inverse; clipped away from 0 for the axis limits
        to_d_head = lambda h: d_model / np.clip(h, 1e-9, None)  # noqa: E731
        top = ax.secondary_xaxis("top", functions=(to_d_head, to_d_head))
        top.set_xticks([d_model // h for h in heads], [str(d_model // h) for h in heads])
        top.minorticks_off()
        top.set_xlabel(text["d_head"])

    def legend(fig: Figure, text: Mapping[str, str]) -> None:
        marks = [Line2D([], [], marker="o", linestyle="", color="#1f77b4", markersize=7,
                        markerfacecolor=face) for face in ("#1f77b4", "white")]  # fmt: skip
        fig.legend(marks, [text["converged"], text["learning"]], loc="outside upper center",
                   ncol=2, frameon=False)  # fmt: skip

    return _accuracy_panels(panels, draw, legend, narrow)


def budget_figure(panels: Sequence[tuple[str, Rows]], narrow: bool = False) -> Figure:
    """Accuracy against training budget, one line per head count and one panel per setting:
    the seed mean at every budget with the seed standard deviation as error bars.

    Parameters
    ----------
    panels : sequence of (title, rows)
        Rows of the results' ``summary`` of one setting (``n_heads`` and ``budget_accuracy``:
        ``[{"steps", "mean", "std"}]``); a ``\\n`` in a title breaks it.
    narrow : bool
        One panel a row, for a phone.

    Returns
    -------
    matplotlib.figure.Figure
        The panels under one legend of the head counts' colours.

    Raises
    ------
    ValueError
        ``panels`` is empty.
    """

    def draw(ax: Any, rows: Rows, text: Mapping[str, str]) -> None:
        for r in rows:
            points = [b for b in r["budget_accuracy"] if b["mean"] is not None]
            ax.errorbar([b["steps"] for b in points], [b["mean"] for b in points],
                        yerr=[b["std"] for b in points], color=COLORS.get(r["n_heads"]),
                        marker="o", markersize=4, capsize=2, linewidth=1.2)  # fmt: skip
        budgets = sorted({b["steps"] for r in rows for b in r["budget_accuracy"]})
        ax.set_xticks(budgets, [f"{s:,}" for s in budgets])
        ax.set_xlabel(text["steps"])

    heads = sorted({r["n_heads"] for _, rows in panels for r in rows})
    return _accuracy_panels(panels, draw, lambda fig, text: _head_legend(fig, heads, text),
                            narrow)  # fmt: skip


__all__ = ["budget_figure", "curves_figure", "heatmap_figure", "position_labels", "sweep_figure"]
