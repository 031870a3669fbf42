"""Islands in a grid of land and water (LeetCode 200 and 695)."""

from __future__ import annotations

from graphs._validate import check_grid

__all__ = ["max_area_of_island", "num_islands"]


def padded(h: int, w: int, cells: bytes) -> tuple[bytearray, int]:
    """A row-major grid as a flat ``bytearray`` with a border of zeros; returns
    ``(cells, stride)``.

    Row ``r``, column ``c`` sits at ``(r + 1) * stride + c`` with ``stride = w + 1``: a zero
    row above and below and one zero column after each row (which is also the column *before*
    the next row). Every neighbour index ``i +- 1``, ``i +- stride`` (and the diagonals) of a
    real cell then lands on a real cell or on the border, so the hot loop needs no bounds
    checks and never wraps around a row (the wrap-around is the classic boundary bug). Here
    zero is water; :mod:`graphs.oranges` uses the same border as empty cells.

    Examples
    --------
    >>> g, stride = padded(2, 2, bytes([1, 0, 0, 1]))  # [[1, 0], [0, 1]]
    >>> stride, g[(0 + 1) * stride + 0], g[(1 + 1) * stride + 1], len(g)
    (3, 1, 1, 13)
    """
    stride = w + 1
    zero_row = bytes(stride)
    body = b"".join(cells[r * w : (r + 1) * w] + b"\x00" for r in range(h))
    return bytearray(zero_row + body + zero_row + b"\x00"), stride


def _island_sizes(grid: object, diagonal: bool, name: str = "grid") -> list[int]:
    """Size of every island, in the order their first (row-major) cell appears."""
    if not isinstance(diagonal, bool):
        raise TypeError(f"diagonal: expected bool, got {type(diagonal).__name__}")
    h, w, land = check_grid(grid, name)
    if w == 0:
        return []
    g, stride = padded(h, w, land)  # our own copy: sinking it never touches the caller's grid
    find = g.find
    sizes: list[int] = []
    if diagonal:
        offsets = (-stride - 1, -stride, -stride + 1, -1, 1, stride - 1, stride, stride + 1)
    # --8<-- [start:island-search]
    i = find(1)
    while i != -1:  # bytearray.find skips water and sunk land at C speed
        g[i] = 0  # mark when pushed, so a cell is never on the stack twice
        stack = [i]
        pop = stack.pop
        push = stack.append
        size = 0
        if diagonal:
            while stack:
                j = pop()
                size += 1
                for off in offsets:
                    k = j + off
                    if g[k]:
                        g[k] = 0
                        push(k)
        else:
            while stack:
                j = pop()
                size += 1
                k = j - 1
                if g[k]:
                    g[k] = 0
                    push(k)
                k = j + 1
                if g[k]:
                    g[k] = 0
                    push(k)
                k = j - stride
                if g[k]:
                    g[k] = 0
                    push(k)
                k = j + stride
                if g[k]:
                    g[k] = 0
                    push(k)
        sizes.append(size)
        i = find(1, i + 1)
    # --8<-- [end:island-search]
    return sizes


def num_islands(grid: object, *, diagonal: bool = False) -> int:
    """Number of islands: groups of land cells joined side by side (LeetCode 200).

    Parameters
    ----------
    grid : sequence of rows
        A rectangular grid. Cells are ``"1"``/``"0"`` strings (LeetCode's form), ints ``1``/``0``
        or bools, freely mixed; a row may also be a string such as ``"11000"``. A 2-D numpy
        array of any of these works too (``np.array(grid)`` of LeetCode's strings has dtype
        ``<U1``). Rows must be ordered: a ``set`` is refused. An empty grid (no rows, or empty
        rows) has no islands.
    diagonal : bool, default False
        If True, diagonal neighbours join too (8-neighbourhood).

    Returns
    -------
    int
        The number of connected groups of land cells.

    Raises
    ------
    ValueError
        If the grid is ragged (``grid: row 2 has 3 cells, expected 4``) or holds an unknown cell
        value (``grid[1][3]: unknown cell value 2``).
    TypeError
        If ``grid`` is not a sequence of rows (a scalar, a 0-d array, a ``set`` of rows or a
        ``set`` as a row, whose order is arbitrary) or ``diagonal`` is not a bool.

    Examples
    --------
    >>> num_islands([["1", "1", "0", "0", "0"],
    ...              ["1", "1", "0", "0", "0"],
    ...              ["0", "0", "1", "0", "0"],
    ...              ["0", "0", "0", "1", "1"]])
    3
    >>> num_islands([[1, 0], [0, 1]]), num_islands([[1, 0], [0, 1]], diagonal=True)
    (2, 1)
    >>> num_islands([])
    0

    Notes
    -----
    Time ``O(V)`` and extra space ``O(V)`` for ``V = rows * cols`` cells (``E <= 2V``, or
    ``4V`` with ``diagonal=True``): each land cell is pushed, popped and looked around once.
    The study record, in Korean: ``graphs/records/num_islands.md``.

    References
    ----------
    .. [1] LeetCode 200, "Number of Islands".
    """
    return len(_island_sizes(grid, diagonal))


def max_area_of_island(grid: object, *, diagonal: bool = False) -> int:
    """Largest number of cells in one island (LeetCode 695).

    Parameters
    ----------
    grid : sequence of rows
        As in :func:`num_islands`: ``"1"``/``"0"`` strings, ints or bools, in lists, tuples,
        strings or a 2-D numpy array; rectangular, rows ordered (not sets).
    diagonal : bool, default False
        If True, diagonal neighbours join too.

    Returns
    -------
    int
        The size of the largest island, or 0 if there is no land (or no grid).

    Raises
    ------
    ValueError
        If the grid is ragged or holds an unknown cell value.
    TypeError
        If ``grid`` is not a sequence of ordered rows or ``diagonal`` is not a bool.

    Examples
    --------
    >>> max_area_of_island([[0, 0, 1, 0],
    ...                     [1, 1, 1, 0],
    ...                     [0, 0, 0, 1]])
    4
    >>> max_area_of_island([[0, 0, 0]])
    0

    Notes
    -----
    Time ``O(V)`` and extra space ``O(V)`` for ``V = rows * cols`` cells, as
    :func:`num_islands` plus one counter per island.
    The study record, in Korean: ``graphs/records/max_area_of_island.md``.

    References
    ----------
    .. [1] LeetCode 695, "Max Area of Island".
    """
    return max(_island_sizes(grid, diagonal), default=0)
