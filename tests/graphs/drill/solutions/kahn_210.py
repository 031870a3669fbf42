# ruff: noqa: F821 - as pasted into LeetCode: List, deque, defaultdict need no import
from graphs.pitfalls import kahn_without_count_check


class Solution:
    def findOrder(self, numCourses: int, prerequisites: List[List[int]]) -> List[int]:
        return kahn_without_count_check(numCourses, [[b, a] for a, b in prerequisites])
