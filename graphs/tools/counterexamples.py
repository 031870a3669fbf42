"""Find a small failing input for every deliberately wrong variant in :mod:`graphs.pitfalls`.

Run ``python -m graphs.tools.counterexamples [--out docs/results] [--check]``. For each pitfall,
hypothesis searches (derandomised, no example database, so the same versions give the same file)
for an input on which the wrong variant disagrees with the correct function, and shrinks it. The
result, with the correct and the wrong output and a hand-picked "classic" input (the diamond, a
300 x 300 island, ...), goes to ``graphs_pitfalls.json`` for the site.

``--check`` writes nothing: it exits 1 when the file differs from a fresh search under the same
hypothesis version, and 0 (saying so) when the file was found with another version. Each pitfall
is a :class:`Pitfall` constant in this module, found by :func:`declared`.

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
from graphs.tools.files import write_text_atomic

__all__ = [
    "MAX_EXAMPLES",
    "PITFALLS",
    "Pitfall",
    "build_report",
    "check",
    "declared",
    "graph_args",
    "grid_args",
    "main",
    "record_of",
    "search",
]

PROG = "python -m graphs.tools.counterexamples"
RESULT_NAME = "graphs_pitfalls.json"
FORMAT_VERSION = 1
MAX_EXAMPLES = 1000


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


def _has_cycle(n: int, edges: list[list[int]]) -> bool:
    """The yes/no question the wrong variant answers, asked of the three-colour DFS."""
    try:
        graphs.topological_sort_dfs(n, edges)
    except graphs.CycleError:
        return True
    return False


@dataclass(frozen=True)
class Pitfall:
    """One wrong variant, its correct counterpart, and how to search for a failing input.

    Each pitfall is a module-level constant below, and :func:`declared` finds them all; no other
    list names them. Its counterexample appears on the site wherever a page includes
    ``docs/generated/graphs/pitfalls/<name>.md`` (the page that shows ``correct``; a test checks
    that pairing and that the page explains the mistake in its own words).
    """

    mistake: str
    what_goes_wrong: str
    wrong: Callable[..., Any]  # a function of graphs.pitfalls; its name names the pitfall
    correct: Callable[..., Any]  # the public graphs function that does it right
    strategy: Callable[[], Any]  # -> strategy of keyword-argument dicts
    classic: dict[str, Any]
    describe: Callable[[dict[str, Any]], dict[str, Any]] = lambda args: args
    # When ``correct`` answers another question than ``wrong`` (an order, not "is there a
    # cycle?"), the same question asked of ``correct``.
    ask_correct: Callable[..., Any] | None = None

    @property
    def name(self) -> str:
        return self.wrong.__name__

    @property
    def wrong_function(self) -> str:
        return f"graphs.pitfalls.{self.wrong.__name__}"

    @property
    def correct_function(self) -> str:
        return f"graphs.{self.correct.__name__}"

    def correct_outcome(self, args: dict[str, Any]) -> dict[str, Any]:
        return _outcome(self.ask_correct or self.correct, args)

    def wrong_outcome(self, args: dict[str, Any]) -> dict[str, Any]:
        return _outcome(self.wrong, args)

    def fails(self, args: dict[str, Any]) -> bool:
        """True when the wrong variant's outcome differs from the correct one's."""
        return self.wrong_outcome(args) != self.correct_outcome(args)


def declared() -> list[Pitfall]:
    """Every :class:`Pitfall` constant of this module, in the order they are defined."""
    return [value for value in globals().values() if isinstance(value, Pitfall)]


def _adjacency_args() -> Any:
    from hypothesis import strategies as st

    @st.composite
    def build(draw: Any) -> dict[str, Any]:
        n = draw(st.integers(1, 6))
        adj = draw(st.lists(st.lists(st.integers(0, n - 1), max_size=4), min_size=n, max_size=n))
        return {"adj": adj, "start": 0}

    return build()


def graph_args() -> Any:
    """Small graphs (up to 6 nodes, 8 pairs, repeats and self-loops allowed) as ``n, edges``."""
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


def grid_args() -> Any:
    """Small 0/1 grids (sides 0 to 5) as ``grid``."""
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


# ----------------------------------------------------------------------------- the pitfalls


BFS_MARK_ON_DEQUEUE = Pitfall(
    mistake="BFS marks a node visited when it is dequeued instead of when it is enqueued",
    what_goes_wrong=(
        "A node reached twice before it is dequeued enters the queue twice and is "
        "visited twice; on dense graphs the queue grows to O(E)."
    ),
    wrong=pitfalls.bfs_order_mark_on_dequeue,
    correct=graphs.bfs_order,
    strategy=_adjacency_args,
    classic={"adj": [[1, 2], [3], [3], []], "start": 0},
)

ISLANDS_RECURSIVE = Pitfall(
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
)

ISLANDS_WRAPAROUND = Pitfall(
    mistake="bounds check by catching IndexError: r - 1 == -1 silently means the last row",
    what_goes_wrong=(
        "Cells on opposite borders count as neighbours (Python's negative indices wrap "
        "around), so separate islands merge."
    ),
    wrong=pitfalls.num_islands_wraparound,
    correct=graphs.num_islands,
    strategy=grid_args,
    classic={"grid": [[1, 0, 0], [0, 0, 0], [1, 0, 0]]},
)

MAX_AREA_MARK_ON_POP = Pitfall(
    mistake="island area counted per pop, with cells marked visited when popped, not pushed",
    what_goes_wrong=(
        "A cell waiting on the stack is still unmarked, so a second neighbour pushes it again "
        "and each copy is counted: any island with a cycle of cells (a 2 x 2 block) is "
        "counted too big."
    ),
    wrong=pitfalls.max_area_mark_on_pop,
    correct=graphs.max_area_of_island,
    strategy=grid_args,
    classic={"grid": [[1, 1, 1], [1, 1, 1], [1, 1, 1]]},
)

CYCLE_SINGLE_FLAG = Pitfall(
    mistake="directed cycle detection with one visited flag instead of three colours",
    what_goes_wrong=(
        "Meeting any visited node is taken as a cycle, but a node finished earlier (a shared "
        "descendant as in a diamond, or a node from an earlier search) is not on the "
        "current path: a false cycle on a DAG."
    ),
    wrong=pitfalls.has_cycle_single_flag,
    correct=graphs.topological_sort_dfs,
    ask_correct=_has_cycle,
    strategy=graph_args,
    classic={"n": 4, "edges": [[0, 1], [0, 2], [1, 3], [2, 3]]},  # the diamond
)

COMPONENTS_FROM_EDGES = Pitfall(
    mistake="components counted over the nodes that appear in edges",
    what_goes_wrong="Isolated nodes are never seen, so they are not counted as components.",
    wrong=pitfalls.count_components_from_edges,
    correct=graphs.count_components,
    strategy=graph_args,
    classic={"n": 5, "edges": [[0, 1], [1, 2]]},
)

KAHN_WITHOUT_COUNT_CHECK = Pitfall(
    mistake="Kahn's algorithm without the processed-count check",
    what_goes_wrong=(
        "Nodes on (or behind) a cycle never reach in-degree 0; without comparing the "
        "number processed with n, a partial order is returned as if it were complete."
    ),
    wrong=pitfalls.kahn_without_count_check,
    correct=graphs.topological_sort_kahn,
    strategy=graph_args,
    classic={"n": 4, "edges": [[0, 1], [1, 2], [2, 1], [2, 3]]},
)

PITFALLS: tuple[Pitfall, ...] = tuple(declared())  # found, not listed: see declared()


def search(pitfall: Pitfall) -> dict[str, Any]:
    """The minimal failing input hypothesis finds for ``pitfall`` (deterministic)."""
    from hypothesis import HealthCheck, find, settings
    from hypothesis.errors import HypothesisWarning

    config = settings(
        database=None,
        derandomize=True,
        max_examples=MAX_EXAMPLES,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", HypothesisWarning)  # the repr of a 300 x 300 grid
        return find(pitfall.strategy(), pitfall.fails, settings=config)


def record_of(pitfall: Pitfall, args: dict[str, Any]) -> dict[str, Any]:
    """One example of the gallery file: ``pitfall``'s input and both outcomes on ``args``."""
    return {
        "input": pitfall.describe(args),
        "correct": pitfall.correct_outcome(args),
        "wrong": pitfall.wrong_outcome(args),
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
                "wrong_function": p.wrong_function,
                "correct_function": p.correct_function,
                "mistake": p.mistake,
                "what_goes_wrong": p.what_goes_wrong,
                "minimal": record_of(p, found),
                "classic": record_of(p, p.classic),
            }
        )
    return {
        "format_version": FORMAT_VERSION,
        "generated_by": PROG,
        "search": {
            "tool": "hypothesis.find",
            "hypothesis": hypothesis.__version__,
            "derandomize": True,
            "max_examples": MAX_EXAMPLES,
        },
        "pitfalls": entries,
    }


def render(report: dict[str, Any]) -> str:
    """The JSON text written to disk (stable key order, one trailing newline)."""
    return json.dumps(report, indent=2, ensure_ascii=False) + "\n"


def check(path: Path) -> tuple[int, str]:
    """Compare the gallery file at ``path`` with a fresh search: ``(exit status, message)``.

    Status 1 if the file is missing, names other pitfalls than the ones declared, or, when it
    was found with the installed hypothesis version, differs in any byte from a fresh search.
    A file found with another hypothesis version cannot be compared (the derandomised search
    may shrink to another input): status 0, and the message says so.
    """
    import hypothesis

    if not path.is_file():
        return 1, f"{path}: missing; run {PROG} --out {path.parent}"
    try:
        committed = json.loads(path.read_text(encoding="utf-8"))
        names = [entry["name"] for entry in committed["pitfalls"]]
        version = committed["search"]["hypothesis"]
    except (ValueError, KeyError, TypeError) as err:
        return 1, f"{path}: not a gallery file ({err}); run {PROG} --out {path.parent}"
    if names != [p.name for p in PITFALLS]:
        return 1, f"{path}: OUT OF DATE (its pitfalls are not the declared ones)"
    if version != hypothesis.__version__:
        return 0, (
            f"{path}: found with hypothesis {version}, installed {hypothesis.__version__}:"
            " not compared (another version may shrink to other inputs)"
        )
    same = path.read_text(encoding="utf-8") == render(build_report())
    return (0, f"{path}: up to date") if same else (1, f"{path}: OUT OF DATE")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog=PROG,
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
        help="do not write; exit 1 if the file in --out differs from a fresh search under the"
        " same hypothesis version (another version: exit 0 and say so) (default: off)",
    )
    args = parser.parse_args(argv)
    path = args.out / RESULT_NAME
    if args.check:
        status, message = check(path)
        print(message)
        return status
    text = render(build_report())
    path.parent.mkdir(parents=True, exist_ok=True)
    write_text_atomic(path, text)  # a temporary file, then os.replace: never a cut file
    for entry in json.loads(text)["pitfalls"]:
        m = entry["minimal"]
        print(f"{entry['name']}: input {m['input']} -> correct {m['correct']}, wrong {m['wrong']}")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
