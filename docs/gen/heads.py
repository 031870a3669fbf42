# ruff: noqa: E501  (Korean prose: wide characters make the lines look long)
"""Head-count experiment pages: table, verdict, head analysis and figures.

Source: ``docs/results/heads.json``, written by ``python -m mha.experiments.heads --publish``.
Figures are drawn with :mod:`mha.experiments.heads.plots` into ``docs/results/heads_*.png``.
"""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

from docs.gen.common import RESULTS, Content, fmt_int, header, load_json, md_table, png_bytes

SOURCE = "results/heads.json"

TASK_KO = {
    "count": "현재 토큰이 앞에서 몇 번 나왔는지 세기 (causal)",
    "reverse": "시퀀스 뒤집기 (모든 위치를 볼 수 있음)",
    "relations": "여러 관계 위치(바로 앞, 거울 위치, 바로 뒤, 거울 위치의 앞)의 토큰을 한 튜플로 맞히기 (관계 여러 개를 한꺼번에)",
}

STATUS_KO = {
    "differ": "차이가 있다",
    "no_difference": "차이가 없다",
    "too_few_seeds": "시드가 너무 적어 판단할 수 없다",
    "single_head_count": "비교할 head 수가 하나뿐이다",
}


def _f(x: float | None, digits: int = 4) -> str:
    return "–" if x is None else f"{x:.{digits}f}"


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}%"


def _knobs_ko(knobs: dict[str, int]) -> str:
    text = f"길이 {knobs['length']}, 어휘 {knobs['vocab']}"
    if "relations" in knobs:
        text += f", 관계 {knobs['relations']}개"
    return text


def _level_title(task: str, level: int, knobs: dict[str, int]) -> str:
    return f"`{task}` · 수준 {level} ({_knobs_ko(knobs)})"


def table_md(data: dict[str, Any]) -> str:
    cfg = data["config"]
    lines = [header(SOURCE)]
    lines.append(
        f"모든 실행: d_model={cfg['d_model']}, Adam 학습률 {cfg['lr']}, 스텝 {fmt_int(cfg['steps'])}, "
        f"배치 {cfg['batch_size']}, 검증 시퀀스 {fmt_int(cfg['val_size'])}개. "
        f"**최종 train loss**는 마지막 {cfg['final_window']} 스텝 학습 loss의 평균, **편차**는 시드 간 검증 정확도의 "
        "표본 표준편차(ddof=1)다.\n"
    )
    groups: dict[tuple[str, int], list[dict]] = defaultdict(list)
    for row in data["summary"]:
        groups[(row["task"], row["level"])].append(row)
    for (task, level), rows in groups.items():
        lines.append(
            f"\n**{_level_title(task, level, rows[0]['knobs'])}** — {TASK_KO.get(task, task)}\n"
        )
        body = [
            [
                r["n_heads"],
                r["d_head"],
                fmt_int(r["params"]),
                _f(r["final_train_loss_mean"]),
                _f(r["val_accuracy_mean"]),
                _f(r["val_accuracy_std"]),
                r["n_seeds"],
            ]
            for r in rows
        ]
        lines.append(
            md_table(
                [
                    "head 수",
                    "d_head",
                    "파라미터 수",
                    "최종 train loss",
                    "검증 정확도(시드 평균)",
                    "편차",
                    "시드 수",
                ],
                body,
                "rrrrrrr",
            )
        )
    return "\n".join(lines)


def verdict_md(data: dict[str, Any]) -> str:
    lines = [header(SOURCE)]
    min_seeds = data["config"]["min_seeds"]
    lines.append(
        "**판정 규칙.** 두 head 수의 시드 평균 검증 정확도 차이가 두 쪽 시드 표준편차 중 큰 값보다 "
        f'클 때만 "차이가 있다"고 쓴다. 시드가 {min_seeds}개보다 적으면 판단하지 않는다. 여기에 더해 두 평균 '
        '차이의 95% Welch 구간이 0을 포함하지 않으면 "확신"으로 표시한다. 어떤 쌍도 차이가 없으면 '
        "태스크가 너무 쉬운 것으로 보고 사다리를 한 단계 올려 다시 돌린다(두 수준의 결과를 모두 남긴다).\n"
    )
    for v in data["verdict"]:
        status = STATUS_KO.get(v["status"], v["status"])
        title = _level_title(v["task"], v["level"], v["knobs"])
        text = f"- **{title}: {status}.**"
        differing = [p for p in v["pairs"] if p["differ"]]
        if differing:
            parts = []
            for p in differing:
                better = p["a"] if p["gap"] > 0 else p["b"]
                parts.append(
                    f"{p['a']} vs {p['b']} head: 차이 {abs(p['gap']):.4f} > 편차 {p['spread']:.4f}"
                    f"({better} head 쪽이 높음{', 확신' if p['confident'] else ''})"
                )
            text += " " + "; ".join(parts) + "."
        elif v["status"] == "no_difference":
            gaps = [abs(p["gap"]) for p in v["pairs"]]
            text += f" 가장 큰 평균 차이 {max(gaps):.4f}도 시드 편차를 넘지 않는다."
        if v.get("escalated"):
            text += " → 사다리를 한 단계 올려 다시 돌렸다."
        elif v["status"] == "no_difference":
            text += " 더 올릴 단계가 없거나 올림 횟수 상한에 닿아 여기서 멈췄다."
        lines.append(text)
    return "\n".join(lines) + "\n"


def _roles_sentence(a: dict[str, Any]) -> str:
    """One factual sentence per multi-head model: how much rests on one head, how alike they look."""
    h = a["n_heads"]
    top, total = a["ablation_max_drop_mean"], a["ablation_sum_drop_mean"]
    return (
        f"- head {h}개: 가장 중요한 head 하나를 지우면 정확도가 평균 {100 * top:.1f}%p 떨어지고"
        f"(head별 하락의 합 {100 * total:.1f}%p), importance의 {100 * a['importance_top_share_mean']:.0f}%가 "
        f"한 head에 몰려 있다(고르게 나뉘면 {100 / h:.0f}%). head 쌍의 attention 지도 유사도는 평균 "
        f"{a['redundancy_mean']:.2f}이다."
    )


def analysis_md(data: dict[str, Any]) -> str:
    lines = [header(SOURCE)]
    lines.append(
        "학습이 끝난 모든 실행의 모델에서 검증 세트로 계산하고, 태스크·수준·head 수별로 시드 평균을 냈다. "
        "시드마다 head 번호는 서로 관계가 없으므로, 각 시드 안에서 값이 큰 순서로 정렬한 뒤 평균한다.\n"
    )
    groups: dict[tuple[str, int], list[dict]] = defaultdict(list)
    for a in data["analysis"]:
        groups[(a["task"], a["level"])].append(a)
    knobs = {(s["task"], s["level"]): s["knobs"] for s in data["summary"]}
    for (task, level), rows in groups.items():
        lines.append(f"\n**{_level_title(task, level, knobs[(task, level)])}**\n")
        body = [
            [
                a["n_heads"],
                _pct(a["base_accuracy_mean"]),
                f"{_pct(a['ablation_max_drop_mean'])} ± {_pct(a['ablation_max_drop_std'])}",
                _pct(a["ablation_sum_drop_mean"]),
                " / ".join(f"{100 * s:.0f}" for s in a["importance_share_by_rank"]) + " %",
                "–"
                if a["redundancy_mean"] is None
                else f"{a['redundancy_mean']:.3f} ± {a['redundancy_std']:.3f}",
            ]
            for a in rows
        ]
        lines.append(
            md_table(
                [
                    "head 수",
                    "정확도",
                    "최대 ablation 하락",
                    "하락 합",
                    "importance 비중(큰 순)",
                    "redundancy(평균 유사도)",
                ],
                body,
                "rrrrlr",
            )
        )
        for a in rows:
            if a["n_heads"] > 1:
                lines.append(_roles_sentence(a))
    lines.append(
        "\n- **ablation**: head 하나의 출력(W_o 앞)을 0으로 만들었을 때 검증 정확도가 떨어지는 폭이다. "
        "그 head를 이 모델이 실제로 쓰는지는 보여 주지만, 두 head가 서로를 대신할 수 있으면 각각의 "
        "하락은 작게 나온다.\n"
        "- **importance**: 각 head 출력에 곱한 gate ξ=1에 대한 시퀀스별 loss 기울기의 절댓값 기댓값 "
        "E|∂L/∂ξ_h|(Michel, Levy, Neubig 2019)를 head끼리의 비중으로 나타냈다. 지우기 직전의 "
        "국소적인 민감도일 뿐, 실제로 지웠을 때의 하락과 같지는 않다.\n"
        "- **redundancy**: 같은 시퀀스에서 두 head의 attention 지도 (T, T)의 코사인 유사도를 검증 세트에서 "
        "평균한 값이다(1이면 같은 곳을 봄). 어디를 보는지만 비교하므로, 같은 곳을 보고도 값(V)을 다르게 "
        "쓰는 head는 구별하지 못한다.\n"
    )
    return "\n".join(lines)


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


def ranks(values: list[float]) -> list[int]:
    """Rank of each value by size, 1 = largest (ties keep index order).

    Examples
    --------
    >>> ranks([0.1, 0.7, 0.2])
    [3, 1, 2]
    """
    order = sorted(range(len(values)), key=lambda i: (-values[i], i))
    out = [0] * len(values)
    for rank, i in enumerate(order, start=1):
        out[i] = rank
    return out


def _figure_runs(data: dict[str, Any], task: str) -> list[dict]:
    """Per level and head count of ``task``, the run whose maps the static figures show: the
    smallest seed that trained."""
    chosen: dict[tuple[int, int], dict] = {}
    for r in data["runs"]:
        if r["task"] != task or r["diverged"] or not r.get("analysis"):
            continue
        key = (r["level"], r["n_heads"])
        if key not in chosen or r["seed"] < chosen[key]["seed"]:
            chosen[key] = r
    return [chosen[k] for k in sorted(chosen)]


def figures(data: dict[str, Any]) -> tuple[dict[str, Content], str]:
    """PNG files keyed by path under ``docs/`` and the Markdown that shows them."""
    import matplotlib.pyplot as plt

    from mha.experiments.heads.plots import curves_figure, hangul_font, heatmap_figure

    font = hangul_font()
    renderer = f"font {font or 'DejaVu Sans (no Hangul font)'}"
    files: dict[str, Content] = {}
    md = [header(SOURCE)]
    md.append(
        "히트맵의 행은 query, 열은 key이고 축 눈금은 `위치:토큰`이다(예: `3:7`은 위치 3의 토큰 7). "
        "각 그림은 그 태스크·수준·head 수에서 학습된 가장 작은 시드의 모델이다. 패널은 그 시드 안에서 "
        "**importance가 큰 순서**로 놓았다. 위의 head 분석 표도 시드마다 큰 순서로 정렬해 평균하므로 "
        "(`importance 비중(큰 순)`), n번째 패널은 표의 n번째 값에 대응한다. 패널 제목의 `head i`는 "
        "모델 안의 head 번호이고, 뷰어에서 같은 번호로 고를 수 있다.\n"
    )
    every = data["runs"][0]["curve_every"] if data["runs"] else 10
    tasks = list(dict.fromkeys(r["task"] for r in data["runs"]))
    for task in tasks:
        runs = [r for r in data["runs"] if r["task"] == task]
        fig = curves_figure(runs, every, title=f"{task}: train loss, seed mean and min-max band")
        name = f"heads_curves_{task}.png"
        files[f"results/{name}"] = png_bytes(fig)
        plt.close(fig)
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
            fig = heatmap_figure([heatmap["weights"][i] for i in order], heatmap["tokens"],
                                 title=title, panel_titles=panels, columns=columns)  # fmt: skip
            name = _heatmap_name(task, level, h)
            png = png_bytes(fig, dpi=FIGURE_DPI, renderer=renderer)
            files[f"results/{name}"] = png
            plt.close(fig)
            width = _png_width(png) * 100 // FIGURE_DPI  # CSS px: 2 image pixels per px
            md.append(
                f"![{task} 수준 {level}, head {h}개 모델(시드 {seed})의 head별 attention 히트맵, "
                f'importance 순]({name}){{ .heads-heatmap width="{width}" }}\n'
            )
    return files, "\n".join(md)


#: Korean names of the expected patterns (relations by their name in ``tasks.RELATIONS``).
PATTERN_KO = {
    "same token": "같은 토큰",
    "previous": "바로 앞",
    "mirrored": "거울 위치",
    "next": "바로 뒤",
    "mirrored previous": "거울 위치의 앞",
}


def expected_keys(task: str, knobs: dict[str, int], tokens: list[int]) -> list[list[list]]:
    """The pattern a head that solves ``task`` would show: for each query position, the key
    positions holding what the answer needs, each as ``[key, name]``.

    ``count``: the keys at or before the query with the query's token (their number minus one
    is the label). ``reverse``: the mirrored position ``T-1-t``. ``relations``: the positions of
    the task's first ``knobs["relations"]`` relations (:data:`~mha.experiments.heads.tasks.RELATIONS`).

    Examples
    --------
    >>> expected_keys("count", {}, [5, 1, 5])
    [[[0, '같은 토큰']], [[1, '같은 토큰']], [[0, '같은 토큰'], [2, '같은 토큰']]]
    >>> expected_keys("reverse", {}, [5, 1, 5])
    [[[2, '거울 위치']], [[1, '거울 위치']], [[0, '거울 위치']]]
    """
    import torch

    from mha.experiments.heads.tasks import RELATIONS

    T = len(tokens)
    if task == "count":
        return [[[k, PATTERN_KO["same token"]] for k in range(q + 1) if tokens[k] == tokens[q]]
                for q in range(T)]  # fmt: skip
    if task == "reverse":
        return [[[T - 1 - q, PATTERN_KO["mirrored"]]] for q in range(T)]
    if task == "relations":
        t = torch.arange(T)
        where = [(name, rel(t, T).tolist()) for name, rel in RELATIONS[: knobs["relations"]]]
        return [[[keys[q], PATTERN_KO.get(name, name)] for name, keys in where] for q in range(T)]
    return [[] for _ in range(T)]


VIEWER_DATA = "results/heads_attention.json"


def viewer_data(data: dict[str, Any]) -> str:
    """The attention viewer's data (``docs/results/heads_attention.json``), from the results file:
    per task and level its sequence, knobs and expected pattern; per run (every seed) its maps in
    thousandths and, by head index, its ablation drop, importance share and both ranks."""
    tasks: dict[str, dict] = {}
    runs: dict[str, dict] = {}
    for r in data["runs"]:
        task = tasks.setdefault(r["task"], {
            "name": r["task"], "description": TASK_KO.get(r["task"], r["task"]),
            "causal": data["config"]["causal"][r["task"]], "levels": {},
        })  # fmt: skip
        knobs = data["config"]["ladders"][r["task"]][r["level"]]
        level = task["levels"].setdefault(str(r["level"]), {
            "knobs": knobs, "title": _knobs_ko(knobs), "heads": [], "seeds": [],
            "tokens": None, "expected": None,
        })  # fmt: skip
        if r["n_heads"] not in level["heads"]:
            level["heads"].append(r["n_heads"])
        if r["seed"] not in level["seeds"]:
            level["seeds"].append(r["seed"])
        key = f"{r['task']}/{r['level']}/{r['n_heads']}/{r['seed']}"
        a = r.get("analysis")
        if r["diverged"] or not a:
            runs[key] = {"diverged": True}
            continue
        tokens = a["heatmap"]["tokens"]
        if level["tokens"] is None:
            level["tokens"] = tokens
            level["expected"] = expected_keys(r["task"], knobs, tokens)
        elif level["tokens"] != tokens:
            raise ValueError(f"run {key}: its validation sequence differs from its level's")
        total = sum(a["importance"])
        share = [v / total if total > 0 else 1 / r["n_heads"] for v in a["importance"]]
        runs[key] = {
            "diverged": False,
            "accuracy": round(a["base_accuracy"], 4),
            "ablation_drop": [round(d, 4) for d in a["ablation_drop"]],
            "ablation_rank": ranks(a["ablation_drop"]),
            "importance_share": [round(v, 4) for v in share],
            "importance_rank": ranks(a["importance"]),
            "weights_x1000": [[[round(1000 * w) for w in row] for row in m]
                              for m in a["heatmap"]["weights"]],
        }  # fmt: skip
    out = {
        "generated": f"by python -m docs.gen from {SOURCE}; do not edit by hand",
        "tasks": list(tasks.values()),
        "runs": runs,
    }
    return json.dumps(out, ensure_ascii=False, separators=(",", ":")) + "\n"


def viewer_md() -> str:
    """The viewer's root element (filled in by ``docs/javascripts/attention-viewer.js``)."""
    return (
        header(SOURCE)
        + f'\n<div class="attention-viewer" data-attention-viewer data-src="{VIEWER_DATA}">\n'
        + '<p class="attention-viewer__fallback">이 attention 뷰어는 JavaScript가 필요하다. '
        + "JavaScript 없이는 결과 페이지의 정적 히트맵을 보면 된다.</p>\n</div>\n"
    )


def generate() -> dict[str, Content]:
    """Every file this module makes, keyed by path relative to ``docs/``."""
    data = load_json(RESULTS / "heads.json")
    files, figures_md = figures(data)
    files["generated/heads_table.md"] = table_md(data)
    files["generated/heads_verdict.md"] = verdict_md(data)
    files["generated/heads_analysis.md"] = analysis_md(data)
    files["generated/heads_figures.md"] = figures_md
    files[VIEWER_DATA] = viewer_data(data)
    files["generated/heads_viewer.md"] = viewer_md()
    return files
