"""The redundant connection (LeetCode 684) against a networkx brute force."""

from __future__ import annotations

import copy
import random

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

import graphs
from graphs import pitfalls
from graphs.drill import problem as drills
from graphs.tools.strategies import tree_plus_edge_args


def brute_redundant(edges: list[list[int]]) -> list[int] | None:
    """The statement played out: from the last edge to the first, the first whose removal
    leaves a tree on ``1 .. n`` (networkx's ``is_tree``); None when no edge does."""
    n = len(edges)
    for i in reversed(range(n)):
        g = nx.MultiGraph()  # a repeated edge stays two edges
        g.add_nodes_from(range(1, n + 1))
        g.add_edges_from(map(tuple, edges[:i] + edges[i + 1 :]))
        if nx.is_tree(g):
            return list(edges[i])
    return None


def leetcode_inputs(max_nodes: int = 30) -> st.SearchStrategy[list[list[int]]]:
    return tree_plus_edge_args(max_nodes).map(lambda args: args["edges"])


@given(leetcode_inputs())
def test_agrees_with_the_networkx_brute_force(edges):
    assert graphs.find_redundant_connection(edges) == brute_redundant(edges)


@given(leetcode_inputs(), st.data())
def test_pairs_written_either_way_round_give_the_pair_as_written(edges, data):
    flipped = [[b, a] if data.draw(st.booleans()) else [a, b] for a, b in edges]
    assert graphs.find_redundant_connection(flipped) == brute_redundant(flipped)


@given(leetcode_inputs(8))
def test_the_answer_is_the_last_edge_of_the_one_cycle(edges):
    g = nx.Graph(map(tuple, edges))
    cycle = {frozenset(e[:2]) for e in nx.find_cycle(g)}
    last = max(i for i, e in enumerate(edges) if frozenset(e) in cycle)
    assert graphs.find_redundant_connection(edges) == edges[last]


@given(leetcode_inputs())
def test_the_input_is_not_mutated(edges):
    before = copy.deepcopy(edges)
    out = graphs.find_redundant_connection(edges)
    assert edges == before
    assert all(out is not e for e in edges)  # a new list, not one of the caller's pairs


@given(tree_plus_edge_args(40))
def test_the_strategy_stays_within_leetcodes_constraints(args):
    edges = args["edges"]
    n = len(edges)
    assert n >= 3
    assert all(1 <= a < b <= n for a, b in edges)
    assert len({tuple(e) for e in edges}) == n
    g = nx.Graph(map(tuple, edges))
    assert sorted(g) == list(range(1, n + 1)) and nx.is_connected(g)
    assert len(nx.cycle_basis(g)) == 1  # a tree plus one edge: exactly one cycle


def test_leetcodes_examples():
    d = drills.find(684)
    for args, answer in zip(d.examples, d.answers, strict=True):
        assert graphs.find_redundant_connection(**args) == answer
    assert graphs.find_redundant_connection([[1, 2], [1, 3], [2, 3]]) == [2, 3]
    assert graphs.find_redundant_connection([[1, 2], [2, 3], [3, 4], [1, 4], [1, 5]]) == [1, 4]


def test_a_self_loop_or_a_repeated_edge_is_the_extra_edge():
    assert graphs.find_redundant_connection([[1, 2], [2, 2], [2, 3]]) == [2, 2]
    assert graphs.find_redundant_connection([[1, 2], [2, 1], [2, 3]]) == [2, 1]
    assert graphs.find_redundant_connection([(1, 2), (1, 3), (3, 2)]) == [3, 2]  # tuples too


def test_the_largest_inputs_leetcode_gives():
    n = 1000
    path = [[i, i + 1] for i in range(1, n)]
    assert graphs.find_redundant_connection([*path, [1, n]]) == [1, n]
    assert graphs.find_redundant_connection([[1, n], *path]) == [n - 1, n]  # closes last
    star = [[1, i] for i in range(2, n + 1)]
    rng = random.Random(684)
    rng.shuffle(star)
    assert graphs.find_redundant_connection([*star, [500, 501]]) == [500, 501]


def test_a_long_input_costs_no_recursion():
    n = 200_000  # a path closed at its end: every find walks a long chain without halving
    edges = [[i, i + 1] for i in range(1, n)]
    assert graphs.find_redundant_connection([*edges, [1, n]]) == [1, n]


@pytest.mark.parametrize(
    ("bad", "error", "words"),
    [
        (5, TypeError, "edges: expected a list"),
        ("12", TypeError, "edges: expected a list"),
        ([[1, 2], [2, "3"], [1, 3]], TypeError, "edges[1]"),
        ([[1, 2], [True, 3], [1, 3]], TypeError, "edges[1]"),
        ([[1, 2], [2, 3], [1, 4]], ValueError, "edges[2]: node 4 is outside [1, 3]"),
        ([[1, 2], [0, 3], [1, 3]], ValueError, "edges[1]: node 0"),
        ([[1, 2], [2, 3, 1], [1, 3]], ValueError, "edges[1]: expected a pair"),
        ([[1, 2], 3, [1, 3]], ValueError, "edges[1]: expected a pair"),
        ([], ValueError, "edges: expected a tree"),
        ([[1, 2], [1, 2], [3, 4], [3, 4]], ValueError, "disconnected"),
    ],
)
def test_validation_errors_name_the_argument(bad, error, words):
    escaped = words.replace("[", r"\[").replace("]", r"\]")
    with pytest.raises(error, match=escaped):
        graphs.find_redundant_connection(bad)


def test_the_wrong_variants_fail_on_their_classic_inputs():
    first, parents = (pitfalls.find_redundant_connection_first_on_cycle,
                      pitfalls.find_redundant_connection_parent_compare)  # fmt: skip
    triangle = [[1, 2], [1, 3], [2, 3]]
    assert brute_redundant(triangle) == [2, 3] and first(triangle) == [1, 2]
    square = [[1, 2], [3, 4], [2, 3], [1, 4]]
    assert brute_redundant(square) == [1, 4] and parents(square) == []


def test_the_parent_compare_variant_passes_leetcodes_examples():
    d = drills.find(684)
    for args, answer in zip(d.examples, d.answers, strict=True):
        assert pitfalls.find_redundant_connection_parent_compare(**args) == answer


@given(leetcode_inputs())
def test_the_first_on_cycle_variant_is_never_right(edges):
    """A cycle has at least three edges, so its first edge in the input is never its last."""
    wrong = pitfalls.find_redundant_connection_first_on_cycle(edges)
    assert wrong != brute_redundant(edges)
    g = nx.Graph(map(tuple, edges))
    assert frozenset(wrong) in {frozenset(e[:2]) for e in nx.find_cycle(g)}  # still on the cycle


@given(leetcode_inputs())
def test_the_parent_compare_variant_is_right_on_stars_around_node_1(edges):
    """With every edge at node 1 but the extra one, each set stays a star and comparing
    parents is comparing roots."""
    n = len(edges)
    star = [[1, v] for v in range(2, n + 1)]
    extra = next(([a, b] for a in range(2, n + 1) for b in range(a + 1, n + 1)), None)
    if extra is not None:
        star.append(extra)
        assert pitfalls.find_redundant_connection_parent_compare(star) == brute_redundant(star)
