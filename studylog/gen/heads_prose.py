# ruff: noqa: E501  (Korean prose: wide characters make the lines look long)
"""The head-count pages' prose: the answer per setting (how to read it, a line per setting), the verdict and how to reproduce the record. Every sentence is made from the results
file and written in words, not notation."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from mha.experiments.heads.reproduce import RULE_KO
from studylog.gen.common import header
from studylog.gen.heads_common import (
    CEILING,
    SOURCE,
    STATUS_KO,
    _heads_ko,
    _knobs_ko,
    _level_title,
    _rows,
    _seeds_ko,
    _steps,
)


def tiers(v: dict[str, Any], rows: list[dict]) -> list[list[int]]:
    """The converged head counts from the highest seed-mean accuracy down, in groups: a new group
    starts at the first head count the rule tells apart from one already in the group, so no two
    in a group differ. Head counts still learning are left out.

    Examples
    --------
    >>> rows = [{"n_heads": 1, "val_accuracy_mean": 0.5}, {"n_heads": 4, "val_accuracy_mean": 0.9},
    ...         {"n_heads": 8, "val_accuracy_mean": 0.91}]
    >>> pairs = [{"a": 1, "b": 4, "differ": True}, {"a": 1, "b": 8, "differ": True},
    ...          {"a": 4, "b": 8, "differ": False}]
    >>> tiers({"pairs": pairs, "still_learning": []}, rows)
    [[8, 4], [1]]
    """
    pair = {frozenset((p["a"], p["b"])): p for p in v["pairs"]}
    learning = set(v.get("still_learning", []))
    ranked = [r["n_heads"] for r in sorted(rows, key=lambda r: (-r["val_accuracy_mean"], r["n_heads"]))
              if r["n_heads"] not in learning]  # fmt: skip
    groups: list[list[int]] = [ranked[:1]] if ranked else []
    for lo in ranked[1:]:
        if any(pair[frozenset((h, lo))]["differ"] for h in groups[-1]):
            groups.append([lo])
        else:
            groups[-1].append(lo)
    return groups


def ordering(v: dict[str, Any], rows: list[dict]) -> str:
    """The converged head counts in words, highest first (:func:`tiers`); ``""`` when none
    converged.

    Examples
    --------
    >>> rows = [{"n_heads": h, "val_accuracy_mean": m} for h, m in ((1, 0.5), (4, 0.9), (8, 0.91))]
    >>> pairs = [{"a": 1, "b": 4, "differ": True}, {"a": 1, "b": 8, "differ": True},
    ...          {"a": 4, "b": 8, "differ": False}]
    >>> ordering({"pairs": pairs, "still_learning": []}, rows)
    'head 4, 8개가 가장 높고(서로 차이 없음), 그다음이 1개다'
    """
    groups = tiers(v, rows)
    if not groups:
        return ""

    def named(group: list[int]) -> str:
        return _heads_ko(group) + ("(서로 차이 없음)" if len(group) > 1 else "")

    if len(groups) == 1:
        if len(groups[0]) == 1:
            return f"수렴한 것은 head {_heads_ko(groups[0])}뿐이다"
        return f"수렴한 head {_heads_ko(groups[0])}는 서로 차이가 없다"
    lead = f"head {_heads_ko(groups[0])}가 가장 높고" + (
        "(서로 차이 없음)" if len(groups[0]) > 1 else ""
    )
    return lead + ", 그다음이 " + ", 그다음이 ".join(named(g) for g in groups[1:]) + "다"


def _looks(on_answer: dict[int, dict], heads: list[int]) -> str:
    """``"head 1개 100%, 4개 97%"``: per head count, the share of queries whose largest weight
    falls on a key the answer needs (mean over heads and seeds)."""
    parts = [
        f"{h}개 {100 * on_answer[h]['answer_argmax_mean']:.0f}%" for h in heads if h in on_answer
    ]
    return "head " + ", ".join(parts)


def _converged(v: dict[str, Any]) -> list[int]:
    """The head counts of a verdict that finished learning, ascending."""
    heads = {h for p in v["pairs"] for h in (p["a"], p["b"])}
    return sorted(heads - set(v.get("still_learning", [])))


def _who_beat(v: dict[str, Any], loser: int, winners: list[int]) -> str:
    """``"더 적은 head 수 모두"`` when every converged smaller head count beat ``loser``, else
    ``"head 1, 4개"``."""
    if winners == [h for h in _converged(v) if h < loser]:
        return "더 적은 head 수 모두"
    return f"head {_heads_ko(winners)}"


def _fewer_win(v: dict[str, Any]) -> tuple[int, list[int], dict] | None:
    """The loser of the largest confident win of fewer, wider heads, the head counts that beat
    it, and that pair; ``None`` when fewer heads never won."""
    wins = v.get("fewer_heads_win", [])
    if not wins:
        return None
    top = max(wins, key=lambda p: p["gap"])
    return top["b"], sorted(p["a"] for p in wins if p["b"] == top["b"]), top


def answer_sentence(
    v: dict[str, Any], rows: list[dict], on_answer: dict[int, dict] | None = None
) -> str:
    """One setting's answer in plain Korean: which head counts come first, the ceiling or the
    cost side, and what is still learning, with the numbers that back each part.

    ``on_answer`` maps a head count to its row of the results' ``analysis``: where the heads
    look says why a task at the ceiling cannot separate head counts, and how narrow heads lose.
    """
    on_answer = on_answer or {}
    title = f"**`{v['task']}` 수준 {v['level']}** ({_knobs_ko(v['knobs'])}, {_steps(v['steps'])})"
    if v["status"] in ("diverged", "too_few_seeds", "single_head_count"):
        return f"- {title}: {STATUS_KO[v['status']]}."
    acc = {r["n_heads"]: r["val_accuracy_mean"] for r in rows}
    worst = min(acc.values())
    if worst >= CEILING and not v["still_learning"]:
        text = (f"- {title}: head 수와 상관없이 거의 다 맞혔다(가장 낮은 평균도 {worst:.4f}). "
                "그래서 이 태스크로는 head 수를 구별할 수 없다.")  # fmt: skip
        if on_answer:
            weakest = min(min(a["answer_argmax_by_rank"]) for a in on_answer.values())
            text += (f" 답이 있는 위치에 가장 큰 가중치를 두는 query가 {_looks(on_answer, sorted(acc))}이고"
                     f"(head와 시드 평균), 가장 덜 보는 head도 {100 * weakest:.0f}%다. query마다 읽을 곳이 "
                     "위치로 정해져 있어서 head 하나로 충분하고, head가 많으면 같은 일을 나눠 맡을 뿐이다.")  # fmt: skip
        return text
    best = max(acc, key=lambda h: (acc[h], -h))
    lowest = min(acc, key=lambda h: (acc[h], h))
    order = ordering(v, rows)
    text = f"- {title}: " + (f"{order}. " if order else "")
    text += f"평균이 가장 높은 것은 head {best}개({acc[best]:.4f}), 가장 낮은 것은 {lowest}개({worst:.4f})다."
    found = _fewer_win(v)
    if found is not None:
        loser, winners, top = found
        d_head = next((r["d_head"] for r in rows if r["n_heads"] == loser and "d_head" in r), None)
        narrow = f"head {loser}개" + (f"(d_head {d_head})" if d_head else "")
        text += (f" **여기서는 적고 넓은 head가 이겼다**: {narrow}가 {_who_beat(v, loser, winners)}에게 졌다"
                 f"(가장 큰 차이 {top['gap']:+.4f}, 95% 구간 [{top['welch_95'][0]:+.4f}, {top['welch_95'][1]:+.4f}]).")  # fmt: skip
        if top["a"] in on_answer and top["b"] in on_answer:
            text += (f" 답의 key에 가장 큰 가중치를 두는 query가 {_looks(on_answer, [top['a'], top['b']])}다. "
                     "head가 좁으면 한 head가 짝을 곧장 찾아내지 못하고, 여러 head가 나눠 맞춰도 그만큼 "
                     "정확도가 모자란다.")  # fmt: skip
    if v["still_learning"]:
        by_heads = {r["n_heads"]: r for r in rows}
        moves = []
        for h in v["still_learning"]:
            b = by_heads[h]["budget_accuracy"]
            move = f"{b[-2]['mean']:.3f} → {b[-1]['mean']:.3f}"
            moves.append(move if len(v["still_learning"]) == 1 else f"{h}개 {move}")
        text += (f" head {_heads_ko(v['still_learning'])}는 마지막 1/4 예산 동안에도 정확도가 움직여"
                 f"({', '.join(moves)}) 아직 배우는 중이라, 비교에서 뺐다.")  # fmt: skip
    return text


def answer_md(data: dict[str, Any]) -> str:
    """How to read the answer (the bold sentence before it is
    :func:`studylog.gen.heads_note.headline_md`), then one line per setting."""
    cfg = data["config"]
    lines = [header(SOURCE)]
    lines.append(
        "**읽는 법.** 두 head 수는 둘 다 수렴했고 시드 평균 검증 정확도의 차이가 시드 표준편차보다 클 때만 "
        '한쪽이 높다고 쓰고, 편차 안이면 "서로 차이 없음"이라고 쓴다. **수렴**은 시드 평균 정확도가 예산의 '
        f"마지막 1/4 동안 {cfg['convergence_tol']}보다 적게 움직였다는 뜻이고, 그렇지 않은 head 수는 아직 "
        "배우는 중이라 비교하지 않는다. **수준**은 한 태스크 안에서 크기(시퀀스 길이, 어휘, key 종류 수)를 "
        f"정해 둔 설정의 번호이고, 괄호에 그 크기와 학습 스텝을 적었다. 설정마다 {_seeds_ko(cfg['seeds'])}로 "
        "돌렸다.\n"
    )
    analysis = defaultdict(dict)
    for a in data["analysis"]:
        analysis[(a["task"], a["level"])][a["n_heads"]] = a
    groups = _rows(data)
    for v in data["verdict"]:
        key = (v["task"], v["level"])
        lines.append(answer_sentence(v, groups[key], analysis[key]))
    return "\n".join(lines) + "\n"


def _no_gap_sentence(gaps: list[float]) -> str:
    """What a setting without a difference shows: its converged means are equal, or how far
    apart they are at most."""
    if max(gaps) < 5e-5:
        return " 수렴한 head 수들의 평균이 소수 넷째 자리까지 같다."
    return f" 수렴한 head 수끼리의 평균 차이는 가장 커도 {max(gaps):.4f}로, 시드 편차 안에 든다."


def verdict_md(data: dict[str, Any]) -> str:
    lines = [header(SOURCE)]
    cfg = data["config"]
    lines.append(
        "**판정 규칙.** 두 head 수의 시드 평균 검증 정확도 차이가 두 쪽 시드 표준편차 중 큰 값보다 "
        f'클 때만 "차이가 있다"고 쓴다. 시드가 {cfg["min_seeds"]}개보다 적으면 판단하지 않는다. 여기서는 설정마다 '
        f'{_seeds_ko(cfg["seeds"])}를 돌렸다. 여기에 더해 두 평균 차이의 95% Welch 구간이 0을 포함하지 않으면 "확신"으로 '
        "표시한다. 차이는 **둘 다 수렴한** head 수 사이에서만 말한다. 한쪽이 아직 배우는 중이면 그 예산에서의 "
        "차이는 학습 속도일 수 있기 때문이다.\n"
    )
    for v in data["verdict"]:
        status = STATUS_KO.get(v["status"], v["status"])
        text = f"- **{_level_title(v['task'], v['level'], v['knobs'])}: {status}.**"
        differing = [p for p in v["pairs"] if p["differ"]]
        if differing:
            # one clause per head count that loses: who beats it, by how much at most
            beaten: dict[int, list[tuple[int, dict]]] = defaultdict(list)
            for p in differing:
                winner, loser = (p["a"], p["b"]) if p["gap"] > 0 else (p["b"], p["a"])
                beaten[loser].append((winner, p))
            parts = []
            for loser, wins in sorted(beaten.items()):
                big = max((p for _, p in wins), key=lambda p: abs(p["gap"]))
                sure = "모두 확신" if all(p["confident"] for _, p in wins) else "확신은 일부만"
                parts.append(f"head {_heads_ko([w for w, _ in wins])}가 {loser}개보다 높다(가장 큰 차이 "
                             f"{abs(big['gap']):.4f}, 시드 편차 {big['spread']:.4f}; {sure})")  # fmt: skip
            text += " " + "; ".join(parts) + "."
        elif v["pairs"]:
            judged = [abs(p["gap"]) for p in v["pairs"] if p["converged"]]
            if judged:
                text += _no_gap_sentence(judged)
        if v["still_learning"]:
            text += f" head {_heads_ko(v['still_learning'])}는 아직 배우는 중이라 판정에서 뺐다."
        lines.append(text)
    return "\n".join(lines) + "\n"


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
