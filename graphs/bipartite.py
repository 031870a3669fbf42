"""Two-colouring an undirected graph: is it bipartite? (LeetCode 785, 886)."""

from __future__ import annotations

from collections.abc import Sequence

from graphs._validate import as_int, check_count, check_one_based_pairs

__all__ = ["is_bipartite", "possible_bipartition"]

UNSEEN = -1


def _two_colourable(adj: list[list[int]]) -> bool:
    """BFS two-colouring of every component of ``adj`` (a symmetric adjacency list).

    Every node not yet coloured starts a new component with colour 0; a neighbour gets the
    other colour when it is first met, and an already coloured neighbour of the same colour is
    an odd cycle. Each node is enqueued once and each adjacency entry read once: ``O(V + E)``.
    """
    colour = [UNSEEN] * len(adj)
    for root in range(len(adj)):
        if colour[root] != UNSEEN:
            continue  # already coloured from an earlier root: same component
        colour[root] = 0
        queue = [root]
        # --8<-- [start:two-colour]
        for u in queue:  # the list grows while we walk it: a BFS queue without pops
            other = 1 - colour[u]
            for v in adj[u]:
                if colour[v] == UNSEEN:
                    colour[v] = other
                    queue.append(v)
                elif colour[v] != other:
                    return False  # an edge inside one colour: an odd cycle
        # --8<-- [end:two-colour]
    return True


def _rows(graph: object, name: str) -> list[list[int]]:
    if not isinstance(graph, Sequence) or isinstance(graph, (str, bytes)):
        raise TypeError(f"{name}: expected a list of neighbour lists, got {type(graph).__name__}")
    n = len(graph)
    rows: list[list[int]] = []
    for u, row in enumerate(graph):
        if not isinstance(row, Sequence) or isinstance(row, (str, bytes)):
            raise TypeError(f"{name}[{u}]: expected a list of nodes, got {type(row).__name__}")
        checked = [as_int(v, f"{name}[{u}]") for v in row]
        for v in checked:
            if not 0 <= v < n:
                raise ValueError(f"{name}[{u}]: node {v} is outside [0, {n})")
        rows.append(checked)
    entries = {(u, v) for u, row in enumerate(rows) for v in row}
    for u, row in enumerate(rows):
        for v in row:
            if (v, u) not in entries:
                raise ValueError(f"{name}[{u}] holds {v} but {name}[{v}] does not hold {u}")
    return rows


def is_bipartite(graph: object) -> bool:
    """Whether the nodes of an undirected graph split into two sets with every edge between
    them (LeetCode 785).

    Parameters
    ----------
    graph : list of lists of int
        LeetCode's adjacency list: ``graph[u]`` the neighbours of node ``u`` in ``0 .. n-1``;
        symmetric (``v in graph[u]`` iff ``u in graph[v]``). The graph may be disconnected.

    Returns
    -------
    bool
        True when a two-colouring exists (no odd cycle in any component).

    Raises
    ------
    TypeError
        If ``graph`` or a row is not a list, or a node is not an int (``graph[0]: expected
        int, got str``).
    ValueError
        If a node is outside ``0 .. n-1`` or the lists are not symmetric (``graph[0] holds 1
        but graph[1] does not hold 0``).

    Examples
    --------
    >>> is_bipartite([[1, 2, 3], [0, 2], [0, 1, 3], [0, 2]])
    False
    >>> is_bipartite([[1, 3], [0, 2], [1, 3], [0, 2]])
    True
    >>> is_bipartite([[], [2], [1], [4, 5], [3, 5], [3, 4]])  # the odd cycle is in the last part
    False

    Notes
    -----
    Time ``O(V + E)``, extra space ``O(V)``: the BFS from each uncoloured root enqueues each
    node once and reads each adjacency entry once (``2E`` entries in all); checking symmetry
    at the entry puts the ``2E`` entries in a set and looks each reverse up once (``O(E)``).
    The study record, in Korean: ``graphs/records/is_bipartite.md``.

    References
    ----------
    .. [1] LeetCode 785, "Is Graph Bipartite?".
    """
    return _two_colourable(_rows(graph, "graph"))


def possible_bipartition(n: object, dislikes: object) -> bool:
    """Whether people ``1 .. n`` split into two groups with no disliking pair in one group
    (LeetCode 886).

    Parameters
    ----------
    n : int
        The number of people, numbered from 1 as LeetCode numbers them.
    dislikes : list of pairs
        ``[a, b]`` with ``1 <= a, b <= n``: ``a`` and ``b`` must be in different groups.

    Returns
    -------
    bool
        True when the graph of dislikes is two-colourable.

    Raises
    ------
    TypeError
        If ``n`` is not an int, or ``dislikes`` is not a list of pairs of ints.
    ValueError
        If ``n`` is negative or a person is outside ``1 .. n`` (``dislikes[0]: person 5 is
        outside [1, 4]``).

    Examples
    --------
    >>> possible_bipartition(4, [[1, 2], [1, 3], [2, 4]])
    True
    >>> possible_bipartition(3, [[1, 2], [1, 3], [2, 3]])
    False

    Notes
    -----
    Time ``O(V + E)`` and space ``O(V + E)`` for ``V = n`` people and ``E = len(dislikes)``
    pairs: building the adjacency lists is one pass over the pairs, and the BFS colouring
    reads each of the ``2E`` entries once and enqueues each person once.
    The study record, in Korean: ``graphs/records/possible_bipartition.md``.

    References
    ----------
    .. [1] LeetCode 886, "Possible Bipartition".
    """
    n = check_count(n, "n")
    us, vs = check_one_based_pairs(dislikes, n, "dislikes", noun="person")
    adj: list[list[int]] = [[] for _ in range(n)]
    for a, b in zip(us, vs, strict=True):
        adj[a - 1].append(b - 1)
        adj[b - 1].append(a - 1)
    return _two_colourable(adj)
