"""The explicit attention function against ``torch.nn.functional.scaled_dot_product_attention``."""

from __future__ import annotations

import math

import pytest
import torch
import torch.nn.functional as F
from hypothesis import given
from hypothesis import strategies as st

import mha
from tests.mha.strategies import bool_masks


@st.composite
def problems(draw):
    B, h = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    T, S, d, dv = (draw(st.integers(1, 6)) for _ in range(4))
    g = torch.Generator().manual_seed(draw(st.integers(0, 2**20)))
    q = torch.randn(B, h, T, d, generator=g, dtype=torch.float64)
    k = torch.randn(B, h, S, d, generator=g, dtype=torch.float64)
    v = torch.randn(B, h, S, dv, generator=g, dtype=torch.float64)
    mask = draw(st.none() | bool_masks((B, 1, T, S)) | bool_masks((T, S)))
    return q, k, v, mask


@given(problems())
def test_matches_torch_sdpa_on_rows_with_a_key_left(problem):
    q, k, v, mask = problem
    out, w = mha.scaled_dot_product_attention(q, k, v, mask)
    expected = F.scaled_dot_product_attention(q, k, v, attn_mask=None if mask is None else ~mask)
    live = (w.sum(-1) > 0)[..., None].expand_as(out)  # torch's convention differs on dead rows
    assert torch.allclose(out[live], expected[live], atol=1e-10)
    assert not torch.isnan(out).any()
    dead = w.sum(-1) == 0
    assert torch.equal(out[dead], torch.zeros_like(out[dead]))


@given(problems())
def test_scale_is_one_over_sqrt_d_head(problem):
    q, k, v, _ = problem
    _, w = mha.scaled_dot_product_attention(q, k, v)
    manual = torch.softmax(q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1]), dim=-1)
    assert torch.allclose(w, manual, atol=1e-12)


def test_float_mask_with_minus_inf_everywhere_gives_zeros():
    q = k = v = torch.randn(1, 1, 3, 2)
    mask = torch.full((3, 3), float("-inf"))
    out, w = mha.scaled_dot_product_attention(q, k, v, mask)
    assert torch.equal(out, torch.zeros_like(out)) and torch.equal(w, torch.zeros_like(w))


@pytest.mark.parametrize(
    ("args", "exc", "name"),
    [
        ((torch.zeros(2, 3), torch.zeros(2, 4), torch.zeros(2, 3)), ValueError, "k"),
        ((torch.zeros(2, 3), torch.zeros(4, 3), torch.zeros(5, 3)), ValueError, "v"),
        ((torch.zeros(3), torch.zeros(3), torch.zeros(3)), ValueError, "q"),
        (("q", torch.zeros(2, 3), torch.zeros(2, 3)), TypeError, "q"),
        ((torch.zeros(2, 3), torch.zeros(4, 3), torch.zeros(4, 3), torch.zeros(3, 4)),
         ValueError, "mask"),
        ((torch.zeros(2, 3), torch.zeros(4, 3), torch.zeros(4, 3), torch.zeros(2, 4).long()),
         TypeError, "mask"),
    ],
)  # fmt: skip
def test_bad_arguments_name_themselves(args, exc, name):
    with pytest.raises(exc, match=f"^{name}:"):
        mha.scaled_dot_product_attention(*args)
