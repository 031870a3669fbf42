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
    **Approach.** Put every rotten orange in the first frontier at once and run one BFS from
    all of them together, one layer per minute: the fresh neighbours of the current frontier
    rot and form the next frontier. Count the minutes that rot at least one orange and the
    fresh oranges left; the answer is the number of minutes when none is left, -1 otherwise.
    **Representation.** The grid *is* the graph: a cell is a node, and two side-by-side
    non-empty cells share an edge. An orange rots at minute ``d``, where ``d`` is its distance
    to the nearest rotten orange, so the answer is the largest such distance (-1 if a fresh
    orange lies in a component with no rotten one). Cells are flat indices ``r * stride + c``
    into a ``bytearray`` copy of the grid with a border of empty cells, so a neighbour is one
    addition away and the border replaces the bounds checks. With ``V = rows * cols`` cells,
    ``E <= 2V``, so ``O(V + E) = O(V)``.

    **BFS vs DFS.** BFS, from all the rotten oranges at once (a multi-source BFS: the same as
    one BFS from an extra node joined to every rotten orange). Its layers are the minutes, and
    BFS layers are shortest distances. A DFS reaches every cell too, but along paths of any
    length, so the depth at which it finds a cell says nothing about the minute it rots.

    **Complexity.** Validation and the copy read every cell once: ``O(V)``. A fresh orange is
    marked rotten when it is pushed, so each cell enters a frontier at most once (the rotten
    ones at the start, the others the minute they rot), and each cell taken from a frontier
    looks at its 4 neighbours once: ``O(V + E) = O(V)`` time. Space: the padded copy,
    ``(rows + 2) * (cols + 1) = O(V)``, and two frontiers of at most ``V`` cells together.

    **Classic mistakes.** Counting the last layer, which rots nothing (one minute too many,
    or 1 instead of 0 when nothing is fresh); rotting oranges in place while scanning the
    grid, so an orange rotted this minute already rots its neighbours this minute; a separate
    BFS from each rotten orange, ``O(V)`` each, ``O(V^2)`` together; returning -1 when there
    is no rotten orange but no fresh one either (the answer is 0); forgetting the fresh
    oranges nothing can reach (-1); rotting the caller's grid in place (ours works on a
    copy).
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
