"""from_torch / to_torch copy every bias combination PyTorch's module can hold, exactly.

``torch.nn.MultiheadAttention`` ties the input and output biases in its constructor, but its
``out_proj.bias`` can be removed or added afterwards (as some checkpoints do). The oracle is
PyTorch's own forward pass on the same weights.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
import torch
from hypothesis import given
from hypothesis import strategies as st

import mha
from mha.interop import from_torch, to_torch


def _torch_module(d_model: int, n_heads: int, in_bias: bool, out_bias: bool, seed: int):
    t = torch.nn.MultiheadAttention(d_model, n_heads, bias=in_bias, batch_first=True)
    if out_bias and not in_bias:
        t.out_proj.bias = torch.nn.Parameter(torch.empty(d_model))
    if in_bias and not out_bias:
        t.out_proj.bias = None
    g = torch.Generator().manual_seed(seed)
    with torch.no_grad():  # every parameter from the drawn seed, non-zero biases too
        for p in t.parameters():
            p.copy_(torch.randn(p.shape, generator=g, dtype=torch.float64) * 0.5)
    return t.double().eval()


@given(
    n_heads=st.integers(1, 4),
    d_head=st.integers(1, 4),
    in_bias=st.booleans(),
    out_bias=st.booleans(),
    seed=st.integers(0, 2**20),
)
def test_from_torch_keeps_each_bias_it_finds(n_heads, d_head, in_bias, out_bias, seed):
    d_model = n_heads * d_head
    t = _torch_module(d_model, n_heads, in_bias, out_bias, seed)
    ours = from_torch(t).eval()
    assert (ours.W_q.bias is not None, ours.W_o.bias is not None) == (in_bias, out_bias)
    x = torch.randn(2, 3, d_model, generator=torch.Generator().manual_seed(seed + 1)).double()
    expected, w = t(x, x, x, average_attn_weights=False)
    for need_weights in (False, True):
        got = ours(x, need_weights=need_weights)
        got = got[0] if need_weights else got
        assert torch.allclose(got, expected, atol=1e-10), need_weights
    assert torch.allclose(ours(x, need_weights=True)[1], w, atol=1e-12)


@given(
    n_heads=st.integers(1, 4),
    d_head=st.integers(1, 4),
    bias=st.booleans(),
    out_bias=st.booleans(),
    seed=st.integers(0, 2**20),
)
def test_to_torch_keeps_each_bias_and_round_trips(n_heads, d_head, bias, out_bias, seed):
    d_model = n_heads * d_head
    g = torch.Generator().manual_seed(seed)
    m = mha.MultiHeadAttention(d_model, n_heads, bias=bias, out_bias=out_bias, generator=g)
    with torch.no_grad():
        for p in m.parameters():
            p.copy_(torch.randn(p.shape, generator=g) * 0.5)
    m = m.double().eval()
    t = to_torch(m).eval()
    assert (t.in_proj_bias is not None, t.out_proj.bias is not None) == (bias, out_bias)
    x = torch.randn(2, 3, d_model, generator=g, dtype=torch.float64)
    assert torch.allclose(m(x), t(x, x, x, need_weights=False)[0], atol=1e-10)
    back = from_torch(t)
    for (name, a), (_, b) in zip(m.named_parameters(), back.named_parameters(), strict=True):
        assert torch.equal(a, b), name


def test_kdim_vdim_are_refused_through_public_attributes():
    t = torch.nn.MultiheadAttention(8, 2, kdim=8, vdim=8, batch_first=True)  # packed after all
    assert from_torch(t).d_model == 8
    with pytest.raises(ValueError, match=r"m: kdim=8 and vdim=6 must equal embed_dim=4"):
        from_torch(torch.nn.MultiheadAttention(4, 2, kdim=8, vdim=6, batch_first=True))


def test_interop_reads_no_private_attribute():
    """``m._qkv_same_embed_dim`` and friends are PyTorch internals that may change."""
    source = Path(mha.interop.__file__).read_text(encoding="utf-8")
    private = [
        node.attr
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Attribute)
        and node.attr.startswith("_")
        and not node.attr.startswith("__")
    ]
    assert private == []
