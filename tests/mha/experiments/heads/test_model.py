"""The model: equal parameter counts across head counts; gates and ablation act per head."""

from __future__ import annotations

import pytest
import torch

from mha import attention_param_count, count_parameters
from mha.experiments.heads.model import (
    HeadCountModel,
    ablation,
    analyse_heads,
    importance,
    redundancy,
)
from mha.experiments.heads.tasks import TASKS


def make(h: int, causal: bool = False, seed: int = 0) -> HeadCountModel:
    g = torch.Generator().manual_seed(seed)
    return HeadCountModel(vocab=10, n_classes=16, length=16, n_heads=h, causal=causal, generator=g)


def test_parameter_count_is_equal_for_1_4_8_heads():
    counts = {h: count_parameters(make(h)) for h in (1, 4, 8)}
    assert len(set(counts.values())) == 1
    expected = 10 * 64 + 16 * 64 + attention_param_count(64, 1) + 64 * 16 + 16
    assert counts[1] == expected


def test_building_a_model_leaves_global_random_state_alone():
    before = torch.random.get_rng_state()
    make(8)
    assert torch.equal(torch.random.get_rng_state(), before)


def test_init_is_set_by_the_seed_only():
    a, b, c = make(4, seed=3), make(4, seed=3), make(4, seed=4)
    for (n, pa), (_, pb) in zip(a.named_parameters(), b.named_parameters(), strict=True):
        assert torch.equal(pa, pb), n
    assert not torch.equal(a.tok_emb.weight, c.tok_emb.weight)


@pytest.mark.parametrize("causal", [False, True])
@pytest.mark.parametrize("h", [1, 4, 8])
def test_gated_and_explicit_paths_match_the_fast_path(h, causal):
    m = make(h, causal).eval()
    x = torch.randint(10, (3, 16), generator=torch.Generator().manual_seed(5))
    fast = m(x)
    gated = m(x, head_gate=torch.ones(h))
    explicit, w = m(x, need_weights=True)
    assert torch.equal(gated, fast)  # the module's own forward, times ones
    assert torch.equal(m(x, head_gate=torch.ones(h), need_weights=True)[0], explicit)
    torch.testing.assert_close(explicit, fast, atol=1e-5, rtol=1e-5)
    assert w.shape == (3, h, 16, 16)
    torch.testing.assert_close(w.sum(-1), torch.ones(3, h, 16))
    if causal:
        assert torch.all(w.triu(diagonal=1) == 0)


@pytest.mark.parametrize("i", [0, 2, 3])
def test_ablating_one_head_removes_only_that_heads_contribution(i):
    m = make(4).eval()
    x = torch.randint(10, (2, 16), generator=torch.Generator().manual_seed(6))
    with torch.no_grad():
        contrib = m.head_contributions(x)  # (B, h, T, d_model)
        attn_out = contrib.sum(1) + m.attn.W_o.bias
        torch.testing.assert_close(attn_out, m.attn(m.embed(x)), atol=1e-5, rtol=1e-5)
        gate = torch.ones(4)
        gate[i] = 0.0
        ablated = m(x, head_gate=gate)
        expected = m.readout(attn_out - contrib[:, i])
    torch.testing.assert_close(ablated, expected, atol=1e-5, rtol=1e-5)
    # every other head's contribution is untouched: removing head i changes the logits by
    # exactly readout's linear map of head i's contribution, nothing else
    delta = m(x) - ablated
    torch.testing.assert_close(delta, contrib[:, i] @ m.readout.weight.T, atol=1e-5, rtol=1e-5)


@pytest.mark.parametrize("causal", [False, True])
def test_heads_are_the_per_head_outputs_that_w_o_reads(causal):
    """What ``heads`` returns is what the attention's ``W_o`` reads, head by head."""
    m = make(4, causal).eval()
    x = torch.randint(10, (2, 16), generator=torch.Generator().manual_seed(9))
    merged = []
    hook = m.attn.W_o.register_forward_pre_hook(lambda _m, args: merged.append(args[0]))
    with torch.no_grad():
        fast, none = m.heads(x)
        explicit, w = m.heads(x, explicit=True)
        _, w_module = m.attn(m.embed(x), need_weights=True)
    hook.remove()
    assert none is None and torch.equal(w, w_module)
    assert torch.equal(merged[0], fast.transpose(1, 2).flatten(2))  # (B, T, h * d_head)
    assert torch.equal(merged[1], explicit.transpose(1, 2).flatten(2))
    torch.testing.assert_close(fast, explicit, atol=1e-5, rtol=1e-5)


def test_head_gate_shape_is_checked():
    with pytest.raises(ValueError, match="head_gate"):
        make(4)(torch.zeros(1, 16, dtype=torch.long), head_gate=torch.ones(3))


def test_analysis_shapes_and_ranges():
    task = TASKS["reverse"]
    x, y = task.sample(torch.Generator().manual_seed(7), 32, 0)
    m = make(4).eval()
    abl = ablation(m, x, y)
    assert len(abl["drop"]) == 4 and 0.0 <= abl["base_accuracy"] <= 1.0
    imp = importance(m, x, y, chunk=8)
    assert len(imp) == 4 and all(v >= 0 for v in imp)
    assert imp == pytest.approx(importance(m, x, y, chunk=32), rel=1e-4)
    sim = redundancy(m, x)
    assert [round(sim[k][k], 4) for k in range(4)] == [1.0] * 4
    ((_, mirror),) = task.answer_keys(x, 0)
    out = analyse_heads(m, x, y, mirror)
    assert len(out["heatmap"]["weights"]) == 4 and len(out["heatmap"]["tokens"]) == 16
    assert analyse_heads(make(1).eval(), x, y, mirror)["redundancy_mean"] is None
    # answer attention, recomputed by loops from the model's own weights: the mean weight on
    # the mirrored key, and how often it is the largest
    with torch.no_grad():
        _, w = m(x, need_weights=True)  # (N, h, T, T)
    N, T = x.shape
    for head in range(4):
        on = [float(w[n, head, t, T - 1 - t]) for n in range(N) for t in range(T)]
        top = [int(w[n, head, t].argmax()) == T - 1 - t for n in range(N) for t in range(T)]
        assert out["answer_weight"][head] == pytest.approx(sum(on) / len(on), abs=1e-5)
        assert out["answer_argmax"][head] == pytest.approx(sum(top) / len(top))


def test_ablation_equals_running_the_model_with_a_zero_gate():
    task = TASKS["count"]
    x, y = task.sample(torch.Generator().manual_seed(8), 64, 0)
    m = make(4, causal=True).eval()
    drops = ablation(m, x, y)["drop"]
    with torch.no_grad():
        base = (m(x, head_gate=torch.ones(4)).argmax(-1) == y).float().mean().item()
        for i in range(4):
            gate = torch.ones(4)
            gate[i] = 0.0
            gated = (m(x, head_gate=gate).argmax(-1) == y).float().mean().item()
            assert drops[i] == pytest.approx(base - gated, abs=2 / y.numel())
