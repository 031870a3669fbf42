"""``python -m mha.experiments.heads`` (or ``python -m mha.experiment``): the head-count
experiment (1 vs 4 vs 8 heads), end to end.

Runs a grid of tasks x head counts x seeds with everything but the head count held fixed on
the shared runner (:mod:`mha.experiments.runner`), which saves each finished run as it ends;
then it applies the verdict rule per task and level, moves one step up a task's ladder when no
head counts differ, and writes ``DIR/results.json`` (atomically, at the
end) with the config, the library versions, every run, the summary table, the verdicts and the
head analysis. results.json is fixed by the runs: the same grid gives the same bytes on every
execution, fresh or resumed. What belongs to one execution (machine, wall times) goes to
``DIR/execution.json``. A run whose loss becomes NaN or infinite is recorded as diverged and
judged as such. The study note's table is printed at the end.

Examples
--------
The full study grid (what the main job runs)::

    python -m mha.experiments.heads --out runs/heads --publish docs/results/heads.json

One task, three seeds::

    python -m mha.experiments.heads --task count --heads 1 4 8 --seeds 0 1 2 --steps 1000 --out DIR
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import torch

from mha.experiments import runner
from mha.experiments.heads.model import HeadCountModel
from mha.experiments.heads.records import outcome, record_problem, run_rounded
from mha.experiments.heads.tasks import TASKS
from mha.experiments.heads.training import FINAL_WINDOW, RunSpec
from mha.experiments.heads.verdict import MIN_SEEDS, RULE, describe, verdict
from mha.experiments.runner import UsageError, Workers
from mha.experiments.store import round_floats
from mha.experiments.verdict import mean_std
from mha.tools.files import atomic_write_json, atomic_write_text, check_writable
from mha.tools.timing import machine, versions

DEFAULTS: dict[str, Any] = {
    "tasks": ["count", "reverse", "relations"],
    "heads": [1, 4, 8],
    "seeds": [0, 1, 2, 3, 4],
    "steps": 300,
    "batch_size": 64,
    "lr": 3e-3,
    "d_model": 64,
    "data_seed": 0,
    "val_size": 1024,
    "curve_every": 10,
    "max_escalations": 1,
}


# ----------------------------------------------------------------------------- command line


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m mha.experiments.heads",
        description="Train one-layer attention models with 1, 4, 8 heads on synthetic tasks. "
        "The full default grid takes about 2 minutes with 2 workers on 2 CPUs; finished runs "
        "are kept in OUT/runs and reused when the same command is run again.",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    p.add_argument(
        "--task",
        nargs="+",
        default=DEFAULTS["tasks"],
        metavar="TASK",
        help=f"tasks to run, from: {', '.join(TASKS)}",
    )
    p.add_argument(
        "--heads",
        nargs="+",
        type=int,
        default=DEFAULTS["heads"],
        metavar="H",
        help="head counts; each must divide d_model",
    )
    p.add_argument(
        "--seeds",
        nargs="+",
        type=int,
        default=DEFAULTS["seeds"],
        metavar="S",
        help="initialisation seeds, distinct, each in 0..2**64-1",
    )
    p.add_argument("--steps", type=int, default=DEFAULTS["steps"], help="Adam steps per run")
    p.add_argument(
        "--batch-size", type=int, default=DEFAULTS["batch_size"], help="training sequences per step"
    )
    p.add_argument(
        "--lr", type=float, default=DEFAULTS["lr"], help="fixed Adam learning rate (finite, > 0)"
    )
    p.add_argument("--d-model", type=int, default=DEFAULTS["d_model"], help="model width")
    p.add_argument("--level", type=int, default=0, help="ladder level to start every task at")
    p.add_argument(
        "--no-escalate",
        action="store_true",
        help="do not move up the ladder when no head counts differ",
    )
    p.add_argument(
        "--max-escalations",
        type=int,
        default=DEFAULTS["max_escalations"],
        help="ladder steps a task may climb",
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
        help="after the grid completes, atomically copy results.json to this file",
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
GRID_KEYS = ("tasks", "heads", "seeds", "steps", "batch_size", "lr", "d_model", "data_seed",
             "val_size", "start_level", "escalate", "max_escalations")  # fmt: skip


def divisors(n: int) -> list[int]:
    """Positive divisors of ``n >= 1``, ascending, in O(sqrt(n)) steps.

    Examples
    --------
    >>> divisors(64)
    [1, 2, 4, 8, 16, 32, 64]
    """
    small = [d for d in range(1, math.isqrt(n) + 1) if n % d == 0]
    return small + [n // d for d in reversed(small) if d * d != n]


def model_bytes(d_model: int, tasks: Sequence[str], level: int) -> int:
    """Bytes of float32 weights, gradients and the two Adam moments of the largest model of the
    grid (4 copies of every parameter), from the sizes alone, without building it."""
    largest = 0
    for name in tasks:
        task = TASKS[name]
        for lv in range(level, len(task.ladder)):
            knobs = task.knobs(lv)
            vocab, length, classes = knobs["vocab"], knobs["length"], task.n_classes(lv)
            params = ((vocab + length) * d_model + 4 * (d_model * d_model + d_model)
                      + d_model * classes + classes)  # fmt: skip
            largest = max(largest, params)
    return 4 * 4 * largest


def memory_bytes() -> int | None:
    """Physical memory of this machine, or ``None`` where the platform does not say."""
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):
        return None


def grid_config(args: argparse.Namespace) -> dict[str, Any]:
    """The settings of the grid, as stored under ``config`` in results.json (floats rounded)."""
    return round_floats({
        "tasks": list(args.task), "heads": list(args.heads), "seeds": list(args.seeds),
        "steps": args.steps, "batch_size": args.batch_size, "lr": args.lr,
        "d_model": args.d_model, "data_seed": args.data_seed, "val_size": args.val_size,
        "start_level": args.level, "escalate": not args.no_escalate,
        "max_escalations": args.max_escalations,
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
    for task in args.task:
        if task not in TASKS:
            raise UsageError("--task", f"unknown task {task!r}; choose from {', '.join(TASKS)}")
    if len(set(args.task)) != len(args.task):
        raise UsageError("--task", f"each task at most once, got {' '.join(args.task)}")
    for task in args.task:
        top = len(TASKS[task].ladder) - 1
        if not 0 <= args.level <= top:
            raise UsageError("--level", f"task {task!r} has levels 0..{top}, got {args.level}")
    if args.d_model < 1:
        raise UsageError("--d-model", f"expected an int >= 1, got {args.d_model}")
    need, have = model_bytes(args.d_model, args.task, args.level), memory_bytes()
    if have is not None and need > have:
        raise UsageError(
            "--d-model",
            f"d_model={args.d_model} needs about {need / 2**30:.3g} GiB for the weights, "
            f"gradients and Adam state of one model, more than this machine's "
            f"{have / 2**30:.3g} GiB",
        )
    for h in args.heads:
        if h < 1 or args.d_model % h != 0:
            raise UsageError(
                "--heads",
                f"{h} is not a positive divisor of d_model={args.d_model}; "
                f"valid: {divisors(args.d_model)}",
            )
    if len(set(args.heads)) != len(args.heads):
        raise UsageError("--heads", "each head count at most once")
    if len(args.seeds) < 1:
        raise UsageError("--seeds", "expected at least one seed")
    if len(set(args.seeds)) != len(args.seeds):
        raise UsageError("--seeds", f"expected distinct seeds, got {args.seeds}")
    for name, seeds in (("--seeds", args.seeds), ("--data-seed", [args.data_seed])):
        for seed in seeds:
            if not 0 <= seed < SEED_LIMIT:
                raise UsageError(name, f"expected a seed in 0..2**64-1, got {seed}")
    for name, value in (("--steps", args.steps), ("--batch-size", args.batch_size),
                        ("--jobs", args.jobs), ("--val-size", args.val_size)):  # fmt: skip
        if value < 1:
            raise UsageError(name, f"expected an int >= 1, got {value}")
    if not (math.isfinite(args.lr) and args.lr > 0):
        raise UsageError("--lr", f"expected a finite learning rate > 0, got {args.lr}")
    if args.max_escalations < 0:
        raise UsageError("--max-escalations", f"expected an int >= 0, got {args.max_escalations}")
    try:
        check_writable(args.out)
        check_writable(args.out / "runs")
    except OSError as e:
        raise UsageError("--out", f"cannot write to {args.out}: {e.strerror or e}") from None
    differ = other_grid(args.out / "results.json", args)
    if differ:
        raise UsageError(
            "--out",
            f"{args.out / 'results.json'} holds the results of another grid "
            f"({'; '.join(differ)}); give another --out, or delete that file to replace it "
            "(finished runs in runs/ are kept either way)",
        )
    if args.publish is not None:
        if args.publish.is_dir():
            raise UsageError("--publish", f"{args.publish} is a folder; give a file path")
        try:
            check_writable(args.publish.parent)
        except OSError as e:
            raise UsageError(
                "--publish", f"cannot write to {args.publish}: {e.strerror or e}"
            ) from None


# ----------------------------------------------------------------------------- running


def make_specs(args: argparse.Namespace, task: str, level: int) -> list[RunSpec]:
    """Every run of one task and level: head counts x seeds."""
    return [
        RunSpec(
            task=task,
            level=level,
            n_heads=h,
            seed=s,
            steps=args.steps,
            batch_size=args.batch_size,
            lr=args.lr,
            d_model=args.d_model,
            data_seed=args.data_seed,
            val_size=args.val_size,
            curve_every=DEFAULTS["curve_every"],
        )
        for h in args.heads
        for s in args.seeds
    ]


def _warm_up() -> None:
    """Build a throwaway model once before the pool starts: the first model imports sympy & co.
    lazily (torch's meta-device code, ~0.3 s), and forked workers then inherit those modules
    instead of importing them again in every pool."""
    HeadCountModel(vocab=1, n_classes=1, length=1, n_heads=1, d_model=1,
                   generator=torch.Generator())  # fmt: skip


def _cost(spec: RunSpec) -> tuple[int, int]:
    """Rough size of a run, to start the big ones first (better balance across workers)."""
    return (-TASKS[spec.task].knobs(spec.level)["length"], -spec.n_heads)


def execute(
    specs: Sequence[RunSpec],
    out: Path,
    jobs: int,
    quiet: bool = False,
    workers: Workers | None = None,
) -> dict[RunSpec, dict]:
    """Run (or load) every spec on the shared runner (:func:`mha.experiments.runner.execute`);
    each finished run is saved to ``out/runs`` as soon as it ends. Returns spec -> record."""
    return runner.execute(specs, out, run_rounded, record_problem, jobs, quiet, workers,
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


def summarise(records: list[dict]) -> list[dict]:
    """The study note's table: one row per task, level and head count, over seeds.

    Diverged runs are counted in ``n_diverged`` and left out of the means (which are ``None``
    when every seed diverged). Rows come in the order of ``records`` (sorted by the caller).
    """
    rows = []
    for (task, level, h), rs in _groups(records).items():
        trained = [r for r in rs if not r["diverged"]]
        accs = [r["val_accuracy"] for r in trained]
        acc_mean, acc_std = _mean_std_or_none(accs)
        loss_mean, loss_std = _mean_std_or_none([r["final_train_loss"] for r in trained])
        rows.append({
            "task": task, "level": level, "knobs": TASKS[task].knobs(level),
            "n_heads": h, "d_head": rs[0]["d_head"], "params": rs[0]["params"],
            "final_train_loss_mean": loss_mean, "final_train_loss_std": loss_std,
            "val_accuracy_mean": acc_mean, "val_accuracy_std": acc_std,
            "val_accuracy_min": min(accs, default=None),
            "val_accuracy_max": max(accs, default=None),
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


def slim_run(record: dict) -> dict:
    """A run as stored in results.json: its attention maps of the fixed validation sequence
    (``analysis.heatmap``, every head, weights rounded to 3 decimals), no wall time (kept in
    execution.json)."""
    slim = {k: v for k, v in record.items() if k not in EXECUTION_FIELDS}
    if isinstance(record["analysis"], dict):
        analysis = dict(record["analysis"])
        heatmap = analysis.get("heatmap")
        if isinstance(heatmap, dict):
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
    order = {t: i for i, t in enumerate(args.task)}
    records = sorted(records, key=lambda r: (order[r["task"]], r["level"], r["n_heads"], r["seed"]))
    config = {
        **grid_config(args),
        "optimizer": "Adam (fused)",
        "final_train_loss": f"mean of the per-step training losses over the last {FINAL_WINDOW} "
                            "steps",
        "curve": f"mean training loss of each block of {DEFAULTS['curve_every']} steps",
        "model": "token embedding + learned position embedding -> one MultiHeadAttention "
                 "(no residual) -> linear readout, a class per position",
        "ladders": {t: [dict(k) for k in TASKS[t].ladder] for t in args.task},
        "task_descriptions": {t: TASKS[t].description for t in args.task},
        "causal": {t: TASKS[t].causal for t in args.task},
        "verdict_rule": RULE,
        "final_window": FINAL_WINDOW,
        "min_seeds": MIN_SEEDS,
        "analysis": "ablation, importance and redundancy are computed on every run's trained "
                    "model over the validation set and aggregated per task, level and head count "
                    "over seeds; heads are ranked within each seed before averaging. Each "
                    "trained run also keeps, by head index, its ablation drop and importance "
                    "and the attention maps (h, T, T) of validation sequence 0 "
                    "(analysis.heatmap, weights rounded to 3 decimals)",
        "divergence": "a run whose training loss or weights become NaN or infinite is marked "
                      "diverged, stops training and is not evaluated; summary means leave it "
                      "out and count it in n_diverged, and the verdict of its task and level is "
                      "'diverged' (nothing claimed)",
    }  # fmt: skip
    verdicts = sorted(verdicts, key=lambda v: (order[v["task"]], v["level"]))
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
            f"{'val acc (mean)':>14} {'spread (std)':>12} {'seeds':>5} "
            f"{'diverged':>8}")  # fmt: skip

    def num(x: float | None, width: int) -> str:
        return f"{'-':>{width}}" if x is None else f"{x:>{width}.4f}"

    for row in summary:
        key = (row["task"], row["level"])
        if key != last:
            knobs = ", ".join(f"{k}={v}" for k, v in row["knobs"].items())
            lines += ["", f"{row['task']}  level {row['level']} ({knobs})", head]
            last = key
        lines.append(
            f"{row['n_heads']:>5} {row['d_head']:>6} {row['params']:>8,} "
            f"{num(row['final_train_loss_mean'], 16)} {num(row['val_accuracy_mean'], 14)} "
            f"{num(row['val_accuracy_std'], 12)} {row['n_seeds']:>5} {row['n_diverged']:>8}"
        )
    return "\n".join(lines)


# ----------------------------------------------------------------------------- main


def experiment(args: argparse.Namespace) -> dict:
    """Run the grid with escalation; write the per-run files, ``results.json`` and
    ``execution.json``."""
    start = time.perf_counter()
    out: Path = args.out
    level = dict.fromkeys(args.task, args.level)
    active = list(args.task)
    climbed = dict.fromkeys(args.task, 0)
    records: dict[RunSpec, dict] = {}
    verdicts: list[dict] = []
    jobs = min(args.jobs, len(args.task) * len(args.heads) * len(args.seeds))
    workers = Workers(jobs, warm_up=_warm_up)
    while active:
        specs = [s for t in active for s in make_specs(args, t, level[t])]
        with runner.borrowed(workers):
            records.update(execute(specs, out, workers.jobs, args.quiet, workers))
        next_active = []
        for t in active:
            accs: dict[int, list[float | None]] = defaultdict(list)
            for s in specs:
                if s.task == t:
                    accs[s.n_heads].append(records[s]["val_accuracy"])  # None: diverged
            if len(accs) >= 2:
                v = verdict(accs)
            else:
                v = {"status": "single_head_count", "n_seeds": len(args.seeds), "pairs": [],
                     "best": list(accs), "rule": RULE}  # fmt: skip
            can_climb = (
                v["status"] == "no_difference" and not args.no_escalate
                and climbed[t] < args.max_escalations and level[t] + 1 < len(TASKS[t].ladder)
            )  # fmt: skip
            v = {"task": t, "level": level[t], "knobs": TASKS[t].knobs(level[t]), **v,
                 "escalated": can_climb, "sentence": describe(t, level[t], v)}  # fmt: skip
            verdicts.append(v)
            if can_climb:
                level[t] += 1
                climbed[t] += 1
                next_active.append(t)
        active = next_active
    workers.close()
    results = build_results(args, list(records.values()), verdicts)
    atomic_write_text(out / "results.json", results_text(results))
    wall = time.perf_counter() - start
    atomic_write_json(out / "execution.json", build_execution(list(records.values()), wall))
    if args.publish is not None:
        runner.publish(out / "results.json", args.publish)
    return results


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; returns the exit code (2 for bad arguments, 130 after Ctrl-C,
    143 after SIGTERM)."""
    args = build_parser().parse_args(argv)
    try:
        validate(args)
    except UsageError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    start = time.perf_counter()
    done: dict[str, dict] = {}
    code = runner.interruptible(lambda: done.update(results=experiment(args)), args.out / "runs")
    if code != 0:
        return code
    results = done["results"]
    print(format_table(results["summary"]))
    print()
    for v in results["verdict"]:
        print(v["sentence"] + (" -> moving one step up the ladder" if v["escalated"] else ""))
    print(f"\nrule: {RULE}")
    print(f"wrote {args.out / 'results.json'}" + (f" and {args.publish}" if args.publish else ""))
    print(f"wall time {time.perf_counter() - start:.1f} s (see {args.out / 'execution.json'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
