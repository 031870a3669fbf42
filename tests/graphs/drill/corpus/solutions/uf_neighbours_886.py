# ruff: noqa: F821
class Solution:
    def possibleBipartition(self, n: int, dislikes: List[List[int]]) -> bool:
        g = defaultdict(list)
        for a, b in dislikes:
            g[a].append(b)
            g[b].append(a)
        parent = list(range(n + 1))

        def find(x):
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        for u in range(1, n + 1):
            for v in g[u]:
                if find(u) == find(v):
                    return False
                parent[find(v)] = find(g[u][0])
        return True
