# ruff: noqa: F821 - as pasted into LeetCode: List, deque, defaultdict need no import
class Solution:
    def numIslands(self, grid: List[List[str]]) -> int:
        # Right answers, but it sinks the caller's grid in place.
        m, n = len(grid), len(grid[0]) if grid else 0
        count = 0
        for r in range(m):
            for c in range(n):
                if grid[r][c] == "1":
                    count += 1
                    grid[r][c] = "0"
                    stack = [(r, c)]
                    while stack:
                        i, j = stack.pop()
                        for a, b in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
                            if 0 <= a < m and 0 <= b < n and grid[a][b] == "1":
                                grid[a][b] = "0"
                                stack.append((a, b))
        return count
