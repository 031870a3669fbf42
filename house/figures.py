"""Figure text that a phone can read: the Hangul font, the smallest text size, the width of a
figure meant for a phone, and a measurement of the smallest text a figure holds.

The site shows a figure at half its pixels (figures are saved at :data:`DPI`, two image pixels
per CSS pixel), that is at 100 CSS px per inch. A 390 px phone leaves about 358 CSS px for the
article, so a figure for a phone is at most :data:`PHONE_INCHES` wide, and its text is never
smaller than :data:`TEXT_PT` points: 11 pt at 100 CSS px per inch is 15.3 CSS px, above the
14.7 CSS px of 11 pt text on the page itself. Every figure module of both domains (the
head-count experiment, the graph benchmark) takes its fonts from here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

__all__ = [
    "DPI",
    "HANGUL_FONTS",
    "PHONE_INCHES",
    "TEXT_PT",
    "TITLE_PT",
    "hangul_font",
    "labels",
    "panel_figure",
    "panel_grid",
    "panels_figure",
    "plain_ticks",
    "smallest_text_pt",
    "style",
]

#: Fonts that have Hangul glyphs, most wanted first (fonts-nanum, then Noto CJK).
HANGUL_FONTS = ("NanumGothic", "NanumBarunGothic", "Noto Sans CJK KR", "Noto Sans KR")

#: Resolution of the site's figures: twice the 100 px per inch a page shows them at.
DPI = 200

#: The smallest text of any figure, in points (tick labels, legends, colour-bar labels).
TEXT_PT = 11.0

#: Titles, in points.
TITLE_PT = 12.0

#: Width of a figure for a phone, in inches, before ``bbox_inches="tight"`` adds its 0.1 in pad
#: on each side: 3.35 + 0.2 in is 355 CSS px, inside the 358 px column of a 390 px screen.
PHONE_INCHES = 3.35


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


def style() -> dict[str, Any]:
    """matplotlib settings for every figure of the site: the Hangul font when one is installed
    (DejaVu Sans for other glyphs), every text size at least :data:`TEXT_PT`, a white
    background (the figure reads the same on the dark theme) and a plain hyphen for minus.

    Examples
    --------
    >>> rc = style()
    >>> min(v for k, v in rc.items() if k.endswith("size")) >= TEXT_PT
    True
    """
    font = hangul_font()
    sizes = ("font.size", "axes.labelsize", "xtick.labelsize", "ytick.labelsize",
             "legend.fontsize", "legend.title_fontsize")  # fmt: skip
    return {
        "font.family": [font, "DejaVu Sans"] if font else ["DejaVu Sans"],
        **dict.fromkeys(sizes, TEXT_PT),
        "axes.titlesize": TITLE_PT,
        "figure.titlesize": TITLE_PT,
        "figure.facecolor": "white",
        "savefig.facecolor": "white",
        "axes.unicode_minus": False,
        "mathtext.fontset": "dejavusans",  # log-axis labels (10^-3) need its minus sign
    }


def labels(table: Mapping[str, Mapping[str, str]]) -> Mapping[str, str]:
    """``table["ko"]`` when a Hangul font is installed, else ``table["en"]`` (Korean text drawn
    without a Hangul font would be empty boxes).

    Raises
    ------
    ValueError
        If ``table`` lacks the ``"ko"`` or the ``"en"`` labels, or they name different labels.

    Examples
    --------
    >>> labels({"ko": {"x": "크기"}, "en": {"x": "size"}})["x"] in ("크기", "size")
    True
    """
    if set(table) != {"ko", "en"} or set(table["ko"]) != set(table["en"]):
        raise ValueError(
            "table: expected 'ko' and 'en' labels with the same names, got "
            f"{ {k: sorted(v) for k, v in table.items()} }"
        )
    return table["ko" if hangul_font() else "en"]


def smallest_text_pt(fig: Any) -> float:
    """The size in points of the smallest non-empty visible text of a matplotlib figure
    (titles, axis and tick labels, legends, colour bars, annotations).

    Raises
    ------
    ValueError
        If the figure holds no text.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> _ = ax.set_title("t", fontsize=13); _ = ax.set_xticks([0, 1], ["a", "b"], fontsize=9)
    >>> smallest_text_pt(fig)
    9.0
    >>> plt.close(fig)
    """
    from matplotlib.text import Text

    sizes = [
        float(t.get_fontsize())
        for t in fig.findobj(Text)
        if t.get_visible() and t.get_text().strip()
    ]
    if not sizes:
        raise ValueError("fig: expected a figure with some text, found none")
    return min(sizes)


def panel_grid(n: int, narrow: bool) -> tuple[int, int]:
    """``(rows, cols)`` of ``n`` panels: one a row for a phone, two a row otherwise.

    Examples
    --------
    >>> panel_grid(4, narrow=True), panel_grid(4, narrow=False), panel_grid(1, narrow=False)
    ((4, 1), (2, 2), (1, 1))
    """
    if n < 1:
        raise ValueError(f"n: expected at least one panel, got {n}")
    cols = 1 if narrow else min(n, 2)
    return (n + cols - 1) // cols, cols


def panel_figure(
    n: int, narrow: bool, panel_width: float, panel_height: float, top: float = 0.0
) -> tuple[Any, list[Any]]:
    """A figure of ``n`` panels laid out by :func:`panel_grid` (constrained layout) and its
    ``n`` axes: :data:`PHONE_INCHES` wide for a phone, else ``panel_width`` inches a column;
    ``panel_height`` inches a row and ``top`` more for a title or legend; the unused cell of an
    odd grid is hidden. Call it inside ``plt.rc_context(style())``.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> fig, axes = panel_figure(3, narrow=False, panel_width=3.0, panel_height=2.0)
    >>> len(axes), [float(v) for v in fig.get_size_inches()]
    (3, [6.0, 4.0])
    >>> plt.close(fig)
    """
    import matplotlib.pyplot as plt

    rows, cols = panel_grid(n, narrow)
    width = PHONE_INCHES if narrow else panel_width * cols
    fig, grid = plt.subplots(rows, cols, figsize=(width, panel_height * rows + top),
                             squeeze=False, layout="constrained")  # fmt: skip
    axes = [ax for row in grid for ax in row]
    for ax in axes[n:]:
        ax.set_visible(False)
    return fig, axes[:n]


def panels_figure(
    panels: Sequence[Any],
    draw: Callable[[Any, Any], None],
    narrow: bool,
    panel_width: float,
    panel_height: float,
    top: float = 0.0,
    above: Callable[[Any], None] | None = None,
) -> Any:
    """A figure of one panel per item of ``panels`` (:func:`panel_figure`) drawn in the site's
    style (:func:`style`): ``draw(ax, item)`` draws an item on its axes, then ``above(fig)``
    draws what the panels share (a legend, a title), inside the same style so that its text
    takes the site's font and sizes too.

    Raises
    ------
    ValueError
        ``panels`` is empty (from :func:`panel_grid`).

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> fig = panels_figure([1, 2, 3], lambda ax, k: ax.plot([0, k]), narrow=True,
    ...                     panel_width=3.0, panel_height=2.0)
    >>> [len(ax.lines) for ax in fig.axes if ax.get_visible()]
    [1, 1, 1]
    >>> plt.close(fig)
    """
    import matplotlib.pyplot as plt

    with plt.rc_context(style()):
        fig, axes = panel_figure(len(panels), narrow, panel_width, panel_height, top)
        for ax, item in zip(axes, panels, strict=True):
            draw(ax, item)
        if above is not None:
            above(fig)
    return fig


def plain_ticks(axis: Any, label: Callable[[float], str]) -> None:
    """Major ticks of a (log) ``axis`` labelled ``label(value)`` as plain text, minor ticks
    unlabelled: matplotlib's own log labels (``10^-3``) are mathtext, which has no Hangul font
    fallback. Call it after the last ``loglog`` or ``set_yscale`` of the axes (they reset it).

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> ax = Figure().subplots()
    >>> ax.set_yscale("log")
    >>> plain_ticks(ax.yaxis, lambda v: f"{v:g} s")
    >>> ax.yaxis.get_major_formatter()(0.001, 0)
    '0.001 s'
    """
    from matplotlib.ticker import FuncFormatter, NullFormatter

    axis.set_major_formatter(FuncFormatter(lambda value, _: label(value)))
    axis.set_minor_formatter(NullFormatter())
