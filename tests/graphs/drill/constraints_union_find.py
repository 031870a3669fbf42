"""LeetCode's constraints of the union-find problems after 323, typed from their pages
(independent of the declarations in ``graphs/drill/problems/``)."""

from __future__ import annotations

from typing import Any


def _redundant_violation(edges: Any) -> str | None:
    # 684: n == edges.length, 3 <= n <= 1000, edges[i].length == 2,
    # 1 <= ai < bi <= edges.length, ai != bi, no repeated edges, the graph is connected.
    if not isinstance(edges, list) or not 3 <= len(edges) <= 1000:
        return "3 <= n <= 1000"
    n = len(edges)
    adj: dict[int, set[int]] = {v: set() for v in range(1, n + 1)}
    for pair in edges:
        if not isinstance(pair, list) or len(pair) != 2:
            return "edges[i].length == 2"
        a, b = pair
        if type(a) is not int or type(b) is not int or not 1 <= a < b <= n:
            return "1 <= ai < bi <= edges.length"
        if b in adj[a]:
            return "no repeated edges"
        adj[a].add(b)
        adj[b].add(a)
    reached, frontier = {1}, [1]  # connected: everything reachable from node 1
    while frontier:
        frontier = [w for v in frontier for w in adj[v] if w not in reached]
        reached.update(frontier)
    if len(reached) != n:
        return "the given graph is connected"
    return None


CHECKERS = {684: _redundant_violation}

LINES = {
    684: [
        "n == edges.length",
        "3 <= n <= 1000",
        "edges[i].length == 2",
        "1 <= ai < bi <= edges.length",
        "ai != bi",
        "There are no repeated edges.",
        "The given graph is connected.",
    ],
}
