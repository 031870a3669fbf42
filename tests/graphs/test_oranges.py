"""Rotting oranges (LeetCode 994) against networkx distances and a minute-by-minute simulation."""

from __future__ import annotations

import copy

import networkx as nx
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import graphs
from graphs.drill import problem as drills

EMPTY, FRESH, ROTTEN = 0, 1, 2


@st.composite
def orange_grids(draw: st.DrawFn, max_side: int = 8) -> list[list[int]]:
    """Grids of 0/1/2 from 1 x 1, more fresh oranges than anything else."""
    h = draw(st.integers(1, max_side))
    w = draw(st.integers(1, max_side))
    cell = st.sampled_from([EMPTY, FRESH, FRESH, FRESH, ROTTEN])
    return draw(st.lists(st.lists(cell, min_size=w, max_size=w), min_size=h, max_size=h))


def networkx_minutes(grid: list[list[int]]) -> int:
    """One extra node joined to every rotten orange; an orange rots at its distance - 1."""
    g = nx.grid_2d_graph(len(grid), len(grid[0]))
    g.remove_nodes_from([(r, c) for r, c in list(g) if grid[r][c] == EMPTY])
    g.add_edges_from(("source", node) for node in list(g) if grid[node[0]][node[1]] == ROTTEN)
    g.add_node("source")
    distance = nx.single_source_shortest_path_length(g, "source")
    fresh = [node for node in g if node != "source" and grid[node[0]][node[1]] == FRESH]
    if any(node not in distance for node in fresh):
        return -1
    return max((distance[node] - 1 for node in fresh), default=0)


def simulated_minutes(grid: list[list[int]]) -> int:
    """The statement played out: each minute, every fresh orange next to a rotten one rots."""
    state = [list(row) for row in grid]
    h, w = len(state), len(state[0])
    minutes = 0
    while True:
        rotting = [
            (r, c)
            for r in range(h)
            for c in range(w)
            if state[r][c] == FRESH
            and any(
                0 <= r + dr < h and 0 <= c + dc < w and state[r + dr][c + dc] == ROTTEN
                for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
            )
        ]
        if not rotting:
            break
        for r, c in rotting:  # all at once: an orange rotting now spreads from the next minute
            state[r][c] = ROTTEN
        minutes += 1
    return -1 if any(FRESH in row for row in state) else minutes


@given(orange_grids())
def test_minutes_equal_the_largest_distance_from_the_rotten_oranges(grid):
    assert graphs.oranges_rotting(grid) == networkx_minutes(grid)


@given(orange_grids(max_side=6))
def test_minutes_equal_a_minute_by_minute_simulation(grid):
    assert graphs.oranges_rotting(grid) == simulated_minutes(grid)


@given(orange_grids())
def test_the_grid_is_not_changed_and_other_containers_agree(grid):
    before = copy.deepcopy(grid)
    answer = graphs.oranges_rotting(grid)
    assert grid == before
    assert graphs.oranges_rotting([tuple(row) for row in grid]) == answer
    assert graphs.oranges_rotting(tuple(map(tuple, grid))) == answer
    array = np.array(grid)
    assert graphs.oranges_rotting(array) == answer
    assert graphs.oranges_rotting(array.astype(np.int8)) == answer
    assert (array == np.array(before)).all()


def test_leetcode_994_examples():
    assert graphs.oranges_rotting([[2, 1, 1], [1, 1, 0], [0, 1, 1]]) == 4
    assert graphs.oranges_rotting([[2, 1, 1], [0, 1, 1], [1, 0, 1]]) == -1
    assert graphs.oranges_rotting([[0, 2]]) == 0
    d = drills.find(994)
    assert [graphs.oranges_rotting(**e) for e in d.examples] == list(d.answers) == [4, -1, 0]


@pytest.mark.parametrize(
    ("grid", "answer"),
    [
        ([], 0),  # no rows: nothing is fresh (outside LeetCode's constraints)
        ([[]], 0),
        ([[0]], 0),  # no orange at all
        ([[2]], 0),
        ([[1]], -1),  # fresh, and nothing rotten to start from
        ([[2, 0, 1]], -1),  # walled off by an empty cell
        ([[1, 2, 1]], 1),  # both sides in the same minute
        ([[2, 1, 1, 1]], 3),
        ([[2, 1], [1, 2]], 1),  # two sources at once, not one after the other
    ],
)
def test_edge_cases(grid, answer):
    assert graphs.oranges_rotting(grid) == answer


def test_a_long_snake_and_a_big_grid_need_no_recursion():
    k = 300  # far beyond LeetCode's 10 x 10: the BFS is a loop, not a recursion
    corner = [[FRESH] * k for _ in range(k)]
    corner[0][0] = ROTTEN
    assert graphs.oranges_rotting(corner) == 2 * k - 2
    snake = [[EMPTY] * k for _ in range(k)]
    for r in range(0, k, 2):
        snake[r] = [FRESH] * k
        if r + 2 < k:
            snake[r + 1][k - 1 if r % 4 == 0 else 0] = FRESH
    snake[0][0] = ROTTEN
    cells = sum(map(sum, snake)) - 1  # every cell of the path, the rotten head counted once
    assert graphs.oranges_rotting(snake) == cells - 1


@pytest.mark.parametrize(
    ("grid", "error", "message"),
    [
        (5, TypeError, r"^grid: expected a list of rows, got int"),
        ({(1, 2)}, TypeError, r"^grid: expected a list of rows, got set \(unordered"),
        ({0: [1]}, TypeError, r"^grid: expected a list of rows, got dict"),
        (np.array(2), TypeError, r"^grid: expected a list of rows \(a 2-D array\), got a 0-d"),
        ([5], TypeError, r"^grid\[0\]: expected a row of int cells, got int"),
        (["212"], TypeError, r"^grid\[0\]: expected a row of int cells, got str"),
        ([[2, 1], {1, 2}], TypeError, r"^grid\[1\]: expected a row of int cells, got set"),
        ([["2", "1"]], TypeError, r"^grid\[0\]\[0\]: expected an int cell 0 \.\. 2, got str '2'"),
        ([[2, True]], TypeError, r"^grid\[0\]\[1\]: expected an int cell 0 \.\. 2, got bool"),
        ([[2, 1.0]], TypeError, r"^grid\[0\]\[1\]: expected an int cell 0 \.\. 2, got float"),
        ([[2, 1], [1, 3]], ValueError, r"^grid\[1\]\[1\]: unknown cell value 3; expected 0 \.\. 2"),
        ([[-1]], ValueError, r"^grid\[0\]\[0\]: unknown cell value -1"),
        ([[2, 1, 1], [1, 1]], ValueError, r"^grid: row 1 has 2 cells, expected 3"),
    ],
)
def test_bad_input_is_refused_naming_grid(grid, error, message):
    with pytest.raises(error, match=message):
        graphs.oranges_rotting(grid)
