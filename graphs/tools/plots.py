"""The benchmark's figure: log-log time against input size, one panel per problem, drawn from
``graphs_bench.json`` (matplotlib, Agg).

:func:`scaling_figure` takes plain data (the ``problems`` entries of the results file) and
returns a figure; the site's generator saves it (:mod:`studylog.gen.graphs`), once per problem for
that problem's page and once with every problem for the overview. Like every figure of the
site it has a wide layout and a narrow one for a phone (one panel a row), text of at least
:data:`~house.figures.TEXT_PT` and Korean labels (:func:`house.figures.labels`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import matplotlib

matplotlib.use("Agg")

from matplotlib.figure import Figure

from graphs.tools.scaling import X_LABEL_KO, title_of
from house.figures import labels, panels_figure, plain_ticks

__all__ = ["LABELS", "scaling_figure"]

#: Every text the figure draws, in Korean, and in English for a machine without a Hangul font.
LABELS = {
    "ko": {"title": "크기에 따른 실행 시간 (로그-로그)", "quick": " [빠른 측정]",
           "seconds": "시간 (중앙값)", "slope": "{} · 기울기 {:.2f}",
           "slope_long": "{}\n기울기 {:.2f}",
           "guide": "기울기 1 (선형)",
           "reference": "참조 구현 ({})", "c": "C", "python": "순수 Python",
           "missing": "측정하지 않음 (중단됨)", "korean": "yes"},
    "en": {"title": "graphs: time vs input size (log-log)", "quick": " [quick]",
           "seconds": "time (median)", "slope": "{} · slope {:.2f}", "guide": "slope 1",
           "slope_long": "{}\nslope {:.2f}",
           "reference": "reference ({})", "c": "C", "python": "pure Python",
           "missing": "not measured (interrupted)", "korean": ""},
}  # fmt: skip

#: A legend name longer than this puts its slope on a second line: with it on one line
#: (``shortest_path_binary_matrix · 기울기 1.02``) the phone figure grew wider than the
#: column and its text was shown below 11 pt.
LONG_NAME = 22

#: Colours of our solutions (a problem may time two), networkx and the reference.
OURS_COLOURS = ("tab:blue", "tab:purple")
PEER_COLOURS = {"networkx": "tab:orange", "reference": "tab:green"}


def _solver_label(pr: Mapping[str, Any], solver: str, text: Mapping[str, str]) -> str:
    """The legend entry of ``solver``: our function's name, ``networkx`` or the reference's
    kind, with the fitted slope when there is one."""
    if solver in pr["ours"]:
        name = solver.removeprefix("graphs.")
    elif solver == pr["networkx"]:
        name = "networkx"
    else:
        name = text["reference"].format(text["c" if pr["reference_is_c"] else "python"])
    slope = pr["slopes"].get(solver)
    if slope is None:
        return name
    return text["slope_long" if len(name) > LONG_NAME else "slope"].format(name, slope)


def seconds_label(t: float) -> str:
    """A tick of the time axis in the unit a reader says: ``0.001`` -> ``1 ms``.

    Examples
    --------
    >>> [seconds_label(t) for t in (1e-5, 1e-3, 0.1, 1.0, 10.0)]
    ['10 µs', '1 ms', '100 ms', '1 s', '10 s']
    """
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6)):
        if t >= scale * 0.999:
            return f"{t / scale:g} {unit}"
    return f"{t * 1e9:g} ns"


def size_label(x: float) -> str:
    """A tick of the size axis in Korean units of ten thousand: ``1000`` -> ``1천``.

    Examples
    --------
    >>> [size_label(x) for x in (100, 1000, 10**4, 10**5, 10**6, 10**8)]
    ['100', '1천', '1만', '10만', '100만', '1억']
    """
    for unit, scale in (("억", 1e8), ("만", 1e4), ("천", 1e3)):
        if x >= scale * 0.999:
            return f"{x / scale:g}{unit}"
    return f"{x:g}"


def _panel(ax: Any, name: str, pr: Mapping[str, Any], text: Mapping[str, str], below: bool):
    xs = pr["x"]
    for solver, ts in pr["seconds"].items():
        if not ts:
            continue
        ours = solver in pr["ours"]
        if ours:
            colour = OURS_COLOURS[pr["ours"].index(solver) % len(OURS_COLOURS)]
        else:
            colour = PEER_COLOURS["networkx" if solver == pr["networkx"] else "reference"]
        ax.loglog(xs, ts, marker="o" if ours else ".", linewidth=2.2 if ours else 1.2,
                  color=colour, label=_solver_label(pr, solver, text))  # fmt: skip
    korean = bool(text["korean"])  # the problem's Korean title and size, or its plain name
    ax.set_title(title_of(name) if korean else name)
    ax.set_xlabel(X_LABEL_KO.get(pr["x_label"], pr["x_label"]) if korean else pr["x_label"])
    ax.set_ylabel(text["seconds"])
    ax.grid(True, which="major", alpha=0.3)
    if not xs:
        ax.text(0.5, 0.5, text["missing"], ha="center", transform=ax.transAxes)
        return
    t0 = pr["seconds"][pr["ours"][0]][0]  # a slope-1 guide through our first point
    ax.loglog(xs, [t0 * x / xs[0] for x in xs], "k:", linewidth=1.0, label=text["guide"])
    plain_ticks(ax.yaxis, seconds_label)  # after the last loglog (it resets them)
    plain_ticks(ax.xaxis, size_label)
    where = ({"loc": "upper center", "bbox_to_anchor": (0.5, -0.24)} if below
             else {"loc": "center left", "bbox_to_anchor": (1.02, 0.5)})  # fmt: skip
    ax.legend(frameon=False, handlelength=1.6, **where)


def scaling_figure(
    problems: Sequence[tuple[str, Mapping[str, Any]]], quick: bool = False, narrow: bool = False
) -> Figure:
    """Log-log time against size, one panel per problem, each solution's fitted slope in the
    legend and a dotted slope-1 line through our first point.

    Parameters
    ----------
    problems : sequence of (name, problem)
        Entries of ``graphs_bench.json``'s ``problems`` (``x``, ``x_label``, ``seconds``,
        ``slopes``, ``ours``, ``networkx``, ``reference_is_c``), in the order to draw them.
    quick : bool
        The results come from a quick run (the title says so; with several panels only).
    narrow : bool
        One panel a row, for a phone; otherwise two a row. The legend is under each panel,
        but beside the panel of a wide figure of one problem.

    Returns
    -------
    matplotlib.figure.Figure
        One panel per problem, each with its own legend of solutions.

    Raises
    ------
    ValueError
        ``problems`` is empty.
    """
    if not problems:
        raise ValueError("problems: expected at least one problem, got none")
    text = labels(LABELS)
    n = len(problems)
    # the legend under each panel, but beside the one panel of a wide figure
    below = narrow or n > 1
    width, height = (3.3, 4.6) if below else (6.6, 3.4)

    def title(fig: Figure) -> None:
        if n > 1:
            fig.suptitle(text["title"] + (text["quick"] if quick else ""))

    return panels_figure(problems, lambda ax, problem: _panel(ax, *problem, text, below), narrow,
                         width, height, top=0.4 * (n > 1), above=title)  # fmt: skip
