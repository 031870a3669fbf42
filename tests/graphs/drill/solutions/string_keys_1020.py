# ruff: noqa: F821
"""LeetCode 1020 the way many accepted Python submissions write it: a recursive DFS from every
border land cell that keeps the cells it has seen as strings ``"r,c"`` in a set and makes four
recursive calls per cell, bounds checked inside the call. Linear, but with a large constant:
about ten times slower than the project's solution on a 500 x 500 grid, and LeetCode accepts it.
"""


class Solution:
    def numEnclaves(self, grid: List[List[int]]) -> int:
        m, n = len(grid), len(grid[0])
        seen = set()

        def dfs(r, c):
            if r < 0 or c < 0 or r >= m or c >= n or grid[r][c] == 0:
                return
            key = f"{r},{c}"
            if key in seen:
                return
            seen.add(key)
            dfs(r + 1, c)
            dfs(r - 1, c)
            dfs(r, c + 1)
            dfs(r, c - 1)

        for r in range(m):
            for c in range(n):
                if (r == 0 or c == 0 or r == m - 1 or c == n - 1) and grid[r][c] == 1:
                    dfs(r, c)
        return sum(map(sum, grid)) - len(seen)
