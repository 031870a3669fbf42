"""Wrong variants of the shortest path on a grid (LeetCode 1091).

==============================  ===================================
wrong variant                   mistake
==============================  ===================================
``shortest_path_four_moves``    four moves a step instead of eight
==============================  ===================================

The correct version is :func:`graphs.shortest_path_binary_matrix`.

Do not use these functions for anything but demonstrations. They are not exported by
:mod:`graphs` and do only the validation needed to fail in the intended way.
"""

from __future__ import annotations

from collections import deque
from typing import Any

__all__ = ["shortest_path_four_moves"]


def shortest_path_four_moves(grid: list[list[Any]]) -> int:
    """LeetCode 1091 with the BFS of a 4-connected grid: up, down, left and right only. The
    problem's paths also step diagonally, so a path through a corner is missed (or found
    longer than it is).

    Examples
    --------
    >>> shortest_path_four_moves([[0, 1], [1, 0]])  # the right answer is 2, diagonally
    -1
    """
    n = len(grid)
    if grid[0][0] or grid[n - 1][n - 1]:
        return -1
    dist = {(0, 0): 1}
    queue = deque([(0, 0)])
    while queue:
        r, c = queue.popleft()
        if (r, c) == (n - 1, n - 1):
            return dist[r, c]
        for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= nr < n and 0 <= nc < n and grid[nr][nc] == 0 and (nr, nc) not in dist:
                dist[nr, nc] = dist[r, c] + 1
                queue.append((nr, nc))
    return -1
