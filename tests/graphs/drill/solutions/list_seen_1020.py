# ruff: noqa: F821
"""LeetCode 1020 with the cells it has seen kept in a list: every membership test scans it, so
the walk from the border is quadratic in the number of land cells. LeetCode gives it Time Limit
Exceeded on its large grids."""


class Solution:
    def numEnclaves(self, grid: List[List[int]]) -> int:
        m, n = len(grid), len(grid[0])
        seen = []
        stack = [(r, c) for r in range(m) for c in range(n)
                 if (r in (0, m - 1) or c in (0, n - 1)) and grid[r][c] == 1]  # fmt: skip
        while stack:
            r, c = stack.pop()
            if (r, c) in seen:
                continue
            seen.append((r, c))
            for a, b in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if 0 <= a < m and 0 <= b < n and grid[a][b] == 1 and (a, b) not in seen:
                    stack.append((a, b))
        return sum(map(sum, grid)) - len(seen)
