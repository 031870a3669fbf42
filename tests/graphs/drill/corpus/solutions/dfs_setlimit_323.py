# ruff: noqa: F821
import sys

sys.setrecursionlimit(10**6)


class Solution:
    def countComponents(self, n: int, edges: List[List[int]]) -> int:
        adj = [[] for _ in range(n)]
        for u, v in edges:
            adj[u].append(v)
            adj[v].append(u)
        seen = set()

        def explore(u):
            seen.add(u)
            for v in adj[u]:
                if v not in seen:
                    explore(v)

        ans = 0
        for u in range(n):
            if u not in seen:
                ans += 1
                explore(u)
        return ans
