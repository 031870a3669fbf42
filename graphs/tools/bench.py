"""Scaling benchmark: our pure-Python solutions vs networkx vs a C reference, in one process.

Run ``python -m graphs.bench [--out docs/results] [--quick] [--quiet]``.

For each problem the script builds random inputs of growing size (about ``10**3`` to ``10**6``
edges plus nodes, or grid cells), times every solution on the same input as the median of
interleaved repeats (ours, networkx and the reference take turns, so a slow phase of the machine
hits all of them alike), fits the log-log slope of time against ``V + E`` (or cells), and writes

* ``graphs_bench.json``: machine, versions, per-problem sizes, times and slopes, the ratios at the
  target sizes and whether each goal was met;
* ``graphs_scaling.png``: log-log time against size, one line per solution, slope in the legend.

Peers (graph building is timed for everyone, since our functions build theirs too):

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
``docs/generated/graphs/scaling/<name>.md``.

Goals: every slope of ours in ``[0.85, 1.2]`` (linear, as derived); at least 3x faster than
networkx on a random graph with ``10**5`` nodes and ``5 * 10**5`` edges (components) and on a
700 x 700 grid (islands). The ratio to the reference is printed and recorded, whatever it is.
Ctrl-C stops the run and still writes what was finished. The progress bar goes to stderr only
when stderr is a terminal (never into logs) and ``--quiet`` hides it. Both files are written
atomically (a temporary file in the same folder, then ``os.replace``), so an interrupted write
never leaves a cut results file.
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import os
import platform
import random
import stat
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import chain
from pathlib import Path
from typing import Any

import graphs
from graphs._files import replacing, write_text_atomic

__all__ = ["Problem", "main", "problems", "render", "run"]

SLOPE_RANGE = (0.85, 1.2)
SPEEDUP_GOAL = 3.0
SEED = 20240601
EDGE_FACTOR = 5  # m = 5 n, as in the target graph (10**5 nodes, 5 * 10**5 edges)
TARGET_N = 10**5
TARGET_SIDE = 700
SPLIT_X = 100_000  # diagnostic split of the size range (cache-resident vs not)


# ----------------------------------------------------------------------------- declarations


@dataclass
class Problem:
    """One benchmarked drill: how to make inputs of size ``x`` and the solutions timed on them.

    Each problem is a module-level constant below, next to its inputs and its peers, and
    :func:`problems` finds them all; no other list names them. Its results appear on the site
    wherever a page includes ``docs/generated/graphs/scaling/<name>.md`` (the page that shows
    the code of the functions in ``ours``; a test checks that pairing).
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


def problems() -> list[Problem]:
    """Every :class:`Problem` constant of this module, in the order they are defined."""
    return [value for value in globals().values() if isinstance(value, Problem)]


def _graph_x(args: tuple[Any, ...]) -> int:
    n, edges = args
    return n + len(edges)


def _adj_x(args: tuple[Any, ...]) -> int:
    (adj,) = args
    return len(adj) + sum(map(len, adj))


def _grid_x(args: tuple[Any, ...]) -> int:
    (grid,) = args
    return len(grid) * len(grid[0])


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


COMPONENTS = Problem(
    name="components",
    x_label="V + E",
    make=lambda x, s: random_graph(max(1, x // (EDGE_FACTOR + 1)), s),
    size_of=_graph_x,
    ours={"graphs.count_components": graphs.count_components},
    networkx=nx_components,
    reference=scipy_components,
    reference_name="scipy.sparse.csgraph.connected_components",
    reference_is_c=True,
    target_x=TARGET_N * (EDGE_FACTOR + 1),
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


BFS = Problem(
    name="bfs",
    x_label="V + E",
    make=lambda x, s: (random_adjacency(max(1, x // (EDGE_FACTOR + 1)), s),),
    size_of=_adj_x,
    ours={"graphs.shortest_path_lengths": ours_bfs},
    networkx=nx_bfs,
    reference=scipy_bfs,
    reference_name="scipy.sparse.csgraph.breadth_first_order",
    reference_is_c=True,
    target_x=TARGET_N * (EDGE_FACTOR + 1),
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


TOPOSORT = Problem(
    name="toposort",
    x_label="V + E",
    make=lambda x, s: random_dag(max(1, x // (EDGE_FACTOR + 1)), s),
    size_of=_graph_x,
    ours={
        "graphs.topological_sort_kahn": ours_topo_kahn,
        "graphs.topological_sort_dfs": ours_topo_dfs,
    },
    networkx=nx_topo,
    reference=graphlib_topo,
    reference_name="graphlib.TopologicalSorter (pure Python)",
    reference_is_c=False,
    target_x=TARGET_N * (EDGE_FACTOR + 1),
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


ISLANDS = Problem(
    name="islands",
    x_label="cells",
    make=lambda x, s: (random_grid(max(1, round(math.sqrt(x))), s),),
    size_of=_grid_x,
    ours={"graphs.num_islands": graphs.num_islands},
    networkx=nx_islands,
    reference=scipy_islands,
    reference_name="scipy.ndimage.label",
    reference_is_c=True,
    target_x=TARGET_SIDE * TARGET_SIDE,
    target_label="700 x 700 grid, land with probability 1/2",
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


MAX_AREA = Problem(
    name="max_area",
    x_label="cells",
    make=lambda x, s: (random_grid(max(1, round(math.sqrt(x))), s),),
    size_of=_grid_x,
    ours={"graphs.max_area_of_island": graphs.max_area_of_island},
    networkx=nx_max_area,
    reference=scipy_max_area,
    reference_name="scipy.ndimage.label + numpy.bincount",
    reference_is_c=True,
    target_x=TARGET_SIDE * TARGET_SIDE,
    target_label="700 x 700 grid, land with probability 1/2",
)


# ----------------------------------------------------------------------------- timing


def _time_once(func: Callable[..., Any], args: tuple[Any, ...], number: int) -> float:
    gc.collect()
    t0 = time.perf_counter()
    for _ in range(number):
        func(*args)
    return (time.perf_counter() - t0) / number


def time_interleaved(
    solvers: dict[str, Callable[..., Any]],
    args: tuple[Any, ...],
    repeats: int,
    min_sample: float = 0.02,
) -> tuple[dict[str, float], dict[str, Any]]:
    """Median seconds per call of each solver, repeats interleaved; plus each one's answer.

    The first call of each solver (untimed in the result) warms it up, gives its answer for the
    agreement check, and sets how many calls one sample loops over (at least ``min_sample``
    seconds per sample, so sub-millisecond calls are not lost in timer noise).
    """
    answers: dict[str, Any] = {}
    number: dict[str, int] = {}
    for name, f in solvers.items():
        gc.collect()
        t0 = time.perf_counter()
        answers[name] = f(*args)
        t = time.perf_counter() - t0
        number[name] = max(1, min(1000, int(min_sample / max(t, 1e-7))))
    samples: dict[str, list[float]] = {name: [] for name in solvers}
    names = list(solvers)
    for rep in range(repeats):
        k = rep % len(names)  # rotate who goes first
        for name in names[k:] + names[:k]:
            samples[name].append(_time_once(solvers[name], args, number[name]))
    return {name: statistics.median(s) for name, s in samples.items()}, answers


def loglog_slope(xs: list[float], ts: list[float]) -> float | None:
    """Least-squares slope of ``log t`` against ``log x``."""
    if len(xs) < 2:
        return None
    lx = [math.log(x) for x in xs]
    lt = [math.log(t) for t in ts]
    mx, mt = statistics.fmean(lx), statistics.fmean(lt)
    sxx = sum((a - mx) ** 2 for a in lx)
    sxt = sum((a - mx) * (b - mt) for a, b in zip(lx, lt, strict=True))
    return sxt / sxx


def sizes_for(problem: Problem, quick: bool) -> list[int]:
    """Geometric sizes from 10**3 up (10**6 full, 10**4 quick), plus the target size."""
    top = 4 if quick else 6
    step = 2  # two sizes per decade
    xs = [round(10 ** (3 + i / step)) for i in range(0, (top - 3) * step + 1)]
    if not quick and problem.target_x is not None:
        xs.append(problem.target_x)
    return sorted(set(xs))


def _machine() -> dict[str, Any]:
    import matplotlib
    import networkx
    import numpy
    import scipy

    return {
        "machine": {
            "platform": platform.platform(),
            "processor": platform.processor() or platform.machine(),
            "cpu_count": os.cpu_count(),
            "python": sys.version.split()[0],
            "implementation": platform.python_implementation(),
            # 1, 5 and 15 minute load averages when the run started: a busy machine is noisy
            "load_average": list(os.getloadavg()) if hasattr(os, "getloadavg") else None,
        },
        "versions": {
            "python": sys.version.split()[0],
            "networkx": networkx.__version__,
            "scipy": scipy.__version__,
            "numpy": numpy.__version__,
            "matplotlib": matplotlib.__version__,
        },
    }


def run(quick: bool = False, progress: bool = True) -> dict[str, Any]:
    """Run every problem at every size; returns the report (partial if interrupted).

    A progress bar goes to stderr if ``progress`` is true and stderr is a terminal: its
    carriage-return updates would otherwise pile up as one long line in a log file.
    """
    from tqdm import tqdm

    repeats_small, repeats_big = (2, 2) if quick else (5, 3)
    chosen = problems()
    plan = [(p, x) for p in chosen for x in sizes_for(p, quick)]
    report: dict[str, Any] = {
        "format_version": 1,
        "generated_by": "python -m graphs.bench" + (" --quick" if quick else ""),
        "quick": quick,
        "interrupted": False,
        **_machine(),
        "settings": {
            "seed": SEED,
            "edge_factor": EDGE_FACTOR,
            "repeats": {"x < 3e5": repeats_small, "x >= 3e5": repeats_big},
            "statistic": "median of interleaved repeats; each sample >= ~20 ms of looped calls",
            "gc": "inputs frozen with gc.freeze() while timed; gc.collect() before each sample",
            "slope_goal": list(SLOPE_RANGE),
            "speedup_goal_vs_networkx": SPEEDUP_GOAL,
        },
        "problems": {},
    }
    for p in chosen:
        p.results = {"x": [], "times": {}, "answers_agree": True}
    show = progress and _is_terminal(sys.stderr)
    bar = tqdm(plan, desc="graphs.bench", unit="size", disable=not show, file=sys.stderr)
    try:
        for p, x in bar:
            bar.set_postfix_str(f"{p.name} x={x:,}")
            args = p.make(x, SEED + x)
            x_built = p.size_of(args)
            solvers = dict(p.ours)
            solvers["networkx"] = p.networkx
            solvers[p.reference_name] = p.reference
            reps = repeats_small if x < 300_000 else repeats_big
            gc.collect()
            gc.freeze()  # the input is long-lived: collections inside a solver need not rescan it
            try:
                times, answers = time_interleaved(solvers, args, reps, 0.002 if quick else 0.02)
            finally:
                gc.unfreeze()
            del args
            if len(set(answers.values())) != 1:
                p.results["answers_agree"] = False
            p.results["x"].append(x_built)
            p.results.setdefault("nominal_x", []).append(x)
            for name, t in times.items():
                p.results["times"].setdefault(name, []).append(t)
    except KeyboardInterrupt:
        report["interrupted"] = True
        print("\ninterrupted: writing the sizes that finished", file=sys.stderr)
    finally:
        bar.close()
    for p in chosen:
        report["problems"][p.name] = _summarise(p)
    report["goals"] = _goals(chosen, report["problems"], quick)
    return report


def _is_terminal(stream: Any) -> bool:
    """Whether ``stream`` is an interactive terminal (a closed or odd stream is not)."""
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def _summarise(p: Problem) -> dict[str, Any]:
    res = p.results
    xs = res.get("x", [])
    n_done = min((len(t) for t in res.get("times", {}).values()), default=0)
    xs = xs[:n_done]
    times = {k: v[:n_done] for k, v in res.get("times", {}).items()}
    slopes = {k: loglog_slope(xs, v) for k, v in times.items()}
    # Diagnostics, not goals: the slope below and above 10^5, where the working set of a random
    # graph leaves the CPU caches and every language's time per element starts to grow.
    small = [i for i, x in enumerate(xs) if x <= SPLIT_X]
    large = [i for i, x in enumerate(xs) if x >= SPLIT_X]
    slopes_by_range = {
        k: {
            f"x <= {SPLIT_X:g}": loglog_slope([xs[i] for i in small], [v[i] for i in small]),
            f"x >= {SPLIT_X:g}": loglog_slope([xs[i] for i in large], [v[i] for i in large]),
        }
        for k, v in times.items()
    }
    ns_per_element = {
        k: [t / x * 1e9 for t, x in zip(v, xs, strict=True)] for k, v in times.items()
    }
    out: dict[str, Any] = {
        "x_label": p.x_label,
        "ours": list(p.ours),
        "networkx": "networkx",
        "reference": p.reference_name,
        "reference_is_c": p.reference_is_c,
        "x": xs,
        "nominal_x": res.get("nominal_x", [])[:n_done],
        "seconds": times,
        "slopes": slopes,
        "slopes_by_range": slopes_by_range,
        "ns_per_element": ns_per_element,
        "answers_agree": res.get("answers_agree", True),
    }
    # ratios at the target size if it was measured, else at the largest size measured
    if xs:
        nominal = out["nominal_x"]
        at_target = p.target_x in nominal
        i = nominal.index(p.target_x) if at_target else len(xs) - 1
        ratios = {}
        for name in p.ours:
            t = times[name][i]
            ratios[name] = {
                "seconds": t,
                "networkx_seconds": times["networkx"][i],
                "reference_seconds": times[p.reference_name][i],
                "speedup_vs_networkx": times["networkx"][i] / t,
                "ours_over_reference": t / times[p.reference_name][i],
            }
        out["at_target"] = {
            "label": p.target_label if at_target else "largest size measured (not the target)",
            "is_target": at_target,
            "x": xs[i],
            "ratios": ratios,
        }
    return out


def _goals(chosen: list[Problem], measured: dict[str, Any], quick: bool) -> dict[str, Any]:
    lo, hi = SLOPE_RANGE
    slopes = {}
    for name, pr in measured.items():
        for solver in pr["ours"]:
            s = pr["slopes"].get(solver)
            slopes[f"{name}: {solver}"] = {
                "slope": s,
                "met": s is not None and lo <= s <= hi,
                # the peers on the same inputs, for context when a slope is above 1
                "peer_slopes": {k: v for k, v in pr["slopes"].items() if k not in pr["ours"]},
                "slopes_by_range": pr["slopes_by_range"].get(solver),
            }
    speed = {}
    for p in chosen:
        if not p.speedup_goal:
            continue
        tgt = measured[p.name].get("at_target")
        ok = bool(tgt and tgt["is_target"])
        for solver, r in (tgt or {}).get("ratios", {}).items():
            speed[f"{p.name}: {solver}"] = {
                "speedup_vs_networkx": r["speedup_vs_networkx"],
                "evaluated": ok,
                "met": ok and r["speedup_vs_networkx"] >= SPEEDUP_GOAL,
            }
    all_met = all(v["met"] for v in slopes.values()) and all(v["met"] for v in speed.values())
    return {
        "slopes_linear": slopes,
        "speedup_vs_networkx": speed,
        "all_met": bool(all_met and not quick),
        "note": "quick runs stop at 10^4: slopes are noisy and the targets are not measured"
        if quick
        else "full run",
    }


# ----------------------------------------------------------------------------- output


def plot(report: dict[str, Any], path: Path) -> None:
    """Log-log time against size, one panel per problem, fitted slope in the legend."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    probs = report["problems"]
    rows = max(1, math.ceil(len(probs) / 2))
    fig, axes = plt.subplots(rows, 2, figsize=(11, 4.25 * rows), squeeze=False)
    for ax in axes.flat[len(probs) :]:
        ax.set_visible(False)  # an odd number of problems leaves one panel empty
    ours_colours = ["tab:blue", "tab:purple"]
    for ax, (name, pr) in zip(axes.flat, probs.items(), strict=False):
        xs = pr["x"]
        for solver, ts in pr["seconds"].items():
            if not ts:
                continue
            slope = pr["slopes"].get(solver)
            label = f"{solver} (slope {slope:.2f})" if slope is not None else solver
            ours = solver in pr["ours"]
            if ours:
                colour = ours_colours[pr["ours"].index(solver) % len(ours_colours)]
            else:
                colour = "tab:orange" if solver == "networkx" else "tab:green"
            ax.loglog(
                xs,
                ts,
                marker="o" if ours else ".",
                linewidth=2.2 if ours else 1.2,
                color=colour,
                label=label,
            )
        if xs:  # a slope-1 guide through our first point
            t0 = pr["seconds"][pr["ours"][0]][0]
            ax.loglog(xs, [t0 * x / xs[0] for x in xs], "k:", linewidth=0.8, label="slope 1")
        ax.set_title(name)
        ax.set_xlabel(pr["x_label"])
        ax.set_ylabel("seconds (median)")
        ax.grid(True, which="both", alpha=0.3)
        if xs:
            ax.legend(fontsize=7, loc="upper left")
        else:
            ax.text(0.5, 0.5, "not measured (interrupted)", ha="center", transform=ax.transAxes)
    fig.suptitle("graphs: time vs input size (log-log)" + (" [quick]" if report["quick"] else ""))
    fig.tight_layout()
    with replacing(path) as tmp:  # atomic: an interrupted save leaves the old figure
        fig.savefig(tmp, format=Path(path).suffix.lstrip(".") or "png", dpi=110,
                    metadata={"Software": None})  # fmt: skip
    plt.close(fig)


def summary_lines(report: dict[str, Any]) -> list[str]:
    lines = []
    for name, pr in report["problems"].items():
        slopes = ", ".join(
            f"{k} {v:.2f}" if v is not None else f"{k} n/a" for k, v in pr["slopes"].items()
        )
        lines.append(f"[{name}] slopes vs {pr['x_label']}: {slopes}")
        for solver in pr["ours"]:
            parts = ", ".join(
                f"{rng} {v:.2f}" if v is not None else f"{rng} n/a"
                for rng, v in pr["slopes_by_range"].get(solver, {}).items()
            )
            lines.append(f"  {solver} slope by range (diagnostic): {parts}")
        tgt = pr.get("at_target")
        if tgt:
            for solver, r in tgt["ratios"].items():
                ref = "C reference" if pr["reference_is_c"] else "pure-Python reference"
                lines.append(
                    f"  at {tgt['label']} (x={tgt['x']:,}): {solver} {r['seconds'] * 1e3:.1f} ms;"
                    f" networkx {r['networkx_seconds'] * 1e3:.1f} ms"
                    f" -> {r['speedup_vs_networkx']:.1f}x faster than networkx;"
                    f" {pr['reference']} {r['reference_seconds'] * 1e3:.1f} ms"
                    f" -> ours/{ref} = {r['ours_over_reference']:.1f}"
                )
    g = report["goals"]
    for k, v in g["slopes_linear"].items():
        s = "n/a" if v["slope"] is None else f"{v['slope']:.2f}"
        lines.append(
            f"goal slope in {list(SLOPE_RANGE)}: {k} = {s}: {'met' if v['met'] else 'NOT met'}"
        )
    for k, v in g["speedup_vs_networkx"].items():
        state = (
            ("met" if v["met"] else "NOT met")
            if v["evaluated"]
            else "not evaluated (target size not measured)"
        )
        lines.append(
            f"goal >= {SPEEDUP_GOAL:g}x networkx: {k} = {v['speedup_vs_networkx']:.1f}x: {state}"
        )
    lines.append(f"all goals met: {g['all_met']}")
    return lines


def render(report: dict[str, Any]) -> str:
    """The JSON text of ``report`` as written to ``graphs_bench.json``."""
    return json.dumps(report, indent=2) + "\n"


#: The files :func:`main` writes into ``--out``.
OUT_FILES = ("graphs_bench.json", "graphs_scaling.png")


def out_problem(out: Path) -> str | None:
    """Why the results cannot be written into the folder ``out`` (one sentence), or ``None``.

    Checked before any measuring, so a bad ``--out`` never costs minutes of timing: ``out`` is
    an existing folder or a new one inside an existing folder, writable, and each file written
    there (:data:`OUT_FILES`) is new or a regular file (a folder, device, FIFO or symbolic link
    in its place is refused). Nothing is created here.
    """
    out = Path(out)
    if out.exists():
        if not out.is_dir():
            return f"{out} is not a folder; give a folder for {' and '.join(OUT_FILES)}"
        folder = out
    else:
        folder = out.parent
        if out.is_symlink():
            return f"{out} is a broken symbolic link; give a folder"
        if not folder.exists():
            return f"the folder {folder} (where {out} would be made) does not exist"
        if not folder.is_dir():
            return f"{folder} is not a folder"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"cannot write in the folder {folder}"
    for name in OUT_FILES:
        path = out / name
        try:
            mode = path.lstat().st_mode
        except FileNotFoundError:
            continue
        except OSError as e:
            return f"cannot inspect {path}: {e.strerror or e}"
        if stat.S_ISLNK(mode):
            return f"{path} is a symbolic link; it would be replaced by a file"
        if not stat.S_ISREG(mode):
            return f"{path} is not a regular file (a folder, device, FIFO or socket)"
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m graphs.bench",
        description=(
            "Scaling benchmark: our pure-Python graph solutions vs networkx vs a C reference,"
            " in one process. Writes graphs_bench.json and graphs_scaling.png into --out."
            " Writing into docs/results rewrites tracked results: then run"
            " .venv/bin/python -m docs.gen to refresh the site's pages."
        ),
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=Path("docs/results"),
        help="folder for graphs_bench.json and graphs_scaling.png (default: %(default)s)",
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help="small sizes and fewer repeats only, a smoke run of a few seconds (default: off)",
    )
    parser.add_argument(
        "-q",
        "--quiet",
        "--no-progress",
        dest="quiet",
        action="store_true",
        help="no progress bar; without it a bar shows only when stderr is a terminal"
        " (default: off)",
    )
    args = parser.parse_args(argv)
    problem = out_problem(args.out)
    if problem is not None:  # before any measuring: a bad --out costs nothing
        print(f"error: --out: {problem}", file=sys.stderr)
        return 2
    report = run(quick=args.quick, progress=not args.quiet)
    args.out.mkdir(parents=True, exist_ok=True)
    json_path = args.out / "graphs_bench.json"
    png_path = args.out / "graphs_scaling.png"
    write_text_atomic(json_path, render(report))
    try:
        plot(report, png_path)
    except KeyboardInterrupt:
        print(f"interrupted while plotting: wrote {json_path} only", file=sys.stderr)
        return 130
    for line in summary_lines(report):
        print(line)
    print(f"wrote {json_path} and {png_path}")
    return 130 if report["interrupted"] else 0


if __name__ == "__main__":
    sys.exit(main())
