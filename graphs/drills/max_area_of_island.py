"""LeetCode 695 as a drill: ``maxAreaOfIsland(self, grid: List[List[int]]) -> int``."""

from __future__ import annotations

import graphs
from graphs.drills import Drill
from graphs.drills._answers import nx_island_sizes, same_int
from graphs.drills._kinds import grid
from graphs.drills._limits import GridLimits

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
    kind=grid(CONSTRAINTS),
    networkx=lambda args: max(nx_island_sizes(args["grid"]), default=0),
    to_leetcode=lambda args: [[list(row) for row in args["grid"]]],
    verdict=same_int,
)
