"""LeetCode 200 as a drill: ``numIslands(self, grid: List[List[str]]) -> int``."""

from __future__ import annotations

import graphs
from graphs.drill.answers import nx_island_sizes, same_int
from graphs.drill.kinds import grid
from graphs.drill.limits import GridLimits
from graphs.drill.problem import Drill

# LeetCode's constraints: every input the judge makes is built within them.
CONSTRAINTS = GridLimits(max_side=300, cells=("0", "1"))

DRILL = Drill(
    solution=graphs.num_islands,
    method="numIslands",
    signature="numIslands(self, grid: List[List[str]]) -> int",
    statement=(
        '"1"(땅)과 "0"(물)로 된 m x n 격자에서 섬의 개수를 센다. 섬은 상하좌우로 이어진 땅이고,\n'
        "격자 바깥은 모두 물이다."
    ),
    examples=(
        {"grid": [[1, 1, 1, 1, 0], [1, 1, 0, 1, 0], [1, 1, 0, 0, 0], [0, 0, 0, 0, 0]]},
        {"grid": [[1, 1, 0, 0, 0], [1, 1, 0, 0, 0], [0, 0, 1, 0, 0], [0, 0, 0, 1, 1]]},
    ),
    answers=(1, 3),  # LeetCode's published answers to the examples
    kind=grid(CONSTRAINTS),
    networkx=lambda args: len(nx_island_sizes(args["grid"])),
    to_leetcode=lambda args: [CONSTRAINTS.to_leetcode(args["grid"])],
    verdict=same_int,
    pattern="플러드 필",
)
