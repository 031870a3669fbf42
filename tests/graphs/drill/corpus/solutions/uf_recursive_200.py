# ruff: noqa: F821
class Solution:
    def numIslands(self, grid: List[List[str]]) -> int:
        m, n = len(grid), len(grid[0])
        parent = {}

        def find(x):
            if parent[x] != x:
                parent[x] = find(parent[x])
            return parent[x]

        def union(a, b):
            ra, rb = find(a), find(b)
            if ra == rb:
                return False
            parent[ra] = rb
            return True

        count = 0
        for i in range(m):
            for j in range(n):
                if grid[i][j] != "1":
                    continue
                cell = i * n + j
                parent[cell] = cell
                count += 1
                if i > 0 and grid[i - 1][j] == "1" and union(cell, cell - n):
                    count -= 1
                if j > 0 and grid[i][j - 1] == "1" and union(cell, cell - 1):
                    count -= 1
        return count
