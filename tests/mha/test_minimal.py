"""The minimal module the site shows line by line computes what PyTorch and our module compute."""

from __future__ import annotations

import doctest

import pytest
import torch
from hypothesis import given
from hypothesis import strategies as st

import mha.minimal
from mha import MultiHeadAttention
from mha.interop import from_torch
from mha.minimal import MinimalMHA


def _copy_into_ours(minimal: MinimalMHA, causal: bool) -> MultiHeadAttention:
    d_model = minimal.W_q.in_features
    ours = MultiHeadAttention(d_model, minimal.h, causal=causal, generator=torch.Generator())
    ours = ours.double()
    with torch.no_grad():
        for name in ("W_q", "W_k", "W_v", "W_o"):
            getattr(ours, name).weight.copy_(getattr(minimal, name).weight)
            getattr(ours, name).bias.copy_(getattr(minimal, name).bias)
    return ours


def _torch_copy(minimal: MinimalMHA) -> torch.nn.MultiheadAttention:
    d_model = minimal.W_q.in_features
    t = torch.nn.MultiheadAttention(d_model, minimal.h, batch_first=True).double()
    with torch.no_grad():
        t.in_proj_weight.copy_(
            torch.cat([minimal.W_q.weight, minimal.W_k.weight, minimal.W_v.weight])
        )
        t.in_proj_bias.copy_(torch.cat([minimal.W_q.bias, minimal.W_k.bias, minimal.W_v.bias]))
        t.out_proj.weight.copy_(minimal.W_o.weight)
        t.out_proj.bias.copy_(minimal.W_o.bias)
    return t


@given(
    seed=st.integers(0, 2**32 - 1),
    shape=st.sampled_from(
        [(1, 1, 1, 1), (2, 5, 8, 2), (3, 7, 12, 3), (2, 4, 16, 16), (1, 9, 64, 8)]
    ),
    causal=st.booleans(),
)
def test_equals_torch_multihead_attention(seed, shape, causal):
    B, T, d_model, h = shape
    g = torch.Generator().manual_seed(seed)
    torch.manual_seed(seed)  # the minimal module initialises like any nn.Linear
    m = MinimalMHA(d_model, h, causal=causal).double()
    x = torch.randn(B, T, d_model, dtype=torch.float64, generator=g)
    mask = torch.ones(T, T, dtype=torch.bool).triu(1) if causal else None
    expected = _torch_copy(m)(x, x, x, attn_mask=mask, need_weights=False)[0]
    torch.testing.assert_close(m(x), expected)
    torch.testing.assert_close(m(x), _copy_into_ours(m, causal)(x))


def test_our_module_from_torch_agrees_too():
    torch.manual_seed(0)
    m = MinimalMHA(16, 4).double()
    ours = from_torch(_torch_copy(m))
    x = torch.randn(2, 6, 16, dtype=torch.float64, generator=torch.Generator().manual_seed(1))
    torch.testing.assert_close(m(x), ours(x))


def test_parameter_count_is_the_study_note_figure():
    assert {sum(p.numel() for p in MinimalMHA(64, h).parameters()) for h in (1, 4, 8)} == {
        4 * 64 * 65
    }


def test_indivisible_width_is_named():
    with pytest.raises(ValueError, match="n_heads"):
        MinimalMHA(64, 5)


def test_docstring_examples():
    result = doctest.testmod(mha.minimal, extraglobs={"torch": torch})
    assert result.attempted > 0 and result.failed == 0
