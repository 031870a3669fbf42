# ruff: noqa: F821
class Solution:
    def shortestPathBinaryMatrix(self, grid: List[List[int]]) -> int:
        n = len(grid)
        if grid[0][0] or grid[n - 1][n - 1]:
            return -1
        q = deque([(0, 0, 1)])
        seen = {(0, 0)}
        while q:
            r, c, d = q.popleft()
            if (r, c) == (n - 1, n - 1):
                return d
            for x, y in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if 0 <= x < n and 0 <= y < n and grid[x][y] == 0 and (x, y) not in seen:
                    seen.add((x, y))
                    q.append((x, y, d + 1))
        return -1
