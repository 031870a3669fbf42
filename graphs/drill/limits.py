# ruff: noqa: E501  (Korean constraint lines: wide characters make the lines look long)
"""LeetCode's constraints on a problem's input, declared next to its drill.

A judge of LeetCode solutions judges them on LeetCode's input space: a solution that reads
``len(grid[0])`` is right, because LeetCode promises ``1 <= m, n``. Each drill module declares
its problem's constraints as a :class:`GridLimits` or :class:`GraphLimits`, and everything the
judge generates (the small hypothesis search, the hard ladders, the examples) is *built* within
them: sides from 1, pairs drawn as ``a < b`` where LeetCode says ``0 <= ai <= bi < n`` and
``ai != bi``, unique lists where pairs are distinct, ladders clipped to the limits. The same
declaration prints the constraints in LeetCode's own words (``start``, the drill page).

Examples
--------
>>> limits = GraphLimits(nodes="n", pairs="edges", max_nodes=2000, min_pairs=1,
...                      max_pairs=5000, ordered=True, self_loops=False)
>>> limits.lines()[:2]
['1 <= n <= 2000', '1 <= edges.length <= 5000']
>>> limits.min_nodes, limits.capacity(3)
(2, 3)
>>> limits.violation({"n": 3, "edges": [[1, 0]]})
'edges[0] = [1, 0]: expected 0 <= ai <= bi < n'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["GraphLimits", "GridLimits", "clip"]


def clip(ladder: tuple[int, ...], low: int, high: int) -> tuple[int, ...]:
    """A ladder of sizes moved into ``[low, high]``: sizes above ``high`` become ``high``.

    Examples
    --------
    >>> clip((1, 3, 10, 30, 100, 300), 1, 50)
    (1, 3, 10, 30, 50)
    >>> clip((1, 3, 10), 2, 2000)
    (2, 3, 10)
    """
    return tuple(sorted({min(max(size, low), high) for size in ladder}))


@dataclass(frozen=True)
class GridLimits:
    """``1 <= m, n <= max_side`` and each cell one of ``cells``.

    Parameters
    ----------
    max_side : int
        The largest number of rows and of columns.
    cells : tuple
        LeetCode's cell values, canonical value first: ``("0", "1")`` (200), ``(0, 1)`` (695),
        ``(0, 1, 2)`` (994). The judge's canonical grids hold ``0 .. len(cells) - 1``.
    names : tuple of str
        What each value stands for, in Korean (shown beside a drawn grid).
    name : str, default "grid"
        LeetCode's name of the argument, as its constraint lines write it.
    square : bool, default False
        ``n x n`` grids only (1091: ``n == grid.length == grid[i].length``).

    Examples
    --------
    >>> oranges = GridLimits(max_side=10, cells=(0, 1, 2), names=("빈 칸", "신선", "썩음"))
    >>> oranges.lines()[-1], oranges.to_leetcode([[2, 1]])
    ('grid[i][j] is 0, 1, or 2', [[2, 1]])
    """

    max_side: int
    cells: tuple[Any, ...]
    names: tuple[str, ...] = ("물", "땅")
    name: str = "grid"  # LeetCode's name of the argument (130 calls it "board")
    square: bool = False

    def __post_init__(self) -> None:
        if len(self.cells) < 2 or len(self.names) != len(self.cells):
            raise ValueError(
                f"cells, names: expected two or more values and a name for each, got"
                f" {self.cells!r} and {self.names!r}"
            )

    def lines(self) -> list[str]:
        """The constraints in LeetCode's words, one per line."""
        values = [repr(cell) for cell in self.cells]
        if len(values) == 2:
            which = " or ".join(values)
        else:
            which = ", ".join(values[:-1]) + f", or {values[-1]}"
        if self.square:
            sides = [
                f"n == {self.name}.length",
                f"n == {self.name}[i].length",
                f"1 <= n <= {self.max_side}",
            ]
        else:
            sides = [
                f"m == {self.name}.length",
                f"n == {self.name}[i].length",
                f"1 <= m, n <= {self.max_side}",
            ]
        return [*sides, f"{self.name}[i][j] is {which}"]

    def lines_ko(self) -> list[str]:
        """The same constraints in Korean, one per line (inline code for the formulas).

        Examples
        --------
        >>> GridLimits(max_side=10, cells=(0, 1, 2), names=("빈 칸", "신선", "썩음")).lines_ko()
        ['격자 `grid`는 `m`행 `n`열이고, `1 <= m, n <= 10`이다.', '칸의 값은 `0`(빈 칸), `1`(신선), `2`(썩음) 중 하나다.']
        """
        if self.square:
            sides = f"격자 `{self.name}`는 `n` × `n` 정사각형이고, `1 <= n <= {self.max_side}`이다."
        else:
            sides = f"격자 `{self.name}`는 `m`행 `n`열이고, `1 <= m, n <= {self.max_side}`이다."
        values = ", ".join(f"`{cell!r}`" + ("" if name == str(cell) else f"({name})")
                           for cell, name in zip(self.cells, self.names, strict=True))  # fmt: skip
        return [sides, f"칸의 값은 {values} 중 하나다."]

    def notes(self) -> list[str]:
        """What the judge leaves out because of the constraints, in Korean."""
        side = self.max_side
        return [
            f"가장 큰 입력은 {side} × {side} 격자다.",
            "빈 격자(`[]`, `[[]]`)는 제약 밖이라 만들지 않는다.",
        ]

    def to_leetcode(self, grid: list[list[int]]) -> list[list[Any]]:
        """A canonical grid with LeetCode's cell values (a new list: the input is not shared)."""
        return [[self.cells[c] for c in row] for row in grid]

    def violation(self, args: dict[str, Any]) -> str | None:
        """None when a canonical input (``{"grid": int cells}``) is within the limits, else
        what is not. An input that keeps LeetCode's own cells under the argument's name
        (``{"board": [["X", "O"]]}``, 130) is read as that canonical grid."""
        if "grid" in args:
            grid = args["grid"]
        else:
            index = {cell: i for i, cell in enumerate(self.cells)}
            grid = [[index.get(cell, cell) for cell in row] for row in args[self.name]]
        if not 1 <= len(grid) <= self.max_side:
            return f"m = {len(grid)}: expected 1 <= m <= {self.max_side}"
        width = len(grid[0])
        if not 1 <= width <= self.max_side:
            return f"n = {width}: expected 1 <= n <= {self.max_side}"
        if self.square and width != len(grid):
            return f"{len(grid)} x {width}: expected a square n x n grid"
        allowed = range(len(self.cells))
        for r, row in enumerate(grid):
            if len(row) != width:
                return f"grid[{r}] has {len(row)} cells: expected n = {width}"
            if any(isinstance(cell, bool) or cell not in allowed for cell in row):
                return f"grid[{r}] = {row}: expected cells in 0 .. {len(self.cells) - 1}"
        return None


@dataclass(frozen=True)
class GraphLimits:
    """``1 <= nodes <= max_nodes`` and a list of pairs ``[ai, bi]`` of nodes.

    Parameters
    ----------
    nodes, pairs : str
        LeetCode's names of the two arguments (``"n"``, ``"edges"``).
    max_nodes : int
        The largest node count.
    min_pairs : int
        The smallest ``pairs.length``.
    max_pairs : int or None
        The largest ``pairs.length``; None for ``nodes * (nodes - 1)``.
    ordered : bool
        ``0 <= ai <= bi < nodes`` (else ``0 <= ai, bi < nodes``).
    self_loops : bool
        Whether ``ai == bi`` may occur (else LeetCode says ``ai != bi``).
    repeats : bool
        Whether a pair may occur twice (none of the problems allows it).
    """

    nodes: str
    pairs: str
    max_nodes: int
    min_pairs: int
    max_pairs: int | None
    ordered: bool
    self_loops: bool
    repeats: bool = False
    first_node: int = 0  # LeetCode numbers nodes from 1 in some problems (886)

    def lines(self) -> list[str]:
        """The constraints in LeetCode's words, one per line."""
        n, pairs = self.nodes, self.pairs
        most = self.max_pairs if self.max_pairs is not None else f"{n} * ({n} - 1)"
        lines = [
            f"1 <= {n} <= {self.max_nodes}",
            f"{self.min_pairs} <= {pairs}.length <= {most}",
            f"{pairs}[i].length == 2",
            f"0 <= ai <= bi < {n}" if self.ordered else f"0 <= ai, bi < {n}",
        ]
        if self.first_node:  # canonical pairs stay 0-based; LeetCode's are shifted
            top = f"{n} - 1 + {self.first_node}" if self.first_node != 1 else n
            lines[3] = (f"{self.first_node} <= ai <= bi <= {top}" if self.ordered
                        else f"{self.first_node} <= ai, bi <= {top}")  # fmt: skip
        if not self.self_loops:
            lines.append("ai != bi")
        if not self.repeats:
            lines.append(f"All the pairs {pairs}[i] are distinct")
        return lines

    def lines_ko(self) -> list[str]:
        """The same constraints in Korean, one per line (inline code for the formulas).

        Examples
        --------
        >>> GraphLimits(nodes="n", pairs="edges", max_nodes=2000, min_pairs=1, max_pairs=5000,
        ...             ordered=True, self_loops=False).lines_ko()[:2]
        ['정점은 `n`개(0번부터 `n - 1`번까지)이고, `1 <= n <= 2000`이다.', '쌍 목록 `edges`의 길이는 1 이상 5000 이하다.']
        """
        n, pairs = self.nodes, self.pairs
        first = self.first_node
        last = f"{n} - 1" if not first else (n if first == 1 else f"{n} - 1 + {first}")
        most = self.max_pairs if self.max_pairs is not None else f"`{n} * ({n} - 1)`"
        pair = "`ai <= bi`인 " if self.ordered else ""
        lines = [
            f"정점은 `{n}`개({first}번부터 `{last}`번까지)이고, `1 <= {n} <= {self.max_nodes}`이다.",
            f"쌍 목록 `{pairs}`의 길이는 {self.min_pairs} 이상 {most} 이하다.",
            f"쌍 `{pairs}[i]`는 {pair}두 정점 `[ai, bi]`다.",
        ]
        if not self.self_loops:
            lines.append("`ai != bi`: 정점을 자기 자신과 잇는 쌍은 없다.")
        if not self.repeats:
            lines.append("같은 쌍은 두 번 나오지 않는다.")
        return lines

    def notes(self) -> list[str]:
        """What the judge leaves out because of the constraints, in Korean."""
        notes = [f"가장 큰 입력은 정점 {self.max_nodes}개다."]
        if not self.repeats:
            notes.append("중복 간선(같은 쌍이 두 번)은 제약 밖이라 만들지 않는다.")
        if not self.self_loops:
            notes.append("자기 루프(`[a, a]`)도 제약 밖이라 만들지 않는다.")
        else:
            notes.append("자기 루프(`[a, a]`)는 제약 안이라 나온다.")
        if self.ordered:
            notes.append("쌍은 언제나 `ai < bi` 모양으로 나온다.")
        if self.min_pairs:
            few = "없는" if self.min_pairs == 1 else f"{self.min_pairs}개보다 적은"
            notes.append(f"간선이 {few} 그래프는 만들지 않는다 (고립 정점은 간선과 함께 나온다).")
        return notes

    def capacity(self, n: int) -> int:
        """The most pairs an input with ``n`` nodes may have."""
        most = self.max_pairs if self.max_pairs is not None else n * (n - 1)
        if self.repeats:
            return most
        distinct = n * (n - 1) // (2 if self.ordered else 1) + (n if self.self_loops else 0)
        return min(most, distinct)

    @property
    def min_nodes(self) -> int:
        """The fewest nodes that leave room for ``min_pairs`` pairs."""
        n = 1
        while self.capacity(n) < self.min_pairs:
            n += 1
        return n

    def orient(self, a: int, b: int) -> list[int]:
        """The pair ``[a, b]`` as the limits write it (``[min, max]`` when ordered)."""
        return [min(a, b), max(a, b)] if self.ordered else [a, b]

    def violation(self, args: dict[str, Any]) -> str | None:
        """None when a canonical input (``{"n": ..., "edges": ...}``) is within the limits,
        else what is not."""
        n, edges = args["n"], args["edges"]
        name, pairs = self.nodes, self.pairs
        if not 1 <= n <= self.max_nodes:
            return f"{name} = {n}: expected 1 <= {name} <= {self.max_nodes}"
        if not self.min_pairs <= len(edges) <= self.capacity(n):
            return f"{pairs}.length = {len(edges)}: expected {self.min_pairs} .. {self.capacity(n)}"
        seen: set[tuple[int, ...]] = set()
        for i, pair in enumerate(edges):
            where = f"{pairs}[{i}] = {pair}"
            if len(pair) != 2 or not all(0 <= x < n for x in pair):
                return f"{where}: expected two nodes in 0 .. {n - 1}"
            a, b = pair
            if self.ordered and a > b:
                return f"{where}: expected 0 <= ai <= bi < {name}"
            if not self.self_loops and a == b:
                return f"{where}: expected ai != bi"
            if not self.repeats and tuple(pair) in seen:
                return f"{where}: a repeated pair"
            seen.add(tuple(pair))
        return None
