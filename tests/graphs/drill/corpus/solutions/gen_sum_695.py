# ruff: noqa: F821
class Solution:
    def maxAreaOfIsland(self, grid: List[List[int]]) -> int:
        R, C = len(grid), len(grid[0])
        seen = set()

        def area(r, c):
            if not (0 <= r < R and 0 <= c < C and (r, c) not in seen and grid[r][c]):
                return 0
            seen.add((r, c))
            return 1 + sum(area(r + dr, c + dc) for dr, dc in ((1, 0), (-1, 0), (0, -1), (0, 1)))

        best = -inf
        for r in range(R):
            for c in range(C):
                best = max(best, area(r, c))
        return max(best, 0)
