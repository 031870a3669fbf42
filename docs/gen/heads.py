# ruff: noqa: E501  (Korean prose: wide characters make the lines look long)
"""Head-count experiment pages: table, verdict, head analysis and figures.

Source: ``docs/results/heads.json``, written by ``python -m mha.experiments.heads --publish``.
Figures are drawn with :mod:`mha.experiments.heads.plots` into ``docs/results/heads_*.png``.
"""

from __future__ import annotations

import itertools
import json
from collections import defaultdict
from typing import Any

from docs.gen.common import RESULTS, Content, fmt_int, header, load_json, md_table, png_bytes

SOURCE = "results/heads.json"

TASK_KO = {
    "count": "현재 토큰이 앞에서 몇 번 나왔는지 세기 (causal)",
    "reverse": "시퀀스 뒤집기 (모든 위치를 볼 수 있음)",
    "relations": "여러 관계 위치(바로 앞, 거울 위치, 바로 뒤, 거울 위치의 앞)의 토큰을 한 튜플로 맞히기 (관계 여러 개를 한꺼번에)",
    "recall": "key-value 기억: (key, value) 쌍 n개 뒤에 key가 순서를 바꿔 다시 나오면 그 value 맞히기 (내용으로 찾기)",
}

STATUS_KO = {
    "differ": "차이가 있다",
    "still_learning": "수렴한 head 수끼리는 차이가 없고, 아직 배우는 head 수가 있다",
    "no_difference": "차이가 없다",
    "too_few_seeds": "시드가 너무 적어 판단할 수 없다",
    "single_head_count": "비교할 head 수가 하나뿐이다",
    "diverged": "학습이 발산한 실행이 있어 판단하지 않는다",
}

#: At or above this seed-mean accuracy every head count is at the ceiling.
CEILING = 0.999


def _f(x: float | None, digits: int = 4) -> str:
    return "–" if x is None else f"{x:.{digits}f}"


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}%"


def _knobs_ko(knobs: dict[str, int]) -> str:
    if "keys" in knobs:
        return f"쌍 {knobs['pairs']}개, key {knobs['keys']}종, value {knobs['values']}종"
    text = f"길이 {knobs['length']}, 어휘 {knobs['vocab']}"
    if "relations" in knobs:
        text += f", 관계 {knobs['relations']}개"
    return text


def _level_title(task: str, level: int, knobs: dict[str, int]) -> str:
    return f"`{task}` · 수준 {level} ({_knobs_ko(knobs)})"


def _rows(data: dict[str, Any]) -> dict[tuple[str, int], list[dict]]:
    """Summary rows by (task, level), in the order of the file."""
    groups: dict[tuple[str, int], list[dict]] = defaultdict(list)
    for row in data["summary"]:
        groups[(row["task"], row["level"])].append(row)
    return groups


def _steps(n: int) -> str:
    return f"{n:,} 스텝"


def ordering(v: dict[str, Any], rows: list[dict]) -> str:
    """Head counts from the highest seed-mean accuracy down, each neighbour pair joined by
    ``>`` (the rule says they differ), ``≈`` (both converged, no difference) or ``·`` (one is
    still learning: not judged).

    Examples
    --------
    >>> rows = [{"n_heads": 1, "val_accuracy_mean": 0.5}, {"n_heads": 4, "val_accuracy_mean": 0.9},
    ...         {"n_heads": 8, "val_accuracy_mean": 0.91}]
    >>> pairs = [{"a": 1, "b": 4, "differ": True, "converged": True},
    ...          {"a": 1, "b": 8, "differ": True, "converged": True},
    ...          {"a": 4, "b": 8, "differ": False, "converged": False}]
    >>> ordering({"pairs": pairs}, rows)
    '8 · 4 > 1'
    """
    pair = {frozenset((p["a"], p["b"])): p for p in v["pairs"]}
    ranked = sorted(rows, key=lambda r: (-r["val_accuracy_mean"], r["n_heads"]))
    text = str(ranked[0]["n_heads"])
    for hi, lo in itertools.pairwise(ranked):
        p = pair[frozenset((hi["n_heads"], lo["n_heads"]))]
        text += (" > " if p["differ"] else " ≈ " if p["converged"] else " · ") + str(lo["n_heads"])
    return text


def _looks(on_answer: dict[int, dict], heads: list[int]) -> str:
    """``"head 1개 100%, 4개 97%"``: per head count, the share of queries whose largest weight
    falls on a key the answer needs (mean over heads and seeds)."""
    parts = [
        f"{h}개 {100 * on_answer[h]['answer_argmax_mean']:.0f}%" for h in heads if h in on_answer
    ]
    return "head " + ", ".join(parts)


def answer_sentence(
    v: dict[str, Any], rows: list[dict], on_answer: dict[int, dict] | None = None
) -> str:
    """One task's answer in plain Korean: the ordering, the ceiling or the cost side, and what is
    still learning, with the numbers that back each part.

    ``on_answer`` maps a head count to its row of the results' ``analysis``: where the heads
    look says why a task at the ceiling cannot separate head counts, and how narrow heads lose.
    """
    on_answer = on_answer or {}
    title = f"**`{v['task']}`** ({_knobs_ko(v['knobs'])}, {_steps(v['steps'])})"
    if v["status"] in ("diverged", "too_few_seeds", "single_head_count"):
        return f"- {title}: {STATUS_KO[v['status']]}."
    acc = {r["n_heads"]: r["val_accuracy_mean"] for r in rows}
    worst = min(acc.values())
    if worst >= CEILING and not v["still_learning"]:
        text = (f"- {title}: 모든 head 수가 천장이다(가장 낮은 평균도 {worst:.4f}). 이 태스크로는 "
                "head 수를 구별할 수 없다.")  # fmt: skip
        if on_answer:
            weakest = min(min(a["answer_argmax_by_rank"]) for a in on_answer.values())
            text += (f" 가장 큰 가중치를 답이 있는 위치에 두는 query의 비율이 {_looks(on_answer, sorted(acc))}"
                     f"(head와 시드 평균, 가장 덜 보는 head도 {100 * weakest:.0f}%)다. query마다 위치로 정해진 "
                     "한 곳을 읽으면 되는 일이라 head 하나로 충분하고, head가 많으면 그 일을 나눠 가질 뿐이다.")  # fmt: skip
        return text
    best = max(acc, key=lambda h: (acc[h], -h))
    lowest = min(acc, key=lambda h: (acc[h], h))
    text = f"- {title}: {ordering(v, rows)}. 최고는 head {best}개({acc[best]:.4f}), 최저는 head {lowest}개({worst:.4f})."
    wins = v.get("fewer_heads_win", [])
    if wins:
        # the pair with the largest gap, and every head count that beats the same loser
        top = max(wins, key=lambda p: p["gap"])
        winners = ", ".join(str(p["a"]) for p in wins if p["b"] == top["b"])
        text += (f" **더 적고 넓은 head가 이긴다**: head {winners}개가 {top['b']}개를 이긴다(가장 큰 차이 "
                 f"{top['gap']:+.4f}, 95% 구간 [{top['welch_95'][0]:+.4f}, {top['welch_95'][1]:+.4f}]).")  # fmt: skip
        if top["a"] in on_answer and top["b"] in on_answer:
            text += (f" 가장 큰 가중치가 답의 key에 떨어지는 query의 비율은 {_looks(on_answer, [top['a'], top['b']])}"
                     "다. head가 좁아지면 한 head가 짝을 바로 찾는 일이 드물어지고, 여러 head가 나눠 "
                     "맞추는 만큼 정확도가 모자란다.")  # fmt: skip
    if v["still_learning"]:
        by_heads = {r["n_heads"]: r for r in rows}
        parts = []
        for h in v["still_learning"]:
            b = by_heads[h]["budget_accuracy"]
            parts.append(f"{h}개({b[-2]['mean']:.3f} → {b[-1]['mean']:.3f})")
        text += (" 마지막 1/4 예산 동안에도 움직인 head 수는 아직 배우는 중이라 비교에서 뺐다: "
                 + ", ".join(parts) + ".")  # fmt: skip
    return text


def answer_md(data: dict[str, Any]) -> str:
    """The answer first: one sentence per setting, then how to read the orderings."""
    lines = [header(SOURCE)]
    analysis = defaultdict(dict)
    for a in data["analysis"]:
        analysis[(a["task"], a["level"])][a["n_heads"]] = a
    groups = _rows(data)
    for v in data["verdict"]:
        key = (v["task"], v["level"])
        lines.append(answer_sentence(v, groups[key], analysis[key]))
    lines.append(
        "\n`>`: 두 head 수가 모두 수렴했고 평균 차이가 시드 편차보다 크다. `≈`: 둘 다 수렴했고 차이가 "
        "편차 안이다. `·`: 한쪽이 아직 배우는 중이라 판단하지 않았다. 수렴은 시드 평균 검증 정확도가 "
        f"예산의 마지막 1/4 동안 {data['config']['convergence_tol']}보다 적게 "
        "움직인 것이다.\n"
    )
    return "\n".join(lines)


def table_md(data: dict[str, Any]) -> str:
    """The study note's table per setting: accuracy first; the constant columns (parameters,
    budget) are in the caption so the accuracy stays on a phone's screen."""
    cfg = data["config"]
    lines = [header(SOURCE)]
    lines.append(
        f"모든 실행: d_model={cfg['d_model']}, Adam 학습률 {cfg['lr']}(고정), 배치 {cfg['batch_size']}, "
        f"검증 시퀀스 {fmt_int(cfg['val_size'])}개, 점수는 가중치의 지수 이동 평균(decay {cfg['ema_decay']})으로 낸다. "
        "**편차**는 시드 간 검증 정확도의 표본 표준편차(ddof=1), **최종 loss**는 마지막 "
        f"{cfg['final_window']} 스텝 학습 loss의 평균이다. head 칸의 괄호는 d_head다.\n"
    )
    for (task, level), rows in _rows(data).items():
        first = rows[0]
        lines.append(
            f"\n**{_level_title(task, level, first['knobs'])}** — {TASK_KO.get(task, task)}. "
            f"{_steps(first['steps'])}, 파라미터 {fmt_int(first['params'])}개(head 수와 무관).\n"
        )
        body = [
            [
                f"{r['n_heads']} ({r['d_head']})",
                _f(r["val_accuracy_mean"]),
                _f(r["val_accuracy_std"]),
                "예" if r["converged"] else "아니오",
                _f(r["final_train_loss_mean"]),
            ]
            for r in rows
        ]
        lines.append(md_table(["head", "검증 정확도", "편차", "수렴", "최종 loss"], body, "rrrcr"))
    return "\n".join(lines)


def budget_table_md(data: dict[str, Any]) -> str:
    """Seed-mean accuracy at every budget, per setting and head count (the budget figure's
    numbers)."""
    lines = [header(SOURCE)]
    for (task, level), rows in _rows(data).items():
        steps = [b["steps"] for b in rows[0]["budget_accuracy"]]
        lines.append(f"\n**{_level_title(task, level, rows[0]['knobs'])}**\n")
        body = [[r["n_heads"], *(_f(b["mean"]) for b in r["budget_accuracy"])] for r in rows]
        lines.append(md_table(["head", *(f"{n:,}" for n in steps)], body, "r" * (len(steps) + 1)))
    return "\n".join(lines)


SEARCH_SOURCE = "results/heads_search.json"


def cost_side(data: dict[str, Any]) -> list[tuple[dict, dict]]:
    """Every (verdict, pair) of a results file where fewer, wider heads beat more, narrower heads
    confidently, both converged."""
    return [(v, p) for v in data["verdict"] for p in v.get("fewer_heads_win", [])]


def search_md(search: dict[str, Any], study: dict[str, Any]) -> str:
    """The trade-off search: every setting tried, its accuracies and verdict, and the outcome
    (with the study's own settings, which were searched too)."""
    lines = [header(SEARCH_SOURCE)]
    cfg = search["config"]
    heads = sorted({h for s in cfg["settings"] for h in s["heads"]})
    lines.append(
        f"설정마다 head {', '.join(map(str, heads))}개를 시드 {len(cfg['seeds'])}개로, 본 실험과 같은 규칙"
        f"(학습률 {cfg['lr']}, 가중치 이동 평균, 수렴 판정)으로 학습했다. 칸은 시드 평균 검증 정확도이고 "
        f"`*`는 아직 배우는 중(마지막 1/4 예산 동안 {cfg['convergence_tol']} 이상 움직임)이다. 마지막 칸은 더 적고 넓은 head가 "
        "확신을 가지고 이긴 쌍(둘 다 수렴)이다.\n"
    )
    groups = _rows(search)
    body = []
    for v in search["verdict"]:
        rows = {r["n_heads"]: r for r in groups[(v["task"], v["level"])]}
        cells = [
            "–"
            if h not in rows
            else _f(rows[h]["val_accuracy_mean"]) + ("" if rows[h]["converged"] else "*")
            for h in heads
        ]
        wins = (
            ", ".join(f"{p['a']} > {p['b']} ({p['gap']:+.4f})" for p in v["fewer_heads_win"])
            or "없음"
        )
        body.append([f"`{v['task']}` {v['level']}", _knobs_ko(v["knobs"]), *cells, wins])
    lines.append(md_table(["설정", "내용", *(f"head {h}" for h in heads), "적은 head의 승리"], body,
                          "ll" + "r" * len(heads) + "l"))  # fmt: skip
    # a setting in both files (the study sweeps the search's find) counts once
    found = list({(v["task"], v["level"], p["a"], p["b"]): (v, p)
                  for v, p in cost_side(search) + cost_side(study)}.values())  # fmt: skip
    if found:
        v, p = max(found, key=lambda vp: vp[1]["gap"])
        lines.append(
            f"\n**결과: 비용 쪽을 찾았다.** 가장 큰 차이는 `{v['task']}` 수준 {v['level']}"
            f"({_knobs_ko(v['knobs'])})에서 head {p['a']}개(d_head {study['config']['d_model'] // p['a']})가 "
            f"head {p['b']}개(d_head {study['config']['d_model'] // p['b']})를 {p['gap']:+.4f} 앞선 것이다"
            f"(시드 편차 {p['spread']:.4f}, 95% Welch 구간 [{p['welch_95'][0]:+.4f}, {p['welch_95'][1]:+.4f}], 둘 다 수렴). "
            f"이런 쌍은 본 실험의 설정까지 모두 {len(found)}개다.\n"
        )
    else:
        lines.append(
            "\n**결과: 찾지 못했다.** 어느 설정에서도 더 적고 넓은 head가 수렴한 상태에서 시드 편차를 넘게, "
            "확신을 가지고 이기지 않았다. 위 표가 그 근거다.\n"
        )
    return "\n".join(lines)


def _analysis_groups(data: dict[str, Any]) -> list[tuple[str, list[dict]]]:
    """The results' ``analysis`` rows by task and level, each with its title."""
    groups: dict[tuple[str, int], list[dict]] = defaultdict(list)
    for a in data["analysis"]:
        groups[(a["task"], a["level"])].append(a)
    knobs = {(s["task"], s["level"]): s["knobs"] for s in data["summary"]}
    return [(_level_title(task, level, knobs[task, level]), rows)
            for (task, level), rows in groups.items()]  # fmt: skip


def patterns_md(data: dict[str, Any]) -> str:
    """Where the heads look, per setting and head count: the mean attention weight on the keys
    the answer needs and how often the largest weight falls on one of them (head mean over
    heads and seeds)."""
    lines = [header(SOURCE)]
    for title, rows in _analysis_groups(data):
        lines.append(f"\n**{title}**\n")
        body = [[a["n_heads"], _f(a["answer_weight_mean"], 3), _pct(a["answer_argmax_mean"]),
                 _pct(min(a["answer_argmax_by_rank"]))] for a in rows]  # fmt: skip
        lines.append(md_table(["head", "답 key의 가중치", "최대 가중치가 답 key에", "가장 덜 보는 head"],
                              body, "rrrr"))  # fmt: skip
    return "\n".join(lines)


def verdict_md(data: dict[str, Any]) -> str:
    lines = [header(SOURCE)]
    min_seeds = data["config"]["min_seeds"]
    lines.append(
        "**판정 규칙.** 두 head 수의 시드 평균 검증 정확도 차이가 두 쪽 시드 표준편차 중 큰 값보다 "
        f'클 때만 "차이가 있다"고 쓴다. 시드가 {min_seeds}개보다 적으면 판단하지 않는다. 여기에 더해 두 평균 '
        '차이의 95% Welch 구간이 0을 포함하지 않으면 "확신"으로 표시한다. 차이는 **둘 다 수렴한** head 수 '
        "사이에서만 말한다. 한쪽이 아직 배우는 중이면 그 예산에서의 차이는 학습 속도일 수 있기 때문이다.\n"
    )
    for v in data["verdict"]:
        status = STATUS_KO.get(v["status"], v["status"])
        title = _level_title(v["task"], v["level"], v["knobs"])
        text = f"- **{title}: {status}.**"
        differing = [p for p in v["pairs"] if p["differ"]]
        if differing:
            # one clause per head count that loses: who beats it, by how much at most
            beaten: dict[int, list[tuple[int, dict]]] = defaultdict(list)
            for p in differing:
                winner, loser = (p["a"], p["b"]) if p["gap"] > 0 else (p["b"], p["a"])
                beaten[loser].append((winner, p))
            parts = []
            for loser, wins in sorted(beaten.items()):
                winners = ", ".join(str(w) for w, _ in sorted(wins, key=lambda wp: wp[0]))
                big = max((p for _, p in wins), key=lambda p: abs(p["gap"]))
                sure = "모두 확신" if all(p["confident"] for _, p in wins) else "일부만 확신"
                parts.append(f"head {winners}개 > {loser}개(가장 큰 차이 {abs(big['gap']):.4f} > "
                             f"편차 {big['spread']:.4f}, {sure})")  # fmt: skip
            text += " " + "; ".join(parts) + "."
        elif v["pairs"]:
            judged = [abs(p["gap"]) for p in v["pairs"] if p["converged"]]
            if judged:
                text += (
                    f" 수렴한 쌍의 가장 큰 평균 차이 {max(judged):.4f}도 시드 편차를 넘지 않는다."
                )
        if v["still_learning"]:
            heads = ", ".join(str(h) for h in v["still_learning"])
            text += f" 아직 배우는 중: head {heads}개."
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
    for title, rows in _analysis_groups(data):
        lines.append(f"\n**{title}**\n")
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
    import matplotlib.pyplot as plt

    from mha.experiments.heads.plots import budget_figure, hangul_font, sweep_figure

    font = hangul_font()
    renderer = f"font {font or 'DejaVu Sans (no Hangul font)'}"
    panels = [(_panel_title(task, level, rows[0]["knobs"], rows[0]["steps"], font is not None), rows)
              for (task, level), rows in _rows(data).items()]  # fmt: skip
    files: dict[str, Content] = {}
    fig = sweep_figure(panels, data["config"]["d_model"])
    files["results/heads_accuracy.png"] = png_bytes(fig, dpi=FIGURE_DPI, renderer=renderer)
    plt.close(fig)
    fig = budget_figure(panels)
    files["results/heads_budgets.png"] = png_bytes(fig, dpi=FIGURE_DPI, renderer=renderer)
    plt.close(fig)
    sweep = (header(SOURCE) + "\n![태스크별 head 수에 따른 검증 정확도: 시드 평균과 시드 표준편차 막대, "
             "위쪽 축은 d_head, 속이 빈 점은 아직 배우는 head 수]({}heads_accuracy.png)\n")  # fmt: skip
    budget = (header(SOURCE) + "\n![태스크별 학습 예산(스텝)에 따른 검증 정확도: head 수마다 시드 평균과 "
              "시드 표준편차 막대](heads_budgets.png)\n")  # fmt: skip
    return files, sweep, budget


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


#: Korean names of the answer's key patterns (:meth:`~mha.experiments.heads.tasks.Task.answer_keys`).
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


def generate() -> dict[str, Content]:
    """Every file this module makes, keyed by path relative to ``docs/``."""
    data = load_json(RESULTS / "heads.json")
    search = load_json(RESULTS / "heads_search.json")
    files, figures_md = figures(data)
    summary_files, sweep_md, budget_md = summary_figures(data)
    files.update(summary_files)
    files["generated/heads_answer.md"] = answer_md(data)
    files["generated/heads_accuracy.md"] = sweep_md.format("")  # for results/index.md
    files["generated/heads_accuracy_journal.md"] = sweep_md.format("../../results/")
    files["generated/heads_budgets.md"] = budget_md
    files["generated/heads_budget_table.md"] = budget_table_md(data)
    files["generated/heads_search.md"] = search_md(search, data)
    files["generated/heads_patterns.md"] = patterns_md(data)
    files["generated/heads_table.md"] = table_md(data)
    files["generated/heads_verdict.md"] = verdict_md(data)
    files["generated/heads_analysis.md"] = analysis_md(data)
    files["generated/heads_figures.md"] = figures_md
    files[VIEWER_DATA] = viewer_data(data)
    files["generated/heads_viewer.md"] = viewer_md(data)
    return files
