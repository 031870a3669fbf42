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
    **Approach.** Standard BFS with a FIFO queue; the output list itself is the queue (a read
    position walks along it while new nodes are appended).

    **Representation.** Adjacency list, so scanning the neighbours of ``u`` costs ``deg(u)``
    rather than ``V`` as with an adjacency matrix. A list of lists is searched in the compact
    CSR form that validation packs in the same pass (all neighbours in one array of machine
    ints, row ``u`` at ``nbrs[off[u] : off[u + 1]]``): on a large graph the search then reads
    two contiguous arrays instead of one list object per node and one int object per
    neighbour scattered over the heap, which roughly halves its time once the graph no longer
    fits in the CPU caches.

    **BFS vs DFS.** BFS visits nodes in rings of equal hop distance, which is what shortest
    unweighted paths and "level" questions need; for plain reachability either works.

    **Complexity.** Every reachable node is appended to the queue once (it is marked when it is
    enqueued), so the outer loop runs at most ``V`` times; the inner loop runs over the
    out-edges of each dequeued node once, ``sum(deg(u)) = E`` in all. Time ``O(V + E)``. The
    visited marks and the queue hold at most ``V`` entries: extra space ``O(V)`` (plus the
    ``O(V + E)`` CSR arrays that validation packs ``adj`` into).

    **Classic mistakes.** Forgetting the visited check (infinite loop on a cycle); marking a node
    visited when it is *dequeued* instead of when it is *enqueued*, which lets the same node
    enter the queue many times (``graphs.pitfalls.bfs_order_mark_on_dequeue``).

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
    ValueError
        If ``source`` is not a node of ``adj`` or a neighbour is outside ``[0, len(adj))``.
    TypeError
        If ``adj`` has the wrong type or holds a bad neighbour.

    Examples
    --------
    >>> shortest_path_lengths([[1, 2], [3], [3], [], []], 0)
    {0: 0, 1: 1, 2: 1, 3: 2}

    Notes
    -----
    **Approach.** BFS level by level: every node of the frontier at distance ``d`` puts its
    not-yet-seen neighbours into the next frontier at distance ``d + 1``.

    **Representation.** Adjacency list, searched in the compact CSR form (see
    :func:`bfs_order`); the distances of a whole level go into the result at once.

    **BFS vs DFS.** BFS, because it discovers nodes in order of distance: the first time a node
    is reached is along a shortest path (every edge has weight 1). DFS reaches nodes along
    arbitrary, possibly long paths and would need relaxation and revisits to fix them.

    **Complexity.** Each reachable node enters exactly one frontier (it is given its distance
    when discovered and never again), so ``O(V)`` frontier work; each out-edge of a reached node
    is examined once when that node is expanded, ``O(E)`` in all. Time ``O(V + E)``; space
    ``O(V)`` for the distances and the two frontiers.

    **Classic mistakes.** Writing the distance when a node is dequeued rather than discovered
    (a node reached twice in one level gets duplicated work, and with a stack instead of a queue
    a wrong, too-large distance); using DFS for shortest paths.

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
    ValueError
        If ``start`` is not a node of ``adj`` or a neighbour is outside ``[0, len(adj))``.
    TypeError
        If ``adj`` has the wrong type or holds a bad neighbour.

    Examples
    --------
    >>> dfs_order([[1, 2], [3], [3], []], 0)
    [0, 1, 3, 2]
    >>> len(dfs_order([[i + 1] for i in range(10**5)] + [[]], 0))  # no recursion limit
    100001

    Notes
    -----
    **Approach.** The call stack of recursive DFS is made explicit: the stack holds, for every
    node on the current path, an iterator over its remaining neighbours. The top iterator is
    advanced until it yields an unvisited node (push it) or runs out (pop). A node is marked
    and emitted when it is pushed, so the order is exactly the recursive preorder.

    **Representation.** Adjacency list (see :func:`bfs_order`).

    **BFS vs DFS.** DFS explores one branch to the end before the next; it is the natural
    choice for reachability, connected pieces, cycle detection and topological order (the
    finishing times mean something). Here it is iterative because Python's recursion limit
    (1000 frames by default) is far below the depth of a path of ``10**6`` nodes.

    **Complexity.** Each reachable node is pushed once and popped once, ``O(V)``; each
    iterator is advanced past each of its ``deg(u)`` neighbours once over the whole run,
    ``O(E)`` in all. Time ``O(V + E)``. The stack holds at most one iterator per node on the
    current path and the marks one bit per node: space ``O(V)``.

    **Classic mistakes.** Recursion on a long path (``RecursionError``, see
    ``graphs.pitfalls.num_islands_recursive``); an explicit stack that pushes *all* neighbours
    at once and marks them on push, which gives a valid traversal but not a DFS preorder; marking
    on pop without re-checking, which emits nodes twice.

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
