"""The explicit attention function against ``torch.nn.functional.scaled_dot_product_attention``."""

from __future__ import annotations

import math

import pytest
import torch
import torch.nn.functional as F
from hypothesis import given
from hypothesis import strategies as st

import mha
from tests.mha.strategies import any_masks


@st.composite
def problems(draw):
    B, h = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    T, S, d, dv = (draw(st.integers(1, 6)) for _ in range(4))
    g = torch.Generator().manual_seed(draw(st.integers(0, 2**20)))
    q = torch.randn(B, h, T, d, generator=g, dtype=torch.float64)
    k = torch.randn(B, h, S, d, generator=g, dtype=torch.float64)
    v = torch.randn(B, h, S, dv, generator=g, dtype=torch.float64)
    shape = draw(st.sampled_from([(T, S), (B, 1, T, S), (B, h, T, S), (1, h, T, S)]))
    mask = draw(st.none() | any_masks(shape), label="mask")
    return q, k, v, mask


@given(problems())
def test_matches_torch_sdpa_on_rows_with_a_key_left(problem):
    q, k, v, mask = problem
    out, w = mha.scaled_dot_product_attention(q, k, v, mask)
    torch_mask = None if mask is None else ~mask if mask.dtype == torch.bool else mask
    expected = F.scaled_dot_product_attention(q, k, v, attn_mask=torch_mask)
    live = (w.sum(-1) > 0)[..., None].expand_as(out)  # torch's convention differs on dead rows
    assert torch.allclose(out[live], expected[live], atol=1e-10)
    assert not torch.isnan(out).any()
    dead = w.sum(-1) == 0
    assert torch.equal(out[dead], torch.zeros_like(out[dead]))


@given(problems())
def test_weights_equal_torch_sdpa_applied_to_one_hot_values(problem):
    # With the identity as values (v[j] = e_j), torch's output row IS its weight row.
    q, k, _, mask = problem
    _, w = mha.scaled_dot_product_attention(q, k, k, mask)
    S = k.shape[-2]
    eye = torch.eye(S, dtype=k.dtype).expand(*k.shape[:-2], S, S)
    torch_mask = None if mask is None else ~mask if mask.dtype == torch.bool else mask
    expected = F.scaled_dot_product_attention(q, k, eye, attn_mask=torch_mask)  # scale 1/sqrt(d)
    live = w.sum(-1) > 0  # torch gives NaN on rows with every key masked, we give zeros
    assert torch.allclose(w[live], expected[live], rtol=0, atol=1e-12)
    assert torch.equal(w[~live], torch.zeros_like(w[~live]))


@pytest.mark.parametrize("d_head", [1, 4, 9, 64])
def test_scale_is_one_over_sqrt_d_head(d_head):
    # q . k0 = sqrt(d_head) and q . k1 = 0, so the scaled scores are exactly 1 and 0 and the
    # weights are e/(1+e) and 1/(1+e), whatever d_head (another scale would change them).
    q = torch.zeros(1, d_head, dtype=torch.float64)
    q[0, 0] = math.sqrt(d_head)
    k = torch.zeros(2, d_head, dtype=torch.float64)
    k[0, 0] = 1.0
    _, w = mha.scaled_dot_product_attention(q, k, k)
    e = math.e
    assert w.tolist()[0] == pytest.approx([e / (1 + e), 1 / (1 + e)], rel=1e-12)


def test_float_mask_with_minus_inf_everywhere_gives_zeros():
    q = k = v = torch.randn(1, 1, 3, 2, generator=torch.Generator().manual_seed(0))
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
