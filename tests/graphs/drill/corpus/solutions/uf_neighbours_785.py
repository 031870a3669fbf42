# ruff: noqa: F821
class Solution:
    def isBipartite(self, graph: List[List[int]]) -> bool:
        parent = list(range(len(graph)))

        def find(x):
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        for u, nbrs in enumerate(graph):
            for v in nbrs:
                if find(u) == find(v):
                    return False
                parent[find(v)] = find(nbrs[0])
        return True
