"""Island count and largest island (LeetCode 200, 695) against the components of the grid graph."""

from __future__ import annotations

import copy

import networkx as nx
import numpy as np
import pytest
from hypothesis import given

import graphs
from graphs.drill import problem as drills
from tests.graphs.strategies import grids

LAND = {"1", 1}


def grid_graph(grid, diagonal=False) -> nx.Graph:
    g = nx.Graph()
    cells = {(r, c) for r, row in enumerate(grid) for c, x in enumerate(row) if x in LAND}
    g.add_nodes_from(cells)
    steps = [(0, 1), (1, 0)] + ([(1, 1), (1, -1)] if diagonal else [])
    for r, c in cells:
        for dr, dc in steps:
            if (r + dr, c + dc) in cells:
                g.add_edge((r, c), (r + dr, c + dc))
    return g


@given(grids())
def test_num_islands_equals_components_of_the_grid_graph(grid):
    assert graphs.num_islands(grid) == nx.number_connected_components(grid_graph(grid))


@given(grids())
def test_diagonal_islands_equal_components_of_the_king_graph(grid):
    g = grid_graph(grid, diagonal=True)
    assert graphs.num_islands(grid, diagonal=True) == nx.number_connected_components(g)


@given(grids())
def test_max_area_equals_the_largest_component(grid):
    g = grid_graph(grid)
    expected = max((len(c) for c in nx.connected_components(g)), default=0)
    assert graphs.max_area_of_island(grid) == expected
    gd = grid_graph(grid, diagonal=True)
    expected_d = max((len(c) for c in nx.connected_components(gd)), default=0)
    assert graphs.max_area_of_island(grid, diagonal=True) == expected_d


@given(grids())
def test_islands_do_not_mutate_and_cell_forms_agree(grid):
    before = copy.deepcopy(grid)
    count = graphs.num_islands(grid)
    graphs.max_area_of_island(grid)
    assert grid == before
    as_str = [["1" if x in LAND else "0" for x in row] for row in grid]
    as_bool = [[x in LAND for x in row] for row in grid]
    as_rowstr = ["".join(row) for row in as_str]
    assert graphs.num_islands(as_str) == graphs.num_islands(as_bool) == count
    assert graphs.num_islands(as_rowstr) == count
    assert graphs.num_islands([tuple(row) for row in grid]) == count


def test_leetcode_200_examples():
    grid1 = [
        ["1", "1", "1", "1", "0"],
        ["1", "1", "0", "1", "0"],
        ["1", "1", "0", "0", "0"],
        ["0", "0", "0", "0", "0"],
    ]
    grid2 = [
        ["1", "1", "0", "0", "0"],
        ["1", "1", "0", "0", "0"],
        ["0", "0", "1", "0", "0"],
        ["0", "0", "0", "1", "1"],
    ]
    assert graphs.num_islands(grid1) == 1
    assert graphs.num_islands(grid2) == 3


def test_leetcode_695_examples():
    # LeetCode's two examples, as the drill declares them (one copy of the data)
    example1, example2 = (e["grid"] for e in drills.find(695).examples)
    assert graphs.max_area_of_island(example1) == 6
    assert graphs.max_area_of_island(example2) == 0


def test_empty_and_border_cases():
    assert graphs.num_islands([]) == 0
    assert graphs.num_islands([[], []]) == 0
    assert graphs.max_area_of_island([]) == 0
    assert graphs.num_islands([[1, 0, 1]]) == 2  # no wrap-around between columns
    assert graphs.num_islands([[1], [0], [1]]) == 2  # no wrap-around between rows
    assert graphs.num_islands([[1, 0], [0, 1]], diagonal=True) == 1
    assert graphs.num_islands([[0, 1], [1, 0]], diagonal=True) == 1
    assert graphs.num_islands([[1, 0], [0, 0], [0, 1]], diagonal=True) == 2


@pytest.mark.slow
def test_leetcode_limit_and_100x_cells_all_land():
    assert graphs.num_islands([["1"] * 300 for _ in range(300)]) == 1
    assert graphs.max_area_of_island([[1] * 3000 for _ in range(3000)]) == 3000 * 3000


def test_checkerboard_has_one_island_per_land_cell():
    grid = [[(r + c) % 2 for c in range(200)] for r in range(200)]
    assert graphs.num_islands(grid) == 200 * 200 // 2
    assert graphs.num_islands(grid, diagonal=True) == 1


def test_island_errors_name_the_problem():
    with pytest.raises(ValueError, match=r"^grid: row 2 has 3 cells, expected 4"):
        graphs.num_islands([[0] * 4, [0] * 4, [0] * 3])
    with pytest.raises(ValueError, match=r"^grid\[1\]\[2\]: unknown cell value 2"):
        graphs.num_islands([[0, 0, 0], [0, 1, 2]])
    with pytest.raises(ValueError, match=r"^grid\[0\]\[1\]: unknown cell value 'x'"):
        graphs.max_area_of_island([["1", "x"]])
    with pytest.raises(ValueError, match=r"^grid\[0\]\[0\]: unknown cell value 1.0"):
        graphs.num_islands([[1.0]])
    with pytest.raises(ValueError, match=r"^grid\[0\]\[1\]: unknown cell value ' '"):
        graphs.num_islands(["1 1"])
    with pytest.raises(TypeError, match=r"^grid: expected a list of rows, got int"):
        graphs.num_islands(5)
    with pytest.raises(TypeError, match=r"^grid\[0\]: expected a row of cells, got int"):
        graphs.num_islands([1, 0])
    with pytest.raises(TypeError, match=r"^diagonal: expected bool, got int"):
        graphs.num_islands([[1]], diagonal=1)


LEETCODE_GRID = [
    ["1", "1", "0", "0", "0"],
    ["1", "1", "0", "0", "0"],
    ["0", "0", "1", "0", "0"],
    ["0", "0", "0", "1", "1"],
]


def test_leetcodes_grid_as_a_numpy_string_array_is_accepted():
    arr = np.array(LEETCODE_GRID)
    assert arr.dtype == np.dtype("<U1")
    g = grid_graph(LEETCODE_GRID)
    assert graphs.num_islands(arr) == nx.number_connected_components(g) == 3
    assert graphs.max_area_of_island(arr) == max(map(len, nx.connected_components(g))) == 4
    assert graphs.num_islands(np.array(["11000", "11000", "00100", "00011"])) == 3


@given(grids())
def test_a_numpy_array_of_the_grid_gives_the_list_answers(grid):
    arr = np.array(grid)  # dtype <U1, int64 or bool, as the strategy's cells are
    g = grid_graph(grid)
    components = nx.number_connected_components(g)
    largest = max(map(len, nx.connected_components(g)), default=0)
    assert graphs.num_islands(arr) == graphs.num_islands(grid) == components
    assert graphs.max_area_of_island(arr) == graphs.max_area_of_island(grid) == largest
    g8 = grid_graph(grid, diagonal=True)
    assert graphs.num_islands(arr, diagonal=True) == nx.number_connected_components(g8)


@pytest.mark.parametrize(
    ("grid", "where"),
    [
        ([{"1", "0"}], r"grid\[0\]"),
        ([[1, 0], {0, 1}], r"grid\[1\]"),
        ([frozenset({1})], r"grid\[0\]"),
        ([{1: 1, 0: 0}.keys()], r"grid\[0\]"),
        ({(1, 0), (0, 1)}, r"grid"),
    ],
)
def test_an_unordered_row_or_grid_is_refused(grid, where):
    for func in (graphs.num_islands, graphs.max_area_of_island):
        with pytest.raises(TypeError, match=rf"^{where}: expected a .*(set|keys).*unordered"):
            func(grid)


@pytest.mark.parametrize("grid", [np.array(5), np.array("1"), np.array(True)])
def test_a_0d_array_is_a_named_type_error(grid):
    with pytest.raises(TypeError, match=r"^grid: expected a list of rows .*got a 0-d array"):
        graphs.num_islands(grid)
    with pytest.raises(TypeError, match=r"^grid\[1\]: expected a row of cells, got a 0-d array"):
        graphs.max_area_of_island([[1], grid])
