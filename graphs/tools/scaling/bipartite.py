"""Bench entries of two-colouring: LeetCode 785 and 886 on random graphs, bipartite and not.

Each input is a random graph of ``n`` nodes and about ``5 n`` distinct pairs ``a < b`` (no
self-loops) between two random halves, so it is bipartite; on odd seeds one pair inside a
half is added, so it is not (the BFS then stops when it meets that pair). The reference is C
code: ``scipy.sparse.csgraph.shortest_path`` (unweighted, from a virtual node joined to one
root per component found by ``connected_components``) gives every node's BFS depth, and
numpy checks that every edge joins depths of different parity.
"""

from __future__ import annotations

import random
from typing import Any

import graphs
from graphs.tools.scaling import EDGE_FACTOR, Problem, _nodes


def random_two_sided(n: int, seed: int) -> tuple[int, list[tuple[int, int]]]:
    """``n`` nodes in two random halves, about ``5 n`` distinct pairs ``a < b`` across them;
    on an odd seed one more pair inside a half (then the graph is not bipartite)."""
    rng = random.Random(seed)
    side = [rng.getrandbits(1) for _ in range(n)]
    left = [u for u in range(n) if side[u] == 0] or [0]
    right = [u for u in range(n) if side[u] == 1] or [0]
    pairs: set[tuple[int, int]] = set()
    if left != right:
        for _ in range(EDGE_FACTOR * n):
            a, b = rng.choice(left), rng.choice(right)
            pairs.add((min(a, b), max(a, b)))
    if seed % 2 and len(left) >= 2:
        a, b = left[0], left[1]
        pairs.add((a, b))
    edges = sorted(pairs, key=lambda p: rng.random())
    return n, edges


def _adjacency(n: int, edges: list[tuple[int, int]]) -> list[list[int]]:
    adj: list[list[int]] = [[] for _ in range(n)]
    for a, b in edges:
        adj[a].append(b)
        adj[b].append(a)
    return adj


def _graph_args(x: int, seed: int) -> tuple[list[list[int]]]:
    return (_adjacency(*random_two_sided(_nodes(x), seed)),)


def _dislikes_args(x: int, seed: int) -> tuple[int, list[list[int]]]:
    n, edges = random_two_sided(_nodes(x), seed)
    return n, [[a + 1, b + 1] for a, b in edges]


def _adj_x(args: tuple[Any, ...]) -> int:
    (adj,) = args
    return len(adj) + sum(map(len, adj)) // 2


def _pairs_x(args: tuple[Any, ...]) -> int:
    n, pairs = args
    return n + len(pairs)


def _nx_bipartite(n: int, edges: Any) -> bool:
    import networkx as nx

    g = nx.Graph()
    g.add_nodes_from(range(n))
    g.add_edges_from(edges)
    return nx.is_bipartite(g)


def nx_graph(graph: list[list[int]]) -> bool:
    return _nx_bipartite(len(graph), ((u, v) for u, nbrs in enumerate(graph) for v in nbrs))


def nx_dislikes(n: int, dislikes: list[list[int]]) -> bool:
    return _nx_bipartite(n, ((a - 1, b - 1) for a, b in dislikes))


def _scipy_bipartite(n: int, u: Any, v: Any) -> bool:
    import numpy as np
    from scipy.sparse import coo_matrix
    from scipy.sparse.csgraph import connected_components, shortest_path

    _, labels = connected_components(
        coo_matrix((np.ones(len(u), dtype=np.int8), (u, v)), shape=(n, n)), directed=False
    )
    roots = np.unique(labels, return_index=True)[1]  # one node of each component
    su = np.concatenate([u, np.full(len(roots), n)])
    sv = np.concatenate([v, roots])
    a = coo_matrix((np.ones(len(su), dtype=np.int8), (su, sv)), shape=(n + 1, n + 1)).tocsr()
    depth = shortest_path(a, method="D", directed=False, unweighted=True, indices=n)
    parity = depth[:n].astype(np.int64) % 2
    return bool(np.all(parity[u] != parity[v]))


def scipy_graph(graph: list[list[int]]) -> bool:
    import numpy as np

    n = len(graph)
    u = np.repeat(np.arange(n), np.fromiter(map(len, graph), dtype=np.int64, count=n))
    v = np.fromiter((w for nbrs in graph for w in nbrs), dtype=np.int64, count=len(u))
    return _scipy_bipartite(n, u, v)


def scipy_dislikes(n: int, dislikes: list[list[int]]) -> bool:
    import numpy as np

    e = np.array(dislikes, dtype=np.int64).reshape(-1, 2) - 1
    return _scipy_bipartite(n, e[:, 0], e[:, 1])


REFERENCE = "scipy.sparse.csgraph BFS depths (shortest_path, unweighted) + numpy edge parity"

BIPARTITE = Problem.on_graphs(
    name="bipartite",
    title="이분 그래프 판별 (785)",
    make=_graph_args,
    size_of=_adj_x,
    ours={"graphs.is_bipartite": graphs.is_bipartite},
    networkx=nx_graph,
    reference=scipy_graph,
    reference_name=REFERENCE,
    reference_is_c=True,
    target_label="random two-sided graph, 10^5 nodes, ~5*10^5 edges (odd seeds: not bipartite)",
)

BIPARTITION = Problem.on_graphs(
    name="bipartition",
    title="두 그룹으로 나누기 (886)",
    make=_dislikes_args,
    size_of=_pairs_x,
    ours={"graphs.possible_bipartition": graphs.possible_bipartition},
    networkx=nx_dislikes,
    reference=scipy_dislikes,
    reference_name=REFERENCE,
    reference_is_c=True,
    target_label="random two-sided graph, 10^5 nodes, ~5*10^5 pairs (odd seeds: not bipartite)",
)
