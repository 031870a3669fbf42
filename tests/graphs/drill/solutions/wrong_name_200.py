# ruff: noqa: F821 - as pasted into LeetCode: List, deque, defaultdict need no import
class Solution:
    def num_islands(self, grid: List[List[str]]) -> int:
        return 0
