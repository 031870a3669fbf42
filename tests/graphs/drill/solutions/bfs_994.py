# ruff: noqa: F821 - as pasted into LeetCode: List, deque, defaultdict need no import
class Solution:
    def orangesRotting(self, grid: List[List[int]]) -> int:
        m, n = len(grid), len(grid[0])
        state = [row[:] for row in grid]  # leave the caller's grid alone
        q = deque()
        fresh = 0
        for r in range(m):
            for c in range(n):
                if state[r][c] == 2:
                    q.append((r, c))
                elif state[r][c] == 1:
                    fresh += 1
        minutes = 0
        while q and fresh:
            for _ in range(len(q)):  # one minute = one BFS layer
                i, j = q.popleft()
                for a, b in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
                    if 0 <= a < m and 0 <= b < n and state[a][b] == 1:
                        state[a][b] = 2
                        fresh -= 1
                        q.append((a, b))
            minutes += 1
        return minutes if fresh == 0 else -1
