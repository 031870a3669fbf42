"""The answer sentences of the results page, on constructed verdicts: each case says what is
specific to it (the ceiling and why, the cost side with its interval, what is still learning)."""

from __future__ import annotations

from docs.gen.heads import answer_sentence, ordering
from mha.experiments.heads.verdict import verdict


def rows(accs: dict[int, list[float]], before: dict[int, list[float]] | None = None) -> list[dict]:
    """Summary rows as the experiment writes them (mean of the seeds at the last two budgets)."""
    out = []
    for h, a in accs.items():
        b = (before or accs)[h]
        out.append({"n_heads": h, "val_accuracy_mean": sum(a) / len(a),
                    "budget_accuracy": [{"steps": 750, "mean": sum(b) / len(b)},
                                        {"steps": 1000, "mean": sum(a) / len(a)}]})  # fmt: skip
    return out


def judged(task: str, accs: dict[int, list[float]], learning: tuple[int, ...] = ()) -> dict:
    v = verdict(accs, {h: h not in learning for h in accs})
    return {"task": task, "level": 0, "knobs": {"length": 16, "vocab": 10}, "steps": 1000, **v}


def test_ceiling_says_why_with_the_attention_numbers():
    accs = {1: [1.0] * 5, 4: [1.0] * 5, 8: [1.0] * 5}
    on = {h: {"answer_argmax_mean": 1.0 - h / 100, "answer_argmax_by_rank": [1.0, 0.9 - h / 100]}
          for h in accs}  # fmt: skip
    text = answer_sentence(judged("reverse", accs), rows(accs), on)
    assert "천장" in text and "구별할 수 없다" in text
    assert "head 1개 99%, 4개 96%, 8개 92%" in text and "가장 덜 보는 head도 82%" in text


def test_cost_side_names_the_pair_and_its_interval():
    accs = {1: [0.999, 0.998, 0.999], 64: [0.95, 0.951, 0.949]}
    on = {1: {"answer_argmax_mean": 1.0}, 64: {"answer_argmax_mean": 0.12}}
    text = answer_sentence(judged("recall", accs), rows(accs), on)
    assert "더 적고 넓은 head가 이긴다" in text and "head 1개가 64개를 이긴다" in text
    assert "95% 구간" in text and "head 1개 100%, 64개 12%" in text
    assert "천장" not in text


def test_still_learning_is_named_with_its_last_quarter():
    accs = {1: [0.57, 0.58, 0.57], 2: [0.90, 0.91, 0.92]}
    before = {1: [0.57, 0.58, 0.57], 2: [0.86, 0.87, 0.88]}
    v = judged("count", accs, learning=(2,))
    text = answer_sentence(v, rows(accs, before))
    assert "아직 배우는 중" in text and "2개(0.870 → 0.910)" in text
    assert "2 · 1" in text  # not judged: no '>' between a learning head count and the others
    assert "이긴다" not in text


def test_ordering_marks_each_neighbour_pair():
    accs = {1: [0.5, 0.51, 0.52], 4: [0.9, 0.91, 0.9], 8: [0.9, 0.905, 0.91]}
    v = verdict(accs)
    assert ordering(v, rows(accs)) == "8 ≈ 4 > 1"
