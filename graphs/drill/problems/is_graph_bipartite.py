# ruff: noqa: E501  (Korean constraint lines: wide characters make the lines look long)
"""LeetCode 785 as a drill: ``isBipartite(self, graph: List[List[int]]) -> bool``.

LeetCode passes an adjacency list. The judge's canonical inputs are ``{"n", "edges"}`` with
distinct pairs ``a < b`` (so every input it makes is symmetric, without self-loops or
repeats), and ``to_leetcode`` builds the symmetric neighbour lists.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import graphs
from graphs.drill.answers import same_bool
from graphs.drill.kinds import graph
from graphs.drill.limits import GraphLimits
from graphs.drill.problems.possible_bipartition import (
    LeetCodeFormDrill,
    nx_bipartite,
    odd_cycle_last,
    sized,
)
from graphs.tools.counterexamples import adjacency_lists


@dataclasses.dataclass(frozen=True)
class AdjacencyLimits(GraphLimits):
    """785's constraints: the pairs of :class:`GraphLimits` (distinct, ``a < b``, no
    self-loops), written as LeetCode writes those of an adjacency list."""

    def lines(self) -> list[str]:
        """The constraints in LeetCode's words, one per line."""
        return [
            "graph.length == n",
            f"1 <= n <= {self.max_nodes}",
            "0 <= graph[u].length < n",
            "0 <= graph[u][i] <= n - 1",
            "graph[u] does not contain u",
            "All the values of graph[u] are unique",
            "If graph[u] contains v, then graph[v] contains u",
        ]

    def lines_ko(self) -> list[str]:
        """The same constraints in Korean, one per line (inline code for the formulas)."""
        return [
            f"정점은 0번부터 `n - 1`번까지이고, `graph.length == n`, `1 <= n <= {self.max_nodes}`이다.",
            "`graph[u]`는 정점 `u`의 이웃 목록이다. 길이는 0 이상 `n` 미만이고, 값은 0 이상 `n - 1` 이하다.",
            "`graph[u]`에 `u` 자신은 없다(자기 루프가 없다).",
            "`graph[u]`의 값은 서로 다르다(같은 간선이 두 번 나오지 않는다).",
            "`graph[u]`에 `v`가 있으면 `graph[v]`에도 `u`가 있다(방향이 없는 그래프다).",
        ]


CONSTRAINTS = AdjacencyLimits(
    nodes="n", pairs="edges", max_nodes=100, min_pairs=0, max_pairs=None,
    ordered=True, self_loops=False,
)  # fmt: skip


def _complete_bipartite(n: int) -> dict[str, Any]:
    """Even and odd nodes, every even one joined to every odd one (2500 edges at n = 100)."""
    return {"n": n, "edges": [[a, b] for a in range(n) for b in range(a + 1, n) if (a + b) % 2]}


def _odd_ring(n: int) -> dict[str, Any]:
    """A ring through ``n`` or ``n - 1`` nodes, whichever is odd (and the last one alone)."""
    k = n if n % 2 else n - 1
    return {"n": n, "edges": [*([i, i + 1] for i in range(k - 1)), [0, k - 1]]}


KIND = graph(lambda a, b: f"{a} - {b}", CONSTRAINTS)
KIND = dataclasses.replace(
    KIND,
    families=(
        *KIND.families,
        sized(
            "완전 이분 그래프 (짝수 번과 홀수 번 사이 모든 간선, 답 true)",
            (2, 10, 30, 100),
            _complete_bipartite,
        ),
        sized("홀수 길이 고리 하나 (답 false)", (3, 10, 30, 100), _odd_ring),
        sized(
            "사각형 조각 여러 개, 마지막 조각만 삼각형 (답 false)",
            (3, 10, 30, 100),
            odd_cycle_last,
        ),
    ),
)


def _answer_text(args: dict[str, Any], expected: bool) -> str:
    if expected:
        return "true (두 색으로 칠할 수 있다)"
    return "false (어느 조각엔가 홀수 사이클이 있다)"


DRILL = LeetCodeFormDrill(
    solution=graphs.is_bipartite,
    method="isBipartite",
    signature="isBipartite(self, graph: List[List[int]]) -> bool",
    statement=(
        "정점 0 .. n-1의 무방향 그래프가 인접 리스트 graph로 주어진다(graph[u]는 u의 이웃).\n"
        "모든 간선이 두 집합 사이에만 놓이도록 정점을 두 집합으로 나눌 수 있으면 true.\n"
        "그래프는 여러 조각일 수 있다."
    ),
    examples=(
        {"n": 4, "edges": [[0, 1], [0, 2], [0, 3], [1, 2], [2, 3]]},
        {"n": 4, "edges": [[0, 1], [0, 3], [1, 2], [2, 3]]},
    ),
    answers=(False, True),  # LeetCode's published answers to the examples
    kind=KIND,
    networkx=lambda args: nx_bipartite(args["n"], args["edges"]),
    to_leetcode=lambda args: [adjacency_lists(args["n"], args["edges"])],
    verdict=same_bool,
    answer_text=_answer_text,
    pattern="이분 그래프 색칠",
)
