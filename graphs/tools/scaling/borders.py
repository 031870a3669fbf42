"""Bench entries of the flood fill from the border: LeetCode 1020 and 130 on random grids.

The reference labels the land (``"O"``) components with ``scipy.ndimage.label`` (C), collects
the labels seen on the grid's four edges and counts (1020) or flips (130) every other label.
"""

from __future__ import annotations

import graphs
from graphs.tools.scaling import (
    GRID_LABEL,
    Problem,
    _grid_args,
    nx_land_graph,
)


def nx_enclaves(grid: list[list[int]]) -> int:
    """Land cells in components of the land graph with no cell on the edge, with networkx."""
    import networkx as nx

    h, w = len(grid), len(grid[0])
    total = 0
    for comp in nx.connected_components(nx_land_graph(grid)):
        if not any(r in (0, h - 1) or c in (0, w - 1) for r, c in comp):
            total += len(comp)
    return total


def scipy_enclaves(grid: list[list[int]]) -> int:
    import numpy as np
    from scipy import ndimage

    labels, _ = ndimage.label(np.array(grid, dtype=np.uint8))  # 4-connectivity by default
    edge = np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]])
    inner = labels[labels > 0]
    return int(np.count_nonzero(~np.isin(inner, edge)))


ENCLAVES = Problem.on_grids(
    name="enclaves",
    title="바다로 못 나가는 땅 (1020)",
    make=_grid_args,
    ours={"graphs.num_enclaves": graphs.num_enclaves},
    networkx=nx_enclaves,
    reference=scipy_enclaves,
    reference_name="scipy.ndimage.label + edge labels",
    reference_is_c=True,
    target_label=GRID_LABEL,
)


def _board_args(x: int, seed: int) -> tuple[list[list[str]]]:
    """A random square board of about ``x`` cells, each ``"O"`` with probability 1/2."""
    (grid,) = _grid_args(x, seed)
    return ([["O" if cell else "X" for cell in row] for row in grid],)


def _rows(board: list[list[str]]) -> tuple[str, ...]:
    """A board as a tuple of row strings: the bench compares answers in a set (hashable), and
    each of the three solutions pays the same join."""
    return tuple(map("".join, board))


def ours_surrounded(board: list[list[str]]) -> tuple[str, ...]:
    return _rows(graphs.capture_surrounded(board))


def nx_surrounded(board: list[list[str]]) -> tuple[str, ...]:
    """The board with the ``"O"`` components holding no edge cell flipped, with networkx."""
    import networkx as nx

    h, w = len(board), len(board[0])
    grid = [[int(cell == "O") for cell in row] for row in board]
    out = [list(row) for row in board]
    for comp in nx.connected_components(nx_land_graph(grid)):
        if not any(r in (0, h - 1) or c in (0, w - 1) for r, c in comp):
            for r, c in comp:
                out[r][c] = "X"
    return _rows(out)


def scipy_surrounded(board: list[list[str]]) -> tuple[str, ...]:
    import numpy as np
    from scipy import ndimage

    o = np.array(board) == "O"
    labels, _ = ndimage.label(o)
    edge = np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]])
    kept = o & np.isin(labels, edge[edge > 0])
    return _rows(np.where(kept, "O", "X").tolist())


SURROUNDED = Problem.on_grids(
    name="surrounded",
    title="둘러싸인 영역 (130)",
    make=_board_args,
    ours={"graphs.capture_surrounded": ours_surrounded},
    networkx=nx_surrounded,
    reference=scipy_surrounded,
    reference_name="scipy.ndimage.label + edge labels",
    reference_is_c=True,
    target_label=GRID_LABEL.replace("land", "'O'"),
)
