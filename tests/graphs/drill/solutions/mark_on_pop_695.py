# ruff: noqa: F821 - as pasted into LeetCode: List, deque, defaultdict need no import
from graphs.pitfalls import max_area_mark_on_pop


class Solution:
    def maxAreaOfIsland(self, grid: List[List[int]]) -> int:
        return max_area_mark_on_pop(grid)
