"""Only bool masks and a true ``-inf`` block keys: a finite float mask never kills a row.

In float16, ``-1e9`` overflows to ``-inf`` when converted; before the fix such a row was taken for
"every key blocked" and returned zeros. Adding one number to a whole row of scores does not change
its softmax, so the exact answer for a row of ``-1e9`` is the unmasked row; the oracle is
``torch.nn.MultiheadAttention`` in float64 (where ``-1e9 + score`` keeps the score) on the same
weights with the same mask. (In float32 PyTorch loses the scores in ``-1e9 + score`` and returns
a plain average; float64 is the exact reference.)
"""

from __future__ import annotations

import pytest
import torch
from hypothesis import given
from hypothesis import strategies as st

import mha
from mha.interop import to_torch

BIG = -1e9  # a "blocking" value that float16 cannot hold


def _module(seed: int, d_model: int = 8, n_heads: int = 2) -> mha.MultiHeadAttention:
    return mha.MultiHeadAttention(
        d_model, n_heads, generator=torch.Generator().manual_seed(seed)
    ).eval()


def _torch_fp64(m: mha.MultiHeadAttention, x, key=None, attn_mask=None, key_padding_mask=None):
    t = to_torch(m).double().eval()
    x = x.double()
    key = x if key is None else key.double()
    masks = [None if k is None else k.double() for k in (attn_mask, key_padding_mask)]
    return t(x, key, key, attn_mask=masks[0], key_padding_mask=masks[1], average_attn_weights=False)


@pytest.mark.parametrize("need_weights", [False, True])
def test_fp16_row_of_minus_1e9_is_not_dead_and_matches_pytorch(need_weights):
    m = _module(0)
    x = torch.randn(1, 4, 8, generator=torch.Generator().manual_seed(1)) * 0.5
    mask = torch.zeros(4, 4)
    mask[1] = BIG  # every key of query 1 lowered by the same amount: not a dead row
    mask[2, :2] = BIG  # query 2 attends to keys 2 and 3 only
    expected, expected_w = _torch_fp64(m, x, attn_mask=mask)
    got = m.half()(x.half(), attn_mask=mask, need_weights=need_weights)
    out = got[0] if need_weights else got
    assert torch.isfinite(out).all()
    assert torch.allclose(out.double(), expected, atol=2e-2), (out, expected)
    if need_weights:
        w = got[1].double()
        assert torch.allclose(w, expected_w, atol=2e-3)
        assert torch.allclose(w.sum(-1), torch.ones(1, 2, 4, dtype=torch.float64), atol=2e-3)


def test_fp16_padding_and_attn_mask_of_minus_1e9_add_without_overflow():
    m = _module(2)
    x = torch.randn(2, 3, 8, generator=torch.Generator().manual_seed(3)) * 0.5
    padding = torch.zeros(2, 3)
    padding[1] = BIG  # every key of sequence 1 "padded" with a finite value
    attn = torch.full((3, 3), BIG)  # and every pair lowered again: -2e9 in total
    expected, _ = _torch_fp64(m, x, attn_mask=attn, key_padding_mask=padding)
    for need_weights in (False, True):
        got = m.half()(
            x.half(), attn_mask=attn, key_padding_mask=padding, need_weights=need_weights
        )
        out = got[0] if need_weights else got
        assert torch.allclose(out.double(), expected, atol=2e-2), need_weights


@pytest.mark.parametrize("dtype", [torch.float16, torch.float32])
def test_true_minus_inf_and_bool_still_make_a_dead_row(dtype):
    m = _module(4).to(dtype)
    x = torch.randn(1, 3, 8, generator=torch.Generator().manual_seed(5)).to(dtype)
    float_mask = torch.zeros(3, 3)
    float_mask[0] = float("-inf")
    bool_mask = torch.zeros(3, 3, dtype=torch.bool)
    bool_mask[0] = True
    for mask in (float_mask, bool_mask):
        for need_weights in (False, True):
            got = m(x, attn_mask=mask, need_weights=need_weights)
            out = got[0] if need_weights else got
            assert torch.equal(out[0, 0], torch.zeros(8, dtype=dtype))
            assert torch.isfinite(out).all()


def test_explicit_attention_with_a_float32_mask_on_float16_scores():
    g = torch.Generator().manual_seed(6)
    q, k, v = (torch.randn(1, 2, 3, 4, generator=g) * 0.5 for _ in range(3))
    mask = torch.zeros(3, 3)
    mask[0] = BIG
    expected = torch.nn.functional.scaled_dot_product_attention(
        q.double(), k.double(), v.double(), attn_mask=mask.double()
    )
    out, w = mha.scaled_dot_product_attention(q.half(), k.half(), v.half(), mask)
    assert torch.allclose(w.float().sum(-1), torch.ones(1, 2, 3), atol=1e-3)
    assert torch.allclose(out.double(), expected, atol=1e-2)


@given(
    cells=st.lists(
        st.sampled_from([0.0, -3.0, BIG, 2 * BIG, float("-inf")]), min_size=12, max_size=12
    ),
    seed=st.integers(0, 2**20),
    dtype=st.sampled_from([torch.float16, torch.float32]),
    need_weights=st.booleans(),
)
def test_large_finite_masks_agree_with_pytorch_fp64(cells, seed, dtype, need_weights):
    """Masks of 0, -3, -1e9, -2e9 and -inf: every row with a finite entry matches
    PyTorch in float64; rows of only -inf are zeros (PyTorch gives NaN there). (Values far
    below -1e10 would swamp the scores even in float64: see the next test.)"""
    m = _module(seed)
    x = torch.randn(1, 3, 8, generator=torch.Generator().manual_seed(seed + 1))
    key = torch.randn(1, 4, 8, generator=torch.Generator().manual_seed(seed + 2))
    mask = torch.tensor(cells, dtype=torch.float64).reshape(3, 4)
    expected, _ = _torch_fp64(m, x, key, attn_mask=mask)
    got = m.to(dtype)(x.to(dtype), key.to(dtype), attn_mask=mask, need_weights=need_weights)
    out = (got[0] if need_weights else got).double()
    live = ~torch.isneginf(mask).all(-1)  # (T,): rows PyTorch can answer
    tol = 2e-2 if dtype == torch.float16 else 1e-5
    assert torch.allclose(out[0, live], expected[0, live], atol=tol, rtol=tol)
    assert torch.equal(out[0, ~live], torch.zeros_like(out[0, ~live]))


@given(
    shift=st.sampled_from([-1e30, -1e9, -60000.0, 1e4, 3.5]),
    seed=st.integers(0, 2**20),
    dtype=st.sampled_from([torch.float16, torch.float32, torch.float64]),
    need_weights=st.booleans(),
)
def test_one_value_added_to_every_score_changes_nothing(shift, seed, dtype, need_weights):
    """softmax(s + c) = softmax(s): a constant float mask gives the unmasked answer, which
    PyTorch computes in float64 without a mask."""
    m = _module(seed)
    x = torch.randn(2, 3, 8, generator=torch.Generator().manual_seed(seed + 1))
    expected, _ = _torch_fp64(m, x)
    mask = torch.full((3, 3), shift)
    got = m.to(dtype)(x.to(dtype), attn_mask=mask, need_weights=need_weights)
    out = (got[0] if need_weights else got).double()
    tol = 2e-2 if dtype == torch.float16 else 1e-5
    assert torch.allclose(out, expected, atol=tol, rtol=tol)
