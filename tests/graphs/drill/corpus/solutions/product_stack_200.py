# ruff: noqa: F821
class Solution:
    def numIslands(self, grid: List[List[str]]) -> int:
        rows, cols = len(grid), len(grid[0])
        visited = set()
        islands = 0
        for r, c in product(range(rows), range(cols)):
            if grid[r][c] == "0" or (r, c) in visited:
                continue
            islands += 1
            visited.add((r, c))
            stack = [(r, c)]
            while stack:
                x, y = stack.pop()
                for dx, dy in (1, 0), (-1, 0), (0, 1), (0, -1):
                    a, b = x + dx, y + dy
                    if (
                        0 <= a < rows
                        and 0 <= b < cols
                        and grid[a][b] == "1"
                        and (a, b) not in visited
                    ):
                        visited.add((a, b))
                        stack.append((a, b))
        return islands
