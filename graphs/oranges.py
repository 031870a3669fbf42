"""Rotting oranges in a grid of empty cells, fresh and rotten oranges (LeetCode 994)."""

from __future__ import annotations

from graphs._validate import check_int_grid
from graphs.islands import padded

__all__ = ["oranges_rotting"]

EMPTY, FRESH, ROTTEN = 0, 1, 2


def oranges_rotting(grid: object) -> int:
    """Minutes until no orange is fresh, or -1 if some never rots (LeetCode 994).

    Each minute, every fresh orange side by side (up, down, left, right) with a rotten one
    rots.

    Parameters
    ----------
    grid : sequence of rows
        A rectangular grid of int cells, as LeetCode gives it: ``0`` an empty cell, ``1`` a
        fresh orange, ``2`` a rotten orange. Rows are lists or tuples (or the rows of a 2-D
        integer numpy array). An empty grid (no rows, or empty rows) holds no fresh orange, so
        its answer is 0; LeetCode never gives one (``1 <= m, n``).

    Returns
    -------
    int
        The number of minutes until no cell holds a fresh orange; 0 if none is fresh to begin
        with; -1 if a fresh orange can never be reached from a rotten one.

    Raises
    ------
    ValueError
        If the grid is ragged (``grid: row 1 has 2 cells, expected 3``) or a cell is an int
        other than 0, 1, 2 (``grid[0][2]: unknown cell value 3; expected 0 .. 2``).
    TypeError
        If ``grid`` is not a sequence of ordered rows, or a cell is not an int: the strings
        ``"1"`` and the bools ``True`` are refused (``grid[0][0]: expected an int cell 0 .. 2,
        got str '2'``).

    Examples
    --------
    >>> oranges_rotting([[2, 1, 1],
    ...                  [1, 1, 0],
    ...                  [0, 1, 1]])
    4
    >>> oranges_rotting([[2, 1, 1], [0, 1, 1], [1, 0, 1]])
    -1
    >>> oranges_rotting([[0, 2]]), oranges_rotting([])
    (0, 0)

    Notes
    -----
    Time ``O(V)`` and extra space ``O(V)`` for ``V = rows * cols`` cells (one multi-source
    BFS; each cell joins one layer at most).
    The study record, in Korean: ``graphs/records/oranges_rotting.md``.

    References
    ----------
    .. [1] LeetCode 994, "Rotting Oranges".
    """
    h, w, cells = check_int_grid(grid, 3, "grid")
    fresh = cells.count(FRESH)
    if fresh == 0:
        return 0
    g, stride = padded(h, w, cells)  # our own copy, bordered by empty cells (graphs.islands)
    frontier = [i for i, cell in enumerate(g) if cell == ROTTEN]
    minutes = 0
    # --8<-- [start:rot-layers]
    while frontier and fresh:
        rotted = []  # the oranges that rot this minute: the next BFS layer
        push = rotted.append
        for j in frontier:
            for k in (j - 1, j + 1, j - stride, j + stride):
                if g[k] == FRESH:
                    g[k] = ROTTEN  # mark when pushed: a cell joins one layer only
                    push(k)
        if not rotted:
            break  # nothing rotted: the fresh oranges left are out of reach
        fresh -= len(rotted)
        minutes += 1  # only a minute that rots something counts
        frontier = rotted
    # --8<-- [end:rot-layers]
    return minutes if fresh == 0 else -1
