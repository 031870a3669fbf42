# ruff: noqa: F821
import sys

sys.setrecursionlimit(10**6)


class Solution:
    def shortestPathBinaryMatrix(self, grid: List[List[int]]) -> int:
        n = len(grid)
        if grid[0][0] == 1 or grid[n - 1][n - 1] == 1:
            return -1
        seen = [[False] * n for _ in range(n)]
        seen[0][0] = True

        def bfs(level, d):
            if not level:
                return -1
            if (n - 1, n - 1) in level:
                return d
            nxt = []
            for r, c in level:
                for dr in (-1, 0, 1):
                    for dc in (-1, 0, 1):
                        x, y = r + dr, c + dc
                        if 0 <= x < n and 0 <= y < n and grid[x][y] == 0 and not seen[x][y]:
                            seen[x][y] = True
                            nxt.append((x, y))
            return bfs(nxt, d + 1)

        return bfs([(0, 0)], 1)
