"""Topological sort (Kahn and three-colour DFS) against networkx, with genuine cycles."""

from __future__ import annotations

import contextlib
import graphlib
import itertools

import networkx as nx
import pytest
from hypothesis import given

import graphs
from graphs import CycleError
from tests.graphs.strategies import directed_graphs

METHODS = ["kahn", "dfs"]


def nx_digraph(n, edges):
    g = nx.DiGraph()
    g.add_nodes_from(range(n))
    g.add_edges_from(edges)
    return g


def assert_topological(n, edges, order):
    assert sorted(order) == list(range(n))
    pos = {u: i for i, u in enumerate(order)}
    assert all(pos[u] < pos[v] for u, v in edges)


def assert_genuine_cycle(n, edges, cycle):
    edge_set = set(map(tuple, edges))
    assert len(cycle) >= 2 and cycle[0] == cycle[-1]
    assert len(set(cycle[:-1])) == len(cycle) - 1  # simple: no node repeated inside
    assert all((a, b) in edge_set for a, b in itertools.pairwise(cycle))
    assert all(0 <= u < n for u in cycle)


@pytest.mark.parametrize("method", METHODS)
@given(case=directed_graphs())
def test_order_or_cycle_exactly_when_networkx_says(method, case):
    n, edges = case
    if nx.is_directed_acyclic_graph(nx_digraph(n, edges)):
        assert_topological(n, edges, graphs.topological_sort(n, edges, method=method))
    else:
        with pytest.raises(CycleError) as info:
            graphs.topological_sort(n, edges, method=method)
        assert_genuine_cycle(n, edges, info.value.cycle)
        assert info.value.args[1] == info.value.cycle  # like graphlib.CycleError


@given(directed_graphs())
def test_the_three_entry_points_agree(case):
    n, edges = case
    try:
        kahn = graphs.topological_sort_kahn(n, edges)
    except CycleError:
        kahn = None
    assert (kahn is None) == (not nx.is_directed_acyclic_graph(nx_digraph(n, edges)))
    if kahn is not None:
        assert graphs.topological_sort(n, edges) == kahn
        assert_topological(n, edges, graphs.topological_sort_dfs(n, edges))
    else:
        with pytest.raises(CycleError):
            graphs.topological_sort_dfs(n, edges)


@given(directed_graphs())
def test_toposort_does_not_mutate(case):
    n, edges = case
    edges_lists = [list(e) for e in edges]
    before = [list(e) for e in edges]
    for method in METHODS:
        with contextlib.suppress(CycleError):
            graphs.topological_sort(n, edges_lists, method=method)
    assert edges_lists == before


def test_cycle_error_is_a_value_error_and_reads_well():
    with pytest.raises(ValueError, match=r"the graph has a cycle: 0 -> 1 -> 0"):
        graphs.topological_sort(2, [(0, 1), (1, 0)])
    assert issubclass(CycleError, ValueError)


@pytest.mark.parametrize("method", METHODS)
def test_self_loop_is_the_cycle_u_u(method):
    with pytest.raises(CycleError) as info:
        graphs.topological_sort(3, [(0, 1), (2, 2)], method=method)
    assert info.value.cycle == [2, 2]


@pytest.mark.parametrize("method", METHODS)
def test_cycle_behind_a_long_tail_is_found(method):
    n = 1000
    edges = [(i, i + 1) for i in range(n - 1)] + [(n - 1, n - 3)]
    with pytest.raises(CycleError) as info:
        graphs.topological_sort(n, edges, method=method)
    assert sorted(info.value.cycle[:-1]) == [n - 3, n - 2, n - 1]


@pytest.mark.parametrize("method", METHODS)
def test_diamond_is_not_a_cycle_and_isolated_nodes_appear(method):
    edges = [(0, 1), (0, 2), (1, 3), (2, 3)]
    order = graphs.topological_sort(6, edges, method=method)
    assert_topological(6, edges, order)


@pytest.mark.slow
@pytest.mark.parametrize("method", METHODS)
def test_chain_of_a_million_nodes(method):
    n = 10**6
    edges = [(i + 1, i) for i in range(n - 1)]
    assert graphs.topological_sort(n, edges, method=method) == list(range(n - 1, -1, -1))


def test_agrees_with_graphlib_on_a_fixed_example():
    edges = [(3, 1), (1, 0), (2, 0), (3, 2)]
    ts = graphlib.TopologicalSorter({v: [] for v in range(4)})
    for u, v in edges:
        ts.add(v, u)
    ref = list(ts.static_order())
    assert_topological(4, edges, ref)
    assert_topological(4, edges, graphs.topological_sort(4, edges))


def test_toposort_errors_name_the_problem():
    with pytest.raises(ValueError, match=r"^method: expected 'kahn' or 'dfs', got 'bfs'"):
        graphs.topological_sort(1, [], method="bfs")
    with pytest.raises(ValueError, match=r"^edges\[3\]: node 7 is outside \[0, 5\)"):
        graphs.topological_sort(5, [(0, 1), (1, 2), (2, 3), (3, 7)])
    with pytest.raises(ValueError, match=r"^edges\[0\]: expected a pair"):
        graphs.topological_sort_dfs(5, [(0,)])
    with pytest.raises(ValueError, match=r"^n: expected a non-negative int, got -2"):
        graphs.topological_sort_kahn(-2, [])
