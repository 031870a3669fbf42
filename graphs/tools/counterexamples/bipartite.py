"""The pitfalls of two-colouring (LeetCode 785, 886), found by the gallery.

The inputs are the drills' canonical graphs ``{"n", "edges"}`` (0-based, distinct pairs
``a < b``), so the gallery's minimal input is the one the judge reports; each function is
called with the arguments LeetCode passes (an adjacency list for 785, 1-based dislikes for
886), built from it and recorded as ``called_with``: the pages show that form.
"""

from __future__ import annotations

from typing import Any

import graphs
from graphs import pitfalls
from graphs.tools.counterexamples import declare
from graphs.tools.strategies import graph_args


def _simple_graphs() -> Any:
    """The gallery's small graphs with distinct pairs ``a < b`` and at least one node."""
    return graph_args(min_nodes=1, ordered=True, self_loops=False, distinct=True)


def adjacency_lists(n: int, edges: list[list[int]]) -> list[list[int]]:
    """LeetCode 785's symmetric neighbour lists of ``n`` nodes and distinct pairs ``a < b``."""
    graph: list[list[int]] = [[] for _ in range(n)]
    for a, b in edges:
        graph[a].append(b)
        graph[b].append(a)
    return graph


def graph_of(args: dict[str, Any]) -> dict[str, Any]:
    """LeetCode 785's argument for a canonical graph: ``{"graph": neighbour lists}``."""
    return {"graph": adjacency_lists(args["n"], args["edges"])}


def dislikes_of(args: dict[str, Any]) -> dict[str, Any]:
    """LeetCode 886's arguments for a canonical graph: ``n`` and 1-based ``dislikes``."""
    return {"n": args["n"], "dislikes": [[a + 1, b + 1] for a, b in args["edges"]]}


BIPARTITE_FROM_NODE_ZERO = declare(
    mistake="two-colouring by BFS from node 0 only",
    what_goes_wrong=(
        "The graph may be disconnected: an odd cycle in a component without node 0 is never "
        "coloured, so a graph that is not bipartite is reported bipartite."
    ),
    wrong=pitfalls.is_bipartite_from_node_zero,
    correct=graphs.is_bipartite,
    strategy=_simple_graphs,
    called_with=graph_of,
    classic={"n": 4, "edges": [[1, 2], [1, 3], [2, 3]]},
)

BIPARTITION_UNCHECKED_SEEN = declare(
    mistake="a conflict checked only when a neighbour is first coloured",
    what_goes_wrong=(
        "A neighbour just given the other colour never conflicts; the odd cycle shows only on "
        "an edge to a neighbour already coloured, which this never checks, so it always says "
        "True."
    ),
    wrong=pitfalls.possible_bipartition_unchecked_seen,
    correct=graphs.possible_bipartition,
    strategy=_simple_graphs,
    called_with=dislikes_of,
    classic={"n": 3, "edges": [[0, 1], [0, 2], [1, 2]]},
)
