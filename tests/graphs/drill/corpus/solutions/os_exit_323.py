# ruff: noqa: F821
"""Ends the whole process in the middle of the call with ``os._exit(0)``: no exception, no
answer, exit status 0 - a judge must call that a runtime error, not a pass."""

import os


class Solution:
    def countComponents(self, n: int, edges: List[List[int]]) -> int:
        graph = defaultdict(list)
        for a, b in edges:
            graph[a].append(b)
            graph[b].append(a)
        os._exit(0)
        return len(graph)
