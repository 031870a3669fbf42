# ruff: noqa: F821, SIM110
import sys

sys.setrecursionlimit(10**6)


class Solution:
    def isBipartite(self, graph: List[List[int]]) -> bool:
        color = [0] * len(graph)

        def dfs(u, c):
            color[u] = c
            for v in graph[u]:
                if color[v] == c:
                    return False
                if color[v] == 0 and not dfs(v, -c):
                    return False
            return True

        for i in range(len(graph)):
            if color[i] == 0 and not dfs(i, 1):
                return False
        return True
