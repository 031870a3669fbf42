"""What the head-count experiment writes, and what it may replace.

- results.json (:func:`build_results`, fixed by the runs, as :func:`results_text`) and
  execution.json (:func:`build_execution`, this execution's machine and times), and how a
  results file of this experiment is recognised (:func:`results_grid`);
- what may be replaced: the results file in ``--out`` only when it holds the same grid
  (:func:`check_other_grid`), and the ``--publish`` target only when it is new or a results file
  of this experiment's grid, outside ``--out`` (:func:`publish_problem`).
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import torch

from house.files import check_writable
from house.outputs import replaceable_problem
from house.timing import machine, versions
from mha.experiments.heads.runs import DEFAULTS, Setting
from mha.experiments.heads.summary import RULE, analyse_groups, summarise
from mha.experiments.heads.tasks import TASKS
from mha.experiments.heads.training import FINAL_WINDOW
from mha.experiments.runner import UsageError
from mha.experiments.store import round_floats
from mha.experiments.verdict import CONVERGENCE_TOL, MIN_SEEDS

# ----------------------------------------------------------------------------- what it writes

#: Settings of a grid (keys of ``config`` in results.json) that decide what results.json holds.
GRID_KEYS = ("grid", "settings", "seeds", "batch_size", "lr", "ema_decay", "d_model", "data_seed",
             "val_size")  # fmt: skip


def grid_config(args: argparse.Namespace, grid: Sequence[Setting]) -> dict[str, Any]:
    """The settings of ``grid``, the grid the arguments ask for, as stored under ``config`` in
    results.json (floats rounded)."""
    return round_floats({
        "grid": "search" if args.search else "study",
        "settings": [s.to_dict() for s in grid], "seeds": list(args.seeds),
        "batch_size": args.batch_size, "lr": args.lr, "ema_decay": args.ema_decay,
        "d_model": args.d_model, "data_seed": args.data_seed, "val_size": args.val_size,
    })  # fmt: skip


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


def environment() -> dict[str, Any]:
    """Library versions the published numbers were made with (fixed by the set-up)."""
    return {**versions("torch", "numpy"), "torch_threads_per_run": 1}


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


def build_results(
    args: argparse.Namespace, grid: Sequence[Setting], records: list[dict], verdicts: list[dict]
) -> dict:
    """Everything results.json holds for ``grid``, the grid the arguments ask for: fixed by the
    runs and the settings, so the same grid gives the same bytes on every execution (timings and
    machine facts go to execution.json)."""
    order = {(s.task, s.level): i for i, s in enumerate(grid)}
    tasks = list(dict.fromkeys(s.task for s in grid))
    records = sorted(records, key=lambda r: (order[r["task"], r["level"]], r["n_heads"], r["seed"]))
    config = {
        **grid_config(args, grid),
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
    """What execution.json holds: this execution's machine (with the CPU model and torch's CPU
    capability, the two facts that explain why bytes differ between machines), its wall time,
    and each run's wall time (a run reused from an earlier execution keeps the time it took
    then)."""
    return round_floats({
        "machine": machine(),
        "torch_cpu_capability": torch.backends.cpu.get_cpu_capability(),
        "wall_time_s": wall,
        "run_wall_time_s": {
            f"{r['task']}-L{r['level']}-h{r['n_heads']}-s{r['seed']}": r["wall_time_s"]
            for r in records
        },
    })  # fmt: skip


# ----------------------------------------------------------------------------- what may be replaced


def other_grid(path: Path, wanted: dict[str, Any]) -> list[str]:
    """The settings in which the results file at ``path`` differs from the grid whose ``config``
    (:func:`grid_config`) is ``wanted``, as
    ``"name: old -> new"``; empty when the file is absent, unreadable or of the same grid."""
    try:
        config = json.loads(path.read_text(encoding="utf-8"))["config"]
    except (OSError, ValueError, KeyError, TypeError):
        return []
    if not isinstance(config, dict):
        return []
    return [f"{k} {config.get(k)!r} -> {wanted[k]!r}" for k in GRID_KEYS
            if config.get(k) != wanted[k]]  # fmt: skip


def check_other_grid(out: Path, wanted: dict[str, Any]) -> None:
    """Raise :class:`UsageError` when ``--out`` (``out``) holds the results.json of another grid
    than the one whose ``config`` is ``wanted``."""
    differ = other_grid(out / "results.json", wanted)
    if differ:
        raise UsageError(
            "--out",
            f"{out / 'results.json'} holds the results of another grid "
            f"({'; '.join(differ)}); give another --out, or delete that file to replace it "
            "(finished runs in runs/ are kept either way)",
        )


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
    problem = replaceable_problem(target, "give the path of a regular file")
    if problem is not None:
        return problem
    if target.is_file():  # a regular file (not a link): it holds this grid's results, or nothing
        found = results_grid(target) if target.stat().st_size > 0 else grid
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
