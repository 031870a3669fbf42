"""A reproduction is judged by its verdicts, not its bytes: the comparison on synthetic records
made from the published one (identical, moved within the tolerance, moved beyond it, a flipped
verdict, a flipped converged flag, a missing cell, another grid)."""

from __future__ import annotations

import copy
import json
import math
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mha.experiments.heads.reproduce import FLOOR, compare, report, show, tolerance
from studylog.gen.common import RESULTS

RECORD = json.loads((RESULTS / "heads.json").read_text(encoding="utf-8"))
#: What compare() reads of the published record (the runs' maps are most of its bytes).
PUBLISHED = {k: RECORD[k] for k in ("config", "summary", "verdict")}
N_PAIRS = sum(len(v["pairs"]) for v in PUBLISHED["verdict"])
N_CELLS = len(PUBLISHED["summary"])


def here() -> dict:
    return copy.deepcopy(PUBLISHED)


def test_the_published_record_reproduces_itself_and_every_pair_and_cell_is_counted():
    found = compare(PUBLISHED, here())
    assert found.reproduced and not found.beyond_tolerance
    assert (found.pairs, found.cells) == (N_PAIRS, N_CELLS)
    first = report(found).splitlines()[0]
    assert first.startswith(f"재현됨: 판정 {N_PAIRS}쌍과 수렴 여부 {N_CELLS}칸이 모두 같다")


@given(st.data())
def test_means_moved_within_the_tolerance_still_reproduce_and_the_largest_is_named(data):
    moved = here()
    cells = [c for c in moved["summary"] if c["val_accuracy_mean"] is not None]
    cell = data.draw(st.sampled_from(cells))
    allowed = tolerance(cell["val_accuracy_std"], cell["val_accuracy_std"])
    shift = data.draw(st.floats(-0.99 * allowed, 0.99 * allowed).filter(lambda s: abs(s) > 1e-6))
    before = cell["val_accuracy_mean"]
    if not 0 <= before + shift <= 1:  # an accuracy stays in [0, 1]
        shift = -shift
    cell["val_accuracy_mean"] = before + shift
    found = compare(PUBLISHED, moved)
    assert found.reproduced and not found.beyond_tolerance
    label, a, b, gap = found.largest
    assert label == f"{cell['task']} L{cell['level']} h{cell['n_heads']}"
    assert (a, b) == (before, before + shift) and gap == pytest.approx(abs(shift))


def test_a_mean_beyond_the_tolerance_is_a_note_not_a_failure_when_verdicts_agree():
    moved = here()
    cell = moved["summary"][0]
    allowed = tolerance(cell["val_accuracy_std"], cell["val_accuracy_std"])
    cell["val_accuracy_mean"] += 2 * allowed
    found = compare(PUBLISHED, moved)
    assert found.reproduced
    assert len(found.beyond_tolerance) == 1
    assert "알림: 판정은 같지만 허용 범위를 넘은 칸 1개" in report(found)


def test_a_flipped_verdict_is_a_difference_that_names_the_pair():
    flipped = here()
    setting = flipped["verdict"][0]
    pair = setting["pairs"][0]
    pair["differ"] = not pair["differ"]
    found = compare(PUBLISHED, flipped)
    assert not found.reproduced
    label = f"{setting['task']} L{setting['level']} h{pair['a']} 대 h{pair['b']}: differ"
    assert any(d.startswith(label) for d in found.differences)
    assert report(found).startswith("재현되지 않음: 같아야 하는 것 1개가 다르다")


def test_a_flipped_converged_flag_and_a_changed_status_are_differences():
    flipped = here()
    flipped["summary"][0]["converged"] = not flipped["summary"][0]["converged"]
    flipped["verdict"][-1]["status"] = "other"
    found = compare(PUBLISHED, flipped)
    assert len(found.differences) == 2
    assert any("수렴 여부" in d for d in found.differences)
    assert any("status" in d for d in found.differences)


def test_a_missing_cell_or_pair_is_a_difference():
    missing = here()
    del missing["summary"][3]
    del missing["verdict"][0]["pairs"][1]
    found = compare(PUBLISHED, missing)
    assert not found.reproduced
    assert sum("한쪽 기록에만 있다" in d for d in found.differences) == 2
    assert found.cells == N_CELLS - 1 and found.pairs == N_PAIRS - 1


def test_another_grid_or_a_file_that_is_not_a_results_file_is_refused():
    other = here()
    other["config"]["seeds"] = [0, 1, 2]
    with pytest.raises(ValueError, match="another grid"):
        compare(PUBLISHED, other)
    with pytest.raises(ValueError, match=r"^published: the whole file: expected a results file"):
        compare({"runs": []}, here())
    broken = here()
    broken["summary"] = [{"task": "count"}]
    with pytest.raises(ValueError, match=r'^here: summary\[0\]: no field "level"$'):
        compare(PUBLISHED, broken)


def test_the_tolerance_is_the_larger_spread_with_a_floor():
    assert tolerance(None, None) == FLOOR
    assert tolerance(0.01, 0.003) == 0.01
    assert tolerance(0.0001, 0.0003) == FLOOR


def test_best_may_change_among_head_counts_that_do_not_differ_but_fewer_heads_win_may_not():
    moved = here()
    setting = next(v for v in moved["verdict"] if v["fewer_heads_win"])
    setting["best"] = setting["best"][:-1] or [0]  # the top by rounding: a description
    for pair in setting["fewer_heads_win"]:  # the same claims with other numbers
        pair["gap"] += 0.0001
    assert compare(PUBLISHED, moved).reproduced
    dropped = setting["fewer_heads_win"].pop()
    found = compare(PUBLISHED, moved)
    assert not found.reproduced
    assert any("fewer_heads_win" in d and f"({dropped['a']}, {dropped['b']})" in d
               for d in found.differences)  # fmt: skip


@given(st.data())
def test_a_nan_or_infinite_mean_or_spread_here_is_never_reproduced(data):
    """A NaN here compared with anything gives no gap above the tolerance: it must be a
    difference of its own, whichever cell and field it lands in."""
    broken = here()
    i = data.draw(st.integers(0, N_CELLS - 1))
    name = data.draw(st.sampled_from(["val_accuracy_mean", "val_accuracy_std"]))
    broken["summary"][i][name] = data.draw(st.sampled_from([math.nan, math.inf, -math.inf]))
    found = compare(PUBLISHED, broken)
    assert not found.reproduced
    cell = broken["summary"][i]
    label = f"{cell['task']} L{cell['level']} h{cell['n_heads']}"
    assert found.differences == [f"{label}: 이 기계의 값이 유한한 수가 아니다 "
                                 f"(평균 {show(cell['val_accuracy_mean'])}, "
                                 f"표준편차 {show(cell['val_accuracy_std'])})"]  # fmt: skip
    assert report(found).startswith("재현되지 않음")


@pytest.mark.parametrize("bad", [math.nan, math.inf])
def test_a_nan_or_infinite_mean_in_the_published_record_is_refused(bad):
    broken = here()
    broken["summary"][2]["val_accuracy_mean"] = bad
    with pytest.raises(ValueError, match=r"^published: summary\[2\]\.val_accuracy_mean: expected "
                       "a finite number or null, got (NaN|Infinity)$"):  # fmt: skip
        compare(broken, here())
    with pytest.raises(ValueError, match="std_here: expected a finite spread"):
        tolerance(0.01, bad)


#: Fields compare() reads, by where they are, with a value of the wrong kind for each.
FIELDS = {
    "summary": {"task": 1, "level": "0", "n_heads": 1.5, "converged": 0, "val_accuracy_mean": [],
                "val_accuracy_std": "0.1"},
    "verdict": {"task": None, "level": False, "steps": "1000", "status": 3,
                "still_learning": [1.0], "fewer_heads_win": {}, "pairs": "none"},
    "pairs": {"a": "1", "b": None, "differ": 1, "confident": "true", "converged": None,
              "differ_at_budget": []},
}  # fmt: skip


@given(st.data())
def test_any_field_compare_reads_is_named_by_its_path_when_malformed(data):
    broken = here()
    where = data.draw(st.sampled_from(sorted(FIELDS)))
    if where == "pairs":
        i = data.draw(st.sampled_from([i for i, v in enumerate(broken["verdict"]) if v["pairs"]]))
        j = data.draw(st.integers(0, len(broken["verdict"][i]["pairs"]) - 1))
        entry, path = broken["verdict"][i]["pairs"][j], f"verdict[{i}].pairs[{j}]"
    else:
        i = data.draw(st.integers(0, len(broken[where]) - 1))
        entry, path = broken[where][i], f"{where}[{i}]"
    name = data.draw(st.sampled_from(sorted(FIELDS[where])))
    side = data.draw(st.sampled_from(["published", "here"]))
    if data.draw(st.booleans()):
        entry[name] = FIELDS[where][name]
        said = rf"^{side}: {re.escape(path)}\.{name}: expected "
    else:
        del entry[name]
        said = rf'^{side}: {re.escape(path)}: no field "{name}"$'
    args = (broken, here()) if side == "published" else (here(), broken)
    with pytest.raises(ValueError, match=said):
        compare(*args)
