"""The two shapes of input the drills take: a grid of cells, or ``n`` and a list of pairs.

A :class:`Kind` knows how to search its inputs within the problem's LeetCode constraints
(:mod:`graphs.drill.limits`): the small search draws from the pitfall gallery's strategies
(:mod:`graphs.tools.strategies`), moved into the constraints, so the judge shrinks to the
gallery's minimal input wherever that input is within the constraints; the hard cases
(:class:`Family`: deep paths, all-land grids, isolated nodes, cycles) are ladders of inputs,
smallest first, clipped to the limits; the timing ladder gives the sizes the judge times. It
also knows an input's size ``(V, E)`` and how to draw it: a grid as rows of characters, a graph
as an edge list.

A grid's cells are canonical ints ``0 .. len(limits.cells) - 1`` (LeetCode's own values are
``limits.cells``): 200 and 695 have water 0 and land 1, a problem such as 994 (empty, fresh,
rotten) three values. A drill of such a grid declares its own hard cases with :func:`ladder`.
"""

from __future__ import annotations

import functools
import json
import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from graphs.drill.limits import GraphLimits, GridLimits, clip
from graphs.tools.strategies import SQUARE_SIDES, graph_args, grid_args, top_left_square

__all__ = [
    "GRAPH_SIZES",
    "GRID_SIDES",
    "TIMING_POINTS",
    "Family",
    "Kind",
    "graph",
    "grid",
    "ladder",
    "timing_sizes",
]

# Ladders of sizes, clipped to each problem's limits (:func:`graphs.drill.limits.clip`); the
# all-land squares are the pitfall gallery's (graphs.tools.strategies.SQUARE_SIDES).
GRID_SIDES = (10, 30, 100, 300)
GRAPH_SIZES = (1, 3, 10, 30, 100, 300, 1000, 2000)
TIMING_POINTS = 8  # sizes on the timing ladder, from V + E of about TIMING_FROM to the limit
TIMING_FROM = 1000
MAX_DRAWN_ROWS = 12
MAX_DRAWN_COLS = 40
MAX_DRAWN_EDGES = 12

Inputs = Callable[[], list[dict[str, Any]]]  # -> canonical inputs, smallest first


def timing_sizes(low: int, high: int, points: int = TIMING_POINTS) -> tuple[int, ...]:
    """About ``points`` sizes spaced evenly on a log scale from ``low`` to ``high``.

    Examples
    --------
    >>> timing_sizes(19, 300, 5)
    (19, 38, 75, 150, 300)
    """
    if high <= low:
        return (high,)
    ratio = (high / low) ** (1 / (points - 1))
    return tuple(sorted({round(low * ratio**i) for i in range(points)}))


@dataclass(frozen=True)
class Family:
    """A ladder of hard inputs, smallest first: the judge runs them in order, so the first that
    fails is the smallest failing size (and measures the deepest recursion on the largest)."""

    label: str
    inputs: Inputs


@dataclass(frozen=True)
class Kind:
    """What the judge needs to make and show the inputs of one shape of problem."""

    name: str
    limits: Any  # GridLimits or GraphLimits: LeetCode's constraints, declared by the drill
    strategy: Callable[[], Any]  # -> strategy of canonical inputs (small, for shrinking)
    families: tuple[Family, ...]
    timing: Family  # the inputs whose times make the time-against-size fit
    size: Callable[[dict[str, Any]], tuple[int, int]]  # -> (V, E)
    draw: Callable[[dict[str, Any]], list[str]]  # -> lines


# ----------------------------------------------------------------------------- grids


def ladder(label: str, sides: tuple[int, ...], build: Callable[[int], list[list[int]]]) -> Family:
    """A family of ``k x k`` grids ``build(k)`` for each side ``k``, smallest first.

    Examples
    --------
    >>> family = ladder("all land", (1, 2), lambda k: [[1] * k for _ in range(k)])
    >>> family.inputs()
    [{'grid': [[1]]}, {'grid': [[1, 1], [1, 1]]}]
    """
    return Family(label, lambda: [{"grid": build(k)} for k in sorted(sides)])


def _land(k: int) -> list[list[int]]:
    return [[1] * k for _ in range(k)]


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
    """``(cells, pairs of side-by-side non-zero cells)``: the graph the grid stands for."""
    g = args["grid"]
    h = len(g)
    w = len(g[0]) if h else 0
    v = h * w
    e = sum(
        bool(c + 1 < w and g[r][c] and g[r][c + 1]) + bool(r + 1 < h and g[r][c] and g[r + 1][c])
        for r in range(h)
        for c in range(w)
    )
    return v, e


def _draw_grid(limits: GridLimits) -> Callable[[dict[str, Any]], list[str]]:
    legend = ", ".join(f"{i} = {name}" for i, name in reversed(list(enumerate(limits.names))))

    def draw(args: dict[str, Any]) -> list[str]:
        g = args["grid"]
        h = len(g)
        w = len(g[0]) if h else 0
        if h == 0 or w == 0:
            return [f"grid = {json.dumps(g)} (빈 격자: {h}행 {w}열)"]
        cells = {c for row in g for c in row}
        if len(cells) == 1 and (h > MAX_DRAWN_ROWS or w > MAX_DRAWN_COLS):
            return [f"{h} x {w} 격자, 모든 칸 {next(iter(cells))}"]
        lines = [f"{h} x {w} 격자 ({legend}):"]
        for row in g[:MAX_DRAWN_ROWS]:
            text = "".join(str(int(c)) for c in row[:MAX_DRAWN_COLS])
            lines.append("  " + text + (" …" if w > MAX_DRAWN_COLS else ""))
        if h > MAX_DRAWN_ROWS:
            nonzero = sum(bool(c) for row in g for c in row)
            lines.append(f"  … (모두 {h}행, 0이 아닌 칸 {nonzero}개)")
        return lines

    return draw


def _small_grids(limits: GridLimits) -> Callable[[], Any]:
    """The gallery's small grids (:func:`graphs.tools.strategies.grid_args`: sides 0 .. 5),
    moved up into the limits (from 1 x 1) rather than filtered: the search makes the gallery's
    choices and shrinks to its minimal grids."""
    grids = functools.partial(
        grid_args, cells=len(limits.cells), min_side=1, side_limit=limits.max_side
    )
    if not limits.square:
        return grids
    return lambda: grids().map(top_left_square)


def grid(
    limits: GridLimits, families: tuple[Family, ...] | None = None, timing: Family | None = None
) -> Kind:
    """Grids of cells within ``limits``: small grids from 1 x 1 for shrinking, and the hard
    ladders up to the largest grid the limits allow.

    Parameters
    ----------
    limits : GridLimits
        The problem's constraints; ``len(limits.cells)`` canonical cell values.
    families, timing : optional
        The hard cases and the timing ladder. By default those of a land (1) and water (0)
        grid: all land, one long snake, a checkerboard, random half land; timed on all-land
        squares; their labels call a 1 cell by its name in ``limits.names``. A grid with
        other cells declares its own (:func:`ladder`).
    """
    sides = clip(GRID_SIDES, 1, limits.max_side)
    land = limits.names[-1]  # what a 1 cell is called: "땅", or 130's "O"
    all_land = f"모든 칸이 {land}인 정사각형 격자"
    if families is None:
        families = (
            # The gallery's ladder of all-land squares (1, 3, 10, 30, 100, 300), clipped.
            ladder(all_land, clip(SQUARE_SIDES, 1, limits.max_side), _land),
            ladder(f"{land} 칸이 한 줄로 구불구불 이어진 격자 (아주 긴 경로)", sides, _serpentine),
            ladder(f"체크무늬 (한 칸짜리 {land} 덩어리가 아주 많음)", sides, _checkerboard),
            ladder(f"{land} 칸이 반쯤인 무작위 격자", sides, _random_half),
        )
    if timing is None:
        low = min(math.ceil(math.sqrt(TIMING_FROM / 3)), limits.max_side)  # V + E ~ 3 k^2
        timing = ladder(all_land, timing_sizes(low, limits.max_side), _land)
    return Kind(
        name="grid",
        limits=limits,
        strategy=_small_grids(limits),
        families=families,
        timing=timing,
        size=_grid_size,
        draw=_draw_grid(limits),
    )


# ----------------------------------------------------------------------------- graphs


Build = Callable[[int, GraphLimits], list[list[int]]]  # (n, limits) -> pairs


def _graph_ladder(label: str, sizes: tuple[int, ...], build: Build, limits: GraphLimits) -> Family:
    """The inputs ``build`` makes at each size, keeping the sizes where they are within
    ``limits`` (a 2-node ring is a repeated edge when pairs are unordered ``a < b``)."""

    def inputs() -> list[dict[str, Any]]:
        made = [{"n": n, "edges": build(n, limits)} for n in sorted(sizes)]
        return [args for args in made if limits.violation(args) is None]

    return Family(label, inputs)


def _path(n: int, limits: GraphLimits) -> list[list[int]]:
    """``[i + 1, i]`` for each i: course i + 1 needs course i (``[i, i + 1]`` when ordered)."""
    return [limits.orient(i + 1, i) for i in range(n - 1)]


def _reversed_path(n: int, limits: GraphLimits) -> list[list[int]]:
    """The path with its nodes numbered from the other end: ``[n - 2, n - 1]`` first."""
    return [limits.orient(i, i + 1) for i in reversed(range(n - 1))]


def _few_edges(n: int, limits: GraphLimits) -> list[list[int]]:
    """As few pairs as the limits allow (none, or ``[0, 1]``...): the rest are isolated."""
    return [limits.orient(i + 1, i) for i in range(limits.min_pairs)]


def _doubled_path(n: int, limits: GraphLimits) -> list[list[int]]:
    return [pair for pair in _path(n, limits) for pair in (pair, list(pair))]


def _ring(n: int, limits: GraphLimits) -> list[list[int]]:
    return [*_path(n, limits), limits.orient(0, n - 1)]  # n = 1: the self-loop [0, 0]


def _dense(n: int, limits: GraphLimits) -> list[list[int]]:
    """About 2.5 n distinct random pairs ``[a, b]`` with ``a > b`` (acyclic either way), as many
    as the limits allow."""
    rng = random.Random(n)
    pairs: set[tuple[int, int]] = set()
    while len(pairs) < min(5 * n // 2, n * (n - 1) // 2, limits.capacity(n)):
        a, b = rng.randrange(n), rng.randrange(n)
        if a != b:
            pairs.add((max(a, b), min(a, b)))
    return [limits.orient(*p) for p in sorted(pairs, key=lambda p: rng.random())]


def _small_graphs(limits: GraphLimits) -> Callable[[], Any]:
    """The gallery's small graphs (:func:`graphs.tools.strategies.graph_args`: up to 6 nodes and
    8 pairs), built within ``limits``: 0 .. 6 nodes moved up to ``min_nodes`` (as the grids'
    sides), pairs drawn as the limits write them, distinct where repeats are not allowed."""
    return functools.partial(
        graph_args,
        min_nodes=limits.min_nodes,
        min_pairs=limits.min_pairs,
        capacity=limits.capacity,
        ordered=limits.ordered,
        self_loops=limits.self_loops,
        distinct=not limits.repeats,
    )


def _graph_size(args: dict[str, Any]) -> tuple[int, int]:
    return args["n"], len(args["edges"])


def _draw_graph(
    arrow: Callable[[int, int], str], first: int = 0
) -> Callable[[dict[str, Any]], list[str]]:
    """Draw a graph input as LeetCode numbers its nodes (from ``first``): the pairs as LeetCode
    gives them first, then one line a pair; where LeetCode counts from 1, the judge's own
    0-based pairs come last, labelled as such.

    Examples
    --------
    >>> draw = _draw_graph(lambda a, b: f"{a} - {b}", first=1)
    >>> draw({"n": 2, "edges": [[0, 1]]})
    ['정점 2개 (1 .. 2), 간선 1개: [[1, 2]]', '  1 - 2', '  (채점기 안에서 0부터 센 쌍: [[0, 1]])']
    """

    def draw(args: dict[str, Any]) -> list[str]:
        n, edges = args["n"], args["edges"]
        shown = [[a + first, b + first] for a, b in edges]
        own = [f"  (채점기 안에서 0부터 센 쌍: {json.dumps(edges)})"] if first else []
        if len(edges) <= MAX_DRAWN_EDGES:
            nodes = f"정점 {n}개 ({first} .. {n - 1 + first})" if n else "정점 0개"
            lines = [f"{nodes}, 간선 {len(edges)}개: {json.dumps(shown)}"]
            lines += ["  " + arrow(a, b) for a, b in shown]
            return lines + own
        head = json.dumps(shown[:MAX_DRAWN_EDGES])[:-1]
        return [f"정점 {n}개, 간선 {len(edges)}개: {head}, …] ({arrow(*shown[0])}, …)"]

    return draw


def graph(arrow: Callable[[int, int], str], limits: GraphLimits) -> Kind:
    """``n`` and a list of pairs within ``limits``: small graphs for shrinking and the hard
    ladders up to the largest graph the limits allow. ``arrow(a, b)`` writes one pair as the
    problem reads it, numbered as LeetCode numbers the nodes (from ``limits.first_node``).
    Repeated pairs are generated only where the limits allow them."""
    sizes = clip(GRAPH_SIZES, limits.min_nodes, limits.max_nodes)
    few = {0: "간선 없는", 1: "간선 하나 말고는"}.get(
        limits.min_pairs, f"간선 {limits.min_pairs}개 말고는"
    )
    families = [
        _graph_ladder("긴 경로 (깊이 n)", sizes, _path, limits),
        _graph_ladder("반대 방향 긴 경로", sizes, _reversed_path, limits),
        _graph_ladder(f"{few} 고립 정점들", sizes, _few_edges, limits),
    ]
    if limits.repeats:
        families.append(
            _graph_ladder("모든 간선이 두 번 나오는 경로", sizes, _doubled_path, limits)
        )
    big = clip(GRAPH_SIZES[4:], limits.min_nodes, limits.max_nodes)
    families += [
        _graph_ladder("큰 사이클 하나", sizes, _ring, limits),
        _graph_ladder("간선 2.5n개 무작위 그래프", big, _dense, limits),
    ]
    low = min(math.ceil(TIMING_FROM / 3.5), limits.max_nodes)  # V + E ~ 3.5 n
    timing = _graph_ladder(
        "간선 2.5n개 무작위 그래프", timing_sizes(low, limits.max_nodes), _dense, limits
    )
    return Kind(
        name="graph",
        limits=limits,
        strategy=_small_graphs(limits),
        families=tuple(families),
        timing=timing,
        size=_graph_size,
        draw=_draw_graph(arrow, limits.first_node),
    )
