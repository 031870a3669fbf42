"""``python -m mha.experiments.heads`` (or ``python -m mha.experiment``): the head-count
experiment, end to end.

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

Two grids are declared here: :data:`STUDY` (the default: every head count that divides
``d_model`` on the tasks that separate head counts, 1, 4 and 8 heads on the others) and
:data:`SEARCH` (``--search``: the settings tried when looking for the trade-off's cost side).

Examples
--------
The study grid (what the main job runs)::

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
import json
import math
import os
import re
import stat
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import torch

from mha.experiments import runner
from mha.experiments.heads.model import HeadCountModel
from mha.experiments.heads.records import check_record, outcome, run_rounded
from mha.experiments.heads.tasks import TASKS
from mha.experiments.heads.training import FINAL_WINDOW, RunSpec, budgets
from mha.experiments.heads.verdict import MIN_SEEDS, RULE, describe, verdict
from mha.experiments.runner import UsageError, Workers
from mha.experiments.store import round_floats
from mha.experiments.verdict import CONVERGENCE_TOL, converged, mean_std
from mha.tools.files import atomic_write_json, atomic_write_text, check_writable
from mha.tools.timing import machine, versions

DEFAULTS: dict[str, Any] = {
    "seeds": [0, 1, 2, 3, 4],
    "batch_size": 32,
    "lr": 1e-2,
    "ema_decay": 0.99,
    "d_model": 64,
    "data_seed": 0,
    "val_size": 1024,
    "curve_every": 10,
}


@dataclass(frozen=True)
class Setting:
    """One row block of the grid: a task at one level, the head counts it compares and the
    training budget (Adam steps) of each run."""

    task: str
    level: int
    heads: tuple[int, ...]
    steps: int

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "heads": list(self.heads)}


#: Every head count that divides d_model = 64.
ALL_HEADS = (1, 2, 4, 8, 16, 32, 64)
#: The study note's table.
NOTE_HEADS = (1, 4, 8)

#: The default grid. ``count`` and ``recall`` separate head counts, so they get the whole sweep;
#: ``relations`` (level 1: four relations) and ``reverse`` keep the study note's 1, 4 and 8.
#: ``recall`` at level 1 (32 keys) is where the search (:data:`SEARCH`) found fewer, wider heads
#: ahead with every head count converged (with more keys, 64 heads are still learning at the
#: budget). ``reverse`` is solved within its budget by every head count (one fixed positional
#: lookup per query); it stays as the control whose attention maps show why.
STUDY: tuple[Setting, ...] = (
    Setting("count", 0, ALL_HEADS, 1000),
    Setting("recall", 1, ALL_HEADS, 1000),
    Setting("relations", 1, NOTE_HEADS, 500),
    Setting("reverse", 0, NOTE_HEADS, 500),
)

#: The search for the trade-off's cost side: settings where a head must match content with few
#: dimensions (lookups by key among more and more keys; counting among a larger vocabulary),
#: each at 1, 4, 16 and 64 heads. Every setting tried is kept in the search's results file.
SEARCH: tuple[Setting, ...] = (
    Setting("recall", 0, (1, 4, 16, 64), 1000),
    Setting("recall", 1, (1, 4, 16, 64), 1000),
    Setting("recall", 2, (1, 4, 16, 64), 1000),
    Setting("recall", 3, (1, 4, 16, 64), 1000),
    Setting("count", 3, (1, 4, 16, 64), 1000),
)


# ----------------------------------------------------------------------------- command line


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m mha.experiments.heads",
        description="Train one-layer attention models with different head counts on synthetic "
        "tasks. The default grid (STUDY: 1 to 64 heads on count and recall, 1, 4, 8 on "
        "relations and reverse, 5 seeds) takes about 3 minutes with 2 workers on 2 CPUs; "
        "finished runs are kept in OUT/runs and reused when the same command is run again.",
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


#: Seeds a ``torch.Generator`` accepts here: 0 <= seed < 2**64.
SEED_LIMIT = 2**64

#: Settings of a grid (keys of ``config`` in results.json) that decide what results.json holds.
GRID_KEYS = ("grid", "settings", "seeds", "batch_size", "lr", "ema_decay", "d_model", "data_seed",
             "val_size")  # fmt: skip


def settings(args: argparse.Namespace) -> list[Setting]:
    """The grid the arguments ask for: :data:`STUDY` (or :data:`SEARCH` with ``--search``),
    narrowed to ``--task`` and with ``--heads``, ``--steps`` and ``--level`` replacing the grid's
    choice for every setting. A task outside the grid gets 1, 4, 8 heads, level 0 and 1,000 steps
    unless told otherwise."""
    grid = SEARCH if args.search else STUDY
    tasks = list(dict.fromkeys(s.task for s in grid)) if args.task is None else args.task
    chosen = []
    for task in tasks:
        mine = [s for s in grid if s.task == task] or [Setting(task, 0, NOTE_HEADS, 1000)]
        for s in mine:
            chosen.append(Setting(
                task,
                s.level if args.level is None else args.level,
                s.heads if args.heads is None else tuple(args.heads),
                s.steps if args.steps is None else args.steps,
            ))  # fmt: skip
    return list(dict.fromkeys(chosen))


def divisors(n: int) -> list[int]:
    """Positive divisors of ``n >= 1``, ascending, in O(sqrt(n)) steps.

    Examples
    --------
    >>> divisors(64)
    [1, 2, 4, 8, 16, 32, 64]
    """
    small = [d for d in range(1, math.isqrt(n) + 1) if n % d == 0]
    return small + [n // d for d in reversed(small) if d * d != n]


def model_bytes(d_model: int, grid: Sequence[Setting]) -> int:
    """Bytes of float32 weights, gradients, the two Adam moments and the moving average of the
    largest model of the grid (5 copies of every parameter), from the sizes alone, without
    building it."""
    largest = 0
    for s in grid:
        task = TASKS[s.task]
        knobs = task.knobs(s.level)
        vocab, length, classes = knobs["vocab"], knobs["length"], task.n_classes(s.level)
        params = ((vocab + length) * d_model + 4 * (d_model * d_model + d_model)
                  + d_model * classes + classes)  # fmt: skip
        largest = max(largest, params)
    return 5 * 4 * largest


def memory_bytes() -> int | None:
    """Physical memory of this machine, or ``None`` where the platform does not say."""
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):
        return None


def grid_config(args: argparse.Namespace) -> dict[str, Any]:
    """The settings of the grid, as stored under ``config`` in results.json (floats rounded)."""
    return round_floats({
        "grid": "search" if args.search else "study",
        "settings": [s.to_dict() for s in settings(args)], "seeds": list(args.seeds),
        "batch_size": args.batch_size, "lr": args.lr, "ema_decay": args.ema_decay,
        "d_model": args.d_model, "data_seed": args.data_seed, "val_size": args.val_size,
    })  # fmt: skip


def other_grid(path: Path, args: argparse.Namespace) -> list[str]:
    """The settings in which the results file at ``path`` differs from this grid, as
    ``"name: old -> new"``; empty when the file is absent, unreadable or of the same grid."""
    try:
        config = json.loads(path.read_text(encoding="utf-8"))["config"]
    except (OSError, ValueError, KeyError, TypeError):
        return []
    if not isinstance(config, dict):
        return []
    wanted = grid_config(args)
    return [f"{k} {config.get(k)!r} -> {wanted[k]!r}" for k in GRID_KEYS
            if config.get(k) != wanted[k]]  # fmt: skip


def validate(args: argparse.Namespace) -> None:
    """Check every argument before any training; raise :class:`UsageError` on the first bad one."""
    for task in args.task or []:
        if task not in TASKS:
            raise UsageError("--task", f"unknown task {task!r}; choose from {', '.join(TASKS)}")
    if args.task is not None and len(set(args.task)) != len(args.task):
        raise UsageError("--task", f"each task at most once, got {' '.join(args.task)}")
    if args.level is not None:
        for task in args.task or [s.task for s in (SEARCH if args.search else STUDY)]:
            top = len(TASKS[task].ladder) - 1
            if not 0 <= args.level <= top:
                raise UsageError("--level", f"task {task!r} has levels 0..{top}, got {args.level}")
    if args.d_model < 1:
        raise UsageError("--d-model", f"expected an int >= 1, got {args.d_model}")
    if not (math.isfinite(args.ema_decay) and 0 <= args.ema_decay < 1):
        raise UsageError("--ema-decay", f"expected a number in [0, 1), got {args.ema_decay}")
    grid = settings(args)
    need, have = model_bytes(args.d_model, grid), memory_bytes()
    if have is not None and need > have:
        raise UsageError(
            "--d-model",
            f"d_model={args.d_model} needs about {need / 2**30:.3g} GiB for the weights, "
            f"gradients and Adam state of one model, more than this machine's "
            f"{have / 2**30:.3g} GiB",
        )
    for h in sorted({h for s in grid for h in s.heads}):
        if h < 1 or args.d_model % h != 0:
            raise UsageError(
                "--heads",
                f"{h} is not a positive divisor of d_model={args.d_model}; "
                f"valid: {divisors(args.d_model)}",
            )
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
    check_other_grid(args)
    if args.publish is not None:
        problem = publish_problem(args.publish, args.out, grid_config(args)["grid"])
        if problem is not None:
            raise UsageError("--publish", problem)


def check_other_grid(args: argparse.Namespace) -> None:
    """Raise :class:`UsageError` when ``--out`` holds the results.json of another grid."""
    differ = other_grid(args.out / "results.json", args)
    if differ:
        raise UsageError(
            "--out",
            f"{args.out / 'results.json'} holds the results of another grid "
            f"({'; '.join(differ)}); give another --out, or delete that file to replace it "
            "(finished runs in runs/ are kept either way)",
        )


#: Top-level keys every results file of this experiment has (see :func:`build_results`).
RESULTS_KEYS = ("config", "environment", "runs", "summary", "verdict", "analysis")


def results_grid(path: Path) -> str | None:
    """The grid (``"study"`` or ``"search"``) of the results file of this experiment at
    ``path``; ``None`` when it holds anything else or cannot be read."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not (
        isinstance(data, dict)
        and all(k in data for k in RESULTS_KEYS)
        and isinstance(data["config"], dict)
        and data["config"].get("grid") in ("study", "search")
        and isinstance(data["config"].get("settings"), list)
        and all(isinstance(data[k], list) for k in ("runs", "summary", "verdict"))
    ):
        return None
    return data["config"]["grid"]


def _inside(path: Path, folder: Path) -> bool:
    """Whether ``path`` (its folder resolved, its own name kept) is ``folder`` or under it."""
    where = path.parent.resolve() / path.name
    top = folder.resolve()
    return where == top or top in where.parents


def publish_problem(target: Path, out: Path, grid: str) -> str | None:
    """Why ``--publish`` may not replace ``target`` (one sentence), or ``None`` when it may: a
    new path, an empty regular file or a regular file holding a results file of this
    experiment's ``grid`` (``"study"`` or ``"search"``), outside ``out``. Devices, FIFOs,
    sockets, symbolic links, folders, other files and anything under ``out`` are refused. The
    parent folder is created if missing."""
    if _inside(target, out):
        return (f"{target} is inside --out {out}, whose files belong to the run; "
                "publish to a path outside it")  # fmt: skip
    try:
        st: os.stat_result | None = target.lstat()
    except FileNotFoundError:
        st = None
    except OSError as e:
        return f"cannot inspect {target}: {e.strerror or e}"
    if st is not None:
        if stat.S_ISLNK(st.st_mode):
            return f"{target} is a symbolic link; give the path of a regular file"
        if stat.S_ISDIR(st.st_mode):
            return f"{target} is a folder; give a file path"
        if not stat.S_ISREG(st.st_mode):
            return f"{target} is not a regular file (a device, FIFO or socket); give a file path"
        found = results_grid(target) if st.st_size > 0 else grid
        if found is None:
            return (f"{target} is not a results file of this experiment (it would be "
                    "replaced); give a new path or a results file of this command")  # fmt: skip
        if found != grid:
            return (f"{target} holds the results of the {found} grid, not of the {grid} grid; "
                    "give a new path or a results file of this grid")  # fmt: skip
    try:
        check_writable(target.parent)
    except OSError as e:
        return f"cannot write to {target}: {e.strerror or e}"
    return None


# ----------------------------------------------------------------------------- running


def make_specs(args: argparse.Namespace, setting: Setting) -> list[RunSpec]:
    """Every run of one setting: head counts x seeds."""
    return [
        RunSpec(
            task=setting.task,
            level=setting.level,
            n_heads=h,
            seed=s,
            steps=setting.steps,
            batch_size=args.batch_size,
            lr=args.lr,
            d_model=args.d_model,
            ema_decay=args.ema_decay,
            data_seed=args.data_seed,
            val_size=args.val_size,
            curve_every=DEFAULTS["curve_every"],
        )
        for h in setting.heads
        for s in args.seeds
    ]


def _warm_up() -> None:
    """Build a throwaway model once before the pool starts: the first model imports sympy & co.
    lazily (torch's meta-device code, ~0.3 s), and forked workers then inherit those modules
    instead of importing them again in every pool."""
    HeadCountModel(vocab=1, n_classes=1, length=1, n_heads=1, d_model=1,
                   generator=torch.Generator())  # fmt: skip


def _cost(spec: RunSpec) -> tuple[int, int]:
    """Rough size of a run, to start the big ones first (better balance across workers): the
    attention scores ``(B, h, T, T)`` it computes over its steps, then its head count."""
    length = TASKS[spec.task].knobs(spec.level)["length"]
    return (-spec.steps * (spec.n_heads + 4) * length * length, -spec.n_heads)


def execute(
    specs: Sequence[RunSpec],
    out: Path,
    jobs: int,
    quiet: bool = False,
    workers: Workers | None = None,
) -> dict[RunSpec, dict]:
    """Run (or load) every spec on the shared runner (:func:`mha.experiments.runner.execute`);
    each finished run is saved to ``out/runs`` as soon as it ends. Returns spec -> record."""
    return runner.execute(specs, out, run_rounded, check_record, jobs, quiet, workers,
                          cost=_cost, outcome=outcome)  # fmt: skip


# ----------------------------------------------------------------------------- results


def environment() -> dict[str, Any]:
    """Library versions the published numbers were made with (fixed by the set-up)."""
    return {**versions("torch", "numpy"), "torch_threads_per_run": 1}


def _sorted_desc_by_rank(rows: list[list[float]]) -> list[float]:
    """Sort each row descending, then average position by position (heads are not aligned
    across seeds, so rank 0 = each seed's largest value)."""
    ranked = [sorted(r, reverse=True) for r in rows]
    return [sum(col) / len(col) for col in zip(*ranked, strict=True)]


def _groups(records: list[dict]) -> dict[tuple, list[dict]]:
    """Records by (task, level, n_heads), in the order of ``records``."""
    groups: dict[tuple, list[dict]] = defaultdict(list)
    for r in records:
        groups[(r["task"], r["level"], r["n_heads"])].append(r)
    return groups


def _mean_std_or_none(values: list[float]) -> tuple[float | None, float | None]:
    return mean_std(values) if values else (None, None)


def cell_converged(trained: list[dict]) -> bool | None:
    """Whether one task, level and head count finished learning: the rule of
    :func:`mha.experiments.verdict.converged` on its runs' accuracies at the last two budgets
    (``None`` when no seed trained)."""
    if not trained:
        return None
    if len(trained[0]["budget_accuracy"]) < 2:
        return False
    before = [r["budget_accuracy"][-2][1] for r in trained]
    return converged(before, [r["val_accuracy"] for r in trained])


def summarise(records: list[dict]) -> list[dict]:
    """The study note's table: one row per task, level and head count, over seeds, with the
    accuracy at every budget and the ``converged`` flag (:func:`cell_converged`).

    Diverged runs are counted in ``n_diverged`` and left out of the means (which are ``None``
    when every seed diverged). Rows come in the order of ``records`` (sorted by the caller).
    """
    rows = []
    for (task, level, h), rs in _groups(records).items():
        trained = [r for r in rs if not r["diverged"]]
        accs = [r["val_accuracy"] for r in trained]
        acc_mean, acc_std = _mean_std_or_none(accs)
        loss_mean, loss_std = _mean_std_or_none([r["final_train_loss"] for r in trained])
        by_budget = []
        for i, steps in enumerate(budgets(rs[0]["steps"])):
            mean, std = _mean_std_or_none([r["budget_accuracy"][i][1] for r in trained])
            by_budget.append({"steps": steps, "mean": mean, "std": std})
        rows.append({
            "task": task, "level": level, "knobs": TASKS[task].knobs(level),
            "n_heads": h, "d_head": rs[0]["d_head"], "params": rs[0]["params"],
            "steps": rs[0]["steps"],
            "final_train_loss_mean": loss_mean, "final_train_loss_std": loss_std,
            "val_accuracy_mean": acc_mean, "val_accuracy_std": acc_std,
            "val_accuracy_min": min(accs, default=None),
            "val_accuracy_max": max(accs, default=None),
            "budget_accuracy": by_budget, "converged": cell_converged(trained),
            "n_seeds": len(rs), "n_diverged": len(rs) - len(trained),
        })  # fmt: skip
    return rows


def analyse_groups(records: list[dict]) -> list[dict]:
    """Head analysis per task, level and head count, aggregated over the seeds that trained
    (heads ranked); diverged runs have no analysis. A group where every seed diverged is left
    out."""
    out = []
    for (task, level, h), group in _groups(records).items():
        rs = [r for r in group if not r["diverged"]]
        if not rs:
            continue
        drops = [r["analysis"]["ablation_drop"] for r in rs]
        shares = []
        for r in rs:
            imp = r["analysis"]["importance"]
            total = sum(imp)
            shares.append([v / total if total > 0 else 1.0 / h for v in imp])
        red = [r["analysis"]["redundancy_mean"] for r in rs]
        on_answer = [r["analysis"]["answer_weight"] for r in rs]
        on_answer_argmax = [r["analysis"]["answer_argmax"] for r in rs]
        max_drop = mean_std([max(d) for d in drops])
        top_share = mean_std([max(s) for s in shares])
        entry = {
            "task": task, "level": level, "n_heads": h, "n_seeds": len(rs),
            "base_accuracy_mean": mean_std([r["analysis"]["base_accuracy"] for r in rs])[0],
            "ablation_drop_by_rank": _sorted_desc_by_rank(drops),
            "ablation_max_drop_mean": max_drop[0], "ablation_max_drop_std": max_drop[1],
            "ablation_sum_drop_mean": mean_std([sum(d) for d in drops])[0],
            "importance_share_by_rank": _sorted_desc_by_rank(shares),
            "importance_top_share_mean": top_share[0], "importance_top_share_std": top_share[1],
            "redundancy_mean": None, "redundancy_std": None,
            "answer_weight_by_rank": _sorted_desc_by_rank(on_answer),
            "answer_argmax_by_rank": _sorted_desc_by_rank(on_answer_argmax),
            "answer_weight_mean": mean_std([sum(w) / h for w in on_answer])[0],
            "answer_argmax_mean": mean_std([sum(w) / h for w in on_answer_argmax])[0],
        }  # fmt: skip
        if h > 1 and all(v is not None for v in red):
            entry["redundancy_mean"], entry["redundancy_std"] = mean_std(red)
        out.append(entry)
    return out


#: Fields of a run record that describe one execution, not the run's result.
EXECUTION_FIELDS = ("wall_time_s",)

#: Decimal places kept for attention weights in results.json (weights lie in [0, 1]).
WEIGHT_DECIMALS = 3


def _round_weights(weights: list) -> list:
    """Attention weights ``(h, T, T)`` rounded to :data:`WEIGHT_DECIMALS` decimal places (small
    weights become ``0.0`` instead of long exponents)."""
    return [[[round(w, WEIGHT_DECIMALS) for w in row] for row in head] for head in weights]


#: Runs with more heads keep their attention maps in their run file only (results.json stays
#: small enough for a page to load).
HEATMAP_MAX_HEADS = 16


def slim_run(record: dict) -> dict:
    """A run as stored in results.json: its attention maps of the fixed validation sequence
    (``analysis.heatmap``, every head, weights rounded to 3 decimals; only up to
    :data:`HEATMAP_MAX_HEADS` heads), no wall time (kept in execution.json)."""
    slim = {k: v for k, v in record.items() if k not in EXECUTION_FIELDS}
    if isinstance(record["analysis"], dict):
        analysis = dict(record["analysis"])
        heatmap = analysis.get("heatmap")
        if record["n_heads"] > HEATMAP_MAX_HEADS:
            del analysis["heatmap"]
        elif isinstance(heatmap, dict):
            analysis["heatmap"] = {"tokens": heatmap["tokens"],
                                   "weights": _round_weights(heatmap["weights"])}  # fmt: skip
        slim["analysis"] = analysis
    return slim


_FLAT_LIST = re.compile(r"\[\n\s*((?:-?[0-9][0-9.e+-]*|null|true|false)"
                        r"(?:,\n\s*(?:-?[0-9][0-9.e+-]*|null|true|false))*)\n\s*\]")  # fmt: skip


def results_text(results: dict) -> str:
    """results.json as text: indented JSON with every innermost list of numbers on one line
    (an attention map row, a curve), so the file stays small and each row reads as a row.

    Examples
    --------
    >>> print(results_text({"a": [[0.5, 1], []], "b": "x"}))
    {
     "a": [
      [0.5, 1],
      []
     ],
     "b": "x"
    }
    <BLANKLINE>
    """
    text = json.dumps(results, indent=1, allow_nan=False)
    return _FLAT_LIST.sub(lambda m: "[" + ", ".join(re.split(r",\n\s*", m.group(1))) + "]",
                          text) + "\n"  # fmt: skip


def build_results(args: argparse.Namespace, records: list[dict], verdicts: list[dict]) -> dict:
    """Everything results.json holds: fixed by the runs and the settings, so the same grid gives
    the same bytes on every execution (timings and machine facts go to execution.json)."""
    grid = settings(args)
    order = {(s.task, s.level): i for i, s in enumerate(grid)}
    tasks = list(dict.fromkeys(s.task for s in grid))
    records = sorted(records, key=lambda r: (order[r["task"], r["level"]], r["n_heads"], r["seed"]))
    config = {
        **grid_config(args),
        "tasks": tasks,
        "optimizer": "Adam (fused), fixed learning rate",
        "scored_model": f"exponential moving average of the weights (decay {args.ema_decay}), "
                        "scored on the validation set at every quarter of the budget",
        "convergence_rule": "a task, level and head count has converged when its seed-mean "
                            f"validation accuracy moved by less than {CONVERGENCE_TOL} between "
                            "three quarters of the budget and the whole budget",
        "convergence_tol": CONVERGENCE_TOL,
        "final_train_loss": f"mean of the per-step training losses over the last {FINAL_WINDOW} "
                            "steps",
        "curve": f"mean training loss of each block of {DEFAULTS['curve_every']} steps",
        "model": "token embedding + learned position embedding -> one MultiHeadAttention "
                 "(no residual) -> linear readout, a class per position",
        "ladders": {t: [dict(k) for k in TASKS[t].ladder] for t in tasks},
        "task_descriptions": {t: TASKS[t].description for t in tasks},
        "causal": {t: TASKS[t].causal for t in tasks},
        "verdict_rule": RULE,
        "final_window": FINAL_WINDOW,
        "min_seeds": MIN_SEEDS,
        "analysis": "ablation, importance and redundancy are computed on every run's trained "
                    "model over the validation set and aggregated per task, level and head count "
                    "over seeds; heads are ranked within each seed before averaging. Each "
                    "trained run also keeps, by head index, its ablation drop and importance "
                    f"and, with at most {HEATMAP_MAX_HEADS} heads, the attention maps (h, T, T) of "
                    "validation sequence 0 (analysis.heatmap, weights rounded to 3 decimals). "
                    "answer_weight is each head's mean attention weight on the keys the answer "
                    "needs (the task's pattern), answer_argmax the fraction of queries whose "
                    "largest weight falls on one of them",
        "divergence": "a run whose training loss or weights become NaN or infinite is marked "
                      "diverged, stops training and is not evaluated; summary means leave it "
                      "out and count it in n_diverged, and the verdict of its task and level is "
                      "'diverged' (nothing claimed)",
    }  # fmt: skip
    verdicts = sorted(verdicts, key=lambda v: order[v["task"], v["level"]])
    return round_floats({
        "config": config,
        "environment": environment(),
        "runs": [slim_run(r) for r in records],
        "summary": summarise(records),
        "verdict": verdicts,
        "analysis": analyse_groups(records),
    })  # fmt: skip


def build_execution(records: list[dict], wall: float) -> dict:
    """What execution.json holds: this execution's machine and wall time, and each run's wall
    time (a run reused from an earlier execution keeps the time it took then)."""
    return round_floats({
        "machine": machine(),
        "wall_time_s": wall,
        "run_wall_time_s": {
            f"{r['task']}-L{r['level']}-h{r['n_heads']}-s{r['seed']}": r["wall_time_s"]
            for r in records
        },
    })  # fmt: skip


def format_table(summary: list[dict]) -> str:
    """The study note's table, one block per task and level; diverged seeds are counted in
    their own column and left out of the means."""
    lines = []
    last = None
    head = (f"{'heads':>5} {'d_head':>6} {'params':>8} {'final train loss':>16} "
            f"{'val acc (mean)':>14} {'spread (std)':>12} {'converged':>9} {'seeds':>5} "
            f"{'diverged':>8}")  # fmt: skip

    def num(x: float | None, width: int) -> str:
        return f"{'-':>{width}}" if x is None else f"{x:>{width}.4f}"

    for row in summary:
        key = (row["task"], row["level"])
        if key != last:
            knobs = ", ".join(f"{k}={v}" for k, v in row["knobs"].items())
            lines += [
                "",
                f"{row['task']}  level {row['level']} ({knobs}), {row['steps']} steps",
                head,
            ]
            last = key
        lines.append(
            f"{row['n_heads']:>5} {row['d_head']:>6} {row['params']:>8,} "
            f"{num(row['final_train_loss_mean'], 16)} {num(row['val_accuracy_mean'], 14)} "
            f"{num(row['val_accuracy_std'], 12)} "
            f"{'yes' if row['converged'] else 'no':>9} {row['n_seeds']:>5} "
            f"{row['n_diverged']:>8}"
        )
    return "\n".join(lines)


# ----------------------------------------------------------------------------- main


def judge(setting: Setting, specs: Sequence[RunSpec], records: dict[RunSpec, dict]) -> dict:
    """The verdict of one setting: its head counts compared on their seeds' final accuracies,
    a difference claimed only between converged head counts."""
    runs: dict[int, list[dict]] = defaultdict(list)
    for spec in specs:
        runs[spec.n_heads].append(records[spec])
    accs = {h: [r["val_accuracy"] for r in rs] for h, rs in runs.items()}  # None: diverged
    done = {h: bool(cell_converged([r for r in rs if not r["diverged"]])) for h, rs in runs.items()}
    if len(accs) >= 2:
        v = verdict(accs, done)
    else:
        v = {"status": "single_head_count", "n_seeds": len(next(iter(accs.values()))),
             "pairs": [], "best": list(accs), "still_learning": [], "fewer_heads_win": [],
             "rule": RULE}  # fmt: skip
    return {"task": setting.task, "level": setting.level,
            "knobs": TASKS[setting.task].knobs(setting.level), "steps": setting.steps, **v,
            "sentence": describe(setting.task, setting.level, v)}  # fmt: skip


def experiment(args: argparse.Namespace) -> dict:
    """Run the grid; write the per-run files, ``results.json`` and ``execution.json``."""
    start = time.perf_counter()
    out: Path = args.out
    grid = settings(args)
    specs = {setting: make_specs(args, setting) for setting in grid}
    every = [spec for group in specs.values() for spec in group]
    workers = Workers(min(args.jobs, len(every)), warm_up=_warm_up)
    with runner.borrowed(workers):
        records = execute(every, out, workers.jobs, args.quiet, workers)
    workers.close()
    verdicts = [judge(setting, group, records) for setting, group in specs.items()]
    results = build_results(args, list(records.values()), verdicts)
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
    not be written or ``--publish`` became unsafe during the run, 130 after Ctrl-C, 143 after
    SIGTERM)."""
    args = build_parser().parse_args(argv)
    try:
        validate(args)
    except UsageError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
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
        check_other_grid(args)  # again: another process may have written it before we got here
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
