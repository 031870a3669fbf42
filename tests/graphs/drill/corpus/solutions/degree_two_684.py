# ruff: noqa: F821
class Solution:
    def findRedundantConnection(self, edges: List[List[int]]) -> List[int]:
        deg = [0] * (len(edges) + 1)
        for a, b in edges:
            deg[a] += 1
            deg[b] += 1
        for a, b in reversed(edges):
            if deg[a] >= 2 and deg[b] >= 2:
                return [a, b]
        return []
