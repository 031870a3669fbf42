# ruff: noqa: F821 - as pasted into LeetCode: List, deque, defaultdict need no import
class Solution:
    def numIslands(self, grid: List[List[str]]) -> int:
        R, C = len(grid), len(grid[0])  # LeetCode: 1 <= m, n, so grid[0] exists
        seen = set()
        islands = 0
        for r in range(R):
            for c in range(C):
                if grid[r][c] != "1" or (r, c) in seen:
                    continue
                islands += 1
                seen.add((r, c))
                stack = [(r, c)]
                while stack:
                    i, j = stack.pop()
                    for a, b in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
                        if 0 <= a < R and 0 <= b < C and grid[a][b] == "1" and (a, b) not in seen:
                            seen.add((a, b))
                            stack.append((a, b))
        return islands
