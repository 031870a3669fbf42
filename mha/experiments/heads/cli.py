"""``python -m mha.experiments.heads`` (or ``mha-experiment``): the head-count experiment, end
to end: train one-layer attention models with different head counts on synthetic tasks. The
default grid (STUDY: 1 to 64 heads on count and recall, 1, 4, 8 on relations and reverse, 5
seeds) takes about 3 minutes with 2 workers on 2 CPUs; finished runs are kept in OUT/runs and
reused when the same command is run again.

Runs a grid of settings (a task at one level, its head counts and its training budget) x seeds
with everything but the head count held fixed on the shared runner
(:mod:`mha.experiments.runner`), which saves each finished run as it ends; then it applies the
verdict rule per setting, comparing only head counts that converged, and writes
``DIR/results.json`` (atomically, at the end) with the config, the library versions, every run,
the summary table (accuracy at four budgets and a ``converged`` flag per head count), the
verdicts and the head analysis. results.json is fixed by the runs: the same grid gives the same
bytes on every execution, fresh or resumed. What belongs to one execution (machine, wall times)
goes to ``DIR/execution.json``. A run whose loss becomes NaN or infinite is recorded as diverged
and judged as such. The study note's table is printed at the end.

Two grids are declared in :mod:`~mha.experiments.heads.runs`: :data:`STUDY` (the default: every
head count that divides ``d_model`` on the tasks that separate head counts, 1, 4 and 8 heads on
the others) and :data:`SEARCH` (``--search``: the settings tried when looking for the
trade-off's cost side).

This module is the command: its parser, the grid the arguments ask for, the arguments checked
before any training (each bad one a :class:`~mha.experiments.runner.UsageError` naming it), and
:func:`main`. The rest lives one idea a module: :mod:`~mha.experiments.heads.runs` (the grids and
their runs on the shared runner), :mod:`~mha.experiments.heads.summary` (runs aggregated over
seeds, the verdicts, the printed table), :mod:`~mha.experiments.heads.results` (results.json and
execution.json, and what ``--out`` and ``--publish`` may replace),
:mod:`~mha.experiments.heads.published` (the ``--compare`` record, read once and checked before
any training) and :mod:`~mha.experiments.heads.reproduce` (the comparison).

Examples
--------
The study grid, compared with the published record (what the main job runs)::

    python -m mha.experiments.heads --out runs/heads --compare docs/results/heads.json

and, when you mean to replace the published record with this machine's runs::

    python -m mha.experiments.heads --out runs/heads --publish docs/results/heads.json

The trade-off search::

    python -m mha.experiments.heads --search --out runs/heads-search \\
        --publish docs/results/heads_search.json

One task, three seeds::

    python -m mha.experiments.heads --task count --heads 1 4 8 --seeds 0 1 2 --steps 1000 --out DIR
"""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import shlex
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from house.files import atomic_write_json, atomic_write_text, check_writable
from mha.experiments import runner
from mha.experiments.heads import published, reproduce
from mha.experiments.heads.results import (
    build_execution,
    build_results,
    check_other_grid,
    grid_config,
    publish_problem,
    results_text,
)
from mha.experiments.heads.runs import (
    ALL_HEADS,
    DEFAULTS,
    NOTE_HEADS,
    SEARCH,
    STUDY,
    Setting,
    execute,
    make_specs,
    narrow,
    run_rounded,
    warm_up,
)
from mha.experiments.heads.summary import RULE, format_table, judge
from mha.experiments.heads.tasks import TASKS
from mha.experiments.runner import UsageError, Workers
from mha.params import attention_param_count, head_width
from mha.params import head_counts as divisors  # the name this command has always had

__all__ = [
    "ALL_HEADS",
    "BUSY",
    "DEFAULTS",
    "NOTE_HEADS",
    "SEARCH",
    "STUDY",
    "Setting",
    "build_parser",
    "divisors",
    "execute",
    "experiment",
    "main",
    "settings",
    "validate",
]

# ----------------------------------------------------------------------------- command line


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m mha.experiments.heads",
        description=__doc__.split("\n\n")[0].replace("``", ""),  # plain text in --help
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    p.add_argument(
        "--task",
        nargs="+",
        default=None,
        metavar="TASK",
        help=f"tasks to run, from: {', '.join(TASKS)} (default: every task of the grid)",
    )
    p.add_argument(
        "--search",
        action="store_true",
        help="run the trade-off search (SEARCH) instead of the study grid (STUDY)",
    )
    p.add_argument(
        "--heads",
        nargs="+",
        type=int,
        default=None,
        metavar="H",
        help="head counts for every task; each must divide d_model (default: the grid's)",
    )
    p.add_argument(
        "--seeds",
        nargs="+",
        type=int,
        default=DEFAULTS["seeds"],
        metavar="S",
        help="initialisation seeds, distinct, each in 0..2**64-1",
    )
    p.add_argument(
        "--steps",
        type=int,
        default=None,
        help="Adam steps per run, the training budget (default: the grid's)",
    )
    p.add_argument(
        "--batch-size", type=int, default=DEFAULTS["batch_size"], help="training sequences per step"
    )
    p.add_argument(
        "--lr", type=float, default=DEFAULTS["lr"], help="fixed Adam learning rate (finite, > 0)"
    )
    p.add_argument(
        "--ema-decay",
        type=float,
        default=DEFAULTS["ema_decay"],
        help="decay of the moving average of the weights that is scored, in [0, 1)",
    )
    p.add_argument("--d-model", type=int, default=DEFAULTS["d_model"], help="model width")
    p.add_argument(
        "--level", type=int, default=None, help="level of every task (default: the grid's)"
    )
    p.add_argument(
        "--jobs",
        type=int,
        default=os.cpu_count() or 1,
        help="worker processes (the number of CPUs by default, at most the number of "
        "runs); results do not depend on it",
    )
    p.add_argument(
        "--data-seed",
        type=int,
        default=DEFAULTS["data_seed"],
        help="seed of the training and validation data streams, in 0..2**64-1",
    )
    p.add_argument(
        "--val-size", type=int, default=DEFAULTS["val_size"], help="held-out validation sequences"
    )
    p.add_argument(
        "--out",
        type=Path,
        default=Path("runs/heads"),
        help="output folder: runs/ (one file per finished run), results.json and "
        "execution.json (machine and timing facts of the last execution)",
    )
    p.add_argument(
        "--publish",
        type=Path,
        default=None,
        help="after the grid completes, atomically copy results.json to this file: a new path "
        "or a results file of this experiment, outside --out",
    )
    p.add_argument(
        "--compare",
        type=Path,
        default=None,
        help="after the grid completes, compare results.json with this published results file "
        "of the same grid and exit 1 if a verdict or converged flag differs (means may differ "
        "within the larger seed spread, at least 0.002); writes nothing outside --out. The file "
        "(a regular file or a pipe such as <(...), not --out's results.json) is read once and "
        "checked before any training",
    )
    p.add_argument(
        "--wait",
        action="store_true",
        help="when another process is using --out, wait for it to finish instead of exiting",
    )
    p.add_argument(
        "--quiet",
        action="store_true",
        help="no progress bars (there are none anyway when stderr is not a terminal)",
    )
    return p  # fmt: skip


def settings(args: argparse.Namespace) -> list[Setting]:
    """The grid the arguments ask for: :data:`STUDY` (or :data:`SEARCH` with ``--search``),
    narrowed to ``--task`` and with ``--heads``, ``--steps`` and ``--level`` replacing the grid's
    choice for every setting (:func:`~mha.experiments.heads.runs.narrow`). A task outside the
    grid gets 1, 4, 8 heads, level 0 and 1,000 steps unless told otherwise."""
    grid = SEARCH if args.search else STUDY
    return narrow(grid, args.task, args.level, args.heads, args.steps)


# ----------------------------------------------------------------------------- arguments


#: Seeds a ``torch.Generator`` accepts here: 0 <= seed < 2**64.
SEED_LIMIT = 2**64


def model_bytes(d_model: int, grid: Sequence[Setting]) -> int:
    """Bytes of float32 weights, gradients, the two Adam moments and the moving average of the
    largest model of the grid (5 copies of every parameter), from the sizes alone, without
    building it."""
    largest = 0
    for s in grid:
        task = TASKS[s.task]
        knobs = task.knobs(s.level)
        vocab, length, classes = knobs["vocab"], knobs["length"], task.n_classes(s.level)
        params = ((vocab + length) * d_model + attention_param_count(d_model, 1)
                  + d_model * classes + classes)  # fmt: skip
        largest = max(largest, params)
    return 5 * 4 * largest


def memory_bytes() -> int | None:
    """Physical memory of this machine, or ``None`` where the platform does not say."""
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):
        return None


def check_arguments(args: argparse.Namespace, grid: Sequence[Setting]) -> None:
    """Check every argument before any training, ``grid`` being the one they ask for; raise
    :class:`UsageError` on the first bad one."""
    for task in args.task or []:
        if task not in TASKS:
            raise UsageError("--task", f"unknown task {task!r}; choose from {', '.join(TASKS)}")
    if args.task is not None and len(set(args.task)) != len(args.task):
        raise UsageError("--task", f"each task at most once, got {' '.join(args.task)}")
    if args.level is not None:
        for task in args.task or [s.task for s in grid]:
            top = len(TASKS[task].ladder) - 1
            if not 0 <= args.level <= top:
                raise UsageError("--level", f"task {task!r} has levels 0..{top}, got {args.level}")
    if args.d_model < 1:
        raise UsageError("--d-model", f"expected an int >= 1, got {args.d_model}")
    if not (math.isfinite(args.ema_decay) and 0 <= args.ema_decay < 1):
        raise UsageError("--ema-decay", f"expected a number in [0, 1), got {args.ema_decay}")
    need, have = model_bytes(args.d_model, grid), memory_bytes()
    if have is not None and need > have:
        raise UsageError(
            "--d-model",
            f"d_model={args.d_model} needs about {need / 2**30:.3g} GiB for the weights, "
            f"gradients and Adam state of one model, more than this machine's "
            f"{have / 2**30:.3g} GiB",
        )
    for h in sorted({h for s in grid for h in s.heads}):
        try:
            head_width(args.d_model, h)
        except ValueError:
            raise UsageError(
                "--heads",
                f"{h} is not a positive divisor of d_model={args.d_model}; "
                f"valid: {divisors(args.d_model)}",
            ) from None
    if args.heads is not None and len(set(args.heads)) != len(args.heads):
        raise UsageError("--heads", "each head count at most once")
    if len(args.seeds) < 1:
        raise UsageError("--seeds", "expected at least one seed")
    if len(set(args.seeds)) != len(args.seeds):
        raise UsageError("--seeds", f"expected distinct seeds, got {args.seeds}")
    for name, seeds in (("--seeds", args.seeds), ("--data-seed", [args.data_seed])):
        for seed in seeds:
            if not 0 <= seed < SEED_LIMIT:
                raise UsageError(name, f"expected a seed in 0..2**64-1, got {seed}")
    for name, value in (("--steps", 1 if args.steps is None else args.steps),
                        ("--batch-size", args.batch_size), ("--jobs", args.jobs),
                        ("--val-size", args.val_size)):  # fmt: skip
        if value < 1:
            raise UsageError(name, f"expected an int >= 1, got {value}")
    if not (math.isfinite(args.lr) and args.lr > 0):
        raise UsageError("--lr", f"expected a finite learning rate > 0, got {args.lr}")
    try:
        check_writable(args.out)
        check_writable(args.out / "runs")
    except OSError as e:
        raise UsageError("--out", f"cannot write to {args.out}: {e.strerror or e}") from None
    wanted = grid_config(args, grid)
    check_other_grid(args.out, wanted)
    if args.publish is not None:
        problem = publish_problem(args.publish, args.out, wanted["grid"])
        if problem is not None:
            raise UsageError("--publish", problem)


def validate(args: argparse.Namespace) -> None:
    """Check every argument before any training; raise :class:`UsageError` on the first bad one
    (:func:`check_arguments` on :func:`settings`, and
    ``--compare``: read once into ``args.compare_record`` and checked as a results file of the
    grid the arguments ask for, by :func:`~mha.experiments.heads.published.load`)."""
    check_arguments(args, settings(args))
    args.compare_record = None
    if args.compare is not None:
        if args.publish is not None:
            raise UsageError("--compare", "give --compare or --publish, not both: compare "
                             "first, then publish what you have read")  # fmt: skip
        wanted = grid_config(args, settings(args))
        args.compare_record = published.load(args.compare, args.out, wanted)


# ----------------------------------------------------------------------------- main


def experiment(args: argparse.Namespace) -> dict:
    """Run the grid; write the per-run files, ``results.json`` and ``execution.json``."""
    start = time.perf_counter()
    out: Path = args.out
    grid = settings(args)
    specs = {setting: make_specs(args, setting) for setting in grid}
    every = [spec for group in specs.values() for spec in group]
    workers = Workers(min(args.jobs, len(every)), warm_up=warm_up)
    with runner.borrowed(workers):
        # run_rounded as this module holds it, so that replacing it here replaces every run
        records = execute(every, out, workers.jobs, args.quiet, workers, run=run_rounded)
    workers.close()
    verdicts = [judge(setting, group, records) for setting, group in specs.items()]
    results = build_results(args, grid, list(records.values()), verdicts)
    atomic_write_text(out / "results.json", results_text(results))
    wall = time.perf_counter() - start
    atomic_write_json(out / "execution.json", build_execution(list(records.values()), wall))
    if args.publish is not None:
        # Again: the file may have changed during the run.
        problem = publish_problem(args.publish, out, results["config"]["grid"])
        if problem is not None:
            raise UsageError("--publish", f"{problem}; the results are in {out / 'results.json'}")
        runner.publish(out / "results.json", args.publish)
    return results


#: Exit code when another process is using ``--out`` (``EX_TEMPFAIL``: try again later).
BUSY = 75


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; returns the exit code (2 for bad arguments, 75 when another
    process is using ``--out`` and ``--wait`` is not given, 1 when a worker died, a file could
    not be written, ``--publish`` became unsafe during the run or ``--compare`` found a verdict
    that differs, 130 after Ctrl-C, 143 after SIGTERM)."""
    args = build_parser().parse_args(argv)
    args.argv = list(sys.argv[1:] if argv is None else argv)  # for the publish command
    try:
        validate(args)
    except UsageError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # reading --compare from a slow pipe, say
        print("\ninterrupted: nothing was run", file=sys.stderr)
        return 130
    start = time.perf_counter()
    with contextlib.ExitStack() as held:
        try:
            held.enter_context(runner.locked(args.out, args.wait, on_wait=_say))
        except runner.Busy as e:
            print(f"error: --out: {e}; wait for it to end, or add --wait", file=sys.stderr)
            return BUSY
        except OSError as e:
            print(f"error: --out: cannot lock {args.out}: {e.strerror or e}", file=sys.stderr)
            return 2
        return _locked_main(args, start)


def _say(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def _locked_main(args: argparse.Namespace, start: float) -> int:
    """The run, with ``--out`` held by this process."""
    try:
        # again: another process may have written it before we got here
        check_other_grid(args.out, grid_config(args, settings(args)))
    except UsageError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    done: dict[str, dict] = {}
    try:
        code = runner.interruptible(lambda: done.update(results=experiment(args)),
                                    args.out / "runs")  # fmt: skip
    except UsageError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    if code != 0:
        return code
    results = done["results"]
    print(format_table(results["summary"]))
    print()
    for v in results["verdict"]:
        print(v["sentence"])
    print(f"\nrule: {RULE}")
    print(f"wrote {args.out / 'results.json'}" + (f" and {args.publish}" if args.publish else ""))
    print(f"wall time {time.perf_counter() - start:.1f} s (see {args.out / 'execution.json'})")
    return 0 if args.compare is None else _compare(args, results)


def _compare(args: argparse.Namespace, results: dict) -> int:
    """``--compare``: say whether the published record (read by :func:`validate`) reproduced;
    1 when it did not."""
    try:
        found = reproduce.compare(args.compare_record, results)
    except ValueError as e:
        print(f"error: --compare: {e}", file=sys.stderr)
        return 1
    print()
    print(reproduce.report(found))
    if found.reproduced:
        return 0
    if args.compare.is_file():
        again = [a.replace("--compare", "--publish", 1) if a.startswith("--compare") else a
                 for a in args.argv]  # fmt: skip
        how = f":\n  .venv/bin/mha-experiment {shlex.join(again)}"
    else:  # a pipe: there is no file to publish to
        how = ", run the same command with --publish FILE in place of --compare"
    print(
        f"\nerror: the runs here disagree with {args.compare} (above). Nothing was published; "
        f"this machine's results are in {args.out / 'results.json'}. To publish them "
        f"(the finished runs are reused){how}",
        file=sys.stderr,
    )
    return 1


if __name__ == "__main__":
    sys.exit(main())
