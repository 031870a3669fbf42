"""The head-count experiment's arguments, checked before any training: each bad one is a
:class:`~mha.experiments.runner.UsageError` naming it.
"""

from __future__ import annotations

import argparse
import math
import os
from collections.abc import Sequence

from house.files import check_writable
from mha.experiments.heads.grids import Setting
from mha.experiments.heads.outputs import check_other_grid, publish_problem
from mha.experiments.heads.results import grid_config
from mha.experiments.heads.tasks import TASKS
from mha.experiments.runner import UsageError
from mha.params import attention_param_count, head_counts, head_width

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
                f"valid: {head_counts(args.d_model)}",
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
