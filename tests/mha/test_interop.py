"""Weight copies between our module and torch.nn.MultiheadAttention, both ways."""

from __future__ import annotations

import pytest
import torch
from hypothesis import given
from hypothesis import strategies as st

import mha
from mha.interop import from_torch, to_torch


@given(st.integers(1, 4), st.integers(1, 4), st.booleans(), st.integers(0, 2**16))
def test_from_torch_gives_the_same_outputs(n_heads, d_head, bias, seed):
    d_model = n_heads * d_head
    t = torch.nn.MultiheadAttention(d_model, n_heads, bias=bias, batch_first=True).eval()
    g = torch.Generator().manual_seed(seed)  # PyTorch's module initialises from the global RNG:
    with torch.no_grad():  # overwrite every parameter from the drawn seed, non-zero biases too
        for p in t.parameters():
            p.copy_(torch.randn(p.shape, generator=g) * 0.5)
    ours = from_torch(t).eval()
    x = torch.randn(2, 3, d_model, generator=g)
    expected, w = t(x, x, x, average_attn_weights=False)
    got, got_w = ours(x, need_weights=True)
    assert torch.allclose(got, expected, atol=1e-5)
    assert torch.allclose(got_w, w, atol=1e-6)


@given(st.integers(1, 4), st.integers(1, 4), st.booleans(), st.integers(0, 2**16))
def test_round_trip_keeps_every_weight(n_heads, d_head, bias, seed):
    m = mha.MultiHeadAttention(
        n_heads * d_head, n_heads, bias=bias, generator=torch.Generator().manual_seed(seed)
    )
    back = from_torch(to_torch(m))
    for (name, a), (_, b) in zip(m.named_parameters(), back.named_parameters(), strict=True):
        assert torch.equal(a, b), name


def test_in_proj_weight_is_wq_wk_wv_stacked():
    m = mha.MultiHeadAttention(8, 2, generator=torch.Generator().manual_seed(0))
    t = to_torch(m)
    assert torch.equal(t.in_proj_weight[:8], m.W_q.weight)
    assert torch.equal(t.in_proj_weight[8:16], m.W_k.weight)
    assert torch.equal(t.in_proj_weight[16:], m.W_v.weight)


def test_unsupported_modules_are_refused_by_name():
    with pytest.raises(TypeError, match="m:"):
        from_torch(torch.nn.Linear(4, 4))
    with pytest.raises(ValueError, match="kdim"):
        from_torch(torch.nn.MultiheadAttention(4, 2, kdim=3, batch_first=True))
    with pytest.raises(TypeError, match="m:"):
        to_torch(torch.nn.MultiheadAttention(4, 2, batch_first=True))


def test_sequence_first_modules_copy_too():
    t = torch.nn.MultiheadAttention(8, 2).eval()  # (T, B, E) layout, same weights
    ours = from_torch(t).eval()
    x = torch.randn(2, 3, 8)  # (B, T, d_model)
    expected = t(x.transpose(0, 1), x.transpose(0, 1), x.transpose(0, 1))[0].transpose(0, 1)
    assert torch.allclose(ours(x), expected, atol=1e-6)
