"""Wrong variants of the redundant connection (LeetCode 684).

==============================================  ======================================
wrong variant                                   mistake
==============================================  ======================================
``find_redundant_connection_first_on_cycle``    the cycle's first edge in the input
``find_redundant_connection_parent_compare``    parents compared, not roots (no find)
==============================================  ======================================

The correct version is :func:`graphs.find_redundant_connection`.

Do not use these functions for anything but demonstrations. They are not exported by
:mod:`graphs` and do only the validation needed to fail in the intended way.
"""

from __future__ import annotations

__all__ = [
    "find_redundant_connection_first_on_cycle",
    "find_redundant_connection_parent_compare",
]


def find_redundant_connection_first_on_cycle(edges: list[list[int]]) -> list[int]:
    """LeetCode 684 by peeling leaves: nodes of degree 1 are removed until only the cycle is
    left, which is right; but the edges are then scanned from the *front* and the first one
    with both ends on the cycle is returned, while LeetCode asks for the last one.

    Examples
    --------
    >>> find_redundant_connection_first_on_cycle([[1, 2], [1, 3], [2, 3]])  # the answer is [2, 3]
    [1, 2]
    >>> find_redundant_connection_first_on_cycle([[1, 2], [2, 3], [3, 1], [1, 4]])  # wrong too
    [1, 2]
    """
    n = len(edges)
    degree = [0] * (n + 1)
    adj: list[list[int]] = [[] for _ in range(n + 1)]
    for a, b in edges:
        degree[a] += 1
        degree[b] += 1
        adj[a].append(b)
        adj[b].append(a)
    leaves = [v for v in range(1, n + 1) if degree[v] == 1]
    on_cycle = [True] * (n + 1)
    while leaves:  # a tree's leaves are never on the cycle; peeling one may expose another
        v = leaves.pop()
        on_cycle[v] = False
        for w in adj[v]:
            degree[w] -= 1
            if degree[w] == 1:
                leaves.append(w)
    for a, b in edges:  # the mistake: LeetCode wants the LAST such edge (scan from the end)
        if on_cycle[a] and on_cycle[b]:
            return [a, b]
    return []


def find_redundant_connection_parent_compare(edges: list[list[int]]) -> list[int]:
    """LeetCode 684 by union-find without a find: two nodes are taken to be in one set when
    their *parents* are equal, and a union copies one parent into the other node. Right while
    every set is a star around its first node (both of LeetCode's examples), wrong as soon as a
    set's nodes point at different parents: the cycle is missed, and ``[]`` or a later edge
    comes back.

    Examples
    --------
    >>> find_redundant_connection_parent_compare([[1, 2], [1, 3], [2, 3]])  # right here
    [2, 3]
    >>> find_redundant_connection_parent_compare([[1, 2], [3, 4], [2, 3], [1, 4]])  # [1, 4]
    []
    """
    parent = list(range(len(edges) + 1))
    for a, b in edges:
        if parent[a] == parent[b]:  # the mistake: compares parents, not the roots find() gives
            return [a, b]
        parent[b] = parent[a]  # ... and joins b alone, not b's whole set
    return []
