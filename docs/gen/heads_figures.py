# ruff: noqa: E501  (Korean prose: wide characters make the lines look long)
"""The head-count figures (drawn with :mod:`mha.experiments.heads.plots`) and the Markdown that
shows them. Each PNG goes through :func:`docs.gen.figcache.cached_png`: it is drawn again only
when the data it shows, the drawing code, matplotlib or the font changed."""

from __future__ import annotations

from typing import Any

from docs.gen.common import Content, header
from docs.gen.figcache import cached_png
from docs.gen.heads_common import SOURCE, _knobs_ko, _rows, ranks


def _heatmap_name(task: str, level: int, h: int) -> str:
    return (
        f"heads_heatmap_{task}_h{h}.png"
        if level == 0
        else f"heads_heatmap_{task}_L{level}_h{h}.png"
    )


#: Resolution of the figures: twice the 100 px per inch a page shows them at (sharp on 2x screens).
FIGURE_DPI = 200


def _png_width(data: bytes) -> int:
    """Pixel width of a PNG, from its IHDR chunk."""
    return int.from_bytes(data[16:20], "big")


def _font() -> tuple[str | None, str, tuple[str, ...]]:
    """The Hangul font the labels are drawn with (``None``: English labels), the figures'
    renderer tag (:func:`~docs.gen.common.figure_tag`) and the font families they use."""
    from mha.experiments.heads import plots

    font = plots.hangul_font()
    renderer = f"font {font or 'DejaVu Sans (no Hangul font)'}"
    return font, renderer, (font, "DejaVu Sans") if font else ("DejaVu Sans",)


#: Head counts whose attention maps the static figures show (the study note's table); the
#: viewer shows every run that keeps its maps.
HEATMAP_HEADS = (1, 4, 8)


def _figure_runs(data: dict[str, Any], task: str) -> list[dict]:
    """Per level and head count of ``task`` (of :data:`HEATMAP_HEADS`), the run whose maps the
    static figures show: the smallest seed that trained."""
    chosen: dict[tuple[int, int], dict] = {}
    for r in data["runs"]:
        if r["task"] != task or r["diverged"] or not r.get("analysis"):
            continue
        if r["n_heads"] not in HEATMAP_HEADS or "heatmap" not in r["analysis"]:
            continue
        key = (r["level"], r["n_heads"])
        if key not in chosen or r["seed"] < chosen[key]["seed"]:
            chosen[key] = r
    return [chosen[k] for k in sorted(chosen)]


def _panel_title(task: str, level: int, knobs: dict[str, int], steps: int, korean: bool) -> str:
    if korean:
        return f"{task} · 수준 {level} ({_knobs_ko(knobs)}), {steps:,} 스텝"
    return f"{task} level {level}, {steps:,} steps"


def summary_figures(data: dict[str, Any]) -> tuple[dict[str, Content], str, str]:
    """The accuracy-against-heads figure and the accuracy-against-budget figure (PNG files keyed
    by path under ``docs/``) and the Markdown of each."""
    from mha.experiments.heads.plots import budget_figure, sweep_figure

    font, renderer, fonts = _font()
    style = {"dpi": FIGURE_DPI, "renderer": renderer, "fonts": fonts}
    panels = [(_panel_title(task, level, rows[0]["knobs"], rows[0]["steps"], font is not None), rows)
              for (task, level), rows in _rows(data).items()]  # fmt: skip
    files: dict[str, Content] = {}
    rel = "results/heads_accuracy.png"
    files[rel] = cached_png(rel, sweep_figure, panels, data["config"]["d_model"], **style)
    rel = "results/heads_budgets.png"
    files[rel] = cached_png(rel, budget_figure, panels, **style)
    sweep = (header(SOURCE) + "\n![태스크별 head 수에 따른 검증 정확도: 시드 평균과 시드 표준편차 막대, "
             "위쪽 축은 d_head, 속이 빈 점은 아직 배우는 head 수]({}heads_accuracy.png)\n")  # fmt: skip
    budget = (header(SOURCE) + "\n![태스크별 학습 예산(스텝)에 따른 검증 정확도: head 수마다 시드 평균과 "
              "시드 표준편차 막대](heads_budgets.png)\n")  # fmt: skip
    return files, sweep, budget


def figures(data: dict[str, Any]) -> tuple[dict[str, Content], str]:
    """PNG files keyed by path under ``docs/`` and the Markdown that shows them."""
    from mha.experiments.heads.plots import curves_figure, heatmap_figure

    font, renderer, fonts = _font()
    files: dict[str, Content] = {}
    md = [header(SOURCE)]
    md.append(
        "히트맵의 행은 query, 열은 key이고 축 눈금은 `위치:토큰`이다(예: `3:7`은 위치 3의 토큰 7). "
        f"히트맵은 head {', '.join(map(str, HEATMAP_HEADS))}개 모델만 그렸다(다른 head 수는 위의 뷰어에서 본다). "
        "각 그림은 그 태스크·수준·head 수에서 학습된 가장 작은 시드의 모델이다. 패널은 그 시드 안에서 "
        "**importance가 큰 순서**로 놓았다. 위의 head 분석 표도 시드마다 큰 순서로 정렬해 평균하므로 "
        "(`importance 비중(큰 순)`), n번째 패널은 표의 n번째 값에 대응한다. 패널 제목의 `head i`는 "
        "모델 안의 head 번호이고, 뷰어에서 같은 번호로 고를 수 있다.\n"
    )
    every = data["runs"][0]["curve_every"] if data["runs"] else 10
    tasks = list(dict.fromkeys(r["task"] for r in data["runs"]))
    for task in tasks:
        runs = [r for r in data["runs"] if r["task"] == task]
        name = f"heads_curves_{task}.png"
        title = f"{task}: train loss, seed mean and min-max band"
        files[f"results/{name}"] = cached_png(f"results/{name}", curves_figure, runs, every,
                                              title=title)  # fmt: skip
        md.append(f"\n### `{task}`\n")
        md.append(f"![{task} 태스크의 학습 곡선: head 수별 시드 평균과 최소-최대 범위]({name})\n")
        for r in _figure_runs(data, task):
            level, h, seed = r["level"], r["n_heads"], r["seed"]
            heatmap, importance = r["analysis"]["heatmap"], r["analysis"]["importance"]
            rank = ranks(importance)
            order = sorted(range(h), key=lambda i: rank[i])
            if font:
                title = f"{task} · 수준 {level} · head {h}개 (시드 {seed})"
                panels = [f"head {i} (중요도 {rank[i]}위)" for i in order]
            else:
                title = f"{task} level {level}, {h} head{'s' if h > 1 else ''} (seed {seed})"
                panels = [f"head {i} (importance #{rank[i]})" for i in order]
            # Two panels a row fit the page at 100 px per inch; a long sequence gets one a row,
            # so its panels can be large enough to label all positions and still fit.
            columns = 2 if len(heatmap["tokens"]) <= 16 else 1
            name = _heatmap_name(task, level, h)
            png = cached_png(f"results/{name}", heatmap_figure,
                             [heatmap["weights"][i] for i in order], heatmap["tokens"],
                             title=title, panel_titles=panels, columns=columns,
                             dpi=FIGURE_DPI, renderer=renderer, fonts=fonts)  # fmt: skip
            files[f"results/{name}"] = png
            width = _png_width(png) * 100 // FIGURE_DPI  # CSS px: 2 image pixels per px
            md.append(
                f"![{task} 수준 {level}, head {h}개 모델(시드 {seed})의 head별 attention 히트맵, "
                f'importance 순]({name}){{ .heads-heatmap width="{width}" }}\n'
            )
    return files, "\n".join(md)
