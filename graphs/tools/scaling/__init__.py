"""The benchmark's problems: each drill timed, its random inputs, and its two peers.

:mod:`graphs.tools.bench` times every :class:`Problem` declared here against networkx and a
reference implementation, in one process. Peers (graph building is timed for everyone, since
our functions build theirs too):

=============  ==========================================  =========================================
problem        networkx                                    reference
=============  ==========================================  =========================================
components     ``Graph`` + ``number_connected_components``  ``scipy.sparse.csgraph`` (C)
bfs            ``DiGraph`` + ``single_source_shortest...``  ``csgraph.breadth_first_order`` (C)
toposort       ``DiGraph`` + ``topological_sort``           ``graphlib.TopologicalSorter`` (*pure
                                                            Python*, the standard library's peer)
islands        ``Graph`` of land cells + components         ``scipy.ndimage.label`` (C)
max_area       ``Graph`` of land cells + largest component  ``ndimage.label`` + ``numpy.bincount``
                                                            (C)
=============  ==========================================  =========================================

Each problem is one :class:`Problem` constant, declared next to its inputs and peers, and
:func:`problems` finds them; the site shows a problem's results on the page that includes
``docs/generated/graphs/scaling/<name>.md``. The first day's problems are declared here; each
later topic's in its own module of this package (``graphs/tools/scaling/<topic>.py``, importing
:class:`Problem` and the input helpers from here). A new problem is a new constant, nothing else.
"""

from __future__ import annotations

import importlib
import math
import pkgutil
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import chain
from typing import Any

import graphs

__all__ = [
    "EDGE_FACTOR",
    "SEED",
    "X_LABEL_KO",
    "Problem",
    "problems",
    "random_adjacency",
    "random_dag",
    "random_graph",
    "random_grid",
    "title_of",
]

SEED = 20240601
EDGE_FACTOR = 5  # m = 5 n, as in the target graph (10**5 nodes, 5 * 10**5 edges)
TARGET_N = 10**5
TARGET_SIDE = 700
TARGET_GRAPH_X = TARGET_N * (EDGE_FACTOR + 1)  # V + E of the target graph
TARGET_GRID_X = TARGET_SIDE * TARGET_SIDE
GRID_LABEL = f"{TARGET_SIDE} x {TARGET_SIDE} grid, land with probability 1/2"


# ----------------------------------------------------------------------------- declarations


@dataclass
class Problem:
    """One benchmarked drill: how to make inputs of size ``x`` and the solutions timed on them.

    Each problem is a module-level constant below, next to its inputs and its peers, and
    :func:`problems` finds them all; no other list names them. Its results appear on the site
    wherever a page includes ``docs/generated/graphs/scaling/<name>.md`` (the page that shows
    the code of the functions in ``ours``; a test checks that pairing), under its Korean
    ``title`` (:func:`title_of`). A problem on the target graph or grid is declared with
    :meth:`on_graphs` or :meth:`on_grids`, which fill in what ``x`` counts and the target size.
    """

    name: str
    x_label: str
    make: Callable[[int, int], tuple[Any, ...]]  # (x, seed) -> args
    size_of: Callable[[tuple[Any, ...]], int]  # args -> x actually built (V + E, or cells)
    ours: dict[str, Callable[..., Any]]  # "graphs.<function>" -> a callable timing it
    networkx: Callable[..., Any]
    reference: Callable[..., Any]
    reference_name: str
    reference_is_c: bool
    target_x: int | None = None
    target_label: str = ""
    speedup_goal: bool = False
    results: dict[str, Any] = field(default_factory=dict)
    title: str = ""  # the problem in Korean, with its LeetCode number (figures and pages)

    @classmethod
    def on_graphs(cls, **fields: Any) -> Problem:
        """A problem on random graphs: ``x`` is ``V + E``, the target the 10^5-node graph."""
        return cls(x_label="V + E", target_x=TARGET_GRAPH_X, **fields)

    @classmethod
    def on_grids(cls, **fields: Any) -> Problem:
        """A problem on random grids: ``x`` is the number of cells, the target a 700 x 700
        grid."""
        return cls(x_label="cells", size_of=_grid_x, target_x=TARGET_GRID_X, **fields)


def title_of(name: str) -> str:
    """The Korean title of the benchmarked problem ``name`` (``name`` itself when no problem
    declares it: a results file may hold a problem since renamed).

    Examples
    --------
    >>> title_of("bipartite"), title_of("gone")
    ('이분 그래프 판별 (785)', 'gone')
    """
    return next((p.title for p in problems() if p.name == name and p.title), name)


#: The Korean name of each ``x_label`` a problem measures its size in.
X_LABEL_KO = {"cells": "격자 칸 수"}


def problems() -> list[Problem]:
    """Every :class:`Problem` constant: the first day's, defined below, then each later topic's
    module of this package (``graphs/tools/scaling/<topic>.py``) in name order, each in the
    order its constants are defined."""
    found = [value for value in globals().values() if isinstance(value, Problem)]
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if not info.name.startswith("_"):
            module = importlib.import_module(f"{__name__}.{info.name}")
            found += [value for value in vars(module).values() if isinstance(value, Problem)]
    names = [p.name for p in found]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise ValueError(f"{__name__}: problems declared twice: {', '.join(twice)}")
    return found


def _graph_x(args: tuple[Any, ...]) -> int:
    n, edges = args
    return n + len(edges)


def _adj_x(args: tuple[Any, ...]) -> int:
    (adj,) = args
    return len(adj) + sum(map(len, adj))


def _grid_x(args: tuple[Any, ...]) -> int:
    (grid,) = args
    return len(grid) * len(grid[0])


def _nodes(x: int) -> int:
    """The node count whose random graph (``n`` nodes, ``EDGE_FACTOR * n`` edges) has
    ``V + E`` about ``x``."""
    return max(1, x // (EDGE_FACTOR + 1))


# ----------------------------------------------------------------------------- inputs


def random_graph(n: int, seed: int) -> tuple[int, list[tuple[int, int]]]:
    """``n`` nodes and ``5 n`` uniformly random edges (self-loops and repeats possible)."""
    rng = random.Random(seed)
    r = rng.randrange
    return n, [(r(n), r(n)) for _ in range(EDGE_FACTOR * n)]


def random_adjacency(n: int, seed: int) -> list[list[int]]:
    """Directed adjacency lists with ``5 n`` random arcs."""
    _, edges = random_graph(n, seed)
    adj: list[list[int]] = [[] for _ in range(n)]
    for u, v in edges:
        adj[u].append(v)
    return adj


def random_dag(n: int, seed: int) -> tuple[int, list[tuple[int, int]]]:
    """A DAG: ``5 n`` random pairs oriented along a random permutation of the nodes."""
    rng = random.Random(seed)
    perm = list(range(n))
    rng.shuffle(perm)
    r = rng.randrange
    edges = []
    for _ in range(EDGE_FACTOR * n):
        i, j = r(n), r(n)
        if i != j:
            edges.append((perm[min(i, j)], perm[max(i, j)]))
    return n, edges


def random_grid(side: int, seed: int) -> list[list[int]]:
    """A ``side x side`` grid of 0/1 ints, each cell land with probability 1/2."""
    rng = random.Random(seed)
    bits = rng.getrandbits
    return [[bits(1) for _ in range(side)] for _ in range(side)]


def _grid_args(x: int, seed: int) -> tuple[list[list[int]]]:
    """The argument tuple of a grid problem: a random square grid of about ``x`` cells."""
    return (random_grid(max(1, round(math.sqrt(x))), seed),)


# ----------------------------------------------------------------------------- 323: components


def nx_components(n: int, edges: list[tuple[int, int]]) -> int:
    import networkx as nx

    g = nx.Graph()
    g.add_nodes_from(range(n))
    g.add_edges_from(edges)
    return nx.number_connected_components(g)


def scipy_components(n: int, edges: list[tuple[int, int]]) -> int:
    import numpy as np
    from scipy.sparse import coo_matrix
    from scipy.sparse.csgraph import connected_components

    e = np.array(edges, dtype=np.int64).reshape(-1, 2)
    a = coo_matrix((np.ones(len(e), dtype=np.int8), (e[:, 0], e[:, 1])), shape=(n, n)).tocsr()
    return int(connected_components(a, directed=False)[0])


COMPONENTS = Problem.on_graphs(
    name="components",
    title="연결 요소 개수 (323)",
    make=lambda x, s: random_graph(_nodes(x), s),
    size_of=_graph_x,
    ours={"graphs.count_components": graphs.count_components},
    networkx=nx_components,
    reference=scipy_components,
    reference_name="scipy.sparse.csgraph.connected_components",
    reference_is_c=True,
    target_label="random graph, 10^5 nodes, 5*10^5 edges",
    speedup_goal=True,
)


# ----------------------------------------------------------------------------- BFS


def ours_bfs(adj: list[list[int]]) -> int:
    return len(graphs.shortest_path_lengths(adj, 0))


def nx_bfs(adj: list[list[int]]) -> int:
    import networkx as nx

    g = nx.DiGraph()
    g.add_nodes_from(range(len(adj)))
    g.add_edges_from((u, v) for u, nbrs in enumerate(adj) for v in nbrs)
    return len(nx.single_source_shortest_path_length(g, 0))


def scipy_bfs(adj: list[list[int]]) -> int:
    import numpy as np
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import breadth_first_order

    n = len(adj)
    indptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.fromiter(map(len, adj), dtype=np.int64, count=n), out=indptr[1:])
    indices = np.fromiter(chain.from_iterable(adj), dtype=np.int32, count=int(indptr[-1]))
    a = csr_matrix((np.ones(len(indices), dtype=np.int8), indices, indptr), shape=(n, n))
    return len(breadth_first_order(a, 0, directed=True, return_predecessors=False))


BFS = Problem.on_graphs(
    name="bfs",
    title="BFS 최단 거리",
    make=lambda x, s: (random_adjacency(_nodes(x), s),),
    size_of=_adj_x,
    ours={"graphs.shortest_path_lengths": ours_bfs},
    networkx=nx_bfs,
    reference=scipy_bfs,
    reference_name="scipy.sparse.csgraph.breadth_first_order",
    reference_is_c=True,
    target_label="random digraph, 10^5 nodes, 5*10^5 arcs",
)


# ----------------------------------------------------------------------------- 207/210: toposort


def ours_topo_kahn(n: int, edges: list[tuple[int, int]]) -> int:
    return len(graphs.topological_sort_kahn(n, edges))


def ours_topo_dfs(n: int, edges: list[tuple[int, int]]) -> int:
    return len(graphs.topological_sort_dfs(n, edges))


def nx_topo(n: int, edges: list[tuple[int, int]]) -> int:
    import networkx as nx

    g = nx.DiGraph()
    g.add_nodes_from(range(n))
    g.add_edges_from(edges)
    return len(list(nx.topological_sort(g)))


def graphlib_topo(n: int, edges: list[tuple[int, int]]) -> int:
    from graphlib import TopologicalSorter

    ts: TopologicalSorter[int] = TopologicalSorter()
    for u in range(n):
        ts.add(u)
    for u, v in edges:
        ts.add(v, u)
    return len(list(ts.static_order()))


TOPOSORT = Problem.on_graphs(
    name="toposort",
    title="위상 정렬 (207/210)",
    make=lambda x, s: random_dag(_nodes(x), s),
    size_of=_graph_x,
    ours={
        "graphs.topological_sort_kahn": ours_topo_kahn,
        "graphs.topological_sort_dfs": ours_topo_dfs,
    },
    networkx=nx_topo,
    reference=graphlib_topo,
    reference_name="graphlib.TopologicalSorter (pure Python)",
    reference_is_c=False,
    target_label="random DAG, 10^5 nodes, ~5*10^5 edges",
)


# ----------------------------------------------------------------------------- 200 and 695: grids


def nx_land_graph(grid: list[list[int]]) -> Any:
    """The land cells of ``grid`` as a networkx ``Graph``, side-by-side cells joined."""
    import networkx as nx

    h, w = len(grid), len(grid[0])
    g = nx.Graph()
    g.add_nodes_from((r, c) for r in range(h) for c in range(w) if grid[r][c])
    g.add_edges_from(
        ((r, c), (r, c + 1))
        for r in range(h)
        for c in range(w - 1)
        if grid[r][c] and grid[r][c + 1]
    )
    g.add_edges_from(
        ((r, c), (r + 1, c))
        for r in range(h - 1)
        for c in range(w)
        if grid[r][c] and grid[r + 1][c]
    )
    return g


def nx_islands(grid: list[list[int]]) -> int:
    import networkx as nx

    return nx.number_connected_components(nx_land_graph(grid))


def scipy_islands(grid: list[list[int]]) -> int:
    import numpy as np
    from scipy import ndimage

    return int(ndimage.label(np.array(grid, dtype=np.uint8))[1])  # 4-connectivity by default


ISLANDS = Problem.on_grids(
    name="islands",
    title="섬 개수 (200)",
    make=_grid_args,
    ours={"graphs.num_islands": graphs.num_islands},
    networkx=nx_islands,
    reference=scipy_islands,
    reference_name="scipy.ndimage.label",
    reference_is_c=True,
    target_label=GRID_LABEL,
    speedup_goal=True,
)


def nx_max_area(grid: list[list[int]]) -> int:
    import networkx as nx

    return max(map(len, nx.connected_components(nx_land_graph(grid))), default=0)


def scipy_max_area(grid: list[list[int]]) -> int:
    import numpy as np
    from scipy import ndimage

    labels, count = ndimage.label(np.array(grid, dtype=np.uint8))
    return int(np.bincount(labels.ravel())[1:].max()) if count else 0


MAX_AREA = Problem.on_grids(
    name="max_area",
    title="가장 큰 섬 (695)",
    make=_grid_args,
    ours={"graphs.max_area_of_island": graphs.max_area_of_island},
    networkx=nx_max_area,
    reference=scipy_max_area,
    reference_name="scipy.ndimage.label + numpy.bincount",
    reference_is_c=True,
    target_label=GRID_LABEL,
)
