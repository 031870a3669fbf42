"""The runs of a head-count grid: one :class:`~mha.experiments.heads.training.RunSpec` per head
count and seed of each setting, run (or loaded, when finished before) on the shared runner,
biggest first.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from pathlib import Path

import torch

from mha.experiments import runner
from mha.experiments.heads.grids import DEFAULTS, Setting
from mha.experiments.heads.model import HeadCountModel
from mha.experiments.heads.records import check_record, outcome, run_rounded
from mha.experiments.heads.tasks import TASKS
from mha.experiments.heads.training import RunSpec
from mha.experiments.runner import Workers


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
    ``run`` trains one spec (:func:`~mha.experiments.heads.records.run_rounded`)."""
    return runner.execute(specs, out, run, check_record, jobs, quiet, workers,
                          cost=run_cost, outcome=outcome)  # fmt: skip
