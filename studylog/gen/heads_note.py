# ruff: noqa: E501  (Korean prose: wide characters make the lines look long)
"""The study note's own question answered first: at equal parameters, do 1, 4 and 8 heads differ
by more than the spread between seeds, per task? Then what the wider sweep adds. Both sentences
are made from one results file (one setting per task), never typed by hand."""

from __future__ import annotations

from typing import Any

from mha.experiments.heads.runs import NOTE_HEADS
from mha.params import attention_param_count
from studylog.gen.common import header
from studylog.gen.heads_common import SOURCE, _heads_ko, _rows
from studylog.gen.heads_prose import _who_beat


def note_params(d_model: int) -> int:
    """The attention block's parameter count, the same for every head count of the note.

    Raises
    ------
    ValueError
        If the note's head counts would not share one count (they always do for classic MHA).

    Examples
    --------
    >>> note_params(64)
    16640
    """
    counts = {attention_param_count(d_model, h) for h in NOTE_HEADS}
    if len(counts) != 1:
        raise ValueError(f"d_model={d_model}: the note's head counts differ in parameters")
    return counts.pop()


def _note_pairs(v: dict[str, Any]) -> list[dict]:
    return [p for p in v["pairs"] if p["a"] in NOTE_HEADS and p["b"] in NOTE_HEADS]


def _beyond(p: dict) -> bool:
    """Whether a pair's gap at the budget is larger than its seed spread."""
    return p.get("differ_at_budget", abs(p["gap"]) > p["spread"])


def _means(rows: list[dict], pairs: list[dict], beyond: bool) -> str:
    """``"1개 0.5769, 4개 0.9797, 8개 0.9924; 1개와 8개의 차이 0.4154, 시드 편차 0.0049"``: the
    seed-mean accuracies and the pair of largest gap, with the larger of its two seed standard
    deviations."""
    acc = {r["n_heads"]: r["val_accuracy_mean"] for r in rows if r["n_heads"] in NOTE_HEADS}
    shown = {f"{acc[h]:.4f}" for h in acc}
    if len(shown) == 1:
        return f"셋 다 {shown.pop()}"
    text = ", ".join(f"{h}개 {acc[h]:.4f}" for h in sorted(acc))
    top = max(pairs, key=lambda p: abs(p["gap"]))
    rel = "" if beyond else ", 편차 안"
    return (text + f"; {top['a']}개와 {top['b']}개의 차이 {abs(top['gap']):.4f}, "
            f"시드 편차 {top['spread']:.4f}{rel}")  # fmt: skip


def note_answer(data: dict[str, Any]) -> str:
    """One bold sentence: per task, whether head counts 1, 4 and 8 differ by more than the seed
    spread at the same parameter count, with the seed-mean accuracies that say so.

    A difference beyond the spread where a head count is still learning is named as such: the
    gap may be learning speed, so the sentence does not call it a difference of the end result.
    """
    groups = _rows(data)
    kinds: dict[str, list[str]] = {"none": [], "differ": [], "learning": []}
    learning = []
    for v in data["verdict"]:
        pairs = _note_pairs(v)
        if len(pairs) < 3:
            continue
        beyond = [p for p in pairs if _beyond(p)]
        kind = (
            "none" if not beyond else "differ" if all(p["differ"] for p in beyond) else "learning"
        )
        rows = groups[(v["task"], v["level"])]
        kinds[kind].append(f"`{v['task']}`({_means(rows, pairs, bool(beyond))})")
        slow = sorted(h for h in v.get("still_learning", []) if h in NOTE_HEADS)
        if kind == "learning" and slow:
            learning.append(f"`{v['task']}`의 {_heads_ko(slow)}")
    clauses = []
    if kinds["none"]:
        clauses.append(", ".join(kinds["none"]) + "에서는 시드 편차를 넘는 차이가 없")
    if kinds["differ"]:
        clauses.append(
            ", ".join(kinds["differ"])
            + "에서는 둘 다 수렴한 head 수 사이에 시드 편차를 넘는 차이가 있"
        )
    if kinds["learning"]:
        clauses.append(", ".join(kinds["learning"]) + "에서는 시드 편차를 넘는 차이가 났지만 "
                       f"아직 배우는 head 수({', '.join(learning)})가 있어 끝까지 배운 뒤에도 남는 차이인지는 이 예산으로 말할 수 없")  # fmt: skip
    params = note_params(data["config"]["d_model"])
    heads = _heads_ko(list(NOTE_HEADS))
    return (
        f"**파라미터 수가 같을 때(attention 층의 파라미터 {params:,}개) head {heads}는 "
        + "고, ".join(clauses)
        + "다.**"
    )


def _largest(pairs: list[dict]) -> dict:
    return max(pairs, key=lambda p: abs(p["gap"]))


def sweep_sentence(data: dict[str, Any]) -> str:
    """What head counts beyond the note's add: where fewer, wider heads won (the cost side) and
    where more heads won, each with its largest gap; or that nothing more differed. Only pairs
    with a head count outside the note's count here (the bold sentence has the rest)."""
    d_model = data["config"]["d_model"]
    swept = [s for s in data["config"]["settings"] if set(s["heads"]) > set(NOTE_HEADS)]
    if not swept:
        return ""
    extra = sorted({h for s in swept for h in s["heads"]} - set(NOTE_HEADS))
    tasks = ", ".join(f"`{s['task']}`" for s in swept)
    found: list[tuple[str, float]] = []
    for v in data["verdict"]:
        won = [p for p in v["pairs"] if p["differ"] and p.get("confident")
               and not {p["a"], p["b"]} <= set(NOTE_HEADS)]  # fmt: skip
        fewer = [p for p in won if p["gap"] > 0]
        more = [p for p in won if p["gap"] < 0]
        if fewer:
            top = _largest(fewer)
            loser = top["b"]
            beat = sorted(p["a"] for p in fewer if p["b"] == loser)
            found.append((f"`{v['task']}`에서는 head {loser}개(d_head {d_model // loser})가 {_who_beat(v, loser, beat)}에게 졌",
                          abs(top["gap"])))  # fmt: skip
        if more:
            top = _largest(more)
            loser = top["a"]
            beat = sorted(p["b"] for p in more if p["a"] == loser)
            found.append(
                (
                    f"`{v['task']}`에서는 head {_heads_ko(beat)}가 {loser}개보다 높았",
                    abs(top["gap"]),
                )
            )
    start = f"head {_heads_ko(extra)}도 돌려 본 태스크({tasks})에서 더 보인 것: "
    if not found:
        return start + "둘 다 수렴한 head 수끼리 확신할 만한 차이는 없었다."
    ends = ["고"] * (len(found) - 1) + ["다"]
    return (
        start
        + ", ".join(
            f"{stem}{end}(가장 큰 차이 {gap:.4f})"
            for (stem, gap), end in zip(found, ends, strict=True)
        )
        + "."
    )


def headline_md(data: dict[str, Any]) -> str:
    """The answer to the note's question (:func:`note_answer`), then what the sweep adds."""
    sweep = sweep_sentence(data)
    return header(SOURCE) + "\n" + note_answer(data) + "\n" + (f"\n{sweep}\n" if sweep else "")
