# ruff: noqa: F821
DIRS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


class Solution:
    def shortestPathBinaryMatrix(self, grid: List[List[int]]) -> int:
        n = len(grid)
        if grid[0][0] == 1:
            return -1
        dist = [[-1] * n for _ in range(n)]
        dist[0][0] = 1
        q = collections.deque([(0, 0)])
        while q:
            r, c = q.popleft()
            for dr, dc in DIRS:
                x, y = r + dr, c + dc
                if 0 <= x < n and 0 <= y < n and not grid[x][y] and dist[x][y] < 0:
                    dist[x][y] = dist[r][c] + 1
                    q.append((x, y))
        return dist[n - 1][n - 1]
