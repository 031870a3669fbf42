"""One run of the grid: train a :class:`~mha.experiments.heads.model.HeadCountModel`, score it,
analyse its heads.

A run is fully described by a :class:`RunSpec`. Everything random is seeded: the data by task,
level and ``data_seed`` (the same for every run), the initialisation by the run's ``seed``. Each
run sets torch to one thread, so the numbers do not depend on how many processes share the
machine: ``--jobs 2`` and ``--jobs 1`` give the same bits.

Adam trains the model at a fixed learning rate; what is scored and analysed is an exponential
moving average of its weights (the numbers of :class:`torch.optim.swa_utils.AveragedModel` with
``get_ema_multi_avg_fn``), which smooths out the spikes a fixed learning rate leaves in the last
weights. The averaged model is scored at every quarter of the budget (:func:`budgets`), so one
run gives the accuracy at four budgets.

The model is small (about 20,000 weights in 12 tensors): updating it tensor by tensor (Adam,
then AveragedModel's bookkeeping) took about a tenth of every training step. :func:`flat_parameters`
keeps each model's weights in one tensor, and the optimizer and the moving average update that
one tensor a step instead of twelve: the same numbers, bit for bit, in fewer Python steps.
"""

from __future__ import annotations

import copy
import math
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from typing import Any

import torch
import torch.nn.functional as F
from torch import nn

from mha.experiments.heads.model import HeadCountModel, analyse_heads
from mha.experiments.heads.tasks import accuracy as label_accuracy
from mha.experiments.heads.tasks import get_task, train_batches, validation_set
from mha.module import count_parameters

#: Final train loss = mean of the per-step training losses over this many last steps.
FINAL_WINDOW = 50


@dataclass(frozen=True)
class RunSpec:
    """Everything that defines one run; two runs with equal specs give equal numbers.

    Parameters
    ----------
    task, level : str, int
        Task name and level (a setting of its knobs).
    n_heads, seed : int
        Head count and initialisation seed.
    steps, batch_size, lr : int, int, float
        Adam steps (the training budget), sequences per step, fixed learning rate.
    ema_decay : float
        Decay of the moving average of the weights that is scored (0.99: about the last 100
        steps).
    d_model : int
        Model width.
    data_seed : int
        Shifts the training and validation data streams of every run at once.
    val_size : int
        Held-out sequences.
    curve_every : int
        The stored loss curve holds the mean of each block of this many steps.
    """

    task: str
    level: int
    n_heads: int
    seed: int
    steps: int
    batch_size: int
    lr: float
    d_model: int = 64
    ema_decay: float = 0.99
    data_seed: int = 0
    val_size: int = 1024
    curve_every: int = 10

    @property
    def name(self) -> str:
        """File-name stem, e.g. ``count-L0-h4-s2``."""
        return f"{self.task}-L{self.level}-h{self.n_heads}-s{self.seed}"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def build_model(spec: RunSpec) -> HeadCountModel:
    """The run's freshly initialised model (seeded by ``spec.seed`` only)."""
    task = get_task(spec.task)
    knobs = task.knobs(spec.level)
    return HeadCountModel(
        vocab=knobs["vocab"],
        n_classes=task.n_classes(spec.level),
        length=knobs["length"],
        n_heads=spec.n_heads,
        d_model=spec.d_model,
        causal=task.causal,
        generator=torch.Generator().manual_seed(spec.seed),
    )


def budgets(steps: int) -> list[int]:
    """The steps at which a run is scored: every quarter of its budget (steps below 4 give
    fewer, distinct budgets).

    Examples
    --------
    >>> budgets(1000)
    [250, 500, 750, 1000]
    >>> budgets(2)
    [1, 2]
    """
    return sorted({max(1, steps * q // 4) for q in (1, 2, 3, 4)})


def block_means(values: list[float], every: int) -> list[float]:
    """Means of consecutive blocks of ``every`` values (the last block may be shorter)."""
    return [
        sum(values[i : i + every]) / len(values[i : i + every])
        for i in range(0, len(values), every)
    ]


@torch.no_grad()
def accuracy(model: HeadCountModel, x: torch.Tensor, y: torch.Tensor, **kwargs: Any) -> float:
    """Fraction of the asked positions whose arg-max class is the label."""
    logits = model(x, **kwargs)  # (B, T, C)
    return label_accuracy(logits.argmax(dim=-1), y)


#: Training streams kept per process, oldest first: a worker's runs of one task and level share
#: one stream, and a worker meets every task of a grid many times (big runs go first).
_BATCH_CACHE: dict[tuple, list[tuple[torch.Tensor, torch.Tensor]]] = {}
#: Most tokens kept over all cached streams (x and y together ~16 bytes a token: 64 MiB).
_BATCH_CACHE_TOKENS = 1 << 22


def _tokens(stream: list[tuple[torch.Tensor, torch.Tensor]]) -> int:
    return sum(x.numel() for x, _ in stream)


def batches(spec: RunSpec) -> Iterable[tuple[torch.Tensor, torch.Tensor]]:
    """The spec's training batches (see :func:`~mha.experiments.heads.tasks.train_batches`),
    drawn once per process.

    Every run of a task and level trains on the same stream, so a worker keeps the streams it
    drew (up to :data:`_BATCH_CACHE_TOKENS` tokens in all, dropping the oldest first) instead of
    drawing and labelling one again when its next run comes back to that task.
    """
    task = get_task(spec.task)
    key = (spec.task, spec.level, spec.batch_size, spec.steps, spec.data_seed)
    if key in _BATCH_CACHE:
        _BATCH_CACHE[key] = _BATCH_CACHE.pop(key)  # now the newest
        return _BATCH_CACHE[key]
    stream = train_batches(task, spec.level, spec.batch_size, spec.steps, spec.data_seed)
    tokens = spec.steps * spec.batch_size * task.knobs(spec.level)["length"]
    if tokens > _BATCH_CACHE_TOKENS:
        return stream
    while _BATCH_CACHE and sum(map(_tokens, _BATCH_CACHE.values())) + tokens > _BATCH_CACHE_TOKENS:
        del _BATCH_CACHE[next(iter(_BATCH_CACHE))]  # the oldest
    _BATCH_CACHE[key] = list(stream)
    return _BATCH_CACHE[key]


def flat_parameters(model: nn.Module, grads: bool = True) -> nn.Parameter:
    """Move every parameter of ``model`` into one flat parameter ``(n,)`` and return it.

    The module's parameters keep their names, shapes and values but become views of the flat
    one; with ``grads``, their ``.grad`` become views of its ``.grad`` (zeros), into which
    autograd then adds each gradient in place (as DDP's ``gradient_as_bucket_view`` does). An
    optimizer or a moving average given the flat parameter thus updates every weight of the
    model in one tensor operation. Zero its ``.grad`` before each backward pass; never set the
    parameters' ``.grad`` to ``None`` (``zero_grad``), which would cut them off from it.

    Examples
    --------
    >>> model = nn.Linear(3, 2)
    >>> flat = flat_parameters(model)
    >>> flat.shape, model.weight.shape
    (torch.Size([8]), torch.Size([2, 3]))
    >>> model(torch.ones(1, 3)).sum().backward()
    >>> torch.equal(flat.grad[6:], model.bias.grad)
    True
    """
    params = list(model.parameters())
    sizes = [p.numel() for p in params]
    flat = nn.Parameter(torch.cat([p.detach().reshape(-1) for p in params]))  # (n,)
    views = flat.detach().split(sizes)
    for p, view in zip(params, views, strict=True):
        p.data = view.view_as(p)
    if grads:
        flat.grad = torch.zeros_like(flat)
        for p, grad in zip(params, flat.grad.split(sizes), strict=True):
            p.grad = grad.view_as(p)
    return flat


def train(
    spec: RunSpec,
    step_callback: Callable[[int, float], None] | None = None,
    at_budget: Callable[[int, HeadCountModel], None] | None = None,
) -> tuple[HeadCountModel, list[float]]:
    """Train a model on the spec's batches with Adam; return its moving average of weights and
    every step's loss.

    The attention runs on its fast path (no weights); positions labelled
    :data:`~mha.experiments.heads.tasks.IGNORE` add nothing to the loss.
    ``step_callback(step, loss)`` is called after every step (for progress bars),
    ``at_budget(steps, averaged_model)`` after each step of :func:`budgets`. Training stops at
    the first step whose loss is not finite (the run diverged: every later step would only
    propagate NaN), so the returned list then ends with that loss.
    """
    model = build_model(spec)
    averaged = copy.deepcopy(model).eval()  # the moving average of the weights, scored
    weights = flat_parameters(model)  # (n,): every weight, its .grad every gradient
    average = flat_parameters(averaged, grads=False)  # (n,)
    # fused=True: one kernel updates every weight (deterministic on CPU, like the rest)
    opt = torch.optim.Adam([weights], lr=spec.lr, fused=True)
    # The weight of AveragedModel's get_ema_multi_avg_fn, computed as it does: the same float.
    pull = 1 - spec.ema_decay
    scored_at = set(budgets(spec.steps))
    losses: list[float] = []
    model.train()
    for step, (x, y) in enumerate(batches(spec), start=1):
        logits = model(x)  # (B, T, C)
        loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), y.reshape(-1))
        weights.grad.zero_()
        loss.backward()  # adds every gradient into weights.grad
        opt.step()
        with torch.no_grad():  # as AveragedModel: the first step copies, each later one pulls
            if step == 1:
                average.copy_(weights)
            else:
                average.lerp_(weights, pull)  # average + pull * (weights - average)
        losses.append(loss.item())
        if step_callback is not None:
            step_callback(step - 1, losses[-1])
        if not math.isfinite(losses[-1]):
            break
        if at_budget is not None and step in scored_at:
            at_budget(step, averaged)
    return averaged, losses


def diverged_at(model: HeadCountModel, losses: list[float]) -> int | None:
    """The first step whose training loss is not finite, or ``len(losses)`` when every loss is
    finite but a trained parameter is not (the last update overflowed); ``None`` when the run
    did not diverge."""
    for step, loss in enumerate(losses):
        if not math.isfinite(loss):
            return step
    if not all(bool(torch.isfinite(p).all()) for p in model.parameters()):
        return len(losses)
    return None


def run(spec: RunSpec, step_callback: Callable[[int, float], None] | None = None) -> dict:
    """Train, evaluate and analyse one run; return its JSON-ready record.

    Parameters
    ----------
    spec : RunSpec
    step_callback : callable, optional
        ``(step, loss)`` after each training step.

    Returns
    -------
    dict
        ``spec`` fields plus ``d_head``, ``params``, ``diverged`` (bool), ``diverged_at_step``
        (see :func:`diverged_at`), ``final_train_loss`` (mean of the last :data:`FINAL_WINDOW`
        step losses), ``val_accuracy`` (of the averaged model at the end), ``budget_accuracy``
        (``[[steps, val_accuracy], ...]`` at each of :func:`budgets`), ``curve`` (block means of
        the step losses, ``curve_every`` steps per point), ``analysis`` (see
        :func:`~mha.experiments.heads.model.analyse_heads`) and ``wall_time_s``. A diverged
        run (a loss or a weight became NaN or infinite) is a result too: it is not evaluated,
        and its ``final_train_loss``, ``val_accuracy`` and ``analysis`` are ``None``.
    """
    threads = torch.get_num_threads()
    torch.set_num_threads(1)  # same numbers whatever the number of processes
    # Once a model is nearly perfect its tiny gradients and probabilities fall below float32's
    # normal range; the CPU handles such subnormal numbers up to 3x slower per step. Flushing
    # them to zero changes nothing a float32 loss or accuracy can show.
    torch.set_flush_denormal(True)
    try:
        start = time.perf_counter()
        task = get_task(spec.task)
        x_val, y_val = validation_set(task, spec.level, spec.val_size, spec.data_seed)
        scores: list[list[float]] = []

        def score(steps: int, averaged: HeadCountModel) -> None:
            scores.append([steps, accuracy(averaged, x_val, y_val)])  # fast path

        model, losses = train(spec, step_callback, score)
        bad_step = diverged_at(model, losses)
        val_acc, analysis = None, None
        if bad_step is None:
            val_acc = scores[-1][1]
            needed = torch.stack([m for _, m in task.answer_keys(x_val, spec.level)]).any(dim=0)
            analysis = analyse_heads(model, x_val, y_val, needed)
        wall = time.perf_counter() - start
    finally:
        torch.set_num_threads(threads)
        torch.set_flush_denormal(False)  # torch's default
    tail = losses[-FINAL_WINDOW:]
    return {
        **spec.to_dict(),
        "d_head": model.d_head,
        "params": count_parameters(model),
        "diverged": bad_step is not None,
        "diverged_at_step": bad_step,
        "final_train_loss": None if bad_step is not None else sum(tail) / len(tail),
        "val_accuracy": val_acc,
        "budget_accuracy": scores if bad_step is None else [],
        "curve": block_means(losses, spec.curve_every),
        "analysis": analysis,
        "wall_time_s": wall,
    }


__all__ = [
    "FINAL_WINDOW",
    "RunSpec",
    "accuracy",
    "batches",
    "block_means",
    "budgets",
    "build_model",
    "diverged_at",
    "flat_parameters",
    "run",
    "train",
]
