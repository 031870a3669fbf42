# ruff: noqa: F821
import sys

sys.setrecursionlimit(10**6)


class Solution:
    def numIslands(self, grid: List[List[str]]) -> int:
        m, n = len(grid), len(grid[0])
        seen = set()

        def dfs(r, c):
            seen.add((r, c))
            for dr, dc in pairwise((0, 1, 0, -1, 0)):
                nr, nc = r + dr, c + dc
                if 0 <= nr < m and 0 <= nc < n and grid[nr][nc] == "1" and (nr, nc) not in seen:
                    dfs(nr, nc)

        ans = 0
        for r in range(m):
            for c in range(n):
                if grid[r][c] == "1" and (r, c) not in seen:
                    ans += 1
                    dfs(r, c)
        return ans
