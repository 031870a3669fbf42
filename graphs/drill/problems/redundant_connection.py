"""LeetCode 684 as a drill:
``findRedundantConnection(self, edges: List[List[int]]) -> List[int]``.

The canonical input is the solution's own argument, ``{"edges": [[1, 2], ...]}``, 1-based as
LeetCode writes it (:mod:`graphs.drill.trees`): a tree on ``1 .. n`` plus one edge.
"""

from __future__ import annotations

from typing import Any

import graphs
from graphs.drill.answers import leetcode_text
from graphs.drill.korean import with_particle
from graphs.drill.problem import Drill
from graphs.drill.trees import TreePlusEdgeLimits, tree_plus_edge

# LeetCode's constraints: n == edges.length, 3 <= n <= 1000, edges[i].length == 2,
# 1 <= ai < bi <= edges.length, ai != bi, no repeated edges, the graph is connected.
CONSTRAINTS = TreePlusEdgeLimits(max_nodes=1000)


def nx_redundant(edges: list[list[int]]) -> list[int]:
    """networkx's ``find_cycle`` on the undirected graph, then the cycle's edge that comes
    last in ``edges`` (the edges whose removal leaves a tree are exactly the cycle's)."""
    import networkx as nx

    cycle = {frozenset(e[:2]) for e in nx.find_cycle(nx.Graph(map(tuple, edges)))}
    return list(max((i, e) for i, e in enumerate(edges) if frozenset(e) in cycle)[1])


def same_edge(args: dict[str, Any], expected: list[int], actual: Any) -> str | None:
    """None when ``actual`` is the pair ``expected`` as the input writes it; else what is
    wrong, in Korean (a reversed pair, an edge not on the cycle, one on it but not last)."""
    if (
        not isinstance(actual, (list, tuple))
        or len(actual) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in actual)
    ):
        shown = with_particle(leetcode_text(actual), "을")
        return f"정수 두 개짜리 리스트 [a, b]를 돌려줘야 하는데 {shown} 돌려줬다"
    got = list(actual)
    if got == list(expected):
        return None
    if got == list(expected)[::-1]:
        want = leetcode_text(expected)
        return f"같은 간선이지만 입력에 쓰인 대로 {want}여야 한다: 받은 답 {leetcode_text(got)}"
    edges = [list(e) for e in args["edges"]]
    if got not in edges:
        return f"입력에 없는 간선이다: 기대 {leetcode_text(expected)}, 받은 답 {leetcode_text(got)}"
    rest = [e for e in edges if e != got]
    if _tree_without(len(edges), rest):
        return (
            f"{leetcode_text(got)}도 지우면 트리가 남지만 입력에서 더 늦게 나오는"
            f" {with_particle(leetcode_text(expected), '이')} 답이다"
            " (여러 개면 마지막 것)"
        )
    return (
        f"{with_particle(leetcode_text(got), '을')} 지우면 트리가 아니다"
        f" (사이클 위의 간선이 아니다): 기대 {leetcode_text(expected)}"
    )


def _tree_without(n: int, edges: list[list[int]]) -> bool:
    import networkx as nx

    g = nx.Graph()
    g.add_nodes_from(range(1, n + 1))
    g.add_edges_from(map(tuple, edges))
    return nx.is_tree(g)


def _answer_text(args: dict[str, Any], expected: list[int]) -> str:
    return f"{list(expected)} (지워도 트리가 남는 사이클 위 간선 중 입력에서 가장 늦은 것)"


DRILL = Drill(
    solution=graphs.find_redundant_connection,
    method="findRedundantConnection",
    signature="findRedundantConnection(self, edges: List[List[int]]) -> List[int]",
    statement=(
        "1 .. n번 정점의 트리에 간선 하나를 더한 무방향 그래프가 간선 목록 edges(길이 n)로\n"
        "주어진다. 지우면 트리가 남는 간선을 돌려준다. 그런 간선이 여럿이면 입력에서 가장\n"
        "나중에 나오는 것."
    ),
    examples=(
        {"edges": [[1, 2], [1, 3], [2, 3]]},
        {"edges": [[1, 2], [2, 3], [3, 4], [1, 4], [1, 5]]},
    ),
    answers=([2, 3], [1, 4]),  # LeetCode's published answers to the examples
    kind=tree_plus_edge(CONSTRAINTS),
    networkx=lambda args: nx_redundant(args["edges"]),
    to_leetcode=lambda args: [[list(e) for e in args["edges"]]],
    verdict=same_edge,
    answer_text=_answer_text,
    pattern="유니온 파인드",
)
