"""Tasks: labels match brute force; data depend on task, level and data seed only."""

from __future__ import annotations

import itertools
import math

import pytest
import torch

from mha.experiments.heads.tasks import TASKS, get_task, train_batches, validation_set


def brute_count(x: torch.Tensor) -> torch.Tensor:
    y = torch.zeros_like(x)
    for b in range(x.shape[0]):
        for t in range(x.shape[1]):
            y[b, t] = sum(int(x[b, j] == x[b, t]) for j in range(t))
    return y


def test_count_labels_match_brute_force():
    x, y = TASKS["count"].sample(torch.Generator().manual_seed(1), batch=8, level=0)
    assert torch.equal(y, brute_count(x))
    assert int(y.max()) < TASKS["count"].n_classes(0)


def test_reverse_and_relations_labels():
    g = torch.Generator().manual_seed(2)
    x, y = TASKS["reverse"].sample(g, batch=4, level=0)
    assert torch.equal(y, x.flip(1))
    task = TASKS["relations"]
    x, y = task.sample(g, batch=4, level=0)
    T, V = x.shape[1], 10
    for t in range(T):
        assert torch.equal(y[:, t], V * x[:, (t - 1) % T] + x[:, T - 1 - t])
    assert int(y.max()) < task.n_classes(0) == 100
    level = next(i for i, k in enumerate(task.ladder) if k["relations"] == 4)
    x, y = task.sample(g, batch=4, level=level)
    V = task.knobs(level)["vocab"]
    for t in range(T):
        prev, mirror, nxt, mprev = (
            x[:, (t - 1) % T],
            x[:, T - 1 - t],
            x[:, (t + 1) % T],
            x[:, (T - t) % T],
        )
        assert torch.equal(y[:, t], ((prev * V + mirror) * V + nxt) * V + mprev)


def position_only_bits(task, level: int, n: int = 2000) -> float:
    """Bits per sequence the best position-only predictor still lacks: sum_t H(y_t).

    A model that sees the position but not the tokens can do no better than predicting each
    label's marginal distribution, at an expected log-loss of H(y_t) bits at position t. Estimated
    (plug-in, from n sequences of a fixed seed, so the number is the same on every run) from the
    task's own samples; the plug-in estimate is below the true entropy, never above.
    """
    _, y = task.sample(torch.Generator().manual_seed(0), batch=n, level=level)
    bits = 0.0
    for t in range(y.shape[1]):
        _, counts = torch.unique(y[:, t], return_counts=True)
        p = counts.double() / n
        bits += float(-(p * p.log2()).sum())
    return bits


@pytest.mark.parametrize("name", sorted(TASKS))
def test_ladder_starts_at_the_default_and_gets_harder(name):
    task = TASKS[name]
    k0 = task.knobs(0)
    assert (k0["length"], k0["vocab"]) == (16, 10)
    assert len(task.ladder) >= 2
    with pytest.raises(ValueError, match="level"):
        task.knobs(len(task.ladder))
    # Harder: each rung leaves more label information (bits per sequence) that position alone
    # cannot supply, so the position-only baseline's best log-loss grows rung by rung.
    bits = [position_only_bits(task, level) for level in range(len(task.ladder))]
    for easier, harder in itertools.pairwise(bits):
        assert harder > easier + 5, bits


def test_reverse_position_only_bits_are_t_log_v():
    # reverse: y_t is a uniform token, so H(y_t) = log2(vocab) exactly; the estimate is close.
    task = TASKS["reverse"]
    for level in range(len(task.ladder)):
        k = task.knobs(level)
        exact = k["length"] * math.log2(k["vocab"])
        assert exact - 2 < position_only_bits(task, level) <= exact + 1e-9


def test_data_are_fixed_by_task_level_and_seed():
    task = TASKS["count"]
    a = list(train_batches(task, 0, batch=4, steps=3))
    b = list(train_batches(task, 0, batch=4, steps=3))
    assert all(torch.equal(xa, xb) for (xa, _), (xb, _) in zip(a, b, strict=True))
    c = list(train_batches(task, 0, batch=4, steps=3, base_seed=1))
    assert not torch.equal(a[0][0], c[0][0])
    va, vb = validation_set(task, 0, 16), validation_set(task, 0, 16)
    assert torch.equal(va[0], vb[0])
    assert not torch.equal(va[0], a[0][0][:4].repeat(4, 1))


def test_unknown_task_names_the_argument():
    with pytest.raises(ValueError, match="task: unknown task 'sort'"):
        get_task("sort")
    with pytest.raises(ValueError, match="batch"):
        TASKS["count"].sample(torch.Generator(), batch=0)
