# ruff: noqa: E501  (Korean prose: wide characters make the lines look long)
"""The answer sentences of the results page, on constructed verdicts: each case says what is
specific to it (the ceiling and why, the cost side with its interval, what is still learning)."""

from __future__ import annotations

from mha.experiments.heads.summary import verdict
from studylog.gen.heads import answer_sentence, ordering
from studylog.gen.heads_note import note_answer, sweep_sentence
from studylog.gen.heads_prose import tiers


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
    assert "거의 다 맞혔다" in text and "구별할 수 없다" in text
    assert "head 1개 99%, 4개 96%, 8개 92%" in text and "가장 덜 보는 head도 82%" in text


def test_cost_side_names_the_pair_and_its_interval():
    accs = {1: [0.999, 0.998, 0.999], 64: [0.95, 0.951, 0.949]}
    on = {1: {"answer_argmax_mean": 1.0}, 64: {"answer_argmax_mean": 0.12}}
    text = answer_sentence(judged("recall", accs), rows(accs), on)
    assert "적고 넓은 head가 이겼다" in text and "head 64개가 더 적은 head 수 모두에게 졌다" in text
    assert "95% 구간" in text and "head 1개 100%, 64개 12%" in text
    assert "거의 다 맞혔다" not in text


def test_still_learning_is_named_with_its_last_quarter():
    accs = {1: [0.57, 0.58, 0.57], 2: [0.90, 0.91, 0.92]}
    before = {1: [0.57, 0.58, 0.57], 2: [0.86, 0.87, 0.88]}
    v = judged("count", accs, learning=(2,))
    text = answer_sentence(v, rows(accs, before))
    assert "아직 배우는 중" in text and "head 2개는" in text and "(0.870 → 0.910)" in text
    # not judged: the learning head count is in no ranking, only the converged one is
    assert "수렴한 것은 head 1개뿐이다" in text
    assert "이겼다" not in text and "졌다" not in text


def test_ordering_groups_head_counts_the_rule_cannot_tell_apart():
    accs = {1: [0.5, 0.51, 0.52], 4: [0.9, 0.91, 0.9], 8: [0.9, 0.905, 0.91]}
    v = verdict(accs)
    assert tiers(v, rows(accs)) == [[8, 4], [1]]
    assert ordering(v, rows(accs)) == "head 4, 8개가 가장 높고(서로 차이 없음), 그다음이 1개다"


def test_ordering_leaves_out_what_is_still_learning():
    accs = {1: [0.5, 0.51, 0.52], 4: [0.7, 0.71, 0.7], 8: [0.9, 0.905, 0.91]}
    v = verdict(accs, {1: True, 4: False, 8: True})
    assert tiers(v, rows(accs)) == [[8], [1]]
    assert "4" not in ordering(v, rows(accs))


def _data(*settings: tuple[dict, dict]) -> dict:
    """A results file of constructed settings: (verdict, seed accuracies per head count)."""
    summary = [{**r, "task": v["task"], "level": v["level"]}
               for v, accs in settings for r in rows(accs)]  # fmt: skip
    cfg = {"d_model": 64, "settings": [{"task": v["task"], "level": v["level"],
                                        "heads": sorted(accs)} for v, accs in settings]}  # fmt: skip
    return {"config": cfg, "verdict": [v for v, _ in settings], "summary": summary}


def _setting(task: str, accs: dict[int, list[float]], learning: tuple[int, ...] = ()) -> tuple:
    return judged(task, accs, learning), accs


def test_note_answer_says_per_task_whether_1_4_8_differ_beyond_the_seed_spread():
    same = _setting("reverse", {1: [1.0] * 3, 4: [1.0] * 3, 8: [1.0] * 3})
    apart = _setting("count", {1: [0.5, 0.51, 0.52], 4: [0.9, 0.91, 0.9], 8: [0.9, 0.905, 0.91]})
    text = note_answer(_data(same, apart))
    assert text.startswith(
        "**파라미터 수가 같을 때(attention 층의 파라미터 16,640개) head 1, 4, 8개는 "
    )
    assert text.endswith("다.**") and ". " not in text[2:-3]  # one sentence
    assert "`reverse`(셋 다 1.0000)에서는 시드 편차를 넘는 차이가 없" in text
    # the seed means, the largest pair's gap and that pair's spread (the larger seed std)
    assert (
        "`count`(1개 0.5100, 4개 0.9033, 8개 0.9050; 1개와 8개의 차이 0.3950, 시드 편차 0.0100)"
        in text
    )
    assert "둘 다 수렴한 head 수 사이에 시드 편차를 넘는 차이가 있" in text
    assert "아직 배우는" not in text


def test_note_answer_does_not_call_a_gap_of_a_learning_head_count_a_difference():
    slow = _setting("count", {1: [0.5, 0.51, 0.52], 4: [0.9, 0.91, 0.9], 8: [0.9, 0.905, 0.91]},
                    learning=(1,))  # fmt: skip
    text = note_answer(_data(slow))
    assert "시드 편차를 넘는 차이가 났지만 아직 배우는 head 수(`count`의 1개)가 있어" in text
    assert "차이가 있다" not in text and "차이가 있" + "고" not in text


def test_note_answer_within_the_spread_names_the_gap_as_such():
    close = _setting(
        "recall", {1: [0.90, 0.92, 0.94], 4: [0.91, 0.93, 0.92], 8: [0.92, 0.90, 0.93]}
    )
    text = note_answer(_data(close))
    assert "시드 편차를 넘는 차이가 없" in text and ", 편차 안)" in text


def test_sweep_sentence_adds_both_sides_of_the_wider_sweep():
    note = {1: [1.0, 1.0, 1.0], 4: [1.0, 1.0, 1.0], 8: [1.0, 1.0, 1.0]}
    fewer = _setting("recall", {**note, 64: [0.95, 0.951, 0.949]})
    more = _setting("count", {8: [0.9, 0.905, 0.91], 16: [0.99, 0.995, 0.99], 1: [0.5] * 3,
                              4: [0.5, 0.51, 0.52]})  # fmt: skip
    text = sweep_sentence(_data(fewer, more))
    assert text.startswith("head 16, 64개도 돌려 본 태스크(`recall`, `count`)에서 더 보인 것: ")
    assert (
        "`recall`에서는 head 64개(d_head 1)가 더 적은 head 수 모두에게 졌고(가장 큰 차이 0.0500)"
        in text
    )
    # only what the note's head counts do not already say (8 over 1 is the bold sentence's)
    assert text.endswith("`count`에서는 head 16개가 1개보다 높았다(가장 큰 차이 0.4917).")


def test_sweep_sentence_is_empty_without_a_wider_sweep():
    only = _setting("reverse", {1: [1.0] * 3, 4: [1.0] * 3, 8: [1.0] * 3})
    assert sweep_sentence(_data(only)) == ""


def test_a_group_never_holds_two_head_counts_the_rule_tells_apart():
    """Neighbours alike, ends apart (1 ~ 2, 2 ~ 4, 1 > 4): 4 starts its own group."""
    accs = {1: [0.90, 0.91, 0.92], 2: [0.895, 0.905, 0.915], 4: [0.888, 0.898, 0.908]}
    v = verdict(accs)
    differ = {(p["a"], p["b"]) for p in v["pairs"] if p["differ"]}
    assert differ == {(1, 4)}
    assert tiers(v, rows(accs)) == [[1, 2], [4]]
