# ruff: noqa: F821
class Solution:
    def shortestPathBinaryMatrix(self, grid: List[List[int]]) -> int:
        n = len(grid)
        if grid[0][0] or grid[-1][-1]:
            return -1
        seen = {(0, 0)}
        frontier = [(0, 0)]
        steps = 1
        while frontier:
            if (n - 1, n - 1) in frontier:
                return steps
            nxt = []
            for r, c in frontier:
                for x, y in product(range(r - 1, r + 2), range(c - 1, c + 2)):
                    if 0 <= x < n and 0 <= y < n and grid[x][y] == 0 and (x, y) not in seen:
                        seen.add((x, y))
                        nxt.append((x, y))
            frontier = nxt
            steps += 1
        return -1
