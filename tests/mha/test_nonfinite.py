"""NaN in, NaN out, on both paths: the fast path must not turn a NaN query row into numbers.

PyTorch's fused CPU kernel returns zeros for a query row holding NaN; the explicit path returns
NaN. The module promises that both paths give the same numbers, and the honest one is NaN.
"""

from __future__ import annotations

import torch
from hypothesis import given
from hypothesis import strategies as st

import mha
from mha.interop import to_torch


def _module(seed: int, causal: bool = False) -> mha.MultiHeadAttention:
    g = torch.Generator().manual_seed(seed)
    return mha.MultiHeadAttention(8, 2, causal=causal, generator=g).double().eval()


def test_nan_query_row_is_nan_on_the_fast_path_and_other_rows_match_pytorch():
    m = _module(0)
    g = torch.Generator().manual_seed(1)
    query = torch.randn(2, 3, 8, generator=g, dtype=torch.float64)
    kv = torch.randn(2, 4, 8, generator=g, dtype=torch.float64)
    poisoned = query.clone()
    poisoned[0, 1, 3] = float("nan")
    fast = m(poisoned, kv)
    explicit, _ = m(poisoned, kv, need_weights=True)
    assert torch.isnan(fast[0, 1]).all() and torch.isnan(explicit[0, 1]).all()
    expected, _ = to_torch(m)(query, kv, kv)  # clean rows do not depend on query row (0, 1)
    clean = torch.ones(2, 3, dtype=torch.bool)
    clean[0, 1] = False
    assert torch.allclose(fast[clean], expected[clean], atol=1e-10)
    assert torch.allclose(explicit[clean], expected[clean], atol=1e-10)


@st.composite
def poisoned_problems(draw):
    B, T, S = draw(st.integers(1, 2)), draw(st.integers(1, 4)), draw(st.integers(1, 4))
    cross, causal = draw(st.booleans()), draw(st.booleans())
    S = S if cross else T
    seed = draw(st.integers(0, 2**20))
    g = torch.Generator().manual_seed(seed)
    query = torch.randn(B, T, 8, generator=g, dtype=torch.float64)
    key = torch.randn(B, S, 8, generator=g, dtype=torch.float64) if cross else None
    value = torch.randn(B, S, 8, generator=g, dtype=torch.float64) if cross else None
    targets = ["query"] + (["key", "value"] if cross else [])
    for _ in range(draw(st.integers(1, 2))):
        name = draw(st.sampled_from(targets))
        t = {"query": query, "key": key, "value": value}[name]
        b, i, j = (
            draw(st.integers(0, B - 1)),
            draw(st.integers(0, t.shape[1] - 1)),
            draw(st.integers(0, 7)),
        )
        t[b, i, j] = draw(st.sampled_from([float("nan"), float("inf"), float("-inf")]))
    padding = None
    if draw(st.booleans()):
        cells = draw(st.lists(st.booleans(), min_size=B * S, max_size=B * S))
        padding = torch.tensor(cells).reshape(B, S)
    return seed, causal, query, key, value, padding


@given(poisoned_problems())
def test_fast_and_explicit_paths_agree_on_non_finite_inputs(problem):
    seed, causal, query, key, value, padding = problem
    m = _module(seed, causal)
    fast = m(query, key, value, key_padding_mask=padding)
    explicit, _ = m(query, key, value, key_padding_mask=padding, need_weights=True)
    assert torch.equal(torch.isnan(fast), torch.isnan(explicit))
    assert torch.allclose(fast, explicit, atol=1e-10, equal_nan=True)


def test_half_precision_inputs_whose_sum_overflows_float16_stay_finite():
    """The NaN check sums each sequence; in float16 the sum of ordinary values (here 128 * 64
    entries near 8: about 70,000, beyond float16's 65,504) must not read as an overflow."""
    g = torch.Generator().manual_seed(3)
    m = mha.MultiHeadAttention(64, 8, causal=True, generator=g).eval()
    x = 8 + torch.rand(2, 128, 64, generator=g)
    assert torch.isinf(x.half().sum(dtype=torch.float16))  # the trap: a float16 sum overflows
    with torch.no_grad():
        expected = m(x)  # float32: no overflow anywhere
        for dtype in (torch.float16, torch.bfloat16):
            out = m.to(dtype)(x.to(dtype))
            assert out.dtype == dtype and torch.isfinite(out).all()
            assert torch.allclose(out.float(), expected, rtol=0.05, atol=0.1)
            m.float()
