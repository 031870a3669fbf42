"""Split and merge are a reshape plus a transpose: nothing changes but the shape."""

from __future__ import annotations

import pytest
import torch
from hypothesis import given
from hypothesis import strategies as st

import mha


@given(
    B=st.integers(1, 3), T=st.integers(1, 6), n_heads=st.integers(1, 6), d_head=st.integers(1, 6),
    seed=st.integers(0, 2**16),
)  # fmt: skip
def test_merge_undoes_split_exactly(B, T, n_heads, d_head, seed):
    x = torch.randn(B, T, n_heads * d_head, generator=torch.Generator().manual_seed(seed))
    heads = mha.split_heads(x, n_heads)
    assert heads.shape == (B, n_heads, T, d_head)
    assert torch.equal(mha.merge_heads(heads), x)


@given(st.integers(1, 2), st.integers(1, 5), st.integers(1, 5), st.integers(1, 5))
def test_head_i_holds_feature_slice_i_of_every_token(B, T, n_heads, d_head):
    x = torch.arange(B * T * n_heads * d_head, dtype=torch.float32).reshape(B, T, -1)
    heads = mha.split_heads(x, n_heads)
    for i in range(n_heads):
        assert torch.equal(heads[:, i], x[..., i * d_head : (i + 1) * d_head])


def test_split_shares_storage_with_input():
    x = torch.randn(2, 5, 8)
    assert mha.split_heads(x, 4).data_ptr() == x.data_ptr()  # a view: no copy, no new numbers


@pytest.mark.parametrize(("d_model", "n_heads"), [(64, 5), (6, 4), (8, 0), (8, -2)])
def test_split_rejects_bad_head_count(d_model, n_heads):
    with pytest.raises(ValueError, match="n_heads"):
        mha.split_heads(torch.zeros(1, 2, d_model), n_heads)


def test_split_and_merge_reject_bad_types_and_ranks():
    with pytest.raises(TypeError, match="n_heads"):
        mha.split_heads(torch.zeros(1, 2, 8), 2.0)
    with pytest.raises(TypeError, match="x"):
        mha.split_heads([[1.0]], 1)
    with pytest.raises(ValueError, match="x: expected a 3-D"):
        mha.split_heads(torch.zeros(2, 8), 2)
    with pytest.raises(ValueError, match="x: expected a 4-D"):
        mha.merge_heads(torch.zeros(2, 8, 3))
