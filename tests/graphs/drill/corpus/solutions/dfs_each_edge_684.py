# ruff: noqa: F821
import sys

sys.setrecursionlimit(10**6)


class Solution:
    def findRedundantConnection(self, edges: List[List[int]]) -> List[int]:
        graph = defaultdict(set)

        def connected(u, target, seen):
            if u == target:
                return True
            seen.add(u)
            return any(connected(v, target, seen) for v in graph[u] if v not in seen)

        for a, b in edges:
            if a in graph and b in graph and connected(a, b, set()):
                return [a, b]
            graph[a].add(b)
            graph[b].add(a)
