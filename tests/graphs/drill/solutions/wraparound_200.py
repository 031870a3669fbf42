# ruff: noqa: F821 - as pasted into LeetCode: List, deque, defaultdict need no import
from graphs.pitfalls import num_islands_wraparound


class Solution:
    def numIslands(self, grid: List[List[str]]) -> int:
        return num_islands_wraparound(grid)
