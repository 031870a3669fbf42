"""Bench entry of the shortest path on a grid: LeetCode 1091 on random square grids.

Each cell is blocked with probability 3/10 (the corners are kept clear), so a path usually
exists and BFS sees most of the grid. The reference builds the 8-neighbour graph of the clear
cells with numpy and runs ``scipy.sparse.csgraph.shortest_path(unweighted=True)``, a BFS in C,
from the top-left cell.
"""

from __future__ import annotations

import math
import random

import graphs
from graphs.tools.scaling import TARGET_SIDE, Problem

BLOCKED_SHARE = 0.3


def _open_grid_args(x: int, seed: int) -> tuple[list[list[int]]]:
    """A random square grid of about ``x`` cells, 3 in 10 blocked, both corners clear."""
    side = max(1, round(math.sqrt(x)))
    rng = random.Random(seed)
    grid = [[int(rng.random() < BLOCKED_SHARE) for _ in range(side)] for _ in range(side)]
    grid[0][0] = grid[-1][-1] = 0
    return (grid,)


def nx_path_length(grid: list[list[int]]) -> int:
    """Cells on networkx's shortest path over the clear cells, the eight moves as edges."""
    import networkx as nx

    n = len(grid)
    g = nx.Graph()
    g.add_nodes_from((r, c) for r in range(n) for c in range(n) if grid[r][c] == 0)
    for r, c in list(g):
        for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
            if (r + dr, c + dc) in g:
                g.add_edge((r, c), (r + dr, c + dc))
    try:
        return nx.shortest_path_length(g, (0, 0), (n - 1, n - 1)) + 1
    except (nx.NodeNotFound, nx.NetworkXNoPath):
        return -1


def scipy_path_length(grid: list[list[int]]) -> int:
    import numpy as np
    from scipy.sparse import coo_matrix
    from scipy.sparse.csgraph import shortest_path

    clear = np.array(grid, dtype=np.uint8) == 0
    n = clear.shape[0]
    index = np.arange(n * n).reshape(n, n)
    rows, cols = [], []
    # right, down, down-right, down-left: each undirected edge once
    for a, b in (
        (np.s_[:, :-1], np.s_[:, 1:]),
        (np.s_[:-1, :], np.s_[1:, :]),
        (np.s_[:-1, :-1], np.s_[1:, 1:]),
        (np.s_[:-1, 1:], np.s_[1:, :-1]),
    ):
        both = clear[a] & clear[b]
        rows.append(index[a][both])
        cols.append(index[b][both])
    r, c = np.concatenate(rows), np.concatenate(cols)
    adj = coo_matrix((np.ones(len(r)), (r, c)), shape=(n * n, n * n)).tocsr()
    dist = shortest_path(adj, directed=False, unweighted=True, indices=0)
    far = dist[n * n - 1]
    return int(far) + 1 if clear[0, 0] and clear[-1, -1] and np.isfinite(far) else -1


PATHS = Problem.on_grids(
    name="grid_paths",
    title="격자 최단 경로 (1091)",
    make=_open_grid_args,
    ours={"graphs.shortest_path_binary_matrix": graphs.shortest_path_binary_matrix},
    networkx=nx_path_length,
    reference=scipy_path_length,
    reference_name="scipy.sparse.csgraph.shortest_path (unweighted BFS)",
    reference_is_c=True,
    target_label=f"{TARGET_SIDE} x {TARGET_SIDE} grid, each cell blocked with probability 3/10",
)
