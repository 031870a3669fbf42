"""Bench entry of the redundant connection: LeetCode 684 on random trees plus one edge.

Each input is a random tree on ``1 .. n`` (each node hangs from a random earlier one, labels
shuffled) plus one random extra edge, the ``n`` pairs ``a < b`` in a shuffled order. Every
solver returns the pair as a tuple, so the bench can compare the answers.

networkx: ``Graph`` + ``find_cycle``, then the cycle's edge that comes last in the input. The
reference is C code and exact: with edge ``i`` weighted ``i + 1`` (all weights distinct), the
minimum spanning tree of a graph with one cycle leaves out exactly the cycle's heaviest edge,
which is its last one in the input; ``scipy.sparse.csgraph.minimum_spanning_tree`` (Kruskal)
finds the tree and the missing weight names the edge.
"""

from __future__ import annotations

import random
from typing import Any

import graphs
from graphs.tools.scaling import TARGET_N, Problem


def random_tree_plus_edge(n: int, seed: int) -> list[list[int]]:
    """A random tree on ``1 .. n`` (``n >= 3``) plus one edge not in it, pairs ``a < b``,
    shuffled; the same list for the same ``(n, seed)``."""
    rng = random.Random(seed)
    label = [0, *rng.sample(range(1, n + 1), n)]
    pairs = [(label[rng.randrange(1, v)], label[v]) for v in range(2, n + 1)]
    present = {(min(p), max(p)) for p in pairs}
    while True:
        a, b = sorted(rng.sample(range(1, n + 1), 2))
        if (a, b) not in present:
            break
    pairs.append((a, b))
    rng.shuffle(pairs)
    return [[min(p), max(p)] for p in pairs]


def _args(x: int, seed: int) -> tuple[list[list[int]]]:
    return (random_tree_plus_edge(max(3, x // 2), seed),)  # V + E = 2n


def _x(args: tuple[Any, ...]) -> int:
    (edges,) = args
    return 2 * len(edges)


def ours(edges: list[list[int]]) -> tuple[int, ...]:
    return tuple(graphs.find_redundant_connection(edges))


def nx_redundant(edges: list[list[int]]) -> tuple[int, ...]:
    import networkx as nx

    cycle = {frozenset(e[:2]) for e in nx.find_cycle(nx.Graph(map(tuple, edges)))}
    return tuple(max((i, e) for i, e in enumerate(edges) if frozenset(e) in cycle)[1])


def scipy_redundant(edges: list[list[int]]) -> tuple[int, ...]:
    import numpy as np
    from scipy.sparse import coo_matrix
    from scipy.sparse.csgraph import minimum_spanning_tree

    e = np.array(edges, dtype=np.int64).reshape(-1, 2)
    n = len(e)
    weight = np.arange(1, n + 1, dtype=np.float64)  # edge i weighs i + 1: distinct, exact
    graph = coo_matrix((weight, (e[:, 0], e[:, 1])), shape=(n + 1, n + 1)).tocsr()
    tree = minimum_spanning_tree(graph)
    missing = round(float(weight.sum() - tree.data.sum()))  # the one weight the tree leaves out
    a, b = e[missing - 1]
    return int(a), int(b)


REDUNDANT = Problem(
    name="redundant",
    title="중복 연결 (684)",
    x_label="V + E",
    make=_args,
    size_of=_x,
    ours={"graphs.find_redundant_connection": ours},
    networkx=nx_redundant,
    reference=scipy_redundant,
    reference_name="scipy.sparse.csgraph.minimum_spanning_tree (edge i weighted i + 1)",
    reference_is_c=True,
    target_x=2 * TARGET_N,
    target_label="random tree on 10^5 nodes plus one edge, shuffled",
)
