# ruff: noqa: E501  (Korean prose: wide characters make the lines look long)
"""The head-count figures (drawn with :mod:`mha.experiments.heads.plots`) and the Markdown that
shows them. Each PNG goes through :func:`studylog.gen.figcache.cached_png`: it is drawn again only
when the data it shows, the drawing code, matplotlib or the font changed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from house.figures import DPI
from studylog.gen.common import Content, header
from studylog.gen.figcache import cached_png
from studylog.gen.figures import figure_pair, picture_md
from studylog.gen.heads_common import SOURCE, _knobs_ko, _rows, ranks, token_labels


def _heatmap_name(task: str, level: int, h: int) -> str:
    return (
        f"heads_heatmap_{task}_h{h}.png"
        if level == 0
        else f"heads_heatmap_{task}_L{level}_h{h}.png"
    )


#: The page that shows the figures, and a stand-in for any journal post (every post is built
#: in the same folder depth, which is all the figures' markup needs: see studylog.gen.figures).
RESULTS_PAGE = "results/index.md"
JOURNAL_PAGE = "blog/posts/post.md"

#: Resolution of the figures (:data:`house.figures.DPI`).
FIGURE_DPI = DPI


def _font() -> tuple[str | None, str, tuple[str, ...]]:
    """The Hangul font the labels are drawn with (``None``: English labels), the figures'
    renderer tag (:func:`~studylog.gen.common.figure_tag`) and the font families they use."""
    from house.figures import hangul_font

    font = hangul_font()
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
        return f"{task} 수준 {level}, {steps:,} 스텝\n({_knobs_ko(knobs)})"
    return f"{task} level {level}, {steps:,} steps"


def summary_figures(data: dict[str, Any]) -> tuple[dict[str, Content], Callable[[str], str], str]:
    """The accuracy-against-heads figure and the accuracy-against-budget figure, each wide and
    narrow (PNG files keyed by path under ``docs/``), the Markdown of the first for a given page
    (``sweep(page)``: the results page and the journal show it) and that of the second."""
    from mha.experiments.heads.plots import budget_figure, sweep_figure

    font, renderer, fonts = _font()
    style = {"renderer": renderer, "fonts": fonts}
    panels = [(_panel_title(task, level, rows[0]["knobs"], rows[0]["steps"], font is not None), rows)
              for (task, level), rows in _rows(data).items()]  # fmt: skip
    sweep_rel, budget_rel = "results/heads_accuracy.png", "results/heads_budgets.png"
    files = figure_pair(sweep_rel, sweep_figure, panels, data["config"]["d_model"], **style)
    files.update(figure_pair(budget_rel, budget_figure, panels, **style))

    def sweep(page: str) -> str:
        alt = ("태스크별 head 수에 따른 검증 정확도: 시드 평균과 시드 표준편차 막대, 위쪽 축은 "
               "d_head, 속이 빈 점은 아직 배우는 head 수")  # fmt: skip
        return header(SOURCE) + "\n" + picture_md(sweep_rel, files, alt, page)

    alt = "태스크별 학습 예산(스텝)에 따른 검증 정확도: head 수마다 시드 평균과 시드 표준편차 막대"
    return files, sweep, header(SOURCE) + "\n" + picture_md(budget_rel, files, alt, RESULTS_PAGE)


def figures(data: dict[str, Any]) -> tuple[dict[str, Content], str]:
    """PNG files keyed by path under ``docs/`` (each wide and narrow, but a one-head heatmap,
    whose one panel fits a phone as it is) and the Markdown that shows them."""
    from mha.experiments.heads.plots import curves_figure, heatmap_figure

    font, renderer, fonts = _font()
    style = {"renderer": renderer, "fonts": fonts}
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
        rel = f"results/heads_curves_{task}.png"
        title = (f"{task}: 학습 손실\n시드 평균과 최소–최대 범위" if font
                 else f"{task}: train loss\nseed mean and min-max band")  # fmt: skip
        files.update(figure_pair(rel, curves_figure, runs, every, title=title, **style))
        md.append(f"\n### `{task}`\n")
        alt = f"{task} 태스크의 학습 곡선: head 수별 시드 평균과 최소-최대 범위"
        md.append(picture_md(rel, files, alt, RESULTS_PAGE))
        for r in _figure_runs(data, task):
            level, h, seed = r["level"], r["n_heads"], r["seed"]
            heatmap, importance = r["analysis"]["heatmap"], r["analysis"]["importance"]
            rank = ranks(importance)
            order = sorted(range(h), key=lambda i: rank[i])
            if font:
                title = f"{task} 수준 {level}, head {h}개\n(시드 {seed}, 중요도 순)"
                panels = [f"head {i} (중요도 {rank[i]}위)" for i in order]
            else:
                title = f"{task} level {level}, {h} head{'s' if h > 1 else ''}\n(seed {seed})"
                panels = [f"head {i} (importance #{rank[i]})" for i in order]
            rel = f"results/{_heatmap_name(task, level, h)}"
            knobs = data["config"]["ladders"][task][level]
            labels = token_labels(task, knobs, heatmap["tokens"])  # recall: k4=v2, k4?
            args = ([heatmap["weights"][i] for i in order], labels)
            kwargs = {"title": title, "panel_titles": panels, **style}
            if h == 1:  # one panel: the phone's layout is the laptop's
                files[rel] = cached_png(rel, heatmap_figure, *args, dpi=DPI, **kwargs)
            else:
                files.update(figure_pair(rel, heatmap_figure, *args, **kwargs))
            alt = (f"{task} 수준 {level}, head {h}개 모델(시드 {seed})의 head별 attention "
                   "히트맵, importance 순")  # fmt: skip
            md.append(picture_md(rel, files, alt, RESULTS_PAGE, css_class="heads-heatmap"))
    return files, "\n".join(md)
