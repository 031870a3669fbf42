"""LeetCode 210 as a drill: ``findOrder(self, numCourses, prerequisites) -> List[int]``.

Any order that puts every course after its prerequisites is accepted, and ``[]`` where a cycle
makes an order impossible.
"""

from __future__ import annotations

import graphs
from graphs.drill.answers import nx_courses_possible, valid_order
from graphs.drill.kinds import graph
from graphs.drill.limits import GraphLimits
from graphs.drill.problem import Drill
from graphs.drill.problems.course_schedule import prerequisite_arrow

# LeetCode's constraints: every input the judge makes is built within them (ai != bi: no
# course needs itself; at most numCourses * (numCourses - 1) distinct pairs).
CONSTRAINTS = GraphLimits(
    nodes="numCourses", pairs="prerequisites", max_nodes=2000, min_pairs=0, max_pairs=None,
    ordered=False, self_loops=False,
)  # fmt: skip


def _networkx(args: dict) -> list[int]:
    """An order from networkx (``[]`` on a cycle); compared by validity, not by equality."""
    import networkx as nx

    n, pairs = args["n"], args["edges"]
    if not nx_courses_possible(n, pairs):
        return []
    g = nx.DiGraph()
    g.add_nodes_from(range(n))
    g.add_edges_from((b, a) for a, b in pairs)
    return list(nx.topological_sort(g))


def _answer_text(args: dict, expected: list[int]) -> str:
    if not expected and args["n"]:
        return "[] (사이클이 있어 순서가 없다)"
    return f"선수 과목을 지키는 아무 순서, 예: {expected}"


DRILL = Drill(
    solution=graphs.find_order,
    method="findOrder",
    signature="findOrder(self, numCourses: int, prerequisites: List[List[int]]) -> List[int]",
    statement=(
        "207과 같은 입력에서, 모든 과목을 들을 수 있는 순서 하나를 돌려준다(선수 과목을 지키는\n"
        "순서라면 아무거나 정답). 사이클이 있으면 빈 리스트 []."
    ),
    examples=(
        {"n": 2, "edges": [[1, 0]]},
        {"n": 4, "edges": [[1, 0], [2, 0], [3, 1], [3, 2]]},
        {"n": 1, "edges": []},
    ),
    answers=([0, 1], [0, 2, 1, 3], [0]),  # LeetCode's published answers to the examples
    kind=graph(prerequisite_arrow, CONSTRAINTS),
    networkx=_networkx,
    to_leetcode=lambda args: [args["n"], [list(e) for e in args["edges"]]],
    verdict=valid_order,
    answer_text=_answer_text,
    pattern="위상 정렬",
)
