"""Connected components of an undirected graph given as ``n`` and an edge list (LeetCode 323)."""

from __future__ import annotations

from graphs._validate import check_count, check_edges

__all__ = ["connected_components", "count_components"]


def _union_find(n: int, us: list[int], vs: list[int]) -> tuple[list[int], int]:
    """Disjoint sets over ``range(n)``; returns ``(parent, number of components)``.

    Union by size keeps every tree ``O(log V)`` deep; path halving (each node on a find path is
    re-pointed to its grandparent) flattens the trees as they are walked. Together they make
    each find cost ``O(alpha(V))`` amortised, where ``alpha`` is the inverse Ackermann function
    (at most 4 for any input that fits in memory).
    """
    parent = list(range(n))
    size = [1] * n
    comps = n
    # --8<-- [start:union-find]
    for u, v in zip(us, vs, strict=True):
        while parent[u] != u:  # find(u) with path halving, inlined: no call per step
            parent[u] = u = parent[parent[u]]
        while parent[v] != v:
            parent[v] = v = parent[parent[v]]
        if u != v:  # union by size: hang the smaller tree under the larger root
            if size[u] < size[v]:
                u, v = v, u
            parent[v] = u
            size[u] += size[v]
            comps -= 1
    # --8<-- [end:union-find]
    return parent, comps


def connected_components(n: int, edges: object) -> list[set[int]]:
    """The connected components of an undirected graph on nodes ``0 .. n - 1``.

    Parameters
    ----------
    n : int
        Number of nodes, ``n >= 0``. Nodes that no edge touches are components of their own.
    edges : iterable of pairs of int
        Undirected edges ``(u, v)`` with ``0 <= u, v < n``. Self-loops and repeated edges are
        allowed (they change nothing).

    Returns
    -------
    list of set of int
        One set per component, ordered by their smallest node; together they partition
        ``range(n)``.

    Raises
    ------
    ValueError
        If ``n`` is negative, an edge is not a pair, or a node is outside ``[0, n)``.
    TypeError
        If ``n`` or a node is not an int (bools are rejected).

    Examples
    --------
    >>> connected_components(5, [(0, 1), (1, 2), (3, 4)])
    [{0, 1, 2}, {3, 4}]
    >>> connected_components(3, [])
    [{0}, {1}, {2}]

    Notes
    -----
    The union-find of :func:`count_components`, then one more find per node to group the
    ``V`` nodes by root: time ``O((V + E) alpha(V))``; extra space ``O(V)``.

    References
    ----------
    .. [1] R. E. Tarjan, "Efficiency of a good but not linear set union algorithm",
       J. ACM 22(2), 1975.
    .. [2] R. E. Tarjan and J. van Leeuwen, "Worst-case analysis of set union algorithms",
       J. ACM 31(2), 1984.
    """
    n = check_count(n)
    us, vs = check_edges(n, edges)
    parent, _ = _union_find(n, us, vs)
    groups: dict[int, set[int]] = {}  # root -> members; insertion order = smallest member
    for x in range(n):
        r = x
        while parent[r] != r:
            parent[r] = r = parent[parent[r]]
        members = groups.get(r)
        if members is None:
            groups[r] = {x}
        else:
            members.add(x)
    return list(groups.values())


def count_components(n: int, edges: object) -> int:
    """Number of connected components of an undirected graph (LeetCode 323).

    Parameters
    ----------
    n : int
        Number of nodes, ``n >= 0``; isolated nodes count as components.
    edges : iterable of pairs of int
        Undirected edges ``(u, v)`` with ``0 <= u, v < n``; self-loops and repeats allowed.

    Returns
    -------
    int
        The number of components (0 when ``n == 0``).

    Raises
    ------
    ValueError, TypeError
        On a bad ``n`` or edge, as in :func:`connected_components`.

    Examples
    --------
    >>> count_components(5, [[0, 1], [1, 2], [3, 4]])
    2
    >>> count_components(5, [[0, 1], [1, 2], [2, 3], [3, 4]])
    1

    Notes
    -----
    Time ``O((V + E) alpha(V))`` (union by size with path halving; ``alpha`` is the inverse
    Ackermann function, at most 4 in practice); extra space ``O(V)``.
    The study record, in Korean: ``graphs/records/count_components.md``.

    References
    ----------
    .. [1] LeetCode 323, "Number of Connected Components in an Undirected Graph".
    """
    n = check_count(n)
    us, vs = check_edges(n, edges)
    return _union_find(n, us, vs)[1]
