# ruff: noqa: E501  (Korean prose: wide characters make the lines look long)
"""The attention viewer's data (``docs/results/heads_attention.json``) and its root element.

The expected pattern of each level (which keys hold what the answer needs) is not in the results
file, so :func:`expected_keys` asks the task itself, which needs torch."""

from __future__ import annotations

import json
from typing import Any

from studylog.gen.common import header
from studylog.gen.heads_common import SOURCE, TASK_KO, _knobs_ko, token_labels

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


def token_note(task: str, labels: list[str]) -> str:
    """How to read the ticks of ``task``, with an example from its own sequence's ``labels``.

    Examples
    --------
    >>> token_note("recall", ["k4=v2", "k7=v0", "k7?", "k4?"])
    '눈금은 위치:토큰이다. 쌍 토큰 k4=v2: key가 4, value가 2. 질문 토큰 k4?: key 4의 value를 묻는다(답 2).'
    >>> token_note("reverse", ["3", "1"])
    '눈금은 위치:토큰이다.'
    """
    text = "눈금은 위치:토큰이다."
    pair = next((label for label in labels if "=" in label), None)
    if task != "recall" or pair is None:
        return text
    key, value = pair[1:].split("=v")
    return (f"{text} 쌍 토큰 {pair}: key가 {key}, value가 {value}. 질문 토큰 k{key}?: "
            f"key {key}의 value를 묻는다(답 {value}).")  # fmt: skip


def shared_ranks(values: list[float]) -> list[int]:
    """Rank of each value by size, 1 = largest, equal values sharing a rank (1, 2, 2, 4).

    Examples
    --------
    >>> shared_ranks([0.0, 84.4, 0.0, 30.1])
    [3, 1, 3, 2]
    """
    return [1 + sum(v > x for v in values) for x in values]


def default_view(runs: dict[str, dict]) -> dict[str, Any]:
    """The run and head the viewer opens on: the run whose heads differ most, the one where
    removing one head costs the most and removing another the least (largest spread of the
    shown ablation drops), and in it its most needed head. Such a run shows what the table
    and the maps are for: heads that split the work. The first run of the file (one head) has
    nothing to compare; runs whose heads all cost 0.0 %p
    (each can stand in for the others) leave the table empty. Without a run of two heads or
    more, the first run.

    Parameters
    ----------
    runs : dict
        The viewer's runs by ``task/level/heads/seed`` (:func:`viewer_data`).

    Returns
    -------
    dict
        ``task``, ``level`` (str), ``heads``, ``seed`` and ``head``.

    Raises
    ------
    ValueError
        ``runs`` is empty.

    Examples
    --------
    >>> default_view({"a/0/1/0": {"diverged": False, "ablation_pp": [40.0]},
    ...               "a/0/2/0": {"diverged": False, "ablation_pp": [3.0, 50.0]}})
    {'task': 'a', 'level': '0', 'heads': 2, 'seed': 0, 'head': 1}
    """
    if not runs:
        raise ValueError("runs: expected at least one run, got none")

    def spread(run: dict) -> float:
        drops = run.get("ablation_pp") or [0.0]
        return max(drops) - min(drops) if len(drops) > 1 and not run["diverged"] else -1.0

    key = max(runs, key=lambda k: spread(runs[k]))  # the first of equals: file order
    task, level, heads, seed = key.split("/")
    drops = runs[key].get("ablation_pp") or [0.0]
    head = max(range(len(drops)), key=lambda i: (drops[i], -i))
    return {"task": task, "level": level, "heads": int(heads), "seed": int(seed), "head": head}


def viewer(data: dict[str, Any]) -> dict[str, Any]:
    """The attention viewer's data (``docs/results/heads_attention.json``), from the results file:
    per task and level its sequence (tokens and their decoded labels), knobs, expected pattern
    and, by head count, the seed-mean accuracy; per run (every seed) its accuracy, its maps in
    thousandths and, by head index, its ablation drop and importance share (also as shown, in
    %p and % to one decimal) and their ranks as shown (equal values share a rank); and the
    view to open on (:func:`default_view`)."""
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
            "tokens": None, "labels": None, "note": None, "expected": None, "mean_accuracy": {},
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
            level["labels"] = token_labels(r["task"], knobs, tokens)
            level["note"] = token_note(r["task"], level["labels"])
            level["expected"] = expected_keys(r["task"], knobs, tokens)
        elif level["tokens"] != tokens:
            raise ValueError(f"run {key}: its validation sequence differs from its level's")
        total = sum(a["importance"])
        share = [v / total if total > 0 else 1 / r["n_heads"] for v in a["importance"]]
        drop_pp = [round(100 * d, 1) + 0.0 for d in a["ablation_drop"]]  # + 0.0: no -0.0
        share_pct = [round(100 * v, 1) for v in share]
        runs[key] = {
            "diverged": False,
            "accuracy": round(a["base_accuracy"], 4),
            "ablation_drop": [round(d, 4) for d in a["ablation_drop"]],
            "ablation_pp": drop_pp,
            "ablation_rank": shared_ranks(drop_pp),
            "importance_share": [round(v, 4) for v in share],
            "importance_pct": share_pct,
            "importance_rank": shared_ranks(share_pct),
            "weights_x1000": [[[round(1000 * w) for w in row] for row in m]
                              for m in a["heatmap"]["weights"]],
        }  # fmt: skip
    for row in data["summary"]:
        level = tasks.get(row["task"], {}).get("levels", {}).get(str(row["level"]))
        if level is not None and row["n_heads"] in level["heads"]:
            mean = row["val_accuracy_mean"]
            level["mean_accuracy"][str(row["n_heads"])] = {
                "mean": None if mean is None else round(mean, 4),
                "seeds": row["n_seeds"] - row["n_diverged"],
            }
    out = {
        "generated": f"by python -m studylog.gen from {SOURCE}; do not edit by hand",
        "default": default_view(runs),
        "tasks": list(tasks.values()),
        "runs": runs,
    }
    return out


def viewer_data(data: dict[str, Any]) -> str:
    """:func:`viewer` as the compact JSON the page's script loads."""
    return json.dumps(viewer(data), ensure_ascii=False, separators=(",", ":")) + "\n"


def default_md(view: dict[str, Any]) -> str:
    """The sentence saying which run the viewer opens on and why (:func:`default_view`): the
    drops of its most and least needed heads. Particles never follow a number ("head 3 하나를").

    Examples
    --------
    >>> view = {"default": {"task": "a", "level": "1", "heads": 2, "seed": 4, "head": 1},
    ...         "tasks": [{"name": "a", "levels": {"1": {"title": "길이 16"}}}],
    ...         "runs": {"a/1/2/4": {"ablation_pp": [0.0, 84.4]}}}
    >>> print(default_md(view))
    처음 열면 head끼리 맡은 일이 가장 다른 실행이 나온다: `a` 수준 1(길이 16), head 2개, 시드 4. head 1 하나를 지우면 정확도가 84.4%p 떨어지지만, head 0 하나를 지울 때는 0.05%p도 떨어지지 않는다.
    """
    d = view["default"]
    run = view["runs"][f"{d['task']}/{d['level']}/{d['heads']}/{d['seed']}"]
    title = next(t for t in view["tasks"] if t["name"] == d["task"])["levels"][d["level"]]["title"]
    text = (f"처음 열면 head끼리 맡은 일이 가장 다른 실행이 나온다: `{d['task']}` 수준 {d['level']}"
            f"({title}), head {d['heads']}개, 시드 {d['seed']}.")  # fmt: skip
    drops = run.get("ablation_pp") or []
    if len(drops) < 2:
        return text
    low = min(range(len(drops)), key=lambda i: (drops[i], i))
    least = (f"{drops[low]:.1f}%p만 떨어진다" if drops[low] > 0
             else "0.05%p도 떨어지지 않는다")  # fmt: skip
    return (f"{text} head {d['head']} 하나를 지우면 정확도가 {drops[d['head']]:.1f}%p 떨어지지만, "
            f"head {low} 하나를 지울 때는 {least}.")  # fmt: skip


def viewer_md(data: dict[str, Any]) -> str:
    """The viewer's root element (filled in by ``docs/javascripts/attention-viewer.js``), after a
    line naming the head counts whose maps the results file does not keep and the sentence on
    the run it opens on (:func:`default_md`)."""
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
        + f"\n{default_md(viewer(data))}\n"
        + f'\n<div class="attention-viewer" data-attention-viewer data-src="{VIEWER_DATA}">\n'
        + '<p class="attention-viewer__fallback">이 attention 뷰어는 JavaScript가 필요하다. '
        + "JavaScript 없이는 결과 페이지의 정적 히트맵을 보면 된다.</p>\n</div>\n"
    )
