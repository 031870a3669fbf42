"""LeetCode's constraints of the shortest path on a grid, typed from its page (independent of
the declarations in ``graphs/drill/problems/``)."""

from __future__ import annotations

from typing import Any


def _square_violation(grid: Any) -> str | None:
    # 1091: n == grid.length, n == grid[i].length, 1 <= n <= 100, grid[i][j] is 0 or 1
    if not isinstance(grid, list) or not 1 <= len(grid) <= 100:
        return "1 <= n <= 100"
    if not all(isinstance(row, list) and len(row) == len(grid) for row in grid):
        return "n x n"
    if any(type(cell) is not int or cell not in (0, 1) for row in grid for cell in row):
        return "cells 0 or 1"
    return None


CHECKERS = {1091: _square_violation}

# Wording of the last line unified with the other grid problems ("is 0 or 1" on LeetCode).
LINES = {
    1091: ["n == grid.length", "n == grid[i].length", "1 <= n <= 100", "grid[i][j] is 0 or 1"],
}
