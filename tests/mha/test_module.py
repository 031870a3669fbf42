"""Our module against ``torch.nn.MultiheadAttention``, the per-head reference and its own paths."""

from __future__ import annotations

import pytest
import torch
from hypothesis import Phase, find, given, settings
from hypothesis import strategies as st

import mha
from mha.reference import per_head_attention
from tests.mha.helpers import make_module, run_ours, run_torch
from tests.mha.strategies import DTYPE, cases

TOL = {"atol": 1e-10, "rtol": 1e-8}


def dead_rows(weights: torch.Tensor) -> torch.Tensor:
    """(B, h, T): rows whose keys were all masked (zero weights)."""
    return weights.sum(-1) == 0


@given(cases())
def test_outputs_and_per_head_weights_equal_torch(case):
    m = make_module(case)
    out, w = run_ours(m, case, need_weights=True)
    t_out, t_w = run_torch(m, case)
    live = ~dead_rows(w)  # (B, h, T); PyTorch gives NaN where a row has no key left
    assert torch.allclose(w[live], t_w[live], **TOL)
    rows = live.all(dim=1)  # (B, T): every head saw something
    assert torch.allclose(out[rows], t_out[rows], **TOL)


@given(cases())
def test_inference_equals_torch(case):
    """Inference (eval, no_grad), where PyTorch's module takes its own fused fast path: the same
    numbers as in training."""
    m = make_module(case)
    with torch.no_grad():
        out = run_ours(m, case, need_weights=False)
        t_out, _ = run_torch(m, case)
        _, w = run_ours(m, case, need_weights=True)
    rows = (~dead_rows(w)).all(dim=1)  # (B, T): every head saw something
    assert torch.allclose(out[rows], t_out[rows], **TOL)
    assert torch.allclose(out, run_ours(m, case, need_weights=False), **TOL)


@pytest.mark.parametrize("without_bias", ["W_q", "W_k", "W_v"])
def test_inference_with_a_projection_without_bias_equals_the_per_head_reference(without_bias):
    """Whisper's k_proj has no bias while q_proj and v_proj have one: a module holding such
    projections gives, in inference, what the per-head loop gives."""
    g = torch.Generator().manual_seed(0)
    m = mha.MultiHeadAttention(12, 3, causal=True, generator=g).double().eval()
    with torch.no_grad():
        for name in ("W_q", "W_k", "W_v"):
            getattr(m, name).bias.copy_(torch.randn(12, generator=g, dtype=torch.float64))
    getattr(m, without_bias).register_parameter("bias", None)
    x = torch.randn(2, 5, 12, generator=g, dtype=torch.float64)
    with torch.no_grad():
        assert torch.allclose(m(x), per_head_attention(m, x)[0], **TOL)


@given(cases())
def test_fast_path_equals_explicit_path(case):
    m = make_module(case)
    fast = run_ours(m, case, need_weights=False)
    explicit, _ = run_ours(m, case, need_weights=True)
    assert torch.allclose(fast, explicit, **TOL)


@given(cases())
def test_one_big_matmul_equals_per_head_matrices_side_by_side(case):
    m = make_module(case)
    out, w = run_ours(m, case, need_weights=True)
    query, key, value = case.inputs()
    ref_out, ref_w = per_head_attention(
        m, query, key, value, key_padding_mask=case.padding, attn_mask=case.attn_mask
    )
    assert torch.allclose(out, ref_out, **TOL)
    assert torch.allclose(w, ref_w, **TOL)


@given(cases())
def test_weights_sum_to_one_on_live_rows_and_zero_on_dead_rows(case):
    m = make_module(case)
    out, w = run_ours(m, case, need_weights=True)
    sums = w.sum(-1)
    assert not torch.isnan(out).any() and not torch.isnan(w).any()
    assert torch.all(((sums - 1).abs() < 1e-9) | (sums == 0))
    assert (w >= 0).all()


@given(cases(cross=False, causal=True, masks=False), st.data())
def test_causal_outputs_ignore_the_future(case, data):
    m = make_module(case)
    x, _, _ = case.inputs()
    cut = data.draw(st.integers(0, case.T - 1), label="cut")
    g = torch.Generator().manual_seed(data.draw(st.integers(0, 2**20), label="future seed"))
    changed = x.clone()
    changed[:, cut + 1 :] = torch.randn(changed[:, cut + 1 :].shape, dtype=DTYPE, generator=g)
    for need_weights in (False, True):
        a, b = m(x, need_weights=need_weights), m(changed, need_weights=need_weights)
        if need_weights:
            a, b = a[0], b[0]
        assert torch.allclose(a[:, : cut + 1], b[:, : cut + 1], **TOL)


@given(cases(cross=True), st.data())
def test_padded_keys_change_nothing(case, data):
    padding = data.draw(st.lists(st.booleans(), min_size=case.S, max_size=case.S), label="padding")
    padding = torch.tensor(padding).expand(case.B, case.S)
    m = make_module(case)
    query, key, value = case.inputs()
    g = torch.Generator().manual_seed(data.draw(st.integers(0, 2**20), label="padding seed"))
    key2, value2 = key.clone(), value.clone()
    key2[:, padding[0]] = torch.randn(key2[:, padding[0]].shape, dtype=DTYPE, generator=g) * 5
    value2[:, padding[0]] = torch.randn(value2[:, padding[0]].shape, dtype=DTYPE, generator=g) * 5
    for need_weights in (False, True):
        a = m(query, key, value, key_padding_mask=padding, need_weights=need_weights)
        b = m(query, key2, value2, key_padding_mask=padding, need_weights=need_weights)
        if need_weights:
            assert torch.allclose(a[1], b[1], **TOL)
            a, b = a[0], b[0]
        assert torch.allclose(a, b, **TOL)


@given(cases(masks=False), st.booleans())
def test_fully_masked_rows_give_zeros_not_nan_with_finite_gradients(case, need_weights):
    m = make_module(case)
    query, key, value = case.inputs()
    query.requires_grad_(True)
    padding = torch.zeros(case.B, case.S, dtype=torch.bool)
    padding[0] = True  # the first sequence has no key at all
    result = m(query, key, value, key_padding_mask=padding, need_weights=need_weights)
    out = result[0] if need_weights else result
    assert torch.equal(out[0], torch.zeros_like(out[0]))
    if need_weights:
        assert torch.equal(result[1][0], torch.zeros_like(result[1][0]))
    out.sum().backward()
    for p in [query, *m.parameters()]:
        assert torch.isfinite(p.grad).all()
    assert torch.equal(query.grad[0], torch.zeros_like(query.grad[0]))


@given(cases(), st.booleans())
def test_gradients_reach_every_parameter(case, need_weights):
    m = make_module(case)
    query, key, value = case.inputs()
    result = m(
        query, key, value, key_padding_mask=case.padding, attn_mask=case.attn_mask,
        need_weights=need_weights,
    )  # fmt: skip
    out = result[0] if need_weights else result
    (out**2).sum().backward()
    for name, p in m.named_parameters():
        assert p.grad is not None and torch.isfinite(p.grad).all(), name
    assert m.W_o.weight.grad.abs().sum() > 0 or torch.all(out == 0)


def test_float_masks_add_to_scores():
    m = make_module(next_case())
    x = torch.randn(1, 3, m.d_model, dtype=DTYPE, generator=torch.Generator().manual_seed(0))
    bias = torch.tensor([[0.0, -1e9, 0.0], [0.0, 0.0, 0.0], [5.0, 0.0, 0.0]], dtype=DTYPE)
    _, w = m(x, attn_mask=bias, need_weights=True)
    assert torch.all(w[:, :, 0, 1] < 1e-12)
    _, w0 = m(x, need_weights=True)
    assert torch.all(w[:, :, 2, 0] > w0[:, :, 2, 0])


def next_case():
    from tests.mha.strategies import Case

    return Case(
        B=1, T=3, S=3, n_heads=2, d_head=4, causal=False, bias=True, cross=False, seed=0,
        padding=None, attn_mask=None,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("kwargs", "exc", "name"),
    [
        ({"query": torch.zeros(2, 3, 7)}, ValueError, "query"),
        ({"query": torch.zeros(3, 8)}, ValueError, "query"),
        ({"query": [[0.0] * 8]}, TypeError, "query"),
        ({"query": torch.zeros(2, 3, 8, dtype=torch.long)}, TypeError, "query"),
        ({"query": torch.zeros(2, 3, 8), "key": torch.zeros(2, 4, 6)}, ValueError, "key"),
        ({"query": torch.zeros(2, 3, 8), "key": torch.zeros(1, 4, 8)}, ValueError, "key"),
        ({"query": torch.zeros(2, 3, 8), "value": torch.zeros(2, 4, 8)}, ValueError, "key"),
        ({"query": torch.zeros(2, 3, 8), "key": torch.zeros(2, 4, 8),
          "value": torch.zeros(2, 5, 8)}, ValueError, "value"),
        ({"query": torch.zeros(2, 3, 8), "attn_mask": torch.zeros(3, 4)}, ValueError, "attn_mask"),
        ({"query": torch.zeros(2, 3, 8), "attn_mask": torch.zeros(3, 3, dtype=torch.long)},
         TypeError, "attn_mask"),
        ({"query": torch.zeros(2, 3, 8), "key_padding_mask": torch.zeros(2, 4, dtype=torch.bool)},
         ValueError, "key_padding_mask"),
        ({"query": torch.zeros(2, 3, 8), "key_padding_mask": torch.zeros(3, dtype=torch.bool)},
         ValueError, "key_padding_mask"),
        ({"query": torch.zeros(2, 3, 8), "need_weights": 1}, TypeError, "need_weights"),
    ],
)  # fmt: skip
def test_bad_inputs_raise_errors_naming_the_argument(kwargs, exc, name):
    m = mha.MultiHeadAttention(8, 2)
    with pytest.raises(exc, match=name):
        m(**kwargs)


@pytest.mark.parametrize(
    ("kwargs", "exc", "name"),
    [({"dropout": 1.0}, ValueError, "dropout"), ({"dropout": "0.1"}, TypeError, "dropout"),
     ({"causal": 1}, TypeError, "causal"), ({"bias": None}, TypeError, "bias")],
)  # fmt: skip
def test_bad_constructor_arguments(kwargs, exc, name):
    with pytest.raises(exc, match=name):
        mha.MultiHeadAttention(8, 2, **kwargs)


def test_generator_makes_initialisation_reproducible():
    a = mha.MultiHeadAttention(16, 4, generator=torch.Generator().manual_seed(3))
    b = mha.MultiHeadAttention(16, 4, generator=torch.Generator().manual_seed(3))
    for pa, pb in zip(a.parameters(), b.parameters(), strict=True):
        assert torch.equal(pa, pb)


def test_a_seeded_module_leaves_the_global_random_state_alone():
    before = torch.random.get_rng_state()
    mha.MultiHeadAttention(16, 4, generator=torch.Generator().manual_seed(0))
    assert torch.equal(torch.random.get_rng_state(), before)


def _has_neg_inf(m: torch.Tensor | None) -> bool:
    return m is not None and m.is_floating_point() and bool(torch.isneginf(m).any())


MASK_FORMS = {
    "bool padding": lambda c: c.padding is not None and c.padding.dtype == torch.bool,
    "float padding with -inf": lambda c: _has_neg_inf(c.padding),
    "2-D bool attn_mask": lambda c: c.attn_mask is not None and c.attn_mask.dim() == 2
    and c.attn_mask.dtype == torch.bool,
    "2-D float attn_mask with -inf": lambda c: _has_neg_inf(c.attn_mask) and c.attn_mask.dim() == 2,
    "3-D (B*h, T, S) float attn_mask": lambda c: c.attn_mask is not None
    and c.attn_mask.dim() == 3 and c.attn_mask.is_floating_point() and c.B * c.n_heads > 1,
    "4-D (B, h, T, S) bool attn_mask": lambda c: c.attn_mask is not None
    and c.attn_mask.shape == (c.B, c.n_heads, c.T, c.S) and c.attn_mask.dtype == torch.bool,
    "4-D float attn_mask with -inf": lambda c: _has_neg_inf(c.attn_mask) and c.attn_mask.dim() == 4,
    "a fully masked row": lambda c: c.padding is not None and c.padding.dtype == torch.bool
    and bool(c.padding.all(-1).any()),
}  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize("form", sorted(MASK_FORMS))
def test_the_case_strategy_draws_every_mask_form(form):
    # The oracle tests above see every form only if the strategy makes it: find one of each.
    # Drawing it is the claim, so the first one found will do: no shrinking (the costly part).
    config = settings(database=None, derandomize=True, max_examples=2000, deadline=None,
                      phases=[Phase.generate])  # fmt: skip
    assert MASK_FORMS[form](find(cases(), MASK_FORMS[form], settings=config))


@pytest.mark.slow  # seconds of CPU: the whole suite runs it, the inner loop does not
def test_masks_shrink_to_a_single_blocked_key():
    # Drawn cell by cell, a mask shrinks: among 3 x 7 padding cells, one True is left.
    config = settings(database=None, derandomize=True, max_examples=2000, deadline=None)
    case = find(
        cases(cross=True),
        lambda c: (c.B, c.S) == (3, 7) and c.padding is not None
        and c.padding.dtype == torch.bool and bool(c.padding.any()),
        settings=config,
    )  # fmt: skip
    assert int(case.padding.sum()) == 1
