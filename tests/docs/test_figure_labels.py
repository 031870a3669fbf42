"""Issue 21: every text the site's figures draw is Korean, but for code names and the English
terms the journal keeps (head, query, key, ...), and none is smaller than 11 pt, in both
layouts. The texts are read from the figures the generators draw (not from their pixels)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from graphs.tools.scaling import problems
from house import figures as tool
from mha.experiments.heads.tasks import TASKS
from studylog.gen import figures as gen_figures
from studylog.gen import graphs_figures, heads_figures
from studylog.gen.common import RESULTS, load_json

pytestmark = pytest.mark.slow  # draws every figure of the site (without saving it)

#: English words the journal keeps as they are (DESIGN.md: "keeping the usual English terms"),
#: names of peers and units. Code names (``d_head``, ``graphs.num_islands``), task names and
#: problem names are allowed by rule, not listed. BFS is what Korean study notes call it too
#: (the nav's "BFS와 DFS"), in a problem's Korean title ("BFS 최단 거리").
KEPT = {"head", "query", "key", "value", "attention", "networkx", "Python", "C", "V", "E",
        "ms", "s", "µs", "BFS"}  # fmt: skip

WORD = re.compile(r"[A-Za-zµ][A-Za-z0-9_.µ]*")


def english_words(text: str) -> list[str]:
    """The words of ``text`` that are neither Korean nor allowed (:data:`KEPT`, code names with
    ``_`` or ``.``, task and problem names, and symbols of one letter and a number such as the
    decoded recall tokens ``k4=v2``).

    >>> english_words("head 4개 · num_islands · 9:k4? · 기울기 1 (linear)")
    ['linear']
    """
    names = set(TASKS) | {p.name for p in problems()}
    return [
        w for w in WORD.findall(text)
        if w not in KEPT and w not in names and "_" not in w and "." not in w
        and not re.fullmatch(r"[A-Za-z]\d+", w)
    ]  # fmt: skip


@pytest.fixture(scope="module")
def drawn() -> dict[str, list[tuple[str, float]]]:
    """``path -> [(text, size in points)]`` of every figure the heads and graphs generators
    draw, both layouts: their drawing is intercepted before the PNG is saved."""
    if tool.hangul_font() is None:
        pytest.skip("no Hangul font: the figures draw their English fallback labels")
    import matplotlib.pyplot as plt
    from matplotlib.text import Text

    seen: dict[str, list[tuple[str, float]]] = {}

    def record(rel: str, draw: Any, *args: Any, dpi: int = 110, **kwargs: Any) -> bytes:
        kwargs.pop("renderer"), kwargs.pop("fonts")
        fig = draw(*args, **kwargs)
        seen[rel] = [(t.get_text(), float(t.get_fontsize())) for t in fig.findobj(Text)
                     if t.get_visible() and t.get_text().strip()]  # fmt: skip
        plt.close(fig)
        return b"\x89PNG\r\n\x1a\n" + bytes(8) + (700).to_bytes(4, "big") * 2

    mp = pytest.MonkeyPatch()
    mp.setattr(gen_figures, "cached_png", record)
    mp.setattr(heads_figures, "cached_png", record)
    try:
        data = load_json(RESULTS / "heads.json")
        heads_figures.summary_figures(data)
        heads_figures.figures(data)
        graphs_figures.scaling_figures(load_json(RESULTS / "graphs_bench.json"))
    finally:
        mp.undo()
    return seen


def test_every_figure_kind_is_drawn_in_both_layouts(drawn) -> None:
    kinds = {re.sub(r"_(narrow)$", "", rel.removesuffix(".png")) for rel in drawn}
    assert any("heatmap" in k for k in kinds) and any("scaling" in k for k in kinds)
    narrow = {rel for rel in drawn if rel.endswith("_narrow.png")}
    for rel in drawn:  # every figure but a one-panel heatmap has its phone layout
        if not rel.endswith("_narrow.png") and not rel.endswith("_h1.png"):
            assert gen_figures.narrow_name(rel) in narrow, rel


def test_figure_labels_are_korean_but_for_code_names(drawn) -> None:
    bad = {rel: words for rel, texts in drawn.items()
           if (words := sorted({w for text, _ in texts for w in english_words(text)}))}  # fmt: skip
    assert bad == {}


def test_no_figure_text_is_smaller_than_11_pt(drawn) -> None:
    small = {rel: min(texts, key=lambda t: t[1]) for rel, texts in drawn.items()
             if min(size for _, size in texts) < tool.TEXT_PT}  # fmt: skip
    assert small == {}
