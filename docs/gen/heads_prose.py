# ruff: noqa: E501  (Korean prose: wide characters make the lines look long)
"""The head-count pages' prose: the answer first, the verdict and the head analysis."""

from __future__ import annotations

import itertools
from collections import defaultdict
from typing import Any

from docs.gen.common import header, md_table
from docs.gen.heads_common import (
    CEILING,
    SOURCE,
    STATUS_KO,
    _analysis_groups,
    _knobs_ko,
    _level_title,
    _pct,
    _rows,
    _steps,
)
from mha.experiments.heads.reproduce import RULE_KO


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


def reproduce_md(data: dict[str, Any]) -> str:
    """ "다른 기계에서 재현하기": the comparison's rule (:data:`~mha.experiments.heads.reproduce.
    RULE_KO`), the versions the record was made with, and the commands that reproduce and
    publish it."""
    env = data["environment"]
    versions = ", ".join(f"{k} {env[k]}" for k in ("python", "torch", "numpy") if k in env)
    return (
        header(SOURCE)
        + f"이 기록을 만든 환경: {versions}, run마다 torch 스레드 {env.get('torch_threads_per_run', 1)}개.\n\n"
        + RULE_KO
        + "\n\n주 작업(`bash .ci/main`)이 이 비교를 한다. 실험만 다시 돌려 비교하려면:\n\n"
        "```bash\n"
        ".venv/bin/mha-experiment --out runs/heads --compare docs/results/heads.json\n"
        "```\n\n"
        "이 기계의 CPU 모델과 torch가 고른 CPU 명령어 수준(`torch.backends.cpu.get_cpu_capability()`)은 "
        "`runs/heads/execution.json`에 남는다. 바이트가 왜 다른지는 거기서 보인다. 판정이 달라서 이 기계의 "
        "결과를 새 기록으로 삼겠다면, 비교 명령의 `--compare`를 `--publish`로 바꿔 한 번 더 돌리면 된다"
        "(끝난 run은 다시 쓰므로 금방 끝난다).\n"
    )
