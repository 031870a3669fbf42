# ruff: noqa: F821
"""Floods stderr: on its first call it writes about 800 MiB of "debug output" to sys.stderr
in 1 MiB chunks, then returns the right answer (every call is right). LeetCode would stop it
with Output Limit Exceeded; the drill judge must read (or drop) the flood without hanging and
judge the answers."""

import sys

CHUNK = ("x" * 1023 + "\n") * 1024  # 1 MiB
CHUNKS = 800
_flooded = False


class Solution:
    def maxAreaOfIsland(self, grid: List[List[int]]) -> int:
        global _flooded
        if not _flooded:
            _flooded = True
            for _ in range(CHUNKS):
                sys.stderr.write(CHUNK)
            sys.stderr.flush()
        m, n = len(grid), len(grid[0])
        seen = [[False] * n for _ in range(m)]
        best = 0
        for i in range(m):
            for j in range(n):
                if grid[i][j] != 1 or seen[i][j]:
                    continue
                seen[i][j] = True
                stack, size = [(i, j)], 0
                while stack:
                    x, y = stack.pop()
                    size += 1
                    for a, b in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                        if 0 <= a < m and 0 <= b < n and grid[a][b] == 1 and not seen[a][b]:
                            seen[a][b] = True
                            stack.append((a, b))
                best = max(best, size)
        return best
