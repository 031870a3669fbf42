"""Small graphs and grids for hypothesis: the one home of the strategies that the pitfall gallery,
the drill's judge and the tests draw from.

Every strategy here builds keyword arguments of the graph functions (``{"n": 3, "edges": [[1,
0]]}``, ``{"grid": [[1, 0]]}``, ``{"adj": [[1], []], "start": 0}``), small by default, so that
hypothesis shrinks a failure to an input a person reads at a glance. The same draws serve every
caller, which is why the drill's judge shrinks to the gallery's minimal inputs: the gallery
(:mod:`graphs.tools.counterexamples`) uses the defaults, the drill (:mod:`graphs.drill.kinds`)
the same draws moved into a problem's LeetCode constraints (sides from 1, pairs written
``a < b``, no repeated pair...), and the tests (``tests/graphs/strategies.py``) build their
richer graphs (paths, DAGs, planted cycles, cells as strings or bools) on top of them.

Sizes are *moved* into the limits, never filtered: a side drawn as 0 becomes 1 where the
constraints start at 1, so the search makes the same choices as the gallery's and shrinks the
same way. hypothesis is imported only when a strategy is built, so importing this module costs
nothing (the drill's problems import it).

Examples
--------
The smallest graph with two pairs, as a derandomised search shrinks to it:

>>> from hypothesis import find, settings
>>> quiet = settings(database=None, derandomize=True)
>>> find(graph_args(), lambda args: len(args["edges"]) >= 2, settings=quiet)
{'n': 1, 'edges': [[0, 0], [0, 0]]}
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = [
    "SMALL_DEGREE",
    "SMALL_GRID_SIDE",
    "SMALL_NODES",
    "SMALL_PAIRS",
    "SQUARE_SIDES",
    "adjacency_args",
    "edge_lists",
    "graph_args",
    "grid_args",
    "node_pairs",
    "square_land_args",
    "top_left_square",
    "tree_plus_edge_args",
]

SMALL_NODES = 6  # the small graphs: 0 .. 6 nodes ...
SMALL_PAIRS = 8  # ... and at most 8 pairs
SMALL_DEGREE = 4  # the small adjacency lists: at most 4 neighbours a node
SMALL_GRID_SIDE = 5  # the small grids: 0 .. 5 rows and columns
# All-land squares by orders of magnitude, so the smallest side that breaks a recursive flood
# fill does not depend on the exact recursion limit (hypothesis raises it a little as it runs).
SQUARE_SIDES = (1, 3, 10, 30, 100, 300)


def _count(name: str, value: Any, least: int = 0) -> int:
    """``value`` when it is an int >= ``least``; otherwise a TypeError or ValueError naming it."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name}: expected an int, got {type(value).__name__}")
    if value < least:
        raise ValueError(f"{name}: expected an int >= {least}, got {value}")
    return value


def _room(n: int, ordered: bool, self_loops: bool, distinct: bool) -> float:
    """The most pairs ``n`` nodes can give: none without a possible pair, all the different
    ones when pairs are distinct, no limit otherwise."""
    if n < (1 if self_loops else 2):
        return 0
    if not distinct:
        return float("inf")
    return n * (n - 1) // (2 if ordered else 1) + (n if self_loops else 0)


def node_pairs(n: int, *, ordered: bool = False, self_loops: bool = True) -> Any:
    """One pair ``[a, b]`` of the nodes ``0 .. n - 1``.

    Parameters
    ----------
    n : int
        The number of nodes (at least 1, or 2 without self-loops, when a pair is drawn).
    ordered : bool, default False
        Write every pair ``a <= b`` (LeetCode's ``0 <= ai <= bi < n``), drawn so, not sorted.
    self_loops : bool, default True
        Whether ``a == b`` may come; without, ``b`` is drawn among the other nodes (never
        filtered).

    Returns
    -------
    hypothesis.strategies.SearchStrategy of list of int

    Raises
    ------
    TypeError, ValueError
        ``n`` is not an int >= 0; a pair drawn from too few nodes raises ``ValueError`` then.

    Examples
    --------
    >>> from hypothesis import find, settings
    >>> find(node_pairs(5, ordered=True, self_loops=False), lambda pair: True,
    ...      settings=settings(database=None, derandomize=True))
    [0, 1]
    """
    from hypothesis import strategies as st

    _count("n", n)
    fewest = 1 if self_loops else 2

    @st.composite
    def build(draw: Any) -> list[int]:
        if n < fewest:  # checked when drawn: a list of at most 0 pairs never draws one
            raise ValueError(f"n: a pair needs at least {fewest} nodes, got {n}")
        if ordered:
            a = draw(st.integers(0, n - 1 if self_loops else n - 2))
            return [a, draw(st.integers(a if self_loops else a + 1, n - 1))]
        a = draw(st.integers(0, n - 1))
        if self_loops:
            return [a, draw(st.integers(0, n - 1))]
        b = draw(st.integers(0, n - 2))  # any node but a, without filtering
        return [a, b if b < a else b + 1]

    return build()


def edge_lists(
    n: int,
    max_pairs: int = SMALL_PAIRS,
    *,
    min_pairs: int = 0,
    ordered: bool = False,
    self_loops: bool = True,
    distinct: bool = False,
) -> Any:
    """Lists of ``min_pairs .. max_pairs`` pairs of the nodes ``0 .. n - 1`` (:func:`node_pairs`).

    Parameters
    ----------
    n : int
        The number of nodes.
    max_pairs, min_pairs : int
        The longest and the shortest list.
    ordered, self_loops : bool
        As in :func:`node_pairs`.
    distinct : bool, default False
        No pair twice (else repeated pairs come, as in LeetCode inputs that allow them).

    Returns
    -------
    hypothesis.strategies.SearchStrategy of list of list of int

    Raises
    ------
    TypeError, ValueError
        ``max_pairs`` or ``min_pairs`` is not an int >= 0, or ``min_pairs > max_pairs``.

    Examples
    --------
    >>> from hypothesis import find, settings
    >>> find(edge_lists(3, 4, distinct=True), lambda edges: len(edges) >= 2,
    ...      settings=settings(database=None, derandomize=True))
    [[0, 0], [0, 1]]
    """
    from hypothesis import strategies as st

    _count("max_pairs", max_pairs)
    _count("min_pairs", min_pairs)
    if min_pairs > max_pairs:
        raise ValueError(f"min_pairs: expected at most max_pairs = {max_pairs}, got {min_pairs}")
    pair = node_pairs(n, ordered=ordered, self_loops=self_loops)
    unique = tuple if distinct else None
    return st.lists(pair, min_size=min_pairs, max_size=max_pairs, unique_by=unique)


def graph_args(
    max_nodes: int = SMALL_NODES,
    max_pairs: int = SMALL_PAIRS,
    *,
    min_nodes: int = 0,
    min_pairs: int = 0,
    capacity: Callable[[int], int] | None = None,
    ordered: bool = False,
    self_loops: bool = True,
    distinct: bool = False,
) -> Any:
    """Small graphs as keyword arguments ``{"n": n, "edges": [[a, b], ...]}``.

    ``n`` is drawn in ``0 .. max_nodes`` and moved up to ``min_nodes``; then up to ``max_pairs``
    pairs (fewer when ``n`` nodes have no room for them, or ``capacity(n)`` says so). By
    default: up to 6 nodes and 8 pairs, repeated pairs and self-loops allowed, the empty graph
    included (the pitfall gallery's graphs).

    Parameters
    ----------
    max_nodes, max_pairs : int
        The drawn sizes' upper ends.
    min_nodes, min_pairs : int, default 0
        The constraints' lower ends (LeetCode's ``1 <= n``...).
    capacity : callable, optional
        ``n -> the most pairs an input with n nodes may have`` (the constraints' limit).
    ordered, self_loops, distinct : bool
        How pairs are written and whether they may repeat (:func:`edge_lists`).

    Returns
    -------
    hypothesis.strategies.SearchStrategy of dict
        ``{"n": n, "edges": [[a, b], ...]}``.

    Raises
    ------
    TypeError, ValueError
        A size (``max_nodes``, ``min_nodes``, ``max_pairs``, ``min_pairs``) is not an int >= 0.

    Examples
    --------
    Two pairs where LeetCode writes them ``a < b``, distinct and without self-loops:

    >>> from hypothesis import find, settings
    >>> leetcode = graph_args(min_nodes=1, ordered=True, self_loops=False, distinct=True)
    >>> find(leetcode, lambda args: len(args["edges"]) >= 2,
    ...      settings=settings(database=None, derandomize=True))
    {'n': 3, 'edges': [[0, 1], [0, 2]]}
    """
    from hypothesis import strategies as st

    _count("max_nodes", max_nodes)
    _count("min_nodes", min_nodes)
    _count("max_pairs", max_pairs)
    _count("min_pairs", min_pairs)

    @st.composite
    def build(draw: Any) -> dict[str, Any]:
        n = draw(st.integers(0, max_nodes).map(lambda k: max(k, min_nodes)))
        if n == 0:
            return {"n": 0, "edges": []}
        most = min(max_pairs, _room(n, ordered, self_loops, distinct))
        if capacity is not None:
            most = min(most, capacity(n))
        pairs = edge_lists(
            n, most, min_pairs=min_pairs, ordered=ordered, self_loops=self_loops, distinct=distinct
        )
        return {"n": n, "edges": draw(pairs)}

    return build()


def top_left_square(args: dict[str, Any]) -> dict[str, Any]:
    """The largest square in the top-left corner of ``{"grid": ...}`` (a square stays as it is),
    for problems of ``n x n`` grids: a drawn rectangle shrinks to the square it starts with.

    Examples
    --------
    >>> top_left_square({"grid": [[0, 1, 1], [1, 0, 0]]})
    {'grid': [[0, 1], [1, 0]]}
    """
    grid = args["grid"]
    k = min(len(grid), len(grid[0]) if grid else 0)
    return {"grid": [row[:k] for row in grid[:k]]}


def grid_args(
    max_side: int = SMALL_GRID_SIDE,
    cells: int = 2,
    *,
    min_side: int = 0,
    side_limit: int | None = None,
) -> Any:
    """Small rectangular grids as keyword arguments ``{"grid": [[0, 1, ...], ...]}``.

    Rows and columns are each drawn in ``0 .. max_side`` and moved into ``min_side ..
    side_limit``; each cell is one of ``0 .. cells - 1``. By default: 0/1 grids with sides 0 to
    5, the empty grids included (the pitfall gallery's grids).

    Parameters
    ----------
    max_side : int, default 5
        The drawn sides' upper end.
    cells : int, default 2
        The number of cell values (2: water 0 and land 1; 3 for 994's oranges).
    min_side : int, default 0
        The constraints' smallest side (LeetCode's ``1 <= m, n``).
    side_limit : int, optional
        The constraints' largest side, below ``max_side`` for a tiny problem.

    Returns
    -------
    hypothesis.strategies.SearchStrategy of dict
        ``{"grid": [[cell, ...], ...]}``, every row of the same length.

    Raises
    ------
    TypeError, ValueError
        A side (``max_side``, ``min_side``, ``side_limit``) is not an int >= 0, or ``cells``
        not an int >= 1.

    Examples
    --------
    >>> from hypothesis import find, settings
    >>> quiet = settings(database=None, derandomize=True)
    >>> find(grid_args(), lambda args: sum(map(sum, args["grid"])) >= 2, settings=quiet)
    {'grid': [[1, 1]]}
    >>> find(grid_args(cells=3, min_side=1), lambda args: args["grid"] != [[0]], settings=quiet)
    {'grid': [[1]]}
    """
    from hypothesis import strategies as st

    _count("max_side", max_side)
    _count("cells", cells, least=1)
    _count("min_side", min_side)
    high = max_side if side_limit is None else _count("side_limit", side_limit)

    @st.composite
    def build(draw: Any) -> dict[str, Any]:
        side = st.integers(0, max_side).map(lambda k: min(max(k, min_side), high))
        h, w = draw(side), draw(side)
        row = st.lists(st.integers(0, cells - 1), min_size=w, max_size=w)
        return {"grid": draw(st.lists(row, min_size=h, max_size=h))}

    return build()


def adjacency_args(max_nodes: int = SMALL_NODES, max_degree: int = SMALL_DEGREE) -> Any:
    """Small directed graphs as adjacency lists, searched from node 0:
    ``{"adj": [[1, 1], [0], []], "start": 0}`` (repeated neighbours and self-loops included).

    Parameters
    ----------
    max_nodes : int, default 6
        The most nodes (at least one: the start).
    max_degree : int, default 4
        The longest neighbour list.

    Returns
    -------
    hypothesis.strategies.SearchStrategy of dict
        ``{"adj": [[neighbour, ...], ...], "start": 0}``.

    Raises
    ------
    TypeError, ValueError
        ``max_degree`` is not an int >= 0, or ``max_nodes`` not an int >= 1.

    Examples
    --------
    >>> from hypothesis import find, settings
    >>> find(adjacency_args(), lambda args: any(len(row) >= 2 for row in args["adj"]),
    ...      settings=settings(database=None, derandomize=True))
    {'adj': [[0, 0]], 'start': 0}
    """
    from hypothesis import strategies as st

    _count("max_nodes", max_nodes, least=1)
    _count("max_degree", max_degree)

    @st.composite
    def build(draw: Any) -> dict[str, Any]:
        n = draw(st.integers(1, max_nodes))
        neighbours = st.lists(st.integers(0, n - 1), max_size=max_degree)
        return {"adj": draw(st.lists(neighbours, min_size=n, max_size=n)), "start": 0}

    return build()


def square_land_args(sides: tuple[int, ...] = SQUARE_SIDES) -> Any:
    """All-land square grids ``{"grid": k x k ones}`` for each side ``k`` of ``sides`` (the
    smallest shrinks first).

    Parameters
    ----------
    sides : tuple of int, default (1, 3, 10, 30, 100, 300)
        The sides, smallest first.

    Returns
    -------
    hypothesis.strategies.SearchStrategy of dict
        ``{"grid": [[1, ...], ...]}``, ``k`` rows of ``k`` ones.

    Raises
    ------
    ValueError, TypeError
        ``sides`` is empty or holds a side that is not an int >= 1.

    Examples
    --------
    >>> from hypothesis import find, settings
    >>> found = find(square_land_args(), lambda args: len(args["grid"]) > 5,
    ...              settings=settings(database=None, derandomize=True))
    >>> len(found["grid"]), {cell for row in found["grid"] for cell in row}
    (10, {1})
    """
    from hypothesis import strategies as st

    if not sides:
        raise ValueError("sides: expected at least one side, got none")
    for k in sides:
        _count("sides", k, least=1)
    return st.sampled_from(sides).map(lambda k: {"grid": [[1] * k for _ in range(k)]})


def tree_plus_edge_args(max_nodes: int = SMALL_NODES, *, min_nodes: int = 3) -> Any:
    """A tree on ``1 .. n`` plus one extra edge, as ``{"edges": [[a, b], ...]}`` (LeetCode 684).

    ``n`` is drawn in ``min_nodes .. max_nodes``; each node ``2 .. n`` hangs from an earlier node,
    the labels are then permuted, one pair that is not yet an edge is added, and the ``n``
    edges are shuffled. Every pair is written ``[a, b]`` with ``a < b``, none repeats, and the
    graph is connected, as LeetCode promises. A failure shrinks to the triangle in order
    (``[[1, 2], [1, 3], [2, 3]]``): small ``n``, every node under node 1, labels and order kept.

    Parameters
    ----------
    max_nodes : int, default 6
        The largest ``n`` (``len(edges)``).
    min_nodes : int, default 3
        The smallest ``n``; at least 3 (two nodes have no room for an extra edge).

    Returns
    -------
    hypothesis.strategies.SearchStrategy of dict
        ``{"edges": [[a, b], ...]}`` with ``a < b``, nodes ``1 .. len(edges)``.

    Raises
    ------
    TypeError, ValueError
        ``min_nodes`` is not an int >= 3, or ``max_nodes`` not an int >= ``min_nodes``.

    Examples
    --------
    >>> from hypothesis import find, settings
    >>> find(tree_plus_edge_args(), lambda args: True,
    ...      settings=settings(database=None, derandomize=True))
    {'edges': [[1, 2], [1, 3], [2, 3]]}
    """
    from hypothesis import strategies as st

    _count("min_nodes", min_nodes, least=3)
    _count("max_nodes", max_nodes, least=min_nodes)

    @st.composite
    def build(draw: Any) -> dict[str, Any]:
        n = draw(st.integers(min_nodes, max_nodes))
        hang = [draw(st.integers(1, v - 1)) for v in range(2, n + 1)]  # node v under hang[v - 2]
        label = [0, *draw(st.permutations(range(1, n + 1)))]  # label[old] = new
        tree = [(label[p], label[v]) for v, p in zip(range(2, n + 1), hang, strict=True)]
        present = {frozenset(e) for e in tree}
        free = [(a, b) for a in range(1, n + 1) for b in range(a + 1, n + 1)
                if frozenset((a, b)) not in present]  # fmt: skip
        extra = draw(st.sampled_from(free))
        order = draw(st.permutations([*tree, extra]))
        return {"edges": [[min(e), max(e)] for e in order]}

    return build()
