"""Shortest paths on a grid: BFS over the open cells, eight moves a step (LeetCode 1091)."""

from __future__ import annotations

from graphs._validate import check_int_grid
from graphs.islands import padded

__all__ = ["shortest_path_binary_matrix"]

CLEAR, BLOCKED = 0, 1
OPEN, SEEN = 1, 2  # in the padded copy: the padding (0) is a wall, like a blocked cell


def _path_length(n: int, cells: bytes) -> int:
    """Cells on a shortest 8-connected path of open cells from the top-left to the
    bottom-right corner of the ``n x n`` grid ``cells`` (row-major, 0 clear), or -1."""
    if cells[0] == BLOCKED or cells[-1] == BLOCKED:
        return -1
    g, stride = padded(n, n, bytes(OPEN - c for c in cells))  # open 1, walls and padding 0
    start, goal = stride, n * stride + n - 1  # (0, 0) and (n - 1, n - 1) in the padded copy
    moves = (-stride - 1, -stride, -stride + 1, -1, 1, stride - 1, stride, stride + 1)
    # --8<-- [start:bfs-layers]
    g[start] = SEEN
    layer, length = [start], 1  # every cell of `layer` is `length` cells from the start
    while layer:
        if goal in layer:
            return length
        next_layer = []
        for j in layer:
            for k in (j + m for m in moves):
                if g[k] == OPEN:  # walls and the padding are 0: no bounds check
                    g[k] = SEEN  # mark when queued: a cell joins one layer only
                    next_layer.append(k)
        layer, length = next_layer, length + 1
    # --8<-- [end:bfs-layers]
    return -1


def shortest_path_binary_matrix(grid: object) -> int:
    """The number of cells on the shortest clear path from the top-left cell to the
    bottom-right one, moving to any of the eight neighbours (LeetCode 1091).

    Parameters
    ----------
    grid : sequence of rows
        An ``n x n`` grid of int cells: ``0`` clear, ``1`` blocked (lists, tuples or the rows
        of a 2-D integer array), ``n >= 1``.

    Returns
    -------
    int
        The path's length counted in cells (a 1 x 1 clear grid: 1), or -1 when no clear path
        exists (also when a corner is blocked).

    Raises
    ------
    ValueError
        If the grid is empty, not square (``grid: 2 rows of 3 cells; expected n x n``), ragged,
        or a cell is an int other than 0 and 1.
    TypeError
        If ``grid`` is not a sequence of ordered rows or a cell is not an int.

    Examples
    --------
    >>> shortest_path_binary_matrix([[0, 1], [1, 0]])
    2
    >>> shortest_path_binary_matrix([[0, 0, 0], [1, 1, 0], [1, 1, 0]])
    4
    >>> shortest_path_binary_matrix([[1, 0, 0], [1, 1, 0], [1, 1, 0]])
    -1

    Notes
    -----
    Time ``O(V)`` and extra space ``O(V)`` for ``V = n * n``: BFS by layers visits each open
    cell once (marked when queued) and looks at its 8 neighbours, ``O(V + E)`` with
    ``E <= 4V``; the padded copy is ``O(V)``. BFS, since every move costs one cell.
    The study record, in Korean: ``graphs/records/shortest_path_binary_matrix.md``.

    References
    ----------
    .. [1] LeetCode 1091, "Shortest Path in Binary Matrix".
    """
    h, w, cells = check_int_grid(grid, 2, "grid")
    if h == 0 or w == 0:
        raise ValueError("grid: expected at least one cell (1 <= n), got an empty grid")
    if h != w:
        raise ValueError(f"grid: {h} rows of {w} cells; expected n x n (a square grid)")
    return _path_length(h, cells)
