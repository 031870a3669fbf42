"""``python -m graphs.drill.bench``: how long the drill's loop takes, pass and fail.

Times :func:`graphs.drill.check` on two kinds of file, each written the way a student pastes it
into LeetCode:

- every drill's **correct** solution (the project's own, called from a ``class Solution``): the
  whole check, examples, search, hard ladders, timing ladder and recursion probe;
- every **wrong** variant of :mod:`graphs.pitfalls` that solves a drilled problem: the time to
  the smallest counterexample.

Each file is checked ``--repeats`` times; the figure of a file is its median, and the two
figures printed last are the medians over the files of each kind (goals on a quiet 2-core
machine: a correct solution at most 8 s, a wrong one at most 4 s). ``--out FILE`` also writes
them as JSON (atomically, with the machine's facts: :mod:`house.timing`). Nothing else is
written. A progress bar shows on stderr when it is a terminal, unless ``--quiet``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

from house.files import atomic_write_json
from house.outputs import count_problem, file_problem, refuse
from house.terminal import ctrl_c_ends, progress_bar
from house.timing import interleaved, machine

__all__ = ["ANSWER_ANOTHER_QUESTION", "GOALS", "main", "measure", "wrong_variants"]

PROG = "python -m graphs.drill.bench"
GOALS = {"correct": 8.0, "wrong": 4.0}  # median seconds on a quiet 2-core machine
# Wrong variants that answer another question than the drilled problem's method (or whose
# correct function is not a drill's solution), as LeetCode methods: (problem, method body).
# Every other wrong variant of a drilled problem is found by :func:`wrong_variants`.
ANSWER_ANOTHER_QUESTION = {
    "has_cycle_single_flag": (207, "return not has_cycle_single_flag(numCourses, prerequisites)"),
    "kahn_without_count_check": (
        210,
        "return kahn_without_count_check(numCourses, [[b, a] for a, b in prerequisites])",
    ),
}


def wrong_variants() -> dict[str, tuple[int, str]]:
    """Every wrong variant of :mod:`graphs.pitfalls` that solves a drilled problem ->
    ``(problem, LeetCode method body)``: found from the pitfall gallery's declarations (a
    variant whose correct function is a drill's solution takes the same arguments).

    Examples
    --------
    >>> wrong_variants()["max_area_mark_on_pop"]
    (695, 'return max_area_mark_on_pop(grid)')
    """
    from graphs.drill import drills
    from graphs.tools.counterexamples import PITFALLS

    by_solution = {f"graphs.{d.solution.__name__}": d for d in drills()}
    found = dict(ANSWER_ANOTHER_QUESTION)
    for pitfall in PITFALLS:
        d = by_solution.get(pitfall.correct_function)
        if d is not None and pitfall.name not in found:
            found[pitfall.name] = (d.number, d.method_body(pitfall.name))
    return found


def _file(folder: Path, name: str, signature: str, imports: str, body: str) -> Path:
    path = folder / f"{name}.py"
    path.write_text(
        f"{imports}\n\n\nclass Solution:\n    def {signature}:\n        {body}\n", encoding="utf-8"
    )
    return path


def _cases(folder: Path) -> list[tuple[str, str, int, Path]]:
    """``(kind, name, problem, file)`` for every correct solution and wrong variant."""
    from graphs.drill import drills, find

    cases = []
    for d in drills():
        name = d.solution.__name__
        body = f"return {name}({', '.join(_params(d.signature))})"
        path = _file(folder, f"ours_{d.number}", d.signature, f"from graphs import {name}", body)
        cases.append(("correct", name, d.number, path))
    for name, (number, body) in wrong_variants().items():
        imports = f"from graphs.pitfalls import {name}"
        path = _file(folder, name, find(number).signature, imports, body)
        cases.append(("wrong", name, number, path))
    return cases


def _params(signature: str) -> list[str]:
    from graphs.drill.problem import param_names

    return param_names(signature)


def _timed_checks(number: int, path: Path, repeats: int) -> tuple[list[float], str]:
    """Seconds of each of ``repeats`` checks of ``path`` as problem ``number``, and the verdict."""
    from graphs.drill import check

    verdicts: list[str] = []
    timed = {"check": lambda: verdicts.append(check(number, path)["verdict"])}
    return interleaved(timed, repeats)["check"], verdicts[-1]


def measure(repeats: int, progress: bool) -> dict[str, Any]:
    """Seconds of every check, by file; the medians by kind.

    Parameters
    ----------
    repeats : int
        Checks of every file, >= 1.
    progress : bool
        Whether to draw a progress bar (on stderr, and only when it is a terminal).

    Returns
    -------
    dict
        ``rows`` (one a file: kind, name, problem, verdict, seconds, median), ``medians`` by
        kind, ``goals``, ``repeats`` and the ``machine``'s facts.
    """
    rows = []
    with tempfile.TemporaryDirectory(prefix="drill-bench-") as folder:
        cases = _cases(Path(folder))
        bar = progress_bar(cases, quiet=not progress, desc=PROG, unit="file")
        for kind, name, number, path in bar:
            bar.set_postfix_str(name)
            seconds, verdict = _timed_checks(number, path, repeats)
            rows.append({"kind": kind, "name": name, "problem": number, "verdict": verdict,
                         "seconds": seconds, "median": statistics.median(seconds)})  # fmt: skip
        bar.close()
    medians = {
        kind: statistics.median(r["median"] for r in rows if r["kind"] == kind) for kind in GOALS
    }
    return {"rows": rows, "medians": medians, "goals": GOALS, "repeats": repeats,
            "machine": machine()}  # fmt: skip


def _main(argv: list[str] | None = None) -> int:
    description = __doc__.split("\n\n")[0].replace("``", "")  # plain text in --help
    parser = argparse.ArgumentParser(prog=PROG, description=description)
    parser.add_argument("--repeats", type=int, default=3, help="checks per file (default: 3)")
    parser.add_argument("--out", type=Path, default=None, help="also write JSON here (default: no)")
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress (default: shown)")
    args = parser.parse_args(argv)
    checks = [("--repeats", count_problem(args.repeats))]
    if args.out is not None:
        checks.append(("--out", file_problem(args.out)))
    if refuse(checks):  # before any measuring: a bad argument costs nothing
        return 2
    report = measure(args.repeats, progress=not args.quiet)
    for row in report["rows"]:
        print(f"{row['kind']:<8} {row['problem']:>4} {row['name']:<28} {row['verdict']:<13}"
              f" median {row['median']:6.2f} s")  # fmt: skip
    for kind, median in report["medians"].items():
        goal = GOALS[kind]
        print(f"{kind}: median {median:.2f} s over the files (goal <= {goal:g} s)")
    if args.out is not None:
        atomic_write_json(args.out, report, indent=2)
        print(f"wrote {args.out}")
    return 0


#: The command (see :func:`_main`); Ctrl-C ends it with one line and exit status 130 (nothing is
#: written before the last measurement, and then whole).
main = ctrl_c_ends(_main, "nothing was written")


if __name__ == "__main__":
    sys.exit(main())
