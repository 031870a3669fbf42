# ruff: noqa: F821
"""Tries to lift its own memory limit (``setrlimit(RLIMIT_AS, infinity)``, in a try), then
allocates and touches about 6 GiB. Only if that works does it return the right answer; if the
allocation fails it catches the MemoryError and returns -1. So a pass would mean the judge's
memory limit was raised: a judge whose limit holds says wrong answer (the solution swallowed
its own MemoryError, as it would have swallowed it on LeetCode too)."""

import resource

GIB = 1024**3


class Solution:
    def countComponents(self, n: int, edges: List[List[int]]) -> int:
        try:
            unlimited = (resource.RLIM_INFINITY, resource.RLIM_INFINITY)
            resource.setrlimit(resource.RLIMIT_AS, unlimited)
        except (ValueError, OSError):
            pass
        try:
            buf = bytearray(6 * GIB)
            for i in range(0, len(buf), 4096):
                buf[i] = 1  # touch every page: make it real memory
        except MemoryError:
            return -1
        parent = list(range(n))

        def find(x):
            while parent[x] != x:
                x = parent[x]
            return x

        for a, b in edges:
            parent[find(a)] = find(b)
        return sum(find(x) == x for x in range(n))
