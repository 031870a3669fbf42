"""The graph pitfall gallery's declarations: each deliberately wrong variant in
:mod:`graphs.pitfalls`, its correct counterpart, where to search and a familiar example.

Run ``python -m graphs.tools.counterexamples [--out docs/results] [--check] [--quiet]``: the
gallery engine (:mod:`house.gallery`, shared with ``python -m mha.tools.counterexamples``)
has hypothesis find a small input on which each wrong variant disagrees with the correct
function, records it with both outcomes and a hand-picked "classic" input (the diamond, a 300 x
300 island, ...) in ``graphs_pitfalls.json`` for the site. ``--check`` writes nothing and exits 1
when the file differs from a fresh search under the installed hypothesis (another version cannot
be compared: exit 0, saying so).

Each pitfall is a :class:`~house.pitfall.Pitfall` constant: the first day's below, each
later topic's in a module of this package (``graphs/tools/counterexamples/<topic>.py``, made
with :func:`declare`); the package gathers the modules' constants and the engine finds them (no
list names them). Its counterexample appears wherever a page includes
``docs/generated/graphs/pitfalls/<name>.md`` (the page of the correct function; a test checks
that pairing and that the page explains the mistake in its own words). The search inputs come
from the strategies the drill's judge uses too (:mod:`graphs.tools.strategies`), so the judge
shrinks to these minimal inputs. Needs ``hypothesis``.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from collections.abc import Callable
from typing import Any

import graphs
from graphs import pitfalls
from graphs.tools.strategies import adjacency_args, graph_args, grid_args, square_land_args
from house import gallery
from house.pitfall import Pitfall

__all__ = [
    "BFS_MARK_ON_DEQUEUE",
    "COMPONENTS_FROM_EDGES",
    "CYCLE_SINGLE_FLAG",
    "ISLANDS_RECURSIVE",
    "ISLANDS_WRAPAROUND",
    "KAHN_WITHOUT_COUNT_CHECK",
    "MAX_AREA_MARK_ON_POP",
    "MAX_EXAMPLES",
    "PITFALLS",
    "RESULT_NAME",
    "VERSIONS",
    "declare",
    "outcome",
]

RESULT_NAME = "graphs_pitfalls.json"
MAX_EXAMPLES = 1000  # the drill's judge searches as many (graphs.drill.judge)
VERSIONS = ("hypothesis",)  # the shrinker: the answers are exact


def outcome(func: Callable[..., Any], args: dict[str, Any]) -> dict[str, Any]:
    """What ``func(**args)`` returns or raises, as JSON.

    Examples
    --------
    >>> outcome(graphs.topological_sort_kahn, {"n": 2, "edges": [[0, 1], [1, 0]]})
    {'raises': 'CycleError', 'cycle': [0, 1, 0]}
    """
    try:
        value = func(**args)
    except graphs.CycleError as err:
        return {"raises": "CycleError", "cycle": err.cycle}
    except RecursionError:
        return {"raises": "RecursionError"}
    if isinstance(value, list):
        return {"returns": list(value)}
    return {"returns": value}


def _has_cycle(n: int, edges: list[list[int]]) -> bool:
    """The yes/no question the wrong variant answers, asked of the three-colour DFS."""
    try:
        graphs.topological_sort_dfs(n, edges)
    except graphs.CycleError:
        return True
    return False


def _square_summary(args: dict[str, Any]) -> dict[str, Any]:
    """An all-land square as its size (a 300 x 300 grid is not written out)."""
    k = len(args["grid"])
    return {"grid": f"{k} x {k}, every cell 1", "rows": k, "cols": k, "fill": 1}


def declare(*, correct: Callable[..., Any], ask: Callable[..., Any] | None = None,
             **fields: Any) -> Pitfall:  # fmt: skip
    """A pitfall of a graph function: keyword-argument inputs, its outcome as :func:`outcome`,
    the right function named as exported by ``graphs`` (``ask``: the same question asked of it,
    when it answers another one)."""
    return Pitfall(correct=ask or correct, correct_function=f"graphs.{correct.__name__}",
                   outcome=outcome, **fields)  # fmt: skip


# ----------------------------------------------------------------------------- the pitfalls


BFS_MARK_ON_DEQUEUE = declare(
    mistake="BFS marks a node visited when it is dequeued instead of when it is enqueued",
    what_goes_wrong=(
        "A node reached twice before it is dequeued enters the queue twice and is "
        "visited twice; on dense graphs the queue grows to O(E)."
    ),
    wrong=pitfalls.bfs_order_mark_on_dequeue,
    correct=graphs.bfs_order,
    strategy=adjacency_args,
    classic={"adj": [[1, 2], [3], [3], []], "start": 0},
)

ISLANDS_RECURSIVE = declare(
    mistake="recursive flood fill (one Python frame per cell of the island)",
    what_goes_wrong=(
        "Correct on small grids, but an island of k cells can need recursion depth near k; "
        "Python's default limit is 1000 frames, so a big all-land grid raises RecursionError."
    ),
    wrong=pitfalls.num_islands_recursive,
    correct=graphs.num_islands,
    strategy=square_land_args,
    classic={"grid": [[1] * 300 for _ in range(300)]},
    describe=_square_summary,
)

ISLANDS_WRAPAROUND = declare(
    mistake="bounds check by catching IndexError: r - 1 == -1 silently means the last row",
    what_goes_wrong=(
        "Cells on opposite borders count as neighbours (Python's negative indices wrap "
        "around), so separate islands merge."
    ),
    wrong=pitfalls.num_islands_wraparound,
    correct=graphs.num_islands,
    strategy=grid_args,
    classic={"grid": [[1, 0, 0], [0, 0, 0], [1, 0, 0]]},
)

MAX_AREA_MARK_ON_POP = declare(
    mistake="island area counted per pop, with cells marked visited when popped, not pushed",
    what_goes_wrong=(
        "A cell waiting on the stack is still unmarked, so a second neighbour pushes it again "
        "and each copy is counted: any island with a cycle of cells (a 2 x 2 block) is "
        "counted too big."
    ),
    wrong=pitfalls.max_area_mark_on_pop,
    correct=graphs.max_area_of_island,
    strategy=grid_args,
    classic={"grid": [[1, 1, 1], [1, 1, 1], [1, 1, 1]]},
)

CYCLE_SINGLE_FLAG = declare(
    mistake="directed cycle detection with one visited flag instead of three colours",
    what_goes_wrong=(
        "Meeting any visited node is taken as a cycle, but a node finished earlier (a shared "
        "descendant as in a diamond, or a node from an earlier search) is not on the "
        "current path: a false cycle on a DAG."
    ),
    wrong=pitfalls.has_cycle_single_flag,
    correct=graphs.topological_sort_dfs,
    ask=_has_cycle,
    strategy=graph_args,
    classic={"n": 4, "edges": [[0, 1], [0, 2], [1, 3], [2, 3]]},  # the diamond
)

COMPONENTS_FROM_EDGES = declare(
    mistake="components counted over the nodes that appear in edges",
    what_goes_wrong="Isolated nodes are never seen, so they are not counted as components.",
    wrong=pitfalls.count_components_from_edges,
    correct=graphs.count_components,
    strategy=graph_args,
    classic={"n": 5, "edges": [[0, 1], [1, 2]]},
)

KAHN_WITHOUT_COUNT_CHECK = declare(
    mistake="Kahn's algorithm without the processed-count check",
    what_goes_wrong=(
        "Nodes on (or behind) a cycle never reach in-degree 0; without comparing the "
        "number processed with n, a partial order is returned as if it were complete."
    ),
    wrong=pitfalls.kahn_without_count_check,
    correct=graphs.topological_sort_kahn,
    strategy=graph_args,
    classic={"n": 4, "edges": [[0, 1], [1, 2], [2, 1], [2, 3]]},
)


def _gather_topics() -> None:
    """Bring every topic module's ``Pitfall`` constants into this package, module by module in
    name order, so the engine (which reads this module's constants) finds them too."""
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        for name, value in vars(module).items():
            if isinstance(value, Pitfall):
                if name in globals():
                    raise ValueError(f"{__name__}: {name} is declared twice")
                globals()[name] = value


_gather_topics()
PITFALLS: tuple[Pitfall, ...] = tuple(gallery.declared(sys.modules[__name__]))  # found, not listed
