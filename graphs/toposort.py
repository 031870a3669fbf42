"""Topological sort of a directed graph on ``0 .. n - 1``: Kahn's algorithm and three-colour DFS.

Which one to use
----------------
* **Kahn** (in-degree counting, a queue of ready nodes) when the question is "can everything be
  scheduled?" or the order should come in waves: the queue holds exactly the nodes whose
  prerequisites are done, so it gives layers for parallel scheduling, and swapping the queue for
  a heap gives the lexicographically smallest order. It never recurses, and its cycle test is
  one comparison (processed count < n). It does not name the cycle by itself: that takes a
  second walk over the leftover nodes.
* **Three-colour DFS** (white / grey = on the current path / black = finished; output the
  reverse finishing order) when you want the offending cycle itself (it is the grey path from
  the node you ran into), when you only need the part reachable from some sources, or when you
  are already doing a DFS (strongly connected components, reachability). Its grey/black
  distinction is what makes cycle detection correct on DAGs with shared descendants (a single
  "visited" flag reports a false cycle on a diamond, see
  ``graphs.pitfalls.has_cycle_single_flag``).

Both run in ``O(V + E)`` time and space.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from graphs._validate import check_count, check_edges

__all__ = ["CycleError", "topological_sort", "topological_sort_dfs", "topological_sort_kahn"]


class CycleError(ValueError):
    """The graph has a directed cycle, so no topological order exists.

    Like :class:`graphlib.CycleError`, ``args[1]`` (and the ``cycle`` attribute) is the cycle as
    a list of nodes whose first and last entries are equal; here every consecutive pair
    ``(cycle[i], cycle[i + 1])`` is an edge of the input, in its direction. A self-loop
    ``(u, u)`` is the cycle ``[u, u]``.
    """

    def __init__(self, message: str, cycle: Sequence[Any]) -> None:
        super().__init__(message, list(cycle))
        self.cycle: list[Any] = list(cycle)

    def __str__(self) -> str:
        return f"{self.args[0]}: {' -> '.join(map(str, self.cycle))}"


def _out_adjacency(n: int, us: list[int], vs: list[int]) -> list[list[int]]:
    adj: list[list[int]] = [[] for _ in range(n)]
    for u, v in zip(us, vs, strict=True):
        adj[u].append(v)
    return adj


def _kahn_order(n: int, adj: list[list[int]], vs: list[int]) -> tuple[list[int], list[int]]:
    """Kahn's algorithm; returns ``(order, indegree left)`` — ``len(order) < n`` on a cycle."""
    indeg = [0] * n
    for v in vs:
        indeg[v] += 1
    order = [u for u in range(n) if not indeg[u]]
    append = order.append
    # --8<-- [start:kahn]
    for u in order:  # the list is the FIFO queue of ready nodes
        for v in adj[u]:
            indeg[v] -= 1
            if not indeg[v]:
                append(v)
    # --8<-- [end:kahn]
    return order, indeg


def _leftover_cycle(n: int, us: list[int], vs: list[int], indeg: list[int]) -> list[int]:
    """A directed cycle among the nodes Kahn could not process.

    A leftover node ``v`` has ``indeg[v] > 0`` counted over edges from leftover nodes only, so
    it has a leftover predecessor. Walking predecessors from any leftover node therefore never
    stops and must repeat a node within ``n`` steps; the repeated stretch, reversed, is a cycle
    in edge direction.
    """
    pred: dict[int, int] = {}
    for u, v in zip(us, vs, strict=True):
        if indeg[u] and indeg[v] and v not in pred:
            pred[v] = u
    x = next(v for v in range(n) if indeg[v])
    pos: dict[int, int] = {}
    path: list[int] = []
    while x not in pos:
        pos[x] = len(path)
        path.append(x)
        x = pred[x]
    back = [*path[pos[x] :], x]  # consecutive pairs are edges b -> a
    back.reverse()
    return back


def topological_sort_kahn(n: int, edges: object) -> list[int]:
    """Topological order by Kahn's algorithm (repeatedly remove a node with in-degree 0).

    Parameters
    ----------
    n : int
        Number of nodes, ``n >= 0``.
    edges : iterable of pairs of int
        Directed edges ``(u, v)``: ``u`` must come before ``v``. Repeated edges are allowed; a
        self-loop is a cycle.

    Returns
    -------
    list of int
        All ``n`` nodes, each edge ``(u, v)`` putting ``u`` before ``v``. Ties are broken
        first-in first-out, starting from the sources in increasing order.

    Raises
    ------
    CycleError
        If the graph has a directed cycle; ``err.cycle`` is one, e.g. ``[1, 2, 1]``.
    ValueError
        If ``n`` is negative, an edge is not a pair, or a node is outside ``[0, n)``.
    TypeError
        If ``n`` or a node is not an int.

    Examples
    --------
    >>> topological_sort_kahn(4, [(0, 1), (0, 2), (1, 3), (2, 3)])
    [0, 1, 2, 3]

    Notes
    -----
    Time and space ``O(V + E)``: each node is queued once and each edge followed once (the
    cycle walk, on failure only, is another ``O(V + E)``).
    The study record, in Korean: ``graphs/records/topological_sort_kahn.md``.

    References
    ----------
    .. [1] A. B. Kahn, "Topological sorting of large networks", Comm. ACM 5(11), 1962.
    """
    n = check_count(n)
    us, vs = check_edges(n, edges)
    adj = _out_adjacency(n, us, vs)
    order, indeg = _kahn_order(n, adj, vs)
    if len(order) < n:
        raise CycleError("edges: the graph has a cycle", _leftover_cycle(n, us, vs, indeg))
    return order


def _dfs_order(n: int, adj: list[list[int]]) -> list[int]:
    colour = bytearray(n)  # 0 white (unseen), 1 grey (on the current path), 2 black (finished)
    post: list[int] = []
    finish = post.append
    # --8<-- [start:three-colour]
    s = colour.find(0)
    while s != -1:
        colour[s] = 1
        path = [s]
        stack = [iter(adj[s])]
        while stack:
            for w in stack[-1]:
                c = colour[w]
                if not c:
                    colour[w] = 1
                    path.append(w)
                    stack.append(iter(adj[w]))
                    break
                if c == 1:  # grey: w is on the current path, so path[w:] + w is a cycle
                    cycle = [*path[path.index(w) :], w]
                    raise CycleError("edges: the graph has a cycle", cycle)
            else:
                stack.pop()
                x = path.pop()
                colour[x] = 2
                finish(x)
        s = colour.find(0, s + 1)
    # --8<-- [end:three-colour]
    post.reverse()
    return post


def topological_sort_dfs(n: int, edges: object) -> list[int]:
    """Topological order by three-colour depth-first search (reverse finishing order).

    Parameters
    ----------
    n, edges
        As in :func:`topological_sort_kahn`.

    Returns
    -------
    list of int
        All ``n`` nodes in reverse DFS finishing order (roots tried in increasing order,
        neighbours in edge order).

    Raises
    ------
    CycleError
        If the graph has a directed cycle; ``err.cycle`` is the grey path closed by the back
        edge that was found.
    ValueError, TypeError
        On a bad ``n`` or edge, as in :func:`topological_sort_kahn`.

    Examples
    --------
    >>> topological_sort_dfs(4, [(0, 1), (0, 2), (1, 3), (2, 3)])
    [0, 2, 1, 3]
    >>> try:
    ...     topological_sort_dfs(3, [(0, 1), (1, 2), (2, 1)])
    ... except CycleError as err:
    ...     print(err.cycle)
    [1, 2, 1]

    Notes
    -----
    Time and space ``O(V + E)``: each node is coloured grey once and black once, each edge is
    passed once; no recursion.
    The study record, in Korean: ``graphs/records/topological_sort_dfs.md``.

    References
    ----------
    .. [1] R. Tarjan, "Edge-disjoint spanning trees and depth-first search", Acta Inf., 1976.
    .. [2] Cormen et al., *Introduction to Algorithms*, 3rd ed., 22.4.
    """
    n = check_count(n)
    us, vs = check_edges(n, edges)
    return _dfs_order(n, _out_adjacency(n, us, vs))


def topological_sort(n: int, edges: object, *, method: str = "kahn") -> list[int]:
    """An order of ``0 .. n - 1`` in which every edge ``(u, v)`` puts ``u`` before ``v``.

    Parameters
    ----------
    n : int
        Number of nodes, ``n >= 0``.
    edges : iterable of pairs of int
        Directed edges ``(u, v)`` with ``0 <= u, v < n``; repeated edges allowed.
    method : {"kahn", "dfs"}, default "kahn"
        :func:`topological_sort_kahn` or :func:`topological_sort_dfs`.

    Returns
    -------
    list of int
        A topological order of all ``n`` nodes.

    Raises
    ------
    CycleError
        A ``ValueError`` raised when the graph has a directed cycle; ``err.cycle`` is a cycle of
        the input whose first and last entries are equal (self-loop ``(u, u)``: ``[u, u]``).
    ValueError
        If ``n`` is negative, an edge is not a pair, a node is outside ``[0, n)``, or
        ``method`` is unknown.
    TypeError
        If ``n`` or a node is not an int.

    Examples
    --------
    >>> topological_sort(3, [(2, 0), (0, 1)])
    [2, 0, 1]
    >>> topological_sort(2, [(0, 1), (1, 0)])
    Traceback (most recent call last):
    ...
    graphs.toposort.CycleError: edges: the graph has a cycle: 0 -> 1 -> 0

    Notes
    -----
    Time and space ``O(V + E)`` for either method.

    References
    ----------
    .. [1] A. B. Kahn, "Topological sorting of large networks", Comm. ACM 5(11), 1962.
    .. [2] Python standard library, :mod:`graphlib`.
    """
    if method == "kahn":
        return topological_sort_kahn(n, edges)
    if method == "dfs":
        return topological_sort_dfs(n, edges)
    raise ValueError(f"method: expected 'kahn' or 'dfs', got {method!r}")
