# ruff: noqa: E501  (Korean prose: wide characters make the lines look long)
"""What the head-count pages share: the results file's name, Korean names, number formats,
the grouping of its rows, and ranks."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

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


def _analysis_groups(data: dict[str, Any]) -> list[tuple[str, list[dict]]]:
    """The results' ``analysis`` rows by task and level, each with its title."""
    groups: dict[tuple[str, int], list[dict]] = defaultdict(list)
    for a in data["analysis"]:
        groups[(a["task"], a["level"])].append(a)
    knobs = {(s["task"], s["level"]): s["knobs"] for s in data["summary"]}
    return [(_level_title(task, level, knobs[task, level]), rows)
            for (task, level), rows in groups.items()]  # fmt: skip


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
