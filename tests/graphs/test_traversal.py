"""BFS/DFS orders and BFS distances against networkx."""

from __future__ import annotations

import copy

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

import graphs
from tests.graphs.strategies import adjacency_with_start


def to_digraph(adj: list[list[int]] | dict) -> nx.DiGraph:
    g = nx.DiGraph()
    items = enumerate(adj) if isinstance(adj, list) else adj.items()
    for u, nbrs in items:
        g.add_node(u)
        for v in nbrs:
            g.add_edge(u, v)
    return g


def is_valid_dfs_order(adj: list[list[int]], order: list[int]) -> bool:
    """Each next node must be a neighbour of the deepest stack node with unvisited neighbours."""
    if not order:
        return False
    visited = {order[0]}
    stack = [order[0]]
    for x in order[1:]:
        while stack and all(w in visited for w in adj[stack[-1]]):
            stack.pop()
        if not stack or x not in adj[stack[-1]] or x in visited:
            return False
        visited.add(x)
        stack.append(x)
    # nothing reachable is left: every stack node's neighbours are visited
    return all(w in visited for u in stack for w in adj[u])


def is_valid_bfs_order(adj: list[list[int]], start: int, order: list[int]) -> bool:
    """Replaying a FIFO queue over the order: each node's new neighbours come next, in order."""
    if not order or order[0] != start or len(set(order)) != len(order):
        return False
    seen = {start}
    expected = [start]
    for u in expected:
        for w in adj[u]:
            if w not in seen:
                seen.add(w)
                expected.append(w)
    return expected == order


@given(adjacency_with_start())
def test_bfs_order_is_the_fifo_order_over_the_reachable_set(case):
    adj, start = case
    order = graphs.bfs_order(adj, start)
    assert set(order) == set(nx.descendants(to_digraph(adj), start)) | {start}
    assert is_valid_bfs_order(adj, start, order)


@given(adjacency_with_start())
def test_bfs_order_is_nondecreasing_in_distance(case):
    adj, start = case
    dist = nx.single_source_shortest_path_length(to_digraph(adj), start)
    levels = [dist[u] for u in graphs.bfs_order(adj, start)]
    assert levels == sorted(levels)


@given(adjacency_with_start())
def test_shortest_path_lengths_equal_networkx(case):
    adj, start = case
    expected = nx.single_source_shortest_path_length(to_digraph(adj), start)
    assert graphs.shortest_path_lengths(adj, start) == expected


@given(adjacency_with_start())
def test_dfs_order_is_a_valid_dfs_order_and_equals_networkx_preorder(case):
    adj, start = case
    order = graphs.dfs_order(adj, start)
    assert is_valid_dfs_order(adj, order)
    g = to_digraph(adj)
    assert set(order) == set(nx.descendants(g, start)) | {start}
    assert order == list(nx.dfs_preorder_nodes(g, start))


@given(adjacency_with_start())
def test_traversals_do_not_mutate_the_input(case):
    adj, start = case
    before = copy.deepcopy(adj)
    graphs.bfs_order(adj, start)
    graphs.dfs_order(adj, start)
    graphs.shortest_path_lengths(adj, start)
    assert adj == before


@given(adjacency_with_start(), st.data())
def test_dict_adjacency_with_labels_matches_list_adjacency(case, data):
    adj, start = case
    labels = data.draw(st.permutations([f"v{i}" for i in range(len(adj))]))
    dadj = {labels[u]: [labels[v] for v in nbrs] for u, nbrs in enumerate(adj)}
    s = labels[start]
    assert graphs.bfs_order(dadj, s) == [labels[u] for u in graphs.bfs_order(adj, start)]
    assert graphs.dfs_order(dadj, s) == [labels[u] for u in graphs.dfs_order(adj, start)]
    dist = graphs.shortest_path_lengths(adj, start)
    assert graphs.shortest_path_lengths(dadj, s) == {labels[u]: d for u, d in dist.items()}


def test_small_examples():
    adj = [[1, 2], [3], [3], [], []]
    assert graphs.bfs_order(adj, 0) == [0, 1, 2, 3]
    assert graphs.dfs_order(adj, 0) == [0, 1, 3, 2]
    assert graphs.shortest_path_lengths(adj, 0) == {0: 0, 1: 1, 2: 1, 3: 2}
    assert graphs.bfs_order(adj, 4) == [4]
    assert graphs.bfs_order([[0, 0]], 0) == [0]  # self-loop, repeated


def test_dict_neighbour_that_is_not_a_key_is_a_sink():
    adj = {"a": ["b", "c"], "b": ["d"]}
    assert graphs.bfs_order(adj, "a") == ["a", "b", "c", "d"]
    assert graphs.dfs_order(adj, "a") == ["a", "b", "d", "c"]
    assert graphs.shortest_path_lengths(adj, "a") == {"a": 0, "b": 1, "c": 1, "d": 2}


@pytest.mark.slow
def test_dfs_on_a_path_of_a_million_nodes_does_not_recurse():
    n = 10**6
    adj = [[i + 1] for i in range(n - 1)] + [[]]
    order = graphs.dfs_order(adj, 0)
    assert len(order) == n and order[-1] == n - 1
    assert graphs.shortest_path_lengths(adj, 0)[n - 1] == n - 1


@pytest.mark.parametrize("func", [graphs.bfs_order, graphs.dfs_order])
def test_traversal_errors_name_the_argument(func):
    with pytest.raises(ValueError, match=r"^start: node 3 is outside \[0, 2\)"):
        func([[1], [0]], 3)
    with pytest.raises(ValueError, match="start: node 'z' is not a key of adj"):
        func({"a": []}, "z")
    with pytest.raises(TypeError, match="start: expected int, got bool"):
        func([[1], [0]], True)
    with pytest.raises(ValueError, match=r"adj\[1\]: node 5 is outside \[0, 2\)"):
        func([[1], [5]], 0)
    with pytest.raises(TypeError, match=r"adj\[0\]: expected int, got str"):
        func([["1"], []], 0)
    with pytest.raises(TypeError, match="adj: expected a dict of neighbour lists or a list"):
        func("abc", 0)
    with pytest.raises(TypeError, match=r"adj\[0\]: expected an iterable of neighbours, got int"):
        func([3], 0)
    with pytest.raises(TypeError, match=r"adj\['a'\]: neighbour \[1\] is not hashable"):
        func({"a": [[1]]}, "a")


def test_shortest_path_lengths_names_source():
    with pytest.raises(ValueError, match=r"^source: node -1 is outside \[0, 1\)"):
        graphs.shortest_path_lengths([[]], -1)
