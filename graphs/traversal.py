"""Breadth-first and depth-first traversal of a graph given as an adjacency structure.

``adj`` is either a list of neighbour lists (nodes ``0 .. len(adj) - 1``) or a dict from node to
an iterable of neighbours. Edges are directed as written: for an undirected graph list each edge
in both directions. In a dict, a neighbour that is not a key is a node with no out-neighbours
(it is visited, and the walk stops there).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from graphs._validate import adjacency_csr, check_adjacency, check_node, check_start

__all__ = ["bfs_order", "dfs_order", "shortest_path_lengths"]

_EMPTY: tuple[()] = ()


def bfs_order(adj: Any, start: Hashable) -> list[Any]:
    """Nodes reachable from ``start`` in breadth-first order.

    Parameters
    ----------
    adj : list of lists of int, or dict
        Adjacency: ``adj[u]`` lists the out-neighbours of ``u`` in the order they are tried. A list
        of lists has nodes ``0 .. len(adj) - 1``; a dict has its keys as nodes, and a neighbour
        that is not a key counts as a node with no out-neighbours.
    start : node
        Where the search starts.

    Returns
    -------
    list
        ``start`` first, then every node reachable from it, each exactly once, in order of
        non-decreasing hop distance (ties in the order the neighbours are listed).

    Raises
    ------
    ValueError
        If ``start`` is not a node of ``adj`` or a neighbour in a list of lists is outside
        ``[0, len(adj))``.
    TypeError
        If ``adj`` is neither a list of lists nor a dict, or holds a non-int / unhashable
        neighbour.

    Examples
    --------
    >>> bfs_order([[1, 2], [3], [3], []], 0)
    [0, 1, 2, 3]
    >>> bfs_order({"a": ["b", "c"], "b": ["d"]}, "a")
    ['a', 'b', 'c', 'd']

    Notes
    -----
    Time ``O(V + E)``; extra space ``O(V)`` (plus the ``O(V + E)`` compact arrays that
    validation packs a list of lists into).
    The study record, in Korean: ``graphs/records/bfs_order.md``.

    References
    ----------
    .. [1] Cormen, Leiserson, Rivest, Stein, *Introduction to Algorithms*, 3rd ed., 22.2.
    """
    graph, is_list = adjacency_csr(adj)
    if is_list:
        nbrs, off = graph  # neighbours of u: nbrs[off[u] : off[u + 1]]
        n = len(off) - 1
        start = check_node(start, n, "start")
        order = [start]
        seen = bytearray(n)
        seen[start] = 1
        append = order.append
        # --8<-- [start:bfs]
        for u in order:  # the list grows while we walk it: it is the FIFO queue
            for w in nbrs[off[u] : off[u + 1]]:
                if not seen[w]:  # mark on enqueue, so no node enters the queue twice
                    seen[w] = 1
                    append(w)
        # --8<-- [end:bfs]
        return order
    start = check_start(graph, is_list, start)
    order = [start]
    visited = {start}
    get = graph.get
    append = order.append
    add = visited.add
    for u in order:
        for w in get(u, _EMPTY):
            if w not in visited:
                add(w)
                append(w)
    return order


def shortest_path_lengths(adj: Any, source: Hashable) -> dict[Any, int]:
    """Hop distance from ``source`` to every node reachable from it (BFS).

    Parameters
    ----------
    adj : list of lists of int, or dict
        Adjacency as in :func:`bfs_order` (edges directed as written).
    source : node
        Where the distances are measured from.

    Returns
    -------
    dict
        ``{node: hops}`` for every node reachable from ``source`` (``source`` maps to 0), in BFS
        order. Unreachable nodes are absent, as in
        ``networkx.single_source_shortest_path_length``.

    Raises
    ------
    ValueError, TypeError
        If ``source`` is not a node of ``adj``, or ``adj`` is bad as :func:`bfs_order` says.

    Examples
    --------
    >>> shortest_path_lengths([[1, 2], [3], [3], [], []], 0)
    {0: 0, 1: 1, 2: 1, 3: 2}

    Notes
    -----
    Time ``O(V + E)``; extra space ``O(V)``.
    The study record, in Korean: ``graphs/records/shortest_path_lengths.md``.

    References
    ----------
    .. [1] E. F. Moore, "The shortest path through a maze", 1959.
    """
    graph, is_list = adjacency_csr(adj, "adj")
    if is_list:
        nbrs, off = graph  # neighbours of u: nbrs[off[u] : off[u + 1]]
        n = len(off) - 1
        source = check_node(source, n, "source")
        dist: dict[Any, int] = {source: 0}
        seen = bytearray(n)
        seen[source] = 1
        frontier = [source]
        d = 0
        while frontier:
            d += 1
            nxt: list[Any] = []
            append = nxt.append
            for u in frontier:
                for w in nbrs[off[u] : off[u + 1]]:
                    if not seen[w]:
                        seen[w] = 1
                        append(w)
            dist.update(dict.fromkeys(nxt, d))  # the whole level at once, in BFS order
            frontier = nxt
        return dist
    source = check_start(graph, is_list, source, "source")
    dist = {source: 0}
    frontier = [source]
    d = 0
    get = graph.get
    while frontier:
        d += 1
        nxt = []
        append = nxt.append
        for u in frontier:
            for w in get(u, _EMPTY):
                if w not in dist:
                    dist[w] = d
                    append(w)
        frontier = nxt
    return dist


def dfs_order(adj: Any, start: Hashable) -> list[Any]:
    """Nodes reachable from ``start`` in depth-first preorder, without recursion.

    Parameters
    ----------
    adj : list of lists of int, or dict
        Adjacency as in :func:`bfs_order`; neighbours are tried in the order listed.
    start : node
        Where the search starts.

    Returns
    -------
    list
        The preorder a recursive DFS would produce: ``start``, then the first unvisited
        neighbour and everything reachable through it first, and so on. For a
        ``networkx.DiGraph`` built with the same neighbour order this equals
        ``list(networkx.dfs_preorder_nodes(G, start))``.

    Raises
    ------
    ValueError, TypeError
        If ``start`` is not a node of ``adj``, or ``adj`` is bad as :func:`bfs_order` says.

    Examples
    --------
    >>> dfs_order([[1, 2], [3], [3], []], 0)
    [0, 1, 3, 2]
    >>> len(dfs_order([[i + 1] for i in range(10**5)] + [[]], 0))  # no recursion limit
    100001

    Notes
    -----
    Time ``O(V + E)``; extra space ``O(V)``; no recursion.
    The study record, in Korean: ``graphs/records/dfs_order.md``.

    References
    ----------
    .. [1] R. Tarjan, "Depth-first search and linear graph algorithms", SIAM J. Comput., 1972.
    """
    graph, is_list = check_adjacency(adj)
    start = check_start(graph, is_list, start)
    order = [start]
    append = order.append
    if is_list:
        seen = bytearray(len(graph))
        seen[start] = 1
        stack = [iter(graph[start])]
        push = stack.append
        pop = stack.pop
        # --8<-- [start:dfs]
        while stack:
            for w in stack[-1]:
                if not seen[w]:
                    seen[w] = 1
                    append(w)
                    push(iter(graph[w]))
                    break
            else:
                pop()
        # --8<-- [end:dfs]
        return order
    get = graph.get
    visited = {start}
    add = visited.add
    stack = [iter(get(start, _EMPTY))]
    push = stack.append
    pop = stack.pop
    while stack:
        for w in stack[-1]:
            if w not in visited:
                add(w)
                append(w)
                push(iter(get(w, _EMPTY)))
                break
        else:
            pop()
    return order
