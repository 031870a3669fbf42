# ruff: noqa: F821
class Solution:
    def maxAreaOfIsland(self, grid: List[List[int]]) -> int:
        m, n = len(grid), len(grid[0])
        visited = [[False] * n for _ in range(m)]
        heap = []
        for i, j in product(range(m), range(n)):
            if grid[i][j] == 0 or visited[i][j]:
                continue
            visited[i][j] = True
            stack, area = [(i, j)], 0
            while stack:
                x, y = stack.pop()
                area += 1
                for a, b in (x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1):
                    if 0 <= a < m and 0 <= b < n and grid[a][b] == 1 and not visited[a][b]:
                        visited[a][b] = True
                        stack.append((a, b))
            heappush(heap, -area)
        return -heappop(heap) if heap else 0
