# ruff: noqa: F821
import sys

sys.setrecursionlimit(10**6)


class Solution:
    def shortestPathBinaryMatrix(self, grid: List[List[int]]) -> int:
        n = len(grid)
        visited = set()

        def dfs(r, c):
            if not (0 <= r < n and 0 <= c < n) or grid[r][c] or (r, c) in visited:
                return -1
            if r == n - 1 and c == n - 1:
                return 1
            visited.add((r, c))
            for dr, dc in ((1, 1), (0, 1), (1, 0), (-1, 1), (1, -1), (0, -1), (-1, 0), (-1, -1)):
                d = dfs(r + dr, c + dc)
                if d != -1:
                    return d + 1
            return -1

        return dfs(0, 0)
