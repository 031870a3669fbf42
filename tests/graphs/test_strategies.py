"""The shared small graphs and grids (:mod:`graphs.tools.strategies`) keep the limits they are
given, and the gallery's defaults reach every small input (the empty ones included)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import find, given, settings
from hypothesis import strategies as st

from graphs.tools.strategies import (
    SQUARE_SIDES,
    adjacency_args,
    edge_lists,
    graph_args,
    grid_args,
    node_pairs,
    square_land_args,
)

QUIET = settings(database=None, derandomize=True, max_examples=2000)


@given(st.data(), st.integers(2, 7), st.booleans(), st.booleans())
def test_a_pair_is_written_as_asked(data, n, ordered, self_loops):
    a, b = data.draw(node_pairs(n, ordered=ordered, self_loops=self_loops))
    assert 0 <= a < n and 0 <= b < n
    assert a <= b or not ordered
    assert a != b or self_loops


@pytest.mark.parametrize(
    ("ordered", "self_loops"), list(itertools.product([False, True], repeat=2))
)
def test_every_pair_the_limits_allow_can_come(ordered, self_loops):
    n = 3
    allowed = {(a, b) for a in range(n) for b in range(n)
               if (a <= b or not ordered) and (a != b or self_loops)}  # fmt: skip
    seen = set()
    find(node_pairs(n, ordered=ordered, self_loops=self_loops),
         lambda pair: seen.add(tuple(pair)) or seen == allowed, settings=QUIET)  # fmt: skip
    assert seen == allowed


@given(st.data())
def test_graphs_keep_their_limits(data):
    limit = data.draw(st.integers(0, 5), label="capacity")
    args = data.draw(
        graph_args(min_nodes=2, min_pairs=1, capacity=lambda n: max(1, limit), ordered=True,
                   self_loops=False, distinct=True)
    )  # fmt: skip
    n, edges = args["n"], args["edges"]
    assert 2 <= n <= 6 and 1 <= len(edges) <= max(1, limit)
    assert len({tuple(e) for e in edges}) == len(edges)
    assert all(0 <= a < b < n for a, b in edges)


def test_the_gallery_graphs_reach_the_empty_graph_self_loops_and_repeats():
    assert find(graph_args(), lambda args: True, settings=QUIET) == {"n": 0, "edges": []}
    loop = find(graph_args(), lambda args: [0, 0] in args["edges"], settings=QUIET)
    assert loop == {"n": 1, "edges": [[0, 0]]}
    twice = find(edge_lists(2), lambda e: len(e) == 2 and e[0] == e[1] != [0, 0], settings=QUIET)
    assert twice[0] == twice[1]


def test_a_graph_with_no_room_for_a_pair_has_none():
    # one node and no self-loops: no pair is possible, so none is drawn (and nothing fails)
    args = find(graph_args(min_nodes=1, self_loops=False), lambda a: a["n"] == 1, settings=QUIET)
    assert args == {"n": 1, "edges": []}


@given(st.data(), st.integers(0, 3), st.integers(1, 4), st.integers(2, 3))
def test_grids_keep_their_sides_and_cells(data, min_side, side_limit, cells):
    side_limit = max(side_limit, min_side)
    grid = data.draw(grid_args(cells=cells, min_side=min_side, side_limit=side_limit))["grid"]
    assert min_side <= len(grid) <= side_limit
    assert all(min_side <= len(row) <= side_limit and len(row) == len(grid[0]) for row in grid)
    assert all(c in range(cells) for row in grid for c in row)


def test_the_gallery_grids_reach_the_empty_grids():
    assert find(grid_args(), lambda a: True, settings=QUIET) == {"grid": []}
    assert find(grid_args(), lambda a: len(a["grid"]) == 2, settings=QUIET) == {"grid": [[], []]}


@given(adjacency_args())
def test_adjacency_lists_start_at_node_0(args):
    adj = args["adj"]
    assert args["start"] == 0 and 1 <= len(adj) <= 6
    assert all(len(row) <= 4 and all(0 <= v < len(adj) for v in row) for row in adj)


def test_the_all_land_squares_are_the_ladder():
    assert find(square_land_args(), lambda a: True, settings=QUIET) == {"grid": [[1]]}
    assert tuple(sorted(SQUARE_SIDES)) == SQUARE_SIDES  # smallest first: it shrinks downwards
    for k in (2, 4):
        found = find(square_land_args((2, 4)), lambda a, k=k: len(a["grid"]) == k, settings=QUIET)
        assert found == {"grid": [[1] * k for _ in range(k)]}


@pytest.mark.parametrize(
    ("make", "kwargs", "error", "name"),
    [
        (node_pairs, {"n": -1}, ValueError, "n"),
        (node_pairs, {"n": 2.0}, TypeError, "n"),
        (edge_lists, {"n": 3, "max_pairs": 1, "min_pairs": 2}, ValueError, "min_pairs"),
        (graph_args, {"max_nodes": True}, TypeError, "max_nodes"),
        (grid_args, {"cells": 0}, ValueError, "cells"),
        (grid_args, {"side_limit": -1}, ValueError, "side_limit"),
        (adjacency_args, {"max_nodes": 0}, ValueError, "max_nodes"),
        (square_land_args, {"sides": ()}, ValueError, "sides"),
    ],
)
def test_bad_sizes_are_named(make, kwargs, error, name):
    with pytest.raises(error, match=f"^{name}: "):
        make(**kwargs)
