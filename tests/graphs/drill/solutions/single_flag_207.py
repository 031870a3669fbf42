# ruff: noqa: F821 - as pasted into LeetCode: List, deque, defaultdict need no import
from graphs.pitfalls import has_cycle_single_flag


class Solution:
    def canFinish(self, numCourses: int, prerequisites: List[List[int]]) -> bool:
        # The reversed graph has the same cycles, so the pairs can be used as given.
        return not has_cycle_single_flag(numCourses, prerequisites)
