"""The grids of the head-count experiment and their runs.

- the grids: the fixed training settings (:data:`DEFAULTS`), one :class:`Setting` per task and
  level, :data:`STUDY` (the default grid) and :data:`SEARCH` (the trade-off search), and
  :func:`narrow`, a grid as the command line narrows it;
- one run as the store keeps it: the record's floats rounded (:func:`run_rounded`), and the
  check that a stored record is complete (:func:`check_record`, see
  :mod:`mha.experiments.store`);
- a grid's runs: one :class:`~mha.experiments.heads.training.RunSpec` per head count and seed of
  each setting (:func:`make_specs`), run (or loaded, when finished before) on the shared runner,
  biggest first (:func:`execute`).
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import torch

from mha.experiments import runner
from mha.experiments.heads.model import HeadCountModel
from mha.experiments.heads.tasks import TASKS
from mha.experiments.heads.training import RunSpec, budgets, run
from mha.experiments.runner import Workers
from mha.experiments.store import round_floats, with_ranges

# ----------------------------------------------------------------------------- the grids

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
#: Budgets: at 1,000 steps 64 heads were still learning on recall 2 and 3 and 4 to 64 heads on
#: count 3 (seed means still rising by 0.010 to 0.048 over the last quarter). Measured runs of
#: the slowest head count (64, 5 seeds): recall 2 converges at 2,000 steps (+0.0034 over the
#: last quarter); recall 3 does not (+0.0086 at 2,000) but does at 4,000 (+0.0042); on count 3
#: the first two seeds moved about +0.006 over the last quarter of 2,000, the first three
#: +0.002 over that of 3,000. A head count still learning at its budget is shown as such.
SEARCH: tuple[Setting, ...] = (
    Setting("recall", 0, (1, 4, 16, 64), 1000),
    Setting("recall", 1, (1, 4, 16, 64), 1000),
    Setting("recall", 2, (1, 4, 16, 64), 2000),
    Setting("recall", 3, (1, 4, 16, 64), 4000),
    Setting("count", 3, (1, 4, 16, 64), 3000),
)


def narrow(
    grid: Sequence[Setting],
    tasks: Sequence[str] | None = None,
    level: int | None = None,
    heads: Sequence[int] | None = None,
    steps: int | None = None,
) -> list[Setting]:
    """``grid`` narrowed to ``tasks`` (every task of the grid when ``None``), with ``heads``,
    ``steps`` and ``level`` replacing the grid's choice for every setting when given. A task
    outside the grid gets 1, 4, 8 heads, level 0 and 1,000 steps unless told otherwise.

    Examples
    --------
    >>> [(s.task, s.heads) for s in narrow(STUDY, ["reverse"], heads=[2])]
    [('reverse', (2,))]
    """
    tasks = list(dict.fromkeys(s.task for s in grid)) if tasks is None else tasks
    chosen = []
    for task in tasks:
        mine = [s for s in grid if s.task == task] or [Setting(task, 0, NOTE_HEADS, 1000)]
        for s in mine:
            chosen.append(Setting(
                task,
                s.level if level is None else level,
                s.heads if heads is None else tuple(heads),
                s.steps if steps is None else steps,
            ))  # fmt: skip
    return list(dict.fromkeys(chosen))


# ----------------------------------------------------------------------------- one run, stored

#: Fields a saved run must have to be reused.
RESULT_KEYS = frozenset(
    {"d_head", "params", "diverged", "diverged_at_step", "final_train_loss", "val_accuracy",
     "budget_accuracy", "curve", "analysis", "wall_time_s"}
)  # fmt: skip


def run_rounded(spec: RunSpec, step_callback: Callable[[int, float], None] | None = None) -> dict:
    """:func:`~mha.experiments.heads.training.run` with floats rounded as they are stored, so a
    fresh run and one read back on resume give the same numbers."""
    record = round_floats(run(spec, step_callback))
    record["wall_time_s"] = round(record["wall_time_s"], 3)
    return record


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _numbers(value: Any, length: int | None = None) -> bool:
    return (
        isinstance(value, list)
        and all(_is_number(v) for v in value)
        and (length is None or len(value) == length)
    )


def record_problem(record: dict[str, Any], spec: RunSpec) -> str | None:
    """What makes ``record`` (whose spec fields already match ``spec``) unusable as the finished
    run of ``spec``, or ``None`` if nothing.

    A record is usable when every result field has a value of the right kind: numbers where a
    trained run has numbers, or ``diverged: true`` with ``None`` in place of the accuracy, loss
    and analysis.
    """
    missing = sorted(RESULT_KEYS - set(record))
    if missing:
        return f"missing field(s) {', '.join(missing)}"
    if not isinstance(record["diverged"], bool):
        return f"field 'diverged' is {record['diverged']!r}, expected true or false"
    checks: dict[str, bool] = {
        "d_head": isinstance(record["d_head"], int),
        "params": isinstance(record["params"], int),
        "wall_time_s": _is_number(record["wall_time_s"]),
        "curve": isinstance(record["curve"], list),
    }
    if record["diverged"]:
        checks["diverged_at_step"] = isinstance(record["diverged_at_step"], int)
    else:
        analysis = record["analysis"]
        heatmap = analysis.get("heatmap") if isinstance(analysis, dict) else None
        checks.update({
            "final_train_loss": _is_number(record["final_train_loss"]),
            "val_accuracy": _is_number(record["val_accuracy"]),
            "budget_accuracy": isinstance(record["budget_accuracy"], list)
            and len(record["budget_accuracy"]) == len(budgets(spec.steps))
            and all(_numbers(b, 2) for b in record["budget_accuracy"]),
            "curve": _numbers(record["curve"]),
            "analysis": isinstance(analysis, dict)
            and _is_number(analysis.get("base_accuracy"))
            and _numbers(analysis.get("ablation_drop"), spec.n_heads)
            and _numbers(analysis.get("importance"), spec.n_heads)
            and _numbers(analysis.get("answer_weight"), spec.n_heads)
            and _numbers(analysis.get("answer_argmax"), spec.n_heads)
            and isinstance(heatmap, dict)
            and isinstance(heatmap.get("tokens"), list)
            and isinstance(heatmap.get("weights"), list),
        })  # fmt: skip
    bad = [key for key, ok in checks.items() if not ok]
    if bad:
        return f"null or malformed field(s) {', '.join(bad)}"
    return None


#: The bounds a finished run's numbers lie within; ``*`` is every item of a list. A hand-edited
#: accuracy of 7.5 or a negative loss makes the run damaged: it is run again.
RANGES = {
    "val_accuracy": (0.0, 1.0),
    "budget_accuracy.*.1": (0.0, 1.0),
    "analysis.base_accuracy": (0.0, 1.0),
    "analysis.answer_weight.*": (0.0, 1.0),
    "analysis.answer_argmax.*": (0.0, 1.0),
    "final_train_loss": (0.0, math.inf),
    "curve.*": (0.0, math.inf),
    "wall_time_s": (0.0, math.inf),
    "d_head": (1, math.inf),
    "params": (1, math.inf),
}
#: What the store checks a head-count run file with: the kinds, then :data:`RANGES`.
check_record = with_ranges(record_problem, RANGES)


def outcome(record: dict[str, Any]) -> str:
    """A few words for the progress bar: the accuracy, or that the run diverged."""
    return "diverged" if record["diverged"] else f"acc={record['val_accuracy']:.3f}"


# ----------------------------------------------------------------------------- a grid's runs


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


def warm_up() -> None:
    """Build a throwaway model once before the pool starts: the first model imports sympy & co.
    lazily (torch's meta-device code, ~0.3 s), and forked workers then inherit those modules
    instead of importing them again in every pool."""
    HeadCountModel(vocab=1, n_classes=1, length=1, n_heads=1, d_model=1,
                   generator=torch.Generator())  # fmt: skip


def run_cost(spec: RunSpec) -> tuple[int, int]:
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
    run: Callable[..., dict] = run_rounded,
) -> dict[RunSpec, dict]:
    """Run (or load) every spec on the shared runner (:func:`mha.experiments.runner.execute`);
    each finished run is saved to ``out/runs`` as soon as it ends. Returns spec -> record.
    ``run`` trains one spec (:func:`run_rounded`)."""
    return runner.execute(specs, out, run, check_record, jobs, quiet, workers,
                          cost=run_cost, outcome=outcome)  # fmt: skip
