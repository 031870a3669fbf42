# ruff: noqa: F821
class Solution:
    def maxAreaOfIsland(self, grid: List[List[int]]) -> int:
        rows, cols = len(grid), len(grid[0])
        ans = 0
        for r in range(rows):
            for c in range(cols):
                if grid[r][c] != 1:
                    continue
                grid[r][c] = 2  # visited
                q = deque([(r, c)])
                size = 0
                while q:
                    x, y = q.popleft()
                    size += 1
                    for dx, dy in pairwise([-1, 0, 1, 0, -1]):
                        nx, ny = x + dx, y + dy
                        if 0 <= nx < rows and 0 <= ny < cols and grid[nx][ny] == 1:
                            grid[nx][ny] = 2
                            q.append((nx, ny))
                ans = max(ans, size)
        return ans
