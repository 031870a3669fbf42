# ruff: noqa: F821
class Solution:
    def findRedundantConnection(self, edges: List[List[int]]) -> List[int]:
        while True:
            deg = Counter()
            for a, b in edges:
                deg[a] += 1
                deg[b] += 1
            kept = [e for e in edges if deg[e[0]] > 1 and deg[e[1]] > 1]
            if len(kept) == len(edges):
                return edges[-1]
            edges[:] = kept
