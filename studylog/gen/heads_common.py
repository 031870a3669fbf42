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
    """``"`recall` 수준 1 (쌍 8개, ...)"``: a task at one level, with its sizes."""
    return f"`{task}` 수준 {level} ({_knobs_ko(knobs)})"


def _heads_ko(heads: list[int]) -> str:
    """``"1, 2, 4개"``: head counts as the pages write them.

    Examples
    --------
    >>> _heads_ko([4, 1, 2])
    '1, 2, 4개'
    """
    return ", ".join(str(h) for h in sorted(heads)) + "개"


def _seeds_ko(seeds: list[int]) -> str:
    """``"시드 5개(0, 1, 2, 3, 4)"``: how many seeds each setting ran, and which.

    Examples
    --------
    >>> _seeds_ko([0, 1, 2])
    '시드 3개(0, 1, 2)'
    """
    return f"시드 {len(seeds)}개({', '.join(str(s) for s in seeds)})"


def _signed(x: float, digits: int = 3) -> str:
    """A gap with its sign, minus as the typographic ``−`` (``-0.0436`` -> ``−0.044``).

    Examples
    --------
    >>> _signed(-0.0436), _signed(0.0)
    ('−0.044', '0.000')
    """
    text = f"{x:.{digits}f}"
    return "0." + "0" * digits if float(text) == 0 else text.replace("-", "−")


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


def token_labels(task: str, knobs: dict[str, int], tokens: list[int]) -> list[str]:
    """Each token of a validation sequence as the viewer and the heatmaps label it: the token itself, or
    for ``recall`` the pair or question it encodes
    (:func:`~mha.experiments.heads.tasks.recall_tokens`): a pair token ``key * values + value``
    is ``k{key}=v{value}``, a question token ``keys * values + key`` is ``k{key}?``.

    Parameters
    ----------
    task : str
        The task's name.
    knobs : dict
        The level's knobs (``recall`` needs ``keys`` and ``values``).
    tokens : list of int
        The sequence.

    Returns
    -------
    list of str
        One label per position.

    Raises
    ------
    ValueError
        ``tokens`` holds a token outside the level's vocabulary.

    Examples
    --------
    >>> token_labels("count", {"length": 3, "vocab": 10}, [5, 1, 5])
    ['5', '1', '5']
    >>> token_labels("recall", {"keys": 32, "values": 8}, [4 * 8 + 2, 32 * 8 + 4])
    ['k4=v2', 'k4?']
    """
    if task != "recall":
        return [str(t) for t in tokens]
    K, V = knobs["keys"], knobs["values"]
    bad = [t for t in tokens if not 0 <= t < K * V + K]
    if bad:
        raise ValueError(f"tokens: expected recall tokens in 0..{K * V + K - 1}, got {bad}")
    return [f"k{t // V}=v{t % V}" if t < K * V else f"k{t - K * V}?" for t in tokens]
