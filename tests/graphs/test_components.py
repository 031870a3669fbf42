"""Connected components and their count (LeetCode 323) against networkx."""

from __future__ import annotations

import copy

import networkx as nx
import pytest
from hypothesis import given

import graphs
from graphs.components import _union_find
from tests.graphs.strategies import undirected_graphs


def nx_graph(n, edges):
    g = nx.Graph()
    g.add_nodes_from(range(n))
    g.add_edges_from(edges)
    return g


@given(undirected_graphs())
def test_components_equal_networkx(case):
    n, edges = case
    g = nx_graph(n, edges)
    ours = graphs.connected_components(n, edges)
    assert sorted(map(sorted, ours)) == sorted(map(sorted, nx.connected_components(g)))
    assert [min(c) for c in ours] == sorted(min(c) for c in ours)  # ordered by smallest node
    assert graphs.count_components(n, edges) == nx.number_connected_components(g)


@given(undirected_graphs())
def test_components_accept_lists_and_generators_and_do_not_mutate(case):
    n, edges = case
    as_lists = [list(e) for e in edges]
    before = copy.deepcopy(as_lists)
    expected = graphs.count_components(n, edges)
    assert graphs.count_components(n, as_lists) == expected
    assert graphs.count_components(n, (e for e in edges)) == expected
    assert as_lists == before


def test_union_find_on_long_paths_stays_flat_enough():
    n = 10**5
    _, comps = _union_find(n, list(range(n - 1)), list(range(1, n)))
    assert comps == 1
    _, comps = _union_find(n, list(range(1, n)), list(range(n - 1)))
    assert comps == 1


@pytest.mark.parametrize(
    ("n", "edges", "expected"),
    [
        (5, [[0, 1], [1, 2], [3, 4]], 2),  # LeetCode 323 example 1
        (5, [[0, 1], [1, 2], [2, 3], [3, 4]], 1),  # LeetCode 323 example 2
        (0, [], 0),
        (1, [], 1),  # an isolated node is a component
        (3, [[0, 0], [0, 0]], 3),  # self-loops, repeated
        (4, [[0, 1], [1, 0], [0, 1]], 3),
    ],
)
def test_leetcode_323_examples(n, edges, expected):
    assert graphs.count_components(n, edges) == expected
    assert len(graphs.connected_components(n, edges)) == expected


def test_connected_components_example():
    assert graphs.connected_components(5, [(3, 4), (1, 2), (0, 1)]) == [{0, 1, 2}, {3, 4}]


def test_component_errors_name_the_problem():
    f = graphs.count_components
    with pytest.raises(ValueError, match=r"^edges\[1\]: node 7 is outside \[0, 5\)"):
        f(5, [(0, 1), (2, 7)])
    with pytest.raises(ValueError, match=r"^edges\[0\]: expected a pair \(u, v\), got 3 items"):
        f(5, [(0, 1, 2)])
    with pytest.raises(ValueError, match=r"^edges\[0\]: expected a pair \(u, v\), got set"):
        f(5, [{0, 1}])
    with pytest.raises(ValueError, match=r"^n: expected a non-negative int, got -1"):
        f(-1, [])
    with pytest.raises(TypeError, match=r"^n: expected int, got bool"):
        f(True, [])
    with pytest.raises(TypeError, match=r"^n: expected int, got str"):
        f("5", [])
    with pytest.raises(TypeError, match=r"^edges\[0\]: expected int, got float"):
        f(5, [(0, 1.0)])
    with pytest.raises(TypeError, match=r"^edges: expected an iterable of pairs"):
        f(5, 3)
