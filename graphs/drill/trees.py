"""A third shape of drill input: a tree on ``1 .. n`` plus one extra edge (LeetCode 684).

LeetCode 684 passes only ``edges``: ``n == edges.length`` nodes numbered from 1, pairs written
``ai < bi``, no repeated edge, the graph connected. The canonical input is the solution's own
argument, ``{"edges": [[1, 2], [1, 3], [2, 3]]}`` (1-based, as LeetCode writes it).
:class:`TreePlusEdgeLimits` declares those constraints (their lines in LeetCode's words, what
the judge leaves out, whether an input is within them) and :func:`tree_plus_edge` the kind of
input: the small search draws from the gallery's strategy
(:func:`graphs.tools.strategies.tree_plus_edge_args`, so the judge shrinks to the gallery's
minimal input), and the hard ladders are built here, each clipped to the limits.

Examples
--------
>>> limits = TreePlusEdgeLimits(max_nodes=1000)
>>> limits.lines()[:2]
['n == edges.length', '3 <= n <= 1000']
>>> limits.violation({"edges": [[1, 2], [1, 3], [2, 3]]}) is None
True
>>> limits.violation({"edges": [[1, 2], [1, 2], [3, 4], [3, 4]]})
'edges[1] = [1, 2]: a repeated edge'
>>> path_closed(4)
[[1, 2], [2, 3], [3, 4], [1, 4]]
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from graphs.drill.kinds import MAX_DRAWN_EDGES, TIMING_FROM, Family, Kind, timing_sizes
from graphs.drill.limits import clip
from graphs.tools.strategies import tree_plus_edge_args

__all__ = [
    "TREE_SIZES",
    "TreePlusEdgeLimits",
    "closing_edge_first",
    "long_cycle",
    "pairs_then_chain",
    "path_closed",
    "random_tree_plus_edge",
    "star_plus_edge",
    "tree_plus_edge",
]

TREE_SIZES = (3, 10, 30, 100, 300, 1000)  # the ladders' n, clipped to the limits


@dataclass(frozen=True)
class TreePlusEdgeLimits:
    """``n == edges.length``, ``min_nodes <= n <= max_nodes``, pairs ``1 <= ai < bi <= n``,
    none repeated, the graph connected (a tree plus one edge).

    Parameters
    ----------
    max_nodes : int
        The largest ``n``.
    min_nodes : int, default 3
        The smallest ``n`` (LeetCode 684: 3).
    pairs : str, default "edges"
        LeetCode's name of the argument.
    """

    max_nodes: int
    min_nodes: int = 3
    pairs: str = "edges"

    def lines(self) -> list[str]:
        """The constraints in LeetCode's words, one per line."""
        e = self.pairs
        return [
            f"n == {e}.length",
            f"{self.min_nodes} <= n <= {self.max_nodes}",
            f"{e}[i].length == 2",
            f"1 <= ai < bi <= {e}.length",
            "ai != bi",
            "There are no repeated edges.",
            "The given graph is connected.",
        ]

    def lines_ko(self) -> list[str]:
        """The same constraints in Korean, one per line (inline code for the formulas)."""
        e = self.pairs
        return [
            f"정점은 1번부터 `n`번까지이고, 간선도 `n`개다(`n == {e}.length`, "
            f"`{self.min_nodes} <= n <= {self.max_nodes}`).",
            f"간선 `{e}[i]`는 두 정점 `[ai, bi]`이고 `1 <= ai < bi <= n`이다.",
            "같은 간선은 두 번 나오지 않는다.",
            "그래프는 모두 이어져 있다.",
        ]

    def notes(self) -> list[str]:
        """What the judge leaves out because of the constraints, in Korean."""
        return [
            f"가장 큰 입력은 정점 {self.max_nodes}개, 간선 {self.max_nodes}개다.",
            "중복 간선(같은 쌍이 두 번)과 자기 루프(`[a, a]`)는 제약 밖이라 만들지 않는다.",
            "쌍은 언제나 `ai < bi` 모양이고 정점 번호는 1부터다.",
            "끊긴 그래프는 만들지 않는다: 언제나 트리 하나에 간선 하나를 더한 모양이다.",
        ]

    def violation(self, args: dict[str, Any]) -> str | None:
        """None when ``{"edges": ...}`` is within the limits, else what is not."""
        edges, e = args[self.pairs], self.pairs
        n = len(edges)
        if not self.min_nodes <= n <= self.max_nodes:
            return f"n = {e}.length = {n}: expected {self.min_nodes} <= n <= {self.max_nodes}"
        parent = list(range(n + 1))
        seen: set[tuple[int, int]] = set()
        joined = 0
        for i, pair in enumerate(edges):
            where = f"{e}[{i}] = {pair}"
            if len(pair) != 2 or not all(type(x) is int for x in pair):
                return f"{where}: expected two int nodes"
            a, b = pair
            if not 1 <= a < b <= n:
                return f"{where}: expected 1 <= ai < bi <= {n}"
            if (a, b) in seen:
                return f"{where}: a repeated edge"
            seen.add((a, b))
            ra, rb = _root(parent, a), _root(parent, b)
            if ra != rb:
                parent[ra] = rb
                joined += 1
        if joined != n - 1:
            return f"{e}: the graph is not connected ({n - joined} pieces)"
        return None


def _root(parent: list[int], x: int) -> int:
    while parent[x] != x:
        parent[x] = x = parent[parent[x]]
    return x


def _written(pairs: list[tuple[int, int]]) -> list[list[int]]:
    return [[min(p), max(p)] for p in pairs]


def path_closed(n: int) -> list[list[int]]:
    """The path ``1 - 2 - ... - n`` in order, then ``[1, n]`` closing it: the answer is the
    last edge, and every edge is on the cycle."""
    return [*_written([(i, i + 1) for i in range(1, n)]), [1, n]]


def closing_edge_first(n: int) -> list[list[int]]:
    """``[1, n]`` first, then the path ``1 - ... - n``: the cycle closes on the path's last
    edge ``[n - 1, n]``, not on the edge that looks extra."""
    return [[1, n], *_written([(i, i + 1) for i in range(1, n)])]


def star_plus_edge(n: int) -> list[list[int]]:
    """A star around node 1 in a fixed shuffled order, and an edge between two leaves in the
    middle of the list: a triangle whose last edge is the later of two spokes or the extra."""
    rng = random.Random(684 + n)
    spokes = [(1, v) for v in range(2, n + 1)]
    rng.shuffle(spokes)
    a, b = sorted(rng.sample(range(2, n + 1), 2))
    at = len(spokes) // 2
    return _written([*spokes[:at], (a, b), *spokes[at:]])


def long_cycle(n: int) -> list[list[int]]:
    """A cycle through all ``n`` nodes, labels and order shuffled (a fixed seed per size):
    every edge can be removed, so only the input order decides."""
    rng = random.Random(6840 + n)
    ring = list(range(1, n + 1))
    rng.shuffle(ring)
    pairs = [(ring[i], ring[(i + 1) % n]) for i in range(n)]
    rng.shuffle(pairs)
    return _written(pairs)


def pairs_then_chain(n: int) -> list[list[int]]:
    """The path ``1 - ... - n`` given as pairs ``[1, 2], [3, 4], ...`` first, then the edges
    joining them ``[2, 3], [4, 5], ...``, then ``[1, n]`` closing it (the answer).

    The timing ladder: a solution that searches the graph built so far before each edge (the
    DFS approach, ``O(n^2)``) meets every join with both ends already present and explores the
    whole chain ``1 .. 2i`` before the next pair, ``2 + 4 + ... + n = Θ(n^2)`` steps in all,
    while union-find stays linear.

    Examples
    --------
    >>> pairs_then_chain(5)
    [[1, 2], [3, 4], [2, 3], [4, 5], [1, 5]]
    """
    pairs = [(i, i + 1) for i in range(1, n, 2)]
    joins = [(i, i + 1) for i in range(2, n, 2)]
    return [*_written([*pairs, *joins]), [1, n]]


def random_tree_plus_edge(n: int) -> list[list[int]]:
    """A random tree (each node hangs from a random earlier one, labels shuffled) plus a random
    extra edge, all in a shuffled order; a fixed seed per size."""
    rng = random.Random(68400 + n)
    label = [0, *rng.sample(range(1, n + 1), n)]
    pairs = [(label[rng.randrange(1, v)], label[v]) for v in range(2, n + 1)]
    present = {frozenset(p) for p in pairs}
    while True:
        a, b = rng.sample(range(1, n + 1), 2)
        if frozenset((a, b)) not in present:
            break
    pairs.append((a, b))
    rng.shuffle(pairs)
    return _written(pairs)


def _ladder(label: str, sizes: tuple[int, ...], build: Callable[[int], list[list[int]]],
            limits: TreePlusEdgeLimits) -> Family:  # fmt: skip
    """``build(n)`` at each size, keeping those within the limits, smallest first."""

    def inputs() -> list[dict[str, Any]]:
        made = [{limits.pairs: build(n)} for n in sorted(sizes)]
        return [args for args in made if limits.violation(args) is None]

    return Family(label, inputs)


def _draw(limits: TreePlusEdgeLimits) -> Callable[[dict[str, Any]], list[str]]:
    def draw(args: dict[str, Any]) -> list[str]:
        edges = args[limits.pairs]
        n = len(edges)
        if n <= MAX_DRAWN_EDGES:
            lines = [f"정점 {n}개 (1 .. {n}), 간선 {n}개: {json.dumps(edges)}"]
            return lines + [f"  {a} - {b}" for a, b in edges]
        shown = json.dumps(edges[:MAX_DRAWN_EDGES])[:-1]
        return [f"정점 {n}개 (1 .. {n}), 간선 {n}개: {shown}, …]"]

    return draw


def tree_plus_edge(limits: TreePlusEdgeLimits) -> Kind:
    """Trees on ``1 .. n`` plus one edge within ``limits``: the gallery's small ones for
    shrinking, and the hard ladders (a closed path, the closing edge first, a star, one long
    cycle, random trees) up to the largest ``n`` the limits allow."""
    sizes = clip(TREE_SIZES, limits.min_nodes, limits.max_nodes)
    families = (
        _ladder("경로 끝을 잇는 간선이 맨 뒤 (답은 마지막 간선)", sizes, path_closed, limits),
        _ladder("닫는 간선이 맨 앞 (답은 경로의 마지막 간선)", sizes, closing_edge_first, limits),
        _ladder("별 모양에 잎 둘을 잇는 간선 하나", sizes, star_plus_edge, limits),
        _ladder("모든 정점을 지나는 사이클 하나, 순서 섞음", sizes, long_cycle, limits),
        _ladder("무작위 트리에 간선 하나, 순서 섞음", sizes, random_tree_plus_edge, limits),
    )
    # V + E = 2n from about TIMING_FROM, or over a 10-fold range where LeetCode's n is small
    # (684: n <= 1000): a narrower range leaves even a quadratic solution's slope undecided.
    low = max(min(TIMING_FROM // 2, limits.max_nodes // 10), limits.min_nodes)
    timed = timing_sizes(low, limits.max_nodes)
    chained = "짝부터 잇고 사슬로 묶은 경로, 닫는 간선은 맨 뒤"
    timing = _ladder(chained, timed, pairs_then_chain, limits)
    return Kind(
        name="graph",
        limits=limits,
        strategy=functools.partial(tree_plus_edge_args, min_nodes=limits.min_nodes),
        families=families,
        timing=timing,
        size=lambda args: (len(args[limits.pairs]), len(args[limits.pairs])),
        draw=_draw(limits),
    )
