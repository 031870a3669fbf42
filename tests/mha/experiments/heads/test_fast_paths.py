"""The runner's shortcuts compute what the plain definitions compute, and the head analysis a
run records agrees with independent computations (one sequence at a time, torch's own cosine
similarity)."""

from __future__ import annotations

import pytest
import torch
import torch.nn.functional as F

from mha.experiments.heads.analysis import analyse_heads, importance, redundancy
from mha.experiments.heads.model import HeadCountModel
from mha.experiments.heads.tasks import TASKS, train_batches
from mha.experiments.heads.training import RunSpec, accuracy, batches


def make(h: int, causal: bool, seed: int = 0) -> HeadCountModel:
    g = torch.Generator().manual_seed(seed)
    return HeadCountModel(vocab=10, n_classes=16, length=16, n_heads=h, causal=causal, generator=g)


def test_position_rows_equal_an_arange_lookup_with_the_same_gradient():
    m = make(4, causal=True)
    x = torch.randint(10, (8, 12), generator=torch.Generator().manual_seed(1))
    e = m.embed(x)
    ref = m.tok_emb(x) + m.pos_emb(torch.arange(12))
    assert torch.equal(e, ref)
    (g,) = torch.autograd.grad(e.square().sum(), m.pos_emb.weight)
    (g_ref,) = torch.autograd.grad(ref.square().sum(), m.pos_emb.weight)
    assert torch.equal(g, g_ref)


def test_cached_batches_are_the_stream():
    spec = RunSpec(task="reverse", level=1, n_heads=1, seed=0, steps=5, batch_size=4, lr=1e-3)
    for _ in range(2):  # drawn, then served from the cache
        got = list(batches(spec))
        want = list(train_batches(TASKS["reverse"], 1, 4, 5))
        assert len(got) == len(want) == 5
        for (x, y), (x2, y2) in zip(got, want, strict=True):
            assert torch.equal(x, x2) and torch.equal(y, y2)


def sample(task: str, n: int, seed: int = 5) -> tuple[torch.Tensor, torch.Tensor]:
    return TASKS[task].sample(torch.Generator().manual_seed(seed), n, 0)


@pytest.mark.parametrize(("task", "h"), [("count", 1), ("count", 4), ("reverse", 8)])
def test_importance_equals_one_sequence_at_a_time(task, h):
    """I_h = mean over sequences of |dL(x)/dxi_h|, each sequence's gradient taken on its own."""
    x, y = sample(task, 12)
    m = make(h, causal=TASKS[task].causal, seed=h).eval()
    total = torch.zeros(h, dtype=torch.float64)
    for xb, yb in zip(x, y, strict=True):
        gate = torch.ones(h, requires_grad=True)
        loss = F.cross_entropy(m(xb[None], head_gate=gate)[0], yb)  # mean over positions
        (grad,) = torch.autograd.grad(loss, gate)
        total += grad.abs().double()
    assert importance(m, x, y, chunk=5) == pytest.approx((total / len(x)).tolist(), rel=1e-4)


@pytest.mark.parametrize(("task", "h"), [("count", 4), ("reverse", 8)])
def test_redundancy_equals_torch_cosine_similarity_averaged_over_sequences(task, h):
    x, _ = sample(task, 10)
    m = make(h, causal=TASKS[task].causal, seed=h).eval()
    with torch.no_grad():
        _, w = m(x, need_weights=True)  # (N, h, T, T)
    flat = w.flatten(2)  # (N, h, T*T)
    want = [[F.cosine_similarity(flat[:, i], flat[:, j], dim=-1).mean().item() for j in range(h)]
            for i in range(h)]  # fmt: skip
    got = redundancy(m, x)
    assert [v for row in got for v in row] == pytest.approx(
        [v for row in want for v in row], abs=1e-5
    )


def test_accuracy_is_the_share_of_positions_whose_top_class_is_the_label():
    x, y = sample("reverse", 20)
    m = make(4, causal=False).eval()
    with torch.no_grad():
        logits = m(x)  # (N, T, C)
    hits = sum(int(logits[n, t].argmax() == y[n, t]) for n in range(20) for t in range(16))
    assert accuracy(m, x, y) == pytest.approx(hits / (20 * 16))


def test_the_recorded_heatmap_is_the_example_sequences_weights():
    x, y = sample("count", 8)
    m = make(4, causal=True).eval()
    needed = torch.zeros(x.shape[0], 16, 16, dtype=torch.bool)
    got = analyse_heads(m, x, y, needed, example=3)["heatmap"]
    with torch.no_grad():
        _, w = m(x[3:4], need_weights=True)
    assert got["tokens"] == x[3].tolist()
    assert torch.allclose(torch.tensor(got["weights"]), w[0], atol=1e-6)
