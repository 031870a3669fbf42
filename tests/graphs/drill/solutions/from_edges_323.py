# ruff: noqa: F821 - as pasted into LeetCode: List, deque, defaultdict need no import
from graphs.pitfalls import count_components_from_edges


class Solution:
    def countComponents(self, n: int, edges: List[List[int]]) -> int:
        return count_components_from_edges(n, edges)
