"""LeetCode 695 as a drill: ``maxAreaOfIsland(self, grid: List[List[int]]) -> int``."""

from __future__ import annotations

import graphs
from graphs.drill.answers import nx_island_sizes, same_int
from graphs.drill.kinds import grid
from graphs.drill.limits import GridLimits
from graphs.drill.problem import Drill

# LeetCode's constraints: every input the judge makes is built within them.
CONSTRAINTS = GridLimits(max_side=50, cells=(0, 1))

DRILL = Drill(
    solution=graphs.max_area_of_island,
    method="maxAreaOfIsland",
    signature="maxAreaOfIsland(self, grid: List[List[int]]) -> int",
    statement=(
        "1(땅)과 0(물)로 된 m x n 격자에서 가장 큰 섬의 넓이(칸 수)를 구한다. 섬은 상하좌우로\n"
        "이어진 땅이고, 섬이 없으면 0."
    ),
    examples=(
        {
            "grid": [
                [0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0],
                [0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0],
                [0, 1, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0],
                [0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0],
                [0, 1, 0, 0, 1, 1, 0, 0, 1, 1, 1, 0, 0],
                [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0],
                [0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0],
                [0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0],
            ]
        },
        {"grid": [[0, 0, 0, 0, 0, 0, 0, 0]]},
    ),
    answers=(6, 0),  # LeetCode's published answers to the examples
    kind=grid(CONSTRAINTS),
    networkx=lambda args: max(nx_island_sizes(args["grid"]), default=0),
    to_leetcode=lambda args: [CONSTRAINTS.to_leetcode(args["grid"])],
    verdict=same_int,
    pattern="플러드 필",
)
