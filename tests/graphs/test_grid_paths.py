"""Shortest path in a binary matrix (LeetCode 1091) against networkx on the 8-neighbour graph."""

from __future__ import annotations

import copy
import dataclasses

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

import graphs
from graphs import pitfalls
from graphs.drill import kinds
from graphs.drill.limits import GridLimits
from graphs.tools.strategies import top_left_square

CLEAR, BLOCKED = 0, 1


@st.composite
def square_grids(draw: st.DrawFn, max_side: int = 9) -> list[list[int]]:
    """n x n grids of 0/1 from 1 x 1 (LeetCode's ``1 <= n``), mostly clear so paths exist."""
    n = draw(st.integers(1, max_side))
    cell = st.sampled_from([CLEAR, CLEAR, BLOCKED])
    return draw(st.lists(st.lists(cell, min_size=n, max_size=n), min_size=n, max_size=n))


def networkx_length(grid: list[list[int]]) -> int:
    """Nodes on networkx's shortest path over the clear cells, the king's moves as edges."""
    n = len(grid)
    g = nx.Graph()
    clear = [(r, c) for r in range(n) for c in range(n) if grid[r][c] == CLEAR]
    g.add_nodes_from(clear)
    for r, c in clear:
        for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
            if (r + dr, c + dc) in g:
                g.add_edge((r, c), (r + dr, c + dc))
    try:
        return nx.shortest_path_length(g, (0, 0), (n - 1, n - 1)) + 1
    except (nx.NodeNotFound, nx.NetworkXNoPath):
        return -1


@given(square_grids())
def test_agrees_with_networkx_and_leaves_the_grid_alone(grid):
    before = copy.deepcopy(grid)
    assert graphs.shortest_path_binary_matrix(grid) == networkx_length(grid)
    assert grid == before


@given(st.integers(1, 100))
def test_a_clear_grid_takes_the_diagonal(n):
    assert graphs.shortest_path_binary_matrix([[CLEAR] * n for _ in range(n)]) == n


def test_leetcodes_examples_and_blocked_corners():
    assert graphs.shortest_path_binary_matrix([[0, 1], [1, 0]]) == 2
    assert graphs.shortest_path_binary_matrix([[0, 0, 0], [1, 1, 0], [1, 1, 0]]) == 4
    assert graphs.shortest_path_binary_matrix([[1, 0, 0], [1, 1, 0], [1, 1, 0]]) == -1
    assert graphs.shortest_path_binary_matrix([[0, 0], [0, 1]]) == -1
    assert graphs.shortest_path_binary_matrix([[0]]) == 1
    assert graphs.shortest_path_binary_matrix([[1]]) == -1


@pytest.mark.parametrize(
    ("grid", "error", "words"),
    [
        ([], ValueError, "empty"),
        ([[0, 0, 0], [0, 0, 0]], ValueError, "n x n"),
        ([[0, 2], [0, 0]], ValueError, "grid[0][1]"),
        ([[0, 0], [0]], ValueError, "grid"),
        ("00", TypeError, "grid"),
        ([[0, "1"], [0, 0]], TypeError, "grid[0][1]"),
    ],
)
def test_bad_grids_are_named(grid, error, words):
    with pytest.raises(error, match=words.replace("[", r"\[").replace("]", r"\]")):
        graphs.shortest_path_binary_matrix(grid)


def test_the_wrong_variant_moves_four_ways_only():
    diagonal = [[0, 1], [1, 0]]
    assert pitfalls.shortest_path_four_moves(diagonal) == -1
    assert graphs.shortest_path_binary_matrix(diagonal) == 2


# ------------------------------------------------------- the drill's n x n grids (square=True)


SQUARE = GridLimits(max_side=6, cells=(0, 1), names=("빈 칸", "막힘"), square=True)


@given(st.data())
def test_the_drills_small_grids_are_square_when_asked(data):
    grid = data.draw(kinds.grid(SQUARE).strategy())["grid"]
    assert 1 <= len(grid) <= SQUARE.max_side
    assert all(len(row) == len(grid) for row in grid)
    assert SQUARE.violation({"grid": grid}) is None


def test_a_square_limit_refuses_rectangles_and_writes_one_side():
    assert (
        SQUARE.violation({"grid": [[0, 0, 0], [0, 0, 0]]}) == "2 x 3: expected a square n x n grid"
    )
    assert SQUARE.violation({"grid": [[0, 1], [1, 0]]}) is None
    assert SQUARE.lines()[:3] == ["n == grid.length", "n == grid[i].length", "1 <= n <= 6"]
    rectangles = dataclasses.replace(SQUARE, square=False)
    assert rectangles.violation({"grid": [[0, 0, 0], [0, 0, 0]]}) is None
    assert rectangles.lines()[2] == "1 <= m, n <= 6"


@pytest.mark.parametrize(
    ("grid", "square"),
    [
        ([[0, 1, 1], [1, 0, 0]], [[0, 1], [1, 0]]),
        ([[1], [0], [0]], [[1]]),
        ([[0, 1], [1, 0]], [[0, 1], [1, 0]]),
        ([], []),
    ],
)
def test_top_left_square_cuts_a_rectangle_to_its_first_square(grid, square):
    assert top_left_square({"grid": grid}) == {"grid": square}
