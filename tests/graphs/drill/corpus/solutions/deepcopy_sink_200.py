# ruff: noqa: F821
class Solution:
    def numIslands(self, grid: List[List[str]]) -> int:
        g = deepcopy(grid)  # don't touch the caller's grid
        m, n = len(g), len(g[0])
        res = 0
        for i in range(m):
            for j in range(n):
                if g[i][j] == "1":
                    res += 1
                    g[i][j] = "#"
                    dq = deque()
                    dq.append((i, j))
                    while dq:
                        x, y = dq.popleft()
                        for dx, dy in [[0, 1], [1, 0], [0, -1], [-1, 0]]:
                            a, b = x + dx, y + dy
                            if 0 <= a < m and 0 <= b < n and g[a][b] == "1":
                                g[a][b] = "#"
                                dq.append((a, b))
        return res
