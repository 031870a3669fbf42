# ruff: noqa: F821
import sys

sys.setrecursionlimit(10**6)


class Solution:
    def numEnclaves(self, grid: List[List[int]]) -> int:
        m, n = len(grid), len(grid[0])

        def sink(i, j):
            if i < 0 or j < 0 or i >= m or j >= n or grid[i][j] != 1:
                return
            grid[i][j] = 0
            sink(i + 1, j)
            sink(i - 1, j)
            sink(i, j + 1)
            sink(i, j - 1)

        for i in range(m):
            sink(i, 0)
            sink(i, n - 1)
        for j in range(n):
            sink(0, j)
            sink(m - 1, j)
        return sum(map(sum, grid))
