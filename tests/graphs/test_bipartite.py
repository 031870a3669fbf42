"""LeetCode 785 and 886 against networkx's ``is_bipartite`` on inputs within the constraints."""

from __future__ import annotations

import copy

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

import graphs
from graphs import pitfalls
from graphs.tools.counterexamples import (
    BIPARTITE_FROM_NODE_ZERO,
    BIPARTITION_UNCHECKED_SEEN,
    adjacency_lists,
)


@st.composite
def simple_graphs(draw: st.DrawFn, max_nodes: int = 12) -> tuple[int, list[list[int]]]:
    """``n`` in 1 .. max_nodes and distinct pairs ``a < b`` (no self-loops, no repeats)."""
    n = draw(st.integers(1, max_nodes))
    pairs = [[a, b] for a in range(n) for b in range(a + 1, n)]
    chosen = draw(st.lists(st.sampled_from(pairs), unique_by=tuple, max_size=30)) if pairs else []
    return n, chosen


def nx_bipartite(n: int, edges: list[list[int]]) -> bool:
    g = nx.Graph()
    g.add_nodes_from(range(n))
    g.add_edges_from(map(tuple, edges))
    return nx.is_bipartite(g)


@given(simple_graphs())
def test_is_bipartite_agrees_with_networkx(case: tuple[int, list[list[int]]]) -> None:
    n, edges = case
    graph = adjacency_lists(n, edges)
    before = copy.deepcopy(graph)
    assert graphs.is_bipartite(graph) == nx_bipartite(n, edges)
    assert graph == before  # the input is not changed


@given(simple_graphs(max_nodes=30))
def test_possible_bipartition_agrees_with_networkx(case: tuple[int, list[list[int]]]) -> None:
    n, edges = case
    dislikes = [[a + 1, b + 1] for a, b in edges]
    before = copy.deepcopy(dislikes)
    assert graphs.possible_bipartition(n, dislikes) == nx_bipartite(n, edges)
    assert dislikes == before


def test_leetcode_examples() -> None:
    assert graphs.is_bipartite([[1, 2, 3], [0, 2], [0, 1, 3], [0, 2]]) is False
    assert graphs.is_bipartite([[1, 3], [0, 2], [1, 3], [0, 2]]) is True
    assert graphs.possible_bipartition(4, [[1, 2], [1, 3], [2, 4]]) is True
    assert graphs.possible_bipartition(3, [[1, 2], [1, 3], [2, 3]]) is False


def test_deep_components_do_not_recurse() -> None:
    n = 100_000
    path = [[i, i + 1] for i in range(1, n)]
    assert graphs.possible_bipartition(n, path) is True
    assert graphs.possible_bipartition(n, [*path, [1, n - 1]]) is False  # a ring of n - 1 nodes


@pytest.mark.parametrize(
    ("call", "error", "names"),
    [
        (lambda: graphs.is_bipartite("ab"), TypeError, "graph"),
        (lambda: graphs.is_bipartite([[1], ["0"]]), TypeError, "graph[1]"),
        (lambda: graphs.is_bipartite([[1], [2]]), ValueError, "graph[1]"),
        (lambda: graphs.is_bipartite([[1], []]), ValueError, "graph[0]"),
        (lambda: graphs.possible_bipartition(-1, []), ValueError, "n"),
        (lambda: graphs.possible_bipartition(True, []), TypeError, "n"),
        (lambda: graphs.possible_bipartition(3, [[0, 1]]), ValueError, "dislikes[0]"),
        (lambda: graphs.possible_bipartition(3, [[1, 2, 3]]), ValueError, "dislikes[0]"),
        (lambda: graphs.possible_bipartition(3, None), TypeError, "dislikes"),
    ],
)
def test_validation_names_the_argument(call, error, names) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(error, match=rf"^{names.replace('[', '.').replace(']', '.')}"):
        call()


def test_wrong_variants_disagree_on_their_classic_example() -> None:
    for pitfall in (BIPARTITE_FROM_NODE_ZERO, BIPARTITION_UNCHECKED_SEEN):
        n, edges = pitfall.classic["n"], pitfall.classic["edges"]
        assert pitfall.wrong_outcome(pitfall.classic) == {"returns": True}
        assert pitfall.correct_outcome(pitfall.classic) == {"returns": nx_bipartite(n, edges)}
        assert nx_bipartite(n, edges) is False
    assert pitfalls.is_bipartite_from_node_zero([[1], [0]]) is True  # right where connected
