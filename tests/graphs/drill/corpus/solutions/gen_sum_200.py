# ruff: noqa: F821
class Solution:
    def numIslands(self, grid: List[List[str]]) -> int:
        m, n = len(grid), len(grid[0])
        seen = set()
        dirs = ((1, 0), (-1, 0), (0, 1), (0, -1))

        def dfs(r, c):
            if not (0 <= r < m and 0 <= c < n) or grid[r][c] != "1" or (r, c) in seen:
                return 0
            seen.add((r, c))
            return 1 + sum(dfs(r + dr, c + dc) for dr, dc in dirs)

        return sum(dfs(r, c) > 0 for r in range(m) for c in range(n))
