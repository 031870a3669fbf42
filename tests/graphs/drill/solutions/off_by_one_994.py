# ruff: noqa: F821 - as pasted into LeetCode: List, deque, defaultdict need no import
class Solution:
    def orangesRotting(self, grid: List[List[int]]) -> int:
        m, n = len(grid), len(grid[0])
        state = [row[:] for row in grid]
        q = deque((r, c) for r in range(m) for c in range(n) if state[r][c] == 2)
        fresh = sum(row.count(1) for row in state)
        minutes = 0
        while q:
            for _ in range(len(q)):
                i, j = q.popleft()
                for a, b in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
                    if 0 <= a < m and 0 <= b < n and state[a][b] == 1:
                        state[a][b] = 2
                        fresh -= 1
                        q.append((a, b))
            minutes += 1
        # The layers counted include the starting rotten oranges, hence the - 1; but with no
        # rotten orange at all there is no layer to take away.
        return minutes - 1 if fresh == 0 else -1
