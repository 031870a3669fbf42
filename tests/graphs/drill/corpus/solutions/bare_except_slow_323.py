# ruff: noqa: F821
"""Right answer, but about 5 s on every input: it recounts in a loop for 5 s ("warming up"),
and the whole loop body sits in a bare ``try: ... except: pass``, so an exception raised
inside it - a timer's alarm too - is swallowed and the loop goes on."""

import time  # LeetCode's prelude binds `time` to datetime.time: the module needs an import

SECONDS = 5.0


class Solution:
    def countComponents(self, n: int, edges: List[List[int]]) -> int:
        answer = None
        start = time.monotonic()
        while True:
            try:
                answer = self.count(n, edges)
                if time.monotonic() - start > SECONDS:
                    break
            except:  # noqa: E722
                pass
        return answer

    def count(self, n, edges):
        parent = list(range(n))

        def find(x):
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        groups = n
        for a, b in edges:
            ra, rb = find(a), find(b)
            if ra != rb:
                parent[ra] = rb
                groups -= 1
        return groups
