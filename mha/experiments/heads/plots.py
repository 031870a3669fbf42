"""Figures of the head-count experiment, drawn from the results file (matplotlib, Agg).

Each function takes plain data from ``results.json`` and returns a ``matplotlib`` figure; saving
is the caller's job (the page generator renders PNG bytes that do not change between runs).
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

COLORS = {1: "#d62728", 2: "#9467bd", 4: "#1f77b4", 8: "#2ca02c", 16: "#ff7f0e", 32: "#8c564b",
          64: "#17becf"}  # fmt: skip

#: Fonts that have Hangul glyphs, most wanted first (fonts-nanum, then Noto CJK).
HANGUL_FONTS = ("NanumGothic", "NanumBarunGothic", "Noto Sans CJK KR", "Noto Sans KR")

#: Axis and colour-bar labels in Korean, and in English for a machine without a Hangul font.
LABELS = {
    "ko": {"query": "query 위치:토큰", "key": "key 위치:토큰", "weight": "attention 가중치",
           "heads": "head 수", "d_head": "d_head", "accuracy": "검증 정확도",
           "steps": "학습 스텝 (예산)", "converged": "수렴", "learning": "아직 배우는 중",
           "n_heads": "head {}개"},
    "en": {"query": "query position:token", "key": "key position:token", "weight": "weight",
           "heads": "heads", "d_head": "d_head", "accuracy": "validation accuracy",
           "steps": "training steps (budget)", "converged": "converged",
           "learning": "still learning", "n_heads": "{} heads"},
}  # fmt: skip

#: Panel side in inches for sequences of at most 16 positions, and for longer ones.
PANEL_INCHES = (2.3, 3.6)


def hangul_font() -> str | None:
    """The first of :data:`HANGUL_FONTS` matplotlib can find on this machine, or ``None``.

    Examples
    --------
    >>> hangul_font() in (None, *HANGUL_FONTS)
    True
    """
    from matplotlib import font_manager

    installed = {f.name for f in font_manager.fontManager.ttflist}
    return next((name for name in HANGUL_FONTS if name in installed), None)


def _font_style() -> tuple[dict[str, Any], dict[str, str]]:
    """``(rc, labels)``: matplotlib settings that draw with the Hangul font when one is
    installed (falling back to DejaVu Sans for other glyphs), and :data:`LABELS` in Korean; with
    no Hangul font, no settings and English labels.

    Examples
    --------
    >>> rc, labels = _font_style()
    >>> labels is LABELS["ko" if rc else "en"]
    True
    """
    font = hangul_font()
    rc = {"font.family": [font, "DejaVu Sans"]} if font else {}
    return rc, LABELS["ko" if font else "en"]


def _panel_grid(n: int, columns: int) -> tuple[int, int]:
    """``(rows, cols)`` of ``n`` panels laid out ``columns`` a row (fewer when ``n`` is smaller).

    Examples
    --------
    >>> _panel_grid(5, 2), _panel_grid(1, 2)
    ((3, 2), (1, 1))
    """
    cols = min(n, columns)
    return (n + cols - 1) // cols, cols


def position_labels(tokens: Sequence[int]) -> list[str]:
    """Axis labels ``"position:token"`` for every position.

    Examples
    --------
    >>> position_labels([7, 2, 7])
    ['0:7', '1:2', '2:7']
    """
    return [f"{i}:{t}" for i, t in enumerate(tokens)]


def heatmap_figure(
    weights: Sequence[Sequence[Sequence[float]]],
    tokens: Sequence[int],
    title: str = "",
    panel_titles: Sequence[str] | None = None,
    columns: int = 2,
) -> Figure:
    """One panel per head: the attention weights ``(T, T)``, every position labelled
    ``position:token`` on both axes.

    Every panel has the same size in inches whatever the number of heads (the grid wraps after
    ``columns`` panels), so figures of 1, 4 and 8 heads drawn at the same dpi show panels of the
    same size. Labels are Korean when a Hangul font is installed (:func:`hangul_font`), English
    otherwise; the background is white, so the figure reads the same on a dark page.

    Parameters
    ----------
    weights : nested sequence
        ``(h, T, T)``: row = query position, column = key position, one map per panel in the
        order given.
    tokens : sequence of int
        The ``T`` tokens of the sequence (axis labels).
    title : str
        Figure title.
    panel_titles : sequence of str, optional
        One title per panel; ``"head i"`` by default.
    columns : int
        Panels per row (at least 1).

    Returns
    -------
    matplotlib.figure.Figure

    Raises
    ------
    ValueError
        ``weights`` is empty, its maps do not match ``len(tokens)``, ``panel_titles`` does not
        have one title per map, or ``columns < 1``.
    """
    h = len(weights)
    if h == 0:
        raise ValueError("weights: expected at least one head, got none")
    T = len(tokens)
    if any(len(w) != T or any(len(row) != T for row in w) for w in weights):
        raise ValueError(f"weights: every head's map must be ({T}, {T}) to match tokens")
    if panel_titles is not None and len(panel_titles) != h:
        raise ValueError(f"panel_titles: expected {h} titles, got {len(panel_titles)}")
    if columns < 1:
        raise ValueError(f"columns: expected an int >= 1, got {columns}")
    font_rc, text = _font_style()
    titles = list(panel_titles) if panel_titles is not None else [f"head {i}" for i in range(h)]
    rows, cols = _panel_grid(h, columns)
    side = PANEL_INCHES[0] if T <= 16 else PANEL_INCHES[1]
    tick_size = 5.5 if T <= 16 else 4.6
    margin_left, margin_bottom, gap_w, gap_h, top, bar = 0.75, 0.7, 0.85, 0.95, 0.55, 0.55
    width = margin_left + cols * side + (cols - 1) * gap_w + bar + 0.4
    height = margin_bottom + rows * side + (rows - 1) * gap_h + top
    rc = {"font.family": ["DejaVu Sans"], **font_rc, "axes.unicode_minus": False}
    labels = position_labels(tokens)
    with plt.rc_context(rc):
        fig = plt.figure(figsize=(width, height), facecolor="white")
        image = None
        for i in range(h):
            r, c = divmod(i, cols)
            left = margin_left + c * (side + gap_w)
            bottom = height - top - (r + 1) * side - r * gap_h
            ax = fig.add_axes((left / width, bottom / height, side / width, side / height))
            image = ax.imshow(weights[i], vmin=0.0, vmax=1.0, cmap="viridis",
                              interpolation="nearest")  # fmt: skip
            ax.set_title(titles[i], fontsize=8)
            ax.set_xticks(range(T), labels, fontsize=tick_size, rotation=90)
            ax.set_yticks(range(T), labels, fontsize=tick_size)
            ax.tick_params(length=2, pad=1)
            ax.set_xlabel(text["key"], fontsize=7)
            ax.set_ylabel(text["query"], fontsize=7)
        bar_left = margin_left + cols * side + (cols - 1) * gap_w + 0.2
        cax = fig.add_axes((bar_left / width, margin_bottom / height, 0.12 / width,
                            (height - top - margin_bottom) / height))  # fmt: skip
        fig.colorbar(image, cax=cax).set_label(text["weight"], fontsize=7)
        cax.tick_params(labelsize=6)
        if title:
            fig.suptitle(title, fontsize=9, y=1 - 0.15 / height, va="top")
    return fig


def curves_figure(runs: Sequence[Mapping[str, Any]], curve_every: int, title: str = "") -> Figure:
    """Training-loss curves: the seed mean per head count with a min-max band over seeds.

    One panel per level present in ``runs``. Diverged runs (``diverged: true``, their
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


def _panels(n: int) -> tuple[Figure, list]:
    """A figure of ``n`` panels, two a row (a phone shows two side by side legibly)."""
    rows, cols = _panel_grid(n, 2)
    fig, axes = plt.subplots(rows, cols, figsize=(4.2 * cols, 3.3 * rows), squeeze=False)
    flat = [ax for row in axes for ax in row]
    for ax in flat[n:]:
        ax.set_visible(False)
    return fig, flat[:n]


Rows = Sequence[Mapping[str, Any]]


def _accuracy_panels(
    panels: Sequence[tuple[str, Rows]], draw: Callable[[Any, Rows, dict[str, str], bool], None]
) -> Figure:
    """One accuracy panel per setting, two a row: ``draw(ax, rows, labels, first)`` plots a
    setting; the title, the y label and the grid are the same for every panel."""
    if not panels:
        raise ValueError("panels: expected at least one setting, got none")
    rc, text = _font_style()
    with plt.rc_context(rc):
        fig, axes = _panels(len(panels))
        for i, (ax, (title, rows)) in enumerate(zip(axes, panels, strict=True)):
            draw(ax, rows, text, i == 0)
            ax.set_ylabel(text["accuracy"])
            ax.set_title(title, fontsize=9)
            ax.grid(True, alpha=0.3)
        fig.tight_layout()
    return fig


def sweep_figure(panels: Sequence[tuple[str, Rows]], d_model: int) -> Figure:
    """Accuracy against head count, one panel per setting: the seed mean with the seed standard
    deviation as error bars, ``d_head = d_model / h`` on the top axis. A filled marker is a head
    count that converged, a hollow one a head count still learning at its budget.

    Parameters
    ----------
    panels : sequence of (title, rows)
        Rows of the results' ``summary`` of one setting (``n_heads``, ``val_accuracy_mean``,
        ``val_accuracy_std``, ``converged``).
    d_model : int
        Model width, for the ``d_head`` axis.

    Returns
    -------
    matplotlib.figure.Figure

    Raises
    ------
    ValueError
        ``panels`` is empty.
    """

    def draw(ax: Any, rows: Rows, text: dict[str, str], first: bool) -> None:
        rows = [r for r in rows if r["val_accuracy_mean"] is not None]
        heads = [r["n_heads"] for r in rows]
        mean = [r["val_accuracy_mean"] for r in rows]
        ax.errorbar(heads, mean, yerr=[r["val_accuracy_std"] for r in rows], color="#1f77b4",
                    capsize=3, linewidth=1.2, zorder=1)  # fmt: skip
        for r in rows:
            ax.plot(r["n_heads"], r["val_accuracy_mean"], "o", color="#1f77b4",
                    markerfacecolor="#1f77b4" if r["converged"] else "white", markersize=6,
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
        top.set_xlabel(text["d_head"], fontsize=8)
        if first:
            ax.plot([], [], "o", color="#1f77b4", label=text["converged"])
            ax.plot([], [], "o", color="#1f77b4", markerfacecolor="white", label=text["learning"])
            ax.legend(fontsize=7, loc="lower right")

    return _accuracy_panels(panels, draw)


def budget_figure(panels: Sequence[tuple[str, Rows]]) -> Figure:
    """Accuracy against training budget, one line per head count and one panel per setting:
    the seed mean at every budget with the seed standard deviation as error bars.

    Parameters
    ----------
    panels : sequence of (title, rows)
        Rows of the results' ``summary`` of one setting (``n_heads`` and ``budget_accuracy``:
        ``[{"steps", "mean", "std"}]``).

    Returns
    -------
    matplotlib.figure.Figure

    Raises
    ------
    ValueError
        ``panels`` is empty.
    """

    def draw(ax: Any, rows: Rows, text: dict[str, str], first: bool) -> None:
        for r in rows:
            points = [b for b in r["budget_accuracy"] if b["mean"] is not None]
            ax.errorbar([b["steps"] for b in points], [b["mean"] for b in points],
                        yerr=[b["std"] for b in points], color=COLORS.get(r["n_heads"]),
                        marker="o", markersize=3, capsize=2, linewidth=1.2,
                        label=text["n_heads"].format(r["n_heads"]))  # fmt: skip
        ax.set_xlabel(text["steps"])
        ax.legend(fontsize=6, ncol=2, loc="lower right")

    return _accuracy_panels(panels, draw)


__all__ = ["budget_figure", "curves_figure", "hangul_font", "heatmap_figure", "position_labels",
           "sweep_figure"]  # fmt: skip
