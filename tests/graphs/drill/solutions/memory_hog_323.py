# ruff: noqa: F821 - as pasted into LeetCode: List, deque, defaultdict need no import
class Solution:
    def countComponents(self, n: int, edges: List[List[int]]) -> int:
        table = [0] * (10**10)  # 80 GB of pointers: over any sane memory limit
        return len(table)
