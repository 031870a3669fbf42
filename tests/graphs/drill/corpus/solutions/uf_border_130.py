# ruff: noqa: F821
class Solution:
    def solve(self, board: List[List[str]]) -> None:
        m, n = len(board), len(board[0])
        outside = m * n
        parent = list(range(m * n + 1))

        def find(x):
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        def union(a, b):
            parent[find(a)] = find(b)

        for i in range(m):
            for j in range(n):
                if board[i][j] != "O":
                    continue
                if i == 0 or j == 0 or i == m - 1 or j == n - 1:
                    union(i * n + j, outside)
                if i + 1 < m and board[i + 1][j] == "O":
                    union(i * n + j, (i + 1) * n + j)
                if j + 1 < n and board[i][j + 1] == "O":
                    union(i * n + j, i * n + j + 1)
        root = find(outside)
        for i in range(m):
            for j in range(n):
                if board[i][j] == "O" and find(i * n + j) != root:
                    board[i][j] = "X"
