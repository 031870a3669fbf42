# ruff: noqa: F821
class Solution:
    def maxAreaOfIsland(self, grid: List[List[int]]) -> int:
        m, n = len(grid), len(grid[0])
        seen = set()
        areas = SortedList()
        for r in range(m):
            for c in range(n):
                if grid[r][c] == 1 and (r, c) not in seen:
                    seen.add((r, c))
                    q = deque([(r, c)])
                    cnt = 0
                    while q:
                        i, j = q.popleft()
                        cnt += 1
                        for ni, nj in ((i - 1, j), (i + 1, j), (i, j - 1), (i, j + 1)):
                            if not (0 <= ni < m and 0 <= nj < n) or (ni, nj) in seen:
                                continue
                            if grid[ni][nj] == 1:
                                seen.add((ni, nj))
                                q.append((ni, nj))
                    areas.add(cnt)
        return areas[-1] if areas else 0
