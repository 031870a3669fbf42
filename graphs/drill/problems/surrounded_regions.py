"""LeetCode 130 as a drill: ``solve(self, board: List[List[str]]) -> None``, in place.

The method returns nothing: the answer is the board after the call (``answer_in_place``). Its
canonical inputs are LeetCode's own boards, ``{"board": [["X", "O"], ...]}``, the same keyword
the project's solution and the pitfall gallery take; they are made as the 0/1 grids of the
other grid drills (``"O"`` for 1) and turned into boards, so the search shrinks as theirs does.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import graphs
from graphs.drill.answers import leetcode_text
from graphs.drill.kinds import Family, grid, ladder
from graphs.drill.korean import with_particle
from graphs.drill.limits import GridLimits, clip
from graphs.drill.problem import Drill

# LeetCode's constraints: every input the judge makes is built within them.
CONSTRAINTS = GridLimits(max_side=200, cells=("X", "O"), names=("X", "O"), name="board")
X, O = CONSTRAINTS.cells


def to_board(args: dict[str, Any]) -> dict[str, Any]:
    """A 0/1 grid input (``{"grid": ...}``) as a board input: 1 is ``"O"``."""
    return {"board": [[O if cell else X for cell in row] for row in args["grid"]]}


def to_grid(args: dict[str, Any]) -> dict[str, Any]:
    """A board input as the 0/1 grid the kinds draw and measure."""
    return {"grid": [[int(cell == O) for cell in row] for row in args["board"]]}


def nx_captured(board: list[list[str]]) -> list[list[str]]:
    """The board with the ``"O"`` components that hold no edge cell flipped, with networkx."""
    import networkx as nx

    h, w = len(board), len(board[0]) if board else 0  # the gallery draws empty boards too
    g = nx.grid_2d_graph(h, w)
    g.remove_nodes_from([(r, c) for r, c in list(g) if board[r][c] != O])
    out = [list(row) for row in board]
    for comp in nx.connected_components(g):
        if not any(r in (0, h - 1) or c in (0, w - 1) for r, c in comp):
            for r, c in comp:
                out[r][c] = X
    return out


def _moat(k: int) -> list[list[int]]:
    """``"O"`` on the edge, a ring of ``"X"`` one cell in, ``"O"`` inside it: all captured."""
    g = [[1] * k for _ in range(k)]
    for i in range(1, k - 1):
        for j in (1, k - 2):
            g[i][j] = g[j][i] = 0
    return g


def _ring_with_gap(k: int) -> list[list[int]]:
    """As :func:`_moat` with one gap in the ring: nothing is captured."""
    g = _moat(k)
    if k >= 3:
        g[1][k // 2] = 1
    return g


SIDES = clip((1, 2, 3, 4, 5, 10, 30, 100, 200), 1, CONSTRAINTS.max_side)
_GRIDS = grid(
    CONSTRAINTS,
    families=(
        *grid(CONSTRAINTS).families,
        ladder('"X" 고리 안에 갇힌 "O" (안쪽이 모두 뒤집힌다)', SIDES, _moat),
        ladder('"X" 고리에 틈이 하나 있어 아무것도 안 뒤집히는 보드', SIDES, _ring_with_gap),
    ),
)


def _as_boards(family: Family) -> Family:
    return Family(family.label, lambda: [to_board(args) for args in family.inputs()])


KIND = replace(
    _GRIDS,
    strategy=lambda: _GRIDS.strategy().map(to_board),
    families=tuple(map(_as_boards, _GRIDS.families)),
    timing=_as_boards(_GRIDS.timing),
    size=lambda args: _GRIDS.size(to_grid(args)),
    draw=lambda args: _GRIDS.draw(to_grid(args)),
)


def same_board(args: dict[str, Any], expected: list[list[str]], actual: Any) -> str | None:
    """None when the board after the call is ``expected``; else what is wrong, in Korean."""
    board = args["board"]
    if not isinstance(actual, list) or not all(
        isinstance(row, list) and all(cell in (X, O) for cell in row) for row in actual
    ):
        shown = with_particle(leetcode_text(actual), "이")
        return f"board가 'X'와 'O'의 2차원 리스트여야 하는데 {shown} 됐다"
    if actual == expected:
        return None
    if actual == board:
        return (
            "board가 그대로다: 이 메서드는 아무것도 돌려주지 않고 board를 제자리에서 바꿔야 한다"
            " (새 보드를 return하거나 board = ...로 이름만 바꾸면 LeetCode는 보지 않는다."
            " board[:] = ... 나 board[r][c] = ...로 바꾼다)"
        )
    if len(actual) != len(expected) or any(
        len(a) != len(e) for a, e in zip(actual, expected, strict=True)
    ):
        return "board의 크기가 바뀌었다: 칸의 값만 바꿔야 한다"
    wrong = [(r, c) for r, row in enumerate(expected) for c, cell in enumerate(row)
             if actual[r][c] != cell]  # fmt: skip
    r, c = wrong[0]
    return (
        f"칸 {len(wrong)}개가 틀렸다: 처음은 board[{r}][{c}], 기대"
        f" {leetcode_text(expected[r][c])}, 받은 값 {leetcode_text(actual[r][c])}"
    )


def _answer_text(args: dict[str, Any], expected: list[list[str]]) -> str:
    flipped = sum(
        a != b
        for ra, rb in zip(args["board"], expected, strict=True)
        for a, b in zip(ra, rb, strict=True)
    )
    shown = leetcode_text(expected) if len(expected) * len(expected[0]) <= 25 else "(크다)"
    return f"호출 뒤의 board {shown}: 'O' {flipped}개가 'X'로 뒤집힌다"


DRILL = Drill(
    solution=graphs.capture_surrounded,
    method="solve",
    signature="solve(self, board: List[List[str]]) -> None",
    statement=(
        "'X'와 'O'로 된 m x n 보드에서, 'X'에 완전히 둘러싸인 'O' 영역(상하좌우로 이어진 'O'들)을\n"
        "모두 'X'로 바꾼다. 테두리의 'O'와 이어진 영역은 둘러싸인 것이 아니라 그대로 둔다.\n"
        "아무것도 돌려주지 않고 board를 제자리에서 바꾼다."
    ),
    examples=(
        {"board": [[X, X, X, X], [X, O, O, X], [X, X, O, X], [X, O, X, X]]},
        {"board": [[X]]},
    ),
    answers=(  # LeetCode's published answers to the examples (the board after the call)
        [[X, X, X, X], [X, X, X, X], [X, X, X, X], [X, O, X, X]],
        [[X]],
    ),
    kind=KIND,
    networkx=lambda args: nx_captured(args["board"]),
    to_leetcode=lambda args: [[list(row) for row in args["board"]]],
    verdict=same_board,
    answer_text=_answer_text,
    pattern="가장자리에서 플러드 필",
    answer_in_place=True,
)
