"""Union-find on an edge list: the edge that closes the only cycle (LeetCode 684)."""

from __future__ import annotations

from graphs._validate import check_one_based_pairs

__all__ = ["find_redundant_connection"]


def find_redundant_connection(edges: object) -> list[int]:
    """The edge whose removal leaves a tree, the last one in ``edges`` if several do
    (LeetCode 684).

    Parameters
    ----------
    edges : list of pairs of int
        ``n == len(edges)`` undirected edges ``[a, b]`` over the nodes ``1 .. n``, numbered from
        1 as LeetCode numbers them: a tree on ``n`` nodes plus one extra edge, in any order.
        LeetCode also promises ``a < b`` and no repeated edge; neither is needed here (a repeated
        edge or a self-loop is the one extra edge like any other). Not changed.

    Returns
    -------
    list of int
        A new list ``[a, b]``, the pair as written in ``edges``: of the edges on the one cycle
        (exactly those whose removal leaves a tree), the one that comes last in ``edges``.

    Raises
    ------
    TypeError
        If ``edges`` is not a list of pairs or a node is not an int (``edges[0]: expected int,
        got str``).
    ValueError
        If a pair does not have two items, a node is outside ``1 .. n``
        (``edges[2]: node 4 is outside [1, 3] (n == len(edges) == 3)``), or the edges are not a
        tree plus one edge (empty, or disconnected: then no single removal leaves a tree).

    Examples
    --------
    >>> find_redundant_connection([[1, 2], [1, 3], [2, 3]])
    [2, 3]
    >>> find_redundant_connection([[1, 2], [2, 3], [3, 4], [1, 4], [1, 5]])
    [1, 4]
    >>> find_redundant_connection([[1, 4], [3, 4], [1, 3], [1, 2]])  # cycle 1-4-3
    [1, 3]

    Notes
    -----
    Time ``O(V alpha(V))``, extra space ``O(V)``, with ``V = E = n``: two finds and at most
    one union per edge, each find ``O(alpha(V))`` amortised by union by size and path halving.
    The first edge whose ends are already joined closes the one cycle: its last edge in input
    order. The study record, in Korean: ``graphs/records/find_redundant_connection.md``.

    References
    ----------
    .. [1] LeetCode 684, "Redundant Connection".
    .. [2] R. E. Tarjan and J. van Leeuwen, "Worst-case analysis of set union algorithms",
       J. ACM 31(2), 1984.
    """
    us, vs = check_one_based_pairs(edges, None, "edges")  # n == len(edges)
    n = len(us)
    parent = list(range(n + 1))  # index 0 is never used: the nodes are 1 .. n
    size = [1] * (n + 1)
    closing: list[int] = []  # indices of the edges whose two ends were already joined
    # --8<-- [start:redundant]
    for i, (u, v) in enumerate(zip(us, vs, strict=True)):
        while parent[u] != u:  # find(u) with path halving, inlined: no call per step
            parent[u] = u = parent[parent[u]]
        while parent[v] != v:
            parent[v] = v = parent[parent[v]]
        if u == v:  # already one set: this edge closes a cycle
            closing.append(i)
            continue
        if size[u] < size[v]:  # union by size: the smaller tree goes under the larger root
            u, v = v, u
        parent[v] = u
        size[u] += size[v]
    # --8<-- [end:redundant]
    if len(closing) != 1:
        what = f"{len(closing)} edges closing a cycle: disconnected" if n else "no edges"
        raise ValueError(
            f"edges: expected a tree on nodes 1 .. {n} plus one edge, got {what}"
            " (no single removal leaves a tree)"
        )
    last = closing[0]
    return [us[last], vs[last]]
