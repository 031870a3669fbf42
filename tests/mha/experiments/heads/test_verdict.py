"""The verdict rule on constructed numbers."""

from __future__ import annotations

import statistics
import warnings

import pytest
import scipy.stats
from hypothesis import assume, given
from hypothesis import strategies as st

from mha.experiments.heads.summary import describe, verdict
from mha.experiments.verdict import compare


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
    # Dyadic numbers, so every mean and std below is exact in binary floating point:
    # a: mean 0.25, std 0.125; b: mean 0.375, std 0.125 -> gap 0.125 == spread: not "larger".
    a, b = [0.125, 0.25, 0.375], [0.25, 0.375, 0.5]
    c = compare(a, b)
    assert (c["gap"], c["spread"]) == (-0.125, 0.125)
    assert c["differ"] is False and c["confident"] is False
    # one step further: c: mean 0.5 -> gap 0.25 > spread 0.125
    assert compare(a, [0.375, 0.5, 0.625])["differ"] is True
    # the larger of the two spreads counts: d has std 0.25, so gap 0.25 is not larger
    d = [0.25, 0.5, 0.75]
    assert compare(a, d)["spread"] == 0.25 and compare(a, d)["differ"] is False


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


accuracy_lists = st.lists(st.floats(0.0, 1.0, allow_nan=False), min_size=2, max_size=8)


@given(accuracy_lists, st.floats(-1.0, 1.0, allow_nan=False))
def test_a_shifted_copy_differs_exactly_when_the_shift_exceeds_the_seed_spread(a, shift):
    # b is a moved by `shift`: both have the same spread (stdlib's stdev, an independent
    # implementation) and the gap is the shift. Inputs within 1e-9 of the boundary are left out:
    # there rounding, not the rule, decides.
    b = [v + shift for v in a]
    spread = statistics.stdev(a)
    assume(abs(abs(shift) - spread) > 1e-9)
    c = compare(a, b)
    assert c["differ"] is (abs(shift) > spread)
    assert c["gap"] == pytest.approx(-shift, abs=1e-12)
    assert c["spread"] == pytest.approx(spread, rel=1e-9, abs=1e-15)
    assert compare(b, a)["differ"] is c["differ"]


@given(accuracy_lists, accuracy_lists)
def test_welch_interval_is_at_least_scipys(a, b):
    # scipy's Welch interval uses the exact t quantile; ours uses a table entry at a df no
    # larger (conservative), printed to 3 decimals (up to 2e-4 below the exact quantile).
    c = compare(a, b)
    low, high = c["welch_95"]
    gap = statistics.fmean(a) - statistics.fmean(b)
    assert low <= gap + 1e-12 and gap <= high + 1e-12
    if statistics.variance(a) + statistics.variance(b) > 1e-12:
        with warnings.catch_warnings():  # scipy warns about nearly identical data
            warnings.simplefilter("ignore", RuntimeWarning)
            ci = scipy.stats.ttest_ind(a, b, equal_var=False).confidence_interval(0.95)
        half = (ci.high - ci.low) / 2
        assert (high - low) / 2 >= half * (1 - 1e-3)
        assert c["confident"] is (c["differ"] and (low > 0 or high < 0))


def test_a_head_count_still_learning_is_not_compared():
    accs = {1: [0.50, 0.51, 0.52], 4: [0.90, 0.91, 0.90], 8: [0.95, 0.96, 0.95]}
    v = verdict(accs, {1: True, 4: True, 8: False})
    pairs = {(p["a"], p["b"]): p for p in v["pairs"]}
    assert pairs[(1, 4)]["differ"] and pairs[(1, 4)]["converged"]
    assert not pairs[(4, 8)]["differ"] and pairs[(4, 8)]["differ_at_budget"]
    assert not pairs[(4, 8)]["confident"] and not pairs[(4, 8)]["converged"]
    assert v["status"] == "differ" and v["still_learning"] == [8]
    v = verdict({1: [0.5, 0.51, 0.52], 4: [0.9, 0.91, 0.9]}, {1: True, 4: False})
    assert v["status"] == "still_learning" and "still learning" in describe("count", 0, v)


def test_fewer_heads_win_only_between_converged_head_counts():
    accs = {1: [0.999, 0.998, 0.999], 16: [0.99, 0.991, 0.99], 64: [0.95, 0.951, 0.949]}
    v = verdict(accs, {1: True, 16: True, 64: False})
    assert [(p["a"], p["b"]) for p in v["fewer_heads_win"]] == [(1, 16)]
    assert verdict(accs)["fewer_heads_win"][-1]["b"] == 64  # all converged: 64 loses too
    more_wins = verdict({1: [0.5, 0.51, 0.52], 4: [0.9, 0.91, 0.9]})
    assert more_wins["fewer_heads_win"] == []


def test_convergence_rule_on_seed_means():
    from mha.experiments.verdict import CONVERGENCE_TOL, converged

    assert converged([0.9, 0.9, 0.9], [0.9 + CONVERGENCE_TOL / 2] * 3)
    assert not converged([0.9, 0.9, 0.9], [0.9 + 2 * CONVERGENCE_TOL] * 3)
    assert not converged([0.9, 0.9, 0.9], [0.9 - 2 * CONVERGENCE_TOL] * 3)  # a drop is no plateau
    assert converged([0.80, 1.0], [1.0, 0.80])  # seeds may trade places: the mean is judged
