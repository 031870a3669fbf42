"""LeetCode 323 as a drill: ``countComponents(self, n: int, edges: List[List[int]]) -> int``."""

from __future__ import annotations

import graphs
from graphs.drill.answers import nx_components, same_int
from graphs.drill.kinds import graph
from graphs.drill.limits import GraphLimits
from graphs.drill.problem import Drill

# LeetCode's constraints: every input the judge makes is built within them. LeetCode writes
# 0 <= ai <= bi < n and ai != bi: every edge comes as [a, b] with a < b, and at least one.
CONSTRAINTS = GraphLimits(
    nodes="n", pairs="edges", max_nodes=2000, min_pairs=1, max_pairs=5000,
    ordered=True, self_loops=False,
)  # fmt: skip

DRILL = Drill(
    solution=graphs.count_components,
    method="countComponents",
    signature="countComponents(self, n: int, edges: List[List[int]]) -> int",
    statement=(
        "정점 0 .. n-1과 무방향 간선 목록 edges가 주어질 때 연결 요소의 개수를 센다.\n"
        "간선이 없는 정점도 하나의 요소다."
    ),
    examples=(
        {"n": 5, "edges": [[0, 1], [1, 2], [3, 4]]},
        {"n": 5, "edges": [[0, 1], [1, 2], [2, 3], [3, 4]]},
    ),
    answers=(2, 1),  # LeetCode's published answers to the examples
    kind=graph(lambda a, b: f"{a} - {b}", CONSTRAINTS),
    networkx=lambda args: nx_components(args["n"], args["edges"]),
    to_leetcode=lambda args: [args["n"], [list(e) for e in args["edges"]]],
    verdict=same_int,
    pattern="유니온 파인드",
)
