"""The pitfalls of the redundant connection (LeetCode 684), found by the gallery.

The inputs are the drill's canonical ones, LeetCode's own argument ``{"edges": [[1, 2], ...]}``
(a tree on ``1 .. n`` plus one edge, pairs ``a < b``), drawn by
:func:`graphs.tools.strategies.tree_plus_edge_args`, so the gallery's minimal input is the one
the judge reports.
"""

from __future__ import annotations

import graphs
from graphs import pitfalls
from graphs.tools.counterexamples import declare
from graphs.tools.strategies import tree_plus_edge_args

REDUNDANT_FIRST_ON_CYCLE = declare(
    mistake="the cycle found, then its first edge in the input returned instead of its last",
    what_goes_wrong=(
        "Every edge of the one cycle can be removed, and LeetCode asks for the one that comes "
        "last in the input; a cycle has at least three edges, so the first one is never it."
    ),
    wrong=pitfalls.find_redundant_connection_first_on_cycle,
    correct=graphs.find_redundant_connection,
    strategy=tree_plus_edge_args,
    classic={"edges": [[1, 2], [2, 3], [3, 4], [1, 4], [1, 5]]},
)

REDUNDANT_PARENT_COMPARE = declare(
    mistake="union-find without find: parents compared and copied instead of roots",
    what_goes_wrong=(
        "Two nodes of one set may point at different parents, so the edge that closes the "
        "cycle is not seen (an empty answer or a later edge comes back); both LeetCode "
        "examples pass, since there every set is a star around its first node."
    ),
    wrong=pitfalls.find_redundant_connection_parent_compare,
    correct=graphs.find_redundant_connection,
    strategy=tree_plus_edge_args,
    classic={"edges": [[1, 2], [3, 4], [2, 3], [1, 4]]},
)
