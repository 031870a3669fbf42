"""The pitfalls of the shortest path on a grid (LeetCode 1091), found by the gallery."""

from __future__ import annotations

from typing import Any

import graphs
from graphs import pitfalls
from graphs.tools.counterexamples import declare
from graphs.tools.strategies import grid_args, top_left_square


def square_args() -> Any:
    """The gallery's small 0/1 grids from 1 x 1, cut to their top-left square (1091's n x n)."""
    return grid_args(min_side=1).map(top_left_square)


PATH_FOUR_MOVES = declare(
    mistake="BFS with four moves a step (up, down, left, right) instead of eight",
    what_goes_wrong=(
        "The clear path may step diagonally: through a corner shared by two clear cells, a "
        "four-way BFS finds no path (-1) or a longer one."
    ),
    wrong=pitfalls.shortest_path_four_moves,
    correct=graphs.shortest_path_binary_matrix,
    strategy=square_args,
    classic={"grid": [[0, 1], [1, 0]]},
)
