"""Validation at the entry: every public function checks its input here first.

Each checker returns a normalised copy of what it checked (so the algorithms never touch, and
never mutate, the caller's objects) or raises ``ValueError`` / ``TypeError`` whose message names
the argument, what was expected and what came, e.g.::

    ValueError: edges[3]: node 7 is outside [0, 5)
    ValueError: grid: row 2 has 3 cells, expected 4
    TypeError: n: expected int, got str

The checks run on a fast path made of C-level passes (``map(len, ...)``, ``set(map(type, ...))``,
``min``/``max``) and fall back to an element-by-element pass only to find and name the first
offending element, so validation costs O(V + E) with a small constant.

Neighbour lists are checked in chunks of a few thousand neighbours: the first pass over a chunk
brings its (possibly scattered) int objects into the CPU cache and the other passes over it hit
the cache, so every neighbour is fetched from main memory once instead of once per pass. The
same pass can pack the neighbours into a compact CSR form (:func:`adjacency_csr`).
"""

from __future__ import annotations

import numbers
import operator
from array import array
from collections.abc import Hashable, Iterable, Mapping, Sequence, Set
from itertools import accumulate, chain, islice
from typing import Any

__all__ = [
    "adjacency_csr",
    "as_int",
    "check_adjacency",
    "check_count",
    "check_edges",
    "check_grid",
    "check_int_grid",
    "check_node",
    "check_one_based_pairs",
]

_PAIR_TYPES = frozenset({tuple, list})
_INT_ONLY = frozenset({int})
_CHUNK = 4096  # neighbours per validation chunk: ~128 KiB of int objects, cache-resident
_U32 = 0xFFFFFFFF
_NOT_A_PAIR = (str, bytes, bytearray, set, frozenset, Mapping)


def _typename(x: object) -> str:
    return type(x).__name__


def _is_0d_array(x: object) -> bool:
    """A 0-d array (``numpy.array(5)``): iterable by type, yet iterating it raises.

    ``numpy.str_`` (a row of a 1-D string array) also has ``ndim == 0`` but is a ``str``.
    """
    return getattr(x, "ndim", None) == 0 and not isinstance(x, (str, bytes))


def as_int(x: object, name: str) -> int:
    """Return ``x`` as a plain ``int``; bools and non-integers raise ``TypeError``."""
    if type(x) is int:
        return x
    if isinstance(x, bool) or _is_numpy_bool(x):
        raise TypeError(f"{name}: expected int, got {_typename(x)}")
    if isinstance(x, numbers.Integral):
        return operator.index(x)
    raise TypeError(f"{name}: expected int, got {_typename(x)}")


def check_count(n: object, name: str = "n") -> int:
    """A node count: an ``int`` (not a bool) with ``n >= 0``."""
    n = as_int(n, name)
    if n < 0:
        raise ValueError(f"{name}: expected a non-negative int, got {n}")
    return n


def check_node(x: object, n: int, name: str) -> int:
    """A node id in ``[0, n)``."""
    x = as_int(x, name)
    if not 0 <= x < n:
        raise ValueError(f"{name}: node {x} is outside [0, {n})")
    return x


def _edges_slow(n: int, edges: list[Any], name: str) -> tuple[list[int], list[int]]:
    """Element-by-element pass: returns normalised endpoints or names the first bad edge."""
    us: list[int] = []
    vs: list[int] = []
    for i, e in enumerate(edges):
        where = f"{name}[{i}]"
        if isinstance(e, _NOT_A_PAIR) or not hasattr(e, "__len__") or not hasattr(e, "__getitem__"):
            raise ValueError(f"{where}: expected a pair (u, v), got {_typename(e)} {e!r}")
        if len(e) != 2:
            raise ValueError(f"{where}: expected a pair (u, v), got {len(e)} items: {e!r}")
        u = check_node(e[0], n, where)
        v = check_node(e[1], n, where)
        us.append(u)
        vs.append(v)
    return us, vs


def check_edges(n: int, edges: object, name: str = "edges") -> tuple[list[int], list[int]]:
    """Check an edge list over nodes ``[0, n)``; return the endpoints as two lists of ints.

    ``edges`` is any iterable of pairs ``(u, v)`` (tuples, lists or other length-2 sequences such
    as rows of an ``(E, 2)`` integer array). Self-loops and repeated edges are allowed.
    """
    if isinstance(edges, (str, bytes, Mapping)) or not isinstance(edges, Iterable):
        raise TypeError(f"{name}: expected an iterable of pairs (u, v), got {_typename(edges)}")
    if _is_0d_array(edges):
        raise TypeError(f"{name}: expected an iterable of pairs (u, v), got a 0-d array")
    edges = list(edges)
    # Fast path: every edge is a tuple/list of length 2 holding plain ints inside [0, n).
    if set(map(type, edges)) <= _PAIR_TYPES and set(map(len, edges)) <= {2}:
        flat = list(chain.from_iterable(edges))
        if set(map(type, flat)) <= {int} and (not flat or (min(flat) >= 0 and max(flat) < n)):
            return flat[0::2], flat[1::2]
    return _edges_slow(n, edges, name)


def check_one_based_pairs(
    pairs: object, n: int | None, name: str, noun: str = "node"
) -> tuple[list[int], list[int]]:
    """Check LeetCode's pairs ``[a, b]`` over the nodes ``1 .. n``; return the two endpoint
    lists, still numbered from 1 (new lists: the caller's pairs are never touched).

    ``n`` is None where the pairs themselves count the nodes, ``n == len(pairs)`` (LeetCode
    684's edges), and a message then says so; ``noun`` names a node in the messages (886's
    ``"person"``). A fast path of C-level passes takes plain lists of int pairs; anything else
    goes through the pass below, which names the first bad pair. Time ``O(len(pairs))``.

    Examples
    --------
    >>> check_one_based_pairs([[1, 2], (2, 3)], 3, "edges")
    ([1, 2], [2, 3])
    >>> check_one_based_pairs([[1, 3]], None, "edges")
    Traceback (most recent call last):
    ...
    ValueError: edges[0]: node 3 is outside [1, 1] (n == len(edges) == 1)
    """
    if not isinstance(pairs, Sequence) or isinstance(pairs, (str, bytes)):
        raise TypeError(f"{name}: expected a list of pairs [a, b], got {_typename(pairs)}")
    note = f" (n == len({name}) == {len(pairs)})" if n is None else ""
    n = len(pairs) if n is None else n
    if set(map(type, pairs)) <= _PAIR_TYPES and set(map(len, pairs)) <= {2}:
        flat = list(chain.from_iterable(pairs))
        if set(map(type, flat)) <= _INT_ONLY and (not flat or (min(flat) >= 1 and max(flat) <= n)):
            return flat[0::2], flat[1::2]
    us: list[int] = []
    vs: list[int] = []
    for i, pair in enumerate(pairs):
        where = f"{name}[{i}]"
        if not isinstance(pair, Sequence) or isinstance(pair, (str, bytes)) or len(pair) != 2:
            raise ValueError(f"{where}: expected a pair [a, b], got {pair!r}")
        a, b = (as_int(x, where) for x in pair)
        for node in (a, b):
            if not 1 <= node <= n:
                raise ValueError(f"{where}: {noun} {node} is outside [1, {n}]{note}")
        us.append(a)
        vs.append(b)
    return us, vs


def check_adjacency(adj: object, name: str = "adj") -> tuple[Any, bool]:
    """Check an adjacency structure; return ``(adjacency, is_list)``.

    * a ``list``/``tuple`` of neighbour lists: the nodes are ``0 .. len(adj) - 1`` and every
      neighbour must be an int in that range; the result is a list of lists of ints.
    * a ``Mapping`` from node to an iterable of neighbours: the nodes are the keys and every
      neighbour must be hashable; a neighbour that is not a key is a node with no out-neighbours.
      The result is a ``dict`` of lists (a copy).

    The algorithms only read the result; it may be ``adj`` itself when no conversion was
    needed.

    Neighbour order is kept: traversals visit neighbours in the order given. So a row must be
    ordered: a ``set``, ``frozenset`` or ``dict.keys()`` view (any ``collections.abc.Set``) is
    refused with a ``TypeError``, since its order is arbitrary (for strings it changes with
    ``PYTHONHASHSEED``) and the traversal order would change with it: use a list or
    ``sorted(...)``.
    """
    if isinstance(adj, Mapping):
        out: dict[Hashable, list[Any]] = {}
        for node, nbrs in adj.items():
            if isinstance(nbrs, Set):
                raise TypeError(_unordered_row(f"{name}[{node!r}]", nbrs))
            if isinstance(nbrs, (str, bytes)) or not isinstance(nbrs, Iterable):
                raise TypeError(
                    f"{name}[{node!r}]: expected an iterable of neighbours, got {_typename(nbrs)}"
                )
            row = list(nbrs)
            try:
                set(row)
            except TypeError:
                bad = next(x for x in row if not isinstance(x, Hashable))
                raise TypeError(
                    f"{name}[{node!r}]: neighbour {bad!r} is not hashable ({_typename(bad)})"
                ) from None
            out[node] = row
        return out, False
    if isinstance(adj, (list, tuple)):
        # Fast path: rows are lists/tuples of plain ints in [0, n); they are only read, so
        # no copy is needed.
        if _packed_neighbours(adj) is not None:
            return adj, True
        return _checked_rows(adj, name), True
    raise TypeError(
        f"{name}: expected a dict of neighbour lists or a list of lists, got {_typename(adj)}"
    )


def _unordered_row(where: str, row: object) -> str:
    return (
        f"{where}: expected an ordered list of neighbours, got {_typename(row)} (unordered: its "
        "order is arbitrary and changes the traversal order; use a list or sorted(...))"
    )


def _packed_neighbours(adj: list[Any] | tuple[Any, ...]) -> array | None:
    """All neighbours of a list of int rows in one flat ``array``, or ``None`` if not plain.

    ``None`` unless every row is a list/tuple and every neighbour a plain ``int`` in
    ``[0, len(adj))`` (the caller then runs the element-by-element pass, which names the
    culprit). One chunked pass: per chunk, the type pass fetches the int objects and the
    packing and ``max`` passes find them in the cache; a negative neighbour makes the
    unsigned array overflow, so no ``min`` pass is needed.
    """
    n = len(adj)
    if not set(map(type, adj)) <= _PAIR_TYPES:
        return None
    packed = array("I" if n <= _U32 else "Q")
    extend = packed.extend
    neighbours = chain.from_iterable(adj)
    top = -1
    while chunk := list(islice(neighbours, _CHUNK)):
        if not set(map(type, chunk)) <= _INT_ONLY:
            return None
        try:
            extend(chunk)
        except OverflowError:  # negative, or beyond the array's range
            return None
        top = max(top, max(chunk))
    return packed if top < n else None


def _checked_rows(adj: list[Any] | tuple[Any, ...], name: str) -> list[list[int]]:
    """Element-by-element pass: rows as lists of ints, or the first bad row / neighbour named."""
    n = len(adj)
    rows: list[list[int]] = []
    for i, nbrs in enumerate(adj):
        if isinstance(nbrs, Set):
            raise TypeError(_unordered_row(f"{name}[{i}]", nbrs))
        if isinstance(nbrs, (str, bytes, Mapping)) or not isinstance(nbrs, Iterable):
            raise TypeError(
                f"{name}[{i}]: expected an iterable of neighbours, got {_typename(nbrs)}"
            )
        row = list(nbrs)
        if not (set(map(type, row)) <= {int} and (not row or (min(row) >= 0 and max(row) < n))):
            row = [check_node(x, n, f"{name}[{i}]") for x in row]
        rows.append(row)
    return rows


def adjacency_csr(adj: object, name: str = "adj") -> tuple[Any, bool]:
    """Check an adjacency structure like :func:`check_adjacency`; pack a list of lists as CSR.

    Returns ``((indices, offsets), True)`` for a list/tuple of neighbour lists: the neighbours
    of node ``u`` are ``indices[offsets[u]:offsets[u + 1]]``, in the given order, and
    ``len(offsets) == len(adj) + 1``. Both are ``array`` objects of unsigned ints, so a search over
    them reads two contiguous blocks of machine integers instead of one list object per node
    and one int object per neighbour scattered over the heap. A ``Mapping`` gives
    ``(dict of lists, False)`` exactly as :func:`check_adjacency`. Same checks and messages.
    """
    if isinstance(adj, Mapping) or not isinstance(adj, (list, tuple)):
        return check_adjacency(adj, name)
    n = len(adj)
    indices = _packed_neighbours(adj)
    if indices is None:
        rows = _checked_rows(adj, name)
        indices = array("I" if n <= _U32 else "Q", chain.from_iterable(rows))
        adj = rows
    offsets = array("I" if len(indices) <= _U32 else "Q", [0, *accumulate(map(len, adj))])
    return (indices, offsets), True


def check_start(adj: Any, is_list: bool, start: object, name: str = "start") -> Any:
    """``start`` must be a node of ``adj``."""
    if is_list:
        return check_node(start, len(adj), name)
    try:
        present = start in adj
    except TypeError:
        raise TypeError(f"{name}: expected a hashable node, got {_typename(start)}") from None
    if not present:
        raise ValueError(f"{name}: node {start!r} is not a key of adj")
    return start


# Grid cells: LeetCode 200's strings, ints 0/1, bools.
_STR_CELLS = frozenset({"0", "1"})
_NUM_TYPES = frozenset({int, bool})
_STR_TO_BYTE = bytes.maketrans(b"01", b"\x00\x01")
# Unordered containers: their iteration order is arbitrary, so they cannot be a row or a grid.
_UNORDERED = (Set, Mapping)
_NOT_A_GRID = (str, bytes, *_UNORDERED)
_NOT_A_ROW = (bytes, *_UNORDERED)


def _is_numpy_bool(x: object) -> bool:
    return getattr(getattr(x, "dtype", None), "kind", None) == "b"


def _cell_value(x: object, where: str) -> int:
    if isinstance(x, str):  # also numpy.str_, the cells of a numpy string array
        if x in _STR_CELLS:
            return 1 if x == "1" else 0
    elif (isinstance(x, numbers.Integral) or _is_numpy_bool(x)) and x in (0, 1):
        return int(x == 1)
    raise ValueError(
        f"{where}: unknown cell value {x!r} ({_typename(x)}); expected '0'/'1', 0/1 or a bool"
    )


def _check_ordered(
    x: object, where: str, refused: tuple[type, ...], expected: str, use: str, array: str = ""
) -> None:
    """Raise TypeError unless ``x`` is an ordered sequence: a grid of rows or a row of cells.

    ``refused`` are the types that are iterable but not what is ``expected`` (strings, sets,
    mappings...); a ``set`` gets the hint ``(unordered: use ...)``, and a 0-d array (iterable by
    type, yet iterating it raises) the message ``expected <expected><array>, got a 0-d array``.
    """
    if isinstance(x, refused) or not isinstance(x, Iterable):
        what = _typename(x)
        if isinstance(x, Set):
            what += f" (unordered: use {use})"
        raise TypeError(f"{where}: expected {expected}, got {what}")
    if _is_0d_array(x):
        raise TypeError(f"{where}: expected {expected}{array}, got a 0-d array")


def _check_rows_container(grid: object, name: str) -> None:
    """Raise TypeError unless ``grid`` is an ordered sequence of rows (or a 2-D array)."""
    _check_ordered(grid, name, _NOT_A_GRID, "a list of rows", "a list of rows", " (a 2-D array)")


def _same_width(width: int, cells: Any, r: int, name: str) -> int:
    """The grid's width after row ``r``: the first row sets it, a later row must match it."""
    if width < 0:
        return len(cells)
    if len(cells) != width:
        raise ValueError(f"{name}: row {r} has {len(cells)} cells, expected {width}")
    return width


def _grid_copy(h: int, w: int, chunks: list[bytes]) -> tuple[int, int, bytes]:
    """``(rows, cols, cells)`` from the rows' bytes; an empty grid (no rows, or rows of length
    0) is ``(rows, 0, b"")``."""
    if h == 0 or w <= 0:
        return h, 0, b""
    return h, w, b"".join(chunks)


def check_grid(grid: object, name: str = "grid") -> tuple[int, int, bytes]:
    """Check a rectangular grid; return ``(rows, cols, land)``.

    ``land`` is a ``bytes`` object of length ``rows * cols`` holding 1 for land and 0 for water,
    row-major (cell ``(r, c)`` at ``r * cols + c``). Cells may be ``"1"``/``"0"`` strings, ints
    ``0``/``1`` or bools, mixed freely; the grid may be a list of lists, of tuples or of strings
    like ``"10110"``, or a 2-D array (``numpy.array(grid)`` of LeetCode's ``'1'``/``'0'``
    strings, of ints or of bools). An empty grid (no rows, or rows of length 0) gives
    ``(rows, 0, b"")``.

    Raises
    ------
    TypeError
        If ``grid`` or one of its rows is not an ordered sequence: a ``set`` (whose order is
        arbitrary), a mapping, a 0-d array, a scalar.
    ValueError
        If the rows differ in length or a cell is not one of the values above.
    """
    _check_rows_container(grid, name)
    rows = list(grid)
    h = len(rows)
    w = -1
    chunks: list[bytes] = []
    for r, row in enumerate(rows):
        where = f"{name}[{r}]"
        _check_ordered(row, where, _NOT_A_ROW, "a row of cells", "a list, tuple or string")
        if isinstance(row, str):  # a row written as "10110" (also a numpy.str_)
            cells: Any = str(row)
        else:
            cells = row if type(row) in (list, tuple) else list(row)
        w = _same_width(w, cells, r, name)
        if type(cells) is str:
            if set(cells) <= _STR_CELLS:
                chunks.append(cells.encode("ascii").translate(_STR_TO_BYTE))
                continue
        else:
            types = set(map(type, cells))
            if types <= _NUM_TYPES and set(cells) <= {0, 1}:
                chunks.append(bytes(cells))
                continue
            if all(issubclass(t, str) for t in types) and set(cells) <= _STR_CELLS:
                chunks.append("".join(cells).encode("ascii").translate(_STR_TO_BYTE))
                continue
        chunks.append(bytes(_cell_value(x, f"{where}[{c}]") for c, x in enumerate(cells)))
    return _grid_copy(h, w, chunks)


def _int_cell(x: object, values: int, where: str) -> int:
    """One cell of an int grid: an int (not a bool) in ``0 .. values - 1``."""
    if isinstance(x, bool) or _is_numpy_bool(x) or not isinstance(x, numbers.Integral):
        raise TypeError(
            f"{where}: expected an int cell 0 .. {values - 1}, got {_typename(x)} {x!r}"
        )
    if not 0 <= x < values:
        raise ValueError(f"{where}: unknown cell value {int(x)}; expected 0 .. {values - 1}")
    return int(x)


def check_int_grid(grid: object, values: int, name: str = "grid") -> tuple[int, int, bytes]:
    """Check a rectangular grid of int cells ``0 .. values - 1``; return ``(rows, cols, cells)``.

    For grids whose cells are more than land and water, e.g. LeetCode 994's empty 0, fresh 1
    and rotten 2 (``values=3``). ``cells`` is a row-major ``bytes`` copy, cell ``(r, c)`` at
    ``r * cols + c``. Cells must be ints (numpy integers too); bools and strings are refused,
    since no problem of this kind writes its cells that way. Rows are lists, tuples or other
    ordered sequences, or the rows of a 2-D integer array. An empty grid (no rows, or rows of
    length 0) gives ``(rows, 0, b"")``.

    Raises
    ------
    TypeError
        If ``grid`` or a row is not an ordered sequence (a ``set``, a mapping, a string, a 0-d
        array, a scalar) or a cell is not an int (``grid[0][1]: expected an int cell 0 .. 2,
        got str '1'``).
    ValueError
        If the rows differ in length or a cell is outside ``0 .. values - 1``.

    Examples
    --------
    >>> check_int_grid([[2, 1], [0, 1]], 3)
    (2, 2, b'\\x02\\x01\\x00\\x01')
    >>> check_int_grid([[0, 3]], 3)
    Traceback (most recent call last):
    ...
    ValueError: grid[0][1]: unknown cell value 3; expected 0 .. 2
    """
    if not 2 <= values <= 256:
        raise ValueError(f"values: expected 2 .. 256 cell values, got {values}")
    _check_rows_container(grid, name)
    allowed = set(range(values))
    rows = list(grid)
    w = -1
    chunks: list[bytes] = []
    for r, row in enumerate(rows):
        where = f"{name}[{r}]"
        _check_ordered(row, where, (str, *_NOT_A_ROW), "a row of int cells", "a list or tuple")
        cells = row if type(row) in (list, tuple) else list(row)
        w = _same_width(w, cells, r, name)
        if set(map(type, cells)) <= _INT_ONLY and set(cells) <= allowed:
            chunks.append(bytes(cells))  # fast path: plain ints in range
        else:
            chunks.append(bytes(_int_cell(x, values, f"{where}[{c}]") for c, x in enumerate(cells)))
    return _grid_copy(len(rows), w, chunks)
