"""LeetCode 207 as a drill: ``canFinish(self, numCourses, prerequisites) -> bool``."""

from __future__ import annotations

import graphs
from graphs.drill.answers import nx_courses_possible, same_bool
from graphs.drill.kinds import graph
from graphs.drill.korean import particle
from graphs.drill.limits import GraphLimits
from graphs.drill.problem import Drill

# LeetCode's constraints: every input the judge makes is built within them. Unlike 210, 207
# does not say ai != bi: a course that needs itself is a valid input (and a cycle).
CONSTRAINTS = GraphLimits(
    nodes="numCourses", pairs="prerequisites", max_nodes=2000, min_pairs=0, max_pairs=5000,
    ordered=False, self_loops=True,
)  # fmt: skip


def prerequisite_arrow(a: int, b: int) -> str:
    """The label of a drawn pair ``[a, b]``: course ``b`` comes first, then ``a`` (210 reads
    its pairs the same way).

    Examples
    --------
    >>> prerequisite_arrow(1, 0)
    '[1, 0]: 0 → 1 (0을 먼저)'
    """
    return f"[{a}, {b}]: {b} → {a} ({b}{particle(b, '을')} 먼저)"


DRILL = Drill(
    solution=graphs.can_finish,
    method="canFinish",
    signature="canFinish(self, numCourses: int, prerequisites: List[List[int]]) -> bool",
    statement=(
        "과목 0 .. numCourses-1과 선수 과목 쌍 [a, b](b를 먼저 들어야 a를 들 수 있다)가 주어질 때\n"
        "모든 과목을 들을 수 있는지(사이클이 없는지) 답한다."
    ),
    examples=({"n": 2, "edges": [[1, 0]]}, {"n": 2, "edges": [[1, 0], [0, 1]]}),
    answers=(True, False),  # LeetCode's published answers to the examples
    kind=graph(prerequisite_arrow, CONSTRAINTS),
    networkx=lambda args: nx_courses_possible(args["n"], args["edges"]),
    to_leetcode=lambda args: [args["n"], [list(e) for e in args["edges"]]],
    verdict=same_bool,
    pattern="위상 정렬",
)
