"""LeetCode 207 as a drill: ``canFinish(self, numCourses, prerequisites) -> bool``."""

from __future__ import annotations

import graphs
from graphs.drills import Drill
from graphs.drills._answers import nx_courses_possible, same_bool
from graphs.drills._kinds import graph, object_particle

DRILL = Drill(
    solution=graphs.can_finish,
    method="canFinish",
    signature="canFinish(self, numCourses: int, prerequisites: List[List[int]]) -> bool",
    statement=(
        "과목 0 .. numCourses-1과 선수 과목 쌍 [a, b](b를 먼저 들어야 a를 들 수 있다)가 주어질 때\n"
        "모든 과목을 들을 수 있는지(사이클이 없는지) 답한다. LeetCode 제약: numCourses <= 2000,\n"
        "쌍 <= 5000."
    ),
    examples=({"n": 2, "edges": [[1, 0]]}, {"n": 2, "edges": [[1, 0], [0, 1]]}),
    kind=graph(lambda a, b: f"[{a}, {b}]: {b} → {a} ({b}{object_particle(b)} 먼저)"),
    networkx=lambda args: nx_courses_possible(args["n"], args["edges"]),
    to_leetcode=lambda args: [args["n"], [list(e) for e in args["edges"]]],
    verdict=same_bool,
)
