"""The first day's wrong variants: BFS, islands, components and topological sort.

Each function here looks plausible and passes the easy examples, but is wrong. The tests show
that the correct function in :mod:`graphs` passes where each of these fails, and
``python -m graphs.tools.counterexamples`` has hypothesis find a small failing input for each one
(written to ``docs/results/graphs_pitfalls.json`` for the site).

================================  ============================  ===================================
wrong variant                     mistake                       correct version
================================  ============================  ===================================
``bfs_order_mark_on_dequeue``     visited marked when dequeued  :func:`graphs.bfs_order`
``num_islands_recursive``         recursive flood fill          :func:`graphs.num_islands`
``num_islands_wraparound``        ``r - 1 == -1`` wraps around  :func:`graphs.num_islands`
``max_area_mark_on_pop``          visited marked when popped    :func:`graphs.max_area_of_island`
``has_cycle_single_flag``         one visited flag, not three   :func:`graphs.topological_sort`
``count_components_from_edges``   forgets isolated nodes        :func:`graphs.count_components`
``kahn_without_count_check``      no processed-count check      :func:`graphs.topological_sort`
================================  ============================  ===================================

Do not use these functions for anything but demonstrations. They are not exported by
:mod:`graphs` and do only the validation needed to fail in the intended way.
"""

from __future__ import annotations

from typing import Any

from graphs._validate import check_adjacency, check_count, check_edges, check_grid, check_start

__all__ = [
    "bfs_order_mark_on_dequeue",
    "count_components_from_edges",
    "has_cycle_single_flag",
    "kahn_without_count_check",
    "max_area_mark_on_pop",
    "num_islands_recursive",
    "num_islands_wraparound",
]


def bfs_order_mark_on_dequeue(adj: Any, start: Any) -> list[Any]:
    """WRONG: BFS that marks a node visited when it is dequeued, not when it is enqueued.

    Between being enqueued and being dequeued a node is still "unvisited", so every other
    neighbour that sees it in that window enqueues it again: duplicates pile up in the queue
    (on a dense graph the queue grows to ``O(E)``) and the node is emitted once per copy.
    The smallest trigger is two edges into the same node before it is dequeued, e.g. a repeated
    edge ``0 -> 1, 0 -> 1`` or a diamond ``0 -> 1, 0 -> 2, 1 -> 3, 2 -> 3``.

    Fix: mark when enqueueing (:func:`graphs.bfs_order`), or at least skip an already-visited
    node when it is dequeued.
    """
    graph, is_list = check_adjacency(adj)
    start = check_start(graph, is_list, start)
    nbrs = (lambda u: graph[u]) if is_list else (lambda u: graph.get(u, ()))
    visited: set[Any] = set()
    queue = [start]
    order: list[Any] = []
    for u in queue:
        visited.add(u)  # too late: u may already be in the queue several times
        order.append(u)
        for w in nbrs(u):
            if w not in visited:
                queue.append(w)
    return order


def num_islands_recursive(grid: Any) -> int:
    """WRONG for big islands: the textbook recursive flood fill.

    Correct on small grids, but every step of the flood is a Python call frame, and an island
    of ``k`` cells can need a recursion depth close to ``k``. Python's default limit is 1000
    frames, so an all-land 100 x 100 grid (LeetCode allows 300 x 300) raises
    ``RecursionError``.

    Fix: an explicit stack or queue (:func:`graphs.num_islands`).
    """
    h, w, land = check_grid(grid)
    cells = bytearray(land)

    def sink(r: int, c: int) -> None:
        if r < 0 or r >= h or c < 0 or c >= w or not cells[r * w + c]:
            return
        cells[r * w + c] = 0
        sink(r + 1, c)
        sink(r - 1, c)
        sink(r, c + 1)
        sink(r, c - 1)

    count = 0
    for r in range(h):
        for c in range(w):
            if cells[r * w + c]:
                count += 1
                sink(r, c)
    return count


def num_islands_wraparound(grid: Any) -> int:
    """WRONG at the borders: the bounds check relies on ``IndexError``.

    Indexing past the last row or column raises ``IndexError``, which the code catches; but in
    Python ``rows[-1]`` is the *last* row, not an error, so a cell in row 0 (or column 0)
    "touches" the opposite border and two islands on opposite edges are counted as one.

    Fix: check ``0 <= r < rows and 0 <= c < cols`` explicitly, or pad the grid with water
    (:func:`graphs.num_islands`).
    """
    h, w, land = check_grid(grid)
    rows = [list(land[r * w : (r + 1) * w]) for r in range(h)]
    count = 0
    for r0 in range(h):
        for c0 in range(w):
            if rows[r0][c0] != 1:
                continue
            count += 1
            rows[r0][c0] = 2
            stack = [(r0, c0)]
            while stack:
                r, c = stack.pop()
                for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    try:
                        if rows[nr][nc] == 1:  # nr == -1 silently means the last row
                            rows[nr][nc] = 2
                            stack.append((nr, nc))
                    except IndexError:
                        pass
    return count


def max_area_mark_on_pop(grid: Any) -> int:
    """WRONG: island area counted per pop, with cells marked visited when popped, not pushed.

    A land cell stays unmarked while it waits on the stack, so a second neighbour that sees it
    in that window pushes it again, and every copy is counted when popped. Any island with a
    cycle of cells (the smallest is a 2 x 2 block, which gives 5 instead of 4) comes out too
    big; a path-shaped island, with no second way in, comes out right.

    Fix: mark a cell when it is pushed, so it is on the stack at most once
    (:func:`graphs.max_area_of_island`), or skip a popped cell that is already marked.
    """
    h, w, land = check_grid(grid)
    cells = bytearray(land)  # 1 = land not yet popped; a copy, the caller's grid is untouched
    best = 0
    for start in range(h * w):
        if not cells[start]:
            continue
        area = 0
        stack = [start]
        while stack:
            i = stack.pop()
            cells[i] = 0  # too late: i may still be on the stack, and is counted once per copy
            area += 1
            r, c = divmod(i, w)
            for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if 0 <= nr < h and 0 <= nc < w and cells[nr * w + nc]:
                    stack.append(nr * w + nc)
        best = max(best, area)
    return best


def has_cycle_single_flag(n: int, edges: Any) -> bool:
    """WRONG: directed cycle detection with one "visited" flag instead of three colours.

    Reaching an already-visited node is taken as proof of a cycle. But in a directed graph a
    node can be reached twice without any cycle: a diamond ``0 -> 1 -> 3, 0 -> 2 -> 3`` reaches
    3 twice, and a node finished by an earlier search (``n = 2, edges = [(1, 0)]``, searching
    from 0 first) looks the same. Only a node that is still *on the current path* (grey) closes
    a cycle; finished (black) nodes are safe.

    Fix: white/grey/black colours (:func:`graphs.topological_sort_dfs`), or Kahn's algorithm.
    """
    n = check_count(n)
    us, vs = check_edges(n, edges)
    adj: list[list[int]] = [[] for _ in range(n)]
    for u, v in zip(us, vs, strict=True):
        adj[u].append(v)
    visited = bytearray(n)
    for s in range(n):
        if visited[s]:
            continue
        visited[s] = 1
        stack = [iter(adj[s])]
        while stack:
            for w in stack[-1]:
                if visited[w]:
                    return True  # wrong: w may be finished, not on the current path
                visited[w] = 1
                stack.append(iter(adj[w]))
                break
            else:
                stack.pop()
    return False


def count_components_from_edges(n: int, edges: Any) -> int:
    """WRONG: counts components among the nodes that appear in some edge.

    Union-find over the endpoints of the edges, counting distinct roots. A node with no edge
    never enters the structure, so ``n = 1, edges = []`` gives 0 instead of 1. LeetCode 323
    counts isolated nodes as components.

    Fix: start from all ``n`` nodes (:func:`graphs.count_components`).
    """
    n = check_count(n)
    us, vs = check_edges(n, edges)
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for u, v in zip(us, vs, strict=True):
        parent[find(u)] = find(v)
    return len({find(x) for x in parent})


def kahn_without_count_check(n: int, edges: Any) -> list[int]:
    """WRONG: Kahn's algorithm that returns whatever came out of the queue.

    Nodes on a cycle (and everything downstream of one) never reach in-degree 0, so they never
    leave the queue; without the final ``len(order) == n`` check the function returns a partial
    order as if it were complete. A single self-loop (``n = 1, edges = [(0, 0)]``) returns
    ``[]``.

    Fix: compare the processed count with ``n`` and report the cycle
    (:func:`graphs.topological_sort`, :func:`graphs.find_order`).
    """
    n = check_count(n)
    us, vs = check_edges(n, edges)
    adj: list[list[int]] = [[] for _ in range(n)]
    indeg = [0] * n
    for u, v in zip(us, vs, strict=True):
        adj[u].append(v)
        indeg[v] += 1
    order = [u for u in range(n) if indeg[u] == 0]
    for u in order:
        for v in adj[u]:
            indeg[v] -= 1
            if indeg[v] == 0:
                order.append(v)
    return order  # missing: if len(order) < n: raise CycleError(...)
