"""Wrong variants of the flood fill from the border (LeetCode 1020, 130).

==================================  ===================================
wrong variant                       mistake
==================================  ===================================
``num_enclaves_keeps_border_land``  the border's own land left unmarked
``capture_all_inner``               every inner ``'O'`` flipped
==================================  ===================================

The correct versions are :func:`graphs.num_enclaves` and :func:`graphs.capture_surrounded`.

Do not use these functions for anything but demonstrations. They are not exported by
:mod:`graphs` and do only the validation needed to fail in the intended way.
"""

from __future__ import annotations

from typing import Any

__all__ = ["capture_all_inner", "num_enclaves_keeps_border_land"]


def num_enclaves_keeps_border_land(grid: list[list[Any]]) -> int:
    """LeetCode 1020 with the flood fill started from the border's land, but only the cells it
    *reaches* are sunk: the border cells it starts from are never marked, so a land cell on the
    edge with no land neighbour inward is counted as an enclave.

    Examples
    --------
    >>> num_enclaves_keeps_border_land([[1]])  # the right answer is 0
    1
    """
    h, w = len(grid), len(grid[0]) if grid else 0
    seen = [[False] * w for _ in range(h)]
    stack = []
    for r in range(h):
        for c in range(w):
            if grid[r][c] == 1 and (r in (0, h - 1) or c in (0, w - 1)):
                stack.append((r, c))  # the start, never marked seen
    while stack:
        r, c = stack.pop()
        for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= nr < h and 0 <= nc < w and grid[nr][nc] == 1 and not seen[nr][nc]:
                seen[nr][nc] = True
                stack.append((nr, nc))
    return sum(grid[r][c] == 1 and not seen[r][c] for r in range(h) for c in range(w))


def capture_all_inner(board: list[list[str]]) -> list[list[str]]:
    """LeetCode 130 read as "only the ``'O'`` on the edge survive": every ``'O'`` not on the
    edge is flipped, also those joined to an edge ``'O'`` through other ``'O'`` cells. Returns a
    new board, as :func:`graphs.capture_surrounded` does.

    Examples
    --------
    >>> capture_all_inner([["X", "O", "X"], ["X", "O", "X"], ["X", "X", "X"]])  # (1, 1) stays
    [['X', 'O', 'X'], ['X', 'X', 'X'], ['X', 'X', 'X']]
    """
    h = len(board)
    return [
        [cell if r in (0, h - 1) or c in (0, len(row) - 1) else "X" for c, cell in enumerate(row)]
        for r, row in enumerate(board)
    ]
