# ruff: noqa: F821 - as pasted into LeetCode: List, deque, defaultdict need no import
class Solution:
    def numIslands(self, grid: List[List[str]]) -> int:
        # Quadratic: `visited` is a list, so every membership test scans it.
        visited = []
        count = 0
        for r in range(len(grid)):
            for c in range(len(grid[0])):
                if grid[r][c] == "1" and (r, c) not in visited:
                    count += 1
                    visited.append((r, c))
                    stack = [(r, c)]
                    while stack:
                        i, j = stack.pop()
                        for a, b in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
                            if (
                                0 <= a < len(grid)
                                and 0 <= b < len(grid[0])
                                and grid[a][b] == "1"
                                and (a, b) not in visited
                            ):
                                visited.append((a, b))
                                stack.append((a, b))
        return count
