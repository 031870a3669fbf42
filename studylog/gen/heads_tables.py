# ruff: noqa: E501  (Korean prose: wide characters make the lines look long)
"""The head-count pages' tables: accuracy per setting, accuracy per budget, the trade-off
search, and the head analysis per setting (what each head does, where the heads look)."""

from __future__ import annotations

from typing import Any

from studylog.gen.common import fmt_int, header, md_table
from studylog.gen.heads_common import (
    SOURCE,
    TASK_KO,
    _analysis_groups,
    _f,
    _heads_ko,
    _knobs_ko,
    _level_title,
    _pct,
    _rows,
    _seeds_ko,
    _signed,
    _steps,
)


def table_md(data: dict[str, Any]) -> str:
    """The study note's table per setting: accuracy first; the constant columns (parameters,
    budget) are in the caption so the accuracy stays on a phone's screen."""
    cfg = data["config"]
    lines = [header(SOURCE)]
    lines.append(
        f"모든 실행: {_seeds_ko(cfg['seeds'])}, d_model={cfg['d_model']}, Adam 학습률 {cfg['lr']}(고정), 배치 {cfg['batch_size']}, "
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


def search_cell(v: dict[str, Any], rows: dict[int, dict]) -> str:
    """The search table's last cell for one setting: the confident wins of fewer, wider heads
    (both converged), and **보류** for every head count still learning, with its gap to the
    setting's best mean (a gap that may still close); ``"없음"`` when neither.

    Examples
    --------
    >>> rows = {1: {"val_accuracy_mean": 1.0}, 64: {"val_accuracy_mean": 0.9564}}
    >>> search_cell({"fewer_heads_win": [], "still_learning": [64]}, rows)
    '보류 (64개는 아직 배우는 중, −0.044)'
    """
    parts = []
    beaten: dict[int, list[dict]] = {}
    for p in v["fewer_heads_win"]:
        beaten.setdefault(p["b"], []).append(p)
    for loser, wins in beaten.items():
        winners = _heads_ko([p["a"] for p in wins])
        parts.append(f"{winners}가 {loser}개를 이김 ({max(p['gap'] for p in wins):+.4f})")
    learning = v["still_learning"]
    if learning:
        best = max(r["val_accuracy_mean"] for r in rows.values())
        gaps = [_signed(rows[h]["val_accuracy_mean"] - best) for h in learning]
        parts.append(f"보류 ({_heads_ko(learning)}는 아직 배우는 중, "
                     + ("각각 " if len(gaps) > 1 else "") + ", ".join(gaps) + ")")  # fmt: skip
    return "; ".join(parts) or "없음"


def search_md(search: dict[str, Any], study: dict[str, Any]) -> str:
    """The trade-off search: every setting tried, its budget, accuracies and verdict, and the
    outcome (with the study's own settings, which were searched too)."""
    lines = [header(SEARCH_SOURCE)]
    cfg = search["config"]
    heads = sorted({h for s in cfg["settings"] for h in s["heads"]})
    learning = any(v["still_learning"] for v in search["verdict"])
    lines.append(
        f"설정마다 head {_heads_ko(heads)}를 {_seeds_ko(cfg['seeds'])}로, 본 실험과 같은 규칙"
        f"(학습률 {cfg['lr']}, 가중치 이동 평균, 수렴 판정)으로 학습했다. 칸은 시드 평균 검증 정확도다. "
        + (
            f"`*`는 아직 배우는 중(마지막 1/4 예산 동안 {cfg['convergence_tol']} 이상 움직임)이라는 뜻이다. "
            if learning
            else f"모든 칸이 예산 안에 수렴했다(마지막 1/4 예산 동안 {cfg['convergence_tol']}보다 적게 움직임). "
        )
        + "둘째 칸은 더 적고 넓은 head가 확신을 가지고 이긴 쌍(둘 다 수렴)이다."
        + (
            " 아직 배우는 head 수는 판단을 **보류**하고, 괄호에 그 평균이 그 설정의 가장 높은 평균보다 "
            "얼마나 낮은지 적었다. 끝까지 배우면 좁혀질 수 있는 차이다."
            if learning
            else ""
        )
        + (
            " 학습 예산은 설정마다 다르고(예산 칸), 한 설정 안의 head 수끼리는 같다."
            if len({s["steps"] for s in cfg["settings"]}) > 1
            else ""
        )
        + "\n"
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
        body.append([f"`{v['task']}` 수준 {v['level']}", search_cell(v, rows),
                     _knobs_ko(v["knobs"]), _steps(v["steps"]), *cells])  # fmt: skip
    # The answer beside the setting's name: on a phone the columns after it scroll under it.
    lines.append(md_table(["설정", "적은 head의 승리", "내용", "예산", *(f"head {h}" for h in heads)],
                          body, "lllr" + "r" * len(heads)))  # fmt: skip
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
