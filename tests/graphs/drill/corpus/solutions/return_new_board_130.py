# ruff: noqa: F821
class Solution:
    def solve(self, board: List[List[str]]) -> None:
        m, n = len(board), len(board[0])
        new = [row[:] for row in board]
        stack = [
            (i, j)
            for i in range(m)
            for j in range(n)
            if (i in (0, m - 1) or j in (0, n - 1)) and new[i][j] == "O"
        ]
        for i, j in stack:
            new[i][j] = "S"
        while stack:
            i, j = stack.pop()
            for x, y in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
                if 0 <= x < m and 0 <= y < n and new[x][y] == "O":
                    new[x][y] = "S"
                    stack.append((x, y))
        return [["O" if cell == "S" else "X" for cell in row] for row in new]
