# ruff: noqa: E501  (Korean prose: wide characters make the lines look long)
"""The attention viewer's data (``docs/results/heads_attention.json``) and its root element.

The expected pattern of each level (which keys hold what the answer needs) is not in the results
file, so :func:`expected_keys` asks the task itself, which needs torch."""

from __future__ import annotations

import json
from typing import Any

from docs.gen.common import header
from docs.gen.heads_common import SOURCE, TASK_KO, _knobs_ko, ranks

#: Korean names of the answer's key patterns
#: (:meth:`~mha.experiments.heads.tasks.Task.answer_keys`).
PATTERN_KO = {
    "same token": "같은 토큰",
    "previous": "바로 앞",
    "mirrored": "거울 위치",
    "next": "바로 뒤",
    "mirrored previous": "거울 위치의 앞",
    "matching key": "같은 key의 쌍",
}


def expected_keys(task: str, knobs: dict[str, int], tokens: list[int]) -> list[list[list]]:
    """The pattern a head that solves ``task`` would show, from the task's own
    :meth:`~mha.experiments.heads.tasks.Task.answer_keys`: for each query position, the key
    positions holding what the answer needs, each as ``[key, Korean pattern name]``.

    Examples
    --------
    >>> expected_keys("count", {"length": 3, "vocab": 10}, [5, 1, 5])
    [[[0, '같은 토큰']], [[1, '같은 토큰']], [[0, '같은 토큰'], [2, '같은 토큰']]]
    >>> expected_keys("reverse", {"length": 3, "vocab": 10}, [5, 1, 5])
    [[[2, '거울 위치']], [[1, '거울 위치']], [[0, '거울 위치']]]
    """
    import torch

    from mha.experiments.heads.tasks import get_task

    T = len(tokens)
    patterns = get_task(task).keys(torch.tensor([tokens]), knobs)
    return [[[k, PATTERN_KO.get(name, name)] for name, needed in patterns for k in range(T)
             if needed[0, q, k]] for q in range(T)]  # fmt: skip


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
        if r["seed"] not in level["seeds"]:
            level["seeds"].append(r["seed"])
        key = f"{r['task']}/{r['level']}/{r['n_heads']}/{r['seed']}"
        a = r.get("analysis")
        if a is not None and "heatmap" not in a:
            continue  # a run whose maps the results file does not keep (many heads)
        if r["n_heads"] not in level["heads"]:
            level["heads"].append(r["n_heads"])
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


def viewer_md(data: dict[str, Any]) -> str:
    """The viewer's root element (filled in by ``docs/javascripts/attention-viewer.js``), after a
    line naming the head counts whose maps the results file does not keep."""
    without = sorted({r["n_heads"] for r in data["runs"]
                      if r.get("analysis") and "heatmap" not in r["analysis"]})  # fmt: skip
    note = ""
    if without:
        note = (
            f"\nhead {', '.join(map(str, without))}개 모델은 결과 파일을 작게 두려고 attention 지도를 "
            "싣지 않아서 뷰어에 없다(정확도와 분석 값은 표에 있다).\n"
        )
    return (
        header(SOURCE)
        + note
        + f'\n<div class="attention-viewer" data-attention-viewer data-src="{VIEWER_DATA}">\n'
        + '<p class="attention-viewer__fallback">이 attention 뷰어는 JavaScript가 필요하다. '
        + "JavaScript 없이는 결과 페이지의 정적 히트맵을 보면 된다.</p>\n</div>\n"
    )
