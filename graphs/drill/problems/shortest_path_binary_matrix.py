"""LeetCode 1091 as a drill: ``shortestPathBinaryMatrix(self, grid: List[List[int]]) -> int``.

Here 0 is a clear cell and 1 a blocked one (the other way round from the island problems), the
grid is square and a step goes to any of the eight neighbours, so the ladders are this
problem's own: a clear grid (the diagonal, answer n), one long corridor that winds through
every row (the longest answers), a blocked goal (-1) and only the diagonal open.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import graphs
from graphs.drill.answers import same_int
from graphs.drill.kinds import grid, ladder, timing_sizes
from graphs.drill.limits import GridLimits, clip
from graphs.drill.problem import Drill

# LeetCode's constraints: every input the judge makes is built within them.
CONSTRAINTS = GridLimits(max_side=100, cells=(0, 1), names=("빈 칸", "막힘"), square=True)
CLEAR, BLOCKED = range(len(CONSTRAINTS.cells))


def nx_path_length(grid: list[list[int]]) -> int:
    """Cells on networkx's shortest path over the clear cells, the eight moves as edges."""
    import networkx as nx

    n = len(grid)
    g = nx.Graph()
    g.add_nodes_from((r, c) for r in range(n) for c in range(n) if grid[r][c] == CLEAR)
    g.add_edges_from(
        ((r, c), (r + dr, c + dc))
        for r, c in list(g)
        for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1))
        if (r + dr, c + dc) in g
    )
    try:
        return nx.shortest_path_length(g, (0, 0), (n - 1, n - 1)) + 1
    except (nx.NodeNotFound, nx.NetworkXNoPath):
        return -1


def _clear(k: int) -> list[list[int]]:
    return [[CLEAR] * k for _ in range(k)]


def _corridor(k: int) -> list[list[int]]:
    """Every odd row a wall with one gap, at the right end and the left end in turn: the path
    winds through every row, about ``k^2 / 2`` cells long."""
    g = _clear(k)
    for r in range(1, k, 2):
        g[r] = [BLOCKED] * k
        g[r][k - 1 if r % 4 == 1 else 0] = CLEAR
    g[k - 1][k - 1] = CLEAR  # an even side ends on a wall row: keep the goal open
    return g


def _goal_blocked(k: int) -> list[list[int]]:
    g = _clear(k)
    g[k - 1][k - 1] = BLOCKED
    return g


def _diagonal_only(k: int) -> list[list[int]]:
    return [[CLEAR if r == c else BLOCKED for c in range(k)] for r in range(k)]


def _random_third(k: int) -> list[list[int]]:
    rng = random.Random(1091 + k)  # a fixed seed per size: the same grid every run
    g = [[int(rng.random() < 0.3) for _ in range(k)] for _ in range(k)]
    g[0][0] = g[k - 1][k - 1] = CLEAR
    return g


SIDES = clip((1, 2, 3, 5, 10, 30, 100), 1, CONSTRAINTS.max_side)
FAMILIES = (
    ladder("모두 빈 칸 (대각선으로 가로질러 답 n)", SIDES, _clear),
    ladder("모든 행을 지나는 구불구불한 통로 (가장 긴 답)", SIDES, _corridor),
    ladder("도착 칸만 막힘 (답 -1)", SIDES, _goal_blocked),
    ladder("대각선만 열림 (답 n)", SIDES, _diagonal_only),
    ladder("30%가 막힌 무작위 격자", SIDES, _random_third),
)
TIMING = ladder(
    "모두 빈 칸인 정사각형 격자", timing_sizes(32, CONSTRAINTS.max_side), _clear
)  # from about 1000 cells, as the other grids' timing ladders


def _size(args: dict[str, Any]) -> tuple[int, int]:
    """``(cells, pairs of clear cells side by side or corner to corner)``: the graph BFS walks
    (the grid kind's default counts pairs of non-zero cells, which are walls here)."""
    g, n = args["grid"], len(args["grid"])
    steps = ((0, 1), (1, -1), (1, 0), (1, 1))  # each undirected pair once
    e = sum(
        g[r][c] == CLEAR and 0 <= c + dc < n and r + dr < n and g[r + dr][c + dc] == CLEAR
        for r in range(n)
        for c in range(n)
        for dr, dc in steps
    )
    return n * n, e


def _answer_text(args: dict[str, Any], expected: int) -> str:
    if expected == -1:
        return "-1 (빈 칸만 밟고 오른쪽 아래 칸까지 갈 수 없다)"
    return f"{expected} (가장 짧은 경로가 지나는 칸 {expected}개, 출발과 도착 칸 포함)"


DRILL = Drill(
    solution=graphs.shortest_path_binary_matrix,
    method="shortestPathBinaryMatrix",
    signature="shortestPathBinaryMatrix(self, grid: List[List[int]]) -> int",
    statement=(
        "0(빈 칸)과 1(막힘)로 된 n x n 격자에서 왼쪽 위 칸부터 오른쪽 아래 칸까지 빈 칸만\n"
        "밟고 가는 가장 짧은 경로의 길이(지나는 칸 수)를 구한다. 한 걸음에 여덟 방향(대각선\n"
        "포함)의 이웃 칸으로 갈 수 있다. 그런 경로가 없으면 -1."
    ),
    examples=(
        {"grid": [[0, 1], [1, 0]]},
        {"grid": [[0, 0, 0], [1, 1, 0], [1, 1, 0]]},
        {"grid": [[1, 0, 0], [1, 1, 0], [1, 1, 0]]},
    ),
    answers=(2, 4, -1),  # LeetCode's published answers to the examples
    kind=dataclasses.replace(grid(CONSTRAINTS, families=FAMILIES, timing=TIMING), size=_size),
    networkx=lambda args: nx_path_length(args["grid"]),
    to_leetcode=lambda args: [CONSTRAINTS.to_leetcode(args["grid"])],
    verdict=same_int,
    answer_text=_answer_text,
    pattern="격자 최단 경로",
)
