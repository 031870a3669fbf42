"""LeetCode's constraints of the two-colouring problems, typed from their pages (independent of
the declarations in ``graphs/drill/problems/``)."""

from __future__ import annotations

from typing import Any


def _adjacency_violation(graph: Any) -> str | None:
    # 785: graph.length == n, 1 <= n <= 100, 0 <= graph[u].length < n,
    # 0 <= graph[u][i] <= n - 1, graph[u] does not contain u, the values of graph[u] are
    # unique, if graph[u] contains v then graph[v] contains u.
    if not isinstance(graph, list) or not 1 <= len(graph) <= 100:
        return "1 <= n <= 100"
    n = len(graph)
    for u, row in enumerate(graph):
        if not isinstance(row, list) or len(row) >= n:
            return f"0 <= graph[{u}].length < n"
        if any(type(v) is not int or not 0 <= v <= n - 1 for v in row):
            return f"0 <= graph[{u}][i] <= n - 1"
        if u in row:
            return f"graph[{u}] contains {u}"
        if len(set(row)) != len(row):
            return f"graph[{u}] has a repeated value"
    for u, row in enumerate(graph):
        for v in row:
            if u not in graph[v]:
                return f"graph[{u}] contains {v} but graph[{v}] does not contain {u}"
    return None


def _dislikes_violation(n: Any, dislikes: Any) -> str | None:
    # 886: 1 <= n <= 2000, 0 <= dislikes.length <= 10^4, dislikes[i].length == 2,
    # 1 <= ai < bi <= n, all the pairs of dislikes are unique.
    if type(n) is not int or not 1 <= n <= 2000:
        return "1 <= n <= 2000"
    if not isinstance(dislikes, list) or len(dislikes) > 10**4:
        return "0 <= dislikes.length <= 10^4"
    seen = set()
    for pair in dislikes:
        if not isinstance(pair, list) or len(pair) != 2:
            return "dislikes[i].length == 2"
        a, b = pair
        if type(a) is not int or type(b) is not int or not 1 <= a < b <= n:
            return "1 <= ai < bi <= n"
        if (a, b) in seen:
            return "pairs unique"
        seen.add((a, b))
    return None


CHECKERS = {785: _adjacency_violation, 886: _dislikes_violation}

# 886 is written with the other pair problems' two lines for "ai < bi" ("1 <= ai < bi <= n" on
# LeetCode) and their wording of uniqueness ("All the pairs of dislikes are unique").
LINES = {
    785: [
        "graph.length == n",
        "1 <= n <= 100",
        "0 <= graph[u].length < n",
        "0 <= graph[u][i] <= n - 1",
        "graph[u] does not contain u",
        "All the values of graph[u] are unique",
        "If graph[u] contains v, then graph[v] contains u",
    ],
    886: [
        "1 <= n <= 2000",
        "0 <= dislikes.length <= 10000",
        "dislikes[i].length == 2",
        "1 <= ai <= bi <= n",
        "ai != bi",
        "All the pairs dislikes[i] are distinct",
    ],
}
