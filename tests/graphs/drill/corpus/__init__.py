"""A corpus of LeetCode-style ``class Solution`` files for the drill judge's tests.

``CORPUS`` holds one row per file in ``solutions/``: the problem, the verdict LeetCode gives the
file (by its behaviour at LeetCode's largest inputs; for a hostile file, the verdict a correct
judge must give), the verdict under the judge's ``--strict`` rules (an input mutated ->
``"mutated"``, recursion deeper than 1000 frames on the largest inputs -> ``"recursion"``,
otherwise the LeetCode verdict) and a short description of the style. A mutating solution is
``"mutated"`` under ``--strict`` even when it also recurses deep: LeetCode's first example
already shows the mutation. ``python -m tests.graphs.drill.corpus.verify`` re-derives both
verdicts of the correct files and exercises the hostile ones.
"""

from __future__ import annotations

from pathlib import Path

SOLUTIONS = Path(__file__).resolve().parent / "solutions"

LEETCODE_VERDICTS = ("accepted", "wrong_answer", "time_limit", "memory_limit", "runtime_error")
STRICT_VERDICTS = (*LEETCODE_VERDICTS, "mutated", "recursion")


def _row(file: str, leetcode: str, strict: str, style: str, **extra: str) -> dict[str, object]:
    return {
        "file": file,
        "problem": int(file.rsplit("_", 1)[1].removesuffix(".py")),
        "leetcode": leetcode,
        "strict": strict,
        "style": style,
        **extra,
    }


DEEP = "also recurses ~90 000 frames deep on a 300 x 300 all-land grid"

# fmt: off
CORPUS: list[dict[str, object]] = [
    # ---------------------------------------------------------------- 200 Number of Islands
    _row("sink_bfs_200.py", "accepted", "mutated", "BFS with deque, sinks land to '0' in place"),
    _row("sink_dfs_200.py", "accepted", "mutated", "recursive DFS sinking land to '#' in place",
         note=DEEP),
    _row("seen_dfs_setlimit_200.py", "accepted", "recursion",
         "recursive DFS with a seen set, module-level sys.setrecursionlimit(10**6), "
         "neighbours via pairwise((0, 1, 0, -1, 0))"),
    _row("uf_recursive_200.py", "accepted", "accepted",
         "union-find with a recursive path-compressing find (stays shallow)"),
    _row("product_stack_200.py", "accepted", "accepted",
         "iterative DFS with an explicit stack, cells scanned with product()"),
    _row("deepcopy_sink_200.py", "accepted", "accepted",
         "deepcopy of the grid, then BFS sinking the copy"),
    _row("uf_rank_200.py", "accepted", "accepted", "iterative union-find class with rank"),
    _row("gen_sum_200.py", "accepted", "recursion",
         "recursive DFS as `1 + sum(dfs(...) for ...)`: recursion through a generator"),
    _row("forge_result_line_200.py", "wrong_answer", "wrong_answer",
         "hostile: writes fake result lines to fds 1..20, answers one island too many"),
    _row("always_equal_200.py", "wrong_answer", "wrong_answer",
         "hostile: returns an int subclass equal to everything, holding -7"),
    _row("rewrite_record_200.py", "wrong_answer", "wrong_answer",
         "hostile: appends a fake passing check event to drills/*.jsonl files, answers 0"),
    # ---------------------------------------------------------------- 695 Max Area of Island
    _row("sink_dfs_695.py", "accepted", "mutated",
         "recursive DFS returning the area, sinks land to 0 in place",
         note="also recurses ~2500 frames deep on a 50 x 50 all-land grid"),
    _row("gen_sum_695.py", "accepted", "recursion",
         "recursive DFS as `1 + sum(area(...) for ...)` with a seen set, best starts at -inf"),
    _row("sink_bfs_695.py", "accepted", "mutated",
         "BFS with deque marking visited land as 2 in place"),
    _row("heap_695.py", "accepted", "accepted",
         "iterative DFS with a visited matrix, areas kept in a heap (heappush/heappop)"),
    _row("sortedlist_695.py", "accepted", "accepted",
         "BFS with a seen set, areas kept in a SortedList"),
    _row("counter_uf_695.py", "accepted", "accepted",
         "iterative union-find, island sizes counted with Counter"),
    _row("read_frames_695.py", "wrong_answer", "wrong_answer",
         "hostile: looks for a caller's local `expected`/`answer`, else returns -1"),
    _row("stderr_flood_695.py", "accepted", "accepted",
         "hostile: writes ~800 MiB to stderr on its first call, every answer right",
         note="LeetCode would say Output Limit Exceeded; the drill judge must judge the answers "
         "without hanging on the flood"),
    # ------------------------------------------------- 323 Number of Connected Components
    _row("uf_recursive_323.py", "accepted", "recursion",
         "union-find with a recursive path-compressing find, no union by rank",
         note="a 2000-node path in order chains every root onto the next (each find is on a "
         "root, so nothing is compressed); the ring's closing edge then recurses 2000 deep"),
    _row("uf_rank_323.py", "accepted", "accepted",
         "iterative union-find with rank and path halving"),
    _row("dfs_recursive_323.py", "accepted", "recursion",
         "recursive DFS over a defaultdict adjacency, no recursion limit raised"),
    _row("dfs_setlimit_323.py", "accepted", "recursion",
         "recursive DFS with module-level sys.setrecursionlimit(10**6)"),
    _row("reduce_uf_323.py", "accepted", "accepted",
         "union-find folded over the edges with reduce"),
    _row("accumulate_uf_323.py", "accepted", "accepted",
         "union-find, component count as the last value of accumulate(...)"),
    _row("bfs_deque_323.py", "accepted", "accepted", "BFS with deque over a defaultdict adjacency"),
    _row("bare_except_slow_323.py", "time_limit", "time_limit",
         "hostile: right answer after ~5 s of recounting inside a bare try/except: pass"),
    _row("raise_memory_limit_323.py", "wrong_answer", "wrong_answer",
         "hostile: tries to lift RLIMIT_AS, then answers right only if 6 GiB could be touched"),
    _row("fork_survivor_323.py", "accepted", "accepted",
         "hostile: right answers, but its first call forks a setsid child that sleeps 600 s "
         "(pid in stray.pid)"),
    _row("os_exit_323.py", "runtime_error", "runtime_error",
         "hostile: os._exit(0) in the middle of the call"),
    # ---------------------------------------------------------------- 207 Course Schedule
    _row("kahn_207.py", "accepted", "accepted", "Kahn's algorithm with deque"),
    _row("three_colour_207.py", "accepted", "recursion",
         "white/grey/black recursive DFS cycle check"),
    _row("cache_dfs_207.py", "accepted", "recursion",
         "@cache-memoised recursive DFS with a visiting set, recursion through all(...)"),
    _row("dfs_setlimit_207.py", "accepted", "recursion",
         "recursive DFS with on-path/done sets, module-level sys.setrecursionlimit(10**6)"),
    _row("patch_judge_207.py", "wrong_answer", "wrong_answer",
         "hostile: patches drill/judge modules' verdict functions at import, answers the "
         "opposite"),
    _row("wrong_deep_207.py", "wrong_answer", "recursion",
         "hostile: recursive DFS that calls any chain longer than 1500 a cycle",
         note="wrong only when numCourses > 1500; under --strict its recursion passes 1000 "
         "frames first"),
    # ------------------------------------------------------------- 210 Course Schedule II
    _row("kahn_210.py", "accepted", "accepted", "Kahn's algorithm with deque"),
    _row("three_colour_210.py", "accepted", "recursion",
         "white/grey/black recursive DFS, post-order reversed"),
    _row("postorder_setlimit_210.py", "accepted", "recursion",
         "recursive DFS over prerequisites (post-order is the answer), "
         "module-level sys.setrecursionlimit(10**6)"),
    _row("heap_kahn_210.py", "accepted", "accepted",
         "Kahn's algorithm with a heap (heapify/heappush/heappop): smallest course first"),
    _row("sortedlist_kahn_210.py", "accepted", "accepted",
         "Kahn's algorithm with a SortedList and a Counter of in-degrees"),
    # ------------------------------------------------------------- 1020 Number of Enclaves
    _row("sink_dfs_1020.py", "accepted", "mutated",
         "recursive DFS sinking border land to 0 in place, module-level "
         "sys.setrecursionlimit(10**6)",
         note="also recurses ~250 000 frames deep on a 500 x 500 all-land grid"),
    _row("sink_bfs_1020.py", "accepted", "mutated",
         "BFS with deque from every border land cell, sinking to 0 in place"),
    _row("seen_stack_1020.py", "accepted", "accepted",
         "iterative DFS from the border with a seen set of tuples, grid untouched"),
    # ------------------------------------------------------------- 130 Surrounded Regions
    # The board changed in place is the answer, not a mutated input: --strict accepts it.
    _row("mark_bfs_130.py", "accepted", "accepted",
         "BFS with deque from the border marking 'O' as '#', then one pass flipping"),
    _row("mark_dfs_setlimit_130.py", "accepted", "recursion",
         "recursive DFS from the border marking 'T', module-level sys.setrecursionlimit(10**6)"),
    _row("uf_border_130.py", "accepted", "accepted",
         "union-find with a virtual outside node joined to every border 'O'"),
    _row("return_new_board_130.py", "wrong_answer", "wrong_answer",
         "right board built in a copy and returned, board itself never changed"),
    # ------------------------------------------------------------- 785 Is Graph Bipartite?
    # n <= 100: the recursive DFS stays under 1000 frames, so --strict accepts it too.
    _row("dfs_setlimit_785.py", "accepted", "accepted",
         "recursive DFS colouring 1 / -1, module-level sys.setrecursionlimit(10**6)"),
    _row("bfs_deque_785.py", "accepted", "accepted",
         "BFS with deque from every uncoloured node, colours 0 / 1 by xor"),
    _row("uf_neighbours_785.py", "accepted", "accepted",
         "union-find: each node's neighbours unioned together, a node with its neighbour fails"),
    _row("dict_node_zero_785.py", "wrong_answer", "wrong_answer",
         "BFS colouring in a dict from node 0 only: misses the other components"),
    # ------------------------------------------------------------- 886 Possible Bipartition
    _row("dfs_setlimit_886.py", "accepted", "recursion",
         "recursive DFS over a defaultdict(list), colours in a dict, "
         "module-level sys.setrecursionlimit(10**6)",
         note="also recurses ~4000 frames deep (dfs and its generator) on a path of 2000 people"),
    _row("bfs_deque_886.py", "accepted", "accepted",
         "BFS with deque over a defaultdict(list) from every uncoloured person, 1-based"),
    _row("uf_neighbours_886.py", "accepted", "accepted",
         "union-find over a defaultdict(list): each person's dislikes unioned together"),
    _row("dict_node_zero_886.py", "wrong_answer", "wrong_answer",
         "BFS colouring in a dict from person 1 only: misses the other components"),
    # -------------------------------------------------- 1091 Shortest Path in Binary Matrix
    _row("sink_bfs_1091.py", "accepted", "mutated",
         "BFS with deque over the 3 x 3 block of moves, visited cells set to 1 in the grid"),
    _row("dist_matrix_1091.py", "accepted", "accepted",
         "BFS with collections.deque and a distance matrix, a module-level DIRS list"),
    _row("level_sets_1091.py", "accepted", "accepted",
         "BFS by levels with a seen set, neighbours from itertools.product (pre-imported)"),
    _row("four_dirs_1091.py", "wrong_answer", "wrong_answer",
         "BFS with four moves only, copied from the islands: misses the diagonal steps"),
    _row("recursive_levels_1091.py", "accepted", "recursion",
         "BFS by levels written as a recursive function (one frame a level), "
         "module-level sys.setrecursionlimit(10**6)",
         note="recurses ~4850 frames deep on the winding corridor of a 100 x 100 grid"),
    _row("dfs_first_1091.py", "wrong_answer", "wrong_answer",
         "recursive DFS over the eight moves returning the first path it reaches, not the "
         "shortest"),
    # -------------------------------------------------------------- 684 Redundant Connection
    _row("uf_recursive_684.py", "accepted", "recursion",
         "union-find with a recursive path-compressing find and no rank, module-level "
         "sys.setrecursionlimit(10**6)",
         note="recurses ~1000 frames deep on the path 1 - 2 - ... - 1000 closed by [1, 1000]"),
    _row("dsu_rank_684.py", "accepted", "accepted",
         "DSU class with union by rank and an iterative path-halving find"),
    _row("dfs_each_edge_684.py", "accepted", "recursion",
         "before adding each edge, a recursive DFS over a defaultdict(set) asks whether its "
         "ends are already connected (O(n^2)), module-level sys.setrecursionlimit(10**6)",
         note="recurses ~2000 frames deep (connected and its generator) on the closed path"),
    _row("peel_in_place_684.py", "accepted", "mutated",
         "leaves peeled with a Counter of degrees, edges[:] filtered in place until only the "
         "cycle is left, then its last edge"),
    _row("degree_two_684.py", "wrong_answer", "wrong_answer",
         "the last edge whose two ends both have degree >= 2: not every such edge is on the "
         "cycle"),
    _row("zero_based_684.py", "runtime_error", "runtime_error",
         "union-find with parent = list(range(n)): node n is out of range (IndexError)"),
]
# fmt: on
