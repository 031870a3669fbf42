"""Hypothesis strategies for graphs and grids, not only the easy ones.

Graphs are ``(n, edges)`` with nodes ``0 .. n - 1``: disconnected pieces, isolated nodes,
self-loops, repeated edges, the empty graph, long paths, DAGs from random permutations and
DAGs with a planted cycle. Grids are up to 12 x 12 with ``"1"/"0"`` strings, ints or bools.

The pairs of nodes and the 0/1 grids are drawn by the shared strategies of
:mod:`graphs.tools.strategies` (those of the pitfall gallery and the drill's judge); what is
here is only what the tests add on top: paths, DAGs, planted cycles, sparse graphs, repeated
edges, cells as strings or bools, all-land and all-water grids.
"""

from __future__ import annotations

import itertools

from hypothesis import strategies as st

from graphs.tools.strategies import edge_lists, grid_args

MAX_N = 30

Edges = list[tuple[int, int]]


@st.composite
def random_edges(draw: st.DrawFn, n: int, max_edges: int = 60) -> Edges:
    """Uniform random pairs, self-loops included, some edges repeated."""
    if n == 0:
        return []
    edges = [tuple(pair) for pair in draw(edge_lists(n, max_edges))]
    if edges and draw(st.booleans()):
        edges += draw(st.lists(st.sampled_from(edges), max_size=5))  # repeated edges
    return edges


@st.composite
def path_edges(draw: st.DrawFn, n: int) -> Edges:
    """A Hamiltonian path through a random permutation of the nodes (long paths)."""
    perm = draw(st.permutations(range(n)))
    return list(itertools.pairwise(perm))


@st.composite
def sparse_edges(draw: st.DrawFn, n: int) -> Edges:
    """Edges among a few of the nodes only, so most nodes are isolated."""
    if n == 0:
        return []
    used = draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=5, unique=True))
    node = st.sampled_from(used)
    return draw(st.lists(st.tuples(node, node), max_size=8))


@st.composite
def dag_edges(draw: st.DrawFn, n: int, max_edges: int = 60) -> Edges:
    """A DAG: random pairs oriented along a random permutation (repeats allowed)."""
    if n < 2:
        return []
    perm = draw(st.permutations(range(n)))
    pairs = draw(edge_lists(n, max_edges, self_loops=False))
    return [(perm[min(i, j)], perm[max(i, j)]) for i, j in pairs]


@st.composite
def planted_cycle_edges(draw: st.DrawFn, n: int) -> Edges:
    """A DAG plus one directed cycle through 1..n distinct nodes (length 1 = self-loop)."""
    edges = draw(dag_edges(n))
    k = draw(st.integers(1, n))
    cyc = draw(st.permutations(range(n)))[:k]
    cycle = [(cyc[i], cyc[(i + 1) % k]) for i in range(k)]
    edges = edges + cycle
    return draw(st.permutations(edges))


@st.composite
def undirected_graphs(draw: st.DrawFn, max_n: int = MAX_N) -> tuple[int, Edges]:
    """``(n, edges)`` for undirected problems (components, BFS on symmetric adjacency)."""
    n = draw(st.integers(0, max_n))
    kind = draw(st.sampled_from(["random", "path", "sparse", "mixed"]))
    if kind == "random":
        edges = draw(random_edges(n))
    elif kind == "path":
        edges = draw(path_edges(n))
    elif kind == "sparse":
        edges = draw(sparse_edges(n))
    else:
        edges = draw(path_edges(n))[: n // 2] + draw(random_edges(n, max_edges=6))
    return n, edges


@st.composite
def directed_graphs(draw: st.DrawFn, max_n: int = MAX_N) -> tuple[int, Edges]:
    """``(n, edges)`` for directed problems: random, DAGs, paths, planted cycles, sparse."""
    n = draw(st.integers(0, max_n))
    kind = draw(st.sampled_from(["random", "dag", "path", "cycle", "sparse"]))
    if kind == "random":
        edges = draw(random_edges(n))
    elif kind == "dag":
        edges = draw(dag_edges(n))
    elif kind == "path":
        edges = draw(path_edges(n))
    elif kind == "cycle" and n > 0:
        edges = draw(planted_cycle_edges(n))
    else:
        edges = draw(sparse_edges(n))
    return n, edges


def to_adjacency(n: int, edges: Edges, undirected: bool = False) -> list[list[int]]:
    """List-of-lists adjacency with neighbours in edge order."""
    adj: list[list[int]] = [[] for _ in range(n)]
    for u, v in edges:
        adj[u].append(v)
        if undirected and u != v:
            adj[v].append(u)
    return adj


@st.composite
def adjacency_with_start(draw: st.DrawFn, max_n: int = MAX_N) -> tuple[list[list[int]], int]:
    """A directed or undirected list-of-lists adjacency (n >= 1) and a start node."""
    undirected = draw(st.booleans())
    n, edges = draw((undirected_graphs if undirected else directed_graphs)(max_n))
    if n == 0:
        n = 1
    return to_adjacency(n, edges, undirected), draw(st.integers(0, n - 1))


CELL_FORMS = {
    "str": ("0", "1"),
    "int": (0, 1),
    "bool": (False, True),
}


@st.composite
def grids(draw: st.DrawFn, max_side: int = 12) -> list[list[object]]:
    """A rectangular grid of 0..max_side rows and columns; cells all str, all int or all bool.

    Some grids are all land or all water; the rest are random cell by cell (the shared 0/1
    grids, :func:`graphs.tools.strategies.grid_args`, in the drawn cell form).
    """
    forms = CELL_FORMS[draw(st.sampled_from(sorted(CELL_FORMS)))]
    fill = draw(st.sampled_from(["random", "random", "random", "land", "water"]))
    grid = draw(grid_args(max_side))["grid"]
    if fill != "random":
        cell = forms[1] if fill == "land" else forms[0]
        return [[cell] * len(row) for row in grid]
    return [[forms[c] for c in row] for row in grid]
