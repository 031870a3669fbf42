"""Course Schedule I/II (LeetCode 207, 210) against graphlib."""

from __future__ import annotations

import copy
import graphlib

import pytest
from hypothesis import given

import graphs
from tests.graphs.strategies import directed_graphs


def graphlib_order(n, prerequisites):
    """graphlib's static order, or None on a cycle; [a, b] means b is a predecessor of a."""
    ts = graphlib.TopologicalSorter({c: [] for c in range(n)})
    for a, b in prerequisites:
        ts.add(a, b)
    try:
        return list(ts.static_order())
    except graphlib.CycleError:
        return None


def respects(order, n, prerequisites):
    pos = {c: i for i, c in enumerate(order)}
    return sorted(order) == list(range(n)) and all(pos[b] < pos[a] for a, b in prerequisites)


@given(directed_graphs())
def test_can_finish_and_find_order_agree_with_graphlib(case):
    n, edges = case
    prerequisites = [[a, b] for a, b in edges]
    before = copy.deepcopy(prerequisites)
    ref = graphlib_order(n, prerequisites)
    assert graphs.can_finish(n, prerequisites) == (ref is not None)
    order = graphs.find_order(n, prerequisites)
    if ref is None:
        assert order == []
    else:
        assert respects(order, n, prerequisites)
        assert respects(ref, n, prerequisites)
    assert prerequisites == before


@pytest.mark.parametrize(
    ("n", "prereq", "possible"),
    [
        (2, [[1, 0]], True),  # LeetCode 207 example 1
        (2, [[1, 0], [0, 1]], False),  # LeetCode 207 example 2
        (1, [], True),
        (3, [[0, 0]], False),
    ],
)
def test_leetcode_207_examples(n, prereq, possible):
    assert graphs.can_finish(n, prereq) is possible


def test_leetcode_210_examples():
    assert graphs.find_order(2, [[1, 0]]) == [0, 1]
    order = graphs.find_order(4, [[1, 0], [2, 0], [3, 1], [3, 2]])
    assert order in ([0, 1, 2, 3], [0, 2, 1, 3])
    assert graphs.find_order(1, []) == [0]
    assert graphs.find_order(2, [[0, 1], [1, 0]]) == []


@pytest.mark.slow
def test_leetcode_limits_and_100x_larger():
    # 2000 courses, 5000 prerequisites (LeetCode's limits), then 100 times larger, as chains
    # plus extra forward pairs; and the same with one back edge that closes a cycle.
    for n, m in [(2000, 5000), (200_000, 500_000)]:
        prereq = [[i + 1, i] for i in range(n - 1)]
        prereq += [[(7 * k) % (n - 1) + 1, ((7 * k) % (n - 1)) // 2] for k in range(m - n + 1)]
        assert len(prereq) == m
        order = graphs.find_order(n, prereq)
        assert respects(order, n, prereq)
        assert not graphs.can_finish(n, [*prereq, [0, n - 1]])


def test_course_errors_name_the_argument():
    with pytest.raises(ValueError, match=r"^prerequisites\[3\]: node 7 is outside \[0, 5\)"):
        graphs.can_finish(5, [[1, 0], [2, 1], [3, 2], [7, 3]])
    with pytest.raises(ValueError, match=r"^num_courses: expected a non-negative int, got -1"):
        graphs.find_order(-1, [])
    with pytest.raises(TypeError, match=r"^num_courses: expected int, got bool"):
        graphs.find_order(False, [])
    with pytest.raises(ValueError, match=r"^prerequisites\[0\]: expected a pair"):
        graphs.find_order(3, [[1, 0, 2]])
