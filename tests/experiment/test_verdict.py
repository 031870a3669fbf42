"""The verdict rule on constructed numbers."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mha.verdict import compare, describe, mean_std, verdict


def test_gap_larger_than_spread_differs():
    v = verdict({1: [0.50, 0.52, 0.54], 4: [0.80, 0.81, 0.79], 8: [0.81, 0.80, 0.82]})
    assert v["status"] == "differ"
    pairs = {(p["a"], p["b"]): p for p in v["pairs"]}
    assert pairs[(1, 4)]["differ"] and pairs[(1, 8)]["differ"]
    assert not pairs[(4, 8)]["differ"]
    assert pairs[(1, 4)]["confident"]
    assert v["best"] == [8]
    assert "differ" in describe("count", 0, v)


def test_gap_within_spread_does_not_differ():
    v = verdict({1: [0.5, 0.6, 0.7], 4: [0.55, 0.65, 0.75]})
    assert v["status"] == "no_difference"
    assert "no pair" in describe("count", 0, v)


def test_gap_equal_to_spread_does_not_differ():
    # means 0.5 and 0.6, std of each exactly 0.1: gap == spread is not "larger"
    a, b = [0.4, 0.5, 0.6], [0.5, 0.6, 0.7]
    gap = abs(mean_std(a)[0] - mean_std(b)[0])
    spread = max(mean_std(a)[1], mean_std(b)[1])
    assert compare(a, b)["differ"] is (gap > spread)
    assert compare([0.4, 0.5, 0.6], [0.9, 1.0, 1.1])["differ"]


def test_fewer_than_three_seeds_is_too_few():
    v = verdict({1: [0.1, 0.1], 4: [0.9, 0.9]})
    assert v["status"] == "too_few_seeds"
    assert "too few" in describe("reverse", 1, v)


def test_identical_perfect_scores_do_not_differ():
    assert verdict({1: [1.0] * 5, 4: [1.0] * 5, 8: [1.0] * 5})["status"] == "no_difference"


def test_differ_without_confidence_when_interval_is_wide():
    c = compare([0.50, 0.60, 0.70], [0.30, 0.45, 0.45])
    assert c["differ"] and not c["confident"]
    low, high = c["welch_95"]
    assert low < 0 < high


def test_bad_inputs():
    with pytest.raises(ValueError, match="accuracies"):
        verdict({1: [0.5, 0.5, 0.5]})
    with pytest.raises(ValueError, match="accuracies"):
        verdict({1: [], 4: [0.5]})


accuracy_lists = st.lists(st.floats(0.0, 1.0, allow_nan=False), min_size=1, max_size=8)


@given(accuracy_lists, accuracy_lists)
def test_compare_follows_the_stated_rule(a, b):
    c = compare(a, b)
    (ma, sa), (mb, sb) = mean_std(a), mean_std(b)
    assert c["differ"] == (abs(ma - mb) > max(sa, sb))
    low, high = c["welch_95"]
    assert low <= ma - mb + 1e-12 and ma - mb <= high + 1e-12
    assert not c["confident"] or c["differ"]
    assert compare(b, a)["differ"] == c["differ"]
