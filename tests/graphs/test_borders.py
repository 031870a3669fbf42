"""Flood fill from the border (LeetCode 1020, 130) against networkx and a brute force."""

from __future__ import annotations

import copy

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

import graphs
from graphs import pitfalls
from graphs.drill import problem as drills

SEA, LAND = 0, 1


@st.composite
def land_grids(draw: st.DrawFn, max_side: int = 9) -> list[list[int]]:
    """0/1 grids from 1 x 1 (LeetCode's ``1 <= m, n``), sides kept small for shrinking."""
    h = draw(st.integers(1, max_side))
    w = draw(st.integers(1, max_side))
    cell = st.sampled_from([SEA, LAND, LAND])
    return draw(st.lists(st.lists(cell, min_size=w, max_size=w), min_size=h, max_size=h))


def networkx_enclaves(grid: list[list[int]]) -> int:
    """Land cells not connected in the grid graph (land only) to an extra node "outside" joined
    to every land cell on the edge."""
    h, w = len(grid), len(grid[0])
    g = nx.grid_2d_graph(h, w)
    g.remove_nodes_from([(r, c) for r, c in list(g) if grid[r][c] == SEA])
    edge = [(r, c) for r, c in g if r in (0, h - 1) or c in (0, w - 1)]
    g.add_node("outside")
    g.add_edges_from(("outside", node) for node in edge)
    return len(g) - len(nx.node_connected_component(g, "outside"))


def brute_surrounded(board: list[list[str]]) -> list[list[str]]:
    """The statement played out: repeatedly, an 'O' next to the edge or to a kept 'O' is kept;
    when nothing changes, every other 'O' becomes 'X'."""
    h, w = len(board), len(board[0])
    kept = {(r, c) for r in range(h) for c in range(w)
            if board[r][c] == "O" and (r in (0, h - 1) or c in (0, w - 1))}  # fmt: skip
    changed = True
    while changed:
        changed = False
        for r in range(h):
            for c in range(w):
                if (
                    board[r][c] == "O"
                    and (r, c) not in kept
                    and any(
                        (r + dr, c + dc) in kept for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                    )
                ):
                    kept.add((r, c))
                    changed = True
    return [["O" if (r, c) in kept else "X" for c in range(w)] for r in range(h)]


def as_board(grid: list[list[int]]) -> list[list[str]]:
    return [["O" if cell else "X" for cell in row] for row in grid]


@given(land_grids())
def test_enclaves_agree_with_networkx(grid):
    assert graphs.num_enclaves(grid) == networkx_enclaves(grid)


@given(land_grids())
def test_surrounded_regions_agree_with_the_brute_force(grid):
    board = as_board(grid)
    assert graphs.capture_surrounded(board) == brute_surrounded(board)


@given(land_grids())
def test_surrounded_keeps_exactly_the_land_that_is_not_enclaved(grid):
    """Two problems, one fill: the 'O's flipped are 1020's enclaves."""
    before = as_board(grid)
    after = graphs.capture_surrounded(before)
    flipped = sum(
        a != b for ra, rb in zip(before, after, strict=True) for a, b in zip(ra, rb, strict=True)
    )
    assert flipped == graphs.num_enclaves(grid)


def test_leetcodes_examples():
    d = drills.find(1020)
    for args, answer in zip(d.examples, d.answers, strict=True):
        assert graphs.num_enclaves(**args) == answer
    board = [["X", "X", "X", "X"], ["X", "O", "O", "X"], ["X", "X", "O", "X"], ["X", "O", "X", "X"]]
    assert graphs.capture_surrounded(board) == [
        ["X", "X", "X", "X"], ["X", "X", "X", "X"], ["X", "X", "X", "X"], ["X", "O", "X", "X"]
    ]  # fmt: skip
    assert graphs.capture_surrounded([["X"]]) == [["X"]]


def test_the_largest_grids_leetcode_gives():
    assert graphs.num_enclaves([[LAND] * 500 for _ in range(500)]) == 0
    moat = [[LAND] * 500 for _ in range(500)]
    for i in range(1, 499):
        moat[1][i] = moat[498][i] = moat[i][1] = moat[i][498] = SEA
    assert graphs.num_enclaves(moat) == 496 * 496
    board = as_board(moat)
    assert sum(row.count("O") for row in graphs.capture_surrounded(board)) == 4 * 499


@given(land_grids())
def test_inputs_are_not_mutated(grid):
    board = as_board(grid)
    grid_copy, board_copy = copy.deepcopy(grid), copy.deepcopy(board)
    graphs.num_enclaves(grid)
    out = graphs.capture_surrounded(board)
    assert grid == grid_copy and board == board_copy
    assert out is not board and all(a is not b for a, b in zip(out, board, strict=True))


def test_empty_inputs():
    assert graphs.num_enclaves([]) == 0 and graphs.num_enclaves([[]]) == 0
    assert graphs.capture_surrounded([]) == [] and graphs.capture_surrounded([[]]) == [[]]


@pytest.mark.parametrize(
    ("func", "bad", "error", "words"),
    [
        (graphs.num_enclaves, [[0, 2]], ValueError, "grid[0][1]"),
        (graphs.num_enclaves, [[0, 1], [1]], ValueError, "grid"),
        (graphs.num_enclaves, [["1"]], TypeError, "grid[0][0]"),
        (graphs.num_enclaves, 5, TypeError, "grid"),
        (graphs.capture_surrounded, [["X", "o"]], ValueError, "board[0][1]"),
        (graphs.capture_surrounded, [["X"], ["X", "O"]], ValueError, "board"),
        (graphs.capture_surrounded, [[1]], TypeError, "board[0][0]"),
        (graphs.capture_surrounded, ["XO"], TypeError, "board[0]"),
        (graphs.capture_surrounded, "XO", TypeError, "board"),
    ],
)
def test_validation_errors_name_the_argument(func, bad, error, words):
    with pytest.raises(error, match=words.replace("[", r"\[").replace("]", r"\]")):
        func(bad)


def test_the_wrong_variant_disagrees_with_the_oracle_on_the_classic_example():
    grid = [[1, 0], [0, 0]]
    assert networkx_enclaves(grid) == 0
    assert pitfalls.num_enclaves_keeps_border_land(grid) == 1


@given(land_grids())
def test_the_wrong_variant_is_right_when_no_border_land_is_alone(grid):
    """The mistake shows only where a border land cell is reached by no other fill: on grids
    whose border is all sea, the wrong variant and the oracle agree."""
    h, w = len(grid), len(grid[0])
    sealed = [[grid[r][c] if 0 < r < h - 1 and 0 < c < w - 1 else SEA for c in range(w)]
              for r in range(h)]  # fmt: skip
    assert pitfalls.num_enclaves_keeps_border_land(sealed) == networkx_enclaves(sealed)
