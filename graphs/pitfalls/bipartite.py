"""Wrong two-colourings (LeetCode 785, 886): the mistakes ``graphs/records/is_bipartite.md``
warns about."""

from __future__ import annotations

from collections import deque

__all__ = ["is_bipartite_from_node_zero", "possible_bipartition_unchecked_seen"]


def is_bipartite_from_node_zero(graph: list[list[int]]) -> bool:
    """Colours by BFS only from node 0, so an odd cycle in another component is never seen.

    >>> is_bipartite_from_node_zero([[], [2, 3], [1, 3], [1, 2]])  # the triangle is missed
    True
    """
    colour = {0: 0} if graph else {}
    queue = deque(colour)
    while queue:
        u = queue.popleft()
        for v in graph[u]:
            if v not in colour:
                colour[v] = 1 - colour[u]
                queue.append(v)
            elif colour[v] == colour[u]:
                return False
    return True


def possible_bipartition_unchecked_seen(n: int, dislikes: list[list[int]]) -> bool:
    """Checks a conflict only when it colours a neighbour for the first time, never when it
    meets one already coloured: no odd cycle is ever found.

    >>> possible_bipartition_unchecked_seen(3, [[1, 2], [1, 3], [2, 3]])
    True
    """
    adj: list[list[int]] = [[] for _ in range(n + 1)]
    for a, b in dislikes:
        adj[a].append(b)
        adj[b].append(a)
    colour = [-1] * (n + 1)
    for root in range(1, n + 1):
        if colour[root] != -1:
            continue
        colour[root] = 0
        queue = deque([root])
        while queue:
            u = queue.popleft()
            for v in adj[u]:
                if colour[v] == -1:
                    colour[v] = 1 - colour[u]
                    if colour[v] == colour[u]:  # never true: it was just set to the other
                        return False
                    queue.append(v)
    return True
