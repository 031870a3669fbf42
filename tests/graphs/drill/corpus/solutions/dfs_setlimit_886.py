# ruff: noqa: F821
import sys

sys.setrecursionlimit(10**6)


class Solution:
    def possibleBipartition(self, n: int, dislikes: List[List[int]]) -> bool:
        g = defaultdict(list)
        for a, b in dislikes:
            g[a].append(b)
            g[b].append(a)
        color = {}

        def dfs(u, c):
            if u in color:
                return color[u] == c
            color[u] = c
            return all(dfs(v, 1 - c) for v in g[u])

        return all(dfs(p, 0) for p in range(1, n + 1) if p not in color)
