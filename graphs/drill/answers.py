"""How the drills compare answers and compute them with networkx (the independent oracle)."""

from __future__ import annotations

import json
import math
import numbers
from typing import Any

from graphs.drill.korean import particle, with_particle

__all__ = [
    "leetcode_text",
    "nx_components",
    "nx_courses_possible",
    "nx_island_sizes",
    "same_bool",
    "same_int",
    "stand_in",
    "valid_order",
]


def leetcode_text(value: Any) -> str:
    """A value as LeetCode's Output box writes it: ``true``/``false``, ``null``, strings in
    double quotes, lists without spaces (``[[1,2],[3,4]]``). What is not plain data (an object
    the runner could not send as data, :func:`stand_in`) keeps its ``repr``.

    Parameters
    ----------
    value : object
        An answer or an expected answer.

    Returns
    -------
    str
        The text LeetCode would show.

    Examples
    --------
    >>> leetcode_text(True), leetcode_text([0, 1]), leetcode_text([["X", "O"]]), leetcode_text(None)
    ('true', '[0,1]', '[["X","O"]]', 'null')
    >>> leetcode_text(3.0), leetcode_text((1, False))
    ('3.0', '[1,false]')
    """

    def plain(v: Any) -> Any:
        if v is None or isinstance(v, bool | str):
            return v
        if isinstance(v, numbers.Integral):
            return int(v)
        if isinstance(v, float) and math.isfinite(v):
            return v
        if isinstance(v, list | tuple):
            return [plain(item) for item in v]
        raise TypeError  # not plain data: shown as Python shows it

    try:
        return json.dumps(plain(value), separators=(",", ":"), ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        return repr(value)


def _returned(actual: Any) -> str:
    """``"<type> <value>를(을)"`` for a wrong type of answer: its Python type and its text."""
    return with_particle(f"{type(actual).__name__} {leetcode_text(actual)}", "을")


def same_int(args: dict[str, Any], expected: int, actual: Any) -> str | None:
    """None when ``actual`` is the int ``expected``; else what is wrong, in Korean.

    Examples
    --------
    >>> same_int({}, 3, 2)
    '답이 틀렸다: 기대 3, 받은 답 2'
    >>> same_int({}, 1, True)
    '정수를 돌려줘야 하는데 bool true를 돌려줬다'
    """
    if isinstance(actual, bool) or not isinstance(actual, numbers.Integral):  # numpy ints too
        return f"정수를 돌려줘야 하는데 {_returned(actual)} 돌려줬다"
    if actual != expected:
        return f"답이 틀렸다: 기대 {expected}, 받은 답 {actual}"
    return None


def same_bool(args: dict[str, Any], expected: bool, actual: Any) -> str | None:
    """None when ``actual`` is the bool ``expected``; else what is wrong, in Korean, with the
    values spelled as LeetCode spells them.

    Examples
    --------
    >>> same_bool({}, True, False)
    '답이 틀렸다: 기대 true, 받은 답 false'
    >>> same_bool({}, False, 0)
    'bool(true/false)을 돌려줘야 하는데 int 0을 돌려줬다'
    """
    if not isinstance(actual, bool):
        return f"bool(true/false)을 돌려줘야 하는데 {_returned(actual)} 돌려줬다"
    if actual != expected:
        return f"답이 틀렸다: 기대 {leetcode_text(expected)}, 받은 답 {leetcode_text(actual)}"
    return None


def valid_order(args: dict[str, Any], expected: list[int], actual: Any) -> str | None:
    """LeetCode 210: any order that respects every pair is right; ``[]`` exactly on a cycle.

    ``expected`` is the project's answer: ``[]`` means there is a cycle (or no course at all).
    """
    n, pairs = args["n"], args["edges"]
    if not isinstance(actual, list) or not all(
        isinstance(x, int) and not isinstance(x, bool) for x in actual
    ):
        shown = with_particle(leetcode_text(actual), "을")
        return f"정수 리스트를 돌려줘야 하는데 {shown} 돌려줬다"
    if not expected:
        if actual:
            shown = with_particle(leetcode_text(actual), "을")
            return f"사이클이 있어 []이어야 하는데 {shown} 돌려줬다 (일부만 정렬된 순서)"
        return None
    if sorted(actual) != list(range(n)):
        missing = sorted(set(range(n)) - set(actual))
        extra = len(actual) - len(set(actual))
        what = f"빠진 과목 {missing[:5]}" if missing else ""
        what += (", " if what and extra else "") + (f"중복 {extra}개" if extra else "")
        last = with_particle(n - 1, "이")
        return f"모든 과목 0..{last} 정확히 한 번씩 나와야 한다: {what or leetcode_text(actual)}"
    position = {course: i for i, course in enumerate(actual)}
    for a, b in pairs:
        if position[b] > position[a]:
            return (
                f"[{a}, {b}]{particle(b, '는')} {b}{particle(b, '을')} {a}보다 먼저 들어야 한다는"
                f" 뜻인데 순서에서 {a}{particle(a, '이')} 먼저 나온다"
            )
    return None


def nx_island_sizes(grid: list[list[int]]) -> list[int]:
    """Sizes of the 4-connected land components, with networkx."""
    import networkx as nx

    g = nx.Graph()
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if cell:
                g.add_node((r, c))
                if r and grid[r - 1][c]:
                    g.add_edge((r, c), (r - 1, c))
                if c and row[c - 1]:
                    g.add_edge((r, c), (r, c - 1))
    return [len(comp) for comp in nx.connected_components(g)]


def nx_components(n: int, edges: list[list[int]]) -> int:
    import networkx as nx

    g = nx.Graph()
    g.add_nodes_from(range(n))
    g.add_edges_from(map(tuple, edges))
    return nx.number_connected_components(g)


def nx_courses_possible(n: int, pairs: list[list[int]]) -> bool:
    """Whether the prerequisite graph ``b -> a`` (for each pair ``[a, b]``) is acyclic."""
    import networkx as nx

    g = nx.DiGraph()
    g.add_nodes_from(range(n))
    g.add_edges_from((b, a) for a, b in pairs)
    return nx.is_directed_acyclic_graph(g)


def stand_in(value: Any) -> Any:
    """An answer the runner could not send as plain data, as an object of its type's name."""
    if isinstance(value, dict) and "__type__" in value:
        shown = str(value.get("__repr__", "?"))
        return type(str(value["__type__"]), (), {"__repr__": lambda self: shown})()
    return value
