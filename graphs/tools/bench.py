"""Scaling benchmark: our pure-Python solutions vs networkx vs a reference (C or pure Python).

Run ``python -m graphs.tools.bench [--out docs/results] [--quick] [--quiet]``.

For each problem (:mod:`graphs.tools.scaling` declares them, with their inputs and peers) the
script builds random inputs of growing size (about ``10**3`` to ``10**6`` edges plus nodes, or
grid cells), times every solution on the same input as the median of interleaved repeats (ours,
networkx and the reference take turns, so a slow phase of the machine hits all of them alike:
:mod:`house.timing`), fits the log-log slope of time against ``V + E`` (or cells), and
writes

``graphs_bench.json``: machine, versions, per-problem sizes, times and slopes, the ratios at the
target sizes and whether each goal was met. The figures (log-log time against size, one per
problem, in Korean, for a laptop and a phone) are drawn from that file by ``python -m studylog.gen``
(:mod:`studylog.gen.graphs_figures`), the one place figures of the site are drawn.

Goals: every slope of ours linear (:mod:`graphs.tools.linear`: at most
``LINEAR_SLOPE_MAX`` as shown); at least 3x faster than
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
import sys
from pathlib import Path
from typing import Any

from graphs.tools.linear import LINEAR_SLOPE_MAX, is_linear
from graphs.tools.scaling import EDGE_FACTOR, SEED, Problem, problems
from house.files import atomic_write_text
from house.outputs import folder_problem, refuse
from house.terminal import ctrl_c_ends, progress_bar
from house.timing import loglog_slope, machine, median_per_call, versions

__all__ = ["OUT_FILES", "main", "out_problem", "render", "run", "sizes_for"]

SPEEDUP_GOAL = 3.0
SPLIT_X = 100_000  # diagnostic split of the size range (cache-resident vs not)


#: The peers whose versions ``graphs_bench.json`` records.
PEERS = ("networkx", "scipy", "numpy", "matplotlib")


# ----------------------------------------------------------------------------- harness


def sizes_for(problem: Problem, quick: bool) -> list[int]:
    """Geometric sizes from 10**3 up (10**6 full, 10**4 quick), plus the target size."""
    top = 4 if quick else 6
    step = 2  # two sizes per decade
    xs = [round(10 ** (3 + i / step)) for i in range(0, (top - 3) * step + 1)]
    if not quick and problem.target_x is not None:
        xs.append(problem.target_x)
    return sorted(set(xs))


def run(quick: bool = False, progress: bool = True) -> dict[str, Any]:
    """Run every problem at every size; returns the report (partial if interrupted).

    A progress bar goes to stderr if ``progress`` is true and stderr is a terminal: its
    carriage-return updates would otherwise pile up as one long line in a log file
    (:func:`house.terminal.progress_bar`).
    """
    repeats_small, repeats_big = (2, 2) if quick else (5, 3)
    chosen = problems()
    plan = [(p, x) for p in chosen for x in sizes_for(p, quick)]
    report: dict[str, Any] = {
        "format_version": 1,
        "generated_by": "python -m graphs.tools.bench" + (" --quick" if quick else ""),
        "quick": quick,
        "interrupted": False,
        "machine": machine(),
        "versions": versions(*PEERS),
        "settings": {
            "seed": SEED,
            "edge_factor": EDGE_FACTOR,
            "repeats": {"x < 3e5": repeats_small, "x >= 3e5": repeats_big},
            "statistic": "median of interleaved repeats; each sample >= ~20 ms of looped calls",
            "gc": "inputs frozen with gc.freeze() while timed; gc.collect() before each sample",
            "linear_slope_max": LINEAR_SLOPE_MAX,
            "speedup_goal_vs_networkx": SPEEDUP_GOAL,
        },
        "problems": {},
    }
    for p in chosen:
        p.results = {"x": [], "times": {}, "answers_agree": True}
    bar = progress_bar(plan, quiet=not progress, desc="graphs.tools.bench", unit="size")
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
                times, answers = median_per_call(solvers, args, reps, 0.002 if quick else 0.02)
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


def _slope(xs: list[int], seconds: list[float]) -> float | None:
    """The log-log slope of ``seconds`` against ``xs`` (two sizes are enough for a figure), or
    ``None`` with fewer (:func:`house.timing.loglog_slope`)."""
    fitted = loglog_slope(list(zip(xs, seconds, strict=True)), min_sizes=2)
    return None if fitted is None else fitted[0]


def _summarise(p: Problem) -> dict[str, Any]:
    res = p.results
    xs = res.get("x", [])
    n_done = min((len(t) for t in res.get("times", {}).values()), default=0)
    xs = xs[:n_done]
    times = {k: v[:n_done] for k, v in res.get("times", {}).items()}
    slopes = {k: _slope(xs, v) for k, v in times.items()}
    # Diagnostics, not goals: the slope below and above 10^5, where the working set of a random
    # graph leaves the CPU caches and every language's time per element starts to grow.
    small = [i for i, x in enumerate(xs) if x <= SPLIT_X]
    large = [i for i, x in enumerate(xs) if x >= SPLIT_X]
    slopes_by_range = {
        k: {
            f"x <= {SPLIT_X:g}": _slope([xs[i] for i in small], [v[i] for i in small]),
            f"x >= {SPLIT_X:g}": _slope([xs[i] for i in large], [v[i] for i in large]),
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
    slopes = {}
    for name, pr in measured.items():
        for solver in pr["ours"]:
            s = pr["slopes"].get(solver)
            slopes[f"{name}: {solver}"] = {
                "slope": s,
                "met": is_linear(s),
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
            f"goal slope <= {LINEAR_SLOPE_MAX}: {k} = {s}: {'met' if v['met'] else 'NOT met'}"
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
OUT_FILES = ("graphs_bench.json",)


def out_problem(out: Path) -> str | None:
    """Why the results cannot be written into the folder ``out`` (one sentence), or ``None``.

    Checked before any measuring, so a bad ``--out`` never costs minutes of timing: ``out`` is
    an existing folder or a new one inside an existing folder, writable, and each file written
    there (:data:`OUT_FILES`) is new or a regular file (a folder, device, FIFO or symbolic link
    in its place is refused). Nothing is created here (:func:`house.outputs.folder_problem`).
    """
    return folder_problem(out, OUT_FILES)


def _main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m graphs.tools.bench",
        description=(
            "Scaling benchmark: our pure-Python graph solutions vs networkx vs a reference,"
            " in one process. Writes graphs_bench.json into --out."
            " Writing into docs/results rewrites tracked results: then run"
            " .venv/bin/python -m studylog.gen to refresh the site's pages."
        ),
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=Path("docs/results"),
        help="folder for graphs_bench.json (default: %(default)s)",
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
    if refuse([("--out", out_problem(args.out))]):  # before any measuring: it costs nothing
        return 2
    report = run(quick=args.quick, progress=not args.quiet)
    args.out.mkdir(parents=True, exist_ok=True)
    json_path = args.out / "graphs_bench.json"
    atomic_write_text(json_path, render(report))
    for line in summary_lines(report):
        print(line)
    print(f"wrote {json_path}; its figures are drawn by .venv/bin/python -m studylog.gen")
    return 130 if report["interrupted"] else 0


#: The command (see :func:`_main`); Ctrl-C while measuring still writes the sizes that finished
#: (exit 130); anywhere else it ends with one line and exit status 130.
main = ctrl_c_ends(_main, "no file was left half-written")


if __name__ == "__main__":
    sys.exit(main())
