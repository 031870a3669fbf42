# ruff: noqa: F821
class Solution:
    def maxAreaOfIsland(self, grid: List[List[int]]) -> int:
        m, n = len(grid), len(grid[0])
        parent = list(range(m * n))

        def find(x):
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        land = []
        for i in range(m):
            for j in range(n):
                if not grid[i][j]:
                    continue
                land.append(i * n + j)
                if i and grid[i - 1][j]:
                    parent[find(i * n + j)] = find((i - 1) * n + j)
                if j and grid[i][j - 1]:
                    parent[find(i * n + j)] = find(i * n + j - 1)
        sizes = Counter(find(x) for x in land)
        return max(sizes.values(), default=0)
