"""The runner's shortcuts compute what the plain definitions compute (training on one flat
tensor: the numbers of Adam and AveragedModel, bit for bit), and the head analysis a run records
agrees with independent computations (one sequence at a time, torch's own cosine similarity)."""

from __future__ import annotations

import pytest
import torch
import torch.nn.functional as F
from torch.optim.swa_utils import AveragedModel, get_ema_multi_avg_fn

from mha.experiments.heads import training
from mha.experiments.heads.model import (
    HeadCountModel,
    analyse_heads,
    answer_attention,
    attention_maps,
    importance,
    redundancy,
)
from mha.experiments.heads.tasks import TASKS, train_batches
from mha.experiments.heads.training import (
    RunSpec,
    accuracy,
    batches,
    budgets,
    build_model,
    flat_parameters,
    train,
)


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


def test_every_stream_of_a_grid_stays_cached():
    """A worker going back and forth between tasks draws each stream once."""
    specs = [RunSpec(task=t, level=0, n_heads=1, seed=0, steps=5, batch_size=4, lr=1e-3)
             for t in ("reverse", "count", "relations")]  # fmt: skip
    first = [batches(s) for s in specs]
    for i in [2, 1, 0, 0, 1, 2]:
        assert batches(specs[i]) is first[i]


def test_the_stream_cache_drops_the_oldest_when_full(monkeypatch):
    monkeypatch.setattr(training, "_BATCH_CACHE", {})
    monkeypatch.setattr(training, "_BATCH_CACHE_TOKENS", 2 * 5 * 4 * 16)  # two streams
    a, b, c = (RunSpec(task="reverse", level=0, n_heads=1, seed=0, steps=5, batch_size=4,
                       lr=1e-3, data_seed=d) for d in (0, 1, 2))  # fmt: skip
    kept_a, kept_b = batches(a), batches(b)
    assert batches(a) is kept_a  # a is now the newest: c pushes b out
    batches(c)
    assert batches(a) is kept_a and batches(b) is not kept_b


def test_flat_parameters_are_views_and_gradients_land_in_one_tensor():
    m = make(4, causal=True)
    before = [p.detach().clone() for p in m.parameters()]
    flat = flat_parameters(m)
    assert flat.numel() == sum(p.numel() for p in m.parameters())
    assert all(torch.equal(p, q) for p, q in zip(m.parameters(), before, strict=True))
    x = torch.randint(10, (3, 16), generator=torch.Generator().manual_seed(1))
    m(x).square().sum().backward()
    grads = torch.cat([p.grad.reshape(-1) for p in m.parameters()])
    assert torch.equal(flat.grad, grads) and flat.grad.abs().sum() > 0
    with torch.no_grad():
        flat.add_(1.0)
    assert torch.equal(m.attn.W_q.weight, before[0] + 1.0)  # the module reads the flat tensor


@pytest.mark.parametrize(("task", "h"), [("count", 4), ("reverse", 8)])
def test_training_on_one_flat_tensor_gives_the_numbers_of_adam_and_averaged_model(task, h):
    """What train() does is the plain loop (fused Adam on the module's parameters, AveragedModel
    with get_ema_multi_avg_fn), bit for bit: losses, scores at every budget, final weights."""
    spec = RunSpec(task=task, level=0, n_heads=h, seed=3, steps=40, batch_size=8, lr=1e-2)
    model = build_model(spec)
    opt = torch.optim.Adam(model.parameters(), lr=spec.lr, fused=True)
    averaged = AveragedModel(model, multi_avg_fn=get_ema_multi_avg_fn(spec.ema_decay))
    x_val, _ = TASKS[task].sample(torch.Generator().manual_seed(9), 64, 0)
    want_losses, want_scores = [], []
    for step, (x, y) in enumerate(train_batches(TASKS[task], 0, 8, 40), start=1):
        logits = model(x)
        loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), y.reshape(-1))
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        averaged.update_parameters(model)
        want_losses.append(loss.item())
        if step in budgets(40):
            with torch.no_grad():
                want_scores.append(averaged.module.eval()(x_val))

    got_scores = []

    def score(_steps: int, m: HeadCountModel) -> None:
        with torch.no_grad():
            got_scores.append(m(x_val))

    got, got_losses = train(spec, at_budget=score)
    assert got_losses == want_losses
    assert all(torch.equal(a, b) for a, b in zip(got_scores, want_scores, strict=True))
    final = zip(got.parameters(), averaged.module.parameters(), strict=True)
    assert all(torch.equal(a, b) for a, b in final)


@pytest.mark.parametrize(("task", "h"), [("count", 4), ("recall", 8)])
def test_maps_computed_once_give_the_same_analysis(task, h):
    x, y = sample(task, 12)
    task_ = TASKS[task]
    knobs = task_.knobs(0)
    g = torch.Generator().manual_seed(2)
    m = HeadCountModel(vocab=knobs["vocab"], n_classes=task_.n_classes(0), length=knobs["length"],
                       n_heads=h, causal=task_.causal, generator=g).eval()  # fmt: skip
    needed = torch.stack([k for _, k in task_.answer_keys(x, 0)]).any(dim=0)
    maps = attention_maps(m, x)
    assert redundancy(m, x, maps) == redundancy(m, x)
    assert answer_attention(m, x, y, needed, maps) == answer_attention(m, x, y, needed)


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
