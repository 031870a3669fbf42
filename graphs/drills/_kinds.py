"""The two shapes of input the drills take: a grid of land and water, or ``n`` and an edge list.

A :class:`Kind` knows how to search its inputs (the gallery's own hypothesis strategies from
:mod:`graphs.counterexamples`, imported, so the judge shrinks to the same minimal inputs the
site's pitfall gallery shows), the hard cases at LeetCode's size limits (deep paths, all-land
grids, isolated nodes, duplicate edges, cycles), an input's size ``(V, E)`` and how to draw it:
a grid as rows of characters, a graph as an edge list.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["GRAPH_SIZES", "GRID_SIDES", "Family", "Kind", "graph", "grid", "object_particle"]

GRID_SIDES = (10, 30, 100, 300)  # LeetCode 200 and 695: m, n <= 300 (695: 50; we go further)
GRAPH_SIZES = (1, 3, 10, 30, 100, 300, 1000, 2000)  # LeetCode 207/210/323: n <= 2000
MAX_DRAWN_ROWS = 12
MAX_DRAWN_COLS = 40
MAX_DRAWN_EDGES = 12


def object_particle(number: int) -> str:
    """``을`` or ``를`` after a number read in Korean (영, 일, 이, 삼, ...: by its last digit).

    Examples
    --------
    >>> f"0{object_particle(0)}, 2{object_particle(2)}, 10{object_particle(10)}"
    '0을, 2를, 10을'
    """
    return "를" if abs(number) % 10 in (2, 4, 5, 9) else "을"


@dataclass(frozen=True)
class Family:
    """A ladder of hard inputs, smallest first, searched with hypothesis so it shrinks to the
    smallest failing size. ``timed``: its passing times make the time-against-size table."""

    label: str
    strategy: Callable[[], Any]
    timed: bool = False


@dataclass(frozen=True)
class Kind:
    name: str
    strategy: Callable[[], Any]  # -> strategy of canonical inputs (small, for shrinking)
    families: tuple[Family, ...]
    size: Callable[[dict[str, Any]], tuple[int, int]]  # -> (V, E)
    draw: Callable[[dict[str, Any]], list[str]]  # -> lines


# ----------------------------------------------------------------------------- grids


def _ladder(sides: tuple[int, ...], build: Callable[[int], list[list[int]]]) -> Callable[[], Any]:
    def strategy() -> Any:
        from hypothesis import strategies as st

        return st.sampled_from(sides).map(lambda k: {"grid": build(k)})

    return strategy


def _checkerboard(k: int) -> list[list[int]]:
    return [[(r + c + 1) % 2 for c in range(k)] for r in range(k)]


def _serpentine(k: int) -> list[list[int]]:
    """One snake-shaped island: full rows joined at alternate ends (a path of ~k*k/2 cells)."""
    grid = [[0] * k for _ in range(k)]
    for r in range(0, k, 2):
        grid[r] = [1] * k
        if r + 1 < k:
            grid[r + 1][k - 1 if r % 4 == 0 else 0] = 1
    return grid


def _random_half(k: int) -> list[list[int]]:
    rng = random.Random(k)  # a fixed seed per size: the same grid every run
    return [[int(rng.random() < 0.5) for _ in range(k)] for _ in range(k)]


def _grid_size(args: dict[str, Any]) -> tuple[int, int]:
    g = args["grid"]
    h = len(g)
    w = len(g[0]) if h else 0
    v = h * w
    e = sum(
        (c + 1 < w and g[r][c] and g[r][c + 1]) + (r + 1 < h and g[r][c] and g[r + 1][c])
        for r in range(h)
        for c in range(w)
    )
    return v, e


def _draw_grid(args: dict[str, Any]) -> list[str]:
    g = args["grid"]
    h = len(g)
    w = len(g[0]) if h else 0
    if h == 0 or w == 0:
        return [f"grid = {json.dumps(g)} (빈 격자: {h}행 {w}열)"]
    cells = {c for row in g for c in row}
    if len(cells) == 1 and (h > MAX_DRAWN_ROWS or w > MAX_DRAWN_COLS):
        return [f"{h} x {w} 격자, 모든 칸 {next(iter(cells))}"]
    lines = [f"{h} x {w} 격자 (1 = 땅, 0 = 물):"]
    for row in g[:MAX_DRAWN_ROWS]:
        text = "".join(str(int(c)) for c in row[:MAX_DRAWN_COLS])
        lines.append("  " + text + (" …" if w > MAX_DRAWN_COLS else ""))
    if h > MAX_DRAWN_ROWS:
        lines.append(f"  … (모두 {h}행, 땅 {sum(map(sum, g))}칸)")
    return lines


def grid() -> Kind:
    """Grids of 0/1 cells: the gallery's small-grid search and the hard ladders up to 300 x 300."""
    from graphs import counterexamples

    return Kind(
        name="grid",
        strategy=counterexamples._grid_args,
        families=(
            # The gallery's own ladder of all-land squares (1, 3, 10, 30, 100, 300).
            Family("모든 칸이 땅인 정사각형 격자", counterexamples._square_land_args, timed=True),
            Family("구불구불한 섬 하나 (아주 긴 경로)", _ladder(GRID_SIDES, _serpentine)),
            Family("체크무늬 (한 칸짜리 섬이 아주 많음)", _ladder(GRID_SIDES, _checkerboard)),
            Family("땅이 반쯤인 무작위 격자", _ladder(GRID_SIDES, _random_half)),
        ),
        size=_grid_size,
        draw=_draw_grid,
    )


# ----------------------------------------------------------------------------- graphs


def _graph_ladder(
    sizes: tuple[int, ...], build: Callable[[int], list[list[int]]]
) -> Callable[[], Any]:
    def strategy() -> Any:
        from hypothesis import strategies as st

        return st.sampled_from(sizes).map(lambda n: {"n": n, "edges": build(n)})

    return strategy


def _path(n: int) -> list[list[int]]:
    return [[i + 1, i] for i in range(n - 1)]


def _reversed_path(n: int) -> list[list[int]]:
    return [[i, i + 1] for i in range(n - 1)]


def _doubled_path(n: int) -> list[list[int]]:
    return [pair for i in range(n - 1) for pair in ([i + 1, i], [i + 1, i])]


def _ring(n: int) -> list[list[int]]:
    return [*_path(n), [0, n - 1]]  # n = 1: the self-loop [0, 0]


def _dense(n: int) -> list[list[int]]:
    """About 2.5 n distinct random pairs ``[a, b]`` with ``a > b`` (acyclic either way)."""
    rng = random.Random(n)
    pairs: set[tuple[int, int]] = set()
    while len(pairs) < min(5 * n // 2, n * (n - 1) // 2):
        a, b = rng.randrange(n), rng.randrange(n)
        if a != b:
            pairs.add((max(a, b), min(a, b)))
    return [list(p) for p in sorted(pairs, key=lambda p: rng.random())]


def _graph_size(args: dict[str, Any]) -> tuple[int, int]:
    return args["n"], len(args["edges"])


def _draw_graph(arrow: Callable[[int, int], str]) -> Callable[[dict[str, Any]], list[str]]:
    def draw(args: dict[str, Any]) -> list[str]:
        n, edges = args["n"], args["edges"]
        if len(edges) <= MAX_DRAWN_EDGES:
            nodes = f"정점 {n}개 (0 .. {n - 1})" if n else "정점 0개"
            lines = [f"{nodes}, 간선 {len(edges)}개: {json.dumps(edges)}"]
            lines += ["  " + arrow(a, b) for a, b in edges]
            return lines
        shown = json.dumps(edges[:MAX_DRAWN_EDGES])[:-1]
        return [f"정점 {n}개, 간선 {len(edges)}개: {shown}, …] ({arrow(*edges[0])}, …)"]

    return draw


def graph(arrow: Callable[[int, int], str]) -> Kind:
    """``n`` and a list of pairs: the gallery's small-graph search and the hard ladders up to
    2000 nodes. ``arrow(a, b)`` writes one pair as the problem reads it."""
    from graphs import counterexamples

    return Kind(
        name="graph",
        strategy=counterexamples._graph_args,
        families=(
            Family("긴 경로 (깊이 n)", _graph_ladder(GRAPH_SIZES, _path)),
            Family("반대 방향 긴 경로", _graph_ladder(GRAPH_SIZES, _reversed_path)),
            Family("간선 없는 고립 정점들", _graph_ladder(GRAPH_SIZES, lambda n: [])),
            Family("모든 간선이 두 번 나오는 경로", _graph_ladder(GRAPH_SIZES, _doubled_path)),
            Family("큰 사이클 하나", _graph_ladder(GRAPH_SIZES, _ring)),
            Family("간선 2.5n개 무작위 그래프", _graph_ladder(GRAPH_SIZES[4:], _dense), timed=True),
        ),
        size=_graph_size,
        draw=_draw_graph(arrow),
    )
