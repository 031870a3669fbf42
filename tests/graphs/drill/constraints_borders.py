"""LeetCode's constraints of the flood-fill-from-the-border problems, typed from their pages
(independent of the declarations in ``graphs/drill/problems/``)."""

from __future__ import annotations

from typing import Any


def _enclaves_violation(grid: Any) -> str | None:
    # 1020: m == grid.length, n == grid[i].length, 1 <= m, n <= 500, grid[i][j] is 0 or 1
    if not isinstance(grid, list) or not 1 <= len(grid) <= 500:
        return "1 <= m <= 500"
    if not all(isinstance(row, list) and len(row) == len(grid[0]) for row in grid):
        return "rows of n cells"
    if not 1 <= len(grid[0]) <= 500:
        return "1 <= n <= 500"
    if any(type(cell) is not int or cell not in (0, 1) for row in grid for cell in row):
        return "cells 0 or 1"
    return None


def _board_violation(board: Any) -> str | None:
    # 130: m == board.length, n == board[i].length, 1 <= m, n <= 200, board[i][j] is 'X' or 'O'
    if not isinstance(board, list) or not 1 <= len(board) <= 200:
        return "1 <= m <= 200"
    if not all(isinstance(row, list) and len(row) == len(board[0]) for row in board):
        return "rows of n cells"
    if not 1 <= len(board[0]) <= 200:
        return "1 <= n <= 200"
    if any(cell not in ("X", "O") or type(cell) is not str for row in board for cell in row):
        return "cells 'X' or 'O'"
    return None


CHECKERS = {1020: _enclaves_violation, 130: _board_violation}

# Wording of the last line unified with the other grid problems ("is either 0 or 1" on LeetCode).
LINES = {
    130: [
        "m == board.length",
        "n == board[i].length",
        "1 <= m, n <= 200",
        "board[i][j] is 'X' or 'O'",
    ],
    1020: ["m == grid.length", "n == grid[i].length", "1 <= m, n <= 500", "grid[i][j] is 0 or 1"],
}
