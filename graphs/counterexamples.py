"""Find a small failing input for every deliberately wrong variant in :mod:`graphs.pitfalls`.

Run ``python -m graphs.counterexamples [--out docs/results]``. For each pitfall, hypothesis
searches (derandomised, no example database, so the same versions give the same file) for an
input on which the wrong variant disagrees with the correct function, and shrinks it. The result,
with the correct and the wrong output and a hand-picked "classic" input (the diamond, a 100 x 100
island, ...), goes to ``graphs_pitfalls.json`` for the site.

Needs ``hypothesis`` (the ``test`` extra). The file is written atomically (a temporary file in
the same folder, then ``os.replace``).
"""

from __future__ import annotations

import argparse
import json
import sys
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import graphs
from graphs import pitfalls
from graphs._files import write_text_atomic

__all__ = ["PITFALLS", "Pitfall", "build_report", "main", "search"]

RESULT_NAME = "graphs_pitfalls.json"
FORMAT_VERSION = 1


def _outcome(func: Callable[..., Any], args: dict[str, Any]) -> dict[str, Any]:
    """What a call returns or raises, as JSON."""
    try:
        value = func(**args)
    except graphs.CycleError as err:
        return {"raises": "CycleError", "cycle": err.cycle}
    except RecursionError:
        return {"raises": "RecursionError"}
    if isinstance(value, list):
        return {"returns": list(value)}
    return {"returns": value}


def _cycle_or_order(n: int, edges: list[list[int]]) -> Any:
    return graphs.topological_sort(n, edges)


def _has_cycle(n: int, edges: list[list[int]]) -> bool:
    try:
        graphs.topological_sort(n, edges)
    except graphs.CycleError:
        return True
    return False


@dataclass(frozen=True)
class Pitfall:
    """One wrong variant, its correct counterpart, and how to search for a failing input."""

    name: str
    mistake: str
    what_goes_wrong: str
    wrong: Callable[..., Any]
    correct: Callable[..., Any]
    strategy: Callable[[], Any]  # -> strategy of keyword-argument dicts
    classic: dict[str, Any]
    describe: Callable[[dict[str, Any]], dict[str, Any]] = lambda args: args

    def fails(self, args: dict[str, Any]) -> bool:
        """True when the wrong variant's outcome differs from the correct one's."""
        return _outcome(self.wrong, args) != _outcome(self.correct, args)


def _adjacency_args() -> Any:
    from hypothesis import strategies as st

    @st.composite
    def build(draw: Any) -> dict[str, Any]:
        n = draw(st.integers(1, 6))
        adj = draw(st.lists(st.lists(st.integers(0, n - 1), max_size=4), min_size=n, max_size=n))
        return {"adj": adj, "start": 0}

    return build()


def _graph_args() -> Any:
    from hypothesis import strategies as st

    @st.composite
    def build(draw: Any) -> dict[str, Any]:
        n = draw(st.integers(0, 6))
        if n == 0:
            return {"n": 0, "edges": []}
        node = st.integers(0, n - 1)
        edges = draw(st.lists(st.lists(node, min_size=2, max_size=2), max_size=8))
        return {"n": n, "edges": edges}

    return build()


def _grid_args() -> Any:
    from hypothesis import strategies as st

    @st.composite
    def build(draw: Any) -> dict[str, Any]:
        h = draw(st.integers(0, 5))
        w = draw(st.integers(0, 5))
        row = st.lists(st.integers(0, 1), min_size=w, max_size=w)
        return {"grid": draw(st.lists(row, min_size=h, max_size=h))}

    return build()


def _square_land_args() -> Any:
    from hypothesis import strategies as st

    # Sides by orders of magnitude, so the minimal failing side does not depend on the exact
    # recursion limit (hypothesis itself raises the limit a little while it runs).
    return st.sampled_from([1, 3, 10, 30, 100, 300]).map(
        lambda k: {"grid": [[1] * k for _ in range(k)]}
    )


def _square_summary(args: dict[str, Any]) -> dict[str, Any]:
    grid = args["grid"]
    k = len(grid)
    return {"grid": f"{k} x {k}, every cell 1", "rows": k, "cols": k, "fill": 1}


DIAMOND = {"n": 4, "edges": [[0, 1], [0, 2], [1, 3], [2, 3]]}

PITFALLS: list[Pitfall] = [
    Pitfall(
        name="bfs_order_mark_on_dequeue",
        mistake="BFS marks a node visited when it is dequeued instead of when it is enqueued",
        what_goes_wrong=(
            "A node reached twice before it is dequeued enters the queue twice and is "
            "visited twice; on dense graphs the queue grows to O(E)."
        ),
        wrong=pitfalls.bfs_order_mark_on_dequeue,
        correct=graphs.bfs_order,
        strategy=_adjacency_args,
        classic={"adj": [[1, 2], [3], [3], []], "start": 0},
    ),
    Pitfall(
        name="num_islands_recursive",
        mistake="recursive flood fill (one Python frame per cell of the island)",
        what_goes_wrong=(
            "Correct on small grids, but an island of k cells can need recursion depth near k; "
            "Python's default limit is 1000 frames, so a big all-land grid raises RecursionError."
        ),
        wrong=pitfalls.num_islands_recursive,
        correct=graphs.num_islands,
        strategy=_square_land_args,
        classic={"grid": [[1] * 300 for _ in range(300)]},
        describe=_square_summary,
    ),
    Pitfall(
        name="num_islands_wraparound",
        mistake="bounds check by catching IndexError: r - 1 == -1 silently means the last row",
        what_goes_wrong=(
            "Cells on opposite borders count as neighbours (Python's negative indices wrap "
            "around), so separate islands merge."
        ),
        wrong=pitfalls.num_islands_wraparound,
        correct=graphs.num_islands,
        strategy=_grid_args,
        classic={"grid": [[1, 0, 0], [0, 0, 0], [1, 0, 0]]},
    ),
    Pitfall(
        name="has_cycle_single_flag",
        mistake="directed cycle detection with one visited flag instead of three colours",
        what_goes_wrong=(
            "Meeting any visited node is taken as a cycle, but a node finished earlier (a shared "
            "descendant as in a diamond, or a node from an earlier search) is not on the "
            "current path: a false cycle on a DAG."
        ),
        wrong=pitfalls.has_cycle_single_flag,
        correct=_has_cycle,
        strategy=_graph_args,
        classic=DIAMOND,
    ),
    Pitfall(
        name="count_components_from_edges",
        mistake="components counted over the nodes that appear in edges",
        what_goes_wrong="Isolated nodes are never seen, so they are not counted as components.",
        wrong=pitfalls.count_components_from_edges,
        correct=graphs.count_components,
        strategy=_graph_args,
        classic={"n": 5, "edges": [[0, 1], [1, 2]]},
    ),
    Pitfall(
        name="kahn_without_count_check",
        mistake="Kahn's algorithm without the processed-count check",
        what_goes_wrong=(
            "Nodes on (or behind) a cycle never reach in-degree 0; without comparing the "
            "number processed with n, a partial order is returned as if it were complete."
        ),
        wrong=pitfalls.kahn_without_count_check,
        correct=_cycle_or_order,
        strategy=_graph_args,
        classic={"n": 4, "edges": [[0, 1], [1, 2], [2, 1], [2, 3]]},
    ),
]


def search(pitfall: Pitfall) -> dict[str, Any]:
    """The minimal failing input hypothesis finds for ``pitfall`` (deterministic)."""
    from hypothesis import HealthCheck, find, settings
    from hypothesis.errors import HypothesisWarning

    config = settings(
        database=None,
        derandomize=True,
        max_examples=1000,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", HypothesisWarning)  # the repr of a 300 x 300 grid
        return find(pitfall.strategy(), pitfall.fails, settings=config)


def _record(pitfall: Pitfall, args: dict[str, Any]) -> dict[str, Any]:
    return {
        "input": pitfall.describe(args),
        "correct": _outcome(pitfall.correct, args),
        "wrong": _outcome(pitfall.wrong, args),
    }


def build_report() -> dict[str, Any]:
    """Every pitfall with its minimal failing input and its classic example."""
    import hypothesis

    entries = []
    for p in PITFALLS:
        found = search(p)
        entries.append(
            {
                "name": p.name,
                "wrong_function": f"graphs.pitfalls.{p.wrong.__name__}",
                "correct_function": (
                    f"graphs.{p.correct.__name__}"
                    if not p.correct.__name__.startswith("_")
                    else "graphs.topological_sort"
                ),
                "mistake": p.mistake,
                "what_goes_wrong": p.what_goes_wrong,
                "minimal": _record(p, found),
                "classic": _record(p, p.classic),
            }
        )
    return {
        "format_version": FORMAT_VERSION,
        "generated_by": "python -m graphs.counterexamples",
        "search": {
            "tool": "hypothesis.find",
            "hypothesis": hypothesis.__version__,
            "derandomize": True,
            "max_examples": 1000,
        },
        "pitfalls": entries,
    }


def render(report: dict[str, Any]) -> str:
    """The JSON text written to disk (stable key order, one trailing newline)."""
    return json.dumps(report, indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m graphs.counterexamples",
        description=(
            "Find a minimal failing input for every wrong variant in graphs.pitfalls and write"
            f" {RESULT_NAME} into --out (about a second, no progress bar). Writing into"
            " docs/results rewrites a tracked result: then run .venv/bin/python -m docs.gen."
        ),
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=Path("docs/results"),
        help=f"folder for {RESULT_NAME} (default: %(default)s)",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="do not write; exit 1 if the file on disk differs from a fresh search (default: off)",
    )
    args = parser.parse_args(argv)
    text = render(build_report())
    path = args.out / RESULT_NAME
    if args.check:
        same = path.is_file() and path.read_text(encoding="utf-8") == text
        print(f"{path}: {'up to date' if same else 'OUT OF DATE'}")
        return 0 if same else 1
    path.parent.mkdir(parents=True, exist_ok=True)
    write_text_atomic(path, text)  # a temporary file, then os.replace: never a cut file
    for entry in json.loads(text)["pitfalls"]:
        m = entry["minimal"]
        print(f"{entry['name']}: input {m['input']} -> correct {m['correct']}, wrong {m['wrong']}")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
