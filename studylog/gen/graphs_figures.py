"""The benchmark's scaling figures (drawn with :func:`graphs.tools.plots.scaling_figure`) and
the Markdown that shows them: one figure per problem for that problem's page, one with every
problem for the overview, each wide and narrow (:func:`studylog.gen.figures.figure_pair`) and
redrawn only when ``graphs_bench.json`` or the drawing code changes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from studylog.gen.common import Content
from studylog.gen.figures import figure_pair, picture_md

__all__ = ["OVERVIEW", "figure_md", "scaling_figures"]

#: The key of the figure with every problem (a problem's figure is keyed by its name).
OVERVIEW = "overview"

#: The page that shows the overview, and a stand-in for the problem pages: every one is a page
#: of ``docs/graphs/`` that is not its index, built one folder deeper than the overview.
PAGES = {OVERVIEW: "graphs/index.md", "problem": "graphs/problem.md"}


def _rel(name: str) -> str:
    return f"results/graphs_scaling_{name}.png"


def scaling_figures(data: Mapping[str, Any]) -> dict[str, Content]:
    """The PNGs (keyed by path under ``docs/``) of the overview and of every measured problem
    of the bench results ``data``, wide and narrow."""
    from graphs.tools.plots import scaling_figure
    from house.figures import hangul_font

    font = hangul_font()
    style = {
        "renderer": f"font {font or 'DejaVu Sans (no Hangul font)'}",
        "fonts": (font, "DejaVu Sans") if font else ("DejaVu Sans",),
    }
    problems = list(data["problems"].items())
    quick = bool(data.get("quick"))
    files: dict[str, Content] = {}
    if problems:
        files.update(figure_pair(_rel(OVERVIEW), scaling_figure, problems, quick, **style))
    for name, prob in problems:
        files.update(figure_pair(_rel(name), scaling_figure, [(name, prob)], quick, **style))
    return files


def figure_md(name: str, figures: Mapping[str, Content]) -> str:
    """The Markdown of the figure ``name`` (:data:`OVERVIEW` or a problem), or ``""`` when it
    was not drawn (nothing measured)."""
    if _rel(name) not in figures:
        return ""
    page = PAGES[OVERVIEW if name == OVERVIEW else "problem"]
    alt = (
        "문제별 크기에 따른 실행 시간, 로그-로그 (우리 구현, networkx, 참조 구현)"
        if name == OVERVIEW
        else f"{name}: 크기에 따른 실행 시간, 로그-로그 (우리 구현, networkx, 참조 구현)"
    )
    return picture_md(_rel(name), figures, alt, page)
