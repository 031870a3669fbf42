# ruff: noqa: F821
class Solution:
    def numEnclaves(self, grid: List[List[int]]) -> int:
        m, n = len(grid), len(grid[0])
        seen = set()
        stack = [
            (i, j)
            for i in range(m)
            for j in range(n)
            if grid[i][j] and (i in (0, m - 1) or j in (0, n - 1))
        ]
        seen.update(stack)
        while stack:
            i, j = stack.pop()
            for di, dj in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                x, y = i + di, j + dj
                if 0 <= x < m and 0 <= y < n and grid[x][y] and (x, y) not in seen:
                    seen.add((x, y))
                    stack.append((x, y))
        return sum(map(sum, grid)) - len(seen)
