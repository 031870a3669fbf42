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


@pytest.mark.parametrize("name", ["count", "reverse", "relations"])
def test_level_0_is_the_study_notes_default(name):
    k0 = TASKS[name].knobs(0)
    assert (k0["length"], k0["vocab"]) == (16, 10)


@pytest.mark.parametrize("name", sorted(TASKS))
def test_levels_are_checked(name):
    task = TASKS[name]
    with pytest.raises(ValueError, match="level"):
        task.knobs(len(task.ladder))
    with pytest.raises(TypeError, match="level"):
        task.knobs(True)


def test_count_levels_leave_more_to_infer_as_repeats_grow():
    """Levels 0 to 2 of count: more repeats (smaller vocabulary, longer sequences) leave more
    label information that position alone cannot supply."""
    bits = [position_only_bits(TASKS["count"], level) for level in range(3)]
    for easier, harder in itertools.pairwise(bits):
        assert harder > easier + 5, bits


def brute_recall(x: torch.Tensor, knobs: dict) -> torch.Tensor:
    n, K, V = knobs["pairs"], knobs["keys"], knobs["values"]
    y = torch.full_like(x, -100)
    for b in range(x.shape[0]):
        stored = {int(x[b, j]) // V: int(x[b, j]) % V for j in range(n)}
        for i in range(n, 2 * n):
            y[b, i] = stored[int(x[b, i]) - K * V]
    return y


@pytest.mark.parametrize("level", range(4))
def test_recall_sequences_and_labels(level):
    task = TASKS["recall"]
    k = task.knobs(level)
    n, K, V = k["pairs"], k["keys"], k["values"]
    x, y = task.sample(torch.Generator().manual_seed(level), batch=64, level=level)
    assert x.shape == (64, 2 * n) and int(x.max()) < k["vocab"] == K * V + K
    for b in range(64):
        keys = [int(t) // V for t in x[b, :n]]
        queries = [int(t) - K * V for t in x[b, n:]]
        assert len(set(keys)) == n and sorted(keys) == sorted(queries)  # distinct, all asked
    assert torch.equal(y, brute_recall(x, k))
    ((name, needed),) = task.answer_keys(x, level)
    assert name == "matching key"
    for b, i in itertools.product(range(64), range(2 * n)):
        js = needed[b, i].nonzero().flatten().tolist()
        if i < n:
            assert js == []
        else:
            (j,) = js
            assert int(x[b, j]) % V == int(y[b, i])  # the marked pair holds the answer


def test_accuracy_counts_only_the_asked_positions():
    from mha.experiments.heads.tasks import IGNORE, accuracy

    y = torch.tensor([[IGNORE, IGNORE, 3, 4]])
    assert accuracy(torch.tensor([[0, 0, 3, 0]]), y) == 0.5
    assert accuracy(torch.tensor([[3, 4, 3, 4]]), y) == 1.0


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
