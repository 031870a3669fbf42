# ruff: noqa: F821 - as pasted into LeetCode: List, deque, defaultdict need no import
class Solution:
    def numIslands(self, grid: List[List[str]]) -> int:
        if not grid or not grid[0]:
            return 0
        m, n = len(grid), len(grid[0])
        seen = [[False] * n for _ in range(m)]
        count = 0
        for r in range(m):
            for c in range(n):
                if grid[r][c] == "1" and not seen[r][c]:
                    count += 1
                    seen[r][c] = True
                    q = deque([(r, c)])
                    while q:
                        i, j = q.popleft()
                        for a, b in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
                            if 0 <= a < m and 0 <= b < n and grid[a][b] == "1" and not seen[a][b]:
                                seen[a][b] = True
                                q.append((a, b))
        return count
