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
    **Approach.** Count in-degrees; queue every node with in-degree 0; pop a node, output it,
    and decrement the in-degree of each out-neighbour, queueing those that reach 0. If fewer
    than ``n`` nodes come out, the rest sit on or behind a cycle, which a walk along leftover
    predecessors finds.

    **Representation.** Out-adjacency lists plus an in-degree array.

    **BFS vs DFS.** BFS-like: a queue of ready nodes. See the module notes for when to prefer
    the DFS version (:func:`topological_sort_dfs`).

    **Complexity.** In-degrees: one pass over ``E`` edges; initial queue: one pass over ``V``
    nodes. Each node is queued once (when its in-degree first reaches 0) and each out-edge is
    followed once when its tail is popped: ``O(V + E)`` time. The cycle walk, only on failure,
    is another ``O(V + E)``. Space ``O(V + E)`` for the lists.

    **Classic mistakes.** Forgetting the final ``len(order) == n`` check, which returns a
    partial order on a cyclic graph (``graphs.pitfalls.kahn_without_count_check``); counting
    in-degree per distinct neighbour but decrementing per edge (or the reverse) when edges
    repeat.

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
    n : int
        Number of nodes, ``n >= 0``.
    edges : iterable of pairs of int
        Directed edges ``(u, v)``: ``u`` must come before ``v``.

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
    ValueError
        If ``n`` is negative, an edge is not a pair, or a node is outside ``[0, n)``.
    TypeError
        If ``n`` or a node is not an int.

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
    **Approach.** DFS from every white node. A node turns grey when entered and black when all
    its out-neighbours are finished; it is appended to the output when it turns black, and the
    output is reversed at the end (a node finishes after everything it points to). Meeting a
    grey node means a back edge, i.e. a cycle; meeting a black node is fine (a shared
    descendant, as in a diamond).

    **Representation.** Out-adjacency lists; a ``bytearray`` of colours.

    **BFS vs DFS.** DFS, because finishing times order a DAG and the grey path hands over the
    cycle directly. It is iterative (a stack of neighbour iterators), so a chain of ``10**6``
    nodes is fine. See the module notes for when Kahn's algorithm is the better choice.

    **Complexity.** Each node is coloured grey once and black once, ``O(V)``; each neighbour
    iterator is advanced past each out-edge once, ``O(E)``. Time ``O(V + E)``; space
    ``O(V + E)`` for the adjacency lists and ``O(V)`` for the colours, path and stack.

    **Classic mistakes.** One visited flag instead of three colours: a node finished in an
    earlier branch looks like a cycle (``graphs.pitfalls.has_cycle_single_flag``); appending
    on entry instead of on finish (preorder is not a topological order); recursion on a long
    chain.

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
    **Approach / BFS vs DFS.** Kahn's algorithm (BFS-like queue of ready nodes) by default; the
    three-colour DFS on request. Kahn is the better choice for scheduling questions, layers and
    the "is it possible" count check; DFS when the cycle itself is wanted or a DFS is already
    being done (see the module notes).

    **Representation.** Out-adjacency lists (and in-degrees for Kahn).

    **Complexity.** Both ``O(V + E)`` time and space: every node is handled once and every edge
    followed once (derivations in the two functions).

    **Classic mistakes.** No processed-count check in Kahn; a single visited flag in DFS;
    forgetting isolated nodes (they must appear in the order too).

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
