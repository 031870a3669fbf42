"""LeetCode 1020 as a drill: ``numEnclaves(self, grid: List[List[int]]) -> int``.

Land 1 and sea 0, so the default hard cases of a land and water grid fit it (an all-land grid
has no enclave, a snake of land touches the border); one more ladder walls the land in: a ring
of sea inside the border, with all land inside it, the largest answer a grid holds.
"""

from __future__ import annotations

from typing import Any

import graphs
from graphs.drill.answers import same_int
from graphs.drill.kinds import grid, ladder
from graphs.drill.limits import GridLimits, clip
from graphs.drill.problem import Drill

# LeetCode's constraints: every input the judge makes is built within them.
CONSTRAINTS = GridLimits(max_side=500, cells=(0, 1), names=("바다", "땅"))
SEA, LAND = range(len(CONSTRAINTS.cells))


def nx_enclaves(grid: list[list[int]]) -> int:
    """The land cells of the 4-connected land components that hold no cell on the grid's edge,
    with networkx."""
    import networkx as nx

    h, w = len(grid), len(grid[0]) if grid else 0  # the gallery draws empty grids too
    g = nx.Graph()
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if cell == LAND:
                g.add_node((r, c))
                if r and grid[r - 1][c] == LAND:
                    g.add_edge((r, c), (r - 1, c))
                if c and row[c - 1] == LAND:
                    g.add_edge((r, c), (r, c - 1))

    def on_edge(node: tuple[int, int]) -> bool:
        return node[0] in (0, h - 1) or node[1] in (0, w - 1)

    return sum(len(comp) for comp in nx.connected_components(g) if not any(map(on_edge, comp)))


def _moat(k: int) -> list[list[int]]:
    """Land on the border, a ring of sea one cell in, land inside it: ``(k - 4)^2`` enclaved."""
    g = [[LAND] * k for _ in range(k)]
    for i in range(1, k - 1):
        for j in (1, k - 2):
            g[i][j] = g[j][i] = SEA
    return g


def _corridor(k: int) -> list[list[int]]:
    """All land but a sea ring one cell in, with one gap: everything inside drains out."""
    g = _moat(k)
    if k >= 3:
        g[1][k // 2] = LAND
    return g


SIDES = clip((1, 2, 3, 4, 5, 10, 30, 100, 300, 500), 1, CONSTRAINTS.max_side)
FAMILIES = (
    *grid(CONSTRAINTS).families,
    ladder("바다 고리 안에 갇힌 땅 (답 (k - 4)²)", SIDES, _moat),
    ladder("바다 고리에 틈이 하나 있어 모두 빠져나가는 땅 (답 0)", SIDES, _corridor),
)


def _answer_text(args: dict[str, Any], expected: int) -> str:
    if expected == 0:
        return "0 (모든 땅이 땅을 따라 테두리로 나갈 수 있다)"
    return f"{expected} (테두리로 나갈 수 없는 땅 칸 {expected}개)"


DRILL = Drill(
    solution=graphs.num_enclaves,
    method="numEnclaves",
    signature="numEnclaves(self, grid: List[List[int]]) -> int",
    statement=(
        "0(바다)과 1(땅)로 된 m x n 격자에서, 상하좌우로 땅만 밟고 걸어서 격자 밖으로 나갈\n"
        "수 없는 땅 칸의 개수를 센다. 테두리에 있는 땅에서는 한 걸음에 밖으로 나갈 수 있다."
    ),
    examples=(
        {"grid": [[0, 0, 0, 0], [1, 0, 1, 0], [0, 1, 1, 0], [0, 0, 0, 0]]},
        {"grid": [[0, 1, 1, 0], [0, 0, 1, 0], [0, 0, 1, 0], [0, 0, 0, 0]]},
    ),
    answers=(3, 0),  # LeetCode's published answers to the examples
    kind=grid(CONSTRAINTS, families=FAMILIES),
    networkx=lambda args: nx_enclaves(args["grid"]),
    to_leetcode=lambda args: [CONSTRAINTS.to_leetcode(args["grid"])],
    verdict=same_int,
    answer_text=_answer_text,
    pattern="가장자리에서 플러드 필",
)
