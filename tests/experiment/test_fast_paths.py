"""The runner's shortcuts compute what the plain definitions compute, bit for bit."""

from __future__ import annotations

import pytest
import torch
import torch.nn.functional as F

from mha.analysis import ablation, analyse_heads, attention_maps, evaluate, importance, redundancy
from mha.model import HeadCountModel
from mha.tasks import TASKS, train_batches
from mha.training import Adam, RunSpec, accuracy, batches, build_model


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


def test_adam_gives_torch_fused_adam_bits():
    torch.manual_seed(0)
    spec = RunSpec(task="count", level=0, n_heads=4, seed=2, steps=12, batch_size=16, lr=3e-3)
    models = build_model(spec), build_model(spec)
    opts = (
        Adam(list(models[0].parameters()), lr=spec.lr),
        torch.optim.Adam(models[1].parameters(), lr=spec.lr, fused=True),
    )
    task = TASKS["count"]
    for x, y in train_batches(task, 0, spec.batch_size, spec.steps):
        for m, opt in zip(models, opts, strict=True):
            loss = F.cross_entropy(m(x).flatten(0, 1), y.flatten())
            opt.zero_grad()
            loss.backward()
            opt.step()
    for (n, a), (_, b) in zip(models[0].named_parameters(), models[1].named_parameters(),
                              strict=True):  # fmt: skip
        assert torch.equal(a, b), n


def test_cached_batches_are_the_stream():
    spec = RunSpec(task="reverse", level=1, n_heads=1, seed=0, steps=5, batch_size=4, lr=1e-3)
    for _ in range(2):  # drawn, then served from the cache
        got = list(batches(spec))
        want = list(train_batches(TASKS["reverse"], 1, 4, 5))
        assert len(got) == len(want) == 5
        for (x, y), (x2, y2) in zip(got, want, strict=True):
            assert torch.equal(x, x2) and torch.equal(y, y2)


@pytest.mark.parametrize(("task", "h"), [("count", 1), ("count", 4), ("reverse", 8)])
@pytest.mark.parametrize("chunk", [7, 256])
def test_one_pass_evaluation_equals_the_separate_definitions(task, h, chunk):
    t = TASKS[task]
    x, y = t.sample(torch.Generator().manual_seed(5), 40, 0)
    m = make(h, causal=t.causal, seed=h).eval()
    acc, got = evaluate(m, x, y, example=3, chunk=chunk)
    assert acc == accuracy(m, x, y)
    abl = ablation(m, x, y)
    assert got["base_accuracy"] == abl["base_accuracy"]
    assert got["ablation_drop"] == abl["drop"]
    assert got["importance"] == pytest.approx(importance(m, x, y), rel=1e-5)
    flat = [v for row in got["redundancy"] for v in row]
    assert flat == pytest.approx([v for row in redundancy(m, x) for v in row], rel=1e-5)
    assert got["heatmap"]["weights"] == attention_maps(m, x[3:4])[0].tolist()
    if chunk == 256:  # analyse_heads' own chunk
        assert got == analyse_heads(m, x, y, example=3)
