"""LeetCode 994 as a drill: ``orangesRotting(self, grid: List[List[int]]) -> int``.

A grid of three cell values (0 empty, 1 fresh, 2 rotten): the default hard cases of a land and
water grid do not fit it, so this module declares its own ladders, every side from 1 to 10.
"""

from __future__ import annotations

import random
from typing import Any

import graphs
from graphs.drill.answers import same_int
from graphs.drill.kinds import grid, ladder, timing_sizes
from graphs.drill.limits import GridLimits
from graphs.drill.problem import Drill

# LeetCode's constraints: every input the judge makes is built within them.
CONSTRAINTS = GridLimits(max_side=10, cells=(0, 1, 2), names=("빈 칸", "신선한 귤", "썩은 귤"))
EMPTY, FRESH, ROTTEN = range(len(CONSTRAINTS.cells))
SIDES = tuple(range(1, CONSTRAINTS.max_side + 1))  # every side: the first failure is the smallest


def nx_minutes_to_rot(grid: list[list[int]]) -> int:
    """The largest distance from a fresh orange to its nearest rotten one, with networkx, over
    the graph of side-by-side non-empty cells; 0 without fresh oranges, -1 if one is out of
    reach."""
    import networkx as nx

    g = nx.Graph()
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if cell != EMPTY:
                g.add_node((r, c))
                if r and grid[r - 1][c] != EMPTY:
                    g.add_edge((r, c), (r - 1, c))
                if c and row[c - 1] != EMPTY:
                    g.add_edge((r, c), (r, c - 1))
    fresh = [node for node in g if grid[node[0]][node[1]] == FRESH]
    rotten = [node for node in g if grid[node[0]][node[1]] == ROTTEN]
    if not fresh:
        return 0
    if not rotten:
        return -1
    distance = nx.multi_source_dijkstra_path_length(g, rotten)  # unit weights: BFS distances
    if any(node not in distance for node in fresh):
        return -1
    return max(distance[node] for node in fresh)


def _filled(k: int, cell: int) -> list[list[int]]:
    return [[cell] * k for _ in range(k)]


def _rotten_corner(k: int) -> list[list[int]]:
    """All fresh but the top-left corner: the far corner rots last, after ``2k - 2`` minutes."""
    g = _filled(k, FRESH)
    g[0][0] = ROTTEN
    return g


def _rotten_and_empty(k: int) -> list[list[int]]:
    """Rotten oranges and empty cells in a checkerboard: nothing is fresh, the answer is 0."""
    return [[ROTTEN if (r + c) % 2 == 0 else EMPTY for c in range(k)] for r in range(k)]


def _walled_off(k: int) -> list[list[int]]:
    """As :func:`_rotten_corner`, with the bottom-right orange cut off by two empty cells (for
    ``k = 1`` a lone fresh orange): it never rots, the answer is -1."""
    g = _rotten_corner(k)
    if k == 1:
        return [[FRESH]]
    g[k - 1][k - 1] = FRESH
    g[k - 2][k - 1] = g[k - 1][k - 2] = EMPTY
    return g


def _snake(k: int) -> list[list[int]]:
    """A single snake of fresh oranges, full rows joined at alternate ends, rotten at its head:
    the longest chain of minutes a ``k x k`` grid holds (54 minutes at k = 10)."""
    g = _filled(k, EMPTY)
    for r in range(0, k, 2):
        g[r] = [FRESH] * k
        if r + 1 < k:
            g[r + 1][k - 1 if r % 4 == 0 else 0] = FRESH
    g[0][0] = ROTTEN
    return g


def _random_mix(k: int) -> list[list[int]]:
    """About 20% empty, 65% fresh, 15% rotten, with a fixed seed per size."""
    rng = random.Random(994 + k)
    return [rng.choices((EMPTY, FRESH, ROTTEN), (20, 65, 15), k=k) for _ in range(k)]


FAMILIES = (
    ladder("모두 신선하고 한 구석만 썩은 k × k 격자 (답 2k - 2분)", SIDES, _rotten_corner),
    ladder("썩은 귤 없이 모두 신선한 격자 (답 -1)", SIDES, lambda k: _filled(k, FRESH)),
    ladder("귤이 하나도 없는 격자 (답 0)", SIDES, lambda k: _filled(k, EMPTY)),
    ladder("신선한 귤 없이 썩은 귤과 빈 칸만 (답 0)", SIDES, _rotten_and_empty),
    ladder("빈 칸에 갇혀 끝내 안 썩는 귤 하나 (답 -1)", SIDES, _walled_off),
    ladder("썩은 머리에서 시작하는 구불구불한 귤 줄 (가장 깊은 BFS)", SIDES, _snake),
    ladder("썩은 귤이 여기저기 있는 무작위 격자", SIDES, _random_mix),
)
TIMING = ladder(
    "모두 신선하고 한 구석만 썩은 격자", timing_sizes(3, CONSTRAINTS.max_side), _rotten_corner
)


def _answer_text(args: dict[str, Any], expected: int) -> str:
    if expected == -1:
        return "-1 (끝내 썩지 않는 신선한 귤이 있다)"
    if expected == 0:
        return "0 (처음부터 신선한 귤이 없다)"
    return f"{expected} ({expected}분 뒤에 신선한 귤이 하나도 안 남는다)"


DRILL = Drill(
    solution=graphs.oranges_rotting,
    method="orangesRotting",
    signature="orangesRotting(self, grid: List[List[int]]) -> int",
    statement=(
        "0(빈 칸), 1(신선한 귤), 2(썩은 귤)로 된 m x n 격자에서, 1분마다 썩은 귤의 상하좌우에\n"
        "있는 신선한 귤이 썩는다. 신선한 귤이 하나도 안 남을 때까지 걸리는 최소 시간(분)을\n"
        "구하고, 그럴 수 없으면 -1."
    ),
    examples=(
        {"grid": [[2, 1, 1], [1, 1, 0], [0, 1, 1]]},
        {"grid": [[2, 1, 1], [0, 1, 1], [1, 0, 1]]},
        {"grid": [[0, 2]]},
    ),
    answers=(4, -1, 0),  # LeetCode's published answers to the examples
    kind=grid(CONSTRAINTS, families=FAMILIES, timing=TIMING),
    networkx=lambda args: nx_minutes_to_rot(args["grid"]),
    to_leetcode=lambda args: [CONSTRAINTS.to_leetcode(args["grid"])],
    verdict=same_int,
    answer_text=_answer_text,
    pattern="다중 시작점 BFS",
)
