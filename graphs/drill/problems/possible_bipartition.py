"""LeetCode 886 as a drill:
``possibleBipartition(self, n: int, dislikes: List[List[int]]) -> bool``.

LeetCode numbers people from 1; the judge's canonical inputs are 0-based ``{"n", "edges"}``
as every graph drill's, and ``to_leetcode`` adds 1 to each person (``first_node=1`` prints the
constraints as LeetCode writes them).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

import graphs
from graphs.drill.answers import same_bool
from graphs.drill.kinds import Family, graph
from graphs.drill.korean import particle
from graphs.drill.limits import GraphLimits
from graphs.drill.problem import Drill

# LeetCode's constraints: 1 <= n <= 2000, 0 <= dislikes.length <= 10^4, 1 <= ai < bi <= n,
# all pairs unique.
CONSTRAINTS = GraphLimits(
    nodes="n", pairs="dislikes", max_nodes=2000, min_pairs=0, max_pairs=10**4,
    ordered=True, self_loops=False, first_node=1,
)  # fmt: skip


def nx_bipartite(n: int, edges: list[list[int]]) -> bool:
    """networkx's ``is_bipartite`` over nodes ``0 .. n-1`` and the canonical pairs."""
    import networkx as nx

    g = nx.Graph()
    g.add_nodes_from(range(n))
    g.add_edges_from(map(tuple, edges))
    return nx.is_bipartite(g)


class LeetCodeFormDrill(Drill):
    """A drill whose canonical input is not the solution's own argument form: the project's
    answer is the solution called with LeetCode's arguments (``to_leetcode``)."""

    def expected(self, args: dict[str, Any]) -> Any:
        """The project's answer for a canonical input, asked in LeetCode's form."""
        return self.solution(*self.to_leetcode(args))


def _two_groups(n: int) -> dict[str, Any]:
    """Two halves with as many cross pairs as the limits allow, spread over all people: a
    bipartite graph with the most dislikes (10^4 at n = 2000)."""
    half = n // 2
    rng = random.Random(886 + n)
    cross = [(a, half + b) for a in range(half) for b in range(n - half)]
    chosen = cross if len(cross) <= CONSTRAINTS.max_pairs else rng.sample(cross, 10**4)
    return {"n": n, "edges": [list(p) for p in sorted(chosen)]}


def odd_cycle_last(n: int) -> dict[str, Any]:
    """Many small even rings (squares), then a triangle on the last three of the ``n >= 3``
    nodes: only the last component is not two-colourable, so a colouring of node 0's
    component alone misses it. 785's drill climbs the same ladder.

    Examples
    --------
    >>> odd_cycle_last(7)["edges"]
    [[0, 1], [1, 2], [2, 3], [0, 3], [4, 5], [5, 6], [4, 6]]
    """
    edges = []
    start = 0
    while start + 4 <= n - 3:
        a, b, c, d = range(start, start + 4)
        edges += [[a, b], [b, c], [c, d], [a, d]]
        start += 4
    x, y, z = n - 3, n - 2, n - 1
    edges += [[x, y], [y, z], [x, z]]
    return {"n": n, "edges": edges}


def sized(label: str, sizes: tuple[int, ...], build: Callable[[int], dict[str, Any]]) -> Family:
    """A family of graphs ``build(n)`` for each node count ``n`` of ``sizes``, smallest first
    (the graph drills' counterpart of :func:`graphs.drill.kinds.ladder`).

    Examples
    --------
    >>> [args["n"] for args in sized("rings", (3, 5), odd_cycle_last).inputs()]
    [3, 5]
    """
    return Family(label, lambda: [build(n) for n in sizes])


KIND = graph(lambda a, b: f"{a}{particle(a, '와')} {b}{particle(b, '는')} 다른 그룹", CONSTRAINTS)
KIND = dataclasses.replace(
    KIND,
    families=(
        *KIND.families,
        sized(
            "두 그룹 사이에만 싫어하는 쌍 (가장 많은 쌍, 답 true)", (4, 30, 300, 2000), _two_groups
        ),
        sized(
            "짝수 고리 여러 개, 마지막 조각만 삼각형 (답 false)",
            (3, 10, 100, 2000),
            odd_cycle_last,
        ),
    ),
)


def _answer_text(args: dict[str, Any], expected: bool) -> str:
    if expected:
        return "true (두 그룹으로 나눌 수 있다)"
    return "false (싫어하는 쌍이 홀수 사이클을 이룬다)"


DRILL = LeetCodeFormDrill(
    solution=graphs.possible_bipartition,
    method="possibleBipartition",
    signature="possibleBipartition(self, n: int, dislikes: List[List[int]]) -> bool",
    statement=(
        "1 .. n번 사람들을 두 그룹으로 나누려 한다. dislikes[i] = [a, b]는 a와 b가 같은\n"
        "그룹에 있으면 안 된다는 뜻이다. 모두를 이렇게 나눌 수 있으면 true."
    ),
    examples=(
        {"n": 4, "edges": [[0, 1], [0, 2], [1, 3]]},
        {"n": 3, "edges": [[0, 1], [0, 2], [1, 2]]},
    ),
    answers=(True, False),  # LeetCode's published answers to the examples
    kind=KIND,
    networkx=lambda args: nx_bipartite(args["n"], args["edges"]),
    to_leetcode=lambda args: [args["n"], [[a + 1, b + 1] for a, b in args["edges"]]],
    verdict=same_bool,
    answer_text=_answer_text,
    pattern="이분 그래프 색칠",
)
