"""The graph drills: BFS/DFS, components, islands, oranges, toposort, borders, bipartite, paths.

Every public function validates its input at the entry, never mutates it, runs in linear time
(``O(V + E)``; union-find adds an inverse-Ackermann factor, at most 4 in practice) and never
recurses (so long paths and big grids are fine); its study record, in Korean, is in
:mod:`graphs.records`. :mod:`graphs.pitfalls` holds the
deliberately wrong variants. The tools live in :mod:`graphs.tools` (no solution imports them):
``python -m graphs.tools.bench`` measures the scaling against networkx and a reference per
problem (scipy's C code; the pure-Python :mod:`graphlib` for the topological sort);
``python -m graphs.tools.counterexamples`` records the pitfalls' failing inputs.

``graphs`` does not import ``mha`` (and ``mha`` does not import ``graphs``).
"""

from graphs.bipartite import is_bipartite, possible_bipartition
from graphs.borders import capture_surrounded, num_enclaves
from graphs.components import connected_components, count_components
from graphs.courses import can_finish, find_order
from graphs.grid_paths import shortest_path_binary_matrix
from graphs.islands import max_area_of_island, num_islands
from graphs.oranges import oranges_rotting
from graphs.toposort import (
    CycleError,
    topological_sort,
    topological_sort_dfs,
    topological_sort_kahn,
)
from graphs.traversal import bfs_order, dfs_order, shortest_path_lengths
from graphs.union_find import find_redundant_connection

__all__ = [
    "CycleError",
    "bfs_order",
    "can_finish",
    "capture_surrounded",
    "connected_components",
    "count_components",
    "dfs_order",
    "find_order",
    "find_redundant_connection",
    "is_bipartite",
    "max_area_of_island",
    "num_enclaves",
    "num_islands",
    "oranges_rotting",
    "possible_bipartition",
    "shortest_path_binary_matrix",
    "shortest_path_lengths",
    "topological_sort",
    "topological_sort_dfs",
    "topological_sort_kahn",
]
