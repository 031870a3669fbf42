"""Flood fill from the border: land that cannot walk off the grid (LeetCode 1020, 130)."""

from __future__ import annotations

from collections.abc import Sequence

from graphs._validate import check_int_grid
from graphs.islands import padded

__all__ = ["capture_surrounded", "num_enclaves"]

SEA, LAND = 0, 1
SAFE = 2  # a land cell reached from the border


def _border_starts(h: int, w: int, stride: int) -> list[int]:
    """Padded indices (see :func:`graphs.islands.padded`) of the cells on the grid's edge."""
    first, last = stride, h * stride  # the first real row and the last one
    top = range(first, first + w)
    bottom = range(last, last + w) if h > 1 else range(0)
    sides = [r * stride + c for r in range(2, h) for c in ((0, w - 1) if w > 1 else (0,))]
    return [*top, *bottom, *sides]


def _sink_from_border(h: int, w: int, cells: bytes) -> bytearray:
    """The padded grid with every land cell joined to the border through land marked SAFE.

    One BFS (a stack, the order does not matter) from all the border's land cells at once.
    """
    g, stride = padded(h, w, cells)
    stack = [i for i in _border_starts(h, w, stride) if g[i] == LAND]
    for i in stack:
        g[i] = SAFE
    # --8<-- [start:from-border]
    while stack:
        j = stack.pop()
        for k in (j - 1, j + 1, j - stride, j + stride):
            if g[k] == LAND:  # the padding is SEA: no bounds check, no wrap-around
                g[k] = SAFE  # mark when pushed: a cell enters the stack once
                stack.append(k)
    # --8<-- [end:from-border]
    return g


def num_enclaves(grid: object) -> int:
    """Land cells from which no walk over land leaves the grid (LeetCode 1020).

    Parameters
    ----------
    grid : sequence of rows
        A rectangular grid of int cells: ``0`` sea, ``1`` land (lists, tuples or the rows of a
        2-D integer array). An empty grid holds no land: 0.

    Returns
    -------
    int
        The number of land cells not connected (up, down, left, right, over land) to a land
        cell on the grid's edge.

    Raises
    ------
    ValueError
        If the grid is ragged or a cell is an int other than 0 and 1
        (``grid[0][1]: unknown cell value 2; expected 0 .. 1``).
    TypeError
        If ``grid`` is not a sequence of ordered rows or a cell is not an int.

    Examples
    --------
    >>> num_enclaves([[0, 0, 0, 0], [1, 0, 1, 0], [0, 1, 1, 0], [0, 0, 0, 0]])
    3
    >>> num_enclaves([[0, 1, 1, 0], [0, 0, 1, 0], [0, 0, 1, 0], [0, 0, 0, 0]])
    0
    >>> num_enclaves([])
    0

    Notes
    -----
    Time ``O(V)`` and extra space ``O(V)`` for ``V = rows * cols``: the padded copy is
    ``O(V)``; each land cell is pushed at most once (it is marked when pushed) and, when popped,
    looks at four neighbours, ``O(V + E) = O(V)`` since ``E <= 2V``; the final count is one pass.
    The study record, in Korean: ``graphs/records/num_enclaves.md``.

    References
    ----------
    .. [1] LeetCode 1020, "Number of Enclaves".
    """
    h, w, cells = check_int_grid(grid, 2, "grid")
    if w == 0:
        return 0
    return _sink_from_border(h, w, cells).count(LAND)  # land the border never reached


def _board_cells(board: object, name: str) -> tuple[int, int, bytes]:
    """Check a board of ``'X'`` / ``'O'`` cells; return ``(rows, cols, cells)`` with O as 1."""
    if isinstance(board, str | bytes) or not isinstance(board, Sequence):
        raise TypeError(f"{name}: expected a sequence of rows, got {type(board).__name__}")
    out = bytearray()
    width = None
    for r, row in enumerate(board):
        if isinstance(row, str | bytes) or not isinstance(row, Sequence):
            raise TypeError(f"{name}[{r}]: expected a sequence of cells, got {type(row).__name__}")
        if width is None:
            width = len(row)
        elif len(row) != width:
            raise ValueError(f"{name}: row {r} has {len(row)} cells, expected {width}")
        for c, cell in enumerate(row):
            if not isinstance(cell, str):
                raise TypeError(
                    f"{name}[{r}][{c}]: expected 'X' or 'O', got {type(cell).__name__} {cell!r}"
                )
            if cell not in ("X", "O"):
                raise ValueError(f"{name}[{r}][{c}]: unknown cell {cell!r}; expected 'X' or 'O'")
            out.append(cell == "O")
    return len(board), width or 0, bytes(out)


def capture_surrounded(board: object) -> list[list[str]]:
    """The board with every region of ``'O'`` not touching the edge turned to ``'X'``
    (LeetCode 130).

    Parameters
    ----------
    board : sequence of rows
        A rectangular grid of the one-character strings ``'X'`` and ``'O'``. It is not changed:
        LeetCode's method changes its board in place, ``board[:] = capture_surrounded(board)``.

    Returns
    -------
    list of list of str
        A new board: an ``'O'`` stays only if a path of ``'O'`` cells (up, down, left, right)
        joins it to an ``'O'`` on the edge.

    Raises
    ------
    TypeError
        If ``board`` or a row is not a sequence, or a cell is not a string
        (``board[0][0]: expected 'X' or 'O', got int 1``).
    ValueError
        If the board is ragged or a cell is another string
        (``board[0][1]: unknown cell 'o'; expected 'X' or 'O'``).

    Examples
    --------
    >>> capture_surrounded([["X", "X", "X", "X"], ["X", "O", "O", "X"],
    ...                     ["X", "X", "O", "X"], ["X", "O", "X", "X"]])
    [['X', 'X', 'X', 'X'], ['X', 'X', 'X', 'X'], ['X', 'X', 'X', 'X'], ['X', 'O', 'X', 'X']]
    >>> capture_surrounded([["X"]])
    [['X']]

    Notes
    -----
    Time ``O(V)`` and extra space ``O(V)`` for ``V = rows * cols``: the same flood fill from
    the edge as :func:`num_enclaves` (each ``'O'`` pushed at most once, four neighbours looked
    at per pop, ``E <= 2V``), then one pass writing the new board.
    The study record, in Korean: ``graphs/records/capture_surrounded.md``.

    References
    ----------
    .. [1] LeetCode 130, "Surrounded Regions".
    """
    h, w, cells = _board_cells(board, "board")
    if w == 0:
        return [[] for _ in range(h)]
    g = _sink_from_border(h, w, cells)
    stride = w + 1
    return [["O" if g[(r + 1) * stride + c] == SAFE else "X" for c in range(w)] for r in range(h)]
