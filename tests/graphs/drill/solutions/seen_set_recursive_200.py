# ruff: noqa: F821 - as pasted into LeetCode: List, deque, defaultdict need no import
class Solution:
    def numIslands(self, grid: List[List[str]]) -> int:
        R, C = len(grid), len(grid[0])  # LeetCode: 1 <= m, n, so grid[0] exists
        seen = set()

        def dfs(r: int, c: int) -> None:
            if r < 0 or r >= R or c < 0 or c >= C or grid[r][c] != "1" or (r, c) in seen:
                return
            seen.add((r, c))
            dfs(r + 1, c)
            dfs(r - 1, c)
            dfs(r, c + 1)
            dfs(r, c - 1)

        islands = 0
        for r in range(R):
            for c in range(C):
                if grid[r][c] == "1" and (r, c) not in seen:
                    dfs(r, c)
                    islands += 1
        return islands
