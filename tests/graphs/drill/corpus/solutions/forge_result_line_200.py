# ruff: noqa: F821, SIM105
"""Tries to forge the judge's result: writes fake result lines (a passing verdict and a
runner-style answer) to every file descriptor 1..20 it can write to, with os.write, then
returns a wrong answer (one island more than there are)."""

import json
import os

FAKE_LINES = (
    {"result": {"status": "pass"}},
    {"id": 1, "status": "ok", "value": 0},
)


class Solution:
    def numIslands(self, grid: List[List[str]]) -> int:
        payload = "\n" + "\n".join(json.dumps(line) for line in FAKE_LINES) + "\n"
        for fd in range(1, 21):
            try:
                os.write(fd, payload.encode())
            except OSError:
                pass
        m, n = len(grid), len(grid[0])
        seen = set()
        count = 0
        for r in range(m):
            for c in range(n):
                if grid[r][c] == "1" and (r, c) not in seen:
                    count += 1
                    stack = [(r, c)]
                    seen.add((r, c))
                    while stack:
                        i, j = stack.pop()
                        for a, b in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
                            if (a, b) in seen or not (0 <= a < m and 0 <= b < n):
                                continue
                            if grid[a][b] == "1":
                                seen.add((a, b))
                                stack.append((a, b))
        return count + 1
